"""`mtgsim optimize`: a land-count sweep and a mana-base search from the command line, their
objective terms, files, and the clear errors of bad input (exit status 2, one line)."""
import json

import pytest

from mtgsim.cli import main
from mtgsim.cli_optimize import parse_objective, parse_pool
from mtgsim.errors import UsageError

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
    code = main(["optimize", str(deck), "--lands", "19..21", "--land", "Forest", "--cut", "Grizzly Bears", "--cut", "Steel Leaf Champion",
                 "--objective", "castable:Llanowar Elves@curve", "--objective", "2*castable:Steel Leaf Champion@curve",
                 "--games", "8192", "--turns", "3", "--seed", "1", "--json", str(tmp_path / "r.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert "land counts, 3 turns, on the play, seed 1" in out
    assert "P(castable on curve: Llanowar Elves, 2×Steel Leaf Champion)" in out
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
    assert "best mana base: Plains " in out


def test_objective_terms():
    o = parse_objective(["castable:Forest Bear@curve", "cast_by:Forest Bear@4", "kill_turn:median"])
    assert o.maximize and "kill turn at quantile 0.5" in str(o)
    assert not parse_objective(["kill_turn:mean"]).maximize
    assert parse_pool("Plains=0..17, Hallowed Fountain=0..4") == {"Plains": (0, 17), "Hallowed Fountain": (0, 4)}
    for bad in (["castable:X"], ["cast_by:X@curve"], ["kill_turn:2"], ["mana_spent"], ["draws:X@3"], []):
        with pytest.raises(UsageError):
            parse_objective(bad)


@pytest.mark.parametrize("args, message", [
    (["--lands", "20..26"], "needs --land"),
    (["--lands", "26..20", "--land", "Forest"], "the range is empty"),
    (["--land", "Forest"], "give --lands"),
    (["--mana-base", "Plains=0..17,Island", "--lands", "17"], "is not LAND=LOW..HIGH"),
    (["--mana-base", "Forest=0..20", "--lands", "18..20"], "takes one land count"),
])
def test_bad_input_is_one_clear_line(tmp_path, capsys, args, message):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--objective", "castable:Llanowar Elves@curve", "--games", "8192", *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
