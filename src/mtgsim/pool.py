"""The mana pools of a Scenario's players (106.4): unrestricted mana per type in the board's
BoardInfo record, and restricted mana (106.6) in entries of its own, one per restriction, as
the compiled core keeps them. A base of `Scenario`, which holds the record (`self._info`)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

import numpy as np

from .batch import TYPE_LETTERS
from .errors import LimitError

if TYPE_CHECKING:
    from .compile import Tables

INT16 = np.iinfo(np.int16)           # life, mana in a pool, counters, X, turns, hand sizes
POSSESSIVE = ("your", "the opponent's")
PLAYER_NAMES = ("you", "opponent")


def fit16(value: int, what: str) -> int:
    """`value`, if the permanent and board tables' int16 fields can hold it; else ValueError."""
    if not INT16.min <= value <= INT16.max:
        raise LimitError(f"Scenario: {what} would be {value}; the simulator holds {INT16.min}..{INT16.max}")
    return value


def mana_dict(vec: Iterable[int]) -> dict[str, int]:
    return {TYPE_LETTERS[t]: int(v) for t, v in enumerate(vec) if v}


class _Board(Protocol):
    """What `Scenario` supplies to ManaPools' methods."""
    _info: np.ndarray

    @property
    def tables(self) -> Tables: ...

    def _player(self, player) -> int: ...


class ManaPools:
    """The players' mana pools (see the module docstring); `Scenario` supplies `_info`,
    `_player` and `tables` (a _Board)."""

    def pool(self: _Board, player="you") -> dict[str, int]:
        """All the mana in the player's pool, restricted mana (106.6) included."""
        who = self._player(player)
        info = self._info[0]
        total = info["pool"][who].astype(np.int64)
        for e in range(int(info["n_restricted"][who])):
            total = total + info["restricted"][who][e]
        return mana_dict(total)

    def restricted_pool(self: _Board, player="you") -> list[tuple[str, dict[str, int]]]:
        """The restricted mana in the player's pool (106.6): (the restriction, as its card
        says what it may be spent on; the mana), one entry per restriction."""
        who = self._player(player)
        info = self._info[0]
        texts = self.tables.restriction_texts
        return [(texts[int(info["restricted_row"][who][e])], mana_dict(info["restricted"][who][e]))
                for e in range(int(info["n_restricted"][who]))]
