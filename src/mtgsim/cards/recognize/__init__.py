"""Oracle text → the ability vocabulary: each clause of a real card's text is recognized (made
an ability record), ignored (irrelevant to a goldfish: it only interacts with an opponent's
objects, or with blocking), or left unrecognized (relevant, but outside what these
recognizers read). The result is a card table in the TOML form of docs/card-format.md, which
`card_from_table` validates like any curated card, plus the clauses with their status.

The recognizers are regular expressions over normalised text (`oracle_text`): one per phrase
family, each turning the phrase into the table fields it means. A clause is recognized only
when the whole clause is read; anything else is reported, never dropped.
"""
from .clauses import IGNORED, RECOGNIZED, UNRECOGNIZED, Clause, Recognition
from .faces import NotACardError, face_table, recognize

__all__ = ["Clause", "Recognition", "recognize", "face_table", "NotACardError", "RECOGNIZED", "IGNORED",
           "UNRECOGNIZED"]
