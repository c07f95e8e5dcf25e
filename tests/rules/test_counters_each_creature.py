"""Counters on each creature a player controls (the counters op's `each_creature_you_control`:
Abandoned Air Temple's "{3}{W}, {T}: Put a +1/+1 counter on each creature you control"): each
creature its controller controls as the ability resolves gets them (122.6, 608.2h), none other
(an opponent's, a noncreature's); with no creature the ability does nothing. The goldfish
activates it after its spells with the mana they left, as any ability putting +1/+1 counters
(use_abilities: the op's `worth`)."""
from mtgsim import Scenario, card
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

TEXT = ("This land enters tapped unless you control a basic land.\n{T}: Add {W}.\n"
        "{3}{W}, {T}: Put a +1/+1 counter on each creature you control.")
TEMPLE = card("Test Air Temple", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{W}"},
    {"kind": "activated", "cost": "{3}{W}, {T}", "counters": {"+1/+1": 1}, "each_creature_you_control": True}])
BEAR = card("Test Each Bear", "{1}{G}", "Creature — Bear", "2/2")
WALL = card("Test Each Rock", "{2}", "Artifact")


def test_122_6_each_creature_you_control_gets_a_counter_and_nothing_else_does():
    """122.6: both of the player's creatures get a +1/+1 counter; the opponent's creature and
    the player's artifact get none."""
    s = Scenario()
    temple = s.add(TEMPLE)
    for _ in range(4):
        s.add("Plains")
    mine = [s.add(BEAR), s.add(BEAR)]
    theirs = s.add(BEAR, controller="opponent")
    rock = s.add(WALL)
    s.activate(temple)
    assert [s.counters(p) for p in mine] == [{"+1/+1": 1}, {"+1/+1": 1}]
    assert [(s.power(p), s.toughness(p)) for p in mine] == [(3, 3), (3, 3)]
    assert s.counters(theirs) == {} and s.counters(rock) == {}


def test_608_2h_the_creatures_are_those_controlled_as_it_resolves_none_none_gets_one():
    """608.2h: with no creature the ability resolves and does nothing (its cost paid); a
    creature arriving later has none."""
    s = Scenario()
    temple = s.add(TEMPLE)
    for _ in range(4):
        s.add("Plains")
    s.activate(temple)
    later = s.add(BEAR)
    assert s.counters(later) == {}


def test_122_6_abandoned_air_temple_is_read_whole():
    """The oracle text is read as the curated form above: every clause, the card fully read."""
    rec = recognize(OracleCard("Abandoned Air Temple", "normal",
                               (OracleFace("Abandoned Air Temple", "", "Land", TEXT, None, None),)))
    assert rec.bucket == "fully", rec.clauses
    read = card_from_table(rec.table)
    assert any(getattr(a, "effect", None) is not None and a.effect.of("counters") for a in read.abilities)
