"""The checks of the public calls' arguments, one per kind of argument, each raising the
family member that fits (mtgsim.errors) with a message naming the argument."""
from __future__ import annotations

import math
import os
from collections.abc import Iterable

import numpy as np

from .errors import ArgumentError, ArgumentTypeError, shown

__all__ = ["MAX_GAMES", "MAX_THREADS", "flag", "games", "is_whole", "items", "number", "text", "threads",
           "whole_number"]


def is_whole(value) -> bool:
    """A whole number: a Python or numpy int, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def whole_number(value, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """`value` as an int, if it is a whole number within lo..hi (either end may be open).
    Otherwise an ArgumentTypeError (not a number at all) or ArgumentError (a fraction, or out
    of range) naming `what`: a count of 22.5 is refused, never truncated to 22."""
    if not is_whole(value):
        if isinstance(value, (float, np.floating)) and not isinstance(value, bool):
            raise ArgumentError(f"{what} must be a whole number, got {shown(value)}")
        raise ArgumentTypeError(f"{what} must be a whole number, not {type(value).__name__} {shown(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = (f"{lo:,}..{hi:,}" if lo is not None and hi is not None
                  else f">= {lo:,}" if lo is not None else f"<= {hi:,}")
        raise ArgumentError(f"{what} must be {bounds}, got {shown(value)}")
    return int(value)


MAX_GAMES = 10 ** 12         # games (or events) of one run: far beyond any run's time; every count fits int64
MAX_THREADS = 1024


def flag(value, what: str) -> bool:
    """A yes/no argument: True or False (numpy's too, or the whole numbers 0 and 1)."""
    if isinstance(value, (bool, np.bool_)) or (is_whole(value) and value in (0, 1)):
        return bool(value)
    raise ArgumentTypeError(f"{what} must be True or False, got {shown(value)}")


def text(value, what: str) -> str:
    """An argument that is text (a name, a label)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{what} must be text (a str), not {type(value).__name__} {shown(value)}")
    return value


def number(value, what: str, lo: float | None = None, hi: float | None = None) -> float:
    """A finite real number within lo..hi (either end may be open), as a float."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ArgumentTypeError(f"{what} must be a number, not {type(value).__name__} {shown(value)}")
    try:
        v = float(value)
    except OverflowError:
        v = math.inf
    if not math.isfinite(v) or (lo is not None and v < lo) or (hi is not None and v > hi):
        bounds = (f" in [{lo:g}, {hi:g}]" if lo is not None and hi is not None
                  else f" >= {lo:g}" if lo is not None else f" <= {hi:g}" if hi is not None else "")
        raise ArgumentError(f"{what} must be a finite number{bounds}, got {shown(value)}")
    return v


def items(value, what: str) -> tuple:
    """An argument that lists things (a list, tuple, set, range or other iterable, but not
    text, bytes or a mapping) as a tuple."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{what} must be a list, not {type(value).__name__} {shown(value)}")
    return tuple(value)


def threads(value, what: str = "threads") -> int:
    """The threads of a run: None (one per CPU) or a whole number 1..MAX_THREADS."""
    if value is None:
        return os.cpu_count() or 1
    return whole_number(value, what, 1, MAX_THREADS)


def games(value, what: str = "games", lo: int = 1) -> int:
    """The games (or events) of a run: a whole number lo..MAX_GAMES."""
    return whole_number(value, what, lo, MAX_GAMES)
