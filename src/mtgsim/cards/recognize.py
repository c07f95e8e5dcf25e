"""Oracle text → the ability vocabulary: each clause of a real card's text is recognized (made
an ability record), ignored (irrelevant to a goldfish: it only interacts with an opponent's
objects, or with blocking), or left unrecognized (relevant, but outside what these
recognizers read). The result is a card table in the TOML form of docs/card-format.md, which
`card_from_table` validates like any curated card, plus the clauses with their status.

The recognizers are regular expressions over normalised text (`oracle_text`): one per phrase
family, each turning the phrase into the table fields it means. A clause is recognized only
when the whole clause is read; anything else is reported, never dropped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import InternalError
from ..mana import ManaCost, ManaCostError
from .model import CARD_TYPES, KNOWN_KEYWORDS, SUPERTYPES
from .oracle import OracleCard, OracleFace
from .oracle_text import normalize, number, paragraphs, sentences, shape

__all__ = ["Clause", "Recognition", "recognize", "RECOGNIZED", "IGNORED", "UNRECOGNIZED"]

RECOGNIZED, IGNORED, UNRECOGNIZED = "recognized", "ignored", "unrecognized"


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a card's text (reminder text removed, the card's name as `~`), what
    became of it, and its phrase family (for the coverage report)."""
    text: str
    status: str
    face: str = ""
    family: str = ""


@dataclass(slots=True)
class Recognition:
    """What the recognizers made of one card: its table (docs/card-format.md) and clauses."""
    name: str
    table: dict[str, Any]
    clauses: list[Clause] = field(default_factory=list)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)   # token cards it creates, by name

    @property
    def bucket(self) -> str:
        """'fully' (no relevant clause left unread), 'partly' (some read, some not), or
        'unknown' (text, none of it read: the card plays as its cost, types and power)."""
        statuses = {c.status for c in self.clauses}
        if UNRECOGNIZED not in statuses:
            return "fully"
        return "partly" if RECOGNIZED in statuses else "unknown"

    @property
    def unrecognized(self) -> list[str]:
        return [c.text for c in self.clauses if c.status == UNRECOGNIZED]


# ---- small readers -----------------------------------------------------------------------

_SYM = r"\{[^}]+\}"
_MANA = rf"(?:{_SYM})+"
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_N = r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


def _n(word: str) -> int:
    """The number a matched number word says (the patterns let only number words through)."""
    v = number(word)
    if v is None:
        raise InternalError(f"a recognizer matched {word!r} as a number")
    return v


def _mana_symbols(text: str) -> str | None:
    """'{G}{G}' if text is mana symbols a mana ability can add, else None."""
    text = text.strip()
    if not re.fullmatch(r"(?:\{[WUBRGC]\})+", text):
        return None
    return text


_PLURAL = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Mice": "Mouse", "Fungi": "Fungus",
           "Octopi": "Octopus", "Sphinxes": "Sphinx", "Foxes": "Fox", "Allies": "Ally"}


def _singular(word: str) -> str:
    if word in _PLURAL:
        return _PLURAL[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_TYPE_WORDS = {t.lower(): t for t in CARD_TYPES} | {t.lower() + "s": t for t in CARD_TYPES} | {
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
        if w.lower() in _TYPE_WORDS and w == w.lower():
            types.append(_TYPE_WORDS[w.lower()])
        elif re.fullmatch(r"[A-Z][a-z'-]+(?: [A-Z][a-z]+)?(?: creatures?)?", w):
            subtypes.append(_singular(w.split()[0]))
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


def _amount_phrase(phrase: str) -> Any:
    """'for each Elf you control' / 'equal to the number of ...' → an Amount table, else None."""
    phrase = phrase.strip().rstrip(".")
    m = re.fullmatch(r"for each (.+)", phrase) or re.fullmatch(r"equal to the number of (.+)", phrase)
    if m:
        what = m.group(1)
        if what in ("card in your hand", "cards in your hand"):
            return {"count": "cards_in_hand"}
        if c := re.fullmatch(r"(\+1/\+1|charge|storage) counters? on ~", what):
            return {"count": "counters_on_self", "counter": c.group(1)}
        return _count_of_permanents(what)
    if phrase in ("equal to the greatest power among creatures you control",):
        return {"count": "greatest_power"}
    if m := re.fullmatch(r"equal to ~'s (power|toughness)", phrase):
        return {"count": m.group(1)}
    m = re.fullmatch(r"equal to your devotion to (white|blue|black|red|green)", phrase)
    if m:
        return {"count": "devotion", "color": _COLOR_WORDS[m.group(1)]}
    return None


# ---- costs ---------------------------------------------------------------------------------

def activation_cost(text: str) -> str | None:
    """An activation cost in the vocabulary's form ('{2}, {T}, Sacrifice this'), or None when
    some part of it is outside the vocabulary (mana, {T}, {Q}, life, sacrificing itself)."""
    parts = []
    for part in (p.strip() for p in text.split(",")):
        if re.fullmatch(r"(?:\{[^}]+\})+", part):
            try:
                syms = re.findall(r"\{[^}]+\}", part)
                mana = [s for s in syms if s not in ("{T}", "{Q}")]
                if mana:
                    ManaCost.parse("".join(mana))
            except ManaCostError:
                return None
            parts.append(part)
        elif m := re.fullmatch(r"[Pp]ay (\d+) life", part):
            parts.append(f"Pay {m.group(1)} life")
        elif part in ("Sacrifice ~", "sacrifice ~"):
            parts.append("Sacrifice this")
        else:
            return None
    return ", ".join(parts) if parts else None


# ---- effects -------------------------------------------------------------------------------

_EFFECT_SENTENCES: list[tuple[re.Pattern, Callable[[re.Match], dict]]] = []


def _effect(pattern: str):
    def register(fn):
        _EFFECT_SENTENCES.append((re.compile(pattern + r"\.?", re.IGNORECASE), fn))
        return fn
    return register


@_effect(rf"(?:you )?(?:may )?draw {_N} cards?")
def _e_draw(m):
    return {"draw": _n(m["n"])}


@_effect(r"(?:you )?gain (?P<n>\d+|X) life")
def _e_gain(m):
    return {"gain_life": "X" if m["n"] == "X" else int(m["n"])}


@_effect(r"(?:you )?lose (?P<n>\d+) life")
def _e_lose(m):
    return {"lose_life": int(m["n"])}


@_effect(r"(?:you )?draw (?P<d>a card|two cards|three cards) and (?:you )?lose (?P<l>\d+) life")
def _e_draw_lose(m):
    return {"draw": _n(m["d"].split()[0]), "lose_life": int(m["l"])}


@_effect(r"(?:~|it) deals (?P<n>\d+|X) damage to (?:any target|target player or planeswalker|target opponent"
         r"|each opponent|target player|target opponent or planeswalker|any one target)")
def _e_burn(m):
    return {"damage_to_opponent": "X" if m["n"] == "X" else int(m["n"])}


@_effect(r"(?:~|it) deals (?P<n>\d+) damage to you")
def _e_pain(m):
    return {"damage_to_you": int(m["n"])}


@_effect(r"you may play an additional land this turn")
def _e_extra_land(m):
    return {"extra_land_drops": 1}


@_effect(r"return a land you control to its owner's hand")
def _e_bounce(m):
    return {"return_land": 1}


@_effect(r"untap up to (?P<n>one|two|three|four|five|\d+) lands?")
def _e_untap(m):
    return {"untap_lands": _n(m["n"])}


@_effect(r"(?:you may )?put (?P<n>a|an|one|two|three|four|five|\d+|X) \+1/\+1 counters? on (?P<on>~|it)")
def _e_counters(m):
    # (which object: "~" this one, "it" the one the trigger is about; `_on_` checked by the ability)
    return {"counters": {"+1/+1": "X" if m["n"] == "X" else _n(m["n"])}, "_on_": m["on"]}


@_effect(rf"target player draws {_N} cards? and loses (?P<l>\d+) life")
def _e_sign_in_blood(m):                # (the goldfish's player targets themself)
    return {"draw": _n(m["n"]), "lose_life": int(m["l"])}


@_effect(r"(?:you )?draw a card for each (?P<what>.+)")
def _e_draw_for_each(m):
    amount = _amount_phrase("for each " + m["what"])
    return None if amount is None else {"draw": amount}


@_effect(r"(?:you may )?put a land card from your hand onto the battlefield")
def _e_land_from_hand(m):               # (as one more land play this turn: the land enters untapped)
    return {"extra_land_drops": 1}


@_effect(r"investigate")
def _e_investigate(m):
    return {"tokens": {"Clue": 1}}


@_effect(r"sacrifice (?:~|it) at the beginning of the next end step")
def _e_sac_end(m):
    return {"sacrifice_at_end": True}


_LAND_SEARCH = re.compile(
    r"(?:you may )?search your library for (?P<n>a|an|up to (?:one|two|three|four|\w+)) (?P<what>[\w ,]+?) cards?"
    r"(?:, reveal (?:it|them|those cards))?,(?: and)? (?P<put>put (?:it|them|that card|those cards) (?:onto the battlefield"
    r"(?P<tapped> tapped)?|into your hand)|put one onto the battlefield tapped and the (?:other|rest) into your hand)"
    r"(?:,)? then shuffle\.?", re.IGNORECASE)


def _land_types(what: str) -> tuple[bool, list[str]] | None:
    """'basic land' → (True, []); 'Forest or Plains' → (False, ['Forest', 'Plains']); 'basic
    Forest, Plains, or Island' → (True, [...]); else None."""
    if what in ("basic land", "basic lands"):
        return True, []
    basic = what.startswith("basic ")
    m = re.fullmatch(r"(?:basic )?((?:[A-Z][a-z]+(?:, | or |, or ))*[A-Z][a-z]+)", what)
    if m:
        names = [w for w in re.split(r", or |, | or ", m.group(1)) if w]
        if all(n in _BASIC_TYPES for n in names):
            return basic, names
    return None


_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def land_search(text: str) -> dict | None:
    m = _LAND_SEARCH.fullmatch(text.strip())
    if not m:
        return None
    n = m["n"]
    count = number(n.split()[-1]) if n.startswith("up to") else 1
    if count is None:
        return None
    kinds = _land_types(m["what"])
    if kinds is None:
        return None
    basic, types = kinds
    out: dict[str, Any] = {}
    if basic and types:
        out["lands_basic"] = True
    if m["put"].startswith("put one onto the battlefield"):      # (Cultivate)
        out.update(lands_to_battlefield=1, lands_tapped=True, lands_to_hand=count - 1)
    elif m["put"].endswith("into your hand"):
        out["lands_to_hand"] = count
    else:
        out["lands_to_battlefield"] = count
        out["lands_tapped"] = bool(m["tapped"])
    if types:
        out["land_types"] = types
    return out


# "Create a Treasure token" — tokens known to the curated database.
_TOKEN = re.compile(rf"create {_N} (?P<token>Treasure|Gold|Clue|Thopter)(?: artifact)?(?: creature)? tokens?\.?",
                    re.IGNORECASE)


_COLOR_LIST = r"(?:white|blue|black|red|green|colorless)(?:(?:,| and|, and) (?:white|blue|black|red|green))*"
_CREATURE_TOKEN = re.compile(
    rf"create {_N} (?P<p>\d+)/(?P<t>\d+) (?P<colors>{_COLOR_LIST}) (?P<subtypes>(?:[A-Z][a-z]+ )+)"
    r"(?P<artifact>artifact )?creature tokens?(?: with (?P<kw>[a-z]+(?:(?:,| and|, and) [a-z]+)*))?\.?", re.IGNORECASE)


def creature_token(m: re.Match) -> dict[str, Any] | None:
    """The token card a "create a 1/1 green Saproling creature token" phrase describes (111.4:
    the effect sets its characteristics), named by the phrase; None if it has a keyword the
    engine doesn't play."""
    kws = [k.strip() for k in re.split(r",? and |, ", m["kw"])] if m["kw"] else []
    if any(k.lower() not in KNOWN_KEYWORDS for k in kws):
        return None
    colors = "" if m["colors"].lower() == "colorless" else "".join(
        _COLOR_WORDS[c] for c in re.split(r",? and |, ", m["colors"].lower()))
    subtypes = m["subtypes"].split()
    phrase = (f"{m['p']}/{m['t']} {m['colors'].lower()} {' '.join(subtypes)} {'artifact ' if m['artifact'] else ''}"
              f"creature token" + (f" with {m['kw'].lower()}" if kws else ""))
    table: dict[str, Any] = {"name": phrase, "type": f"{'Artifact ' if m['artifact'] else ''}Creature — "
                             f"{' '.join(subtypes)}", "pt": f"{m['p']}/{m['t']}", "colors": colors,
                             "token": True, "text": phrase}
    if kws:
        table["keywords"] = [k.capitalize() for k in kws]
    return table


def effect_of(text: str, tokens: dict[str, dict] | None = None) -> dict | None:
    """The Effect fields of a list of effect sentences, or None if some sentence isn't read.
    Token cards described by the text are added to `tokens` (by name)."""
    out: dict[str, Any] = {}
    for s in sentences(text):
        s = s.strip()
        if not s:
            continue
        part = None
        if (found := land_search(s)) is not None:
            part = found
        elif m := _TOKEN.fullmatch(s):
            part = {"tokens": {m["token"].capitalize(): _n(m["n"])}}
        elif (m := _CREATURE_TOKEN.fullmatch(s)) and tokens is not None and (token := creature_token(m)):
            tokens[token["name"]] = token
            part = {"tokens": {token["name"]: _n(m["n"])}}
        elif (mana := mana_effect(s)) is not None and set(mana) <= {"mana"}:
            part = {"add_mana": mana["mana"]}
        elif mana is not None and mana.get("output") == "any_color" and set(mana) <= {"output", "amount"}:
            part = {"add_any_color": mana.get("amount", 1)}
        else:
            for pattern, fn in _EFFECT_SENTENCES:
                if m := pattern.fullmatch(s):
                    part = fn(m)
                    if part is not None:
                        break
        if part is None:
            return None
        for k, v in part.items():
            if k in out:
                return None
            out[k] = v
    return out or None


# ---- mana abilities ------------------------------------------------------------------------

_ANY = r"(?:one|two|three|four|five)"   # (X mana of an ability: not the X of a spell)


def mana_effect(text: str) -> dict | None:
    """'Add {G}' / 'Add {R} or {G}' / 'Add one mana of any color' / 'Add {G} for each Elf you
    control' ... → the mana fields of a `mana` ability table, else None."""
    t = text.strip().rstrip(".")
    m = re.fullmatch(r"[Aa]dd (.+)", t)
    if not m:
        return None
    body = m.group(1)
    if fixed := _mana_symbols(body):
        return {"mana": fixed}
    parts = re.split(r",? or |, ", body)
    if len(parts) >= 2 and all(_mana_symbols(p) for p in parts):
        return {"options": parts}
    if m := re.fullmatch(rf"(?P<n>{_ANY}) mana of any (?:one )?color", body):
        return {"output": "any_color"} | ({} if m["n"] == "one" else {"amount": _n(m["n"])})
    if body == "one mana of any type":
        return {"output": "any_type"}
    if m := re.fullmatch(r"one mana of any (?P<kind>color|type) that a land (?P<who>you control|an opponent controls)"
                         r" could produce", body):
        return {"output": "any_color" if m["kind"] == "color" else "any_type",
                "could_produce": "you" if m["who"] == "you control" else "opponents"}
    if m := re.fullmatch(r"X mana of any one color, where X is ~'s (?P<what>power|toughness)", body):
        return {"output": "any_color", "amount": {"count": m["what"]}}
    if m := re.fullmatch(rf"(?P<n>{_ANY}) mana in any combination of colors", body):
        return {"output": "combination", "amount": _n(m["n"])}
    if body == "one mana of the chosen color":
        return {"output": "chosen_color"}
    # (a legal commander deck's spells are all within its commander's colour identity, 903.5c,
    # so any colour of that identity pays for the deck as any colour does)
    if body == "one mana of any color in your commander's color identity":
        return {"output": "any_color"}
    m = re.fullmatch(r"(?P<fixed>(?:\{[WUBRGC]\}(?:, | or |, or ))+)one mana of the chosen color", body)
    if m:
        return {"split": [_mana_symbols(x) for x in re.split(r", or |, | or ", m["fixed"]) if x] + ["chosen"]}
    if m := re.fullmatch(rf"(?P<mana>{_MANA}) (?P<amount>(?:for each|equal to) .+)", body):
        fixed, amount = _mana_symbols(m["mana"]), _amount_phrase(m["amount"])
        if fixed and amount is not None and len(re.findall(_SYM, fixed)) == 1:
            return {"mana": fixed, "amount": amount}
    if m := re.fullmatch(r"an amount of (?P<mana>\{[WUBRGC]\}) (?P<amount>equal to .+)", body):
        amount = _amount_phrase(m["amount"])
        if amount is not None:
            return {"mana": m["mana"], "amount": amount}
    return None


def _mana_ability(cost: str, effect: str) -> dict | None:
    """A `mana` ability table from its cost and effect text (sentences after "Add ..." may
    say the ability hurts, or restrict the spending of its mana), else None."""
    ss = sentences(effect)
    out = mana_effect(ss[0])
    if out is None:
        return None
    if "split" in out:                 # "{T}: Add {G} or one mana of the chosen color": one
        if len(ss) > 1:                # ability of two choices is two abilities of one each
            return None
        return [{"kind": "mana", "cost": cost, **({"output": "chosen_color"} if m == "chosen" else {"mana": m})}
                for m in out["split"]]
    out = {"kind": "mana", "cost": cost, **out}
    for s in ss[1:]:
        if m := re.fullmatch(r"~ deals (\d+) damage to you\.?", s):
            out["damage_to_you"] = int(m.group(1))
        elif m := re.fullmatch(r"You (gain|lose) (\d+) life\.?", s):
            out["gain_life" if m.group(1) == "gain" else "lose_life"] = int(m.group(2))
        elif m := re.fullmatch(r"Spend this mana only to (?:cast )?(.+?)\.?", s):
            from .model import SpendRestriction
            try:
                SpendRestriction.parse(m.group(1))
            except ValueError:
                return None
            out["spend_only_on"] = m.group(1).replace("activate abilities", "abilities")
        elif m := re.fullmatch(r"If you control an (Urza's [\w-]+) and an (Urza's [\w-]+), add ((?:\{C\})+) instead\.?", s):
            out["if_you_control"] = [m.group(1).removeprefix("Urza's "), m.group(2).removeprefix("Urza's ")]
            out["instead"] = m.group(3)
        else:
            return None
    return [out]


# ---- paragraph recognizers -----------------------------------------------------------------

Abilities = list[dict[str, Any]]


class _Face:
    """The recognizer's view of the face being read: its types, the fields it has set."""

    def __init__(self, face: OracleFace, types: tuple[str, ...], subtypes: tuple[str, ...]):
        self.face = face
        self.types = types
        self.subtypes = subtypes
        self.fields: dict[str, Any] = {}
        self.abilities: Abilities = []
        self.keywords: list[str] = []
        self.spell: dict[str, Any] = {}
        self.kicked: dict[str, Any] | None = None
        self.tokens: dict[str, dict[str, Any]] = {}    # token cards its effects create

    @property
    def is_spell(self) -> bool:
        return "Instant" in self.types or "Sorcery" in self.types


_ENTERS_TAPPED = {
    r"~ enters tapped": {},
    r"~ enters tapped unless you control two or fewer other lands": {"unless": "few_other_lands"},
    r"if you control two or more other lands, ~ enters tapped": {"unless": "few_other_lands"},
    r"~ enters tapped unless you control two or more other lands": {"unless": "many_other_lands"},
    r"as ~ enters, you may pay (?P<life>\d+) life\. if you don't, (?:it|~) enters tapped": {"unless": "pay_life"},
    r"~ enters tapped unless you control (?:a|an) (?P<sub>[A-Z]\w+)(?: or (?:an? )?(?P<sub2>[A-Z]\w+))?":
        {"unless": "control_subtype"},
    r"as ~ enters, you may reveal (?:a|an) (?P<sub>[A-Z]\w+)(?: or (?:an? )?(?P<sub2>[A-Z]\w+))? card from your hand\. "
    r"if you don't, (?:~|it) enters tapped": {"unless": "reveal_subtype"},
    r"~ enters tapped unless you control two or more basic lands": {"unless": "many_basic_lands"},
    r"~ enters tapped unless you control a basic land": {"unless": "control_basic"},
    r"~ enters tapped unless a player has (?P<low>\d+) or less life": {"unless": "low_life"},
    r"~ enters tapped unless you control a legendary creature": {"unless": "control_legendary_creature"},
    # A goldfish has one opponent (1v1), and it controls no lands: these never hold.
    r"~ enters tapped unless you have two or more opponents": {},
    r"~ enters tapped unless your opponents control (?:eight|seven|\d+) or more lands": {},
}
_ENTERS_RE = [(re.compile(p + r"\.?", re.IGNORECASE), v) for p, v in _ENTERS_TAPPED.items()]


def _enters(face: _Face, p: str) -> Abilities | None:
    for pattern, fields in _ENTERS_RE:
        m = pattern.fullmatch(p)
        if m:
            t: dict[str, Any] = {"kind": "enters", "tapped": True, **fields}
            g = m.groupdict()
            if g.get("life") or g.get("low"):
                t["life"] = int(g.get("life") or g["low"])
            if g.get("sub"):
                subs = [s for s in (g["sub"], g.get("sub2")) if s]
                if not all(s in _BASIC_TYPES for s in subs) and fields.get("unless") == "control_subtype":
                    return None
                t["subtypes"] = subs
            return [t]
    if re.fullmatch(r"~ enters tapped\. As it enters, choose a color\.?", p):
        return [{"kind": "enters", "tapped": True, "choose_color": True}]
    if re.fullmatch(r"As ~ enters, choose a color\.?", p):
        return [{"kind": "enters", "choose_color": True}]
    if m := re.fullmatch(rf"~ enters with {_N} \+1/\+1 counters? on it\.?", p, re.IGNORECASE):
        return [{"kind": "enters", "counters": {"+1/+1": _n(m["n"])}}]
    if re.fullmatch(r"~ enters with X \+1/\+1 counters on it\.?", p):
        return [{"kind": "enters", "counters": {"+1/+1": "X"}}]
    return None


def _activated(face: _Face, p: str) -> Abilities | None:
    m = re.fullmatch(r'(?P<cost>[^:"]+?): (?P<effect>.+)', p)
    if not m:
        return None
    cost = activation_cost(m["cost"])
    if cost is None:
        return None
    effect = m["effect"]
    if re.match(r"Add\b", effect):
        return _mana_ability(cost, effect)
    sorcery = False
    if effect.endswith("Activate only as a sorcery."):
        effect, sorcery = effect[: -len("Activate only as a sorcery.")].strip(), True
    fields = effect_of(effect, face.tokens)
    if fields is None or fields.pop("_on_", "~") != "~":
        return None
    return [{"kind": "activated", "cost": cost, **fields} | ({"sorcery_speed": True} if sorcery else {})]


_EVENTS = {
    r"When ~ enters": "self_enters",
    r"When ~ enters or dies": None,
    r"When ~ dies": "self_dies",
    r"At the beginning of your upkeep": "your_upkeep",
    r"Whenever ~ becomes tapped": "self_becomes_tapped",
    r"Whenever a nontoken creature you control enters": "nontoken_creature_you_control_enters",
    r"Whenever a creature you control enters": "creature_you_control_enters",
    r"Whenever another creature you control enters": "another_creature_you_control_enters",
    r"Whenever a land you control enters": "land_you_control_enters",
    r"Whenever a land enters under your control": "land_you_control_enters",
    r"Whenever you cast a spell": "you_cast_spell",
    r"Whenever you cast (?:a|an) (?P<types>creature|artifact|enchantment|instant or sorcery|instant|sorcery|"
    r"planeswalker|artifact or creature) spell": "you_cast_spell",
}
_EVENTS_RE = [(re.compile(p + r", (?P<effect>.+)"), v) for p, v in _EVENTS.items()]


def _triggered(face: _Face, p: str) -> Abilities | None:
    for pattern, event in _EVENTS_RE:
        m = pattern.fullmatch(p)
        if not m or event is None:
            continue
        fields = effect_of(m["effect"], face.tokens)
        # counters go on the permanent the event is about (model.TriggeredAbility)
        if fields is None or fields.pop("_on_", "it") != "it" and not event.startswith("self_"):
            return None
        t: dict[str, Any] = {"kind": "trigger", "event": event, **fields}
        if m.groupdict().get("types"):
            t["spell_types"] = [w.capitalize() for w in m["types"].split(" or ")]
        return [t]
    return None


_WATCH = {"a land": "lands", "a basic land": "basic_lands", "a permanent": "permanents",
          "a Forest": "lands", "a Plains": "lands", "an Island": "lands", "a Swamp": "lands",
          "a Mountain": "lands", "a creature": None}


def _mana_trigger(face: _Face, p: str) -> Abilities | None:
    m = re.fullmatch(r"Whenever (?P<who>you tap|a player taps) (?P<what>an? [\w ]+?) for mana, (?:that player |its "
                     r"controller )?adds? (?:an additional )?(?P<adds>.+?)\.?", p)
    if m is None:
        m2 = re.fullmatch(r"Whenever enchanted (?P<what>land|Forest|Plains|Island|Swamp|Mountain) is tapped for mana, "
                          r"its controller adds (?:an additional )?(?P<adds>.+?)\.?", p)
        if m2 is None:
            return None
        watches = "enchanted_land"      # (which land: the Aura's "Enchant Forest", 303.4)
        subs = []
        adds = m2["adds"]
    else:
        what = m["what"]
        if what not in _WATCH or _WATCH[what] is None:
            return None
        watches = _WATCH[what]
        if m["who"] == "you tap":
            watches = {"lands": "lands_you_control", "permanents": "permanents_you_control"}.get(watches)
            if watches is None:
                return None
        subs = [what.split()[1]] if what.split()[1] in _BASIC_TYPES else []
        adds = m["adds"]
    t: dict[str, Any] = {"kind": "mana_trigger", "watches": watches}
    if subs:
        t["subtypes"] = subs
    adds = adds.removesuffix(" to their mana pool").removesuffix(" in addition to the mana the land produces")
    if fixed := _mana_symbols(adds):
        t |= {"adds": "fixed", "mana": fixed}
    elif adds in ("one mana of any type that land produced", "one additional mana of any type that land produced"):
        t["adds"] = "produced"
    elif adds == "one mana of the chosen color":
        t["adds"] = "chosen_color"
    elif adds == "one mana of any color":
        t["adds"] = "any_color"
    else:
        return None
    return [t]


_COST_FILTER_WORDS = {**{w: ("colors", c) for w, c in _COLOR_WORDS.items()}, "legendary": ("supertypes", "Legendary"),
                      "historic": ("historic", "")}


def _spell_filter(words: str) -> dict | None:
    """'green creature' / 'noncreature' / 'artifact' / 'Elf' / 'instant and sorcery' → the
    filter fields of a `cost` ability, else None."""
    out: dict[str, list | str] = {}
    for i, w in enumerate(re.split(r" and | or |, | ", words.strip())):
        if not w:
            continue
        if i == 0 and w.lower() in _COST_FILTER_WORDS | _TYPE_WORDS or w.lower().startswith("non"):
            w = w.lower()              # (the first word of a sentence)
        if w in _COST_FILTER_WORDS:
            key, val = _COST_FILTER_WORDS[w]
            if key == "historic":          # 700.6: artifacts, legendaries and Sagas
                out.setdefault("types", []).append("Artifact")
                out.setdefault("supertypes", []).append("Legendary")
                out.setdefault("subtypes", []).append("Saga")
            elif key == "colors":
                out["colors"] = str(out.get("colors", "")) + val
            else:
                out.setdefault(key, []).append(val)
        elif w.lower() in _TYPE_WORDS and w == w.lower():
            out.setdefault("types", []).append(_TYPE_WORDS[w])
        elif w.startswith("non") and w[3:] in _TYPE_WORDS:
            out.setdefault("not_types", []).append(_TYPE_WORDS[w[3:]])
        elif re.fullmatch(r"[A-Z][a-z]+", w):
            out.setdefault("subtypes", []).append(w)
        else:
            return None
    return out


def _cost_modifier(face: _Face, p: str) -> Abilities | None:
    s = sentences(p)
    if len(s) == 2 and s[1].startswith("This effect reduces only the amount of generic mana"):
        s = s[:1]
    if len(s) != 1:
        return None
    m = re.fullmatch(r"(?P<filter>[\w ]*?)\s*[Ss]pells (?P<who>you cast |your opponents cast )?cost (?P<mana>"
                     + _MANA + r") (?P<dir>less|more) to cast\.?", s[0])
    if m:
        filt = _spell_filter(m["filter"])
        if filt is None:
            return None
        scope = {"you cast ": "your_spells", "your opponents cast ": "opponent_spells", None: "all_spells"}[m["who"]]
        t = {"kind": "cost", "change": "reduce" if m["dir"] == "less" else "increase", "mana": m["mana"], **filt}
        if scope != "your_spells":
            t["scope"] = scope
        return [t]
    m = re.fullmatch(r"~ costs (?P<mana>\{\d+\}) less to cast for each (?P<what>.+?)\.?", s[0])
    if m:
        amount = _amount_phrase("for each " + m["what"])
        if amount is None or m["mana"] != "{1}":
            return None
        return [{"kind": "cost", "change": "reduce", "scope": "self", "amount": amount}]
    return None


def _statics(face: _Face, p: str) -> Abilities | None:
    if m := re.fullmatch(r"You may play (?P<n>an|two|three) additional lands? on each of your turns\.?", p):
        return [{"kind": "land_plays", "additional": _n(m["n"])}]
    if p in ('Lands you control have "{T}: Add one mana of any color."',):
        return [{"kind": "grant", "grant": "mana_any_color", "to": "lands_you_control"}]
    if p in ("Creatures you control have haste.",):
        return [{"kind": "grant", "grant": "haste", "to": "creatures_you_control"}]
    if p == 'Creatures you control have "{T}: Add one mana of any color."':
        return [{"kind": "grant", "grant": "mana_any_color", "to": "creatures_you_control"}]
    if m := re.fullmatch(r"If you tap a permanent for mana, it produces (?P<k>twice|three times) as much of that "
                         r"mana instead\.?", p):
        return [{"kind": "mana_replacement", "watches": "permanents_you_control",
                 "multiply": 2 if m["k"] == "twice" else 3}]
    if m := re.fullmatch(r"As long as ~ is untapped, each spell that would cost less than (?P<n>\w+) mana to cast "
                         r"costs (?P=n) mana to cast\.?", p):
        if number(m["n"]) is not None:
            return [{"kind": "cost", "change": "set_minimum", "scope": "all_spells", "amount": number(m["n"]),
                     "while_untapped": True}]
    return None


def _star(face: _Face, p: str) -> Abilities | None:
    m = re.fullmatch(r"~'s power (?:and toughness are each|is) equal to (?P<what>the number of .+?)\.?", p)
    if not m:
        return None
    amount = _amount_phrase("equal to " + m["what"])
    if amount is None:
        return None
    face.fields["star"] = amount
    return []


def _spell_effect(face: _Face, p: str) -> Abilities | None:
    if not face.is_spell:
        return None
    m = re.fullmatch(r"If (?:this spell|~) was kicked, (?P<effect>.+?) instead\.?", p) or re.fullmatch(
        r"Kicked — (?P<effect>.+)", p)
    if m:
        if d := re.fullmatch(r"it deals (\d+) damage", m["effect"]):     # (to the same target)
            fields = {**face.spell, "damage_to_opponent": int(d.group(1))} if "damage_to_opponent" in face.spell else None
        else:
            fields = effect_of(m["effect"], face.tokens)
        if fields is None or face.kicked is not None or "_on_" in fields:
            return None
        face.kicked = fields
        return []
    fields = effect_of(p, face.tokens)
    if fields is None or set(fields) & set(face.spell) or "_on_" in fields:
        return None
    face.spell.update(fields)
    return []


_PARAGRAPH_RECOGNIZERS = (_enters, _mana_trigger, _cost_modifier, _statics, _star, _activated, _triggered,
                          _spell_effect)


# ---- clauses irrelevant to a goldfish ------------------------------------------------------

# A goldfish has an opponent with a life total and nothing else: no creatures, no spells, no
# cards in hand, no blocks. Clauses that act only on those change nothing it measures.
_IGNORED = [re.compile(p, re.IGNORECASE) for p in (
    r".*\btarget (?:creature|permanent|artifact|enchantment|planeswalker|land|nonland permanent|spell|"
    r"card|player|opponent|artifact or enchantment|creature or planeswalker|creature or vehicle|"
    r"noncreature spell|creature spell|instant or sorcery spell|activated or triggered ability)[^.]*"
    r"(?:an opponent controls|you don't control|your opponents control)\b.*",
    r"(?:destroy|exile|counter|tap) target (?!creature you control)[^.]*\.",
    r"(?:destroy|exile) all [^.]*\.",
    r"return target (?:creature|permanent|nonland permanent|artifact|enchantment)(?! you control)[^.]* to its owner's hand\.",
    r".*\bcan't block\b.*", r".*\bblocks\b.*", r".*\bblocked\b.*", r".*\bblocking\b.*",
    r"~ can block [^.]*\.", r"~ can't be (?:the target|countered)[^.]*\.",
    r"~ deals \d+ damage to target (?:creature|planeswalker|creature or planeswalker|attacking creature|"
    r"blocking creature|attacking or blocking creature)\.",
    r"target (?:player|opponent) discards [^.]*\.", r"each opponent discards [^.]*\.",
    r"Enchant (?:creature|permanent|artifact|land|planeswalker|player)",
    # whatever depends on an opponent's permanents, cards or spells finds none in a goldfish
    r".*\b(?:an opponent controls|your opponents control|you don't control|an opponent owns|"
    r"target opponent's hand|an opponent's hand|opponents' hands|an opponent casts|your opponents cast)\b.*",
    r"target creature gets -\d+/-\d+ until end of turn\.", r"each opponent sacrifices [^.]*\.",
    r"prevent all combat damage that would be dealt to you[^.]*\.", r"damage can't be prevented[^.]*\.",
    r"(?:target|each) opponent reveals their hand[^.]*\.",
)]
_IGNORED_KEYWORDS = {"ward", "protection", "shroud", "hexproof from", "fear", "intimidate", "shadow",
                     "horsemanship", "skulk", "forestwalk", "islandwalk", "swampwalk", "mountainwalk",
                     "plainswalk", "landwalk", "banding", "flanking", "partner", "companion", "changeling"}


def _ignored(p: str) -> bool:
    return any(pattern.fullmatch(p) for pattern in _IGNORED)


# ---- keywords ------------------------------------------------------------------------------

def _keyword_line(face: _Face, p: str, keywords: tuple[str, ...], clauses: list[Clause]) -> bool:
    """Read a paragraph made only of keywords ('Flying, haste', 'Kicker {2}{G}'); False if it
    isn't one."""
    known = {k.lower() for k in keywords} | KNOWN_KEYWORDS
    parts = [x.strip() for x in re.split(r", |; ", p.rstrip("."))]
    heads = []
    for part in parts:
        low = part.lower()
        head = next((k for k in sorted(known, key=len, reverse=True)
                     if low == k or low.startswith(k + " ") or low.startswith(k + "\u2014")), None)
        if head is None:
            return False
        heads.append((head, part))
    for head, part in heads:
        rest = part[len(head):].strip(" —")
        status = UNRECOGNIZED
        if head in KNOWN_KEYWORDS and not rest:
            face.keywords.append(head.capitalize())     # ("first strike" → "First strike")
            status = RECOGNIZED
        elif head in ("kicker", "flashback") and _mana_or_none(rest):
            face.fields[head] = rest
            status = RECOGNIZED
        elif head == "devoid":                 # 702.114a: it is colourless
            face.fields["colors"] = ""
            status = RECOGNIZED
        elif head == "affinity" and (m := re.fullmatch(r"for (artifacts|\w+s)", rest)):
            what = _singular(m.group(1)).capitalize()       # 702.41a: {1} less for each one you control
            count = {"count": "permanents", "types": [what]} if what in CARD_TYPES else {
                "count": "permanents", "subtypes": [what]}
            face.abilities.append({"kind": "cost", "change": "reduce", "scope": "self", "amount": count})
            status = RECOGNIZED
        elif head == "enchant" or head in _IGNORED_KEYWORDS or any(head.startswith(k) for k in _IGNORED_KEYWORDS):
            status = IGNORED
        clauses.append(Clause(part, status, face.face.name, shape(part) if status != RECOGNIZED else ""))
    return True


def _mana_or_none(text: str) -> str | None:
    try:
        return text if re.fullmatch(_MANA, text) and ManaCost.parse(text) is not None else None
    except ManaCostError:
        return None


# ---- faces and cards -----------------------------------------------------------------------

_TYPE_ALIASES = {"Tribal": "Kindred"}
_NONCARD_TYPES = {"Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon", "Emblem", "Hero"}


class NotACardError(ValueError):
    """A record that is not a card a deck can hold (a plane, a scheme, a token ...)."""


def _type_line(text: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    halves = re.split(r"\s+[—–-]\s+", text.strip(), maxsplit=1)
    left = [_TYPE_ALIASES.get(w, w) for w in halves[0].split()]
    if _NONCARD_TYPES & set(left):
        raise NotACardError(f"type line {text!r}")
    types = tuple(w for w in left if w in CARD_TYPES)
    for w in left:
        if w not in CARD_TYPES and w not in SUPERTYPES and w != "Token":
            raise NotACardError(f"{w!r} in type line {text!r} is not a card type or supertype")
    subtypes = tuple(halves[1].split()) if len(halves) > 1 else ()
    line = " ".join(w for w in left if w != "Token")
    return (f"{line} — {' '.join(subtypes)}" if subtypes else line), types, subtypes


def _pt(text: str | None) -> str | None:
    if text is None:
        return None
    t = text.strip().replace(" ", "")
    if re.fullmatch(r"-?\d+|\*|\d+\+\*", t):
        return t
    return None


def _base(printed: str | None) -> str:
    """The number part of a printed power or toughness ('1+*' → '1', '*' → '0', '?' → '0')."""
    m = re.match(r"-?\d+", (printed or "").strip())
    return m.group() if m else "0"


def _intrinsic(subtypes: tuple[str, ...]) -> list[dict[str, Any]]:
    """305.6: a land with basic land types has "{T}: Add [mana]" for each, as printed in
    reminder text only (a Forest Plains: one ability, {G} or {W})."""
    mana = [f"{{{_BASIC_MANA[t]}}}" for t in subtypes if t in _BASIC_MANA]
    if not mana:
        return []
    if len(mana) == 1:
        return [{"kind": "mana", "cost": "{T}", "mana": mana[0]}]
    return [{"kind": "mana", "cost": "{T}", "options": mana}]


_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def face_table(face: OracleFace, keywords: tuple[str, ...], clauses: list[Clause],
               tokens: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The card table of one face, the clauses it was read from appended to `clauses`, the
    token cards its effects create to `tokens`."""
    type_line, types, subtypes = _type_line(face.type_line)
    f = _Face(face, types, subtypes)
    table: dict[str, Any] = {"name": face.name, "type": type_line}
    if face.mana_cost:
        table["cost"] = face.mana_cost
    if face.oracle_text:
        table["text"] = face.oracle_text
    if face.color_indicator:
        table["colors"] = face.color_indicator
    if "Creature" in types or face.power is not None:
        p, t = _pt(face.power), _pt(face.toughness)
        if p is None or t is None:
            clauses.append(Clause(f"power/toughness {face.power}/{face.toughness}", UNRECOGNIZED, face.name,
                                  "power/toughness N/N"))
            p, t = p or _base(face.power), t or _base(face.toughness)
        table["pt"] = f"{p}/{t}"
    if face.loyalty is not None and face.loyalty.isdigit():
        table["loyalty"] = int(face.loyalty)
    if "Land" in types and (intrinsic := _intrinsic(subtypes)):
        f.abilities.extend(intrinsic)
        clauses.append(Clause(f"basic land types {' '.join(t for t in subtypes if t in _BASIC_MANA)} (305.6)",
                              RECOGNIZED, face.name))
    text = normalize(face.oracle_text, face.name)
    for p in paragraphs(text):
        if _keyword_line(f, p, keywords, clauses):
            continue
        body = re.sub(r"^[A-Z][\w' ,-]+ — (?=\S)", "", p)     # an ability word (207.2c) is flavour
        status = UNRECOGNIZED
        for recognizer in _PARAGRAPH_RECOGNIZERS:
            out = recognizer(f, body)
            if out is not None:
                f.abilities.extend(out)
                status = RECOGNIZED
                break
        else:
            if _ignored(body):
                status = IGNORED
            elif f.is_spell and (parts := sentences(body)) and len(parts) > 1:
                status = _spell_sentences(f, parts, clauses)
                if status is None:
                    continue
        clauses.append(Clause(_words(p, face.name), status, face.name, shape(p) if status != RECOGNIZED else ""))
    _merge_enters(f.abilities)
    if f.spell or f.kicked:
        ab: dict[str, Any] = {"kind": "spell", **f.spell}
        if f.kicked:
            ab["kicked"] = f.kicked
        f.abilities.append(ab)
    if "star" in f.fields and "*" not in table.get("pt", ""):
        f.fields.pop("star")
    if "*" in table.get("pt", "") and "star" not in f.fields:
        table["pt"] = "/".join(_base(x) for x in table["pt"].split("/"))
        if not any(c.family == "power/toughness N/N" for c in clauses):
            clauses.append(Clause(f"power/toughness {face.power}/{face.toughness}", UNRECOGNIZED, face.name,
                                  "power/toughness *"))
    table.update(f.fields)
    if f.keywords:
        table["keywords"] = f.keywords
    if f.abilities:
        table["abilities"] = f.abilities
    tokens.update(f.tokens)
    unread = [c.text for c in clauses if c.status == UNRECOGNIZED and c.face == face.name]
    if unread:
        table["unmodeled"] = " ".join(u if u.endswith(".") else u + "." for u in unread)
    return table


def _merge_enters(abilities: Abilities) -> None:
    """"Enters tapped" and "as it enters, choose a color" as one `enters` record, as a card
    has one set of enters replacement effects (614.1c)."""
    enters = [a for a in abilities if a["kind"] == "enters"]
    if len(enters) < 2:
        return
    merged: dict[str, Any] = {}
    for a in enters:
        for k, v in a.items():
            if k in merged and merged[k] != v and k != "kind":
                return
            merged[k] = v
    first = abilities.index(enters[0])
    abilities[:] = [a for a in abilities if a["kind"] != "enters"]
    abilities.insert(first, merged)


def _words(clause: str, name: str) -> str:
    """A clause in the card's words again: its name where the recognizers read `~`."""
    return clause.replace("~", name)


def _spell_sentences(f: _Face, parts: list[str], clauses: list[Clause]) -> str | None:
    """A spell paragraph read sentence by sentence: each sentence a clause of its own."""
    for s in parts:
        if _spell_effect(f, s) is not None:
            clauses.append(Clause(_words(s, f.face.name), RECOGNIZED, f.face.name))
        else:
            status = IGNORED if _ignored(s) else UNRECOGNIZED
            clauses.append(Clause(_words(s, f.face.name), status, f.face.name, shape(s)))
    return None


def recognize(card: OracleCard) -> Recognition:
    """The card table and clauses of a real card; raises NotACardError for a record that is
    not a card a deck holds (a plane, a scheme)."""
    clauses: list[Clause] = []
    tokens: dict[str, dict[str, Any]] = {}
    front = face_table(card.front, card.keywords, clauses, tokens)
    if card.layout == "modal_dfc" and len(card.faces) > 1:
        front["back"] = face_table(card.faces[1], card.keywords, clauses, tokens)
    elif len(card.faces) > 1 and card.layout not in ("reversible_card",):
        for other in card.faces[1:]:
            how = {"transform": "its back face", "meld": "its melded face", "flip": "its flipped face"}.get(
                card.layout, f"its other half ({card.layout})")
            if other.oracle_text or card.layout not in ("transform", "meld", "flip"):
                clauses.append(Clause(f"{other.name}: {how} is not simulated", UNRECOGNIZED, other.name,
                                      f"{card.layout} face"))
        unread = [c.text for c in clauses if c.status == UNRECOGNIZED and c.face != card.front.name]
        if unread:
            front["unmodeled"] = (front.get("unmodeled", "") + " " + " ".join(u + "." for u in unread)).strip()
    return Recognition(card.name, front, clauses, tokens)
