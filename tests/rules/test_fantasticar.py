"""A Vehicle made a creature by an effect (301.7a, 208.3, 613.1d): "Whenever you cast a noncreature spell, you may
have ~ become an artifact creature until end of turn" (The Fantasticar) -- the op `becomes` with no base power and
toughness set (613.4b) gives it its printed ones, 4/4, flying its own; it attacks if under its controller's control
since their turn began (302.6); the effect ends in the cleanup step (514.2). Through Scenario and the goldfish."""
import pytest
from benchmark_scripts import script

from mtgsim import CardDataError, Deck, MulliganPolicy, Scenario, card
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
    deck = Deck({CAR: 8, "Lightning Bolt": 24, "Mountain": 28}, db=db)
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


# ---- "your Nth (noncreature) spell each turn" (Triggered.nth) --------------------------------------------------

SPARK = card("Test Spark", "{0}", "Instant", abilities=[{"kind": "spell", "damage_to_opponent": 1}])
IMP = card("Test Imp", "{0}", "Creature — Imp", "1/1")
TALLY = card("Test Tally", "{0}", "Enchantment", abilities=[
    {"kind": "trigger", "event": "you_cast_spell", "nth": 2, "gain_life": 1}])


def test_601_2i_the_fourth_noncreature_spell_each_turn_sacrifices_the_fantasticar_for_four_hasty_constructs(db):
    """The fourth noncreature spell this turn (601.2i: counted as it is cast; a creature spell not among them)
    triggers it: the Fantasticar is sacrificed (701.21a) and four 4/4 flying, haste Construct tokens attack at once
    (702.10: haste) -- 16 damage, the Fantasticar's own 4 gone with it."""
    s = _scenario(db)
    car = s.add(CAR)
    for _ in range(3):
        s.cast(SPARK)
    s.cast(IMP)
    assert s.on_battlefield(car)
    s.cast(SPARK)
    assert not s.on_battlefield(car) and s.graveyard().count(CAR) == 1
    constructs = [p for p in s.battlefield() if "Construct" in p.name]
    assert len(constructs) == 4 and {(s.power(p), s.toughness(p)) for p in constructs} == {(4, 4)}
    assert s.attack() == 16             # (the Imp cast this turn: 302.6)


def test_601_2i_each_turn_counts_the_spells_of_this_turn_only(db):
    s = _scenario(db)
    car = s.add(CAR)
    for _ in range(3):
        s.cast(SPARK)
    s.next_turn()
    s.next_turn()
    s.cast(SPARK)
    assert s.on_battlefield(car)


def test_601_2i_your_second_spell_each_turn_of_any_kind_triggers_once():
    s = Scenario()
    s.cast(TALLY)                   # (itself the first spell: it wasn't there as it was cast)
    s.cast(IMP)
    assert s.life() == 21
    s.cast(SPARK)
    assert s.life() == 21


def test_nth_is_a_cast_triggers_and_counts_all_spells_or_noncreature_ones():
    with pytest.raises(CardDataError, match="nth"):
        card("Test Bad", "{0}", "Enchantment", abilities=[
            {"kind": "trigger", "event": "self_enters", "nth": 2, "gain_life": 1}])
    with pytest.raises(CardDataError, match="nth"):
        card("Test Bad", "{0}", "Enchantment", abilities=[
            {"kind": "trigger", "event": "you_cast_spell", "nth": 2, "spell_types": ["Instant"], "gain_life": 1}])


def test_the_goldfish_sacrifices_the_fantasticar_on_its_fourth_noncreature_spell_and_attacks_for_16(db):
    """Its policy: the sacrifice always taken (four 4/4 flying, haste attackers at once for one 4/4 flyer). In the
    turn after the one it was cast in (with fewer than four spells there, itself one), four noncreature spells cast
    before combat make the attack the Constructs' 16; one to three, the Fantasticar's 4; none, nothing."""
    cantrip = card("Test Cantrip", "{0}", "Instant", abilities=[{"kind": "spell", "draw": 1}])
    deck = Deck({CAR: 8, cantrip: 40, "Mountain": 12}, db=db)
    text = trace(deck, games=40, turns=5, seed=4, mulligan=MulliganPolicy.never())
    seen = set()
    for game in text.split("game ")[1:]:
        turns = [t for t in game.split("\n") if t.strip().startswith("turn ")]
        cast = next((k for k, t in enumerate(turns) if f"cast {CAR}" in t), None)
        if cast is None or cast + 1 >= len(turns) or turns[cast].count("cast ") >= 4:
            continue                    # (the Fantasticar a noncreature spell too: maybe sacrificed that turn)
        after = turns[cast + 1].split("attack")
        n = after[0].count("cast ")
        expected = 16 if n >= 4 else 4 if n else 0
        assert after[1].startswith(f" {expected};"), turns[cast + 1]
        seen.add(expected)
    assert seen >= {16, 4}
