"""The effect vocabulary, declared once: one row per effect op (an `OpDef`).

A row says the op's name (the word a card's TOML and the recognizer use), its compiled
`OpCode` (and the player it concerns), the rule it implements, its parameters with their
bounds, its doc line (docs/card-format.md lists them), what the play policy gets from it
(`worth`: is an activated ability doing this worth activating) and the player choice it
needs. The compiler, the loader, the docs and `tests/project/test_vocabulary.py` read these rows;
the kernels' one interpreter of op codes is `run_ops` (kernels/actions.pxi).

The rows are in the canonical order: the order a flat effect's parts are carried out in
(a flat `{scry = 2, draw = 1}` scries, then draws). An ordered effect runs in the order
written (608.2c).
"""
from __future__ import annotations

from dataclasses import dataclass

from ._core import MAX_LOOK, OpCode, OpFlag, Who

__all__ = ["Param", "OpDef", "OPS", "BY_NAME", "OP_NAMES", "MODIFIERS", "MAX_LOOK", "op_def", "OpCode", "OpFlag"]

_INT16 = 32767


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an op. `kind`: "amount" (a whole number 0..hi, or a count such as X),
    "number" (a whole number lo..hi), "bool", "mana" (mana symbols), "names" (a list of
    subtypes), "named_amounts" (a table of name = amount: counters, tokens)."""
    name: str
    kind: str
    doc: str
    lo: int = 0
    hi: int = _INT16
    default: object = None


@dataclass(frozen=True, slots=True)
class OpDef:
    """One effect op. `params[0]` is its main value, named as the op itself (a flat effect's
    field `draw = 2`); the others modify it (`lands_tapped`). `worth`: True if an activated
    ability with this op is worth activating (the policy uses it), or the counter kinds for
    which it is. `choice`: the player choice it needs ("" none)."""
    name: str
    code: int                    # an OpCode
    rule: str
    doc: str
    params: tuple[Param, ...]
    who: int = Who.WHO_YOU       # a Who
    flags: int = 0               # OpFlags its every row carries
    worth: bool | tuple[str, ...] = False
    choice: str = ""

    @property
    def main(self) -> Param:
        return self.params[0]


def _amount(name: str, doc: str) -> Param:
    return Param(name, "amount", doc, default=0)


def _number(name: str, doc: str, hi: int = _INT16) -> Param:
    return Param(name, "number", doc, hi=hi, default=0)


def _flag(name: str, doc: str, default: bool = False) -> Param:
    return Param(name, "bool", doc, default=default)


_LAND_SEARCH = (_flag("lands_tapped", "the lands found enter tapped", default=True),
                _flag("lands_basic", "with land_types: basic lands of those types only"),
                Param("land_types", "names", "the land subtypes searched for (none: basic lands)", default=()))

OPS: tuple[OpDef, ...] = (
    OpDef("damage_to_opponent", OpCode.OP_DAMAGE, "120.3a", "damage to the opponent (burn aimed at the face)",
          (_amount("damage_to_opponent", "damage dealt"),), who=Who.WHO_OPPONENTS, worth=True),
    OpDef("opponent_loses_life", OpCode.OP_LOSE_LIFE, "119.3", "each opponent loses N life (not damage)",
          (_amount("opponent_loses_life", "life lost"),), who=Who.WHO_OPPONENTS, worth=True),
    OpDef("damage_to_you", OpCode.OP_DAMAGE, "120.3a", "damage dealt to you (pain lands, City of Brass)",
          (_amount("damage_to_you", "damage dealt"),)),
    OpDef("lose_life", OpCode.OP_LOSE_LIFE, "119.3", "you lose N life",
          (_amount("lose_life", "life lost"),)),
    OpDef("gain_life", OpCode.OP_GAIN_LIFE, "119.3", "you gain N life",
          (_amount("gain_life", "life gained"),)),
    OpDef("add_mana", OpCode.OP_ADD_MANA, "106.4", "mana added to your pool (rituals), as symbols",
          (Param("add_mana", "mana", "the mana, e.g. \"{R}{R}{R}\"", default=""),)),
    OpDef("skip_untap", OpCode.OP_SKIP_UNTAP, "502.3",
          "its source doesn't untap during your next untap step",
          (_flag("skip_untap", "true"),)),
    OpDef("sacrifice_at_end", OpCode.OP_SACRIFICE_AT_END, "603.7",
          "its source is sacrificed at the beginning of the next end step (with token_copy: the token)",
          (_flag("sacrifice_at_end", "true"),)),
    OpDef("add_any_color", OpCode.OP_ADD_ANY_COLOR, "106.4", "N mana of any one colour added to your pool",
          (_amount("add_any_color", "mana added"),), choice="color_to_add"),
    OpDef("counters", OpCode.OP_COUNTERS, "122.6", "counters put on the object concerned",
          (Param("counters", "named_amounts", "counter kind = amount, e.g. {\"+1/+1\" = 1}", default=()),),
          worth=("+1/+1",)),
    OpDef("scry", OpCode.OP_SCRY, "701.22a", "scry N (at most MAX_LOOK)",
          (_number("scry", "cards looked at", hi=MAX_LOOK),), worth=True, choice="keep_on_top"),
    OpDef("surveil", OpCode.OP_SURVEIL, "701.25a", "surveil N (at most MAX_LOOK)",
          (_number("surveil", "cards looked at", hi=MAX_LOOK),), worth=True, choice="keep_on_top"),
    OpDef("draw", OpCode.OP_DRAW, "121.1", "you draw N cards",
          (_amount("draw", "cards drawn"),), worth=True),
    OpDef("lands_to_battlefield", OpCode.OP_SEARCH_LAND, "701.23a",
          "search your library for N basic lands (or land_types) and put them onto the battlefield",
          (_number("lands_to_battlefield", "lands found"), *_LAND_SEARCH), flags=int(OpFlag.OF_TO_BATTLEFIELD),
          worth=True, choice="land_to_find"),
    OpDef("lands_to_hand", OpCode.OP_SEARCH_LAND, "701.23a",
          "search your library for N basic lands (or land_types) and put them into your hand",
          (_number("lands_to_hand", "lands found"), *_LAND_SEARCH), worth=True, choice="land_to_find"),
    OpDef("return_land", OpCode.OP_RETURN_LAND, "400.7", "return N lands you control to their owner's hand",
          (_number("return_land", "lands returned"),), choice="land_to_return"),
    OpDef("tokens", OpCode.OP_TOKENS, "701.7a", "tokens created: token card name = count",
          (Param("tokens", "named_amounts", "token card name = count, e.g. {\"Goblin\" = 2}", default=()),),
          worth=True),
    OpDef("extra_land_drops", OpCode.OP_EXTRA_LAND_DROPS, "305.2", "you may play N additional lands this turn",
          (_number("extra_land_drops", "land plays"),)),
    OpDef("untap_lands", OpCode.OP_UNTAP_LANDS, "701.26b", "untap up to N lands you control",
          (_number("untap_lands", "lands untapped"),), choice="lands_to_untap"),
    OpDef("token_copy", OpCode.OP_TOKEN_COPY, "707.2",
          "create a token that is a copy of target creature you control",
          (_flag("token_copy", "true"), _flag("sacrifice_at_end", "the token is sacrificed at the next end step")),
          worth=True, choice="copy_target"),
)

BY_NAME: dict[str, OpDef] = {o.name: o for o in OPS}
OP_NAMES: tuple[str, ...] = tuple(BY_NAME)
# the parameters that modify another op's main value (a flat effect's `lands_tapped`)
MODIFIERS: dict[str, tuple[str, ...]] = {}
for _o in OPS:
    for _p in _o.params[1:]:
        MODIFIERS.setdefault(_p.name, ())
        MODIFIERS[_p.name] += (_o.name,)


def op_def(name: str) -> OpDef:
    """The row of op `name` (KeyError if there is none)."""
    return BY_NAME[name]
