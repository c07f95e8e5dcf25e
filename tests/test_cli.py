"""The command line and the bundled example decks."""
import subprocess
import sys

import pytest

from mtgsim import Deck
from mtgsim.cli import example_decks, main

EXPECTED_SIZES = {"mono_green_henge": 60, "red_fire_crystal": 60, "gw_midrange": 60,
                  "commander_elves": 100}


def test_every_bundled_example_loads_with_known_cards():
    examples = example_decks()
    assert set(EXPECTED_SIZES) <= set(examples)
    for name, path in examples.items():
        deck = Deck.from_file(path)
        assert len(deck) == EXPECTED_SIZES.get(name, len(deck)), name
        assert sum(deck.curve().values()) == deck.spell_count


def test_henge_and_fire_crystal_decks_hold_their_key_cards():
    ex = example_decks()
    assert Deck.from_file(ex["mono_green_henge"]).maindeck["The Great Henge"] >= 1
    assert Deck.from_file(ex["red_fire_crystal"]).maindeck["The Fire Crystal"] >= 1
    cmd = Deck.from_file(ex["commander_elves"])
    assert sum(cmd.commander.values()) == 1
    assert all(k == 1 for n, k in cmd.maindeck.items() if not cmd.card(n).is_basic)


def test_deck_command_prints_curve_and_colours(capsys):
    assert main(["deck", "--example", "mono_green_henge"]) == 0
    out = capsys.readouterr().out
    assert "60" in out and "G" in out
    assert main(["deck", str(example_decks()["commander_elves"])]) == 0
    assert "100" in capsys.readouterr().out


def test_card_command(capsys):
    assert main(["card", "the great henge"]) == 0
    out = capsys.readouterr().out
    assert "The Great Henge {7}{G}{G}" in out and "greatest power" in out


@pytest.mark.parametrize("argv, fragment", [
    (["deck", "--example", "nope"], "no bundled example 'nope'"),
    (["deck"], "give a decklist file"),
    (["card", "Llanowar Elfs"], "did you mean 'Llanowar Elves'"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err


def test_bad_decklist_file_names_file_and_line(tmp_path, capsys):
    p = tmp_path / "deck.txt"
    p.write_text("4 Forest\n4 Llanowar Elfs\n", encoding="utf-8")
    assert main(["deck", str(p)]) == 2
    err = capsys.readouterr().err
    assert "deck.txt" in err and "line 2" in err and "Llanowar Elves" in err


def test_missing_file(tmp_path, capsys):
    assert main(["deck", str(tmp_path / "none.txt")]) == 2
    assert "none.txt" in capsys.readouterr().err


def test_console_entry_point_runs():
    out = subprocess.run([sys.executable, "-m", "mtgsim", "examples"], capture_output=True, text=True)
    assert out.returncode == 0 and "mono_green_henge" in out.stdout
