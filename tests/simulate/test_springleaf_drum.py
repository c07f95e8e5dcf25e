"""Springleaf Drum in the goldfish (issue 30 item 2): "{T}, Tap an untapped creature you control: Add one
mana of any color" -- the payment search taps a creature that makes no mana (a summoning-sick one too:
302.6 is about a creature's own {T}), so the Drum fixes colours a deck's lands can't make."""
from mtgsim import Deck, MulliganPolicy, card
from mtgsim.simulate import trace

DRUM = card("Springleaf Drum", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}, Tap an untapped creature you control", "output": "any_color"}])


def test_ruling_the_drum_taps_a_creature_cast_this_turn_for_a_red_spell():
    """Forests, Drums and Grizzly Bears: a Lightning Bolt ({R}) is cast only by the Drum, tapping a Bears
    (the one cast this turn too: Springleaf Drum's ruling)."""
    deck = Deck({"Forest": 20, DRUM: 12, "Grizzly Bears": 16, "Lightning Bolt": 12})
    text = trace(deck, games=6, turns=6, seed=2, mulligan=MulliganPolicy.never())
    assert "cast Lightning Bolt" in text
    assert "cast Grizzly Bears (2); cast Lightning Bolt (1)" in text      # the Bears tapped as they came


def test_118_3_without_creatures_the_drum_casts_nothing_red():
    """Forests and Drums only: no creature to tap, so no red mana, ever (118.3: never free)."""
    deck = Deck({"Forest": 24, DRUM: 12, "Lightning Bolt": 24})
    text = trace(deck, games=4, turns=6, seed=2, mulligan=MulliganPolicy.never())
    assert "cast Springleaf Drum" in text and "cast Lightning Bolt" not in text
