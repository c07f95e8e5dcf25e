"""A card's colour identity (903.4): what a Commander deck's cards must fit, and the colours
of "any color in your commander's color identity" mana (903.4f)."""
from __future__ import annotations

import re
from collections.abc import Iterable

from ..mana import COLOR_ORDER, Color, color_order, parse_colors
from .model import CardDef

_SYMBOL = re.compile(r"\{([^}]*)\}")


def color_identity(commanders: Iterable[CardDef]) -> Color:
    """The commanders' colour identity (903.4): the colours of the mana symbols in each card's
    mana cost and rules text (reminder text, in parentheses, ignored: 903.4c), plus colour
    indicators (204); both faces of a double-faced card (903.4d)."""
    letters: set[str] = set()
    for c in commanders:
        for face in (c, c.back) if c.back is not None else (c,):
            letters.update(color_order(face.colors))
            text = re.sub(r"\([^()]*\)", "", face.text)
            for sym in _SYMBOL.findall(text):
                letters.update(p for p in sym.upper().split("/") if p in COLOR_ORDER)
    return parse_colors("".join(letters)) if letters else Color(0)
