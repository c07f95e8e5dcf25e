"""The decks an optimization compares: land-count variants of a deck, the mana bases a pool of
lands allows, and each variant's library layout for common random numbers.

Common random numbers: the goldfish draws a uniformly random position of the library, so two
decks of one size given the same generator draw the same positions. `aligned_layout` lays a
variant's cards out on the positions of a reference deck, keeping every card the two share
where it is, and putting the variant's new cards on the positions of the cards they replace:
a swap of one Plains for one Island changes one position, and only the games that draw it
can differ.
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping

from ..cards import CardDef, normalize_name
from .. import checks
from ..checks import whole_number
from ..decklist import Deck
from ..formats import FORMATS, copies_allowed, preset
from ..errors import ArgumentError, ArgumentTypeError, shown

__all__ = [
    "aligned_layout",
    "card_name",
    "copy_limit",
    "count_splits",
    "expand",
    "land_counts",
    "splits",
    "with_lands",
]

MAX_CANDIDATES = 2_000_000      # mana bases enumerated at most (beyond: the local search alone)


def card_name(deck: Deck, card, what: str) -> str:
    """The deck's database spelling of `card` (a name or a CardDef); a clear error if unknown."""
    if isinstance(card, CardDef):
        card = card.name
    if not isinstance(card, str):
        raise ArgumentTypeError(f"{what}: a card must be a name or a CardDef, not {type(card).__name__}")
    return deck.card(card).name


def copy_limit(deck: Deck, name: str, format=None) -> int | None:
    """How many copies of a card the deck may hold (None: any number: basic lands and the cards
    that say so): the format's limit (a preset's name or a Format); with no format, a deck with
    a Commander section is a Commander deck (one copy: 903.5b), any other a constructed deck's
    four (100.2a)."""
    fmt = preset(format) or FORMATS["commander" if deck.cards("commander") else "constructed"]
    return copies_allowed(deck.card(name), fmt.copies)


def expand(counts: Mapping[str, int]) -> list[str]:
    """A deck's cards one per position, in its list order."""
    return [name for name, k in counts.items() for _ in range(k)]


def aligned_layout(reference: list[str], counts: Mapping[str, int]) -> list[str]:
    """`counts` laid out on the positions of `reference` (a layout of a deck of the same
    size): each card keeps the reference's positions of that card as far as its count goes
    (the first ones); the positions left over, in order, take the cards the reference lacks
    copies of, in name order. Of another size: the counts in list order (nothing to align)."""
    if len(reference) != sum(counts.values()):
        return expand(counts)
    left = Counter(counts)
    out: list[str | None] = []
    for name in reference:
        if left[name] > 0:
            left[name] -= 1
            out.append(name)
        else:
            out.append(None)
    extra = iter(sorted(itertools.chain.from_iterable([n] * k for n, k in left.items() if k > 0),
                        key=normalize_name))
    return [name if name is not None else next(extra) for name in out]


def with_lands(deck: Deck, counts: Mapping[str, int], name: str | None = None) -> Deck:
    """A deck with the main deck `counts` (names in the deck's database), the rest as `deck`."""
    return Deck({n: k for n, k in counts.items() if k > 0}, sideboard=deck.sideboard or None,
                commander=deck.commander or None, companion=deck.companion or None, db=deck.db,
                name=name if name is not None else deck.name)


def land_counts(deck: Deck, counts: Iterable[int], land, cut=(), vary_size: bool = False) -> dict[str, Deck]:
    """Variants of `deck` with each total of lands in `counts`: copies of `land` added or
    taken away, and, to keep the deck's size, copies of the `cut` cards (in the order given)
    taken out as lands come in and put in as lands go out (up to four of a card that is not a
    basic land). A count that would change the deck's size without `cut` is an ArgumentError,
    unless vary_size=True: then the deck grows and shrinks with its lands (a sweep's table
    says each variant's size). {label: Deck}, labelled by the land count ("23")."""
    if not isinstance(deck, Deck):
        raise ArgumentTypeError(f"land_counts: deck must be a mtgsim.Deck, not {type(deck).__name__}")
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Iterable):
        raise ArgumentTypeError(f"land_counts: counts must be whole numbers (a range), not {type(counts).__name__}")
    wanted = [whole_number(n, "land_counts: a land count", 0) for n in counts]     # (22.5: refused, not 22)
    if not wanted:
        raise ArgumentError("land_counts: no land counts given")
    if len(set(wanted)) != len(wanted):
        raise ArgumentError(f"land_counts: a land count is given twice in {wanted}")
    land = card_name(deck, land, "land_counts: land")
    if not deck.card(land).is_land:
        raise ArgumentError(f"land_counts: {shown(land)} is not a land")
    cut = [cut] if isinstance(cut, (str, CardDef)) else checks.items(cut, "land_counts: cut")
    cut = [card_name(deck, c, "land_counts: cut") for c in cut]
    for c in cut:
        if c not in deck.maindeck:
            raise ArgumentError(f"land_counts: the card to cut {shown(c)} is not in the main deck")
        if deck.card(c).is_land:
            raise ArgumentError(f"land_counts: the card to cut {shown(c)} is a land; cut spells to make room")
    if not isinstance(vary_size, bool):
        raise ArgumentTypeError(f"land_counts: vary_size must be True or False, not {shown(vary_size)}")
    main = deck.maindeck
    have = deck.land_count
    changed = [n for n in wanted if n != have]
    if cut and vary_size:
        raise ArgumentError("land_counts: give cut= (--cut: the deck keeps its size) or vary_size=True "
                            "(--vary-size: it grows and shrinks with its lands), not both")
    if changed and not cut and not vary_size:
        sizes = sorted({len(deck) + n - have for n in changed})
        decks = "a deck" if len(sizes) == 1 else "decks"
        raise ArgumentError(f"land_counts: {_words(changed)} lands with no cards to cut would make {decks} of "
                            f"{_words(sizes)} cards where the deck has {len(deck)} ({have} lands): give the cards to "
                            "cut (cut=, --cut: spells taken out as lands come in, put back as they go out) to keep "
                            "its size, or vary_size=True (--vary-size) to compare decks of different sizes")
    limit = copy_limit(deck, land)
    out = {}
    for n in wanted:
        counts_n = dict(main)
        delta = n - have
        if counts_n.get(land, 0) + delta < 0:
            raise ArgumentError(f"land_counts: {n} lands would need {-delta} fewer {shown(land)} than the "
                                f"deck's {counts_n.get(land, 0)}")
        if limit is not None and counts_n.get(land, 0) + delta > limit:
            raise ArgumentError(f"land_counts: {n} lands would need {counts_n.get(land, 0) + delta} "
                                f"copies of {shown(land)}; a deck has at most {limit}")
        counts_n[land] = counts_n.get(land, 0) + delta
        if cut:
            if delta > 0:                        # lands in: spells out, first cut card first
                room = sum(main[c] for c in cut)
                if delta > room:
                    raise ArgumentError(f"land_counts: {n} lands needs {delta} cards cut, but the cards "
                                        f"to cut have {room} copies")
                todo = delta
                for c in cut:
                    take = min(todo, counts_n[c])
                    counts_n[c] -= take
                    todo -= take
            elif delta < 0:                      # lands out: copies of the cut cards back in
                todo = -delta
                for c in cut:
                    limit_c = copy_limit(deck, c)
                    # (a deck already past the limit, a test deck of 30 fillers, keeps its own rules)
                    room = todo if limit_c is None or main[c] > limit_c else max(0, limit_c - counts_n[c])
                    put = min(todo, room)
                    counts_n[c] += put
                    todo -= put
                if todo:
                    raise ArgumentError(f"land_counts: {n} lands leaves {todo} cards to fill, but the "
                                        "cards to cut are at their copy limits; cut more kinds of card")
        size = "" if n == have or cut else f", {len(deck) + n - have} cards"
        out[str(n)] = with_lands(deck, counts_n, f"{deck.name or 'deck'} ({n} lands{size})")
    return out


def _words(numbers: list[int]) -> str:
    """Numbers in words: "20", "18 and 22", "18, 19 and 22", "18 to 22" (a run of three or more)."""
    numbers = sorted(numbers)
    if len(numbers) >= 3 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def splits(pool: Mapping[str, tuple[int, int]], total: int):
    """Every split of `total` copies among the pool's lands within their (low, high) ranges,
    in lexicographic order of the pool's order: dicts {land: copies}."""
    names = list(pool)

    def rec(i: int, left: int):
        if i == len(names) - 1:
            lo, hi = pool[names[i]]
            if lo <= left <= hi:
                yield (left,)
            return
        lo, hi = pool[names[i]]
        rest_lo = sum(pool[n][0] for n in names[i + 1:])
        rest_hi = sum(pool[n][1] for n in names[i + 1:])
        for k in range(max(lo, left - rest_hi), min(hi, left - rest_lo) + 1):
            for tail in rec(i + 1, left - k):
                yield (k,) + tail
    for combo in rec(0, total):
        yield dict(zip(names, combo))


def count_splits(pool: Mapping[str, tuple[int, int]], total: int, cap: int = MAX_CANDIDATES) -> int:
    """The number of splits (counted by dynamic programming), or cap + 1 when beyond cap."""
    ways = {0: 1}
    for lo, hi in pool.values():
        nxt: dict[int, int] = {}
        for s, w in ways.items():
            for k in range(lo, hi + 1):
                if s + k <= total:
                    nxt[s + k] = min(cap + 1, nxt.get(s + k, 0) + w)
        ways = nxt
    return ways.get(total, 0)
