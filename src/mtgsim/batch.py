"""Many boards in one call: for N game states held as an (N, capacity) permanent table plus a
count per board, evaluate — in one `nogil` kernel call — what every permanent could produce,
the total cost of a card, the most mana each board can make (per type and in all) and whether
the cost can be paid (restricted mana, 106.6, only if its restriction admits the card). The
rules are the ones of docs/rules-core.md, the same kernels the Scenario API uses (a Scenario
is a batch of one).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from . import _core, schema
from .cards.model import CardDef
from .compile import Tables
from .errors import ArgumentError, ArgumentIndexError, ArgumentTypeError, LimitError, shown
from .mana import COLOR_ORDER, ManaCost, ManaSymbol, SymbolKind, color_order
from .vocabulary import COUNTERS, counter_kind

__all__ = ["BoardBatch", "BoardResult", "evaluate_boards", "total_cost_to_mana_cost",
           "TOTAL_COST_DTYPE", "BOARD_INFO_DTYPE", "TYPE_LETTERS"]

TOTAL_COST_DTYPE = schema.DTYPES["total_cost"]
BOARD_INFO_DTYPE = schema.DTYPES["board_info"]
TYPE_LETTERS = COLOR_ORDER + "C"
ALTERNATIVES = {None: 0, "flashback": 1, "plotted": 2}   # (plotted: without paying its mana cost, 702.170d)
MAX_CAPACITY = _core.MAX_BOARD   # permanents on one board (the kernels' buffers)
INT16 = np.iinfo(np.int16)       # counters, turns, life and mana in the permanent and board tables
BEFORE_THE_GAME = -1   # controlled_since for permanents controlled since before turn 1


def new_board_info(n: int) -> np.ndarray:
    """Board facts for n games at the start: turn 1, yours; 20 life; empty hands and pools."""
    info = np.zeros(n, dtype=BOARD_INFO_DTYPE)
    info["turn"] = 1
    info["last_turn_start"][:, 0] = 1
    info["life"] = 20
    return info


def total_cost_to_mana_cost(rec) -> ManaCost:
    """A TOTAL_COST record as a ManaCost (X already folded into generic). A total-cost floor
    still pending (Trinisphere with Phyrexian or {2/C} symbols) is folded in as if every
    symbol were paid with one mana of its colour."""
    generic = int(rec["generic"])
    symbols = (int(rec["pips"].sum()) + int(rec["snow"]) + int(rec["phyrexian"].sum())
               + int(rec["mono_hybrid"].sum()) + int(rec["colorless_hybrid"].sum())
               + int(rec["hybrid"].sum()) + int(rec["hybrid_phyrexian"].sum()))
    generic += max(0, int(rec["minimum"]) - generic - symbols)
    syms = [ManaSymbol(SymbolKind.GENERIC, (), generic)] if generic else []
    syms += [ManaSymbol(SymbolKind.SNOW)] * int(rec["snow"])
    for t, letter in enumerate(TYPE_LETTERS):
        kind = SymbolKind.COLORLESS if letter == "C" else SymbolKind.COLORED
        syms += [ManaSymbol(kind, () if letter == "C" else (letter,))] * int(rec["pips"][t])
    for t, letter in enumerate(COLOR_ORDER):
        syms += [ManaSymbol(SymbolKind.PHYREXIAN, (letter,))] * int(rec["phyrexian"][t])
        syms += [ManaSymbol(SymbolKind.MONO_HYBRID, (letter,))] * int(rec["mono_hybrid"][t])
        syms += [ManaSymbol(SymbolKind.COLORLESS_HYBRID, (letter,))] * int(rec["colorless_hybrid"][t])
    for k, mask in enumerate(_core.HYBRID_PAIR_MASKS):
        pair = color_order(mask)                       # colour bits are the same in both
        syms += [ManaSymbol(SymbolKind.HYBRID, pair)] * int(rec["hybrid"][k])
        syms += [ManaSymbol(SymbolKind.HYBRID_PHYREXIAN, pair)] * int(rec["hybrid_phyrexian"][k])
    if not syms:
        syms = [ManaSymbol(SymbolKind.GENERIC, (), 0)]    # reduced to nothing: {0} (118.7)
    return ManaCost(syms)


class BoardBatch:
    """N boards of at most `capacity` permanents each, over one compiled card table set."""

    def __init__(self, tables: Tables, n_boards: int, capacity: int = 16):
        if not isinstance(tables, Tables):
            raise ArgumentTypeError("tables must come from mtgsim.compile.compile_cards, "
                                    f"not {type(tables).__name__}")
        if int(n_boards) < 1:
            raise ArgumentError(f"n_boards must be at least 1, got {n_boards}")
        if not 1 <= int(capacity) <= MAX_CAPACITY:
            raise ArgumentError(f"capacity must be 1..{MAX_CAPACITY}, got {capacity}")
        self.tables = tables
        self.core = _core.CoreTables(tables)
        self.permanents = schema.empty("permanent", int(n_boards) * int(capacity)).reshape(
            int(n_boards), int(capacity))
        self.permanents["controlled_since"] = BEFORE_THE_GAME
        self.count = np.zeros(int(n_boards), dtype=np.int32)
        self.info = new_board_info(int(n_boards))

    # views of the per-board facts
    n_boards = property(lambda self: self.permanents.shape[0])
    capacity = property(lambda self: self.permanents.shape[1])
    turn = property(lambda self: self.info["turn"])
    active = property(lambda self: self.info["active"])
    last_turn_start = property(lambda self: self.info["last_turn_start"])
    hand_size = property(lambda self: self.info["hand_size"])
    life = property(lambda self: self.info["life"])
    pool = property(lambda self: self.info["pool"])

    def row_of(self, card: str | CardDef) -> int:
        return card_row(self.tables, card)

    def put(self, board: int, card: str | CardDef, controller: int = 0, tapped: bool = False,
            controlled_since: int = BEFORE_THE_GAME, counters: dict | None = None,
            chosen_color: str | None = None, attached_to: int = -1, x_paid: int = 0) -> int:
        """Add one permanent to board `board`; returns its row on that board."""
        if not 0 <= board < self.n_boards:
            raise ArgumentIndexError(f"board {board} out of range 0..{self.n_boards - 1}")
        i = int(self.count[board])
        if i >= self.capacity:
            raise ArgumentError(f"board {board} is full (capacity {self.capacity})")
        if controller not in (0, 1):
            raise ArgumentError(f"controller must be 0 (you) or 1 (opponent), got {shown(controller)}")
        _check_whole("controlled_since", controlled_since, INT16.min, INT16.max)
        _check_whole("x_paid", x_paid, 0, _core.MAX_X)
        totals = [0] * len(COUNTERS)
        for name, k in (counters or {}).items():
            _check_whole(f"counters {name!r}", k, 0, INT16.max)
            totals[counter_kind(name, ArgumentError)] += k
        if max(totals) > INT16.max:
            raise LimitError(f"counters: at most {INT16.max} of a kind on a permanent, got {max(totals)}")
        if attached_to != -1 and not 0 <= attached_to < i:
            raise ArgumentError(f"attached_to must be a row already on board {board}, got {attached_to}")
        p = self.permanents[board, i]
        p["card"] = self.row_of(card)
        p["object_id"] = i + 1
        p["controller"] = p["owner"] = controller
        p["flags"] = schema.PermanentFlag.PF_TAPPED if tapped else 0
        p["controlled_since"] = controlled_since
        for name, k in (counters or {}).items():
            p["counters"][counter_kind(name)] += k
        p["chosen_color"] = color_bit(chosen_color)
        p["attached_to"] = attached_to
        p["x_paid"] = x_paid
        self.count[board] = i + 1
        return i

    def validate(self) -> None:
        """Check the arrays' layout before a kernel reads them; raises naming the fault. (The
        kernel checks each board's contents itself as it goes: see `evaluate_boards`.)"""
        schema.check_table(self.permanents, "permanent", ndim=2, name="permanents")
        if not 1 <= self.capacity <= MAX_CAPACITY:
            raise ArgumentError(f"capacity {self.capacity} outside 1..{MAX_CAPACITY}")
        for name, arr, dtype, shape in (("count", self.count, np.int32, (self.n_boards,)),
                                        ("info", self.info, BOARD_INFO_DTYPE, (self.n_boards,))):
            if not isinstance(arr, np.ndarray) or arr.dtype != dtype or arr.shape != shape \
                    or not arr.flags.c_contiguous:
                raise ArgumentError(f"{name} must be a C-contiguous {np.dtype(dtype)} array of shape {shape}")

    def raise_fault(self, fault: np.ndarray) -> None:
        """Raise an ArgumentError for the first malformed board the kernel reported."""
        bad = np.flatnonzero(fault)
        if not len(bad):
            return
        g = int(bad[0])
        i = int(fault[g]) - 1
        more = f" ({len(bad)} boards are malformed)" if len(bad) > 1 else ""
        if i == self.capacity:
            raise ArgumentError(f"board {g}: count {self.count[g]} outside 0..{self.capacity}{more}")
        if i == self.capacity + 1:
            info = self.info[g]
            n_rows = len(self.tables.spend_restrictions)
            entries = [(p, e) for p in (0, 1) for e in range(min(int(info["n_restricted"][p]), 4))]
            if (info["n_restricted"] > _core.MAX_RESTRICTED_POOL).any():
                raise LimitError(f"board {g}: at most {_core.MAX_RESTRICTED_POOL} restricted pool entries "
                                 f"a player (n_restricted {list(info['n_restricted'])}){more}")
            if any(not 0 <= info["restricted_row"][p][e] < n_rows for p, e in entries):
                raise ArgumentError(f"board {g}: a restricted pool entry's restricted_row is not a "
                                 f"SPEND_RESTRICTION row of these tables (0..{n_rows - 1}){more}")
            what = "hand sizes" if (info["hand_size"] < 0).any() else "mana in pools"
            raise ArgumentError(f"board {g}: {what} must not be negative{more}")
        if i > self.capacity + 1:            # the search met a limit: its answers may be wrong
            raise LimitError(f"board {g}: its answers are not known exactly: it has "
                             f"{_core.overflow_message(i - self.capacity - 1)} "
                             f"(limits of the rules core){more}")
        p = self.permanents[g, i]
        n_cards = len(self.tables.card_names)
        if not 0 <= p["card"] < n_cards:
            what = f"card row {p['card']} is not a row of these tables (0..{n_cards - 1})"
        elif p["controller"] > 1:
            what = f"controller {p['controller']} is not 0 (you) or 1 (opponent)"
        else:
            what = f"attached_to {p['attached_to']} is not -1 or a permanent of this board (0..{self.count[g] - 1})"
        raise ArgumentError(f"board {g}, permanent {i}: {what}{more}")


def _check_whole(what: str, value, lo: int, hi: int) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not lo <= value <= hi:
        raise LimitError(f"{what} must be a whole number {lo}..{hi}, got {shown(value)}")


def color_bit(letter: str | None) -> int:
    if letter is None:
        return 0
    if not isinstance(letter, str) or letter.upper() not in COLOR_ORDER or len(letter) != 1:
        raise ArgumentError(f"a chosen colour is one of W U B R G, got {shown(letter)}")
    return 1 << COLOR_ORDER.index(letter.upper())


@dataclass
class BoardResult:
    """What `evaluate_boards` found for each board."""
    total_cost_table: np.ndarray   # (N,) TOTAL_COST_DTYPE
    mana: np.ndarray               # (N, 7) int32: most mana of W, U, B, R, G, C, and in all
                                   # (all of it: restricted mana, 106.6, counts too)
    could_produce: np.ndarray      # (N, capacity) uint8 type bits per permanent
    castable: np.ndarray           # (N,) bool
    fault: np.ndarray              # (N,) int32: 0, or where the board was malformed

    @cached_property
    def total_cost(self) -> list[ManaCost]:
        return [total_cost_to_mana_cost(r) for r in self.total_cost_table]


def card_row(tables: Tables, card) -> int:
    """The CARD row of `card` in `tables`: a record's own (`Tables.row_of`: no name looked up),
    or a card a person names (`Tables.row`, where names are resolved: the edge)."""
    if isinstance(card, CardDef):
        return tables.row_of(card)
    if not isinstance(card, str):
        raise ArgumentTypeError(f"card must be a name or a CardDef, not {type(card).__name__}")
    return tables.row(card)


def check_cast_args(tables: Tables, card, x: int, kicked: bool, alternative: str | None, player: int) -> int:
    """Validate the arguments of a cost question; return the card's row."""
    row = card_row(tables, card)
    name = tables.card_names[row]
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < 0:
        raise ArgumentError(f"X must be a whole number ≥ 0 (107.3), got {shown(x)}")
    if x > _core.MAX_X:
        raise LimitError(f"X = {x} is larger than this simulator supports ({_core.MAX_X})")
    if alternative not in ALTERNATIVES:
        raise ArgumentError(f"alternative must be one of {sorted(k for k in ALTERNATIVES if k)} or None, "
                            f"got {shown(alternative)}")
    cardrow = tables.cards[row]
    if alternative == "flashback" and cardrow["flashback"] < 0:
        raise ArgumentError(f"{name} has no flashback cost (702.34)")
    if kicked and cardrow["kicker"] < 0:
        raise ArgumentError(f"{name} has no kicker cost (702.33)")
    if player not in (0, 1):
        raise ArgumentError(f"player must be 0 (you) or 1 (opponent), got {shown(player)}")
    return row


def evaluate_boards(batch: BoardBatch, card: str | CardDef, x: int = 0, kicked: bool = False,
                    alternative: str | None = None, player: int = 0,
                    from_hand: bool = True, threads: int | None = 1,
                    out: BoardResult | None = None) -> BoardResult:
    """Evaluate every board of `batch` for `card` cast by `player` (see module docstring).
    `from_hand`: the card is in the player's hand (counted in hand_size) and leaves it as it
    is cast, before the total cost is determined (601.2a). `threads`: OpenMP threads (None:
    all cores); the results are the same for any number. `out`: a result of an earlier call on
    a batch of the same shape, whose arrays are reused (saves allocating them again)."""
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ArgumentError(f"threads must be a whole number ≥ 1 or None, got {shown(threads)}")
    batch.validate()
    row = check_cast_args(batch.tables, card, x, kicked, alternative, player)
    n = batch.n_boards
    if out is None:
        out = BoardResult(np.empty(n, dtype=TOTAL_COST_DTYPE), np.empty((n, 7), dtype=np.int32),
                          np.empty((n, batch.capacity), dtype=np.uint8), np.empty(n, dtype=bool),
                          np.empty(n, dtype=np.int32))
    elif not isinstance(out, BoardResult) or out.mana.shape != (n, 7) or \
            out.could_produce.shape != (n, batch.capacity):
        raise ArgumentError("out must be a BoardResult of a batch of the same shape")
    out.__dict__.pop("total_cost", None)
    from_hand = bool(from_hand) and alternative is None    # flashback casts from the graveyard
    _core.evaluate_boards(batch.core, batch.permanents, batch.count, batch.info, row, int(x),
                          bool(kicked), ALTERNATIVES[alternative], int(player), from_hand,
                          out.total_cost_table, out.mana, out.could_produce,
                          out.castable.view(np.uint8), out.fault, threads)
    batch.raise_fault(out.fault)
    return out
