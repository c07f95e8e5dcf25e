"""A coin flip (705.1: won or lost, one chance in two; 705.2: the player who flips it wins or
loses) and the damage a lost flip deals (120.3a): Mana Crypt's "At the beginning of your upkeep,
flip a coin. If you lose the flip, this artifact deals 3 damage to you." -- the op
damage_to_you_if_flip_lost. Before, it was modelled as losing every flip (3 each upkeep).

The goldfish flips with its random generator; a Scenario's caller gives each flip's result
(`choices={"coin_flips": [...]}`), else its game, which has no generator, draws a bit from a hash of
the game (its turn, objects and life totals): the same for the same game. The random ones are
checked here against the exact chance, one in two, within four standard errors."""
from math import sqrt

from replay import traced_games

import pytest

from mtgsim import Deck, MulliganPolicy, Scenario, card
from mtgsim.errors import ArgumentError

CRYPT = card("Test Crypt", "{0}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}{C}"},
    {"kind": "trigger", "event": "your_upkeep", "damage_to_you_if_flip_lost": 3}])


def _within(lost: int, flips: int) -> bool:
    return abs(lost - flips / 2) <= 4 * sqrt(flips / 4)


def test_705_2_a_scenarios_flips_are_lost_about_half_the_time_each_lost_one_dealing_3():
    """In 60 upkeeps of one Scenario with a Crypt, each of your upkeeps (503.1a) deals 0 or 3,
    and 3 about half the time; the opponent's upkeeps none."""
    s = Scenario()
    s.add(CRYPT)
    lost = 0
    for _ in range(60):
        life = s.life()
        s.next_turn()                             # (the opponent's upkeep: nothing)
        assert s.life() == life
        s.next_turn()
        assert life - s.life() in (0, 3)
        lost += life - s.life() == 3
        if s.life() < 10:
            s.set_life(20)                        # (a new total: the flips go on)
    assert 0 < lost < 60 and _within(lost, 60)


def test_705_2_the_goldfishs_flips_are_lost_half_the_time():
    """Traced games of Crypts and Wastes: at each of your upkeeps each Crypt on the battlefield
    flips, and your life (nothing else changes it) falls by 3 for each flip lost."""
    flips = lost = 0
    for game in traced_games(Deck({CRYPT: 8, "Wastes": 52}), games=200, turns=6, seed=7,
                             mulligan=MulliganPolicy.never()):
        crypts = 0
        life = 20
        for step in game.steps:
            if step.action == "turn" and step.turn > 1:
                flips += crypts
            if step.state.lives[0] != life:
                assert (life - step.state.lives[0]) % 3 == 0
                lost += (life - step.state.lives[0]) // 3
                life = step.state.lives[0]
            crypts = sum(p[0] == CRYPT.name for p in step.state.permanents)
    assert flips > 300 and lost <= flips and _within(lost, flips), (lost, flips)


def test_705_1_a_scenarios_caller_gives_the_flips_lost_or_won_in_order():
    """Two Crypts: the upkeep's first flip won, the second lost -- 3 damage; both lost, 6; both won, none.
    A flip given to an action that flips no coin is refused (never silently unused)."""
    s = Scenario()
    s.add(CRYPT)
    s.add(CRYPT)
    s.next_turn()
    for flips, damage in ((["won", "lost"], 3), (["lost", "lost"], 6), (["won", "won"], 0)):
        life = s.life()
        s.next_turn(choices={"coin_flips": flips})
        assert life - s.life() == damage
        s.next_turn()                            # (the opponent's turn: no flip)
    s.next_turn(choices={"coin_flips": ["lost", "lost"]})
    with pytest.raises(ArgumentError, match="coin_flips"):
        s.next_turn(choices={"coin_flips": ["lost"]})   # (the opponent's upkeep: no flip)


def test_705_1_the_goldfishs_flip_is_read_from_mana_crypts_words():
    """The upkeep's two sentences are one phrase: the flip, and the damage only if it is lost."""
    from mtgsim.cards.oracle import OracleCard, OracleFace
    from mtgsim.cards.recognize import recognize
    text = ("At the beginning of your upkeep, flip a coin. If you lose the flip, ~ deals 3 damage to you.\n"
            "{T}: Add {C}{C}.")
    read = recognize(OracleCard("X", "normal", (OracleFace("X", "{0}", "Artifact", text, None, None),)))
    assert {"kind": "trigger", "event": "your_upkeep", "damage_to_you_if_flip_lost": 3} in read.table["abilities"]
