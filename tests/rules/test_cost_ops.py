"""Costs as cost ops (mtgsim.vocabulary.COST_OPS): a cost's parts in any order are one cost
(601.2h), each op's rule in a Scenario, and the loader's reading of a cost's text against the
vocabulary's phrases."""
import pytest

from mtgsim import CardDataError, Deck, MulliganPolicy, Scenario, card
from mtgsim.cards.model import ActivationCost, CostOp
from mtgsim.mana import ManaCost
from mtgsim.simulate import trace


def _activated(name, cost, **effect):
    return card(name, "{1}", "Artifact", abilities=[{"kind": "activated", "cost": cost, **effect}])


def test_601_2h_a_costs_parts_are_paid_in_any_order_so_written_in_any_order_they_are_one_cost():
    a = _activated("Test Written Late", "Sacrifice this artifact, Pay 2 life, {T}, {1}", draw=1)
    b = _activated("Test Written Early", "{1}, {T}, Pay 2 life, Sacrifice ~", draw=1)
    assert a.abilities[0].cost == b.abilities[0].cost
    assert str(a.abilities[0].cost) == "{1}, {T}, Pay 2 life, Sacrifice this"
    assert [op.name for op in a.abilities[0].cost.ops] == ["tap", "pay_life", "sacrifice_self"]


def test_601_2h_a_part_written_twice_is_one_part_or_adds_up():
    cost = ActivationCost(ManaCost(), (CostOp("pay_life", (("pay_life", 1),)), CostOp("tap"),
                                       CostOp("pay_life", (("pay_life", 2),)), CostOp("tap")))
    assert (cost.life, cost.tap, len(cost.ops)) == (3, True, 2)
    with pytest.raises(CardDataError, match="two remove_counters parts that differ"):
        ActivationCost(ManaCost(), (CostOp.read("Remove a charge counter from this"),
                                    CostOp.read("Remove a +1/+1 counter from this")))


def test_a_cost_part_outside_the_vocabulary_names_card_and_field():
    with pytest.raises(CardDataError, match="'Exile a card from your graveyard' is not a cost") as e:
        _activated("Test Unknown Cost", "{1}, Exile a card from your graveyard", draw=1)
    assert e.value.card == "Test Unknown Cost" and "cost" in e.value.field
    with pytest.raises(CardDataError, match="remove_counters must be 1..255, got 300"):
        _activated("Test Many Counters", "Remove 300 charge counters from this", draw=1)


def test_701_21a_sacrificing_this_as_a_cost_puts_it_into_its_owners_graveyard():
    """A non-mana ability ("{T}, Sacrifice this: draw a card") and a mana ability (Lotus Petal's
    "{T}, Sacrifice this: Add {R}") each pay it by putting the permanent into the graveyard."""
    bauble = _activated("Test Bauble", "{T}, Sacrifice this", draw=1)
    petal = card("Test Petal", "{0}", "Artifact", abilities=[{"kind": "mana", "cost": "{T}, Sacrifice this",
                                                               "mana": "{R}"}])
    s = Scenario()
    s.add_to_library("Island")
    b, p = s.add(bauble), s.add(petal)
    s.activate(b)
    assert s.hand() == ["Island"] and not s.on_battlefield(b)
    assert s.tap_for_mana(p) == {"R": 1}
    assert not s.on_battlefield(p) and sorted(s.graveyard()) == ["Test Bauble", "Test Petal"]


def test_119_4_paying_life_as_a_cost_needs_that_much_life():
    altar = _activated("Test Life Altar", "Pay 3 life", draw=1)
    s = Scenario()
    s.add_to_library("Island")
    a = s.add(altar)
    s.set_life(2)
    with pytest.raises(Exception, match="119.4"):
        s.activate(a)
    s.set_life(3)
    s.activate(a)
    assert (s.life(), s.hand()) == (0, ["Island"])


# ---- sacrifice a permanent of a kind (701.21a) and discard N cards (701.9a) ------------------------

BEAR = card("Test Cost Bear", "{1}", "Creature — Bear", "2/2")
OGRE = card("Test Cost Ogre", "{3}", "Creature — Ogre", "4/4")
ALTAR = _activated("Test Altar", "Sacrifice a creature", draw=1)
HUNGRY = card("Test Hungry Hound", "{1}", "Creature — Dog", "1/1",
              abilities=[{"kind": "activated", "cost": "Sacrifice another creature", "gain_life": 2}])
LOOTER = _activated("Test Looter", "{T}, Discard two cards", draw=2)


def _with_library(s, n=3):
    for name in ("Island", "Forest", "Swamp", "Mountain", "Plains")[:n]:
        s.add_to_library(name)
    return s


def test_701_21a_a_cost_sacrificing_a_creature_sacrifices_the_one_chosen():
    s = _with_library(Scenario())
    altar, bear, ogre = s.add(ALTAR), s.add(BEAR), s.add(OGRE)
    s.activate(altar, sacrifice=ogre)
    assert s.graveyard() == ["Test Cost Ogre"] and s.on_battlefield(bear) and s.on_battlefield(altar)
    assert len(s.hand()) == 1
    s.activate(altar)                                # (none chosen: the first that may be)
    assert sorted(s.graveyard()) == ["Test Cost Bear", "Test Cost Ogre"] and len(s.hand()) == 2


def test_118_3_and_701_21a_with_no_creature_to_sacrifice_the_ability_cant_be_activated():
    s = _with_library(Scenario())
    altar = s.add(ALTAR)
    with pytest.raises(Exception, match="701.21a"):
        s.activate(altar)
    assert s.on_battlefield(altar) and s.hand() == []


def test_701_21a_another_creature_is_never_the_source_itself():
    s = Scenario()
    hound = s.add(HUNGRY)
    with pytest.raises(Exception, match="701.21a"):
        s.activate(hound)
    bear = s.add(BEAR)
    with pytest.raises(Exception, match="itself; its cost takes another permanent"):
        s.activate(hound, sacrifice=hound)          # (a choice the rules don't allow: refused)
    s.activate(hound)
    assert s.on_battlefield(hound) and not s.on_battlefield(bear) and s.life() == 22


# Ramunap Ruins as the recognizer reads it (tests/cards/test_recognize.py), and a Desert besides
RUINS = card("Ramunap Ruins", "", "Land — Desert", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"}, {"kind": "mana", "cost": "{T}, Pay 1 life", "mana": "{R}"},
    {"kind": "activated", "cost": "{2}{R}{R}, {T}, Sacrifice a Desert", "damage_to_opponent": 2}])
DESERT = card("Test Desert", "", "Land — Desert", abilities=[{"kind": "mana", "cost": "{T}", "mana": "{C}"}])
DESERT_ALTAR = _activated("Test Desert Altar", "{T}, Sacrifice a Desert", draw=1)


def test_701_21a_sacrificing_a_desert_sacrifices_a_permanent_of_that_land_type_205_3i():
    """Ramunap Ruins' "{2}{R}{R}, {T}, Sacrifice a Desert: ~ deals 2 damage to each opponent":
    a Desert (a land type, 205.3i) it may be itself (tapped and sacrificed for one cost, 601.2h)
    or another, the one chosen; no Desert, no activation (118.3)."""
    s = Scenario()
    ruins, desert = s.add(RUINS), s.add(DESERT)
    for _ in range(4):
        s.add("Mountain")
    s.activate(ruins, sacrifice=desert)
    assert s.life(1) == 18 and s.on_battlefield(ruins) and s.graveyard() == ["Test Desert"]
    s.next_turn()
    s.next_turn()
    s.activate(ruins)                                 # (itself, the one Desert left)
    assert s.life(1) == 16 and not s.on_battlefield(ruins)
    s = _with_library(Scenario())
    altar = s.add(DESERT_ALTAR)
    s.add("Mountain")
    with pytest.raises(Exception, match="701.21a"):
        s.activate(altar)
    assert s.hand() == []


def test_701_9a_a_cost_discarding_cards_discards_the_ones_chosen():
    s = _with_library(Scenario())
    for name in ("Forest", "Test Cost Ogre", "Swamp"):
        s.add_to_hand(OGRE if name == "Test Cost Ogre" else name)
    looter = s.add(LOOTER)
    s.activate(looter, discard=["Swamp", "Forest"])
    assert sorted(s.graveyard()) == ["Forest", "Swamp"]
    assert "Test Cost Ogre" in s.hand() and len(s.hand()) == 3 and s.is_tapped(looter)


def test_118_3_and_701_9a_with_fewer_cards_in_hand_than_discarded_the_ability_cant_be_activated():
    s = _with_library(Scenario())
    s.add_to_hand("Forest")
    looter = s.add(LOOTER)
    with pytest.raises(Exception, match="701.9a"):
        s.activate(looter)
    assert s.hand() == ["Forest"] and not s.is_tapped(looter)


def test_701_9a_a_card_named_for_the_discard_must_be_in_hand():
    s = _with_library(Scenario())
    s.add_to_hand("Forest")
    s.add_to_hand("Swamp")
    looter = s.add(LOOTER)
    with pytest.raises(Exception, match="discard: Island is not in your hand"):
        s.activate(looter, discard=["Island"])


def test_a_mana_ability_cost_with_a_sacrifice_of_another_permanent_is_refused_for_now():
    """Ashnod's Altar's "Sacrifice a creature: Add {C}{C}" is a mana ability whose cost the payment
    search would have to choose a permanent for: not in the vocabulary yet (a clear error)."""
    with pytest.raises(CardDataError, match="'Sacrifice a creature' can't be part of the cost of a mana ability") as e:
        card("Test Mana Altar", "{3}", "Artifact", abilities=[{"kind": "mana", "cost": "Sacrifice a creature",
                                                                "mana": "{C}{C}"}])
    assert e.value.card == "Test Mana Altar"


TRINKET = card("Test Trinket", "{1}", "Artifact")
JUNK_ALTAR = _activated("Test Junk Altar", "{1}, Sacrifice another artifact", draw=1)
BEAR_ALTAR = _activated("Test Bear Altar", "{1}, Sacrifice a creature", draw=1)


def test_701_21a_the_goldfish_sacrifices_what_it_can_spare_and_never_an_attacker():
    """The goldfish's choice (worth_paying, expendable_permanent): an artifact that makes no
    mana and doesn't attack is paid for a draw; a creature with power is not (nor a land)."""
    spare = trace(Deck({"Island": 20, TRINKET: 10, JUNK_ALTAR: 10}), games=6, turns=5, seed=3,
                  mulligan=MulliganPolicy.never())
    assert spare.count("activate Test Junk Altar") >= 3
    attackers = trace(Deck({"Island": 20, BEAR: 10, BEAR_ALTAR: 10}), games=6, turns=5, seed=3,
                      mulligan=MulliganPolicy.never())
    assert "cast Test Bear Altar" in attackers and "activate Test Bear Altar" not in attackers


def test_701_9a_the_goldfish_discards_only_cards_it_doesnt_want():
    """Rummaging with lands enough in play, the lands in hand it doesn't want go (wanted_card),
    so it activates; each activation's hand before it held a card it didn't want: a land past
    the deck's land goal (its highest mana value, 1 here, or the hand's spells' mana values)."""
    rummager = _activated("Test Rummager", "{T}, Discard a card", draw=1)
    text = trace(Deck({"Island": 30, rummager: 10}), games=6, turns=6, seed=5, mulligan=MulliganPolicy.never())
    turns = [line for line in text.splitlines() if "activate Test Rummager" in line]
    assert turns and all("hand [Island" in line or "hand [Test Rummager, Island" in line for line in turns)


@pytest.mark.parametrize("name, cost, type_line, text, pt, want", [
    ("Viscera Seer", "{B}", "Creature — Vampire Wizard", "Sacrifice a creature: Scry 1.", "1/1",
     {"kind": "activated", "cost": "Sacrifice a creature", "scry": 1}),
    ("Rummaging Goblin", "{2}{R}", "Creature — Goblin Rogue", "{T}, Discard a card: Draw a card.", "1/1",
     {"kind": "activated", "cost": "{T}, Discard 1 card", "draw": 1}),
    ("Zombie Infestation", "{1}{B}", "Enchantment",
     "Discard two cards: Create a 2/2 black Zombie creature token.", None, None),
])
def test_701_21a_and_701_9a_the_recognizer_reads_sacrifice_and_discard_costs(name, cost, type_line, text, pt, want):
    from mtgsim.cards.database import card_from_table
    from mtgsim.cards.oracle import OracleCard, OracleFace
    from mtgsim.cards.recognize import recognize
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),), ()))
    assert rec.bucket == "fully", rec.clauses
    ability = rec.table["abilities"][0]
    if want is not None:
        assert ability == want
    else:
        assert ability["cost"] == "Discard 2 cards"
    c = card_from_table(rec.table)
    assert {op.name for op in c.abilities[0].cost.ops} & {"sacrifice", "discard"}
