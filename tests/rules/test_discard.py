"""Discarding as an effect (701.9a: a card moved from its owner's hand to their graveyard; 701.9b:
the player chooses which): "Draw two cards, then discard two cards" (Faithless Looting, Bazaar of
Baghdad's ability), and the optional discard "You may discard a card. If you do, draw two cards"
(Abandon Attachments; 608.2d: a player with no card can't choose to) and Learn (701.48a: "you may
discard a card. If you do, draw a card", its Lesson from outside the game moot: a goldfish has no
sideboard). 608.2c: the steps in their order (the draws first, then the discard).

In a Scenario the caller chooses (`choices={"cards_to_discard": [names]}`, as for a cost's
"Discard N cards": the cards named, looked for in the hand as the discard is made, so a card just
drawn may be named; not given: the first cards in hand, and an optional discard is made; `[]`:
an optional discard declined). The goldfish's choice is its play policy's (docs/rules-core.md,
"Discarding"): the cards it wants least, and an optional discard only of cards it doesn't want,
checked here against exact probabilities."""
from math import comb, sqrt

import pytest

from mtgsim import ArgumentError, Deck, MulliganPolicy, card
from mtgsim.cards.recognize.effects import effect_of
from mtgsim.simulate import trace
from replay import replay, traced_games
from test_library_top import library_top_first, scenario

LOOTING = card("Test Looting", "{W}", "Sorcery", abilities=[{"kind": "spell", "draw": 2, "discard": 2}])
ABANDON = card("Test Abandon", "{W}", "Instant", abilities=[
    {"kind": "spell", "discard": 1, "may_discard": True, "draw_if_discarded": 2}])
BAZAAR = card("Test Bazaar", "", "Land", abilities=[
    {"kind": "activated", "cost": "{T}", "effect": [{"draw": 2}, {"discard": 3}]}])
BEAR = card("Test Bear", "{1}{W}", "Creature — Bear", "2/2")
BIG = card("Test Big", "{5}{G}{G}", "Creature — Beast", "7/7")    # never castable in the first turns


def test_701_9a_draw_two_then_discard_two_discards_the_cards_chosen_among_those_drawn():
    """608.2c: the draws first; the cards named are looked for in the hand as the discard is made."""
    s = scenario(["Island", "Swamp", "Forest"], hand=[LOOTING, BEAR], lands=1)
    s.cast(LOOTING, choices={"cards_to_discard": ["Swamp", BEAR.name]})
    assert s.hand() == ["Island"]
    assert sorted(s.graveyard()) == sorted([LOOTING.name, BEAR.name, "Swamp"])
    assert library_top_first(s) == ["Forest"]


def test_701_9b_by_default_a_scenarios_player_discards_the_first_cards_in_hand():
    s = scenario(["Island", "Swamp"], hand=[LOOTING, BEAR, BIG], lands=1)
    s.cast(LOOTING)
    assert s.hand() == ["Island", "Swamp"]
    assert sorted(s.graveyard()) == sorted([LOOTING.name, BEAR.name, BIG.name])


def test_701_9a_a_player_with_fewer_cards_discards_them_all():
    """Bazaar of Baghdad's "Draw two cards, then discard three cards" with an empty hand: the two
    drawn are discarded, nothing else (a discard of more cards than the hand holds discards it)."""
    s = scenario(["Island", "Swamp", "Forest"])
    bazaar = s.add(BAZAAR)
    s.activate(bazaar)
    assert s.hand() == [] and sorted(s.graveyard()) == ["Island", "Swamp"] and s.is_tapped(bazaar)


def test_608_2d_you_may_discard_a_card_and_if_you_do_you_draw_two():
    s = scenario(["Island", "Swamp", "Forest"], hand=[ABANDON, BIG, BEAR], lands=1)
    s.cast(ABANDON, choices={"cards_to_discard": [BIG.name]})
    assert s.hand() == [BEAR.name, "Island", "Swamp"]
    assert sorted(s.graveyard()) == sorted([ABANDON.name, BIG.name])


def test_608_2d_you_may_decline_the_discard_and_then_draw_nothing():
    s = scenario(["Island", "Swamp"], hand=[ABANDON, BIG], lands=1)
    s.cast(ABANDON, choices={"cards_to_discard": []})
    assert s.hand() == [BIG.name] and s.graveyard() == [ABANDON.name]
    assert library_top_first(s) == ["Island", "Swamp"]


def test_608_2d_with_no_card_in_hand_the_discard_cant_be_chosen_and_nothing_is_drawn():
    s = scenario(["Island", "Swamp"], hand=[ABANDON], lands=1)
    s.cast(ABANDON)
    assert s.hand() == [] and library_top_first(s) == ["Island", "Swamp"]


def test_701_48a_learn_discards_a_card_to_draw_a_card():
    """Learn as the recognizer reads it: the rummage, the Lesson from outside the game moot."""
    learn = effect_of("Learn.")
    assert learn == {"discard": 1, "may_discard": True, "draw_if_discarded": 1}
    dispute = card("Test Dispute", "{W}", "Instant", abilities=[{"kind": "spell", **learn}])
    s = scenario(["Island", "Swamp"], hand=[dispute, BIG], lands=1)
    s.cast(dispute, choices={"cards_to_discard": [BIG.name]})
    assert s.hand() == ["Island"] and sorted(s.graveyard()) == sorted([dispute.name, BIG.name])


def test_701_9a_a_card_named_that_is_not_in_hand_as_the_cards_are_discarded_is_refused():
    s = scenario(["Island", "Swamp"], hand=[LOOTING, BEAR], lands=1)
    with pytest.raises(ArgumentError, match=r"cards_to_discard'\]: Forest is not in your hand as the cards are "
                                            r"discarded .*\(701.9a\)"):
        s.cast(LOOTING, choices={"cards_to_discard": ["Forest"]})
    assert sorted(s.hand()) == sorted([LOOTING.name, BEAR.name]) and s.graveyard() == []
    with pytest.raises(ArgumentError, match=r"3 cards given; the effect discards 2 \(701.9a\)"):
        s.cast(LOOTING, choices={"cards_to_discard": ["Island", "Swamp", BEAR.name]})
    assert sorted(s.hand()) == sorted([LOOTING.name, BEAR.name]) and s.graveyard() == []


def test_the_phrases_read_as_the_op():
    """The oracle texts of the family's cards, as the corpus words them."""
    assert effect_of("Draw two cards. Then discard two cards.") == {"draw": 2, "discard": 2}     # Faithless Looting
    assert effect_of("Draw two cards, then discard three cards.") == {"draw": 2, "discard": 3}   # Bazaar of Baghdad
    assert effect_of("Discard a card, then draw a card.") == {"effect": [{"discard": 1}, {"draw": 1}]}
    assert effect_of("You may discard a card. If you do, draw two cards.") == {
        "discard": 1, "may_discard": True, "draw_if_discarded": 2}                             # Abandon Attachments
    for unread in ("Then discard two cards unless you discard a creature card.",             # Winternight Stories
                   "You may discard a card. If you do, search your library for a creature card.",
                   "Discard your hand, then draw that many cards.",
                   "You may discard a card."):
        assert effect_of(unread) is None, unread


# ---- the goldfish's discards against exact probabilities -----------------------------------------

def _turn_one(deck, seeds=30):
    text = "".join(trace(deck, games=100, turns=1, seed=seed, mulligan=MulliganPolicy.never()) for seed in range(seeds))
    for game in text.split("game ")[1:]:
        yield next(t for t in game.splitlines() if t.strip().startswith("turn 1;"))


def test_701_9b_the_goldfish_discards_the_cards_it_wants_least_as_often_as_exact_probability_says():
    """12 Lootings ({W}: draw two, then discard two), 30 Bigs (7 mana: not castable soon, not
    wanted) and 18 Plains, on the play, turn 1, no mulligan. With h Plains (1 <= h <= 4), b Bigs
    and a Looting in the seven, it plays a Plains and casts a Looting; of the 53 cards left, 30 - b
    are Bigs and it draws two: X Bigs, hypergeometric. It discards the two it wants least: Bigs
    first (a spell not castable soon), never a Plains while its lands are fewer than its curve
    asks (lands_wanted), so it discards min(2, b + X) Bigs, in expectation
    sum_x P(X = x) min(2, b + x)."""
    n, found, exact = 0, 0, 0.0
    for line in _turn_one(Deck({LOOTING: 12, BIG: 30, "Plains": 18})):
        hand = line.split("hand [")[1].split("]")[0].split(", ")
        h, b = hand.count("Plains"), hand.count(BIG.name)
        if not (1 <= h <= 4 and LOOTING.name in hand):
            continue
        n += 1
        after = line.split(f"cast {LOOTING.name}")[1]
        discarded = [w.split("discard ")[1].split(":")[0] for w in after.split(";") if "discard " in w]
        assert len(discarded) == 2 and "Plains" not in discarded, after
        found += discarded.count(BIG.name)
        exact += sum(comb(30 - b, x) * comb(23 + b, 2 - x) / comb(53, 2) * min(2, b + x) for x in range(3))
    assert n > 400
    assert abs(found - exact) <= 4 * sqrt(n)       # (each game's count varies by at most 2: sd <= 1)


def test_608_2d_the_goldfish_discards_for_a_draw_only_a_card_it_doesnt_want():
    """12 Abandons ({W}: you may discard a card; if you do, draw two), 30 Bigs and 18 Plains: on
    turn 1 it plays a Plains and casts an Abandon. Its lands are wanted (fewer than the Bigs' 7)
    and an Abandon is castable: it discards a Big (and draws two) exactly when it holds one, else
    it declines."""
    n = declined = 0
    for line in _turn_one(Deck({ABANDON: 12, BIG: 30, "Plains": 18}), seeds=5):
        hand = line.split("hand [")[1].split("]")[0].split(", ")
        if 1 <= hand.count("Plains") <= 4 and ABANDON.name in hand:
            n += 1
            after = line.split(f"cast {ABANDON.name}")[1]
            assert (f"discard {BIG.name}" in after) == (BIG.name in hand) and after.count("discard ") <= 1, line
            declined += BIG.name not in hand
    assert n > 50 and declined > 0


def test_the_goldfish_never_activates_an_ability_discarding_more_cards_than_it_draws():
    """Bazaar of Baghdad's "Draw two cards, then discard three cards" loses a card: the goldfish,
    which simulates no graveyard payoff (dredge), never activates it (docs/rules-core.md)."""
    text = trace(Deck({BAZAAR: 4, BEAR: 26, "Plains": 30}), games=40, turns=6, seed=7)
    assert f"{BAZAAR.name}" in text and f"activate {BAZAAR.name}" not in text


def test_the_goldfishs_discards_replay_through_scenario_with_its_picks_as_cards_to_discard():
    """The goldfish's games, replayed action by action through Scenario with the policy's discards
    as the "cards_to_discard" choice (tests/replay.py; an optional discard it declined as `[]`),
    reach the same states: one rule for both games."""
    deck = Deck({LOOTING: 8, ABANDON: 8, BEAR: 12, BIG: 8, "Plains": 24})
    games = traced_games(deck, games=12, turns=8, seed=2026, on_play=True)
    picks = [step.args.get("cards_to_discard") for game in games for step in game.steps[:game.until]
             if step.args.get("card") in (LOOTING.name, ABANDON.name)]
    assert len([p for p in picks if p]) > 10 and None in picks        # (discards made, and declined)
    failures = [f"game {k + 1}: {d}" for k, game in enumerate(games) if (d := replay(deck, game, on_play=True))]
    assert not failures, "\n".join(failures)
