"""Optimization's economy: the games needed to pick the best of 7 land counts at 95% confidence
with common random numbers and racing, against independent runs without racing (doubling the
games per variant until the best is separated); and the throughput of simulate on 1 and 2
local Dask workers against plain threads.

    pip install -e ".[bench,dask]" && pytest benchmarks/test_bench_optimize.py -q --benchmark-only -s
"""
import pytest

from mtgsim import Deck, Objective, optimize, simulate
from mtgsim.cli import example_decks

HENGE = Deck.from_file(example_decks()["mono_green_henge"])
VARIANTS = optimize.land_counts(HENGE, range(18, 25), land="Forest", cut=["Kalonian Tusker", "Lovestruck Beast"])
OBJECTIVE = Objective.castable({"The Great Henge": 1}, turn=5) + Objective.cast_by({"The Great Henge": 1}, turn=6)
CAP = 2_000_000                  # games per variant at most, for the runs without racing


def _independent_games_to_separate() -> tuple[int, str]:
    games = 8192
    while True:
        r = optimize.sweep(VARIANTS, OBJECTIVE, games=games, turns=8, seed=2, crn=False, progress=False)
        if r.separated or games >= CAP:
            return games * len(VARIANTS), r.best
        games *= 2


def test_games_to_pick_the_best_land_count(benchmark):
    def crn_racing():
        return optimize.sweep(VARIANTS, OBJECTIVE, games=CAP, turns=8, seed=2, race=True, progress=False)
    r = benchmark.pedantic(crn_racing, rounds=1, iterations=1)
    independent, best = _independent_games_to_separate()
    benchmark.extra_info.update(crn_racing_games=r.games_used, crn_racing_best=r.best,
                                independent_games=independent, independent_best=best,
                                saving=independent / r.games_used)
    print(f"\nbest of 7 land counts at 95%: CRN + racing {r.games_used:,} games (best {r.best}); "
          f"independent runs, no racing {independent:,} games (best {best}): "
          f"{independent / r.games_used:.1f} times fewer")


@pytest.mark.parametrize("workers", [0, 1, 2])
def test_dask_throughput(benchmark, workers):
    """0: plain threads (2); 1 and 2: that many LocalCluster worker processes of one thread."""
    games = 200_000
    if workers == 0:
        benchmark.pedantic(simulate, args=(HENGE,), kwargs=dict(games=games, seed=1, threads=2),
                           rounds=3, iterations=1)
    else:
        distributed = pytest.importorskip("distributed")
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None, silence_logs=40) as cluster, \
                distributed.Client(cluster) as client:
            simulate(HENGE, games=4096, seed=1, client=client)          # (the plan reaches the workers)
            benchmark.pedantic(simulate, args=(HENGE,), kwargs=dict(games=games, seed=1, client=client),
                               rounds=3, iterations=1)
    benchmark.extra_info["games_per_second"] = games / benchmark.stats.stats.min
