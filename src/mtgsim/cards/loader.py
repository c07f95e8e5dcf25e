"""The card loader: one card record (a CardDef) from its TOML table (`card_from_table`, which the
database's files and the importer's recognized cards both go through), validated field by field
with errors naming file, card and field; the cards of a TOML text (`cards_from_toml`); the text
forms of fields (type line, activation cost, power/toughness); and `card`, a card written in one
line of Python.
"""
from __future__ import annotations

import dataclasses
import enum
import re
import typing
from typing import Any, Iterable, Mapping

from ..errors import ArgumentTypeError, CardDataError, InternalError, shown
from ..checks import items
from ..files import load_toml
from ..mana import Color, ManaCost, ManaCostError, parse_colors
from .. import vocabulary
from . import model
from .model import (ABILITY_KINDS, CARD_TYPES, SUPERTYPES, ActivationCost, CardDef, CostOp, Count,
                    CountOf, Effect, ManaAbility, ManaKind, PT)

__all__ = ["card_from_table", "cards_from_toml", "card", "parse_type_line", "parse_activation_cost"]


# ---- text forms of fields ------------------------------------------------------------------

def parse_type_line(text: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """'Legendary Artifact — Equipment' → (supertypes, types, subtypes); raises CardDataError."""
    halves = re.split(r"\s+(?:—|–|--|-)\s+", text.strip(), maxsplit=1)
    left, right = halves[0], (halves[1] if len(halves) > 1 else "")
    sup, typ = [], []
    for word in left.split():
        if word in SUPERTYPES:
            sup.append(word)
        elif word in CARD_TYPES:
            typ.append(word)
        elif word == "Token":
            continue
        else:
            raise CardDataError(f"{shown(word)} is not a card type or supertype (205.2a, 205.4a)")
    if not typ:
        raise CardDataError(f"type line {shown(text)} has no card type")
    return tuple(sup), tuple(typ), tuple(right.split())


def parse_activation_cost(text: str) -> ActivationCost:
    """'{2}, {T}, Pay 1 life, Sacrifice this artifact' → ActivationCost: each part mana symbols
    or a cost op's phrase (mtgsim.vocabulary.COST_OPS); raises CardDataError."""
    mana, ops = ManaCost(), []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise CardDataError(f"empty part in activation cost {shown(text)}")
        symbols = re.findall(r"\{[^}]*\}", part)
        if "".join(symbols) == part.replace(" ", ""):
            rest = []
            for sym in symbols:
                if op := CostOp.read(sym):
                    ops.append(op)
                else:
                    rest.append(sym)
            mana = mana + ManaCost.parse("".join(rest))
        elif op := CostOp.read(part):
            ops.append(op)
        else:
            known = ", ".join(f"'{vocabulary.cost_example(o)}'" for o in vocabulary.COST_OPS if o.phrase)
            raise CardDataError(f"{shown(part)} is not a cost this vocabulary knows (mana symbols, {known})")
    return ActivationCost(mana, tuple(ops))


def _parse_pt(text: Any) -> tuple[PT, PT]:
    s = str(text).replace(" ", "")
    parts = s.split("/")
    if len(parts) != 2:
        raise CardDataError(f"power/toughness {shown(text)} must look like '2/3' or '*/*'")
    out = []
    for p in parts:
        m = re.fullmatch(r"(-?\d+)?(\+?\*)?", p)
        if not p or not m or (m.group(1) is None and not m.group(2)):
            raise CardDataError(f"{shown(p)} in {shown(text)} is not a number, '*' or 'N+*'")
        if m.group(2) == "+*" and m.group(1) is None:
            raise CardDataError(f"{shown(p)} in {shown(text)} is not a number, '*' or 'N+*'")
        out.append(PT(int(m.group(1) or 0), bool(m.group(2))))
    return out[0], out[1]


# ---- generic record conversion (driven by the dataclass fields of the model) -------------

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, vars(model))
    return _HINTS[cls]


_EFFECT_FIELDS = {*vocabulary.OP_NAMES, *vocabulary.MODIFIERS}     # a flat effect's fields
_AMOUNT = model.Amount
_NAMED_AMOUNTS = tuple[tuple[str, model.Amount], ...]
_COUNTER_AMOUNTS = tuple[tuple[model.CounterName, model.Amount], ...]
_GRANTED = tuple[model.TriggeredAbility, ...]
_PARAM_HINT = {"amount": _AMOUNT, "number": int, "bool": bool, "mana": ManaCost, "names": tuple[str, ...],
               "named_amounts": _NAMED_AMOUNTS,
               "abilities": _GRANTED}              # a vocabulary.Param's kind: the type it is read as


def _convert(value: Any, hint: Any, where: str) -> Any:
    """Convert one TOML value to the field type `hint`; raise CardDataError saying what's wrong."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint == _AMOUNT:
        if isinstance(value, bool):
            raise CardDataError(f"expected a number or a count, got {shown(value)}")
        if isinstance(value, int):
            if value < 0:
                raise CardDataError(f"must not be negative, got {value}")
            return value
        if isinstance(value, str) and value.strip().upper() == "X":
            return Count(CountOf.X)
        if isinstance(value, dict):
            return _record(Count, value, where)
        raise CardDataError(f"expected a number, 'X' or a table like {{count = \"permanents\"}}, "
                            f"got {shown(value)}")
    if hint == _GRANTED:                 # (abilities an effect gives: a list of ability tables, triggered ones)
        if not isinstance(value, list):
            raise CardDataError(f"expected a list of ability tables, got {shown(value)}")
        granted = tuple(_ability(v, f"{where}[{i}]") if isinstance(v, dict) else v for i, v in enumerate(value))
        if not all(isinstance(a, model.TriggeredAbility)
                   and a.event in (model.Event.SELF_ATTACKS, model.Event.YOU_CAST_SPELL) for a in granted):
            raise CardDataError("only a \"whenever ~ attacks\" or \"whenever you cast\" ability (kind = \"trigger\", "
                                "event = \"self_attacks\" or \"you_cast_spell\") can be given here: the rules core "
                                "reads no other from what a permanent becomes")
        return granted
    if hint in (_NAMED_AMOUNTS, _COUNTER_AMOUNTS):
        if not isinstance(value, dict):
            raise CardDataError(f"expected a table like {{\"+1/+1\" = 1}}, got {shown(value)}")
        key = typing.get_args(typing.get_args(hint)[0])[0]
        return tuple((_convert(k, key, where), _convert(v, _AMOUNT, f"{where}.{k}")) for k, v in value.items())
    if hint is model.CounterName:
        if not isinstance(value, str):
            raise CardDataError(f"expected a counter kind such as \"+1/+1\", got {shown(value)}")
        vocabulary.counter_kind(value)
        return value
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)) and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return None if value is None else _convert(value, inner, where)
    if hint is bool:
        if not isinstance(value, bool):
            raise CardDataError(f"expected true or false, got {shown(value)}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CardDataError(f"expected a whole number, got {shown(value)}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise CardDataError(f"expected text, got {shown(value)}")
        return value
    if hint is ManaCost:
        if not isinstance(value, str):
            raise CardDataError(f"expected mana symbols such as \"{{1}}{{G}}\", got {shown(value)}")
        return ManaCost.parse(value)
    if hint is ActivationCost:
        if not isinstance(value, str):
            raise CardDataError(f"expected a cost such as \"{{1}}, {{T}}\", got {shown(value)}")
        return parse_activation_cost(value)
    if hint is Color:
        if not isinstance(value, str):
            raise CardDataError(f"expected colour letters such as \"WU\", got {shown(value)}")
        return parse_colors(value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in hint)
            raise CardDataError(f"{shown(value)} is not one of {allowed}") from None
    if origin is tuple:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list):
            raise CardDataError(f"expected a list, got {shown(value)}")
        return tuple(_convert(v, args[0], f"{where}[{i}]") for i, v in enumerate(items))
    if hint is model.SpendRestriction:
        return model.SpendRestriction.parse(value)
    if hint is Effect:
        return _effect(value, where)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise CardDataError(f"expected a table, got {shown(value)}")
        return _record(hint, value, where)
    raise InternalError(f"the card model has a field of type {shown(hint)}, which the loader can't convert")


def _record(cls: type, table: Mapping[str, Any], where: str):
    hints = _hints(cls)
    kwargs = {}
    for key, value in table.items():
        if key not in hints:
            known = ", ".join(sorted(hints))
            raise _FieldError(f"{where}.{key}" if where else key,
                              f"unknown field {shown(key)} for {cls.__name__} (known: {known})")
        fname = f"{where}.{key}" if where else key
        try:
            kwargs[key] = _convert(value, hints[key], fname)
        except _FieldError:
            raise
        except (ValueError, ManaCostError) as e:
            raise _FieldError(fname, str(e)) from None
    try:
        return cls(**kwargs)
    except TypeError as e:  # a required field is missing
        raise _FieldError(where, f"{cls.__name__}: {e}") from None
    except CardDataError as e:  # the record's own check (its __post_init__), naming its field
        raise _FieldError(".".join(p for p in (where, e.field) if p), e.message) from None


def _effect_fields(table: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The fields of a flat effect table (op names and their parameters, mtgsim.vocabulary),
    each read as its parameter's kind and checked against its bounds."""
    out = {}
    for key, value in table.items():
        fname = f"{where}.{key}" if where else key
        op = key if key in vocabulary.BY_NAME else vocabulary.MODIFIERS.get(key, ("",))[0]
        if not op:
            known = ", ".join(sorted(_EFFECT_FIELDS))
            raise _FieldError(fname, f"unknown effect field {shown(key)} (known: {known})")
        try:
            out[key] = _convert(value, _PARAM_HINT[vocabulary.param(op, key).kind], fname)
            vocabulary.check(op, key, out[key])
        except _FieldError:
            raise
        except (ValueError, ManaCostError) as e:
            raise _FieldError(fname, str(e)) from None
    for op in [k for k in out if k in vocabulary.BY_NAME]:          # (a parameter bounded by another)
        for key, message in vocabulary.beyond_bounds(op, out):
            raise _FieldError(f"{where}.{key}" if where else key, message)
    return out


def _effect(value: Any, where: str) -> Effect:
    """An effect from its TOML: a table of flat fields (`{ scry = 2, draw = 1 }`: the ops in the
    canonical order, vocabulary.OPS), or a list of tables of one op each (`[{ draw = 1 },
    { scry = 2 }]`), carried out in the order written (608.2c), an op as often as it is written."""
    if isinstance(value, dict):
        return Effect.flat(**_effect_fields(value, where))
    if not isinstance(value, list):
        raise _FieldError(where, f"expected a table of effect fields or a list of them, got {shown(value)}")
    ops: list[model.Op] = []
    for i, part in enumerate(value):
        w = f"{where}[{i}]"
        if not isinstance(part, dict):
            raise _FieldError(w, f"expected a table of one op such as {{ draw = 1 }}, got {shown(part)}")
        fields = _effect_fields(part, w)
        names = [k for k in fields if k in vocabulary.BY_NAME
                 and not (k == "sacrifice_at_end" and "token_copy" in fields)]
        if len(names) != 1:
            raise _FieldError(w, f"each step of an effect is one op, got {len(names)}: {', '.join(names) or 'none'}")
        allowed = {p.name for p in vocabulary.BY_NAME[names[0]].params}
        for key in fields:
            if key not in allowed:
                raise _FieldError(f"{w}.{key}", f"{shown(key)} is not a parameter of {names[0]} "
                                                f"(its parameters: {', '.join(sorted(allowed))})")
        ops.extend(Effect.flat(**fields).ops)
    return Effect(tuple(ops))


class _FieldError(CardDataError):
    """A fault in one field of a card table; `card_from_table` adds the file and the card."""

    def __init__(self, field: str, message: str):
        super().__init__(message, field=field)
        self.message = message


def _ability(table: Mapping[str, Any], where: str):
    table = dict(table)
    kind = table.pop("kind", None)
    if kind not in ABILITY_KINDS:
        allowed = ", ".join(repr(k) for k in ABILITY_KINDS)
        raise _FieldError(f"{where}.kind", f"ability kind {shown(kind)} is not one of {allowed}")
    cls = ABILITY_KINDS[kind]
    hints = _hints(cls)
    # Effect fields may be written flat in the ability table: {kind="trigger", draw=1}.
    if "effect" in hints and "effect" not in table:
        flat = {k: table.pop(k) for k in list(table) if k in _EFFECT_FIELDS and k not in hints}
        table["effect"] = flat
    rec = _record(cls, table, where)
    if isinstance(rec, ManaAbility):
        rec = _check_mana_ability(rec, table, where)
    return rec


def _check_mana_ability(rec: ManaAbility, table: Mapping[str, Any], where: str) -> ManaAbility:
    if "output" not in table:  # infer the output kind from the fields given
        if rec.options:
            rec = dataclasses.replace(rec, output=ManaKind.CHOICE)
        elif not rec.mana:
            raise _FieldError(where, "a mana ability needs `mana`, `options` or `output`")
    for m in (rec.mana, rec.instead, *rec.options):
        for s in m.symbols:
            if s.kind.name not in ("COLORED", "COLORLESS"):
                raise _FieldError(where, f"{s.text} is not a type of mana an ability can add (106.1)")
    if rec.output is ManaKind.FIXED and not rec.mana:
        raise _FieldError(where, "output 'fixed' needs `mana`")
    if rec.output is ManaKind.CHOICE and len(rec.options) < 2:
        raise _FieldError(where, "output 'choice' needs at least two `options`")
    if rec.output is ManaKind.COMBINATION and any(len(o.symbols) != 1 or o.symbols[0].kind.name != "COLORED"
                                                  for o in rec.options):
        raise _FieldError(f"{where}.options", "the colours of 'combination' are single coloured symbols ({W}, {U})")
    if rec.cost.remove_x and rec.cost.remove_counters:     # (one remove_kind on the record)
        raise _FieldError(f"{where}.cost", "a cost removes counters of one kind: N of them or X, not both")
    x_amount = isinstance(rec.amount, Count) and rec.amount.count is CountOf.X
    if x_amount != bool(rec.cost.remove_x):      # (107.3a: the X of a mana ability is the cost's)
        raise _FieldError(f"{where}.amount", "amount 'X' goes with a cost \"Remove X <kind> counters from this\" "
                          "(the number removed), and that cost with amount 'X'")
    return rec


_CARD_FIELDS = {"name", "cost", "type", "pt", "loyalty", "colors", "keywords", "abilities",
                "kicker", "flashback", "text", "unmodeled", "token", "back", "star", "attacks_only_if",
                "cycling", "typecycling", "doesnt_untap", "uncastable", "cant_attack", "unmodeled_effect", "levels",
                "suspend", "suspend_time", "plot", "transforms"}


def card_from_table(table: Mapping[str, Any], source: str = "<python>") -> CardDef:
    """Build a CardDef from one TOML `[[card]]` table; raises CardDataError naming the field."""
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError("every card needs a `name` (text)", source=source)
    name = " ".join(name.split())

    def fail(field: str, message: str):
        return CardDataError(message, source=source, card=name, field=field)

    unknown = set(table) - _CARD_FIELDS
    if unknown:
        f = sorted(unknown)[0]
        return_err = fail(f, f"unknown field {f!r} (known: {', '.join(sorted(_CARD_FIELDS))})")
        raise return_err
    kw: dict[str, Any] = {"name": name}
    try:
        kw["cost"] = ManaCost.parse(table.get("cost", ""))
    except (ManaCostError, TypeError) as e:
        raise fail("cost", str(e)) from None
    if "type" not in table:
        raise fail("type", "every card needs a type line, e.g. \"Creature — Elf\"")
    try:
        kw["supertypes"], kw["types"], kw["subtypes"] = parse_type_line(str(table["type"]))
    except CardDataError as e:
        raise fail("type", str(e)) from None
    if "pt" in table:
        try:
            kw["power"], kw["toughness"] = _parse_pt(table["pt"])
        except CardDataError as e:
            raise fail("pt", str(e)) from None
    elif "Creature" in kw["types"] and not table.get("back"):
        raise fail("pt", "a creature needs power/toughness, e.g. pt = \"2/2\"")
    simple = {"loyalty": int, "keywords": tuple[str, ...], "text": str, "unmodeled": str,
              "token": bool, "kicker": ManaCost, "flashback": ManaCost, "star": Count,
              "cycling": ManaCost, "typecycling": str, "suspend": ManaCost, "suspend_time": int, "plot": ManaCost,
              "doesnt_untap": bool, "uncastable": str,
              "cant_attack": bool, "unmodeled_effect": str, "transforms": bool,
              "colors": Color, "attacks_only_if": model.AttackCondition}
    for key, hint in simple.items():
        if key in table:
            try:
                value = _convert(table[key], hint, key)
            except _FieldError as e:
                raise fail(e.field, e.message) from None
            except (ValueError, ManaCostError) as e:
                raise fail(key, str(e)) from None
            kw["color_indicator" if key == "colors" else key] = value
    if "typecycling" in kw and "cycling" not in kw:
        raise fail("typecycling", "typecycling needs a cycling cost, e.g. cycling = \"{2}\" (702.29e)")
    if kw.get("typecycling", "") not in model.TYPECYCLING:
        raise fail("typecycling", f"typecycling searches for one of {', '.join(t for t in model.TYPECYCLING if t)} "
                                  f"here; got {shown(kw['typecycling'])}")
    if ("suspend" in kw) != ("suspend_time" in kw):
        raise fail("suspend_time" if "suspend" in kw else "suspend", "suspend N—cost (702.62a) needs both its cost, "
                   "suspend = \"{R}\", and its time counters, suspend_time = 1")
    if "suspend_time" in kw and not 1 <= kw["suspend_time"] <= model.MAX_TIME_COUNTERS:
        raise fail("suspend_time", f"suspend's time counters are 1 to {model.MAX_TIME_COUNTERS} here; "
                                   f"got {shown(kw['suspend_time'])}")
    if "suspend" in kw and "Creature" in kw["types"]:
        raise fail("suspend", "a creature cast with suspend gains haste (702.62a), which is not simulated: "
                              "suspend is read on noncreature cards only")
    if "suspend" in kw and "plot" in kw:
        raise fail("plot", "a card is exiled from the hand by suspend (702.62a) or by plot (702.170a) here, not both")
    if "attacks_only_if" in kw and "Creature" not in kw["types"]:
        raise fail("attacks_only_if", "only a creature attacks (508.1a): this card is no creature")
    star = any(p is not None and p.star for p in (kw.get("power"), kw.get("toughness")))
    if "star" in kw and kw["star"].count in (model.CountOf.POWER, model.CountOf.TOUGHNESS):
        raise fail("star", "a * can't count the creature's own power or toughness "
                           "(it would be defined by itself, 208.2)")
    if star and "star" not in kw:
        raise fail("star", "power or toughness has '*': say what it counts, e.g. star = {count = \"cards_in_hand\"}")
    kw["abilities"] = _abilities(table.get("abilities", []), "", fail)
    levels = table.get("levels", [])
    if not isinstance(levels, list):
        raise fail("levels", "expected a list of class levels, { cost = \"{2}{G}\", abilities = [...] } (716.2a)")
    kw["levels"] = tuple(_class_level(lv, f"levels[{k}]", fail) for k, lv in enumerate(levels))
    if "back" in table:
        if not isinstance(table["back"], dict):
            raise fail("back", "expected a table describing the back face")
        kw["back"] = card_from_table(table["back"], source)
    return CardDef(**kw)


def _abilities(abilities: Any, prefix: str, fail) -> tuple:
    """The ability records of a list of ability tables (`prefix`: where the list is)."""
    if not isinstance(abilities, list):
        raise fail(f"{prefix}abilities", "expected a list of ability tables")
    out = []
    for i, ab in enumerate(abilities):
        where = f"{prefix}abilities[{i}]"
        if not isinstance(ab, dict):
            raise fail(where, "expected a table such as { kind = \"mana\", cost = \"{T}\", mana = \"{G}\" }")
        try:
            out.append(_ability(ab, where))
        except _FieldError as e:
            raise fail(e.field, e.message) from None
    return tuple(out)


def _class_level(table: Any, where: str, fail) -> model.ClassLevel:
    """One class level bar past the first (716.2a): its cost and the abilities of its level."""
    if not isinstance(table, dict) or set(table) - {"cost", "abilities"} or "cost" not in table:
        raise fail(where, "expected a table { cost = \"{2}{G}\", abilities = [...] } (716.2a)")
    try:
        cost = ManaCost.parse(table["cost"])
    except (ManaCostError, TypeError) as e:
        raise fail(f"{where}.cost", str(e)) from None
    return model.ClassLevel(cost, _abilities(table.get("abilities", []), f"{where}.", fail))


def cards_from_toml(text: str, source: str) -> list[CardDef]:
    """The cards of one TOML text of `[[card]]` tables, in the order written; raises CardDataError
    naming `source` (a file's name), and the card and field."""
    doc = load_toml(text, lambda message: CardDataError(message, source=source))
    extra = set(doc) - {"card"}
    if extra:
        raise CardDataError(f"unexpected top-level key {shown(sorted(extra)[0])}; cards go in [[card]] tables",
                            source=source)
    cards = doc.get("card", [])
    if not isinstance(cards, list):
        raise CardDataError("`card` must be an array of tables: write [[card]]", source=source)
    return [card_from_table(table, f"{source} (card #{i + 1})") for i, table in enumerate(cards)]


def card(name: str, cost: str | ManaCost = "", type: str = "Sorcery", pt: str | None = None,
         *, abilities: Iterable[Mapping[str, Any]] = (), **fields: Any) -> CardDef:
    """A card in one line: ``card("Test Sorcery", "{1}{G}{G}", "Sorcery")``.

    Abilities are given as the same tables the TOML files use. Raises CardDataError."""
    if not isinstance(cost, (str, ManaCost)):
        raise ArgumentTypeError(f"card: cost must be text such as '{{1}}{{G}}' or a ManaCost, "
                                f"not {cost.__class__.__name__}")
    for what, value in (("type", type), ("pt", pt)):
        if not isinstance(value, str) and not (what == "pt" and value is None):
            raise ArgumentTypeError(f"card: {what} must be text, not {value.__class__.__name__}")
    table: dict[str, Any] = {"name": name, "cost": str(cost), "type": type, **fields}
    if pt is not None:
        table["pt"] = pt
    abilities = items(abilities, "card: abilities")
    for a in abilities:
        if not isinstance(a, Mapping):
            raise ArgumentTypeError(f"card: abilities must be tables (dicts) such as {{'kind': 'mana', ...}}, "
                                    f"not {a.__class__.__name__}")
    if abilities:
        table["abilities"] = [dict(a) for a in abilities]
    return card_from_table(table)
