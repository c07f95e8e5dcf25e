"""Interrupts keep finished work everywhere (issue 29, item 10): Ctrl-C (SIGINT) or SIGTERM
in `simulate`, `optimize` or `tournament` prints the result of the games (events) finished,
writes its --json/--csv files, and exits 130; a closed stdout (`| head`) never stops the
files from being written. Real processes, real signals."""
import json
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from mtgsim import Deck, Objective, _core, _meta, meta, optimize

# (SIGINT's Python handler put back: a shell starting tests in the background ignores it)
CHILD = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
         "from mtgsim.cli import main; sys.exit(main())")

OPTIMIZE = ["optimize", "--example", "red_fire_crystal", "--lands", "19..21", "--land", "Mountain",
            "--cut", "Searing Spear", "--objective", "kill_turn:mean", "--games", "4096000000", "--seed", "1",
            "--threads", "1"]
TOURNAMENT = ["tournament", "--example", "standard_field", "--events", "1000000000", "--seed", "1", "--threads", "1"]
SIMULATE = ["simulate", "--example", "red_fire_crystal", "--games", "1000000000000", "--seed", "1", "--threads", "1"]


def _interrupted_run(argv, tmp_path, sig):
    """Run the command, signal it once it has finished some games, and return (exit status,
    stdout, stderr, the JSON file). Waits longer and tries again if the signal came before any
    game finished (a busy machine)."""
    wait = 4.0
    for _ in range(4):
        out = tmp_path / "r.json"
        out.unlink(missing_ok=True)
        proc = subprocess.Popen([sys.executable, "-c", CHILD, *argv, "--json", str(out), "--csv",
                                 str(tmp_path / "r.csv")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(wait)
        proc.send_signal(sig)
        stdout, stderr = proc.communicate(timeout=300)
        if "before any" not in stderr:
            return proc.returncode, stdout, stderr, out
        wait *= 2
    pytest.fail(f"no game finished in {wait:g} s")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
def test_signal_in_optimize_prints_and_writes_partial_result_and_exits_130(tmp_path, sig):
    code, stdout, stderr, out = _interrupted_run(OPTIMIZE, tmp_path, sig)
    assert code == 130, stderr
    assert "Traceback" not in stderr
    assert stdout.startswith("red_fire_crystal: land counts 19..21, Mountain in and Searing Spear out (every deck 60 "
                             "cards), 8 turns, on the play, seed 1 (interrupted)")
    assert "(not separated: interrupted)" in stdout
    assert stderr.startswith("mtgsim: interrupted: the figures are of the ")
    data = json.loads(out.read_text())
    assert data["stopped"] == "interrupted"
    assert all(v["games"] > 0 for v in data["variants"])
    assert sum(v["games"] for v in data["variants"]) == data["games_used"]
    assert (tmp_path / "r.csv").read_text().startswith("variant,objective")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
def test_signal_in_tournament_prints_and_writes_partial_result_and_exits_130(tmp_path, sig):
    code, stdout, stderr, out = _interrupted_run(TOURNAMENT, tmp_path, sig)
    assert code == 130, stderr
    assert "Traceback" not in stderr
    events = json.loads(out.read_text())["events"]
    assert 0 < events < 1_000_000_000 and json.loads(out.read_text())["interrupted"] is True
    assert f"{events:,} events of " in stdout and "(interrupted)" in stdout.splitlines()[0]
    assert stderr == f"mtgsim: interrupted: the figures are of the {events:,} events finished\n"


def test_sigterm_in_simulate_prints_and_writes_partial_result_and_exits_130(tmp_path):
    code, stdout, stderr, out = _interrupted_run(SIMULATE, tmp_path, signal.SIGTERM)
    assert code == 130, stderr
    data = json.loads(out.read_text())
    assert data["interrupted"] is True
    assert stdout.startswith(f"red_fire_crystal: {data['games']:,} games")
    assert stderr == f"mtgsim: interrupted: the figures are of the {data['games']:,} games finished\n"


@pytest.mark.parametrize("argv", [
    ["simulate", "--example", "red_fire_crystal", "--games", "3000", "--turns", "3", "--seed", "1"],
    ["optimize", "--example", "red_fire_crystal", "--lands", "19..20", "--land", "Mountain", "--cut",
     "Searing Spear", "--objective", "kill_turn:mean", "--games", "4096", "--turns", "3", "--seed", "1"],
    ["tournament", "--example", "standard_field", "--events", "64", "--seed", "1"],
], ids=["simulate", "optimize", "tournament"])
def test_a_closed_stdout_never_stops_the_files_being_written(tmp_path, argv):
    """As `| head` does, the reader is gone before a line is printed: the files are there, no
    traceback, exit status 141 (128 + SIGPIPE)."""
    pytest.importorskip("matplotlib")
    proc = subprocess.Popen([sys.executable, "-m", "mtgsim", *argv, "--threads", "1", "--json",
                             str(tmp_path / "r.json"), "--csv", str(tmp_path / "r.csv"), "--plot",
                             str(tmp_path / "r.png")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) == 141 and err == ""
    assert json.loads((tmp_path / "r.json").read_text())
    assert (tmp_path / "r.csv").stat().st_size > 0
    assert (tmp_path / "r.png").read_bytes().startswith(b"\x89PNG")


# ---- the Python API: Ctrl-C returns what was finished ----------------------------------------

def _interrupt_on_call(monkeypatch, module, name, n):
    """Make the n-th call of module.name raise KeyboardInterrupt (as Ctrl-C during it would)."""
    real, calls = getattr(module, name), []

    def call(*args):
        calls.append(1)
        if len(calls) == n:
            raise KeyboardInterrupt
        return real(*args)
    monkeypatch.setattr(module, name, call)
    return calls


def _variants():
    deck = Deck({"Forest": 24, "Llanowar Elves": 18, "Grizzly Bears": 18})
    return optimize.land_counts(deck, [23, 24, 25], land="Forest", cut=["Grizzly Bears"])


def test_an_interrupted_sweep_returns_the_games_each_variant_finished(monkeypatch):
    """The sweep plays every variant's chunks in rounds: Ctrl-C in the 5th call into the core
    (round 2: variant 23 has played its 8 chunks, 24 and 25 their 4 of round 1) leaves that."""
    _interrupt_on_call(monkeypatch, _core, "run_chunks", 5)
    obj = Objective.castable({"Grizzly Bears": 1}, turn=2)
    r = optimize.sweep(_variants(), obj, games=20 * 2048, turns=3, seed=1, threads=1, progress=False)
    assert r.interrupted and r.stopped == "interrupted" and not r.separated
    games = {label: r.estimate(label).n for label in r.labels}
    assert games == {"23": 8 * 2048, "24": 4 * 2048, "25": 4 * 2048}
    assert r.games_used == sum(games.values())
    monkeypatch.undo()
    full = optimize.sweep(_variants(), obj, games=8 * 2048, turns=3, seed=1, threads=1, progress=False)
    assert full.estimate("23") == r.estimate("23")        # (the same chunks: the same figure)


def test_an_uninterrupted_sweep_is_unchanged_by_its_rounds():
    """Playing the chunks in rounds gives the figures of playing them all at once."""
    obj = Objective.castable({"Grizzly Bears": 1}, turn=2)
    r = optimize.sweep(_variants(), obj, games=5 * 2048 + 100, turns=3, seed=1, threads=1, progress=False)
    assert r.stopped == "all games played" and r.estimate("24").n == 5 * 2048 + 100
    ref = optimize.sweep({"24": _variants()["24"]}, obj, games=5 * 2048 + 100, turns=3, seed=1, threads=1,
                         progress=False)
    assert ref.estimate("24") == r.estimate("24")


def test_a_sweep_interrupted_before_any_game_passes_the_interrupt_on(monkeypatch):
    _interrupt_on_call(monkeypatch, _core, "run_chunks", 1)
    with pytest.raises(KeyboardInterrupt, match="before any game finished"):
        optimize.sweep(_variants(), Objective.castable({"Grizzly Bears": 1}, turn=2), games=4096, turns=3,
                       seed=1, threads=1, progress=False)


def test_an_interrupted_mana_base_search_returns_what_it_played(monkeypatch):
    _interrupt_on_call(monkeypatch, _core, "run_chunks", 3)
    deck = Deck({"Forest": 12, "Plains": 12, "Llanowar Elves": 18, "Savannah Lions": 18})
    r = optimize.mana_base(deck, {"Forest": (8, 16), "Plains": (8, 16)}, 24,
                           Objective.castable({"Llanowar Elves": 1, "Savannah Lions": 1}, turn=1),
                           turns=2, seed=1, threads=1, progress=False)
    assert r.interrupted and r.search == "exhaustive"
    played = [label for label in r.labels if r.estimate(label).n > 0]
    assert len(played) == 2 and r.best_label in played
    assert "not played: interrupted" in r.table()


def test_an_interrupted_tournament_returns_the_events_finished(monkeypatch):
    _interrupt_on_call(monkeypatch, _meta, "play_events", 2)
    field = meta.Field({"A": 0.5, "B": 0.5}, players=8)
    res = meta.simulate_events(field, meta.Matchups({("A", "B"): 0.6}), events=10_000, seed=1, threads=1,
                               progress=False)
    assert res.interrupted and res.events == 8 * 64 and "(interrupted)" in res.summary()
    assert res.to_dict()["interrupted"] is True
    assert np.isfinite(res.p_top8("A").value)


def test_a_tournament_interrupted_before_any_event_passes_the_interrupt_on(monkeypatch):
    _interrupt_on_call(monkeypatch, _meta, "play_events", 1)
    field = meta.Field({"A": 0.5, "B": 0.5}, players=8)
    with pytest.raises(KeyboardInterrupt, match="before any event finished"):
        meta.simulate_events(field, meta.Matchups(), events=100, seed=1, threads=1, progress=False)
