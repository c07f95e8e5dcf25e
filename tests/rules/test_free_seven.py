"""The seven a free mulligan may send back (103.5c: a multiplayer game's first mulligan is free;
903.12g: Brawl's) kept by a lands range of its own (MulliganPolicy.free_seven): Karsten keeps a
Commander deck's free seven only with 3-5 lands. P(the hand kept is a seven) against the exact
hypergeometric sums, within 4 standard errors; where no mulligan is free it is never asked; and
bad arguments."""
import math

import pytest

from mtgsim import Deck
from mtgsim.errors import ArgumentError
from mtgsim.mulligan_policy import MulliganPolicy
from mtgsim.simulate import simulate

DECK = Deck({"Forest": 38, "Grizzly Bears": 61})          # 99 cards, 38 lands
GAMES = 40_000


def p_lands_in(lo: int, hi: int, lands: int = 38, size: int = 99) -> float:
    """P(a seven drawn from `size` cards with `lands` lands holds lo..hi of them)."""
    return sum(math.comb(lands, k) * math.comb(size - lands, 7 - k) for k in range(lo, hi + 1)) / math.comb(size, 7)


def within(est, exact: float) -> bool:
    se = math.sqrt(exact * (1 - exact) / est.n)
    return abs(est.value - exact) <= 4 * se + 1e-12


def test_103_5c_free_seven_kept_by_its_own_range():
    """Multiplayer: the first seven kept with 3-5 lands, else sent back for free and a second
    seven kept with 2-5: P(keeping a seven) = P(3-5) + (1 - P(3-5)) P(2-5)."""
    rule = MulliganPolicy({7: (2, 5), 6: (2, 5), 5: (2, 6)}, free_seven=(3, 5))
    res = simulate(DECK, games=GAMES, turns=1, seed=5, multiplayer=True, mulligan=rule)
    first, second = p_lands_in(3, 5), p_lands_in(2, 5)
    assert within(res.mulligans[7], first + (1 - first) * second)
    # a seven of 2 lands is kept only after the free one went back: as the second seven (2-5),
    # or a later one (a six's 2-5, a five's 2-6, a four always)
    kept_2, reached = 0.0, 1 - first
    for lo, hi in ((2, 5), (2, 5), (2, 6), (0, 7)):
        kept_2 += reached * p_lands_in(2, 2)
        reached *= 1 - p_lands_in(lo, hi)
    assert within(res.opening_lands[2], kept_2)


def test_103_5c_without_free_seven_the_first_seven_is_kept_as_any():
    """No free_seven: the free seven is kept with the seven's range, 2-5."""
    res = simulate(DECK, games=GAMES, turns=1, seed=5, multiplayer=True,
                   mulligan=MulliganPolicy({7: (2, 5), 6: (2, 5), 5: (2, 6)}))
    first = p_lands_in(2, 5)
    assert within(res.mulligans[7], first + (1 - first) * first)


def test_103_5_no_free_mulligan_never_asks_free_seven():
    """Two-player (no free mulligan): the rule with free_seven plays exactly as without it."""
    with_it = simulate(DECK, games=8_000, turns=3, seed=9, multiplayer=False,
                       mulligan=MulliganPolicy({7: (2, 5)}, free_seven=(3, 5)))
    without = simulate(DECK, games=8_000, turns=3, seed=9, multiplayer=False, mulligan=MulliganPolicy({7: (2, 5)}))
    assert (with_it.metrics["kept"] == without.metrics["kept"]).all()
    assert (with_it.metrics["lands"] == without.metrics["lands"]).all()


def test_karsten_rule_keeps_his_free_seven():
    assert MulliganPolicy.karsten().free_seven == (3, 5)
    assert MulliganPolicy.karsten() != MulliganPolicy({7: (2, 5), 6: (2, 5), 5: (2, 6)})


@pytest.mark.parametrize("bad, words", [((3,), "pair"), ((5, 3), "impossible"), ((0, 8), "impossible"),
                                        ("3-5", "pair"), ((True, 5), "pair")])
def test_free_seven_bad_input(bad, words):
    with pytest.raises(ArgumentError, match=words):
        MulliganPolicy({7: (2, 5)}, free_seven=bad)


def test_free_seven_with_a_rule_that_keeps_every_hand_is_refused():
    with pytest.raises(ArgumentError, match="keeps every hand"):
        MulliganPolicy({}, free_seven=(3, 5))
