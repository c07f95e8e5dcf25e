"""A triggered mana ability watching your creatures (106.12a, 605.1b, 605.4a): "Whenever you tap a
creature for mana, add an additional {G}." (Leyline of Abundance, Badgermole Cub). To tap a permanent
for mana is to activate its mana ability with {T} in the cost (106.12); the trigger is itself a mana
ability, resolving at once (605.4a), so its {G} is part of what the creature's ability made: the
payment search sees both, as it sees Wild Growth's on a land (tests/rules/test_rules_mana.py)."""
from mtgsim import Scenario, card
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

RIDER = card("Test Abundance", "{2}{G}{G}", "Enchantment", abilities=[
    {"kind": "mana_trigger", "watches": "creatures_you_control", "adds": "fixed", "mana": "{G}"}])
SPAWN = card("Test Spawn", "", "Creature — Eldrazi Spawn", pt="0/1", abilities=[
    {"kind": "mana", "cost": "Sacrifice ~", "mana": "{C}"}])
VAULT = card("Test Vault", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}", "effect": [
        {"becomes": ["Creature"], "becomes_power": 2, "becomes_toughness": 2}]}])
GG = card("Test Double Green", "{G}{G}", "Sorcery", abilities=[])


def test_106_12a_a_creature_tapped_for_mana_adds_an_additional_green():
    """Llanowar Elves tapped for mana with the rider out makes {G}{G}; a Forest (a land, not a
    creature) and Sol Ring (an artifact) make only their own mana."""
    s = Scenario()
    s.add(RIDER)
    assert s.tap_for_mana(s.add("Llanowar Elves")) == {"G": 2}
    assert s.tap_for_mana(s.add("Forest")) == {"G": 1}
    assert s.tap_for_mana(s.add("Sol Ring")) == {"C": 2}


def test_106_12a_each_rider_triggers_and_only_on_your_creatures():
    """Two riders add two {G}; the opponent's creature tapped for mana ("whenever *you* tap") adds
    only its own."""
    s = Scenario()
    s.add(RIDER)
    s.add(RIDER)
    assert s.tap_for_mana(s.add("Llanowar Elves")) == {"G": 3}
    assert s.tap_for_mana(s.add("Llanowar Elves", controller="opponent")) == {"G": 1}


def test_106_12_a_creatures_mana_ability_without_the_tap_symbol_is_not_tapping_it_for_mana():
    """106.12: an Eldrazi Spawn sacrificed for {C} is not tapped for mana: no {G} more."""
    s = Scenario()
    s.add(RIDER)
    assert s.tap_for_mana(s.add(SPAWN)) == {"C": 1}


def test_613_1d_a_land_that_has_become_a_creature_is_a_creature_tapped_for_mana():
    """613.1d: an animated land is a creature as it is tapped for mana: its {C} and the rider's {G}."""
    s = Scenario()
    s.add(RIDER)
    vault = s.add(VAULT)
    assert s.tap_for_mana(s.add(VAULT)) == {"C": 1}          # (a land: nothing more)
    s.tap_for_mana(s.add("Wastes"))
    s.activate(vault)
    assert s.types(vault) == ("Creature", "Land")
    assert s.tap_for_mana(vault) == {"C": 1, "G": 1}


def test_605_4a_the_payment_search_counts_the_riders_mana():
    """605.4a: the rider's {G} is made as the Elves' is, so one Elves pays {G}{G}; without the rider
    it can't."""
    s = Scenario()
    s.add("Llanowar Elves")
    s.add_to_hand(GG)
    assert not s.can_cast(GG)
    s.add(RIDER)
    assert s.can_cast(GG)
    s.cast(GG)
    assert s.graveyard() == [GG.name]


def test_106_12a_the_riders_words_are_read_as_the_trigger_and_any_players_creature_is_refused():
    """Leyline of Abundance's rider reads as the trigger on your creatures; "Whenever a player taps a
    creature for mana" (no such watcher) stays unread."""
    def read(text):
        face = OracleFace("X", "{2}{G}{G}", "Enchantment", text, None, None)
        return recognize(OracleCard("X", "normal", (face,))).table.get("abilities", [])
    assert read("Whenever you tap a creature for mana, add an additional {G}.") == [
        {"kind": "mana_trigger", "watches": "creatures_you_control", "adds": "fixed", "mana": "{G}"}]
    assert read("Whenever a player taps a creature for mana, that player adds an additional {G}.") == []
