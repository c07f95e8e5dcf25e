"""The best-deck page (`BestDeck.to_html`, tournament --best-deck --html): which deck to bring —
the verdict (separated from every other candidate or not, and why the race stopped), each
candidate's objective with its interval, the best's paired lead over each as interval bands
around a zero line, the table of every candidate (events played, when the race dropped it),
the notes (coin flips; what the intervals mean with matchup_uncertainty), the settings, and
what reproduces it."""
from __future__ import annotations

import math

from ..plotting import pyplot
from .page import figure, render

__all__ = ["page"]

_BEST, _ALIVE, _DROPPED = "#2a9d4a", "#4c72b0", "#9aa1ad"

_KEYS = ("players", "events", "objective", "best_of", "rounds", "top_cut", "draw_rate", "intentional_draws",
         "matchup_uncertainty", "race", "confidence", "seed")


def _call(result) -> str:
    """The Python call that reproduces the page (the field and matchups named as objects)."""
    s = {**result._settings, "objective": result.objective}
    candidates = [c.deck for c in result.contenders]
    args = ", ".join(f"{k}={s[k]!r}" for k in _KEYS)
    return f"meta.best_deck(field, matchups, candidates={candidates!r}, {args})"


def _finite(*xs) -> bool:
    return all(x is not None and math.isfinite(x) for x in xs)


def _rows(result) -> list[dict]:
    rows = []
    for c in result.ranking:
        e, d = result.estimate(c.deck), result.difference(c.deck)
        best = c.deck == result.best
        rows.append({"deck": c.deck, "objective": e, "lead": None if best else d, "events": c.events,
                     "dropped": c.dropped, "best": best,
                     "colour": _BEST if best else (_DROPPED if c.dropped else _ALIVE)})
    return rows


def _objective_chart(rows, what: str, conf: str) -> dict:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.36 * len(rows) + 1.2)))
    for i, r in enumerate(rows):
        e = r["objective"]
        if _finite(e.value, e.low, e.high):
            ax.errorbar(e.value, i, xerr=[[max(0.0, e.value - e.low)], [max(0.0, e.high - e.value)]], fmt="o",
                        color=r["colour"], capsize=3, ms=5)
    ax.set_yticks(range(len(rows)), [r["deck"] for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"{what} for the player who brings the deck (higher is better)", fontsize=8)
    ax.grid(axis="x", color="#e3e6ec")
    return figure(fig, f"{what} of each candidate deck as a point with its {conf} interval; the best in green, "
                       "candidates dropped by the race in grey")


def _lead_chart(rows, best: str, conf: str) -> dict | None:
    others = [r for r in rows if r["lead"] is not None and _finite(r["lead"].value, r["lead"].low, r["lead"].high)]
    if not others:
        return None
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.5, max(2.2, 0.36 * len(others) + 1.2)))
    for i, r in enumerate(others):
        d = r["lead"]
        ax.barh(i, max(d.high - d.low, 1e-9), left=d.low, height=0.5, color=r["colour"], alpha=0.35)
        ax.plot([d.value], [i], "o", color=r["colour"], ms=5)
    ax.axvline(0.0, color="#1d2330", lw=0.9)
    ax.set_yticks(range(len(others)), [r["deck"] for r in others], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"{best}'s objective minus the candidate's (paired; above 0: {best} is better)", fontsize=8)
    ax.grid(axis="x", color="#e3e6ec")
    return figure(fig, f"{best}'s paired lead over each other candidate as a band of its {conf} interval around "
                       "its point; a band clear of the zero line: separated from the best")


def _settings(result) -> list[tuple[str, str]]:
    s = result._settings
    field = ", ".join(f"{n} {k}" for n, k in s["field"].items())
    return [("objective", result.objective), ("players per event", str(s["players"])),
            ("the field (players per deck; your seat aside, the other seats its shares)", field),
            ("Swiss rounds", str(s["rounds"])), ("best of", str(s["best_of"])),
            ("top cut", f"top {s['top_cut']}" if s["top_cut"] else "none"),
            ("draw rate", f"{s['draw_rate']:g}"), ("intentional draws", "yes" if s["intentional_draws"] else "no"),
            ("events, at most, per candidate", f"{s['events']:,}"),
            ("racing", "yes (candidates dropped once worse than the leader)" if s["race"] else "no (all events each)"),
            ("confidence", f"{100 * s['confidence']:g}%"),
            ("matchup uncertainty", "yes (matchups drawn from their posteriors per chunk)"
             if s["matchup_uncertainty"] else "no (the matchups' point values)"),
            ("seed", str(s["seed"]))]


def page(result, command: str | None = None) -> str:
    """The page's HTML; `command`: what reproduces it (None: the Python call)."""
    lines = result.summary().split("\n")
    notes = [ln[len("note: "):] for ln in lines if ln.startswith("note: ")]
    s = result._settings
    conf = f"{100 * result.confidence:g}%"
    obj_conf = "95%" if s["matchup_uncertainty"] else conf
    what = result.objective_words
    rows = _rows(result)
    pct = result.objective != "match_points"
    return render("best_deck.html", f"Best deck to bring: {result.best}", s["seed"], command or _call(result),
                  head=lines[0], verdict=lines[1][0].upper() + lines[1][1:], separated=result.separated,
                  stopped=result.stopped, interrupted=result.interrupted, what=what, objective=result.objective,
                  conf=conf, alpha=f"{100 * (1 - result.confidence):g}%", obj_conf=obj_conf,
                  digits=4 if pct else 3, rows=rows, best=result.best, notes=notes, race=s["race"],
                  rounds_raced=result.rounds, uncertainty=s["matchup_uncertainty"],
                  objective_chart=_objective_chart(rows, what, obj_conf),
                  lead_chart=_lead_chart(rows, result.best, conf), settings=_settings(result))
