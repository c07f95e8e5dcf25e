"""Cards with their names resolved (`ResolvedCards`): what the compiler takes.

A card names other cards: the tokens its effects create. Those names are looked up once, by
the card database (`CardDatabase.resolve`), when a deck, a Scenario or a question hands its
cards on; from there the records travel, and the compiler reads each token reference's record
here instead of looking its name up again.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..errors import ArgumentError
from .model import CardDef

__all__ = ["ResolvedCards"]


@dataclass(frozen=True)
class ResolvedCards:
    """Card records and the records their names refer to: `cards`, the cards given (each name
    once) followed by the token cards their effects create, theirs in turn, and so on; `tokens`,
    each token reference as a card's effect writes it (`token_refs.token_references`) → the token
    card's record."""
    cards: tuple[CardDef, ...]
    tokens: Mapping[str, CardDef] = field(default_factory=dict)

    def __post_init__(self):
        names = {c.name for c in self.cards}
        for ref, token in self.tokens.items():
            if token.name not in names:
                raise ArgumentError(f"ResolvedCards: the token {token.name!r} (reference {ref!r}) is not among "
                                    "its cards")
