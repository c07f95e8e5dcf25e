"""The numpy structured dtypes of the compiled core's tables, derived from the C structs in
`_records.pxd` (never written twice), with the enumerations of `_core.pxd` that give their
codes meaning, and the checks a table must pass before a kernel may read it (its dtype and
shape, `check_table`; a card set's use of the kernels' fixed buffers, `check_card_limits`).
"""
from __future__ import annotations

import numpy as np

from . import _core
from ._core import (AttackIf, CardTypeBit, CostChange, CounterKind, CountOf, Event, Grant, GrantTo,
                    KeywordBit, ManaOutput, ManaTypeBit, OpCode, OpFlag, PermanentFlag, SpellScope,
                    SupertypeBit, TappedUnless, Timing, TriggerAdds, Watches, Who)
from .errors import ArgumentError, ArgumentTypeError, LimitError, UnknownNameError, shown
from . import vocabulary

__all__ = [
    "DTYPES", "COST_DTYPE", "HYBRID_DTYPE", "COUNT_DTYPE", "FILTER_DTYPE", "OP_DTYPE", "EFFECT_DTYPE", "CARD_DTYPE",
    "MANA_ABILITY_DTYPE", "SPEND_RESTRICTION_DTYPE", "CONDITION_DTYPE", "COST_MODIFIER_DTYPE", "MANA_TRIGGER_DTYPE",
    "MANA_REPLACEMENT_DTYPE", "GRANT_DTYPE", "ENTERS_DTYPE", "TRIGGERED_DTYPE", "WRITTEN_FIELDS",
    "ACTIVATED_DTYPE", "PERMANENT_DTYPE", "CHOICES_DTYPE", "empty", "check_table", "check_card_limits",
    "grow", "is_index_field",
    "AttackIf", "CardTypeBit", "CostChange", "CounterKind", "CountOf", "Event", "Grant", "GrantTo",
    "KeywordBit", "ManaOutput", "ManaTypeBit", "OpCode", "OpFlag", "PermanentFlag", "SpellScope", "SupertypeBit",
    "TappedUnless", "Timing", "TriggerAdds", "Watches", "Who",
]

DTYPES: dict[str, np.dtype] = _core.record_dtypes()

COST_DTYPE = DTYPES["cost"]
HYBRID_DTYPE = DTYPES["hybrid"]
COUNT_DTYPE = DTYPES["count"]
FILTER_DTYPE = DTYPES["filter"]
OP_DTYPE = DTYPES["op"]
EFFECT_DTYPE = DTYPES["effect"]
CARD_DTYPE = DTYPES["card"]
MANA_ABILITY_DTYPE = DTYPES["mana_ability"]
SPEND_RESTRICTION_DTYPE = DTYPES["spend_restriction"]
CONDITION_DTYPE = DTYPES["condition"]
COST_MODIFIER_DTYPE = DTYPES["cost_modifier"]
MANA_TRIGGER_DTYPE = DTYPES["mana_trigger"]
MANA_REPLACEMENT_DTYPE = DTYPES["mana_replacement"]
GRANT_DTYPE = DTYPES["grant"]
ENTERS_DTYPE = DTYPES["enters"]
TRIGGERED_DTYPE = DTYPES["triggered"]
ACTIVATED_DTYPE = DTYPES["activated"]
PERMANENT_DTYPE = DTYPES["permanent"]
CHOICES_DTYPE = DTYPES["choices"]

# Fields that index another table: -1 means "none", so a fresh row must hold -1 there.
_INDEX_FIELDS = {
    "cost": ("hybrid_first",),
    "count": ("filter",),
    "op": ("arg",),
    "effect": ("land_search",),
    "card": ("attack_if_filter", "cost", "kicker", "flashback", "exile_cost", "star", "spell_effect", "kicked_effect",
             "back"),
    "mana_ability": ("cost", "mana", "instead", "effect", "restriction", "condition", "tap_filter"),
    "cost_modifier": ("mana",),
    "mana_trigger": ("mana",),
    "triggered": ("effect",),
    "activated": ("cost", "effect", "condition", "sacrifice_filter"),
    "condition": ("filter",),
    "enters": ("filter",),
    "permanent": ("attached_to",),
}
# The int32 fields that are not "a row or -1": each always written with its value (the row a
# row belongs to, an object's id) or given its "none" elsewhere (a Choices record's, by
# default_choices). tests/engine/test_schema.py fails on an int32 field in neither list, so a
# new index field cannot silently start as row 0.
WRITTEN_FIELDS = {
    "mana_ability": ("card",), "cost_modifier": ("card",), "mana_trigger": ("card",),
    "mana_replacement": ("card",), "grant": ("card",), "enters": ("card",), "triggered": ("card",),
    "activated": ("card",), "permanent": ("card", "object_id", "characteristics"), "board_info": ("restricted_row",),
    "choices": ("bounce_object", "sacrifice_object", "tap_object"),
}


def is_index_field(record: str, name: str) -> bool:
    """Does field `name` of `record` index another table, -1 meaning "none" (so a fresh row holds -1)?"""
    return name in _INDEX_FIELDS.get(record, ()) or name.endswith("_first") or name == "counters_count"


def _fill_none(arr: np.ndarray, record: str) -> None:
    """Set every index field of `arr` to -1 ("none"): the named ones, every `*_first` row
    start, every `counters_count`, and the `count` part of every Amount."""
    for name in arr.dtype.names or ():
        sub = arr.dtype[name]
        if is_index_field(record, name):
            arr[name] = -1
        elif sub.names and "count" in sub.names:  # an Amount
            arr[name]["count"] = -1


def empty(record: str, n: int) -> np.ndarray:
    """A table of `n` rows of `record`: zero bytes, then -1 in every index field."""
    if record not in DTYPES:
        raise UnknownNameError(f"no record {shown(record)}; records are {', '.join(DTYPES)}", record)
    arr = np.zeros(n, dtype=DTYPES[record])
    _fill_none(arr, record)
    return arr


def grow(arr: np.ndarray, record: str, needed: int) -> np.ndarray:
    """`arr` with room for at least `needed` rows along its last axis, doubling the capacity;
    new rows are filled as by `empty` (deterministic bytes)."""
    cap = arr.shape[-1]
    if needed <= cap:
        return arr
    new_cap = max(needed, 2 * cap, 1)
    out = np.zeros(arr.shape[:-1] + (new_cap,), dtype=arr.dtype)
    flat = out.reshape(-1)
    _fill_none(flat, record)
    out[..., :cap] = arr
    return out


def check_table(arr: object, record: str, *, ndim: int | None = 1, name: str | None = None) -> np.ndarray:
    """Validate a table before a kernel reads it: a numpy array of exactly the record's dtype,
    C-contiguous, of the given number of dimensions. Returns it; raises ArgumentTypeError or
    ArgumentError naming the table."""
    label = name or record
    if not isinstance(arr, np.ndarray):
        raise ArgumentTypeError(f"{label}: expected a numpy array of dtype {shown(record)}, "
                                f"got {type(arr).__name__}")
    if arr.dtype != DTYPES[record]:
        raise ArgumentTypeError(f"{label}: dtype must be mtgsim.schema.DTYPES[{shown(record)}], got {arr.dtype}")
    if ndim is not None and arr.ndim != ndim:
        raise ArgumentError(f"{label}: expected {ndim} dimension(s), got shape {arr.shape}")
    if not arr.flags.c_contiguous:
        raise ArgumentError(f"{label}: must be C-contiguous (use np.ascontiguousarray)")
    return arr


def check_card_limits(tables) -> None:
    """Raise LimitError naming the first card of `tables` (a `compile.Tables`) beyond the
    kernels' fixed per-card buffers: its mana abilities (MAX_MANA_ABILITIES rows, plus one
    granted), the options of one mana ability (MAX_MANA_OPTIONS results), the mana one mana
    ability's activation cost takes (MAX_MANA_INPUT units), and the counters it enters with
    (int16, X at most MAX_X)."""
    cards, mana, costs = tables.cards, tables.mana_abilities, tables.costs
    names = tables.card_names

    def name(row):
        return names[row] if 0 <= row < len(names) else f"row {row}"
    over = np.flatnonzero(cards["n_mana"] > _core.MAX_MANA_ABILITIES)
    if len(over):
        c = int(over[0])
        raise LimitError(f"card {shown(name(c))} has {int(cards['n_mana'][c])} mana abilities; "
                         f"at most {_core.MAX_MANA_ABILITIES} are supported")
    over = np.flatnonzero(mana["n_options"] > _core.MAX_MANA_OPTIONS)
    if len(over):
        a = mana[int(over[0])]
        raise LimitError(f"card {shown(name(int(a['card'])))} has a mana ability with {int(a['n_options'])} "
                         f"options; at most {_core.MAX_MANA_OPTIONS} are supported")
    enters = tables.enters
    if len(enters):                      # (a permanent enters with them and X: add_permanent)
        per_card = np.zeros((max(len(cards), 1), len(vocabulary.COUNTERS)), dtype=np.int64)
        np.add.at(per_card, enters["card"], np.abs(enters["counters"].astype(np.int64))
                  + np.where(enters["counters_count"] >= 0, _core.MAX_X, 0))
        over = np.flatnonzero(per_card.max(axis=1) > 32767)
        if len(over):
            raise LimitError(f"card {shown(name(int(over[0])))} enters with more than 32767 counters of a kind "
                             f"(X counts as {_core.MAX_X})")
    if len(mana) and len(costs):
        units = (sum(costs[f].sum(axis=1, dtype=np.int64)
                     for f in ("pips", "phyrexian", "mono_hybrid", "colorless_hybrid"))
                 + costs["n_hybrid"] + np.maximum(costs["generic"], 0))
        rows = mana["cost"]
        taken = np.where(rows >= 0, units[np.clip(rows, 0, len(costs) - 1)], 0)
        over = np.flatnonzero(taken > _core.MAX_MANA_INPUT)
        if len(over):
            a = mana[int(over[0])]
            raise LimitError(f"card {shown(name(int(a['card'])))} has a mana ability whose cost takes "
                             f"{int(taken[over[0]])} mana; at most {_core.MAX_MANA_INPUT} are supported")
