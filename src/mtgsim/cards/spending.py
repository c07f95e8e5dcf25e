"""Restricted mana (106.6): which spells, or which permanents' abilities, a mana ability's mana may
be spent on (`SpendRestriction`, its `SpendFilter`s), read from and written as the card data's
words. Moved out of the card model."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import CardDataError, shown
from .card_types import CARD_TYPES, SUPERTYPES

__all__ = ["SpendFilter", "SpendRestriction"]


@dataclass(frozen=True, slots=True)
class SpendFilter:
    """Which spells, or which permanents' abilities, restricted mana may pay for: every part
    given must hold — any of `types`, any of `supertypes`, any of `subtypes`, colourless (no
    colour, 202.2), and "of the chosen type" (the creature type chosen as the source entered:
    one per game, compile.chosen_creature_type, or compile_cards' creature_type); of spells only, none of
    `not_types` ("noncreature") and `multicolored` (two or more colours, 105.2b)."""
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colorless: bool = False
    chosen_type: bool = False
    not_types: tuple[str, ...] = ()
    multicolored: bool = False


# The closed vocabulary of spending restrictions: "[a] <qualifiers> spell(s) [of the chosen
# type]", "abilities [of <qualifiers, plural>]", or the two joined by "or". Qualifiers are
# "colorless", "multicolored", supertypes and card types in lower case, "non<type>"
# ("noncreature"), and subtypes capitalised ("Eldrazi"); card types, or subtypes, may be joined
# by "or" ("instant or sorcery spells", "Knight or Equipment spells"). "multicolored" and
# "non<type>" are of spells only.
_PLURAL_TYPES = {t.lower() + "s": t for t in CARD_TYPES} | {"sorceries": "Sorcery"}


def _spend_filter(words: list[str], plural: bool, text: str, spells: bool = True) -> SpendFilter:
    types, supertypes, subtypes, not_types = [], [], [], []
    colorless = multicolored = False
    joined = ""                         # the kind of word before an "or" (card types, subtypes)
    last = ""
    for w in words:
        low = w.lower()
        if w == "or" and last in ("type", "subtype") and not joined:
            joined = last
            continue
        if w == "colorless" and not joined:
            colorless, kind = True, "colorless"
        elif w == "multicolored" and spells and not joined:
            multicolored, kind = True, "multicolored"
        elif w.capitalize() in SUPERTYPES and w == low and not joined:
            supertypes.append(w.capitalize())
            kind = "supertype"
        elif w == low and (w.capitalize() in CARD_TYPES or (plural and w in _PLURAL_TYPES)):
            types.append(_PLURAL_TYPES[w] if plural and w in _PLURAL_TYPES else w.capitalize())
            kind = "type"
        elif spells and w == low and w.startswith("non") and w[3:].capitalize() in CARD_TYPES and not joined:
            not_types.append(w[3:].capitalize())
            kind = "non"
        elif w[:1].isupper() and w[1:].islower() and w.isalpha():
            subtypes.append(w)
            kind = "subtype"
        else:
            raise CardDataError(f"{shown(w)} in {shown(text)} is not a word of the spending-restriction vocabulary")
        if joined and kind != joined:
            raise CardDataError(f"{shown(text)}: 'or' joins card types, or subtypes, not both")
        joined, last = "", kind
    if joined:
        raise CardDataError(f"{shown(text)} ends a list with 'or'")
    return SpendFilter(tuple(types), tuple(supertypes), tuple(subtypes), colorless,
                       not_types=tuple(not_types), multicolored=multicolored)


@dataclass(frozen=True, slots=True)
class SpendRestriction:
    """A spending restriction on the mana of an ability (106.6): "Spend this mana only to cast
    <spells> [or activate abilities of <permanents>]". `spells`: the spells it may pay for
    (None: none); `abilities`: the permanents whose activated abilities it may pay for (None:
    none). It doesn't change the mana's type (106.6) and rides on every mana the ability
    produces, replacement effects' extra mana included (106.6a); mana added by a triggered
    mana ability is that ability's own, unrestricted. `text` is the phrase it was read from."""
    text: str
    spells: SpendFilter | None = None
    abilities: SpendFilter | None = None

    @classmethod
    def parse(cls, text: str) -> "SpendRestriction":
        """'creature spells or abilities of creatures' → SpendRestriction; raises CardDataError
        for a phrase outside the vocabulary (see `_spend_filter`)."""
        if not isinstance(text, str):
            raise CardDataError(f"expected a phrase such as \"creature spells\", got {shown(text)}")
        words = text.replace(",", " ").split()
        if words[:1] == ["cast"]:
            words = words[1:]
        spells = abilities = None
        if "abilities" in words:
            k = words.index("abilities")
            if words[k + 1:] and (words[k + 1] != "of" or len(words) < k + 3):
                raise CardDataError(f"{shown(text)}: write 'abilities of <permanents>' ('abilities of creatures'), "
                                    "or 'abilities' (of any permanent)")
            head = words[:k]
            if head[-1:] == ["activate"]:
                head = head[:-1]
            if head:
                if head[-1] != "or":
                    raise CardDataError(f"{shown(text)}: join spells and abilities with 'or'")
                head = head[:-1]
            abilities = _spend_filter(words[k + 2:], True, text, spells=False)
            words = head
        if words:
            chosen = words[-4:] == ["of", "the", "chosen", "type"]
            if chosen:
                words = words[:-4]
            if words[:1] in (["a"], ["an"]):
                words = words[1:]
            if not words or words[-1] not in ("spell", "spells"):
                raise CardDataError(f"{shown(text)} is not a spending restriction this vocabulary knows: "
                                 "'<qualifiers> spells [of the chosen type]', 'abilities of <permanents>', "
                                 "or both joined by 'or'")
            spells = _spend_filter(words[:-1], False, text)
            if chosen:
                spells = replace(spells, chosen_type=True)
                if spells.types and "Creature" not in spells.types:
                    raise CardDataError(f"{shown(text)}: 'of the chosen type' reads a creature type")
                if not spells.types:
                    spells = replace(spells, types=("Creature",))
        if spells is None and abilities is None:
            raise CardDataError("an empty spending restriction")
        return cls(text, spells, abilities)

    def __str__(self) -> str:
        return self.text
