"""Cards: the card model (`model`), the loader of card records from their tables (`loader`), and the
database (`database`)."""
from .database import (CardDatabase, CardDataError, UnknownCardError, card, card_db,
                       closest_names, normalize_name)
from .model import *  # noqa: F401,F403
from .model import __all__ as _model_all

__all__ = ["CardDatabase", "CardDataError", "UnknownCardError", "card", "card_db",
           "closest_names", "normalize_name", *_model_all]
