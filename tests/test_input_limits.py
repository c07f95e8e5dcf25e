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
    (lambda: Deck([("Forest", 1, 3)]), r"maindeck: an item is a card or a \(card, count\) pair, not \('Forest', 1, 3\)"),
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
    (lambda d: d.check(None), ArgumentError, "format None is not 'constructed' or 'commander'"),
    (lambda d: d.check(["x"]), ArgumentError, r"format \['x'\] is not"),
])
def test_deck_method_arguments(call, error, fragment):
    with pytest.raises(error, match=fragment):
        call(Deck({"Forest": 4}))
