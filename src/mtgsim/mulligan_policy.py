"""The London mulligan's keep rule (103.5): `MulliganPolicy`, which hands a goldfish keeps and
what the compiled core is told of it (per hand size: the lands range, the castable condition)."""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .errors import ArgumentError, ArgumentTypeError, shown

__all__ = ["KARSTEN_SOURCE", "MulliganPolicy", "keep_line", "keep_text"]

KARSTEN_SOURCE = ('Frank Karsten, "How Many Sources Do You Need to Consistently Cast Your Spells? A 2022 '
                  'Update", ChannelFireball/TCGplayer, 2 August 2022, and its code (HowManySources2022Update.py)')


class MulliganPolicy:
    """London mulligan (103.5): `keep` maps hand size to the inclusive range of lands kept.
    It lists 7 (the opening hand) unless it is empty (`never`: keep every hand). Below the
    smallest size listed, always keep; a size between listed ones uses the range of the next
    larger listed size. With `count_mana_sources`, the mana creatures and rocks in the hand
    (nonland cards with a mana ability and mana value at most 2: Llanowar Elves, Sol Ring)
    count as lands for keeping. A modal double-faced card whose back face is a land (a spell //
    land card: Valakut Awakening // Valakut Stoneforge) counts as a land, here and below, as deck
    builders count it: it may be played as that land (712.12), though in hand it is a spell
    (712.8a). The cards put on the bottom keep the hand balanced: lands while it holds more
    than the deck's share of lands (rounded up, within the range), off-colour lands before
    on-colour ones; otherwise the spells of the highest mana value.

    `castable_by` ({hand size: k}, only the sizes listed) asks more of a hand of that size: keep
    it only if it also holds a spell of mana value m, 1 <= m <= k, castable on curve from its own
    lands: m of its other cards counted as lands (as above) whose mana pays the spell's mana
    cost, each making one mana of one type it could make (its coloured symbols each matched to
    a land making that colour, as a payment is; X is 0, hybrid and Phyrexian symbols paid with
    mana).

    `free_seven` (min lands, max lands), where the first mulligan is free (a multiplayer game,
    103.5c; Brawl, 903.12g): the lands range a seven that may go back for free is kept by, the
    hands after it by `keep` (Karsten keeps a Commander deck's free seven with 3-5 lands); None:
    as any seven. Where no mulligan is free it is never asked."""

    def __init__(self, keep: Mapping[int, tuple[int, int]] | None = None, count_mana_sources: bool = False,
                 castable_by: Mapping[int, int] | None = None, free_seven: tuple[int, int] | None = None):
        if keep is not None and not isinstance(keep, Mapping):
            raise ArgumentTypeError(f"mulligan policy: keep must be a mapping {{hand size: (min lands, max lands)}}, "
                                    f"not {type(keep).__name__}")
        keep = dict({7: (2, 5), 6: (2, 4), 5: (2, 4)} if keep is None else keep)
        for size, rng in keep.items():
            if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 7:
                raise ArgumentError(f"mulligan policy: hand size {shown(size)} must be 1..7")
            if (not isinstance(rng, (tuple, list)) or len(rng) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in rng)):
                raise ArgumentError(f"mulligan policy: size {size} needs a (min lands, max lands) pair, "
                                    f"got {shown(rng)}")
            lo, hi = rng
            if not 0 <= lo <= hi <= 7:
                raise ArgumentError(f"mulligan policy: size {size}: lands range {lo}..{hi} is impossible "
                                    "(need 0 <= min <= max <= 7)")
        if keep and 7 not in keep:
            raise ArgumentError(f"mulligan policy: give the lands range for 7 cards, the opening hand "
                                f"(got sizes {sorted(keep)}); an empty policy keeps every hand")
        if not isinstance(count_mana_sources, (bool, np.bool_)):
            raise ArgumentTypeError(f"count_mana_sources must be True or False, not {shown(count_mana_sources)}")
        self.keep = keep
        self.count_mana_sources = bool(count_mana_sources)
        self.castable_by = _castable_by(castable_by, keep)
        self.free_seven = _free_seven(free_seven, keep)

    @classmethod
    def never(cls) -> MulliganPolicy:
        """Keep every opening seven."""
        return cls({})

    @classmethod
    def karsten(cls) -> MulliganPolicy:
        """Frank Karsten's keep rule (KARSTEN_SOURCE: his 2022 article's code): a seven with 2-5
        lands, a six with 2-4 after bottoming one card, a five with 2-4 after two, any four; a
        free seven (Commander's multiplayer first mulligan, 103.5c) only with 3-5. His lands are
        counted in the hand kept, after the London mulligan's bottoming; this rule counts them in
        the seven drawn, before it, as every MulliganPolicy does: a six of 2-4 is a seven of 2-5
        (a land bottomed from five, a spell from two), a five of 2-4 a seven of 2-6. (A hand of
        four is kept with the deck's share of lands, where he keeps three: about 0.2% of games.)"""
        return cls({7: (2, 5), 6: (2, 5), 5: (2, 6)}, free_seven=(3, 5))

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Per hand size 0..7: the lands range (lo = -1: always keep)."""
        lo = np.full(8, -1, dtype=np.int8)
        hi = np.full(8, 7, dtype=np.int8)
        if self.keep:
            smallest = min(self.keep)
            for size in range(7, smallest - 1, -1):
                src = min(s for s in self.keep if s >= size)
                lo[size], hi[size] = self.keep[src]
        return lo, hi

    def castable_arrays(self) -> np.ndarray:
        """Per hand size 0..7: the castable condition's greatest mana value (0: none)."""
        out = np.zeros(8, dtype=np.int8)
        for size, k in self.castable_by.items():
            out[size] = k
        return out

    def __eq__(self, other) -> bool:
        return (isinstance(other, MulliganPolicy) and self.keep == other.keep
                and self.count_mana_sources == other.count_mana_sources and self.castable_by == other.castable_by
                and self.free_seven == other.free_seven)

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.keep.items())), self.count_mana_sources,
                     tuple(sorted(self.castable_by.items())), self.free_seven))

    def __repr__(self) -> str:
        return (f"MulliganPolicy({self.keep}"
                + (", count_mana_sources=True" if self.count_mana_sources else "")
                + (f", castable_by={self.castable_by}" if self.castable_by else "")
                + (f", free_seven={self.free_seven})" if self.free_seven else ")"))


def _castable_by(castable_by, keep: dict) -> dict[int, int]:
    """MulliganPolicy's castable condition, checked: {hand size: greatest mana value}, each size
    one the keep rule decides (not below its smallest size: those hands are always kept)."""
    if castable_by is None:
        return {}
    if not isinstance(castable_by, Mapping):
        raise ArgumentTypeError(f"mulligan policy: castable_by must be a mapping {{hand size: mana value}}, "
                                f"not {type(castable_by).__name__}")
    out = {}
    for size, k in castable_by.items():
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 7:
            raise ArgumentError(f"mulligan policy: castable_by: hand size {shown(size)} must be 1..7")
        if not keep or size < min(keep):
            raise ArgumentError(f"mulligan policy: castable_by: a hand of {size} cards is always kept (the keep "
                                f"rule lists sizes {sorted(keep) or 'none'}): a condition on it would never be asked")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 7:
            raise ArgumentError(f"mulligan policy: castable_by: size {size}: the greatest mana value must be a "
                                f"whole number 1..7, got {shown(k)}")
        out[size] = k
    return out


def _free_seven(free_seven, keep: dict) -> tuple[int, int] | None:
    """MulliganPolicy's range for a seven that may go back for free, checked."""
    if free_seven is None:
        return None
    if (not isinstance(free_seven, (tuple, list)) or len(free_seven) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in free_seven)):
        raise ArgumentError(f"mulligan policy: free_seven needs a (min lands, max lands) pair, got {shown(free_seven)}")
    lo, hi = free_seven
    if not 0 <= lo <= hi <= 7:
        raise ArgumentError(f"mulligan policy: free_seven: lands range {lo}..{hi} is impossible "
                            "(need 0 <= min <= max <= 7)")
    if not keep:
        raise ArgumentError("mulligan policy: free_seven: this rule keeps every hand (no lands range for 7 cards), "
                            "so no seven is ever sent back")
    return (lo, hi)


def keep_text(keep: dict) -> str:
    """A keep rule as --keep takes it: "7:2-5,6:2-4,5:2-4"."""
    return ",".join(f"{size}:{lo}-{hi}" for size, (lo, hi) in sorted(keep.items(), reverse=True))


def keep_line(keep: dict, mana_sources: bool = False) -> str:
    """The mulligan keep rule in words, each hand size from 7 down (as MulliganPolicy.arrays
    applies it: a size not listed takes the next larger one's range), and what counts."""
    if not keep:
        return "mulligan: none (every opening seven kept)"
    lo, hi = MulliganPolicy(keep).arrays()
    smallest = min(keep)
    sizes = [f"{size} with {lo[size]}-{hi[size]}" for size in range(7, smallest - 1, -1)]
    sizes[0] = f"7 cards with {lo[7]}-{hi[7]} lands"
    rest = f"; {smallest - 1} or fewer: always kept" if smallest > 1 else ""
    counted = ("lands, mana creatures and rocks count (--count-mana-sources)" if mana_sources
               else "only lands count")
    return f"mulligan (London): keep {', '.join(sizes)}{rest}; {counted} (--keep {keep_text(keep)})"
