"""Ctrl-C on the command line: a run interrupted during the games prints the figures of the
games finished and exits 130; anywhere else, one line and 130; never a traceback."""
import json

from mtgsim import _core, cli
from mtgsim.cli import main


def test_interrupted_run_prints_its_partial_result_and_exits_130(tmp_path, capsys, monkeypatch):
    """Ctrl-C arrives in the second call into the core: the first call's 4 chunks are the result."""
    real, calls = _core.run_chunks, []

    def interrupted_second_call(*args):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args)
    monkeypatch.setattr(_core, "run_chunks", interrupted_second_call)
    out = tmp_path / "r.json"
    code = main(["simulate", "--example", "red_fire_crystal", "--games", "100000", "--turns", "2", "--seed", "1",
                 "--threads", "1", "--json", str(out)])
    text = capsys.readouterr()
    assert code == 130 and len(calls) == 2
    assert text.out.startswith("red_fire_crystal: 8,192 games, 2 turns, on the play, seed 1 (interrupted)")
    assert "n = 8,192 games" in text.out
    assert text.err == "mtgsim: interrupted: the figures are of the 8,192 games finished\n"
    data = json.loads(out.read_text())
    assert data["interrupted"] is True and data["games"] == 8192


def test_interrupted_before_any_game_finished(capsys, monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(_core, "run_chunks", interrupted)
    assert main(["simulate", "--example", "red_fire_crystal", "--games", "100", "--seed", "1"]) == 130
    text = capsys.readouterr()
    assert text.out == "" and text.err == "mtgsim: interrupted before any game finished\n"


def test_interrupted_outside_the_games_is_one_line(capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "card_db", interrupted)          # (while the cards are read)
    assert main(["card", "Forest"]) == 130
    assert capsys.readouterr().err == "mtgsim: interrupted\n"
