"""Matchups.draw_matrices: one metagame drawn from the results' posteriors (for carrying what the
results do not know into the figures): each pair's draws have its Beta posterior's exact mean and
variance (within a standard-error tolerance), best-of-three match posteriors map to the game figure
(MTR 2.3: g²(3 - 2g)), games 2 and 3 take the game-1 draw unless they have a posterior of their own
(MTR 3.16: sideboarding), fixed figures stay fixed, and the same seed gives the same matrices."""
import math

import numpy as np
import pytest

from mtgsim import meta
from mtgsim.meta.results_file import game_from_match

DRAWS = 20_000


def rows(*records):
    keys = ("deck", "opponent", "wins", "losses", "draws", "post_board_wins", "post_board_losses",
            "post_board_draws")
    return [dict(zip(keys, r)) for r in records]


def beta_moments(a: float, b: float) -> tuple[float, float]:
    """The exact mean and variance of Beta(a, b)."""
    return a / (a + b), a * b / ((a + b) ** 2 * (a + b + 1))


def assert_moments(x: np.ndarray, mean: float, variance: float, k: float = 5.0) -> None:
    """The sample's mean and variance within k standard errors of the exact ones (the variance's
    standard error from the sample's fourth central moment)."""
    n = len(x)
    d = x - x.mean()
    s2 = float(np.mean(d ** 2))
    assert abs(x.mean() - mean) < k * math.sqrt(variance / n), (x.mean(), mean)
    assert abs(s2 - variance) < k * math.sqrt((np.mean(d ** 4) - s2 ** 2) / n), (s2, variance)


def draws(mu: meta.Matchups, names: list[str], seed: int = 1, n: int = DRAWS) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    pairs = [mu.draw_matrices(names, rng) for _ in range(n)]
    return np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])


def test_each_pairs_draws_have_its_posteriors_exact_mean_and_variance():
    """A vs B 7-3 with Beta(5, 5): Beta(12, 8); B vs C 1-4 with Beta(2, 2): Beta(3, 6); C vs A
    typed 0.65 stays 0.65. (b, a) is 1 - (a, b) in every draw, the diagonal 0.5."""
    mu = meta.Matchups.from_results(rows(("A", "B", 7, 3, 0)))
    mu.update(meta.Matchups.from_results(rows(("B", "C", 1, 4, 0)), prior=2))
    mu.update(meta.Matchups({("C", "A"): 0.65}))
    assert mu.uncertain
    first, later = draws(mu, ["A", "B", "C"])
    assert_moments(first[:, 0, 1], *beta_moments(12, 8))
    assert_moments(first[:, 1, 2], *beta_moments(3, 6))
    assert np.all(first[:, 2, 0] == 0.65) and np.all(first[:, 0, 2] == pytest.approx(0.35, abs=1e-15))
    off = ~np.eye(3, dtype=bool)
    assert np.all((first + first.transpose(0, 2, 1))[:, off] == 1.0)
    assert np.all(first[:, ~off] == 0.5)
    assert np.array_equal(first, later)             # (no post-board figures: games 2 and 3 the same draw)


def test_a_match_posterior_is_drawn_and_mapped_to_the_game_figure():
    """unit="matches": 6 of 8 matches with Beta(5, 5) is P(win a match) ~ Beta(11, 7); each drawn
    game figure g has g²(3 - 2g) distributed so (MTR 2.3: the first to two wins)."""
    mu = meta.Matchups.from_results(rows(("A", "B", 6, 2, 0)), unit="matches")
    first, _ = draws(mu, ["A", "B"])
    g = first[:, 0, 1]
    assert_moments(g * g * (3 - 2 * g), *beta_moments(11, 7))


def test_the_stream_is_each_pair_once_sorted_game_1_first():
    """The draws are rng.beta over the sorted pairs (a < b) of game 1's posteriors, then of games 2
    and 3's: whatever the order of `names` and of the results, the same seed gives the same figures."""
    results = rows(("Red", "Blue", 4, 2, 0, 1, 3, 0), ("Green", "Red", 2, 2, 0, 2, 1, 0),
                   ("Blue", "Green", 5, 0, 0, 0, 0, 0))
    mu = meta.Matchups.from_results(results)
    first, later = mu.draw_matrices(["Red", "Green", "Blue"], np.random.default_rng(7))
    pairs = [("Blue", "Green"), ("Blue", "Red"), ("Green", "Red")]
    rng = np.random.default_rng(7)
    one = rng.beta([mu.posteriors[p].alpha for p in pairs], [mu.posteriors[p].beta for p in pairs])
    two = rng.beta([mu.post_board_posteriors[p].alpha for p in pairs[1:]],
                   [mu.post_board_posteriors[p].beta for p in pairs[1:]])
    at = {"Red": 0, "Green": 1, "Blue": 2}
    for (a, b), x in zip(pairs, one):
        assert first[at[a], at[b]] == x and first[at[b], at[a]] == 1 - x
    assert later[at["Blue"], at["Green"]] == one[0]            # (no games 2 and 3 counted: game 1's draw)
    for (a, b), x in zip(pairs[1:], two):
        assert later[at[a], at[b]] == x
    again = meta.Matchups.from_results(results[::-1]).draw_matrices(["Blue", "Red", "Green"],
                                                                   np.random.default_rng(7))
    order = [1, 2, 0]                                            # Red, Green, Blue in the second order
    assert np.array_equal(again[0][np.ix_(order, order)], first)
    assert np.array_equal(again[1][np.ix_(order, order)], later)


def test_the_same_seed_gives_the_same_matrices_and_the_next_draw_another():
    mu = meta.Matchups.from_results(rows(("A", "B", 7, 3, 0), ("B", "C", 2, 2, 0)))
    names = ["A", "B", "C"]
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    one, two = mu.draw_matrices(names, a), mu.draw_matrices(names, b)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    assert not np.array_equal(mu.draw_matrices(names, a)[0], one[0])


def test_games_2_and_3_are_drawn_from_their_own_posterior_or_take_the_game_1_draw():
    """A vs B: game 1 3-1 (Beta(8, 6)), games 2 and 3 1-5 (Beta(6, 10)), drawn apart; A vs C: game 1
    4-2 only, its games 2 and 3 the same draw as its game 1; B vs C: drawn in game 1, a typed 0.3
    after sideboarding stays 0.3; C vs D typed (0.6, 0.55) stays in both."""
    mu = meta.Matchups.from_results(rows(("A", "B", 3, 1, 0, 1, 5, 0), ("A", "C", 4, 2, 0, 0, 0, 0),
                                         ("B", "C", 2, 2, 0, 0, 0, 0)))
    mu.update(meta.Matchups({("C", "D"): (0.6, 0.55)}, post_board={("B", "C"): 0.3}))
    first, later = draws(mu, ["A", "B", "C", "D"])
    assert_moments(first[:, 0, 1], *beta_moments(8, 6))
    assert_moments(later[:, 0, 1], *beta_moments(6, 10))
    assert abs(np.corrcoef(first[:, 0, 1], later[:, 0, 1])[0, 1]) < 5 / math.sqrt(DRAWS)     # (independent)
    assert np.array_equal(first[:, 0, 2], later[:, 0, 2])
    assert_moments(first[:, 0, 2], *beta_moments(9, 7))
    assert_moments(first[:, 1, 2], *beta_moments(7, 7))
    assert np.all(later[:, 1, 2] == 0.3)
    assert np.all(first[:, 2, 3] == 0.6) and np.all(later[:, 3, 2] == pytest.approx(0.45, abs=1e-15))


def test_without_posteriors_the_matrices_are_the_fixed_ones():
    mu = meta.Matchups({("A", "B"): 0.6}, post_board={("A", "B"): 0.4})
    assert not mu.uncertain
    first, later = mu.draw_matrices(["A", "B"], np.random.default_rng(1))
    assert np.array_equal(first, mu.matrix(["A", "B"])) and np.array_equal(later, mu.matrix(["A", "B"], True))
    results = meta.Matchups.from_results(rows(("A", "B", 7, 3, 0)))
    results.update(meta.Matchups({("A", "B"): 0.55}))            # (a typed pair replaces its posterior)
    assert not results.uncertain
    with pytest.raises(TypeError, match="rng must be a numpy Generator"):
        mu.draw_matrices(["A", "B"], 1)


def test_game_from_match_keeps_a_draw_of_0_or_1_a_probability():
    """Beta draws of tiny priors may be exactly 0 or 1: their game figures are 0 and 1."""
    assert game_from_match(0.0) == pytest.approx(0.0, abs=1e-12)
    assert game_from_match(1.0) == pytest.approx(1.0, abs=1e-12)
