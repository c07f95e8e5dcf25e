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

import re
from pathlib import Path

import pytest

from mtgsim import _core

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
