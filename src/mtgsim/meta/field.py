"""An event's field: how many players bring each archetype, from shares (largest remainder)
or from counts; and the Swiss rounds the Magic Tournament Rules recommend for its size."""
from __future__ import annotations

import math
from collections.abc import Mapping

from .. import _meta, checks
from ..errors import ArgumentError, ArgumentTypeError, LimitError, shown

__all__ = ["Field", "recommended_rounds"]

# MTR Appendix E (recommended number of rounds in Swiss tournaments): players -> rounds. Fields
# of 5-8 run 3 rounds (the table's single elimination: here as Swiss, which crowns one 3-0), of
# 3-4 two, of 2 one; 9-16 run 5 rounds (constructed formats).
_MTR_ROUNDS = ((8, 3), (16, 5), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))


def recommended_rounds(players: int) -> int:
    """The Swiss rounds MTR Appendix E recommends for `players` players."""
    players = checks.whole_number(players, "recommended_rounds: players", 0)
    if players <= 2:
        return 1
    if players <= 4:
        return 2
    for most, rounds in _MTR_ROUNDS:
        if players <= most:
            return rounds
    return 10


class Field:
    """The archetypes of an event and their players: `names` in order, `counts` per name,
    `players` in all. Players 0..players-1 are numbered archetype by archetype, in order."""

    def __init__(self, shares: Mapping[str, float], players: int = 256, other: str | None = "Other"):
        if not isinstance(shares, Mapping) or not shares:
            raise ArgumentError("Field: give the archetypes' shares as a mapping {name: share}")
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise ArgumentError(f"Field: an event needs at least 2 players, got {shown(players)}")
        if players > _meta.MAX_PLAYERS:
            raise LimitError(f"Field: at most {_meta.MAX_PLAYERS:,} players, got {shown(players)}")
        values = {}
        for name, v in shares.items():
            _check_name(name)
            values[name] = checks.number(v, f"Field: the share of {shown(name)}")
            if values[name] < 0:
                raise ArgumentError(f"Field: the share of {shown(name)} is negative ({v})")
        total = sum(values.values())
        if total <= 0:
            raise ArgumentError("Field: the shares sum to 0")
        if total > 1 + 1e-9:
            raise ArgumentError(f"Field: the shares sum to {total:g}, more than 1")
        rest = other if other is not None and total < 1 - 1e-9 else None
        if rest is not None:
            if rest in values:
                raise ArgumentError(f"Field: {shown(rest)} names an archetype and the rest of the field")
            values[rest] = 1 - total
            total = 1.0
        # largest remainder: floors first, then the largest fractional parts (ties: list order)
        exact = {n: players * v / total for n, v in values.items()}
        counts = {n: math.floor(x) for n, x in exact.items()}
        left = players - sum(counts.values())
        for n in sorted(exact, key=lambda n: -(exact[n] - counts[n]))[:left]:
            counts[n] += 1
        self._set({n: k for n, k in counts.items() if k > 0}, rest)

    @classmethod
    def counts(cls, counts: Mapping[str, int]) -> Field:
        """A field of exactly these players per archetype."""
        if not isinstance(counts, Mapping) or not counts:
            raise ArgumentError("Field.counts: give the archetypes' players as a mapping {name: count}")
        out = {}
        for name, k in counts.items():
            _check_name(name)
            if isinstance(k, bool) or not isinstance(k, int) or k < 0:
                raise ArgumentError(f"Field.counts: {shown(name)} needs a whole number of players >= 0, got {shown(k)}")
            if k:
                out[name] = k
        if sum(out.values()) < 2:
            raise ArgumentError(f"Field.counts: an event needs at least 2 players, got {sum(out.values())}")
        f = cls.__new__(cls)
        f._set(out)
        return f

    def _set(self, counts: dict[str, int], other: str | None = None) -> None:
        self._counts = counts
        self.other = other if other in counts else None     # the rest of the field (shares below 1)

    @property
    def names(self) -> list[str]:
        return list(self._counts)

    @property
    def count(self) -> dict[str, int]:
        """Players per archetype."""
        return dict(self._counts)

    @property
    def players(self) -> int:
        return sum(self._counts.values())

    def share(self, name: str) -> float:
        return self._counts[self._name(name)] / self.players

    def archetypes(self) -> list[str]:
        """Each player's archetype, players 0..players-1."""
        return [n for n, k in self._counts.items() for _ in range(k)]

    def _name(self, name: str) -> str:
        checks.text(name, "an archetype's name")
        if name in self._counts:
            return name
        for n in self._counts:
            if n.casefold() == str(name).casefold():
                return n
        raise ArgumentError(f"{shown(name)} is not an archetype of the field ({', '.join(self._counts)})")

    def __repr__(self) -> str:
        return f"Field({self._counts}, players={self.players})"


def _check_name(name) -> None:
    if not isinstance(name, str) or not name.strip():
        raise ArgumentTypeError(f"an archetype's name must be a non-empty str, not {shown(name)}")
