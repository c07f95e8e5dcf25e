"""Adventurers (715): an Adventure a goldfish never casts (its target can't exist, 601.2c) is moot -- the card is
only ever cast as its creature from the hand (715.3) -- and one it would cast stays unread, its card partly read."""
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize


def _adventurer(adventure_name, adventure_cost, adventure_type, adventure_text):
    creature = OracleFace("Test Borrower", "{1}{U}{U}", "Creature — Faerie Rogue", "Flash\nFlying", "3", "1")
    adventure = OracleFace(adventure_name, adventure_cost, adventure_type, adventure_text, None, None)
    return recognize(OracleCard(f"Test Borrower // {adventure_name}", "adventure", (creature, adventure),
                                ("Flash", "Flying")))


def test_715_3_601_2c_an_adventure_needing_an_opponents_target_is_never_cast_and_moot():
    """Petty Theft ("Return target nonland permanent an opponent controls to its owner's hand"): the goldfish's
    opponent has no permanent, so the Adventure is never cast; the card is read fully, as its creature."""
    r = _adventurer("Petty Theft", "{1}{U}", "Instant — Adventure",
                    "Return target nonland permanent an opponent controls to its owner's hand.")
    assert r.bucket == "fully"
    (moot,) = [c for c in r.clauses if c.face == "Petty Theft"]
    assert "715.3" in moot.text and "never cast" in moot.text and "opponent" in moot.text
    assert "uncastable" not in r.table                      # (the creature is cast as ever)


def test_715_3_an_adventure_the_goldfish_would_cast_stays_unread():
    """Stomp (2 damage to any target: the goldfish would cast it at the opponent) is not moot: its Adventure
    stays unread and the card partly read."""
    r = _adventurer("Stomp", "{1}{R}", "Instant — Adventure",
                    "Damage can't be prevented this turn. Stomp deals 2 damage to any target.")
    assert r.bucket == "partly"
    assert any(c.face == "Stomp" and "not simulated" in c.text for c in r.clauses)
