"""The metagame's equilibrium: the mix of decks that no deck beats on average, solved exactly.

The game: two players each bring a deck; the payoff to the first is P(its deck wins a game) - 1/2
(the mean of on the play and on the draw, `Matchups.p`). It is symmetric and zero-sum (the
payoff matrix is skew-symmetric), so its value is 0, and a maximin mix of the first player is a
mix of decks against which every deck wins at most half its games: the metagame's equilibrium.

`solve_matrix_game` solves any zero-sum matrix game by the simplex method on Fractions (Bland's
rule, so it never cycles), exactly: no floating-point tolerance decides a share.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .. import checks
from ..errors import ArgumentError, ArgumentTypeError, shown
from .matchups import Matchups

__all__ = ["equilibrium", "Equilibrium", "solve_matrix_game", "win_matrix", "DENOMINATOR"]

# A probability is taken to 6 decimal places (0.58 is 580,000 / 10**6, exactly), so p(a, b) + p(b, a) = 1
# holds exactly although the floats carry rounding, and the payoffs are whole numbers over one denominator.
DENOMINATOR = 10 ** 6


def win_matrix(matchups: Matchups, decks: Sequence[str]) -> list[list[float]]:
    """[row][column]: P(row's deck wins one game against column's), the mean of on the play and
    on the draw; a deck against itself 0.5."""
    return [[matchups.p(a, b) for b in decks] for a in decks]


def solve_matrix_game(payoff: Sequence[Sequence]) -> tuple[list[Fraction], list[Fraction], Fraction]:
    """The zero-sum game whose row player gets payoff[i][j] (exact numbers: int, Fraction):
    (the row player's maximin mix, the column player's minimax mix, the game's value).

    The column player's linear program, with every payoff shifted to at least 1 and scaled to
    whole numbers (B = scale (payoff + c)): maximise sum(y) subject to B y <= scale, y >= 0; then
    value = 1 / sum(y) - c, the column mix is y / sum(y), and the row mix is the dual solution
    (the final objective row under the slacks) over its sum. The simplex method pivots on whole
    numbers with one common denominator (fraction-free, as Bareiss elimination: every division is
    exact), so no gcd is taken in the loop. Where several mixes are optimal, one vertex of them is
    returned, the same for the same matrix (Bland's rule: the lowest index enters and leaves)."""
    rows = [[Fraction(v) for v in row] for row in payoff]
    m = len(rows)
    if m == 0 or len(rows[0]) == 0 or any(len(r) != len(rows[0]) for r in rows):
        raise ArgumentError("solve_matrix_game: the payoff must be a non-empty rectangular matrix")
    n = len(rows[0])
    shift = 1 - min(min(r) for r in rows)
    scale = math.lcm(*(v.denominator for r in rows for v in r))
    # tableau: m constraint rows [B_i | scale e_i | scale] and the objective row [-1 ... | 0 ... | 0], all
    # over the common denominator `det` (a basic column is det times a unit column)
    tableau = [[int((v + shift) * scale) for v in r] + [scale * (k == i) for k in range(m)] + [scale]
               for i, r in enumerate(rows)]
    tableau.append([-1] * n + [0] * (m + 1))
    objective = tableau[m]
    basis = [n + i for i in range(m)]
    det = 1
    while True:
        entering = next((j for j in range(n + m) if objective[j] < 0), None)
        if entering is None:
            break
        # every payoff is positive, so each column has a positive entry: the program is bounded
        _, _, leaving = min((Fraction(tableau[i][-1], tableau[i][entering]), basis[i], i)
                            for i in range(m) if tableau[i][entering] > 0)
        pivot_row, pivot = tableau[leaving], tableau[leaving][entering]
        for i, row in enumerate(tableau):
            if i != leaving:
                factor = row[entering]
                row[:] = [(v * pivot - factor * w) // det for v, w in zip(row, pivot_row)]
        det = pivot
        basis[leaving] = entering
    y = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            y[var] = Fraction(tableau[i][-1], det)
    total = Fraction(objective[-1], det)         # sum(y) = 1 / (the shifted game's value)
    duals = objective[n:n + m]
    return [Fraction(u, sum(duals)) for u in duals], [v / total for v in y], 1 / total - shift


@dataclass(frozen=True)
class Equilibrium:
    """The metagame's equilibrium: `shares` {deck: share} (floats, summing to 1; decks out of the
    mix at 0), `exact` the same as Fractions, `value` the game's value (P - 1/2: 0 for every
    symmetric game, exactly), and `win_rates` {deck: P(it wins a game against the mix)}: at most
    1/2 for every deck, and 1/2 for each deck in the mix."""
    shares: dict[str, float]
    exact: dict[str, Fraction]
    value: Fraction
    win_rates: dict[str, float]

    def summary(self) -> str:
        width = max(len(d) for d in self.shares)
        lines = [f"{'deck':<{width}}  share   P(win a game vs the mix)"]
        for d in sorted(self.shares, key=lambda d: (-self.exact[d], d)):
            lines.append(f"{d:<{width}}  {self.shares[d]:.3f}   {self.win_rates[d]:.3f}")
        return "\n".join(lines)


def _decks(matchups: Matchups, decks) -> list[str]:
    named = matchups.names()
    if decks is None:
        if not named:
            raise ArgumentError("equilibrium: the matchups name no deck; give the pairs (or decks=)")
        return sorted(named)
    decks = [checks.text(d, "equilibrium: a deck") for d in checks.items(decks, "equilibrium: decks")]
    if not decks:
        raise ArgumentError("equilibrium: decks is empty; give at least one deck")
    if len(set(decks)) != len(decks):
        twice = next(d for d in decks if decks.count(d) > 1)
        raise ArgumentError(f"equilibrium: the deck {shown(twice)} is given twice")
    for d in decks:
        if d not in named:
            raise ArgumentError(f"equilibrium: the deck {shown(d)} is in no matchup (the matchups name "
                                f"{', '.join(sorted(named)) or 'no deck'}); a coin flip against all is "
                                f"\"{d} vs {d}\": 0.5")
    return decks


def equilibrium(matchups: Matchups, decks: Sequence[str] | None = None) -> Equilibrium:
    """The mix of `decks` (None: every deck the matchups name) that no deck beats on average: the
    maximin mix of the symmetric zero-sum game whose payoff is P(row wins a game) - 1/2, exactly
    by linear programming (`solve_matrix_game`). A deck strictly dominated gets 0; a deck
    that beats every other gets 1. Where several mixes are equilibria (every matchup even, say),
    one of them is returned, the same for the same matchups and deck order."""
    if not isinstance(matchups, Matchups):
        raise ArgumentTypeError(f"equilibrium: matchups must be meta.Matchups, not {type(matchups).__name__}")
    decks = _decks(matchups, decks)
    p = win_matrix(matchups, decks)
    payoff = [[Fraction(0)] * len(decks) for _ in decks]
    for i in range(len(decks)):
        for j in range(i + 1, len(decks)):     # skew-symmetric exactly: payoff[j][i] = -payoff[i][j]
            payoff[i][j] = Fraction(round(p[i][j] * DENOMINATOR) - DENOMINATOR // 2, DENOMINATOR)
            payoff[j][i] = -payoff[i][j]
    mix, _, value = solve_matrix_game(payoff)
    exact = dict(zip(decks, mix))
    win_rates = {a: float(Fraction(1, 2) + sum(payoff[i][j] * mix[j] for j in range(len(decks))))
                 for i, a in enumerate(decks)}
    return Equilibrium({d: float(s) for d, s in exact.items()}, exact, value, win_rates)
