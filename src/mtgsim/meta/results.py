"""What tournament simulation returns: `EventsResult` (per archetype, over many events: match
points, match-win percentage, records, P(top cut), P(win), conversion, with 95% intervals) and
`Event` (one event in full: rounds, standings, playoff).

Per-player figures ("for one player on that deck") count the deck's players over the events;
their intervals come from the per-event counts (the players of one event are not independent:
the top cut has exactly `top_cut` places), by the normal approximation over events. Run with
matchup_uncertainty=True, the intervals of P(top cut), P(win), conversion, the shares, match
win and P(X-2) come from the spread over chunks instead (meta/spread.py): they include what the
results don't know about the matchups.
"""
from __future__ import annotations

import csv
import math
from dataclasses import dataclass

import numpy as np

from .. import _meta
from ..checks import whole_number
from .events import EVENTS_CHUNK
from ..files import output_path, write_json
from ..plotting import pyplot, save_figure
from ..simulate import Z95, Estimate, wilson

__all__ = ["EventsResult", "Event"]


def _mean(total: float, total_sq: float, n: int, scale: float = 1.0) -> Estimate:
    """The mean per event of a count (its sum and sum of squares over n events), times scale."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = total / n
    var = max(0.0, total_sq / n - m * m) * n / max(1, n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(m * scale, max(0.0, (m - half) * scale), (m + half) * scale, n)


def _scaled(e: Estimate, k: float) -> Estimate:
    return Estimate(e.value * k, e.low * k, e.high * k, e.n)


class EventsResult:
    """The figures of `simulate_events`."""

    def __init__(self, field, rounds, best_of, top_cut, seed, layout, totals, matchups=None, draw_rate=0.0,
                 intentional_draws=False, interrupted: bool = False, spread=None):
        self.field, self.rounds, self.best_of, self.top_cut, self.seed = field, rounds, best_of, top_cut, seed
        self.spread = spread                    # (matchup_uncertainty=True: meta/spread.py)
        self.matchups, self.draw_rate, self.intentional_draws = matchups, draw_rate, intentional_draws
        self._layout, self._totals = layout, totals
        self.interrupted = interrupted          # (Ctrl-C: the figures are of the events finished)
        self.events = int(self._get("events")[0])
        # Swiss rounds whose pairing the search could not prove the least-cost one within its
        # budget (it took the best it found): 0 without draws in the fields tested; with
        # draws, groups of two players who drew with each other make it common
        self.unproven_pairings = int(self._get("unproven")[0])

    def _get(self, name: str) -> np.ndarray:
        off, length = self._layout[name]
        return self._totals[off:off + length]

    def _i(self, name: str) -> int:
        return self.field.names.index(self.field._name(name))

    def _n(self, name: str) -> int:
        return self.field.count[self.field._name(name)]

    # ---- per player on a deck
    def p_top8(self, name: str) -> Estimate:
        """P(a player on this deck makes the top cut) (named for the usual top 8)."""
        i, n = self._i(name), self._n(name)
        if self.spread is not None:
            return self.spread.interval("top", i, float(self._get("top")[i]) / (self.events * n))
        return _mean(self._get("top")[i], self._get("top_sq")[i], self.events, 1 / n)

    def p_win(self, name: str) -> Estimate:
        """P(a player on this deck wins the event)."""
        i, n = self._i(name), self._n(name)
        if self.spread is not None:
            return self.spread.interval("win", i, float(self._get("win")[i]) / (self.events * n))
        return _scaled(wilson(int(self._get("win")[i]), self.events), 1 / n)

    def top8_share(self, name: str) -> Estimate:
        """The deck's expected share of the top-cut places."""
        i = self._i(name)
        if self.spread is not None:
            return _scaled(self.p_top8(name), self._n(name) / max(1, self.top_cut))
        return _mean(self._get("top")[i], self._get("top_sq")[i], self.events, 1 / max(1, self.top_cut))

    def win_share(self, name: str) -> Estimate:
        """The share of events the deck wins."""
        if self.spread is not None:
            return _scaled(self.p_win(name), self._n(name))
        return wilson(int(self._get("win")[self._i(name)]), self.events)

    def conversion(self, name: str) -> Estimate:
        """Top-cut share over field share: above 1, the deck converts better than its numbers."""
        return _scaled(self.top8_share(name), 1 / self.field.share(name))

    def match_points(self, name: str) -> float:
        """Mean match points of a player on this deck after the Swiss rounds."""
        return float(self._get("mp")[self._i(name)]) / (self.events * self._n(name))

    def match_win(self, name: str) -> Estimate:
        """The deck's match-win percentage in the Swiss rounds (byes as wins; draws as matches)."""
        i = self._i(name)
        w, l_, d = (int(self._get(k)[i]) for k in ("mw", "ml", "md"))
        if self.spread is not None:
            return self.spread.interval("match_win", i, w / max(1, w + l_ + d))
        return wilson(w, w + l_ + d)

    @property
    def _x_losses(self) -> int:
        """The losses of the summary's "X-2 or better" (fewer in events of fewer rounds)."""
        return min(2, self.rounds)

    def _records(self, name: str) -> np.ndarray:
        R = self.rounds
        i = self._i(name)
        return self._get("record")[i * (R + 1) ** 2:(i + 1) * (R + 1) ** 2].reshape(R + 1, R + 1)

    def record_distribution(self, name: str) -> dict[tuple[int, int, int], Estimate]:
        """{(wins, losses, draws): P(a player on this deck ends the Swiss rounds so)} (byes count
        as wins), over the records that happened."""
        rec = self._records(name)
        n = self.events * self._n(name)
        R = self.rounds
        return {(w, l_, R - w - l_): wilson(int(rec[w, l_]), n)
                for w in range(R + 1) for l_ in range(R + 1 - w) if rec[w, l_]}

    def p_record_at_least(self, name: str, losses: int = 2) -> Estimate:
        """P(X-`losses` or better after the Swiss rounds: match points >= 3 (rounds - losses)); with
        matchup_uncertainty, X-2's interval includes the matchups' uncertainty, the others not."""
        losses = whole_number(losses, "losses", 0, self.rounds)
        rec = self._records(name)
        R = self.rounds
        k = sum(int(rec[w, l_]) for w in range(R + 1) for l_ in range(R + 1 - w)
                if 3 * w + (R - w - l_) >= 3 * (R - losses))
        if self.spread is not None and losses == self._x_losses:
            return self.spread.interval("x_2", self._i(name), k / (self.events * self._n(name)))
        return wilson(k, self.events * self._n(name))

    # ---- output
    def _rows(self) -> list[dict]:
        rows = []
        for name in self.field.names:
            rows.append({"archetype": name, "players": self._n(name), "share": self.field.share(name),
                         "match_points": self.match_points(name), "match_win": self.match_win(name).to_dict(),
                         "p_x_2": self.p_record_at_least(name, self._x_losses).to_dict(),
                         "p_top8": self.p_top8(name).to_dict(),
                         "p_win": self.p_win(name).to_dict(), "top8_share": self.top8_share(name).to_dict(),
                         "conversion": self.conversion(name).to_dict()})
        return rows

    def _draws(self) -> str:
        if not self.draw_rate and not self.intentional_draws:
            return "no draws"
        out = ([f"unintentional draws in {self.draw_rate:g} of matches"] if self.draw_rate
               else ["no unintentional draws"])
        if self.intentional_draws:
            out.append("intentional draws in the final round")
        return ", ".join(out)

    def _matchup_table(self, post_board: bool = False) -> dict:
        """{a: {b: P(a wins a game on the play against b)}} for the field's archetypes: in game 1,
        or (post_board) in games 2 and 3."""
        names = self.field.names
        if self.matchups is None:
            return {}
        t = self.matchups.matrix(names, post_board=post_board)
        return {a: {b: float(t[i, j]) for j, b in enumerate(names)} for i, a in enumerate(names)}

    def _post_board(self) -> bool:
        return self.matchups is not None and self.matchups.has_post_board

    def _matchups_line(self) -> str:
        """The pairs that are not coin flips: P(a wins a game), or on the play/on the draw; and
        where games 2 and 3 differ, their figures."""
        if self.matchups is None:
            return "matchups: not recorded"
        line = self._pairs_line(False)
        if self._post_board():
            line += "; games 2 and 3 (after sideboarding): " + self._pairs_line(True).split(": ", 1)[1]
        return line

    def _pairs_line(self, post_board: bool) -> str:
        names, parts = self.field.names, []
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                play = self.matchups.p(a, b, on_play=True, post_board=post_board)
                draw = self.matchups.p(a, b, on_play=False, post_board=post_board)
                if abs(play - 0.5) > 1e-12 or abs(draw - 0.5) > 1e-12:
                    parts.append(f"{a} vs {b} {play:g}" if abs(play - draw) <= 1e-12 else
                                 f"{a} vs {b} {play:g} on the play/{draw:g} on the draw")
        return ("matchups (P(first wins a game)): " + ", ".join(parts) + "; every other pair 0.5" if parts
                else "matchups: every pair 0.5")

    def uncertainty_line(self) -> str:
        """Which intervals include the matchups' uncertainty, and from which pairs."""
        if self.spread is None:
            return ("the intervals are the simulation's noise only: the matchups are taken as exact "
                    "(matchup_uncertainty=True adds what results don't know)")
        drawn = self.uncertain_pairs()
        return (f"matchup uncertainty: {len(drawn)} pair{'s' * (len(drawn) != 1)} from results drawn from "
                f"{'their' if len(drawn) != 1 else 'its'} posterior for each chunk of {EVENTS_CHUNK} events "
                f"({int(self.spread.k[0].max()):,} chunks); the intervals of match win, P(X-2+), P(top cut), "
                "P(win) and conversion include it (the value is their mean over the posterior), those of the "
                "record distribution do not")

    def uncertain_pairs(self) -> list[str]:
        """The field's pairs drawn from posteriors (matchup_uncertainty=True), as "A vs B"."""
        if self.spread is None or self.matchups is None:
            return []
        names = self.field.names
        return [f"{a} vs {b}" for i, a in enumerate(names) for b in names[i + 1:]
                if (a, b) in self.matchups.posteriors]

    def settings_line(self) -> str:
        """Every setting that changes the figures, in words."""
        cut = f"top {self.top_cut}" if self.top_cut else "no top cut"
        return (f"{self.events:,} events of {self.field.players} players: {self.rounds} Swiss rounds, best of "
                f"{self.best_of}, {cut}; seed {self.seed}; {self._draws()}")

    def summary(self) -> str:
        cut = f"top {self.top_cut}" if self.top_cut else "no top cut"
        lines = [self.settings_line() + "; 95% intervals" + (" (interrupted)" if self.interrupted else ""),
                 "  field: " + ", ".join(f"{n} {k}" for n, k in self.field.count.items())
                 + "; " + self._matchups_line()]
        if self.spread is not None:
            lines.append("  " + self.uncertainty_line())
        width = max(len("archetype"), *(len(n) for n in self.field.names))
        head = "  {:<%d} {:>7} {:>6} {:>8} {:>17} {:>17} {:>17} {:>17} {:>17}" % width
        x_k = f"P({self.rounds - self._x_losses}-{self._x_losses}+)"
        lines.append(head.format("archetype", "players", "share", "points", "match win", x_k,
                                 f"P({cut})", "P(win)", "conversion"))

        def iv(e: dict) -> str:
            return f"{e['value']:.4f} ±{(e['high'] - e['low']) / 2:.4f}"
        for r in self._rows():
            lines.append(head.format(r["archetype"], r["players"], f"{100 * r['share']:.1f}%",
                                     f"{r['match_points']:.2f}", iv(r["match_win"]), iv(r["p_x_2"]),
                                     iv(r["p_top8"]), iv(r["p_win"]), iv(r["conversion"])))
        if self.unproven_pairings:
            lines.append(f"  note: {self.unproven_pairings:,} of {self.events * self.rounds:,} Swiss rounds were "
                         "paired by the best pairing found, not proved the least-cost one (MTR 10.4) within the "
                         f"search's budget (fields of more than {_meta.BLOSSOM_PLAYERS} players only)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def settings(self) -> dict:
        """Every setting that changes the figures, by the name of simulate_events' argument
        (field: players per archetype; matchups: P(row wins a game on the play against
        column)), and the players."""
        return {"events": self.events, "players": self.field.players, "field": self.field.count,
                "matchups": self._matchup_table(), "rounds": self.rounds, "best_of": self.best_of,
                "top_cut": self.top_cut, "draw_rate": self.draw_rate, "intentional_draws": self.intentional_draws,
                "matchup_uncertainty": self.spread is not None,
                "matchups_post_board": self._matchup_table(True) if self._post_board() else None,
                "seed": self.seed if isinstance(self.seed, int) else str(self.seed)}

    def to_dict(self) -> dict:
        return {**self.settings(), "interrupted": self.interrupted, "matchups_estimated_by_races": sorted(
                    f"{a} vs {b}" for a, b in getattr(self.matchups, "estimated", ())),
                "matchups_drawn_from_posteriors": self.uncertain_pairs(),
                "unproven_pairings": self.unproven_pairings, "archetypes": self._rows()}

    def to_json(self, path) -> None:
        """`to_dict` as strict JSON (mtgsim.files.write_json: a figure that is not finite is
        null, with its reason)."""
        write_json(path, self.to_dict())

    _CSV_SETTINGS = ("events", "rounds", "best_of", "top_cut", "draw_rate", "intentional_draws",
                     "matchup_uncertainty", "seed")

    def to_csv(self, path) -> None:
        """One row per archetype and figure, each with the settings (the last columns); the
        matchups as figures p_game_on_play_vs:<column> (P(the row's archetype wins a game on
        the play against it)), and p_post_board_game_on_play_vs:<column> for games 2 and 3
        where they differ."""
        rows = self._rows()
        settings = self.settings()
        tail = [settings[k] for k in self._CSV_SETTINGS]
        tables = [("p_game_on_play_vs", self._matchup_table())]
        if self._post_board():
            tables.append(("p_post_board_game_on_play_vs", self._matchup_table(True)))
        with open(output_path(path, "to_csv: path"), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["archetype", "players", "share", "match_points", "figure", "value", "low", "high",
                        *self._CSV_SETTINGS])
            for r in rows:
                for k in ("match_win", "p_x_2", "p_top8", "p_win", "top8_share", "conversion"):
                    w.writerow([r["archetype"], r["players"], r["share"], r["match_points"], k,
                                r[k]["value"], r[k]["low"], r[k]["high"], *tail])
                for figure, table in tables:
                    for b, p in table.get(r["archetype"], {}).items():
                        w.writerow([r["archetype"], r["players"], r["share"], r["match_points"], f"{figure}:{b}",
                                    p, "", "", *tail])

    def to_html(self, path, command: str | None = None) -> None:
        """One self-contained HTML page of the figures (report/tournament.py; needs mtgsim[html]);
        `command`: what reproduces it (None: the Python call)."""
        from ..report.page import write
        from ..report.tournament import page
        write(path, page(self, command))

    def _repr_html_(self) -> str:
        from ..report.tournament import page
        return page(self)

    def plot(self, path) -> None:
        """P(top cut) and conversion per archetype (needs matplotlib: mtgsim[plot])."""
        plt = pyplot()
        rows = self._rows()
        fig, (a, b) = plt.subplots(1, 2, figsize=(max(8.0, 0.9 * len(rows) + 4), 4))
        xs = range(len(rows))
        for ax, key, title in ((a, "p_top8", f"P(top {self.top_cut}) per player"), (b, "conversion", "conversion")):
            vals = [r[key]["value"] for r in rows]
            err = [[max(0.0, r[key]["value"] - r[key]["low"]) for r in rows],
                   [max(0.0, r[key]["high"] - r[key]["value"]) for r in rows]]
            ax.bar(xs, vals, yerr=err, capsize=3)
            ax.set_xticks(list(xs), [r["archetype"] for r in rows], rotation=30, ha="right")
            ax.set_title(title)
        b.axhline(1.0, color="gray", lw=0.8)
        fig.suptitle(self.settings_line(), fontsize=8)
        fig.tight_layout()
        save_figure(fig, path)


@dataclass(frozen=True)
class Event:
    """One event in full. `rounds`: per Swiss round, its matches (player, opponent or None for
    a bye, games won by player, games won by opponent, games drawn); `standings`: after the
    Swiss rounds, best first (rank, player, archetype, match_points, omw, gw, ogw); `playoff`:
    the top cut, round by round, as (player, player, winner) in bracket order (1-8, 4-5, 2-7,
    3-6 for eight; the higher seed of each match on the play); `unproven_pairings`: the Swiss
    rounds whose pairing was not proved the least-cost one (MTR 10.4): always 0 up to 512
    players (a round the search does not prove is paired by an exact minimum-cost matching);
    above, the rounds the search could not prove within its budget."""
    field: object
    n_rounds: int
    best_of: int
    top_cut: int
    rounds: list
    standings: list
    playoff: list
    unproven_pairings: int = 0

    @property
    def champion(self) -> int:
        return self.playoff[-1][0][2] if self.playoff else self.standings[0].player
