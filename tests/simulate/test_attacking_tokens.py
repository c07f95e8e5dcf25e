"""Tokens put onto the battlefield tapped and attacking in the goldfish (508.4): made by a "whenever ~ attacks"
ability (508.1m), they deal combat damage that turn and attack as any creature from the next; checked
against exact arithmetic."""
import re

from mtgsim import Deck, MulliganPolicy, card
from mtgsim.simulate import trace

VANGUARD = card("Test Vanguard", "{0}", "Creature — Human", "1/2", abilities=[
    {"kind": "trigger", "event": "self_attacks", "tokens": {"Goblin": 1}, "tapped_and_attacking": True}])


def test_508_4_each_attacker_brings_a_goblin_that_deals_one_that_turn():
    """All free Vanguards: 7 cast on turn 1 (302.6: none attacks); turn 2, the 7 attack and each makes a Goblin
    attacking: 7 + 7; turn 3, 8 Vanguards and the 7 Goblins, untapped (502.3), attack and 8 more Goblins come:
    8 + 7 + 8. The same in every game (every card is one)."""
    text = trace(Deck({VANGUARD: 60}), games=3, turns=3, seed=2, mulligan=MulliganPolicy.never())
    for game in text.split("game ")[1:]:
        assert [int(d) for d in re.findall(r"attack (\d+)", game)] == [0, 14, 23]
