"""The goldfish policy makes the mana its turn can make before the turn's spells are chosen:
a fetch land is cracked as it is played (701.23, 602), rituals and Treasure are used for the
spells they let be cast. Each figure is checked against the exact (hypergeometric) value
within 4 standard errors."""
import math

import pytest

from mtgsim import Deck, MulliganPolicy, PlayPolicy, card, simulate
from mtgsim.simulate import trace

GAMES = 20_000


def run(deck, turns=1, on_play=True, policy=None, track=()):
    return simulate(deck, games=GAMES, turns=turns, seed=11, threads=1, on_play=on_play,
                    mulligan=MulliganPolicy.never(), policy=policy, track=track)


def close(est, exact):
    se = math.sqrt(exact * (1 - exact) / est.n)
    assert abs(est.value - exact) <= 4 * se + 1e-12, (est, exact)


def p_none(k, total, seen):
    """P(none of k given cards among the first `seen` of a shuffled deck of `total`):
    C(total - k, seen) / C(total, seen)."""
    return math.comb(total - k, seen) / math.comb(total, seen)


ONE_DROP = "Goblin Guide"       # {R}, 2/2 haste


@pytest.mark.parametrize("on_play", [True, False])
def test_701_23_fetch_land_cracked_on_the_turn_played_gives_mana(on_play):
    """10 Prismatic Vista, 10 Mountain, 40 Goblin Guide: a Vista played on turn 1 fetches a
    Mountain untapped (a Mountain is always left in the library), so Goblin Guide is castable
    whenever a land is in hand (1 - C(40,n)/C(60,n), n = 7 on the play, 8 on the draw) and cast
    whenever Goblin Guide is in hand too. (Before: 0.744, the Vista cracked after the spells.)"""
    deck = Deck({"Prismatic Vista": 10, "Mountain": 10, ONE_DROP: 40})
    seen = 7 if on_play else 8
    res = run(deck, on_play=on_play)
    no_land = p_none(20, 60, seen)
    close(res.p_castable(ONE_DROP, 1), 1 - no_land)
    close(res.p_cast(ONE_DROP, 1), 1 - no_land - p_none(40, 60, seen))
    assert res.mana_available(1).value == pytest.approx(1 - no_land, abs=0.02)


def test_701_23_fetch_land_that_fetches_tapped_gives_no_mana_the_turn_played():
    """10 Evolving Wilds, 10 Mountain, 40 Goblin Guide: Evolving Wilds puts the Mountain onto
    the battlefield tapped, so on turn 1 only a Mountain in hand casts Goblin Guide
    (1 - C(50,7)/C(60,7)); the Wilds is cracked all the same (the library thinned, the land
    in play)."""
    deck = Deck({"Evolving Wilds": 10, "Mountain": 10, ONE_DROP: 40})
    res = run(deck)
    close(res.p_castable(ONE_DROP, 1), 1 - p_none(10, 60, 7))
    close(res.p_cast(ONE_DROP, 1),                 # (no Mountain and no Goblin Guide: 7 Wilds)
          1 - p_none(10, 60, 7) - p_none(40, 60, 7) + math.comb(10, 7) / math.comb(60, 7))
    text = trace(Deck({"Evolving Wilds": 20, "Mountain": 10, ONE_DROP: 30}), games=10, turns=3,
                 seed=2, mulligan=MulliganPolicy.never())
    assert text.count("land Evolving Wilds") == text.count(
        "land Evolving Wilds; activate Evolving Wilds (0); mana") > 0


def test_701_23_fetch_land_finding_nothing_is_kept():
    """A fetch land whose search would find nothing (no basic land left: 701.23b, the search
    fails) is not sacrificed for nothing: it stays in play, a land."""
    deck = Deck({"Prismatic Vista": 20, ONE_DROP: 40})
    res = run(deck)
    assert res.p_castable(ONE_DROP, 1).value == 0
    assert res.lands_in_play(1).value == pytest.approx(1 - p_none(20, 60, 7), abs=0.02)
    assert "activate" not in trace(deck, games=4, turns=3, seed=2, mulligan=MulliganPolicy.never())


def test_602_fetch_lands_are_left_uncracked_when_abilities_are_not_used():
    """PlayPolicy(abilities=False) uses no activated ability, a fetch land's neither."""
    deck = Deck({"Prismatic Vista": 10, "Mountain": 10, ONE_DROP: 40})
    res = run(deck, policy=PlayPolicy(abilities=False))
    close(res.p_castable(ONE_DROP, 1), 1 - p_none(10, 60, 7))


DARK = card("Test Dark Knight", "{B}{B}{B}", "Creature — Knight", "3/3")


def test_106_4_ritual_mana_pays_for_the_spells_the_turn_chooses():
    """20 Swamp, 20 Dark Ritual, 20 creatures costing {B}{B}{B}: on turn 1 the ritual's mana
    (106.4: it stays in the pool through the main phase) casts the creature whenever the hand
    has all three (inclusion-exclusion over the three kinds)."""
    deck = Deck({"Swamp": 20, "Dark Ritual": 20, DARK: 20})
    res = run(deck)
    exact = 1 - 3 * p_none(20, 60, 7) + 3 * p_none(40, 60, 7)
    close(res.p_cast(DARK.name, 1), exact)


MAKER = card("Test Treasure Maker", "{0}", "Sorcery",
             abilities=[{"kind": "spell", "tokens": {"Treasure": 1}}])


def test_111_10a_treasure_made_this_turn_pays_for_its_spells():
    """No lands: 20 {0} sorceries making a Treasure, 40 Goblin Guide: the Treasure's mana
    (111.10a: "{T}, Sacrifice this token: Add one mana of any color") casts Goblin Guide on
    turn 1 whenever both are in hand."""
    deck = Deck({MAKER: 20, ONE_DROP: 40})
    res = run(deck)
    close(res.p_cast(ONE_DROP, 1), 1 - p_none(20, 60, 7) - p_none(40, 60, 7))


def test_701_23_fetch_land_finds_the_basic_land_the_hand_needs():
    """10 Prismatic Vista, 10 Island, 10 Mountain, 30 Goblin Guide: the player searching
    chooses the land (701.23), and chooses a Mountain (the colour Goblin Guide asks for), so a
    Vista or a Mountain in hand makes Goblin Guide castable on turn 1 (1 - C(40,7)/C(60,7)),
    and cast when it is in hand too; a Vista is played over an Island (it makes Goblin Guide
    castable). (The first basic land in the library's order finds an Island half the time.)"""
    deck = Deck({"Prismatic Vista": 10, "Island": 10, "Mountain": 10, ONE_DROP: 30})
    res = run(deck)
    close(res.p_castable(ONE_DROP, 1), 1 - p_none(20, 60, 7))
    close(res.p_cast(ONE_DROP, 1),
          1 - p_none(20, 60, 7) - p_none(30, 60, 7) + math.comb(10, 7) / math.comb(60, 7))


SCOUT = card("Test Scout Spell", "{0}", "Sorcery",
             abilities=[{"kind": "spell", "lands_to_battlefield": 1, "lands_tapped": False}])


def test_701_23_a_spell_searching_for_a_land_finds_the_one_the_hand_needs():
    """20 {0} sorceries putting a basic land onto the battlefield untapped, 10 Forest, 10
    Mountain, 20 Goblin Guide: the search finds a Mountain (the player's choice, 701.23), so
    Goblin Guide is cast on turn 1 whenever it is in hand with a Mountain or the sorcery
    (inclusion-exclusion; the first basic land in the library finds a Forest half the time)."""
    deck = Deck({SCOUT: 20, "Forest": 10, "Mountain": 10, ONE_DROP: 20})
    res = run(deck)
    close(res.p_cast(ONE_DROP, 1), 1 - p_none(20, 60, 7) - p_none(30, 60, 7) + p_none(50, 60, 7))
