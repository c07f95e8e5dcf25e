"""A choice a Scenario's caller gives that the rules don't allow is refused, never replaced by the rule's
own choice: an ArgumentError naming the choice, what was given, why it may not be and the rule, and the
Scenario left as it was. The compiled game checks a given permanent in one place (given_permanent,
kernels/choices.pxi) as the cost is paid; the Scenario raises (scenario_choices.ScenarioChoices).
The kinds of choice a caller gives by a permanent: creature_to_tap (701.26a: "Tap an untapped creature
you control") and permanent_to_sacrifice (701.21a); by cards, cards_to_discard (701.9a)."""
import pytest

from mtgsim import Scenario, card
from mtgsim.errors import ArgumentError

DRUM = card("Springleaf Drum", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}])
ALTAR = card("Test Altar", "{1}", "Artifact",
             abilities=[{"kind": "activated", "cost": "Sacrifice a creature", "draw": 1}])
HOUND = card("Test Hungry Hound", "{1}", "Creature — Dog", "1/1",
             abilities=[{"kind": "activated", "cost": "Sacrifice another creature", "gain_life": 2}])
LOOTER = card("Test Looter", "{1}", "Artifact",
              abilities=[{"kind": "activated", "cost": "{T}, Discard two cards", "draw": 2}])


def _drum_scenario():
    s = Scenario()
    drum = s.add(DRUM)
    s.add("Grizzly Bears")                          # (a creature the rule's own choice could tap)
    return s, drum


def _unchanged(s, drum):
    assert not s.is_tapped(drum) and s.pool() == {} and not any(
        s.is_tapped(p) for p in s.battlefield() if p.name == "Grizzly Bears")


def test_701_26a_a_tapped_creature_given_for_the_tap_cost_is_refused():
    s, drum = _drum_scenario()
    elves = s.add("Llanowar Elves", tapped=True)
    with pytest.raises(ArgumentError, match=r"choices\['creature_to_tap'\]: Llanowar Elves \(#\d+\) is tapped; "
                                            r"Springleaf Drum \(#\d+\)'s cost taps an untapped one \(701.26a\)"):
        s.tap_for_mana(drum, color="R", choices={"creature_to_tap": elves})
    _unchanged(s, drum)


def test_701_26a_the_drum_itself_given_for_its_tap_cost_is_refused():
    s, drum = _drum_scenario()
    with pytest.raises(ArgumentError, match=r"Springleaf Drum \(#\d+\) is Springleaf Drum \(#\d+\) itself; its "
                                            r"cost takes another permanent \(701.26a\)"):
        s.tap_for_mana(drum, color="R", choices={"creature_to_tap": drum})
    _unchanged(s, drum)


@pytest.mark.parametrize("name, controller, why", [
    ("Forest", "you", r"Forest \(#\d+\) is not a creature, as Springleaf Drum \(#\d+\)'s cost asks"),
    ("Llanowar Elves", "opponent", r"Llanowar Elves \(#\d+\) is the opponent's, not a permanent Springleaf Drum "
                                   r"\(#\d+\)'s controller controls")])
def test_701_26a_a_land_or_an_opponents_creature_given_for_the_tap_cost_is_refused(name, controller, why):
    """Not a creature, or not one the Drum's controller controls: not one the cost may tap."""
    s, drum = _drum_scenario()
    given = s.add(name, controller=controller)
    with pytest.raises(ArgumentError, match=why + r" \(701.26a\)"):
        s.tap_for_mana(drum, color="R", choices={"creature_to_tap": given})
    _unchanged(s, drum)
    assert not s.is_tapped(given)


def test_701_26a_a_creature_allowed_is_still_the_one_tapped():
    s, drum = _drum_scenario()
    elves = s.add("Llanowar Elves")
    assert s.tap_for_mana(drum, color="R", choices={"creature_to_tap": elves}) == {"R": 1}
    assert s.is_tapped(elves) and s.is_tapped(drum)


def _altar_scenario():
    s = Scenario()
    s.add_to_library("Island")
    return s, s.add(ALTAR)


def test_701_21a_a_land_given_for_sacrifice_a_creature_is_refused():
    s, altar = _altar_scenario()
    bears, forest = s.add("Grizzly Bears"), s.add("Forest")
    with pytest.raises(ArgumentError, match=r"sacrifice: Forest \(#\d+\) is not a creature, as Test Altar "
                                            r"\(#\d+\)'s cost asks \(701.21a\)"):
        s.activate(altar, sacrifice=forest)
    assert s.on_battlefield(bears) and s.on_battlefield(forest) and s.graveyard() == [] and s.hand() == []


def test_701_21a_an_opponents_creature_given_for_a_sacrifice_is_refused():
    s, altar = _altar_scenario()
    mine, theirs = s.add("Grizzly Bears"), s.add("Grizzly Bears", controller="opponent")
    with pytest.raises(ArgumentError, match=r"choices\['permanent_to_sacrifice'\]: Grizzly Bears \(#\d+\) is "
                                            r"the opponent's, not a permanent Test Altar \(#\d+\)'s controller "
                                            r"controls \(701.21a\)"):
        s.activate(altar, choices={"permanent_to_sacrifice": theirs})
    assert s.on_battlefield(mine) and s.on_battlefield(theirs) and s.hand() == []


def test_701_21a_the_source_given_for_sacrifice_another_creature_is_refused():
    s = Scenario()
    hound, bears = s.add(HOUND), s.add("Grizzly Bears")
    with pytest.raises(ArgumentError, match=r"sacrifice: Test Hungry Hound \(#\d+\) is Test Hungry Hound \(#\d+\) "
                                            r"itself; its cost takes another permanent \(701.21a\)"):
        s.activate(hound, sacrifice=hound)
    assert s.on_battlefield(hound) and s.on_battlefield(bears) and s.life() == 20
    s.activate(hound, sacrifice=bears)
    assert not s.on_battlefield(bears) and s.life() == 22


def test_701_21a_sacrifice_a_creature_may_take_the_source_itself():
    """Not "another": a creature with "Sacrifice a creature" may sacrifice itself."""
    fodder = card("Test Fodder", "{1}", "Creature — Goblin", "1/1",
                  abilities=[{"kind": "activated", "cost": "Sacrifice a creature", "gain_life": 1}])
    s = Scenario()
    f, bears = s.add(fodder), s.add("Grizzly Bears")
    s.activate(f, sacrifice=f)
    assert not s.on_battlefield(f) and s.on_battlefield(bears) and s.life() == 21


def test_701_9a_more_cards_given_than_the_cost_discards_is_refused():
    s = Scenario()
    for name in ("Island", "Forest", "Swamp"):
        s.add_to_library(name)
        s.add_to_hand(name)
    looter = s.add(LOOTER)
    with pytest.raises(ArgumentError, match=r"discard: 3 cards given; Test Looter \(#\d+\)'s cost discards 2 "
                                            r"\(701.9a\)"):
        s.activate(looter, discard=["Island", "Forest", "Swamp"])
    assert sorted(s.hand()) == ["Forest", "Island", "Swamp"] and s.graveyard() == [] and not s.is_tapped(looter)
