"""The card database: cards by name, read from TOML files (through the loader, `loader.py`) and
from imported bulk files, name look-up that forgives case, accents and apostrophes, and the
shipped curated database of the cards that matter for mana.
"""
from __future__ import annotations

import dataclasses
import functools
import os
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ..errors import (ArgumentTypeError, CardDataError, InternalError, UnknownCardError,
                      UnknownCardInCardDataError, shown)
from ..checks import items, whole_number
from ..files import input_path, read_text
from . import model
from .deck import DeckCards
from .loader import card, card_from_table, cards_from_toml, parse_activation_cost, parse_type_line
from .model import CardDef
from .token_refs import token_references, tokens_named
from .names import closest_keys, closest_names, normalize_name
from .resolved import ResolvedCards
from .shipped import is_shipped, shipped_cards

__all__ = ["CardDatabase", "CardDataError", "UnknownCardError", "card_db", "card",
           "normalize_name", "closest_names", "parse_type_line", "parse_activation_cost"]


def named_card(db: CardDatabase, card: str | CardDef, where: str) -> CardDef:
    """`db[card]`, for a card given in argument or field `where`: an unknown name raises an
    UnknownCardError saying where it was given."""
    try:
        return db[card]
    except UnknownCardError as e:
        raise UnknownCardError(e.name, e.suggestions, where=where) from None


class CardDatabase(Mapping[str, CardDef]):
    """Cards by name. Look-up ignores case, accents and apostrophe style, and knows both the
    full name of a double-faced card ("A // B") and its front face's name.

    Cards recognized from a bulk file are held as their validated tables and built into
    CardDefs the first time they are looked up; `coverage` says how far each is understood."""

    def __init__(self, cards: Iterable[CardDef] = (), *, sources: Mapping[str, str] | None = None):
        self._cards: dict[str, CardDef | _Unbuilt] = {}
        self._alias: dict[str, str] = {}
        self._source: dict[str, str] = {}
        self._imported: dict[str, Any] = {}             # key → (ImportedCards, name) of recognized cards
        if sources is not None and not isinstance(sources, Mapping):
            raise ArgumentTypeError(f"CardDatabase: sources must be a mapping {{name: file}}, not "
                                    f"{type(sources).__name__}")
        for c in _card_defs(cards, "CardDatabase: cards"):
            self._add(c, (sources or {}).get(c.name, "<python>"))

    def _add(self, c: CardDef, source: str, replace: bool = False) -> None:
        key = normalize_name(c.name)
        # (a card recognized from a bulk file gives way to one written out, as curated ones do)
        if key in self._cards and not replace and key not in self._imported:
            raise CardDataError(f"card defined twice (first in {self._source[key]})",
                                source=source, card=c.name)
        self._cards[key] = c
        self._source[key] = source
        self._imported.pop(key, None)
        if c.back is not None:
            self._alias[normalize_name(f"{c.name} // {c.back.name}")] = key

    # ---- construction ------------------------------------------------------------------
    @classmethod
    def from_toml(cls, *paths: str | Path) -> "CardDatabase":
        db = cls()
        db._check_tokens([c for p in paths for c in db._load(Path(input_path(p, "from_toml: a path")))])
        return db

    def _load(self, path: Path, replace: bool = False) -> list[CardDef]:
        try:
            text = read_text(path, lambda message: CardDataError(message, source=str(path)))
        except OSError as e:
            raise CardDataError(f"can't read card file: {e.strerror}", source=str(path)) from None
        return self._load_text(text, path.name if is_shipped(path) else str(path), replace)

    def _load_text(self, text: str, source: str, replace: bool = False) -> list[CardDef]:
        """Add the cards of one TOML text; returns them (their tokens are checked by the caller,
        once every file is read: a token may be defined in a later one)."""
        loaded = cards_from_toml(text, source)
        for c in loaded:
            self._add(c, source, replace)
        return loaded

    def _check_tokens(self, cards: Iterable[CardDef]) -> None:
        """Every token the cards create is a card of this database."""
        for c in cards:
            for field, token in token_references(c):
                if token not in self:
                    raise UnknownCardInCardDataError(token, self.suggest(token), card=c.name, field=field,
                                                     source=self.source_of(c.name))

    def extended(self, *more: "CardDef | str | Path | Iterable[CardDef]", replace: bool = False) -> "CardDatabase":
        """A new database with more cards (CardDefs, TOML files, or bulk card files of real
        cards, whose recognized cards never replace cards already here); this one is unchanged.
        A card that already exists is an error unless `replace=True`."""
        from .bulk import ImportSummary          # (here: the importer uses this module)
        from .imported import ImportedCards, recognized_cards
        db = self._copy()
        from_files = []
        for m in more:
            if isinstance(m, CardDef):
                db._add(m, "<python>", replace)
            elif isinstance(m, (str, os.PathLike)) and _is_toml(Path(input_path(m, "a card file"))):
                from_files += db._load(Path(m), replace)
            elif isinstance(m, (str, os.PathLike)):             # (a bulk card file)
                db._add_imported(recognized_cards(m, ImportSummary()))
            elif isinstance(m, ImportedCards):
                db._add_imported(m)
            else:
                for c in _card_defs(m, "more cards"):
                    db._add(c, "<python>", replace)
        db._check_tokens(from_files)
        return db

    def _copy(self) -> "CardDatabase":
        db = CardDatabase()
        db._cards, db._alias, db._source = dict(self._cards), dict(self._alias), dict(self._source)
        db._imported = dict(self._imported)
        return db

    def _add_imported(self, imported) -> None:
        """Add recognized cards (an ImportedCards); a card already here (curated, or yours) is
        kept as it is: curated entries override recognized ones."""
        source = imported.source or "<bulk file>"
        for name, key in imported.keys.items():
            if key in self._cards or key in self._alias:
                continue
            self._cards[key] = _Unbuilt(name, imported.is_token(name))
            self._source[key] = source
            self._imported[key] = (imported, name)
        for full, name in imported.aliases.items():    # ("A // B" of split, adventure and MDFC cards)
            key = imported.keys.get(name)
            if key in self._cards:
                self._alias.setdefault(normalize_name(full), key)

    def _built(self, key: str) -> CardDef:
        """The card of `key`, built from its table the first time (tables were validated as
        they were imported, so building can't fail)."""
        c = self._cards[key]
        if isinstance(c, _Unbuilt):
            imported, name = self._imported[key]
            try:
                c = card_from_table(imported.table(name), self._source[key])
            except CardDataError as e:
                raise InternalError(f"an imported card no longer validates: {e}") from None
            if not c.token:
                c = dataclasses.replace(c, recognized=imported.bucket(name))
            self._cards[key] = c
        return c

    # ---- resolving a card's names ----------------------------------------------------------
    def resolve(self, cards: "Iterable[CardDef | str]", where: str = "cards") -> ResolvedCards:
        """The records the compiler takes (`ResolvedCards`): `cards` (records, or names looked
        up here: an UnknownCardError says `where` they were given), each name once, followed by
        the token cards their effects create, looked up here once each (theirs too)."""
        found: dict[str, CardDef] = {}
        tokens: dict[str, CardDef] = {}
        todo = [named_card(self, c, where) for c in items(cards, where)]
        while todo:
            d = todo.pop(0)
            if d.name in found:
                continue
            found[d.name] = d
            for token in tokens_named(d):
                if token not in tokens:
                    tokens[token] = named_card(self, token, f"{d.name}: tokens")
                todo.append(tokens[token])
        return ResolvedCards(tuple(found.values()), tokens)

    # ---- coverage ------------------------------------------------------------------------
    def verdict(self, card: "str | CardDef"):
        """How far the card is understood (a coverage.CardCoverage): a recognized card's
        clauses; a curated card is fully recognized unless it has an `unmodeled` note that
        matters (one "irrelevant" to a goldfish game is ignored, as a recognized card's would
        be, saying so, and why the card is never cast if it isn't)."""
        from .coverage import CardCoverage
        from .recognize import IGNORED, Clause, UNRECOGNIZED
        if isinstance(card, CardDef) and not card.recognized and not card.token:
            key = None         # a curated record: nothing to look up (a built imported card has its bucket)
        else:
            key = self._key(card.name if isinstance(card, CardDef) else card)
        if key in self._imported:           # (read without building the card's record)
            imported, name = self._imported[key]
            return imported.verdict(name)
        c = card if isinstance(card, CardDef) else self[card]
        faces = [f for f in ((c, c.back) if c.back is not None else (c,)) if f.unmodeled]
        clauses = tuple(Clause(f"{f.unmodeled} \u2014 {_irrelevant(f)}", IGNORED, f.name)
                        if f.unmodeled_effect == "irrelevant" else Clause(f.unmodeled, UNRECOGNIZED, f.name)
                        for f in faces)
        unread = any(cl.status == UNRECOGNIZED for cl in clauses)
        return CardCoverage(c.name, "partly" if unread else "fully", clauses, curated=True)

    def coverage(self, deck: DeckCards | None = None, sections=("maindeck", "sideboard", "commander", "companion")):
        """The Coverage of a deck's cards (a mtgsim.Deck: of the sections named), or of every card
        of this database."""
        from .coverage import Coverage
        if deck is None:                  # (every card, not the tokens cards create)
            return Coverage.of(self.verdict(c.name) for c in self._cards.values() if not c.token)
        if not isinstance(deck, DeckCards):
            raise ArgumentTypeError(f"coverage: deck must be a mtgsim.Deck or None, not {type(deck).__name__}")
        sections = (sections,) if isinstance(sections, str) else items(sections, "coverage: sections")
        cards = {c.name: c for section in sections for c, _ in deck.cards(section)}
        return Coverage.of(self.verdict(c) for c in cards.values())

    def reading(self, deck: DeckCards):
        """How far to trust a simulation of `deck` (a coverage.DeckReading): the share of the
        copies it plays (main deck and commander) fully read, and the cards that are not."""
        return self.coverage(deck, sections=("commander", "maindeck")).reading(
            {c.name: n for c, n in deck.cards()})

    # ---- look-up -------------------------------------------------------------------------
    def _key(self, name: str) -> str | None:
        if not isinstance(name, str):
            raise ArgumentTypeError(f"card names are text, not {type(name).__name__}")
        key = normalize_name(name)
        if key in self._cards:
            return key
        return self._alias.get(key)

    def __getitem__(self, name: str | CardDef) -> CardDef:
        if isinstance(name, CardDef):
            return name
        if not isinstance(name, str):
            raise ArgumentTypeError(f"card names are text, not {type(name).__name__}")
        key = self._key(name)
        if key is None:
            raise UnknownCardError(name, self.suggest(name))
        return self._built(key)

    def get(self, name: str | CardDef, default=None):
        """The card of `name`, looked up as `db[name]` does; `default` if there is none."""
        if isinstance(name, CardDef):
            return name
        key = self._key(name) if isinstance(name, str) else None
        return default if key is None else self._built(key)

    def __contains__(self, name: object) -> bool:
        if isinstance(name, CardDef):
            return self._key(name.name) is not None
        return isinstance(name, str) and self._key(name) is not None

    def __iter__(self) -> Iterator[str]:
        return (c.name for c in self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def cards(self) -> list[CardDef]:
        return [self._built(k) for k in self._cards]

    def source_of(self, name: str) -> str:
        """The file the card of `name` was read from ("<python>" for a CardDef given)."""
        key = self._key(name)
        if key is None:
            raise UnknownCardError(name, self.suggest(name))
        return self._source[key]

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """The closest known names (by spelling, then by containment)."""
        if not isinstance(name, str):
            raise ArgumentTypeError(f"card names are text, not {type(name).__name__}")
        n = whole_number(n, "suggest: n", 1)
        names = []
        for k in closest_keys(normalize_name(name), list(self._cards) + list(self._alias), n):
            real = self._cards[self._alias.get(k, k)].name
            if real not in names:
                names.append(real)
        return names

    def __repr__(self) -> str:
        return f"<CardDatabase of {len(self)} cards>"


def _irrelevant(face: CardDef) -> str:
    """What a curated face's note irrelevant to a goldfish game is said to be, and why the face
    is never cast if it isn't (recognize.ignored.never_cast's words)."""
    words = model.UNMODELED_EFFECT_WORDS["irrelevant"]
    return f"{words}; {face.uncastable}: never cast" if face.uncastable else words


def _card_defs(cards, what: str) -> list[CardDef]:
    """`cards` (a list or other iterable of CardDefs), checked."""
    out = list(items(cards, what))
    for c in out:
        if not isinstance(c, CardDef):
            raise ArgumentTypeError(f"{what}: expected CardDefs (mtgsim.card(...)), got {type(c).__name__} "
                                    f"{shown(c)}")
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class _Unbuilt:
    """A recognized card not looked up yet: its name (its table waits in its ImportedCards)."""
    name: str
    token: bool = False


@functools.lru_cache(maxsize=1)
def shipped_database() -> CardDatabase:
    db = CardDatabase()
    for c, source in shipped_cards():
        db._add(c, source)
    db._check_tokens(c for c, _ in shipped_cards())
    return db


def _is_toml(path: Path) -> bool:
    return path.suffix.lower() == ".toml"


def card_db(*extra: "str | Path | CardDef | Iterable[CardDef]") -> CardDatabase:
    """The shipped curated database plus the user's imported database (`mtgsim cards
    import`), when there is one; extended with your own cards, TOML files, or bulk card files
    (Scryfall, MTGJSON: read and recognized, curated entries overriding recognized ones)."""
    base = _with_user_database()
    return base.extended(*extra) if extra else base


def _with_user_database() -> CardDatabase:
    from .imported import user_database_path
    path = user_database_path()
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return shipped_database()
    return _shipped_and_imported(str(path), stamp)


@functools.lru_cache(maxsize=2)
def _shipped_and_imported(path: str, stamp: int) -> CardDatabase:
    from .imported import read_imported
    return with_imported(read_imported(path))


def with_imported(imported) -> CardDatabase:
    """The database `card_db()` reads with `imported` (an ImportedCards, or None) as the user's
    database: the shipped curated cards, and the recognized cards they don't override."""
    return shipped_database().extended(imported) if imported is not None else shipped_database()
