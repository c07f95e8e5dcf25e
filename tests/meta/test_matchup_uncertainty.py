"""simulate_events(..., matchup_uncertainty=True): each chunk of events at matchups drawn from
the pairs' posteriors (Matchups.from_results), so that the intervals include what the results
don't know (meta/spread.py) — checked against the exact posterior of a one-match event."""
import math

import pytest

from mtgsim import ArgumentError, meta

ROWS = [{"deck": "A", "opponent": "B", "wins": 12, "losses": 8}]       # Beta(5 + 12, 5 + 8) under prior 5


def beta_moment(a: float, b: float, k: int) -> float:
    """E[p^k] for p ~ Beta(a, b)."""
    return math.prod((a + i) / (a + b + i) for i in range(k))


def match_win_moments(a: float, b: float) -> tuple[float, float]:
    """Mean and variance of f(p) = p²(3 - 2p), P(win a best-of-three match: MTR 2.3), p ~ Beta(a, b)."""
    m = [beta_moment(a, b, k) for k in range(7)]
    mean = 3 * m[2] - 2 * m[3]
    square = 9 * m[4] - 12 * m[5] + 4 * m[6]
    return mean, square - mean * mean


def test_a_one_match_event_s_p_win_is_the_posterior_mean_with_the_posterior_s_spread():
    """Two players, one round, no top cut: A wins the event when it wins the match, f(p) with p
    the game-win probability. Drawn from Beta(17, 13) per chunk, P(win) is E[f(p)] and its 95%
    interval ±1.96 sd(f(p)) (the simulation's noise of the mean is small beside it)."""
    mu = meta.Matchups.from_results(ROWS)
    field = meta.Field.counts({"A": 1, "B": 1})
    res = meta.simulate_events(field, mu, events=100_000, rounds=1, top_cut=0, seed=4, progress=False,
                               matchup_uncertainty=True)
    mean, var = match_win_moments(17, 13)
    e = res.p_win("A")
    chunks = res.spread.k[0, 0]
    noise = math.sqrt((var + 0.25 / 64) / chunks)              # the chunks' mean's standard error, about
    assert abs(e.value - mean) < 4 * noise
    half = (e.high - e.low) / 2
    assert half == pytest.approx(1.96 * math.sqrt(var), rel=0.1)
    # without the uncertainty the interval is the simulation's noise only: far narrower
    plain = meta.simulate_events(field, mu, events=100_000, rounds=1, top_cut=0, seed=4, progress=False).p_win("A")
    assert (plain.high - plain.low) / 2 < half / 20
    assert "matchup uncertainty: 1 pair from results drawn from its posterior" in res.summary()
    assert res.to_dict()["matchups_drawn_from_posteriors"] == ["A vs B"]


def test_the_same_numbers_for_any_number_of_threads():
    mu = meta.Matchups.from_results(ROWS + [{"deck": "A", "opponent": "C", "wins": 3, "losses": 9}])
    field = meta.Field({"A": 0.4, "B": 0.3, "C": 0.3}, players=32)
    one, two = (meta.simulate_events(field, mu, events=2_000, seed=9, threads=t, progress=False,
                                     matchup_uncertainty=True) for t in (1, 2))
    assert (one._totals == two._totals).all() and one.summary() == two.summary()


def test_matchups_without_posteriors_are_refused():
    with pytest.raises(ArgumentError, match="read them from real results"):
        meta.simulate_events(meta.Field({"A": 0.5, "B": 0.5}, players=8), meta.Matchups({("A", "B"): 0.6}),
                             events=64, progress=False, matchup_uncertainty=True)
