"""Looking at (or revealing) the top N cards of the library and taking a card of a kind from among
them: "You may reveal a colorless card from among them and put it into your hand. Then put the
rest on the bottom of your library in any order" (Ancient Stirrings), "an instant or sorcery
card" (Augur of Bolas), "any number of creature cards" (Lead the Stampede), "a permanent card ...
Put the rest into your graveyard" (Malevolent Rumble). 401.2: the library is seen only as the
effect allows; 701.20a: a revealed card is shown to all (the goldfish's opponent does nothing
with it); 105.2c: a colorless card has no colour (a land is one); 110.4a: the permanent card
types; 608.2c: the steps in their order.

In a Scenario the caller chooses (`to_hand`: the places in the look, 0 its top card, of the cards
taken; a place whose card is not of the kind is not taken; none given: the top card of the kind,
or every one with "any number"; `[]`: none, the "may"). The goldfish's choice is its play
policy's (revealed_to_hand: it always takes one if it may, the one it wants most, card_to_take),
checked here against exact probabilities."""
from math import comb, sqrt

import pytest

from mtgsim import ArgumentError, Deck, MulliganPolicy, card
from mtgsim.cards.recognize.effects import effect_of
from mtgsim.simulate import trace
from replay import replay, traced_games
from test_library_top import library_top_first, scenario

STIRRINGS = card("Test Stirrings", "{W}", "Sorcery", abilities=[
    {"kind": "spell", "look_reveal": 5, "reveal_colorless": True}])
AUGUR = card("Test Augur", "{W}", "Creature — Illusion", "1/3", abilities=[
    {"kind": "trigger", "event": "self_enters", "look_reveal": 3, "reveal_types": ["Instant", "Sorcery"]}])
STAMPEDE = card("Test Stampede", "{W}", "Sorcery", abilities=[
    {"kind": "spell", "look_reveal": 5, "reveal_types": ["Creature"], "any_number": True}])
RUMBLE = card("Test Rumble", "{W}", "Sorcery", abilities=[
    {"kind": "spell", "look_reveal": 4, "rest_to_graveyard": True,
     "reveal_types": ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]}])
TRAINER = card("Test Trainer", "{W}", "Sorcery", abilities=[
    {"kind": "spell", "look_reveal": 4, "reveal_not_types": ["Creature", "Land"]}])
BIG = card("Test Big", "{6}", "Artifact")                        # colorless, never castable below
BEAR = card("Test Bear", "{1}{W}", "Creature — Bear", "2/2")
BOLT = card("Test Bolt", "{R}", "Instant")
GREEN_BIG = card("Test Green Big", "{5}{G}{G}", "Creature — Beast", "7/7")   # never castable below


def test_105_2c_stirrings_takes_a_colorless_card_chosen_and_puts_the_rest_on_the_bottom_in_order():
    s = scenario([BEAR, BOLT, BIG, "Island", "Swamp", "Forest"], hand=[STIRRINGS], lands=1)
    s.cast(STIRRINGS, to_hand=[2])
    assert s.hand() == [BIG.name]
    assert library_top_first(s) == ["Forest", BEAR.name, BOLT.name, "Island", "Swamp"]


def test_105_2c_a_land_is_colorless_and_by_default_the_top_colorless_card_is_taken():
    s = scenario([BEAR, BOLT, "Island", BIG, "Swamp"], hand=[STIRRINGS], lands=1)
    s.cast(STIRRINGS)
    assert s.hand() == ["Island"]
    assert library_top_first(s) == [BEAR.name, BOLT.name, BIG.name, "Swamp"]


def test_105_2c_a_coloured_card_chosen_is_refused():
    """A Bear (green) chosen for "a colorless card": an ArgumentError naming it, nothing done."""
    s = scenario([BEAR, BOLT, "Island"], hand=[STIRRINGS], lands=1)
    with pytest.raises(ArgumentError, match=r"to_hand: place 0 is not a card the effect lets the player take"):
        s.cast(STIRRINGS, to_hand=[0])
    assert s.hand() == [STIRRINGS.name]
    assert library_top_first(s) == [BEAR.name, BOLT.name, "Island"]


def test_401_2_more_than_one_card_chosen_or_a_place_past_the_look_is_refused():
    for given, why in (([1, 2], r"to_hand: 2 cards given; the effect takes 1"),
                       ([3], r"to_hand: place 3 is past the 3 cards the effect looked at")):
        s = scenario(["Island", "Wastes", "Wastes"], hand=[STIRRINGS], lands=1)
        with pytest.raises(ArgumentError, match=why):
            s.cast(STIRRINGS, to_hand=given)
        assert s.hand() == [STIRRINGS.name] and library_top_first(s) == ["Island", "Wastes", "Wastes"]


def test_401_2_you_may_reveal_none_and_all_go_to_the_bottom():
    s = scenario(["Island", "Swamp", "Forest", "Mountain", "Plains", "Wastes"], hand=[STIRRINGS], lands=1)
    s.cast(STIRRINGS, to_hand=[])
    assert s.hand() == []
    assert library_top_first(s) == ["Wastes", "Island", "Swamp", "Forest", "Mountain", "Plains"]


def test_401_2_an_entering_trigger_takes_an_instant_or_sorcery_card():
    s = scenario([BEAR, "Island", BOLT, "Swamp"], lands=1)
    s.cast(AUGUR)
    assert s.hand() == [BOLT.name]
    assert library_top_first(s) == ["Swamp", BEAR.name, "Island"]


def test_401_2_any_number_of_creature_cards_all_by_default_or_those_chosen():
    library = [BEAR, "Island", GREEN_BIG, BOLT, BEAR, "Swamp"]
    s = scenario(library, hand=[STAMPEDE], lands=1)
    s.cast(STAMPEDE)
    assert sorted(s.hand()) == sorted([BEAR.name, GREEN_BIG.name, BEAR.name])
    assert library_top_first(s) == ["Swamp", "Island", BOLT.name]
    s = scenario(library, hand=[STAMPEDE], lands=1)
    s.cast(STAMPEDE, to_hand=[2, 4])
    assert sorted(s.hand()) == sorted([GREEN_BIG.name, BEAR.name])
    assert library_top_first(s) == ["Swamp", BEAR.name, "Island", BOLT.name]
    s = scenario(library, hand=[STAMPEDE], lands=1)
    with pytest.raises(ArgumentError, match=r"to_hand: place 3 is not a card the effect lets the player take"):
        s.cast(STAMPEDE, to_hand=[2, 3])             # (a Bolt chosen: not a creature card)


def test_110_4a_a_permanent_card_to_the_hand_and_the_rest_into_the_graveyard():
    s = scenario([BOLT, BIG, "Island", BOLT, "Swamp"], hand=[RUMBLE], lands=1)
    s.cast(RUMBLE, to_hand=[2])
    assert s.hand() == ["Island"]
    assert sorted(s.graveyard()) == sorted([BOLT.name, BIG.name, BOLT.name, RUMBLE.name])
    assert library_top_first(s) == ["Swamp"]
    s = scenario([BOLT, BOLT], hand=[RUMBLE], lands=1)
    s.cast(RUMBLE)                                   # (no permanent card: none taken, 401.2 all seen)
    assert s.hand() == [] and library_top_first(s) == []


def test_401_2_a_noncreature_nonland_card():
    s = scenario([BEAR, "Island", BIG, BOLT], hand=[TRAINER], lands=1)
    s.cast(TRAINER)
    assert s.hand() == [BIG.name]


def test_the_phrases_read_as_the_op():
    """The oracle texts of the family's cards, as the corpus words them."""
    assert effect_of("Look at the top five cards of your library. You may reveal a colorless card from among them "
                     "and put it into your hand. Then put the rest on the bottom of your library in any order.") == {
        "look_reveal": 5, "reveal_colorless": True}
    assert effect_of("Reveal the top four cards of your library. You may put a permanent card from among them into "
                     "your hand. Put the rest into your graveyard.") == {
        "look_reveal": 4, "reveal_types": ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"],
        "rest_to_graveyard": True}
    assert effect_of("Look at the top five cards of your library. You may reveal any number of creature cards from "
                     "among them and put the revealed cards into your hand. Put the rest on the bottom of your "
                     "library in any order.") == {"look_reveal": 5, "reveal_types": ["Creature"], "any_number": True}
    assert effect_of("Look at the top four cards of your library. You may reveal a noncreature, nonland card from "
                     "among them and put it into your hand. Put the rest on the bottom of your library in any "
                     "order.") == {"look_reveal": 4, "reveal_not_types": ["Creature", "Land"]}
    for unread in ("Look at the top four cards of your library. You may reveal a Human card from among them and put "
                   "it into your hand. Put the rest on the bottom of your library in any order.",
                   "Look at the top four cards of your library. You may reveal a creature card from among them and "
                   "put it into your hand and the rest into your graveyard."):
        assert effect_of(unread) is None


def test_105_2c_the_goldfish_stirrings_finds_a_colorless_land_as_often_as_exact_probability_says():
    """The policy checked against exact probabilities: 12 Stirrings ({W}), 30 green 7-drops and 18
    Plains, on the play, no mulligan. On turn 1, with h lands (1 <= h <= 4) and a Stirrings in the
    seven, it plays a Plains and casts Stirrings: of the 53 cards left, L = 18 - h Plains, it looks
    at five and takes a Plains if one is among them (lands are colorless, 105.2c; it always takes
    one it may): P = 1 - C(53 - L, 5) / C(53, 5). A green card or a Stirrings (white) is never
    taken: the hand after holds as many non-lands as before, less the Stirrings cast."""
    text = "".join(trace(Deck({STIRRINGS: 12, GREEN_BIG: 30, "Plains": 18}), games=100, turns=1, seed=seed,
                         mulligan=MulliganPolicy.never()) for seed in range(30))
    n, found, exact = 0, 0, 0.0
    for game in text.split("game ")[1:]:
        lines = game.splitlines()
        line = next(t for t in lines if t.strip().startswith("turn 1;"))
        hand = line.split("hand [")[1].split("]")[0].split(", ")
        h = hand.count("Plains")
        if not (1 <= h <= 4 and STIRRINGS.name in hand):
            continue
        n += 1
        after = line.split(f"cast {STIRRINGS.name}")[1]
        took = [w for w in after.split(";") if ": hand" in w]
        assert all("Plains" in w for w in took) and len(took) <= 1, after
        found += len(took)
        exact += 1 - comb(53 - (18 - h), 5) / comb(53, 5)
    sd = sqrt(n / 4)
    assert n > 400
    assert abs(found - exact) <= 4 * sd


# ---- "Put the rest on the bottom of your library in a random order" ------------------------------------

WELCOME = card("Test Welcome", "{W}", "Sorcery", abilities=[
    {"kind": "spell", "look_reveal": 6, "reveal_types": ["Creature"], "random_order": True}])
CHARTS = card("Test Charts", "{W}", "Sorcery", abilities=[
    {"kind": "spell", "look_to_hand": 6, "to_hand": 1, "random_order": True}])
SIX = ["Island", "Swamp", "Mountain", "Forest", "Wastes", "Plains"]


def _random_bottom(spell):
    s = scenario([*SIX, BEAR, BOLT], hand=[spell], lands=1)
    s.cast(spell, to_hand=[])
    return s, library_top_first(s)


def test_401_2_the_rest_in_a_random_order_is_an_order_no_one_chose_the_same_for_the_same_game():
    """A Scenario's game has no random generator: the order is drawn from a hash of the game
    (as its shuffle, 701.24a), not the order looked at, and the same for the same game."""
    for spell in (WELCOME, CHARTS):
        s, library = _random_bottom(spell)
        if spell is WELCOME:
            assert s.hand() == []
        else:
            assert s.hand() == ["Island"]                   # (look_to_hand: one must be taken)
        rest = SIX if spell is WELCOME else SIX[1:]
        assert library[:2] == [BEAR.name, BOLT.name]
        assert sorted(library[2:]) == sorted(rest) and library[2:] != rest
        assert _random_bottom(spell)[1] == library


def test_the_random_order_phrases_read_as_the_flag():
    assert effect_of("Look at the top five cards of your library. You may reveal a creature or land card from among "
                     "them and put it into your hand. Put the rest on the bottom of your library in a random "
                     "order.") == {"look_reveal": 5, "reveal_types": ["Creature", "Land"], "random_order": True}
    assert effect_of("Look at the top four cards of your library. Put one of them into your hand and the rest on the "
                     "bottom of your library in a random order.") == {"look_to_hand": 4, "to_hand": 1,
                                                                      "random_order": True}


def test_the_goldfishs_looks_replay_through_scenario_with_its_picks_as_to_hand():
    """The goldfish's games, replayed action by action through Scenario with the policy's picks as
    the "to_hand" choice (tests/replay.py), reach the same states: one rule for both games (a look's
    cards are traced in the order looked at, a random order on the bottom too)."""
    deck = Deck({STIRRINGS: 6, RUMBLE: 6, STAMPEDE: 6, WELCOME: 6, AUGUR: 4, BEAR: 6, BIG: 4, "Plains": 22})
    games = traced_games(deck, games=12, turns=8, seed=2026, on_play=True)
    picks = [step.args["to_hand"] for game in games for step in game.steps[:game.until] if "to_hand" in step.args]
    assert len(picks) > 40 and any(sum(p) >= 2 for p in picks) and any(not p[0] for p in picks)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=True))]
    assert not failures, "\n".join(failures)
