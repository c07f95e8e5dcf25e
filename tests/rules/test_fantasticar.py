"""A Vehicle made a creature by an effect (301.7a, 208.3, 613.1d): "Whenever you cast a noncreature spell, you may
have ~ become an artifact creature until end of turn" (The Fantasticar) -- the op `becomes` with no base power and
toughness set (613.4b) gives it its printed ones, 4/4, flying its own; it attacks if under its controller's control
since their turn began (302.6); the effect ends in the cleanup step (514.2). Through Scenario and the goldfish."""
import pytest
from benchmark_scripts import script

from mtgsim import Deck, MulliganPolicy, Scenario, card
from mtgsim.simulate import trace

CAR = "The Fantasticar"


@pytest.fixture(scope="module")
def db():
    bench = script("coverage")
    return bench.Reader(*bench.database({CAR, "Mountain", "Lightning Bolt", "Goblin Guide"})).db


def _scenario(db) -> Scenario:
    s = Scenario(db)
    for _ in range(4):
        s.add("Mountain")
    return s


def test_301_7a_a_noncreature_spell_makes_the_fantasticar_a_4_4_flying_artifact_creature_that_attacks(db):
    s = _scenario(db)
    car = s.add(CAR)
    assert s.types(car) == ("Artifact",)
    s.add_to_hand("Lightning Bolt")
    s.cast("Lightning Bolt")
    assert s.types(car) == ("Artifact", "Creature") and (s.power(car), s.toughness(car)) == (4, 4)
    assert s.attack() == 4 and s.life("opponent") == 20 - 3 - 4


def test_514_2_the_fantasticar_is_an_artifact_again_after_the_cleanup_step(db):
    s = _scenario(db)
    car = s.add(CAR)
    s.add_to_hand("Lightning Bolt")
    s.cast("Lightning Bolt")
    s.next_turn()
    assert s.types(car) == ("Artifact",)


def test_302_6_the_fantasticar_cast_this_turn_becomes_a_creature_but_cant_attack(db):
    s = _scenario(db)
    car = s.add(CAR, entered_this_turn=True)
    s.add_to_hand("Lightning Bolt")
    s.cast("Lightning Bolt")
    assert "Creature" in s.types(car) and s.attack() == 0


def test_301_7a_a_creature_spell_leaves_the_fantasticar_an_artifact(db):
    s = _scenario(db)
    car = s.add(CAR)
    s.add_to_hand("Goblin Guide")
    s.cast("Goblin Guide")
    assert s.types(car) == ("Artifact",)


def test_208_3_a_permanent_without_printed_power_made_a_creature_is_0_0_and_dies():
    """208.3, 613.4b: no base power and toughness set and none printed: 0/0, put into the graveyard (704.5f)."""
    totem = card("Test Totem", "{0}", "Artifact", abilities=[
        {"kind": "activated", "cost": "{0}", "becomes": ["Creature"]}])
    s = Scenario()
    p = s.cast(totem)
    s.activate(p)
    assert not s.on_battlefield(p) and s.graveyard() == ["Test Totem"]


def test_the_goldfish_attacks_with_the_fantasticar_after_a_noncreature_spell(db):
    """Its policy: the "may" always taken (a creature until end of turn only adds an attacker in a goldfish): in a
    turn after the one it was cast in, with a Bolt cast before combat, it attacks for 4; in one without, it doesn't."""
    deck = Deck({db[CAR]: 8, db["Lightning Bolt"]: 24, db["Mountain"]: 28})
    text = trace(deck, games=10, turns=7, seed=4, mulligan=MulliganPolicy.never())
    seen = {True: 0, False: 0}
    for game in text.split("game ")[1:]:
        turns = [t for t in game.split("\n") if t.strip().startswith("turn ")]
        cast = next((k for k, t in enumerate(turns) if f"cast {CAR}" in t), None)
        if cast is None:
            continue
        for t in turns[cast + 1:]:
            bolt = "cast Lightning Bolt" in t.split("attack")[0]
            assert ("attack 4" in t) == bolt, t
            seen[bolt] += 1
    assert seen[True] and seen[False]
