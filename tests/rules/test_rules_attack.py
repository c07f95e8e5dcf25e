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


# ---- "can't attack unless you control ..." (508.1c) -----------------------------------------------

ELF = card("Test Elf", "{G}", "Creature — Elf", "1/1")
BEAR = card("Test Bear", "{1}{G}", "Creature — Bear", "2/2")
GIANT = card("Test Giant", "{3}{G}", "Creature — Giant", "4/4")


def test_508_1c_lovestruck_beast_attacks_only_while_you_control_a_1_1_creature():
    """508.1c, Lovestruck Beast: "can't attack unless you control a 1/1 creature" — a 2/2, a
    1/1 grown by a counter (613: power and toughness as they are now) or the opponent's 1/1
    don't do; the Beast may attack beside the 1/1 once one is there."""
    s = Scenario()
    beast = s.add("Lovestruck Beast")
    s.add(BEAR)
    s.add(ELF, counters={"+1/+1": 1})
    s.add(ELF, controller="opponent")
    with pytest.raises(RulesError, match="Lovestruck Beast can't attack"):
        s.attack([beast])
    assert s.attack() == 2 + 2               # the Bear and the grown Elf
    s = Scenario()
    beast = s.add("Lovestruck Beast")
    s.add(ELF)
    assert s.attack([beast]) == 5


def test_508_1c_rhonas_attacks_only_while_you_control_another_creature_with_power_4_or_greater():
    """508.1c, Rhonas the Indomitable: "another creature with power 4 or greater" — not Rhonas
    itself (5/5), not a 2/2; a 4/4, or a 3/3 with a +1/+1 counter (613), does."""
    s = Scenario()
    rhonas = s.add("Rhonas the Indomitable")
    s.add(BEAR)
    assert s.attack() == 2
    with pytest.raises(RulesError, match="Rhonas the Indomitable can't attack"):
        s.attack([rhonas])
    s = Scenario()
    rhonas = s.add("Rhonas the Indomitable")
    s.add(card("Test Bruiser", "{2}{G}", "Creature — Beast", "3/3"), counters={"+1/+1": 1})
    assert s.attack([rhonas]) == 5
    s = Scenario()
    s.add("Rhonas the Indomitable")
    s.add(GIANT, tapped=True)                # (a tapped creature is still controlled)
    assert s.attack() == 5


def test_508_1c_a_goldfish_of_lovestruck_beasts_never_attacks_without_a_1_1():
    """508.1c in the goldfish: Lovestruck Beasts and Forests never kill (the Adventure that
    would make a 1/1 is not modelled); with Llanowar Elves beside them they do."""
    alone = goldfish(Deck({"Forest": 24, "Lovestruck Beast": 36}), turns=8)
    assert alone.kill_turn.p_by(8).value == 0
    with_elves = goldfish(Deck({"Forest": 24, "Lovestruck Beast": 20, "Llanowar Elves": 16}), turns=8)
    assert with_elves.kill_turn.p_by(8).value > 0.3


def test_508_1c_a_goldfish_rhonas_attacks_only_beside_another_creature_with_power_4():
    """508.1c in the goldfish: Rhonas alone (704.5j keeps one of them) never attacks; beside
    4/4s it does, so the kills come sooner than the 4/4s' beside 5/5s that never attack."""
    alone = goldfish(Deck({"Forest": 24, "Rhonas the Indomitable": 36}), turns=8)
    assert alone.kill_turn.p_by(8).value == 0
    giants = goldfish(Deck({"Forest": 24, "Rhonas the Indomitable": 16, GIANT: 20}), turns=8)
    walls = goldfish(Deck({"Forest": 24, card("Test Idol", "{2}{G}", "Creature — God", "5/5",
                                                keywords=["Defender"]): 16, GIANT: 20}), turns=8)
    assert giants.kill_turn.p_by(6).value > walls.kill_turn.p_by(6).value + 0.1


@pytest.mark.parametrize("condition, error", [
    ({"controls": "artifact"}, "'artifact' is not one of 'creature'"),
    ({"min_power": "4"}, "expected a whole number"),
    ({"power": 1, "colour": "G"}, "unknown field 'colour'"),
])
def test_attacks_only_if_is_checked_on_load(condition, error):
    from mtgsim import CardDataError
    with pytest.raises(CardDataError, match=error):
        card("Test Beast", "{G}", "Creature — Beast", "5/5", attacks_only_if=condition)


def test_attacks_only_if_is_for_creatures():
    from mtgsim import CardDataError
    with pytest.raises(CardDataError, match="attacks_only_if.*no creature"):
        card("Test Relic", "{1}", "Artifact", attacks_only_if={"controls": "creature"})


def test_a_custom_card_with_attacks_only_if_is_restricted_too():
    """The vocabulary for your own cards: "can't attack unless you control another creature"."""
    loner = card("Test Pack Hunter", "{G}", "Creature — Wolf", "3/3",
                 attacks_only_if={"controls": "creature", "other": True})
    s = Scenario()
    s.add(loner)
    assert s.attack() == 0
    s.add(ELF)
    assert s.attack() == 4


def test_508_1c_attacks_only_if_numbers_are_exact():
    """The condition's numbers are a filter's (int16: -32767..32767, beyond refused on
    compiling), compared exactly with power and toughness as they are now (613): a creature
    of power 300 passes "power 200 or greater", one of toughness 300 isn't "toughness 127"."""
    from mtgsim import CardDataError
    with pytest.raises(CardDataError, match="min_power must be -32767..32767"):
        Scenario().add(card("Test Huger", "{G}", "Creature — Beast", "5/5", attacks_only_if={"min_power": 40000}))
    s = Scenario()
    huge = s.add(card("Test Huge", "{G}", "Creature — Beast", "5/5", attacks_only_if={"min_power": 200}))
    s.add(card("Test Titan", "{G}", "Creature — Giant", "300/300", keywords=["Defender"]))
    assert s.attack([huge]) == 5
    s = Scenario()
    picky = s.add(card("Test Picky", "{G}", "Creature — Beast", "2/2",
                       attacks_only_if={"power": 127, "toughness": 127, "other": True}))
    s.add(card("Test Tower", "{G}", "Creature — Giant", "127/300", keywords=["Defender"]))
    assert s.attack() == 0
    s.add(card("Test Exact", "{G}", "Creature — Giant", "127/127", keywords=["Defender"]))
    assert s.attack([picky]) == 2


def test_702_3b_defender_wins_over_a_condition_that_holds():
    """702.3b: a creature with defender can't attack, whatever else it says about attacking."""
    odd = card("Test Odd Wall", "{G}", "Creature — Wall", "2/2", keywords=["Defender"],
               attacks_only_if={"controls": "creature", "power": 1, "toughness": 1})
    s = Scenario()
    s.add(odd)
    s.add(ELF)
    assert s.attack() == 1
