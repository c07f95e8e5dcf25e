"""A permanent's characteristics are read one way (613; issue 30 item 4).

A permanent's types, supertypes, subtypes, colours and keywords are its card's plus what effects on the
permanent change (an animation: "becomes a 2/2 creature until end of turn; it's still a land"). The
accessors `types_of`, `supertypes_of`, `subtypes_of`, `colors_of`, `keywords_of` (`_kernel.pxd`) and
`power_of`/`toughness_of` (counts room) are the one reading; a kernel that reads those fields off a
permanent's CARD row directly would miss the effects. These tests read the kernels' sources and fail
when one does: through `card_of(...)`, through `R.cards[...perms[...].card]`, or through a name bound to
either (or to a permanent's card row) in the same function. A card in a hand or a library keeps reading
its CARD row.
"""

import dataclasses
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mtgsim import _core, card, schema, vocabulary
from mtgsim.cards.creature_types import CREATURE_TYPES
from mtgsim.cards.model import CARD_TYPES
from mtgsim.compile import compile_cards
from mtgsim.mana import color_order

SOURCES = Path(_core.__file__).parent
if not (SOURCES / "kernels").is_dir():                 # (an installed build: the sources' tree)
    SOURCES = Path(__file__).resolve().parents[2] / "src" / "mtgsim"
ROOMS = sorted((SOURCES / "kernels").glob("*.pxi")) + [SOURCES / "_kernel.pxd"]

FIELDS = r"(?:types|supertypes|subtypes|colors|keywords|power|toughness|power_star|toughness_star)\b"
PERMANENT_CARD = r"\w+(?:->|\.)perms\[[^\]]*\]\.card"         # a permanent's CARD row number
DIRECT = [re.compile(r"card_of\([^()]*\)\." + FIELDS),
          re.compile(r"R\.cards\[" + PERMANENT_CARD + r"\]\." + FIELDS)]
BOUND_CARD = re.compile(r"(\w+)\s*=\s*(?:card_of\(|&R\.cards\[" + PERMANENT_CARD + r"\])")
BOUND_ROW = re.compile(r"(\w+)\s*=\s*" + PERMANENT_CARD + r"\b(?!\])")
FUNCTION = re.compile(r"^(?:cdef|cpdef|def)\s[^\n]*\(", re.MULTILINE)
# The accessors themselves, and the kernels that read a permanent's card row for what is printed on
# it on purpose: power_of/toughness_of read the printed power and toughness before what changes them.
ACCESSORS = {"types_of", "supertypes_of", "subtypes_of", "colors_of", "keywords_of", "pt_value",
             "power_of", "toughness_of"}


def code_of(text: str) -> str:
    """A room's text without its comments and docstrings (whose words are not reads)."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    return re.sub(r"#[^\n]*", "", text)


def functions(path: Path) -> list[tuple[str, str]]:
    """(name, body) of each function of a room, at its own level."""
    code = code_of(path.read_text())
    starts = [m.start() for m in FUNCTION.finditer(code)] + [len(code)]
    found = []
    for start, end in zip(starts, starts[1:]):
        head = code[start:code.index("(", start)]
        found.append((head.split()[-1].lstrip("*"), code[start:end]))
    return found


def card_reads(body: str) -> list[str]:
    """The reads of a permanent's characteristics off its CARD row in one function's body."""
    reads = [m.group(0) for pattern in DIRECT for m in pattern.finditer(body)]
    for name in {m.group(1) for m in BOUND_CARD.finditer(body)}:
        reads += [m.group(0) for m in re.finditer(rf"\b{name}\.{FIELDS}", body)]
    for name in {m.group(1) for m in BOUND_ROW.finditer(body)}:
        reads += [m.group(0) for m in re.finditer(rf"R\.cards\[{name}\]\.{FIELDS}", body)]
    return reads


@pytest.mark.parametrize("path", ROOMS, ids=lambda p: p.name)
def test_permanents_characteristics_are_read_through_the_accessors(path):
    """613: no kernel reads a permanent's types, colours, keywords, power or toughness off its card."""
    faults = [f"{name}: {read}" for name, body in functions(path) if name not in ACCESSORS
              for read in card_reads(body)]
    assert not faults, f"{path.name} reads a permanent's card, not its characteristics: {faults}"


@pytest.mark.parametrize("body", [
    "cdef f():\n    return card_of(R, b, i).types & CT_LAND\n",
    "cdef f():\n    x = R.cards[g.perms[j].card].supertypes\n",
    "cdef f():\n    cdef Card* c = card_of(R, b, i)\n    return c.keywords\n",
    "cdef f():\n    c = &R.cards[b.perms[i].card]\n    return c.colors\n",
    "cdef f():\n    row = g.perms[i].card\n    return R.cards[row].subtypes\n",
])
def test_the_check_finds_each_way_of_reading_a_card(body):
    """The source check itself: each way a kernel could read a permanent's card is found."""
    assert card_reads(code_of(body))


def test_a_card_in_hand_may_read_its_card():
    """A card anywhere but the battlefield has its card's characteristics: such a read is allowed."""
    assert not card_reads("cdef f():\n    return R.cards[g.hand[who][j]].types & CT_LAND\n")
    assert not card_reads("cdef f():\n    cdef Card* c = card_of(R, b, i)\n    return c.n_mana\n")


# ---- the accessors against a slow reading, on random boards with animated permanents --------------------


def _land(name, mana, becomes=None):
    abilities = [{"kind": "mana", "cost": "{T}", "mana": mana}]
    if becomes is not None:
        abilities.append({"kind": "activated", "cost": "{1}", "effect": [becomes]})
    return card(name, "", "Land", abilities=abilities)


POOL = [
    _land("Test Vault", "{C}", {"becomes": ["Creature"], "all_creature_types": True, "becomes_power": 2,
                                "becomes_toughness": 2}),
    _land("Test Cottage", "{B}", {"becomes": ["Creature"], "becomes_subtypes": ["Horror"], "becomes_colors": ["B", "G"],
                                  "becomes_power": 4, "becomes_toughness": 4}),
    _land("Test Factory", "{C}", {"becomes": ["Creature", "Artifact"], "becomes_subtypes": ["Assembly-Worker"],
                                  "becomes_keywords": ["Haste", "Trample"], "becomes_power": 2,
                                  "becomes_toughness": 2, "until_end_of_turn": False}),
    _land("Test Forest", "{G}"),
    card("Test Elf", "{G}", "Creature — Elf Druid", "1/1"),
    card("Test Goblin", "{R}", "Creature — Goblin", "2/1", keywords=["Haste"]),
    card("Test Lord", "{1}{G}", "Creature — Elf", "*/*", star={"count": "permanents", "subtypes": ["Elf"]},
         abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}",
                     "amount": {"count": "permanents", "subtypes": ["Elf", "Goblin", "Horror", "Assembly-Worker"]}}]),
]
TABLES = compile_cards(POOL)
CORE = _core.CoreTables(TABLES)
DEFS = {d.name: d for d in POOL}
BECOMES_ROW = {name: TABLES.card_names.index(f"{name} (becomes)") for name in DEFS
               if f"{name} (becomes)" in TABLES.card_names}
TYPE_BIT = {t: int(getattr(schema.CardTypeBit, "CT_" + t.upper())) for t in CARD_TYPES}
KEYWORD_BIT = {k: int(getattr(schema.KeywordBit, "KW_" + k.upper().replace(" ", "_")))
               for k in vocabulary.KEYWORD_NAMES}
COLOR_BIT = {c: int(getattr(schema.ManaTypeBit, "MT_" + c)) for c in "WUBRG"}


def slow_characteristics(name, animated, p1p1, bonus, elves):
    """A permanent's characteristics read the slow way, off its card and its animation's op (613.1d-f,
    613.4b, 613.4c), never off a compiled row: (types, subtypes, colours, keywords, power, toughness)."""
    d = DEFS[name]
    types, subtypes, colors, keywords = set(d.types), set(d.subtypes), set(color_order(d.colors)), set(d.keywords)
    power = toughness = None
    if d.power is not None:
        power = toughness = elves if d.power.star else d.power.base
        if not d.power.star:
            toughness = d.toughness.base
    if animated:
        op = next(a for a in d.abilities if hasattr(a, "effect") and a.effect).effect.ops[0]
        types |= set(op.value)                                   # 613.1d: still a land
        subtypes |= set(op.get("becomes_subtypes"))
        if op.get("all_creature_types"):                         # 205.3m
            subtypes |= {s for s in TABLES.subtypes if s in CREATURE_TYPES}
        colors = set(op.get("becomes_colors")) or colors         # 613.1e
        keywords |= set(op.get("becomes_keywords"))              # 613.1f
        power, toughness = op.get("becomes_power"), op.get("becomes_toughness")     # 613.4b
    power, toughness = (power or 0) + p1p1 + bonus, (toughness or 0) + p1p1 + bonus  # 613.4c
    return (sum(TYPE_BIT[t] for t in types), sum(1 << k for k, s in enumerate(TABLES.subtypes) if s in subtypes),
            sum(COLOR_BIT[c] for c in colors), sum(KEYWORD_BIT.get(k, 0) for k in keywords), power, toughness)


@st.composite
def animated_boards(draw):
    """Random permanents of the pool, each creature land animated or not, with +1/+1 counters and bonuses."""
    n = draw(st.integers(1, 16))
    perms = schema.empty("permanent", n)
    names = [draw(st.sampled_from(sorted(DEFS))) for _ in range(n)]
    for i, name in enumerate(names):
        p = perms[i]
        p["card"] = TABLES.row(name)
        p["object_id"] = i + 1
        p["becomes"] = 1 + BECOMES_ROW[name] if name in BECOMES_ROW and draw(st.booleans()) else 0
        p["counters"][int(schema.CounterKind.CK_P1P1)] = draw(st.integers(0, 2))
        p["power_bonus"] = p["toughness_bonus"] = draw(st.integers(-1, 2))
        p["characteristics"] = draw(st.integers(0, len(TABLES.cards) - 1))   # (derived: a caller's is not read)
    info = np.zeros(1, dtype=schema.DTYPES["board_info"])
    info[0]["turn"] = 3
    return perms, names, info


@settings(max_examples=200, deadline=None)
@given(animated_boards())
def test_613_the_accessors_read_a_permanents_characteristics_as_a_slow_reading(board):
    """types_of, subtypes_of, colors_of, keywords_of, power_of, toughness_of: a permanent's card's
    characteristics, or what an animation made it (613.1d types added, 613.1e colours set, 613.1f
    keywords added, 613.4b base power and toughness set), then counters and other effects (613.4c)."""
    perms, names, info = board
    n = len(names)
    elves = sum("Elf" in DEFS[names[k]].subtypes or (perms[k]["becomes"] and names[k] == "Test Vault")
                for k in range(n))
    for i, name in enumerate(names):
        got = _core.board_characteristics(CORE, perms, n, info, i)
        want = slow_characteristics(name, perms[i]["becomes"] != 0, int(perms[i]["counters"][0]),
                                    int(perms[i]["power_bonus"]), elves)
        assert (got[0], got[2], got[3], got[4], got[5], got[6]) == want, (name, perms[i]["becomes"])


@settings(max_examples=100, deadline=None)
@given(animated_boards())
def test_613_1d_an_animated_land_is_counted_as_the_creature_it_is(board):
    """The one count of "permanents like X" (filter_count, its per-card bits among them) counts
    an animated land as what it is now: a creature, of the creature types it has (205.3m)."""
    perms, names, info = board
    n = len(names)
    for row, (types, subtype) in enumerate([(("Creature",), None), (("Land",), None), ((), "Elf"),
                                            ((), "Horror"), (("Artifact",), None)]):
        want = 0
        for i, name in enumerate(names):
            t, s, *_ = slow_characteristics(name, perms[i]["becomes"] != 0, 0, 0, 0)
            want += ((not types or t & TYPE_BIT[types[0]] != 0)
                     and (subtype is None or s >> TABLES.subtypes.index(subtype) & 1 == 1))
        f = schema.empty("filter", 1)[0]
        f["who"], f["types"] = int(schema.Who.WHO_ANY), sum(TYPE_BIT[t] for t in types)
        f["subtypes"] = 0 if subtype is None else 1 << TABLES.subtypes.index(subtype)
        for name in ("min_power", "min_toughness"):
            f[name] = -32768
        for name in ("max_power", "max_toughness"):
            f[name] = 32767
        first = len(TABLES.filters)
        filters = schema.empty("filter", first + 65)     # (of the record's dtype, padding and all)
        filters[:first] = TABLES.filters
        filters[first:] = f                              # (a row of the first 64 reads R.card_filters)
        core = _core.CoreTables(dataclasses.replace(TABLES, filters=filters))
        assert _core.board_filter_count(core, perms, n, info, first, -1, 0) == want, (row, names)
        assert _core.board_filter_count(core, perms, n, info, first + 64, -1, 0) == want, (row, names)
