"""Matchups from real results: reading match records (a CSV or JSON file, or rows given as
mappings) and each pair's Beta posterior for P(a deck wins one game against another).

A record is one row: deck, opponent, wins, losses and (optional) draws, the counts of the
deck's games against that opponent — one match's games (2, 1, 0) or a pair's aggregated
counts (31, 24, 1): the posterior is the same either way. A drawn game counts half won and
half lost. Rows of both directions are pooled (B's wins against A are A's losses), so
P(B beats A) = 1 - P(A beats B) by construction; a deck against itself is 0.5.

Game 1 and games 2 and 3 apart (best of three with sideboards, MTR 3.16): optional columns
post_board_wins, post_board_losses (and post_board_draws). When the rows have them, wins,
losses and draws are game 1's games and the post_board columns games 2 and 3's (after
sideboarding), and each gives the pair its own posterior: Matchups' `posteriors` for game 1,
`post_board_posteriors` for games 2 and 3 (a pair with no post-board games has none: its games 2 and 3
are played at its game-1 figure). Either count of a row may be 0, not both; every row has
the columns or none does (otherwise a row's wins would be ambiguous: game 1's, or every
game's). A pair with post-board games and no game-1 games has its game-1 posterior at the
prior (n 0).

The posterior: a prior Beta(2 prior m, 2 prior (1 - m)) — 2 prior pseudo-games at the rate
m — updated by the pair's games: Beta(2 prior m + wins + draws / 2, 2 prior (1 - m) + losses
+ draws / 2), its mean the estimate and its 2.5% and 97.5% quantiles the 95% interval. The
prior's mean m (`shrink`):
- "even": m = 1/2, Beta(prior, prior), shrinking a small sample toward an even matchup;
- "decks": toward what the two decks' overall results predict: each deck's overall rate
  w = (prior + won) / (2 prior + games) over all its games against other decks (mirrors
  left out; itself shrunk toward 1/2 by the same prior, so a deck with 2 games won of 2 is
  not at 100%), and m the log5 combination of a's and b's,
  m = w_a (1 - w_b) / (w_a (1 - w_b) + w_b (1 - w_a)) (Bill James's log5: the chance that
  a beats b when each plays the same average field at its rate). The same m serves game 1's
  and games 2 and 3's posterior; (b, a) is (a, b) flipped, so exactly the complement.

Counts of best-of-three matches instead (unit="matches", as most tournament results are
published): the posterior is then of P(win a match) = m, and the figure the game probability g
with g²(3 - 2g) = m (two wins before two losses, games independent: MTR 2.3), mean and
quantiles each mapped (the map increases, so the interval is the game probability's). A match
has no game 1 apart, so the post_board columns are refused with unit="matches"; "decks"
shrinks toward the log5 of the decks' match-win rates.
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

__all__ = ["COLUMNS", "DEFAULT_PRIOR", "POST_BOARD_COLUMNS", "SHRINKS", "UNITS", "Posterior", "game_from_match",
           "read_records", "pooled_posteriors"]

COLUMNS = ("deck", "opponent", "wins", "losses", "draws")     # draws may be left out (0)
POST_BOARD_COLUMNS = ("post_board_wins", "post_board_losses", "post_board_draws")   # optional: games 2 and 3
DEFAULT_PRIOR = 5.0         # Beta(5, 5): ten pseudo-games at 50%, a moderate pull toward even
UNITS = ("games", "matches")    # what the counts are: games, or best-of-three matches
SHRINKS = ("even", "decks")     # the prior's mean: 1/2, or the log5 of the two decks' overall rates


def game_from_match(m: float) -> float:
    """The probability g of winning a game whose best-of-three match is won with probability
    m = g²(3 - 2g) (MTR 2.3: the first to two wins; games independent). With g = 1/2 + t the
    cubic is t³ - 3t/4 + (m - 1/2)/2 = 0, whose root in [-1/2, 1/2] is
    cos(arccos(1 - 2m) / 3 - 2π/3)."""
    return 0.5 + math.cos(math.acos(min(1.0, max(-1.0, 1 - 2 * m))) / 3 - 2 * math.pi / 3)


@dataclass(frozen=True)
class Games:
    """A row's games won, lost and drawn (or matches, unit="matches")."""
    wins: int
    losses: int
    draws: int

    @property
    def n(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def won(self) -> float:
        """The games won, a draw half won."""
        return self.wins + self.draws / 2


@dataclass(frozen=True)
class Record:
    """One row read: the deck's games against the opponent — every game, or (when the rows
    count games 2 and 3 apart) game 1's, with games 2 and 3's in `post_board`."""
    deck: str
    opponent: str
    games: Games
    post_board: Games | None = None


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

    def game(self, p: float) -> float:
        """P(a wins one game) for the posterior's variable at p (of matches: game_from_match)."""
        return game_from_match(p) if self.unit == "matches" else p

    @property
    def value(self) -> float:
        """P(a wins one game): the posterior mean (of matches: the game probability it implies)."""
        return self.game(self.alpha / (self.alpha + self.beta))

    def estimate(self) -> Estimate:
        """P(a wins one game) and its central 95% interval, with the games (or matches) behind them."""
        return Estimate(self.value, self.game(beta_quantile(0.025, self.alpha, self.beta)),
                        self.game(beta_quantile(0.975, self.alpha, self.beta)), self.n)


def read_records(source, what: str = "Matchups.from_results", unit: str = "games") -> list[Record]:
    """The records of a CSV file (a header row naming the columns), a JSON file (a list of
    objects, or {"results": [...]}), or an iterable of mappings. Raises ArgumentError naming
    the file and line (or row) of a missing column, a name that is not text, a count that is
    not a whole number >= 0, a row with no games, the post_board columns in some rows only or
    with unit="matches"; an empty source too."""
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
    records = [_record(row, where, unit) for where, row in rows]
    if not records:
        raise ArgumentError(f"{path if path is not None else what}: no results: give rows of "
                            f"{', '.join(COLUMNS)}")
    for (where, _), r in zip(rows, records):
        if (r.post_board is None) != (records[0].post_board is None):
            raise ArgumentError(f"{where}: {'has' if r.post_board else 'has no'} post_board columns, unlike "
                                "the first: when rows count games 2 and 3 apart, every row must (its wins, "
                                "losses and draws being game 1's)")
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


_KNOWN = f"the columns: {', '.join(COLUMNS)}, and optionally {', '.join(POST_BOARD_COLUMNS)}"


def _record(row, where: str, unit: str) -> Record:
    if not isinstance(row, Mapping):
        raise ArgumentError(f"{where}: a result must be a mapping of {', '.join(COLUMNS)}, not {shown(row)}")
    unknown = sorted(str(k) for k in row if k not in COLUMNS + POST_BOARD_COLUMNS)
    if unknown:
        raise ArgumentError(f"{where}: unknown column {shown(unknown[0])} ({_KNOWN})")
    split = any(c in row for c in POST_BOARD_COLUMNS)
    if split and unit == "matches":
        raise ArgumentError(f"{where}: the post_board columns count games 2 and 3 apart from game 1, but with "
                            "unit=\"matches\" the counts are whole best-of-three matches, which have no game 1 "
                            "apart: count games (unit=\"games\"), or leave the post_board columns out")
    for column in COLUMNS[:4] + (POST_BOARD_COLUMNS[:2] if split else ()):
        if column not in row:
            raise ArgumentError(f"{where}: the column {column!r} is missing ({_KNOWN})")
    deck, opponent = (_name(row[c], f"{where}: {c}") for c in ("deck", "opponent"))
    games, post_board = (Games(*(_count(row.get(c, 0), f"{where}: {c}") for c in columns))
                         for columns in (COLUMNS[2:], POST_BOARD_COLUMNS))
    if games.n + post_board.n == 0:
        counted = "wins, losses, draws and the post_board columns" if split else "wins, losses and draws"
        raise ArgumentError(f"{where}: {deck} vs {opponent} with no games ({counted} all 0)")
    return Record(deck, opponent, games, post_board if split else None)


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


Pair = tuple[str, str]


def pooled_posteriors(records: list[Record], prior: float, unit: str = "games", shrink: str = "even"
                      ) -> tuple[dict[Pair, Posterior], dict[Pair, Posterior], dict[str, int]]:
    """({(a, b): Posterior} of game 1 (of every game, when the records do not count games 2
    and 3 apart) for every pair of two decks the records name, both directions (the second
    the first flipped); the same of games 2 and 3 for the pairs with post-board games; {deck:
    games} of the mirrors, whose figure is 0.5 whatever the counts, one of the two players
    winning each game)."""
    first: dict[Pair, tuple[float, int]] = {}      # (a, b) with a < b: a's games won (a draw half), games
    later: dict[Pair, tuple[float, int]] = {}      # the same of games 2 and 3
    decks: dict[str, tuple[float, int]] = {}       # a deck's games won and games against other decks
    mirrors: dict[str, int] = {}

    def add(tally: dict, key, won: float, n: int) -> None:
        w, m = tally.get(key, (0.0, 0))
        tally[key] = (w + won, m + n)

    for r in records:
        counts = [r.games] if r.post_board is None else [r.games, r.post_board]
        if r.deck == r.opponent:
            mirrors[r.deck] = mirrors.get(r.deck, 0) + sum(g.n for g in counts)
            continue
        a, b = sorted((r.deck, r.opponent))
        pair = (a, b)
        for tally, g in zip((first, later), counts):
            won = g.won if a == r.deck else g.n - g.won
            add(tally, pair, won, g.n)
            add(decks, a, won, g.n)
            add(decks, b, g.n - won, g.n)

    def rate(deck: str) -> float:
        won, n = decks[deck]
        return (prior + won) / (2 * prior + n)

    def posteriors(tally: dict) -> dict[Pair, Posterior]:
        out = {}
        for (a, b), (won, n) in tally.items():
            if tally is later and n == 0:
                continue                    # (no games 2 and 3: the pair plays them at its game-1 figure)
            m = 0.5 if shrink == "even" else _log5(rate(a), rate(b))
            post = Posterior(2 * prior * m + won, 2 * prior * (1 - m) + n - won, n, unit)
            out[(a, b)], out[(b, a)] = post, post.flipped()
        return out

    return posteriors(first), posteriors(later), mirrors


def _log5(wa: float, wb: float) -> float:
    """P(a beats b) from their rates against an average field (Bill James's log5)."""
    return wa * (1 - wb) / (wa * (1 - wb) + wb * (1 - wa))
