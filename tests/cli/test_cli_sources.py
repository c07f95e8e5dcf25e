"""`mtgsim sources`: the generic table for a deck size beside Karsten's, a deck's colour costs
with the sources needed and had; bad input is one clear line (exit 2)."""
import json

import pytest

from mtgsim.cli import main


def test_generic_table_for_a_size(tmp_path, capsys):
    code = main(["sources", "--size", "40", "--games", "3000", "--seed", "1", "--json", str(tmp_path / "s.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Sources needed to cast a cost on curve: 40 cards, 17 lands; on the play")
    assert "Karsten 2022" in out and "\n1CCCC " in out and "replays" not in out
    d = json.loads((tmp_path / "s.json").read_text())
    assert d["size"] == 40 and d["seed"] == 1 and d["level"] == "karsten" and len(d["rows"]) == 19
    assert {r["cost"]: r["karsten"] for r in d["rows"]}["CC"] == 14


def test_a_deck(tmp_path, capsys):
    (tmp_path / "d.txt").write_text("16 Forest\n4 Llanowar Elves\n20 Grizzly Bears\n20 Kalonian Tusker\n")
    code = main(["sources", str(tmp_path / "d.txt"), "--games", "3000", "--level", "0.9"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("d: sources needed to cast each colour cost on curve, at 60 cards with 16 lands")
    assert "level 90% for every cost" in out and "20 = 16 lands + 4 creatures" in out
    assert "(the seed drawn at random: --seed replays this run)" in out


@pytest.mark.parametrize("argv, words", [
    (["--size", "0"], "size must be 7..256, got 0"),
    (["--size", "60", "--lands", "70"], "lands must be at most the deck size 60, got 70"),
    (["--size", "60", "--level", "1.2"], "level must be a probability strictly between 0 and 1"),
    (["--lands", "20", "--example", "red_fire_crystal"], "--lands goes with --size"),
    (["--size", "60", "--example", "red_fire_crystal"], "give a deck or --size, not both"),
    (["no_such_deck.txt"], "no_such_deck.txt: No such file or directory"),
    ([], "give a decklist file, or --example NAME"),
])
def test_bad_input_is_one_clear_line(argv, words, capsys):
    assert main(["sources", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
