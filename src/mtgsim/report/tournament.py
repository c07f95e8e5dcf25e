"""The tournament page (`EventsResult.to_html`): P(top cut), P(win) and conversion per deck with
their intervals, as a table and a chart; the matchups as a heatmap with the games behind each
cell; the record distributions after the Swiss rounds; the settings, and what reproduces it."""
from __future__ import annotations

import numpy as np

from ..plotting import pyplot
from .page import figure, render

__all__ = ["page"]


def _call(result) -> str:
    """The Python call that reproduces the figures (the field and matchups named as objects)."""
    s = result.settings()
    args = ", ".join(f"{k}={s[k]!r}" for k in ("events", "rounds", "best_of", "top_cut", "draw_rate",
                                               "intentional_draws", "matchup_uncertainty", "seed"))
    return f"meta.simulate_events(field, matchups, {args})"


def _chart(rows: list[dict], cut: str) -> dict:
    plt = pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(max(8.0, 0.7 * len(rows) + 4), 3.8))
    xs = range(len(rows))
    for ax, key, title in ((a, "p_top8", f"P({cut}) per player"), (b, "conversion", "conversion")):
        vals = [r[key]["value"] for r in rows]
        err = [[max(0.0, r[key]["value"] - r[key]["low"]) for r in rows],
               [max(0.0, r[key]["high"] - r[key]["value"]) for r in rows]]
        ax.bar(xs, vals, yerr=err, capsize=3, color="#4c72b0")
        ax.set_xticks(list(xs), [r["archetype"] for r in rows], rotation=30, ha="right", fontsize=8)
        ax.set_title(title, fontsize=10)
    b.axhline(1.0, color="gray", lw=0.8)
    return figure(fig, f"Bar charts of P({cut}) per player and conversion per deck, with 95% intervals")


def _heatmap(result) -> dict | None:
    """P(row wins a game against column), the mean of on the play and on the draw, with n."""
    mu = result.matchups
    if mu is None:
        return None
    names = result.field.names
    k = len(names)
    p = np.array([[mu.p(a, b) for b in names] for a in names])
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(max(5.0, 0.75 * k + 2), max(4.0, 0.6 * k + 1.5)))
    ax.imshow(p, cmap="RdBu", vmin=0.2, vmax=0.8)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            n = mu.estimate(a, b).n
            ax.text(j, i, f"{p[i, j]:.2f}" + (f"\nn={n}" if n else ""), ha="center", va="center", fontsize=7)
    ax.set_xticks(range(k), names, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(k), names, fontsize=8)
    ax.set_xlabel("opponent")
    return figure(fig, "Heatmap of each deck's probability of winning a game against each other deck, "
                       "with the games behind each cell")


def page(result, command: str | None = None) -> str:
    """The page's HTML; `command`: what reproduces it (None: the Python call)."""
    rows = result._rows()
    cut = f"top {result.top_cut}" if result.top_cut else "no top cut"
    records = {}
    for name in result.field.names:
        dist = result.record_distribution(name)
        records[name] = {f"{w}-{l_}" + (f"-{d}" if d else ""): e.value for (w, l_, d), e in dist.items()}
    columns = sorted({k for r in records.values() for k in r},
                     key=lambda s: tuple(-int(x) if i == 0 else int(x) for i, x in enumerate(s.split("-"))))
    return render("tournament.html", f"Tournament: {result.field.players} players, {result.events:,} events",
                  result.seed, command or _call(result), settings=result.settings_line(),
                  uncertainty=result.uncertainty_line(), rows=rows,
                  cut=cut, rounds=result.rounds, chart=_chart(rows, cut), heatmap=_heatmap(result),
                  records=records, record_columns=columns)
