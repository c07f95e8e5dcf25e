"""What to cut, what to add (optimize.swaps) checked against exact mathematics.

On decks of basic lands and uncastable filler, with no mulligans, the goldfish plays a land
each turn while it has one, so a card's castability is a hypergeometric question about the
cards seen (7 + (t - 1) on the play). Planted answers: in a land-light deck, cutting a blank
for a land is the best swap, by exactly the hypergeometric gain; in a deck of an off colour,
cutting one of its uncastable cards for a castable one is. Each paired effect is checked
against its exact value within 4 standard errors, its sign and interval; and the swaps made,
the copy limit, reproducibility, threads, the race's stops and the errors.
"""
import importlib
import json
from math import comb

import pytest

from mtgsim import ArgumentError, ArgumentTypeError, Deck, MulliganPolicy, Objective, card, optimize
from mtgsim.errors import LimitError, UnknownCardError, UnknownNameError
from mtgsim.optimize.engine import MAX_BUDGET
from mtgsim.optimize.stats import t_quantile
from mtgsim.optimize.swaps import Swap, plan_swaps
from mtgsim.runner import CHUNK

NEVER = MulliganPolicy.never()
FILLER = card("Test Filler", "{9}{G}", "Sorcery")          # never castable within the turns here
FILLER2 = card("Test Filler Two", "{9}{G}", "Sorcery")
OGRE = card("Test Ogre", "{1}{G}{G}", "Sorcery")
SHADE = card("Test Shade", "{B}{B}", "Sorcery")            # off colour in a deck of Forests
GROWTH = card("Test Growth", "{1}{G}", "Sorcery")
SWAPS = dict(mulligan=NEVER, progress=False, threads=2)


def at_least(n_deck: int, good: int, seen: int, k: int) -> float:
    """P(at least k of `good` cards among `seen` cards drawn from n_deck)."""
    hits = sum(comb(good, j) * comb(n_deck - good, seen - j) for j in range(k, min(good, seen) + 1))
    return hits / comb(n_deck, seen)


def within(est, exact: float, sigmas: float = 4.0) -> bool:
    """|estimate - exact| within `sigmas` standard errors (the interval's half width over
    Student's t of its chunks)."""
    chunks = -(-est.n // CHUNK)
    se = (est.high - est.low) / 2 / t_quantile(0.975, chunks - 1)
    return abs(est.value - exact) <= sigmas * se + 1e-12


def test_in_a_land_light_deck_cutting_a_blank_for_a_land_is_best_by_the_hypergeometric_gain():
    """14 Forests of 60: the Ogre ({1}{G}{G}) is castable on turn 3 when 3 Forests are among the
    9 cards seen. -1 Filler, +1 Forest gains P(>=3 of 15) - P(>=3 of 14); -1 Forest, +1 Ogre
    loses P(>=3 of 14) - P(>=3 of 13); -1 Filler, +1 Ogre changes no game (the Ogre is not a
    mana source): exactly 0."""
    deck = Deck({"Forest": 14, FILLER: 46})
    w = optimize.swaps(deck, [OGRE], Objective.castable(OGRE, turn=3), games=60_000, seed=1, turns=3, **SWAPS)
    assert w.best == ("Test Filler", "Forest") and w.separated
    assert {s for s, _ in w.ranking} == {Swap("Forest", "Test Ogre"), Swap("Test Filler", "Test Ogre"),
                                         Swap("Test Filler", "Forest")}
    gain = w.estimate("Test Filler", "Forest")
    assert within(gain, at_least(60, 15, 9, 3) - at_least(60, 14, 9, 3)) and gain.low > 0
    loss = w.estimate("Forest", "Test Ogre")
    assert within(loss, at_least(60, 13, 9, 3) - at_least(60, 14, 9, 3)) and loss.high < 0
    nothing = w.estimate("test filler", OGRE)                      # (any spelling, or the CardDef)
    assert (nothing.value, nothing.low, nothing.high) == (0, 0, 0)
    assert within(w.deck_estimate, at_least(60, 14, 9, 3))
    table = w.table()
    assert table.splitlines()[-1].startswith("best: -1 Test Filler, +1 Forest (separated from every other variant "
                                             "at 95%)")
    line = next(ln for ln in table.splitlines() if ln.strip().startswith("-1 Test Filler, +1 Forest:"))
    assert f"{100 * gain.value:+.1f}% (±" in line and "better than the deck" in line
    assert "worse than the deck" in next(ln for ln in table.splitlines() if "-1 Forest, +1 Test Ogre:" in ln)


def test_cutting_an_off_colour_card_for_a_castable_one_is_best():
    """9 Forests and 51 {B}{B} cards: Growth ({1}{G}) is cast by turn 2 when it is among the 8
    cards seen and 2 of the other 7 (of 59) are Forests. -1 Shade, +1 Growth keeps the 9
    Forests; -1 Forest, +1 Growth leaves 8; -1 Shade, +1 Forest casts nothing: exactly 0."""
    deck = Deck({"Forest": 9, SHADE: 51})
    w = optimize.swaps(deck, [GROWTH], Objective.cast_by(GROWTH, 2), games=60_000, seed=1, turns=2, **SWAPS)
    assert w.best == ("Test Shade", "Test Growth") and w.separated
    best = w.estimate("Test Shade", "Test Growth")
    assert within(best, 8 / 60 * at_least(59, 9, 7, 2)) and best.low > 0
    assert within(w.estimate("Forest", "Test Growth"), 8 / 60 * at_least(59, 8, 7, 2))
    assert w.estimate("Test Shade", "Forest").value == 0
    assert [s for s, _ in w.ranking][0] == Swap("Test Shade", "Test Growth")


def test_the_deck_as_it_is_can_be_best_then_there_is_no_best_swap():
    deck = Deck({"Forest": 17, FILLER: 43})
    w = optimize.swaps(deck, [FILLER2], Objective.castable(OGRE, turn=3), games=40_000, seed=2, turns=3,
                       cut=["Forest"], track=[OGRE], **SWAPS)
    assert w.best is None and w.separated
    assert w.estimate("Forest", FILLER2).high < 0
    assert "best: no swap: the deck as it is leads (separated" in w.table()
    assert "only the cards given (Forest): your choice, other cuts not tried" in w.table()
    assert w.to_dict()["best"] is None


def test_swaps_made_each_card_for_each_candidate_and_each_spell_for_the_most_played_basic_land():
    deck = Deck({"Forest": 10, "Island": 7, FILLER: 40, OGRE: 3}, sideboard={GROWTH: 2, "Plains": 1})
    plan, _ = plan_swaps(deck, "sideboard")
    cards = ["Forest", "Island", "Test Filler", "Test Ogre"]
    expected = {Swap(x, y) for x in cards for y in ("Test Growth", "Plains")}
    expected |= {Swap("Test Filler", "Forest"), Swap("Test Ogre", "Forest")}        # Forest: 10 > Island's 7
    assert set(plan.swaps) == expected and len(plan.swaps) == len(expected)
    assert plan.basic == "Forest" and plan.source == "the sideboard" and not plan.limited
    kept, _ = plan_swaps(deck, "sideboard", lands=False)        # the land count kept: like for like
    assert set(kept.swaps) == {Swap(x, "Test Growth") for x in ("Test Filler", "Test Ogre")} | {
        Swap(x, "Plains") for x in ("Forest", "Island")}
    cut, _ = plan_swaps(deck, [GROWTH, "Island"], cut=["Test Ogre"])
    assert set(cut.swaps) == {Swap("Test Ogre", "Test Growth"), Swap("Test Ogre", "Island"),
                              Swap("Test Ogre", "Forest")}
    assert cut.limited and "your choice" in cut.describe()[0]


def test_the_copy_limit_is_respected():
    """A deck holds at most 4 of a card that is not a basic land: a candidate the deck holds 4 of
    is put in by no swap (and the plan says so); one it holds 3 of is; a basic land any number."""
    deck = Deck({"Forest": 20, "Llanowar Elves": 4, "Grizzly Bears": 3, FILLER: 33})
    plan, _ = plan_swaps(deck, ["Llanowar Elves", "Grizzly Bears", "Forest"])
    assert not any(s.into == "Llanowar Elves" for s in plan.swaps)
    assert Swap("Test Filler", "Grizzly Bears") in plan.swaps and Swap("Test Filler", "Forest") in plan.swaps
    assert dict(plan.left_out) == {"Llanowar Elves": "the deck holds 4 (a deck has at most 4 of a card that is not "
                                                     "a basic land)"}
    assert any("not put in: Llanowar Elves" in line for line in plan.describe())


def test_a_run_is_reproducible_with_a_seed_and_the_same_on_one_or_two_threads(tmp_path):
    deck = Deck({"Forest": 14, FILLER: 46})
    obj = Objective.castable(OGRE, turn=3)
    run = dict(games=8192, turns=3, mulligan=NEVER, progress=False)
    one = optimize.swaps(deck, [OGRE], obj, seed=5, threads=1, **run)
    two = optimize.swaps(deck, [OGRE], obj, seed=5, threads=2, **run)
    assert one.to_dict() == two.to_dict() and one.table() == two.table()
    other = optimize.swaps(deck, [OGRE], obj, seed=6, threads=2, **run)
    assert other.deck_estimate.value != one.deck_estimate.value
    one.to_json(tmp_path / "w.json")
    d = json.loads((tmp_path / "w.json").read_text())
    assert d["seed"] == 5 and d["plan"]["candidates"] == ["Test Ogre"] and len(d["swaps"]) == 3
    assert {"out", "in", "effect", "games", "dropped", "versus_deck", "best"} <= set(d["swaps"][0])


def test_swaps_that_change_no_game_are_never_separated_the_race_stops_at_the_games_per_variant():
    """Two blanks for a blank: every variant plays the same games, so the race can't separate
    them and stops when each has played `games` (in whole chunks); a budget stops it sooner."""
    deck = Deck({"Forest": 14, FILLER: 46})
    run = dict(turns=3, track=[OGRE], lands=False, seed=1, **SWAPS)
    w = optimize.swaps(deck, [FILLER2], Objective.castable(OGRE, turn=3), games=5 * CHUNK, cut=["Forest", FILLER],
                       **run)
    assert w.stopped == "games per variant played" and not w.separated
    assert w.estimate(FILLER, FILLER2).n == 5 * CHUNK and w.games_used == 2 * 5 * CHUNK
    b = optimize.swaps(deck, [FILLER2], Objective.castable(OGRE, turn=3), games=100 * CHUNK, budget=20 * CHUNK,
                       **run)
    assert b.stopped == "budget spent" and b.games_used <= 20 * CHUNK


DECK = Deck({"Forest": 14, FILLER: 46})
OBJ = Objective.castable(OGRE, turn=3)


@pytest.mark.parametrize("call, error, message", [
    (lambda: optimize.swaps("deck.txt", [OGRE], OBJ), ArgumentTypeError, "deck must be a mtgsim.Deck"),
    (lambda: optimize.swaps(DECK, "sideboard", OBJ), ArgumentError, "the deck has no sideboard"),
    (lambda: optimize.swaps(DECK, [], OBJ), ArgumentError, "candidates is empty"),
    (lambda: optimize.swaps(DECK, ["Grizly Bears"], OBJ), UnknownCardError, "did you mean 'Grizzly Bears'"),
    (lambda: optimize.swaps(DECK, [OGRE, "test ogre"], OBJ), ArgumentError, "'Test Ogre' is given twice"),
    (lambda: optimize.swaps(DECK, [3], OBJ), ArgumentTypeError, "candidates must be card names or CardDefs"),
    (lambda: optimize.swaps(DECK, [OGRE], OBJ, cut=["Grizzly Bears"]), ArgumentError,
     "cut: 'Grizzly Bears' is not in the main deck"),
    (lambda: optimize.swaps(DECK, [OGRE], OBJ, cut=[]), ArgumentError, "cut is empty"),
    (lambda: optimize.swaps(DECK, [OGRE], OBJ, lands="yes"), ArgumentTypeError, "lands must be True or False"),
    (lambda: optimize.swaps(DECK, [OGRE], OBJ, games=100), ArgumentError, "games must be a whole number >= 4096"),
    (lambda: optimize.swaps(DECK, [OGRE], OBJ, games=10 ** 12), LimitError, "games must be at most"),
    (lambda: optimize.swaps(DECK, [OGRE], OBJ, budget=10_000), ArgumentError, "below one round of games"),
    (lambda: optimize.swaps(DECK, [OGRE], "castable"), ArgumentTypeError, "objective must be an mtgsim.Objective"),
    (lambda: optimize.swaps(DECK, ["Forest"], OBJ, cut=["Forest"]), ArgumentError, "no swap to make"),
    (lambda: optimize.swaps(DECK, [FILLER2], Objective.castable("Grizzly Bears", turn=3)), ArgumentError,
     "'Grizzly Bears', which is in no variant and not tracked"),
    (lambda: optimize.swaps(DECK, [card("Test Filler", "{G}", "Sorcery")], OBJ), ArgumentError,
     "'Test Filler' is given as a card unlike the deck's own"),
])
def test_bad_input_is_a_clear_error_naming_the_argument(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert message in str(e.value)


def test_a_swap_not_raced_is_an_unknown_name_listing_what_was():
    w = optimize.swaps(DECK, [OGRE], OBJ, games=8192, seed=1, turns=3, **SWAPS)
    with pytest.raises(UnknownNameError, match=r"no swap -1 'Test Ogre', \+1 'Forest' was raced: it cuts one of "
                                               r"Forest, Test Filler for one of Test Ogre \(or Forest for a spell\)"):
        w.estimate("Test Ogre", "Forest")
    assert w.result("Test Filler", "Forest").games == w.estimate("Test Filler", "Forest").n


def test_the_default_budget_is_games_for_every_variant_held_to_the_largest_budget(monkeypatch):
    """budget=None: `games` (in whole chunks) for each variant, the deck as it is too, but never
    beyond engine.MAX_BUDGET, so a run the user gave no budget never fails that limit."""
    swaps_module = importlib.import_module("mtgsim.optimize.swaps")    # (optimize.swaps is the function)
    budgets = []

    def race(eng, todo, budget, **kw):
        budgets.append(budget)
        raise KeyboardInterrupt

    monkeypatch.setattr(swaps_module, "run_race", race)
    for games, expected in [(5 * CHUNK, 4 * 5 * CHUNK), (5 * 10 ** 10, MAX_BUDGET)]:
        with pytest.raises(KeyboardInterrupt):      # (no game played: the interrupt is passed on)
            optimize.swaps(DECK, [OGRE], OBJ, games=games, seed=1, turns=3, **SWAPS)
        assert budgets[-1] == expected


def test_903_5b_a_commander_deck_takes_no_second_copy_of_a_card():
    """A Commander deck (its Commander section, or format="commander") is singleton (903.5b): a
    candidate it already holds goes into no swap; as a constructed deck it may hold four (100.2a)."""
    deck = Deck({"Forest": 97, "Llanowar Elves": 1, "Grizzly Bears": 1}, commander={"Rhonas the Indomitable": 1})
    plan, _ = plan_swaps(deck, ["Llanowar Elves", "Elvish Mystic"], lands=False)
    assert [c for c, _ in plan.left_out] == ["Llanowar Elves"] and "at most 1" in dict(plan.left_out)["Llanowar Elves"]
    assert {s.into for s in plan.swaps} == {"Elvish Mystic"}
    plan, _ = plan_swaps(deck, ["Llanowar Elves", "Elvish Mystic"], lands=False, format="constructed")
    assert not plan.left_out and {s.into for s in plan.swaps} == {"Llanowar Elves", "Elvish Mystic"}
