"""Atraxa, Grand Unifier's "reveal the top ten cards of your library. For each card type, you may put a card of
that type from among the revealed cards into your hand. Put the rest on the bottom of your library in a random
order." (`reveal_each_type`). 205.2a: the card types; a card of two types (an artifact creature) is put into the
hand once, so it stands for one of them; 701.20a: revealed cards are shown to all (the goldfish's opponent does
nothing with them); 608.2c: in that order.

In a Scenario the caller chooses (`to_hand`: the places in the reveal, 0 its top card, of the cards taken; a
card whose types are all taken for already is refused; none given: from the top, each card that still has a
type not taken for); a card of two types stands for the type the fewest other cards revealed have
(type_taken_for). The goldfish takes one for every type it can, the one it wants most first (card_to_take)."""
import pytest

from mtgsim import ArgumentError, card
from mtgsim.cards.recognize.effects import effect_of
from test_library_top import library_top_first, scenario

ATRAXA = card("Test Atraxa", "{W}", "Creature — Angel", "7/7", abilities=[
    {"kind": "trigger", "event": "self_enters", "reveal_each_type": 10, "random_order": True}])
BOLT = card("Test Bolt", "{R}", "Instant")
STRIKE = card("Test Strike", "{R}", "Instant")
PONDER = card("Test Ponder", "{U}", "Sorcery")
BEAR = card("Test Bear", "{1}{G}", "Creature — Bear", "2/2")
RING = card("Test Ring", "{1}", "Artifact")
GOLEM = card("Test Golem", "{2}", "Artifact Creature — Golem", "2/2")
AURA = card("Test Aura", "{W}", "Enchantment — Aura")


def test_205_2a_by_default_the_first_card_of_each_type_from_the_top():
    library = [BOLT, "Island", PONDER, STRIKE, BEAR, RING, "Forest", GOLEM, AURA, "Swamp", "Mountain"]
    s = scenario(library, lands=1)
    s.cast(ATRAXA)
    assert sorted(s.hand()) == sorted([BOLT.name, "Island", PONDER.name, BEAR.name, RING.name, AURA.name])
    top = library_top_first(s)
    assert top[0] == "Mountain"                          # (the eleventh card, not revealed)
    assert sorted(top[1:]) == sorted([STRIKE.name, "Forest", GOLEM.name, "Swamp"])


def test_205_2a_an_artifact_creature_stands_for_one_type_and_the_other_may_still_be_taken():
    """The Golem taken first stands for artifact (one other card revealed, the Ring, is an artifact; one, the
    Bear, a creature: a tie, the first type); the Bear then for creature."""
    s = scenario([RING, BEAR, GOLEM, "Island"], lands=1)
    s.cast(ATRAXA, to_hand=[2, 1])
    assert sorted(s.hand()) == sorted([GOLEM.name, BEAR.name])


def test_205_2a_three_cards_for_two_types_are_refused():
    s = scenario([RING, BEAR, GOLEM, "Island"], lands=1)
    with pytest.raises(ArgumentError, match=r"to_hand: place 2 is not a card the effect lets the player take"):
        s.cast(ATRAXA, to_hand=[0, 1, 2])


def test_the_phrase_reads_as_the_op():
    assert effect_of("Reveal the top ten cards of your library. For each card type, you may put a card of that type "
                     "from among the revealed cards into your hand. Put the rest on the bottom of your library in a "
                     "random order.") == {"reveal_each_type": 10, "random_order": True}
    assert effect_of("Reveal the top ten cards of your library. For each card type, you may put a card of that type "
                     "from among the revealed cards into your hand.") is None
