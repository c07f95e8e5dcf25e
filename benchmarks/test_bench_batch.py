"""Batch evaluation speed: boards per second for 1,000,000 boards of 10–20 permanents.

    pip install -e ".[bench]" && pytest benchmarks -q --benchmark-only

Each figure is also put in the benchmark's extra_info as boards_per_second.
"""
import pytest

from boards import BOARD_CARDS, random_boards
from mtgsim.batch import evaluate_boards

N = 1_000_000
SIMPLE = [c for c in BOARD_CARDS if c != "Gruul Signet"]   # lands, creatures, Fire Crystal, Maro


@pytest.fixture(scope="module")
def simple_boards():
    return random_boards(N, seed=1, cards=SIMPLE)


@pytest.fixture(scope="module")
def mixed_boards():
    # a Signet on about one board in three: those boards take the general search
    return random_boards(N // 10, seed=2)


def _run(benchmark, batch, card, threads):
    out = evaluate_boards(batch, card, threads=threads)      # warm up, allocate once
    benchmark.pedantic(evaluate_boards, args=(batch, card), kwargs={"threads": threads, "out": out},
                       rounds=5, iterations=1)
    benchmark.extra_info["boards"] = batch.n_boards
    benchmark.extra_info["boards_per_second"] = batch.n_boards / benchmark.stats.stats.min


@pytest.mark.parametrize("card", ["Grizzly Bears", "The Great Henge"])
@pytest.mark.parametrize("threads", [1, 2])
def test_simple_boards(benchmark, simple_boards, card, threads):
    _run(benchmark, simple_boards, card, threads)


@pytest.mark.parametrize("threads", [1, 2])
def test_mixed_boards(benchmark, mixed_boards, threads):
    _run(benchmark, mixed_boards, "The Great Henge", threads)


@pytest.mark.parametrize("size", [5, 10, 20, 40])
def test_scaling_with_board_size(benchmark, size):
    """Time per board against the number of permanents on it (simple boards, one thread)."""
    batch = random_boards(N // 2, seed=3, lo=size, hi=size, cards=SIMPLE)
    _run(benchmark, batch, "Grizzly Bears", 1)
