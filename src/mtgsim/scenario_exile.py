"""A Scenario's cards in exile that their owner may cast later (`Game.exiled`, kernels/exile.pxi): the
special actions exiling a card from the hand for its suspend cost (702.62a, 116.2f) or its plot
cost (702.170a, 116.2k), and the cards suspended and plotted (cast with `cast(card,
alternative="plotted")`, 702.170d). A base of `Scenario`, which holds the zones, pays costs and
runs the compiled game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .errors import RulesError
from .pool import PLAYER_NAMES, POSSESSIVE
from .scenario_choices import all_or_nothing

if TYPE_CHECKING:
    from .cards import CardDef
    from .compile import Tables
    from .mana import ManaCost


class _Exiling(Protocol):
    """What `Scenario` supplies to ExileActions' methods."""
    _hands: tuple[list[str], list[str]]
    _exiled: list[tuple[str, int, int, int]]
    log: list[str]

    @property
    def turn(self) -> int: ...

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
        if c.suspend is None:
            raise RulesError(f"702.62a: {c.name} has no suspend")
        ExileActions._exile_from_hand(self, c, self._player(player), c.suspend, "116.2f", "suspend")

    @all_or_nothing
    def plot(self: _Exiling, card, player="you") -> None:
        """Plot a card from the player's hand (116.2k, 702.170a): its plot cost is paid from pool
        and untapped sources (a special action's cost: no restricted mana, 106.6) and it is
        exiled, a plotted card. On a later turn its owner may cast it from exile without paying
        its mana cost (`cast(card, alternative="plotted")`, 702.170d). The timing (their main
        phase, the stack empty) is the caller's to keep, as for `cast`."""
        c = self._card(card)
        if c.plot is None:
            raise RulesError(f"702.170a: {c.name} has no plot")
        ExileActions._exile_from_hand(self, c, self._player(player), c.plot, "116.2k", "plot")

    def _exile_from_hand(self: _Exiling, c: CardDef, who: int, cost: ManaCost, rule: str, action: str) -> None:
        """The special action `action` (suspend, plot) of player who: card c leaves their hand,
        `cost` is paid and the compiled game exiles it to cast later (GameState.suspend, .plot)."""
        if c.uncastable:                 # (the action leads to a cast)
            raise RulesError(f"{c.name} is not cast by the simulator: {c.uncastable}")
        if c.name not in self._hands[who]:
            raise RulesError(f"{rule}: a card is {action}ed from its owner's hand; {c.name} is not in "
                             f"{POSSESSIVE[who]} hand")
        self._choosing()
        snapshot = self._snapshot()
        self._hands[who].remove(c.name)
        self._sync_hand_sizes()
        try:
            if cost:
                self._pay(self._cost_row_total(self.tables.cost_rows[cost]), who, for_card=-1, for_ability=False)
            row = self.tables.row_of(c)
            self._play(lambda st: getattr(st, action)(row, who))
        except RulesError:
            self._restore(snapshot)
            raise
        self.log.append(f"{PLAYER_NAMES[who]} {action}{'s' if who else ''} {c.name} for {cost}")

    def suspended(self: _Exiling, player="you") -> list[tuple[str, int]]:
        """The player's suspended cards (702.62b: in exile with time counters), as (name, time
        counters), in the order exiled."""
        who = self._player(player)
        return [(name, time) for name, owner, time, _ in self._exiled if owner == who and time > 0]

    def plotted(self: _Exiling, player="you") -> list[str]:
        """The player's plotted cards (702.170a: in exile, to cast on a later turn), in the order exiled."""
        who = self._player(player)
        return [name for name, owner, _, plotted in self._exiled if owner == who and plotted]

    def _take_plotted(self: _Exiling, c: CardDef, who: int, x) -> None:
        """702.170d, 601.2a: player who's plotted card c leaves exile to be cast, on a turn after
        the one it became plotted in, without paying its mana cost (X is 0, 107.3b)."""
        if x:
            raise RulesError(f"107.3b: {c.name} is cast without paying its mana cost; X is 0")
        turns = [plotted for name, owner, _, plotted in self._exiled if name == c.name and owner == who and plotted]
        if not turns:
            raise RulesError(f"702.170d: {c.name} is not a card {PLAYER_NAMES[who]} plotted")
        if min(turns) >= self.turn:
            raise RulesError(f"702.170d: {c.name} was plotted this turn; it may be cast on a later turn")
        self._exiled.remove(next(e for e in self._exiled if e[0] == c.name and e[1] == who and e[3] == min(turns)))
