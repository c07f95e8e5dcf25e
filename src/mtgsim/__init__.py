"""mtgsim: rules-accurate, fast simulation of Magic: The Gathering mana and costs.

    >>> from mtgsim import ManaCost, card_db, Deck
    >>> ManaCost.parse("{1}{G/W}{G/W}").mana_value
    3
"""
from .cards import CardDatabase, CardDataError, CardDef, UnknownCardError, card, card_db
from .decklist import Deck, DecklistError
from .errors import (ArgumentError, ArgumentIndexError, ArgumentTypeError, BulkFileError, ClusterError,
                     DownloadError, FormatWarning, InternalError, LimitError, MissingDependencyError, MtgsimError,
                     RulesError, UnknownCardInCardDataError, UnknownCardInDecklistError, UnknownNameError,
                     UnmodeledTextWarning, UsageError)
from .formats import Format
from .mana import Color, ManaCost, ManaCostError, ManaType
from .scenario import Permanent, Scenario
from .policy import PlayPolicy
from .simulate import Estimate, MulliganPolicy, SimResult, simulate
from .smoother import HandSmoother
from .objective import Objective
from . import meta, optimize
from .version import __version__

__all__ = [
    "CardDatabase", "CardDataError", "CardDef", "Color", "Deck", "DecklistError", "Estimate", "Format", "HandSmoother",
    "ManaCost", "MulliganPolicy", "Objective", "PlayPolicy", "SimResult", "meta", "optimize", "simulate",
    "ManaCostError", "ManaType", "Permanent", "RulesError", "Scenario", "UnknownCardError", "card",
    "card_db", "__version__",
    # the exception family (mtgsim.errors)
    "MtgsimError", "ArgumentError", "ArgumentTypeError", "ArgumentIndexError", "LimitError",
    "UnknownNameError", "UnknownCardInDecklistError", "UnknownCardInCardDataError", "UsageError",
    "MissingDependencyError", "InternalError", "UnmodeledTextWarning", "BulkFileError", "DownloadError",
    "ClusterError", "FormatWarning",
]
