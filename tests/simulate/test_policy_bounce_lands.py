"""A bounce land (Simic Growth Chamber: "This land enters tapped. When this land enters, return
a land you control to its owner's hand. {T}: Add {G}{U}.") loses no mana the turn it is played:
the goldfish taps the land it returns for mana while the return is on the stack (605.3a: a mana
ability may be activated whenever the player has priority), and that mana stays in the pool
through the main phase (106.4), paying for the turn's spells and counted by "mana available"
and "castable" (docs/metrics.md). Each figure is checked against its exact (hypergeometric)
value within 4 standard errors."""
import itertools
import math
from fractions import Fraction

import pytest
from replay import replay, traced_games

from mtgsim import Deck, MulliganPolicy, Scenario, _core, card, simulate
from mtgsim.simulate import trace

GAMES = 20_000
KAROO = "Simic Growth Chamber"
TAPPED = int(_core.PermanentFlag.PF_TAPPED)


def run(deck, turns=2):
    return simulate(deck, games=GAMES, turns=turns, seed=11, threads=1, on_play=True,
                    mulligan=MulliganPolicy.never())


def close(est, exact, sd):
    assert abs(est.value - exact) <= 4 * sd / math.sqrt(est.n) + 1e-12, (est, exact)


def close_p(est, exact):
    close(est, exact, math.sqrt(exact * (1 - exact)))


def first_eight(counts):
    """Every opening of 7 cards (kind -> copies) with the 8th card's kind (the turn 2 draw on
    the play), and its exact probability."""
    kinds, total = list(counts), sum(counts.values())
    for combo in itertools.product(*(range(min(counts[k], 7) + 1) for k in kinds)):
        if sum(combo) != 7:
            continue
        hand = dict(zip(kinds, combo))
        p = Fraction(math.prod(math.comb(counts[k], c) for k, c in hand.items()), math.comb(total, 7))
        for k in kinds:
            if counts[k] > hand[k]:
                yield hand, k, p * Fraction(counts[k] - hand[k], total - 7)


def test_605_3a_the_land_returned_is_tapped_for_mana_first():
    """4 Forest, 36 Simic Growth Chamber, on the play: a Forest is played whenever one is in
    hand (it enters untapped; no spell asks for blue). On turn 2, after a Forest on turn 1 and
    no other Forest among the 8 cards, the Chamber is played (tapped) and returns the Forest,
    tapped for {G} first: mana available = 1 (the Forest before) + 0 (the Chamber, tapped) and
    the Forest's mana kept in the pool, as with a second Forest in hand less one. So mana
    available on turn 2 is 2 P(2+ Forests in 8) + P(1 Forest in 8); lands in play too (then
    the Chamber instead of the Forest). (Before: 0.41, the Forest's mana lost.)"""
    deck = Deck({"Forest": 4, KAROO: 36})
    p1 = math.comb(4, 1) * math.comb(36, 7) / math.comb(40, 8)
    p2 = 1 - p1 - math.comb(36, 8) / math.comb(40, 8)
    mean = 2 * p2 + p1
    sd = math.sqrt(4 * p2 + p1 - mean * mean)
    res = run(deck)
    close(res.mana_available(2), mean, sd)
    close(res.lands_in_play(2), mean, sd)
    text = trace(deck, games=20, turns=2, seed=3, mulligan=MulliganPolicy.never())
    assert f"land {KAROO}; return Forest (tapped for mana first); mana 1" in text


MERFOLK = card("Test Merfolk", "{1}{U}", "Creature — Merfolk", "2/2")


@pytest.mark.parametrize("land, two_drop", [("Forest", "Grizzly Bears"), ("Breeding Pool", MERFOLK)])
def test_106_4_a_two_drop_cast_on_turn_2_with_a_bounce_land_played_over_a_land(land, two_drop):
    """6 Forest, 14 Simic Growth Chamber, 10 Llanowar Elves, 10 Grizzly Bears ({1}{G}), on the
    play: with a Forest and the Elves on turn 1, a Chamber played on turn 2 returns the Forest
    tapped for {G} first, and the Elves make the second mana: Grizzly Bears is castable (and
    cast if in hand), as it is with a second Forest or no land played. Without the Elves on
    turn 1 only a second Forest makes it castable. So castable on turn 2 = P(Forest and Elves
    in 7) + P(Forest in 7, no Elves in 7, 2+ Forests in 8), cast = the same with Bears in 8
    (the policy casts the one spending the most mana first). (Before: 0.35 and 0.31, the
    Forest's mana lost.) The same with Breeding Pool (paid for untapped) and a {1}{U} two-drop:
    the Pool returned is tapped for {U}, the colour that lets the two-drop be cast (the Elves
    make {G})."""
    name = getattr(two_drop, "name", two_drop)
    counts = {land: 6, KAROO: 14, "Llanowar Elves": 10, two_drop: 10}
    castable = cast = Fraction(0)
    for hand, eighth, p in first_eight(counts):
        lands = hand[land] + (eighth == land)
        drops = hand[two_drop] + (eighth == two_drop)
        two = hand[land] >= 1 and (hand["Llanowar Elves"] >= 1 or lands >= 2)
        castable += p * two
        cast += p * (two and drops >= 1)
    res = run(Deck(counts))
    close_p(res.p_castable(name, 2), float(castable))
    close_p(res.p_cast(name, 2), float(cast))


def test_bounce_land_with_no_other_land_returns_itself_and_makes_no_mana():
    """Simic Growth Chamber's ruling: it must return a land, itself if it is the only one
    (it entered tapped: no mana). 20 Chambers, 40 Grizzly Bears: no land ever stays in play,
    no mana is ever available."""
    deck = Deck({KAROO: 20, "Grizzly Bears": 40})
    res = run(deck, turns=3)
    for t in (1, 2, 3):
        assert res.lands_in_play(t).value == 0
        assert res.mana_available(t).value == 0
    text = trace(deck, games=5, turns=3, seed=2, mulligan=MulliganPolicy.never())
    assert f"land {KAROO}; return {KAROO}; mana 0" in text
    assert "tapped for mana first" not in text


def test_the_land_returned_is_a_forest_over_another_bounce_land():
    """The land returned is the player's choice: not the bounce land itself while another land
    is there, then the one making the least mana (a Forest, {G}, before an untapped Chamber,
    {G}{U}), tapped for its mana first if untapped (and only then: a land tapped already gives
    nothing more). Checked on the games' states step by step; the games replay through
    Scenario (tapping the land, then play_land(bounce=...)) to the same states."""
    deck = Deck({"Forest": 8, KAROO: 32})
    games = traced_games(deck, 30, 6, 5, mulligan=MulliganPolicy.never())
    seen = 0
    for game in games:
        for before, step in zip(game.steps, game.steps[1:]):
            if step.action != "land" or "bounce" not in step.args:
                continue
            board = before.state.permanents
            names = [name for name, _, _ in board]
            k = step.args["bounce"]
            returned = names[k] if k < len(names) else step.args["card"]
            if "Forest" in names:
                assert returned == "Forest"
                seen += 1
                assert bool(step.args["tapped"]) == (not board[k][1] & TAPPED)
            elif names:
                assert returned == KAROO and k < len(names)
            else:
                assert returned == KAROO and k == 0
        assert replay(deck, game, on_play=True) is None
    assert seen > 10


def test_scenario_taps_only_what_its_user_taps():
    """Scenario.play_land with a bounce land returns the land chosen (`bounce`) untapped: a
    Scenario's user taps what they choose (tap_for_mana) — before, as while the return is on
    the stack (605.3a), the mana staying in the pool (106.4)."""
    s = Scenario()
    forest = s.add("Forest")
    s.add_to_hand(KAROO)
    s.play_land(KAROO, bounce=forest)
    assert s.hand() == ["Forest"] and not any(s.pool().values())
    s = Scenario()
    forest = s.add("Forest")
    s.add_to_hand(KAROO)
    s.tap_for_mana(forest)
    s.play_land(KAROO, bounce=forest)
    assert s.hand() == ["Forest"] and s.pool()["G"] == 1
