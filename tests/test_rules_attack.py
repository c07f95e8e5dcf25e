"""Restrictions on attacking (508.1c): defender (702.3b) and "can't attack unless ...", in a
Scenario's combat and in the goldfish's (both run actions.pxi's able_to_attack)."""
import pytest

from mtgsim import Deck, MulliganPolicy, RulesError, Scenario, card, simulate

WALL = card("Test Wall", "{G}", "Creature — Wall", "3/4", keywords=["Defender"])
BRUTE = card("Test Brute", "{G}", "Creature — Beast", "3/4")


def goldfish(deck, turns=6, games=400):
    return simulate(deck, games=games, turns=turns, seed=7, threads=1, mulligan=MulliganPolicy.never())


# ---- defender (702.3b) ----------------------------------------------------------------------------

def test_702_3b_a_creature_with_defender_cant_attack():
    """702.3b: a creature with defender can't attack; combat by default leaves it home, and
    declaring it as an attacker is refused (508.1c)."""
    s = Scenario()
    wall = s.add(WALL)
    s.add(BRUTE)
    assert s.attack() == 3                 # the Brute only
    s = Scenario()
    wall = s.add(WALL)
    with pytest.raises(RulesError, match="Test Wall can't attack"):
        s.attack([wall])
    assert s.life("opponent") == 20


def test_702_3b_a_goldfish_of_defenders_never_deals_combat_damage():
    """702.3b in the goldfish: Forests and 3/4 walls never kill; the same 3/4 without defender does."""
    walls = goldfish(Deck({"Forest": 20, WALL: 40}))
    assert walls.kill_turn.p_by(6).value == 0
    brutes = goldfish(Deck({"Forest": 20, BRUTE: 40}))
    assert brutes.kill_turn.p_by(6).value > 0.5
