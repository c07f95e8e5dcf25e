"""The mana pools of a Scenario's players (106.4): unrestricted mana per type in the board's
BoardInfo record, and restricted mana (106.6) in entries of its own, one per restriction, as
the compiled core keeps them. A base of `Scenario`, which holds the record (`self._info`)."""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from . import _core
from .batch import TYPE_LETTERS
from .errors import LimitError

INT16 = np.iinfo(np.int16)           # life, mana in a pool, counters, X, turns, hand sizes
POSSESSIVE = ("your", "the opponent's")


def _fit16(value: int, what: str) -> int:
    """`value`, if the permanent and board tables' int16 fields can hold it; else ValueError."""
    if not INT16.min <= value <= INT16.max:
        raise LimitError(f"Scenario: {what} would be {value}; the simulator holds {INT16.min}..{INT16.max}")
    return value


def _mana_dict(vec: Iterable[int]) -> dict[str, int]:
    return {TYPE_LETTERS[t]: int(v) for t, v in enumerate(vec) if v}


class ManaPools:
    """The players' mana pools (see the module docstring); `Scenario` supplies `_info`,
    `_player` and `tables`."""

    def pool(self, player="you") -> dict[str, int]:
        """All the mana in the player's pool, restricted mana (106.6) included."""
        who = self._player(player)
        info = self._info[0]
        total = info["pool"][who].astype(np.int64)
        for e in range(int(info["n_restricted"][who])):
            total = total + info["restricted"][who][e]
        return _mana_dict(total)

    def restricted_pool(self, player="you") -> list[tuple[str, dict[str, int]]]:
        """The restricted mana in the player's pool (106.6): (the restriction, as its card
        says what it may be spent on; the mana), one entry per restriction."""
        who = self._player(player)
        info = self._info[0]
        texts = self.tables.restriction_texts
        return [(texts[int(info["restricted_row"][who][e])], _mana_dict(info["restricted"][who][e]))
                for e in range(int(info["n_restricted"][who]))]

    def _add_restricted(self, who: int, row: int, mana) -> None:
        """Restricted mana of SPEND_RESTRICTION row `row` into the pool, in its own entry (at
        most _core.MAX_RESTRICTED_POOL restrictions and MAX_RESTRICTED_UNITS mana a player:
        the core's limits, checked by _check_restricted_room first)."""
        info = self._info[0]
        n = int(info["n_restricted"][who])
        rows = [int(info["restricted_row"][who][e]) for e in range(n)]
        if row in rows:
            e = rows.index(row)
        else:
            e = n
            info["restricted_row"][who][e] = row
            info["restricted"][who][e] = 0
            info["n_restricted"][who] = n + 1
        info["restricted"][who][e] += np.array(mana, dtype=np.int16)

    def _check_restricted_room(self, who: int, adds) -> None:
        """Raise ValueError (changing nothing) if restricted mana `adds` ((row, mana) pairs)
        would take the pool past the core's limits."""
        info = self._info[0]
        n = int(info["n_restricted"][who])
        rows = {int(info["restricted_row"][who][e]) for e in range(n)} | {r for r, m in adds if sum(m)}
        units = int(info["restricted"][who][:n].sum()) + sum(sum(m) for _, m in adds)
        if len(rows) > _core.MAX_RESTRICTED_POOL or units > _core.MAX_RESTRICTED_UNITS:
            raise LimitError(f"a mana pool holds restricted mana (106.6) of at most "
                             f"{_core.MAX_RESTRICTED_POOL} restrictions and "
                             f"{_core.MAX_RESTRICTED_UNITS} mana here")

    def _add_mana(self, who: int, t: int, amount: int) -> None:
        pool = self._info[0]["pool"][who]
        pool[t] = _fit16(int(pool[t]) + int(amount), f"{TYPE_LETTERS[t]} mana in {POSSESSIVE[who]} pool")
