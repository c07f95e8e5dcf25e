"""Intervals from chunks: an objective's value and standard error, one variant's or the paired
difference of two, by the delete-one-chunk jackknife over the chunks' components; and the
Student t quantile the intervals use (the chunks are few when a race starts); the Beta
quantile (`beta_quantile`, a posterior's interval: meta.Matchups.from_results) on the same
regularized incomplete beta function.

Chunks of games are independent and identically distributed (each has its own seed), so
they are the natural batches: the jackknife over them is valid for any smooth function of
the summed components (a mean, a ratio such as the mean kill turn, a weighted sum of both),
and, applied to a difference chunk by chunk, it keeps the correlation that common random
numbers put between two variants, which is what narrows a paired interval.
"""
from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from ..simulate import Estimate

__all__ = ["beta_quantile", "betainc", "difference", "estimate", "jackknife", "t_quantile"]


def jackknife(f, parts: list[np.ndarray]) -> tuple[float, float]:
    """(f(sums), its jackknife standard error) for `f` of the column sums of each array in
    `parts` (each [chunks, width], the same chunks); the standard error is nan with fewer
    than 2 chunks."""
    sums = [p.sum(axis=0) for p in parts]
    value = float(f(*sums))
    n = parts[0].shape[0]
    if n < 2:
        return value, math.nan
    leave_one_out = np.asarray(f(*[s[None, :] - p for s, p in zip(sums, parts)]), dtype=np.float64)
    if not np.all(np.isfinite(leave_one_out)):
        return value, math.nan
    var = (n - 1) / n * float(((leave_one_out - leave_one_out.mean()) ** 2).sum())
    return value, math.sqrt(var)


def _interval(value: float, se: float, chunks: int, games: int, confidence: float) -> Estimate:
    if not math.isfinite(se):
        return Estimate(value, math.nan, math.nan, games)
    half = t_quantile(0.5 + confidence / 2, chunks - 1) * se
    return Estimate(value, value - half, value + half, games)


def estimate(value_of, comps: np.ndarray, games: int, confidence: float = 0.95) -> Estimate:
    """One variant's objective with its two-sided interval at `confidence`."""
    value, se = jackknife(value_of, [comps])
    return _interval(value, se, comps.shape[0], games, confidence)


def difference(value_a, comps_a: np.ndarray, value_b, comps_b: np.ndarray, games: int,
               confidence: float = 0.95, paired: bool = True) -> tuple[Estimate, float]:
    """objective(a) - objective(b) over their common chunks, with its interval, and its
    standard error. Paired (common random numbers: chunk c of each played the same stream),
    the chunks' differences are the sample; unpaired, the two variances add."""
    n = min(comps_a.shape[0], comps_b.shape[0])
    a, b = comps_a[:n], comps_b[:n]
    if paired:
        value, se = jackknife(lambda x, y: value_a(x) - value_b(y), [a, b])
    else:
        va, sa = jackknife(value_a, [a])
        vb, sb = jackknife(value_b, [b])
        value, se = va - vb, math.sqrt(sa * sa + sb * sb)
    return _interval(value, se, n, games, confidence), se


def t_quantile(p: float, df: int) -> float:
    """The p-quantile of Student's t with `df` degrees of freedom (df >= 1), by bisection on
    its distribution function (the regularized incomplete beta, as a continued fraction);
    the normal quantile beyond 10^6 degrees of freedom."""
    if df >= 1_000_000:
        return NormalDist().inv_cdf(p)
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1 - p, df)
    hi = 1.0
    while _t_cdf(hi, df) < p:
        hi *= 2
        if hi > 1e12:
            return math.inf
    return _bisect(lambda t: _t_cdf(t, df), p, 0.0, hi)


def beta_quantile(p: float, a: float, b: float) -> float:
    """The p-quantile of the Beta(a, b) distribution (a, b > 0), by bisection on its
    distribution function, the regularized incomplete beta `betainc`."""
    if p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    return _bisect(lambda x: betainc(a, b, x), p, 0.0, 1.0)


def _bisect(cdf, p: float, lo: float, hi: float) -> float:
    """The x in [lo, hi] where the increasing `cdf` reaches p, to 1e-12 relative (200 halvings
    at most)."""
    for _ in range(200):
        mid = (lo + hi) / 2
        if cdf(mid) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def _t_cdf(t: float, df: int) -> float:
    x = df / (df + t * t)
    tail = 0.5 * betainc(df / 2, 0.5, x)
    return 1 - tail if t >= 0 else tail


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (Numerical Recipes' continued
    fraction, by the modified Lentz method)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1) / (a + b + 2):
        return 1.0 - betainc(b, a, 1 - x)
    tiny = 1e-300
    f, c, d = 1.0, 1.0, 0.0
    for i in range(400):
        m = i // 2
        if i == 0:
            num = 1.0
        elif i % 2 == 0:
            num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        else:
            num = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1.0 + num * d
        d = tiny if abs(d) < tiny else d
        d = 1.0 / d
        c = 1.0 + num / c
        c = tiny if abs(c) < tiny else c
        f *= c * d
        if abs(1.0 - c * d) < 1e-15:
            break
    return front * (f - 1.0) / a
