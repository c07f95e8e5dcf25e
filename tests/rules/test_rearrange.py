"""Looking at the top of the library and putting the cards back in any order (401.4: the owner
arranges cards put into a library at the same time), or shuffling instead where the effect lets
(701.24a: "You may shuffle", Ponder), then the rest of the effect in its order (608.2c); and
putting cards from the hand on top of the library in any order (401.4: Brainstorm, after its
draws, 121.1).

In a Scenario the library is in order and the caller chooses (`choices={"top_order": ...}`: the
places in the look, 0 its top card, of the cards put back, the one to be on top first; or
"shuffle"). The goldfish's choice is its play policy's (order_on_top: shuffled if it wants none
of the cards, else the card it wants most on top, card by card), checked here against exact
probabilities. The cards a Brainstorm puts back are the caller's (`choices={"cards_to_top":
[names]}`, the one to be on top first; by default the cards last drawn, as they were), or the
goldfish's policy's (card_to_put_back: the ones it wants least, the one it wants more on top)."""
import re
from math import comb, sqrt

import pytest

from mtgsim import ArgumentError, ArgumentTypeError, CardDataError, Deck, MulliganPolicy, card
from mtgsim.simulate import trace
from test_library_top import library_top_first, scenario

PONDER = card("Test Ponder", "{W}", "Sorcery", abilities=[
    {"kind": "spell", "effect": [{"rearrange": 3, "may_shuffle": True}, {"draw": 1}]}])
TOP = card("Test Top", "{1}", "Artifact", abilities=[{"kind": "activated", "cost": "{1}", "rearrange": 3},
                                                     {"kind": "activated", "cost": "{T}", "draw": 1,
                                                      "source_to_top": True}])
BIG = card("Test Big", "{6}", "Artifact")         # never castable in the games below
BRAINSTORM = card("Test Brainstorm", "{W}", "Instant", abilities=[{"kind": "spell", "draw": 3, "hand_to_top": 2}])


def test_401_4_the_cards_looked_at_go_back_in_the_order_chosen_then_the_draw_takes_the_new_top():
    """608.2c: the rearrange before the draw. The places listed go on top in that order; the
    one not listed (the Island, place 0) under them."""
    s = scenario(["Island", "Swamp", "Mountain", "Forest"], hand=[PONDER], lands=1)
    s.cast(PONDER, choices={"top_order": [2, 1]})
    assert s.hand() == ["Mountain"]
    assert library_top_first(s) == ["Swamp", "Island", "Forest"]


def test_401_4_by_default_the_cards_go_back_as_they_were():
    s = scenario(["Island", "Swamp", "Mountain", "Forest"], hand=[PONDER], lands=1)
    s.cast(PONDER)
    assert s.hand() == ["Island"] and library_top_first(s) == ["Swamp", "Mountain", "Forest"]


def test_401_2_a_library_with_fewer_cards_is_looked_at_whole():
    s = scenario(["Island", "Swamp"], hand=[PONDER], lands=1)
    s.cast(PONDER, choices={"top_order": [1]})
    assert s.hand() == ["Swamp"] and library_top_first(s) == ["Island"]
    s = scenario([], hand=[PONDER], lands=1)
    s.cast(PONDER)
    assert s.hand() == [] and s.graveyard() == [PONDER.name]


def test_701_24a_ponder_may_shuffle_the_library_instead():
    """Shuffled: the library holds the same cards, in an order no one chose (a Scenario's is
    drawn from the game, the same for the same game)."""
    library = ["Island", "Swamp", "Mountain", "Forest", "Plains", "Wastes", "Island", "Swamp"]
    s = scenario(library, hand=[PONDER], lands=1)
    s.cast(PONDER, choices={"top_order": "shuffle"})
    after = s.hand() + library_top_first(s)
    assert sorted(after) == sorted(library) and after != library


def test_701_24a_an_effect_that_does_not_let_the_player_shuffle_puts_the_cards_back_as_they_were():
    """Sensei's Divining Top's "{1}: Look at the top three cards of your library, then put them
    back in any order" has no shuffle: "shuffle" given is refused (an ArgumentError, nothing
    done), as is a place past the three cards it looks at; the order given is kept."""
    s = scenario(["Island", "Swamp", "Mountain", "Forest"], lands=2)
    top = s.add(TOP)
    for given, why in (("shuffle", r"\"shuffle\", but the effect doesn't let the player shuffle \(701.24a\)"),
                       ([3, 0], r"place 3 is past the 3 cards the effect looked at")):
        with pytest.raises(ArgumentError, match=why):
            s.activate(top, 0, choices={"top_order": given})
        assert library_top_first(s) == ["Island", "Swamp", "Mountain", "Forest"] and not s.pool()
    s.activate(top, 0, choices={"top_order": [2, 0, 1]})
    assert library_top_first(s) == ["Mountain", "Island", "Swamp", "Forest"]


def test_top_order_must_be_distinct_places_in_the_look_or_shuffle():
    s = scenario(["Island"], hand=[PONDER], lands=1)
    for bad in ("top", [True], [-1], [64], [1, 1], 2, list(range(9))):
        with pytest.raises(ArgumentError, match="top_order"):
            s.cast(PONDER, choices={"top_order": bad})
    assert s.hand() == [PONDER.name]                       # (nothing was done)


def test_401_4_rearrange_bounds_name_card_and_field():
    with pytest.raises(CardDataError, match=re.escape("rearrange must be 0..64")) as e:
        card("Test Huge Top", "{U}", "Sorcery", abilities=[{"kind": "spell", "rearrange": 65}])
    assert e.value.card == "Test Huge Top" and e.value.field == "abilities[0].effect.rearrange"


def test_701_24a_the_goldfish_ponders_a_land_on_top_or_shuffles_away_three_cards_it_does_not_want():
    """The policy checked against exact probabilities: 12 Ponders, 30 uncastable 6-drops and 18
    Plains, on the play, no mulligan. On turn 1, with h lands (1 <= h <= 4: lands wanted, the
    6-drops not castable soon, a Ponder castable) and a Ponder in the seven, it plays a land and
    casts Ponder: of the 53 cards left, L = 18 - h lands and B 6-drops, it looks at three; a land
    among them goes on top and is drawn; else a Ponder does; three 6-drops are shuffled away and
    the draw is a land with chance L / 53. So P(land) = 1 - C(53-L, 3)/C(53, 3) + C(B, 3)/C(53,
    3) * L/53, summed over the games; never shuffling would draw fewer lands by far more than
    the tolerance."""
    text = "".join(trace(Deck({PONDER: 12, BIG: 30, "Plains": 18}), games=100, turns=1, seed=seed,
                         mulligan=MulliganPolicy.never()) for seed in range(40))
    n, lands, exact, kept = 0, 0, 0.0, 0.0
    for game in text.split("game ")[1:]:
        line = next(t for t in game.splitlines() if t.strip().startswith("turn 1;"))
        hand = line.split("hand [")[1].split("]")[0].split(", ")
        h, b = hand.count("Plains"), hand.count(BIG.name)
        if not (1 <= h <= 4 and PONDER.name in hand):
            continue
        n += 1
        lands += line.split(f"cast {PONDER.name}")[1].split("draw ")[1].split(";")[0] == "Plains"
        left, big = 18 - h, 30 - b
        none = comb(53 - left, 3) / comb(53, 3)
        exact += 1 - none + comb(big, 3) / comb(53, 3) * left / 53
        kept += 1 - none
    sd = sqrt(n / 4)
    assert n > 500
    assert abs(lands - exact) <= 4 * sd
    assert lands - kept > 4 * sd


def test_401_4_the_goldfish_puts_the_card_it_wants_most_on_top():
    """Its order (card_to_take, card by card): a land while lands are wanted above a castable
    spell, above one it can't cast soon: on turn 1 with one land, the land looked at is drawn
    first, then the castable Ponder, the 6-drop last (a Ponder deck with 4 lands)."""
    text = trace(Deck({PONDER: 40, BIG: 16, "Plains": 4}), games=100, turns=1, seed=7,
                 mulligan=MulliganPolicy.never())
    seen = 0
    for game in text.split("game ")[1:]:
        line = next(t for t in game.splitlines() if t.strip().startswith("turn 1;"))
        if f"cast {PONDER.name}" not in line:
            continue
        looked = re.findall(r"look ([^:;]+): top", line.split(f"cast {PONDER.name}")[1])[:3]
        drawn = line.split(f"cast {PONDER.name}")[1].split("draw ")[1].split(";")[0]
        rank = {"Plains": 0, PONDER.name: 1, BIG.name: 2}
        order = list(reversed(looked))               # (traced as put back: the top card last)
        assert [rank[c] for c in order] == sorted(rank[c] for c in order)
        assert drawn == order[0] or (BIG.name == order[0] and set(order) == {BIG.name})
        seen += len(set(order)) > 1
    assert seen > 10


# ---- cards from the hand on top of the library (Brainstorm) -------------------------------------------

def test_401_4_brainstorm_draws_three_then_puts_the_two_cards_chosen_back_in_the_order_chosen():
    """121.1 then 401.4 (608.2c: in that order): any two cards of the whole hand go back, the
    Island held before the draws among them, the one named first on top."""
    s = scenario(["Forest", "Mountain", "Swamp", "Plains"], hand=[BRAINSTORM, "Island"], lands=1)
    s.cast(BRAINSTORM, choices={"cards_to_top": ["Island", "Mountain"]})
    assert sorted(s.hand()) == ["Forest", "Swamp"]
    assert library_top_first(s) == ["Island", "Mountain", "Plains"]
    assert s.graveyard() == [BRAINSTORM.name]


def test_401_4_by_default_the_cards_last_drawn_go_back_as_they_were():
    s = scenario(["Forest", "Mountain", "Swamp", "Plains"], hand=[BRAINSTORM, "Island"], lands=1)
    s.cast(BRAINSTORM)
    assert sorted(s.hand()) == ["Forest", "Island"]
    assert library_top_first(s) == ["Mountain", "Swamp", "Plains"]


def test_401_4_one_card_named_is_made_up_by_the_last_drawn():
    """One named (the Island, on top): the last card drawn goes back under the Island."""
    s = scenario(["Forest", "Mountain", "Swamp"], hand=[BRAINSTORM, "Island"], lands=1)
    s.cast(BRAINSTORM, choices={"cards_to_top": ["Island"]})
    assert sorted(s.hand()) == ["Forest", "Mountain"]
    assert library_top_first(s) == ["Island", "Swamp"]


def test_401_4_a_card_named_and_not_in_the_hand_or_more_cards_than_go_back_is_refused():
    """A Wastes named that is not in the hand as Brainstorm puts two back, or three names for
    two cards: an ArgumentError naming it, and nothing is done."""
    for given, why in ((["Island", "Wastes"], r"Wastes is not in the hand as the effect puts cards back"),
                       (["Island", "Forest", "Swamp"], r"3 cards given; the effect takes 2")):
        s = scenario(["Forest", "Mountain", "Swamp"], hand=[BRAINSTORM, "Island"], lands=1)
        with pytest.raises(ArgumentError, match=why):
            s.cast(BRAINSTORM, choices={"cards_to_top": given})
        assert sorted(s.hand()) == sorted([BRAINSTORM.name, "Island"])
        assert library_top_first(s) == ["Forest", "Mountain", "Swamp"]


def test_401_4_a_hand_with_fewer_cards_puts_back_all_it_holds():
    s = scenario(["Forest"], hand=[BRAINSTORM], lands=1)
    s.cast(BRAINSTORM)
    assert s.hand() == [] and library_top_first(s) == ["Forest"]


def test_cards_to_top_must_be_at_most_four_card_names():
    s = scenario(["Island"], hand=[BRAINSTORM], lands=1)
    for bad in ("Island", ["Island"] * 5, 2):
        with pytest.raises((ArgumentError, ArgumentTypeError), match="cards_to_top"):
            s.cast(BRAINSTORM, choices={"cards_to_top": bad})
    assert s.hand() == [BRAINSTORM.name]                   # (nothing was done)


def test_401_4_the_goldfish_puts_back_the_cards_it_wants_least():
    """Its choice (card_to_put_back, by want_score): on turn 1, with at most four lands in play
    and in hand after the draws, lands are wanted and the 6-drops are not castable soon (6 > 4 +
    1): with two 6-drops in hand both go back; with one, it goes back with the card wanted next
    least. Then the turn-2 draw is the card put back on top."""
    text = "".join(trace(Deck({BRAINSTORM: 12, BIG: 30, "Plains": 18}), games=100, turns=2, seed=seed,
                         mulligan=MulliganPolicy.never()) for seed in range(3))
    checked = 0
    for game in text.split("game ")[1:]:
        lines = [t for t in game.splitlines() if t.strip().startswith("turn ")]
        first = lines[0]
        if f"cast {BRAINSTORM.name}" not in first or first.count(f"cast {BRAINSTORM.name}") > 1:
            continue
        hand = first.split("hand [")[1].split("]")[0].split(", ")
        after = first.split(f"cast {BRAINSTORM.name}")[1]
        drawn = re.findall(r"draw ([^;]+)", after)
        back = re.findall(r"put back ([^:;]+): top", after)
        held = hand + drawn
        held.remove(BRAINSTORM.name)
        held.remove("Plains")                            # (the land played)
        if 1 + held.count("Plains") > 4:                  # (then a 6-drop is castable soon: wanted)
            continue
        checked += 1
        bigs = held.count(BIG.name)
        assert back.count(BIG.name) == min(bigs, 2), (held, back)
        assert lines[1].split("draw ")[1].split(";")[0] == back[-1]
    assert checked > 30


# ---- a permanent put on top of its owner's library (Sensei's Divining Top) ------------------------------

def test_400_3_top_draws_a_card_then_goes_on_top_of_its_owners_library():
    """"{T}: Draw a card, then put ~ on top of its owner's library" (121.1, then 400.3; 608.2c):
    the card drawn is the old top, the artifact the new one; the next draw takes it back."""
    s = scenario(["Island", "Swamp"], lands=1)
    top = s.add(TOP)
    s.activate(top, 1)
    assert s.hand() == ["Island"] and library_top_first(s) == [TOP.name, "Swamp"]
    assert [p.name for p in s.battlefield()] == ["Plains"]
    s.draw()
    assert s.hand() == ["Island", TOP.name]


def test_400_3_the_goldfish_draws_top_back_after_using_it():
    """The goldfish activates both abilities (worth: a look, a draw): on the turn after, its draw
    is the Top it put back (its known top), then it casts it again."""
    text = trace(Deck({TOP: 20, "Plains": 40}), games=20, turns=3, seed=3, mulligan=MulliganPolicy.never())
    assert f"to library {TOP.name}: top" in text
    for game in text.split("game ")[1:]:
        turns = [t for t in game.splitlines() if t.strip().startswith("turn ")]
        for before, after in zip(turns, turns[1:]):
            if f"to library {TOP.name}" in before.rsplit("activate", 1)[-1]:
                assert after.split("draw ")[1].split(";")[0] == TOP.name


def test_a_choice_given_to_an_action_that_never_asks_for_it_is_refused():
    """Ponder puts the cards it looks at back in an order (401.4: "top_order"); it puts none into
    the hand, so "to_hand" given to it answers nothing: an ArgumentError naming it, never silently
    unused, and nothing is done."""
    s = scenario(["Island", "Swamp", "Mountain", "Forest"], hand=[PONDER], lands=1)
    with pytest.raises(ArgumentError, match=r"to_hand: given to cast, which never asks for it"):
        s.cast(PONDER, to_hand=[2])
    assert s.hand() == [PONDER.name] and library_top_first(s) == ["Island", "Swamp", "Mountain", "Forest"]
