"""Matchups from real results: reading match records (a CSV or JSON file, or rows given as
mappings) and each pair's Beta posterior for P(a deck wins one game against another).

A record is one row: deck, opponent, wins, losses and (optional) draws, the counts of the
deck's games against that opponent — one match's games (2, 1, 0) or a pair's aggregated
counts (31, 24, 1): the posterior is the same either way. A drawn game counts half won and
half lost. Rows of both directions are pooled (B's wins against A are A's losses), so
P(B beats A) = 1 - P(A beats B) by construction; a deck against itself is 0.5.

The posterior: a prior Beta(prior, prior) — `prior` pseudo-games won and as many lost,
shrinking a small sample toward an even matchup — updated by the pair's games:
Beta(prior + wins + draws / 2, prior + losses + draws / 2), its mean the estimate and its
2.5% and 97.5% quantiles the 95% interval.

Counts of best-of-three matches instead (unit="matches", as most tournament results are
published): the posterior is then of P(win a match) = m, and the figure the game probability g
with g²(3 - 2g) = m (two wins before two losses, games independent: MTR 2.3), mean and
quantiles each mapped (the map increases, so the interval is the game probability's).
"""
from __future__ import annotations

import csv
import json
import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .. import checks
from ..errors import ArgumentError, ArgumentTypeError, shown
from ..files import input_path, read_text
from ..optimize.stats import beta_quantile
from ..simulate import Estimate

__all__ = ["COLUMNS", "DEFAULT_PRIOR", "UNITS", "Posterior", "game_from_match", "read_records", "pooled_posteriors"]

COLUMNS = ("deck", "opponent", "wins", "losses", "draws")     # draws may be left out (0)
DEFAULT_PRIOR = 5.0         # Beta(5, 5): ten pseudo-games at 50%, a moderate pull toward even
UNITS = ("games", "matches")    # what the counts are: games, or best-of-three matches


def game_from_match(m: float) -> float:
    """The probability g of winning a game whose best-of-three match is won with probability
    m = g²(3 - 2g) (MTR 2.3: the first to two wins; games independent). With g = 1/2 + t the
    cubic is t³ - 3t/4 + (m - 1/2)/2 = 0, whose root in [-1/2, 1/2] is
    cos(arccos(1 - 2m) / 3 - 2π/3)."""
    return 0.5 + math.cos(math.acos(min(1.0, max(-1.0, 1 - 2 * m))) / 3 - 2 * math.pi / 3)


@dataclass(frozen=True)
class Record:
    """One row read: the deck's games against the opponent."""
    deck: str
    opponent: str
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True)
class Posterior:
    """Beta(alpha, beta) for P(a wins one game, or one best-of-three match, against b), from n
    games or matches (`unit`)."""
    alpha: float
    beta: float
    n: int
    unit: str = "games"

    def flipped(self) -> Posterior:
        """The same games seen from the opponent's side: P(b wins) = 1 - P(a wins)."""
        return Posterior(self.beta, self.alpha, self.n, self.unit)

    def _game(self, p: float) -> float:
        return game_from_match(p) if self.unit == "matches" else p

    @property
    def value(self) -> float:
        """P(a wins one game): the posterior mean (of matches: the game probability it implies)."""
        return self._game(self.alpha / (self.alpha + self.beta))

    def estimate(self) -> Estimate:
        """P(a wins one game) and its central 95% interval, with the games (or matches) behind them."""
        return Estimate(self.value, self._game(beta_quantile(0.025, self.alpha, self.beta)),
                        self._game(beta_quantile(0.975, self.alpha, self.beta)), self.n)


def read_records(source, what: str = "Matchups.from_results") -> list[Record]:
    """The records of a CSV file (a header row naming the columns), a JSON file (a list of
    objects, or {"results": [...]}), or an iterable of mappings. Raises ArgumentError naming
    the file and line (or row) of a missing column, a name that is not text, a count that is
    not a whole number >= 0, a row with no games; an empty source too."""
    if isinstance(source, (str, os.PathLike)):
        path = Path(input_path(source, f"{what}: path"))
        try:
            text = read_text(path, lambda message: ArgumentError(f"{path}: {message}"))
        except OSError as e:
            raise ArgumentError(f"{path}: {e.strerror}") from None
        rows = _json_rows(text, path) if path.suffix.lower() == ".json" else _csv_rows(text, path)
    elif isinstance(source, Iterable) and not isinstance(source, (bytes, Mapping)):
        rows = [(f"{what}: row {i}", r) for i, r in enumerate(source, start=1)]
        path = None
    else:
        raise ArgumentTypeError(f"{what}: give a CSV or JSON file's path, or rows (mappings with "
                                f"{', '.join(COLUMNS)}), not {type(source).__name__}")
    records = [_record(row, where) for where, row in rows]
    if not records:
        raise ArgumentError(f"{path if path is not None else what}: no results: give rows of "
                            f"{', '.join(COLUMNS)}")
    return records


def _csv_rows(text: str, path: Path) -> list[tuple[str, dict]]:
    try:
        lines = [(i, r) for i, r in enumerate(csv.reader(text.splitlines()), start=1) if any(c.strip() for c in r)]
    except csv.Error as e:
        raise ArgumentError(f"{path}: not a CSV table: {e}") from None
    if not lines:
        return []
    header = [c.strip().lower() for c in lines[0][1]]
    out = []
    for i, r in lines[1:]:
        if len(r) != len(header):
            raise ArgumentError(f"{path}, line {i}: {len(r)} cells for the header's {len(header)} columns")
        out.append((f"{path}, line {i}", dict(zip(header, (c.strip() for c in r)))))
    return out


def _json_rows(text: str, path: Path) -> list[tuple[str, object]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ArgumentError(f"{path}, line {e.lineno}: not valid JSON: {e.msg}") from None
    if isinstance(data, dict) and "results" in data:
        data = data["results"]
    if not isinstance(data, list):
        raise ArgumentError(f"{path}: give a list of results (objects with {', '.join(COLUMNS)}), "
                            f"or {{\"results\": [...]}}")
    return [(f"{path}, result {i}", r) for i, r in enumerate(data, start=1)]


def _record(row, where: str) -> Record:
    if not isinstance(row, Mapping):
        raise ArgumentError(f"{where}: a result must be a mapping of {', '.join(COLUMNS)}, not {shown(row)}")
    unknown = sorted(str(k) for k in row if k not in COLUMNS)
    if unknown:
        raise ArgumentError(f"{where}: unknown column {shown(unknown[0])} (the columns: {', '.join(COLUMNS)})")
    for column in COLUMNS[:4]:
        if column not in row:
            raise ArgumentError(f"{where}: the column {column!r} is missing (the columns: {', '.join(COLUMNS)})")
    deck, opponent = (_name(row[c], f"{where}: {c}") for c in ("deck", "opponent"))
    wins, losses = (_count(row[c], f"{where}: {c}") for c in ("wins", "losses"))
    draws = _count(row.get("draws", 0), f"{where}: draws")
    if wins + losses + draws == 0:
        raise ArgumentError(f"{where}: {deck} vs {opponent} with no games (wins, losses and draws all 0)")
    return Record(deck, opponent, wins, losses, draws)


def _name(value, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ArgumentError(f"{where}: a deck's name must be text, not {shown(value)}")
    return value.strip()


def _count(value, where: str) -> int:
    """A whole number of games >= 0: an int, or text of one (a CSV cell; "" is 0)."""
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return 0
        if not text.isdigit():
            raise ArgumentError(f"{where}: {shown(value)} is not a whole number of games >= 0")
        return int(text)
    return checks.whole_number(value, f"{where}: a number of games", 0)


def pooled_posteriors(records: list[Record], prior: float,
                      unit: str = "games") -> tuple[dict[tuple[str, str], Posterior], dict[str, int]]:
    """({(a, b): Posterior} for every pair of two decks the records name, both directions (the
    second the first flipped); {deck: games} of the mirrors, whose figure is 0.5 whatever the
    counts, one of the two players winning each game)."""
    won: dict[tuple[str, str], float] = {}        # (a, b) with a < b: a's games won, a draw half
    games: dict[tuple[str, str], int] = {}
    mirrors: dict[str, int] = {}
    for r in records:
        n = r.wins + r.losses + r.draws
        if r.deck == r.opponent:
            mirrors[r.deck] = mirrors.get(r.deck, 0) + n
            continue
        a, b = sorted((r.deck, r.opponent))
        pair = (a, b)
        won[pair] = won.get(pair, 0.0) + (r.wins if a == r.deck else r.losses) + r.draws / 2
        games[pair] = games.get(pair, 0) + n
    out = {}
    for (a, b), n in games.items():
        post = Posterior(prior + won[(a, b)], prior + n - won[(a, b)], n, unit)
        out[(a, b)], out[(b, a)] = post, post.flipped()
    return out, mirrors
