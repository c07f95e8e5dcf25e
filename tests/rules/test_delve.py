"""Delve (702.66a): "For each generic mana in this spell's total cost, you may exile a card from
your graveyard rather than pay that mana." Not a cost reduction (702.66b: the spell's mana cost
and mana value stay): once the total cost is locked (601.2f, after every increase, reduction and
Trinisphere's floor), cards exiled from the caster's graveyard pay its generic mana, one each
(601.2h). Read as a CC_DELVE cost modifier of the card itself counting its caster's graveyard
(total_cost's last step: TotalCost.delved), paid by exile_delved where a cost is paid. Both games
delve all they can; a Scenario's player exiles the newest cards first, the goldfish those it loses
least by (card_to_delve: not a card it may flash back, not the last of a card type, not an instant
or sorcery, where it has a choice)."""
import re

import pytest

from mtgsim import CardDataError, Deck, ManaCost, MulliganPolicy, Scenario, card
from mtgsim.simulate import trace

DELVE = {"kind": "cost", "change": "delve", "scope": "self", "amount": {"count": "cards_in_graveyard"}}
# Treasure Cruise: {7}{U} Sorcery, Delve, "Draw three cards."
CRUISE = card("Test Delve Cruise", "{7}{U}", "Sorcery", abilities=[DELVE, {"kind": "spell", "draw": 3}])
MILL = card("Test Delve Mill Three", "{U}", "Sorcery", abilities=[{"kind": "spell", "mill": 3}])


def _scenario(islands, library):
    s = Scenario()
    for _ in range(islands):
        s.add("Island")
    for name in library:
        s.add_to_library(name)
    return s


def _milled(s, n):
    """Cast MILL n times: n MILLs and 3n cards of the library in the graveyard."""
    for _ in range(n):
        s.add_to_hand(MILL)
        s.cast(MILL)


def test_702_66a_each_card_in_the_graveyard_pays_one_generic_mana_of_the_total_cost():
    s = _scenario(2, ["Forest"] * 9)
    assert s.total_cost(CRUISE) == ManaCost.parse("{7}{U}")           # (nothing in the graveyard)
    _milled(s, 1)                                                     # 4 cards: MILL and 3 Forests
    assert s.total_cost(CRUISE) == ManaCost.parse("{3}{U}")
    _milled(s, 1)                                                     # 8: as many as the generic and more
    assert s.total_cost(CRUISE) == ManaCost.parse("{U}")


def test_702_66a_601_2h_casting_it_exiles_as_many_cards_as_generic_mana_they_paid_the_newest_first():
    s = _scenario(3, ["Swamp", "Swamp", "Swamp", "Wastes", "Mountain", "Forest", "Island", "Plains", "Forest"])
    _milled(s, 2)                  # three lands and a MILL, twice
    before = s.graveyard()
    assert len(before) == s.graveyard_count() == 8
    s.add_to_hand(CRUISE)
    s.cast(CRUISE)                 # {U} and seven cards: the oldest stays; Cruise joins it
    assert s.graveyard() == [before[0], CRUISE.name]
    assert s.graveyard_count() == 2 and s.graveyard_count(card_type="Land") == 1
    assert s.hand() == ["Swamp", "Swamp", "Swamp"]                    # (it drew three)


def test_702_66a_delve_pays_generic_mana_only_so_a_coloured_symbol_is_paid_with_mana():
    s = _scenario(2, ["Forest"] * 9)
    _milled(s, 2)                                                     # (the Islands tapped for them)
    s.add("Mountain")
    assert s.total_cost(CRUISE) == ManaCost.parse("{U}") and not s.can_cast(CRUISE)
    s.add("Island")
    assert s.can_cast(CRUISE)


def test_601_2f_702_66a_trinispheres_floor_is_part_of_the_total_cost_delve_then_pays():
    """Trinisphere's "costs three mana" applies as the total cost is determined (601.2f); delve pays
    after it (702.66a): with eight cards in the graveyard Treasure Cruise costs {U} (a reduction of {7}
    would have been raised back to three), and a {1}{U} spell with delve, raised to {2}{U}, costs {U}."""
    s = _scenario(2, ["Forest"] * 9)
    _milled(s, 2)
    s.add("Trinisphere")
    small = card("Test Delve Small", "{1}{U}", "Sorcery", abilities=[DELVE, {"kind": "spell", "draw": 1}])
    assert s.total_cost(CRUISE) == ManaCost.parse("{U}")
    assert s.total_cost(small) == ManaCost.parse("{U}")
    s = _scenario(2, ["Forest"] * 9)
    _milled(s, 2)
    assert s.total_cost(small) == ManaCost.parse("{U}")               # (without it: {1} delved)


def test_a_delve_card_is_its_own_not_another_spells():
    """Delve is the card's own ability (702.66a: "this spell's total cost"): its TOML says so or is refused."""
    with pytest.raises(CardDataError, match="delve"):
        card("Test Delve Wrong", "{3}{U}", "Sorcery", abilities=[{**DELVE, "scope": "your_spells"}])
    with pytest.raises(CardDataError, match="delve"):
        card("Test Delve Counting", "{3}{U}", "Sorcery",
             abilities=[{**DELVE, "amount": {"count": "cards_in_graveyard", "types": ["Instant"]}}])


def test_702_66a_the_goldfish_delves_all_it_can_and_exiles_the_cards_it_paid_with():
    """Followed through traced games (a deck of MILLs, Cruises and Islands): the graveyard counted
    from the trace (each sorcery resolved, each card milled; the cards delved away), every Cruise is
    cast for {U} and seven less the cards there, at most, and the graveyard keeps the rest."""
    text = trace(Deck({CRUISE: 14, MILL: 16, "Island": 30}), games=30, turns=6, seed=5,
                 mulligan=MulliganPolicy.never())
    cheap = 0
    for game in text.split("game ")[1:]:
        yard = 0
        for cast, spend, milled in re.findall(r"cast ([^;(]+) \((\d+)|mill [^;:]+: (graveyard)", game):
            if milled:
                yard += 1
            elif cast == CRUISE.name:
                delved = 7 - (int(spend) - 1)
                assert delved == min(7, yard), game
                yard += 1 - delved
                cheap += delved > 0
            elif cast == MILL.name:
                yard += 1
    assert cheap >= 20


@pytest.mark.parametrize("name, cost, type_line, text, pt, bucket", [
    ("Treasure Cruise", "{7}{U}", "Sorcery", "Delve (Each card you exile from your graveyard while casting this spell "
     "pays for {1}.)\nDraw three cards.", None, "fully"),
    ("Dig Through Time", "{6}{U}{U}", "Instant", "Delve (Each card you exile from your graveyard while casting this "
     "spell pays for {1}.)\nLook at the top seven cards of your library. Put two of them into your hand and the rest "
     "on the bottom of your library in any order.", None, "fully"),
    # its counters "for each instant and sorcery card exiled with it" stay unread: a benefit left out
    ("Murktide Regent", "{5}{U}{U}", "Creature — Dragon", "Delve (Each card you exile from your graveyard while "
     "casting this spell pays for {1}.)\nFlying\nMurktide Regent enters with a +1/+1 counter on it for each instant "
     "and sorcery card exiled with it.\nWhenever an instant or sorcery card leaves your graveyard, put a +1/+1 "
     "counter on Murktide Regent.", "3/3", "partly"),
])
def test_702_66a_the_keyword_delve_is_read_as_the_cards_own_delve(name, cost, type_line, text, pt, bucket):
    from mtgsim.cards.database import card_from_table
    from mtgsim.cards.model import CostModifier
    from mtgsim.cards.oracle import OracleCard, OracleFace
    from mtgsim.cards.recognize import recognize
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),)))
    assert rec.bucket == bucket, rec.clauses
    delves = [a for a in card_from_table(rec.table).abilities if isinstance(a, CostModifier)]
    assert delves == list(card_from_table({"name": "X", "type": "Sorcery", "abilities": [DELVE]}).abilities)


def test_a_deck_with_delve_keeps_its_graveyards_cards_and_counts():
    """Which cards to exile needs the graveyard's cards (Spec.lists_graveyard, spec.graveyard_listed)."""
    import numpy as np
    from replay import goldfish_spec

    from mtgsim import _core
    from mtgsim.runner import chunk_generator
    game = _core.debug_game_fields(goldfish_spec(Deck({CRUISE: 10, "Island": 30}), turns=3),
                                   chunk_generator(np.random.SeedSequence(7), 0), 3)["goldfish"]
    assert game["lists_graveyard"] and game["counts_graveyard"]
