"""The card model: a card is a frozen record of its printed characteristics plus a tuple of
ability records from a closed vocabulary (DESIGN.md, "Ability vocabulary").

Every ability kind is one frozen dataclass; `compile` turns each into integer table rows and
the kernels interpret them. Fields are named in the game's words; the rule that decides a
behaviour is cited beside it. The TOML layout of the shipped data mirrors these classes one
to one (see docs/card-format.md).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace
from typing import Any, NewType, Union

from .. import vocabulary
from ..errors import CardDataError, UnknownNameError, shown
from ..field_words import (CostChange, CountOf, Grant, GrantTo, SpellScope, TappedUnless, Timing, TriggerAdds,
                           Watches)         # (the closed lists of words of the fields: compiled as their place)
from ..mana import Color, ManaCost, color_order
from ..vocabulary import Event      # a triggered ability's event (603.2), declared with its rule and oracle words
from .card_types import CARD_TYPES, SUPERTYPES
from .oracle_text import number
from .spending import SpendFilter, SpendRestriction

__all__ = [
    "CARD_TYPES", "SUPERTYPES", "Count", "Amount", "ActivationCost", "CostOp", "Op", "Effect",
    "ManaAbility", "SpendFilter", "SpendRestriction", "ActivateOnly", "Timing", "CostModifier", "ManaTrigger",
    "ManaReplacement",
    "StaticGrant", "EntersEffect", "TriggeredAbility", "ActivatedAbility", "SpellEffect", "LandPlays", "Ability",
    "AttackCondition", "Controls", "ClassLevel", "CardDef", "ABILITY_KINDS",
]



CounterName = NewType("CounterName", str)   # a counter kind as cards write it: one of vocabulary.COUNTER_NAMES


class Controller(str, enum.Enum):
    YOU = "you"
    OPPONENTS = "opponents"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class Count:
    """A number read off the game state, e.g. creatures you control, cards in hand."""
    count: CountOf
    controller: Controller = Controller.YOU
    types: tuple[str, ...] = ()        # any of these card types (empty: any permanent)
    subtypes: tuple[str, ...] = ()     # any of these subtypes
    color: str = ""                    # DEVOTION: a colour letter, or "chosen"
    counter: CounterName = CounterName("+1/+1")   # COUNTERS_ON_SELF: the kind of counter
    other: bool = False                # PERMANENTS: excluding this permanent

    def __post_init__(self) -> None:
        if self.count is CountOf.CARDS_IN_GRAVEYARD:
            for t in self.types:
                if t not in CARD_TYPES:
                    raise CardDataError(f"{shown(t)} is not a card type (205.2a)", field="types")
            if len(set(self.types)) > 1 and not set(self.types) <= {"Instant", "Sorcery"}:
                raise CardDataError("cards in a graveyard are counted of one card type, or instants and sorceries "
                                    "(no card is both): a card may be of two other types (205.2a)", field="types")
            if self.subtypes or self.other:
                raise CardDataError("cards in a graveyard are counted by card type only", field="subtypes")
        if self.count is CountOf.CARD_TYPES_IN_GRAVEYARD and (self.types or self.subtypes or self.other):
            raise CardDataError("the card types among cards in a graveyard are all its cards' (205.2a): no "
                                "types, subtypes or other", field="types")
        if self.count is CountOf.CARD_TYPES_IN_GRAVEYARD and self.controller is Controller.OPPONENTS:
            raise CardDataError("the card types among cards in your graveyard or all graveyards (controller "
                                "\"you\" or \"any\")", field="controller")


Amount = Union[int, Count]


class _Step:
    """What an effect op and a cost op share: a name of a vocabulary table, and parameters as
    (name, value) pairs, a parameter not given having the table's default."""
    __slots__ = ()
    name: str
    params: tuple[tuple[str, Any], ...]
    TABLE: dict = vocabulary.BY_NAME

    def __post_init__(self) -> None:
        if self.name not in self.TABLE:
            raise CardDataError(f"unknown {self.KIND} {shown(self.name)} (known: {', '.join(self.TABLE)})",
                                field=self.name)
        for key, value in self.params:
            try:
                vocabulary.check(self.name, key, value, self.TABLE)
            except (CardDataError, UnknownNameError) as e:
                raise CardDataError(str(e), field=key) from None

    KIND = "effect op"

    def get(self, param: str) -> Any:
        """The value of one of its parameters (the vocabulary's default if not given)."""
        for key, value in self.params:
            if key == param:
                return value
        return vocabulary.param(self.name, param, self.TABLE).default

    @property
    def value(self) -> Any:
        """Its main value: how much, how many (or true)."""
        return self.get(self.name)


@dataclass(frozen=True, slots=True)
class Op(_Step):
    """One step of an effect: an op of `mtgsim.vocabulary`, by name, and its parameters as
    (name, value) pairs (a parameter not given has the vocabulary's default). Its main value
    is the parameter named as the op (`Op("draw", (("draw", 2),))`: draw two cards). Amounts
    are fixed numbers or Counts (X: Count(CountOf.X))."""
    name: str
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class CostOp(_Step):
    """One part of an activation cost: a cost op of `mtgsim.vocabulary` (COST_OPS), by name, and
    its parameters (`CostOp("pay_life", (("pay_life", 2),))`: "Pay 2 life"; a flag op's main
    value is true when not given: `CostOp("tap")`)."""
    name: str
    params: tuple[tuple[str, Any], ...] = ()
    TABLE = vocabulary.COST_BY_NAME
    KIND = "cost op"

    @classmethod
    def read(cls, part: str) -> CostOp | None:
        """The cost op one part of a cost's text says ("Pay 2 life", "{T}", "Remove a charge
        counter from ~": a row's phrase), None if no row's does."""
        for o in vocabulary.COST_OPS:
            if o.phrase and (m := re.fullmatch(o.phrase, part.strip(), re.IGNORECASE)):
                return cls(o.name, tuple((k, _words(v) if vocabulary.param(o.name, k, cls.TABLE).kind in _WORDS
                                          else _whole_number(v)) for k, v in m.groupdict().items()))
        return None

    def __str__(self) -> str:
        o = vocabulary.COST_BY_NAME[self.name]
        shown_as = {p.name: f"+{v}" if p.lo < 0 and (v := self.get(p.name)) > 0 else self.get(p.name)
                    for p in o.params}          # (a signed number shows its sign: "[+2]")
        return o.text.format(**shown_as, s="" if self.value == 1 else "s")


_WORDS = ("counter", "permanents", "untapped")      # cost op parameters read as words, not numbers
_LAND_TYPE = {t.lower(): t for t in vocabulary.LAND_TYPES}


def _words(v: str) -> str:
    """A cost op's words as the vocabulary writes them: lower case, a land type capitalised
    ("a Desert", 205.3i)."""
    return " ".join(_LAND_TYPE.get(w, w) for w in v.lower().split())


def _whole_number(word: str) -> int:
    """A cost's number as written: "two", "3", or signed ("+2", "\u22123": a loyalty cost, 606.4)."""
    sign = -1 if word[:1] in ("-", "\u2212") else 1
    n = number(word[1:] if word[:1] in ("+", "-", "\u2212") else word)
    if n is None:
        raise CardDataError(f"{shown(word)} is not a number")
    return sign * n


@dataclass(frozen=True, slots=True)
class ActivationCost:
    """The cost of an activated ability (602.1): its mana and its cost ops, paid in any order the
    player chooses (601.2h), so kept in the vocabulary's canonical order (COST_OPS), one op of a
    name: a part written twice is merged ({T} twice is one {T}; life adds up)."""
    mana: ManaCost = field(default_factory=ManaCost)
    ops: tuple[CostOp, ...] = ()

    def __post_init__(self) -> None:
        merged: dict[str, CostOp] = {}
        for op in self.ops:
            if op.name in merged:
                op = _merged(merged[op.name], op)
            merged[op.name] = op
        object.__setattr__(self, "ops", tuple(merged[o.name] for o in vocabulary.COST_OPS if o.name in merged))

    def check_for(self, record: str) -> None:
        """A CardDataError if a part of it can't be part of the cost of a `record` ability
        ("mana_ability", "activated": each op's `records`), or lacks a part it needs there (`needs`)."""
        for op in self.ops:
            if record not in vocabulary.COST_BY_NAME[op.name].records:
                what = {"mana_ability": "a mana ability", "activated": "an activated ability"}[record]
                raise CardDataError(f"{str(op)!r} can't be part of the cost of {what} (yet)", field="cost")
            missing = [n for n in vocabulary.COST_BY_NAME[op.name].needs if record == "mana_ability" and not self.op(n)]
            if missing:
                needed = ", ".join(vocabulary.cost_example(vocabulary.COST_BY_NAME[n]) for n in missing)
                raise CardDataError(f"{str(op)!r} is part of a mana ability's cost only with {needed} (yet)",
                                    field="cost")

    def op(self, name: str) -> CostOp | None:
        """Its op named `name`, None if it has none."""
        return next((op for op in self.ops if op.name == name), None)

    # today's readers of the parts as fields
    tap = property(lambda self: self.op("tap") is not None)                         # {T} (107.5)
    untap = property(lambda self: self.op("untap") is not None)                     # {Q} (107.6)
    sacrifice_self = property(lambda self: self.op("sacrifice_self") is not None)   # "Sacrifice this permanent"

    @property
    def life(self) -> int:
        """The life paid ("Pay N life", 119.4), 0 none."""
        op = self.op("pay_life")
        return op.value if op else 0

    @property
    def remove_x(self) -> str:
        """The kind of the counters "Remove X <kind> counters from this" removes, X chosen as it
        is paid (107.3a: 0 up to those on it, 118.3), "" none."""
        op = self.op("remove_x_counters")
        return str(op.value) if op else ""

    @property
    def remove_counters(self) -> tuple:
        """("charge", 1): "Remove a charge counter from this" (118.3: only with that many on it),
        () none."""
        op = self.op("remove_counters")
        return (op.get("kind"), op.value) if op else ()

    def __str__(self) -> str:
        return ", ".join(([str(self.mana)] if self.mana else []) + [str(op) for op in self.ops])


def _merged(a: CostOp, b: CostOp) -> CostOp:
    """One op for a part written twice (a flag once, a number added up), if their other
    parameters agree; else a CardDataError."""
    main = vocabulary.COST_BY_NAME[a.name].main
    rest_a = {k: v for k, v in a.params if k != main.name}
    rest_b = {k: v for k, v in b.params if k != main.name}
    if rest_a != rest_b:
        raise CardDataError(f"a cost can't have two {a.name} parts that differ ({a}; {b})", field=a.name)
    if main.kind == "bool":
        return a
    return CostOp(a.name, ((main.name, a.value + b.value), *rest_a.items()))


@dataclass(frozen=True, slots=True)
class Effect:
    """What a spell, trigger or activated ability does: its ops, carried out in order (608.2c).
    `Effect.flat(draw=1, scry=2)` builds one from the flat shorthand, in the canonical order."""
    ops: tuple[Op, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.ops)

    @classmethod
    def flat(cls, **fields: Any) -> Effect:
        """An effect from the flat shorthand: each field an op's main value (`draw = 1`) or a
        parameter modifying one (`lands_tapped = false`); the ops in the vocabulary's canonical
        order, those at their default left out. With token_copy, sacrifice_at_end is the token's."""
        for key in fields:
            if key not in vocabulary.BY_NAME and key not in vocabulary.MODIFIERS:
                known = ", ".join(sorted({*vocabulary.OP_NAMES, *vocabulary.MODIFIERS}))
                raise CardDataError(f"unknown effect field {shown(key)} (known: {known})", field=key)
        ops = []
        for o in vocabulary.OPS:
            if not fields.get(o.name) or (o.name == "sacrifice_at_end" and fields.get("token_copy")):
                continue
            ops.append(Op(o.name, tuple((p.name, fields[p.name]) for p in o.params if p.name in fields)))
        return cls(tuple(ops))

    def of(self, name: str) -> tuple[Op, ...]:
        """Its ops named `name`, in order."""
        return tuple(op for op in self.ops if op.name == name)

    def has(self, name: str) -> bool:
        return any(op.name == name for op in self.ops)

    def value(self, name: str) -> Any:
        """The value of op or parameter `name` in its first op that has it (a flat effect's
        field): the vocabulary's default if none has."""
        for op in self.ops:
            if op.name == name or name in vocabulary.MODIFIERS and op.name in vocabulary.MODIFIERS[name]:
                return op.get(name)
        first = name if name in vocabulary.BY_NAME else vocabulary.MODIFIERS[name][0]
        return vocabulary.param(first, name).default


class ManaKind(str, enum.Enum):
    """How a mana ability's output is described."""
    FIXED = "fixed"          # exactly `mana`, times `amount`
    CHOICE = "choice"        # one of `options`
    ANY_COLOR = "any_color"  # `amount` mana of any one colour (106.1b: never {C})
    ANY_TYPE = "any_type"    # `amount` mana of any one type, {C} included
    COMBINATION = "combination"  # `amount` mana in any combination of colours (of `options`' if given)
    CHOSEN_COLOR = "chosen_color"  # the colour chosen as the permanent entered
    COMMANDER_IDENTITY = "commander_identity"  # one mana of any colour of your commanders' colour
    # identity (903.4); compiled per deck: none without a commander (903.4f, 106.5)


class LandsOf(str, enum.Enum):
    """Whose lands a "could produce" mana ability refers to (106.7)."""
    NONE = ""
    YOU = "you"              # Reflecting Pool, Naga Vitalist
    OPPONENTS = "opponents"  # Exotic Orchard, Fellwar Stone (any permanent for Fellwar: lands)


@dataclass(frozen=True, slots=True)
class ActivateOnly:
    """A condition on activating an ability, "Activate only ..." (602.1b, 602.5): it may be
    activated only while every part given holds.

    `controls`: its controller controls at least that many permanents with any of `types`, any
    of `supertypes`, any of `subtypes`, some colour of `colors` and power `min_power` or greater
    and toughness `min_toughness` or greater (each part given; 1 when a filter is given without a
    number: "if you control a Swamp"); `same_name`: that many of one name ("three or more lands
    with the same name"); `or_entered_this_turn`: or the permanent itself entered this turn
    ("Activate only if ~ entered this turn or if you control a basic land"). `hand_min`,
    `hand_max`: cards in its controller's hand ("exactly seven cards in hand": both 7). `during`:
    whose turn. `once_each_turn`: at most one activation a turn (602.5b: of that permanent, even
    if its controller changes). `level`: only while the permanent is that Class level (716.2a: a
    level-up to N asks for N-1; derived from the card's `levels`). `lore`: only while it has that
    many lore counters or more: a Saga's ability its chapter N gains ("I — This Saga gains
    \"{T}: Add {C}.\"", 613.1f), gained as chapter N's counter is put, its ability resolving at
    once (714.2b: no one responds in the simulator), and kept while it stays (lore counters are
    never removed by the vocabulary)."""
    controls: int = 0
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: Color = Color.NONE
    min_power: int | None = None
    min_toughness: int | None = None
    same_name: bool = False
    or_entered_this_turn: bool = False
    hand_min: int | None = None
    hand_max: int | None = None
    during: Timing = Timing.ANY
    once_each_turn: bool = False
    level: int | None = None
    lore: int | None = None

    def __post_init__(self):
        bad = [t for t in self.types if t not in CARD_TYPES] + [t for t in self.supertypes if t not in SUPERTYPES]
        if bad:
            raise CardDataError(f"{shown(bad[0])} is not a card type or supertype (205.2a, 205.4a)")
        filtered = bool(self.types or self.supertypes or self.subtypes or self.colors or self.min_power is not None
                        or self.min_toughness is not None)
        if filtered and self.controls == 0:
            object.__setattr__(self, "controls", 1)
        if (self.same_name or self.or_entered_this_turn) and not self.controls:
            raise CardDataError("same_name and or_entered_this_turn go with `controls` (and a filter)")
        if self.level is not None and not 1 <= self.level <= 254:
            raise CardDataError(f"level must be 1..254, got {self.level}")
        if self.lore is not None and not 1 <= self.lore <= 255:
            raise CardDataError(f"lore must be 1..255, got {self.lore}")
        for name in ("controls", "hand_min", "hand_max"):
            v = getattr(self, name)
            if v is not None and not 0 <= v <= 32767:
                raise CardDataError(f"{name} must be 0..32767, got {v}")
        for name in ("min_power", "min_toughness"):
            v = getattr(self, name)
            if v is not None and not -32767 <= v <= 32767:
                raise CardDataError(f"{name} must be -32767..32767, got {v}")
        if self.hand_min is not None and self.hand_max is not None and self.hand_min > self.hand_max:
            raise CardDataError(f"hand_min {self.hand_min} is more than hand_max {self.hand_max}: it never holds")
        if not (self.controls or self.hand_min is not None or self.hand_max is not None
                or self.during is not Timing.ANY or self.once_each_turn or self.level is not None
                or self.lore is not None):
            raise CardDataError("an empty activate_only: say what it asks (controls, hand_min, "
                                "hand_max, during, once_each_turn, level, lore)")

    def __str__(self) -> str:
        """What it asks, in words: "if you control at least 5 Land permanents"."""
        parts = []
        if self.controls:
            noun = " or ".join(t.lower() for t in self.types) or "permanent"
            if self.subtypes:
                noun = " or ".join(self.subtypes) + ("" if noun == "permanent" else f" {noun}")
            what = " ".join([*color_order(self.colors), *(t.lower() for t in self.supertypes), noun])
            what += "s" if self.controls != 1 else ""
            if self.min_power is not None:
                what += f" with power {self.min_power} or greater"
            if self.min_toughness is not None:
                what += f" with toughness {self.min_toughness} or greater"
            parts.append(("if it entered this turn or " if self.or_entered_this_turn else "")
                         + f"if you control at least {self.controls} {what}" + (" with the same name" * self.same_name))
        if self.hand_min is not None or self.hand_max is not None:
            lo, hi = self.hand_min or 0, self.hand_max
            parts.append(f"if you have exactly {lo} cards in hand" if lo == hi else
                         f"if you have at most {hi} cards in hand" if not lo else
                         f"if you have at least {lo} cards in hand" if hi is None else
                         f"if you have {lo} to {hi} cards in hand")
        if self.during is not Timing.ANY:
            parts.append("during your turn" if self.during is Timing.YOUR_TURN else "during an opponent's turn")
        if self.once_each_turn:
            parts.append("once each turn")
        if self.level is not None:
            parts.append(f"if it is level {self.level}")
        if self.lore is not None:
            parts.append(f"if it has {self.lore} or more lore counters")
        return " and ".join(parts)


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """An activated mana ability (605.1a): cost and the mana it adds.

    `output` is `mana` (FIXED, scaled by `amount`), one of `options` (CHOICE), or mana of any
    colour/type. With `could_produce` set, the colour or type must be one that lands of that
    player could produce (106.7), a least fixpoint over the board. `if_you_control` names land
    subtypes that must all be present for `instead` to replace the output (Urza's lands)."""
    cost: ActivationCost
    output: ManaKind = ManaKind.FIXED
    mana: ManaCost = field(default_factory=ManaCost)
    options: tuple[ManaCost, ...] = ()
    amount: Amount = 1
    could_produce: LandsOf = LandsOf.NONE
    if_you_control: tuple[str, ...] = ()
    instead: ManaCost = field(default_factory=ManaCost)
    effect: Effect = field(default_factory=Effect)  # life gain (Henge), damage (pain lands)

    def __post_init__(self) -> None:
        self.cost.check_for("mana_ability")
    spend_only_on: SpendRestriction | None = None   # a spending restriction (106.6)
    activate_only: ActivateOnly | None = None       # a condition on activating it (602.5)


@dataclass(frozen=True, slots=True)
class CostModifier:
    """A static ability that changes the total cost of spells (601.2f, 118.7–118.9).

    Filter: a spell matches if it has any of `types`/`supertypes`/`subtypes` (when any are
    given), none of `not_types`, and some colour of `colors` (when given)."""
    change: CostChange
    scope: SpellScope = SpellScope.YOUR_SPELLS
    mana: ManaCost = field(default_factory=ManaCost)  # the mana added or taken off, e.g. {1} or {G}
    amount: Amount = 0              # a generic amount instead of `mana` (X less; minimum N)
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    colors: Color = Color.NONE
    while_untapped: bool = False    # Trinisphere: only while this permanent is untapped

    def __post_init__(self) -> None:
        if self.change is CostChange.DELVE and (
                self.scope is not SpellScope.SELF or self.amount != Count(CountOf.CARDS_IN_GRAVEYARD)
                or self.mana != ManaCost() or self.types or self.supertypes or self.subtypes or self.not_types
                or self.colors is not Color.NONE or self.while_untapped):
            raise CardDataError("delve (702.66a) is the spell's own: scope \"self\", amount {count = "
                                "\"cards_in_graveyard\"} (the caster's, of any type), nothing else", field="change")


@dataclass(frozen=True, slots=True)
class ManaTrigger:
    """A triggered mana ability (106.12a, 605.1b): when a watched permanent is tapped for mana
    (of type `of_type`, if set), its controller adds more mana; it resolves at once (605.4a)."""
    watches: Watches
    adds: TriggerAdds = TriggerAdds.FIXED
    mana: ManaCost = field(default_factory=ManaCost)
    amount: int = 1
    of_type: str = ""   # "", a type letter WUBRGC, or "chosen"
    subtypes: tuple[str, ...] = ()  # only watched permanents of these subtypes (Forests)


@dataclass(frozen=True, slots=True)
class ManaReplacement:
    """A replacement effect on a tapped-for-mana event (106.12b, 614.5, 616.1): the mana
    produced is multiplied, or replaced by mana of one type."""
    watches: Watches
    multiply: int = 1        # Mana Reflection 2, Nyxbloom Ancient 3
    replace_with: str = ""   # Contamination: "B"


@dataclass(frozen=True, slots=True)
class StaticGrant:
    """A static ability giving an ability to a group of permanents."""
    grant: Grant
    to: GrantTo


@dataclass(frozen=True, slots=True)
class EntersEffect:
    """"As this enters" / "this enters with" replacement effects (614.1c, 614.12)."""
    tapped: bool = False
    unless: TappedUnless = TappedUnless.ALWAYS
    subtypes: tuple[str, ...] = ()
    life: int = 0
    counters: tuple[tuple[CounterName, Amount], ...] = ()   # e.g. (("+1/+1", Count(X)),): X of the spell (107.3m)
    choose_color: bool = False
    chosen_type: bool = False      # it is the basic land type of the colour chosen (305.7: Multiversal Passage)
    not_color: str = ""            # with choose_color: the colour it can't choose ("other than white": W; the Gates)

    def __post_init__(self):
        if self.not_color and (self.not_color not in "WUBRG" or len(self.not_color) != 1 or not self.choose_color):
            raise CardDataError(f"not_color {shown(self.not_color)}: one colour letter (W U B R G) the colour chosen "
                                "can't be, with choose_color = true", field="not_color")
        if self.unless in (TappedUnless.CONTROL_SUBTYPE, TappedUnless.REVEAL_SUBTYPE) and not self.subtypes:
            raise CardDataError(f"unless = {shown(self.unless.value)} asks for a card of `subtypes`: name them")
        if self.chosen_type and not self.choose_color:
            raise CardDataError("chosen_type (it is the basic land type chosen, 305.7) needs choose_color = true: "
                                "the type is the chosen colour's")


# the events a trigger's `colorless` filter applies to: the spell cast, the creature entering
_COLORLESS_EVENTS = (Event.YOU_CAST_SPELL, Event.CREATURE_YOU_CONTROL_ENTERS, Event.ANOTHER_CREATURE_YOU_CONTROL_ENTERS,
                     Event.NONTOKEN_CREATURE_YOU_CONTROL_ENTERS)


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """A triggered ability (603) that is not a mana ability; `effect.counters` go on the
    permanent the event concerns (`Event.counters_on`: the entering creature, or this one)."""
    event: Event
    effect: Effect
    spell_types: tuple[str, ...] = ()  # YOU_CAST_SPELL: only spells of these card types
    spell_not_types: tuple[str, ...] = ()  # ...and of none of these ("a noncreature spell")
    colorless: bool = False        # only a colorless spell cast, or creature entering (105.2c)
    chapter: int = 0                   # CHAPTER: its chapter number N (714.2a: "I" is 1), 1..255
    nth: int = 0                       # YOU_CAST_SPELL: only the Nth spell (noncreature: spell_not_types) each turn
    mana_value_counters: str = ""      # PLAYER_CASTS_SPELL: only a spell whose mana value is the number of
    #                                    counters of this kind on this permanent (Chalice of the Void's charge)

    def __post_init__(self):
        bad = [t for t in (*self.spell_types, *self.spell_not_types) if t not in CARD_TYPES]
        if bad:
            raise CardDataError(f"{shown(bad[0])} is not a card type (205.2a)")
        if self.colorless and self.event not in _COLORLESS_EVENTS:
            raise CardDataError("colorless says which spell cast or creature entering triggers it: event = "
                                + " or ".join(shown(e.value) for e in _COLORLESS_EVENTS))
        if (self.event is Event.CHAPTER) != (self.chapter != 0):
            raise CardDataError("a chapter ability (event = \"chapter\") has its chapter number, 1..255 (714.2b), "
                                "and only it")
        if isinstance(self.chapter, bool) or not isinstance(self.chapter, int) or not 0 <= self.chapter <= 255:
            raise CardDataError(f"chapter must be 1..255, got {shown(self.chapter)}")
        if self.nth and (self.event is not Event.YOU_CAST_SPELL or self.spell_types or self.colorless
                         or self.spell_not_types not in ((), ("Creature",))):
            raise CardDataError("nth counts the spells you cast each turn, or the noncreature ones (spell_not_types "
                                "= [\"Creature\"]): a \"whenever you cast\" ability's (event = \"you_cast_spell\")",
                                field="nth")
        if isinstance(self.nth, bool) or not isinstance(self.nth, int) or not 0 <= self.nth <= 255:
            raise CardDataError(f"nth must be 1..255, got {shown(self.nth)}", field="nth")
        if self.mana_value_counters:
            if self.event is not Event.PLAYER_CASTS_SPELL:
                raise CardDataError("mana_value_counters says which spells trigger a \"whenever a player casts\" "
                                    "ability (event = \"player_casts_spell\")", field="mana_value_counters")
            try:
                vocabulary.counter_kind(self.mana_value_counters)
            except CardDataError as e:
                raise CardDataError(str(e), field="mana_value_counters") from None
        if any(op.name == "counter_spell" for op in self.effect.ops) and self.event not in (
                Event.PLAYER_CASTS_SPELL, Event.YOU_CAST_SPELL):
            raise CardDataError("counter_spell counters the spell whose casting triggered the ability (701.6a): "
                                "a \"whenever ... casts\" ability's only", field="counter_spell")
        if (self.spell_types or self.spell_not_types) and self.event is not Event.YOU_CAST_SPELL:
            raise CardDataError("spell_types and spell_not_types say which spells trigger a \"whenever you cast\" "
                                "ability (event = \"you_cast_spell\")")


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """A non-mana activated ability (602): cost and effect."""
    cost: ActivationCost
    effect: Effect
    sorcery_speed: bool = False
    activate_only: ActivateOnly | None = None       # a condition on activating it (602.5)


@dataclass(frozen=True, slots=True)
class LandPlays:
    """305.2: its controller may play `additional` more lands on each of their turns
    (Azusa, Lost but Seeking; Exploration)."""
    additional: int = 1


@dataclass(frozen=True, slots=True)
class SpellEffect:
    """What an instant or sorcery does as it resolves (608.2); `kicked` replaces it if kicked."""
    effect: Effect
    kicked: Effect | None = None


Ability = Union[ManaAbility, CostModifier, ManaTrigger, ManaReplacement, StaticGrant,
                EntersEffect, TriggeredAbility, ActivatedAbility, SpellEffect, LandPlays]

# The TOML `kind =` of each ability record.
ABILITY_KINDS: dict[str, type] = {
    "mana": ManaAbility,
    "cost": CostModifier,
    "mana_trigger": ManaTrigger,
    "mana_replacement": ManaReplacement,
    "grant": StaticGrant,
    "enters": EntersEffect,
    "trigger": TriggeredAbility,
    "activated": ActivatedAbility,
    "spell": SpellEffect,
    "land_plays": LandPlays,
}


@dataclass(frozen=True, slots=True)
class ClassLevel:
    """One class level bar of a Class (716.2a) past the first: "[cost]: Level N — [abilities]",
    N its place in `CardDef.levels` (the first is level 2). It is an activated ability, "[cost]:
    this Class's level becomes N; activate only if it is level N-1 and only as a sorcery" (the
    card's level-up, derived: `level_up`), and a static one, "as long as it is level N or
    greater, it has [abilities]" (`CardDef.at_level`)."""
    cost: ManaCost
    abilities: tuple[Ability, ...] = ()


def _levels_up(a: object) -> bool:
    """Does ability `a` make its permanent's class level something (716.2a)?"""
    e = getattr(a, "effect", None)
    return isinstance(e, Effect) and e.has("class_level")


def level_up(n: int, cost: ManaCost) -> ActivatedAbility:
    """716.2a: the activated ability of level bar `n`: its cost, the level becoming n, only as a
    sorcery and only at level n-1."""
    return ActivatedAbility(ActivationCost(mana=cost), Effect((Op("class_level", (("class_level", n),)),)),
                            sorcery_speed=True, activate_only=ActivateOnly(level=n - 1))


class Controls(str, enum.Enum):
    """What "unless you control a ..." asks for (a closed list)."""
    CREATURE = "creature"


@dataclass(frozen=True, slots=True)
class AttackCondition:
    """"This creature can't attack unless you control <a creature ...>": a restriction on
    attacking (508.1c), checked as attackers are declared. Every part given must hold of one
    permanent its controller controls."""
    controls: Controls = Controls.CREATURE
    other: bool = False                # another one: not this creature (Rhonas)
    power: int | None = None           # of exactly this power (Lovestruck Beast: a 1/1)
    toughness: int | None = None       # ...and toughness
    min_power: int | None = None       # with power this or greater (Rhonas: 4)


@dataclass(frozen=True, slots=True)
class PT:
    """Power or toughness: `base`, plus a count when printed with * (e.g. '1+*')."""
    base: int = 0
    star: bool = False

    def __str__(self) -> str:
        if not self.star:
            return str(self.base)
        return "*" if self.base == 0 else f"{self.base}+*"


# The keywords the engine knows (its KeywordBit vocabulary; tests/engine/test_card_facts.py keeps the
# two equal), those that stand for a triggered ability (KEYWORD_ABILITIES) and "Enchant ..." (an
# Aura's attachment). Any other keyword (Exalted, Protection from ...) is added to the card's
# `unmodeled` note, so it is reported, not dropped.
KNOWN_KEYWORDS = frozenset({"haste", "flying", "trample", "vigilance", "first strike", "double strike",
                            "lifelink", "deathtouch", "reach", "defender", "flash", "menace",
                            "indestructible", "hexproof"})


# What leaving a curated card's `unmodeled` text out does to the card the simulator plays
# (CardDef.unmodeled_effect; the shipped data gives one with every note, tests/cards/test_unmodeled.py):
#   irrelevant — nothing, in a goldfish game: the opponent's objects, choices and blocks, targets
#                a goldfish opponent doesn't have, text about countering; a spell it leaves
#                without a legal target, or only harming the player's own, is never cast
#                (`uncastable`, as the recognizers say it: recognize.ignored.never_cast, 601.2c, 115.1);
#   benefit    — an ability or advantage left out: the card is played as less than it is;
#   drawback   — a cost, restriction or drawback left out, which would play the card as more than
#                it is: allowed only with the card never cast, or of a land never played
#                (`uncastable`, its reason in words). A note with a drawback and a benefit is a
#                drawback.
UNMODELED_EFFECTS = ("irrelevant", "benefit", "drawback")
UNMODELED_EFFECT_WORDS = {"irrelevant": "irrelevant to a goldfish game",
                          "benefit": "a benefit left out: the card is played as less than it is",
                          "drawback": "a drawback: so the simulator never uses the card"}


# The types a typecycling ability (702.29e) may search for here: "" (plain cycling: draw a card),
# basic lands, or lands of a basic land type.
MAX_TIME_COUNTERS = 20      # the most time counters a suspended card is exiled with here (Lotus Bloom: 3)
TYPECYCLING = ("", "basic land", "Plains", "Island", "Swamp", "Mountain", "Forest")


# The keywords that are a triggered ability (702.1: a keyword is shorthand for its ability), each
# the ability it stands for: a card has it once per instance of the keyword (702.108b), derived
# (CardDef.abilities), never written by hand.
KEYWORD_ABILITIES: dict[str, TriggeredAbility] = {
    # 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."
    "prowess": TriggeredAbility(Event.YOU_CAST_SPELL, Effect.flat(power_bonus=1, toughness_bonus=1),
                                spell_not_types=("Creature",)),
}


# The keywords that are a characteristic-defining ability (604.3), read where the characteristic is
# compiled: changeling (702.73a: "This object is every creature type", in every zone).
CHARACTERISTIC_KEYWORDS = frozenset({"changeling"})


def keyword_played(keyword: str) -> bool:
    """Does the engine act on this keyword (or is it an Aura's "Enchant ...")?"""
    k = keyword.strip().lower()
    return k in KNOWN_KEYWORDS or k in KEYWORD_ABILITIES or k in CHARACTERISTIC_KEYWORDS or k.startswith("enchant")


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's characteristics as printed (its copiable values, 707.2), and its abilities."""
    name: str
    cost: ManaCost = field(default_factory=ManaCost)
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: PT | None = None
    toughness: PT | None = None
    star: Count | None = None        # what * counts in power/toughness (Maro: cards in hand)
    loyalty: int | None = None
    color_indicator: Color | None = None  # colours not given by the cost (204)
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    kicker: ManaCost | None = None        # additional cost (702.33)
    flashback: ManaCost | None = None     # alternative cost from the graveyard (702.34)
    suspend: ManaCost | None = None       # suspend N—cost (702.62a): pay it to exile the card from the hand
    suspend_time: int = 0                 # ...with N time counters; cast free as the last is removed
    plot: ManaCost | None = None          # plot cost (702.170a): pay it to exile the card from the hand,
                                          # to cast it free as a sorcery on a later turn
    cycling: ManaCost | None = None       # cycling cost (702.29a): pay it and discard the card
                                          # from your hand to draw a card
    typecycling: str = ""                 # ...or, typecycling (702.29e), to search for a card of
                                          # this type: "basic land" or a basic land type ("Swamp")
    text: str = ""                        # oracle text, for people
    unmodeled: str = ""                   # parts of the text the vocabulary doesn't express
    token: bool = False                   # a token definition (111), not a card
    back: "CardDef | None" = None         # back face of a double-faced card (712): of a modal one (712.3),
                                          # cast or played as either face (712.12); with `transforms`
    transforms: bool = False              # ...the face a nonmodal one transforms to (712.2, 701.27a),
                                          # never cast or played as, on the battlefield only
    attacks_only_if: AttackCondition | None = None  # "can't attack unless you control ..." (508.1c)
    cant_attack: bool = False             # it never attacks: "~ can't attack" (508.1c), or a restriction
                                          # on its attacking the vocabulary doesn't express, read so
    doesnt_untap: bool = False            # "~ doesn't untap during your untap step" (502.3): it stays
                                          # tapped through its controller's untap steps
    uncastable: str = ""                  # why the simulator never casts it: a cost or restriction
                                          # on casting it (601.2b additional costs, 601.3 "cast only
                                          # ...") that the vocabulary doesn't express — never free;
                                          # of a land, why it is never played (305.1): a drawback
                                          # of its entering unsaid (Lotus Field's "sacrifice two
                                          # lands"); "" for a card cast or played as its text says
    unmodeled_effect: str = ""            # what leaving `unmodeled` out does to the simulated card
                                          # (UNMODELED_EFFECTS): "irrelevant" to a goldfish game,
                                          # a "benefit" left out (played as less than it is), or a
                                          # "drawback" left out (then never cast: `uncastable`);
                                          # "" if unclassified (an imported card's note)
    # How its abilities were read from oracle text (a bulk file's card): "fully", "partly" or
    # "unknown" (coverage.py); "" for a curated card. Not a characteristic: never compiled.
    recognized: str = ""
    levels: tuple[ClassLevel, ...] = ()   # a Class's level bars past the first (716.2a: levels 2, 3,
                                          # ...); their level-ups are among `abilities`, derived

    def __post_init__(self):
        if self.typecycling and self.cycling is None:
            raise CardDataError("typecycling needs a cycling cost (702.29e)", card=self.name, field="typecycling")
        if self.typecycling not in TYPECYCLING:
            raise CardDataError(f"typecycling searches for one of {', '.join(t for t in TYPECYCLING if t)} here; "
                                f"got {shown(self.typecycling)}", card=self.name, field="typecycling")
        if self.unmodeled_effect not in ("", *UNMODELED_EFFECTS):
            raise CardDataError(f"unmodeled_effect is one of {', '.join(UNMODELED_EFFECTS)}; got "
                                f"{shown(self.unmodeled_effect)}", card=self.name, field="unmodeled_effect")
        if self.unmodeled_effect == "drawback" and not self.uncastable:
            raise CardDataError("an unmodeled drawback needs `uncastable` (why the card is never cast, or "
                                "a land never played): never free", card=self.name, field="uncastable")
        if self.transforms and self.back is None:
            raise CardDataError("a card that transforms (712.2) needs its back face: the table `back`",
                                card=self.name, field="transforms")
        if self.levels:
            self._check_levels()
        self._check_hand_ability()
        if "Saga" not in self.subtypes and any(isinstance(a, TriggeredAbility) and a.event is Event.CHAPTER
                                               for a in self.abilities):
            raise CardDataError("only a Saga has chapter abilities (714.2): its type line says Saga", card=self.name,
                                field="abilities")
        self._keyword_abilities()
        unplayed = [k for k in self.keywords if not keyword_played(k)]
        if unplayed:                     # (reported with the rest of what the engine leaves out)
            note = f"Keyword{'s' if len(unplayed) > 1 else ''} not simulated: {', '.join(unplayed)}."
            if note not in self.unmodeled:
                object.__setattr__(self, "unmodeled", f"{self.unmodeled} {note}".strip())

    @property
    def every_creature_type(self) -> bool:
        """Changeling (702.73a): it is every creature type, in every zone."""
        return any(k.strip().lower() == "changeling" for k in self.keywords)

    @property
    def modal_back(self) -> "CardDef | None":
        """Its back face if it may be cast or played as that face (a modal double-faced card,
        712.12), else None (none, or the face it transforms to, 712.2)."""
        return None if self.transforms else self.back

    def _keyword_abilities(self) -> None:
        """The triggered abilities its keywords stand for (KEYWORD_ABILITIES), one per instance
        (702.108b: each triggers separately), added to its abilities where they aren't yet."""
        for k, ability in KEYWORD_ABILITIES.items():
            missing = sum(w.strip().lower() == k for w in self.keywords) - self.abilities.count(ability)
            if missing > 0:
                object.__setattr__(self, "abilities", self.abilities + (ability,) * missing)

    @property
    def hand_ability_cost(self) -> ManaCost | None:
        """The mana cost of its "Put ~ from your hand onto the battlefield" (113.6m), None if none."""
        acts = self.abilities_of(ActivatedAbility)
        return acts[-1].cost.mana if acts and acts[-1].effect.has("hand_to_battlefield") else None

    def _check_hand_ability(self) -> None:
        """113.6m: "{4}: Put ~ from your hand onto the battlefield" works only in the hand: the card's
        last activated ability (the kernels' one ability from the hand, cycling's place), that op its
        whole effect, mana its whole cost, and no cycling besides."""
        acts = self.abilities_of(ActivatedAbility)
        hand = [a for a in acts if a.effect.has("hand_to_battlefield")]
        if hand and (len(hand) > 1 or acts[-1] is not hand[0] or self.cycling is not None or hand[0].cost.ops
                     or len(hand[0].effect.ops) != 1 or hand[0].sorcery_speed or hand[0].activate_only):
            raise CardDataError("hand_to_battlefield (113.6m) is the effect of the card's last activated ability "
                                "alone, its cost mana only, on a card without cycling", card=self.name,
                                field="abilities.hand_to_battlefield")

    def _check_levels(self) -> None:
        """716: a Class's level bars; its abilities gain their level-ups (derived from `levels`,
        never written by hand), and a "When this Class becomes level N" ability is one of level N's."""
        def fail(field: str, message: str) -> CardDataError:
            return CardDataError(message, card=self.name, field=field)
        if "Class" not in self.subtypes:
            raise fail("levels", "only a Class has class levels (716.1): its type line says Class")
        ups = tuple(level_up(n, lv.cost) for n, lv in enumerate(self.levels, 2))
        for i, a in enumerate(self.abilities):
            if isinstance(a, TriggeredAbility) and a.event is Event.SELF_BECOMES_LEVEL:
                raise fail(f"abilities[{i}]", "\"When this Class becomes level N\" is an ability of level N "
                                              "(716.2a): put it in its `levels` entry")
            if _levels_up(a) and a not in ups:
                raise fail(f"abilities[{i}]", "a level-up is derived from the card's `levels` (716.2a), "
                                              "not written as an ability")
        for n, lv in enumerate(self.levels, 2):
            for i, a in enumerate(lv.abilities):
                where = f"levels[{n - 2}].abilities[{i}]"
                if isinstance(a, (SpellEffect, EntersEffect)):
                    raise fail(where, "a level's abilities are a permanent's, gained after it entered (716.2a): "
                                      "no spell effect, no enters replacement")
                if _levels_up(a):
                    raise fail(where, "a level's abilities don't level it up: its level bars do (716.2a)")
        missing = tuple(u for u in ups if u not in self.abilities)
        if missing:
            object.__setattr__(self, "abilities", self.abilities + missing)

    def at_level(self, level: int) -> CardDef:
        """The card as a permanent of that Class level has it (716.2a): its abilities, its level-ups
        among them, and those of each level up to `level` (1: its own only)."""
        if not 1 <= level <= len(self.levels) + 1:
            raise CardDataError(f"level must be 1..{len(self.levels) + 1}, got {level}", card=self.name,
                                field="levels")
        gained = tuple(a for lv in self.levels[:level - 1] for a in lv.abilities)
        return replace(self, abilities=self.abilities + gained, levels=())

    # ---- derived views ------------------------------------------------------------------
    @property
    def mana_value(self) -> int:
        """202.3 (X counts as 0 off the stack)."""
        return self.cost.mana_value

    @property
    def colors(self) -> Color:
        """202.2: a card's colours come from its mana cost, or its colour indicator."""
        return self.color_indicator if self.color_indicator is not None else self.cost.colors

    @property
    def color_letters(self) -> str:
        return "".join(color_order(self.colors))

    @property
    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def is_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_permanent(self) -> bool:
        """110.4: artifacts, battles, creatures, enchantments, lands, planeswalkers."""
        return bool(set(self.types) - {"Instant", "Sorcery", "Kindred"})

    @property
    def is_basic(self) -> bool:
        return "Basic" in self.supertypes

    def abilities_of(self, kind: type) -> tuple:
        return tuple(a for a in self.abilities if isinstance(a, kind))

    @property
    def mana_abilities(self) -> tuple[ManaAbility, ...]:
        return self.abilities_of(ManaAbility)

    @property
    def is_mana_source(self) -> bool:
        return bool(self.mana_abilities)

    def renamed(self, name: str) -> "CardDef":
        return replace(self, name=name)

    def __str__(self) -> str:
        cost = f" {self.cost}" if self.cost else ""
        return f"{self.name}{cost} ({self.type_line})"
