"""`mtgsim optimize DECK --mulligan-search`: the keep-rule search from the command line (103.5: which
hands the London mulligan keeps), its header, table and paired intervals, its JSON, and the clear
errors of flags it doesn't take (exit status 2, one line)."""
import json

import pytest

from mtgsim.cli import main

DECK = """Deck
20 Forest
8 Llanowar Elves
32 Steel Leaf Champion
"""


def test_the_search_prints_the_rules_raced_and_the_best_against_the_default_and_karsten(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--mulligan-search", "--objective", "cast_by:Llanowar Elves@1",
                 "--games", "8192", "--turns", "1", "--seed", "3", "--threads", "2",
                 "--json", str(tmp_path / "m.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert "keep rules (62 raced, " in out and "1 turns, on the play, seed 3" in out
    assert "objective: P(cast by turn 1: Llanowar Elves)" in out
    assert "keep rule" in out and "vs default" in out and "vs Karsten" in out
    assert "best keep rule: " in out and "paired interval" in out
    d = json.loads((tmp_path / "m.json").read_text())
    assert len(d["rules"]) == 62 and d["best"] in out
    # (a one-drop cast on turn 1 wants it in hand: a rule asking for a castable spell of mana value <= 2 wins)
    assert "castable" in d["best"]


@pytest.mark.parametrize("flags, named", [
    (["--lands", "20"], "--lands"),
    (["--race"], "--race"),
    (["--keep", "7:2-5"], "--keep"),
    (["--csv", "x.csv"], "--csv"),
])
def test_flags_of_other_searches_are_refused(tmp_path, capsys, flags, named):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--mulligan-search", "--objective", "cast_by:Llanowar Elves@1", *flags])
    err = capsys.readouterr().err
    assert code == 2 and named in err and "not with --mulligan-search" in err
    assert len(err.strip().splitlines()) == 1


def test_a_budget_below_one_round_is_refused(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--mulligan-search", "--objective", "cast_by:Llanowar Elves@1",
                 "--budget", "1000"])
    assert code == 2 and "budget of 1,000 games is below one round" in capsys.readouterr().err
