"""The paragraph recognizers: enters replacement effects, activated and triggered abilities,
cost modifiers, static grants and land plays, characteristic-defining P/T, spell effects."""
from __future__ import annotations

import re
from typing import Any

from ...vocabulary import EVENT_BY_NAME
from ..oracle import OracleFace
from ..oracle_text import number, sentences
from .effects import BASIC_TYPES, effect_of, join_effects
from .ignored import TRIGGER, is_ignored, is_noop, never_happens, trigger_events
from .mana import mana_ability_tables
from .phrases import (
    COLOR_WORDS,
    MANA,
    NUMBER_WORD,
    TYPE_WORDS,
    amount_phrase,
    counter_words,
    mana_symbols,
    number_of,
    activate_only,
    activation_cost,
)

Abilities = list[dict[str, Any]]


class Face:
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
    r"~ enters tapped unless it's your first, second, or third turn of the game": {"unless": "first_three_turns"},
    r"~ enters tapped if it's not your turn": {"unless": "your_turn"},
    # A goldfish has one opponent (1v1), and it controls no lands: these never hold.
    r"~ enters tapped unless you have two or more opponents": {},
    r"~ enters tapped unless your opponents control (?:eight|seven|\d+) or more lands": {},
}
_ENTERS_RE = [(re.compile(p + r"\.?", re.IGNORECASE), v) for p, v in _ENTERS_TAPPED.items()]
_ENTERS_WITH = counter_words("+1/+1", "charge")     # "~ enters with N ... counters" read of these kinds


def _enters(face: Face, p: str) -> Abilities | None:
    for pattern, fields in _ENTERS_RE:
        m = pattern.fullmatch(p)
        if m:
            t: dict[str, Any] = {"kind": "enters", "tapped": True, **fields}
            g = m.groupdict()
            if g.get("life") or g.get("low"):
                t["life"] = int(g.get("life") or g["low"])
            if g.get("sub"):
                subs = [s for s in (g["sub"], g.get("sub2")) if s]
                if not all(s in BASIC_TYPES for s in subs) and fields.get("unless") == "control_subtype":
                    return None
                t["subtypes"] = subs
            return [t]
    if re.fullmatch(r"~ enters tapped\. As it enters, choose a color\.?", p):
        return [{"kind": "enters", "tapped": True, "choose_color": True}]
    if re.fullmatch(r"As ~ enters, choose a color\.?", p):
        return [{"kind": "enters", "choose_color": True}]
    if m := re.fullmatch(r"As ~ enters, choose a color other than (?P<c>white|blue|black|red|green)\.?", p):
        return [{"kind": "enters", "choose_color": True, "not_color": COLOR_WORDS[m["c"]]}]     # (the Gates)
    # A basic land type chosen is its colour's (305.6): the land is that type, with its mana ability (305.7).
    if m := re.fullmatch(r"As ~ enters, choose a basic land type\. Then you may pay (?P<life>\d+) life\. "
                         r"If you don't, it enters tapped\.?", p):
        return [{"kind": "enters", "tapped": True, "unless": "pay_life", "life": int(m["life"]), "choose_color": True}]
    # The creature type chosen is the game's one (compile.chosen_creature_type): read only where
    # what reads it is, the spending of mana on creature spells of that type (106.6; Cavern of Souls).
    if (re.fullmatch(r"As ~ enters, choose a creature type\.?", p)
            and "Spend this mana only to cast a creature spell of the chosen type" in face.face.oracle_text
            and face.face.oracle_text.count("chosen type") == 1):
        return []
    if (re.fullmatch(r"~ is the chosen type\.?", p) and "Land" in face.types
            and "choose a basic land type" in face.face.oracle_text):
        return [{"kind": "enters", "choose_color": True, "chosen_type": True},
                {"kind": "mana", "cost": "{T}", "output": "chosen_color"}]
    if m := re.fullmatch(rf"~ enters (?P<tapped>tapped )?with {NUMBER_WORD} (?P<kind>{_ENTERS_WITH}) "
                         r"counters? on it\.?", p, re.IGNORECASE):
        return [{"kind": "enters", "counters": {m["kind"].lower(): number_of(m["n"])}}
                | ({"tapped": True} if m["tapped"] else {})]
    if m := re.fullmatch(r"~ enters with X (?P<kind>\+1/\+1|charge) counters on it\.?", p):
        return [{"kind": "enters", "counters": {m["kind"]: "X"}}]        # (107.3m: the X paid)
    return None


def _activated(face: Face, p: str) -> Abilities | None:
    m = re.fullmatch(r'(?P<cost>[^:"]+?): (?P<effect>.+)', p)
    if not m:
        return None
    effect = m["effect"]
    mana = re.match(r"Add\b", effect) is not None
    cost = activation_cost(m["cost"], "mana_ability" if mana else "activated")
    if cost is None:
        return None
    if mana:
        return mana_ability_tables(cost, effect)
    only: dict[str, Any] = {}
    ss = sentences(effect)
    if len(ss) > 1 and ss[-1].startswith("Activate only "):     # (602.1b: instructions come last)
        read = activate_only(ss[-1])
        if read is None:
            return None
        only = read
        effect = effect[: effect.rindex(ss[-1])].strip()
    sorcery = only.pop("sorcery_speed", False)
    granted: Abilities = []
    if quoted := re.search(r' with "(?P<ability>[^"]+)"(?= It\'s still a land)', effect):   # (613.1f: an animation
        gives = _triggered(face, quoted["ability"])                                    # giving an ability)
        if not gives or any(t["event"] not in _GRANTED_EVENTS for t in gives):
            return None                 # (the only abilities the core reads off what a permanent becomes)
        granted, effect = gives, effect.replace(quoted[0], ".", 1)
    if m := _NOT_A_CREATURE.fullmatch(effect):    # (moot: this animation, which lasts, is what makes it one; a
        effect = m["rest"]                        # second changes nothing, and the goldfish never activates it)
    fields = effect_of(effect, face.tokens, noops=True)
    if fields is None or fields.pop("_on_", "~") != "~" or "power_bonus" in repr(fields):
        return None                     # (a pump the goldfish would activate only for an attacker: no policy yet)
    if granted:
        if "becomes" not in fields:
            return None
        fields["becomes_abilities"] = granted
    if "Sacrifice this" in cost and "counters_on_self" in repr(fields):
        return None                     # (counted as it last existed, 608.2h: not the vocabulary's count)
    return [{"kind": "activated", "cost": cost, **fields} | ({"sorcery_speed": True} if sorcery else {})
            | ({"activate_only": only} if only else {})]


# The events of the triggered abilities an animation may give (613.1f): those the core reads off
# what a permanent becomes (attack_trigger, cast_triggers).
_GRANTED_EVENTS = ("self_attacks", "you_cast_spell")
# "If ~ isn't a creature, it becomes ... It's still a land." (Great Hall of the Biblioplex): no duration
_NOT_A_CREATURE = re.compile(r"If ~ isn't a creature, (?P<rest>it becomes [^\"]*\. It's still a land\.?)")


_EVENTS = {
    r"When ~ enters": "self_enters",
    r"When ~ enters or dies": ("self_enters", "self_dies"),       # (two events, one effect: two abilities)
    r"When ~ dies": "self_dies",
    r"When ~ becomes level (?P<level>\d+)": "self_becomes_level",     # (716.2a: read in level N's section)
    r"At the beginning of your upkeep": "your_upkeep",
    r"Whenever ~ becomes tapped": "self_becomes_tapped",
    r"Whenever ~ attacks": "self_attacks",
    r"Whenever ~ deals combat damage to a player(?: or planeswalker)?": "self_deals_combat_damage_to_player",
    r"When(?:ever)? you play another land": "you_play_another_land",
    r"Whenever a nontoken creature you control enters": "nontoken_creature_you_control_enters",
    r"Whenever a creature you control enters": "creature_you_control_enters",
    r"Whenever another creature you control enters": "another_creature_you_control_enters",
    r"Whenever a (?P<colorless>colorless) creature you control enters": "creature_you_control_enters",   # (105.2c)
    r"Whenever another (?P<colorless>colorless) creature you control enters": "another_creature_you_control_enters",
    r"Whenever a land you control enters": "land_you_control_enters",
    r"Whenever a land enters under your control": "land_you_control_enters",
    r"Whenever you cast a spell": "you_cast_spell",
    r"Whenever you cast (?:a|an) (?P<types>creature|artifact|enchantment|instant or sorcery|instant|sorcery|"
    r"planeswalker|artifact or creature) spell": "you_cast_spell",
    r"Whenever you cast a non(?P<not_types>creature) spell": "you_cast_spell",     # (prowess's, 702.108a)
    r"Whenever you cast a (?P<colorless>colorless) spell": "you_cast_spell",        # (105.2c)
    r"Whenever you cast your (?P<nth>second|third|fourth|fifth) spell each turn": "you_cast_spell",
    r"Whenever you cast your (?P<nth>second|third|fourth|fifth) non(?P<not_types>creature) spell each turn":
        "you_cast_spell",                                                          # (The Fantasticar)
    r"Whenever a player casts a spell": "player_casts_spell",
    r"Whenever a player casts a spell with mana value equal to the number of (?P<mv_counters>charge) counters on ~":
        "player_casts_spell",                                                      # (Chalice of the Void)
}
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}
_EVENTS_RE = [(re.compile(p + r", (?P<effect>.+)"), v) for p, v in _EVENTS.items()]
def _compound(p: str) -> list[str] | None:
    """A trigger of several events ("When ~ enters and whenever an opponent draws a card ...,
    ..."): the paragraph once for each event that can happen in a goldfish (603.2: it triggers
    on each), None if it isn't one."""
    m = TRIGGER.fullmatch(p)
    if not m or len(events := trigger_events(m["cond"])) < 2:
        return None
    return [f"{e[0].upper()}{e[1:]}, {m['effect']}" for e in events if not never_happens(e)]


def _counters_on(event: str) -> tuple[str, ...]:
    """How an effect of `event` may name the permanent its counters go on (model.TriggeredAbility:
    the one the event concerns, `Event.counters_on`): the one entering, "it"; this one, "~" (and "it"
    for its own events: "When ~ enters, put a counter on it")."""
    if EVENT_BY_NAME[event].counters_on == "entering":
        return ("it",)
    return ("~", "it") if event.startswith("self_") else ("~",)


def _triggered(face: Face, p: str) -> Abilities | None:
    if (each := _compound(p)) is not None:
        out: Abilities = []
        for one in each:
            read = _triggered(face, one)
            if not read:
                return None
            out += read
        return out or None
    for pattern, events in _EVENTS_RE:
        m = pattern.fullmatch(p)
        if not m:
            continue
        effect = m["effect"]
        if events == "self_attacks":     # (506.2: of two players, the one attacked is the opponent)
            effect = re.sub(r"\bdefending player\b", "each opponent", effect)
        fields = effect_of(effect, face.tokens)
        if fields is None:
            return None
        on = fields.pop("_on_", None)
        out = []
        for event in (events,) if isinstance(events, str) else events:
            if on == "~" and "~" not in _counters_on(event) and "counters" in fields and "power_bonus" not in fields:
                fields["on_source"] = True      # (counters on ~, where the event concerns another permanent)
            elif on is not None and on not in _counters_on(event):
                return None
            t: dict[str, Any] = {"kind": "trigger", "event": event, **fields}
            for group in ("types", "not_types"):
                if m.groupdict().get(group):
                    t[f"spell_{group}"] = [w.capitalize() for w in m[group].split(" or ")]
            if m.groupdict().get("colorless"):
                t["colorless"] = True
            if m.groupdict().get("nth"):
                t["nth"] = _ORDINALS[m["nth"]]
            if m.groupdict().get("mv_counters"):
                t["mana_value_counters"] = m["mv_counters"]
            out.append(t)
        return out
    return None


_WATCH = {"a land": "lands", "a basic land": "basic_lands", "a permanent": "permanents",
          "a Forest": "lands", "a Plains": "lands", "an Island": "lands", "a Swamp": "lands",
          "a Mountain": "lands", "a creature": "creatures"}


def _mana_trigger(face: Face, p: str) -> Abilities | None:
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
        watched = _WATCH.get(what)
        if watched is None:
            return None
        if m["who"] == "you tap":
            watched = {"lands": "lands_you_control", "permanents": "permanents_you_control",
                       "creatures": "creatures_you_control"}.get(watched)
            if watched is None:
                return None
        elif watched == "creatures":       # (any player's creature: no member watches those)
            return None
        watches = watched
        subs = [what.split()[1]] if what.split()[1] in BASIC_TYPES else []
        adds = m["adds"]
    t: dict[str, Any] = {"kind": "mana_trigger", "watches": watches}
    if subs:
        t["subtypes"] = subs
    adds = adds.removesuffix(" to their mana pool").removesuffix(" in addition to the mana the land produces")
    if fixed := mana_symbols(adds):
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


_COST_FILTER_WORDS = {**{w: ("colors", c) for w, c in COLOR_WORDS.items()}, "legendary": ("supertypes", "Legendary"),
                      "historic": ("historic", "")}


def _spell_filter(words: str) -> dict | None:
    """'green creature' / 'noncreature' / 'artifact' / 'Elf' / 'instant and sorcery' → the
    filter fields of a `cost` ability, else None."""
    out: dict[str, Any] = {}               # (filter field: a list of names, or colours as letters)
    for i, w in enumerate(re.split(r" and | or |, | ", words.strip())):
        if not w:
            continue
        if i == 0 and w.lower() in _COST_FILTER_WORDS | TYPE_WORDS or w.lower().startswith("non"):
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
        elif w.lower() in TYPE_WORDS and w == w.lower():
            out.setdefault("types", []).append(TYPE_WORDS[w])
        elif w.startswith("non") and w[3:] in TYPE_WORDS:
            out.setdefault("not_types", []).append(TYPE_WORDS[w[3:]])
        elif re.fullmatch(r"[A-Z][a-z]+", w):
            out.setdefault("subtypes", []).append(w)
        else:
            return None
    return out


def _cost_modifier(face: Face, p: str) -> Abilities | None:
    s = sentences(p)
    if len(s) == 2 and s[1].startswith("This effect reduces only the amount of generic mana"):
        s = s[:1]
    if len(s) != 1:
        return None
    m = re.fullmatch(r"(?P<filter>[\w ]*?)\s*[Ss]pells (?P<who>you cast |your opponents cast )?cost (?P<mana>"
                     + MANA + r") (?P<dir>less|more) to cast\.?", s[0])
    if m:
        filt = _spell_filter(m["filter"])
        if filt is None:
            return None
        scope = {"you cast ": "your_spells", "your opponents cast ": "opponent_spells", None: "all_spells"}[m["who"]]
        t = {"kind": "cost", "change": "reduce" if m["dir"] == "less" else "increase", "mana": m["mana"], **filt}
        if scope != "your_spells":
            t["scope"] = scope
        return [t]
    m = re.fullmatch(r"(?P<filter>[\w ]*?)\s*[Ss]pells you cast cost \{1\} less to cast for each (?P<what>.+?)\.?",
                     s[0])
    if m:                              # ({1} less for each: a generic amount, Animar)
        filt, amount = _spell_filter(m["filter"]), amount_phrase("for each " + m["what"])
        if filt is None or amount is None:
            return None
        return [{"kind": "cost", "change": "reduce", "amount": amount, **filt}]
    if m := re.fullmatch(r"~ costs \{X\} less to cast, where X is (?P<what>.+?)\.?", s[0]):
        amount = amount_phrase("equal to " + m["what"])
        return None if amount is None else [{"kind": "cost", "change": "reduce", "scope": "self", "amount": amount}]
    m = re.fullmatch(r"~ costs (?P<mana>\{\d+\}) less to cast for each (?P<what>.+?)\.?", s[0])
    if m:
        amount = amount_phrase("for each " + m["what"])
        if amount is None or m["mana"] != "{1}":
            return None
        return [{"kind": "cost", "change": "reduce", "scope": "self", "amount": amount}]
    return None


def _statics(face: Face, p: str) -> Abilities | None:
    if m := re.fullmatch(r"You may play (?P<n>an|two|three) additional lands? on each of your turns\.?", p):
        return [{"kind": "land_plays", "additional": number_of(m["n"])}]
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


def _star(face: Face, p: str) -> Abilities | None:
    m = re.fullmatch(r"~'s power (?:and toughness are each|is) equal to (?P<what>the number of .+?)(?: and its "
                     r"toughness is equal to that number plus (?P<plus>\d+))?\.?", p)
    if not m:
        return None
    amount = amount_phrase("equal to " + m["what"])
    if amount is None or (m["plus"] and face.face.toughness != f"{m['plus']}+*"):
        return None                     # (Tarmogoyf's "plus 1": its printed toughness 1+*, 604.3)
    face.fields["star"] = amount
    return []


def earthbends(fields: dict) -> bool:
    """Does an ability's (or a spell's) effect earthbend (701.66a: "target land you control")? See
    faces._unchecked_target: where that target is not checked, it is not read."""
    return "earthbend" in fields or any(
        "earthbend" in op for op in fields.get("effect", ()) if isinstance(op, dict))


def spell_joined(face: Face, parts: list[dict | None]) -> dict | None:
    """The spell's effects so far and `parts`, joined in order (join_effects), or None: not joinable, or one
    earthbends (cast only with a land to target, which no kernel checks for it: faces._unchecked_target)."""
    joined = join_effects([face.spell, *parts])
    return None if joined is None or earthbends(joined) else joined


def spell_effect(face: Face, p: str) -> Abilities | None:
    if not face.is_spell:
        return None
    m = re.fullmatch(r"If (?:this spell|~) was kicked, (?P<effect>.+?) instead\.?", p) or re.fullmatch(
        r"Kicked — (?P<effect>.+)", p)
    if m:
        if d := re.fullmatch(r"it deals (\d+) damage", m["effect"]):     # (to the same target)
            fields = ({**face.spell, "damage_to_opponent": int(d.group(1))}
                      if "damage_to_opponent" in face.spell else None)
        else:
            fields = effect_of(m["effect"], face.tokens)
        if fields is None or face.kicked is not None or "_on_" in fields:
            return None
        face.kicked = fields
        return []
    more = _KICKED_TAKES_MORE.search(p)      # (Consult the Star Charts: a look's "put two ... instead", 702.33d)
    fields = effect_of(p[:more.start()] + p[more.end():] if more else p, face.tokens)
    joined = None if fields is None or "_on_" in fields else spell_joined(face, [fields])
    if fields is None or joined is None or more and (face.kicked is not None or "to_hand" not in fields):
        return None
    if more:
        face.kicked = join_effects([face.spell, {**fields, "to_hand": number_of(more["n"])}])
    face.spell = joined                  # (the paragraphs' effects in their order, 608.2c)
    return []


_KICKED_TAKES_MORE = re.compile(r"(?<=\. )If (?:this spell|~) was kicked, put (?P<n>two|three|four) of (?:them|those "
                                r"cards) into your hand instead\. ")


_MODAL = re.compile(r"(?P<head>(?:(?P<event>(?:When|Whenever|At) [^,\n]+), choose one|Choose one(?: or both| or more)?)"
                    r") \u2014(?P<modes>(?:\n\u2022 [^\n]+)+)")
# A spell's "choose two" or more (Cryptic Command; a Confluence's "choose three" of the same mode or not, 700.2d)
_CHOOSE_N = re.compile(r"Choose (?P<n>two|three|four)(?: \u2014|\. (?P<same>You may choose the same mode more than "
                       r"once\.))(?P<modes>(?:\n\u2022 [^\n]+)+)")


# a target besides a player and "any target" (the opponent is always one): it may be missing as the spell is cast
_MAY_LACK_TARGET = re.compile(r"\btarget (?!player\b|opponent\b)|(?<!any )\btargets\b", re.IGNORECASE)


def _modes(text: str) -> list[str]:
    return [x.removeprefix("\u2022 ").strip() for x in text.strip("\n").split("\n")]


def _modal(face: Face, p: str) -> Abilities | None:
    """A modal spell or trigger (700.2) of which one mode does something in a goldfish and
    the others nothing the player would choose (no-ops, harm to their own permanents): the
    player chooses that mode, so it is the ability's effect."""
    if m := _CHOOSE_N.fullmatch(p):
        n = number(m["n"])
        return None if n is None else _modal_n(face, n, bool(m["same"]), _modes(m["modes"]))
    m = _MODAL.fullmatch(p)
    if not m:
        return None
    modes = _modes(m["modes"])
    read = [(mode, effect_of(mode, {})) for mode in modes if not is_ignored(mode, True)]
    if len(read) != 1 or read[0][1] is None or "_on_" in read[0][1]:
        return None
    fields = effect_of(read[0][0], face.tokens)         # (now with the tokens it makes)
    if m["event"] is None:
        joined = spell_joined(face, [fields]) if face.is_spell and fields is not None else None
        if joined is None:
            return None
        face.spell = joined
        return []
    return _triggered(face, f"{m['event']}, {read[0][0]}")


def _modal_n(face: Face, n: int, same: bool, modes: list[str]) -> Abilities | None:
    """A spell that chooses `n` modes (700.2a): the goldfish chooses every mode that does
    something for it, in their printed order (608.2c), and fills the rest with modes legal and
    harmless in a goldfish (no-ops: "tap all creatures your opponents control"); a mode it
    can't choose (a target that can't exist, 700.2a) or would only be hurt by is never a
    filler. Where the same mode may be chosen again (700.2d: as if printed that many times),
    the one mode that does something is chosen `n` times. Two useful modes beyond `n` (a choice
    between effects), a mode not read, or a useful mode whose target may be missing (a card in a
    graveyard: the choice would then change with the game) leave the paragraph unread."""
    if not face.is_spell:
        return None
    useful = [mode for mode in modes if not is_ignored(mode, True)]
    if any(_MAY_LACK_TARGET.search(mode) for mode in useful):
        return None
    fillers = [mode for mode in modes if is_ignored(mode, True) and is_noop(mode)]
    if same and len(useful) == 1:
        useful = useful * n
    elif not useful or len(useful) > n or len(useful) + len(fillers) < n:
        return None
    fields = [effect_of(mode, face.tokens) for mode in useful]
    if any(f is None or "_on_" in f for f in fields):
        return None
    joined = spell_joined(face, fields)
    if joined is None:
        return None
    face.spell = joined
    return []


PARAGRAPH_RECOGNIZERS = (_enters, _mana_trigger, _cost_modifier, _statics, _star, _activated, _triggered,
                         _modal, spell_effect)
