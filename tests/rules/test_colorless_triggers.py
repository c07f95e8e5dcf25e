"""Triggers on a colorless object (105.2c: an object with no colour is colorless; a token's
colour is the one its effect gives, 111.4; devoid makes a card colorless, 702.114a): "Whenever
you cast a colorless spell, ..." (601.2i) and "Whenever another colorless creature you control
enters, ..." (603.6a), the trigger's `colorless` filter -- Glaring Fleshraker, whose Eldrazi
Spawn tokens ("Sacrifice this creature: Add {C}.") are colorless creatures entering.

No policy is involved: the triggers resolve whenever their event happens, in a Scenario and in
the goldfish alike."""
import pytest

from mtgsim import CardDataError, Deck, MulliganPolicy, Scenario, card, card_db, simulate

SPAWN = '0/1 colorless Eldrazi Spawn creature token with "Sacrifice this creature: Add {C}."'
SPAWN_TOKEN = card(SPAWN, "", "Creature — Eldrazi Spawn", pt="0/1", colors="", token=True,
                   abilities=[{"kind": "mana", "cost": "Sacrifice this", "mana": "{C}"}])
RAKER = card("Test Fleshraker", "{2}", "Creature — Eldrazi", pt="2/2", abilities=[
    {"kind": "trigger", "event": "you_cast_spell", "colorless": True, "tokens": {SPAWN: 1}},
    {"kind": "trigger", "event": "another_creature_you_control_enters", "colorless": True,
     "damage_to_opponent": 1}])
ROCK = card("Test Colorless Rock", "{1}", "Artifact")
BLUE_ROCK = card("Test Blue Rock", "{U}", "Artifact")
GOLEM = card("Test Golem", "{1}", "Artifact Creature — Golem", pt="1/1")
BEAR = card("Test Bear", "{U}", "Creature — Bear", pt="2/2")
DEVOID = card("Test Devoid Drone", "{U}", "Creature — Eldrazi Drone", pt="1/1", colors="")


def _scenario(*hand) -> Scenario:
    s = Scenario(Deck({RAKER: 1, ROCK: 1, BLUE_ROCK: 1, GOLEM: 1, BEAR: 1, DEVOID: 1}).db.extended(SPAWN_TOKEN))
    for _ in range(3):
        s.add("Island")
    s.add(RAKER)
    for c in hand:
        s.add_to_hand(c)
    return s


def test_105_2c_a_colorless_spell_cast_makes_a_spawn_whose_entering_deals_one_damage():
    """The artifact is colorless (no coloured mana symbol, 105.2c): its casting triggers the
    token (601.2i), a colorless creature whose entering triggers the damage (603.6a)."""
    s = _scenario(ROCK)
    s.cast(ROCK)
    assert sorted(p.name for p in s.battlefield() if p.name not in ("Island",)) == sorted([RAKER.name, ROCK.name,
                                                                                            SPAWN])
    assert s.life("opponent") == 19


def test_105_2c_a_coloured_spell_or_creature_triggers_neither():
    s = _scenario(BLUE_ROCK, BEAR)
    s.cast(BLUE_ROCK)
    s.cast(BEAR)
    assert SPAWN not in [p.name for p in s.battlefield()] and s.life("opponent") == 20


def test_105_2c_a_colorless_creature_cast_deals_one_for_itself_and_one_for_its_spawn():
    s = _scenario(GOLEM)
    s.cast(GOLEM)
    assert s.life("opponent") == 18


def test_702_114a_a_devoid_creature_is_colorless_though_paid_with_blue():
    s = _scenario(DEVOID)
    s.cast(DEVOID)
    assert SPAWN in [p.name for p in s.battlefield()] and s.life("opponent") == 18


def test_105_2c_the_spawn_is_sacrificed_for_one_colorless_mana():
    s = _scenario(ROCK)
    s.cast(ROCK)
    spawn = next(p for p in s.battlefield() if p.name == SPAWN)
    assert s.tap_for_mana(spawn) == {"C": 1} and not s.on_battlefield(spawn)


def test_105_2c_colorless_filters_only_a_spell_cast_or_a_creature_entering():
    with pytest.raises(CardDataError, match="colorless says which spell cast or creature entering"):
        card("Test Bad Filter", "{1}", "Artifact", abilities=[
            {"kind": "trigger", "event": "your_upkeep", "colorless": True, "gain_life": 1}])


def test_105_2c_the_goldfish_pings_for_each_colorless_spell_and_creature():
    """A deck of Fleshrakers and colorless one-drops: with a Fleshraker out each Golem cast deals
    2 (its Spawn and itself), each Rock 1, and each Spawn pays for the next one-drop; two
    Fleshrakers double it all (each sees the other's Spawns). The goldfish kills sooner
    than with the same deck whose Fleshrakers have no triggers, and sometimes by turn 4, which
    attacking alone never does."""
    plain = card("Test Plain Raker", "{2}", "Creature — Eldrazi", pt="2/2")
    deck = {"Wastes": 24, GOLEM: 18, ROCK: 14}
    one = simulate(Deck({**deck, RAKER: 4}, db=card_db(SPAWN_TOKEN)), games=400, turns=10, seed=5,
                   mulligan=MulliganPolicy.never())
    other = simulate(Deck({**deck, plain: 4}), games=400, turns=10, seed=5, mulligan=MulliganPolicy.never())
    assert one.kill_turn.mean < other.kill_turn.mean - 0.5
    assert one.kill_turn.p_by(4).value > 0.05 and other.kill_turn.p_by(4).value == 0
