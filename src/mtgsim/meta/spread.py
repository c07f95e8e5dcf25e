"""How much of a figure's spread comes from the matchups' uncertainty: with
`simulate_events(..., matchup_uncertainty=True)` each chunk of events is played at a matchup
matrix drawn from the posteriors, so a chunk's figure x_c = θ_c + ε_c: θ_c the figure at that
matrix, ε_c the simulation's noise of the chunk's few events. Over the K chunks (one-way
analysis of variance, the method of moments):

    Var(θ) = max(0, s² - mean v_c)

s² the chunks' sample variance and v_c each chunk's own noise variance, estimated from its
events. A figure's 95% interval is then its value ± 1.96 √(Var(θ) + s² / K): what the results
don't know about the matchups (Var(θ): the figure's spread over the posterior, in the normal
approximation) and the simulation's noise of the mean. Chunks of fewer than two events (a
short last chunk) add nothing.

The noise v_c is exact for "top" and "win" (the kernel counts each event's places and their
squares); for "match_win" and "x_2" it is the binomial variance of the chunk's matches or
players, as if independent (a deck's players in one event are nearly so): an approximation that
moves Var(θ) a little, not the value.

The figures spread here, each per archetype: "top" (a player's top-cut places per event),
"win" (a player's events won), "match_win" (the Swiss match-win percentage) and "x_2" (a
player's P(X-2 or better)); the others are these scaled (top-cut share, conversion, share of
events won).
"""
from __future__ import annotations

import math

import numpy as np

from ..simulate import Z95, Estimate

__all__ = ["Spread", "FIGURES", "chunk_variances", "posterior_interval"]

FIGURES = ("top", "win", "match_win", "x_2")


def chunk_variances(k: float, s1: float, s2: float, noise: float) -> tuple[float, float]:
    """(Var(θ), s² / K) from K chunks' figures (their sum s1 and sum of squares s2) and the sum
    of their noise variances (module docstring); (nan, nan) with fewer than two chunks."""
    if k < 2:
        return math.nan, math.nan
    mean = s1 / k
    between = max(0.0, (s2 - k * mean * mean) / (k - 1))
    return max(0.0, between - noise / k), between / k


def posterior_interval(value: float, sums: np.ndarray, events: np.ndarray, squares: np.ndarray) -> Estimate:
    """A figure's value with the module's 95% interval, from its chunks' per-event sums, events
    and sums of squares (chunks of fewer than two events left out of the spread)."""
    keep = events >= 2
    n = events[keep]
    x = sums[keep] / n
    v = np.maximum(0.0, squares[keep] / n - x * x) / (n - 1)       # (the unbiased variance over n)
    between, of_mean = chunk_variances(len(x), float(x.sum()), float((x * x).sum()), float(v.sum()))
    half = Z95 * math.sqrt(between + of_mean)
    return Estimate(value, value - half, value + half, int(events.sum()))


class Spread:
    """Per figure and archetype, over chunks: the count of chunks, the sum and sum of squares of
    the chunk's figure, the sum of its noise variance."""

    def __init__(self, layout: dict, players, rounds: int):
        self._layout, self._rounds = layout, rounds
        self._players = np.asarray(players, dtype=np.float64)        # per archetype
        a = len(self._players)
        self.k = np.zeros((len(FIGURES), a))
        self.s1 = np.zeros((len(FIGURES), a))
        self.s2 = np.zeros((len(FIGURES), a))
        self.noise = np.zeros((len(FIGURES), a))
        r = rounds
        w, l_ = np.meshgrid(np.arange(r + 1), np.arange(r + 1), indexing="ij")
        k = min(2, r)               # (X-2 or better; X-1 in a one-round event: EventsResult._x_losses)
        self._x_2 = ((w + l_ <= r) & (3 * w + (r - w - l_) >= 3 * (r - k))).ravel()

    def _get(self, out: np.ndarray, name: str) -> np.ndarray:
        off, length = self._layout[name]
        return out[:, off:off + length].astype(np.float64)

    def add(self, out: np.ndarray) -> None:
        """Take a call's chunks' output rows [chunks, size]."""
        ev = self._get(out, "events")                                 # [chunks, 1]
        keep = ev[:, 0] >= 2
        if not keep.any():
            return
        out, ev = out[keep], ev[keep]
        n = self._players[None, :]
        top, top_sq, win = self._get(out, "top"), self._get(out, "top_sq"), self._get(out, "win")
        mean_top = top / ev
        var_top = np.maximum(0.0, top_sq / ev - mean_top ** 2) * ev / (ev - 1)
        q = win / ev
        figures = [(top / (ev * n), var_top / (ev * n * n)),
                   (q / n, q * (1 - q) / (ev - 1) / (n * n))]
        mw, ml, md = (self._get(out, k) for k in ("mw", "ml", "md"))
        m = mw + ml + md
        x = np.divide(mw, m, out=np.zeros_like(mw), where=m > 0)
        figures.append((x, x * (1 - x) / np.maximum(1.0, m - 1)))
        rec = self._get(out, "record").reshape(len(out), len(self._players), -1)
        x = rec[:, :, self._x_2].sum(axis=2) / (ev * n)
        figures.append((x, x * (1 - x) / np.maximum(1.0, ev * n - 1)))
        for f, (x, v) in enumerate(figures):
            self.k[f] += len(x)
            self.s1[f] += x.sum(axis=0)
            self.s2[f] += (x * x).sum(axis=0)
            self.noise[f] += v.sum(axis=0)

    def variances(self, figure: str, arch: int) -> tuple[float, float]:
        """(Var(θ): the figure's spread over the matchups' posterior; s² / K: the variance of its
        mean over the chunks), or (nan, nan) with fewer than two chunks."""
        f = FIGURES.index(figure)
        return chunk_variances(self.k[f, arch], self.s1[f, arch], self.s2[f, arch], self.noise[f, arch])

    def interval(self, figure: str, arch: int, value: float, scale: float = 1.0) -> Estimate:
        """value * scale with the 95% interval of the module docstring (every figure here is a
        probability: the interval kept in [0, 1] before scaling), n the chunks behind it."""
        between, of_mean = self.variances(figure, arch)
        half = Z95 * math.sqrt(between + of_mean)
        return Estimate(value * scale, max(0.0, value - half) * scale, min(1.0, value + half) * scale,
                        int(self.k[FIGURES.index(figure), arch]))
