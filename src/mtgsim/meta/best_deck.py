"""Which deck to bring: the best response of one player to a field. `best_deck(field, matchups)`
plays, for each candidate deck, events of the field in which one player — you — brings it,
and ranks the candidates by your P(top cut), P(win) or match points.

You are one seat of `players` (the field's, by default): the others are the field's shares
over players - 1 seats. Every player on your deck in an event — you and the field's players of
it — has the same matchups and is paired by lot, so all are exchangeable with you: your figure
is the mean of theirs (the kernel's counts per deck), with as many times the information of one
seat (a deck nobody else brings is your seat alone). Every candidate plays the same chunks with
the same seeds (common random numbers: the same pairings by lot, the same other matches, the
same matchups drawn with matchup_uncertainty), so candidates are compared by paired
differences over chunks, the delete-one-chunk jackknife's standard errors (optimize/stats.py).

Racing (race=True) plays the candidates in rounds of doubling length, up to `events` each,
and after round r drops every candidate worse than the leader one-sided at level
(1 - confidence) / 2^r / (k - 1) (Student's t): the best is dropped only if one of its k - 1
comparisons in some round errs, which has probability at most 1 - confidence in all — so a
race that ends with one candidate has separated it from every other at `confidence`.
race=False plays every candidate all `events`, and `separated` says whether the leader beats
each other at level (1 - confidence) / (k - 1).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .. import checks
from ..errors import ArgumentError, ArgumentTypeError, shown
from ..files import output_path, write_json
from ..plotting import pyplot, save_figure
from ..optimize import stats
from ..simulate import Estimate, progress_bar
from .events import EVENTS_CHUNK, Rules, event_settings, play_chunks, posterior_draw
from .field import Field
from .matchups import Matchups
from .spread import posterior_interval

__all__ = ["best_deck", "BestDeck", "Contender", "OBJECTIVES", "FIRST_ROUND"]

# objective: (the kernel's output it counts for your seat, in words)
OBJECTIVES = {"p_top8": ("top", "P(top cut)"), "p_win": ("win", "P(win the event)"),
              "match_points": ("mp", "match points after the Swiss rounds")}
FIRST_ROUND = 16            # chunks each candidate plays in a race's first round (1,024 events)


@dataclass
class Contender:
    """One candidate deck as played so far: per chunk, your objective's count and the events."""
    deck: str
    comps: np.ndarray               # [chunks, 3]: per event the mean of the deck's players' objective,
    players: int = 1                # summed; events; its squares summed. players: on the deck, you too
    dropped: str | None = None      # why the race dropped it ("round 3, 4,096 events")

    @property
    def chunks(self) -> int:
        return self.comps.shape[0]

    @property
    def events(self) -> int:
        return int(self.comps[:, 1].sum())


def _value(x: np.ndarray) -> np.ndarray:
    """The objective per event from summed components (the last axis: sum, events, squares)."""
    return x[..., 0] / x[..., 1]


def _chunk_rows(out: np.ndarray, layout: dict, objective: str, deck: int, players: int,
                rounds: int) -> np.ndarray:
    """[chunks, 3] from the kernel's output rows: per event the mean objective of the deck's
    `players` (you among them) summed over the chunk's events, the events, and that mean's
    squares summed — exact for P(top cut) and P(win) (the kernel counts each event's places and
    its squares); for match points the players' spread within an event from their records,
    taken as independent (the mean's square E[m]² + Var(points) / players)."""
    out = out.astype(np.float64)
    events = out[:, layout["events"][0]]
    key, _ = OBJECTIVES[objective]
    total = out[:, layout[key][0] + deck]
    if key == "top":
        squares = out[:, layout["top_sq"][0] + deck]
    elif key == "win":
        squares = total                  # (0 or 1 an event: one champion)
    else:
        cells = (rounds + 1) ** 2
        rec = out[:, layout["record"][0] + deck * cells:layout["record"][0] + (deck + 1) * cells]
        wins, losses = np.divmod(np.arange(cells), rounds + 1)
        points = np.where(wins + losses <= rounds, 3 * wins + (rounds - wins - losses), 0)
        mean = total / (events * players)
        var = np.maximum(0.0, (rec @ (points * points)) / (events * players) - mean * mean)
        return np.stack([total / players, events, events * (mean * mean + var / players)], axis=1)
    return np.stack([total / players, events, squares / (players * players)], axis=1)


def best_deck(field: Field, matchups: Matchups, candidates=None, players: int | None = None,
              events: int = 20_000, seed=1, objective: str = "p_top8", best_of: int = 3,
              rounds: int | None = None, top_cut: int = 8, draw_rate: float = 0.0,
              intentional_draws: bool = False, matchup_uncertainty: bool = False, race: bool = True,
              confidence: float = 0.95, threads: int | None = None, progress: bool = True) -> BestDeck:
    """Rank the decks you could bring to `field` by `objective` for the player who brings it
    ("p_top8", "p_win" or "match_points"; the mean of every player on the deck in the event,
    you among them), each candidate at most `events` events, racing (module docstring).
    `candidates`: deck names (None: every deck the field or the matchups name but the field's
    rest, "Other"); a candidate need not be in the field, only in the matchups (or a coin flip
    against all). The other settings are simulate_events'."""
    from ..simulate import nothing_finished, seed_sequence
    if not isinstance(field, Field):
        raise ArgumentTypeError(f"best_deck: field must be a meta.Field, not {type(field).__name__}")
    if not isinstance(matchups, Matchups):
        raise ArgumentTypeError(f"best_deck: matchups must be meta.Matchups, not {type(matchups).__name__}")
    if objective not in OBJECTIVES:
        raise ArgumentError(f"best_deck: objective must be one of {', '.join(OBJECTIVES)}, not {shown(objective)}")
    players = field.players if players is None else checks.whole_number(players, "best_deck: players", 3)
    others = Field({n: field.share(n) for n in field.names}, players=players - 1, other=None)
    names = others.names + sorted(matchups.names() - set(others.names))
    if candidates is None:
        candidates = [n for n in names if n != field.other]
    candidates = [checks.text(c, "best_deck: a candidate") for c in checks.items(candidates, "best_deck: candidates")]
    if not candidates:
        raise ArgumentError("best_deck: give at least one candidate deck")
    if len(set(candidates)) != len(candidates):
        raise ArgumentError(f"best_deck: candidate {shown(next(c for c in candidates if candidates.count(c) > 1))} "
                            "is given twice")
    names += [c for c in candidates if c not in names]
    events = checks.games(events, "best_deck: events")
    threads = checks.threads(threads)
    confidence = checks.number(confidence, "best_deck: confidence", 0.5, 0.999999)
    race = checks.flag(race, "best_deck: race")
    index = {n: i for i, n in enumerate(names)}
    arch = np.array([index[a] for a in others.archetypes()] + [0], dtype=np.int32)    # (yours: per candidate)
    fixed = np.stack([matchups.matrix(names), matchups.matrix(names, post_board=True)])
    settings = event_settings(players, best_of, rounds, top_cut, draw_rate, intentional_draws)
    base = Rules(arch, fixed, *settings)
    draw_all = None
    if checks.flag(matchup_uncertainty, "best_deck: matchup_uncertainty"):
        draw_all = posterior_draw(matchups, names)
    root = seed_sequence(seed)
    if seed is None:
        seed = root.entropy
    contenders = [Contender(c, np.zeros((0, 3)), others.count.get(c, 0) + 1) for c in candidates]
    bar = progress_bar(events * len(candidates), unit="event", desc="best deck") if progress else None
    game = _Race(base, draw_all, index, objective, root, threads, bar)
    interrupted, stopped, r = False, "all events played", 0
    try:
        if race and len(contenders) > 1:
            stopped, r = game.race(contenders, events, confidence)
        else:
            for c in contenders:
                game.play(c, -(-events // EVENTS_CHUNK), events)
    except KeyboardInterrupt:           # Ctrl-C: the events finished are the result
        interrupted, stopped = True, "interrupted"
    finally:
        if bar is not None:
            bar.close()
    if not any(c.events for c in contenders):
        nothing_finished("event")
    known = matchups.names()
    return BestDeck(contenders, objective, confidence, stopped, r, interrupted, dict(
        players=players, field=field.count, events=events, best_of=base.best_of, rounds=base.rounds,
        top_cut=base.top_cut, draw_rate=base.draw_rate, intentional_draws=base.intentional_draws,
        matchup_uncertainty=draw_all is not None, race=race, confidence=confidence,
        seed=seed if isinstance(seed, int) else str(seed),
        coin_flips=[c for c in candidates if c not in known]))


class _Race:
    """Plays contenders' chunks (the same seeds for all) and compares them."""

    def __init__(self, base: Rules, draw_all, index, objective, root, threads, bar):
        self.base, self.draw_all, self.index, self.objective = base, draw_all, index, objective
        self.root, self.threads, self.bar = root, threads, bar
        self.layout = base.layout()

    def play(self, c: Contender, target: int, most: int) -> None:
        """Play c's chunks up to `target` (at most `most` events in all)."""
        deck = self.index[c.deck]
        arch = self.base.arch.copy()
        arch[-1] = deck                                 # your seat: the last
        rules = self.base.with_tables(arch, self.base.tables)
        total = min(target * EVENTS_CHUNK, most)
        for *_, out in play_chunks(rules, total, self.root, self.threads, self.bar, self.draw_all, first=c.chunks):
            rows = _chunk_rows(out, self.layout, self.objective, deck, c.players, rules.rounds)
            c.comps = np.concatenate([c.comps, rows])

    def race(self, todo: list[Contender], most: int, confidence: float) -> tuple[str, int]:
        alive, k, r = list(todo), len(todo), 0
        n_max = -(-most // EVENTS_CHUNK)
        target = min(FIRST_ROUND, n_max)
        while len(alive) > 1:
            if min(c.chunks for c in alive) >= n_max:
                return "all events played", r
            r += 1
            for c in alive:
                self.play(c, target, most)
            leader = max(alive, key=lambda c: (_value(c.comps.sum(axis=0)), -todo.index(c)))
            level = (1 - confidence) / 2 ** r / (k - 1)
            for c in list(alive):
                if c is not leader and worse(c, leader, level):
                    c.dropped = f"round {r}, {c.events:,} events"
                    alive.remove(c)
            target = min(2 * target, n_max)
        return "separated", r


def worse(c: Contender, leader: Contender, level: float) -> bool:
    """Is c worse than the leader, one-sided at `level`, on their common chunks?"""
    n = min(c.chunks, leader.chunks)
    if n < 2:
        return False
    d, se = stats.difference(_value, leader.comps[:n], _value, c.comps[:n], 0)
    return math.isfinite(se) and d.value - stats.t_quantile(1 - level, n - 1) * se > 0


class BestDeck:
    """best_deck's answer: `best` (the deck to bring: the leader), `separated` (is it better
    than every other at the confidence), `ranking` (rows best first), `table()`."""

    def __init__(self, contenders, objective, confidence, stopped, rounds, interrupted, settings):
        self.contenders, self.objective, self.confidence = contenders, objective, confidence
        self.stopped, self.rounds, self.interrupted, self._settings = stopped, rounds, interrupted, settings
        played = [c for c in contenders if c.events]
        leader = max(played, key=lambda c: (c.dropped is None, _value(c.comps.sum(axis=0)), -contenders.index(c)))
        self.best = leader.deck
        k = len(contenders)
        if stopped == "separated" or (k == 1 and not interrupted):
            self.separated = True
        else:
            others = [c for c in played if c is not leader]
            self.separated = len(played) == k and all(
                worse(c, leader, (1 - confidence) / max(1, k - 1)) for c in others)
        self.ranking = sorted(played, key=lambda c: (c is not leader, -_value(c.comps.sum(axis=0))))

    @property
    def objective_words(self) -> str:
        """The objective in words ("P(top cut)")."""
        return OBJECTIVES[self.objective][1]

    def estimate(self, deck: str) -> Estimate:
        """Your objective with the deck, and its interval at the confidence; with
        matchup_uncertainty its 95% interval includes what the results don't know (the spread
        over the chunks' drawn matchups, meta/spread.py), its value the mean over them."""
        c = self._contender(deck)
        if not self._settings["matchup_uncertainty"]:
            return stats.estimate(_value, c.comps, c.events, self.confidence)
        value = float(_value(c.comps.sum(axis=0)))
        e = posterior_interval(value, c.comps[:, 0], c.comps[:, 1], c.comps[:, 2])
        top = 1.0 if self.objective != "match_points" else math.inf
        return Estimate(value, max(0.0, e.low), min(top, e.high), e.n)

    def difference(self, deck: str) -> Estimate:
        """The best's objective minus the deck's, paired on their common chunks, with its interval."""
        c, b = self._contender(deck), self._contender(self.best)
        n = min(c.chunks, b.chunks)
        if c is b or n == 0:
            return Estimate(0.0, 0.0, 0.0, c.events)
        return stats.difference(_value, b.comps[:n], _value, c.comps[:n], min(c.events, b.events),
                                self.confidence)[0]

    def _contender(self, deck: str) -> Contender:
        for c in self.contenders:
            if c.deck == deck:
                return c
        raise ArgumentError(f"{shown(deck)} is not a candidate ({', '.join(c.deck for c in self.contenders)})")

    def summary(self) -> str:
        s = self._settings
        what = OBJECTIVES[self.objective][1]
        head = (f"best deck to bring by {what} for one player, in events of {s['players']} players: "
                f"{s['rounds']} Swiss rounds, best of {s['best_of']}, "
                + (f"top {s['top_cut']}" if s["top_cut"] else "no top cut") + f"; seed {s['seed']}"
                + ("; matchups drawn from their posteriors per chunk" if s["matchup_uncertainty"] else "")
                + (" (interrupted)" if self.interrupted else ""))
        verdict = (f"bring {self.best}: better than every other candidate at {self.confidence:.0%} (paired, "
                   f"{self.stopped})" if self.separated else
                   f"leader {self.best}, not separated from every other candidate at {self.confidence:.0%} "
                   f"({self.stopped}; more events, or fewer candidates, may separate them)")
        notes = [f"note: {c} is named in no matchup: a coin flip against every deck" for c in s["coin_flips"]]
        if s["matchup_uncertainty"]:
            notes.append(f"note: each deck's {self.objective} is its mean over the matchups the results allow, its "
                         "95% interval their spread (what the results don't know), measured over as many drawn "
                         "metagames as the deck played chunks of 64 events (rough for a deck dropped early); the "
                         "best's lead is of those means, its interval the simulation's noise (the deck to bring on "
                         "average over them)")
        return "\n".join([head, verdict, self.table(), *notes])

    def table(self) -> str:
        """Every candidate: your objective and its interval, the best's lead over it (paired
        interval), the events played, and when the race dropped it."""
        pct = self.objective != "match_points"
        width = max(len("deck"), *(len(c.deck) for c in self.ranking))

        def f(x: float) -> str:
            return f"{x:.4f}" if pct else f"{x:.3f}"
        lines = [f"  {'deck':<{width}}  {self.objective:>26}  {'best minus it (paired)':>28}  {'events':>8}  note"]
        for c in self.ranking:
            e, d = self.estimate(c.deck), self.difference(c.deck)
            lead = "-" if c.deck == self.best else f"{f(d.value)} [{f(d.low)}, {f(d.high)}]"
            lines.append(f"  {c.deck:<{width}}  {f(e.value) + f' [{f(e.low)}, {f(e.high)}]':>26}  {lead:>28}  "
                         f"{c.events:>8,}  {('dropped ' + c.dropped) if c.dropped else ''}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def to_dict(self) -> dict:
        return {**self._settings, "objective": self.objective, "best": self.best, "separated": self.separated,
                "stopped": self.stopped, "interrupted": self.interrupted,
                "candidates": [{"deck": c.deck, "events": c.events, "dropped": c.dropped,
                                self.objective: self.estimate(c.deck).to_dict(),
                                "best_minus_it": self.difference(c.deck).to_dict()} for c in self.ranking]}

    def to_json(self, path) -> None:
        """`to_dict` as strict JSON (mtgsim.files.write_json)."""
        write_json(path, self.to_dict())

    def to_csv(self, path) -> None:
        """One row per candidate, best first: the objective and the best's lead with their
        intervals, events, why it was dropped; the settings in the last columns."""
        import csv
        keys = [k for k in self._settings if k not in ("field", "coin_flips")]
        with open(output_path(path, "to_csv: path"), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["deck", "objective", "value", "low", "high", "best_minus_it", "low", "high", "events",
                        "dropped", "best", "separated", *keys])
            for c in self.ranking:
                e, d = self.estimate(c.deck), self.difference(c.deck)
                w.writerow([c.deck, self.objective, e.value, e.low, e.high, d.value, d.low, d.high, c.events,
                            c.dropped or "", c.deck == self.best, self.separated, *(self._settings[k] for k in keys)])

    def to_html(self, path, command: str | None = None) -> None:
        """One self-contained HTML page of the answer (report/best_deck.py; needs mtgsim[html]);
        `command`: what reproduces it (None: the Python call)."""
        from ..report.best_deck import page
        from ..report.page import write
        write(path, page(self, command))

    def _repr_html_(self) -> str:
        from ..report.best_deck import page
        return page(self)

    def plot(self, path) -> None:
        """The objective per candidate with its interval, best first (needs matplotlib: mtgsim[plot])."""
        plt = pyplot()
        rows = [(c.deck, self.estimate(c.deck)) for c in self.ranking]
        fig, ax = plt.subplots(figsize=(max(6.0, 0.8 * len(rows) + 3), 4))
        ax.bar(range(len(rows)), [e.value for _, e in rows], capsize=3,
               yerr=[[max(0.0, e.value - e.low) for _, e in rows], [max(0.0, e.high - e.value) for _, e in rows]])
        ax.set_xticks(list(range(len(rows))), [d for d, _ in rows], rotation=30, ha="right")
        ax.set_title(f"{OBJECTIVES[self.objective][1]} for one player, by the deck brought", fontsize=9)
        fig.tight_layout()
        save_figure(fig, path)
