"""The command line's rough edges: --version, option help, conflicting or wrong arguments,
card search, a closed output pipe."""
import subprocess
import sys

import pytest

from mtgsim import __version__
from mtgsim.cli import build_parser, main

SIMULATE = ["simulate", "--example", "red_fire_crystal", "--games", "200", "--turns", "2", "--seed", "1",
            "--threads", "1"]


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out == f"mtgsim {__version__}\n"


def test_every_option_has_help_and_the_numbers_say_their_default_and_limits():
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, sub in subparsers.choices.items():
        for action in sub._actions:
            assert action.help, f"mtgsim {name} {action.option_strings or action.dest} has no help"
    simulate = subparsers.choices["simulate"]
    helps = {o: a.help for a in simulate._actions for o in a.option_strings}
    assert "default 100,000" in helps["--games"] and "at most 1,000,000,000,000" in helps["--games"]
    assert "default 8" in helps["--turns"] and "at most 40" in helps["--turns"]
    assert "default: one per CPU" in helps["--threads"] and "at most 1024" in helps["--threads"]
    assert "default 1; 0..99" in helps["--min-x"] and "-30000..30000" in helps["--pay-life-above"]


def test_turns_beyond_the_limit_names_the_flag(capsys):
    assert main(SIMULATE[:-4] + ["--turns", "41"]) == 2
    assert capsys.readouterr().err.startswith("mtgsim: error: --turns: turns must be 1..40")


def test_deck_file_and_example_together_is_a_usage_error(tmp_path, capsys):
    deck = tmp_path / "d.txt"
    deck.write_text("24 Forest\n36 Grizzly Bears\n")
    assert main(["simulate", str(deck), "--example", "red_fire_crystal"]) == 2
    assert main(["deck", str(deck), "--example", "red_fire_crystal"]) == 2
    err = capsys.readouterr().err
    assert err.count(f"give a decklist file ({deck}) or --example red_fire_crystal, not both") == 2


def test_tracking_a_land_says_it_is_a_land(capsys):
    assert main(SIMULATE + ["--track", "mountain"]) == 2
    assert capsys.readouterr().err == ("mtgsim: error: --track mountain: Mountain is a land; --track reports "
                                       "spells, and a land is played, not cast (see lands in play)\n")


@pytest.mark.parametrize("text", ["HENGE", "add {g}{g}"])
def test_card_search_lists_cards_by_name_or_text(capsys, text):
    """Exactly the database's cards whose name, type line or text holds it, one line each, by name."""
    from mtgsim import card_db
    assert main(["card", "--search", text]) == 0
    out = capsys.readouterr().out.splitlines()
    needle = text.casefold()
    found = {c.name: str(c) for c in card_db().values()
             if needle in (c.name + "\n" + c.type_line + "\n" + c.text).casefold()}
    expected = [found[n] for n in sorted(found, key=str.casefold)]
    assert out == expected and len(out) >= 1
    assert ("The Great Henge {7}{G}{G} (Legendary Artifact)" if text == "HENGE"
            else "Old-Growth Troll {G}{G}{G} (Creature — Troll Warrior)") in out


def test_card_search_finding_nothing_exits_1(capsys):
    assert main(["card", "--search", "no card says this"]) == 1
    assert capsys.readouterr().err == "no card's name or text holds 'no card says this'\n"


@pytest.mark.parametrize("argv, fragment", [
    (["card"], "give card names, or --search TEXT"),
    (["card", "Forest", "--search", "elf"], "give card names or --search TEXT, not both"),
    (["card", "--search", " "], "--search: give some text to look for"),
])
def test_card_command_needs_names_or_a_search(capsys, argv, fragment):
    assert main(argv) == 2
    assert fragment in capsys.readouterr().err


def test_closed_output_pipe_ends_quietly():
    """The reader closes the pipe before anything is written (as `| head` does once it has
    enough): no traceback, exit status 141 (128 + SIGPIPE) or 0."""
    proc = subprocess.Popen([sys.executable, "-m", "mtgsim", "card", "--search", "e"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) in (0, 141) and err == ""


def test_output_piped_into_head_ends_quietly():
    out = subprocess.run(f"{sys.executable} -m mtgsim card --search e | head -1", shell=True, check=False,
                         capture_output=True, text=True, timeout=120)
    assert out.stdout.count("\n") == 1 and out.stderr == ""
