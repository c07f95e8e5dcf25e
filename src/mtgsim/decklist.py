"""Decklists: reading the common text and XML formats, and a `Deck` of resolved cards with the
numbers a deck builder looks at (curve, colour requirements, mana sources, legality in a
format: mtgsim.formats).

Formats are told apart by their content, so `Deck.from_file` and `Deck.from_text` read them all:

* MTG Arena exports: "Deck" / "Sideboard" / "Commander" / "Companion" / "About" header lines,
  "Name My Deck" under "About", card lines "4 Lightning Bolt (M10) 146", marks like "*F*".
* MTGO .txt: "4 Name" lines, a blank line before the sideboard, or "SB: 2 Name" lines.
* MTGO .dek XML: <Deck><Cards Quantity="4" Sideboard="false" Name="Forest"/></Deck>.
* Plain lists: "4 Name", "4x Name", "4 x Name", or "Name" alone for one copy.

Text may be UTF-8 with or without a BOM, with any line endings; lines starting with "#" or
"//" are comments, unless they only name a section ("// Sideboard"). Every fault is a
`DecklistError` naming the source, the line and the text; all faults of one list are
reported together, so a list can be fixed in one go.

Limits: a count (a line's, or one given in Python) and a section's total (main deck,
sideboard, commander, companion) are at most MAX_CARDS = 10000 cards: far more than any list
a deck builder reads (a 720-card cube), and small enough that nothing grows with it (the
summary's bars are scaled). A deck may still be larger than a simulation takes: `simulate`
refuses a main deck of more than 256 cards (`_core.MAX_LIBRARY`), naming its size. A count
is judged by its digits before it is turned into a number, so "10000000000 Forest" is
refused at once. A card line has at most MAX_LINE = 1000 characters (the longest card name
has 141). A fault of a list is a `DecklistError` naming the source, line and card; a count
or section beyond the limit given in Python is a `LimitError`.

Counting convention: the commander is kept apart from the main deck (`deck.commander`), but
`len(deck)` and every analysis (lands, curve, colours) cover main deck + commander — the
cards you play with, so a Commander deck has `len(deck) == 100`. Sideboard and companion are
outside the deck.
"""
from __future__ import annotations

import operator
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from os import PathLike
from pathlib import Path
from typing import Any, cast

from .cards import CardDatabase, CardDef, UnknownCardError, card_db, closest_names, normalize_name
from .cards.deck import DeckCards
from .cards.identity import color_identity
from .cards.model import LandsOf, ManaKind
from .cards.resolved import ResolvedCards
from .errors import (ArgumentError, ArgumentTypeError, DecklistError, LimitError,
                     UnknownCardInDecklistError, shown)
from .files import input_path
from .formats import FORMATS, preset
from .mana import COLOR_ORDER, Color, ManaCost, SymbolKind

__all__ = ["Deck", "DecklistError", "UnknownCardInDecklistError", "ColorRequirement", "SECTIONS",
           "MAX_CARDS", "MAX_LINE"]

MAINDECK, SIDEBOARD, COMMANDER, COMPANION = "maindeck", "sideboard", "commander", "companion"
SECTIONS = (MAINDECK, SIDEBOARD, COMMANDER, COMPANION)
_ABOUT, _IGNORED = "about", "ignored"   # parse-only sections: deck metadata, maybeboard
MAX_CARDS = 10_000              # copies on one line, cards in one section (a cube has 720)
MAX_LINE = 1000                 # characters of a card line; keeps the line patterns' work small
CURVE_WIDTH = 50                # the longest bar of Deck.summary()'s curve
_MAX_HEADER = 40                # no section header is longer ("Sideboard (15):" has 15)


# ---- reading lists: text → entries (unresolved names and counts) -----------------------------

@dataclass(frozen=True, slots=True)
class _Entry:
    """One card line of a list (or one item of a Python mapping), before name resolution."""
    section: str
    key: str | CardDef
    count: object               # an int from Python, or the count as written in a list
    line: int | None = None
    text: str | None = None     # the line as written, for error messages
    whole: str | None = None    # "count name" as one string: tried as a card name if `key` fails


@dataclass
class _Parsed:
    entries: list[_Entry]
    errors: list[DecklistError]
    name: str | None = None


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_HEADER = re.compile(r"([a-z][a-z ]*?)\s*(?:\(\d+\))?\s*:?", re.IGNORECASE)
_HEADERS = {
    "deck": MAINDECK, "main": MAINDECK, "maindeck": MAINDECK, "main deck": MAINDECK,
    "mainboard": MAINDECK, "sideboard": SIDEBOARD, "sb": SIDEBOARD,
    "commander": COMMANDER, "commanders": COMMANDER, "companion": COMPANION,
    "about": _ABOUT, "maybeboard": _IGNORED, "considering": _IGNORED,
}
_DECK_NAME = re.compile(r"name\s+(.+)", re.IGNORECASE)       # "Name My Deck" under "About"
_SB_PREFIX = re.compile(r"sb:\s*(\S.*)", re.IGNORECASE)       # "SB: 2 Name"
_MARKS = re.compile(r"(?:\s+\*[^*\s]+\*)+$")                  # Arena "*F*" (foil) marks
_SET_CODE = re.compile(r"\s+[(\[][A-Za-z0-9]{2,6}[)\]](?:\s+[A-Za-z0-9★-]+)?$")  # "(M10) 146"
_COUNTED = re.compile(r"([-+]?\d+(?:[.,]\d+)?)(?:\s*[xX])?\s+(\S.*)")  # "4 N", "4x N", "4 x N"
_COUNT_ONLY = re.compile(r"[-+]?\d+(?:[.,]\d+)?\s*[xX]?")


def _split_lines(text: str) -> list[str]:
    return _LINE_BREAK.split(text.removeprefix("\ufeff"))


def _header(text: str) -> str | None:
    if len(text) > _MAX_HEADER:     # (the pattern's work grows as the cube of a line of spaces)
        return None
    m = _HEADER.fullmatch(text)
    return _HEADERS.get(" ".join(m.group(1).lower().split())) if m else None


def _comment(text: str) -> str | None:
    """The body of a comment line, or None if the line is not a comment."""
    if text.startswith("#") or text.startswith("//"):
        return text.lstrip("#/").strip()
    return None


def _card_entry(section: str, text: str, number: int, raw: str,
                source: str) -> _Entry | DecklistError:
    """One card line ("4x Name (SET) 123 *F*", or "Name" for one copy) as an entry."""
    if len(text) > MAX_LINE:        # (the end-anchored patterns' work grows as its square)
        return DecklistError(f"a line of {len(text)} characters: a card line has at most {MAX_LINE}",
                             source=source, line=number, text=raw[:60] + "...")
    card_text = _SET_CODE.sub("", _MARKS.sub("", text))
    m = _COUNTED.fullmatch(card_text)
    if m:
        return _Entry(section, m.group(2).strip(), m.group(1), number, raw, whole=card_text)
    if _COUNT_ONLY.fullmatch(card_text):
        return DecklistError("a count without a card name", source=source, line=number, text=raw)
    return _Entry(section, card_text, 1, number, raw)


def _parse_text(text: str, source: str) -> _Parsed:
    """Arena, MTGO .txt and plain lists, line by line.

    Without any section header, "SB:" line or comment among the cards (comments above the
    first card are a title), a list whose card lines form exactly two blank-separated blocks
    is an MTGO export: the second block is the sideboard. Otherwise blank lines mean nothing.
    """
    parsed = _Parsed([], [])
    section = MAINDECK
    structured = False       # a header, an "SB:" line or a comment among the cards was seen
    blocks: list[int] = []   # for each entry, its blank-separated block of card lines
    gap = False
    for number, raw in enumerate(_split_lines(text), 1):
        line = raw.strip()
        if not line:
            gap = True
            continue
        body = _comment(line)
        structured = structured or (body is not None and bool(parsed.entries))  # group labels
        heading = _header(body if body is not None else line)
        if heading:
            section, structured = heading, True
            continue
        if body is not None or section == _IGNORED:
            continue
        if section == _ABOUT:
            if m := _DECK_NAME.fullmatch(line):
                parsed.name = m.group(1).strip()
            continue
        line_section = section
        if m := _SB_PREFIX.fullmatch(line):
            line_section, line, structured = SIDEBOARD, m.group(1), True
        item = _card_entry(line_section, line, number, raw.strip(), source)
        if isinstance(item, DecklistError):
            parsed.errors.append(item)
            continue
        blocks.append(blocks[-1] + gap if blocks else 0)
        gap = False
        parsed.entries.append(item)
    if not structured and blocks and blocks[-1] == 1:   # unstructured: every entry is main deck
        parsed.entries = [replace(e, section=SIDEBOARD) if block else e
                          for e, block in zip(parsed.entries, blocks)]
    return parsed


def _is_xml(text: str) -> bool:
    return text.removeprefix("\ufeff").lstrip().startswith("<")


def _parse_dek(text: str, source: str) -> _Parsed:
    """An MTGO .dek file. Fed line by line so each <Cards> element knows its line."""
    parsed = _Parsed([], [])
    lines = _split_lines(text)
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
    root_seen = False

    def malformed(e: ET.ParseError) -> DecklistError:
        at = min(e.position[0], len(lines))
        reason = re.sub(r":\s*line \d+, column \d+$", "", str(e))
        return DecklistError(f"malformed XML: {reason}", source=source, line=at,
                             text=lines[at - 1].strip() if 0 < at <= len(lines) else None)

    for number, raw in enumerate(lines, 1):
        parser.feed(raw if number == len(lines) else raw + "\n")
        try:
            events = list(parser.read_events())   # a syntax error is raised here
            begun = cast(list[tuple[str, ET.Element]], events)     # ("start" events: each the element begun)
        except ET.ParseError as e:
            raise malformed(e) from None
        for _, element in begun:
            start = _tag_start_line(lines, number)
            if not root_seen:
                root_seen = True
                if element.tag != "Deck":
                    raise DecklistError(f"not an MTGO .dek file: the root element is <{element.tag}>,"
                                        " not <Deck>", source=source, line=start,
                                        text=lines[start - 1].strip())
            elif element.tag == "Cards":
                item = _dek_entry(element.attrib, start, lines[start - 1].strip(), source)
                if isinstance(item, DecklistError):
                    parsed.errors.append(item)
                else:
                    parsed.entries.append(item)
    try:
        parser.close()
    except ET.ParseError as e:
        raise malformed(e) from None
    return parsed


def _tag_start_line(lines: list[str], end_line: int) -> int:
    """The line where the tag that ended on `end_line` began (tags may span lines)."""
    for n in range(end_line, 0, -1):
        if "<" in lines[n - 1]:
            return n
    return end_line


def _dek_entry(attrib: Mapping[str, str], number: int, text: str,
               source: str) -> _Entry | DecklistError:
    name = attrib.get("Name", "").strip()
    if not name:
        return DecklistError("a <Cards> element without a Name", source=source, line=number,
                             text=text)
    side = attrib.get("Sideboard", "false").strip().lower()
    if side not in ("true", "false"):
        return DecklistError(f"Sideboard={attrib['Sideboard']!r} is not true or false",
                             source=source, line=number, text=text)
    section = SIDEBOARD if side == "true" else MAINDECK
    return _Entry(section, name, attrib.get("Quantity", "").strip(), number, text)


# ---- resolving entries against a card database ---------------------------------------------

_NUMBER_WORDS = {"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                 "seventeen", "eighteen", "nineteen", "twenty"}


def _lookup(db: Mapping[str, CardDef], name: str | CardDef) -> CardDef:
    """The card of `name`; also tries "A/B" as "A // B" and "A // B" as its front face "A".
    Raises the look-up error of the name as written."""
    if isinstance(name, CardDef):
        return db[name.name]
    try:
        return db[name]
    except LookupError as error:
        faces = [f.strip() for f in re.split(r"/+", name)]
        for variant in (" // ".join(faces), faces[0]):
            if len(faces) > 1 and variant in db:
                return db[variant]
        raise error from None


def _find(db: Mapping[str, CardDef], name: str | CardDef) -> CardDef | None:
    try:
        return _lookup(db, name)
    except LookupError:
        return None


def _copies(count: object) -> int | None:
    """`count` as a whole number, or None if it isn't one (a bool isn't). A count written as
    text is judged by its digits first: one of more digits than MAX_CARDS has is never turned
    into a number (it reads as MAX_CARDS + 1), so no work grows with the number it spells."""
    if isinstance(count, str):
        if re.fullmatch(r"[0-9]+", count) is None:
            return None
        digits = count.lstrip("0")
        return int(digits or "0") if len(digits) <= len(str(MAX_CARDS)) else MAX_CARDS + 1
    if isinstance(count, bool):
        return None
    try:
        return operator.index(count)   # type: ignore[arg-type]  # (anything: what is no index raises TypeError)
    except TypeError:
        return None


def _count_problem(count: object, name: str) -> str | None:
    """Why `count` is not a number of copies of card `name` (a whole number 1..MAX_CARDS), or
    None if it is one."""
    n = _copies(count)
    if n is not None and n > MAX_CARDS:
        return f"bad count {shown(count)}: at most {MAX_CARDS} copies of {name!r}"
    if n is not None and n >= 1:
        return None
    return f"bad count {shown(count)}: the number of copies must be a whole number, at least 1"


def _resolve(db: Mapping[str, CardDef], entry: _Entry, source: str | None) -> tuple[CardDef, int]:
    """The card and count of one entry; raises DecklistError saying what is wrong (for an
    unknown card, an UnknownCardInDecklistError)."""
    def fail(reason: str, unknown: str | None = None, suggestions: Iterable[str] = ()) -> DecklistError:
        if entry.line is None:   # an entry given in Python: say which section it is in
            reason = f"{entry.section}: {reason}"
        where: dict[str, Any] = {"source": source, "line": entry.line, "text": entry.text, "suggestions": suggestions}
        if unknown is None:
            return DecklistError(reason, **where)
        return UnknownCardInDecklistError(reason, name=unknown, **where)

    count = entry.count
    try:
        card = _lookup(db, entry.key)
    except LookupError as error:
        found = _find(db, entry.whole) if entry.whole else None  # "1996 World Champion"
        if found is None:
            raise fail(*_unknown_reason(db, entry.key, error)) from None
        card, count = found, 1
    if problem := _count_problem(count, card.name):
        raise fail(problem)
    return card, int(count)    # type: ignore[call-overload]  # (a count with no problem is digits or an index)


def _unknown_reason(db, key: str | CardDef,
                    error: LookupError) -> tuple[str, str | None, tuple[str, ...]]:
    """For a name not in `db`: the message, the unknown card name (None if the fault is a
    spelled-out count, "four Forest") and the closest names."""
    if isinstance(key, str):
        word, _, rest = key.partition(" ")
        if word.lower() in _NUMBER_WORDS and (card := _find(db, rest)):
            return (f"bad count {word!r}: write the number of copies in digits, "
                    f'e.g. "4 {card.name}"', None, ())
    if not isinstance(error, UnknownCardError):   # a plain mapping as the database
        name = key.name if isinstance(key, CardDef) else key
        error = UnknownCardError(name, closest_names(name, db))
    return str(error), error.name, error.suggestions


def _tally(db: Mapping[str, CardDef], entries: Iterable[_Entry], source: str | None,
           errors: Iterable[DecklistError] = ()) -> dict[str, dict[str, int]]:
    """Counts per section under the database's spelling, duplicates added up. Raises one
    DecklistError for all faulty entries (and the parse `errors` given)."""
    errors = list(errors)
    counts: dict[str, dict[str, int]] = {s: {} for s in SECTIONS}
    totals = dict.fromkeys(SECTIONS, 0)
    for entry in entries:
        try:
            card, n = _resolve(db, entry, source)
        except DecklistError as e:
            errors.append(e)
            continue
        section = counts[entry.section]
        section[card.name] = section.get(card.name, 0) + n
        totals[entry.section] += n
        if totals[entry.section] - n <= MAX_CARDS < totals[entry.section]:   # once, where it passes
            errors.append(_too_many_cards(entry, totals[entry.section], source))
    if errors:
        raise DecklistError.combine(errors)
    return counts


def _too_many_cards(entry: _Entry, total: int, source: str | None) -> DecklistError:
    """The fault of the entry that takes its section past MAX_CARDS; in Python, a LimitError."""
    label = "the main deck" if entry.section == MAINDECK else f"the {entry.section}"
    reason = f"{label} has {total} cards with this one: a section holds at most {MAX_CARDS}"
    if entry.line is None:
        raise LimitError(f"{entry.section}: {reason}")
    return DecklistError(reason, source=source, line=entry.line, text=entry.text)


def _python_entries(section: str, value: object) -> list[_Entry]:
    """Entries of one section given in Python: a mapping {name or CardDef: count}, one name or
    CardDef (one copy), or an iterable of names/CardDefs and (name, count) pairs."""
    if value is None:
        return []
    if isinstance(value, (str, CardDef)):
        value = {value: 1}
    if isinstance(value, (bytes, bytearray)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{section}: a mapping {{card: count}}, a card, or an iterable of "
                                f"cards and (card, count) pairs, not {type(value).__name__}")
    items = value.items() if isinstance(value, Mapping) else (
        (v, 1) if isinstance(v, (str, CardDef)) else v for v in value)
    out = []
    for item in items:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ArgumentTypeError(f"{section}: an item is a card or a (card, count) pair, "
                                    f"not {shown(item)}")
        key, count = item
        if not isinstance(key, (str, CardDef)):
            raise ArgumentTypeError(f"{section}: a card is a name or a CardDef, not {type(key).__name__}")
        if isinstance(count, str):  # only a list's text may spell a count as digits
            raise DecklistError(f"{section}: bad count {shown(count)} for {shown(str(key))}: counts are "
                                "whole numbers, not text")
        n = _copies(count)          # (not a whole number: its count problem is reported later)
        if n is not None and n > MAX_CARDS:     # before any work with it: len(), sums, bars
            raise LimitError(f"{section}: too many copies of {shown(str(key))} ({shown(count)}): at most "
                             f"{MAX_CARDS} of a card")
        out.append(_Entry(section, key, count))
    return out


def _with_custom_cards(db: CardDatabase, entries: Iterable[_Entry]) -> CardDatabase:
    """`db` extended with the CardDefs among the entries' keys that it lacks or defines
    differently (the CardDef given wins: a deck uses the card it was given)."""
    custom: dict[str, CardDef] = {}
    for entry in entries:
        if isinstance(entry.key, CardDef):
            c = custom.setdefault(normalize_name(entry.key.name), entry.key)
            if c != entry.key:
                raise DecklistError(f"two different cards named {shown(c.name)}")
    new = [c for c in custom.values() if _find(db, c.name) != c]
    return db.extended(*new, replace=True) if new else db


# ---- analysis helpers ------------------------------------------------------------------------

def _letters(colors: Color) -> list[str]:
    return [c for c in COLOR_ORDER if colors & Color[c]]


def _pip_weights(cost: ManaCost) -> tuple[dict[str, float], dict[str, float]]:
    """Coloured symbols of a cost per colour: (pips, phyrexian). {G} and {2/G}, {C/G} count 1
    pip; a two-colour hybrid {G/W} half a pip to each; Phyrexian symbols ({G/P} 1, {G/W/P} ½
    each) are counted apart, as they can be paid with life."""
    pips: dict[str, float] = {}
    phyrexian: dict[str, float] = {}
    for s in cost.symbols:
        if s.kind in (SymbolKind.COLORED, SymbolKind.MONO_HYBRID, SymbolKind.COLORLESS_HYBRID):
            target, share = pips, 1.0
        elif s.kind is SymbolKind.HYBRID:
            target, share = pips, 0.5
        elif s.kind in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
            target, share = phyrexian, 1.0 / len(s.colors)
        else:
            continue
        for c in s.colors:
            target[c] = target.get(c, 0.0) + share
    return pips, phyrexian


def _faces(card: CardDef) -> tuple[CardDef, ...]:
    """The faces it may be cast or played as (712.12: a transforming card's back face is not one)."""
    return (card, card.modal_back) if card.modal_back is not None else (card,)


def _mana_colors(faces: Iterable[CardDef], own_lands: frozenset[str],
                 identity: frozenset[str] = frozenset()) -> frozenset[str]:
    """Colours the mana abilities of `faces` can make. Any-colour/any-type/combination/chosen
    outputs make every colour; "a type your lands could produce" (106.7) makes `own_lands`
    (the colours of the deck's other lands), "...opponents' lands" every colour; "any color
    in your commander's color identity" the commanders' `identity` (none without, 903.4f)."""
    out: set[str] = set()
    for face in faces:
        for ability in face.mana_abilities:
            if ability.output is ManaKind.COMMANDER_IDENTITY:
                out |= identity
            elif ability.could_produce is LandsOf.YOU:
                out |= own_lands
            elif ability.could_produce is LandsOf.OPPONENTS:
                out |= set(COLOR_ORDER)
            elif ability.output in (ManaKind.FIXED, ManaKind.CHOICE):
                for mana in (ability.mana, ability.instead, *ability.options):
                    out.update(_letters(mana.colors))
            else:
                out |= set(COLOR_ORDER)
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class ColorRequirement:
    """What a deck asks of one colour, and what its mana base gives it.

    spells:    nonland cards (copies counted) whose mana cost has a symbol of this colour
    pips:      this colour's symbols in those costs, all copies: {G}, {2/G}, {C/G} count 1,
               a hybrid {G/W} ½ (it can be paid with either colour); Phyrexian not included
    max_pips:  the most pips (same weights) in one card's cost — the hardest card to cast
    phyrexian: Phyrexian symbols of this colour ({G/P} 1, {G/W/P} ½), payable with 2 life
    sources:   land cards (copies) with a land face whose mana abilities can make this colour
               (any-colour lands count for every colour; a spell // land card counts here)
    nonland_sources: other cards whose mana abilities can make it (mana creatures, rocks)
    """
    color: str
    spells: int = 0
    pips: float = 0.0
    max_pips: float = 0.0
    phyrexian: float = 0.0
    sources: int = 0
    nonland_sources: int = 0


def _num(x: float) -> str:
    return f"{x:g}"


# ---- the deck ----------------------------------------------------------------------------

class Deck(DeckCards):
    """A deck: counts per section under the database's card names, and the database.

    >>> deck = Deck({"Forest": 14, "Wastes": 11, card("Test Sorcery", "{1}{G}{G}"): 35})

    Sections are mappings {card name or CardDef: count} (`commander` and `companion` may also
    be one name or CardDef). CardDefs the database lacks are added to a deck-local copy of it
    (`deck.db`). Names are looked up forgivingly and stored in the database's spelling;
    the same card given twice adds up. Counts must be whole numbers ≥ 1. Faults raise one
    DecklistError listing all of them.
    """

    def __init__(self, maindeck: Mapping | Iterable = (), sideboard=None, commander=None,
                 companion=None, db: CardDatabase | None = None, name: str | None = None):
        _check_db_and_name(db, name)
        given = {MAINDECK: maindeck, SIDEBOARD: sideboard, COMMANDER: commander,
                 COMPANION: companion}
        entries = [e for section, value in given.items() for e in _python_entries(section, value)]
        db = _with_custom_cards(card_db() if db is None else db, entries)
        self._setup(db, _tally(db, entries, None), name)

    def _setup(self, db: CardDatabase, counts: dict[str, dict[str, int]], name: str | None):
        self._db = db
        self._counts = counts
        self.name = name
        self._defs = {n: _lookup(db, n) for section in counts.values() for n in section}

    @classmethod
    def _from_parsed(cls, parsed: _Parsed, db: CardDatabase | None, source: str,
                     name: str | None) -> "Deck":
        if not parsed.entries and not parsed.errors:
            raise DecklistError("no cards found (the list is empty, or has only comments and "
                                "headers)", source=source, line=1)
        db = card_db() if db is None else db
        deck = cls.__new__(cls)
        deck._setup(db, _tally(db, parsed.entries, source, parsed.errors), parsed.name or name)
        return deck

    # ---- reading -----------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str | bytes, db: CardDatabase | None = None,
                  source: str = "<text>", name: str | None = None) -> "Deck":
        """Read a list in any supported format (detected from its content)."""
        if not isinstance(text, (str, bytes)):
            raise ArgumentTypeError(f"text must be the list as str or bytes, not {type(text).__name__}"
                                    " (Deck.from_file reads a file)")
        if not isinstance(source, str):
            raise ArgumentTypeError(f"source must be a str naming where the text is from, not "
                                    f"{type(source).__name__}")
        _check_db_and_name(db, name)
        if isinstance(text, bytes):
            text = _decode(text, source)
        parsed = _parse_dek(text, source) if _is_xml(text) else _parse_text(text, source)
        return cls._from_parsed(parsed, db, source, name)

    @classmethod
    def from_file(cls, path: str | Path, db: CardDatabase | None = None) -> "Deck":
        """Read a list file; the deck's name is the Arena "Name" line, else the file's stem."""
        if not isinstance(path, (str, PathLike)):
            raise ArgumentTypeError(f"path must be a str or a path, not {type(path).__name__}")
        _check_db_and_name(db, None)
        path = Path(input_path(path, "path"))
        text = _decode(path.read_bytes(), str(path))
        return cls.from_text(text, db, source=str(path), name=path.stem)

    def to_text(self) -> str:
        """The deck as an Arena-style list (no set codes), which `from_text` reads back."""
        blocks = [f"About\nName {self.name}"] if self.name else []
        for header, section in (("Commander", COMMANDER), ("Companion", COMPANION),
                                ("Deck", MAINDECK), ("Sideboard", SIDEBOARD)):
            if self._counts[section]:
                lines = [f"{n} {name}" for name, n in self._counts[section].items()]
                blocks.append("\n".join([header, *lines]))
        return "\n\n".join(blocks) + "\n"

    # ---- contents ----------------------------------------------------------------------
    @property
    def db(self) -> CardDatabase:
        return self._db

    @property
    def maindeck(self) -> dict[str, int]:
        return dict(self._counts[MAINDECK])

    @property
    def sideboard(self) -> dict[str, int]:
        return dict(self._counts[SIDEBOARD])

    @property
    def commander(self) -> dict[str, int]:
        return dict(self._counts[COMMANDER])

    @property
    def companion(self) -> dict[str, int]:
        return dict(self._counts[COMPANION])

    def _played(self) -> dict[str, int]:
        """Main deck + commander: the cards `len(deck)` counts and the analyses cover."""
        out = dict(self._counts[MAINDECK])
        for name, n in self._counts[COMMANDER].items():
            out[name] = out.get(name, 0) + n
        return out

    def __len__(self) -> int:
        return sum(self._played().values())

    def card(self, name: str) -> CardDef:
        """The CardDef of a card name (any card of the deck's database)."""
        if not isinstance(name, (str, CardDef)):
            raise ArgumentTypeError(f"card names are text, not {type(name).__name__}")
        return self._defs.get(name) or _lookup(self._db, name)

    def resolve(self, cards: Iterable[CardDef]) -> ResolvedCards:
        """Card records (this deck's, and any a question adds) with the token cards they create,
        looked up once in the deck's database: what `compile_cards` takes."""
        return self._db.resolve(cards)

    def cards(self, section: str | None = None) -> list[tuple[CardDef, int]]:
        """(CardDef, count) pairs of main deck + commander, or of one section of SECTIONS
        (`cards("maindeck")` is the library of a Commander game)."""
        if section is None:
            counts = self._played()
        elif isinstance(section, str) and section in SECTIONS:
            counts = self._counts[section]
        else:
            raise ArgumentError(f"section {shown(section)} is not one of {', '.join(SECTIONS)}")
        return [(self._defs[name], n) for name, n in counts.items()]

    @property
    def lands(self) -> dict[str, int]:
        return {c.name: n for c, n in self.cards() if c.is_land}

    @property
    def spells(self) -> dict[str, int]:
        """Nonland cards (a spell // land card is a spell, by its front face)."""
        return {c.name: n for c, n in self.cards() if not c.is_land}

    @property
    def land_count(self) -> int:
        return sum(self.lands.values())

    @property
    def spell_count(self) -> int:
        return sum(self.spells.values())

    # ---- analysis ----------------------------------------------------------------------
    def curve(self) -> dict[int, int]:
        """{mana value: nonland cards}, by mana value; X counts 0 (202.3e)."""
        out: dict[int, int] = {}
        for c, n in self.cards():
            if not c.is_land:
                out[c.mana_value] = out.get(c.mana_value, 0) + n
        return dict(sorted(out.items()))

    def color_requirements(self) -> dict[str, ColorRequirement]:
        """Per colour, in WUBRG order, for the colours the deck's spells use or its mana
        sources make: see ColorRequirement."""
        cards = self.cards()
        fields: dict[str, dict[str, Any]] = {c: {"spells": 0, "pips": 0.0, "max_pips": 0.0, "phyrexian": 0.0,
                      "sources": 0, "nonland_sources": 0} for c in COLOR_ORDER}
        for c, n in cards:
            if c.is_land:
                continue
            pips, phyrexian = _pip_weights(c.cost)
            for color in _letters(c.cost.colors):
                f = fields[color]
                f["spells"] += n
                f["pips"] += pips.get(color, 0.0) * n
                f["max_pips"] = max(f["max_pips"], pips.get(color, 0.0))
                f["phyrexian"] += phyrexian.get(color, 0.0) * n
        identity = frozenset(_letters(color_identity(c for c, _ in self.cards(COMMANDER))))
        land_faces = {c.name: [f for f in _faces(c) if f.is_land] for c, _ in cards}
        own = frozenset().union(*(_mana_colors(faces, frozenset(), identity) for faces in land_faces.values()))
        for c, n in cards:
            faces = land_faces[c.name]
            key = "sources" if faces else "nonland_sources"
            for color in _mana_colors(faces or _faces(c), own, identity):
                fields[color][key] += n
        return {color: ColorRequirement(color, **f) for color, f in fields.items()
                if f["spells"] or f["sources"] or f["nonland_sources"]}

    # ---- text ----------------------------------------------------------------------------
    def __str__(self) -> str:
        title = (f"{self.name or 'Deck'}: {len(self)} cards "
                 f"({self.land_count} lands, {self.spell_count} spells)")
        extras = [f"{label} {', '.join(self._counts[s])}" for label, s in
                  (("commander", COMMANDER), ("companion", COMPANION)) if self._counts[s]]
        if self._counts[SIDEBOARD]:
            extras.append(f"sideboard {sum(self._counts[SIDEBOARD].values())}")
        return "; ".join([title, *extras])

    def __repr__(self) -> str:
        return f"<Deck {self.name!r}: {len(self)} cards>" if self.name else f"<Deck: {len(self)} cards>"

    def summary(self) -> str:
        """Name and size, lands and spells, the curve as a histogram, the colour table.
        The curve's bars are at most CURVE_WIDTH characters (scaled beyond: "# = k cards"),
        and a run of more than 3 empty mana values is one ".." row."""
        lines = [str(self)]
        curve = self.curve()
        if curve:
            per = -(-max(curve.values()) // CURVE_WIDTH)    # cards per "#", rounded up
            lines.append("Curve (nonland cards by mana value" + (f"; # = {per} cards):" if per > 1 else "):"))
            previous = None
            for mv, n in curve.items():
                if previous is not None and mv - previous - 1 > 3:    # (a custom {1000000} card)
                    lines.append("  .. |")
                elif previous is not None:
                    lines.extend(f"  {empty:>2} | 0" for empty in range(previous + 1, mv))
                lines.append(f"  {mv:>2} | {'#' * -(-n // per)} {n}")
                previous = mv
        reqs = self.color_requirements()
        if reqs:
            lines.append("Colours:")
            row = "  {:<6}{:>7}{:>7}{:>10}{:>14}{:>15}".format
            lines.append(row("", "spells", "pips", "max pips", "land sources", "other sources"))
            for r in reqs.values():
                phyrexian = f"  (+{_num(r.phyrexian)} Phyrexian)" if r.phyrexian else ""
                lines.append(row(r.color, r.spells, _num(r.pips), _num(r.max_pips), r.sources,
                                 r.nonland_sources) + phyrexian)
        return "\n".join(lines)

    # ---- validation ------------------------------------------------------------------------
    def check(self, format="constructed") -> list[str]:
        """Problems with the deck's construction for `format` (a preset's name: "limited",
        "constructed", "commander", "brawl", or a mtgsim.formats.Format), each naming the card
        and the rule: see `Format.problems`."""
        fmt = preset(format)
        if fmt is None:
            raise ArgumentError(f"format None is not a preset: one of {', '.join(FORMATS)} (or a Format)")
        return [p.message for p in fmt.problems(self)]


def _check_db_and_name(db: object, name: object) -> None:
    """The `db` and `name` arguments of a Deck's constructors."""
    if db is not None and not isinstance(db, CardDatabase):
        raise ArgumentTypeError(f"db must be a CardDatabase (or None: the shipped cards), not "
                                f"{type(db).__name__}")
    if name is not None and not isinstance(name, str):
        raise ArgumentTypeError(f"name must be a str or None, not {type(name).__name__}")


def _decode(data: bytes, source: str) -> str:
    """A file's text: UTF-8 with or without BOM (or UTF-16 with a BOM)."""
    encoding = "utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        line = len(_split_lines(data[:e.start].decode(encoding, "replace")))
        what = "UTF-16 text (after a UTF-16 byte order mark)" if encoding == "utf-16" else "UTF-8 text"
        raise DecklistError(f"not {what} (byte 0x{data[e.start]:02x})", source=source,
                            line=line) from None
