"""Creature lands in the goldfish (issue 30 item 6): the play policy animates a land ("until end of turn,
this land becomes a 2/2 creature ... It's still a land", 613.1d) only to attack with it, with the mana its
spells left, paid by lands that don't attack; checked against exact arithmetic."""
import re

from mtgsim import Deck, MulliganPolicy, PlayPolicy, card, simulate
from mtgsim.simulate import trace

from creature_land_cards import DEN, FORTRESS

# Mutavault as the recognizer reads its oracle text (tests/cards/test_recognize_families.py)
MUTAVAULT = card("Mutavault", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}", "becomes": ["Creature"], "all_creature_types": True, "becomes_power": 2,
     "becomes_toughness": 2}])
ALL_VAULTS = Deck({MUTAVAULT: 60})


def _attacks(text):
    """Per game, the damage of each turn's attack, off a trace."""
    return [[int(d) for d in re.findall(r"attack (\d+)", game)] for game in text.split("game ")[1:]]


def test_611_2_302_6_all_mutavaults_deal_two_for_each_pair_of_lands():
    """On turn t the player has t Mutavaults, t - 1 of them under their control since the turn began
    (302.6: the new one can't attack). Each attacker needs {1} from a land that doesn't attack, so at most
    floor(t/2) attack: 2 x floor(t/2) damage, exactly, in every game (no randomness: every card is one)."""
    text = trace(ALL_VAULTS, games=4, turns=8, seed=5, mulligan=MulliganPolicy.never())
    assert _attacks(text) == [[2 * (t // 2) for t in range(1, 9)]] * 4


def test_the_kill_turn_of_all_mutavaults_is_the_exact_one():
    """Cumulative damage 2, 4, 8, 12, 18, 24 on turns 2..7: the kill on turn 7 in every game."""
    res = simulate(ALL_VAULTS, games=200, turns=10, seed=1, threads=1, mulligan=MulliganPolicy.never())
    assert res.kill_turn.p_by(6).value == 0
    assert res.kill_turn.p_by(7).value == 1


def test_a_land_is_not_animated_without_an_attack():
    """508.1a: the policy animates only to attack; without attacks it never pays for it."""
    text = trace(ALL_VAULTS, games=2, turns=5, seed=5, mulligan=MulliganPolicy.never(),
                 policy=PlayPolicy(attack=False))
    assert "activate" not in text


def test_spells_get_the_mana_first():
    """The animation is activated after the turn's spells (use_abilities follows cast_spells): in every
    turn, no cast comes after an activation."""
    bear = card("Test Bear", "{1}{R}", "Creature — Bear", "2/2")
    text = trace(Deck({MUTAVAULT: 20, "Mountain": 20, bear: 20}), games=6, turns=8, seed=3,
                 mulligan=MulliganPolicy.never())
    turns = [line for line in text.splitlines() if line.strip().startswith("turn")]
    assert any("activate Mutavault" in line for line in turns)
    assert any("cast Test Bear" in line for line in turns)
    for line in turns:
        if "activate" in line:
            assert "cast" not in line[line.index("activate"):], line


def test_611_2_302_6_a_land_that_could_attack_pays_for_another_only_when_nothing_else_can():
    """Mutavaults with Mountains: the planner pays {1} with a colourless source to keep red, so it would tap
    a Mutavault that could attack rather than a Mountain; the policy keeps such lands out of the payment
    while anything else can pay. With `a` Mutavaults there since the turn began (302.6) among `n` lands,
    min(a, n // 2) attack, on every turn of every game."""
    text = trace(Deck({MUTAVAULT: 30, "Mountain": 30}), games=20, turns=10, seed=2, mulligan=MulliganPolicy.never())
    for game in text.split("game ")[1:]:
        played = re.findall(r"; land (\w+);", game)
        attacks = [int(d) for d in re.findall(r"attack (\d+)", game)]
        assert len(played) == len(attacks) == 10
        for turn in range(1, 11):
            there = played[:turn - 1].count("Mutavault")
            assert attacks[turn - 1] == 2 * min(there, turn // 2), (turn, played, attacks)


def _turns(text):
    """Per turn of every game in a trace: (the hand, the land played)."""
    return re.findall(r"hand \[([^]]*)\]; land ([^;]+);", text)


def test_305_2_a_creature_land_is_played_before_a_land_that_does_no_more():
    """With nothing in the deck needing a colour, a Mutavault and a Mountain score alike for the land drop
    but for the last tie-break: the Mutavault, which can attack from the next turn (302.6, 611.2)."""
    turns = _turns(trace(Deck({MUTAVAULT: 20, "Mountain": 40}), games=10, turns=8, seed=4,
                         mulligan=MulliganPolicy.never()))
    assert any("Mountain" in hand and "Mutavault" in hand for hand, _ in turns)
    for hand, land in turns:
        assert land == ("Mutavault" if "Mutavault" in hand else "Mountain"), (hand, land)


def test_305_2_a_land_that_lets_a_spell_be_cast_comes_before_the_creature_land():
    """On turn 1, with a red one-drop in hand, the Mountain (a spell castable now) beats the Mutavault."""
    goblin = card("Test Goblin", "{R}", "Creature — Goblin", "1/1")
    turns = _turns(trace(Deck({MUTAVAULT: 20, "Mountain": 20, goblin: 20}), games=30, turns=1, seed=6,
                         mulligan=MulliganPolicy.never()))
    both = [land for hand, land in turns if "Mutavault" in hand and "Mountain" in hand and "Test Goblin" in hand]
    assert both and set(both) == {"Mountain"}

def test_508_1m_all_restless_fortresses_drain_two_with_each_attack():
    """Restless Fortress enters tapped: on turn t the player has t - 1 untapped Fortresses, each controlled since
    the turn began (302.6). Each animation costs {2}{W}{B} from four others, so floor((t - 1) / 5) attack; each
    deals 1 (510.1) and, declared an attacker, drains 2 (508.1m): the opponent loses 3 per attacker, exactly, in
    every game."""
    text = trace(Deck({FORTRESS: 60}), games=3, turns=11, seed=5, mulligan=MulliganPolicy.never())
    life, expected = 20, []
    for t in range(1, 12):
        life -= 3 * ((t - 1) // 5)
        expected.append(((t - 1) // 5, life))
    for game in text.split("game ")[1:]:
        assert [(int(a), int(o)) for a, o in re.findall(r"attack (\d+); opponent (-?\d+)", game)] == expected


def test_613_1f_508_4_all_dens_of_the_bugbear_bring_a_goblin_each_attack():
    """As many Dens attack as Restless Fortresses would (one from turn 6 to 10: {3}{R} from four other lands);
    each attack makes a Goblin attacking (508.4), and the Goblins of earlier turns attack too: 3 + 1 on turn 6,
    then one more each turn: 4, 5, 6, 7 -- the kill on turn 9, in every game."""
    text = trace(Deck({DEN: 60}), games=3, turns=9, seed=3, mulligan=MulliganPolicy.never())
    for game in text.split("game ")[1:]:
        assert [int(d) for d in re.findall(r"attack (\d+)", game)] == [0, 0, 0, 0, 0, 4, 5, 6, 7]
