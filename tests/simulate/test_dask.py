"""Playing on a Dask cluster (`client=`): a `dask.distributed.LocalCluster` of 2 worker
processes started here gives results bit-identical to a local run, for `simulate`, `sweep`
and `mana_base`, as its `client.get_executor()` and a process pool do, and the caller's client
and executor stay open; its tasks are named for the dashboard; a worker lost mid-run has its
chunks recomputed; a scheduler out of reach is a clear error within the timeout. Skipped, with
the reason, without the `dask` extra (`.ci/run` installs it, so these run in CI)."""
import multiprocessing
import re
import threading
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from mtgsim import ClusterError, Deck, simulate
from mtgsim.cli import example_decks
from mtgsim.runner import chunk_count

from elsewhere import FILLER, optimizer_agrees, same

distributed = pytest.importorskip("distributed", reason='the dask extra is not installed (pip install "mtgsim[dask]")')



@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as c:
        yield c


def test_simulate_on_the_cluster_is_bit_identical_to_a_local_run(client):
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    local = simulate(deck, games=30_000, turns=8, seed=5, threads=2)
    remote = simulate(deck, games=30_000, turns=8, seed=5, client=client)
    assert same(local, remote)


def test_one_thread_a_process_pool_the_cluster_and_its_executor_give_the_same_bits(client):
    deck = Deck.from_file(example_decks()["red_fire_crystal"])
    kw = dict(games=30_000, turns=8, seed=9)
    local = simulate(deck, threads=1, **kw)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert same(local, simulate(deck, client=pool, **kw))
    executor = client.get_executor()
    assert same(local, simulate(deck, client=client, **kw))
    assert same(local, simulate(deck, client=executor, **kw))
    assert client.status == "running" and client.submit(pow, 2, 10).result() == 1024     # (the caller's: open)
    assert executor.submit(pow, 2, 11).result() == 2048


def test_the_clusters_tasks_are_named_for_its_dashboard(client):
    """mtgsim-chunks-FIRST-LAST-RUN-JOB, which the dashboard groups as "mtgsim-chunks"."""
    from dask.utils import key_split
    deck = Deck({"Forest": 20, FILLER: 40})
    with distributed.get_task_stream(client) as stream:
        simulate(deck, games=60_000, turns=3, seed=2, client=client)
    keys = [t["key"] for t in stream.data]
    assert keys and {key_split(k) for k in keys} == {"mtgsim-chunks"}
    spans = [re.fullmatch(r"mtgsim-chunks-(\d+)-(\d+)-[0-9a-f]{16}-0", k) for k in keys]
    assert all(spans)
    assert sorted(c for m in spans for c in range(int(m[1]), int(m[2]) + 1)) == list(range(chunk_count(60_000)))


def test_a_run_on_both_on_the_cluster_is_bit_identical_to_a_local_run(client):
    """mtgsim.play_draw: its halves (even chunks on the play, odd ones on the draw) whoever plays them."""
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    local = simulate(deck, games=20_001, turns=6, seed=6, threads=2, on="both")
    remote = simulate(deck, games=20_001, turns=6, seed=6, client=client, on="both")
    assert same(local, remote) and same(local.play, remote.play) and same(local.draw, remote.draw)


def test_sweep_and_mana_base_on_the_cluster_are_bit_identical(client):
    optimizer_agrees(client, budget=2_000_000)


def test_a_worker_lost_mid_run_has_its_chunks_recomputed(client):
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    local = simulate(deck, games=120_000, turns=10, seed=8, threads=2)
    out = {}
    run = threading.Thread(target=lambda: out.setdefault("r", simulate(deck, games=120_000, turns=10, seed=8,
                                                                       client=client)))
    run.start()
    time.sleep(0.5)
    assert "r" not in out                         # (mid-run)
    victim = sorted(client.scheduler_info()["workers"])[0]
    client.restart_workers([victim])              # (its tasks in flight are lost, and rescheduled)
    run.join(timeout=120)
    assert not run.is_alive()
    assert same(local, out["r"])


def test_an_unreachable_scheduler_is_a_clear_error_within_the_timeout():
    began = time.monotonic()
    with pytest.raises(ClusterError, match="could not reach the Dask scheduler at 'tcp://127.0.0.1:9'"):
        simulate(Deck({"Forest": 20, FILLER: 40}), games=1000, client="tcp://127.0.0.1:9")
    assert time.monotonic() - began < 30
