"""The library's exception family. Every error mtgsim raises derives from `MtgsimError` and
from the built-in exception it fits, so it can be caught either way:

    MtgsimError(Exception)
        ArgumentError(ValueError)          a public call given a value it doesn't accept
        ArgumentTypeError(TypeError)       ... or a value of the wrong type
        ArgumentIndexError(IndexError)     ... or an index out of range (an ability, a board)
        LimitError(ValueError)             more than the simulator supports (board, deck size)
        ManaCostError(ValueError)          a mana cost text that is not well formed
        CardDataError(ValueError)          a card record that is not valid (file, card, field)
            BulkFileError                  a bulk card file (Scryfall, MTGJSON) that can't be read
        DecklistError(ValueError)          a fault in a decklist (file, line, text)
        RulesError(ValueError)             an action the rules don't allow (names the rule)
        UsageError(ValueError)             a command line that can't be carried out
        UnknownNameError(KeyError)         a name that is not one of those known
            UnknownCardError               a card name not known (lists the closest names)
                UnknownCardInDecklistError     (also a DecklistError)
                UnknownCardInCardDataError     (also a CardDataError)
        MissingDependencyError(ImportError)  an optional package that is not installed
        DownloadError(OSError)             a download that failed (names the URL and the cause)
        ClusterError(OSError)              a Dask scheduler out of reach (names the address)
        InternalError(RuntimeError)        a broken invariant: a bug in mtgsim

and two warnings:

    UnmodeledTextWarning(UserWarning)      a card's text the engine does not act on, reported
                                           once per card as the card enters a simulation or
                                           a Scenario
    FormatWarning(UserWarning)             a deck not legal in the format a simulation was asked
                                           for (mtgsim.formats): one per card and rule, the deck
                                           played anyway

`UnknownNameError` is a KeyError (not only a LookupError) because a `CardDatabase` is a
Mapping, whose protocol is KeyError, and because the compiled tables' name look-up raised
KeyError before there was a family.
"""
from __future__ import annotations

import math
import reprlib
from collections.abc import Iterable
from typing import Any

__all__ = [
    "ArgumentError", "ArgumentIndexError", "ArgumentTypeError", "BulkFileError", "CardDataError",
    "ClusterError", "DecklistError", "DownloadError", "FormatWarning", "InternalError", "LimitError",
    "ManaCostError", "MissingDependencyError", "MtgsimError", "RulesError", "UnknownCardError",
    "UnknownCardInCardDataError", "UnknownCardInDecklistError", "UnknownNameError",
    "UnmodeledTextWarning", "UsageError",
]


class MtgsimError(Exception):
    """The base of every error mtgsim raises."""


class UnmodeledTextWarning(UserWarning):
    """Part of a card's text that the engine does not act on (the card's `unmodeled` note):
    its results leave that part out."""


class FormatWarning(UserWarning):
    """A deck not legal in the format asked for (`simulate(..., format=)`): one warning per
    problem, naming the card and the rule ("4 copies max (100.2a)"); the deck is played anyway."""


def warn_unmodeled(cards, stacklevel: int = 3) -> None:
    """Warn once per card (Python's warning registry keeps one per card's message) for each
    card, or back face, with text the engine does not act on."""
    import warnings
    for c in cards:
        how = {"partly": " (partly recognized)", "unknown": " (unknown text: it plays as its cost, types "
               "and power)"}.get(c.recognized, "")
        for face in (c, c.back) if c.back is not None else (c,):
            if face.unmodeled:
                warnings.warn(f"{face.name}{how}: not simulated: {face.unmodeled}", UnmodeledTextWarning,
                              stacklevel=stacklevel)


class ArgumentError(MtgsimError, ValueError):
    """A public call given an argument value it doesn't accept; the message names the argument."""


class ArgumentTypeError(MtgsimError, TypeError):
    """A public call given an argument of the wrong type; names the argument and the type."""


class ArgumentIndexError(MtgsimError, IndexError):
    """An index argument out of range (an ability of a permanent, a board of a batch)."""


class LimitError(MtgsimError, ValueError):
    """Input beyond what the simulator supports (permanents on a board, cards in a deck,
    tracked cards, X, subtypes); says the limit."""


class RulesError(MtgsimError, ValueError):
    """An action the rules don't allow; the message names the rule."""


class UsageError(MtgsimError, ValueError):
    """A command line that can't be carried out as given."""


class MissingDependencyError(MtgsimError, ImportError):
    """An optional package a call needs is not installed; says how to install it."""


class InternalError(MtgsimError, RuntimeError):
    """An invariant of mtgsim broken: a bug in mtgsim, not in what it was given."""

    def __init__(self, message: str):
        super().__init__(f"{message} (this is a bug in mtgsim, please report it)")


class ManaCostError(MtgsimError, ValueError):
    """A mana cost text that is not well formed; quotes the text and the position of the fault."""

    def __init__(self, text: str, position: int, reason: str):
        self.text, self.position, self.reason = text, position, reason
        start = max(0, position - 40) if len(text) > 120 else 0     # (a long text: 80 characters around the fault)
        window = text[start:start + 80] if len(text) > 120 else text
        pointer = " " * (position - start + 2) + "^"
        super().__init__(f"invalid mana cost {shown(text)} at position {position}: {reason}\n {window!r}\n{pointer}")


class CardDataError(MtgsimError, ValueError):
    """A card record that is not valid; names the file, the card and the field."""

    def __init__(self, message: str, *, source: str = "", card: str = "", field: str = ""):
        self.source, self.card, self.field, self.message = source, card, field, message
        where = ", ".join(p for p in (source, f"card {shown(card)}" if card else "",
                                       f"field {shown(field)}" if field else "") if p)
        # MtgsimError's __init__, not super(): in UnknownCardInCardDataError super() is UnknownCardError
        MtgsimError.__init__(self, f"{where}: {message}" if where else message)


class BulkFileError(CardDataError):
    """A bulk card file (Scryfall's, MTGJSON's) that can't be read as one: not JSON, cut short,
    a bad gzip, a JSON file of another kind. `.where` says where in the file (a record, a line
    and column), `.source` which file."""

    def __init__(self, message: str, *, source: str = "", where: str = ""):
        self.where = where
        super().__init__(f"{where}: {message}" if where else message, source=source)


class DownloadError(MtgsimError, OSError):
    """A download that failed: the server unreachable or silent past the timeout, an HTTP
    error, a reply that is not what was asked for, the connection lost midway. `.url` is the
    address, `.reason` the cause."""

    def __init__(self, url: str, reason: str):
        self.url, self.reason = url, reason
        MtgsimError.__init__(self, f"{url}: {reason}")


class ClusterError(MtgsimError, OSError):
    """A Dask scheduler that could not be reached, or a cluster that failed a run."""


class DecklistError(MtgsimError, ValueError):
    """A fault in a decklist. Carries `.source` (file path, "<text>", or None for a Deck built
    in Python), `.line` (1-based, or None), `.text` (the line as written) and `.reason`.

    When a list has several faults they are raised together as one error whose `.errors` holds
    each of them (a single fault's `.errors` is `(self,)`); `.line` and `.text` are the first's.
    """

    def __init__(self, reason: str, *, source: str | None = None, line: int | None = None,
                 text: str | None = None, suggestions: Iterable[str] = (),
                 errors: Iterable[DecklistError] = ()):
        self.reason, self.source, self.line, self.text = reason, source, line, text
        self.suggestions = tuple(suggestions)   # close card names, for an unknown card
        self.errors = tuple(errors) or (self,)
        if len(self.errors) > 1:
            where = f" in {source}" if source else ""
            details = "\n".join(f"  {e._describe(with_source=False)}" for e in self.errors)
            message = f"{len(self.errors)} problems{where}:\n{details}"
        else:
            message = self._describe(with_source=True)
        # MtgsimError's __init__, not super(): in UnknownCardInDecklistError super() is UnknownCardError
        MtgsimError.__init__(self, message)

    def _describe(self, with_source: bool) -> str:
        place = [self.source] if with_source and self.source else []
        if self.line is not None:
            place.append(f"line {self.line}")
        parts = [", ".join(place)] if place else []
        if self.text:
            parts.append(f'"{self.text}"')
        return ": ".join(parts + [self.reason])

    @classmethod
    def combine(cls, errors: list[DecklistError]) -> DecklistError:
        """One error for all of `errors` (in line order); a single error is returned as is.
        If one of them is an unknown card, so is the whole (an UnknownCardInDecklistError
        with the first unknown card's name and suggestions)."""
        errors = sorted(errors, key=lambda e: e.line or 0)
        if len(errors) == 1:
            return errors[0]
        first = errors[0]
        where: dict[str, Any] = {"source": first.source, "line": first.line, "text": first.text, "errors": errors}
        unknown = next((e for e in errors if isinstance(e, UnknownCardError)), None)
        if unknown is not None:
            return UnknownCardInDecklistError(f"{len(errors)} problems", name=unknown.name,
                                              suggestions=unknown.suggestions, **where)
        return cls(f"{len(errors)} problems", **where)


class UnknownNameError(MtgsimError, KeyError):
    """A name that is not one of those known; `.name`, and `.suggestions`: the closest known names."""

    def __init__(self, message: str, name: str, suggestions: Iterable[str] = ()):
        self.name, self.suggestions = name, tuple(suggestions)
        super().__init__(message)

    def __str__(self) -> str:   # KeyError would print the repr of the message
        return str(self.args[0])


class UnknownCardError(UnknownNameError):
    """A card name that is not known where it was looked up (the card database, compiled
    tables, a result's tracked cards); the message lists the closest known names.

    `reason` replaces "unknown card 'X'" where the card is known but not there; `where`
    (e.g. "track") says which argument or field named it."""

    def __init__(self, name: str, suggestions: Iterable[str] = (), *, reason: str = "",
                 where: str = ""):
        suggestions = tuple(suggestions)
        message = reason or f"unknown card {shown(name)}"
        if where:
            message = f"{where}: {message}"
        super().__init__(message + _did_you_mean(suggestions), name, suggestions)


class UnknownCardInDecklistError(DecklistError, UnknownCardError):
    """An unknown card name in a decklist: a DecklistError (`.source`, `.line`, `.text`) that is
    also an UnknownCardError (`.name`, `.suggestions`)."""

    def __init__(self, reason: str, *, name: str, **where):
        self.name = name
        DecklistError.__init__(self, reason, **where)


class UnknownCardInCardDataError(CardDataError, UnknownCardError):
    """A card file naming a card that is not in the database (a token it creates): a
    CardDataError (`.source`, `.card`, `.field`) that is also an UnknownCardError."""

    def __init__(self, name: str, suggestions: Iterable[str] = (), **where):
        self.name, self.suggestions = name, tuple(suggestions)
        CardDataError.__init__(self, f"unknown card {shown(name)}{_did_you_mean(self.suggestions)}", **where)


def shown(value: object) -> str:
    """`value` as an error message quotes it: its repr, shortened; a whole number too long to
    print (Python refuses to print one of more than 4300 digits), also inside a container, by
    its number of digits."""
    return _SHORT.repr(value)


class _ShortRepr(reprlib.Repr):
    def __init__(self):
        super().__init__()   # (3.11's Repr takes no arguments)
        self.maxstring = self.maxother = self.maxlong = 80

    def repr_int(self, x: int, level: int) -> str:
        if abs(x).bit_length() > 128:
            return f"a number of {math.floor(math.log10(abs(x))) + 1} digits"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()


def _did_you_mean(suggestions: tuple[str, ...]) -> str:
    return f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
