"""How a metagame's shares evolve: discrete replicator dynamics from a field's shares.

Each generation, deck i's expected game-win rate against the field is f_i = sum_j x_j P(i beats j)
(its mirror at 1/2), the field's mean f = sum_i x_i f_i (1/2, as the matchups are zero-sum), and

    x_i' = x_i (1 + rate (f_i - f))

so a deck grows in proportion to how much better than the field's mean it does; the shares keep
summing to 1, and with 0 <= rate <= 2 none turns negative (f_i - f lies in [-1/2, 1/2]); at
rate = 0 nothing changes, at rate = 2 this is the classic x_i' = x_i f_i / f.
"""
from __future__ import annotations

import numpy as np

from .. import checks
from ..errors import ArgumentTypeError
from .equilibrium import win_matrix
from .field import Field
from .matchups import Matchups

__all__ = ["replicator", "MAX_GENERATIONS"]

MAX_GENERATIONS = 100_000       # each generation is kept ({deck: share}); far beyond any drift worth reading


def replicator(field: Field, matchups: Matchups, generations: int = 50, rate: float = 1.0) -> list[dict[str, float]]:
    """The field's shares, generation by generation: a list of generations + 1 {deck: share},
    the first the field's own (players per deck over players), each next one update above. A
    deck no matchup names is a coin flip against every other, as in an event."""
    if not isinstance(field, Field):
        raise ArgumentTypeError(f"replicator: field must be a meta.Field, not {type(field).__name__}")
    if not isinstance(matchups, Matchups):
        raise ArgumentTypeError(f"replicator: matchups must be meta.Matchups, not {type(matchups).__name__}")
    generations = checks.whole_number(generations, "replicator: generations", 0, MAX_GENERATIONS)
    rate = checks.number(rate, "replicator: rate", 0, 2)
    decks = field.names
    p = np.array(win_matrix(matchups, decks))
    x = np.array([field.count[d] for d in decks], dtype=np.float64) / field.players
    history = [dict(zip(decks, x.tolist()))]
    for _ in range(generations):
        fitness = p @ x
        x = x * (1 + rate * (fitness - x @ fitness))
        x /= x.sum()            # (the update keeps the sum at 1: this only stops rounding drifting)
        history.append(dict(zip(decks, x.tolist())))
    return history
