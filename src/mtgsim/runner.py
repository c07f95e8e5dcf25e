"""Playing a deck's games in seeded chunks: on local threads, mapped over a Dask cluster, or
on any `concurrent.futures.Executor`.

A run of n games is cut into chunks of CHUNK games; chunk c plays with the generator of the
c-th child of the run's root SeedSequence (`chunk_generator`), so a chunk's metrics depend on
its position only, never on which thread or worker played it, nor when. Whoever consumes
the chunks (`simulate` sums them; `optimize` keeps them per chunk) therefore gets the
bit-identical numbers for any number of threads, and on any number of Dask workers or
executor processes: int64 sums are exact in any order.

`GamePlan` is what the compiled core needs to play one deck (picklable: it is what a Dask
worker receives, once per run); `chunk_rows` yields the metric rows of the chunks asked for
as they finish. On a cluster, the plan is scattered to every worker once and the chunks go
out in tasks of a few chunks each, a bounded number in flight; a worker lost mid-run has its
tasks recomputed by the scheduler (they are pure functions of the plan and the chunk
positions), so nothing is lost and nothing changes. The tasks are named
"mtgsim-chunks-FIRST-LAST-RUN-JOB", which the dashboard groups as "mtgsim-chunks". On an
Executor (a process pool, Dask's `client.get_executor()`, mpi4py's MPIPoolExecutor) the
tasks are the same, a bounded number in flight; with no scatter, each task carries the plan
pickled (once per run: 22-66 KiB for the bundled decks), and a worker process keeps the last
PLANS_KEPT plans it unpickled, by a hash of their bytes, so it builds a plan's spec once, not
once per task. The library never creates, shuts down or closes an Executor or a Client it is
given (a scheduler address is its own connection, opened and closed around the run).
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field

import numpy as np

from . import _core
from .compile import Tables
from .errors import ArgumentTypeError, ClusterError, LimitError, MissingDependencyError, shown
from .smoother import HandSmoother

__all__ = ["CHUNK", "GamePlan", "chunk_count", "chunk_games", "chunk_generator", "chunk_rows", "cluster",
           "on_the_draw", "play_jobs"]

CHUNK = 2048            # games per seeded chunk (fixed: results don't depend on threads)
CONNECT_TIMEOUT = 10    # seconds to reach a scheduler given by its address
PLANS_KEPT = 16         # plans an executor's worker process keeps unpickled (an optimization's variants)


def chunk_generator(root: np.random.SeedSequence, c: int) -> np.random.Generator:
    """Chunk c's generator: root's c-th child seed (as `root.spawn(c + 1)[c]` gives it), made
    when the chunk is played, so memory stays flat however many chunks a run has."""
    child = np.random.SeedSequence(root.entropy, spawn_key=root.spawn_key + (c,), pool_size=root.pool_size)
    return np.random.Generator(np.random.PCG64(child))


def chunk_games(games: int, c: int, size: int = CHUNK, both: bool = False) -> int:
    """The games of chunk c in a run of `games` games in chunks of `size` (the last chunk may
    be short). `both` (a run on="both"): chunk c is on the play when c is even, on the draw
    when odd, and each half, ceil(games / 2) games on the play and floor(games / 2) on the draw,
    is laid out as a run of its own (its last chunk may be short); the halves' chunks
    alternate."""
    if both:
        games = (games + 1 - c % 2) // 2
        c //= 2
    return max(0, min(size, games - c * size))


def chunk_count(games: int, both: bool = False, size: int = CHUNK) -> int:
    """The chunks of a run of `games` games (`both`: an even number, as chunk_games lays out)."""
    return 2 * -(-((games + 1) // 2) // size) if both else -(-games // size)


def on_the_draw(chunks: Sequence[int]) -> np.ndarray:
    """Which of `chunks` (chunk indices) a run on="both" plays on the draw: the odd ones."""
    return np.asarray(chunks, dtype=np.int64) % 2 == 1


@dataclass(eq=False)
class GamePlan:
    """One deck's games as the compiled core plays them: the compiled tables, the library as
    CARD rows (its order is the deck positions the random draws pick from), the turns, who
    starts, the mulligan's keep ranges, the tracked cards' rows, the main colour, the play
    policy's arrays, the kind of game (commanders, multiplayer, starting life, a free first
    mulligan) and the hand smoother (mtgsim.smoother: Arena's best-of-one deal; None: seven
    draws); with
    `game_streams`, each game of a chunk draws from a stream of its own (so decks compared with
    common random numbers stay in step from game to game, whatever each game drew). Picklable;
    the kernel's spec is built once per process, on first use."""
    tables: Tables
    library: np.ndarray
    turns: int
    on_play: bool
    keep_lo: np.ndarray
    keep_hi: np.ndarray
    track_rows: np.ndarray
    color: int
    plays: dict
    keep_sources: bool
    game_streams: bool = False      # each game its own random stream (common random numbers)
    commander: tuple = ()           # the commanders' CARD rows: in the command zone (903.6)
    multiplayer: bool = False       # the first player draws on turn 1 (103.8c)
    starting_life: int = 20         # each player's (103.4; 903.7)
    castable_by: np.ndarray | None = None   # per hand size, the keep rule's castable condition (None: none)
    hand_smoother: HandSmoother | None = None    # how hands are dealt (None: seven draws)
    both: bool = False              # on="both": even chunks on the play, odd ones on the draw (on_play True)
    free_mulligan: bool = False     # the first mulligan is free (103.5c: multiplayer; 903.12g: Brawl)
    free_seven: tuple[int, int] | None = None   # the lands range of a seven sent back free (None: as any)
    _core_tables: _core.CoreTables | None = field(default=None, repr=False)
    _specs: dict = field(default_factory=dict, repr=False)     # {on_play: its GoldfishSpec}

    def spec(self, on_play: bool | None = None) -> _core.GoldfishSpec:
        """The kernel's spec of the plan's games (`on_play` given: of those on the play, True, or
        on the draw, False: the halves of a run on="both"), built on first use."""
        on_play = self.on_play if on_play is None else bool(on_play)
        if on_play not in self._specs:
            if self._core_tables is None:              # (the halves share the compiled tables)
                self._core_tables = _core.CoreTables(self.tables)
            spec = _core.GoldfishSpec(self._core_tables, self.library, self.turns,
                                      on_play, self.keep_lo, self.keep_hi, self.track_rows,
                                      self.color, self.plays, self.keep_sources, self.game_streams,
                                      self.commander, self.multiplayer, self.starting_life,
                                      castable_by=self.castable_by, free_mulligan=self.free_mulligan,
                                      free_seven=self.free_seven)
            if self.hand_smoother is not None:     # (its weights for the library's lands, as the core counts them)
                s = self.hand_smoother
                spec = _core.with_hand_smoother(spec, s.candidates, s.mulligans,
                                                s.weights(*_core.deck_land_count(spec)))
            self._specs[on_play] = spec
        return self._specs[on_play]

    @property
    def on(self) -> str:
        """Where its games start: "play", "draw" or "both" (mtgsim.play_draw)."""
        return "both" if self.both else "play" if self.on_play else "draw"

    @property
    def size(self) -> int:
        """The length of one chunk's metric row (`_core.metric_offsets`)."""
        return int(_core.metric_offsets(len(self.track_rows), self.turns)["size"][0])

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_core_tables"], state["_specs"] = None, {}      # (compiled objects: rebuilt where used)
        return state


def play(plan: GamePlan, root: np.random.SeedSequence, chunks: Sequence[int], games: int,
         threads: int = 1) -> np.ndarray:
    """The metric rows of `chunks` (chunk indices) of a run of `games` games, played here on
    `threads` threads: an int64 array (len(chunks), plan.size). Raises LimitError if a game
    went past a limit of the simulator (its metrics would be wrong)."""
    gens = [chunk_generator(root, c) for c in chunks]
    counts = np.array([chunk_games(games, c, both=plan.both) for c in chunks], dtype=np.int64)
    out = np.zeros((len(chunks), plan.size), dtype=np.int64)
    over = np.zeros(len(chunks), dtype=np.uint16)
    if plan.both:
        drawn = on_the_draw(chunks)
        for on_play, where in ((True, np.flatnonzero(~drawn)), (False, np.flatnonzero(drawn))):
            if not len(where):
                continue
            rows, flags = out[where], over[where]
            _core.run_chunks(plan.spec(on_play), [gens[i] for i in where], counts[where], rows, threads, flags)
            out[where], over[where] = rows, flags
    else:
        _core.run_chunks(plan.spec(), gens, counts, out, threads, over)
    if over.any():
        raise LimitError(f"simulate: a game went past a limit of the simulator: "
                         f"{_core.goldfish_overflow_message(int(np.bitwise_or.reduce(over)))}")
    return out


def chunk_rows(plan: GamePlan, root: np.random.SeedSequence, chunks: Sequence[int], games: int,
               threads: int = 1, client=None) -> Iterator[tuple[Sequence[int], np.ndarray]]:
    """Play `chunks` of a run of `games` games, yielding (chunk indices, their metric rows) a
    batch at a time, in the order they finish: on `threads` local threads, or, with `client`
    (a `dask.distributed.Client` or a `concurrent.futures.Executor`, as `cluster` gives it),
    on its workers."""
    for _, batch, rows in play_jobs([(None, plan, root, chunks, games)], threads, client):
        yield batch, rows


def play_jobs(jobs, threads: int = 1, client=None):
    """Play several runs' chunks — `jobs`: (key, plan, root, chunks, games) — yielding (key,
    chunk indices, metric rows) a batch at a time as they finish. Locally the jobs go one
    after the other on `threads` threads; on a cluster or an executor all are in flight
    together."""
    if isinstance(client, Executor):
        yield from _executor_rows(client, jobs)
        return
    if client is not None:
        yield from _cluster_rows(client, jobs)
        return
    for key, plan, root, chunks, games in jobs:
        # Batches grow (doubled while a call into the core takes under 0.05 s: the Python
        # between calls costs a few per cent on fast decks) so that Ctrl-C and a progress
        # bar still answer within a fraction of a second.
        per_thread = 4
        start = 0
        while start < len(chunks):
            batch = chunks[start:start + max(1, threads) * per_thread]
            began = time.perf_counter()
            rows = play(plan, root, batch, games, threads)
            if time.perf_counter() - began < 0.05 and per_thread < 64:
                per_thread *= 2
            yield key, batch, rows
            start += len(batch)


def _tasks(jobs, workers: int, ship) -> list[tuple]:
    """The jobs cut into tasks of a few chunks each (about four per worker, at most 16 chunks):
    (job index, key, ship(plan), root, chunks, games), each plan shipped once (`ship`: what the
    workers receive for it)."""
    total = sum(len(chunks) for *_, chunks, _ in jobs)
    per_task = max(1, min(16, total // (4 * workers)))
    shipped: dict[int, object] = {}
    tasks = []
    for j, (key, plan, root, chunks, games) in enumerate(jobs):
        if id(plan) not in shipped:
            shipped[id(plan)] = ship(plan)
        tasks += [(j, key, shipped[id(plan)], root, list(chunks[i:i + per_task]), games)
                  for i in range(0, len(chunks), per_task)]
    return tasks


def _play_task(plan: GamePlan, root: np.random.SeedSequence, chunks: list[int], games: int):
    """One cluster task: some chunks of a run, on the worker's thread."""
    return chunks, play(plan, root, chunks, games, 1)


def _cluster_rows(client, jobs) -> Iterator:
    from distributed import as_completed

    workers = max(1, sum(client.nthreads().values()))
    run = uuid.uuid4().hex[:16]         # (a task's key must be new to the scheduler)
    todo = iter(_tasks(jobs, workers, lambda plan: client.scatter(plan, broadcast=True, hash=False)))
    pending = as_completed()
    live: dict[object, object] = {}

    def submit() -> bool:
        task = next(todo, None)
        if task is None:
            return False
        j, key, plan, root, batch, games = task
        # (named for the dashboard, which groups tasks by the words before the first number:
        # "mtgsim-chunks"; the run and the job make the name unique)
        f = client.submit(_play_task, plan, root, batch, games, pure=False,
                          key=f"mtgsim-chunks-{batch[0]}-{batch[-1]}-{run}-{j}")
        live[f] = key
        pending.add(f)
        return True

    try:
        for _ in range(4 * workers):       # (a bounded number in flight: memory stays flat)
            if not submit():
                break
        for f in pending:
            batch, rows = f.result()
            key = live.pop(f)
            submit()
            yield key, batch, rows
    finally:
        client.cancel(list(live))


_plans: OrderedDict[str, GamePlan] = OrderedDict()     # an executor's worker: the plans it unpickled last
_plans_lock = threading.Lock()          # (a thread pool's workers share them)


def _executor_task(token: str, blob: bytes, root: np.random.SeedSequence, chunks: list[int], games: int):
    """One executor task: some chunks of a run, on the worker's thread; the plan is `blob`
    unpickled, or the one this process unpickled from the same bytes (`token`, their hash)
    before, whose kernel spec is already built."""
    with _plans_lock:
        plan = _plans.pop(token, None)
        if plan is None:
            plan = pickle.loads(blob)
        _plans[token] = plan                # (the most recently used last)
        while len(_plans) > PLANS_KEPT:
            _plans.popitem(last=False)
    return chunks, play(plan, root, chunks, games, 1)


def _pickled(plan: GamePlan) -> tuple[str, bytes]:
    blob = pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL)
    return hashlib.blake2b(blob, digest_size=16).hexdigest(), blob


def _pool_size(executor: Executor) -> int:
    """How many tasks `executor` runs at once, as far as it says: the standard library's
    pools (and mpi4py's) their max_workers, Dask's get_executor() its cluster's threads; else
    this machine's cores. Only the task size and the number in flight depend on it, never a
    result."""
    n = getattr(executor, "_max_workers", None) or getattr(executor, "num_workers", None)
    client = getattr(executor, "_client", None)        # (dask's ClientExecutor)
    if not isinstance(n, int) and client is not None and callable(getattr(client, "nthreads", None)):
        n = sum(client.nthreads().values())
    return n if isinstance(n, int) and n > 0 else os.cpu_count() or 1


def _executor_rows(executor: Executor, jobs) -> Iterator:
    workers = _pool_size(executor)
    todo = iter(_tasks(jobs, workers, _pickled))
    live: dict[Future, object] = {}

    def submit() -> bool:
        task = next(todo, None)
        if task is None:
            return False
        _, key, (token, blob), root, batch, games = task
        live[executor.submit(_executor_task, token, blob, root, batch, games)] = key
        return True

    try:
        for _ in range(4 * workers):       # (a bounded number in flight: memory stays flat)
            if not submit():
                break
        while live:
            done, _ = wait(live, return_when=FIRST_COMPLETED)
            for f in done:
                key = live.pop(f)
                batch, rows = f.result()        # (a worker's error, LimitError, raised here as itself)
                submit()
                yield key, batch, rows
    finally:
        for waiting in live:        # (those not started; the running ones finish, their rows unread)
            waiting.cancel()


@contextlib.contextmanager
def cluster(client):
    """Where `client=` plays: None stays None (play locally); a `concurrent.futures.Executor`
    or a `dask.distributed.Client` is used as it is (never shut down nor closed: it is the
    caller's); a scheduler address ("tcp://host:8786") is connected to for the run and closed
    after it, and one out of reach is a ClusterError within CONNECT_TIMEOUT. Anything else is
    an ArgumentTypeError."""
    if client is None or isinstance(client, Executor):
        yield client
        return
    if not isinstance(client, str):
        dask_client = getattr(sys.modules.get("distributed"), "Client", None)   # (imported if one exists)
        if dask_client is not None and isinstance(client, dask_client):
            yield client
            return
        raise ArgumentTypeError(f"client must be a concurrent.futures.Executor, a dask.distributed.Client "
                                f"or a Dask scheduler's address, not {type(client).__name__}")
    try:
        import distributed
    except ImportError:
        raise MissingDependencyError("playing on a Dask cluster needs dask.distributed: "
                                     'pip install "mtgsim[dask]"') from None
    try:
        c = distributed.Client(client, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"could not reach the Dask scheduler at {shown(client)} within "
                           f"{CONNECT_TIMEOUT} s: {e}") from None
    try:
        yield c
    finally:
        c.close()
