"""What `optimize.swaps` returns: the swaps it made (`Swap`, `SwapPlan`: which, from what, and
those left out) and `SwapsResult`: each swap's paired effect on the objective against the deck
as it is, best first, with the games each played and when the race dropped it, as a table and
JSON.
"""
from __future__ import annotations

import csv
import math
from dataclasses import dataclass

from ..cards import CardDef, normalize_name
from ..errors import ArgumentTypeError, UnknownNameError, shown
from ..files import output_path, write_json
from ..simulate import Estimate, SimResult
from .engine import Candidate, Engine
from .results import RaceReport

__all__ = ["AS_IT_IS", "Swap", "SwapPlan", "SwapsResult"]

AS_IT_IS = "the deck as it is"      # the reference variant's label


@dataclass(frozen=True)
class Swap:
    """One copy of `out` taken out of the main deck, one copy of `into` put in."""
    out: str
    into: str

    @property
    def label(self) -> str:
        return f"-1 {self.out}, +1 {self.into}"


@dataclass(frozen=True)
class SwapPlan:
    """The swaps raced and how they were chosen."""
    swaps: tuple[Swap, ...]
    cut: tuple[str, ...]            # the cards taken out: every distinct main-deck card, or the user's list
    limited: bool                   # `cut` was the user's list
    candidates: tuple[str, ...]
    source: str                     # "the sideboard" or "given"
    basic: str | None               # the basic land put in for each spell (None: lands=False, or no basic land)
    lands: bool                     # swaps that change the land count made
    left_out: tuple[tuple[str, str], ...]     # (candidate, why no swap puts it in): at its copy limit

    def describe(self) -> list[str]:
        """The plan in words: what is cut, what goes in, what is left out."""
        cut = (f"only the cards given ({', '.join(self.cut)}): your choice, other cuts not tried" if self.limited
               else f"each of the {len(self.cut)} distinct main-deck cards")
        n = len(self.candidates)
        lines = [f"swaps: -1 of {cut}; +1 of {n} candidate{'s' if n != 1 else ''} ({self.source}: "
                 f"{', '.join(self.candidates)})"]
        if self.basic in self.candidates:
            lines.append(f"  ({self.basic}, the deck's most-played basic land, is a candidate)")
        elif self.basic:
            lines.append(f"  and -1 of each spell, +1 {self.basic} (the deck's most-played basic land)")
        elif self.lands:
            lines.append("  (no basic land in the main deck: no spell cut for a basic land)")
        if not self.lands:
            lines.append("  lands=False: only swaps that keep the land count (a spell for a spell, a land for a land)")
        lines += [f"  not put in: {card}: {why}" for card, why in self.left_out]
        lines.append(f"  {len(self.swaps)} swaps, each a deck of the same size")
        return lines


class SwapsResult(RaceReport):
    """The result of `optimize.swaps`: each swap's paired effect on the objective against the
    deck as it is (`estimate(out, in)`), `ranking` best first, `table()`, the `best` swap
    (None when no swap beats the deck as it is), whether the race `separated` the best from
    every other variant, and the games used."""

    def __init__(self, engine: Engine, plan: SwapPlan, separated: bool, stopped: str):
        super().__init__(engine, engine.candidates, separated, stopped)
        self.plan = plan
        self._reference = self._by_label.get(AS_IT_IS)
        # (after Ctrl-C while compiling, the swaps not yet compiled are not in the result)
        self._swaps = {s: self._by_label[s.label] for s in plan.swaps if s.label in self._by_label}

    # ---- figures
    def _effect(self, c: Candidate) -> Estimate:
        if self._reference is None:
            return Estimate(math.nan, math.nan, math.nan, 0)
        return self._engine.difference(c, self._reference)[0]

    def _oriented(self, e: Estimate) -> float:
        """An effect, higher is better (nan: worst)."""
        if math.isnan(e.value):
            return -math.inf
        return e.value if self.objective.maximize else -e.value

    def _find(self, out, into) -> Swap:
        names = []
        for card in (out, into):
            if isinstance(card, CardDef):
                card = card.name
            if not isinstance(card, str):
                raise ArgumentTypeError(f"a swap's cards are names or CardDefs, not {type(card).__name__}")
            names.append(card)
        key = (normalize_name(names[0]), normalize_name(names[1]))
        for s in self._swaps:
            if (normalize_name(s.out), normalize_name(s.into)) == key:
                return s
        raise UnknownNameError(f"no swap -1 {shown(names[0])}, +1 {shown(names[1])} was raced: it cuts one of "
                               f"{', '.join(self.plan.cut)} for one of {', '.join(self.plan.candidates)}"
                               + (f" (or {self.plan.basic} for a spell)" if self.plan.basic else ""),
                               f"-1 {names[0]}, +1 {names[1]}")

    def estimate(self, out, into) -> Estimate:
        """The paired effect of "-1 out, +1 into" on the objective: objective(swapped deck) -
        objective(deck as it is), on the swap's games, with its interval at the run's confidence."""
        return self._effect(self._swaps[self._find(out, into)])

    @property
    def deck_estimate(self) -> Estimate:
        """The objective of the deck as it is."""
        if self._reference is None:
            return Estimate(math.nan, math.nan, math.nan, 0)
        return self._engine.estimate(self._reference)

    def result(self, out, into) -> SimResult:
        """Everything `simulate` reports about the swapped deck, from the games it played."""
        return self._engine.result(self._swaps[self._find(out, into)])

    @property
    def ranking(self) -> list[tuple[Swap, Estimate]]:
        """Every swap with its paired effect, best first: those the race kept, then those it
        dropped, each by its effect."""
        rows = [(s, self._effect(c), c) for s, c in self._swaps.items()]
        rows.sort(key=lambda r: (r[2].dropped is not None, -self._oriented(r[1])))
        return [(s, e) for s, e, _ in rows]

    def _leader(self) -> Candidate | None:
        played = [c for c in self._engine.candidates if c.games > 0]
        if not played:
            return None
        alive = [c for c in played if c.dropped is None] or played
        return self._engine.leader(alive)

    @property
    def best(self) -> tuple[str, str] | None:
        """The best swap as (card out, card in); None when the deck as it is leads (no swap beats it)."""
        leader = self._leader()
        for s, c in self._swaps.items():
            if c is leader:
                return (s.out, s.into)
        return None

    # ---- output
    def _text(self, e: Estimate) -> str:
        """An effect as the table writes it: percentage points for an objective of
        probabilities (+3.1% (±0.8)), else in the objective's units."""
        if math.isnan(e.value):
            return "not played"
        scale, unit = (100.0, "%") if self.objective.of_probabilities else (1.0, "")
        value, half = e.value * scale, (e.high - e.low) / 2 * scale
        if math.isnan(half):
            return f"{value:+.2f}{unit}"
        if half == 0:                    # (the swap changed no game: its card was never reached or never mattered)
            return f"{value:+.1f}{unit} (±0)"
        digits = 1 if half >= 0.1 else 2 if half >= 0.01 else 3
        return f"{value:+.{digits}f}{unit} (±{half:.{digits}f})"

    def _versus_deck(self, e: Estimate) -> str:
        """Whether the effect's interval excludes 0: better or worse than the deck as it is."""
        if math.isnan(e.low):
            return "not separated from the deck"
        better = e.low > 0 if self.objective.maximize else e.high < 0
        worse = e.high < 0 if self.objective.maximize else e.low > 0
        return "better than the deck" if better else "worse than the deck" if worse else "not separated from the deck"

    def _rows(self) -> list[tuple[Swap, Estimate, Candidate]]:
        return [(s, e, self._swaps[s]) for s, e in self.ranking]

    def table(self) -> str:
        """The objective and the swaps made, the deck as it is, then one line per swap, best
        first: its paired effect with its interval, the games it played, whether its interval
        excludes the deck's value, and when the race dropped it; then the best."""
        conf = f"{100 * self._engine.confidence:g}%"
        units = "percentage points" if self.objective.of_probabilities else "the objective's units"
        lines = [f"objective: {self.objective} ({'higher' if self.objective.maximize else 'lower'} is better); "
                 f"{conf} intervals", *self.plan.describe()]
        d = self.deck_estimate
        lines.append(f"{AS_IT_IS}: {d.value:.4f} [{d.low:.4f}, {d.high:.4f}], {d.n:,} games")
        lines.append(f"each swap's effect, paired against the deck as it is ({units}):")
        rows = self._rows()
        width = max([len(s.label) + 1 for s, _, _ in rows] + [1])
        effects = [self._text(e) for _, e, _ in rows]
        ew = max([len(t) for t in effects] + [1])
        for (s, e, c), effect in zip(rows, effects):
            note = f"; dropped in {c.dropped.partition(',')[0]}" if c.dropped else ""     # ("round 2, 16,384 games")
            lines.append(f"  {s.label + ':':<{width}} {effect:<{ew}}  {c.games:>11,} games  "
                         f"{self._versus_deck(e)}{note}")
        lines.append(self._summary(conf))
        return "\n".join(lines)

    def _summary(self, conf: str) -> str:
        best = self.best
        what = f"-1 {best[0]}, +1 {best[1]}" if best else f"no swap: {AS_IT_IS} leads"
        how = (f"separated from every other variant at {conf}" if self.separated
               else f"not separated: {self.stopped}")
        return f"best: {what} ({how}); {self.games_used:,} games"

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict:
        best = self.best
        return {"objective": str(self.objective), "maximize": self.objective.maximize,
                "confidence": self._engine.confidence,
                "seed": self.seed if isinstance(self.seed, int) else str(self.seed),
                "games_used": self.games_used, "separated": self.separated, "stopped": self.stopped,
                "best": {"out": best[0], "in": best[1]} if best else None,
                "deck": {"objective": self.deck_estimate.to_dict(),
                         "games": self._reference.games if self._reference else 0},
                "plan": {"cut": list(self.plan.cut), "cut_given": self.plan.limited,
                         "candidates": list(self.plan.candidates), "source": self.plan.source,
                         "basic": self.plan.basic, "lands": self.plan.lands,
                         "left_out": [{"card": c, "why": why} for c, why in self.plan.left_out]},
                "swaps": [{"out": s.out, "in": s.into, "effect": e.to_dict(),
                           "objective": self._engine.estimate(c).to_dict(), "games": c.games,
                           "dropped": c.dropped, "versus_deck": self._versus_deck(e),
                           "best": best == (s.out, s.into)} for s, e, c in self._rows()]}

    def to_html(self, path, command: str | None = None) -> None:
        """One self-contained HTML page (report/optimization.py; needs mtgsim[html]): the swaps
        ranked by their paired effect against the deck as it is, the top ones charted with
        their intervals, every one in a table, whether the best was separated and why the
        search stopped, the settings; `command`: what reproduces it (None: the Python call)."""
        from ..report.optimization import swaps_page
        from ..report.page import write
        write(path, swaps_page(self, command))

    def _repr_html_(self) -> str:
        from ..report.optimization import swaps_page
        return swaps_page(self)

    def to_json(self, path) -> None:
        """`to_dict` as strict JSON (mtgsim.files.write_json)."""
        write_json(path, self.to_dict())

    def to_csv(self, path) -> None:
        """One row per swap, best first: its paired effect with its interval, games, the race's drop."""
        best = self.best
        with open(output_path(path, "to_csv: path"), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["out", "in", "effect", "low", "high", "games", "versus_deck", "dropped", "best"])
            for s, e, c in self._rows():
                w.writerow([s.out, s.into, e.value, e.low, e.high, c.games, self._versus_deck(e), c.dropped or "",
                            best == (s.out, s.into)])
