"""Playing a deck's games in seeded chunks: on local threads, or mapped over a Dask cluster.

A run of n games is cut into chunks of CHUNK games; chunk c plays with the generator of the
c-th child of the run's root SeedSequence (`chunk_generator`), so a chunk's metrics depend on
its position only, never on which thread or worker played it, nor when. Whoever consumes
the chunks (`simulate` sums them; `optimize` keeps them per chunk) therefore gets the
bit-identical numbers for any number of threads, and on any number of Dask workers: int64
sums are exact in any order.

`GamePlan` is what the compiled core needs to play one deck (picklable: it is what a Dask
worker receives, once per run); `chunk_rows` yields the metric rows of the chunks asked for
as they finish. On a cluster, the plan is scattered to every worker once and the chunks go
out in tasks of a few chunks each, a bounded number in flight; a worker lost mid-run has its
tasks recomputed by the scheduler (they are pure functions of the plan and the chunk
positions), so nothing is lost and nothing changes.
"""
from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
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
    (a `dask.distributed.Client`), on the cluster's workers."""
    for _, batch, rows in play_jobs([(None, plan, root, chunks, games)], threads, client):
        yield batch, rows


def play_jobs(jobs, threads: int = 1, client=None):
    """Play several runs' chunks — `jobs`: (key, plan, root, chunks, games) — yielding (key,
    chunk indices, metric rows) a batch at a time as they finish. Locally the jobs go one
    after the other on `threads` threads; on a cluster all are in flight together."""
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


def _play_task(plan: GamePlan, root: np.random.SeedSequence, chunks: list[int], games: int):
    """One cluster task: some chunks of a run, on the worker's thread."""
    return chunks, play(plan, root, chunks, games, 1)


def _cluster_rows(client, jobs) -> Iterator:
    from distributed import as_completed

    workers = max(1, sum(client.nthreads().values()))
    total = sum(len(chunks) for *_, chunks, _ in jobs)
    per_task = max(1, min(16, total // (4 * workers)))
    shared: dict[int, object] = {}
    tasks = []
    for key, plan, root, chunks, games in jobs:
        if id(plan) not in shared:        # (each plan goes to every worker once)
            shared[id(plan)] = client.scatter(plan, broadcast=True, hash=False)
        tasks += [(key, shared[id(plan)], root, list(chunks[i:i + per_task]), games)
                  for i in range(0, len(chunks), per_task)]
    todo = iter(tasks)
    pending = as_completed()
    live: dict[object, object] = {}

    def submit() -> bool:
        task = next(todo, None)
        if task is None:
            return False
        key, plan, root, batch, games = task
        f = client.submit(_play_task, plan, root, batch, games, pure=False)
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


@contextlib.contextmanager
def cluster(client):
    """`client` as a `dask.distributed.Client`: None stays None (play locally), a Client is
    used as it is, and a scheduler address ("tcp://host:8786") is connected to for the run
    and closed after it; a scheduler out of reach is a ClusterError within CONNECT_TIMEOUT."""
    if client is None:
        yield None
        return
    try:
        import distributed
    except ImportError:
        raise MissingDependencyError("playing on a Dask cluster needs dask.distributed: "
                                     'pip install "mtgsim[dask]"') from None
    if isinstance(client, distributed.Client):
        yield client
        return
    if not isinstance(client, str):
        raise ArgumentTypeError(f"client must be a dask.distributed.Client or a scheduler address, "
                                f"not {type(client).__name__}")
    try:
        c = distributed.Client(client, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"could not reach the Dask scheduler at {shown(client)} within "
                           f"{CONNECT_TIMEOUT} s: {e}") from None
    try:
        yield c
    finally:
        c.close()
