"""Issue 13, items 7 and 8: nothing a user types crashes, hangs or eats memory. Counts have a
documented limit checked before any work grows with them, and every bad argument of `Deck`
and `Scenario` is a clear error of mtgsim's family naming what is wrong."""
import time
import warnings

import numpy as np
import pytest

from mtgsim import (ArgumentError, ArgumentIndexError, ArgumentTypeError, Deck, DecklistError,
                    LimitError, Scenario, _core, card, simulate)
from mtgsim.decklist import CURVE_WIDTH, MAX_CARDS, MAX_LINE
from mtgsim.errors import shown

FAST = 2.0   # seconds: generous; each of these takes milliseconds


def timed(f):
    start = time.perf_counter()
    try:
        f()
    finally:
        assert time.perf_counter() - start < FAST


# ---- item 7: counts in a decklist --------------------------------------------------------

def test_the_limit_is_10000_cards_and_a_simulation_takes_256():
    assert MAX_CARDS == 10_000 and _core.MAX_LIBRARY == 256
    deck = Deck.from_text("10000 Forest\nSideboard\n10000 Forest")   # read, analysed, not simulated
    assert len(deck) == 10_000 and deck.sideboard == {"Forest": 10_000}
    with pytest.raises(LimitError, match=r"decks of more than 256 cards aren't supported \(this one has 10000\)"):
        simulate(deck, games=1)


def test_a_line_of_a_billion_copies_names_the_file_line_and_card(tmp_path):
    path = tmp_path / "bears.txt"
    path.write_text("4 Forest\n1000000000 Grizzly Bears\n")
    with pytest.raises(DecklistError) as info:
        timed(lambda: Deck.from_file(path))
    e = info.value
    assert (e.source, e.line, e.text) == (str(path), 2, "1000000000 Grizzly Bears")
    assert str(e) == (f'{path}, line 2: "1000000000 Grizzly Bears": bad count \'1000000000\': at most '
                      "10000 copies of 'Grizzly Bears'")


@pytest.mark.parametrize("digits", [11, 30, 900])
def test_a_count_of_many_digits_is_refused_at_once(digits):
    with pytest.raises(DecklistError, match="at most 10000 copies of 'Forest'"):
        timed(lambda: Deck.from_text("1" + "0" * (digits - 1) + " Forest"))


def test_a_count_is_judged_by_its_digits_before_it_is_a_number(monkeypatch):
    """No work grows with the count: a count of more than 5 digits is never turned into an
    int (Python refuses to, past 4300 digits; a billion-copy deck would take gigabytes)."""
    import builtins
    import mtgsim.decklist as decklist
    real_int = builtins.int
    seen = []
    monkeypatch.setattr(decklist, "int", lambda v, *a: seen.append(v) or real_int(v, *a), raising=False)
    with pytest.raises(DecklistError, match="at most 10000"):
        Deck.from_text("9" * 990 + " Forest")
    assert all(len(str(v)) <= 5 for v in seen)


def test_10000_copies_are_read_and_10001_are_not():
    assert Deck.from_text("10000 Forest").maindeck == {"Forest": 10_000}
    assert Deck.from_text("000300 Forest").maindeck == {"Forest": 300}
    for count in ("10001", "99999", "100000"):
        with pytest.raises(DecklistError, match=f"bad count '{count}': at most 10000 copies of 'Forest'"):
            Deck.from_text(f"{count} Forest")


def test_a_dek_quantity_past_256_names_the_line_and_card():
    text = '<Deck>\n<Cards Quantity="1000000000000000000000000000000" Sideboard="false" Name="Forest"/>\n</Deck>'
    with pytest.raises(DecklistError) as info:
        timed(lambda: Deck.from_text(text))
    assert info.value.line == 2 and "at most 10000 copies of 'Forest'" in str(info.value)


def test_a_section_past_10000_cards_names_the_line_where_it_passes_once():
    text = "9000 Forest\n1000 Grizzly Bears\n1 Forest\n4 Forest\nSideboard\n4 Forest\n"
    with pytest.raises(DecklistError) as info:
        Deck.from_text(text)
    e = info.value
    assert (e.line, e.text, len(e.errors)) == (3, "1 Forest", 1)
    assert "the main deck has 10001 cards with this one: a section holds at most 10000" in str(e)


def test_many_lines_of_10000_are_refused_at_the_second():
    with pytest.raises(DecklistError, match="line 2: .*the main deck has 20000 cards"):
        timed(lambda: Deck.from_text("10000 Forest\n" * 10_000))


def test_other_count_faults_are_reported_with_the_limit_fault():
    with pytest.raises(DecklistError) as info:
        Deck.from_text("0 Forest\n30000 Grizzly Bears\nForrest\n")
    assert [e.line for e in info.value.errors] == [1, 2, 3]
    assert "bad count '0': the number of copies must be a whole number, at least 1" in str(info.value)


def test_a_card_line_longer_than_1000_characters_is_refused_at_once():
    line = "4" + " " * 20_000 + "Forest"           # (the line patterns took 7 s on this)
    with pytest.raises(DecklistError, match=f"line 1: .*a line of 20007 characters: a card line has "
                                            f"at most {MAX_LINE}"):
        timed(lambda: Deck.from_text(line))
    with pytest.raises(DecklistError, match="at most 1000"):
        timed(lambda: Deck.from_text("4 Forest" + " " * 20_000 + "(M10"))


def test_a_long_comment_or_header_like_line_is_read_quickly():
    """The header pattern's work grew as the cube of a run of spaces (6 s for 1000)."""
    deck = []
    timed(lambda: deck.append(Deck.from_text("# a" + " " * 20_000 + "!\n4 Forest\n")))
    assert deck[0].maindeck == {"Forest": 4}
    with pytest.raises(DecklistError):
        timed(lambda: Deck.from_text("Forest" + " " * 900 + "1\n"))


# ---- item 7: the summary does not grow with the count ------------------------------------

def test_the_curve_bars_are_scaled_past_50_cards():
    deck = Deck({"Grizzly Bears": 251, "Llanowar Elves": 3})
    text = deck.summary()
    assert "Curve (nonland cards by mana value; # = 6 cards):" in text
    assert "   1 | # 3" in text.splitlines()
    assert f"   2 | {'#' * 42} 251" in text.splitlines()
    big = Deck({"Grizzly Bears": 10_000}, commander={"Grizzly Bears": 10_000}).summary()
    assert "# = 400 cards" in big and max(len(line) for line in big.splitlines()) < CURVE_WIDTH + 20


def test_a_curve_with_a_huge_mana_value_has_few_rows():
    huge = card("Test Huge Spell", "{1000000}", "Sorcery")
    lines = Deck({"Forest": 4, huge: 1, "Grizzly Bears": 2, "Llanowar Elves": 1}).summary().splitlines()
    assert lines[lines.index("Curve (nonland cards by mana value):") + 1:][:4] == [
        "   1 | # 1", "   2 | ## 2", "  .. |", "  1000000 | # 1"]
    assert len(lines) < 15


def test_short_gaps_in_the_curve_are_rows_of_0():
    lines = Deck({"Forest": 4, "Llanowar Elves": 1, card("Test Five", "{4}{G}", "Sorcery"): 2}).summary()
    assert "   2 | 0\n   3 | 0\n   4 | 0\n   5 | ## 2" in lines


# ---- item 8: Deck's arguments --------------------------------------------------------------

@pytest.mark.parametrize("count, fragment", [
    (10 ** 30, r"maindeck: too many copies of 'Forest' \(1000000000000000000000000000000\): at most 10000"),
    (10 ** 5000, r"too many copies of 'Forest' \(a number of 5001 digits\): at most 10000"),
    (2 ** 64, "too many copies of 'Forest'"),
    (10_001, r"\(10001\): at most 10000 of a card"),
    (np.int64(30_000), r"\(np.int64\(30000\)\)"),
], ids=shown)
def test_python_counts_past_10000_are_a_limit_error_at_construction(count, fragment):
    with pytest.raises(LimitError, match=fragment):
        timed(lambda: len(Deck({"Forest": count})))


def test_a_python_section_past_10000_cards_is_a_limit_error():
    with pytest.raises(LimitError, match="sideboard: the sideboard has 12000 cards with this one: a section "
                                         "holds at most 10000"):
        Deck({"Forest": 4}, sideboard={"Forest": 6000, "Grizzly Bears": 6000})


@pytest.mark.parametrize("count, fragment", [
    (0, "bad count 0"), (-1, "bad count -1"), (-10 ** 5000, "bad count a number of 5001 digits"),
    (1.5, "bad count 1.5"), (4.0, "bad count 4.0"), (True, "bad count True"), (None, "bad count None"),
    ("4", "bad count '4' for 'Forest': counts are whole numbers, not text"),
], ids=shown)
def test_python_counts_that_are_not_whole_numbers_1_to_256(count, fragment):
    with pytest.raises(DecklistError, match=fragment):
        Deck({"Forest": count})


def test_numpy_whole_numbers_are_counts():
    assert Deck({"Forest": np.int64(4), "Grizzly Bears": np.uint8(2)}).maindeck == {"Forest": 4, "Grizzly Bears": 2}


@pytest.mark.parametrize("call, fragment", [
    (lambda: Deck.from_text(None), "text must be the list as str or bytes, not NoneType"),
    (lambda: Deck.from_text(42), "text must be the list as str or bytes, not int"),
    (lambda: Deck.from_text("4 Forest", source=5), "source must be a str"),
    (lambda: Deck.from_text("4 Forest", db=5), "db must be a CardDatabase"),
    (lambda: Deck.from_text("4 Forest", name=5), "name must be a str or None, not int"),
    (lambda: Deck.from_file(None), "path must be a str or a path, not NoneType"),
    (lambda: Deck.from_file("deck.txt", db="cards.toml"), "db must be a CardDatabase"),
    (lambda: Deck(5), r"maindeck: a mapping \{card: count\}, a card, or an iterable"),
    (lambda: Deck(b"4 Forest"), "maindeck: a mapping .* not bytes"),
    (lambda: Deck({"Forest": 4}, commander=5), "commander: a mapping"),
    (lambda: Deck([("Forest", 1, 3)]),
     r"maindeck: an item is a card or a \(card, count\) pair, not \('Forest', 1, 3\)"),
    (lambda: Deck([5]), r"an item is a card or a \(card, count\) pair, not 5"),
    (lambda: Deck({42: 1}), "maindeck: a card is a name or a CardDef, not int"),
    (lambda: Deck({"Forest": 4}, db=[]), "db must be a CardDatabase"),
    (lambda: Deck({"Forest": 4}, name=["x"]), "name must be a str or None, not list"),
])
def test_deck_arguments_of_the_wrong_type(call, fragment):
    with pytest.raises(ArgumentTypeError, match=fragment):
        call()


@pytest.mark.parametrize("call, error, fragment", [
    (lambda d: d.cards(5), ArgumentError, "section 5 is not one of maindeck"),
    (lambda d: d.cards([]), ArgumentError, r"section \[\] is not one of"),
    (lambda d: d.card(None), ArgumentTypeError, "card names are text, not NoneType"),
    (lambda d: d.check(None), ArgumentError, "format None is not a preset: one of limited, constructed, "
                                                "commander, brawl"),
    (lambda d: d.check(["x"]), ArgumentError, r"format \['x'\] is not"),
])
def test_deck_method_arguments(call, error, fragment):
    with pytest.raises(error, match=fragment):
        call(Deck({"Forest": 4}))


# ---- item 8: Scenario's arguments ------------------------------------------------------------

@pytest.fixture
def scenario():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        s = Scenario()
        s.add("Forest")
        s.add_to_library("Forest")
        return s


def test_counters_past_int16_are_a_limit_error_naming_the_counter_and_leave_nothing(scenario):
    before = len(scenario.battlefield())
    with pytest.raises(LimitError, match=r"Scenario: Grizzly Bears's \+1/\+1 counters would be 40000; "
                                         r"the simulator holds -32768\.\.32767"):
        scenario.add("Grizzly Bears", counters={"+1/+1": 40000})
    assert len(scenario.battlefield()) == before
    bears = scenario.add("Grizzly Bears", counters={"+1/+1": 32767, "charge": np.int16(3)})
    assert scenario.counters(bears) == {"+1/+1": 32767, "charge": 3}


@pytest.mark.parametrize("counters, error, fragment", [
    ({"+1/+1": 10 ** 30}, LimitError, "counters would be 1000000000000000000000000000000; the simulator holds"),
    ({"+1/+1": 10 ** 5000}, LimitError, "counters would be a number of 5001 digits"),
    ({"+1/+1": -1}, ArgumentError, r"counters: '\+1/\+1' needs a whole number ≥ 0, got -1"),
    ({"+1/+1": 1.5}, ArgumentError, "needs a whole number ≥ 0, got 1.5"),
    ({"+1/+1": True}, ArgumentError, "needs a whole number ≥ 0, got True"),
    ({"+1/+1": "2"}, ArgumentError, "needs a whole number ≥ 0, got '2'"),
    ({5: 1}, ArgumentTypeError, r"counters: a counter's name is text such as '\+1/\+1', not int"),
    ({"  ": 1}, ArgumentError, "a counter's name is text .*, not empty"),
    ([("+1/+1", 1)], ArgumentTypeError, r"counters must be a mapping \{name: count\} .*, not list"),
    (5, ArgumentTypeError, "counters must be a mapping"),
    # two spellings of one kind: their sum is past int16 (checked as they are added)
    ({"time": 20000, "Time": 20000}, LimitError,
     "Grizzly Bears.s Time counters would be 40000; the simulator holds -32768..32767"),
    ({"blorp": 1}, ArgumentError, r"'blorp' is not a counter kind the vocabulary declares \(122.1; known: \+1/\+1, "),
], ids=shown)
def test_scenario_add_counters(scenario, counters, error, fragment):
    with pytest.raises(error, match=fragment):
        scenario.add("Grizzly Bears", counters=counters)
    assert [p.name for p in scenario.battlefield()] == ["Forest"]


def _forest(s):
    return s.battlefield()[0]


@pytest.mark.parametrize("call, error, fragment", [
    (lambda s: Scenario(db=5), ArgumentTypeError, "db must be a CardDatabase"),
    (lambda s: Scenario(db={"Forest": None}), ArgumentTypeError, "db must be a CardDatabase .* not dict"),
    (lambda s: s.add(None), ArgumentTypeError, "a card is a name or a CardDef, not NoneType"),
    (lambda s: s.add("Forest", controller=[]), ArgumentError, r"player must be 'you' or 'opponent', got \[\]"),
    (lambda s: s.add("Forest", controller=True), ArgumentError, "player must be 'you' or 'opponent', got True"),
    (lambda s: s.add("Forest", tapped="no"), ArgumentTypeError, "tapped must be True or False, got 'no'"),
    (lambda s: s.add("Forest", entered_this_turn=2), ArgumentTypeError, "entered_this_turn must be True or False"),
    (lambda s: s.add("Grizzly Bears", x=10 ** 5000), ArgumentError,
     r"x must be a whole number 0\.\.1000 \(107\.3\), got a number of 5001 digits"),
    (lambda s: s.add("Grizzly Bears", x=-1), ArgumentError, r"x must be a whole number 0\.\.1000"),
    (lambda s: s.add("Grizzly Bears", chosen_color=5), ArgumentError, "a chosen colour is one of W U B R G"),
    (lambda s: s.add("Grizzly Bears", attached_to=5), ArgumentTypeError, "expected a Permanent of this scenario"),
    (lambda s: s.set_life(10 ** 30), ArgumentError,
     r"set_life: life must be a whole number -30000\.\.30000, got 1000000000000000000000000000000"),
    (lambda s: s.set_life(10 ** 5000), ArgumentError, "got a number of 5001 digits"),
    (lambda s: s.set_life(1.5), ArgumentError, "set_life: life must be a whole number"),
    (lambda s: s.set_life(True), ArgumentError, "got True"),
    (lambda s: s.set_life(20, player="me"), ArgumentError, "player must be 'you' or 'opponent', got 'me'"),
    (lambda s: s.add_to_hand(None), ArgumentTypeError, "a card is a name or a CardDef"),
    (lambda s: s.add_to_library(5), ArgumentTypeError, "a card is a name or a CardDef, not int"),
    (lambda s: s.cast("Lightning Bolt", x=10 ** 30), LimitError,
     r"X = 1000000000000000000000000000000 is larger than this simulator supports \(1000\)"),
    (lambda s: s.cast("Lightning Bolt", x=10 ** 5000), LimitError, "X = a number of 5001 digits is larger"),
    (lambda s: s.total_cost("Lightning Bolt", x=-(10 ** 5000)), ArgumentError,
     r"X must be a whole number ≥ 0 \(107\.3\), got a number of 5001 digits"),
    (lambda s: s.can_cast("Lightning Bolt", x=1.5), ArgumentError, "X must be a whole number ≥ 0"),
    (lambda s: s.can_cast("Lightning Bolt", kicked="no"), ArgumentTypeError, "kicked must be True or False, got 'no'"),
    (lambda s: s.cast("Lightning Bolt", alternative=[]), ArgumentTypeError,
     "alternative must be 'flashback' or None, not list"),
    (lambda s: s.cast("Lightning Bolt", alternative="overload"), ArgumentError, "alternative must be one of"),
    (lambda s: s.cast("Lightning Bolt", color=5), ArgumentError, "a chosen colour is one of W U B R G"),
    (lambda s: s.cast("Lightning Bolt", pay_life_for_lands=10 ** 5000), ArgumentError,
     "pay_life_for_lands: True, False or a life total -30000..30000 to pay above, got a number of 5001 digits"),
    (lambda s: s.cast("Lightning Bolt", bounce=5), ArgumentTypeError, "expected a Permanent"),
    (lambda s: s.play_land("Forest", pay_life=1.5), ArgumentError, "pay_life: True, False or a life total"),
    (lambda s: s.draw(n=1.5), ArgumentError, "draw: n must be a whole number ≥ 0, got 1.5"),
    (lambda s: s.draw(n=-(10 ** 5000)), ArgumentError, "got a number of 5001 digits"),
    (lambda s: s.draw(n=None), ArgumentError, "draw: n must be a whole number ≥ 0, got None"),
    (lambda s: s.tap_for_mana(_forest(s), ability=10 ** 5000), ArgumentIndexError,
     "Forest has 1 mana ability; index a number of 5001 digits is out of range"),
    (lambda s: s.tap_for_mana(_forest(s), ability="0"), ArgumentTypeError, "ability is an index, not str"),
    (lambda s: s.tap_for_mana(_forest(s), color=5), ArgumentError, "color must be one of W U B R G C"),
    (lambda s: s.tap_for_mana(_forest(s), order=5), ArgumentTypeError, "order must be a list of Permanents, not int"),
    (lambda s: s.tap_for_mana(_forest(s), order=[5]), ArgumentTypeError, "expected a Permanent of this scenario"),
    (lambda s: s.can_activate(_forest(s), ability=-1), ArgumentIndexError, "index -1 is out of range"),
    (lambda s: s.activate(_forest(s), ability=10 ** 5000), ArgumentIndexError,
     "Forest has 0 non-mana activated abilities; index a number of 5001 digits"),
    (lambda s: s.attack(5), ArgumentTypeError, "attackers must be a list of Permanents or None, not int"),
    (lambda s: s.attack("abc"), ArgumentTypeError, "attackers must be a list of Permanents or None, not str"),
    (lambda s: s.attack([5]), ArgumentTypeError, "expected a Permanent of this scenario, got int"),
    (lambda s: s.create_token_copy(None), ArgumentTypeError, "expected a Permanent"),
    (lambda s: s.create_token_copy(_forest(s), controller=5), ArgumentError, "player must be 'you' or 'opponent'"),
    (lambda s: s.power(None), ArgumentTypeError, "expected a Permanent of this scenario, got NoneType"),
    (lambda s: s.pool(None), ArgumentError, "player must be 'you' or 'opponent', got None"),
])
def test_scenario_arguments(scenario, call, error, fragment):
    with pytest.raises(error, match=fragment):
        call(scenario)


def test_scenario_takes_numpy_whole_numbers_and_flags(scenario):
    scenario.set_life(np.int64(7), player=np.int64(1))
    assert scenario.life("opponent") == 7
    scenario.draw(n=np.int64(1))
    assert scenario.hand() == ["Forest"]
    assert scenario.total_cost("Lightning Bolt", x=np.int16(0), kicked=np.bool_(False)).mana_value == 1
    scenario.add("Forest", tapped=np.bool_(True), entered_this_turn=1)


def test_drawing_more_cards_than_the_library_has_draws_what_there_is(scenario):
    scenario.draw(n=10 ** 30)            # (the number is never used as a count of work)
    assert scenario.hand() == ["Forest"]
