"""The optimization page (`SweepResult.to_html`, `ManaBaseResult.to_html`): the objective by
variant with its interval, the paired difference of every variant from the best as interval
bands, the games each variant played (racing drops the ones that can't be best), whether the race
separated the best and why it stopped, the published baselines beside it, and the settings; what
reproduces it at the foot."""
from __future__ import annotations

import math

from ..plotting import pyplot
from .page import figure, render

__all__ = ["page"]

_BEST, _ALIVE, _DROPPED = "#2a9d4a", "#4c72b0", "#9aa1ad"


def _call(result) -> str:
    """The Python call that reproduces the figures (the variants or deck and the objective named
    as objects)."""
    e = result._engine
    args = f"turns={e.turns}, on={e.on!r}, confidence={e.confidence!r}, seed={result.seed!r}"
    if e.format is not None:
        args += f", format={e.format.name!r}" if hasattr(e.format, "name") else ""
    if hasattr(result, "search"):
        return f"optimize.mana_base(deck, pool, lands, objective, {args})"
    return f"optimize.sweep(variants, objective, crn={e.crn!r}, {args})"


def _names(result, rows) -> list[str]:
    return ([r["variant"] for r in rows] if result.same_size else
            [f"{r['variant']} ({r['cards']} cards)" for r in rows])


def _colour(r) -> str:
    return _BEST if r["best"] else (_DROPPED if r["dropped"] else _ALIVE)


def _finite(*xs) -> bool:
    return all(x is not None and math.isfinite(x) for x in xs)


def _land_marker(result, rows) -> tuple[float, float] | None:
    """Where Karsten's land count falls among variants labelled by their land counts (a sweep):
    (the position on the variants' axis, the count); None for other variants or out of range."""
    lands = next((b.recommended for b in result.baselines if b.what == "lands"), None)
    try:
        counts = [int(r["variant"]) for r in rows]
    except ValueError:
        return None
    if lands is None or len(counts) < 2 or counts != sorted(counts) or not counts[0] <= lands <= counts[-1]:
        return None
    for i in range(len(counts) - 1):
        lo, hi = counts[i], counts[i + 1]
        if lo <= lands <= hi and hi > lo:
            return i + (lands - lo) / (hi - lo), lands
    return None


def _objective_chart(result, rows) -> dict:
    """The objective by variant, each with its interval; the best green, the dropped grey."""
    plt = pyplot()
    names = _names(result, rows)
    fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.34 * len(rows) + 1.2)))
    for i, r in enumerate(rows):
        o = r["objective"]
        if not _finite(o["value"], o["low"], o["high"]):
            continue
        ax.errorbar(o["value"], i, xerr=[[o["value"] - o["low"]], [o["high"] - o["value"]]], fmt="o",
                    color=_colour(r), capsize=3, ms=5)
    karsten = _land_marker(result, rows)
    if karsten is not None:
        y, lands = karsten
        ax.axhline(y, color="#c44e52", ls="--", lw=1)
        ax.annotate(f"Karsten's formula: {lands:g} lands", (0.01, y), xycoords=("axes fraction", "data"),
                    xytext=(0, -3), textcoords="offset points", va="top", fontsize=7, color="#c44e52")
    ax.set_yticks(range(len(rows)), names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"{str(result.objective)[:70]} ({'higher' if result.objective.maximize else 'lower'} is better)",
                  fontsize=8)
    ax.grid(axis="x", color="#e3e6ec")
    conf = f"{100 * result._engine.confidence:g}%"
    return figure(fig, f"The objective of each variant as a point with its {conf} interval; the best in green, "
                       "variants dropped by the race in grey"
                  + ("; a dashed line at Karsten's published land count" if karsten is not None else ""))


def _difference_chart(result, rows) -> dict | None:
    """Each variant minus the best, paired, as an interval band around its point; 0 marked."""
    others = [r for r in rows if r.get("vs_best") and _finite(r["vs_best"]["value"], r["vs_best"]["low"],
                                                               r["vs_best"]["high"])]
    if not others:
        return None
    plt = pyplot()
    names = _names(result, others)
    fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.34 * len(others) + 1.2)))
    for i, r in enumerate(others):
        d = r["vs_best"]
        ax.barh(i, d["high"] - d["low"], left=d["low"], height=0.5, color=_colour(r), alpha=0.35)
        ax.plot([d["value"]], [i], "o", color=_colour(r), ms=5)
    ax.axvline(0.0, color="#1d2330", lw=0.9)
    ax.set_yticks(range(len(others)), names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"objective minus the best's ({result.best_label})", fontsize=8)
    ax.grid(axis="x", color="#e3e6ec")
    conf = f"{100 * result._engine.confidence:g}%"
    return figure(fig, f"Each variant's paired difference from the best ({result.best_label}) as a band of its "
                       f"{conf} interval around its point; a band clear of the zero line is separated from the best")


def _games_chart(result, rows) -> dict:
    """The games each variant played."""
    plt = pyplot()
    names = _names(result, rows)
    fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.34 * len(rows) + 1.2)))
    ax.barh(range(len(rows)), [r["games"] for r in rows], color=[_colour(r) for r in rows], height=0.6)
    ax.set_yticks(range(len(rows)), names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("games played", fontsize=8)
    ax.grid(axis="x", color="#e3e6ec")
    return figure(fig, "Bar chart of the games each variant played; the best in green, variants dropped by the "
                       "race in grey")


def page(result, command: str | None = None) -> str:
    """The page's HTML; `command`: what reproduces it (None: the Python call)."""
    e = result._engine
    rows = result._rows()
    conf = f"{100 * e.confidence:g}%"
    mana = hasattr(result, "search")
    title = (f"Mana base: {len(rows)} splits evaluated" if mana else f"Sweep: {len(rows)} variants") \
        + f", best {result.best_label}"
    settings = [("objective", f"{result.objective} ({'higher' if result.objective.maximize else 'lower'} is "
                              "better)"),
                ("intervals", f"{conf}"),
                ("turns", str(e.turns)), ("start", {"play": "on the play", "draw": "on the draw",
                                                    "both": "half the games on the play, half on the draw"}
                                          .get(result.on, str(result.on))),
                ("common random numbers", "yes (differences paired)" if e.crn else "no (differences independent)"),
                ("deck size", result.deck_size()), ("games, all variants", f"{result.games_used:,}"),
                ("seed", str(result.seed))]
    if mana:
        settings.insert(0, ("search", result.search))
    if result.format is not None:
        settings.append(("format", result.format.describe() if hasattr(result.format, "describe")
                         else str(result.format)))
    if e.hand_smoother is not None:
        settings.append(("hand smoother", str(e.hand_smoother)))
    if result.separated:
        verdict = f"The race separated the best, {result.best_label}, from every other variant at {conf}."
    else:
        verdict = f"The best, {result.best_label}, is not separated from every other variant: {result.stopped}."
    if result.interrupted:
        verdict += " Stopped by Ctrl-C: the figures are of the games each variant finished."
    split = None
    if mana:
        split = [{"land": n, "copies": k} for n, k in result.split().items()]
    return render("optimization.html", title, result.seed, command or _call(result), rows=rows, conf=conf,
                  objective=str(result.objective), maximize=result.objective.maximize, best=result.best_label,
                  verdict=verdict, stopped=result.stopped, separated=result.separated, settings=settings,
                  same_size=result.same_size, both=e.both, crn=e.crn,
                  objective_chart=_objective_chart(result, rows),
                  karsten=_land_marker(result, rows) is not None, difference_chart=_difference_chart(result, rows),
                  games_chart=_games_chart(result, rows), baselines=result.baselines,
                  disagreements=result.disagreements(), split=split)
