"""Small readers shared by the recognizers: numbers, mana symbols, plural subtypes, counts of
permanents ("for each Elf you control"), amounts, activation costs."""
from __future__ import annotations

import re
from typing import Any

from ... import vocabulary
from ...errors import CardDataError, InternalError
from ...mana import ManaCost, ManaCostError
from ..model import CARD_TYPES, ActivationCost, CostOp
from ..oracle_text import number

SYMBOL = r"\{[^}]+\}"
MANA = rf"(?:{SYMBOL})+"
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
NUMBER_WORD = r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


def counter_words(*kinds: str) -> str:
    """A pattern matching these counter kinds as cards write them, each one the vocabulary
    declares (vocabulary.COUNTERS): text about a kind the engine doesn't know stays unread."""
    for kind in kinds:
        if kind not in vocabulary.COUNTER_NAMES:
            raise InternalError(f"a recognizer reads {kind!r} counters, a kind the vocabulary doesn't declare")
    return "(?:" + "|".join(re.escape(k) for k in kinds) + ")"


def number_of(word: str) -> int:
    """The number a matched number word says (the patterns let only number words through)."""
    v = number(word)
    if v is None:
        raise InternalError(f"a recognizer matched {word!r} as a number")
    return v


def mana_symbols(text: str) -> str | None:
    """'{G}{G}' if text is mana symbols a mana ability can add, else None."""
    text = text.strip()
    if not re.fullmatch(r"(?:\{[WUBRGC]\})+", text):
        return None
    return text


_PLURAL = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Mice": "Mouse", "Fungi": "Fungus",
           "Octopi": "Octopus", "Sphinxes": "Sphinx", "Foxes": "Fox", "Allies": "Ally"}


def singular(word: str) -> str:
    if word in _PLURAL:
        return _PLURAL[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


TYPE_WORDS = {t.lower(): t for t in CARD_TYPES} | {t.lower() + "s": t for t in CARD_TYPES} | {
    "sorceries": "Sorcery"}


def _count_of_permanents(phrase: str) -> dict | None:
    """'Elf you control' / 'creatures you control' / 'other Elves you control' / 'Swamp you
    control' / 'artifact and/or creature you control' → a Count table, else None."""
    m = re.fullmatch(r"(?P<other>other )?(?P<what>[\w' ]+?) (?P<who>you control|your opponents control|"
                     r"an opponent controls|on the battlefield)", phrase.strip())
    if not m:
        return None
    who = {"you control": "you", "your opponents control": "opponents", "an opponent controls": "opponents",
           "on the battlefield": "any"}[m["who"]]
    types, subtypes = [], []
    for w in re.split(r" or | and/or |, ", m["what"]):
        w = w.strip()
        if w.startswith("basic "):
            return None
        if w in ("permanent", "permanents"):
            continue
        if w.lower() in TYPE_WORDS and w == w.lower():
            types.append(TYPE_WORDS[w.lower()])
        elif re.fullmatch(r"[A-Z][a-z'-]+(?: [A-Z][a-z]+)?(?: creatures?)?", w):
            subtypes.append(singular(w.split()[0]))
        else:
            return None
    t: dict[str, Any] = {"count": "permanents"}
    if who != "you":
        t["controller"] = who
    if types:
        t["types"] = types
    if subtypes:
        t["subtypes"] = subtypes
    if m["other"]:
        t["other"] = True
    return t


_GRAVEYARDS = {"your graveyard": "you", "all graveyards": "any"}


def _count_in_graveyard(phrase: str) -> dict | None:
    """'card in your graveyard' / 'instant and sorcery card in your graveyard' / 'creature cards
    in all graveyards' → a Count table, else None (of one card type, or instants and sorceries:
    Count's check)."""
    m = re.fullmatch(r"(?:(?P<types>[a-z]+|instant (?:and|or) sorcery) )?cards? in (?P<where>your graveyard|"
                     r"all graveyards)", phrase.strip())
    if not m:
        return None
    t: dict[str, Any] = {"count": "cards_in_graveyard"}
    if _GRAVEYARDS[m["where"]] != "you":
        t["controller"] = _GRAVEYARDS[m["where"]]
    if m["types"]:
        words = re.split(r" (?:and|or) ", m["types"])
        if not all(w in TYPE_WORDS for w in words):
            return None
        t["types"] = [TYPE_WORDS[w] for w in words]
    return t


_COUNTED_COUNTERS = counter_words("+1/+1", "charge", "storage", "burden")   # "for each ... counter on ~"


def amount_phrase(phrase: str) -> Any:
    """'for each Elf you control' / 'equal to the number of ...' → an Amount table, else None."""
    phrase = phrase.strip().rstrip(".")
    m = re.fullmatch(r"for each (.+)", phrase) or re.fullmatch(r"equal to the number of (.+)", phrase)
    if m:
        what = m.group(1)
        if what in ("card in your hand", "cards in your hand"):
            return {"count": "cards_in_hand"}
        if c := re.fullmatch(rf"({_COUNTED_COUNTERS}) counters? on ~", what):
            return {"count": "counters_on_self", "counter": c.group(1)}
        if c := re.fullmatch(r"card types? among cards in (your graveyard|all graveyards)", what):
            return {"count": "card_types_in_graveyard", **({} if _GRAVEYARDS[c[1]] == "you" else {"controller": "any"})}
        return _count_of_permanents(what) or _count_in_graveyard(what)
    if phrase in ("equal to the greatest power among creatures you control",):
        return {"count": "greatest_power"}
    if m := re.fullmatch(r"equal to ~'s (power|toughness)", phrase):
        return {"count": m.group(1)}
    m = re.fullmatch(r"equal to your devotion to (white|blue|black|red|green)", phrase)
    if m:
        return {"count": "devotion", "color": COLOR_WORDS[m.group(1)]}
    return None



def activation_cost(text: str, record: str = "activated") -> str | None:
    """An activation cost in the vocabulary's form ('{2}, {T}, Sacrifice this'), or None
    when some part of it is outside the vocabulary (mana symbols, the cost ops' phrases:
    mtgsim.vocabulary.COST_OPS) or not one the ability's `record` ("activated", "mana_ability")
    may have."""
    parts, ops = [], []
    for part in (p.strip() for p in text.split(",")):
        if "{X}" in part:               # (an ability's own X, 107.3k: the vocabulary's X is the spell's)
            return None
        if re.fullmatch(r"(?:\{[^}]+\})+", part):
            try:
                syms = re.findall(r"\{[^}]+\}", part)
                mana = [s for s in syms if CostOp.read(s) is None]
                ops += [op for s in syms if (op := CostOp.read(s))]
                if mana:
                    ManaCost.parse("".join(mana))
            except ManaCostError:
                return None
            parts.append(part)
        elif op := CostOp.read(part):
            parts.append(str(op))
            ops.append(op)
        else:
            return None
    try:                                # (each op one the record may have, with what it needs besides)
        ActivationCost(ops=tuple(ops)).check_for(record)
    except CardDataError:
        return None
    return ", ".join(parts) if parts else None


_SUPERTYPE_WORDS = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow"}
_COUNTED = r"(?P<n>two|three|four|five|six|seven|eight|nine|ten|\d+) or more"


def _controlled(phrase: str) -> dict | None:
    """What "if you control ..." asks for: 'five or more lands' / 'a Swamp' / 'an artifact' / 'a
    Plains or a Swamp' / 'a creature with power 4 or greater' / 'three or more lands with the
    same name' / 'two or more black permanents' → the fields of an `activate_only` table."""
    out: dict[str, Any] = {}
    if m := re.fullmatch(rf"{_COUNTED} (?P<what>.+)", phrase):
        out["controls"] = number_of(m["n"])
        what, plural = m["what"], True
    elif m := re.fullmatch(r"an? (?P<what>.+)", phrase):
        out["controls"] = 1
        what, plural = m["what"], False
    else:
        return None
    if what.endswith(" with the same name"):
        what, out["same_name"] = what.removesuffix(" with the same name"), True
    if m := re.fullmatch(r"(?P<what>.+) with (?P<pt>power|toughness) (?P<p>\d+) or greater", what):
        what, out[f"min_{m['pt']}"] = m["what"], int(m["p"])
    alternatives = re.split(r" or (?:an? )?", what)
    fields: dict[str, list] = {}
    for alt in alternatives:
        for w in alt.split():
            if w in COLOR_WORDS and len(alternatives) == 1:
                out["colors"] = out.get("colors", "") + COLOR_WORDS[w]
            elif w in _SUPERTYPE_WORDS and len(alternatives) == 1:
                fields.setdefault("supertypes", []).append(_SUPERTYPE_WORDS[w])
            elif w in TYPE_WORDS and (w.endswith("s") or w in ("sorceries",)) == plural:
                fields.setdefault("types", []).append(TYPE_WORDS[w])
            elif w in ("permanent", "permanents") and (w == "permanents") == plural:
                pass
            elif re.fullmatch(r"[A-Z][a-z'-]+", w):
                fields.setdefault("subtypes", []).append(singular(w) if plural else w)
            else:
                return None
    if len(alternatives) > 1 and len(fields) != 1:
        return None                     # ("a Plains or an Island": any of one kind of word)
    return out | fields


def activate_only(sentence: str) -> dict | None:
    """'Activate only if you control five or more lands.' / '... only once each turn.' / '...
    only if you have exactly seven cards in hand.' / '... only during your turn.' → the fields
    of an `activate_only` table (602.5; "as a sorcery" as `sorcery_speed`: 602.5d), else None."""
    m = re.fullmatch(r"Activate only (?P<parts>.+?)\.?", sentence.strip())
    if m is None:
        return None
    out: dict[str, Any] = {}
    for part in re.split(r",? and only ", m["parts"]):
        if part == "as a sorcery":
            out["sorcery_speed"] = True
        elif part == "once each turn":
            out["once_each_turn"] = True
        elif part == "during your turn":
            out["during"] = "your_turn"
        elif part == "during an opponent's turn":
            out["during"] = "opponents_turn"
        elif h := re.fullmatch(r"if you have (?:(?P<exactly>exactly) )?(?P<n>no|one|two|three|four|five|six|seven|"
                               r"eight|\d+)(?: or (?P<more>more|fewer))? cards? in (?:your )?hand", part):
            n = 0 if h["n"] == "no" else number_of(h["n"])
            if h["n"] == "no" or h["exactly"]:
                out["hand_min"], out["hand_max"] = n, n
            elif h["more"] == "more":
                out["hand_min"] = n
            elif h["more"] == "fewer":
                out["hand_max"] = n
            else:
                return None
            if out.get("hand_min") == 0:
                del out["hand_min"]
        elif c := re.fullmatch(r"if (?P<entered>~ entered this turn or if )?you control (?P<what>.+)", part):
            what = _controlled(c["what"])
            if what is None or "controls" in out:
                return None
            out |= what | ({"or_entered_this_turn": True} if c["entered"] else {})
        else:
            return None
    return out
