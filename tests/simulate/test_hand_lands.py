"""The lands of the hands drawn (103.5: seven cards; the London mulligan shuffles the hand back
and draws seven again): `res.opening_lands` (the hand kept, before any card goes to the bottom)
and `res.hand_lands(m)` (every hand drawn after m mulligans), checked against the exact
hypergeometric distribution within 4 standard errors."""
import csv
import json
import math

import pytest

from mtgsim import ArgumentError, ArgumentTypeError, Deck, MulliganPolicy, card, simulate

SPELL = card("Hand Lands Test Spell", "{2}{G}", "Sorcery")
DECKS = {(17, 40): Deck({"Forest": 17, SPELL: 23}), (24, 60): Deck({"Forest": 24, SPELL: 36})}
GAMES = 60_000


def hypergeometric(lands: int, cards: int, hand: int = 7) -> list[float]:
    return [math.comb(lands, k) * math.comb(cards - lands, hand - k) / math.comb(cards, hand)
            for k in range(hand + 1)]


def within_4_se(estimates: dict, exact: list[float]) -> None:
    """Each land count's frequency within 4 standard errors of the exact chance (and one game's
    worth, for the counts too rare to see)."""
    for lands, e in estimates.items():
        tolerance = 4 * math.sqrt(exact[lands] * (1 - exact[lands]) / e.n) + 1 / e.n
        assert abs(e.value - exact[lands]) <= tolerance, (lands, e.value, exact[lands], tolerance)


@pytest.mark.parametrize("deck", list(DECKS), ids=["17of40", "24of60"])
def test_every_hand_drawn_is_hypergeometric(deck):
    """103.5: each hand of seven, the first and those after one and two mulligans (the hand
    shuffled back first), holds a hypergeometric number of lands."""
    lands, cards = deck
    keep_three = MulliganPolicy({7: (3, 3), 6: (3, 3)})
    res = simulate(DECKS[deck], games=GAMES, turns=1, seed=21, mulligan=keep_three)
    for m in range(3):
        within_4_se(res.hand_lands(m), hypergeometric(lands, cards))
    kept = res.metrics["kept_lands"]
    assert res.hand_lands(0)[0].n == GAMES
    assert res.hand_lands(1)[0].n == GAMES - int(kept[0].sum())
    assert res.hand_lands(2)[0].n == GAMES - int(kept[0].sum() + kept[1].sum())


def test_opening_lands_are_the_hand_kept_before_the_bottom():
    """Keeping only 3 lands at seven, and any six: P(3) = q(3) + (1 - q(3)) q(3), P(l) = (1 - q(3))
    q(l) otherwise (q the hypergeometric); a six-card hand's lands are counted before one card
    goes to the bottom."""
    res = simulate(DECKS[17, 40], games=GAMES, turns=1, seed=5, mulligan=MulliganPolicy({7: (3, 3)}))
    q = hypergeometric(17, 40)
    within_4_se(res.opening_lands, [(1 - q[3]) * q[k] + (q[3] if k == 3 else 0) for k in range(8)])
    assert sum(e.value for e in res.opening_lands.values()) == pytest.approx(1.0)
    assert res.mulligans[6].value == res.metrics["kept_lands"][1].sum() / GAMES     # (kept after one mulligan)


def test_opening_lands_count_spell_land_cards_not_mana_sources():
    """Lands as the keep rule counts them: a spell // land card counts (712.12), a mana creature
    never, even when the keep rule counts mana sources."""
    res = simulate(Deck({"Llanowar Elves": 40}), games=2000, turns=1, seed=1,
                   mulligan=MulliganPolicy({7: (0, 7)}, count_mana_sources=True))
    assert res.opening_lands[0].value == 1.0
    res = simulate(Deck({"Valakut Awakening // Valakut Stoneforge": 40}), games=2000, turns=1, seed=1)
    assert res.opening_lands[7].value == 1.0


def test_files_carry_the_hands_lands(tmp_path):
    res = simulate(DECKS[17, 40], games=2000, turns=1, seed=3, mulligan=MulliganPolicy({7: (3, 3)}))
    d = res.to_dict()
    assert d["opening_lands"]["3"]["value"] == res.opening_lands[3].value
    assert d["hand_lands"]["1"]["2"]["n"] == res.hand_lands(1)[2].n
    assert set(d["hand_lands"]) == {"0", "1"}           # (the draws that happened)
    res.to_json(tmp_path / "r.json")
    assert json.loads((tmp_path / "r.json").read_text())["opening_lands"]["3"]["n"] == 2000
    res.to_csv(tmp_path / "r.csv")
    rows = list(csv.reader(open(tmp_path / "r.csv", encoding="utf-8")))
    opening = {int(r[1]): float(r[3]) for r in rows if r[0] == "opening_lands"}
    assert opening[3] == pytest.approx(res.opening_lands[3].value)
    assert any(r[0] == "hand_lands_after_1_mulligans" for r in rows)


def test_bad_mulligans_index_names_the_argument():
    res = simulate(DECKS[17, 40], games=10, turns=1, seed=1)
    with pytest.raises(ArgumentError, match="mulligans must be 0..7"):
        res.hand_lands(8)
    with pytest.raises(ArgumentError, match="mulligans must be a whole number"):
        res.hand_lands(1.5)
    with pytest.raises(ArgumentTypeError, match="mulligans must be a whole number"):
        res.hand_lands("1")
