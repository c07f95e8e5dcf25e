"""Playing on any `concurrent.futures.Executor` (`client=`): a process pool of 2 spawned workers
gives results bit-identical to one local thread, for `simulate` (on the play and on "both"),
`sweep` and `mana_base`, and is left open after the call; a thread pool too; a worker's
LimitError reaches the caller as itself; the tasks in flight are bounded and the pending ones
cancelled when the caller stops, and Ctrl-C keeps the chunks finished; a `client` of another
type is an ArgumentTypeError naming what is accepted. (Dask's `client.get_executor()` and a
LocalCluster: test_dask.py.)"""
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from mtgsim import ArgumentTypeError, Deck, LimitError, card, simulate
from mtgsim.cli import example_decks
from mtgsim.runner import CHUNK, chunk_rows
from mtgsim.simulate import game_setup

from elsewhere import FILLER, optimizer_agrees, same

SWARM = card("Test Swarm", "{0}", "Sorcery", abilities=[{"kind": "spell", "tokens": {"Treasure": 300}}])


@pytest.fixture(scope="module")
def pool():
    # (spawned, not forked: the test process has threads; and it is every platform's way)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as p:
        yield p


def test_simulate_on_a_process_pool_is_bit_identical_to_one_thread_and_leaves_it_open(pool):
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    local = simulate(deck, games=20_000, turns=8, seed=5, threads=1)
    assert same(local, simulate(deck, games=20_000, turns=8, seed=5, client=pool))
    both = simulate(deck, games=10_001, turns=6, seed=6, threads=1, on="both")
    remote = simulate(deck, games=10_001, turns=6, seed=6, client=pool, on="both")
    assert same(both, remote) and same(both.play, remote.play) and same(both.draw, remote.draw)
    assert pool.submit(pow, 2, 10).result() == 1024           # (the caller's pool: still open)


def test_sweep_and_mana_base_on_a_process_pool_are_bit_identical(pool):
    optimizer_agrees(pool, budget=500_000)


def test_simulate_on_a_thread_pool_is_bit_identical_to_one_thread():
    """(its workers share one process's cache of plans)"""
    deck = Deck.from_file(example_decks()["red_fire_crystal"])
    local = simulate(deck, games=30_000, turns=8, seed=7, threads=1)
    with ThreadPoolExecutor(3) as threads:
        assert same(local, simulate(deck, games=30_000, turns=8, seed=7, client=threads))


def test_a_limit_error_in_a_worker_reaches_the_caller_as_itself(pool):
    deck = Deck({"Forest": 20, SWARM: 40})                         # 300 Treasures a cast
    with pytest.raises(LimitError, match="simulate: a game went past a limit of the simulator: "
                                         "more than 255 permanents on the battlefield"):
        simulate(deck, games=50, turns=3, seed=1, client=pool)


class RecordingPool(Executor):
    """A one-thread pool that keeps every future it hands out."""
    _max_workers = 1        # (as the standard library's pools say their size)

    def __init__(self):
        self.inner, self.futures = ThreadPoolExecutor(1), []

    def submit(self, fn, /, *args, **kwargs):
        self.futures.append(self.inner.submit(fn, *args, **kwargs))
        return self.futures[-1]


def test_an_executor_has_a_bounded_number_of_tasks_in_flight_and_the_pending_ones_cancelled_on_exit():
    plan = game_setup(Deck.from_file(example_decks()["mono_green_henge"]), 10, None, None, None, ()).plan
    ex = RecordingPool()
    rows = chunk_rows(plan, np.random.SeedSequence(1), range(200), 200 * CHUNK, client=ex)
    batch, _ = next(rows)                 # (13 tasks of 16 chunks or fewer; 4 in flight for 1 worker)
    assert len(batch) == 16 and len(ex.futures) == 5
    rows.close()                          # (the caller stops: Ctrl-C, or an error of its own)
    assert sum(f.cancelled() for f in ex.futures) >= 3          # (all but the one running)
    ex.inner.shutdown()
    assert all(f.done() for f in ex.futures)


class CtrlCPool(RecordingPool):
    """Ctrl-C on the n-th task handed out, as it would arrive while the caller waits."""

    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def submit(self, fn, /, *args, **kwargs):
        if len(self.futures) + 1 == self.n:
            raise KeyboardInterrupt
        return super().submit(fn, *args, **kwargs)


def test_ctrl_c_on_an_executor_keeps_the_chunks_finished_and_cancels_the_rest():
    """The 6th task is asked for after the first task's rows are summed: chunks 0..15 (one
    worker plays them in order), the games of a run of 16 chunks, bit for bit."""
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    ex = CtrlCPool(6)
    res = simulate(deck, games=200 * CHUNK, seed=3, client=ex)
    assert res.interrupted and same(res, simulate(deck, games=16 * CHUNK, seed=3, threads=1))
    assert sum(f.cancelled() for f in ex.futures) >= 2          # (all but the one running)
    ex.inner.shutdown()


@pytest.mark.parametrize("client", [5, [], ProcessPoolExecutor])
def test_a_client_of_another_type_is_an_argument_type_error(client):
    deck = Deck({"Forest": 20, FILLER: 40})
    with pytest.raises(ArgumentTypeError, match="client must be a concurrent.futures.Executor, a "
                                                "dask.distributed.Client or a Dask scheduler's address, not "):
        simulate(deck, games=1000, client=client)
