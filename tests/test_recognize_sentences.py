"""A sentence is split into its effects before it is judged irrelevant to a goldfish (608.2c:
the instructions are followed in the order written, each of them doing what it says): it is
ignored only when every effect in it is, and an effect that matters is read, or reported.
Each class of card the whole-sentence judgement got wrong is tested on the named cards
through a Scenario (the life totals after casting them), with their text as the oracle
corpus of tests/corpus.py has it; tests/test_recognize_corpus.py lists every such card of the
corpus."""
import warnings

from mtgsim import Scenario
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize


def _read(name, cost, type_line, text, pt=None):
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),)))
    return rec, card_from_table(rec.table)


def _cast(card, swamps: int) -> Scenario:
    """A Scenario in which `card` was cast with `swamps` Swamps: your turn 1, both at 20 life."""
    s = Scenario()
    for _ in range(swamps):
        s.add("Swamp")
    s.add_to_hand(card)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")        # (a partly recognized card warns: it is meant to)
        s.cast(card)
    return s


# ---- "each player loses N life": the player too ---------------------------------------------

def test_608_2c_each_player_loses_life_costs_you_too():
    """Blood-Toll Harpy: "each player loses 1 life" is read as both players' loss (it was read
    as the opponent's only): your own life matters to every cost paid in life."""
    rec, c = _read("Blood-Toll Harpy", "{2}{B}", "Creature — Harpy",
                   "Flying\nWhen this creature enters, each player loses 1 life.", "2/1")
    assert rec.bucket == "fully"
    s = _cast(c, 3)
    assert (s.life(), s.life(player="opponent")) == (19, 19)


def test_608_2c_each_player_loses_life_as_a_spell():
    rec, c = _read("Crushing Disappointment", "{2}{B}", "Instant", "Each player loses 2 life. You draw two cards.")
    assert rec.bucket == "fully"
    s = _cast(c, 3)
    assert (s.life(), s.life(player="opponent")) == (18, 18)
