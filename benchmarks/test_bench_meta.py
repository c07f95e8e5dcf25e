"""Tournament speed: 256-player events of 8 Swiss rounds and a top 8, best of three, with the
full pairing rules, in matches per second on one core, beside the plain Python Swiss simulator
of swiss_python.py measured in the same run; and how time per event grows with players.

    pip install -e ".[bench]" && pytest benchmarks/test_bench_meta.py -q --benchmark-only -s
"""
import pytest
from swiss_python import matches_per_second

from mtgsim import meta

MU = meta.Matchups({("A", "B"): 0.55, ("A", "C"): 0.45, ("B", "D"): 0.6})


def _field(players):
    return meta.Field({"A": 0.25, "B": 0.25, "C": 0.25, "D": 0.25}, players=players, other=None)


def test_python_yardstick(benchmark):
    mps = benchmark.pedantic(matches_per_second, rounds=1, iterations=1)
    benchmark.extra_info["matches_per_second"] = mps
    print(f"\nplain Python Swiss: {mps:,.0f} matches per second")


def test_256_players_8_rounds_top_8(benchmark):
    events = 20_000
    benchmark.pedantic(meta.simulate_events, args=(_field(256), MU),
                       kwargs=dict(events=events, rounds=8, top_cut=8, seed=1, threads=1, progress=False),
                       rounds=3, iterations=1)
    mps = events * 8 * 128 / benchmark.stats.stats.min
    benchmark.extra_info["matches_per_second"] = mps
    print(f"\nmtgsim Swiss, 256 players, 8 rounds + top 8, one core: {mps:,.0f} matches per second")


@pytest.mark.parametrize("players", [32, 128, 512, 1024, 4096])
def test_scaling_with_players(benchmark, players):
    events = max(20, 400_000 // players)
    rounds = meta.recommended_rounds(players)
    benchmark.pedantic(meta.simulate_events, args=(_field(players), MU),
                       kwargs=dict(events=events, seed=1, threads=1, progress=False), rounds=1, iterations=1)
    per_event = benchmark.stats.stats.min / events
    benchmark.extra_info.update(seconds_per_event=per_event, rounds=rounds,
                                matches_per_second=events * rounds * (players // 2) / benchmark.stats.stats.min)
    print(f"\n{players} players, {rounds} rounds: {1e6 * per_event:,.0f} µs per event")


def test_best_deck_20_candidates_256_players(benchmark):
    """Issue 33's target: which of 20 decks to bring to a 256-player field (every deck 5%, 8
    rounds + top 8; matchups a seeded draw around even, sd 0.08, as real matrices spread),
    raced to a separated answer in under a minute on one core."""
    import numpy as np
    rng = np.random.default_rng(7)
    names = [f"Deck {i:02d}" for i in range(20)]
    mu = meta.Matchups({(a, b): float(np.clip(rng.normal(0.5, 0.08), 0.2, 0.8))
                        for i, a in enumerate(names) for b in names[i + 1:]})
    field = meta.Field({n: 0.05 for n in names}, players=256, other=None)
    r = benchmark.pedantic(meta.best_deck, args=(field, mu),
                           kwargs=dict(events=50_000, rounds=8, seed=1, threads=1, progress=False),
                           rounds=1, iterations=1)
    seconds = benchmark.stats.stats.min
    used = sum(c.events for c in r.contenders)
    benchmark.extra_info.update(seconds=seconds, separated=r.separated, events=used, best=r.best)
    print(f"\nbest deck of 20 in a 256-player field, one core: {r.best}, separated={r.separated}, "
          f"{used:,} events in {seconds:.1f} s")
    assert r.separated
