"""Output destinations and the optional dependency are checked before any game is played."""
import sys

import pytest

import mtgsim
from mtgsim import cli_common
from mtgsim.cli import main

SIM = sys.modules["mtgsim.simulate"]        # (the module: mtgsim.simulate is the function)
ARGS = ["simulate", "--example", "red_fire_crystal", "--games", "200", "--turns", "2", "--seed", "1",
        "--threads", "1"]


@pytest.fixture
def no_simulation(monkeypatch):
    """simulate() fails the test if it is reached: each check must come before the work."""
    def called(*a, **k):
        raise AssertionError("simulate() ran before the check")
    monkeypatch.setattr(SIM, "simulate", called)


@pytest.mark.parametrize("flag", ["--json", "--csv"])
def test_unwritable_output_fails_before_simulating(tmp_path, capsys, no_simulation, flag):
    path = tmp_path / "no such folder" / "r.out"
    assert main(ARGS + [flag, str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"mtgsim: error: {flag} {path}: can't be written: No such file or directory\n"


def test_output_that_is_a_directory_fails_before_simulating(tmp_path, capsys, no_simulation):
    assert main(ARGS + ["--json", str(tmp_path)]) == 2
    assert f"--json {tmp_path}: is a directory" in capsys.readouterr().err


def test_two_outputs_naming_one_file(tmp_path, capsys, no_simulation):
    path = str(tmp_path / "r.txt")
    assert main(ARGS + ["--json", path, "--csv", path]) == 2
    assert "--json and --csv both name" in capsys.readouterr().err


def test_the_check_leaves_no_file_behind(tmp_path, monkeypatch):
    """A file made to find out whether it can be written is removed when the run fails later."""
    def fails(*a, **k):
        raise mtgsim.ArgumentError("a later failure")
    monkeypatch.setattr(SIM, "simulate", fails)
    out = tmp_path / "r.json"
    assert main(ARGS + ["--json", str(out)]) == 2
    assert not out.exists()


def test_missing_matplotlib_fails_before_simulating_with_working_commands(tmp_path, capsys, monkeypatch,
                                                                          no_simulation):
    monkeypatch.setitem(sys.modules, "matplotlib", None)           # (import matplotlib: ImportError)
    monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", None)
    out = tmp_path / "r.json"
    assert main(ARGS + ["--json", str(out), "--plot", str(tmp_path / "r.png")]) == 2
    err = capsys.readouterr().err
    assert err == ('mtgsim: error: --plot needs matplotlib: pip install matplotlib '
                   '(or pip install "mtgsim[plot]")\n')
    assert not out.exists()


def test_plot_extra_named_in_the_message_exists():
    """The extra the message names is the one pyproject.toml defines, holding matplotlib."""
    import tomllib
    from pathlib import Path
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    assert any(d.startswith("matplotlib") for d in project["project"]["optional-dependencies"]["plot"])


@pytest.mark.parametrize("name, fragment", [("r.jpq", "matplotlib writes .pdf, .png, not .jpq"),
                                            ("r", "matplotlib writes .pdf, .png: give the file one of")])
def test_plot_suffix_matplotlib_cannot_write(tmp_path, capsys, monkeypatch, no_simulation, name, fragment):
    monkeypatch.setattr(cli_common, "_plot_formats", lambda: {"png": "Portable Network Graphics", "pdf": "PDF"})
    assert main(ARGS + ["--plot", str(tmp_path / name)]) == 2
    assert fragment in capsys.readouterr().err


def test_plot_suffix_checked_against_real_matplotlib(tmp_path, capsys, no_simulation):
    pytest.importorskip("matplotlib")
    assert main(ARGS + ["--plot", str(tmp_path / "r.jpq")]) == 2
    assert "not .jpq" in capsys.readouterr().err
