"""Matchups: the probability that one archetype wins one game against another — one figure, or
a pair for being on the play and on the draw — given as a mapping or read from a CSV table.

Best of three with sideboards: game 1 is played with the main decks, games 2 and 3 after
sideboarding (MTR 3.16: a sideboard's cards may be used in the games after the first).
`post_board` gives a pair's figure for games 2 and 3 apart; a pair without one plays them at
its game-1 figure.

`from_results(path_or_rows)` estimates the pairs from real match records, each a Beta
posterior with its sample size (meta/results_file.py; game 1 and games 2 and 3 apart where the
records count them apart); `estimate(a, b)` gives a pair's figure with its 95% interval and n,
and `table()` every pair's with where it came from ("results", "typed", "race"). Typed-in
pairs, races and results mix through `update`.

`matrix(names)` gives the kernel's matrix: P(row wins a game on the play against column). For
one figure p of (a, b), a wins p of the games whoever starts (b wins 1 - p); for a pair
(on the play, on the draw), a wins the first when it starts and the second when b does.
`draw_matrices(names, rng)` gives the same with every pair from results drawn from its
posterior: one plausible metagame, for carrying what the results do not know into the figures.
"""
from __future__ import annotations

import csv
import os
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from .. import checks
from ..errors import ArgumentError, ArgumentTypeError, shown
from ..files import input_path, read_text
from ..simulate import Estimate
from .results_file import DEFAULT_PRIOR, SHRINKS, UNITS, Posterior, pooled_posteriors, read_records

__all__ = ["Matchups"]

_TOLERANCE = 1e-6


def _prob(v, where: str) -> float:
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer, np.floating)):
        raise ArgumentTypeError(f"{where}: a probability must be a number, not {shown(v)}")
    v = checks.number(v, f"{where}: a probability")        # (finite: nan, inf and 10**5000 refused)
    if not 0 <= v <= 1:
        raise ArgumentError(f"{where}: the probability {shown(v)} is outside [0, 1]")
    return float(v)


def _check_mirror(on_play: float, on_draw: float, where: str, given) -> None:
    """A deck against itself: one of the two wins each game, so P(the player on the play wins)
    and P(the player on the draw wins) sum to 1 — one figure must be 0.5."""
    if abs(on_play + on_draw - 1) > _TOLERANCE:
        raise ArgumentError(f"{where}: a mirror match is even: give 0.5 (or on the play p, on the draw 1 - p), "
                            f"not {shown(given)}")


Pair = tuple[str, str]


def _put(table: dict[Pair, float], a: str, b: str, p: float, where: str) -> None:
    old = table.get((a, b))
    if old is not None and abs(old - p) > _TOLERANCE:
        raise ArgumentError(f"{where}: given twice and the two disagree (p(a, b) + p(b, a) must be 1)")
    table[(a, b)] = p


def _read_pairs(pairs, argument: str, prefix: str) -> dict[Pair, float]:
    """{(a, b): P(a wins on the play against b)}, both directions, from {(a, b): p} or
    {(a, b): (on the play, on the draw)}; `argument` and `prefix` name it in an error."""
    table: dict[Pair, float] = {}
    if pairs is not None and not isinstance(pairs, Mapping):
        raise ArgumentTypeError(f"Matchups: {argument} must be a mapping {{(a, b): probability}}, not "
                                f"{type(pairs).__name__}")
    for key, v in (pairs or {}).items():
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, str) for k in key)):
            raise ArgumentTypeError(f"{prefix}: a key must be a pair of archetype names, not {shown(key)}")
        a, b = key
        where = f"{prefix}: {a} vs {b}"
        if isinstance(v, (tuple, list)):
            if len(v) != 2:
                raise ArgumentError(f"{where}: give one probability or (on the play, on the draw)")
            on_play, on_draw = _prob(v[0], where), _prob(v[1], where)
        else:
            on_play = on_draw = _prob(v, where)
        if a == b:
            _check_mirror(on_play, on_draw, where, v)
        _put(table, a, b, on_play, where)
        if a != b:
            _put(table, b, a, 1 - on_draw, where)
    return table


def _draw(posteriors: dict[Pair, Posterior], rng: np.random.Generator) -> list[tuple[Pair, float]]:
    """[((a, b), P(a wins a game))]: one draw from each pair's posterior, a < b, pairs sorted."""
    pairs = sorted(pair for pair in posteriors if pair[0] < pair[1])
    drawn = rng.beta([posteriors[pair].alpha for pair in pairs], [posteriors[pair].beta for pair in pairs])
    return [(pair, posteriors[pair].game(float(x))) for pair, x in zip(pairs, drawn)]


class Matchups:
    """{(a, b): P(a wins one game against b)} or {(a, b): (on the play, on the draw)}; pairs
    not given are coin flips (`default`, 0.5), and (b, a) is the complement of (a, b).
    `post_board` (the same form): P(a wins a game) in games 2 and 3, after sideboarding; a pair
    without a post-board figure plays games 2 and 3 at its game-1 figure."""

    def __init__(self, pairs: Mapping | None = None, default: float = 0.5, post_board: Mapping | None = None):
        self.estimated: set = set()          # the pairs estimated by races (from_races)
        self.posteriors: dict[Pair, Posterior] = {}                # the pairs estimated from results
        self.post_board_posteriors: dict[Pair, Posterior] = {}     # their games 2 and 3, where counted apart
        self.mirror_games: dict[str, int] = {}                    # a deck's mirror games in the results
        self.default = _prob(default, "Matchups: default")
        if abs(self.default - 0.5) > _TOLERANCE:
            raise ArgumentError(f"Matchups: default {shown(default)}: a pair not given is a coin flip (0.5) both "
                                "ways, as p(a, b) + p(b, a) must be 1; give the pairs that differ")
        self._play = _read_pairs(pairs, "pairs", "Matchups")      # P(a wins game 1 on the play against b)
        self._post = _read_pairs(post_board, "post_board", "Matchups: post_board")    # games 2 and 3's

    @classmethod
    def from_csv(cls, path, default: float = 0.5) -> Matchups:
        """A square table: the first row and first column name the archetypes (the same, in the
        same order); a cell is P(row wins one game against column), or "PLAY/DRAW" (on the play,
        on the draw). A cell may be empty (default), the diagonal too. Every pair must be
        consistent: p(a, b) + p(b, a) = 1 (for pairs: on the play against on the draw)."""
        if not isinstance(path, (str, os.PathLike)):
            raise ArgumentTypeError(f"Matchups.from_csv: path must be a file's path, not {type(path).__name__}")
        path = Path(input_path(path, "Matchups.from_csv: path"))
        try:
            text = read_text(path, lambda message: ArgumentError(f"{path}: {message}"))
            rows = [r for r in csv.reader(text.splitlines()) if any(c.strip() for c in r)]
        except OSError as e:
            raise ArgumentError(f"{path}: {e.strerror}") from None
        except csv.Error as e:
            raise ArgumentError(f"{path}: not a CSV table: {e}") from None
        if not rows:
            raise ArgumentError(f"{path}: the matchup table is empty")
        names = [c.strip() for c in rows[0][1:]]
        if len(rows) - 1 != len(names) or [r[0].strip() for r in rows[1:]] != names:
            raise ArgumentError(f"{path}: the table is not square: the first row and the first column "
                                "must name the same archetypes in the same order")
        given: dict[tuple[str, str], tuple[float, float]] = {}
        for i, r in enumerate(rows[1:], start=2):
            if len(r) - 1 != len(names):
                raise ArgumentError(f"{path}, line {i}: {len(r) - 1} cells for {len(names)} archetypes")
            for j, cell in enumerate(r[1:]):
                cell = cell.strip()
                if not cell:
                    continue
                where = f"{path}, line {i}, {names[i - 2]} vs {names[j]}"
                try:
                    parts = [float(x) for x in cell.split("/")]
                except ValueError:
                    raise ArgumentError(f"{where}: {shown(cell)} is not a probability (or PLAY/DRAW)") from None
                if len(parts) not in (1, 2):
                    raise ArgumentError(f"{where}: {shown(cell)}: one probability, or PLAY/DRAW")
                pp, pd = (_prob(parts[0], where), _prob(parts[-1], where))
                if names[i - 2] == names[j]:
                    _check_mirror(pp, pd, where, cell)
                given[(names[i - 2], names[j])] = (pp, pd)
        for (a, b), (pp, pd) in given.items():
            if (b, a) in given and a != b:
                qp, qd = given[(b, a)]
                if abs(pp + qd - 1) > _TOLERANCE or abs(pd + qp - 1) > _TOLERANCE:
                    raise ArgumentError(f"{path}: {a} vs {b} and {b} vs {a} disagree: p(a, b) + p(b, a) must be 1")
        m = cls(default=default)
        for (a, b), (pp, pd) in given.items():
            if a == b:
                _put(m._play, a, a, pp, f"{path}: {a} mirror")
            elif (b, a) not in m._play or (a, b) not in m._play:
                _put(m._play, a, b, pp, f"{path}: {a} vs {b}")
                _put(m._play, b, a, 1 - pd, f"{path}: {b} vs {a}")
        return m

    @classmethod
    def from_results(cls, source, prior: float = DEFAULT_PRIOR, unit: str = "games",
                     shrink: str = "even") -> Matchups:
        """Every pair named in real match results: `source` a CSV file (a header row: deck,
        opponent, wins, losses, draws), a JSON file (a list of such objects) or rows given as
        mappings; the counts are games (one match's, or a pair's totals), a draw half won and
        half lost. Each pair is the Beta posterior of its pooled games (both directions), its
        mean the figure: with shrink="even" Beta(prior + wins, prior + losses), `prior` (> 0)
        pseudo-games won and as many lost pulling a small sample toward 0.5; with
        shrink="decks" 2 prior pseudo-games at the log5 of the two decks' overall rates. A deck
        against itself is 0.5. Optional columns post_board_wins, post_board_losses,
        post_board_draws count games 2 and 3 apart (the others are then game 1's): each pair
        gets its post-board posterior too. unit="matches": the counts are best-of-three
        matches, each pair's figure the P(win a game) that gives its P(win a match)
        (meta/results_file.py)."""
        prior = checks.number(prior, "Matchups.from_results: prior")
        if prior <= 0:
            raise ArgumentError(f"Matchups.from_results: prior must be > 0 (Beta(prior, prior) pseudo-games), "
                                f"got {shown(prior)}")
        if not isinstance(unit, str) or unit not in UNITS:
            raise ArgumentError(f"Matchups.from_results: unit must be one of {', '.join(UNITS)}, not {shown(unit)}")
        if not isinstance(shrink, str) or shrink not in SHRINKS:
            raise ArgumentError(f"Matchups.from_results: shrink must be one of {', '.join(SHRINKS)} (toward an even "
                                f"matchup, or toward the decks' overall win rates), not {shown(shrink)}")
        posteriors, later, mirrors = pooled_posteriors(read_records(source, unit=unit), prior, unit, shrink)
        m = cls({pair: post.value for pair, post in posteriors.items() if pair[0] < pair[1]},
                post_board={pair: post.value for pair, post in later.items() if pair[0] < pair[1]})
        m.posteriors, m.post_board_posteriors, m.mirror_games = posteriors, later, mirrors
        return m

    @classmethod
    def from_races(cls, decks: Mapping, games: int = 200_000, seed=None, turns: int = 15,
                   threads: int | None = None, given: Mapping | Matchups | None = None) -> Matchups:
        """Every pair of `decks` ({archetype: Deck}) estimated by goldfish races
        (`matchup_from_race`: a race model, no interaction), on the play and on the draw; the
        pairs in `given` (a mapping as Matchups takes, or Matchups) win over the estimates."""
        from .race import race_pairs
        pairs = race_pairs(dict(decks), games, seed, turns, threads)
        typed = cls.given_pairs(given)
        m = cls(pairs)
        if given is not None:
            m.update(given if isinstance(given, Matchups) else cls(given))
        m.estimated = {pair for pair in pairs if pair not in typed}
        return m

    def update(self, other: Matchups) -> None:
        """Take `other`'s pairs over these, each with its source (results, typed or race): a
        pair `other` gives a game-1 figure replaces this one's whole pair (games 1, 2 and 3,
        figures and posteriors); a pair it gives only a post-board figure replaces the
        post-board figure alone."""
        if not isinstance(other, Matchups):
            raise ArgumentTypeError(f"Matchups.update: other must be Matchups, not {type(other).__name__}")
        for pair in other._play:
            self.posteriors.pop(pair, None)
            self.estimated.discard(pair)
            self._post.pop(pair, None)
            self.post_board_posteriors.pop(pair, None)
        for pair in other._post:
            self.post_board_posteriors.pop(pair, None)
        self._play.update(other._play)
        self._post.update(other._post)
        self.posteriors.update(other.posteriors)
        self.post_board_posteriors.update(other.post_board_posteriors)
        self.estimated |= other.estimated
        self.mirror_games.update(other.mirror_games)

    @staticmethod
    def given_pairs(given) -> set:
        """The pairs `given` (Matchups, or a mapping as Matchups takes) names, both directions."""
        if given is None:
            return set()
        return set((given if isinstance(given, Matchups) else Matchups(given))._play)

    def p(self, a: str, b: str, on_play: bool | None = None, post_board: bool = False) -> float:
        """P(a wins one game against b): on the play, on the draw, or (None) the mean of both;
        in game 1, or (post_board) in games 2 and 3 — the game-1 figure if none is given."""
        checks.text(a, "Matchups.p: a")
        checks.text(b, "Matchups.p: b")
        if on_play is not None:
            on_play = checks.flag(on_play, "Matchups.p: on_play")
        post_board = checks.flag(post_board, "Matchups.p: post_board")
        table = self._post if post_board and (a, b) in self._post else self._play
        play = table.get((a, b), self.default if a != b else 0.5)
        draw = 1 - table.get((b, a), 1 - self.default if a != b else 0.5)
        return play if on_play else draw if on_play is False else (play + draw) / 2

    def names(self) -> set[str]:
        return {n for pair in [*self._play, *self._post] for n in pair}

    @property
    def has_post_board(self) -> bool:
        """Whether games 2 and 3 are played at other figures than game 1 for some pair (a
        post-board figure that differs, or a posterior of its own from results)."""
        return bool(self.post_board_posteriors) or any(
            self.p(a, b, on_play=True, post_board=True) != self.p(a, b, on_play=True) for a, b in self._post)

    @property
    def uncertain(self) -> bool:
        """Whether some pair has a posterior from results to draw from (`draw_matrices`)."""
        return bool(self.posteriors or self.post_board_posteriors)

    def source(self, a: str, b: str, post_board: bool = False) -> str:
        """Where the pair's figure came from: "results" (from_results), "race" (from_races),
        "typed" (given), "mirror" (a deck against itself) or "default" (not given: a coin flip);
        of game 1, or (post_board) of games 2 and 3 — game 1's if they have no figure of their own."""
        if post_board and (a, b) in self._post:
            return "results" if (a, b) in self.post_board_posteriors else "mirror" if a == b else "typed"
        if (a, b) in self.posteriors:
            return "results"
        if (a, b) in self.estimated or (b, a) in self.estimated:     # (races name each pair one way)
            return "race"
        if a == b:
            return "mirror"
        return "typed" if (a, b) in self._play or (b, a) in self._play else "default"

    def estimate(self, a: str, b: str, post_board: bool = False) -> Estimate:
        """P(a wins one game against b) (the mean of on the play and on the draw) with its 95%
        interval and n, the games behind it: a posterior's from results; for a figure typed in
        or raced, or a mirror, the figure itself as its interval (results give it no games; a
        mirror is exactly 0.5, n its games in the results). Of game 1, or (post_board) of games
        2 and 3 — game 1's where they have no figure of their own."""
        p = self.p(a, b, post_board=post_board)
        own = post_board and (a, b) in self._post
        posteriors = self.post_board_posteriors if own else self.posteriors
        if (a, b) in posteriors:
            return posteriors[(a, b)].estimate()
        return Estimate(p, p, p, self.mirror_games.get(a, 0) if a == b else 0)

    def pairs(self) -> list[Pair]:
        """Every pair with a figure, one direction each (first seen first), mirrors included."""
        out: dict[Pair, None] = {}
        for a, b in [*self._play, *self._post, *((d, d) for d in self.mirror_games)]:
            if (b, a) not in out:
                out[(a, b)] = None
        return list(out)

    def table(self) -> str:
        """Text: every pair's P(first wins a game), 95% interval, n (the games behind it) and
        source (the kernel's matrix of P: `matrix`). With post-board figures, a column says
        which games each row's figure is for: "1" and "2, 3" for a pair with a post-board
        figure, "1-3" for one without (games 2 and 3 at its game-1 figure)."""
        rows: list[tuple[Pair, str, bool]] = []           # (pair, the games it is for, post-board)
        for a, b in self.pairs():
            apart = (a, b) in self._post
            rows.append(((a, b), "1" if apart else "1-3", False))
            if apart:
                rows.append(((a, b), "2, 3", True))
        width = max([len(f"{a} vs {b}") for a, b in self.pairs()] + [4])
        games = "games  " if self._post else ""
        lines = [f"{'pair':<{width}}  {games}{'P(first wins a game)':>20}  {'95% interval':>16}  {'n':>6}  source"]
        for (a, b), which, post_board in rows:
            e = self.estimate(a, b, post_board)
            interval = f"[{e.low:.3f}, {e.high:.3f}]" if e.high > e.low else "-"
            post = (self.post_board_posteriors if post_board else self.posteriors).get((a, b))
            source = (self.source(a, b, post_board)
                      + (" (n: best-of-three matches)" if post and post.unit == "matches" else ""))
            column = f"{which:<5}  " if self._post else ""
            lines.append(f"{f'{a} vs {b}':<{width}}  {column}{e.value:>20.3f}  {interval:>16}  {e.n:>6}  {source}")
        lines.append(f"every other pair {self.default:g} (a coin flip)" + (
            "; games 1-3: no post-board figure, games 2 and 3 played at the game-1 figure" if self._post else ""))
        return "\n".join(lines)

    def matrix(self, names: list[str], post_board: bool = False) -> np.ndarray:
        """[len(names), len(names)]: P(row wins a game on the play against column), in game 1
        or (post_board) in games 2 and 3. Raises if a matchup names an archetype not in `names`."""
        names = [checks.text(n, "Matchups.matrix: a name") for n in checks.items(names, "Matchups.matrix: names")]
        post_board = checks.flag(post_board, "Matchups.matrix: post_board")
        unknown = sorted(self.names() - set(names))
        if unknown:
            raise ArgumentError(f"a matchup names {shown(unknown[0])}, which is not an archetype of the field "
                                f"({', '.join(names)})")
        out = np.empty((len(names), len(names)))
        for i, a in enumerate(names):
            for j, b in enumerate(names):
                out[i, j] = self.p(a, b, on_play=True, post_board=post_board)
        return out

    def draw_matrices(self, names: list[str], rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """(game 1's, games 2 and 3's) matrices as `matrix(names)` and `matrix(names, True)`
        give them, with every pair that has a posterior from results drawn from it by `rng`:
        p ~ Beta(alpha, beta) (of matches: its game probability, game_from_match), a's figure
        on the play and on the draw, b's 1 - p. Each pair is drawn once, in the order of the
        sorted pairs (a, b) with a < b, game 1's posteriors first, then games 2 and 3's: the
        same rng state gives the same matrices. Games 2 and 3 of a pair with no post-board
        figure take the game-1 draw (the same, not a second); a typed post-board figure stays."""
        if not isinstance(rng, np.random.Generator):
            raise ArgumentTypeError(f"Matchups.draw_matrices: rng must be a numpy Generator "
                                    f"(numpy.random.default_rng(seed)), not {type(rng).__name__}")
        first, later = self.matrix(names), self.matrix(names, post_board=True)
        at = {name: i for i, name in enumerate(names)}

        def put(m: np.ndarray, a: str, b: str, p: float) -> None:
            m[at[a], at[b]], m[at[b], at[a]] = p, 1 - p
        for (a, b), p in _draw(self.posteriors, rng):
            put(first, a, b, p)
            if (a, b) not in self._post:
                put(later, a, b, p)
        for (a, b), p in _draw(self.post_board_posteriors, rng):
            put(later, a, b, p)
        return first, later

    def __repr__(self) -> str:
        post = f", {len(self._post)} post-board" if self._post else ""
        return f"Matchups({len(self._play)} entries{post}, default={self.default})"
