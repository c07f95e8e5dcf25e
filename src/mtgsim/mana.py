"""Mana symbols and mana costs: parsing, canonical formatting, mana value, colours.

Owns rule 107.4 (the mana symbols), 202.3 (mana value) and the bit flags the compiled
core uses for colours and mana types (106.1: five colours, six types of mana).
"""
from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from .checks import items, whole_number
from .errors import ArgumentError, ArgumentTypeError, InternalError, LimitError, ManaCostError, shown

MAX_COST_TEXT = 1_000_000   # characters of a mana cost read (parsing takes about 10 µs a character)

__all__ = [
    "Color", "ManaType", "COLOR_ORDER", "ManaSymbol", "ManaCost", "ManaCostError",
    "color_order", "parse_colors",
]


class Color(enum.IntFlag):
    """The five colours (105.1) as bit flags, in WUBRG order."""
    NONE = 0
    W = 1
    U = 2
    B = 4
    R = 8
    G = 16


class ManaType(enum.IntFlag):
    """The six types of mana (106.1b): the five colours and colourless."""
    NONE = 0
    W = 1
    U = 2
    B = 4
    R = 8
    G = 16
    C = 32


COLOR_ORDER = "WUBRG"
ALL_COLORS = Color.W | Color.U | Color.B | Color.R | Color.G
ALL_TYPES = ManaType(int(ALL_COLORS)) | ManaType.C


def parse_colors(text: str, what: str = "colours") -> Color:
    """'WG' or 'GW' or 'G,W' → Color.W | Color.G; raises ArgumentError naming a bad letter."""
    out = Color.NONE
    for ch in text.replace(",", "").replace(" ", "").upper():
        if ch not in COLOR_ORDER:
            raise ArgumentError(f"{what}: {shown(ch)} is not a colour (use letters of WUBRG)")
        out |= Color[ch]
    return out


def _colors_of_bits(bits: int) -> list[str]:
    return [c for i, c in enumerate(COLOR_ORDER) if bits >> i & 1]


def _clockwise(a: int, b: int) -> int:
    return (b - a) % 5


def _order_color_set(letters: list[str]) -> tuple[str, ...]:
    """The order in which printed costs list a set of colours (e.g. G before W for Selesnya).

    Two colours: start from the one the other follows most closely clockwise on the colour
    wheel W→U→B→R→G. Three: the "centre" colour (allied to both in a shard, enemy of both in
    a wedge) stands in the middle. Four: start after the missing colour. Five: WUBRG.
    """
    idx = sorted(COLOR_ORDER.index(c) for c in letters)
    n = len(idx)
    if n <= 1:
        return tuple(letters)
    if n == 2:
        a, b = idx
        first, second = (a, b) if _clockwise(a, b) < _clockwise(b, a) else (b, a)
        return COLOR_ORDER[first], COLOR_ORDER[second]
    if n == 3:
        for c in idx:
            others = {(c + 1) % 5, (c - 1) % 5}
            if others == set(idx) - {c}:  # shard: centre is allied to both others
                return tuple(COLOR_ORDER[(c + k) % 5] for k in (-1, 0, 1))
            others = {(c + 2) % 5, (c - 2) % 5}
            if others == set(idx) - {c}:  # wedge: centre is the enemy of both others
                return tuple(COLOR_ORDER[(c + k) % 5] for k in (-2, 0, 2))
        raise InternalError(f"colours {letters} are neither a shard nor a wedge")
    if n == 4:
        missing = (set(range(5)) - set(idx)).pop()
        return tuple(COLOR_ORDER[(missing + k) % 5] for k in range(1, 5))
    return tuple(COLOR_ORDER)


_ORDER_CACHE = {bits: _order_color_set(_colors_of_bits(bits)) for bits in range(32)}


def color_order(colors: Color | int) -> tuple[str, ...]:
    """The printed order of a set of colours, e.g. color_order(W|G) == ('G', 'W')."""
    return _ORDER_CACHE[int(colors)]


class SymbolKind(enum.IntEnum):
    """Kinds of mana symbol in a cost (107.4); the order is the canonical printing order."""
    X = 0
    GENERIC = 1
    SNOW = 2
    COLORLESS = 3
    COLORED = 4
    HYBRID = 5              # {W/U}
    MONO_HYBRID = 6         # {2/W}
    COLORLESS_HYBRID = 7    # {C/W}
    PHYREXIAN = 8           # {W/P}
    HYBRID_PHYREXIAN = 9    # {W/U/P}


@dataclass(frozen=True, order=True, slots=True)
class ManaSymbol:
    """One mana symbol of a cost. `colors` are its colours in printed order; `amount` is the
    number of a generic symbol (so {2} is one symbol with amount 2)."""
    kind: SymbolKind
    colors: tuple[str, ...] = ()
    amount: int = 1

    @property
    def text(self) -> str:
        k = self.kind
        if k is SymbolKind.X:
            return "{X}"
        if k is SymbolKind.GENERIC:
            return "{%d}" % self.amount
        if k is SymbolKind.SNOW:
            return "{S}"
        if k is SymbolKind.COLORLESS:
            return "{C}"
        if k is SymbolKind.COLORED:
            return "{%s}" % self.colors[0]
        if k is SymbolKind.HYBRID:
            return "{%s/%s}" % self.colors
        if k is SymbolKind.MONO_HYBRID:
            return "{2/%s}" % self.colors[0]
        if k is SymbolKind.COLORLESS_HYBRID:
            return "{C/%s}" % self.colors[0]
        if k is SymbolKind.PHYREXIAN:
            return "{%s/P}" % self.colors[0]
        return "{%s/%s/P}" % self.colors

    @property
    def color_bits(self) -> Color:
        out = Color.NONE
        for c in self.colors:
            out |= Color[c]
        return out

    @property
    def mana_value(self) -> int:
        """202.3: X counts 0 off the stack; a hybrid symbol counts its largest part ({2/W} is 2)."""
        if self.kind is SymbolKind.X:
            return 0
        if self.kind is SymbolKind.GENERIC:
            return self.amount
        if self.kind is SymbolKind.MONO_HYBRID:
            return 2
        return 1

    def __str__(self) -> str:
        return self.text


_TOKEN = re.compile(r"\{([^{}]*)\}")
_SHORTHAND = re.compile(r"[0-9WUBRGCSX]+", re.IGNORECASE)
_NON_COST = {"T": "the tap symbol {T}", "Q": "the untap symbol {Q}", "E": "the energy symbol {E}"}


def _symbol_from_body(body: str, text: str, pos: int) -> ManaSymbol:
    """Parse the inside of one `{...}`; `pos` is where its '{' stands in `text`."""
    b = body.strip().upper()
    if b.isdigit():
        if len(b) > 1 and b[0] == "0":
            raise ManaCostError(text, pos, f"generic mana {{{body}}} has a leading zero")
        n = int(b)
        if n > 1_000_000:
            raise ManaCostError(text, pos, f"generic mana {{{body}}} is too large")
        return ManaSymbol(SymbolKind.GENERIC, (), n)
    if b == "X":
        return ManaSymbol(SymbolKind.X)
    if b == "S":
        return ManaSymbol(SymbolKind.SNOW)
    if b == "C":
        return ManaSymbol(SymbolKind.COLORLESS)
    if len(b) == 1 and b in COLOR_ORDER:
        return ManaSymbol(SymbolKind.COLORED, (b,))
    if b in _NON_COST:
        raise ManaCostError(text, pos, f"{_NON_COST[b]} is not a mana symbol; it can't appear in a mana cost")
    parts = b.split("/")
    if len(parts) == 2 and parts[1] == "P" and parts[0] in COLOR_ORDER and parts[0]:
        return ManaSymbol(SymbolKind.PHYREXIAN, (parts[0],))
    if len(parts) == 2 and parts[0] == "2" and parts[1] in COLOR_ORDER and parts[1]:
        return ManaSymbol(SymbolKind.MONO_HYBRID, (parts[1],))
    if len(parts) == 2 and parts[0] == "C" and parts[1] in COLOR_ORDER and parts[1]:
        return ManaSymbol(SymbolKind.COLORLESS_HYBRID, (parts[1],))
    two = parts[:2]
    if (len(parts) == 2 or (len(parts) == 3 and parts[2] == "P")) and all(
            len(p) == 1 and p in COLOR_ORDER for p in two):
        if two[0] == two[1]:
            raise ManaCostError(text, pos, f"hybrid symbol {{{body}}} names the same colour twice")
        canonical = color_order(Color[two[0]] | Color[two[1]])  # {W/G} is read as {G/W}
        kind = SymbolKind.HYBRID if len(parts) == 2 else SymbolKind.HYBRID_PHYREXIAN
        return ManaSymbol(kind, canonical)
    raise ManaCostError(text, pos, f"{{{body}}} is not a mana symbol (107.4)")


class ManaCost:
    """An immutable mana cost: a multiset of mana symbols.

    >>> c = ManaCost.parse("{1}{G/W}{G/W}"); c.mana_value, str(c)
    (3, '{1}{G/W}{G/W}')

    Equal costs compare and hash equal whatever order they were written in; ``str()`` prints
    the canonical order (X, generic, snow, colourless, then coloured symbols in the printed
    colour order). The empty cost ``ManaCost.parse("")`` (no mana cost, e.g. a land) differs
    from ``{0}``, though both have mana value 0 (202.3a).
    """

    __slots__ = ("_symbols", "__dict__")

    def __init__(self, symbols=()) -> None:
        syms = list(items(symbols, "ManaCost: symbols"))
        if not all(isinstance(s, ManaSymbol) for s in syms):
            raise ArgumentTypeError("ManaCost: symbols must be ManaSymbols (ManaCost.parse reads a cost's text)")
        generic = [s for s in syms if s.kind is SymbolKind.GENERIC]
        rest = [s for s in syms if s.kind is not SymbolKind.GENERIC]
        total = sum(s.amount for s in generic)
        if generic and (total or not rest):  # {1}{1} is {2}; {0}{G} is {G}; {0} stays {0}
            rest.append(ManaSymbol(SymbolKind.GENERIC, (), total))
        bits = Color.NONE
        for s in rest:
            bits |= s.color_bits
        order = {c: i for i, c in enumerate(color_order(bits))}
        rest.sort(key=lambda s: (s.kind > SymbolKind.COLORLESS,
                                 order[s.colors[0]] if s.colors else 0, s.kind, s.colors))
        self._symbols: tuple[ManaSymbol, ...] = tuple(rest)

    # --- construction -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: "str | ManaCost") -> "ManaCost":
        """Parse '{2}{G}{G}' (braces), or the shorthand '2GG'. Raises ManaCostError."""
        if isinstance(text, ManaCost):
            return text
        if not isinstance(text, str):
            raise ArgumentTypeError(f"a mana cost is text such as '{{2}}{{G}}', not {type(text).__name__}")
        if len(text) > MAX_COST_TEXT:
            raise LimitError(f"a mana cost of {len(text):,} characters: at most {MAX_COST_TEXT:,} are read")
        stripped = text.strip()
        if stripped and "{" not in stripped and "}" not in stripped:
            return cls._parse_shorthand(text)
        symbols = []
        pos = 0
        for m in _TOKEN.finditer(text):
            gap = text[pos:m.start()]
            if gap.strip():
                bad = pos + len(gap) - len(gap.lstrip())
                raise ManaCostError(text, bad, f"unexpected {shown(gap.strip()[0])} outside braces")
            if not m.group(1).strip():
                raise ManaCostError(text, m.start(), "empty braces {}")
            symbols.append(_symbol_from_body(m.group(1), text, m.start()))
            pos = m.end()
        tail = text[pos:]
        if tail.strip():
            bad = pos + len(tail) - len(tail.lstrip())
            ch = text[bad]
            reason = "unclosed '{'" if ch == "{" else f"unexpected {ch!r}"
            raise ManaCostError(text, bad, reason)
        return cls(symbols)

    @classmethod
    def _parse_shorthand(cls, text: str) -> "ManaCost":
        s = text.strip()
        start = text.index(s[0])
        m = _SHORTHAND.fullmatch(s)
        if not m:
            bad = next(i for i, ch in enumerate(s) if not _SHORTHAND.fullmatch(ch))
            raise ManaCostError(text, start + bad, f"{shown(s[bad])} is not a mana symbol letter")
        symbols = []
        for m in re.finditer(r"[0-9]+|[A-Za-z]", s):
            symbols.append(_symbol_from_body(m.group(0), text, start + m.start()))
        return cls(symbols)

    # --- views ---------------------------------------------------------------------------
    @property
    def symbols(self) -> tuple[ManaSymbol, ...]:
        return self._symbols

    @cached_property
    def _text(self) -> str:
        return "".join(s.text for s in self._symbols)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"ManaCost({self._text!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, str):
            try:
                other = ManaCost.parse(other)
            except ManaCostError:
                return False
        return isinstance(other, ManaCost) and self._symbols == other._symbols

    def __hash__(self) -> int:
        return hash(self._symbols)

    def __bool__(self) -> bool:
        """False for the empty cost (no mana cost)."""
        return bool(self._symbols)

    def __add__(self, other: "ManaCost | str") -> "ManaCost":
        """Combine two costs (e.g. a mana cost plus a kicker cost, 601.2f)."""
        return ManaCost(self._symbols + ManaCost.parse(other)._symbols)

    @property
    def mana_value(self) -> int:
        """Mana value (202.3): X is 0 off the stack, hybrids count their largest part."""
        return sum(s.mana_value for s in self._symbols)

    def mana_value_with(self, x: int) -> int:
        """Mana value on the stack with X chosen as `x` (202.3e)."""
        x = whole_number(x, "x", 0)
        return self.mana_value + x * self.x_count

    @cached_property
    def generic(self) -> int:
        """Generic mana from number symbols (not X)."""
        return sum(s.amount for s in self._symbols if s.kind is SymbolKind.GENERIC)

    @cached_property
    def x_count(self) -> int:
        return sum(1 for s in self._symbols if s.kind is SymbolKind.X)

    def count(self, kind: SymbolKind, color: str | None = None) -> int:
        """How many symbols of a kind (and, if given, including a colour) the cost has."""
        return sum(1 for s in self._symbols if s.kind is kind and (color is None or color in s.colors))

    @cached_property
    def colored(self) -> dict[str, int]:
        """Plain coloured symbols per colour, e.g. {'G': 2} for {2}{G}{G}."""
        c = Counter(s.colors[0] for s in self._symbols if s.kind is SymbolKind.COLORED)
        return {k: c[k] for k in COLOR_ORDER if c[k]}

    @cached_property
    def colors(self) -> Color:
        """The colours of the cost (202.2): every coloured, hybrid and Phyrexian symbol's colours."""
        out = Color.NONE
        for s in self._symbols:
            out |= s.color_bits
        return out

    @property
    def color_letters(self) -> str:
        return "".join(color_order(self.colors))

    @property
    def has_x(self) -> bool:
        return self.x_count > 0

    @property
    def is_empty(self) -> bool:
        return not self._symbols


def mana_text_to_types(text: str) -> dict[str, int]:
    """Mana to add, written as symbols: '{G}{G}' → {'G': 2}; only {W}{U}{B}{R}{G}{C} allowed."""
    cost = ManaCost.parse(text)
    out: Counter = Counter()
    for s in cost.symbols:
        if s.kind is SymbolKind.COLORED:
            out[s.colors[0]] += 1
        elif s.kind is SymbolKind.COLORLESS:
            out["C"] += 1
        else:
            raise ManaCostError(text, 0, f"{s.text} is not a type of mana that can be added (106.1)")
    return dict(out)
