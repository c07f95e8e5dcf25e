"""Card names as people write them: the look-up key that forgives case, accents, curly
apostrophes and spacing, and the known names closest to one misspelt. No database here: the
card database keys its cards by `normalize_name`, and whatever names cards to people (an
unknown name's suggestions) asks `closest_names`.
"""
from __future__ import annotations

import difflib
import unicodedata
from typing import Iterable

__all__ = ["normalize_name", "closest_keys", "closest_names"]


def normalize_name(name: str) -> str:
    """The look-up key of a card name: case, accents, curly apostrophes and spacing ignored."""
    s = unicodedata.normalize("NFKD", name)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = s.replace("\u2019", "'").replace("\u2018", "'").replace("\u00c6", "Ae").replace("\u00e6", "ae")
    return " ".join(s.casefold().split())


def closest_keys(key: str, keys: list[str], n: int) -> list[str]:
    """The look-up keys closest to `key`: by spelling, then those containing it."""
    close = difflib.get_close_matches(key, keys, n=n, cutoff=0.6)
    if len(close) < n and len(key) >= 3:
        close += [k for k in keys if key in k and k not in close][: n - len(close)]
    return close


def closest_names(name: str, names: Iterable[str], n: int = 5) -> list[str]:
    """The names among `names` closest to `name` (case, accents and apostrophes ignored)."""
    by_key: dict[str, str] = {}
    for real in names:
        by_key.setdefault(normalize_name(real), real)
    return [by_key[k] for k in closest_keys(normalize_name(name), list(by_key), n)]
