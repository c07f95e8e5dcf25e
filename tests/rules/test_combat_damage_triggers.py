""""Whenever ~ deals combat damage to a player" (the event self_deals_combat_damage_to_player; 510.2,
603.2): it triggers once the combat damage is dealt, for each attacking creature that dealt some (510.1a:
a creature with power 0 or less deals none), and the abilities resolve in the order the creatures attack
(603.3b), after the damage. Checked where the goldfish and Scenario.attack share it (kernels/turn.pxi:
attack_triggers, deal_combat_damage)."""
import re

from mtgsim import Deck, MulliganPolicy, Scenario, card
from mtgsim.simulate import trace

# Psychic Frog's kind: "Whenever ~ deals combat damage to a player or planeswalker, draw a card."
HITTER = card("Test Combat Hitter", "{U}", "Creature — Frog", "1/1",
              abilities=[{"kind": "trigger", "event": "self_deals_combat_damage_to_player", "draw": 1}])
# ...and one gaining 1 life
READER = card("Test Combat Reader", "{U}", "Creature — Frog", "2/2",
              abilities=[{"kind": "trigger", "event": "self_deals_combat_damage_to_player", "gain_life": 1}])
WALL = card("Test Combat Wall", "{U}", "Creature — Wall", "0/4",
            abilities=[{"kind": "trigger", "event": "self_deals_combat_damage_to_player", "draw": 1}])


def _ready(*cards):
    s = Scenario()
    for _ in range(4):
        s.add_to_library("Island")
    attackers = [s.add(c) for c in cards]
    s.next_turn()
    s.next_turn()                      # (they have been under their controller's control since the turn began)
    return s, attackers


def test_510_2_603_2_a_creature_dealing_combat_damage_to_a_player_triggers_after_the_damage():
    """self_deals_combat_damage_to_player: HITTER's draw, after its 1 damage."""
    s, [hitter] = _ready(HITTER)
    hand = len(s.hand())
    assert s.attack([hitter]) == 1 and s.life(player="opponent") == 19
    assert len(s.hand()) == hand + 1


def test_510_1a_a_creature_with_power_0_deals_no_combat_damage_and_doesnt_trigger():
    s, [wall] = _ready(WALL)
    hand = len(s.hand())
    assert s.attack([wall]) == 0 and len(s.hand()) == hand


def test_603_3b_each_attacker_that_dealt_damage_triggers_once():
    s, attackers = _ready(HITTER, HITTER, WALL, READER)
    hand = len(s.hand())
    assert s.attack(attackers) == 4 and s.life(player="opponent") == 16 and s.life() == 21
    assert len(s.hand()) == hand + 2


def test_510_2_the_goldfish_draws_a_card_for_each_creature_that_dealt_combat_damage():
    """Followed through traced games of a deck of 1/1 HITTERs: after each attack dealing N damage the
    goldfish draws N cards (one for each HITTER that dealt 1), before the next turn."""
    text = trace(Deck({HITTER: 20, "Island": 40}), games=20, turns=6, seed=3, mulligan=MulliganPolicy.never())
    drawn = 0
    for damage, after in re.findall(r"attack (\d+)((?:; draw [^;]+)*)", text):
        assert after.count("; draw ") == int(damage), text
        drawn += int(damage)
    assert drawn >= 100
