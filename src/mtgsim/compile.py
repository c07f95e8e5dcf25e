"""The compiler: card records (CardDef) and decks → the flat integer tables the kernels read.

Strings end here. Every card becomes one CARD row; its abilities become rows of the ability
tables (found from the card by `*_first` and `n_*`); mana costs and fixed mana bundles become
COST rows; variable amounts COUNT rows; "permanents like X", whatever rule asks (a count, a
condition on activating, a restriction on attacking, a land entering tapped), FILTER rows;
effects EFFECT rows. Subtypes are bits of a per-table vocabulary (the basic land types first,
then every subtype some filter mentions).
"""
from __future__ import annotations

from collections import Counter
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import numpy as np

from . import checks, schema, vocabulary
from .cards.identity import color_identity
from .cards.model import (ActivateOnly, ActivatedAbility, ActivationCost, AttackCondition, CardDef, CostModifier,
                          CostOp, Count, CounterName, Effect, EntersEffect, LandPlays, ManaAbility, ManaKind,
                          ManaReplacement, ManaTrigger, Op,
                          SpellEffect, SpendRestriction, StaticGrant, TappedUnless, TriggeredAbility, CARD_TYPES,
                          SUPERTYPES)
from .cards.token_refs import token_references
from .cards.becomes import animated, earthbent
from .cards.creature_types import CREATURE_TYPES
from .cards.names import closest_names
from .cards.resolved import ResolvedCards
from .errors import ArgumentError, ArgumentTypeError, CardDataError, UnknownCardError, shown
from .field_words import CountOf
from .mana import COLOR_ORDER, Color, ManaCost, SymbolKind, color_order
from .schema import (AttackIf, CardTypeBit, KeywordBit, ManaTypeBit, OpCode, PermanentFlag,
                     SupertypeBit, Who)
from .subtype_vocabulary import BASIC_LAND_TYPES, MAX_SUBTYPES, cost_subtypes, referenced_subtypes

__all__ = ["Tables", "CompiledDeck", "compile_cards", "compile_deck", "chosen_creature_type", "colors_by_pips",
           "MAX_SUBTYPES",
           "BASIC_LAND_TYPES"]

_TYPE_BIT = {t: int(getattr(CardTypeBit, "CT_" + t.upper())) for t in CARD_TYPES}
_SUPERTYPE_BIT = {t: int(getattr(SupertypeBit, "ST_" + t.upper())) for t in SUPERTYPES}
_KEYWORD_BIT = {m.name[3:].replace("_", " ").lower(): int(m) for m in KeywordBit}
_TYPE_LETTER_BIT = {c: 1 << i for i, c in enumerate(COLOR_ORDER + "C")}
_WHO = {"you": Who.WHO_YOU, "opponents": Who.WHO_OPPONENTS, "any": Who.WHO_ANY}


_SYMBOL_FIELD = {SymbolKind.PHYREXIAN: "phyrexian", SymbolKind.MONO_HYBRID: "mono_hybrid",
                 SymbolKind.COLORLESS_HYBRID: "colorless_hybrid"}


MAX_LOOK = vocabulary.MAX_LOOK     # cards one scry or surveil looks at (the kernel's MAXLOOK)


def _cycling_effect(typecycling: str) -> Effect:
    """What cycling does (702.29a: draw a card), or typecycling (702.29e: a card of its type
    searched for and put into the hand; "basic land", or a basic land type: any land card of it)."""
    if not typecycling:
        return Effect.flat(draw=1)
    if typecycling == "basic land":
        return Effect.flat(lands_to_hand=1)
    return Effect.flat(lands_to_hand=1, land_types=(typecycling,))


class _RangeError(ValueError):
    """A number that doesn't fit its table field (re-raised naming the card)."""


def _check_range(what: str, field: str, value: int, dtype) -> None:
    info = np.iinfo(dtype)
    if not info.min <= value <= info.max:
        raise _RangeError(f"{what}: {field} = {value} is outside {info.min}..{info.max}, what the "
                          "compiled tables can hold")


def _enum_code(enum_cls, prefix: str, value) -> int:
    """The C code of a model enum member: model value 'any_color' → MO_ANY_COLOR (a `Coded` word
    has its own: `.code`)."""
    return int(getattr(enum_cls, prefix + value.name))


def type_bits(types: Iterable[str]) -> int:
    return sum(_TYPE_BIT[t] for t in set(types))


@dataclass
class Tables:
    """The compiled tables of a set of cards, plus the name ↔ row and subtype ↔ bit maps."""
    cards: np.ndarray
    costs: np.ndarray
    hybrids: np.ndarray
    counts: np.ndarray
    filters: np.ndarray
    ops: np.ndarray
    effects: np.ndarray
    mana_abilities: np.ndarray
    spend_restrictions: np.ndarray
    conditions: np.ndarray
    cost_modifiers: np.ndarray
    mana_triggers: np.ndarray
    mana_replacements: np.ndarray
    grants: np.ndarray
    enters: np.ndarray
    triggered: np.ndarray
    activated: np.ndarray
    card_names: tuple[str, ...]
    subtypes: tuple[str, ...]
    defs: tuple[CardDef, ...] = field(repr=False, default=())
    granted_mana_row: int = -1   # MANA_ABILITY row of the granted "{T}: Add one mana of any color."
    count_rows: dict = field(repr=False, default_factory=dict)   # Count record → COUNT row
    cost_rows: dict = field(repr=False, default_factory=dict)    # ManaCost → COST row
    restriction_texts: tuple[str, ...] = ()   # per SPEND_RESTRICTION row: the phrase it was read from

    def row(self, name: str) -> int:
        """The CARD row of a card name (exact compiled spelling, or case-insensitive): for people
        naming a card; code holding the record asks `row_of`."""
        try:
            return self._rows[name]
        except KeyError:
            low = name.casefold()
            for i, n in enumerate(self.card_names):
                if n.casefold() == low:
                    return i
            raise UnknownCardError(name, closest_names(name, self.card_names),
                                   reason=f"card {shown(name)} is not in these tables") from None

    def row_of(self, card: CardDef) -> int:
        """The CARD row of a card record compiled here (under its own name: one name, one card)."""
        try:
            return self._rows[card.name]
        except (KeyError, AttributeError):
            raise ArgumentError(f"{shown(card)} is not a card record compiled in these tables") from None

    @property
    def _rows(self) -> dict[str, int]:
        if not hasattr(self, "_row_cache"):     # (a name's first row: a Class's, before its levels')
            self._row_cache = {n: i for i, n in reversed(list(enumerate(self.card_names)))}
        return self._row_cache

    def row_at_level(self, row: int, level: int) -> int:
        """The CARD row of card `row` as a permanent of that Class level has it (716.2a: a row
        per level, `next_level`); `row` itself for level 0 or 1, or a card without levels."""
        for _ in range(level - 1):
            row += int(self.cards[row]["next_level"])
        return row

    def subtype_bits(self, names: Iterable[str]) -> int:
        """The bit set of subtypes in this vocabulary (subtypes outside it have no bit)."""
        index = {s: i for i, s in enumerate(self.subtypes)}
        return sum(1 << index[n] for n in set(names) if n in index)


class _Compiler:
    def __init__(self, subtypes: list[str], tokens: Mapping[str, CardDef], creature_type: str | None = None,
                 colors: str = ""):
        self.subtypes = subtypes
        self.creature_type = creature_type   # the one chosen for "choose a creature type" (chosen_creature_type)
        self.colors = colors                 # the colours by the cards' mana costs' pips, most first (colors_by_pips)
        self.sub_index = {s: i for i, s in enumerate(subtypes)}
        self.tokens = tokens            # token card records by the reference an effect writes
        self.rows: dict[str, list] = {k: [] for k in schema.DTYPES if k != "permanent"}
        self.card_rows: dict[str, int] = {}
        self.level_defs: dict[int, CardDef] = {}   # a Class's rows past its first: the card at that level
        self.cost_cache: dict[ManaCost, int] = {}
        self.count_cache: dict[Count, int] = {}
        self.filter_cache: dict[tuple, int] = {}
        self.restriction_cache: dict[tuple, int] = {}
        self.restriction_texts: list[str] = []
        self.once_next = 0              # the card being compiled: its once-each-turn abilities so far
        self.source: CardDef | None = None    # ...and the card itself (what its effects' source is)
        self.becomes_defs: dict[str, CardDef] = {}   # what each card becomes (OP_BECOMES), by its name

    # -- helpers --------------------------------------------------------------------------
    def _new(self, record: str) -> np.void:
        row = schema.empty(record, 1)[0]
        self.rows[record].append(row)
        return row

    def _index(self, record: str) -> int:
        return len(self.rows[record]) - 1

    def subtype_bits(self, names: Iterable[str]) -> int:
        return sum(1 << self.sub_index[n] for n in set(names) if n in self.sub_index)

    def every_creature_type(self, c: CardDef) -> list[str]:
        """A changeling's creature types (702.73a: every one): those the vocabulary has bits for."""
        return [s for s in self.subtypes if s in CREATURE_TYPES] if c.every_creature_type else []

    def other_color(self, not_color: str) -> str:
        """The goldfish's colour for "choose a color other than `not_color`" when its own colour
        is that one: the deck's next by its mana costs' pips (colors_by_pips), else the first
        other colour in WUBRG order."""
        return next(c for c in self.colors + COLOR_ORDER if c != not_color)

    def cost(self, cost: ManaCost | None) -> int:
        """COST row of a mana cost (shared between equal costs); -1 for none."""
        if cost is None:
            return -1
        if cost in self.cost_cache:
            return self.cost_cache[cost]
        hybrids = [s for s in cost.symbols if s.kind in (SymbolKind.HYBRID, SymbolKind.HYBRID_PHYREXIAN)]
        first = len(self.rows["hybrid"]) if hybrids else -1
        for s in hybrids:
            h = self._new("hybrid")
            h["colors"] = int(s.color_bits)
            h["phyrexian"] = s.kind is SymbolKind.HYBRID_PHYREXIAN
        # counted here, then stored: a uint8 count must not wrap (_check_range says which)
        counts: dict[str, Any] = {"snow": 0, "pips": [0] * 6, "phyrexian": [0] * 5, "mono_hybrid": [0] * 5,
                  "colorless_hybrid": [0] * 5}
        for s in cost.symbols:
            ci = COLOR_ORDER.index(s.colors[0]) if s.colors else -1
            if s.kind is SymbolKind.SNOW:
                counts["snow"] += 1
            elif s.kind is SymbolKind.COLORLESS:
                counts["pips"][5] += 1
            elif s.kind is SymbolKind.COLORED:
                counts["pips"][ci] += 1
            elif s.kind in _SYMBOL_FIELD:
                counts[_SYMBOL_FIELD[s.kind]][ci] += 1
        values = {"generic": cost.generic, "x": cost.x_count, "mana_value": cost.mana_value,
                  "n_hybrid": len(hybrids), **counts}
        for name, v in values.items():
            for one in (v if isinstance(v, list) else [v]):
                text = str(cost) if len(str(cost)) <= 40 else str(cost)[:37] + "..."
                _check_range(f"mana cost {text}", name, one, schema.DTYPES["cost"][name].base)
        r = self._new("cost")
        for name, v in values.items():
            r[name] = v
        r["hybrid_first"] = first
        self.cost_cache[cost] = self._index("cost")
        return self.cost_cache[cost]

    def count(self, c: Count) -> int:
        if c in self.count_cache:
            return self.count_cache[c]
        r = self._new("count")
        r["what"] = c.count.code
        r["color"] = (ManaTypeBit.MT_CHOSEN if c.color == "chosen"
                      else _TYPE_LETTER_BIT.get(c.color, 0))
        r["counter"] = vocabulary.counter_kind(c.counter)
        if c.count in (CountOf.PERMANENTS, CountOf.CARDS_IN_GRAVEYARD, CountOf.CARD_TYPES_IN_GRAVEYARD):
            r["filter"] = self.filter("amount", who=_WHO[c.controller.value], other=c.other, types=c.types,
                                      subtypes=c.subtypes)
        self.count_cache[c] = self._index("count")
        return self.count_cache[c]

    def filter(self, field: str, *, who: Who = Who.WHO_YOU, other: bool = False, types: Iterable[str] = (),
               not_types: Iterable[str] = (), supertypes: Iterable[str] = (), colors: int = 0,
               subtypes: Iterable[str] = (), min_power: int | None = None, max_power: int | None = None,
               min_toughness: int | None = None, max_toughness: int | None = None, same_name: bool = False,
               cost_at_most: int = -1, mana_value_at_most: int = -1) -> int:
        """FILTER row of "permanents (or cards) like this" (shared by equal ones): whose, not
        the permanent itself, any of `types` and none of `not_types`, any of `supertypes`, some
        colour of `colors`, any of `subtypes`, power and toughness in their ranges (None: no
        bound); `same_name`: counted as the most of one name; `cost_at_most`: its card's mana cost
        generic mana only, {0} up to it (-1 any: a search's, 202.1); `mana_value_at_most`: its card's mana
        value at most it (-1 any, 202.3). `field` names the card's field for an error."""
        values = {"who": int(who), "other": other, "types": type_bits(types), "not_types": type_bits(not_types),
                  "supertypes": sum(_SUPERTYPE_BIT[t] for t in set(supertypes)), "colors": int(colors),
                  "subtypes": self.subtype_bits(subtypes),
                  "min_power": -32768 if min_power is None else min_power,
                  "max_power": 32767 if max_power is None else max_power,
                  "min_toughness": -32768 if min_toughness is None else min_toughness,
                  "max_toughness": 32767 if max_toughness is None else max_toughness, "same_name": same_name,
                  "cost_below": cost_at_most + 1, "mana_value_below": mana_value_at_most + 1}
        missing = [s for s in subtypes if s not in self.sub_index]
        if missing:      # (referenced_subtypes gives every subtype a filter names a bit)
            raise _RangeError(f"{field}: subtypes {missing} have no bit in the compiled subtype vocabulary")
        for name in ("min_power", "max_power", "min_toughness", "max_toughness"):
            _check_range(field, name, values[name], schema.DTYPES["filter"][name].base)
        key = tuple(int(v) for v in values.values())
        if key not in self.filter_cache:
            row = self._new("filter")
            for name, v in values.items():
                row[name] = v
            self.filter_cache[key] = self._index("filter")
        return self.filter_cache[key]

    def restriction(self, r: SpendRestriction | None) -> int:
        """SPEND_RESTRICTION row of a spending restriction (shared by equal ones); -1 for none."""
        if r is None:
            return -1
        key = (r.spells, r.abilities)
        if key not in self.restriction_cache:
            row = self._new("spend_restriction")
            for prefix, f in (("spell", r.spells), ("source", r.abilities)):
                if f is not None:
                    row[f"{prefix}_types"] = type_bits(f.types)
                    row[f"{prefix}_supertypes"] = sum(_SUPERTYPE_BIT[t] for t in set(f.supertypes))
                    row[f"{prefix}_subtypes"] = self.subtype_bits(f.subtypes)
                    row[f"{prefix}_colorless"] = f.colorless
            chosen = r.spells is not None and r.spells.chosen_type
            if chosen:      # (106.6: a creature spell of the type chosen; none has it if no card here does)
                row["spell_subtypes"] = self.subtype_bits([self.creature_type] if self.creature_type else [])
            if r.spells is not None:
                row["spell_not_types"] = type_bits(r.spells.not_types)
                row["spell_multicolored"] = r.spells.multicolored
            row["spells"] = r.spells is not None and (not chosen or row["spell_subtypes"] != 0)
            row["chosen_type"] = r.spells is not None and r.spells.chosen_type
            row["abilities"] = r.abilities is not None
            self.restriction_cache[key] = self._index("spend_restriction")
            self.restriction_texts.append(r.text)
        return self.restriction_cache[key]

    # the permanent flags that mark a card's once-each-turn abilities as used (602.5b), in order
    _ONCE_FLAGS = tuple(int(getattr(PermanentFlag, f"PF_ONCE_{k}")) for k in range(4))

    def condition(self, c: ActivateOnly | None) -> int:
        """CONDITION row of an "activate only ..." condition (602.5) of the card being compiled
        (a row of its own: a once-each-turn one has its own flag); -1 for none."""
        if c is None:
            return -1
        row = self._new("condition")
        row["controls"] = c.controls
        if c.controls:
            row["filter"] = self.filter("activate_only", types=c.types, supertypes=c.supertypes,
                                        subtypes=c.subtypes, colors=c.colors, min_power=c.min_power,
                                        min_toughness=c.min_toughness, same_name=c.same_name)
        row["or_entered"] = c.or_entered_this_turn
        row["hand_min"] = 0 if c.hand_min is None else c.hand_min
        row["hand_max"] = 32767 if c.hand_max is None else c.hand_max
        row["during"] = c.during.code
        row["level"] = c.level or 0
        row["lore"] = c.lore or 0
        if c.once_each_turn:
            if self.once_next >= len(self._ONCE_FLAGS):
                raise CardDataError(f"at most {len(self._ONCE_FLAGS)} abilities of a card may be "
                                    "'activate only once each turn' (the permanent's flags)",
                                    field="activate_only.once_each_turn")
            row["once_flag"] = self._ONCE_FLAGS[self.once_next]
            self.once_next += 1
        return self._index("condition")

    def amount(self, dest, value) -> None:
        """Fill an Amount field: a fixed number, or a COUNT row."""
        if isinstance(value, Count):
            dest["fixed"] = 0
            dest["count"] = self.count(value)
        else:
            dest["fixed"] = int(value)
            dest["count"] = -1

    def counter_parts(self, pairs) -> tuple[list[int], list[int]]:
        """Per CounterKind, of (counter name, amount) pairs: the fixed number of counters, and the
        COUNT row counting more (-1 none)."""
        fixed, counts = [0] * len(vocabulary.COUNTERS), [-1] * len(vocabulary.COUNTERS)
        for name, value in pairs:
            k = vocabulary.counter_kind(name)
            if isinstance(value, Count):
                counts[k] = self.count(value)
            else:
                fixed[k] += int(value)
        for k, v in enumerate(fixed):
            _check_range("counters", f"counters[{k}]", v, np.int16)
        return fixed, counts

    def counters(self, row, pairs) -> None:
        fixed, counts = self.counter_parts(pairs)
        row["counters"], row["counters_count"] = fixed, counts
        row["n_counters"] = max((k + 1 for k in range(len(fixed)) if fixed[k] or counts[k] >= 0), default=0)

    def land_filter(self, land_types: tuple[str, ...], basic: bool, any_land: bool = False) -> int:
        """FILTER row of a search for a land (701.23): a basic land; or a land of one of the
        named subtypes ("Forest card"), basic too if `basic` ("basic Forest card"); or, `any_land`,
        any land ("a land card")."""
        return self.filter("land_types", types=("Land",), subtypes=land_types,
                           supertypes=("Basic",) if basic or not (land_types or any_land) else ())

    def _op(self, op: Op) -> list[tuple]:
        """The OP rows (code, who, flags, arg, fixed, count) of op `op`: one, or one per counter
        kind. Rows of other tables they name (a token's CARD row) are made here, before the
        effect's OP rows are written, so that these stay together."""
        o = vocabulary.BY_NAME[op.name]
        value = op.value
        amount = value if o.main.kind in ("amount", "number") else 0    # (a bool, mana: no amount)
        flags = o.flags | sum(p.flag for p in o.params[1:] if p.to == "flags" and op.get(p.name))
        arg = -1
        if o.name == "counters":
            fixed, counts = self.counter_parts(value)
            return [(o.code, o.who, flags, k, fixed[k], counts[k]) for k in range(len(fixed))
                    if fixed[k] or counts[k] >= 0]
        if o.name == "tokens":
            name, amount = value[0]      # (one kind: `card` checked it)
            arg = self.card(self.tokens[name])
        elif o.main.kind == "mana":
            arg = self.cost(value)
        elif o.code == OpCode.OP_SEARCH_LAND:    # (two modifiers, land_types and lands_basic: one FILTER row)
            arg = self.land_filter(tuple(op.get("land_types")), op.get("lands_basic"), op.get("any_land"))
        elif o.code == OpCode.OP_GRAVEYARD_TO_HAND:   # (the cards it may return: a FILTER row)
            arg = self.filter("graveyard_card_types", types=tuple(op.get("graveyard_card_types")))
        elif o.name == "card_to_battlefield":    # (its kind: card types, colours, mana cost: one FILTER row)
            arg = self.filter("card_types", types=tuple(op.get("card_types")), cost_at_most=op.get("cost_at_most"),
                              colors=sum(_TYPE_LETTER_BIT[c] for c in set(op.get("card_colors"))))
        elif o.name == "card_to_hand":           # (its kind: card types, subtypes, mana value: one FILTER row)
            arg = self.filter("card_types", types=tuple(op.get("card_types")), subtypes=tuple(op.get("card_subtypes")),
                              mana_value_at_most=op.get("mana_value_at_most"))
        elif o.code == OpCode.OP_LOOK_REVEAL:    # (two modifiers, the types a card taken has and hasn't: a FILTER)
            arg = self.filter("look_reveal", types=op.get("reveal_types"), not_types=op.get("reveal_not_types"))
        elif o.code == OpCode.OP_BECOMES:        # (what it becomes: a CARD row of the source and the op)
            arg = self.card(self.becomes(op))
        for p in o.params[1:]:                   # (the modifiers that say their OP field; flags: above)
            if p.to == "arg":
                arg = op.get(p.name)
        try:                             # (look_at_top's buffer: scry at most MAX_LOOK)
            vocabulary.check(op.name, op.name, value)
        except ValueError as e:
            raise _RangeError(str(e)) from None
        if isinstance(amount, Count):
            return [(o.code, o.who, flags, arg, 0, self.count(amount))]
        return [(o.code, o.who, flags, arg, int(amount), -1)]

    def effect(self, e: Effect | None) -> int:
        """EFFECT row of an effect: its OP rows, in order, and the facts derived from them."""
        if e is None or not e:
            return -1
        r = self._new("effect")
        index = self._index("effect")         # (a token compiled below adds rows after it)
        ops = []
        for op in e.ops:
            ops += [(op.name, *row) for row in self._op(op)]
        r["op_first"] = len(self.rows["op"])
        r["n_ops"] = len(ops)
        for k, (name, code, who, flags, arg, fixed, count) in enumerate(ops):
            row = self._new("op")
            row["code"], row["who"], row["flags"], row["arg"] = code, who, flags, arg
            row["amount"]["fixed"], row["amount"]["count"] = fixed, count
            worth = vocabulary.BY_NAME[name].worth
            if worth is True or (worth and arg in {vocabulary.counter_kind(w) for w in worth}):
                r["worth"] = 1
            if code == OpCode.OP_TOKEN_COPY:
                r["token_copy"] = 1
            if code == OpCode.OP_SEARCH_LAND and r["land_search"] < 0:
                r["land_search"] = r["op_first"] + k
            if name in ("gain_life", "damage_to_you", "lose_life"):   # (the payment search's facts)
                r[name]["fixed"] += fixed
                if count >= 0:
                    if r[name]["count"] >= 0:
                        raise _RangeError(f"{name}: an effect's {name} counts one thing, at most")
                    r[name]["count"] = count
        if sum(f if c == OpCode.OP_DRAW else -f for _, c, _, fl, _, f, _ in ops if c == OpCode.OP_DRAW or (
                c == OpCode.OP_DISCARD and not fl & vocabulary.OpFlag.OF_MAY_DISCARD)) < 0:
            r["worth"] = 0              # (more discarded than drawn, Bazaar of Baghdad's: docs/rules-core.md)
        return index

    # -- a card and its abilities ---------------------------------------------------------
    def card(self, c: CardDef) -> int:
        if c.name in self.card_rows:
            return self.card_rows[c.name]
        for i, a in enumerate(c.abilities):
            if any(e is not None and any(len(op.value) > 1 for op in e.of("tokens"))
                   for e in (getattr(a, "effect", None), getattr(a, "kicked", None))):
                raise CardDataError("an effect creates one kind of token here (the rules core's limit)",
                                    card=c.name, field=f"abilities[{i}].tokens")
        try:
            return self._card(c)
        except OverflowError as e:   # a number too large for its table field (numpy's message)
            raise CardDataError(str(e), card=c.name) from None
        except _RangeError as e:
            raise CardDataError(str(e), card=c.name) from None

    def _card(self, c: CardDef) -> int:
        once, self.once_next = self.once_next, 0    # (a token card compiled meanwhile has its own)
        source, self.source = self.source, c
        try:
            return self._card_rows(c)
        finally:
            self.once_next, self.source = once, source

    def becomes(self, op: Op) -> CardDef:
        """What the card being compiled becomes by op `op` (OP_BECOMES: cards.becomes.animated, its layers),
        compiled as a CARD row of its own (Permanent.becomes). A permanent holds one such effect at a time, so a
        card may have one (a second different one is refused: another kind would need the layers of both)."""
        c = self.source
        if c is None:
            raise _RangeError("becomes: only a permanent's own ability makes its source become something")
        subtypes = [*c.subtypes, *op.get("becomes_subtypes")]
        if op.get("all_creature_types"):            # 205.3m: those the compiled vocabulary has bits for
            subtypes += [s for s in self.subtypes if s in CREATURE_TYPES]
        subtypes += self.every_creature_type(c)
        d = animated(c, op, subtypes)
        if self.becomes_defs.setdefault(c.name, d) != d:
            raise _RangeError("a card becomes one thing here (a permanent holds one such effect at a time)")
        return d

    def _class_rows(self, c: CardDef) -> int:
        """716.2a: a Class as one CARD row per level, each with the abilities it has at that level
        (`CardDef.at_level`), chained by `next_level`; its first row is the card's. A level-up is
        worth activating when its level gains abilities (an unread level gains none: never paid for)."""
        rows = [self._card(c.at_level(k)) for k in range(1, len(c.levels) + 2)]
        self.card_rows[c.name] = rows[0]
        cards, activated, effects, ops = (self.rows[k] for k in ("card", "activated", "effect", "op"))
        for k, (row, up) in enumerate(zip(rows, rows[1:] + rows[-1:]), 1):
            if k > 1:
                self.level_defs[row] = c.at_level(k)
            _check_range("levels", "next_level", up - row, np.int16)     # (rows apart: tokens between)
            cards[row]["next_level"] = up - row
            for q in range(cards[row]["n_activated"]):
                e = effects[activated[cards[row]["activated_first"] + q]["effect"]]
                for op in ops[e["op_first"]:e["op_first"] + e["n_ops"]]:
                    if op["code"] == OpCode.OP_CLASS_LEVEL:
                        e["worth"] = bool(c.levels[op["amount"]["fixed"] - 2].abilities)
        return rows[0]

    def _card_rows(self, c: CardDef) -> int:
        if c.levels:
            return self._class_rows(c)
        r = self._new("card")
        idx = self._index("card")
        self.card_rows[c.name] = idx
        r["types"] = type_bits(c.types)
        r["supertypes"] = sum(_SUPERTYPE_BIT[t] for t in set(c.supertypes))
        r["colors"] = int(c.colors)
        r["subtypes"] = self.subtype_bits([*c.subtypes, *self.every_creature_type(c)])
        r["keywords"] = sum(_KEYWORD_BIT.get(k.lower(), 0) for k in set(c.keywords))
        r["cost"] = self.cost(c.cost) if c.cost else -1
        r["kicker"] = self.cost(c.kicker)
        r["flashback"] = self.cost(c.flashback)
        r["exile_cost"] = self.cost(c.suspend if c.suspend is not None else c.plot)
        r["suspend_time"] = c.suspend_time
        r["mana_value"] = c.mana_value
        if c.power is not None:
            r["power"], r["power_star"] = c.power.base, c.power.star
        if c.toughness is not None:                  # (set with power: a card has both or neither)
            r["toughness"], r["toughness_star"] = c.toughness.base, c.toughness.star
        r["star"] = self.count(c.star) if c.star is not None else -1
        r["is_token"] = c.token
        r["unmodeled"] = bool(c.unmodeled)
        r["doesnt_untap"] = c.doesnt_untap
        r["uncastable"] = bool(c.uncastable)
        plays = [a.additional for a in c.abilities_of(LandPlays)]
        if any(not 1 <= k <= 20 for k in plays):
            raise CardDataError("additional land plays are a whole number 1..20", card=c.name,
                                field="abilities.additional")
        r["extra_land_plays"] = sum(plays)
        if c.attacks_only_if is not None:
            r["attack_if"] = AttackIf.AI_CONTROLS
            r["attack_if_filter"] = self._attack_condition(c.attacks_only_if)
        if r["keywords"] & KeywordBit.KW_DEFENDER or c.cant_attack:
            r["attack_if"] = AttackIf.AI_NEVER     # 702.3b, 508.1c (one byte for able_to_attack to read)
        # Ability rows: each kind's rows are contiguous, found from the card.
        for kind, record, prefix, emit in (
                (ManaAbility, "mana_ability", "mana", self._mana_ability),
                (CostModifier, "cost_modifier", "costmod", self._cost_modifier),
                (ManaTrigger, "mana_trigger", "trigger", self._mana_trigger),
                (ManaReplacement, "mana_replacement", "replacement", self._mana_replacement),
                (StaticGrant, "grant", "grant", self._grant),
                (EntersEffect, "enters", "enters", self._enters),
                (TriggeredAbility, "triggered", "triggered", self._triggered),
                (ActivatedAbility, "activated", "activated", self._activated)):
            abilities = c.abilities_of(kind)
            if kind is EntersEffect and c.loyalty and "Planeswalker" in c.types:
                # 306.5b: a planeswalker enters with its printed loyalty in loyalty counters
                abilities = (*abilities, EntersEffect(counters=((CounterName("loyalty"), c.loyalty),)))
            # Rows of this card must be contiguous: emit into a staging list first, since
            # emitting may compile token cards (whose rows would interleave).
            staged = [emit(a, idx) for a in abilities]
            if kind is ActivatedAbility and c.cycling is not None:    # 702.29a: the card's last row
                staged.append(self._cycling(c, idx))
            if kind is ActivatedAbility and staged and staged[-1]["loyalty_ability"]:
                # the play policy's ultimate: its last ability, removing more loyalty than it enters with
                staged[-1]["ultimate"] = -int(staged[-1]["loyalty"]) > (c.loyalty or 0)
            first = len(self.rows[record])
            self.rows[record].extend(staged)
            self.rows["card"][idx][f"{prefix}_first"] = first if staged else -1
            self.rows["card"][idx][f"n_{prefix}"] = len(staged)
        spells = c.abilities_of(SpellEffect)
        if len(spells) > 1:
            raise CardDataError("a card has at most one spell effect", card=c.name, field="abilities")
        if spells and any(e is not None and e.has("skip_untap") for e in (spells[0].effect, spells[0].kicked)):
            raise CardDataError("skip_untap keeps an ability's source tapped (502.3): a spell has no "
                                "source to keep", card=c.name, field="abilities.skip_untap")
        if spells:
            self.rows["card"][idx]["spell_effect"] = self.effect(spells[0].effect)
            self.rows["card"][idx]["kicked_effect"] = self.effect(spells[0].kicked)
        if c.back is not None:
            self._faces(c, idx, self.card(c.back))
        return idx

    def _faces(self, c: CardDef, idx: int, back: int) -> None:
        """A double-faced card's back face, CARD row `back`: a modal one's `back` (cast or played
        as either face, 712.12), a nonmodal one's face it transforms to (712.2) with the front
        face's mana value (712.8e); each face's `transformed` the other (701.27a, 712.3: a modal
        one may transform too), unless the back face has an unread drawback (`uncastable`: never
        turned to, never free). A transform on the back face is not worth activating (the
        goldfish turns a card to its back face, never back)."""
        cards, activated, effects, ops = (self.rows[k] for k in ("card", "activated", "effect", "op"))
        if c.transforms:
            cards[back]["mana_value"] = c.mana_value
        else:
            cards[idx]["back"] = back
        if c.back is not None and c.back.uncastable:
            return
        _check_range("back", "transformed", back - idx, np.int16)       # (rows apart: tokens between)
        cards[idx]["transformed"], cards[back]["transformed"] = back - idx, idx - back
        for q in range(cards[back]["n_activated"]):
            if activated[cards[back]["activated_first"] + q]["effect"] < 0:
                continue
            e = effects[activated[cards[back]["activated_first"] + q]["effect"]]
            if any(op["code"] == OpCode.OP_TRANSFORM for op in ops[e["op_first"]:e["op_first"] + e["n_ops"]]):
                e["worth"] = 0

    def _attack_condition(self, a: AttackCondition) -> int:
        """508.1c: "can't attack unless you control a creature ..." as the FILTER row of those
        creatures: another one, a power range, a toughness (numbers -32767..32767: the filter's
        int16, its -32768 meaning no bound)."""
        for name in ("power", "toughness", "min_power"):
            v = getattr(a, name)
            if v is not None and not -32767 <= v <= 32767:
                raise _RangeError(f"attacks_only_if.{name} must be -32767..32767, got {v}")
        lo = max((v for v in (a.power, a.min_power) if v is not None), default=None)
        # (what is controlled: a creature, the one kind so far)
        return self.filter("attacks_only_if", other=a.other, types=("Creature",), min_power=lo, max_power=a.power,
                           min_toughness=a.toughness, max_toughness=a.toughness)

    def _row(self, record: str) -> np.void:
        return schema.empty(record, 1)[0]

    def _activation(self, r, cost: ActivationCost) -> None:
        """An ability record's mana cost and its payment facts, derived once from its cost ops
        (each op's `facts` in mtgsim.vocabulary): the payment search reads these, never the ops."""
        r["cost"] = self.cost(cost.mana) if cost.mana else -1
        for op in cost.ops:                  # (each op one its record may have: ActivationCost.check_for)
            for fact, source in vocabulary.COST_BY_NAME[op.name].facts:
                r[fact] = source if isinstance(source, int) else self._cost_fact(op, source)

    def _cost_fact(self, op: CostOp, name: str) -> int:
        """The value of cost op parameter `name` as its record field holds it: a CounterKind, the
        FILTER row of "another creature" (permanents you control), or the number."""
        kind, value = vocabulary.param(op.name, name, vocabulary.COST_BY_NAME).kind, op.get(name)
        if kind == "counter":
            return vocabulary.counter_kind(value)
        if kind in ("permanents", "untapped"):
            words = value.split()
            return self.filter(f"cost: {op}", other=words[0] == "another" or kind == "untapped",   # (with {T}: not it)
                               types=[w.title() for w in words if w in ("artifact", "creature", "enchantment", "land")],
                               subtypes=cost_subtypes(op))
        return int(value)

    def _mana_ability(self, a: ManaAbility, card: int) -> np.void:
        r = self._row("mana_ability")
        r["card"] = card
        self._activation(r, a.cost)
        r["output"] = _enum_code(schema.ManaOutput, "MO_", a.output)
        r["mana"] = self.cost(a.mana) if a.mana else -1
        if a.options:
            rows = [self.cost(o) for o in a.options]
            # Options must be consecutive COST rows: copy them to the end if the cache reused
            # rows elsewhere.
            start = len(self.rows["cost"])
            for o in rows:
                self.rows["cost"].append(self.rows["cost"][o].copy())
            r["options_first"], r["n_options"] = start, len(rows)
        all_types = sum(_TYPE_LETTER_BIT.values())
        r["colors"] = {"any_color": all_types & ~int(ManaTypeBit.MT_C),
                       "any_type": all_types, "combination": all_types & ~int(ManaTypeBit.MT_C),
                       "chosen_color": int(ManaTypeBit.MT_CHOSEN)}.get(a.output.value, 0)
        if a.output is ManaKind.COMBINATION and a.options:     # "any combination of {W} and/or {U}"
            r["colors"] = sum(_TYPE_LETTER_BIT[s.colors[0]] for o in a.options for s in o.symbols)
        self.amount(r["amount"], a.amount)
        r["could_produce"] = {"": 0, "you": 1, "opponents": 2}[a.could_produce.value]
        r["if_you_control"] = self.subtype_bits(a.if_you_control)
        r["instead"] = self.cost(a.instead) if a.instead else -1
        r["effect"] = self.effect(a.effect)
        r["restriction"] = self.restriction(a.spend_only_on)
        r["condition"] = self.condition(a.activate_only)
        r["marks"] = ((int(self.rows["condition"][r["condition"]]["once_flag"]) if r["condition"] >= 0 else 0)
                      | (int(PermanentFlag.PF_SKIP_UNTAP) if a.effect.has("skip_untap") else 0))
        return r

    def _cost_modifier(self, m: CostModifier, card: int) -> np.void:
        r = self._row("cost_modifier")
        r["card"] = card
        r["change"] = m.change.code
        r["scope"] = m.scope.code
        r["mana"] = self.cost(m.mana) if m.mana else -1
        self.amount(r["amount"], m.amount)
        r["types"] = type_bits(m.types)
        r["supertypes"] = sum(_SUPERTYPE_BIT[t] for t in set(m.supertypes))
        r["subtypes"] = self.subtype_bits(m.subtypes)
        r["not_types"] = type_bits(m.not_types)
        r["colors"] = int(m.colors)
        r["while_untapped"] = m.while_untapped
        return r

    def _mana_trigger(self, t: ManaTrigger, card: int) -> np.void:
        r = self._row("mana_trigger")
        r["card"] = card
        r["watches"] = t.watches.code
        r["adds"] = t.adds.code
        r["mana"] = self.cost(t.mana) if t.mana else -1
        r["amount"] = t.amount
        r["of_type"] = (ManaTypeBit.MT_CHOSEN if t.of_type == "chosen"
                        else _TYPE_LETTER_BIT.get(t.of_type, 0))
        r["subtypes"] = self.subtype_bits(t.subtypes)
        return r

    def _mana_replacement(self, m: ManaReplacement, card: int) -> np.void:
        r = self._row("mana_replacement")
        r["card"] = card
        r["watches"] = m.watches.code
        r["multiply"] = m.multiply
        r["replace_with"] = _TYPE_LETTER_BIT.get(m.replace_with, 0)
        return r

    def _grant(self, g: StaticGrant, card: int) -> np.void:
        r = self._row("grant")
        r["card"] = card
        r["grant"] = g.grant.code
        r["to"] = g.to.code
        return r

    def _enters(self, e: EntersEffect, card: int) -> np.void:
        r = self._row("enters")
        r["card"] = card
        r["tapped"] = e.tapped
        r["unless"] = e.unless.code
        if e.unless is TappedUnless.CONTROL_SUBTYPE:      # (a land of one of those land types, 305.6)
            r["filter"] = self.filter("enters", types=("Land",), subtypes=e.subtypes)
        elif e.unless is TappedUnless.REVEAL_SUBTYPE:     # (a card in hand: no controller, no board)
            r["filter"] = self.filter("enters", subtypes=e.subtypes)
        elif e.unless in (TappedUnless.MANY_BASIC_LANDS, TappedUnless.CONTROL_BASIC):
            r["filter"] = self.filter("enters", types=("Land",), supertypes=("Basic",))
        elif e.unless is TappedUnless.CONTROL_LEGENDARY_CREATURE:
            r["filter"] = self.filter("enters", types=("Creature",), supertypes=("Legendary",))
        r["life"] = e.life
        self.counters(r, e.counters)
        r["choose_color"] = e.choose_color
        r["is_chosen_type"] = e.chosen_type      # (the five basic land types are the first subtype bits)
        if e.not_color:
            r["not_color"] = 1 << COLOR_ORDER.index(e.not_color)
            r["other_color"] = 1 << COLOR_ORDER.index(self.other_color(e.not_color))
        return r

    def _triggered(self, t: TriggeredAbility, card: int) -> np.void:
        r = self._row("triggered")
        r["card"] = card
        r["event"] = t.event.code                  # (the core's EV_ member of that name: vocabulary.Event)
        r["spell_types"] = type_bits(t.spell_types)
        r["spell_not_types"] = type_bits(t.spell_not_types)
        r["colorless"] = t.colorless
        r["chapter"] = t.chapter
        r["nth"] = t.nth
        r["mv_counters"] = 1 + vocabulary.counter_kind(t.mana_value_counters) if t.mana_value_counters else 0
        r["effect"] = self.effect(t.effect)
        return r

    def _activated(self, a: ActivatedAbility, card: int) -> np.void:
        r = self._row("activated")
        r["card"] = card
        self._activation(r, a.cost)
        r["sorcery_speed"] = a.sorcery_speed
        r["effect"] = self.effect(a.effect)
        r["condition"] = self.condition(a.activate_only)
        if a.effect.has("hand_to_battlefield"):          # (113.6m: of the card in the hand, which it puts)
            r["from_hand"] = 1
            self.rows["op"][self.rows["effect"][r["effect"]]["op_first"]]["arg"] = card
        return r

    def _cycling(self, c: CardDef, card: int) -> np.void:
        """Cycling (702.29a) as an ACTIVATED row of the card in hand (from_hand): its cost the
        mana (discarding the card is the rest), its effect a draw or a typecycling's search."""
        r = self._row("activated")
        r["card"] = card
        self._activation(r, ActivationCost(c.cycling or ManaCost(), (CostOp("discard_self"),)))
        r["effect"] = self.effect(_cycling_effect(c.typecycling))
        return r

    def granted_any_color(self) -> int:
        """The MANA_ABILITY row that static grants give (Chromatic Lantern, Cryptolith Rite):
        "{T}: Add one mana of any color." It belongs to no card (card = -1)."""
        r = self._new("mana_ability")
        r["card"] = -1
        r["tap"] = 1
        r["output"] = int(schema.ManaOutput.MO_ANY_COLOR)
        r["colors"] = 31
        r["amount"]["fixed"] = 1
        return self._index("mana_ability")

    def earthbent_rows(self, defs: tuple[CardDef, ...]) -> None:
        """701.66a: with an earthbend in the tables, each land's row its earthbent row, Card.earthbent rows on."""
        earthbends = any(op["code"] == OpCode.OP_EARTHBEND for op in self.rows["op"])
        for c in [d for d in defs if "Land" in d.types and d.name in self.card_rows] if earthbends else []:
            row, d = self.card_rows[c.name], earthbent(c)
            self.becomes_defs[d.name] = d
            if not -32768 <= self.card(d) - row <= 32767:
                raise CardDataError(f"earthbend: its earthbent row is {self.card(d) - row} rows on, past Card's int16")
            self.rows["card"][row]["earthbent"] = self.card(d) - row

    def tables(self, defs: tuple[CardDef, ...]) -> Tables:
        self.earthbent_rows(defs)
        granted = self.granted_any_color()

        def table(record: str) -> np.ndarray:
            rows = self.rows[record]
            out = schema.empty(record, len(rows))
            for i, row in enumerate(rows):
                out[i] = row
            return out
        names = [""] * len(self.rows["card"])      # (every row is some card's)
        for n, i in self.card_rows.items():
            names[i] = n
        for i, d in self.level_defs.items():
            names[i] = d.name
        by_name = {d.name: d for d in (*defs, *self.becomes_defs.values())}   # (what cards become: rows too)
        return Tables(
            cards=table("card"), costs=table("cost"), hybrids=table("hybrid"),
            counts=table("count"), filters=table("filter"), ops=table("op"), effects=table("effect"),
            mana_abilities=table("mana_ability"),
            spend_restrictions=table("spend_restriction"), conditions=table("condition"),
            cost_modifiers=table("cost_modifier"),
            mana_triggers=table("mana_trigger"),
            mana_replacements=table("mana_replacement"), grants=table("grant"),
            enters=table("enters"), triggered=table("triggered"), activated=table("activated"),
            card_names=tuple(names), subtypes=tuple(self.subtypes),
            defs=tuple(self.level_defs.get(i) or by_name[n] for i, n in enumerate(names)), granted_mana_row=granted,
            count_rows=dict(self.count_cache), cost_rows=dict(self.cost_cache),
            restriction_texts=tuple(self.restriction_texts))


def _with_identity(d: CardDef, identity: Color | None) -> CardDef:
    """`d` with its "any color in your commander's color identity" mana abilities made
    concrete: one mana of one of the identity's colours (one colour: that mana), or no mana
    ability at all when the player has no commander (903.4f: the colours are undefined, the
    ability adds no mana, 106.5) or the identity is colourless (no colour to add)."""
    if not any(isinstance(a, ManaAbility) and a.output is ManaKind.COMMANDER_IDENTITY for a in d.abilities) \
            and (d.back is None or _with_identity(d.back, identity) is d.back):
        return d
    letters = color_order(identity) if identity is not None else ()
    out: list[Any] = []                 # (the abilities, those of commander-identity mana made concrete)
    for a in d.abilities:
        if isinstance(a, ManaAbility) and a.output is ManaKind.COMMANDER_IDENTITY:
            if len(letters) == 1:
                out.append(dataclasses.replace(a, output=ManaKind.FIXED, mana=ManaCost.parse("{%s}" % letters[0])))
            elif letters:
                out.append(dataclasses.replace(a, output=ManaKind.CHOICE,
                                               options=tuple(ManaCost.parse("{%s}" % x) for x in letters)))
            continue                    # no commander, or a colourless identity: no mana (903.4f)
        out.append(a)
    back = _with_identity(d.back, identity) if d.back is not None else None
    return dataclasses.replace(d, abilities=tuple(out), back=back)


def compile_cards(cards: ResolvedCards | Iterable[CardDef], *old: object,
                  commander_identity: Color | None = None, creature_type: str | None = None,
                  colors: str | None = None) -> Tables:
    """Compile card records into tables: `cards` as `CardDatabase.resolve` gives them (the
    cards, the token cards they create, and which record each token reference names), or
    records that create no tokens. No name is looked up here. Mana abilities of "any color in
    your commander's color identity" add one of the colours of `commander_identity`
    (color_identity of the commanders), or nothing when it is None (the player has no
    commander, 903.4f). `creature_type`: the creature type every "As ~ enters, choose a
    creature type" chooses in a game of these tables (Cavern of Souls' mana is spent only on
    creature spells of it, 106.6); None: the policy's, chosen_creature_type of the cards.
    `colors`: the colours ranked for the goldfish's choice of a colour "other than" one (the
    Gates: compiled as the Enters row's other_color); None: colors_by_pips of the cards, each once."""
    if old:
        raise ArgumentTypeError("compile_cards takes card records and no database: resolve names and "
                                "tokens first, compile_cards(db.resolve(cards)), and give the identity "
                                "as commander_identity=")
    resolved = cards if isinstance(cards, ResolvedCards) else ResolvedCards(_records(cards))
    for d in resolved.cards:
        for where, token in token_references(d):
            if token not in resolved.tokens:
                raise CardDataError(f"creates the token {shown(token)}, which these cards don't resolve: "
                                    "compile the cards with their tokens, compile_cards(db.resolve(cards))",
                                    card=d.name, field=where)
    defs = [_with_identity(d, commander_identity) for d in resolved.cards]
    tokens = {ref: _with_identity(t, commander_identity) for ref, t in resolved.tokens.items()}
    faces = defs + [d.back for d in defs if d.back is not None]
    if colors is None:
        colors = colors_by_pips((d, 1) for d in defs)
    if creature_type is None:
        creature_type = chosen_creature_type((d, 1) for d in faces)
    elif creature_type not in CREATURE_TYPES:
        raise ArgumentError(f"creature_type {shown(creature_type)} is not a creature type (205.3m)")
    comp = _Compiler(referenced_subtypes(faces, creature_type), tokens, creature_type, colors)
    for d in defs:
        comp.card(d)
    all_defs = tuple(faces)
    tables = comp.tables(all_defs)
    schema.check_card_limits(tables)    # per-card limits of the kernels' buffers, naming the card
    return tables


def _records(cards, what: str = "compile_cards: cards") -> tuple[CardDef, ...]:
    """Cards given to the compiler as an iterable: CardDefs only (a name is looked up by the
    database, at the edge)."""
    out = checks.items(cards, what)
    for c in out:
        if not isinstance(c, CardDef):
            raise ArgumentTypeError(f"{what}: card records (CardDefs), not {type(c).__name__} {shown(c)}: "
                                    "look names up first (db[name], or compile_cards(db.resolve(cards)))")
    return out


@dataclass
class CompiledDeck:
    """A deck ready for the kernels: the tables of its cards and its library as CARD rows."""
    tables: Tables
    library: np.ndarray       # int32 CARD rows, one entry per card in the main deck
    sideboard: np.ndarray     # int32 CARD rows of the sideboard
    commander: np.ndarray     # int32 CARD rows of the commander(s)


def colors_by_pips(cards: Iterable[tuple[CardDef, int]]) -> str:
    """The colours of `cards`' mana costs ((card, copies) pairs), the most coloured pips first (a
    tie: in the order met); a colour no cost has is left out. Its first is the goldfish's colour
    (PlayPolicy.color None: "the most common colour in the deck's mana costs")."""
    pips: Counter[str] = Counter()
    for c, k in cards:
        for col, v in c.cost.colored.items():
            pips[col] += v * k
    return "".join(col for col, _ in pips.most_common())


def chosen_creature_type(cards: Iterable[tuple[CardDef, int]]) -> str | None:
    """The goldfish's policy for "As ~ enters, choose a creature type" (Cavern of Souls, whose
    mana is spent only on creature spells of that type, 106.6): the creature type (205.3m) most
    of `cards`' creature cards share, counted by copies (`cards`: (card, copies) pairs; a tie:
    the first in alphabetical order); None if no creature card has one. Every such permanent of
    a game chooses this one type (the player's choice: one type serves the deck best)."""
    copies: dict[str, int] = {}
    for c, n in cards:
        for face in (c, c.back) if c.back is not None else (c,):
            if "Creature" in face.types:
                for t in set(face.subtypes) & CREATURE_TYPES:
                    copies[t] = copies.get(t, 0) + n
    return min(copies, key=lambda t: (-copies[t], t)) if copies else None


def compile_deck(deck, extra: Iterable[CardDef] = ()) -> CompiledDeck:
    """Compile a Deck (and the `extra` card records a question names, e.g. tracked cards): its
    records, with the tokens they create as the deck resolves them; the creature type chosen
    (chosen_creature_type) by the copies played, main deck and commanders."""
    cmd = [c for c, _ in deck.cards("commander")]
    records = ([c for c, _ in deck.cards()] + [c for c, _ in deck.cards("sideboard")] + cmd
               + list(_records(extra, "compile_deck: extra")))
    tables = compile_cards(deck.resolve(records), commander_identity=color_identity(cmd) if cmd else None,
                           creature_type=chosen_creature_type(deck.cards()), colors=colors_by_pips(deck.cards()))
    # (903.4f: no commander, no identity)

    def rows(section: str) -> np.ndarray:
        return np.array([tables.row_of(c) for c, k in deck.cards(section) for _ in range(k)], dtype=np.int32)

    return CompiledDeck(tables, rows("maindeck"), rows("sideboard"), rows("commander"))
