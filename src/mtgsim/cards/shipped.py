"""The shipped curated cards: the TOML files of mtgsim/cards/data, read once. The curated
database is made of them (`database.shipped_database`), and the recognizers make a token the
text describes as the shipped token card it is, when it is one (recognize/effects.py).
"""
from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from .loader import cards_from_toml
from .model import CardDef

__all__ = ["is_shipped", "shipped_cards"]


def _data_dir():
    return resources.files("mtgsim.cards") / "data"


def is_shipped(path: Path) -> bool:
    """Whether the file at `path` is one of the shipped card files (named by its name alone)."""
    try:
        return Path(str(_data_dir())) in path.resolve().parents
    except (OSError, ValueError):
        return False


@functools.lru_cache(maxsize=1)
def shipped_cards() -> tuple[tuple[CardDef, str], ...]:
    """Every card of the shipped files with the name of its file, file by file in name order
    (checked as a database by `database.shipped_database`: names once each, tokens known)."""
    return tuple((c, entry.name) for entry in sorted(_data_dir().iterdir(), key=lambda e: e.name)
                 if entry.name.endswith(".toml")
                 for c in cards_from_toml(entry.read_text(encoding="utf-8"), entry.name))
