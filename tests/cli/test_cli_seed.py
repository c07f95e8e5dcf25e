"""Seeds: a run without --seed draws one, prints and records it, and replaying with it gives
the same figures."""
import csv
import json
import re

import pytest

from mtgsim import Deck, simulate
from mtgsim.cli import main

ARGS = ["simulate", "--example", "red_fire_crystal", "--games", "1500", "--turns", "3", "--threads", "1"]


def test_drawn_seed_is_printed_recorded_and_replays_the_run(tmp_path, capsys):
    first, again = tmp_path / "a.json", tmp_path / "b.json"
    assert main(ARGS + ["--json", str(first)]) == 0
    out = capsys.readouterr().out
    seed = int(re.search(r"seed (\d+) \(drawn at random: --seed \1 replays this run\)", out).group(1))
    assert json.loads(first.read_text())["seed"] == seed
    assert main(ARGS + ["--seed", str(seed), "--json", str(again)]) == 0
    replayed = capsys.readouterr().out
    assert json.loads(again.read_text()) == json.loads(first.read_text())
    assert replayed.split("\n", 1)[1] == out.split("\n", 1)[1]       # the same table
    assert "drawn at random" not in replayed.split("\n", 1)[0]


def test_two_runs_without_seed_draw_different_seeds(tmp_path, capsys):
    seeds = []
    for _ in range(2):
        assert main(ARGS[:4] + ["100", "--turns", "1"]) == 0
        seeds.append(re.search(r"seed (\d+)", capsys.readouterr().out).group(1))
    assert seeds[0] != seeds[1]


def test_csv_records_the_seed(tmp_path):
    out = tmp_path / "r.csv"
    assert main(ARGS + ["--seed", "42", "--csv", str(out)]) == 0
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["metric", "card", "turn", "value", "low", "high", "n"]
    assert rows[1] == ["seed", "", "", "42", "", "", "1500"]


def test_library_simulate_records_the_seed_it_drew():
    deck = Deck({"Forest": 24, "Grizzly Bears": 36})
    res = simulate(deck, games=3000, turns=3, threads=1)
    assert isinstance(res.seed, int) and res.seed > 0
    again = simulate(deck, games=3000, turns=3, threads=1, seed=res.seed)
    assert json.dumps(again.to_dict()) == json.dumps(res.to_dict())      # (as text: nan != nan)


def test_negative_seed_names_the_flag(capsys):
    assert main(ARGS + ["--seed", "-1"]) == 2
    err = capsys.readouterr().err
    assert err == "mtgsim: error: --seed: seed must be a whole number >= 0, got -1\n"


def test_seed_that_is_not_a_number_names_the_flag(capsys):
    with pytest.raises(SystemExit) as info:
        main(ARGS + ["--seed", "x"])
    assert info.value.code == 2 and "argument --seed: invalid int value: 'x'" in capsys.readouterr().err
