"""Playing many Swiss events in the compiled kernel, chunk by chunk: the one loop that
`simulate_events` and `best_deck` share.

`Rules` holds an event's settings as the kernel takes them: each player's archetype, the
matchup tables (game 1's and games 2 and 3's: [2, arch, arch]), rounds, best of, top cut,
draws. `play_chunks` plays `events` events in seeded chunks of EVENTS_CHUNK (chunk c's
generator is the root's c-th child: the same numbers for any number of threads) and yields
each call's chunks: their event counts and output rows (laid out by `_meta.out_layout`).
`draw`, when given, makes each chunk's tables from its generator before its events are played
(matchups drawn from their posteriors): the chunk's numbers still depend only on the seed.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import numpy as np

from .. import _meta, checks
from ..errors import ArgumentError, ArgumentTypeError, shown
from ..runner import chunk_games, chunk_generator
from .field import recommended_rounds

__all__ = ["EVENTS_CHUNK", "Rules", "event_settings", "play_chunks", "posterior_draw"]

EVENTS_CHUNK = 64          # events per seeded chunk (fixed: results don't depend on threads)


@dataclass(frozen=True)
class Rules:
    """One event's settings, as the kernel takes them."""
    arch: np.ndarray            # int32 [players]: each player's archetype (an index into the tables)
    tables: np.ndarray          # float64 [2, arch, arch]: P(row wins a game on the play against column),
    rounds: int                 # game 1 (tables[0]) and games 2 and 3 (tables[1])
    best_of: int
    top_cut: int
    draw_rate: float
    intentional_draws: bool

    def with_tables(self, arch: np.ndarray, tables: np.ndarray) -> Rules:
        return replace(self, arch=np.ascontiguousarray(arch, dtype=np.int32),
                       tables=np.ascontiguousarray(tables, dtype=np.float64))

    def layout(self) -> dict:
        return _meta.out_layout(self.tables.shape[-1], self.rounds)


def event_settings(players: int, best_of, rounds, top_cut, draw_rate, intentional_draws) -> tuple:
    """(rounds, best_of, top_cut, draw_rate, intentional_draws) for an event of `players`,
    checked (rounds None: as MTR Appendix E recommends)."""
    if isinstance(best_of, bool) or not isinstance(best_of, int) or best_of < 1 or best_of % 2 == 0:
        raise ArgumentError(f"best_of must be an odd whole number (1, 3, 5), got {shown(best_of)}")
    if players > _meta.MAX_PLAYERS:
        raise ArgumentError(f"at most {_meta.MAX_PLAYERS:,} players, got {players:,}")
    if rounds is None:
        rounds = recommended_rounds(players)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= _meta.MAX_ROUNDS:
        raise ArgumentError(f"rounds must be 1..{_meta.MAX_ROUNDS} (or None: MTR Appendix E), got {shown(rounds)}")
    top_cut = checks.whole_number(top_cut, "top_cut", 0)
    if top_cut > players:
        raise ArgumentError(f"a top cut of {shown(top_cut)} is larger than the field of {players} players")
    if top_cut & (top_cut - 1):
        raise ArgumentError(f"top_cut must be 0 or a power of 2 (2, 4, 8, 16...), got {top_cut}")
    if isinstance(draw_rate, bool) or not isinstance(draw_rate, (int, float)) or not 0 <= draw_rate <= 1:
        raise ArgumentError(f"draw_rate must be a probability in [0, 1], got {shown(draw_rate)}")
    if not isinstance(intentional_draws, bool):
        raise ArgumentTypeError("intentional_draws must be True or False")
    return rounds, best_of, top_cut, float(draw_rate), intentional_draws


def play_chunks(rules: Rules, events: int, root: np.random.SeedSequence, threads: int, bar=None,
                draw: Callable[[np.random.Generator], np.ndarray] | None = None,
                first: int = 0) -> Iterator[tuple[range, np.ndarray, np.ndarray]]:
    """Yield (chunks, events per chunk, output rows) for the chunks first.. of a run of
    `events` events, threads * 8 chunks per kernel call; `bar` (tqdm) advanced by the events
    played; `draw(generator)` -> [2, arch, arch] tables per chunk (None: rules.tables)."""
    n_chunks = -(-events // EVENTS_CHUNK)
    per_call = max(1, threads) * 8
    size = rules.layout()["size"][0]
    for start in range(first, n_chunks, per_call):
        chunks = range(start, min(n_chunks, start + per_call))
        gens = [chunk_generator(root, c) for c in chunks]
        counts = np.array([chunk_games(events, c, EVENTS_CHUNK) for c in chunks], dtype=np.int64)
        tables = (rules.tables[None] if draw is None
                  else np.ascontiguousarray(np.stack([draw(g) for g in gens]), dtype=np.float64))
        out = np.zeros((len(chunks), size), dtype=np.int64)
        _meta.play_events(rules.arch, tables, rules.rounds, rules.best_of, rules.top_cut, rules.draw_rate,
                          rules.intentional_draws, gens, counts, out, threads)
        if bar is not None:
            bar.update(int(counts.sum()))
        yield chunks, counts, out


def posterior_draw(matchups, names: list[str]) -> Callable[[np.random.Generator], np.ndarray]:
    """`draw` for play_chunks with matchup_uncertainty: a chunk's [2, n, n] tables over `names`
    (game 1's, games 2 and 3's) drawn from the pairs' posteriors (Matchups.draw_matrices)."""
    if not matchups.uncertain:
        raise ArgumentError("matchup_uncertainty=True draws the matchups from their posteriors, and these have "
                            "none: read them from real results (Matchups.from_results; results = \"results.csv\" "
                            "in a field file)")

    def draw(generator: np.random.Generator) -> np.ndarray:
        return np.stack(matchups.draw_matrices(names, generator))
    return draw
