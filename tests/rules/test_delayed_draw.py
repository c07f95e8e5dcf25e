"""A delayed triggered ability: "Draw a card at the beginning of the next turn's upkeep" (Mishra's Bauble, Urza's
Bauble; `draw_next_upkeep`). 603.7a: an effect creates it as it resolves; it triggers once, at the beginning of
the next upkeep (503.1a), whoever's turn that is (the Bauble activated in your turn: you draw in the
opponent's upkeep; in theirs: in your own, before your draw step). The look that comes before it ("look at the
top card of target player's library", "at a card at random in target player's hand") changes nothing a goldfish
does: the player targets the opponent.

The goldfish's policy: the row is worth activating, so a Bauble is cast when it can (it costs {0}) and
sacrificed as the player uses abilities, after its spells, the turn it is cast: the card comes at the next
upkeep either way, and an artifact kept for metalcraft or affinity is not weighed (the goldfish knows no
artifact count it would lose)."""
from mtgsim import Deck, MulliganPolicy, Scenario, card
from mtgsim.cards.recognize.effects import effect_of
from mtgsim.simulate import trace

BAUBLE = card("Test Bauble", "{0}", "Artifact", abilities=[
    {"kind": "activated", "cost": "{T}, Sacrifice this", "draw_next_upkeep": 1}])


def _library(s: Scenario, *names: str) -> None:
    for name in reversed(names):              # (the first named on top)
        s.add_to_library(name)
        s.add_to_library(name, player="opponent")


def test_603_7a_the_card_is_drawn_at_the_beginning_of_the_next_upkeep_not_now():
    s = Scenario()
    _library(s, "Island", "Swamp", "Forest")
    b = s.add(BAUBLE)
    s.activate(b)
    assert s.hand() == [] and s.graveyard() == [BAUBLE.name]
    s.next_turn()                             # (the opponent's turn: its upkeep, then its draw)
    assert s.hand() == ["Island"]
    assert s.hand("opponent") == ["Island"]
    s.next_turn()                             # (your turn: the delayed trigger is gone, 603.7c: once)
    assert s.hand() == ["Island", "Swamp"]


def test_603_7a_activated_in_the_opponents_turn_drawn_in_your_upkeep_before_your_draw_step():
    s = Scenario()
    _library(s, "Island", "Swamp", "Forest")
    b = s.add(BAUBLE)
    s.next_turn()                             # (the opponent's turn)
    s.activate(b)
    s.next_turn()                             # (your upkeep: the Island; your draw step: the Swamp)
    assert s.hand() == ["Island", "Swamp"]


def test_the_phrases_read_as_the_op():
    """An activated ability's effect (noops: the look changes nothing, read as nothing among the others)."""
    assert effect_of("Look at the top card of target player's library. Draw a card at the beginning of the next "
                     "turn's upkeep.", noops=True) == {"draw_next_upkeep": 1}
    assert effect_of("Look at a card at random in target player's hand. You draw a card at the beginning of the "
                     "next turn's upkeep.", noops=True) == {"draw_next_upkeep": 1}
    assert effect_of("Look at the top card of target player's library.", noops=True) is None     # (nothing it does)
    assert effect_of("Draw a card at the beginning of the next turn's upkeep.") == {"draw_next_upkeep": 1}
    assert effect_of("Draw a card at the beginning of the next end step.") is None


def test_the_goldfish_sacrifices_a_bauble_the_turn_it_is_cast_and_draws_at_the_next_upkeep():
    """The policy, read off the trace of a deck of 20 Baubles and 40 Islands (no mulligan, on the play): each
    Bauble cast is activated the same turn, and each turn after the first draws one card for each Bauble
    activated in the turn before it (603.7a, its upkeep) and one in its draw step (504.1)."""
    deck = Deck({BAUBLE: 20, "Island": 40})
    text = trace(deck, games=40, turns=4, seed=5, mulligan=MulliganPolicy.never())
    activated = 0
    for game in text.split("game ")[1:]:
        turns = [line for line in game.splitlines() if line.startswith("  turn")]
        for before, line in zip(turns, turns[1:]):
            assert before.count(f"cast {BAUBLE.name}") == before.count(f"activate {BAUBLE.name}")
            assert line.count("; draw ") == 1 + before.count(f"activate {BAUBLE.name}"), (before, line)
            activated += before.count(f"activate {BAUBLE.name}")
    assert activated > 100
