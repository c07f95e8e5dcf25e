"""The trigger events (603.2), one test each, named by the event's rule and its word in a card's
TOML (mtgsim.vocabulary.Event): what makes each trigger and what does not, through Scenario
(the compiled game the goldfish plays). Each watcher gains 1 life per trigger, so the life
total counts the triggers."""
from mtgsim import Scenario, card


def _watcher(event, type_line="Enchantment", pt=None, name="", **fields):
    ability = {"kind": "trigger", "event": event, "gain_life": 1, **fields}
    return card(name or f"Test {event}", "{0}", type_line, pt, abilities=[ability])


BEAR = card("Test Bear", "{0}", "Creature — Bear", "2/2")
TRINKET = card("Test Trinket", "{0}", "Artifact")


def _cast_what_creature_watchers_ignore(s):
    """A noncreature spell of yours and a creature of the opponent's: they trigger no watcher of
    your creatures (entering or cast); the life total stays."""
    life = s.life()
    s.cast(TRINKET)
    s.cast(BEAR, player="opponent")
    assert s.life() == life


def test_603_6a_self_enters_triggers_as_this_permanent_enters_and_for_no_other():
    """603.6a: "When ~ enters" triggers as it enters the battlefield (cast), not when another
    permanent enters, and not for one put there by a Scenario's set-up."""
    s = Scenario()
    s.cast(_watcher("self_enters"))
    assert s.life() == 21
    s.cast(BEAR)
    s.add(_watcher("self_enters"))
    assert s.life() == 21


def test_603_6a_nontoken_creature_you_control_enters_sees_itself_and_your_cast_creatures_not_tokens():
    """603.6a: "Whenever a nontoken creature you control enters" (The Great Henge): the
    newcomer itself is checked, as is each creature you cast; a token creature, a noncreature
    and an opponent's creature are not matches."""
    s = Scenario()
    s.cast(_watcher("nontoken_creature_you_control_enters", "Creature — Elf", "1/1"))
    assert s.life() == 21
    bear = s.cast(BEAR)
    assert s.life() == 22
    s.create_token_copy(bear)
    assert s.life() == 22
    _cast_what_creature_watchers_ignore(s)


def test_603_6a_creature_you_control_enters_sees_itself_and_tokens():
    """603.6a: "Whenever a creature you control enters": itself, a cast creature and a token
    creature each trigger it; an opponent's creature and a noncreature don't."""
    s = Scenario()
    s.cast(_watcher("creature_you_control_enters", "Creature — Elf", "1/1"))
    bear = s.cast(BEAR)
    s.create_token_copy(bear)
    assert s.life() == 23
    _cast_what_creature_watchers_ignore(s)


def test_603_6a_another_creature_you_control_enters_not_itself():
    """603.6a: "Whenever another creature you control enters": not the newcomer itself; each of
    your other creatures entering, a token too."""
    s = Scenario()
    s.cast(_watcher("another_creature_you_control_enters", "Creature — Elf", "1/1"))
    assert s.life() == 20
    s.create_token_copy(s.cast(BEAR))
    assert s.life() == 22
    _cast_what_creature_watchers_ignore(s)


def test_603_6a_land_you_control_enters_landfall_on_each_land_played():
    """603.6a: landfall, "Whenever a land you control enters": each land you play; not a
    creature, nor an opponent's land."""
    s = Scenario()
    s.add(_watcher("land_you_control_enters"))
    s.play_land("Forest")
    assert s.life() == 21
    s.cast(BEAR)
    assert s.life() == 21
    s.next_turn()
    s.play_land("Forest", player="opponent")
    assert s.life() == 21


def test_603_2e_self_becomes_tapped_when_tapped_for_mana_not_as_it_enters_tapped():
    """603.2e: "Whenever ~ becomes tapped" triggers when it changes from untapped to tapped
    (tapped for mana), not when it enters the battlefield tapped."""
    s = Scenario()
    land = card("Test Tapped Land", "", "Land", abilities=[
        {"kind": "enters", "tapped": True}, {"kind": "mana", "cost": "{T}", "mana": "{R}"},
        {"kind": "trigger", "event": "self_becomes_tapped", "gain_life": 1}])
    p = s.play_land(land)
    assert s.is_tapped(p) and s.life() == 20
    s.next_turn()
    s.next_turn()
    s.tap_for_mana(p)
    assert s.life() == 21


def test_503_1a_your_upkeep_triggers_as_each_of_your_upkeeps_begins():
    """503.1a, 603.2b: "At the beginning of your upkeep" triggers as its controller's upkeep
    begins, once each of their turns; not in the opponent's."""
    s = Scenario()
    s.add(_watcher("your_upkeep"))
    s.next_turn()                       # (the opponent's)
    assert s.life() == 20
    s.next_turn()
    assert s.life() == 21
    s.next_turn()
    s.next_turn()
    assert s.life() == 22


def test_700_4_self_dies_when_put_into_a_graveyard_from_the_battlefield():
    """700.4: "When ~ dies" triggers when it is put into its owner's graveyard from the
    battlefield (a 0/0: 704.5f), as it last existed (603.10a); not while it lives."""
    s = Scenario()
    s.cast(_watcher("self_dies", "Creature — Spirit", "1/1"))
    assert s.life() == 20
    s.cast(_watcher("self_dies", "Creature — Spirit", "0/0", name="Test Martyr"))
    assert s.life() == 21 and s.graveyard() == ["Test Martyr"]


def test_601_2i_you_cast_spell_as_it_is_cast_of_its_spell_types_only():
    """601.2i: "Whenever you cast a creature spell" triggers as the spell becomes cast: a
    creature spell does, an artifact spell doesn't, nor the opponent's creature spell."""
    s = Scenario()
    s.add(_watcher("you_cast_spell", spell_types=["Creature"]))
    s.cast(BEAR)
    assert s.life() == 21
    _cast_what_creature_watchers_ignore(s)


def test_716_2a_self_becomes_level_once_as_the_class_becomes_that_level():
    """716.2a: "When this Class becomes level 2" triggers once, as the level-up to 2 resolves:
    not as the Class enters, nor as it becomes level 3."""
    cls = card("Test Level Class", "{0}", "Enchantment — Class", levels=[
        {"cost": "{0}", "abilities": [{"kind": "trigger", "event": "self_becomes_level", "gain_life": 1}]},
        {"cost": "{0}"}])
    s = Scenario()
    p = s.cast(cls)
    assert s.life() == 20
    s.activate(p, 0)
    assert s.level(p) == 2 and s.life() == 21
    s.activate(p, 1)
    assert s.level(p) == 3 and s.life() == 21


def test_508_1m_self_attacks_as_it_is_declared_an_attacker():
    """508.1m: "Whenever ~ attacks" triggers as it is declared an attacker; not for a creature
    that doesn't attack."""
    s = Scenario()
    attacker = s.add(_watcher("self_attacks", "Creature — Warrior", "2/2"))
    s.add(_watcher("self_attacks", "Creature — Warrior", "2/2", name="Test Idler"))
    s.next_turn()
    s.next_turn()
    s.attack([attacker])
    assert s.life() == 21


# ---- counters on the watcher itself, where the event concerns another permanent (122.6, 603.6a) -------------

CHOCOBO = card("Test Chocobo", "{0}", "Creature — Bird", "0/1", abilities=[
    {"kind": "trigger", "event": "land_you_control_enters", "counters": {"+1/+1": 1}, "on_source": True}])
PACK_LEADER = card("Test Pack Leader", "{0}", "Creature — Human", "1/1", abilities=[
    {"kind": "trigger", "event": "another_creature_you_control_enters", "counters": {"+1/+1": 1}}])
CHAMPION = card("Test Champion", "{0}", "Creature — Human", "1/1", abilities=[
    {"kind": "trigger", "event": "another_creature_you_control_enters", "counters": {"+1/+1": 1},
     "on_source": True}])


def test_122_6_603_6a_landfall_puts_a_counter_on_the_watcher_not_on_the_land():
    """"Landfall — Whenever a land you control enters, put a +1/+1 counter on ~" (Sazh's Chocobo):
    each land played grows the 0/1 by one (the counter goes on ~, `on_source`), and the land has none."""
    s = Scenario()
    bird = s.add(CHOCOBO)
    forest = s.play_land("Forest")
    assert (s.power(bird), s.toughness(bird)) == (1, 2) and s.counters(forest) == {}
    s.next_turn()
    s.next_turn()
    s.play_land("Forest")
    assert (s.power(bird), s.toughness(bird)) == (2, 3)


def test_122_6_603_6a_counters_go_on_the_entering_creature_unless_on_source():
    """Without `on_source` the counters of an "another creature enters" trigger go on the one entering
    (the permanent the event concerns: "put a +1/+1 counter on it"); with it, on the watcher (Champion of
    Lambholt's "put a +1/+1 counter on ~")."""
    s = Scenario()
    leader, champion = s.add(PACK_LEADER), s.add(CHAMPION)
    bear = s.cast(BEAR)
    assert (s.power(bear), s.toughness(bear)) == (3, 3)               # (the leader's counter)
    assert (s.power(leader), s.toughness(leader)) == (1, 1)
    assert (s.power(champion), s.toughness(champion)) == (2, 2)       # (its own)


def test_the_recognizer_reads_counters_on_the_watcher_of_another_permanents_event():
    from mtgsim.cards.oracle import OracleCard, OracleFace
    from mtgsim.cards.recognize import recognize
    text = "Landfall — Whenever a land you control enters, put a +1/+1 counter on Sazh's Chocobo."
    rec = recognize(OracleCard("Sazh's Chocobo", "normal",
                               (OracleFace("Sazh's Chocobo", "{G}", "Creature — Bird", text, "0", "1"),), ()))
    assert rec.bucket == "fully"
    assert rec.table["abilities"] == [{"kind": "trigger", "event": "land_you_control_enters",
                                       "counters": {"+1/+1": 1}, "on_source": True}]
