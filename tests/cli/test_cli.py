"""The command line and the bundled example decks."""
import json
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


def test_simulate_command_writes_json_and_csv(tmp_path, capsys):
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    code = main(["simulate", "--example", "red_fire_crystal", "--games", "3000", "--turns", "4",
                 "--seed", "1", "--on-draw", "--track", "Lightning Bolt", "--threads", "2",
                 "--json", str(out_json), "--csv", str(out_csv)])
    text = capsys.readouterr()
    assert code == 0
    assert "castable" in text.out and "cast by" in text.out and "Lightning Bolt" in text.out
    assert "on the draw" in text.out
    data = json.loads(out_json.read_text())
    assert data["games"] == 3000 and data["on_play"] is False
    assert out_csv.read_text().startswith("metric,card,turn,value,low,high,n")


def test_simulate_command_writes_plot(tmp_path):
    pytest.importorskip("matplotlib")
    out_png = tmp_path / "r.png"
    assert main(["simulate", "--example", "red_fire_crystal", "--games", "300", "--turns", "3", "--seed", "1",
                 "--plot", str(out_png)]) == 0
    assert out_png.stat().st_size > 1000


@pytest.mark.parametrize("argv, fragment", [
    (["simulate", "--example", "red_fire_crystal", "--games", "0"],
     "argument --games: must be 1..1,000,000,000,000, got 0"),
    (["simulate", "--example", "red_fire_crystal", "--threads", "0"], "argument --threads: must be 1..1,024, got 0"),
    (["simulate", "--example", "red_fire_crystal", "--threads", "10000000000000000000000"], "must be 1..1,024"),
    (["simulate", "--example", "red_fire_crystal", "--turns", "0"], "argument --turns: must be at least 1"),
    (["simulate", "--example", "red_fire_crystal", "--turns", "x"], "not a whole number"),
])
def test_simulate_command_bad_numbers(capsys, argv, fragment):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2 and fragment in capsys.readouterr().err


def test_simulate_command_unknown_tracked_card(capsys):
    assert main(["simulate", "--example", "red_fire_crystal", "--games", "100", "--track", "Lightnig Bolt"]) == 2
    assert "did you mean 'Lightning Bolt'" in capsys.readouterr().err


def test_simulate_command_play_policy(tmp_path, capsys):
    """The play policy's options on the command line: a held card is never cast."""
    out = tmp_path / "r.json"
    argv = ["simulate", "--example", "red_fire_crystal", "--games", "2000", "--seed", "3", "--threads", "1",
            "--turns", "4", "--hold", "Lightning Bolt", "--cast-first", "Searing Spear", "--no-attack",
            "--spell-order", "lowest_mana_value", "--land-choice", "first", "--no-kicker", "--no-flashback",
            "--no-abilities", "--no-cycle", "--min-x", "2", "--json", str(out)]
    assert main(argv) == 0
    cast_by = json.loads(out.read_text())["p_cast_by"]
    assert all(e["value"] == 0 for e in cast_by["Lightning Bolt"])
    assert cast_by["Searing Spear"][-1]["value"] > 0.3


def test_simulate_command_choices_inside_actions(tmp_path):
    """--pay-life-above: never paying for a shock land (30000) leaves the first turn with no
    mana; --color: the colour chosen as Coldsteel Heart enters."""
    deck = tmp_path / "shocks.txt"
    deck.write_text("30 Stomping Ground\n30 Grizzly Bears\n")
    means = []
    for life in ("10", "30000"):
        out = tmp_path / f"r{life}.json"
        assert main(["simulate", str(deck), "--games", "500", "--seed", "3", "--threads", "1", "--turns", "1",
                     "--no-mulligan", "--pay-life-above", life, "--json", str(out)]) == 0
        means.append(json.loads(out.read_text())["mana_available"][0]["value"])
    assert means[0] > 0.9 and means[1] == 0
    assert main(["simulate", "--example", "red_fire_crystal", "--games", "100", "--color", "U"]) == 0


@pytest.mark.parametrize("argv, fragment", [
    (["--min-x", "-1"], "x must be a whole number 0..99"),
    (["--pay-life-above", "40000"], "pay_life_above must be a whole number -30000..30000"),
    (["--hold", ""], "hold names an empty card name"),
    (["--cast-first", "Lightning Bolt", "--hold", "Lightning Bolt"], "both cast first and held"),
    (["--hold", "Lightnig Bolt"], "did you mean 'Lightning Bolt'"),
])
def test_simulate_command_bad_policy(capsys, argv, fragment):
    assert main(["simulate", "--example", "red_fire_crystal", "--games", "100"] + argv) == 2
    assert fragment in capsys.readouterr().err


def test_simulate_command_bad_policy_choice(capsys):
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--example", "red_fire_crystal", "--spell-order", "random"])
    assert info.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_simulate_command_lists_the_card_text_it_leaves_out(capsys):
    """Issue 31 item 4: the share of the deck's copies fully read, then each card that is not with
    its copies and the clauses left out in the card's words, the most copies first."""
    assert main(["simulate", "--example", "mono_green_henge", "--games", "200", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    head = next(line for line in out.splitlines() if line.startswith("card text: "))
    assert head.endswith("copies fully read (" + head.split("(")[1].split(")")[0] + "); the others, with the "
                         "text the simulation leaves out:")
    rows = out.split(head)[1].strip().splitlines()
    assert any(r.split(None, 1)[1].startswith("Old-Growth Troll (partly): ") for r in rows)
    copies = [int(r.split()[0]) for r in rows]
    assert copies == sorted(copies, reverse=True)


def test_optimize_command_says_how_far_the_deck_is_read(capsys):
    """Issue 31 item 4: `optimize` ends with the deck's coverage by copies, as `simulate` does."""
    assert main(["optimize", "--example", "gw_midrange", "--lands", "23..24", "--land", "Forest",
                 "--vary-size", "--objective", "kill_turn:mean", "--games", "4096", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "card text: 41 of 60 copies fully read (68.3%); the others" in out
    assert "    4 Knight of Autumn (partly): When it enters, choose one" in out
