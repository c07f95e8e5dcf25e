"""The card types (205.2a) and supertypes (205.4a): the rules' words, kept apart from the card model
(as creature_types.py keeps the creature types), for the model and the spending restrictions."""
from __future__ import annotations

__all__ = ["CARD_TYPES", "SUPERTYPES"]

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery")  # 205.2a
SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")  # 205.4a
