"""What a permanent becomes while an effect changes its characteristics (613.1d-f, 613.4b): the card
record of a card's characteristics with the effect's applied, which the compiler compiles as a CARD
row of its own (`Permanent.becomes`), the kernel reading the card's own abilities off its card's row: an
animation's (OP_BECOMES) and an earthbend's (OP_EARTHBEND)."""
from __future__ import annotations

import dataclasses
from typing import Any

from ..mana import Color
from .model import PT, CardDef, Op

# the fields of a card that only a card (in a hand, a graveyard) has, none of a characteristics row
AS_PERMANENT: dict[str, Any] = dict(back=None, cycling=None, typecycling="", suspend=None, suspend_time=0, plot=None,
                                    attacks_only_if=None, unmodeled="", unmodeled_effect="", uncastable="")


def animated(c: CardDef, op: Op, subtypes: list[str]) -> CardDef:
    """Card c as op `op` (OP_BECOMES) makes it, layer by layer: 613.1d types and `subtypes` (its own and
    those added) -- "it's still a land" --; 613.1e colours set; 613.1f keywords and abilities added (the
    row's abilities are only those); 613.4b base power and toughness set, as a creature."""
    colors = op.get("becomes_colors")
    creature = "Creature" in op.value
    given = dict(op.params)            # (no base power and toughness set, 613.4b: its printed ones, 301.7a, 208.3)
    power, toughness = ((PT(given.get("becomes_power", 0)), PT(given.get("becomes_toughness", 0)))
                        if "becomes_power" in given or c.power is None else (c.power, c.toughness))
    return dataclasses.replace(
        c, name=f"{c.name} (becomes)", types=tuple(dict.fromkeys((*c.types, *op.value))),
        subtypes=tuple(dict.fromkeys(subtypes)),
        color_indicator=Color(sum(Color[k] for k in colors)) if colors else c.colors,
        keywords=tuple(dict.fromkeys((*c.keywords, *op.get("becomes_keywords")))),
        power=power if creature else c.power, toughness=toughness if creature else c.toughness,
        star=None if creature else c.star, abilities=tuple(op.get("becomes_abilities")),   # (613.1f: only those)
        **AS_PERMANENT)


def earthbent(c: CardDef) -> CardDef:
    """Land c as an earthbend makes it (701.66a): a 0/0 land creature with haste in addition to its other
    types (613.1d; 613.1f haste added, the row's abilities none of its own; 613.4b base 0/0)."""
    return dataclasses.replace(
        c, name=f"{c.name} (earthbent)", types=tuple(dict.fromkeys((*c.types, "Creature"))),
        keywords=tuple(dict.fromkeys((*c.keywords, "Haste"))), power=PT(0), toughness=PT(0), star=None,
        abilities=(), **AS_PERMANENT)
