"""What the cards layer reads of a deck: `DeckCards`, its cards by section. mtgsim.Deck
(decklist.py, the layer above) derives from it, so that the database can take a deck
(CardDatabase.coverage) and tell one from anything else without importing the layer above.
"""
from __future__ import annotations

import abc

from .model import CardDef

__all__ = ["DeckCards"]


class DeckCards(abc.ABC):
    """A deck's cards by section (mtgsim.Deck)."""

    __slots__ = ()

    @abc.abstractmethod
    def cards(self, section: str | None = None) -> list[tuple[CardDef, int]]:
        """(CardDef, count) pairs of one section of the deck (of those it plays, if None)."""
