"""A spell countered by a trigger of its casting (701.6a; Chalice of the Void): "~ enters with X charge counters on
it" (107.3m: the X paid), "Whenever a player casts a spell with mana value equal to the number of charge counters on
~, counter that spell" (the event `player_casts_spell` with `mana_value_counters`, the op `counter_spell`): a lock
that binds the player's own spells as the rules say; through Scenario and the goldfish (its X policy); the
recognizer's reading of the corpus card."""
import pytest
from benchmark_scripts import script

from mtgsim import Deck, MulliganPolicy, Scenario, card
from mtgsim.errors import CardDataError
from mtgsim.simulate import trace

CHALICE = card("Test Chalice", "{X}{X}", "Artifact", abilities=[
    {"kind": "enters", "counters": {"charge": "X"}},
    {"kind": "trigger", "event": "player_casts_spell", "mana_value_counters": "charge", "counter_spell": True}])
BOLT = card("Test Bolt", "{R}", "Instant", abilities=[{"kind": "spell", "damage_to_opponent": 3}])
BEAR = card("Test Cub", "{R}", "Creature — Goblin", "2/2")
BLAST = card("Test Blast", "{X}{R}", "Sorcery", abilities=[{"kind": "spell", "damage_to_opponent": "X"}])
MONK = "Monastery Swiftspear"          # (the shipped card: 1/2, haste, prowess)


def _scenario(lands: int = 6) -> Scenario:
    s = Scenario()
    for _ in range(lands):
        s.add("Mountain")
    return s


def test_107_3m_chalice_enters_with_x_charge_counters():
    s = _scenario()
    assert s.counters(s.cast(CHALICE, x=2)) == {"charge": 2}
    assert s.counters(s.cast(CHALICE, x=0)) == {}


def test_701_6a_a_spell_of_mana_value_equal_to_the_charge_counters_is_countered_into_the_graveyard():
    """The trigger resolves before the spell (603.3, 117.3c): Bolt (mana value 1) under a Chalice on 1 is
    countered -- no damage, into its owner's graveyard (701.6a); a spell of another mana value resolves."""
    s = _scenario()
    s.cast(CHALICE, x=1)
    s.cast(BOLT)
    assert s.life("opponent") == 20 and s.graveyard() == ["Test Bolt"]
    s.cast(card("Test Shock", "{1}{R}", "Instant", abilities=[{"kind": "spell",
                                                                     "damage_to_opponent": 2}]))
    assert s.life("opponent") == 18


def test_701_6a_a_permanent_spell_countered_never_enters_the_battlefield():
    s = _scenario()
    s.cast(CHALICE, x=1)
    assert s.cast(BEAR) is None
    assert [p.name for p in s.battlefield() if p.name != "Mountain"] == ["Test Chalice"]
    assert s.graveyard() == ["Test Cub"]


def test_202_3e_an_x_spells_mana_value_on_the_stack_counts_its_x():
    """202.3e: on the stack X is the number chosen: {X}{R} cast for X = 0 has mana value 1 (countered by a
    Chalice on 1), for X = 1 mana value 2 (it resolves: 1 damage)."""
    s = _scenario()
    s.cast(CHALICE, x=1)
    s.cast(BLAST, x=0)
    s.cast(BLAST, x=1)
    assert s.life("opponent") == 19 and s.graveyard() == ["Test Blast", "Test Blast"]


def test_601_2i_a_countered_spell_was_cast_its_cast_triggers_resolve():
    """The spell was cast (601.2i) though countered: the player's prowess triggers (702.108a) and resolve."""
    s = _scenario()
    s.cast(CHALICE, x=1)
    monk = s.add(MONK)
    s.cast(BOLT)
    assert s.life("opponent") == 20 and s.power(monk) == 2


def test_601_2i_player_casts_spell_the_opponents_spells_are_countered_too():
    """"Whenever a player casts a spell" (player_casts_spell): the opponent's spells trigger it too."""
    s = _scenario()
    for _ in range(2):
        s.add("Mountain", controller="opponent")
    s.cast(CHALICE, x=1)
    s.cast(BOLT, player="opponent")
    assert s.life() == 20 and s.graveyard("opponent") == ["Test Bolt"]


def test_chalice_on_0_counters_a_mana_value_0_spell_and_its_fields_are_checked():
    s = _scenario()
    s.cast(CHALICE, x=0)
    assert s.cast(card("Test Trinket", "{0}", "Artifact")) is None
    with pytest.raises(CardDataError, match="player_casts_spell"):
        card("Test Bad", "{1}", "Artifact", abilities=[
            {"kind": "trigger", "event": "you_cast_spell", "mana_value_counters": "charge", "draw": 1}])
    with pytest.raises(CardDataError, match="counter kind"):
        card("Test Bad", "{1}", "Artifact", abilities=[
            {"kind": "trigger", "event": "player_casts_spell", "mana_value_counters": "tickets", "draw": 1}])
    with pytest.raises(CardDataError, match="casts"):
        card("Test Bad", "{1}", "Artifact", abilities=[{"kind": "trigger", "event": "self_enters",
                                                        "counter_spell": True}])


# ---- the goldfish: X = 0, or held where that counters a spell of its own deck -------------------------------

def _casts(text: str, name: str) -> list[str]:
    return [w.split(")")[0] for w in text.split(f"cast {name} (")[1:]]


def test_the_goldfish_casts_chalice_for_x_0_and_its_own_spells_are_never_countered():
    """Its policy: X = 0 (nothing of a deck without mana value 0 spells is countered; X above 0 would spend mana on
    nothing): every Bolt cast deals its 3 (the opponent's life falls by 3 for each)."""
    text = trace(Deck({CHALICE: 8, BOLT: 32, "Mountain": 20}), games=6, turns=5, seed=2,
                 mulligan=MulliganPolicy.never())
    assert _casts(text, "Test Chalice") and set(_casts(text, "Test Chalice")) == {"0"}
    for game in text.split("game ")[1:]:
        last = [line for line in game.split("\n") if "opponent " in line][-1]
        assert int(last.rsplit("opponent ", 1)[1]) == 20 - 3 * game.count("cast Test Bolt")


def test_the_goldfish_holds_chalice_when_x_0_would_counter_its_own_spells():
    trinket = card("Test Trinket", "{0}", "Artifact")
    text = trace(Deck({CHALICE: 8, trinket: 8, BOLT: 24, "Mountain": 20}), games=6, turns=5, seed=2,
                 mulligan=MulliganPolicy.never())
    assert not _casts(text, "Test Chalice") and _casts(text, "Test Trinket")


# ---- the corpus card ---------------------------------------------------------------------------------------

def test_701_6a_chalice_of_the_void_is_read_whole():
    bench = script("coverage")
    reader = bench.Reader(*bench.database({"Chalice of the Void", "Mountain"}))
    assert reader.card("Chalice of the Void").verdict.bucket == "fully"
    s = Scenario(reader.db)
    for _ in range(2):
        s.add("Mountain")
    chalice = s.cast("Chalice of the Void", x=1)
    assert s.counters(chalice) == {"charge": 1}
