"""The optimization page (`SweepResult.to_html`, `ManaBaseResult.to_html`): the objective by
variant with its interval, the paired difference of every variant from the best as interval
bands, the games each variant played (racing drops the ones that can't be best), whether the race
separated the best and why it stopped, the published baselines beside it, and the settings; what
reproduces it at the foot. The swap search's page (`SwapsResult.to_html`, `swaps_page`): every
swap ranked by its paired effect against the deck as it is, the top ones as interval bands."""
from __future__ import annotations

import math

from ..plotting import pyplot
from .page import figure, render

__all__ = ["mulligan_page", "page", "swaps_page"]

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
    return ([r["variant"] for r in rows] if getattr(result, "same_size", True) else
            [f"{r['variant']} ({r['cards']} cards)" for r in rows])


def _colour(r) -> str:
    return _BEST if r["best"] else (_DROPPED if r["dropped"] else _ALIVE)


def _finite(*xs) -> bool:
    return all(x is not None and math.isfinite(x) for x in xs)


def _land_marker(result, rows) -> tuple[float, float] | None:
    """Where Karsten's land count falls among variants labelled by their land counts (a sweep):
    (the position on the variants' axis, the count); None for other variants or out of range."""
    try:
        counts = [int(r["variant"]) for r in rows]
    except ValueError:
        return None
    lands = next((b.recommended for b in result.baselines if b.what == "lands"), None)
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


def _settings(result, extra: list[tuple[str, str]]) -> list[tuple[str, str]]:
    e = result._engine
    out = extra + [("objective", f"{result.objective} ({'higher' if result.objective.maximize else 'lower'} is "
                                 "better)"),
                   ("intervals", f"{100 * e.confidence:g}%"), ("turns", str(e.turns)),
                   ("start", {"play": "on the play", "draw": "on the draw",
                              "both": "half the games on the play, half on the draw"}.get(result.on, str(result.on))),
                   ("common random numbers", "yes (differences paired)" if e.crn else "no (differences independent)")]
    if hasattr(result, "deck_size"):
        out.append(("deck size", result.deck_size()))
    out += [("games, all variants", f"{result.games_used:,}"), ("seed", str(result.seed))]
    if result.format is not None:
        out.append(("format", result.format.describe() if hasattr(result.format, "describe") else str(result.format)))
    if e.hand_smoother is not None:
        out.append(("hand smoother", str(e.hand_smoother)))
    return out


def _verdict(result, what: str) -> str:
    conf = f"{100 * result._engine.confidence:g}%"
    if result.separated:
        verdict = f"The race separated the best, {result.best_label}, from every other {what} at {conf}."
    else:
        verdict = f"The best, {result.best_label}, is not separated from every other {what}: {result.stopped}."
    if result.interrupted:
        verdict += f" Stopped by Ctrl-C: the figures are of the games each {what} finished."
    return verdict


def _common(result, rows, what: str) -> dict:
    e = result._engine
    return dict(rows=rows, conf=f"{100 * e.confidence:g}%", what=what, objective=str(result.objective),
                maximize=result.objective.maximize, best=result.best_label, verdict=_verdict(result, what),
                stopped=result.stopped, separated=result.separated, both=e.both, crn=e.crn,
                objective_chart=_objective_chart(result, rows), karsten=_land_marker(result, rows) is not None,
                difference_chart=_difference_chart(result, rows), games_chart=_games_chart(result, rows))


def page(result, command: str | None = None) -> str:
    """The page's HTML; `command`: what reproduces it (None: the Python call)."""
    rows = result._rows()
    mana = hasattr(result, "search")
    title = (f"Mana base: {len(rows)} splits evaluated" if mana else f"Sweep: {len(rows)} variants") \
        + f", best {result.best_label}"
    split = [{"land": n, "copies": k} for n, k in result.split().items()] if mana else None
    return render("optimization.html", title, result.seed, command or _call(result), same_size=result.same_size,
                  settings=_settings(result, [("search", result.search)] if mana else []),
                  baselines=result.baselines, disagreements=result.disagreements(), split=split,
                  **_common(result, rows, "variant"))


def _mulligan_call(result) -> str:
    e = result._engine
    return (f"optimize.mulligan(deck, objective, turns={e.turns}, on={result.on!r}, confidence={e.confidence!r}, "
            f"seed={result.seed!r})")


def mulligan_page(result, command: str | None = None) -> str:
    """The keep-rule search's page (`MulliganResult.to_html`): every rule raced as a variant,
    best first then by objective, and the best against mtgsim's default and Karsten's rule."""
    from ..mulligan_policy import KARSTEN_SOURCE
    e = result._engine
    best = result._best()
    sign = 1 if result.objective.maximize else -1
    rows = []
    for r in result.rows():
        c = result._candidate(r["rule"])
        row = {"variant": r["rule"], "cards": 0, "objective": r["objective"], "games": r["games"],
               "best": r["best"], "dropped": r["dropped"]}
        if e.both:
            row |= {f"on_{half}": e.half_estimate(c, half).to_dict() for half in ("play", "draw")}
        if c is not best:
            row["vs_best"] = e.difference(c, best)[0].to_dict()
        rows.append(row)
    rows.sort(key=lambda r: (not r["best"], -sign * (-math.inf if math.isnan(r["objective"]["value"])
                                                     else r["objective"]["value"])))
    against = [{"name": name, "rule": label, "d": result.difference(result.best_label, label).to_dict()}
               for name, label in (("mtgsim's default", result.default_label),
                                   ("Karsten's rule", result.karsten_label)) if label != result.best_label]
    return render("optimization.html", f"Keep rules: {len(rows)} raced, best {result.best_label}", result.seed,
                  command or _mulligan_call(result), same_size=True, settings=_settings(result, []),
                  baselines=[], disagreements=[], split=None, rule_baselines=against, karsten_source=KARSTEN_SOURCE,
                  default_label=result.default_label, karsten_label=result.karsten_label,
                  **_common(result, rows, "keep rule"))


TOP_SWAPS = 25      # the swaps drawn in the swaps page's chart (the table gives every one)


def _swaps_call(result) -> str:
    e, p = result._engine, result.plan
    cands = "'sideboard'" if p.source == "the sideboard" else "candidates"
    args = (f"turns={e.turns}, on={e.on!r}, confidence={e.confidence!r}, lands={p.lands!r}"
            + (", cut=cut" if p.limited else "") + f", seed={result.seed!r}")
    if e.format is not None and hasattr(e.format, "name"):
        args += f", format={e.format.name!r}"
    return f"optimize.swaps(deck, {cands}, objective, {args})"


def _swaps_chart(result, rows, scale: float, unit: str) -> dict | None:
    """The top swaps' paired effects against the deck as it is, as interval bands; 0 marked."""
    shown = [(s, e, c) for s, e, c in rows if _finite(e.value, e.low, e.high)][:TOP_SWAPS]
    if not shown:
        return None
    best = result.best
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.32 * len(shown) + 1.2)))
    for i, (s, e, c) in enumerate(shown):
        colour = _BEST if best == (s.out, s.into) else (_DROPPED if c.dropped else _ALIVE)
        ax.barh(i, (e.high - e.low) * scale, left=e.low * scale, height=0.5, color=colour, alpha=0.35)
        ax.plot([e.value * scale], [i], "o", color=colour, ms=5)
    ax.axvline(0.0, color="#1d2330", lw=0.9)
    ax.set_yticks(range(len(shown)), [s.label for s, _, _ in shown], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"effect on the objective{' (percentage points)' if unit else ''}, swapped deck minus the deck "
                  f"as it is ({'higher' if result.objective.maximize else 'lower'} is better)", fontsize=8)
    ax.grid(axis="x", color="#e3e6ec")
    conf = f"{100 * result._engine.confidence:g}%"
    return figure(fig, f"The {len(shown)} best-ranked swaps' paired effects against the deck as it is, each a band "
                       f"of its {conf} interval around its point; the best in green, swaps dropped by the race in "
                       "grey; a band clear of the zero line is separated from the deck as it is")


def swaps_page(result, command: str | None = None) -> str:
    """The swap search's page (`SwapsResult.to_html`): the swaps ranked by their paired effect
    against the deck as it is (the top ones charted, every one in the table), whether the best
    was separated and why the search stopped, the plan and the settings."""
    e = result._engine
    conf = f"{100 * e.confidence:g}%"
    scale, unit = (100.0, "%") if result.objective.of_probabilities else (1.0, "")
    rows = result._rows()
    best = result.best
    table = []
    for s, est, c in rows:
        played = _finite(est.value, est.low, est.high)
        table.append({"label": s.label, "effect": result._text(est), "best": best == (s.out, s.into),
                      "interval": (f"[{est.low * scale:+.3f}{unit}, {est.high * scale:+.3f}{unit}]" if played
                                   else "—"),
                      "games": c.games, "versus": result._versus_deck(est),
                      "dropped": c.dropped or ("" if c.games else "not played")})
    what = f"-1 {best[0]}, +1 {best[1]}" if best else "no swap: the deck as it is leads"
    if result.separated:
        verdict = f"The best, {what}, is separated from every other variant at {conf}."
    else:
        verdict = f"The best, {what}, is not separated from every other variant: {result.stopped}."
    if result.interrupted:
        verdict += " Stopped by Ctrl-C: the figures are of the games each swap finished."
    d = result.deck_estimate
    deck = (f"{d.value:.4f} [{d.low:.4f}, {d.high:.4f}] over {d.n:,} games" if _finite(d.value, d.low, d.high)
            else "not played")
    chart = _swaps_chart(result, rows, scale, unit)
    charted = 0 if chart is None else min(TOP_SWAPS, sum(_finite(est.value, est.low, est.high)
                                                         for _, est, _ in rows))
    return render("swaps.html", f"Swaps: {len(rows)} searched, best {what}", result.seed,
                  command or _swaps_call(result), conf=conf, objective=str(result.objective),
                  maximize=result.objective.maximize, verdict=verdict, stopped=result.stopped,
                  separated=result.separated, crn=e.crn, rows=table, searched=len(rows), charted=charted,
                  chart=chart, deck=deck, plan=result.plan.describe(), units="percentage points" if unit
                  else "the objective's units", settings=_settings(result, []))

