"""The compiled core's rooms tell the truth about what they use (issue 30 item 7).

`_core.pyx` includes its rooms (`kernels/*.pxi`) in one order into one translation unit (and `_meta.pyx`
the Swiss pairing's two rooms into its own). Each room
opens with a header whose "Uses ..." sentence names the rooms it uses: whose functions it calls, whose
types (structs, classes, enumerations) and module constants it names. A room that uses a room included
after it says so apart ("and, included after it, ..."): Cython declares every function and type of the
module before it compiles any body, so such a use needs no prototype (and a non-inline function cannot
have one: a prototype in the .pyx is rejected as "declared but not defined", one in `_kernel.pxd` would be
imported from a `mtgsim._kernel` module that does not exist). What all the rooms share that needs no room
of its own (the limits, `Rules`, `Board`, `Vec`, `Options`, `Purpose` and the small inline helpers) is
declared in `_kernel.pxd`. These tests read the sources and fail when a header and its room disagree, when
the include order changes under a header, or when a room is left out.
"""

import re
from pathlib import Path

import pytest

from mtgsim import _core

SOURCES = Path(_core.__file__).parent
if not (SOURCES / "kernels").is_dir():                 # (an installed build: the sources' tree)
    SOURCES = Path(__file__).resolve().parents[2] / "src" / "mtgsim"
KERNELS = SOURCES / "kernels"

# What a room defines, at the start of a line (a room's own level, not a struct field or a method).
FUNCTION = re.compile(r"^(?:cdef\s+[\w\s*]+\(\*(\w+)\)"                                   # a function pointer
                      r"|cp?def\s+(?!class\b|struct\b|enum\b|union\b|extern\b|packed\b)[^=#(\n]*?\b(\w+)"
                      r"|def\s+(\w+))\(", re.MULTILINE)
TYPE = re.compile(r"^cdef\s+(?:packed\s+)?(?:struct|enum|class|union)\s+(\w+)", re.MULTILINE)
ENUM_BODY = re.compile(r"^cdef\s+enum[^\n]*:\n((?:[ \t]+[^\n]*\n|[ \t]*\n)+)", re.MULTILINE)
CONSTANT = re.compile(r"^(?:cdef\s+[\w\s*]+?\s)?([A-Z][A-Z0-9_]+)\s*(?:\[[^\]\n]*\]\s*)?=", re.MULTILINE)
CIMPORT = re.compile(r"^from\s+[\w.]+\s+cimport\s+([\w, ]+)$", re.MULTILINE)
USES = re.compile(r"\bUses\s+([^.]*(?:\.(?!\s|$)[^.]*)*)\.(?:\s|$)")
LATER = "and, included after it,"
NO_ROOM = "no other room"


def code_of(text: str) -> str:
    """A room's text without its comments, docstrings and strings (whose words are not uses)."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r"#[^\n]*", "", text)
    return re.sub(r"\"[^\"\n]*\"|'[^'\n]*'", '""', text)


def include_order(unit: str = "_core") -> list[str]:
    """The rooms in the order a translation unit (`_core.pyx`, `_meta.pyx`) includes them."""
    return re.findall(r'^include "kernels/(\w+)\.pxi"', (SOURCES / f"{unit}.pyx").read_text(), re.MULTILINE)


# Each compiled module, one translation unit, and its rooms (the rules kernels and the goldfish: _core; the
# meta tournament's Swiss pairing: _meta).
UNITS = sorted(path.stem for path in SOURCES.glob("_*.pyx") if include_order(path.stem))


def header_of(room: str) -> str:
    """A room's opening comment block, as one line of text."""
    lines = []
    for line in (KERNELS / f"{room}.pxi").read_text().splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(lines)


def declared_uses(room: str) -> tuple[set[str], set[str]]:
    """The rooms a header says its room uses: (those included before it, those included after it)."""
    found = USES.search(header_of(room))
    assert found, f"kernels/{room}.pxi: its header has no 'Uses ...' sentence"
    said = re.sub(r"\([^)]*\)", "", found.group(1)).strip()           # (the notes: what of a room it uses)
    if said == NO_ROOM:
        return set(), set()
    before, _, after = said.partition(LATER)
    named = [{part.strip() for part in words.split(",") if part.strip()} for words in (before, after)]
    return named[0], named[1]


def cimported(code: str) -> set[str]:
    """The names a file's `from ... cimport a, b` lines bring in."""
    return {name.strip() for names in CIMPORT.findall(code) for name in names.split(",") if name.strip()}


def definitions(unit: str = "_core") -> dict[str, dict[str, str]]:
    """Per kind ('function', 'name'), each name a room defines or cimports (base's C imports) and the room
    that does; a name `_kernel.pxd` cimports too (memset, the integer types) is every room's, no room's own."""
    owner: dict[str, dict[str, str]] = {"function": {}, "name": {}}
    shared = cimported((SOURCES / "_kernel.pxd").read_text())
    for room in include_order(unit):
        code = code_of((KERNELS / f"{room}.pxi").read_text())
        functions = {name for match in FUNCTION.findall(code) for name in match if name}
        names = set(TYPE.findall(code)) | set(CONSTANT.findall(code)) | (cimported(code) - shared)
        names |= {name for body in ENUM_BODY.findall(code) for name in re.findall(r"^\s+(\w+)", body, re.MULTILINE)}
        for kind, defined in (("function", functions), ("name", names - functions)):
            for name in defined:
                other = owner["function"].get(name) or owner["name"].get(name)
                assert other is None, f"{name} is defined in both kernels/{other}.pxi and kernels/{room}.pxi"
                owner[kind][name] = room
    return owner


def used_rooms(room: str, owner: dict[str, dict[str, str]]) -> dict[str, set[str]]:
    """{other room: the names of it this room uses}: its functions called, its types and constants named
    (an attribute, `x.name`, is a field, not a use)."""
    code = code_of((KERNELS / f"{room}.pxi").read_text())
    uses: dict[str, set[str]] = {}
    for name in re.findall(r"(?<![.\w])(\w+)\s*\(", code):
        if owner["function"].get(name, room) != room:
            uses.setdefault(owner["function"][name], set()).add(name)
    for name in re.findall(r"(?<![.\w])(\w+)\b", code):
        if owner["name"].get(name, room) != room:
            uses.setdefault(owner["name"][name], set()).add(name)
    return uses


def test_every_room_is_included_once():
    included = sorted(room for unit in UNITS for room in include_order(unit))
    rooms = sorted(path.stem for path in KERNELS.glob("*.pxi"))
    assert "_core" in UNITS and "_meta" in UNITS
    assert included == rooms, (f"{', '.join(UNITS)} include {included}, the rooms are {rooms}: include each room "
                               "once, in one module (and give it a header, docs/architecture.md a row)")


def test_the_reading_finds_what_the_rooms_define_and_use():
    """The reading itself, on uses known to be there, so that a reading that finds nothing cannot pass."""
    owner = definitions()
    assert owner["function"]["filter_count"] == "counts" and owner["function"]["keeps_on_top"] == "choices"
    assert owner["function"]["the_cycling_step"] == "loop" and owner["function"]["board_fault"] == "batch"
    assert owner["name"]["Game"] == "game" and owner["name"]["Scratch"] == "views"
    assert owner["name"]["HYBRID_PAIRS"] == "base" and owner["name"]["CoreTables"] == "tables"
    assert owner["name"]["memcpy"] == "base" and "memset" not in owner["name"]     # (memset: _kernel.pxd's too)
    assert used_rooms("actions", owner)["choices"] >= {"returned_land", "permanent_to_sacrifice"}
    assert used_rooms("library", owner)["choices"] >= {"keeps_on_top", "land_to_search"}
    assert "views" in used_rooms("game", owner)                           # Game's Scratch, a later room's type
    assert used_rooms("base", owner) == {}
    assert declared_uses("choices")[0] >= {"game", "zones", "policy"}


@pytest.mark.parametrize(("unit", "room"), [(unit, room) for unit in UNITS for room in include_order(unit)])
def test_a_rooms_header_names_the_rooms_it_uses(unit, room):
    """Every room the header names is used, every room used is named, and one included after this room
    is named apart, as included after it: the include order of `_core.pyx` and `_meta.pyx` is pinned by
    these headers."""
    order = include_order(unit)
    owner = definitions(unit)
    uses = used_rooms(room, owner)
    before, after = declared_uses(room)
    unknown = (before | after) - set(order)
    assert not unknown, f"kernels/{room}.pxi: its header names {sorted(unknown)}, not rooms of {unit}.pyx"
    used_before = {other for other in uses if order.index(other) < order.index(room)}
    used_after = set(uses) - used_before
    problems = [f"uses {other} ({', '.join(sorted(uses[other]))}) but its header does not say so"
                for other in sorted(used_before - before)]
    problems += [f"uses {other} ({', '.join(sorted(uses[other]))}), included after it, but its header does not "
                 f"say so (\"{LATER} {other}\")" for other in sorted(used_after - after)]
    problems += [f"its header names {other}, which it does not use" for other in sorted((before | after) - set(uses))]
    problems += [f"its header names {other} as included before it, but {unit}.pyx includes it after"
                 for other in sorted(before & used_after)]
    problems += [f"its header names {other} as included after it, but {unit}.pyx includes it before"
                 for other in sorted(after & used_before)]
    assert not problems, f"kernels/{room}.pxi:\n  " + "\n  ".join(problems)
