"""Playing the candidates of an optimization and racing them.

A `Candidate` is one variant deck compiled for the run (its `GamePlan`, library laid out on
the reference deck's positions) with the objective's components of every chunk it played;
`Engine` plays candidates' chunks (locally or on a cluster, with one progress bar) and
answers estimates and paired differences; `race` plays candidates in rounds and drops those
whose interval against the leader excludes being best.

Racing's error control: round r compares each candidate with the leader at the one-sided
level (1 - confidence) / 2^r / (k - 1) for k candidates. The best is dropped only if one of
its k - 1 comparisons in some round errs, which has probability at most the sum of those
levels, 1 - confidence: so a race that ends with one candidate has separated it from every
other at `confidence`, however many rounds it took.

On "both" (mtgsim.play_draw) the even chunks are on the play and the odd ones on the draw:
a candidate plays whole pairs of chunks, and the intervals are taken over the pairs (each one
half on the play, one on the draw), so the difference between the play and the draw is not
taken for noise between chunks.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .. import _core
from ..cards import CardDatabase, CardDef, normalize_name
from ..cards.database import named_card
from ..decklist import Deck
from ..errors import ArgumentError, InternalError, LimitError, shown
from ..objective import BoundObjective, Context
from ..formats import preset
from ..play_draw import start
from ..runner import CHUNK, chunk_games, on_the_draw, play_jobs
from ..simulate import (Estimate, GameRules, MulliganPolicy, SimResult, both_ways_result, seed_sequence, game_setup,
                        sim_result)
from ..smoother import HandSmoother
from . import stats
from .variants import aligned_layout, expand

FIRST_ROUND = 4          # chunks each candidate plays in a race's first round (doubled each round)
MAX_BUDGET = 10 ** 11    # games of one race, all candidates added up (49 million chunks kept: ~390 MB a term)


@dataclass(eq=False)
class Candidate:
    """One variant of an optimization, as played so far."""
    label: str
    deck: Deck
    index: int                      # its place in the run (its seed when crn=False)
    plan: object
    ctx: Context
    tracked: tuple[str, ...]
    comps: np.ndarray               # [chunks played, objective width]
    totals: np.ndarray              # the summed metric row (for its SimResult)
    chunks: int = 0                 # chunks 0..chunks-1 played
    games: int = 0
    dropped: str | None = None      # why a race dropped it ("round 3, 24,576 games")
    mulligan: MulliganPolicy | None = None      # its own keep rule (None: the run's)
    drawn: np.ndarray | None = None     # on "both": the summed metric row of its chunks on the draw


class Engine:
    """The settings of one optimization run and the candidates it played."""

    def __init__(self, objective, turns, on_play, mulligan, policy, track, threads, client, seed, crn,
                 confidence, bar=None, hand_smoother: HandSmoother | None = None, on=None, format=None) -> None:
        self.objective = objective
        self.on = start(on, on_play)            # "play", "draw" or "both" (mtgsim.play_draw)
        self.both = self.on == "both"
        self.turns, self.on_play, self.mulligan, self.policy = turns, self.on != "draw", mulligan, policy
        self.track = tuple(track)
        self._track_db: CardDatabase | None = None    # the database the tracked cards were looked up in
        self._track_cards: tuple[CardDef, ...] = ()
        self.threads, self.client, self.crn, self.confidence = threads, client, crn, confidence
        self.root = seed_sequence(seed)
        self.seed = seed if seed is not None else self.root.entropy
        self.bar = bar
        self.format = preset(format)    # (the preset asked for: the variants' games and baselines)
        self._bound: BoundObjective | None = None
        self.reference: list[str] | None = None
        self.candidates: list[Candidate] = []
        self.hand_smoother = hand_smoother      # how every variant's hands are dealt (None: seven draws)

    @property
    def bound(self) -> BoundObjective:
        """The objective bound to the cards of the first variant added (its mana values)."""
        if self._bound is None:
            raise InternalError("the objective is bound when the first variant is added")
        return self._bound

    def add(self, label: str, deck: Deck, mulligan=None) -> Candidate:
        """Compile one variant (its library on the reference positions: the first variant's),
        played with its own keep rule `mulligan` if given (else the run's)."""
        rule = self.mulligan if mulligan is None else mulligan
        st = game_setup(deck, self.turns, None, rule, self.policy, self._tracked_cards(deck),
                        hand_smoother=self.hand_smoother, on=self.on, format=self.format)
        main = deck.maindeck
        if self.reference is None:
            self.reference = expand(main)
            given = {normalize_name(t.name): t for t in self.track if isinstance(t, CardDef)}
            self._bound = self.objective.bind(
                self.turns, lambda name: (given.get(normalize_name(name)) or deck.card(name)).mana_value)
        layout = aligned_layout(self.reference, main)
        rows = {c.name: st.tables.row_of(c) for c, _ in deck.cards("maindeck")}   # (the layout's names are theirs)
        st.plan.library = np.array([rows[n] for n in layout], dtype=np.int32)
        st.plan.game_streams = True
        c = Candidate(label, deck, len(self.candidates), st.plan, Context.of(st.tracked, self.turns),
                      tuple(st.tracked), np.zeros((0, self.bound.width)), np.zeros(st.plan.size, dtype=np.int64),
                      mulligan=mulligan, drawn=np.zeros(st.plan.size, dtype=np.int64) if self.both else None)
        self.candidates.append(c)
        return c

    def _tracked(self) -> tuple:
        """The cards every variant tracks: those given in `track` (names or CardDefs), then the
        objective's other cards, by name."""
        given = {normalize_name(t.name if isinstance(t, CardDef) else str(t)) for t in self.track}
        return self.track + tuple(n for n in self.objective.cards() if normalize_name(n) not in given)

    def _tracked_cards(self, deck: Deck) -> tuple[CardDef, ...]:
        """The cards every variant tracks as records: their names looked up once per card
        database (the variants share their deck's), not once per variant."""
        if self._track_db is not deck.db:
            self._track_cards = tuple(named_card(deck.db, t, "track") for t in self._tracked())
            self._track_db = deck.db
        return self._track_cards

    def _root(self, c: Candidate):
        if self.crn:
            return self.root
        return np.random.SeedSequence(self.root.entropy, spawn_key=self.root.spawn_key + (c.index,),
                                      pool_size=self.root.pool_size)

    @property
    def games_used(self) -> int:
        """Games played, all candidates added up."""
        return sum(c.games for c in self.candidates)

    def play(self, todo: list[Candidate], upto: int, games: int | None = None) -> None:
        """Play each candidate's chunks up to chunk `upto` (of a run of `games` games: its last
        chunk may be short; None: whole chunks). A candidate counts its chunks in order (one
        finished early on a cluster waits for those before it), so that when Ctrl-C stops the
        run (KeyboardInterrupt, passed on) each candidate holds chunks
        0..chunks-1 and nothing else. On "both", `upto` is rounded up to whole pairs of chunks
        (with `games` given, chunk_count lays it out so)."""
        if self.both:
            upto += upto % 2
        total = games if games is not None else upto * CHUNK
        jobs = []
        for c in todo:
            if c.chunks < upto:
                jobs.append((c, c.plan, self._root(c), range(c.chunks, upto), total))
                grown = np.zeros((upto, self.bound.width))
                grown[:c.chunks] = c.comps
                c.comps = grown
        ahead: dict[int, dict[int, tuple]] = {id(c): {} for c, *_ in jobs}
        try:
            for c, batch, rows in play_jobs(jobs, self.threads, self.client):
                waiting = ahead[id(c)]
                waiting.update(zip(batch, zip(rows, self.bound.components(rows, c.ctx))))
                chunks, totals, played, drawn = c.chunks, c.totals, c.games, c.drawn
                while chunks in waiting:
                    row, comps = waiting.pop(chunks)
                    c.comps[chunks] = comps            # (past c.chunks: not counted until then)
                    totals = totals + row
                    if drawn is not None and on_the_draw([chunks])[0]:
                        drawn = drawn + row
                    played += chunk_games(total, chunks, both=self.both)
                    chunks += 1
                before = c.games
                # (one step: Ctrl-C leaves it whole)
                c.chunks, c.totals, c.games, c.drawn = chunks, totals, played, drawn
                if self.bar is not None:
                    self.bar.update(played - before)
        except KeyboardInterrupt:
            for c, *_ in jobs:
                c.comps = c.comps[:c.chunks]
            raise

    # ---- estimates
    def value(self, c: Candidate) -> float:
        return float(self.bound.value(c.comps.sum(axis=0)))

    def score(self, c: Candidate) -> float:
        """The value, oriented so that higher is better (nan: worst)."""
        v = self.value(c)
        return -math.inf if math.isnan(v) else (v if self.bound.maximize else -v)

    def units(self, comps: np.ndarray) -> np.ndarray:
        """The components of the independent units the intervals are taken over: the chunks;
        on "both", pairs of chunks (one on the play, one on the draw; a last unpaired chunk of
        an interrupted run alone)."""
        if not self.both:
            return comps
        paired = comps.shape[0] // 2 * 2
        return np.concatenate([comps[:paired:2] + comps[1:paired:2], comps[paired:]])

    def unit_count(self, chunks: int) -> int:
        """The units (`units`) of so many chunks."""
        return (chunks + 1) // 2 if self.both else chunks

    def estimate(self, c: Candidate) -> Estimate:
        if c.games == 0:                 # (interrupted before it was played: no figure)
            return Estimate(math.nan, math.nan, math.nan, 0)
        return stats.estimate(self.bound.value, self.units(c.comps), c.games, self.confidence)

    def half_estimate(self, c: Candidate, half: str) -> Estimate:
        """On "both": the objective of the candidate's games on the play (`half` "play": its even
        chunks) or on the draw ("draw": its odd ones), with its interval over that half's chunks."""
        if c.drawn is None:
            raise InternalError("half_estimate: the run is not on both")
        comps = c.comps[:c.chunks][0 if half == "play" else 1::2]
        drawn = int(c.drawn[self._games_at(c)])
        games = drawn if half == "draw" else c.games - drawn
        if games == 0:
            return Estimate(math.nan, math.nan, math.nan, 0)
        return stats.estimate(self.bound.value, comps, games, self.confidence)

    def _games_at(self, c: Candidate) -> int:
        """Where a metric row of c holds its games (metric_offsets)."""
        return int(_core.metric_offsets(len(c.tracked), self.turns)["games"][0])

    def difference(self, a: Candidate, b: Candidate, paired: bool | None = None) -> tuple[Estimate, float]:
        """objective(a) - objective(b) on their common chunks (paired when the run uses common
        random numbers), and its standard error."""
        paired = self.crn if paired is None else paired
        if min(a.games, b.games) == 0:
            return Estimate(math.nan, math.nan, math.nan, 0), math.nan
        n = min(a.chunks, b.chunks)             # (their common chunks, in the same units)
        return stats.difference(self.bound.value, self.units(a.comps[:n]), self.bound.value, self.units(b.comps[:n]),
                                min(a.games, b.games), self.confidence, paired)

    def result(self, c: Candidate) -> SimResult:
        rule = self.mulligan if c.mulligan is None else c.mulligan
        rules = GameRules.of(c.deck, None, self.format)
        if c.drawn is not None:
            return both_ways_result(c.deck, c.tracked, c.totals - c.drawn, c.drawn, self.turns, self.seed, rule,
                                    rules=rules, hand_smoother=self.hand_smoother)
        return sim_result(c.deck, c.tracked, c.totals, self.turns, self.on_play, self.seed, rule,
                          hand_smoother=self.hand_smoother, rules=rules)

    def leader(self, todo: list[Candidate]) -> Candidate:
        return max(todo, key=lambda c: (self.score(c), -c.index))

    def worse(self, c: Candidate, leader: Candidate, level: float) -> bool:
        """Is c worse than the leader, one-sided at `level` (on their common chunks)?"""
        d, se = self.difference(c, leader)
        n = self.unit_count(min(c.chunks, leader.chunks))
        if not math.isfinite(se) or n < 2:
            return False
        bound = stats.t_quantile(1 - level, n - 1) * se
        return d.value + bound < 0 if self.bound.maximize else d.value - bound > 0


@dataclass
class RaceOutcome:
    alive: list[Candidate]
    separated: bool
    rounds: int
    stopped: str                    # "separated", "budget spent" or "games per variant played"


def race(engine: Engine, todo: list[Candidate], budget: int, first: int = FIRST_ROUND,
         most: int | None = None, reference: Candidate | None = None) -> RaceOutcome:
    """Race `todo` within `budget` games (all candidates' games added up, counting those
    already played by `engine`): rounds of doubling length; after each, every candidate
    whose interval against the leader excludes being best is dropped. Ends when one is
    left, when the next round doesn't fit in the budget, or when every candidate left has
    played `most` chunks (None: no such cap). A `reference` (one of `todo`) plays every
    round, dropped or not, so that each candidate's difference from it is paired on all of
    the candidate's games."""
    alive = list(todo)
    k = len(alive)
    alpha = 1 - engine.confidence
    r = 0
    target = max(first, max(c.chunks for c in alive))
    target += target % 2 if engine.both else 0          # (whole pairs of chunks: Engine.play)
    while len(alive) > 1:
        if most is not None:
            if min(c.chunks for c in alive) >= most:
                return RaceOutcome(alive, False, r, "games per variant played")
            target = min(target, most)
        playing = alive if reference is None or reference in alive else alive + [reference]
        need = sum(max(0, target - c.chunks) for c in playing) * CHUNK
        left = budget - engine.games_used
        if need > left:                    # a shorter last round, if any fits
            target = _fitting(playing, left)
            target -= target % 2 if engine.both else 0
            if target <= min(c.chunks for c in alive) and need > 0:
                return RaceOutcome(alive, False, r, "budget spent")
        r += 1
        engine.play(playing, target)
        leader = engine.leader(alive)
        level = alpha / 2 ** r / max(1, k - 1)
        for c in list(alive):
            if c is not leader and engine.worse(c, leader, level):
                c.dropped = f"round {r}, {c.games:,} games"
                alive.remove(c)
        target *= 2
    return RaceOutcome(alive, True, r, "separated")


def _fitting(alive: list[Candidate], left: int) -> int:
    """The largest chunk count every candidate can be brought to within `left` games."""
    target = min(c.chunks for c in alive)
    while sum(max(0, target + 1 - c.chunks) for c in alive) * CHUNK <= left:
        target += 1
    return target


def check_budget(budget, k: int, what: str) -> int:
    """A race's budget: a whole number of games, at least one first round of k candidates."""
    if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)):
        raise ArgumentError(f"{what}: budget must be a whole number of games, got {shown(budget)}")
    if budget > MAX_BUDGET:
        raise LimitError(f"{what}: a budget must be at most {MAX_BUDGET:,} games (the candidates keep their "
                         f"figures chunk by chunk, for the intervals), got {shown(budget)}")
    need = k * FIRST_ROUND * CHUNK
    if budget < need:
        raise ArgumentError(f"{what}: a budget of {budget:,} games is below one round of games: the first "
                            f"round plays {FIRST_ROUND * CHUNK:,} games of each of {k} candidates ({need:,})")
    return int(budget)
