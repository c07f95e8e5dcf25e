"""Every JSON file mtgsim writes (`to_json`, `--json`) is strict JSON: no NaN or Infinity,
which strict readers (JavaScript's JSON.parse, jq, most languages' parsers) refuse. A figure
no game reached is null, with its reason beside it (issue 29, item 8)."""
import json
import math

import numpy as np
import pytest

from mtgsim import Deck, Objective, meta, optimize, simulate
from mtgsim.cli import main
from mtgsim.files import json_text, strict


def _no_constant(name):
    raise ValueError(f"not strict JSON: {name}")


def strict_load(path) -> dict:
    """Parse as a strict reader does: NaN, Infinity and -Infinity refused."""
    return json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)


def test_the_strict_parser_refuses_nan():
    with pytest.raises(ValueError, match="NaN"):
        json.loads('{"a": NaN}', parse_constant=_no_constant)


def test_strict_replaces_what_is_not_finite_by_null_with_a_reason():
    data = {"mean": math.nan, "median": math.inf, "rows": [{"low": -math.inf, "n": np.int64(3)}],
            "kept": 0.5}
    out = strict({**data, "mean_reason": "no game killed"})
    assert out["mean"] is None and out["mean_reason"] == "no game killed"      # (the result's own reason)
    assert out["median"] is None and "infinity" in out["median_reason"]
    assert out["rows"][0] == {"low": None, "low_reason": "minus infinity: beyond every turn simulated", "n": 3}
    assert out["kept"] == 0.5
    json.loads(json_text(data), parse_constant=_no_constant)


def test_json_output_is_strict_json_no_nan(tmp_path):
    """A deck that never kills: the mean and median kill turn are nan and inf in Python, null
    in the file, each with its reason."""
    res = simulate(Deck({"Forest": 60}), games=500, turns=3, seed=1)
    assert math.isnan(res.kill_turn.mean) and math.isinf(res.kill_turn.quantile(0.5))
    res.to_json(tmp_path / "r.json")
    kill = strict_load(tmp_path / "r.json")["kill_turn"]
    assert kill["mean"] is None and kill["mean_reason"] == "no game killed the opponent by turn 3"
    assert kill["median"] is None and kill["median_reason"].startswith("later than turn 3")


def test_optimize_json_is_strict_json_when_the_objective_has_no_value(tmp_path):
    """The mean kill turn of decks that never kill is nan, and so are its intervals."""
    deck = Deck({"Forest": 40, "Llanowar Elves": 20})
    r = optimize.sweep(optimize.land_counts(deck, [39, 40], land="Forest", cut=["Llanowar Elves"]),
                       Objective.kill_turn("mean"), games=4096, turns=3, seed=1, progress=False)
    assert math.isnan(r.estimate("39").value)
    r.to_json(tmp_path / "o.json")
    row = strict_load(tmp_path / "o.json")["variants"][0]["objective"]
    assert row["value"] is None and row["value_reason"] and row["low"] is None and row["high"] is None


def test_tournament_json_is_strict_json(tmp_path):
    field = meta.Field({"A": 0.5, "B": 0.5}, players=8)
    res = meta.simulate_events(field, meta.Matchups({("A", "B"): 0.6}), events=64, seed=1, progress=False)
    res.to_json(tmp_path / "t.json")
    assert strict_load(tmp_path / "t.json")["events"] == 64


def test_the_command_line_json_is_strict_json(tmp_path, capsys):
    (tmp_path / "forest.txt").write_text("60 Forest\n")
    assert main(["simulate", str(tmp_path / "forest.txt"), "--games", "300", "--turns", "2", "--seed", "1",
                 "--json", str(tmp_path / "s.json")]) == 0
    assert strict_load(tmp_path / "s.json")["kill_turn"]["mean"] is None
