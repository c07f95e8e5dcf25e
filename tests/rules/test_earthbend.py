"""Earthbend N (701.66a): "Target land you control becomes a 0/0 land creature with haste in addition to
its other types. Put N +1/+1 counters on it. When that land dies or is put into exile, return it to the
battlefield tapped under your control." -- the op `earthbend` (Badgermole Cub's "When ~ enters, earthbend
1.", Ba Sing Se's "{2}{G}, {T}: Earthbend 2. Activate only as a sorcery."), through Scenario: the land
chosen (the simulator's rule in both games, vocabulary.CHOICE_KINDS' land_to_earthbend), its types,
power and haste (613.1d, 613.4b-c, 702.10), its lasting past the turn (no duration: 611.2a's "while it
stays"), its mana (still a land, and now a creature tapped for mana: Badgermole Cub's rider, 106.12a), the
return (603.7, 400.7) and no target (603.3d)."""
from mtgsim import Scenario, card
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

CUB = card("Test Cub", "{1}{G}", "Creature — Badger", pt="2/2", abilities=[
    {"kind": "trigger", "event": "self_enters", "earthbend": 1},
    {"kind": "mana_trigger", "watches": "creatures_you_control", "adds": "fixed", "mana": "{G}"}])
CITY = card("Test City", "", "Legendary Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{G}"},
    {"kind": "activated", "cost": "{2}{G}, {T}", "sorcery_speed": True, "earthbend": 2}])
FETCH = card("Test Fetch", "", "Land", abilities=[
    {"kind": "activated", "cost": "{T}, Pay 1 life, Sacrifice this", "lands_to_battlefield": 1,
     "land_types": ["Forest"]}])


def _cast_cub(s):
    s.add_to_hand(CUB)
    s.cast(CUB)
    return next(p for p in s.battlefield() if p.name == CUB.name)


def test_701_66a_the_land_becomes_a_0_0_land_creature_with_haste_and_gets_n_counters():
    """Earthbend 1 on the only land: a Creature Land, 1/1 (0/0 and one +1/+1 counter), with haste: it
    can attack the turn it came under your control (702.10, 302.6)."""
    s = Scenario()
    for land in (s.add("Forest"), s.add("Forest")):
        s.tap_for_mana(land)
    forest = s.add("Forest", entered_this_turn=True)
    _cast_cub(s)                                  # (the pool pays; the untapped Forest is earthbent)
    assert s.types(forest) == ("Creature", "Land") and s.counters(forest) == {"+1/+1": 1}
    assert (s.power(forest), s.toughness(forest)) == (1, 1)
    assert not s.is_summoning_sick(forest)
    assert s.attack([forest]) == 1


def test_611_2a_an_earthbent_land_stays_a_creature_past_the_turn_and_still_taps_for_its_mana():
    """No duration: next turn it is still a 1/1 creature land; tapped for mana it makes its {G}, and with
    Badgermole Cub's rider out it is a creature tapped for mana (106.12a): {G}{G}."""
    s = Scenario()
    for _ in range(3):
        s.add("Forest")
    _cast_cub(s)
    earthbent = [p for p in s.battlefield() if "Creature" in s.types(p) and p.name == "Forest"]
    assert len(earthbent) == 1
    s.next_turn()
    s.next_turn()
    p = earthbent[0]
    assert s.types(p) == ("Creature", "Land") and s.power(p) == 1
    assert s.tap_for_mana(p) == {"G": 2}
    other = next(q for q in s.battlefield() if q.name == "Forest" and q != p)
    assert s.tap_for_mana(other) == {"G": 1}                  # (a land, no creature: its own {G})


def test_701_66a_the_earthbent_land_with_the_most_counters_is_earthbent_again():
    """The simulator's choice (both games): an earthbent land again, its counters adding up on one
    creature: Ba Sing Se earthbent twice is a 4/4."""
    s = Scenario()
    city = s.add(CITY)
    for _ in range(3):
        s.add("Forest")
    for _ in range(2):
        for p in s.battlefield():
            if p.name == "Forest" and not s.is_tapped(p):
                s.tap_for_mana(p)
        s.activate(city)
        s.next_turn()
        s.next_turn()
    bent = [p for p in s.battlefield() if "Creature" in s.types(p)]
    assert len(bent) == 1 and s.counters(bent[0]) == {"+1/+1": 4} and s.power(bent[0]) == 4


def test_701_66a_an_earthbent_land_that_dies_returns_to_the_battlefield_tapped_a_new_object():
    """A fetch land earthbent, then sacrificed for its ability (it dies, 700.4): it returns tapped, a new
    object (400.7) that is no creature and has no counters; the Forest it found is there too."""
    s = Scenario()
    fetch = s.add(FETCH)
    s.add("Forest")
    s.add("Forest")
    s.add_to_library("Forest")
    _cast_cub(s)
    assert s.types(fetch) == ("Creature", "Land")      # (the only untapped land: the Forests paid)
    s.activate(fetch)
    back = [p for p in s.battlefield() if p.name == FETCH.name]
    assert len(back) == 1 and back[0] != fetch
    assert s.is_tapped(back[0]) and s.types(back[0]) == ("Land",) and s.counters(back[0]) == {}
    assert FETCH.name not in s.graveyard() and s.life() == 19
    assert sum(p.name == "Forest" for p in s.battlefield()) == 3


def test_603_3d_with_no_land_the_earthbend_does_nothing():
    """No land you control: the trigger has no target and does nothing; the Cub is a 2/2 all the same."""
    s = Scenario()
    s.add("Llanowar Elves")
    s.add("Llanowar Elves")
    cub = _cast_cub(s)
    assert all("Land" not in s.types(p) for p in s.battlefield()) and s.power(cub) == 2


def test_701_66a_earthbend_is_read_from_its_words_and_ba_sing_se_as_an_activated_ability():
    """A trigger (none to target: nothing, 603.3d) and a land's own ability (itself a target) are read."""
    def read(type_line, text):
        face = OracleFace("X", "{1}{G}", type_line, text, "2/2" if "Creature" in type_line else None, None)
        return recognize(OracleCard("X", "normal", (face,))).table.get("abilities", [])
    assert read("Creature — Badger", "When ~ enters, earthbend 1.") == [
        {"kind": "trigger", "event": "self_enters", "earthbend": 1}]
    city = read("Legendary Land", "{T}: Add {G}.\n{2}{G}, {T}: Earthbend 2. Activate only as a sorcery.")
    assert {"kind": "activated", "cost": "{2}{G}, {T}", "earthbend": 2, "sorcery_speed": True} in city


def test_601_2c_an_earthbend_whose_target_the_kernels_dont_check_is_not_read():
    """A spell earthbending (plain or a mode), or a nonland permanent's activated ability, is cast or activated
    only with a land to target (601.2c, 602.2b), which no kernel checks for it: unread, never cast without one."""
    def read(type_line, text):
        pt = "1/1" if "Creature" in type_line else None
        face = OracleFace("X", "{2}{G}", type_line, text, *(pt.split("/") if pt else (None, None)))
        return recognize(OracleCard("X", "normal", (face,))).table.get("abilities", [])
    assert read("Sorcery", "Earthbend 4.") == []
    assert read("Sorcery", "Choose one —\n• Destroy target creature with power 4 or greater.\n• Earthbend 3.") == []
    assert read("Sorcery", "Choose two —\n• Draw a card.\n• Earthbend 3.") == []
    assert read("Sorcery", "Draw a card. Earthbend 2.") == [{"kind": "spell", "draw": 1}]     # (its draw alone)
    assert read("Creature — Human", "{6}: Put two +1/+1 counters on ~, then earthbend 2.") == []
