"""The mulligan keep-rule search: which London-mulligan keep rule (MulliganPolicy) serves a deck's
objective best.

    m = optimize.mulligan(deck, Objective.castable({"Llanowar Elves": 1}, on_curve=True), games=100_000, seed=1)
    m.best; m.table(); m.difference(m.best_label, m.default_label)

The candidates are keep rules (`keep_rules`: per hand size 7, 6 and 5 a range of lands in the seven
drawn, and optionally the condition that a spell of mana value at most 2 or 3 is castable on curve
from the hand's lands), always with mtgsim's default rule and Karsten's (KARSTEN). Every rule plays
the same deck on the same seeded chunks, game by game the same seven cards first (common random
numbers), so a difference between two rules is paired: it sees only the games where they decide
differently. The rules are raced (engine.race): rounds of doubling length, a rule dropped as soon as
its interval against the leader excludes being best.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from .. import checks, play_draw
from ..decklist import Deck
from ..errors import ArgumentError, ArgumentTypeError, InternalError, UnknownNameError, shown
from ..files import write_json
from ..objective import Objective
from ..runner import cluster
from ..mulligan_policy import KARSTEN_SOURCE
from ..simulate import Estimate, MulliganPolicy, nothing_finished, progress_bar
from ..smoother import HandSmoother
from .engine import Candidate, Engine, check_budget
from .engine import race as run_race
from .results import RaceReport
from .runs import check_common

__all__ = ["DEFAULT", "KARSTEN", "MulliganResult", "keep_rules", "mulligan", "rule_label"]

DEFAULT = MulliganPolicy()
KARSTEN = MulliganPolicy.karsten()      # (its source: mulligan_policy.KARSTEN_SOURCE)

# The grid keep_rules draws: the seven's lands range, the six's (the five's follows it: one land
# fewer at the bottom, one more at the top, as the bottoming allows), and the castable condition.
SEVEN_RANGES = ((1, 5), (2, 4), (2, 5), (2, 6), (3, 5))
SIX_RANGES = ((1, 5), (2, 4), (2, 5))
CASTABLE: tuple[dict[int, int], ...] = ({}, {7: 2}, {7: 3}, {7: 2, 6: 2})


def rule_label(rule: MulliganPolicy) -> str:
    """A keep rule in words, hand size by size from 7: "7: 2-5 with a <=2 castable, 6: 2-4, 5: 2-4"
    (the lands in the seven drawn; below the smallest size, every hand is kept)."""
    if not rule.keep:
        return "keep every seven"
    parts = []
    for size in sorted(rule.keep, reverse=True):
        lo, hi = rule.keep[size]
        k = rule.castable_by.get(size)
        parts.append(f"{size}: {lo}-{hi}" + (f" with a <={k} castable" if k else ""))
    if rule.free_seven:
        parts.append("a free seven: {}-{}".format(*rule.free_seven))
    return ", ".join(parts) + (" (mana creatures and rocks as lands)" if rule.count_mana_sources else "")


def keep_rules(count_mana_sources: bool = False) -> list[MulliganPolicy]:
    """The rules the search races by default: mtgsim's default, Karsten's, then the grid (every
    seven's range × six's range × castable condition; the five's range follows the six's,
    widened by one land each way), each rule once: at most 62 rules."""
    rules = [_with_sources(DEFAULT, count_mana_sources), _with_sources(KARSTEN, count_mana_sources)]
    for seven in SEVEN_RANGES:
        for six in SIX_RANGES:
            five = (max(0, six[0] - 1), min(7, six[1] + 1))
            for castable in CASTABLE:
                rule = MulliganPolicy({7: seven, 6: six, 5: five}, count_mana_sources, castable_by=castable)
                if rule not in rules:
                    rules.append(rule)
    return rules


def _with_sources(rule: MulliganPolicy, count_mana_sources: bool) -> MulliganPolicy:
    return MulliganPolicy(rule.keep, count_mana_sources, castable_by=rule.castable_by, free_seven=rule.free_seven)


def mulligan(deck: Deck, objective: Objective, games: int = 100_000, seed=None, turns: int = 8,
             budget: int | None = None, confidence: float = 0.95, threads: int | None = None, client=None,
             policy=None, on_play: bool | None = None, rules: Iterable[MulliganPolicy] | None = None,
             count_mana_sources: bool = False, progress: bool = True, track=(),
             hand_smoother=None, on: str | None = None, format=None) -> MulliganResult:
    """The keep rule (MulliganPolicy) best for `objective` on `deck`, by racing `rules` (default
    keep_rules(): mtgsim's default, Karsten's and the grid; mtgsim's default and Karsten's are
    always raced) with common random numbers within `budget` games, all rules added up (default
    `games` × the number of rules); then the default and Karsten's rule are played up to the best
    rule's games (beyond the budget where the race dropped them early), for the paired intervals
    the report leads with. `count_mana_sources` makes the default, Karsten's and every rule of
    the grid count mana creatures and rocks as lands. The simulation options are `simulate`'s (`on`:
    "play", "draw" or "both", as `sweep` takes it; `format` too: Brawl's and a multiplayer game's
    first mulligan is free); `client` as `simulate` takes it (a Dask Client or address, or a
    concurrent.futures.Executor)."""
    if not isinstance(deck, Deck):
        raise ArgumentTypeError(f"mulligan: deck must be a mtgsim.Deck, not {type(deck).__name__}")
    threads, track = check_common(objective, threads, confidence, track, "mulligan")
    games = checks.games(games)
    progress = checks.flag(progress, "mulligan: progress")
    hand_smoother = HandSmoother.of(hand_smoother, "mulligan: hand_smoother")
    count_mana_sources = checks.flag(count_mana_sources, "mulligan: count_mana_sources")
    on = play_draw.start(on, on_play, "mulligan: ")
    raced = _rules(rules, count_mana_sources)
    budget = check_budget(games * len(raced) if budget is None else budget, len(raced), "mulligan")
    bar = progress_bar(budget, desc="keep rules") if progress else None
    engine = None
    try:
        with cluster(client) as remote:
            engine = Engine(objective, turns, None, None, policy, track, threads, remote, seed, True,
                            confidence, bar, hand_smoother=hand_smoother, on=on, format=format)
            cands = [engine.add(label, deck, mulligan=rule) for label, rule in raced.items()]
            out = run_race(engine, cands, budget)
            # The report leads with the best against mtgsim's default and Karsten's: each is brought
            # up to the best's games (past the budget if the race dropped it early), so those paired
            # intervals use every game the best played.
            best = engine.leader(out.alive)
            engine.play([c for c in cands[:2] if c is not best], best.chunks)
            return MulliganResult(engine, cands, out.separated, out.stopped)
    except KeyboardInterrupt:
        if engine is None or engine.games_used == 0:
            nothing_finished()
        for c in engine.candidates:
            if c.games == 0:
                c.dropped = "not played: interrupted"
        return MulliganResult(engine, engine.candidates, False, "interrupted")
    finally:
        if bar is not None:
            bar.close()


def _rules(rules, count_mana_sources: bool) -> dict[str, MulliganPolicy]:
    """The rules raced, by label: mtgsim's default and Karsten's first (named so; counting mana
    creatures and rocks as lands with `count_mana_sources`), then the rest, each once."""
    if rules is None:
        given = keep_rules(count_mana_sources)
    else:
        if isinstance(rules, (MulliganPolicy, str, Mapping)) or not isinstance(rules, Iterable):
            raise ArgumentTypeError(f"mulligan: rules must be a list of MulliganPolicy, not {type(rules).__name__}")
        given = list(rules)
        for r in given:
            if not isinstance(r, MulliganPolicy):
                raise ArgumentTypeError(f"mulligan: rules must be MulliganPolicy keep rules, got {type(r).__name__}")
            if not r.keep:
                raise ArgumentError("mulligan: a rule that keeps every seven (MulliganPolicy.never()) has nothing to "
                                    "search; give keep rules")
        if not given:
            raise ArgumentError("mulligan: no keep rules to race (an empty list)")
    default, karsten = _with_sources(DEFAULT, count_mana_sources), _with_sources(KARSTEN, count_mana_sources)
    out = {f"default ({rule_label(default)})": default, f"Karsten ({rule_label(karsten)})": karsten}
    for r in given:
        if r not in out.values():
            out[rule_label(r)] = r
    return out


class MulliganResult(RaceReport):
    """What `mulligan` found: every keep rule raced, by label, with its objective and interval,
    paired differences against mtgsim's default and Karsten's, and the best (`separated`: did
    the race leave one rule, better than every other; `stopped`: "separated", "budget spent" or
    "interrupted")."""

    @property
    def default_label(self) -> str:
        """The label of mtgsim's default rule (MulliganPolicy())."""
        return next(iter(self._by_label))

    @property
    def karsten_label(self) -> str:
        """The label of Karsten's rule (KARSTEN)."""
        return list(self._by_label)[1]

    def _candidate(self, label) -> Candidate:
        if isinstance(label, MulliganPolicy):
            for c in self._by_label.values():
                if c.mulligan == label:
                    return c
            raise UnknownNameError(f"the rule {rule_label(label)} was not raced", rule_label(label))
        if not isinstance(label, str):
            raise ArgumentTypeError(f"a keep rule is named by its label or given as a MulliganPolicy, "
                                    f"not {type(label).__name__}")
        try:
            return self._by_label[label]
        except KeyError:
            raise UnknownNameError(f"no keep rule {shown(label)}; the rules are {', '.join(self._by_label)}",
                                   label) from None

    def rule(self, label) -> MulliganPolicy:
        """The keep rule of a label."""
        return _rule_of(self._candidate(label))

    def _best(self) -> Candidate:
        alive = [c for c in self._by_label.values() if c.dropped is None] or list(self._by_label.values())
        return self._engine.leader(alive)

    @property
    def best(self) -> MulliganPolicy:
        """The best keep rule found (the race's leader among the rules it kept)."""
        return _rule_of(self._best())

    @property
    def best_label(self) -> str:
        return self._best().label

    def estimate(self, label) -> Estimate:
        """The objective under one rule, with its interval at the run's confidence."""
        return self._engine.estimate(self._candidate(label))

    def difference(self, a, b) -> Estimate:
        """objective(a) - objective(b), paired on the chunks both played (common random numbers)."""
        return self._engine.difference(self._candidate(a), self._candidate(b))[0]

    def games(self, label) -> int:
        return self._candidate(label).games

    def rows(self) -> list[dict]:
        """One dict per rule raced: its objective, the paired differences against the default and
        Karsten's, games played and when the race dropped it."""
        best = self._best()
        default, karsten = self._candidate(self.default_label), self._candidate(self.karsten_label)
        rows = []
        for c in self._by_label.values():
            rule = _rule_of(c)
            rows.append({"rule": c.label, "keep": {str(k): list(v) for k, v in sorted(rule.keep.items(), reverse=True)},
                         "castable_by": {str(k): v for k, v in rule.castable_by.items()},
                         "objective": self._engine.estimate(c).to_dict(),
                         "vs_default": None if c is default else self._engine.difference(c, default)[0].to_dict(),
                         "vs_karsten": None if c is karsten else self._engine.difference(c, karsten)[0].to_dict(),
                         "games": c.games, "best": c is best, "dropped": c.dropped})
        return rows

    def table(self) -> str:
        """Every rule raced, best first then by objective: its estimate, the paired differences
        against the default and Karsten's rule with their intervals, games, and when dropped; then
        the best against both in words."""
        sign = 1 if self._engine.bound.maximize else -1
        rows = sorted(self.rows(), key=lambda r: (not r["best"], -sign * _or_inf(r["objective"]["value"])))
        width = max(len(r["rule"]) for r in rows)
        lines = [f"{'keep rule':<{width}}  {'objective':>21}  {'vs default':>21}  {'vs Karsten':>21}  "
                 f"{'games':>9}  dropped"]
        for r in rows:
            lines.append(f"{r['rule']:<{width}}  {_interval(r['objective']):>21}  "
                         f"{_interval(r['vs_default'], signed=True):>21}  "
                         f"{_interval(r['vs_karsten'], signed=True):>21}  {r['games']:>9,}  "
                         + (r["dropped"] or ("best" if r["best"] else "not dropped")))
        lines.append("")
        lines.append(f"best keep rule: {self.best_label}" + ("" if self.separated else
                                                           f" (not separated from every other: {self.stopped})"))
        for name, other in (("mtgsim's default", self.default_label), ("Karsten's rule", self.karsten_label)):
            if other != self.best_label:
                d = self.difference(self.best_label, other)
                lines.append(f"  vs {name}: {_interval(d.to_dict(), signed=True)} "
                             f"({self._engine.confidence:.0%} paired interval, {d.n:,} games each)")
        lines.append(f"Karsten's rule: {KARSTEN_SOURCE}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"objective": str(self.objective), "seed": self.seed if isinstance(self.seed, (int, type(None)))
                else str(self.seed), "games_used": self.games_used, "separated": self.separated,
                "stopped": self.stopped, "best": self.best_label, "default": self.default_label,
                "karsten": self.karsten_label, "karsten_source": KARSTEN_SOURCE, "rules": self.rows()}

    def to_json(self, path) -> None:
        write_json(path, self.to_dict())

    def to_html(self, path, command: str | None = None) -> None:
        """One self-contained HTML page of the figures (report/optimization.py; needs
        mtgsim[html]): every rule's objective, its paired difference from the best, the games
        each played, the best against the default and Karsten's; `command`: what reproduces it
        (None: the Python call)."""
        from ..report.optimization import mulligan_page
        from ..report.page import write
        write(path, mulligan_page(self, command))

    def _repr_html_(self) -> str:
        from ..report.optimization import mulligan_page
        return mulligan_page(self)

    def __repr__(self) -> str:
        return f"MulliganResult(best={self.best_label!r}, rules={len(self._by_label)}, games_used={self.games_used})"


def _rule_of(c: Candidate) -> MulliganPolicy:
    """A raced candidate's keep rule (each has its own)."""
    if c.mulligan is None:
        raise InternalError(f"mulligan: the candidate {c.label} has no keep rule of its own")
    return c.mulligan


def _or_inf(v: float) -> float:
    return -math.inf if math.isnan(v) else v


def _interval(e: dict | None, signed: bool = False) -> str:
    """An estimate as "value [low, high]" ("-": none, the rule itself)."""
    if e is None or e["n"] == 0 or math.isnan(e["value"]):
        return "-"
    f = "+.4f" if signed else ".4f"
    return f"{e['value']:{f}} [{e['low']:{f}}, {e['high']:{f}}]"

