"""The per-card facts the compiled core reads (mtgsim.card_facts): every mana-ability output
kind is placed on the direct path or left to the search on purpose, and the per-card kinds
read by an ability row's `card` agree with the card's own rows (`*_first`, `n_*`)."""
import numpy as np
import pytest

from mtgsim import card, card_db
from mtgsim.card_facts import (DIRECT_OUTPUTS, SEARCHED_OUTPUTS, card_summaries, enters_watchers,
                               haste_givers, land_play_givers, mana_reads_hand, upkeep_triggered)
from mtgsim.compile import compile_cards
from mtgsim._core import CardInfoFlag
from mtgsim.schema import Event, Grant, GrantTo, ManaOutput


@pytest.fixture(scope="module")
def tables():
    db = card_db()
    return compile_cards(db.resolve(db.cards()))


def test_every_mana_output_kind_is_placed_once():
    """A new ManaOutput fails here until card_summaries is told whether its mana is units of
    one type mask (the direct path) or always searched: never pushed off the fast path unseen."""
    assert DIRECT_OUTPUTS.isdisjoint(SEARCHED_OUTPUTS)
    assert DIRECT_OUTPUTS | SEARCHED_OUTPUTS == {int(m) for m in ManaOutput}


def _by_own_rows(tables, table, first, n, keep):
    return np.array([any(keep(table[c[first] + k]) for k in range(c[n])) for c in tables.cards])


def test_per_card_kinds_agree_with_each_cards_own_rows(tables):
    n = len(tables.cards) + 3                    # (padded rows are never of a kind)
    haste = haste_givers(tables, n)
    upkeep = upkeep_triggered(tables, n)
    plays = land_play_givers(tables, n)
    watch = enters_watchers(tables, n)
    assert not (haste[-3:].any() or upkeep[-3:].any() or plays[-3:].any() or watch[-3:].any())
    assert (haste[:-3] == _by_own_rows(tables, tables.grants, "grant_first", "n_grant", lambda g: (
        g["grant"] == Grant.GR_HASTE and g["to"] == GrantTo.GT_CREATURES_YOU_CONTROL))).all()
    assert (upkeep[:-3] == _by_own_rows(tables, tables.triggered, "triggered_first", "n_triggered",
                                        lambda t: t["event"] == Event.EV_YOUR_UPKEEP)).all()
    others = {Event.EV_CREATURE_YOU_CONTROL_ENTERS, Event.EV_NONTOKEN_CREATURE_YOU_CONTROL_ENTERS,
              Event.EV_ANOTHER_CREATURE_YOU_CONTROL_ENTERS, Event.EV_LAND_YOU_CONTROL_ENTERS}
    assert (watch[:-3] == _by_own_rows(tables, tables.triggered, "triggered_first", "n_triggered",
                                       lambda t: t["event"] in others)).all()
    assert haste[tables.row("The Fire Crystal")] and upkeep.any() and plays[tables.row("Azusa, Lost but Seeking")]
    assert watch[tables.row("The Great Henge")] and not watch[tables.row("Llanowar Elves")]


@pytest.mark.parametrize("name, unit_mask, unit_count", [
    ("Forest", 0b10000, 1), ("Stomping Ground", 0b11000, 1), ("Llanowar Elves", 0b10000, 1),
    ("Birds of Paradise", 0b11111, 1), ("Sol Ring", 0b100000, 2)])
def test_simple_mana_is_units_of_one_mask(tables, name, unit_mask, unit_count):
    s = card_summaries(tables)
    row = tables.row(name)
    assert not s["flags"][row] & CardInfoFlag.CI_COMPLEX_MANA
    assert (s["unit_mask"][row], s["unit_count"][row]) == (unit_mask, unit_count)


def test_the_known_keywords_are_the_engines_keyword_bits():
    from mtgsim.cards.model import KNOWN_KEYWORDS
    from mtgsim.schema import KeywordBit
    assert KNOWN_KEYWORDS == {m.name[3:].replace("_", " ").lower() for m in KeywordBit}


@pytest.mark.parametrize("name, keyword", [("Noble Hierarch", "Exalted"), ("Qasali Pridemage", "Exalted")])
def test_a_keyword_the_engine_does_not_play_is_reported_not_dropped(name, keyword):
    """No silent gaps: Exalted changes combat damage, which the goldfish counts. (Prowess, the
    triggered ability it stands for, is played: tests/rules/test_prowess.py.)"""
    assert f"not simulated: {keyword}" in card_db()[name].unmodeled
    assert "Prowess" not in card_db()["Monastery Swiftspear"].unmodeled


def test_a_custom_cards_unknown_keyword_is_reported():
    from mtgsim import card
    c = card("Test Striker", "{1}{R}", "Creature — Human", "2/2", keywords=["Haste", "Battle cry"])
    assert c.unmodeled == "Keyword not simulated: Battle cry."


def test_a_complex_sources_own_could_produce_is_what_the_board_gives(tables):
    """106.7: the types a complex source could produce, read from its summary on a board
    without mana effects (own_could_produce, Castle Garenbrig's {G}), are those the kernel works
    out from its abilities on the board (the fixpoint, fast path off); a source whose types
    depend on the board (Gaea's Cradle's count of creatures) is marked so and worked out."""
    from mtgsim.batch import BoardBatch, evaluate_boards
    from mtgsim.card_facts import OWN_BOARD
    s = card_summaries(tables)
    complex_rows = [r for r in range(len(tables.cards))
                    if s["flags"][r] & CardInfoFlag.CI_COMPLEX_MANA and not s["flags"][r] & CardInfoFlag.CI_MANA_EFFECT
                    and tables.defs[r].is_permanent]
    castle = tables.row("Castle Garenbrig")
    assert castle in complex_rows and s["own_could_produce"][castle] == 0b10000
    assert s["own_could_produce"][tables.row("Gaea's Cradle")] == OWN_BOARD
    b = BoardBatch(tables, len(complex_rows), 4)
    for k, r in enumerate(complex_rows):
        b.put(k, tables.defs[r].name)
        b.put(k, "Forest")
        b.put(k, "Llanowar Elves", tapped=bool(k % 2))
    b.core.fast_path = True
    fast = evaluate_boards(b, "Grizzly Bears")
    b.core.fast_path = False
    slow = evaluate_boards(b, "Grizzly Bears")
    assert (fast.could_produce == slow.could_produce).all()
    for k, r in enumerate(complex_rows):
        if s["own_could_produce"][r] != OWN_BOARD:
            assert fast.could_produce[k, 0] == s["own_could_produce"][r], tables.defs[r].name


# a hand-sized creature (Maro's */*, 604.3) and mana sources reading the hand, directly or not
MARO_LIKE = card("Test Hand Giant", "{2}{G}{G}", "Creature — Elemental", "*/*", star={"count": "cards_in_hand"})
HAND_ROCK = card("Test Hand Rock", "{2}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}", "amount": {"count": "cards_in_hand"}}])
POWER_ROCK = card("Test Power Rock", "{2}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{G}", "amount": {"count": "greatest_power"}}])
EMPTY_HAND_LAND = card("Test Empty-Handed Land", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}{C}", "activate_only": {"hand_max": 0}}])
MIGHTY_LAND = card("Test Mighty Land", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{G}{G}", "activate_only": {"types": ["Creature"], "min_power": 4}}])


@pytest.mark.parametrize("cards, reads", [
    (["Forest", "Llanowar Elves", "Gaea's Cradle", "Nykthos, Shrine to Nyx", "The Great Henge"], False),
    (["Forest", MARO_LIKE], False),                  # its power reads the hand; no mana reads its power
    (["Forest", POWER_ROCK], False),                 # a power, but none reads the hand
    (["Forest", MARO_LIKE, POWER_ROCK], True),       # the greatest power may be the hand's size
    (["Forest", HAND_ROCK], True),
    (["Forest", EMPTY_HAND_LAND], True),             # 602.5: activate only with no cards in hand
    (["Forest", MIGHTY_LAND], False),                # 602.5: a creature with power 4 or greater...
    (["Forest", MIGHTY_LAND, MARO_LIKE], True),      # ...which a hand-sized one may be
])
def test_mana_reads_hand(cards, reads):
    """Whether what mana abilities make or do can change as a card leaves the hand: then a
    payment search (or a could-produce) worked out before a spell was cast is not reused."""
    db = card_db().extended(*[c for c in cards if not isinstance(c, str)])
    assert mana_reads_hand(compile_cards(db.resolve(cards))) is reads
