"""`--on play|draw|both` on `mtgsim simulate` and `mtgsim optimize` (mtgsim.play_draw; 103.8a:
the player on the play skips the draw of their first turn), `--on-draw` kept as `--on draw`,
and the one-line errors of a bad or contradictory start (exit status 2)."""
import json

import pytest

from mtgsim.cli import main

RUN = ["simulate", "--example", "mono_green_henge", "--games", "4000", "--turns", "4", "--seed", "3",
       "--threads", "2"]


def test_simulate_on_both_prints_the_halves_beside_each_other(tmp_path, capsys):
    assert main(RUN + ["--on", "both", "--json", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "4,000 games, 4 turns, half on the play, half on the draw, seed 3" in out
    assert ("2,000 games on the play and 2,000 games on the draw (103.8a: the player on the play skips their "
            "turn-1 draw):") in out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["on"] == "both" and set(data["halves"]) == {"play", "draw"}
    rows = {line.split(" (turn")[0]: line.split()[-2:] for line in out.splitlines() if " (turn " in line}
    troll = data["halves"]["play"]["p_castable"]["Old-Growth Troll"][2]["value"], \
        data["halves"]["draw"]["p_castable"]["Old-Growth Troll"][2]["value"]
    assert rows["Old-Growth Troll"] == [f"{v:.3f}" for v in troll]          # (castable on turn 3, its curve)
    assert "kill turn on the play:" in out and "kill turn on the draw:" in out


def test_on_draw_is_on_draw_spelled_the_old_way(capsys):
    assert main(RUN + ["--on-draw"]) == 0
    old = capsys.readouterr().out
    assert main(RUN + ["--on", "draw"]) == 0
    assert capsys.readouterr().out == old and "4 turns, on the draw, seed 3" in old
    assert main(RUN + ["--on-draw", "--on", "draw"]) == 0
    assert capsys.readouterr().out == old


def test_on_play_is_the_default(capsys):
    assert main(RUN) == 0
    default = capsys.readouterr().out
    assert main(RUN + ["--on", "play"]) == 0
    assert capsys.readouterr().out == default and "on the play" in default and "games on the draw" not in default


@pytest.mark.parametrize("args, message", [
    (["--on-draw", "--on", "both"], "mtgsim: error: --on-draw is --on draw: it can't go with --on both\n"),
    (["--on-draw", "--on", "play"], "mtgsim: error: --on-draw is --on draw: it can't go with --on play\n"),
])
def test_contradictory_starts_are_one_line(capsys, args, message):
    assert main(RUN + args) == 2
    assert capsys.readouterr().err == message


def test_an_unknown_start_is_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(RUN + ["--on", "first"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.splitlines()) == 1
    assert "argument --on: invalid choice: 'first' (choose from" in err


def test_optimize_on_both_says_so_and_writes_it(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text("Deck\n17 Forest\n23 Grizzly Bears\n")
    assert main(["optimize", str(deck), "--lands", "16..17", "--land", "Forest", "--cut", "Grizzly Bears",
                 "--objective", "castable:Grizzly Bears@curve", "--games", "8192", "--turns", "2", "--seed", "1",
                 "--on", "both", "--threads", "2", "--json", str(tmp_path / "r.json")]) == 0
    assert "2 turns, half on the play, half on the draw, seed 1" in capsys.readouterr().out
    assert json.loads((tmp_path / "r.json").read_text())["on"] == "both"


@pytest.mark.parametrize("deck, args, header", [
    ("Deck\n20 Forest\n8 Llanowar Elves\n32 Steel Leaf Champion\n",
     ["--mulligan-search", "--objective", "cast_by:Llanowar Elves@1", "--turns", "1"], "1 turns, "),
    ("Deck\n14 Forest\n46 Steel Leaf Champion\n\nSideboard\n2 Grizzly Bears\n",
     ["--swaps", "--objective", "castable:Steel Leaf Champion@curve", "--turns", "3"],
     "(every deck 60 cards), 3 turns, "),
], ids=["mulligan-search", "swaps"])
def test_the_keep_rule_search_and_swaps_take_on_both(tmp_path, capsys, deck, args, header):
    path = tmp_path / "deck.txt"
    path.write_text(deck)
    assert main(["optimize", str(path), *args, "--games", "8192", "--seed", "3", "--threads", "2", "--on", "both"]) == 0
    assert header + "half on the play, half on the draw, seed 3" in capsys.readouterr().out
