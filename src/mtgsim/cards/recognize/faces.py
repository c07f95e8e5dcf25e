"""A card's faces read paragraph by paragraph (keyword lines, ability words, each recognizer
in turn, then the ignored patterns) into its card table and clauses."""
from __future__ import annotations

import re
from typing import Any

from ...mana import ManaCost, ManaCostError
from ...vocabulary import LAND_TYPES
from ..model import (CARD_TYPES, CHARACTERISTIC_KEYWORDS, KEYWORD_ABILITIES, KNOWN_KEYWORDS, MAX_TIME_COUNTERS,
                     SUPERTYPES)
from ..oracle import OracleCard, OracleFace
from ..oracle_text import normalize, paragraphs, sentences, shape
from .abilities import PARAGRAPH_RECOGNIZERS, Abilities, Face, earthbends, spell_effect
from .clauses import IGNORED, RECOGNIZED, UNRECOGNIZED, Clause, Recognition
from .effects import effect_of, merged_sentences
from .ignored import GRAVEYARD_TARGET, IGNORED_KEYWORDS, OWN_HARM, is_ignored, never_activated, never_cast
from .moot import EVOKED, MOOT, PITCHED, evoke_moot, moot, pitch_moot
from .phrases import MANA, singular
from .unread import (attack_restriction, casting_restriction, drawback, gated_paragraphs, read_drawback,
                     untap_restriction)


def _keyword_line(face: Face, p: str, keywords: tuple[str, ...], clauses: list[Clause]) -> bool:
    """Read a paragraph made only of keywords ('Flying, haste', 'Kicker {2}{G}'); False if it
    isn't one."""
    # (the keywords the record lists, and those read whether or not a file lists them)
    # (not the keyword actions a record may list, 701: "Scry 1" is an effect, read as one)
    known = (({k.lower() for k in keywords} - _KEYWORD_ACTIONS) | KNOWN_KEYWORDS | set(KEYWORD_ABILITIES)
             | CHARACTERISTIC_KEYWORDS
             | {"kicker", "flashback", "devoid", "affinity", "suspend", "delve", "plot"} | set(_CYCLING) | set(_MEANS))
    parts = [x.strip() for x in re.split(r", |; ", p.rstrip("."))]
    heads = []
    for part in parts:
        low = part.lower()
        head = next((k for k in sorted(known, key=len, reverse=True)
                     if low == k or low.startswith(k + " ") or low.startswith(k + "\u2014")), None)
        if head is None or head in ABILITY_WORDS and low.startswith(head + " \u2014 "):
            return False                 # (an ability word and its ability, 207.2c: "Revolt — Destroy ...")
        heads.append((head, part))
    for head, part in heads:
        rest = part[len(head):].strip(" —")
        status = UNRECOGNIZED
        if (head in KNOWN_KEYWORDS or head in KEYWORD_ABILITIES or head in CHARACTERISTIC_KEYWORDS) and not rest:
            face.keywords.append(head.capitalize())     # ("first strike" → "First strike"; prowess: its ability)
            status = RECOGNIZED
        elif head in ("kicker", "flashback", "plot") and _is_mana_cost(rest):     # (702.33, 702.34, 702.170a)
            face.fields[head] = rest
            status = RECOGNIZED
        elif head in _CYCLING and _is_mana_cost(rest) and "cycling" not in face.fields:
            face.fields["cycling"] = rest          # 702.29a; typecycling, 702.29e
            if _CYCLING[head]:
                face.fields["typecycling"] = _CYCLING[head]
            status = RECOGNIZED
        elif head in _MEANS and re.fullmatch(r"\d+", rest) and (read := _recognized(
                face, _MEANS[head].format(n=rest))) is not None:
            face.abilities += read                 # (the ability the keyword stands for, as its rule words it)
            status = RECOGNIZED
        elif head == "suspend" and (m := re.fullmatch(r"(\d+)\s*\u2014\s*(\S+)", rest)) and _is_mana_cost(m.group(2)) \
                and "Creature" not in face.types and face.face.mana_cost and 1 <= int(m.group(1)) <= MAX_TIME_COUNTERS:
            face.fields["suspend"] = m.group(2)    # 702.62a (a creature's haste is not read; a card with no
            face.fields["suspend_time"] = int(m.group(1))     # mana cost is not cast from the hand either way)
            status = RECOGNIZED
        elif head == "devoid":                 # 702.114a: it is colourless
            face.fields["colors"] = ""
            status = RECOGNIZED
        elif head == "affinity" and (m := re.fullmatch(r"for (artifacts|\w+s)", rest)):
            what = singular(m.group(1)).capitalize()       # 702.41a: {1} less for each one you control
            count = {"count": "permanents", "types": [what]} if what in CARD_TYPES else {
                "count": "permanents", "subtypes": [what]}
            face.abilities.append({"kind": "cost", "change": "reduce", "scope": "self", "amount": count})
            status = RECOGNIZED
        elif head == "delve" and not rest:     # 702.66a: each card exiled from your graveyard pays {1}
            face.abilities.append({"kind": "cost", "change": "delve", "scope": "self",
                                   "amount": {"count": "cards_in_graveyard"}})
            status = RECOGNIZED
        elif head == "enchant" or head in IGNORED_KEYWORDS or any(head.startswith(k) for k in IGNORED_KEYWORDS):
            status = IGNORED
        clauses.append(Clause(part, status, face.face.name, shape(part) if status != RECOGNIZED else ""))
    return True


# Cycling and the typecycling the vocabulary has (702.29e: a land of a basic land type, or a
# basic land), by keyword: the type searched for ("" plain cycling, which draws).
_CYCLING = {"cycling": "", "basic landcycling": "basic land",
            **{f"{t.lower()}cycling": t for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")}}


# The keywords with a number that stand for a triggered ability, each that ability as its rule
# words it (N the keyword's number), read by the recognizers as any ability is: a card has it
# once per instance of the keyword.
_MEANS = {
    # 702.181a: "Whenever this creature attacks, create N 1/1 red Warrior creature tokens. Those tokens
    # enter tapped and attacking. Sacrifice them at the beginning of the next end step."
    "mobilize": "Whenever ~ attacks, create {n} 1/1 red Warrior creature tokens that are tapped and attacking. "
                "Sacrifice them at the beginning of the next end step.",
}

# The keyword actions (701.2-701.70): verbs of effects, never keyword abilities, though a bulk file's keywords
# list them ("Mill", "Investigate"): a line beginning with one is read as the effect it is ("Mill two cards.").
_KEYWORD_ACTIONS = {
    "activate", "attach", "behold", "cast", "counter", "create", "destroy", "discard", "double", "triple", "exchange",
    "exile", "fight", "goad", "investigate", "mill", "play", "regenerate", "reveal", "sacrifice", "scry", "search",
    "shuffle", "surveil", "tap", "untap", "transform", "convert", "fateseal", "clash", "planeswalk", "set in motion",
    "abandon", "proliferate", "detain", "populate", "monstrosity", "vote", "bolster", "manifest", "support", "meld",
    "exert", "explore", "assemble", "adapt", "amass", "learn", "venture into the dungeon", "connive",
    "open an attraction", "roll to visit your attractions", "incubate", "the ring tempts you",
    "face a villainous choice", "time travel", "discover", "cloak", "collect evidence", "suspect", "forage",
    "manifest dread", "endure", "harness", "airbend", "earthbend", "waterbend", "blight", "heal", "recruit"}

# The ability words (207.2c): no rules meaning, so a bulk file's keywords listing one ("Revolt",
# "Converge", "Metalcraft") never make its ability a keyword line; it is read as any ability.
ABILITY_WORDS = frozenset({
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4", "descend 8", "disappear",
    "domain", "eerie", "eminence", "enrage", "fateful hour", "fathomless descent", "ferocious", "flurry",
    "formidable", "grandeur", "hellbent", "heroic", "imprint", "infusion", "inspired", "join forces", "kinship",
    "landfall", "lieutenant", "magecraft", "metalcraft", "morbid", "opus", "pack tactics", "paradox", "parley",
    "radiance", "raid", "rally", "renew", "repartee", "revolt", "secret council", "spell mastery", "strive",
    "survival", "sweep", "tempting offer", "threshold", "undergrowth", "valiant", "vivid", "void",
    "will of the council"})


def _is_mana_cost(text: str) -> bool:
    """Is `text` a mana cost ("{2}{G}"), as kicker and flashback costs are?"""
    if not re.fullmatch(MANA, text):
        return False
    try:
        ManaCost.parse(text)
    except ManaCostError:
        return False
    return True



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
# The nonbasic land types (205.3i), Urza's among them: Planar Nexus's "~ is every nonbasic land type".
NONBASIC_LAND_TYPES = tuple(t for t in LAND_TYPES if t not in _BASIC_MANA) + ("Urza's",)


def face_table(face: OracleFace, keywords: tuple[str, ...], clauses: list[Clause],
               tokens: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The card table of one face, the clauses it was read from appended to `clauses`, the
    token cards its effects create to `tokens`."""
    type_line, types, subtypes = _type_line(face.type_line)
    f = Face(face, types, subtypes)
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
    # an Aura the player casts onto a permanent of their choice (303.4a), theirs or no one's
    aura = "Aura" in subtypes and not re.search(r"^Enchant [\w ]+ you control", text, re.MULTILINE)
    first = len(clauses)
    levels: list[Clause] = []
    class_text = _class_levels(f, paragraphs(text), levels, aura) if "Class" in subtypes else paragraphs(text)
    if "Saga" in subtypes:
        class_text = _saga_chapters(f, class_text, levels, aura)
    active, gated = gated_paragraphs(class_text, face.name, face.name,    # (716 unread, 711, 714, 719)
                                     lambda body: is_ignored(body, False, aura))
    for p in active:
        if _keyword_line(f, p, keywords, clauses):
            continue
        if p == "~ is every nonbasic land type." and "Land" in types:    # 604.3: a characteristic-
            table["type"] = f"{type_line} \u2014 {' '.join(NONBASIC_LAND_TYPES)}"   # defining ability (205.3i)
            clauses.append(Clause(_words(p, face.name), RECOGNIZED, face.name))
            continue
        body = re.sub(r"^[A-Z][\w' ,-]+ — (?=\S)", "", p)     # an ability word (207.2c) is flavour
        status = UNRECOGNIZED
        out = _recognized(f, body)
        gain = _UNSAID_GAIN.fullmatch(body) if out is None else None
        if gain and (out := _recognized(f, gain["read"])) is not None:
            f.abilities.extend(out)           # (read without the gain, which is reported)
            clauses.append(Clause(_words(gain["read"], face.name), RECOGNIZED, face.name))
            clauses.append(Clause(_words(gain["gain"], face.name), UNRECOGNIZED, face.name,
                                  shape(gain["gain"])))
            continue
        if out is not None:
            f.abilities.extend(out)
            status = RECOGNIZED
        else:
            if is_ignored(body, f.is_spell, aura):
                status = IGNORED
            elif f.is_spell and (parts := merged_sentences(sentences(body))) and len(parts) > 1:
                read = _spell_sentences(f, parts, clauses)
                if read is None:
                    continue
                status = read
        clauses.append(Clause(_words(p, face.name), status, face.name, shape(p) if status != RECOGNIZED else ""))
    clauses.extend(gated)
    _unread_costs(f, clauses, first)
    if f.is_spell:
        _never_cast(f, clauses, first)
        _pitch(f, clauses, first)
    _never_activated(f, clauses, first)
    _untap_never_paid(f, clauses, first)
    if "Creature" in f.types:
        _evoke(f, clauses, first)
    clauses.extend(levels)                   # (a level's unread drawback: never levelled up to, 716.2a)
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


# A class level bar (716.2a), "[cost]: Level N", and a level's "When this Class becomes level N".
_LEVEL_BAR = re.compile(r"(?P<cost>(?:\{[^}]+\})+): Level (?P<n>\d+)")
_BECOMES_LEVEL = re.compile(r"When ~ becomes level (?P<n>\d+),")


def _class_levels(f: Face, paras: list[str], clauses: list[Clause], aura: bool) -> list[str]:
    """A Class's paragraphs before its first level bar; its level bars (716.2a: levels 2, 3, ...
    in order) read into the face's `levels`, each with the abilities of its level the
    recognizers read, and their clauses appended to `clauses` (a bar's own clause is read when
    its level gains something). A level's unread ability is reported and that level gains
    nothing from it (its level-up is then worth activating only for what was read); an unread
    drawback in a level leaves that level-up and the later ones unread (never levelled up to:
    never free). Not level bars 2, 3, ... in order, or no level gaining anything: `paras` whole
    (gated_paragraphs leaves them unread)."""
    starts = [k for k, p in enumerate(paras) if _LEVEL_BAR.fullmatch(p)]
    numbers = [int(_LEVEL_BAR.fullmatch(paras[k])["n"]) for k in starts]      # type: ignore[index]
    if not starts or numbers != list(range(2, len(starts) + 2)):
        return paras
    name = f.face.name
    levels: list[dict[str, Any]] = []
    said: list[Clause] = []
    for j, k in enumerate(starts):
        n, bar = j + 2, _LEVEL_BAR.fullmatch(paras[k])
        gained: Abilities = []
        read: list[Clause] = []
        worse = None
        for p in paras[k + 1:starts[j + 1] if j + 1 < len(starts) else len(paras)]:
            body = re.sub(r"^[A-Z][\w' ,-]+ — (?=\S)", "", p)
            out = _recognized(f, body)
            if out is not None and (m := _BECOMES_LEVEL.match(body)) and int(m["n"]) != n:
                out = None                   # ("becomes level 3" in level 2's section: not this level's)
            if out is not None:
                gained.extend(out)
                read.append(Clause(_words(p, name), RECOGNIZED, name))
            elif is_ignored(body, False, aura):
                read.append(Clause(_words(p, name), IGNORED, name, "Class ability"))
            else:
                worse = worse or drawback(p, name)
                read.append(Clause(f"{_words(p, name)} — level {n}'s ability, not simulated: the level gains "
                                   "nothing from it (716.2a)", UNRECOGNIZED, name, "Class ability"))
        if worse:
            said.append(Clause(f"{_words(paras[k], name)} — {worse}: never levelled up to this level or past it "
                                  "(716.2a)", UNRECOGNIZED, name, "Class level"))
            said.extend(Clause(f"{_words(p, name)} — a Class level never reached (716.2a): not simulated",
                               UNRECOGNIZED, name, "Class ability")
                        for p in paras[k + 1:] if not _LEVEL_BAR.fullmatch(p))
            break
        if gained:
            said.append(Clause(_words(paras[k], name), RECOGNIZED, name))
        said.extend(read)
        levels.append({"cost": bar["cost"], "abilities": gained})              # type: ignore[index]
    if not any(lv["abilities"] for lv in levels):
        return paras
    f.fields["levels"] = levels
    clauses.extend(said)
    return paras[:starts[0]]


# A Saga's chapter paragraph (714.2a-c): "I — [effect]", "I, II — [effect]" (one ability per numeral).
_CHAPTER = re.compile(r"(?P<numerals>[IVX]+(?:, [IVX]+)*) — (?P<effect>.+)", re.DOTALL)
_ROMAN = {"I": 1, "V": 5, "X": 10}
# Chapter III of a transforming Saga (712, 701.28): not this family's (the transform op's); unread, it is no
# drawback (the Saga returns as its back face, no permanent lost)
_TRANSFORMS = re.compile(r"Exile ~, then return it to the battlefield transformed under your control\.?")


def _roman(numeral: str) -> int:
    """714.2a: a chapter's Roman numeral as its number (I 1, IV 4, IX 9)."""
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values))


# A chapter's "This Saga gains \"[ability]\"" (613.1f); the quotes within the ability quoted as single ones
_GAINS = re.compile(r"~ gains \"(?P<ability>[^\"]+)\"\.?")


def _gained(f: Face, body: str, n: int) -> Abilities | None:
    """The abilities chapter `n`'s "~ gains \"[ability]\"" gives the Saga, read by the recognizers as the
    card's own activatable only with n or more lore counters (ActivateOnly.lore: the chapter resolves as its
    counter is put, and the ability stays while the Saga does); None if the chapter says something else or
    the ability is not read."""
    m = _GAINS.fullmatch(body)
    if m is None or len(m["ability"].split(": ", 1)) != 2:
        return None                             # (an activated ability only: "[cost]: [effect]")
    out = _recognized(f, re.sub(r"'([^']+)'", r'"\1"', m["ability"]))
    if not out or any(a.get("kind") not in ("mana", "activated") or "activate_only" in a for a in out):
        return None
    return [{**a, "activate_only": {"lore": n}} for a in out]


def _saga_chapters(f: Face, paras: list[str], clauses: list[Clause], aura: bool) -> list[str]:
    """A Saga's paragraphs that are not chapters; its chapters (714.2b: "When one or more lore counters
    are put onto this Saga, if the number of lore counters on it was less than N and became at least
    N, [effect]"; 714.2c: "I, II —" is two of them) read as triggered abilities of the event `chapter`,
    their clauses appended to `clauses`. A chapter the effect phrases don't read is reported and kept
    as a chapter doing nothing (714.2d: the final chapter number stays the card's, so the Saga is
    sacrificed when it would be, 714.4); one irrelevant to a goldfish likewise, ignored. An unread
    chapter that is a drawback, or chapters not numbered 1, 2, ... in order: `paras` whole
    (gated_paragraphs leaves them unread: the Saga is never sacrificed, nor does anything)."""
    found = [(k, m) for k, p in enumerate(paras) if (m := _CHAPTER.fullmatch(p))]
    numbers = [_roman(n) for _, m in found for n in m["numerals"].split(", ")]
    if not found or numbers != list(range(1, len(numbers) + 1)):
        return paras
    name = f.face.name
    read: Abilities = []
    said: list[Clause] = []
    for k, m in found:
        body = re.sub(r"^[A-Z][\w' ,-]+ — (?=\S)", "", m["effect"])        # (a chapter's ability word)
        if (gained := _gained(f, body, _roman(m["numerals"].split(", ")[0]))) is not None:
            read += gained
            body = ""                           # (the chapter itself then does nothing of its own)
        fields = effect_of(body, f.tokens) if body else {}
        if fields is not None and fields.pop("_on_", "~") not in ("~", "it"):
            fields = None                       # (counters on another permanent: not this one's)
        if fields is not None:
            said.append(Clause(_words(paras[k], name), RECOGNIZED, name))
        elif is_ignored(body, False, aura):
            fields = {}
            said.append(Clause(_words(paras[k], name), IGNORED, name, "Saga chapter"))
        elif not _TRANSFORMS.fullmatch(body) and drawback(body, name):
            return paras
        else:
            fields = {}
            said.append(Clause(f"{_words(paras[k], name)} — a Saga chapter's effect (714.2b), not simulated: the "
                               "chapter does nothing", UNRECOGNIZED, name, "Saga chapter"))
        read += [{"kind": "trigger", "event": "chapter", "chapter": _roman(n), **fields}
                 for n in m["numerals"].split(", ")]
    f.abilities.extend(read)
    clauses.extend(said)
    return [p for k, p in enumerate(paras) if k not in {j for j, _ in found}]


def _recognized(f: Face, body: str) -> Abilities | None:
    """The abilities the first recognizer that reads paragraph `body` makes of it, or None."""
    for recognizer in PARAGRAPH_RECOGNIZERS:
        out = recognizer(f, body)
        if out is not None:
            return None if _unchecked_target(f, out) else out
    return None


def _unchecked_target(f: Face, abilities: Abilities) -> bool:
    """Is there an earthbend ("target land you control", 701.66a) in a spell, or in an activated ability of a
    permanent that is no land? Those are cast or activated only with a land to target (601.2c, 602.2b), which
    the kernels check for no op but graveyard_to_hand: refused, never cast with none. (A trigger finding no
    target does nothing, 603.3d; a land's own ability always has itself.)"""
    return any(earthbends(a) for a in abilities
               if a.get("kind") == "spell" or (a.get("kind") == "activated" and "Land" not in f.types))


# The last sentence of an ability that only adds to the player's own board in a way the
# vocabulary can't say: amass (701.47a: an Army token, or +1/+1 counters on the Army they
# have). The ability is read without it, and it is reported unrecognized: the card is partly
# recognized, and plays with less than it has, never more.
_UNSAID_GAIN = re.compile(r"(?P<read>.+\.) (?P<gain>(?:Then )?amass [A-Z][a-z]+ (?:\d+|one|two|three)\.?)",
                          re.DOTALL)


def _unread_costs(f: Face, clauses: list[Clause], first: int) -> None:
    """The face's clauses from `first` on that its recognizers left unread, looked at again
    for what must not be played for free (`unread`): "~ doesn't untap during your untap step"
    read (502.3); a restriction on its attacking read as never attacking (508.1c); a cost or
    restriction on casting the card makes it uncastable (601.2b, 601.2f, 601.3), and so does a
    drawback to its controller the vocabulary can't say (a land: never played), the clause
    saying so in its words; one it can say is read (an end-step sacrifice of itself, 603.2)."""
    name = f.face.name
    for k in range(first, len(clauses)):
        c = clauses[k]
        if c.status == RECOGNIZED or c.face != name:
            continue
        text = c.text.replace(name, "~")
        untap = untap_restriction(text) if c.status == UNRECOGNIZED else None     # (not one never applying)
        if untap is not None:
            f.fields["doesnt_untap"] = True
            clauses[k] = Clause(c.text, RECOGNIZED, name) if untap else Clause(
                f"{c.text} — read as never untapping (502.3)", UNRECOGNIZED, name, c.family)
            continue
        if c.status == UNRECOGNIZED and "Creature" in f.types and attack_restriction(text):
            f.fields["cant_attack"] = True
            clauses[k] = Clause(f"{c.text} — read as never attacking (508.1c)", UNRECOGNIZED, name,
                                c.family)
            continue
        why = casting_restriction(text, name)
        if why is not None:
            f.fields.setdefault("uncastable", why)
            clauses[k] = Clause(f"{c.text} — {why.split(':')[0]}: never cast", UNRECOGNIZED, name, c.family)
            continue
        if c.status != UNRECOGNIZED:
            continue
        if (read := read_drawback(text)) is not None:
            f.abilities.extend(read)
            clauses[k] = Clause(c.text, RECOGNIZED, name)
            continue
        land = "Land" in f.types
        why = drawback(text, name, spell=f.is_spell)
        if why is not None:
            f.fields.setdefault("uncastable", why)
            never = "never played" if land else "never cast"
            clauses[k] = Clause(f"{c.text} — {why.split('): ')[0]}): {never}", UNRECOGNIZED, name, c.family)


def _never_cast(f: Face, clauses: list[Clause], first: int) -> None:
    """A spell's ignored clauses from `first` on that casting it would need or do (never_cast):
    a target that can't exist in a goldfish (601.2c) makes it never cast, the clause still
    ignored, saying why; so does harm to the player's own permanents when it is all the spell
    does (a player who may decline to cast it never does). Harm that comes with effects read
    (Snap's bounce with its untap, Mwonvuli Acid-Moss's land destroyed with its search) is
    part of what casting it does, and so is a target card in a graveyard, which the simulator
    doesn't track: the clause is unread, and the spell never cast (never free)."""
    name = f.face.name
    read = bool(f.spell or f.kicked)
    never = None                          # (why the spell is never cast, and its `uncastable`)
    for k in range(first, len(clauses)):
        c = clauses[k]
        if c.status != IGNORED or c.face != name or (why := never_cast(c.text.replace(name, "~"))) is None:
            continue
        if why in (OWN_HARM, GRAVEYARD_TARGET) and read:
            f.fields.setdefault("uncastable", f"unread: {why}: '{c.text}'")
            clauses[k] = Clause(f"{c.text} \u2014 {why}, cast for what it does besides: not simulated, never cast",
                                UNRECOGNIZED, name, "harm to your own" if why == OWN_HARM else "graveyard target")
            continue
        f.fields.setdefault("uncastable", f"{why}: '{c.text}'")
        clauses[k] = Clause(f"{c.text} \u2014 {why}: never cast", IGNORED, name, c.family)
        never = never or (why, f"{why}: '{c.text}'")
    if never:
        _moot(f, clauses, first, *never)


_PLUS_LOYALTY = re.compile(r"\[\+\d+\]:")      # a loyalty ability putting loyalty counters (606.4)


def _never_activated(f: Face, clauses: list[Clause], first: int) -> None:
    """The face's ignored activated abilities from `first` on that are never activated
    (never_activated: no legal target can exist, or only the player's own are harmed), saying
    why: Otawara's and Eiganjo's channel abilities. A plus loyalty ability (606.4) doing nothing in a
    goldfish that could be activated is unread: the loyalty it puts is not moot."""
    name = f.face.name
    for k in range(first, len(clauses)):
        c = clauses[k]
        if c.status == IGNORED and c.face == name and (why := never_activated(c.text.replace(name, "~"))):
            clauses[k] = Clause(f"{c.text} \u2014 never activated (602.2b): {why}", IGNORED, name, c.family)
        elif c.status == IGNORED and c.face == name and _PLUS_LOYALTY.match(c.text):
            clauses[k] = Clause(f"{c.text} \u2014 what it does is moot, but not the loyalty its cost puts (606.4): "
                                "not simulated", UNRECOGNIZED, name, "COST: a moot effect")


# An activated "Untap ~" (701.26a) read alone: its cost, and the paragraph's words.
_UNTAP_SELF = re.compile(r"(?P<cost>[^:\"]+): Untap ~\.(?: Activate only [^.]+\.)?")
_COLORLESS = re.compile(r"(?:\{C\})+")


def _untap_never_paid(f: Face, clauses: list[Clause], first: int) -> None:
    """The face's activated "Untap ~" (701.26a) is read only where the goldfish's never paying
    for it (the op is not `worth`) loses nothing: its source's other {T} abilities are mana
    abilities making only colourless mana, no more than the mana the untap costs (Grim
    Monolith: {C}{C}{C} for {4}), and it is not a creature that doesn't untap during the
    untap step (502.3: untapped, it would attack again). Elsewhere it is unread, the ability
    left out: the card is played with less than it has, never more."""
    name = f.face.name
    untaps = [a for a in f.abilities if a.get("kind") == "activated" and a.get("untap_source")]
    if not untaps:
        return
    stuck = "Creature" in f.types and f.fields.get("doesnt_untap")
    taps = [a for a in f.abilities if "{T}" in str(a.get("cost", "")) and a not in untaps]
    for k in range(first, len(clauses)):
        c = clauses[k]
        if c.status != RECOGNIZED or c.face != name or not (m := _UNTAP_SELF.fullmatch(c.text.replace(name, "~"))):
            continue
        try:
            paid = ManaCost.parse(m["cost"]).mana_value
        except ManaCostError:                        # (a cost in life, a sacrifice: mana never made back)
            paid = -1
        made = [len(a["mana"]) // 3 if a.get("kind") == "mana" and _COLORLESS.fullmatch(a.get("mana", "")) else None
                for a in taps]
        if stuck or any(n is None or n > paid for n in made):
            ability = next(a for a in untaps if a["cost"] == m["cost"])
            f.abilities.remove(ability)
            untaps.remove(ability)
            clauses[k] = Clause(f"{c.text} \u2014 untapping it would be worth paying for, which the goldfish never "
                                f"does (701.26a): not simulated", UNRECOGNIZED, name, shape(c.text))


def _evoke(f: Face, clauses: list[Clause], first: int) -> None:
    """The face's evoke cost, ignored when evoking it gives nothing (moot.evoke_moot)."""
    name = f.face.name
    mine = [k for k in range(first, len(clauses)) if clauses[k].face == name]
    if evoke_moot([(clauses[k].status, clauses[k].text.replace(name, "~")) for k in mine], bool(f.abilities)):
        for k in mine:
            if clauses[k].status == UNRECOGNIZED and clauses[k].text.startswith("Evoke"):
                clauses[k] = Clause(f"{clauses[k].text} \u2014 {EVOKED}", IGNORED, name, clauses[k].family)


def _pitch(f: Face, clauses: list[Clause], first: int) -> None:
    """The spell face's alternative costs, ignored when the spell does nothing (moot.pitch_moot)."""
    name = f.face.name
    mine = [k for k in range(first, len(clauses)) if clauses[k].face == name]
    if pitch_moot([(clauses[k].status, clauses[k].text.replace(name, "~")) for k in mine],
                  bool(f.spell or f.kicked or f.abilities)):
        for k in mine:
            if clauses[k].status == UNRECOGNIZED:
                clauses[k] = Clause(f"{clauses[k].text} \u2014 {PITCHED}", IGNORED, name, clauses[k].family)


def _moot(f: Face, clauses: list[Clause], first: int, why: str, uncastable: str) -> None:
    """The face's unread clauses from `first` on that only concern casting the spell, never
    cast for `why`, or its impossible effect (moot.py): ignored, saying so. A cost the clause
    readers had made the reason it is never cast gives way to `uncastable`, the reason that
    holds whatever it costs."""
    name = f.face.name
    for k in range(first, len(clauses)):
        c = clauses[k]
        if c.status == UNRECOGNIZED and c.face == name and (words := moot(c.text.replace(name, "~"), why)):
            clauses[k] = Clause(f"{_words(words, name)} \u2014 {MOOT} ({why})", IGNORED, name, c.family)
            if f.fields.get("uncastable", "").endswith(f"'{_words(words, name)}'"):
                f.fields["uncastable"] = uncastable


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


def _spell_sentences(f: Face, parts: list[str], clauses: list[Clause]) -> str | None:
    """A spell paragraph read sentence by sentence: each sentence a clause of its own."""
    for s in parts:
        if spell_effect(f, s) is not None:
            clauses.append(Clause(_words(s, f.face.name), RECOGNIZED, f.face.name))
        else:
            status = IGNORED if is_ignored(s, True) else UNRECOGNIZED
            clauses.append(Clause(_words(s, f.face.name), status, f.face.name, shape(s)))
    return None


def recognize(card: OracleCard) -> Recognition:
    """The card table and clauses of a real card; raises NotACardError for a record that is
    not a card a deck holds (a plane, a scheme)."""
    clauses: list[Clause] = []
    tokens: dict[str, dict[str, Any]] = {}
    front = face_table(card.front, card.keywords, clauses, tokens)
    if card.layout in ("modal_dfc", "transform") and len(card.faces) > 1:
        front["back"] = face_table(card.faces[1], card.keywords, clauses, tokens)
        if card.layout == "transform":          # (the face it transforms to, 712.2: never cast)
            front["transforms"] = True
        if card.layout == "transform" and "Battle" in front["type"]:
            clauses.append(Clause(f"{card.front.name}: a battle defeated, its back face cast transformed (310.7, "
                                  "310.12): not simulated", UNRECOGNIZED, card.front.name, "battle defeated"))
            front["unmodeled"] = (front.get("unmodeled", "") + " A battle defeated: not simulated.").strip()
    elif len(card.faces) > 1 and card.layout not in ("reversible_card",):
        for other in card.faces[1:]:
            how = {"transform": "its back face", "meld": "its melded face", "flip": "its flipped face"}.get(
                card.layout, f"its other half ({card.layout})")
            if card.layout == "adventure" and (why := _adventure_never_cast(other)):
                clauses.append(Clause(f"{other.name}: its Adventure (715.3) \u2014 {why}: never cast, the card cast "
                                      "only as its creature", IGNORED, other.name, "adventure never cast"))
                continue
            if other.oracle_text or card.layout not in ("transform", "meld", "flip"):
                clauses.append(Clause(f"{other.name}: {how} is not simulated", UNRECOGNIZED, other.name,
                                      f"{card.layout} face"))
        unread = [c.text for c in clauses if c.status == UNRECOGNIZED and c.face != card.front.name]
        if unread:
            front["unmodeled"] = (front.get("unmodeled", "") + " " + " ".join(u + "." for u in unread)).strip()
    if missing := _missing_faces(card):
        for name in missing:
            what = _FACE_WORDS.get(card.layout, "its other face")
            clauses.append(Clause(f"{name}: {what} is missing from the bulk file", UNRECOGNIZED, name,
                                  f"{card.layout} face missing from the bulk file"))
        front["unmodeled"] = (front.get("unmodeled", "") + " " + " ".join(
            f"{name}: missing from the bulk file." for name in missing)).strip()
    return Recognition(card.name, front, clauses, tokens)


def _adventure_never_cast(face: OracleFace) -> str | None:
    """Why an adventurer's Adventure (715.2) is never cast: read as a spell of its own, each of its
    clauses is one a goldfish never uses and casting it needs what a goldfish lacks (never_cast: a
    target that can't exist, 601.2c; or only harm to the player's own). The card is then only ever
    cast as its creature, from the hand (715.3: the Adventure is another way to cast it, never
    taken), and the Adventure is moot. None otherwise (its effects are then unread)."""
    clauses: list[Clause] = []
    table = face_table(face, (), clauses, {})
    if "uncastable" in table and clauses and all(c.status == IGNORED for c in clauses):
        return table["uncastable"]
    return None


_FACE_WORDS = {"modal_dfc": "its back face", "transform": "its back face", "meld": "its melded face",
               "flip": "its flipped face", "split": "its other half", "aftermath": "its other half",
               "adventure": "its adventure", "prepare": "its other half"}


def _missing_faces(card: OracleCard) -> list[str]:
    """The faces a card of several faces (named "A // B": 709.1, 710.1, 712.1, 715.1) has that
    its record doesn't hold: an MTGJSON-derived file may give a modal double-faced card, a
    split card or an adventurer its front face only. Such a card is never read as a card of
    one face: each missing face is reported unread."""
    if card.layout == "reversible_card":         # (one card shown twice)
        return []
    names = card.name.split(" // ")
    return names[len(card.faces):]
