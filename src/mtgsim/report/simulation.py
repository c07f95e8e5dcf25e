"""The simulation page (`SimResult.to_html`, simulate --html): the per-card table (castable and
cast by turn, the on-curve turn marked), P(castable) by turn for the key cards, the kill-turn
distribution, lands and mana by turn, the mulligan rule with the hands kept, and the coverage
line (the cards not fully read, with their clauses); on "both", each half beside the other.
Every figure with its 95% interval; the settings, and what reproduces it."""
from __future__ import annotations


import numpy as np

from ..play_draw import START_WORDS
from ..plotting import pyplot
from .page import figure, render

__all__ = ["page", "mana_values_of"]

CHART_CARDS = 8            # the cards drawn in the castable chart (the table has them all)


def mana_values_of(result) -> dict[str, int]:
    """The tracked cards' mana values, looked up in the card database (a card it doesn't know,
    one given with `--cards` or `track=` as a CardDef, is not marked on curve)."""
    from ..cards import card_db
    db = card_db()
    out = {}
    for name in result.tracked:
        try:
            out[name] = int(db[name].mana_value)
        except Exception:        # (not in the default database: no on-curve mark)
            pass
    return out


def _call(result) -> str:
    """The Python call that reproduces the figures (the deck named as an object)."""
    args = [f"games={result.games}", f"turns={result.turns}", f"on={result.on!r}", f"seed={result.seed!r}"]
    if result.keep != {7: (2, 5), 6: (2, 4), 5: (2, 4)} or result.keep_mana_sources or result.keep_castable_by:
        rule = [f"{dict(sorted(result.keep.items(), reverse=True))!r}"]
        if result.keep_mana_sources:
            rule.append("count_mana_sources=True")
        if result.keep_castable_by:
            rule.append(f"castable_by={result.keep_castable_by!r}")
        args.append(f"mulligan=MulliganPolicy({', '.join(rule)})")
    if result.hand_smoother is not None:
        args.append(f"hand_smoother={result.hand_smoother.name!r}")
    fmt = result.rules.format
    if fmt is not None:
        args.append(f"format={fmt.name!r}")
    if result.rules.multiplayer != (fmt.multiplayer if fmt is not None else bool(result.rules.commanders)):
        args.append(f"multiplayer={result.rules.multiplayer}")      # (not the deck's or format's own kind)
    return f"simulate(deck, {', '.join(args)})"


def _est(e) -> dict:
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n}


def _reach(e: dict) -> float:
    """How far a 95% interval reaches from its figure (a Wilson interval is not symmetric)."""
    return max(e["value"] - e["low"], e["high"] - e["value"])


def _cards(result, mana_values: dict[str, int]) -> list[dict]:
    turns = range(1, result.turns + 1)
    rows = []
    for name in result.tracked:
        mv = mana_values.get(name, 0)
        rows.append({"name": name, "mv": mana_values.get(name),
                     "cells": [{"castable": _est(result.p_castable(name, t)), "cast": _est(result.p_cast(name, t)),
                                "curve": t == mv} for t in turns]})
    return rows


def _castable_chart(result, names: list[str]) -> dict:
    plt = pyplot()
    turns = np.arange(1, result.turns + 1)
    fig, ax = plt.subplots(figsize=(8.5, 4.2))
    for name in names:
        est = [result.p_castable(name, int(t)) for t in turns]
        ax.plot(turns, [e.value for e in est], marker="o", ms=3, label=name)
        ax.fill_between(turns, [e.low for e in est], [e.high for e in est], alpha=0.2)
    ax.set(xlabel="turn", ylabel="P(castable)", ylim=(0, 1.02), xticks=turns)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    return figure(fig, f"Line chart of the probability each of {len(names)} cards is castable by turn, "
                       "with 95% interval bands")


def _kill_chart(result) -> dict:
    """P(killed on turn t) as bars, and P(dead by turn t) as a line with its band; on "both",
    each half's line too."""
    plt = pyplot()
    turns = np.arange(1, result.turns + 1)
    kill = result.kill_turn
    fig, ax = plt.subplots(figsize=(8.5, 3.8))
    ax.bar(turns, kill.counts[:-1] / max(1, kill.n), color="#c9d3e6", label="P(killed on this turn)")
    for res, style, label in [(result, "-", "P(dead by turn)")] + [
            (h, "--", f"P(dead by turn), {START_WORDS[h.on]}") for h in result.halves.values()]:
        est = [res.kill_turn.p_by(int(t)) for t in turns]
        ax.plot(turns, [e.value for e in est], style, marker="o", ms=3, label=label)
        ax.fill_between(turns, [e.low for e in est], [e.high for e in est], alpha=0.2)
    ax.set(xlabel="turn", ylabel="probability", ylim=(0, 1.02), xticks=turns)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper left")
    return figure(fig, "Bar chart of the probability the goldfish opponent dies on each turn, and line "
                       "chart of the probability it is dead by each turn, with 95% interval bands")


def _mana_chart(result) -> dict:
    plt = pyplot()
    turns = np.arange(1, result.turns + 1)
    fig, ax = plt.subplots(figsize=(8.5, 3.8))
    for label, f in (("lands in play", result.lands_in_play), ("mana available", result.mana_available),
                     ("mana spent", result.mana_spent)):
        est = [f(int(t)) for t in turns]
        ax.plot(turns, [e.value for e in est], marker="o", ms=3, label=label)
        ax.fill_between(turns, [e.low for e in est], [e.high for e in est], alpha=0.25)
    ax.plot(turns, turns, ":", color="gray", lw=0.8, label="one land a turn")
    ax.set(xlabel="turn", ylabel="mean over all games", xticks=turns)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper left")
    return figure(fig, "Line chart of the mean lands in play, mana available and mana spent by turn, "
                       "with 95% interval bands")


def _halves(result, mana_values: dict[str, int]) -> dict | None:
    """On "both": each card castable on its curve turn, and the kill by the last turn, per half."""
    halves = list(result.halves.values())
    if not halves:
        return None
    rows = []
    for name in result.tracked:
        turn = max(1, mana_values.get(name, 0))
        if turn <= result.turns:
            rows.append({"name": name, "turn": turn, "cells": [_est(h.p_castable(name, turn)) for h in halves]})
    return {"names": [START_WORDS[h.on] for h in halves], "games": [h.games for h in halves], "rows": rows,
            "dead": [_est(h.kill_turn.p_by(result.turns)) for h in halves],
            "kill": ["kill turn: " + h.kill_turn.words() for h in halves]}


def page(result, command: str | None = None, mana_values: dict[str, int] | None = None) -> str:
    """The page's HTML; `command`: what reproduces it (None: the Python call); `mana_values`
    (card name: mana value) marks each card's on-curve turn (None: looked up, mana_values_of)."""
    from ..mulligan_policy import keep_line
    from ..smoother import describe as smoother_line
    if mana_values is None:
        mana_values = mana_values_of(result)
    turns = list(range(1, result.turns + 1))
    kill = result.kill_turn
    cards = _cards(result, mana_values)
    probabilities = [c[k] for r in cards for c in r["cells"] for k in ("castable", "cast")]
    chart_names = list(result.tracked)[:CHART_CARDS]
    means = {label: [_est(f(t)) for t in turns] for label, f in
             (("lands in play", result.lands_in_play), ("mana available", result.mana_available),
              ("mana spent", result.mana_spent))}
    settings = [f"{result.games:,} games, {result.turns} turns, {START_WORDS[result.on]}, seed {result.seed}"
                + (" (interrupted: the figures are of the games finished)" if result.interrupted else "")]
    if result.rules.format is not None:
        settings.append(f"format: {result.rules.format.describe()}")
    settings += [f"game: {result.rules.describe()}", smoother_line(result.hand_smoother)]
    reading = result.reading
    return render("simulation.html", f"Simulation: {result.deck_name}", result.seed, command or _call(result),
                  settings=settings, turns=turns, cards=cards,
                  card_reach=max((_reach(p) for p in probabilities), default=0.0),
                  castable_chart=_castable_chart(result, chart_names) if chart_names else None,
                  chart_cards=len(chart_names),
                  kill_chart=_kill_chart(result), kill_by=[_est(kill.p_by(t)) for t in turns],
                  kill_on=[_est(kill.p_on(t)) for t in turns], p_never=_est(kill.p_never),
                  kill_words="kill turn: " + kill.words(),
                  mana_chart=_mana_chart(result), means=means,
                  keep=keep_line(result.keep, result.keep_mana_sources),
                  castable_by=result.keep_castable_by,
                  mulligans=[(size, _est(e)) for size, e in result.mulligans.items()],
                  opening=[(lands, _est(e)) for lands, e in result.opening_lands.items() if e.value],
                  reading=reading, unread=reading.unread if reading is not None else (),
                  unmodeled=result.unmodeled, halves=_halves(result, mana_values))

