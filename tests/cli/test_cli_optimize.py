"""`mtgsim optimize`: a land-count sweep and a mana-base search from the command line, their
objective terms, files, and the clear errors of bad input (exit status 2, one line)."""
import json
from pathlib import Path

import pytest

from mtgsim import Objective
from mtgsim.cli import main
from mtgsim.cli_optimize import parse_objective, parse_pool
from mtgsim.errors import UsageError
from mtgsim.objective import DEFINITION

DECK = """Deck
20 Forest
4 Llanowar Elves
4 Grizzly Bears
32 Steel Leaf Champion
"""

TWO = """Deck
8 Plains
8 Island
4 Serra Angel
40 Grizzly Bears
"""


def test_a_land_count_sweep_prints_the_table_and_the_baselines(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--lands", "19..21", "--land", "Forest", "--cut", "Grizzly Bears",
                 "--cut", "Steel Leaf Champion",
                 "--objective", "castable:Llanowar Elves@curve", "--objective", "2*castable:Steel Leaf Champion@curve",
                 "--games", "8192", "--turns", "3", "--seed", "1", "--json", str(tmp_path / "r.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert ("land counts 19..21, Forest in and Grizzly Bears, Steel Leaf Champion out (every deck 60 cards), "
            "3 turns, on the play, seed 1") in out
    assert "deck size: 60 cards in every variant" in out
    assert "P(castable on curve: Llanowar Elves) + 2 × P(castable on curve: Steel Leaf Champion)" in out
    assert "baselines (published):" in out and "Karsten" in out
    d = json.loads((tmp_path / "r.json").read_text())
    assert [v["variant"] for v in d["variants"]] == ["19", "20", "21"]


def test_a_mana_base_search_names_the_best_split(tmp_path, capsys):
    deck = tmp_path / "two.txt"
    deck.write_text(TWO)
    code = main(["optimize", str(deck), "--mana-base", "Plains=0..16,Island=0..16", "--lands", "16",
                 "--objective", "castable:Serra Angel@curve", "--budget", "2000000", "--turns", "5", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0 and "search: exhaustive" in out
    assert "mana base of 16 lands, the other cards kept (every deck 60 cards)" in out
    assert "best mana base: Plains " in out


def test_a_land_count_sweep_that_varies_the_size_says_so_in_its_header_and_table(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--lands", "19..21", "--land", "Forest", "--vary-size",
                 "--objective", "castable:Llanowar Elves@curve", "--games", "8192", "--turns", "3", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "land counts 19..21, Forest added or taken away with nothing cut (decks of 59 to 61 cards)" in out
    assert "deck size: not the same in every variant: 59 to 61 cards" in out
    assert "59 cards" in out and "61 cards" in out


def test_903_an_optimized_commander_deck_says_it_plays_a_commander_game(tmp_path, capsys):
    deck = tmp_path / "commander.txt"
    deck.write_text("Commander\n1 Ezuri, Renegade Leader\n\nDeck\n40 Forest\n59 Llanowar Elves\n")
    code = main(["optimize", str(deck), "--lands", "39..41", "--land", "Forest", "--cut", "Llanowar Elves",
                 "--objective", "castable:Ezuri, Renegade Leader@3", "--games", "4096", "--turns", "3",
                 "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "game: Commander (903): Ezuri, Renegade Leader in the command zone; multiplayer" in out
    assert "opponent at 40 life (903.7)" in out


def test_objective_terms():
    o = parse_objective(["castable:Forest Bear@curve", "cast_by:Forest Bear@4", "kill_turn:median"])
    assert o.maximize and "kill turn at quantile 0.5" in str(o)
    assert not parse_objective(["kill_turn:mean"]).maximize
    assert parse_pool("Plains=0..17, Hallowed Fountain=0..4") == {"Plains": (0, 17), "Hallowed Fountain": (0, 4)}
    for bad in (["castable:X"], ["cast_by:X@curve"], ["kill_turn:2"], ["mana_spent"], ["draws:X@3"], [],
                ["castable:X@²"], ["mana_spent@²"], ["mana_spent@curve"]):
        with pytest.raises(UsageError):
            parse_objective(bad)


@pytest.mark.parametrize("weight", ["0", "0.0", "9" * 400])
def test_an_objective_weight_of_zero_or_beyond_any_number_is_refused(weight):
    with pytest.raises(UsageError, match="the weight must be a number > 0"):
        parse_objective([f"{weight}*castable:X@1"])


@pytest.mark.parametrize("terms, same", [
    (["castable:A@1", "castable:B@1"], Objective.castable(["A", "B"], turn=1)),
    (["castable:A@1", "castable:B@2"], Objective.castable("A", turn=1) + Objective.castable("B", turn=2)),
    (["castable:A@1", "castable:A@1"], Objective.castable("A", turn=1) + Objective.castable("A", turn=1)),
    (["2*castable:A@curve"], 2 * Objective.castable("A", on_curve=True)),
    (["cast_by:A@4", "castable:A@4"], Objective.cast_by("A", 4) + Objective.castable("A", turn=4)),
    (["castable:A@1", "0.5*kill_turn:mean"], Objective.castable("A", turn=1) - 0.5 * Objective.kill_turn()),
])
def test_objective_terms_add_up(terms, same):
    """Every --objective is a term of its own, added up as objective.DEFINITION says: two
    castable terms on one turn are two terms (at most 2), as on two turns; a weight multiplies."""
    assert str(parse_objective(terms)) == str(same)


def test_the_objective_definition_is_the_one_the_help_and_the_docs_give(capsys):
    """One definition of an objective's value (objective.DEFINITION): `mtgsim optimize --help`
    prints it and docs/optimize.md quotes it word for word."""
    with pytest.raises(SystemExit):
        main(["optimize", "--help"])
    flat = " ".join(capsys.readouterr().out.split())
    assert DEFINITION in flat
    docs = (Path(__file__).resolve().parents[2] / "docs" / "optimize.md").read_text(encoding="utf-8")
    quoted = " ".join(line.removeprefix(">").strip() for line in docs.splitlines() if line.startswith(">"))
    assert DEFINITION in quoted


@pytest.mark.parametrize("args, message", [
    (["--lands", "20..26"], "needs --land"),
    (["--lands", "26..20", "--land", "Forest"], "the range is empty"),
    (["--land", "Forest"], "give --lands"),
    (["--mana-base", "Plains=0..17,Island", "--lands", "17"], "is not LAND=LOW..HIGH"),
    (["--mana-base", "Forest=0..20", "--lands", "18..20"], "takes one land count"),
    (["--lands", "19..21", "--land", "Forest"], "19 and 21 lands with no cards to cut would make decks of 59 and "
                                                "61 cards where the deck has 60 (20 lands)"),
    (["--lands", "19..21", "--land", "Forest", "--cut", "Grizzly Bears", "--vary-size"], "not both"),
    (["--mana-base", "Plains=0..17,Island=0..17", "--lands", "17"],
     "the pool (Plains=0..17, Island=0..17) can't keep the deck's size with 17 lands"),
    (["--mana-base", "Forest=0..20", "--lands", "18"], "would make a deck of 58 cards, not 60"),
    (["--mana-base", "Forest=0..20", "--lands", "20", "--cut", "Grizzly Bears"], "--cut: for a land-count sweep"),
    (["--mana-base", "Forest=0..20", "--lands", "20", "--vary-size"], "--vary-size: for a land-count sweep"),
    (["--lands", "19", "--land", "Forest", "--objective", "0*castable:Grizzly Bears@2"], "the weight must be"),
])
def test_bad_input_is_one_clear_line(tmp_path, capsys, args, message):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--objective", "castable:Llanowar Elves@curve", "--games", "8192", *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
