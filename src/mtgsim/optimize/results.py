"""What an optimization returns: `SweepResult` (every variant's objective with its interval,
paired differences, the best) and `ManaBaseResult` (the best mana base found, a ranking, how
it was searched), with the published baselines beside them, as a table, JSON, CSV, a plot and an HTML page.
"""
from __future__ import annotations

import csv
import math

from ..decklist import Deck
from ..errors import ArgumentTypeError, UnknownNameError, shown
from ..files import output_path, write_json
from ..plotting import pyplot, save_figure
from ..simulate import Estimate, SimResult
from . import baselines
from .engine import Candidate, Engine

__all__ = ["ManaBaseResult", "RaceReport", "SweepResult"]


class RaceReport:
    """What every optimization's result holds: the engine that played it, its candidates by
    label, whether the race separated the best, and why it stopped."""

    def __init__(self, engine: Engine, candidates: list[Candidate], separated: bool, stopped: str):
        self._engine = engine
        self._by_label = {c.label: c for c in candidates}
        self.separated = separated
        self.stopped = stopped

    @property
    def labels(self) -> list[str]:
        return list(self._by_label)

    @property
    def objective(self):
        return self._engine.objective

    @property
    def games_used(self) -> int:
        """Games played, all variants added up."""
        return self._engine.games_used

    @property
    def seed(self):
        return self._engine.seed

    @property
    def on(self) -> str:
        """Where the games started: "play", "draw" or "both" (mtgsim.play_draw)."""
        return self._engine.on

    @property
    def format(self):
        """The format the games were played by (a mtgsim.formats.Format; None: the deck decided)."""
        return self._engine.format

    @property
    def interrupted(self) -> bool:
        """Stopped by Ctrl-C: the figures are of the games each variant finished."""
        return self.stopped == "interrupted"


class _Report(RaceReport):
    """The parts both deck results share: candidates by label, estimates, the table and files."""

    # ---- figures

    def _candidate(self, label) -> Candidate:
        if isinstance(label, bool) or not isinstance(label, (str, int)):      # (a land count may be given as 23)
            raise ArgumentTypeError(f"a variant's label is text (or a land count), not {type(label).__name__}")
        key = label if isinstance(label, str) else str(label) if abs(label) < 10 ** 18 else shown(label)
        try:
            return self._by_label[key]
        except KeyError:
            raise UnknownNameError(f"no variant {shown(label)}; the variants are {', '.join(self._by_label)}",
                                   key) from None

    def estimate(self, label) -> Estimate:
        """The objective of one variant, with its interval at the run's confidence."""
        return self._engine.estimate(self._candidate(label))

    def difference(self, a, b) -> Estimate:
        """objective(a) - objective(b) on the chunks both played: paired where the run used
        common random numbers (crn=True), else as two independent estimates."""
        return self._engine.difference(self._candidate(a), self._candidate(b))[0]

    def variance_reduction(self, a, b) -> float:
        """How many times narrower in variance the paired difference of a and b is than the
        difference of two independent runs of the same size: (var(a) + var(b)) / var(a - b),
        each variance from the spread between chunks (1 without common random numbers)."""
        ca, cb = self._candidate(a), self._candidate(b)
        _, paired = self._engine.difference(ca, cb, paired=True)
        _, independent = self._engine.difference(ca, cb, paired=False)
        return independent ** 2 / paired ** 2 if paired > 0 else math.inf

    def result(self, label) -> SimResult:
        """Everything `simulate` reports about one variant, from the games it played."""
        return self._engine.result(self._candidate(label))

    def _best_candidate(self) -> Candidate:
        alive = [c for c in self._by_label.values() if c.dropped is None] or list(self._by_label.values())
        return self._engine.leader(alive)

    @property
    def best_label(self) -> str:
        """The label of the best variant."""
        return self._best_candidate().label

    @property
    def baselines(self) -> list[baselines.Baseline]:
        """Karsten's land count and coloured sources for the best variant, with their sources."""
        deck = self._best_candidate().deck
        out = [b for b in [baselines.land_count(deck, self._engine.format)] if b is not None]
        return out + baselines.color_sources(deck)

    def disagreements(self) -> list[str]:
        """Where the simulation's best differs from the published baselines."""
        out = []
        for b in self.baselines:
            if b.deck is None:
                continue
            gap = b.deck - b.recommended
            if b.what == "lands" and abs(gap) >= 1:
                out.append(f"the simulation's best has {b.deck:g} lands; Karsten's formula gives "
                           f"{b.recommended:g} ({gap:+.1f})")
            elif b.what.endswith("sources") and gap < 0:
                out.append(f"the simulation's best has {b.deck:g} {b.what}; Karsten's table asks "
                           f"for {b.recommended:g} ({b.detail})")
        return out

    def cards(self, label) -> int:
        """The size of one variant's deck (main deck and commander)."""
        return len(self._candidate(label).deck)

    @property
    def sizes(self) -> list[int]:
        """The variants' deck sizes, each once, smallest first (one where they keep the size)."""
        return sorted({len(c.deck) for c in self._by_label.values()})

    @property
    def same_size(self) -> bool:
        """Do all the variants have one deck size?"""
        return len(self.sizes) == 1

    def deck_size(self) -> str:
        """The variants' deck sizes, in words: "60 cards in every variant", or, where they
        differ, that they do and from what to what."""
        sizes = self.sizes
        if len(sizes) == 1:
            return f"{sizes[0]} cards in every variant"
        return f"not the same in every variant: {sizes[0]} to {sizes[-1]} cards"

    # ---- output
    def _rows(self) -> list[dict]:
        best = self._best_candidate()
        rows = []
        for c in self._by_label.values():
            e = self._engine.estimate(c)
            row = {"variant": c.label, "cards": len(c.deck), "objective": e.to_dict(), "games": c.games,
                   "best": c is best, "dropped": c.dropped}
            if self._engine.both:               # (the objective of each half, on_play and on_draw)
                row |= {f"on_{half}": self._engine.half_estimate(c, half).to_dict() for half in ("play", "draw")}
            if c is not best:
                row["vs_best"] = self._engine.difference(c, best)[0].to_dict()
            rows.append(row)
        return rows

    def table(self) -> str:
        """The deck size (in words; per variant where they differ), then per variant: the
        objective with its interval, the games played, and the difference from the best
        (paired with common random numbers); then the baselines."""
        conf = f"{100 * self._engine.confidence:g}%"
        lines = [f"objective: {self.objective} ({'higher' if self.objective.maximize else 'lower'} is "
                 f"better); {conf} intervals",
                 f"deck size: {self.deck_size()}" + ("" if self.same_size else " (each variant's in the cards "
                                                                                "column), compared as they are")]
        width = max(len("variant"), *(len(c) for c in self._by_label))
        sized = not self.same_size                  # (then each row says its size)
        row = "  {:<%d}  %s{:>10}  {:<20}  {:>11}  {:<30}{}" % (width, "{:>9}  " if sized else "{}")
        lines.append(row.format("variant", "cards" if sized else "", "objective", conf + " interval", "games",
                                "vs best (" + conf + ")", ""))
        for r in self._rows():
            o, vs = r["objective"], r.get("vs_best")
            diff = f"{vs['value']:+.4f} [{vs['low']:+.4f}, {vs['high']:+.4f}]" if vs else "best"
            note = (f"  {r['dropped']}" if not r["games"] else f"  dropped in {r['dropped']}") if r["dropped"] else ""
            lines.append(row.format(r["variant"], f"{r['cards']} cards" if sized else "", f"{o['value']:.4f}",
                                    f"[{o['low']:.4f}, {o['high']:.4f}]", f"{r['games']:,}", diff, note).rstrip())
        if self._engine.both:
            lines += self._halves_lines(width)
        how = f"separated from every other at {conf}" if self.separated else f"not separated: {self.stopped}"
        size = f"a deck of {self.cards(self.best_label)} cards, " if sized else ""
        lines.append(f"best: {self.best_label} ({size}{how}); {self.games_used:,} games")
        bl = self.baselines
        if bl:
            lines.append("baselines (published):")
            lines += [f"  {b}" for b in bl]
            for d in self.disagreements():
                lines.append(f"  disagrees: {d}")
        return "\n".join(lines)

    def _halves_lines(self, width: int) -> list[str]:
        """On both: each variant's objective on the play beside on the draw, and the widest of
        their intervals."""
        rows = self._rows()
        lines = ["  the objective on the play and on the draw (half the games each; 103.8a: the player on the "
                 "play skips their turn-1 draw):", f"  {'variant':<{width}}  {'play':>10}  {'draw':>10}"]
        lines += [f"  {r['variant']:<{width}}  {r['on_play']['value']:>10.4f}  {r['on_draw']['value']:>10.4f}"
                  for r in rows if r["games"]]
        reach = [max(e["value"] - e["low"], e["high"] - e["value"]) for r in rows if r["games"]
                 for e in (r["on_play"], r["on_draw"])]
        reach = [x for x in reach if math.isfinite(x)]        # (nan: a half of one chunk)
        if reach:
            lines.append(f"  (their {100 * self._engine.confidence:g}% intervals reach at most ±{max(reach):.4f})")
        return lines

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict:
        return {"objective": str(self.objective), "maximize": self.objective.maximize,
                "confidence": self._engine.confidence,
                "seed": self.seed if isinstance(self.seed, int) else str(self.seed), "on": self.on,
                "crn": self._engine.crn, "games_used": self.games_used, "best": self.best_label,
                "deck_size": self.deck_size(),
                "separated": self.separated, "stopped": self.stopped, "variants": self._rows(),
                "baselines": [{"what": b.what, "recommended": b.recommended, "deck": b.deck, "detail": b.detail,
                               "source": b.source} for b in self.baselines],
                "disagreements": self.disagreements()}

    def to_json(self, path) -> None:
        """`to_dict` as strict JSON (mtgsim.files.write_json: a figure that is not finite is
        null, with its reason)."""
        write_json(path, self.to_dict())

    def to_csv(self, path) -> None:
        with open(output_path(path, "to_csv: path"), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["variant", "objective", "low", "high", "games", "best", "vs_best", "vs_best_low",
                        "vs_best_high", "dropped", "cards"])
            for r in self._rows():
                o, vs = r["objective"], r.get("vs_best") or {}
                w.writerow([r["variant"], o["value"], o["low"], o["high"], r["games"], r["best"],
                            vs.get("value", ""), vs.get("low", ""), vs.get("high", ""), r["dropped"] or "",
                            r["cards"]])

    def to_html(self, path, command: str | None = None) -> None:
        """One self-contained HTML page of the figures (report/optimization.py; needs
        mtgsim[html]): the objective by variant, the paired differences from the best, the games
        each variant played, the baselines, the settings; `command`: what reproduces it (None:
        the Python call)."""
        from ..report.optimization import page
        from ..report.page import write
        write(path, page(self, command))

    def _repr_html_(self) -> str:
        from ..report.optimization import page
        return page(self)

    def plot(self, path) -> None:
        """The objective by variant with its intervals (needs matplotlib: mtgsim[plot])."""
        plt = pyplot()
        rows = self._rows()
        fig, ax = plt.subplots(figsize=(max(5.0, 0.6 * len(rows) + 2), 4))
        xs = range(len(rows))
        vals = [r["objective"]["value"] for r in rows]
        err = [[max(0.0, r["objective"]["value"] - r["objective"]["low"]) for r in rows],
               [max(0.0, r["objective"]["high"] - r["objective"]["value"]) for r in rows]]
        colors = ["tab:green" if r["best"] else ("tab:gray" if r["dropped"] else "tab:blue") for r in rows]
        ax.bar(xs, vals, yerr=err, color=colors, capsize=3)
        names = ([r["variant"] for r in rows] if self.same_size else
                 [f"{r['variant']}\n{r['cards']} cards" for r in rows])
        ax.set_xticks(list(xs), names, rotation=45 if len(rows) > 8 else 0, ha="right"
                      if len(rows) > 8 else "center")
        ax.set_ylabel(str(self.objective)[:60])
        ax.set_title(f"best: {self.best_label}" + ("" if self.same_size else
                                                    f" ({self.cards(self.best_label)} cards; sizes differ)"))
        fig.tight_layout()
        save_figure(fig, path)


class SweepResult(_Report):
    """The result of `optimize.sweep`: every variant's objective (`table`, `estimate`),
    `difference`s, the `best` label, and whether it is `separated` from the rest."""

    @property
    def best(self) -> str:
        return self.best_label


class ManaBaseResult(_Report):
    """The result of `optimize.mana_base`: the `best` Deck found, the `ranking` of the
    variants evaluated, the `search` used, the games used and whether the best is separated
    (for the local search: from every variant of its last neighbourhood, each one land moved)."""

    def __init__(self, engine, candidates, separated, stopped, search: str, splits: dict):
        super().__init__(engine, candidates, separated, stopped)
        self.search = search
        self._splits = splits

    @property
    def best(self) -> Deck:                       # (the contract: a Deck)
        return self._best_candidate().deck

    def split(self, label=None) -> dict[str, int]:
        """The copies of each pool land in a variant (the best by default)."""
        return dict(self._splits[self.best_label if label is None else str(label)])

    @property
    def ranking(self) -> list[tuple[str, Estimate]]:
        """The variants evaluated, best first: (label, objective estimate), at most 10."""
        cands = sorted(self._by_label.values(), key=lambda c: -self._engine.score(c))
        return [(c.label, self._engine.estimate(c)) for c in cands[:10]]

    def table(self) -> str:
        return f"search: {self.search}; {len(self._by_label)} mana bases evaluated\n" + super().table()

    def to_dict(self) -> dict:
        d = super().to_dict()
        d["search"] = self.search
        d["splits"] = self._splits
        return d
