"""Formats as presets: what a deck is checked against and the defaults its games are played by,
declared once per format.

A `Format` holds a format's deck construction rules (deck size, copies of a card, a commander
and its colour identity, the sideboard), its games' settings (starting life, two-player or
multiplayer, a free first mulligan; the first-turn draw follows from the number of players:
103.8a, 103.8c) and Karsten's default land count, the figure the optimizer's baselines fall
back on. The presets: "limited" (100.2b), "constructed" (100.2a, 100.4a), "commander" (903.5)
and "brawl" (903.12: two-player on MTG Arena, whose Brawl queues are one against one).

`Format.problems(deck)` lists what makes a deck illegal in the format, one `LegalityProblem`
per card and rule; `simulate(..., format=)` warns each as a `FormatWarning` and plays the deck
anyway (a goldfish of a list one card off is still worth reading). `Deck.check` reads them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .cards.identity import color_identity
from .cards.model import CardDef
from .cards.oracle_text import NUMBER_WORDS
from .errors import ArgumentError, FormatWarning, shown
from .mana import COLOR_ORDER, color_order
from .subtype_vocabulary import BASIC_LAND_TYPES

__all__ = ["COMMANDER_LIFE", "FORMATS", "Format", "LegalityProblem", "STARTING_LIFE", "copies_allowed",
           "commander_problem", "doc_table", "preset", "warn_problems"]

STARTING_LIFE = 20          # 103.4
COMMANDER_LIFE = 40         # 103.4c, 903.7

_UP_TO = re.compile(r"a deck can have up to (\w+) cards named")
# 305.6: the basic land types in the colours' order (WUBRG), each the colour its lands make
_TYPE_COLOR = dict(zip(BASIC_LAND_TYPES, COLOR_ORDER))


@dataclass(frozen=True)
class LegalityProblem:
    """One reason a deck is not legal in a format: the card it names (None for the deck as a
    whole: its size, its sideboard, its commander missing), the rule, and the problem in words."""
    format: str
    card: str | None
    rule: str
    text: str

    @property
    def message(self) -> str:
        """The problem in words, with its rule."""
        return self.text if self.text.endswith(f"({self.rule})") else f"{self.text} ({self.rule})"

    def __str__(self) -> str:
        return f"{self.format}: {self.message}"


@dataclass(frozen=True)
class Format:
    """A format's deck construction rules and the settings its games are played by.

    `min_cards`..`max_cards` (None: no maximum) count the main deck and the commanders;
    `copies` is the most copies of a card with one English name (None: any number, as drafted),
    basic lands and cards whose text allows more excepted (`copies_allowed`), counted with the
    sideboard's and the companion's where `copies_with_sideboard` (100.4a); `max_sideboard`
    (None: any); `commander`: a Commander deck (a commander in the command zone, every card
    within its colour identity: 903.4, 903.5c-d), `planeswalker_commander`: a planeswalker may
    be the commander (Brawl, 903.12c), `colourless_basics`: a colourless commander's deck may
    hold basic lands of one basic land type (Brawl, 903.12e). `life` and `multiplayer_life`:
    each player's starting life in a two-player and a multiplayer game; `multiplayer`: the
    kind of game by default;
    `free_mulligan`: the first mulligan is free even in a two-player game (Brawl, 903.12g; any
    multiplayer game's is, 103.5c). `lands`: Karsten's default land count (`deck_size` cards),
    the baselines' figure when his formulas have none for a deck's size."""
    name: str
    min_cards: int
    max_cards: int | None
    size_rule: str
    copies: int | None
    copies_rule: str
    copies_with_sideboard: bool
    max_sideboard: int | None
    commander: bool
    planeswalker_commander: bool
    colourless_basics: bool
    life: int
    multiplayer_life: int
    life_rule: str
    multiplayer: bool
    free_mulligan: bool
    deck_size: int
    lands: float
    lands_detail: str

    def starting_life(self, multiplayer: bool) -> int:
        """Each player's starting life in a two-player or multiplayer game of this format."""
        return self.multiplayer_life if multiplayer else self.life

    def size_text(self) -> str:
        """The deck size rule in words: "at least 40 cards", "exactly 100 cards"."""
        if self.max_cards == self.min_cards:
            return f"exactly {self.min_cards} cards" + (" with the commander" if self.commander else "")
        return f"at least {self.min_cards} cards"

    def describe(self) -> str:
        """The preset in one line, for a report's header."""
        copies = ("any number of copies" if self.copies is None
                  else "singleton" if self.copies == 1 else f"{self.copies} copies max")
        parts = ([f"{self.size_text()}, {copies} ({self.size_rule})"] if self.size_rule == self.copies_rule
                 else [f"{self.size_text()} ({self.size_rule})", f"{copies} ({self.copies_rule})"])
        if self.commander:
            parts.append("a commander and its colour identity (903.3, 903.4)")
        life = (f"{self.life} life" if self.life == self.multiplayer_life
                else f"{self.life} life two-player, {self.multiplayer_life} multiplayer")
        parts.append(f"{life} ({self.life_rule})")
        parts.append("multiplayer" if self.multiplayer else "two-player")
        if self.free_mulligan:
            parts.append("first mulligan free (903.12g)")
        parts.append(f"{self.lands:g} lands of {self.deck_size} (Karsten)")
        return f"{self.name} ({', '.join(parts)})"

    def to_dict(self) -> dict:
        return {"name": self.name, "min_cards": self.min_cards, "max_cards": self.max_cards,
                "copies": self.copies, "max_sideboard": self.max_sideboard, "commander": self.commander,
                "starting_life": self.life, "multiplayer_starting_life": self.multiplayer_life,
                "multiplayer": self.multiplayer, "free_mulligan": self.free_mulligan,
                "lands": self.lands, "deck_size": self.deck_size}

    def problems(self, deck) -> list[LegalityProblem]:
        """What makes `deck` (a Deck) illegal in this format, one problem per card and rule:
        its size, copies of a card, the sideboard's size, its commanders (none, too many, one
        that can't be a commander) and every card outside their colour identity."""
        out: list[LegalityProblem] = []

        def problem(card: str | None, rule: str, text: str) -> None:
            out.append(LegalityProblem(self.name, card, rule, text))

        size = len(deck)
        if size < self.min_cards or (self.max_cards is not None and size > self.max_cards):
            with_commander = " with its commander" if deck.commander else ""
            problem(None, self.size_rule, f"the deck has {size} cards{with_commander}: {self.name} needs "
                                          f"{self.size_text()}")
        side = sum(deck.sideboard.values())
        if self.max_sideboard is not None and side > self.max_sideboard:
            problem(None, "100.4a", f"the sideboard has {side} cards: at most {self.max_sideboard} are allowed")
        if self.copies is not None:
            sections = ("maindeck", "commander") + (("sideboard", "companion") if self.copies_with_sideboard else ())
            for c, n in _copies(deck, sections):
                allowed = copies_allowed(c, self.copies)
                if allowed is not None and n > allowed:
                    limit = "singleton" if allowed == 1 else f"{allowed} copies max"
                    problem(c.name, self.copies_rule, f"{n} copies of {c.name!r}: {limit}")
        if self.commander:
            self._commander_problems(deck, problem)
        return out

    def _commander_problems(self, deck, problem) -> None:
        """903.3 (903.12c): one commander, or two with partner; 903.5c-d (903.12e): every card
        within their colour identity."""
        commanders = [c for c, n in deck.cards("commander") for _ in range(n)]
        if not commanders:
            problem(None, "903.3", "no commander: give one in the list's Commander section")
            return
        if len(commanders) > 2:
            problem(None, "903.3", f"{len(commanders)} commanders: one, or two with partner (702.124)")
        for c in dict.fromkeys(commanders):
            why = commander_problem(c, self.planeswalker_commander)
            if why:
                problem(c.name, "903.12c" if self.planeswalker_commander else "903.3", why)
        identity = color_identity(commanders)
        allowed = frozenset(color_order(identity))
        shown_identity = "".join(color_order(identity)) or "colourless"
        basic_types: set[str] = set()
        for c, _ in deck.cards("maindeck"):
            if not allowed and self.colourless_basics and c.is_basic:
                # 903.12e: a colourless commander's deck may hold basic lands of one basic land type
                basic_types.update(t for t in c.subtypes if t in _TYPE_COLOR)
                continue
            own = color_order(color_identity([c]))
            if any(col not in allowed for col in own):
                problem(c.name, "903.5c", f"{c.name!r} ({''.join(own)}) is outside the commander's colour "
                                          f"identity ({shown_identity})")
                continue
            makes = [_TYPE_COLOR[t] for t in c.subtypes if t in _TYPE_COLOR and _TYPE_COLOR[t] not in allowed]
            if makes:
                problem(c.name, "903.5d", f"{c.name!r} has a basic land type making {''.join(makes)}, outside "
                                          f"the commander's colour identity ({shown_identity})")
        if len(basic_types) > 1:
            problem(None, "903.12e", f"basic lands of {len(basic_types)} basic land types "
                                     f"({', '.join(sorted(basic_types))}): a colourless commander's deck "
                                     "may hold those of one type")


def _copies(deck, sections: Iterable[str]) -> list[tuple[CardDef, int]]:
    """The copies of each card across `sections` of `deck`."""
    counts: dict[str, list] = {}
    for s in sections:
        for c, n in deck.cards(s):
            counts.setdefault(c.name, [c, 0])[1] += n
    return [(c, n) for c, n in counts.values()]


def copies_allowed(card: CardDef, limit: int | None) -> int | None:
    """The copies of `card` a deck may hold where `limit` is the format's (None: any number):
    any number of a basic land or of a card saying "A deck can have any number of cards named
    ~" (100.2a, 903.5b); up to N of one saying "A deck can have up to N cards named ~" (Seven
    Dwarves), whatever the format's limit."""
    text = card.text.lower()
    if card.is_basic or "any number of cards named" in text:
        return None
    m = _UP_TO.search(text)
    if m and m.group(1) in NUMBER_WORDS:
        return NUMBER_WORDS[m.group(1)]
    return limit


def commander_problem(c: CardDef, planeswalker: bool = False) -> str | None:
    """Why card `c` can't be a commander (903.3: a legendary creature, Vehicle or Spacecraft
    card, or one whose text says it can be your commander, 903.3a; with `planeswalker`, as in
    Brawl, a legendary planeswalker too, 903.12c), or None if it can."""
    kinds = c.is_creature or "Vehicle" in c.subtypes or "Spacecraft" in c.subtypes
    if "Legendary" in c.supertypes and (kinds or (planeswalker and "Planeswalker" in c.types)
                                        or "can be your commander" in c.text.lower()):
        return None
    what = "creature, planeswalker, Vehicle or Spacecraft (903.12c)" if planeswalker \
        else "creature, Vehicle or Spacecraft (903.3)"
    return f"{c.name!r} can't be a commander: it is not a legendary {what}"


_KARSTEN_60 = "Karsten: 24 to 26 lands of 60, 19.59 + 1.90 × average mana value by his 2022 formula"

_NO_COMMANDER = dict(commander=False, planeswalker_commander=False, colourless_basics=False)

FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("limited", min_cards=40, max_cards=None, size_rule="100.2b",
           copies=None, copies_rule="100.2b", copies_with_sideboard=False, max_sideboard=None,
           **_NO_COMMANDER,
           life=STARTING_LIFE, multiplayer_life=STARTING_LIFE, life_rule="103.4",
           multiplayer=False, free_mulligan=False,
           deck_size=40, lands=17, lands_detail="Karsten: 17 lands of 40, the Limited deck of his 2022 sources tables"),
    Format("constructed", min_cards=60, max_cards=None, size_rule="100.2a",
           copies=4, copies_rule="100.2a", copies_with_sideboard=True, max_sideboard=15,
           **_NO_COMMANDER,
           life=STARTING_LIFE, multiplayer_life=STARTING_LIFE, life_rule="103.4",
           multiplayer=False, free_mulligan=False,
           deck_size=60, lands=25, lands_detail=_KARSTEN_60),
    Format("commander", min_cards=100, max_cards=100, size_rule="903.5a",
           copies=1, copies_rule="903.5b", copies_with_sideboard=False, max_sideboard=None,
           commander=True, planeswalker_commander=False, colourless_basics=False,
           life=COMMANDER_LIFE, multiplayer_life=COMMANDER_LIFE, life_rule="103.4c",
           multiplayer=True, free_mulligan=False,
           deck_size=99, lands=37, lands_detail="Karsten: about 37 lands of 99 besides the commander (31.42 + 3.13 "
                                                "× average mana value by his 2022 formula)"),
    Format("brawl", min_cards=60, max_cards=60, size_rule="903.12d",
           copies=1, copies_rule="903.5b", copies_with_sideboard=False, max_sideboard=None,
           commander=True, planeswalker_commander=True, colourless_basics=True,
           life=25, multiplayer_life=30, life_rule="103.4d",
           multiplayer=False, free_mulligan=True,
           deck_size=60, lands=25, lands_detail=_KARSTEN_60),
)}


def preset(format) -> Format | None:
    """The Format named by `format` (a preset's name, any case) or `format` itself if it is one;
    None stays None. Anything else is an ArgumentError listing the presets."""
    if format is None or isinstance(format, Format):
        return format
    found = FORMATS.get(format.strip().lower()) if isinstance(format, str) else None
    if found is None:
        raise ArgumentError(f"format {shown(format)} is not a preset: one of {', '.join(FORMATS)} (or a Format)")
    return found


def warn_problems(fmt: Format, deck, stacklevel: int = 3) -> list[LegalityProblem]:
    """Warn (FormatWarning) each of `deck`'s legality problems in `fmt`; returns them."""
    import warnings
    found = fmt.problems(deck)
    for p in found:
        warnings.warn(str(p), FormatWarning, stacklevel=stacklevel)
    return found



def doc_table() -> str:
    """The presets' settings as docs/formats.md shows them, a Markdown table (the page holds it
    verbatim: tests/rules/test_formats.py)."""
    rows = ["| preset | deck size | copies of a card | sideboard | commander | starting life | players | "
            "first mulligan | Karsten's lands |", "|---|---|---|---|---|---|---|---|---|"]
    for f in FORMATS.values():
        copies = ("any number" if f.copies is None else "singleton" if f.copies == 1
                  else f"at most {f.copies}") + f" ({f.copies_rule})"
        sideboard = (f"at most {f.max_sideboard}, its copies counted with the deck's (100.4a)"
                     if f.max_sideboard is not None else "not checked")
        commander = "none"
        if f.commander:
            kinds = "creature, planeswalker" if f.planeswalker_commander else "creature"
            rule = "903.12c" if f.planeswalker_commander else "903.3"
            extra = ", 903.12e" if f.colourless_basics else ""
            commander = (f"a legendary {kinds}, Vehicle or Spacecraft, or two with partner ({rule}, 702.124); "
                         f"every card within its colour identity (903.5c, 903.5d{extra})")
        life = (str(f.life) if f.life == f.multiplayer_life
                else f"{f.life} two-player, {f.multiplayer_life} multiplayer") + f" ({f.life_rule})"
        players = ("multiplayer: the first player draws on turn 1 (103.8c)" if f.multiplayer
                   else "two-player: the first player skips the turn-1 draw (103.8a)")
        mulligan = ("free (903.12g)" if f.free_mulligan else "free (103.5c)" if f.multiplayer
                    else "not free (103.5)")
        rows.append(f"| `{f.name}` | {f.size_text()} ({f.size_rule}) | {copies} | {sideboard} | {commander} | "
                    f"{life} | {players} | {mulligan} | {f.lands:g} of {f.deck_size} |")
    return "\n".join(rows) + "\n"
