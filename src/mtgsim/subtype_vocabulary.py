"""The compiled subtype vocabulary: the subtypes a deck's cards refer to, each given a bit of the
uint64 subtype sets the kernels match (basic land types first, 305.6; then every subtype a filter,
a cost or a count names). Moved out of compile.py."""
from __future__ import annotations

import dataclasses
from typing import Iterable

from . import vocabulary
from .cards.model import (ActivatedAbility, CardDef, CostModifier, CostOp, Count, EntersEffect, ManaAbility,
                          ManaTrigger, SpellEffect, TriggeredAbility)
from .errors import LimitError
from .mana import ManaCost

__all__ = ["MAX_SUBTYPES", "BASIC_LAND_TYPES", "cost_subtypes", "referenced_subtypes"]

MAX_SUBTYPES = 64   # subtype bit sets are uint64
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # 305.6


def _counts_in(value) -> Iterable[Count]:
    """Every Count in a card record, an ability or an effect, however deep (amounts, tokens
    and counters of effects, a card's *)."""
    if isinstance(value, Count):
        yield value
    elif isinstance(value, tuple):
        for v in value:
            yield from _counts_in(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, (ManaCost, CardDef)):
        for f in dataclasses.fields(value):
            yield from _counts_in(getattr(value, f.name))


def cost_subtypes(op: CostOp) -> list[str]:
    """The land types (205.3i) a cost op's "permanents" parameter names ("Sacrifice a Desert")."""
    return [w for p in vocabulary.COST_BY_NAME[op.name].params if p.kind == "permanents"
            for w in str(op.get(p.name)).split() if w in vocabulary.LAND_TYPES]


def referenced_subtypes(defs: Iterable[CardDef], creature_type: str | None = None) -> list[str]:
    """The subtype vocabulary: basic land types, then every subtype a filter mentions (the
    creature type chosen, `creature_type`, for a spending restriction "of the chosen type")."""
    found: list[str] = list(BASIC_LAND_TYPES)

    def add(names):
        for n in names:
            if n not in found:
                found.append(n)

    def walk_effect(e):
        for op in e.ops if e else ():
            for names in ("land_types", "card_subtypes"):
                if op.name in vocabulary.MODIFIERS[names]:
                    add(op.get(names))

    for d in defs:
        for a in d.abilities + tuple(a for lv in d.levels for a in lv.abilities):   # (a Class's levels too)
            if (only := getattr(a, "activate_only", None)) is not None:
                add(only.subtypes)
            if (cost := getattr(a, "cost", None)) is not None and hasattr(cost, "ops"):
                for op in cost.ops:
                    add(cost_subtypes(op))
            for count in _counts_in(a):     # (amounts, tokens, counters: wherever a Count is)
                add(count.subtypes)
            if isinstance(a, ManaAbility):
                add(a.if_you_control)
                walk_effect(a.effect)
                for f in (a.spend_only_on.spells, a.spend_only_on.abilities) if a.spend_only_on else ():
                    if f is not None:
                        add(f.subtypes + ((creature_type,) if f.chosen_type and creature_type else ()))
            elif isinstance(a, CostModifier):
                add(a.subtypes)
            elif isinstance(a, (EntersEffect, ManaTrigger)):
                add(a.subtypes)
            elif isinstance(a, (TriggeredAbility, ActivatedAbility)):
                walk_effect(a.effect)
            elif isinstance(a, SpellEffect):
                walk_effect(a.effect)
                walk_effect(a.kicked)
        if d.star is not None:
            add(d.star.subtypes)
    if len(found) > MAX_SUBTYPES:
        raise LimitError(f"these cards refer to {len(found)} subtypes; the core supports {MAX_SUBTYPES}")
    return found
