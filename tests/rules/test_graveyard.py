"""The graveyard as counts (BoardInfo.graveyard_n, graveyard_types; put_in_graveyard and
leave_graveyard, kernels/zones.pxi): every game counts the cards in each player's graveyard and
those of each card type, at the one place a card is put there and the one place it leaves; a
Scenario's kept graveyard says what they must be."""
import random
import re

import pytest

from mtgsim import ArgumentError, CardDataError, LimitError, ManaCost, RulesError, Scenario, card
from mtgsim.cards.model import CARD_TYPES

MILL = card("Test Grave Mill Two", "{U}", "Sorcery", abilities=[{"kind": "spell", "mill": 2}])
CYCLER = card("Test Grave Cycler", "{5}{U}", "Creature — Horror", "5/3", text="Cycling {1}", cycling="{1}")
ARTIFACT_ZERO = card("Test Grave Construct", "{1}", "Artifact Creature — Construct", "0/0")


def counts(s, player="you"):
    """The rules core's counts of the player's graveyard: all, and per card type."""
    return (s.graveyard_count(player), {t: s.graveyard_count(player, t) for t in CARD_TYPES})


def listed(s, player="you"):
    """The same counts worked out from the graveyard Scenario keeps, card by card."""
    types = [s.tables.defs[s.tables.row(name)].types for name in s.graveyard(player)]
    return (len(types), {t: sum(t in ts for ts in types) for t in CARD_TYPES})


def _mountains(s, n):
    for _ in range(n):
        s.add("Mountain")


def test_608_2n_an_instant_that_resolves_is_put_into_its_owners_graveyard_and_counted():
    s = Scenario()
    _mountains(s, 1)
    s.add_to_hand("Lightning Bolt")
    assert counts(s)[0] == 0
    s.cast("Lightning Bolt")
    assert s.graveyard() == ["Lightning Bolt"]
    assert counts(s) == listed(s) and s.graveyard_count(card_type="Instant") == 1
    assert s.graveyard_count(card_type="Sorcery") == 0 and s.graveyard_count("opponent") == 0


def test_701_21a_a_sacrificed_land_is_counted_in_its_owners_graveyard():
    s = Scenario()
    wilds = s.add("Evolving Wilds")
    s.add_to_library("Forest")
    s.activate(wilds)
    assert s.graveyard() == ["Evolving Wilds"] and s.graveyard_count(card_type="Land") == 1


def test_111_7_a_token_put_into_a_graveyard_ceases_to_exist_and_is_not_counted():
    s = Scenario()
    wilds = s.add("Evolving Wilds")
    copy = s.create_token_copy(wilds)
    s.add_to_library("Forest")
    s.activate(copy)
    assert s.graveyard() == [] and counts(s)[0] == 0


def test_701_9a_702_29a_a_cycled_card_is_discarded_into_the_graveyard_and_counted():
    s = Scenario()
    s.add("Island")
    s.add_to_library("Forest")
    s.add_to_hand(CYCLER)
    s.cycle(CYCLER)
    assert s.graveyard() == [CYCLER.name] and s.graveyard_count(card_type="Creature") == 1


def test_701_17a_milled_cards_are_counted_with_the_spell_that_milled_them():
    s = Scenario()
    s.add("Island")
    for name in ("Forest", "Lightning Bolt", "Firebolt"):
        s.add_to_library(name)
    s.add_to_hand(MILL)
    s.cast(MILL)
    assert counts(s) == listed(s) == (3, {**dict.fromkeys(CARD_TYPES, 0), "Instant": 1, "Sorcery": 2})


def test_205_2a_a_card_of_two_types_is_counted_as_each():
    """A 0/0 artifact creature dies (704.5f): one card, one artifact, one creature."""
    s = Scenario()
    s.add(ARTIFACT_ZERO)
    assert counts(s) == (1, {**dict.fromkeys(CARD_TYPES, 0), "Artifact": 1, "Creature": 1})


def test_702_34a_a_card_cast_with_flashback_leaves_the_graveyard_and_its_counts():
    s = Scenario()
    _mountains(s, 6)
    s.add_to_hand("Firebolt")
    s.cast("Firebolt")
    assert s.graveyard_count(card_type="Sorcery") == 1
    s.cast("Firebolt", alternative="flashback")
    assert s.graveyard() == [] and counts(s) == listed(s) == (0, dict.fromkeys(CARD_TYPES, 0))


def test_graveyard_count_names_a_card_type():
    with pytest.raises(ArgumentError, match="card_type must be one of Artifact"):
        Scenario().graveyard_count(card_type="instant")


_POOL = ("Lightning Bolt", "Firebolt", "Forest", "Mountain", "Evolving Wilds", "Llanowar Elves", MILL, CYCLER,
         ARTIFACT_ZERO)
_BY_NAME = {c if isinstance(c, str) else c.name: c for c in _POOL}


@pytest.mark.parametrize("seed", range(6))
def test_the_graveyard_counts_always_equal_the_kept_graveyard_on_random_games(seed):
    """A property of the one place a card is put into a graveyard and the one place it leaves:
    after every action of a random game (spells resolving, flashback, mill, cycling,
    sacrifice, tokens, a creature dying), for both players,
    the kept counts are what the graveyard list says."""
    rng = random.Random(seed)
    s = Scenario()
    for who in ("you", "opponent"):
        for _ in range(25):
            s.add_to_library(rng.choice(_POOL), player=who)
        for _ in range(5):
            s.add_to_hand(rng.choice(_POOL), player=who)
    for _ in range(4):
        s.add("Mountain")
        s.add("Island")
    for _ in range(40):
        who = rng.choice(("you", "opponent"))
        hand = s.hand(who)
        action = rng.choice(("cast", "cast", "cycle", "flashback", "wilds", "token", "draw", "turn"))
        try:
            if action == "cast" and hand:
                name = _BY_NAME.get(rng.choice(hand), "")
                if name in ("Forest", "Mountain", "Evolving Wilds"):
                    s.play_land(name, player=who)
                elif s.can_cast(name, player=who):
                    s.cast(name, player=who)
            elif action == "cycle" and CYCLER.name in hand:
                s.cycle(CYCLER, player=who)
            elif action == "flashback" and "Firebolt" in s.graveyard(who):
                if s.can_cast("Firebolt", alternative="flashback", player=who):
                    s.cast("Firebolt", alternative="flashback", player=who)
            elif action in ("wilds", "token"):
                wilds = [p for p in s.battlefield(who) if p.name == "Evolving Wilds" and not s.is_tapped(p)]
                if wilds:
                    s.activate(s.create_token_copy(wilds[0]) if action == "token" else wilds[0])
            elif action == "draw":
                s.draw(who)
            else:
                s.next_turn()
        except (RulesError, LimitError):     # (an action the rules refuse here: nothing changed)
            pass
        for player in ("you", "opponent"):
            assert counts(s, player) == listed(s, player), (action, player, s.graveyard(player))


def test_the_counts_hold_one_place_per_card_type():
    """BoardInfo.graveyard_types has a count per CardTypeBit (N_CARD_TYPES, _kernel.pxd):
    the bits are 1 << place, in CARD_TYPES' order."""
    from mtgsim import schema
    from mtgsim._core import CardTypeBit
    assert schema.DTYPES["board_info"]["graveyard_types"].shape == (2, len(CARD_TYPES)) == (2, len(CardTypeBit))
    bits = [int(getattr(CardTypeBit, "CT_" + t.upper())) for t in CARD_TYPES]
    assert bits == [1 << k for k in range(len(CARD_TYPES))]


# ---- "costs {1} less to cast for each instant and sorcery card in your graveyard" (601.2f, 118.7a) ----

TERROR = card("Test Grave Terror", "{6}{U}", "Creature — Serpent", "5/5",
              text="This spell costs {1} less to cast for each instant and sorcery card in your graveyard.",
              abilities=[{"kind": "cost", "scope": "self", "change": "reduce",
                          "amount": {"count": "cards_in_graveyard", "types": ["Instant", "Sorcery"]}}])


def test_601_2f_a_spell_costs_1_less_for_each_instant_and_sorcery_card_in_your_graveyard():
    """Lightning Bolt (an instant) and the mill spell (a sorcery) resolve into the graveyard;
    the Forest milled counts for nothing, nor do the opponent's instants: {6}{U} less 2."""
    s = Scenario()
    _mountains(s, 2)
    s.add("Island")
    s.add("Mountain", controller="opponent")
    for name in ("Lightning Bolt", MILL, TERROR):
        s.add_to_hand(name)
    s.add_to_hand("Lightning Bolt", player="opponent")
    s.add_to_library("Forest")
    assert s.total_cost(TERROR) == ManaCost.parse("{6}{U}")
    s.cast("Lightning Bolt")
    s.cast(MILL)
    s.cast("Lightning Bolt", player="opponent")
    assert s.graveyard() == ["Lightning Bolt", "Forest", MILL.name]
    assert s.total_cost(TERROR) == ManaCost.parse("{4}{U}")


def test_118_7a_the_reduction_takes_generic_mana_only():
    """Eight instants and sorceries take {6}{U} to {U}: a generic reduction never touches the
    coloured part (118.7a), and the generic part goes no lower than nothing (601.2f)."""
    s = Scenario()
    _mountains(s, 8)
    for _ in range(8):
        s.add_to_hand("Lightning Bolt")
    s.add_to_hand(TERROR)
    for _ in range(8):
        s.cast("Lightning Bolt")
    assert s.graveyard_count(card_type="Instant") == 8
    assert s.total_cost(TERROR) == ManaCost.parse("{U}")
    assert not s.can_cast(TERROR)       # (no blue source)
    s.add("Island")
    s.cast(TERROR)
    assert s.battlefield()[-1].name == TERROR.name


@pytest.mark.parametrize("types, message", [
    (["Artifact", "Creature"], "one card type, or instants and sorceries"),
    (["Instant", "Tribal"], "'Tribal' is not a card type"),
])
def test_a_graveyard_count_of_more_than_one_type_is_only_of_instants_and_sorceries(types, message):
    """205.2a: an artifact creature is of two card types, so a count of artifacts and creatures
    summed type by type would count it twice: refused (no card is both an instant and a sorcery)."""
    with pytest.raises(CardDataError, match=message) as e:
        card("Test Grave Bad Count", "{3}", "Artifact", abilities=[{
            "kind": "cost", "scope": "self", "change": "reduce",
            "amount": {"count": "cards_in_graveyard", "types": types}}])
    assert "types" in e.value.field


def test_601_2f_the_goldfish_counts_its_graveyard_as_it_casts():
    """The goldfish's graveyard is counted too (Spec.counts_graveyard: a card of the deck reads
    it): each Terror it casts costs {6}{U} less one for each Lightning Bolt cast before it (each
    resolved into the graveyard), {U} at least (118.7a)."""
    from mtgsim import Deck, MulliganPolicy
    from mtgsim.simulate import trace
    land = card("Test Grave Volcanic", "", "Land", abilities=[{"kind": "mana", "cost": "{T}", "mana": "{U}"},
                                                             {"kind": "mana", "cost": "{T}", "mana": "{R}"}])
    text = trace(Deck({TERROR: 10, "Lightning Bolt": 20, land: 30}), games=8, turns=8, seed=1,
                 mulligan=MulliganPolicy.never())
    casts = 0
    for game in text.split("game ")[1:]:
        bolts = 0
        for spell, mana in re.findall(r"cast (Lightning Bolt|Test Grave Terror) \((\d+)\)", game):
            if spell == "Lightning Bolt":
                bolts += 1
            else:
                assert int(mana) == max(1, 7 - bolts), game
                casts += 1
    assert casts >= 8


# ---- "If there is an instant card and a sorcery card in your graveyard, instead ..." (Flow State, 608.2c) ----

FLOW = card("Test Grave Flow", "{1}{U}", "Sorcery", abilities=[
    {"kind": "spell", "look_to_hand": 3, "to_hand": 1, "more_if_instant_and_sorcery": True}])


def _flow(graveyard_spells):
    """Flow State cast after `graveyard_spells` resolved, the library Plains, Swamp, Forest
    from the top: the cards it puts into the hand."""
    s = Scenario()
    _mountains(s, 3)
    s.add("Island")
    s.add("Island")
    for name in ("Wastes", "Forest", "Swamp", "Plains"):
        s.add_to_library(name)
    for name in graveyard_spells:
        s.add_to_hand(name)
        s.cast(name)
    s.add_to_hand(FLOW)
    s.cast(FLOW)
    assert s.graveyard()[-1] == FLOW.name
    return s.hand()


def test_608_2c_flow_state_puts_two_into_the_hand_instead_with_an_instant_and_a_sorcery_in_the_graveyard():
    assert _flow(["Lightning Bolt", "Firebolt"]) == ["Plains", "Swamp"]


@pytest.mark.parametrize("spells", [[], ["Lightning Bolt"], ["Lightning Bolt", "Lightning Bolt"], ["Firebolt"]])
def test_608_2c_flow_state_puts_one_without_both_and_does_not_count_itself(spells):
    """Flow State, a sorcery, is on the stack as it resolves (608.2n: into the graveyard after):
    an instant alone in the graveyard is not both."""
    assert _flow(spells) == ["Plains"]
