"""Mixed creature-land decks (Mutavault with basic lands) in the goldfish, checked against the exact kill-turn
distribution, worked out here in pure Python (fractions, no engine) from the play policy as documented:

- The game (docs/metrics.md): the mulligan policy never mulligans, so the hand is the first seven cards
  drawn; the player is on the play and skips the turn-1 draw (103.8a), then draws one card a turn. The
  goldfish opponent has 20 life and never blocks.
- The land drop (305.2: one land a turn). Every card of these decks is a land and nothing in the deck
  needs a colour, so every land in hand scores the same for `PlayPolicy(lands="most_castable")`: no spell
  made castable, no colour the hand lacks a source of, all enter untapped. The tie goes to the first land
  in the hand (src/mtgsim/policy.py), which is the hand's first card: the hand is kept in the order its
  cards were drawn, and a card leaving it is replaced by the hand's last card.
- The animation (611.2: "until end of turn, this land becomes a 2/2 creature"; docs/rules-core.md,
  creature lands): after the land drop (the deck has no spells), the policy animates a Mutavault only to
  attack with it, so only one under the player's control since the turn began (302.6: the one played
  this turn can't attack); each animation's {1} is paid by a land that doesn't attack, and a land that
  could attack pays only when nothing else can. With `a` such Mutavaults among `n` lands, min(a, n // 2)
  attack, 2 damage each.

The state after each turn is the hand as an ordered tuple of kinds, the Mutavaults on the battlefield
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
VAULT, OTHER = 1, 0                # a card's kind in the model's hands
LIFE = 20
GAMES = 100_000


def draws(hand: tuple, vaults_left: int, others_left: int):
    """(the hand with one more card drawn at its end, probability) for each kind of card drawn."""
    left = vaults_left + others_left
    return [(hand + (kind,), Fraction(n, left)) for kind, n in ((VAULT, vaults_left), (OTHER, others_left)) if n]


def opening_hands(vaults: int, others: int) -> dict:
    """Each ordered seven-card opening hand and its probability."""
    hands = {(): Fraction(1)}
    for _ in range(7):
        nxt: dict = defaultdict(Fraction)
        for hand, p in hands.items():
            for h, q in draws(hand, vaults - sum(hand), others - len(hand) + sum(hand)):
                nxt[h] += p * q
        hands = nxt
    return hands


def play_first(hand: tuple) -> tuple:
    """The kind of the land played (the hand's first card) and the hand left: its last card takes its place."""
    return hand[0], hand[-1:] + hand[1:-1] if len(hand) > 1 else ()


def kill_by(vaults: int, others: int, turns: int) -> list:
    """P(the opponent is dead by the end of turn t), for t = 1..turns, exactly."""
    states: dict = defaultdict(Fraction)        # (hand, Mutavaults on the battlefield, damage) -> probability
    for hand, p in opening_hands(vaults, others).items():
        states[hand, 0, 0] += p
    dead, by = Fraction(0), []
    for turn in range(1, turns + 1):
        nxt: dict = defaultdict(Fraction)
        for (hand, in_play, damage), p in states.items():
            seen = len(hand) + turn - 1                   # the cards drawn: in hand or played
            vaults_left = vaults - sum(hand) - in_play
            after_draw = [(hand, Fraction(1))] if turn == 1 else draws(hand, vaults_left,
                                                                       vaults + others - seen - vaults_left)
            for h, q in after_draw:
                kind, rest = play_first(h)
                hit = damage + 2 * min(in_play, turn // 2)    # `in_play`: those there since the turn began
                if hit >= LIFE:
                    dead += p * q
                else:
                    nxt[rest, in_play + (kind == VAULT), hit] += p * q
        states = nxt
        by.append(dead)
    return by


def test_the_model_of_all_mutavaults_is_the_exact_kill_on_turn_7():
    """The model's own check: 2 x floor(t/2) damage on turn t with t Mutavaults (test_creature_lands.py)."""
    assert kill_by(60, 0, 8) == [0] * 6 + [1, 1]
    assert kill_by(0, 60, 8) == [0] * 8


@pytest.mark.parametrize("vaults, other", [(20, "Mountain"), (30, "Wastes")])
def test_302_6_611_2_the_kill_turn_of_mutavaults_with_basic_lands_is_the_exact_one(vaults, other):
    """P(kill by turn N), N = 7..12 (none before 7: the all-Mutavault kill), within 4 standard errors."""
    exact = kill_by(vaults, 60 - vaults, 12)
    assert exact[5] == 0 and 0 < exact[6] < 1
    res = simulate(Deck({MUTAVAULT: vaults, other: 60 - vaults}), games=GAMES, turns=12, seed=11,
                   mulligan=MulliganPolicy.never())
    for turn in range(1, 13):
        p, est = float(exact[turn - 1]), res.kill_turn.p_by(turn)
        assert abs(est.value - p) <= 4 * math.sqrt(p * (1 - p) / est.n) + 1e-12, (turn, est, p)

