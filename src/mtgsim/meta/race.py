"""Matchups estimated from goldfish races: two decks each play their goldfish games alone, on the
same seeds, and a game is won by the deck that kills first — a RACE MODEL: no interaction, no
blockers, no removal; it ranks fast decks against slow ones, and says nothing of how decks
fight. Each figure it gives says so.

Deck a on the play against b on the draw wins when a's kill turn is at most b's (a takes each
turn first: a tie of turns goes to the player on the play); on the draw it wins when its kill
turn is strictly earlier. Games in which neither kills within the turns simulated count half.
The decks' kill-turn distributions are estimated from their own games (on the play and on the
draw), and the interval comes from the jackknife over the chunks both decks played alike.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import checks
from ..decklist import Deck
from ..errors import ArgumentError, ArgumentTypeError, LimitError, shown
from ..optimize import stats
from ..runner import CHUNK, chunk_rows
from ..simulate import Estimate, seed_sequence, game_setup

__all__ = ["RaceMatchup", "matchup_from_race", "race_pairs"]

MAX_RACE_GAMES = 10 ** 9    # games of each deck, on the play and on the draw
MODEL = "race model (goldfish kill turns; no interaction)"


@dataclass(frozen=True)
class RaceMatchup(Estimate):
    """P(a wins one game against b) from goldfish races, an Estimate (the first game's play or
    draw at random: the mean of the two), with `on_play` and `on_draw` (Estimates) and `model`
    saying what it is: a race model."""
    on_play: Estimate | None = None
    on_draw: Estimate | None = None
    model: str = MODEL

    @property
    def game(self) -> Estimate:
        return Estimate(self.value, self.low, self.high, self.n)

    def __str__(self) -> str:
        return f"{self.game} ({self.model})"


def _kills(deck: Deck, on_play: bool, games: int, turns: int, root, threads: int) -> np.ndarray:
    """[chunks, turns + 1] kill-turn counts per chunk (last: not killed)."""
    st = game_setup(deck, turns, on_play, None, None, ())
    from .._core import metric_offsets
    off, length = metric_offsets(len(st.tracked), turns)["kill"]
    n_chunks = -(-games // CHUNK)
    out = np.zeros((n_chunks, length))
    for chunks, rows in chunk_rows(st.plan, root, range(n_chunks), games, threads):
        out[list(chunks)] = rows[:, off:off + length]
    return out


def _p_first(first: np.ndarray, second: np.ndarray, ties_first: bool) -> np.ndarray:
    """P(the first player's kill turn beats the second's) from kill-turn counts [..., T + 1]
    (ties of turns to the first when ties_first; neither killing: half)."""
    a = first / first.sum(axis=-1, keepdims=True)
    b = second / second.sum(axis=-1, keepdims=True)
    t = a.shape[-1] - 1
    # b still alive at a's kill turn k: b kills later (or never), or on the same turn if ties go to a
    later = np.cumsum(b[..., ::-1], axis=-1)[..., ::-1]          # P(T_b >= k), k = 0..T
    after = later - b                                             # P(T_b > k)
    alive = later if ties_first else after
    return (a[..., :t] * alive[..., :t]).sum(axis=-1) + 0.5 * a[..., t] * b[..., t]


def matchup_from_race(deck_a: Deck, deck_b: Deck, games: int = 1_000_000, seed=None, turns: int = 15,
                      threads: int | None = None) -> RaceMatchup:
    """P(deck_a wins one game against deck_b) by racing their goldfish kill turns (see the
    module docstring): `games` goldfish games of each deck on the play and on the draw."""
    for d, what in ((deck_a, "deck_a"), (deck_b, "deck_b")):
        if not isinstance(d, Deck):
            raise ArgumentTypeError(f"matchup_from_race: {what} must be a mtgsim.Deck, not {type(d).__name__}")
    if not checks.is_whole(games) or games < 2 * CHUNK:
        raise ArgumentError(f"matchup_from_race: games must be a whole number >= {2 * CHUNK}, got {shown(games)}")
    if games > MAX_RACE_GAMES:
        raise LimitError(f"matchup_from_race: games must be at most {MAX_RACE_GAMES:,} (each deck's kill turns "
                         f"are kept chunk by chunk, for the interval), got {shown(games)}")
    threads = checks.threads(threads, "matchup_from_race: threads")
    root = seed_sequence(seed)
    kills = {(name, play): _kills(d, play, games, turns, root, threads)
             for name, d in (("a", deck_a), ("b", deck_b)) for play in (True, False)}
    ap, ad, bp, bd = kills["a", True], kills["a", False], kills["b", True], kills["b", False]

    def play(x, y):                  # a on the play against b on the draw
        return _p_first(x, y, True)

    def draw(x, y):                  # a on the draw against b on the play: a must be strictly first
        return _p_first(x, y, False)

    def game(w, x, y, z):
        return (play(w, z) + draw(x, y)) / 2

    out: list[Estimate] = []
    for f, parts in ((game, [ap, ad, bp, bd]), (play, [ap, bd]), (draw, [ad, bp])):
        value, se = stats.jackknife(f, parts)
        half = stats.t_quantile(0.975, parts[0].shape[0] - 1) * se
        out.append(Estimate(value, max(0.0, value - half), min(1.0, value + half), games))
    either, on_play, on_draw = out              # (the play or the draw at random; each)
    return RaceMatchup(either.value, either.low, either.high, either.n, on_play, on_draw)


def race_pairs(decks: dict[str, Deck], games: int, seed, turns: int, threads: int | None) -> dict:
    """{(a, b): (on the play, on the draw)} for every pair of `decks`, by races."""
    names = list(decks)
    out = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            m = matchup_from_race(decks[a], decks[b], games=games, seed=seed, turns=turns, threads=threads)
            out[(a, b)] = (m.on_play.value, m.on_draw.value)  # type: ignore[union-attr]  # (a race has both)
    return out
