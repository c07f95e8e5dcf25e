"""The checks of a Scenario call's arguments that are the Scenario's own (a counter mapping, a
list of Permanents, an ability's index, a whole number in a range with the error it calls for, a
card the compiled core can hold),
each raising the family member that fits (mtgsim.errors) with a message naming the argument."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from .cards import CardDatabase, CardDef
from .checks import is_whole
from .compile import compile_cards
from .errors import ArgumentError, ArgumentIndexError, ArgumentTypeError, LimitError, shown
from .handle import Permanent
from .pool import INT16
from .vocabulary import counter_kind


def whole_arg(value, what: str, lo: int, hi: int, error=ArgumentError, rule: str = "") -> int:
    """`value` as an int, if it is a whole number lo..hi (not a bool); else `error` naming
    `what` and the range (a number too long to print by its digits)."""
    if not is_whole(value) or not lo <= value <= hi:
        raise error(f"{what} must be a whole number {lo}..{hi}{rule}, got {shown(value)}")
    return int(value)


def counter_args(counters, card: str) -> dict[str, int]:
    """The `counters` argument of Scenario.add, checked: {counter name: how many}, each
    0..32767 (a permanent's counters of a kind are int16), each of a declared kind
    (vocabulary.COUNTERS)."""
    if counters is None:
        return {}
    if not isinstance(counters, Mapping):
        raise ArgumentTypeError("counters must be a mapping {name: count} such as {'+1/+1': 2}, "
                                f"not {type(counters).__name__}")
    out: dict[str, int] = {}
    for name, k in counters.items():
        if not isinstance(name, str):
            raise ArgumentTypeError(f"counters: a counter's name is text such as '+1/+1', not "
                                    f"{type(name).__name__}")
        if not name.strip():
            raise ArgumentError("counters: a counter's name is text such as '+1/+1', not empty")
        counter_kind(name, ArgumentError)
        if not is_whole(k) or k < 0:
            raise ArgumentError(f"counters: {shown(name)} needs a whole number ≥ 0, got {shown(k)}")
        if k > INT16.max:
            raise LimitError(f"Scenario: {card}'s {name} counters would be {shown(k)}; the simulator "
                             f"holds {INT16.min}..{INT16.max}")
        out[name] = int(k)
    return out


def permanent_list(value, what: str, none_ok: bool = False) -> list:
    """A list argument of Permanents (`what` names it; `none_ok`: None is allowed too): any
    iterable but a string or one Permanent; its members are checked by the caller's _index."""
    if isinstance(value, (str, Permanent)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{what} must be a list of Permanents{' or None' if none_ok else ''}, "
                                f"not {type(value).__name__}")
    return list(value)


def ability_index(ability, count: int, has: str) -> int:
    """`ability` as an index into `count` abilities; `has` says what the permanent has."""
    if not is_whole(ability):
        raise ArgumentTypeError(f"ability is an index, not {type(ability).__name__}")
    if not 0 <= ability < count:
        raise ArgumentIndexError(f"{has}; index {shown(ability)} is out of range")
    return int(ability)


_COMPILED: set = set()      # cards known to compile (a card's tables are compiled again and again)


def check_compiles(c: CardDef, db: CardDatabase) -> None:
    """Compile card c alone once: a card beyond the core's limits (too many mana abilities, a
    number too large) raises ValueError naming it, before it becomes part of a Scenario."""
    if c not in _COMPILED:
        compile_cards(db.resolve([c]))
        _COMPILED.add(c)
