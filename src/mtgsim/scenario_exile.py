"""A Scenario's cards in exile that their owner may cast later (`Game.exiled`, kernels/exile.pxi): the
special action exiling a card from the hand for its suspend cost (702.62a, 116.2f), and the
cards suspended. A base of `Scenario`, which holds the zones, pays costs and runs the compiled game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .errors import RulesError
from .pool import PLAYER_NAMES, POSSESSIVE
from .scenario_choices import all_or_nothing

if TYPE_CHECKING:
    from .cards import CardDef
    from .compile import Tables


class _Exiling(Protocol):
    """What `Scenario` supplies to ExileActions' methods."""
    _hands: tuple[list[str], list[str]]
    _exiled: list[tuple[str, int, int]]
    log: list[str]

    def _card(self, card: str | CardDef) -> CardDef: ...

    def _player(self, player) -> int: ...

    def _choosing(self, choices=None, who: int = 0, **keywords) -> None: ...

    def _snapshot(self): ...

    def _restore(self, snap) -> None: ...

    def _sync_hand_sizes(self) -> None: ...

    def _pay(self, cost_rec, who: int, exclude: int = -1, *, for_card: int, for_ability: bool) -> None: ...

    def _cost_row_total(self, cost_row: int): ...

    def _play(self, action): ...

    @property
    def tables(self) -> Tables: ...


class ExileActions:
    """A Scenario's special actions exiling a card from the hand to cast later, and the cards
    so exiled (see the module docstring); `Scenario` supplies the rest (an _Exiling)."""

    @all_or_nothing
    def suspend(self: _Exiling, card, player="you") -> None:
        """Suspend a card from the player's hand (116.2f, 702.62a): its suspend cost is paid from
        pool and untapped sources (a special action's cost: no restricted mana, 106.6) and it is
        exiled with its N time counters. At the beginning of its owner's upkeep (`next_turn`)
        one is removed; as the last is, it is cast without paying its mana cost and resolves.
        The timing (a main phase of its owner's, the stack empty, for a sorcery) is the
        caller's to keep, as for `cast`."""
        c = self._card(card)
        who = self._player(player)
        if c.suspend is None:
            raise RulesError(f"702.62a: {c.name} has no suspend")
        if c.uncastable:                 # (suspending it leads to a cast)
            raise RulesError(f"{c.name} is not cast by the simulator: {c.uncastable}")
        if c.name not in self._hands[who]:
            raise RulesError(f"116.2f: a card is suspended from its owner's hand; {c.name} is not in "
                             f"{POSSESSIVE[who]} hand")
        self._choosing()
        snapshot = self._snapshot()
        self._hands[who].remove(c.name)
        self._sync_hand_sizes()
        try:
            if c.suspend:
                self._pay(self._cost_row_total(self.tables.cost_rows[c.suspend]), who,
                          for_card=-1, for_ability=False)
            row = self.tables.row_of(c)
            self._play(lambda st: st.suspend(row, who))
        except RulesError:
            self._restore(snapshot)
            raise
        self.log.append(f"{PLAYER_NAMES[who]} suspend{'s' if who else ''} {c.name} for {c.suspend}")

    def suspended(self: _Exiling, player="you") -> list[tuple[str, int]]:
        """The player's suspended cards (702.62b: in exile with time counters), as (name, time
        counters), in the order exiled."""
        who = self._player(player)
        return [(name, time) for name, owner, time in self._exiled if owner == who and time > 0]
