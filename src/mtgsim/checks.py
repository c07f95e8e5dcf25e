"""The checks of the public calls' arguments, one per kind of argument, each raising the
family member that fits (mtgsim.errors) with a message naming the argument."""
from __future__ import annotations

import numpy as np

from .errors import ArgumentError, ArgumentTypeError, shown

__all__ = ["is_whole", "whole_number"]


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
