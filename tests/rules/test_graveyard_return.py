"""Return a card from your graveyard to your hand (the op graveyard_to_hand: Regrowth,
Stormchaser's Talent's level 2): "target ... card" (115.1), chosen among the cards of the
graveyard's kept list (Game.graveyard, put_in_graveyard; the goldfish keeps it only for a deck
with such an op, Spec.lists_graveyard); with none there the effect does nothing (608.2b). A
Scenario's player returns the newest card that may be; the goldfish the one it wants most
(want_score)."""
import re

import pytest

from mtgsim import Deck, MulliganPolicy, RulesError, Scenario, card
from mtgsim.simulate import trace

# Regrowth's kind: "Return target instant or sorcery card from your graveyard to your hand."
RECOLLECT = card("Test Yard Recollect", "{1}{U}", "Sorcery",
                 abilities=[{"kind": "spell", "graveyard_to_hand": 1, "graveyard_card_types": ["Instant", "Sorcery"]}])
REGROW = card("Test Yard Regrow", "{1}{G}", "Sorcery", abilities=[{"kind": "spell", "graveyard_to_hand": 1}])
# Stormchaser's Talent's level 2 (716.2a): "When this Class becomes level 2, return target instant or sorcery ..."
TALENT = card("Test Yard Talent", "{U}", "Enchantment — Class",
              levels=[{"cost": "{3}{U}", "abilities": [{"kind": "trigger", "event": "self_becomes_level",
                                                        "graveyard_to_hand": 1,
                                                        "graveyard_card_types": ["Instant", "Sorcery"]}]}])
# Buried Ruin's kind: an activated ability returning an artifact card
RUIN = card("Test Yard Ruin", "{2}", "Artifact", abilities=[
    {"kind": "activated", "cost": "{2}, {T}", "graveyard_to_hand": 1, "graveyard_card_types": ["Artifact"]}])
TRINKET = card("Test Yard Trinket", "{1}", "Artifact")
MILL_ONE = card("Test Yard Mill One", "{U}", "Sorcery", abilities=[{"kind": "spell", "mill": 1}])
# Mystic Retrieval's kind: a return with flashback
RETRIEVAL = card("Test Yard Retrieval", "{3}{U}", "Sorcery", flashback="{2}{R}", abilities=[
    {"kind": "spell", "graveyard_to_hand": 1, "graveyard_card_types": ["Instant", "Sorcery"]}])
LAND = card("Test Yard Tri Land", "", "Land", abilities=[{"kind": "mana", "cost": "{T}", "mana": m}
                                                         for m in ("{U}", "{R}", "{G}")])
CRITTER = card("Test Yard Bear", "{G}", "Creature — Bear", "2/2")


def _cast_all(s, names):
    for name in names:
        s.add_to_hand(name)
        s.cast(name)


def _lands(s, n, name=LAND):
    return [s.add(name) for _ in range(n)]


def test_115_1_an_instant_or_sorcery_card_returns_from_the_graveyard_to_the_hand():
    """The newest instant or sorcery there (a Scenario's player's choice); the card leaves the
    graveyard and its counts (leave_graveyard), and the spell itself goes there after (608.2n)."""
    s = Scenario()
    _lands(s, 6)
    _cast_all(s, ["Lightning Bolt", "Firebolt"])
    assert s.graveyard() == ["Lightning Bolt", "Firebolt"]
    s.add_to_hand(RECOLLECT)
    s.cast(RECOLLECT)
    assert s.hand() == ["Firebolt"]
    assert s.graveyard() == ["Lightning Bolt", RECOLLECT.name]
    assert s.graveyard_count(card_type="Instant") == 1 and s.graveyard_count(card_type="Sorcery") == 1


def test_115_1_only_a_card_of_the_named_types_is_a_legal_target():
    """"instant or sorcery card": a land or a creature card in the graveyard is no target."""
    s = Scenario()
    wilds = s.add("Evolving Wilds")
    s.add_to_library("Forest")
    s.activate(wilds)                            # (Evolving Wilds into the graveyard, 701.21a)
    _lands(s, 3)
    _cast_all(s, ["Lightning Bolt"])
    s.add_to_hand(RECOLLECT)
    s.cast(RECOLLECT)
    assert s.hand() == ["Lightning Bolt"] and "Evolving Wilds" in s.graveyard()


def test_601_2c_a_spell_with_no_legal_target_in_the_graveyard_cant_be_cast():
    """A land is no target for "instant or sorcery card": with none other there the spell can't be
    cast (601.2c), and nothing moves."""
    s = Scenario()
    wilds = s.add("Evolving Wilds")
    s.add_to_library("Forest")
    s.activate(wilds)
    lands = _lands(s, 2)
    s.add_to_hand(RECOLLECT)
    with pytest.raises(RulesError, match="601.2c: Test Yard Recollect needs a target card in your graveyard"):
        s.cast(RECOLLECT)
    assert s.hand() == [RECOLLECT.name] and s.graveyard() == ["Evolving Wilds"]
    assert not any(s.is_tapped(p) for p in lands)


def test_601_2a_a_spell_cast_from_the_graveyard_is_not_its_own_target():
    """Cast with flashback, the card is on the stack before targets are chosen (601.2a, 601.2c):
    alone in the graveyard it can't be cast; with a Bolt there it returns the Bolt."""
    s = Scenario()
    _lands(s, 9)
    s.add_to_hand(RETRIEVAL)
    with pytest.raises(RulesError, match="601.2c"):
        s.cast(RETRIEVAL)
    _cast_all(s, ["Lightning Bolt"])
    s.cast(RETRIEVAL)
    assert s.graveyard() == [RETRIEVAL.name] and s.hand() == ["Lightning Bolt"]
    with pytest.raises(RulesError, match="601.2c"):
        s.cast(RETRIEVAL, alternative="flashback")
    s.cast("Lightning Bolt")
    s.cast(RETRIEVAL, alternative="flashback")                 # (then exiled, 702.34a)
    assert s.hand() == ["Lightning Bolt"] and s.graveyard() == []


def test_603_3d_the_level_2_trigger_with_no_target_does_nothing_and_the_level_stays():
    """A triggered ability with no legal target is removed from the stack (603.3d): the Class is
    level 2 all the same."""
    s = Scenario()
    _lands(s, 4)
    talent = s.add(TALENT)
    s.activate(talent, 0)
    assert s.level(talent) == 2 and s.hand() == [] and s.graveyard() == []


def test_602_2b_an_activated_ability_with_no_target_in_the_graveyard_cant_be_activated():
    """Buried Ruin's kind ("{2}, {T}: Return target artifact card ..."): activated only with an
    artifact card there (602.2b, 601.2c)."""
    s = Scenario()
    ruin = s.add(RUIN)
    _lands(s, 3)
    with pytest.raises(RulesError, match="601.2c, 602.2b: Test Yard Ruin's ability needs a target card"):
        s.activate(ruin)
    s.add_to_library(TRINKET)
    s.add_to_hand(MILL_ONE)
    s.cast(MILL_ONE)                             # (the artifact card milled into the graveyard, 701.17a)
    s.activate(ruin)
    assert s.hand() == [TRINKET.name] and s.graveyard() == [MILL_ONE.name]


def test_115_1_target_card_returns_a_card_of_any_type_a_land_too():
    """Regrowth's "target card": any card, a land too (the newest)."""
    s = Scenario()
    wilds = s.add("Evolving Wilds")
    s.add_to_library("Forest")
    s.activate(wilds)
    _lands(s, 2)
    s.add_to_hand(REGROW)
    s.cast(REGROW)
    assert s.hand() == ["Evolving Wilds"] and s.graveyard() == [REGROW.name]


def test_716_2a_stormchasers_talent_returns_an_instant_or_sorcery_as_it_becomes_level_2():
    s = Scenario()
    _lands(s, 5)
    _cast_all(s, ["Lightning Bolt"])
    talent = s.add(TALENT)
    s.activate(talent, 0)
    assert s.level(talent) == 2 and s.hand() == ["Lightning Bolt"] and s.graveyard() == []


def _goldfish(deck, games=30, turns=6, seed=3):
    return trace(Deck(deck), games=games, turns=turns, seed=seed, mulligan=MulliganPolicy.never())


def test_601_2c_the_goldfish_casts_a_return_only_with_a_target_and_returns_the_spell_it_wants():
    """The goldfish keeps its graveyard's cards for a deck that returns them (Spec.lists_graveyard).
    Followed through its traced games: it casts Recollect only with an instant or sorcery in its
    graveyard (601.2c), and returns a Lightning Bolt whenever one is there rather than an earlier
    Recollect (card_from_graveyard: a copy of the spell returning it last), which it casts again."""
    text = _goldfish({RECOLLECT: 10, "Lightning Bolt": 20, LAND: 30})
    returned = 0
    for game in text.split("game ")[1:]:
        yard = {"Lightning Bolt": 0, RECOLLECT.name: 0}
        for cast, back in re.findall(r"cast ([^;(]+) \(|return ([^;:]+): hand", game):
            if cast == "Lightning Bolt":
                yard[cast] += 1
            elif cast == RECOLLECT.name:
                assert sum(yard.values()) >= 1, game
            elif back:                  # (then Recollect itself goes to the graveyard: 608.2n)
                assert back == "Lightning Bolt" or yard["Lightning Bolt"] == 0, game
                yard[back] -= 1
                yard[RECOLLECT.name] += 1
                returned += back == "Lightning Bolt"
    assert returned >= 10


@pytest.mark.parametrize("deck, listed", [({RECOLLECT: 10, "Lightning Bolt": 20, LAND: 30}, True),
                                           ({TALENT: 4, "Lightning Bolt": 26, LAND: 30}, True),
                                           ({"Lightning Bolt": 30, LAND: 30}, False),
                                           ({CRITTER: 30, "Forest": 30}, False)])
def test_the_goldfish_keeps_its_graveyards_cards_only_for_a_deck_that_looks_at_them(deck, listed):
    """Spec.lists_graveyard (spec.graveyard_listed): a deck with no op that looks at which cards
    are in a graveyard pays nothing for the list, and its games keep none."""
    import numpy as np
    from replay import goldfish_spec

    from mtgsim import _core
    from mtgsim.runner import chunk_generator
    game = _core.debug_game_fields(goldfish_spec(Deck(deck), turns=6),
                                   chunk_generator(np.random.SeedSequence(7), 0), 3)["goldfish"]
    assert game["lists_graveyard"] == listed
