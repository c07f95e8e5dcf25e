"""The top of the library: scry (701.22), surveil (701.25), cycling (702.29) and "look at the
top N cards, put K of them into your hand and the rest on the bottom" (Impulse: 401.2, the
library seen only as the effect allows; 608.2c); an effect that draws and looks, in its ops'
order (608.2c).

In a Scenario the library is in order and the caller makes the choices (`keep_on_top`, one
True/False per card looked at, from the top). The goldfish draws at random from the library's
unseen part: looking at its top takes random unseen cards onto a known top that later draws
take first, the cards put on the bottom are drawn last; the play policy decides what stays
on top (wanted_card, docs/rules-core.md) and which cards in hand are cycled (worth_cycling).
The goldfish's numbers are checked against exact probabilities worked out here."""
import json
import re
from itertools import pairwise
from math import comb, sqrt

import numpy as np
import pytest
from replay import replay, traced_games

from mtgsim import (
    ArgumentError,
    CardDataError,
    Deck,
    MulliganPolicy,
    PlayPolicy,
    RulesError,
    Scenario,
    _core,
    card,
    simulate,
)
from mtgsim.cli import main
from mtgsim.compile import MAX_LOOK
from mtgsim.simulate import trace

NEVER = MulliganPolicy.never()
TEMPLE = card("Test Temple", "", "Land", text="When this land enters, scry 1.\n{T}: Add {W}.",
              abilities=[{"kind": "mana", "cost": "{T}", "mana": "{W}"},
                         {"kind": "trigger", "event": "self_enters", "scry": 1}])
GROTTO = card("Test Grotto", "", "Land", text="When this land enters, surveil 1.\n{T}: Add {W}.",
              abilities=[{"kind": "mana", "cost": "{T}", "mana": "{W}"},
                         {"kind": "trigger", "event": "self_enters", "surveil": 1}])
LOOKOUT = card("Test Lookout", "", "Land", text="{T}: Add {W}.\n{1}, {T}: Surveil 1.",
               abilities=[{"kind": "mana", "cost": "{T}", "mana": "{W}"},
                          {"kind": "activated", "cost": "{1}, {T}", "surveil": 1}])
PREORDAIN = card("Test Preordain", "{W}", "Sorcery", text="Scry 2, then draw a card.",
                 abilities=[{"kind": "spell", "scry": 2, "draw": 1}])
BARREN = card("Test Barren Moor", "", "Land", text="{T}: Add {W}.\nCycling {1}", cycling="{1}",
              abilities=[{"kind": "mana", "cost": "{T}", "mana": "{W}"}])
ABOMINATION = card("Test Abomination", "{5}{W}", "Creature — Horror", "5/3", text="Plainscycling {2}",
                   cycling="{2}", typecycling="Plains")
DRIFTER = card("Test Drifter", "{5}{W}", "Creature — Horror", "5/3", text="Basic landcycling {1}",
               cycling="{1}", typecycling="basic land")
BIG = card("Test Big", "{6}", "Artifact")         # never castable in the games below
BEAR = card("Test Bear", "{1}{W}", "Creature — Bear", "2/2")


def scenario(library_top_first, hand=(), lands=0):
    s = Scenario()
    for name in reversed(library_top_first):
        s.add_to_library(name)
    for name in hand:
        s.add_to_hand(name)
    for _ in range(lands):
        s.add("Plains")
    return s


def library_top_first(s):
    return list(reversed(s._libraries[0]))


# ---- scry and surveil in a Scenario: the caller's choices ---------------------------------------

def test_701_22a_scry_puts_the_cards_not_kept_on_the_bottom_and_the_rest_stay_on_top():
    s = scenario(["Island", "Swamp", "Mountain", "Forest"], hand=[PREORDAIN], lands=1)
    s.cast(PREORDAIN, keep_on_top=[False, True])         # Island to the bottom, Swamp kept
    assert s.hand() == ["Swamp"]                                  # then the draw takes the top card
    assert library_top_first(s) == ["Mountain", "Forest", "Island"]


def test_701_22a_scry_keeps_every_card_on_top_in_its_order_by_default():
    s = scenario(["Island", "Swamp", "Mountain"], hand=[PREORDAIN], lands=1)
    s.cast(PREORDAIN)
    assert s.hand() == ["Island"]
    assert library_top_first(s) == ["Swamp", "Mountain"]


def test_701_22a_the_cards_put_on_the_bottom_go_under_the_library_in_the_order_looked_at():
    s = scenario(["Island", "Swamp", "Mountain", "Forest"], hand=[PREORDAIN], lands=1)
    s.cast(PREORDAIN, keep_on_top=[False, False])
    assert s.hand() == ["Mountain"]
    assert library_top_first(s) == ["Forest", "Island", "Swamp"]


def test_701_22a_a_land_that_scries_as_it_enters():
    s = scenario(["Island", "Swamp"])
    s.play_land(TEMPLE, keep_on_top=[False])
    assert library_top_first(s) == ["Swamp", "Island"]


def test_701_25a_surveil_puts_the_cards_not_kept_into_the_graveyard():
    s = scenario(["Island", "Swamp"])
    s.play_land(GROTTO, keep_on_top=[False])
    assert s.graveyard() == ["Island"] and library_top_first(s) == ["Swamp"]


def test_701_25a_an_activated_surveil_ability():
    s = scenario(["Island", "Swamp"], lands=1)
    s.play_land(LOOKOUT)
    s.activate(s.battlefield()[-1], 0, keep_on_top=[False])   # {1} from the Plains, {T} itself
    assert s.graveyard() == ["Island"] and library_top_first(s) == ["Swamp"]
    assert all(s.is_tapped(p) for p in s.battlefield())


def test_701_22a_scry_with_fewer_cards_in_the_library_looks_at_all_of_them():
    s = scenario(["Island"], hand=[PREORDAIN], lands=1)
    s.cast(PREORDAIN, keep_on_top=[False])
    assert s.hand() == ["Island"] and library_top_first(s) == []


def test_701_22a_keep_on_top_for_more_cards_than_the_scry_looked_at_is_refused():
    """The one card scry 2 looks at in a one-card library (701.22a): a second True/False given
    answers nothing, so it is an ArgumentError, and nothing is done."""
    s = scenario(["Island"], hand=[PREORDAIN], lands=1)
    with pytest.raises(ArgumentError, match=r"keep_on_top: 2 cards given; cast's scries and surveils looked at 1"):
        s.cast(PREORDAIN, keep_on_top=[False, False])
    assert s.hand() == [PREORDAIN.name] and library_top_first(s) == ["Island"]


def test_keep_on_top_must_be_a_list_of_true_or_false():
    s = scenario(["Island"], hand=[PREORDAIN], lands=1)
    for bad in ("top", [1, 0], True, [True] * 65):
        with pytest.raises(ArgumentError, match="keep_on_top"):
            s.cast(PREORDAIN, keep_on_top=bad)
    assert s.hand() == [PREORDAIN.name]                    # (nothing was done)


# ---- "look at the top N, put K into your hand, the rest on the bottom" (Impulse) -----------------

IMPULSE = card("Test Impulse", "{W}", "Instant", abilities=[{"kind": "spell", "look_to_hand": 4, "to_hand": 1}])
STOCK_UP = card("Test Stock Up", "{W}", "Sorcery", abilities=[{"kind": "spell", "look_to_hand": 5, "to_hand": 2}])
SEER_LAND = card("Test Seer Land", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{W}"},
    {"kind": "trigger", "event": "self_enters", "look_to_hand": 2, "to_hand": 1}])


def test_401_2_impulse_puts_the_chosen_card_into_the_hand_and_the_rest_on_the_bottom_in_the_order_looked_at():
    """401.2: the library is seen only as the effect allows: the top four. The caller's
    `to_hand` (positions in the look, 0 its top card) says which goes to the hand; the rest go
    under the library "in any order", the simulator's being the order looked at (608.2c)."""
    s = scenario(["Island", "Swamp", "Mountain", "Forest", "Wastes"], hand=[IMPULSE], lands=1)
    s.cast(IMPULSE, to_hand=[2])
    assert s.hand() == ["Mountain"]
    assert library_top_first(s) == ["Wastes", "Island", "Swamp", "Forest"]


def test_401_2_impulse_takes_the_top_card_by_default():
    s = scenario(["Island", "Swamp", "Mountain", "Forest", "Wastes"], hand=[IMPULSE], lands=1)
    s.cast(IMPULSE)
    assert s.hand() == ["Island"]
    assert library_top_first(s) == ["Wastes", "Swamp", "Mountain", "Forest"]


def test_401_2_put_two_of_them_takes_the_first_two_chosen_then_the_top_ones():
    """K = 2: the positions chosen, and the top cards not chosen if fewer are given."""
    s = scenario(["Island", "Swamp", "Mountain", "Forest", "Wastes", "Plains"], hand=[STOCK_UP], lands=1)
    s.cast(STOCK_UP, to_hand=[4, 1])
    assert sorted(s.hand()) == ["Swamp", "Wastes"]
    assert library_top_first(s) == ["Plains", "Island", "Mountain", "Forest"]
    s = scenario(["Island", "Swamp", "Mountain", "Forest", "Wastes"], hand=[STOCK_UP], lands=1)
    s.cast(STOCK_UP, to_hand=[3])
    assert sorted(s.hand()) == ["Forest", "Island"]
    assert library_top_first(s) == ["Swamp", "Mountain", "Wastes"]


def test_401_2_more_places_than_the_look_takes_or_a_place_past_it_is_refused():
    """Three places for "put two of them into your hand", or a place past the cards looked at
    (five of them; two in a two-card library): an ArgumentError naming it, and nothing is done."""
    for library, given, why in ((["Island", "Swamp", "Mountain", "Forest", "Wastes", "Plains"], [4, 1, 0],
                                 r"to_hand: 3 cards given; the effect takes 2"),
                                (["Island", "Swamp", "Mountain", "Forest", "Wastes", "Plains"], [5],
                                 r"to_hand: place 5 is past the 5 cards the effect looked at"),
                                (["Island", "Swamp"], [2], r"to_hand: place 2 is past the 2 cards")):
        s = scenario(library, hand=[STOCK_UP], lands=1)
        with pytest.raises(ArgumentError, match=why):
            s.cast(STOCK_UP, to_hand=given)
        assert s.hand() == [STOCK_UP.name] and library_top_first(s) == library


def test_401_2_a_look_at_a_library_with_fewer_cards_looks_at_all_of_them():
    s = scenario(["Island", "Swamp"], hand=[IMPULSE], lands=1)
    s.cast(IMPULSE, to_hand=[1])
    assert s.hand() == ["Swamp"] and library_top_first(s) == ["Island"]
    s = scenario([], hand=[IMPULSE], lands=1)
    s.cast(IMPULSE)
    assert s.hand() == [] and library_top_first(s) == []


def test_401_2_a_land_whose_entering_trigger_looks():
    s = scenario(["Island", "Swamp", "Mountain"])
    s.play_land(SEER_LAND)
    assert s.hand() == ["Island"] and library_top_first(s) == ["Mountain", "Swamp"]


def test_to_hand_must_be_distinct_positions_in_the_look():
    s = scenario(["Island"], hand=[IMPULSE], lands=1)
    for bad in ("top", [True], [-1], [64], [1, 1], 2):
        with pytest.raises(ArgumentError, match="to_hand"):
            s.cast(IMPULSE, to_hand=bad)
    assert s.hand() == [IMPULSE.name]                      # (nothing was done)


def test_look_to_hand_bounds_name_card_and_field():
    with pytest.raises(CardDataError, match="look_to_hand must be 0..64") as e:
        card("Test Huge Look", "{U}", "Sorcery", abilities=[{"kind": "spell", "look_to_hand": 65}])
    assert e.value.card == "Test Huge Look" and e.value.field == "abilities[0].effect.look_to_hand"
    with pytest.raises(CardDataError, match="to_hand must be 1..64"):
        card("Test No Take", "{U}", "Sorcery", abilities=[{"kind": "spell", "look_to_hand": 3, "to_hand": 0}])


@pytest.mark.parametrize("effect, field", [
    ({"look_to_hand": 3, "to_hand": 4}, "abilities[0].effect.to_hand"),
    ({"effect": [{"draw": 1}, {"look_to_hand": 2, "to_hand": 3}]}, "abilities[0].effect[1].to_hand"),
])
def test_401_2_putting_more_cards_into_the_hand_than_the_look_sees_is_refused_at_load(effect, field):
    """"Look at the top 3, put 4 of them into your hand" is no effect: refused as the card
    loads, naming card and field (the kernel would take the 3 silently)."""
    with pytest.raises(CardDataError, match=re.escape("to_hand must be at most look_to_hand")) as e:
        card("Test Greedy Look", "{U}", "Sorcery", abilities=[{"kind": "spell", **effect}])
    assert e.value.card == "Test Greedy Look" and e.value.field == field
    assert card("Test Whole Look", "{U}", "Sorcery", abilities=[{"kind": "spell", "look_to_hand": 3, "to_hand": 3}])


def test_the_goldfish_takes_a_land_from_a_look_while_lands_are_wanted_else_the_castable_spell():
    """The policy's pick (card_to_take): 20 lands that look at the top two as they enter (one to
    the hand, one to the bottom) and 20 cards of mana value 6, on the play, no mulligan. On
    turn 1, with h lands among the seven (h >= 1: one played), lands are wanted while h < 6 (the
    land goal): the 6-drop is taken only if both cards looked at are 6-drops; with h >= 6 the
    6-drop is castable soon (6 <= h + 1) and is taken unless both are lands. Taking the top card
    would take the 6-drop with the chance of one card being it; the counts differ by far more
    than the tolerance."""
    text = "".join(trace(Deck({SEER_LAND: 20, BIG: 20}), games=100, turns=2, seed=seed, mulligan=NEVER)
                   for seed in range(6))
    taken_big, exact, top, n = 0, 0.0, 0.0, 0
    for game in text.split("game ")[1:]:
        turns = [line for line in game.splitlines() if line.strip().startswith("turn ")]
        hands = [line.split("hand [")[1].split("]")[0].split(", ") for line in turns]
        drawn = turns[1].split("draw ")[1].split(";")[0]
        lands, bigs = hands[0].count(SEER_LAND.name), hands[0].count(BIG.name)
        if lands == 0:
            continue
        n += 1
        taken_big += hands[1].count(BIG.name) - bigs - (drawn == BIG.name)
        left_big, left = 20 - bigs, 33
        both_big = left_big / left * (left_big - 1) / (left - 1)
        both_land = (20 - lands) / left * (19 - lands) / (left - 1)
        exact += both_big if lands < 6 else 1 - both_land
        top += left_big / left
    sd = sqrt(n / 4)
    assert abs(taken_big - exact) <= 4 * sd
    assert abs(taken_big - top) > 4 * sd


SEER_TOWER = card("Test Seer Tower", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{W}"},
    {"kind": "activated", "cost": "{1}, {T}", "look_to_hand": 3, "to_hand": 1}])


def test_401_2_goldfish_games_that_look_and_take_cards_into_the_hand_replay_through_scenario():
    """The goldfish's looks are traced card by card in the order looked at, each to the hand or
    the bottom (TR_MOVED, the op's word "look"), so a traced game with Impulse, Stock Up, a
    land that looks as it enters and an activated look replays through Scenario with the
    policy's picks as the "to_hand" choice."""
    deck = Deck({IMPULSE: 10, STOCK_UP: 8, BEAR: 14, SEER_TOWER: 6, SEER_LAND: 6, "Plains": 16})
    text = trace(deck, games=1, turns=1, seed=1, mulligan=NEVER)
    assert ": hand" in text and ": bottom" in text and "look " in text
    games = traced_games(deck, games=12, turns=8, seed=2026, on_play=True)
    steps = [step for game in games for step in game.steps[:game.until] if "to_hand" in step.args]
    assert {step.action for step in steps} == {"cast", "activate", "land"}
    assert any(sum(step.args["to_hand"]) == 2 for step in steps)
    assert any(not step.args["to_hand"][0] for step in steps)       # (not always the top card)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=True))]
    assert not failures, "\n".join(failures)


# ---- cycling in a Scenario ---------------------------------------------------------------------

def test_702_29a_cycling_pays_discards_the_card_and_draws():
    s = scenario(["Island", "Swamp"], hand=[BARREN], lands=1)
    s.cycle(BARREN)
    assert s.hand() == ["Island"] and s.graveyard() == [BARREN.name]
    assert s.is_tapped(s.battlefield()[0])


def test_702_29a_cycling_needs_its_cost_paid():
    s = scenario(["Island"], hand=[BARREN])
    with pytest.raises(RulesError):
        s.cycle(BARREN)
    assert s.hand() == [BARREN.name] and s.graveyard() == []


def test_702_29a_cycling_works_only_from_the_hand():
    s = scenario(["Island"], lands=1)
    with pytest.raises(RulesError, match="702.29a"):
        s.cycle(BARREN)
    with pytest.raises(RulesError, match="702.29a: Test Bear has no cycling"):
        s.cycle(BEAR)


def test_702_29a_cycling_is_no_ability_of_the_permanent():
    s = scenario(["Island"], lands=1)
    triome = s.add("Savai Triome")
    with pytest.raises(IndexError, match="0 non-mana activated abilities"):
        s.activate(triome, 0)


def test_702_29e_typecycling_searches_for_a_land_of_its_type():
    s = scenario(["Island", "Savai Triome", "Plains", "Swamp"], hand=[ABOMINATION], lands=2)
    s.cycle(ABOMINATION)            # the first Plains card from the top: the Triome (a Plains)
    assert s.hand() == ["Savai Triome"] and s.graveyard() == [ABOMINATION.name]


def test_702_29e_basic_landcycling_finds_a_basic_land_only():
    s = scenario(["Savai Triome", "Island"], hand=[DRIFTER], lands=1)
    s.cycle(DRIFTER)
    assert s.hand() == ["Island"]


def test_typecycling_needs_cycling_and_a_type_the_vocabulary_has():
    with pytest.raises(CardDataError, match="typecycling"):
        card("Test Bad", "{1}", "Creature — Horror", "1/1", typecycling="Swamp")
    with pytest.raises(CardDataError, match="typecycling"):
        card("Test Bad", "{1}", "Creature — Horror", "1/1", cycling="{1}", typecycling="Wizard")


def test_a_scry_past_what_one_look_holds_is_a_clear_error():
    assert MAX_LOOK == _core.MAX_LOOK == 64
    with pytest.raises(CardDataError, match="scry must be 0..64") as e:    # (the vocabulary's bound, as it loads)
        card("Test Huge Scry", "{U}", "Sorcery", abilities=[{"kind": "spell", "scry": 65}])
    assert e.value.card == "Test Huge Scry" and e.value.field == "abilities[0].effect.scry"


# ---- an ordered effect: the order written (608.2c) ------------------------------------------------

def test_608_2c_an_ordered_effect_is_carried_out_in_the_order_written():
    """"Draw a card, then scry 1": the draw takes the top card, the scry looks at the next."""
    spell = card("Test Draw Then Scry", "{W}", "Sorcery",
                 abilities=[{"kind": "spell", "effect": [{"draw": 1}, {"scry": 1}]}])
    s = scenario(["Swamp", "Mountain", "Forest"], hand=[spell], lands=1)
    s.cast(spell, keep_on_top=[False])                # Mountain looked at, put on the bottom
    assert s.hand() == ["Swamp"]
    assert library_top_first(s) == ["Forest", "Mountain"]


def test_608_2c_the_flat_form_runs_in_the_vocabularys_order_whatever_order_it_is_written_in():
    """{ draw = 1, scry = 1 } scries first (the canonical order): the draw takes the card kept."""
    spell = card("Test Flat", "{W}", "Sorcery", abilities=[{"kind": "spell", "draw": 1, "scry": 1}])
    s = scenario(["Swamp", "Mountain", "Forest"], hand=[spell], lands=1)
    s.cast(spell, keep_on_top=[False])                # Swamp looked at, put on the bottom
    assert s.hand() == ["Mountain"]
    assert library_top_first(s) == ["Forest", "Swamp"]


# ---- the goldfish: exact probabilities ------------------------------------------------------------

def _hyper(k, good, n=40, hand=7):
    return comb(good, k) * comb(n - good, hand - k) / comb(n, hand)


def _within(count, games, exact, sds=4):
    p = count / games
    return abs(p - exact) <= sds * sqrt(exact * (1 - exact) / games)


@pytest.mark.parametrize("land", [TEMPLE, GROTTO])
def test_a_scry_1_land_raises_the_chance_of_the_second_land_drop_exactly_as_worked_out(land):
    """17 scry-1 (or surveil-1) lands and 23 cards of mana value 6, on the play, no mulligan.
    The second land drop is hit on turn 2 when the opening seven holds two lands, or one land
    and the turn-2 draw is a land. With one land, it is played on turn 1 and looks at the top
    card: a land is kept (1 land < the land goal 6), a 6-drop is not (6 > 1 + 1) and goes away,
    so the draw is the next card: P = P(h>=2) + P(h=1) (16/33 + 17/33 * 16/32), not the
    16/33 of a plain land."""
    games = 40000
    res = simulate(Deck({land: 17, BIG: 23}), games=games, turns=2, seed=11, threads=2, mulligan=NEVER)
    at_least_two = 1 - _hyper(0, 17) - _hyper(1, 17)
    exact = at_least_two + _hyper(1, 17) * (16 / 33 + 17 / 33 * 16 / 32)
    plain = at_least_two + _hyper(1, 17) * 16 / 33
    hits = int(res.metrics["hit"][1])
    assert _within(hits, games, exact)
    assert not _within(hits, games, plain)


def test_the_goldfish_keeps_a_land_on_top_only_while_lands_are_wanted():
    """The policy's rule (wanted_card, lands_wanted): a deck of scry lands and nothing else
    wants no land (its land goal is 0, no spell in hand asks for mana): every land looked at
    goes to the bottom. With 6-drops (the goal 6), lands stay on top while fewer than 6 are in
    play and in hand, and a 6-drop goes to the bottom while those lands are 4 or fewer."""
    text = trace(Deck({TEMPLE: 40}), games=10, turns=3, seed=5, mulligan=NEVER)
    looks = [part for line in text.splitlines() for part in line.split("; ") if part.startswith("scry ")]
    assert looks and set(looks) == {f"scry {TEMPLE.name}: bottom"}
    text = trace(Deck({TEMPLE: 17, BIG: 23}), games=30, turns=3, seed=5, mulligan=NEVER)
    looks = [part for line in text.splitlines() for part in line.split("; ") if part.startswith("scry ")]
    assert {f"scry {TEMPLE.name}: top", f"scry {BIG.name}: bottom"} <= set(looks)
    for game in text.split("game ")[1:]:                 # turn 1: one land in play
        for line in game.splitlines():
            if line.strip().startswith("turn 1;") and f"scry {BIG.name}: top" in line:
                assert line.split("hand [")[1].split("]")[0].count(TEMPLE.name) >= 5


def test_the_goldfish_draws_the_card_kept_on_top_next():
    text = trace(Deck({TEMPLE: 17, BIG: 23}), games=60, turns=3, seed=2, mulligan=NEVER)
    for game in text.split("game ")[1:]:
        lines = game.splitlines()
        for a, b in pairwise(lines):
            kept = [p.split(": ")[0][len("scry "):] for p in a.split("; ") if p.endswith(": top")]
            if kept and "draw " in b:
                assert b.split("draw ")[1].split(";")[0] == kept[0]


def test_the_same_seed_gives_the_same_results():
    deck = Deck({TEMPLE: 10, GROTTO: 7, BARREN: 5, PREORDAIN: 8, BEAR: 10})
    a = simulate(deck, games=3000, turns=6, seed=9, threads=2)
    b = simulate(deck, games=3000, turns=6, seed=9, threads=1)
    assert all(np.array_equal(a.metrics[k], b.metrics[k]) for k in a.metrics)


# ---- the goldfish: cycling --------------------------------------------------------------------------

def test_the_goldfish_cycles_a_land_once_its_lands_are_enough():
    """With the land goal (2: the bears' mana value) met by the lands in play and in hand, a
    cycling land in hand is cycled with the mana left; before that, it is kept and played."""
    deck = Deck({BARREN: 20, BEAR: 20})
    text = trace(deck, games=40, turns=4, seed=3, mulligan=NEVER)
    assert "cycle Test Barren Moor (1)" in text
    for game in text.split("game ")[1:]:
        for line in game.splitlines():
            if line.strip().startswith("turn 1;"):
                assert "cycle" not in line or line.count(BARREN.name) >= 3


def test_cycling_lands_measured_they_kill_sooner():
    """The cycling policy measured: 24 cycling lands, 8 two-drops, 8 three-drops (a flooding
    deck). Cycling the lands not wanted finds creatures: the goldfish kills by turn 6 in about
    93% of games, against about 87% with cycle=False (same seed; the intervals far apart)."""
    two = card("Test Two", "{1}{W}", "Creature — Bear", "2/2")
    three = card("Test Three", "{2}{W}", "Creature — Bear", "3/3")
    deck = Deck({BARREN: 24, two: 8, three: 8})
    on = simulate(deck, games=4000, turns=7, seed=4, threads=2).kill_turn.p_by(6)
    off = simulate(deck, games=4000, turns=7, seed=4, threads=2, policy=PlayPolicy(cycle=False)).kill_turn.p_by(6)
    assert on.low > off.high + 0.02


# ---- the goldfish and Scenario agree ----------------------------------------------------------------

@pytest.mark.parametrize("on_play", [True, False])
def test_goldfish_games_with_scry_surveil_and_cycling_replay_through_scenario(on_play):
    deck = Deck({TEMPLE: 8, GROTTO: 6, BARREN: 6, LOOKOUT: 4, PREORDAIN: 8, ABOMINATION: 4, BEAR: 12,
                 "Plains": 6, "Evolving Wilds": 2})
    games = traced_games(deck, games=12, turns=8, seed=2026, on_play=on_play)
    assert any("keep_on_top" in step.args for game in games for step in game.steps)
    assert any(step.action == "cycle" for game in games for step in game.steps)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=on_play))]
    assert not failures, "\n".join(failures)


def test_the_command_line_never_cycles_with_no_cycle(tmp_path):
    deck = tmp_path / "triomes.txt"
    deck.write_text("30 Savai Triome\n30 Grizzly Bears\n")
    spent = []
    for extra in ([], ["--no-cycle"]):
        out = tmp_path / f"r{len(extra)}.json"
        assert main(["simulate", str(deck), "--games", "2000", "--seed", "3", "--threads", "1", "--turns", "6",
                     "--json", str(out), *extra]) == 0
        spent.append(sum(e["value"] for e in json.loads(out.read_text())["mana_spent"]))
    assert spent[0] > spent[1]          # (a Triome cycled for {3} is mana spent)


def test_701_25a_a_card_surveiled_into_the_graveyard_may_be_cast_with_flashback():
    """The goldfish keeps of its graveyard the cards it may flash back (702.34): one put there
    by surveil is among them. A 6-drop with flashback {W}, surveiled away on turn 1 (6 > 1 + 1),
    is cast from the graveyard for {W} on turn 2, long before it could be cast from hand."""
    insight = card("Test Late Insight", "{5}{W}", "Sorcery", flashback="{W}",
                   abilities=[{"kind": "spell", "gain_life": 1}])
    text = trace(Deck({GROTTO: 20, insight: 20}), games=40, turns=2, seed=6, mulligan=NEVER)
    assert f"surveil {insight.name}: graveyard" in text
    assert any(line.strip().startswith("turn 2;") and f"cast {insight.name} (1)" in line for line in text.splitlines())


def test_702_29e_plainscycling_makes_the_third_land_drop_exactly_as_worked_out():
    """12 Plains and 28 Plainscycling {2} 6-drops, on the play, no mulligan. Let L be the Plains
    among the first eight cards (the seven and turn 2's draw). With L >= 2 the second land is
    played on turn 2, its {2} pays a Plainscycling (a land is wanted: fewer than 6; the 6-drop
    isn't castable soon), the Plains found is turn 3's land drop (when L >= 5 the hand has one
    anyway): P(3 lands on turn 3) = P(L >= 2), hypergeometric. With L <= 1 there are at most two
    lands on turn 3. Without cycling it is P(3 Plains among the first nine)."""
    games = 40000
    deck = Deck({"Plains": 12, ABOMINATION: 28})
    res = simulate(deck, games=games, turns=3, seed=12, threads=2, mulligan=NEVER)
    exact = 1 - sum(comb(12, k) * comb(28, 8 - k) for k in range(2)) / comb(40, 8)
    without = 1 - sum(comb(12, k) * comb(28, 9 - k) for k in range(3)) / comb(40, 9)
    hits = int(res.metrics["hit"][2])
    assert _within(hits, games, exact)
    assert not _within(hits, games, without)
    off = simulate(deck, games=games, turns=3, seed=12, threads=2, mulligan=NEVER, policy=PlayPolicy(cycle=False))
    assert _within(int(off.metrics["hit"][2]), games, without)
