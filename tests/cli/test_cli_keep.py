"""The mulligan keep rule on the command line: shown in the header, set by --keep, recorded."""
import json

import pytest

from mtgsim.cli import main

ARGS = ["simulate", "--example", "mono_green_henge", "--games", "2000", "--turns", "2", "--seed", "4",
        "--threads", "1"]


def test_header_shows_the_default_keep_rule(capsys):
    assert main(ARGS) == 0
    header = capsys.readouterr().out.splitlines()[1]
    assert header == ("mulligan (London): keep 7 cards with 2-5 lands, 6 with 2-4, 5 with 2-4; "
                      "4 or fewer: always kept; only lands count (--keep 7:2-5,6:2-4,5:2-4)")


def test_keep_sets_the_rule_and_is_recorded(tmp_path, capsys):
    """7:3-3 keeps a seven only with exactly 3 lands: far fewer sevens are kept than by default."""
    kept7 = []
    for extra in ([], ["--keep", "7:3-3"]):
        out = tmp_path / f"r{len(extra)}.json"
        assert main(ARGS + extra + ["--json", str(out)]) == 0
        data = json.loads(out.read_text())
        kept7.append(data["mulligans"]["7"]["value"])
    text = capsys.readouterr().out
    assert "keep 7 cards with 3-3 lands; 6 or fewer: always kept; only lands count (--keep 7:3-3)" in text
    assert data["keep"] == {"7": [3, 3]}
    assert kept7[1] < 0.5 < kept7[0]


def test_a_size_not_listed_takes_the_next_larger_range(capsys):
    assert main(ARGS + ["--keep", "7:2-5,5:1-4"]) == 0
    assert "keep 7 cards with 2-5 lands, 6 with 2-5, 5 with 1-4; 4 or fewer" in capsys.readouterr().out


def test_no_mulligan_in_the_header(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(ARGS + ["--no-mulligan", "--json", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "mulligan: none (every opening seven kept)"
    data = json.loads(out.read_text())
    assert data["keep"] == {} and list(data["mulligans"]) == ["7"]


@pytest.mark.parametrize("rule, fragment", [
    ("7:2", "'7:2' is not HAND SIZE:MIN LANDS-MAX LANDS"),
    ("7:5-2", "size 7: lands range 5..2 is impossible"),
    ("7:2-9", "size 7: lands range 2..9 is impossible"),
    ("8:2-5,7:2-5", "hand size 8 must be 1..7"),
    ("6:2-4", "needs a range for the opening seven"),
    ("7:2-5,7:1-3", "hand size 7 is given twice"),
])
def test_bad_keep_is_one_line_naming_the_flag(capsys, rule, fragment):
    with pytest.raises(SystemExit) as info:
        main(ARGS + ["--keep", rule])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "argument --keep: " in err and fragment in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_keep_and_no_mulligan_together_is_an_error(capsys):
    with pytest.raises(SystemExit) as info:
        main(ARGS + ["--keep", "7:2-5", "--no-mulligan"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "not allowed with argument --keep" in err


def test_help_explains_the_default_keep_rule(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "default 7:2-5,6:2-4,5:2-4" in out and "Only lands count, unless --count-mana-sources" in out


def test_count_mana_sources_keeps_more_hands_and_says_so(tmp_path, capsys):
    """--count-mana-sources: the Henge deck's Llanowar Elves and Elvish Mystic count as lands
    for keeping, so a seven is kept more often; the header and the JSON say so."""
    kept7 = []
    for extra in ([], ["--count-mana-sources"]):
        out = tmp_path / f"r{len(extra)}.json"
        assert main(ARGS + ["--keep", "7:3-4"] + extra + ["--json", str(out)]) == 0
        data = json.loads(out.read_text())
        kept7.append(data["mulligans"]["7"]["value"])
        assert data["keep_mana_sources"] is bool(extra)
    assert "lands, mana creatures and rocks count (--count-mana-sources) (--keep 7:3-4)" in capsys.readouterr().out
    assert kept7[1] > kept7[0] + 0.05


def test_count_mana_sources_with_no_mulligan_is_an_error(capsys):
    assert main(ARGS + ["--no-mulligan", "--count-mana-sources"]) == 2
    err = capsys.readouterr().err
    assert "--count-mana-sources" in err and len(err.strip().splitlines()) == 1
