"""The cost op "Tap an untapped creature you control" (issue 30 item 2): Springleaf Drum's "{T}, Tap an
untapped creature you control: Add one mana of any color." Tapping is 701.26a (only an untapped permanent);
a cost can't be paid without it (118.3); 302.6 is about a creature's OWN {T} abilities, so -- Springleaf
Drum's ruling (2004-10-04) -- "you can tap any untapped creature you control, including one you haven't
controlled continuously since your most recent turn began, to pay the cost". A mana source tapped so makes
no mana of its own: the payment search reads the ability's derived fact (tap_filter) as a matching of such
costs to the permanents left free (tests/engine/test_oracle_agreement.py holds it to the oracle)."""
import pytest

from mtgsim import Scenario, card
from mtgsim.errors import RulesError

# Springleaf Drum and Jaspera Sentinel as the recognizer reads their oracle text (tests/cards)
DRUM = card("Springleaf Drum", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}])
SENTINEL = card("Jaspera Sentinel", "{G}", "Creature — Elf Rogue", "1/2", keywords=["Reach"], abilities=[
    {"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}])
RG = card("Test Gruul Spell", "{R}{G}", "Instant")
RGG = card("Test Big Gruul Spell", "{R}{G}{G}", "Instant")


def test_ruling_a_summoning_sick_creature_may_be_tapped_for_the_cost():
    """302.6 limits a creature's own {T} abilities only (Springleaf Drum's ruling): a creature that came under
    your control this turn is tapped to pay the Drum's cost, and the Drum adds one mana of any colour."""
    s = Scenario()
    drum = s.add(DRUM)
    bears = s.add("Grizzly Bears", entered_this_turn=True)
    assert s.can_cast("Lightning Bolt")
    assert s.tap_for_mana(drum, color="R") == {"R": 1}
    assert s.is_tapped(drum) and s.is_tapped(bears)


def test_701_26a_a_tapped_creature_cant_be_tapped_for_the_cost():
    """701.26a: only an untapped permanent can be tapped; 118.3: so with every creature tapped the Drum's cost
    can't be paid, and nothing changes."""
    s = Scenario()
    drum = s.add(DRUM)
    s.add("Grizzly Bears", tapped=True)
    assert not s.can_cast("Lightning Bolt")
    with pytest.raises(RulesError, match="118.3"):
        s.tap_for_mana(drum, color="R")
    assert not s.is_tapped(drum)


def test_118_3_without_a_creature_the_drum_is_unusable_not_free():
    """118.3: no creature to tap (the Drum is an artifact, a land no creature): it makes no mana."""
    s = Scenario()
    drum = s.add(DRUM)
    s.add("Forest")
    assert s.can_cast("Llanowar Elves") and not s.can_cast("Lightning Bolt")
    assert not s.can_activate(drum)
    with pytest.raises(RulesError, match="118.3"):
        s.tap_for_mana(drum, color="R")


def test_701_26a_a_mana_creature_tapped_for_the_cost_makes_no_mana_of_its_own():
    """The elves trade: a Llanowar Elves tapped to pay the Drum's cost can't also tap for {G}. With the Elves
    the only creature, the Drum and the Elves make one mana, not two: {R} (the Drum) or {G} (the Elves), never
    {1}{G}; a summoning-sick creature beside them is the Drum's, and then both make mana."""
    s = Scenario()
    s.add(DRUM)
    s.add("Llanowar Elves")
    assert s.can_cast("Lightning Bolt") and s.can_cast("Llanowar Elves")
    assert not s.can_cast("Grizzly Bears")                       # {1}{G}
    s.add("Grizzly Bears", entered_this_turn=True)
    assert s.can_cast("Grizzly Bears") and s.can_cast(RG)


def test_701_26a_colour_fixing_the_elves_green_for_the_drums_red():
    """Colour fixing: a Forest and an Elves make {G}{G}; with the Drum tapping the Elves, {R}{G} -- but the
    three never make {R}{G}{G}, the Elves being either mana or the Drum's cost."""
    s = Scenario()
    s.add("Forest")
    s.add(DRUM)
    s.add("Llanowar Elves")
    assert s.can_cast(RG)
    assert not s.can_cast(RGG)


def test_302_6_a_creature_with_the_cost_taps_another_not_itself():
    """Jaspera Sentinel: its {T} taps it, so its cost's creature is another (701.26a: an untapped one); as a
    creature its own {T} ability waits for it to have been controlled since the turn began (302.6), the
    creature it taps need not."""
    alone = Scenario()
    sentinel = alone.add(SENTINEL)
    with pytest.raises(RulesError, match="118.3"):
        alone.tap_for_mana(sentinel, color="R")
    s = Scenario()
    sentinel = s.add(SENTINEL)
    bears = s.add("Grizzly Bears", entered_this_turn=True)
    assert s.tap_for_mana(sentinel, color="U") == {"U": 1} and s.is_tapped(bears)
    sick = Scenario()
    sentinel = sick.add(SENTINEL, entered_this_turn=True)
    sick.add("Grizzly Bears")
    with pytest.raises(RulesError, match="302.6"):
        sick.tap_for_mana(sentinel, color="R")
    assert not sick.can_cast("Lightning Bolt")


def test_701_26a_the_creature_tapped_is_the_players_choice():
    """Which creature the cost taps is the player's choice (choices={"creature_to_tap": ...}); by default
    one that makes no mana and can't attack this turn (Wall of Omens: defender) before one that could
    attack, before a mana source."""
    s = Scenario()
    drum = s.add(DRUM)
    elves = s.add("Llanowar Elves")
    bears = s.add("Grizzly Bears")
    wall = s.add("Wall of Omens")
    s.tap_for_mana(drum, color="R", choices={"creature_to_tap": elves})
    assert s.is_tapped(elves) and not s.is_tapped(bears) and not s.is_tapped(wall)
    by_default = Scenario()
    drum = by_default.add(DRUM)
    elves, bears, wall = (by_default.add(name) for name in ("Llanowar Elves", "Grizzly Bears", "Wall of Omens"))
    by_default.tap_for_mana(drum, color="R")
    assert by_default.is_tapped(wall) and not by_default.is_tapped(bears) and not by_default.is_tapped(elves)


def test_701_26a_a_payment_taps_a_creature_that_makes_no_mana():
    """A spell paid with the Drum: the payment search taps the summoning-sick Bears for its cost, the Elves
    staying a mana source ({R} from the Drum, {G} from the Elves or the Forest)."""
    s = Scenario()
    s.add("Forest")
    drum = s.add(DRUM)
    elves = s.add("Llanowar Elves")
    bears = s.add("Grizzly Bears", entered_this_turn=True)
    s.cast(RG)
    forest = next(p for p in s.battlefield() if p.name == "Forest")
    assert s.is_tapped(drum) and s.is_tapped(bears)
    assert s.is_tapped(elves) != s.is_tapped(forest)           # (one {G}: the other stays untapped)
