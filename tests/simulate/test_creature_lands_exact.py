"""Mixed creature-land decks (Mutavault with basic lands) in the goldfish, checked against the exact kill-turn
distribution, worked out here in pure Python (fractions, no engine) from the play policy as documented:

- The game (docs/metrics.md): the mulligan policy never mulligans, so the hand is the first seven cards
  drawn; the player draws one card a turn, but on the play skips the turn-1 draw (103.8a). The goldfish
  opponent has 20 life and never blocks.
- The land drop (305.2: one land a turn). Every card of these decks is a land and nothing in the deck
  needs a colour, so every land in hand scores the same for `PlayPolicy(lands="most_castable")` (no spell
  made castable, no colour the hand lacks a source of, all enter untapped) but for the tie-break that puts
  a creature land first (src/mtgsim/policy.py). So a Mutavault is played whenever the hand has one, else
  a basic land: the hand's order does not matter.
- The animation (611.2: "until end of turn, this land becomes a 2/2 creature"; docs/rules-core.md,
  creature lands): after the land drop (the deck has no spells), the policy animates a Mutavault only to
  attack with it, so only one under the player's control since the turn began (302.6: the one played
  this turn can't attack); each animation's {1} is paid by a land that doesn't attack, and a land that
  could attack pays only when nothing else can. With `a` such Mutavaults among `n` lands, min(a, n // 2)
  attack, 2 damage each.

The state after each turn is the Mutavaults and basic lands in hand, the Mutavaults on the battlefield
and the damage dealt; the library's composition follows from them (every draw is a uniform pick from the
library, so a Mutavault with probability Mutavaults left / cards left)."""
import math
from collections import defaultdict
from fractions import Fraction

import pytest

from mtgsim import Deck, MulliganPolicy, card, simulate

MUTAVAULT = card("Mutavault", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}", "becomes": ["Creature"], "all_creature_types": True, "becomes_power": 2,
     "becomes_toughness": 2}])
LIFE = 20
GAMES = 100_000


def kill_by(vaults: int, others: int, turns: int, on_play: bool = True) -> list:
    """P(the opponent is dead by the end of turn t), for t = 1..turns, exactly."""
    states: dict = defaultdict(Fraction)      # (Mutavaults in hand, others in hand, Mutavaults in play, damage)
    for v in range(8):                        # the opening hand: hypergeometric
        states[v, 7 - v, 0, 0] = Fraction(math.comb(vaults, v) * math.comb(others, 7 - v),
                                          math.comb(vaults + others, 7))
    dead, by = Fraction(0), []
    for turn in range(1, turns + 1):
        nxt: dict = defaultdict(Fraction)
        for (v, o, in_play, damage), p in states.items():
            vaults_left, left = vaults - v - in_play, vaults + others - v - o - (turn - 1)
            drawn = [(v, o, Fraction(1))] if turn == 1 and on_play else [
                (v + 1, o, Fraction(vaults_left, left)), (v, o + 1, Fraction(left - vaults_left, left))]
            for hv, ho, q in drawn:
                if q == 0:
                    continue
                hit = damage + 2 * min(in_play, turn // 2)    # `in_play`: those there since the turn began
                if hit >= LIFE:
                    dead += p * q
                elif hv:                                      # the land drop: a Mutavault if the hand has one
                    nxt[hv - 1, ho, in_play + 1, hit] += p * q
                else:
                    nxt[hv, ho - 1, in_play, hit] += p * q
        states = nxt
        by.append(dead)
    return by


def test_the_model_of_all_mutavaults_is_the_exact_kill_on_turn_7():
    """The model's own check: 2 x floor(t/2) damage on turn t with t Mutavaults (test_creature_lands.py)."""
    assert kill_by(60, 0, 8) == [0] * 6 + [1, 1]
    assert kill_by(0, 60, 8) == [0] * 8


@pytest.mark.parametrize("vaults, other, on_play", [(20, "Mountain", True), (10, "Wastes", False)])
def test_302_6_611_2_the_kill_turn_of_mutavaults_with_basic_lands_is_the_exact_one(vaults, other, on_play):
    """P(kill by turn N), N = 1..14 (none before 7: the all-Mutavault kill), within 4 standard errors."""
    exact = kill_by(vaults, 60 - vaults, 14, on_play)
    assert exact[5] == 0 and 0 < exact[6] < 1
    res = simulate(Deck({MUTAVAULT: vaults, other: 60 - vaults}), games=GAMES, turns=14, on_play=on_play, seed=11,
                   mulligan=MulliganPolicy.never())
    for turn in range(1, 15):
        p, est = float(exact[turn - 1]), res.kill_turn.p_by(turn)
        assert abs(est.value - p) <= 4 * math.sqrt(p * (1 - p) / est.n) + 1e-12, (turn, est, p)

