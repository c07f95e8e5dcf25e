"""Oracle records: one real card as the community's bulk files give it (Scryfall, MTGJSON),
format-neutral — its name, layout and faces with their printed characteristics and oracle
text. The bulk readers (`bulk`) produce them; the recognizers (`recognize`) read them.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["OracleFace", "OracleCard", "PLAYABLE_LAYOUTS", "FACE_LAYOUTS"]

# Layouts of cards a player can put in a deck. The rest (token, double_faced_token, emblem,
# art_series, planar, scheme, vanguard, front_card, ...) are skipped, with a count.
PLAYABLE_LAYOUTS = frozenset({
    "normal", "split", "flip", "transform", "modal_dfc", "meld", "leveler", "class", "case",
    "saga", "adventure", "mutate", "prototype", "battle", "aftermath", "prepare", "reversible_card",
    "augment", "host",
})

# How the faces of a multi-face layout are played (709-712): both halves of a split card are in
# the hand (709.3); an adventurer's adventure is cast from the hand (715.3); a transforming or
# meld card enters with its front face up (712.14); a modal double-faced card is played as either
# face (712.12); a flip card enters unflipped (710.2); a reversible card is one card shown twice.
FACE_LAYOUTS = {
    "split": "either", "aftermath": "either", "adventure": "either", "prepare": "either",
    "modal_dfc": "either_face", "transform": "front", "meld": "front", "flip": "front",
    "reversible_card": "front",
}


@dataclass(frozen=True, slots=True)
class OracleFace:
    """One face of a card (or the whole of a one-faced card), as printed on the oracle."""
    name: str
    mana_cost: str = ""            # "{2}{G}"; "" for no mana cost
    type_line: str = ""            # "Legendary Creature — Elf Druid"
    oracle_text: str = ""          # lines joined by "\n"; reminder text still in parentheses
    power: str | None = None       # as printed: "2", "*", "1+*"
    toughness: str | None = None
    loyalty: str | None = None
    color_indicator: str = ""      # colour letters of a colour indicator (204), e.g. "G"


@dataclass(frozen=True, slots=True)
class OracleCard:
    """A card of one oracle identity: its full name ("A // B" for several faces), its layout,
    its faces (front first) and its keywords (as the bulk file lists them)."""
    name: str
    layout: str
    faces: tuple[OracleFace, ...]
    keywords: tuple[str, ...] = ()

    @property
    def front(self) -> OracleFace:
        return self.faces[0]
