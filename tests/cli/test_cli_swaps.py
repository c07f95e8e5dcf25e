"""`mtgsim optimize DECK --swaps`: what to cut and what to add from the command line (from the
sideboard or --candidates, --cut), its header and table, and the clear errors of bad input
(exit status 2, one line)."""
import json
import re

import pytest

from mtgsim import card_db
from mtgsim.cli import main
from mtgsim.cli_optimize import card_list
from mtgsim.errors import UnknownCardError, UsageError

DECK = """Deck
14 Forest
4 Llanowar Elves
42 Steel Leaf Champion

Sideboard
2 Grizzly Bears
"""

NO_SIDEBOARD = """Deck
14 Forest
46 Steel Leaf Champion
"""

RUN = ["--objective", "castable:Steel Leaf Champion@curve", "--games", "8192", "--turns", "3", "--seed", "1"]


def test_swaps_from_the_sideboard_print_the_header_and_one_line_per_swap(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--swaps", "--from", "sideboard", *RUN, "--json", str(tmp_path / "w.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert "deck: swaps of one card for another (every deck 60 cards), 3 turns, on the play, seed 1" in out
    assert "+1 of 1 candidate (the sideboard: Grizzly Bears)" in out
    assert "and -1 of each spell, +1 Forest (the deck's most-played basic land)" in out
    assert re.search(r"\n  -1 Steel Leaf Champion, \+1 Forest: +\+\d", out)
    assert re.search(r"\n  -1 Forest, \+1 Grizzly Bears: +-\d.*worse than the deck", out)
    assert "best: -1 " in out
    d = json.loads((tmp_path / "w.json").read_text())
    assert d["seed"] == 1 and d["plan"]["source"] == "the sideboard"
    assert len(d["swaps"]) == 5       # 3 cards for the Bears, 2 spells for a Forest


def test_candidates_and_cut_limit_the_swaps_and_the_header_says_so(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--swaps", "--candidates", "Grizzly Bears,Forest", "--cut",
                 "Llanowar Elves", "--no-land-swaps", *RUN])
    out = capsys.readouterr().out
    assert code == 0
    assert "only the cards given (Llanowar Elves): your choice, other cuts not tried" in out
    assert "lands=False: only swaps that keep the land count" in out
    assert "-1 Llanowar Elves, +1 Grizzly Bears:" in out and "+1 Forest:" not in out


def test_a_name_with_a_comma_is_recognized_whole():
    db = card_db()
    assert card_list(db, ["Brimaz, King of Oreskos,Grizzly Bears", "Forest"], "--candidates") == [
        "Brimaz, King of Oreskos", "Grizzly Bears", "Forest"]
    with pytest.raises(UnknownCardError, match="did you mean 'Grizzly Bears'"):
        card_list(db, ["Grizly Bears"], "--candidates")
    with pytest.raises(UsageError, match="name at least one card"):
        card_list(db, [" , "], "--candidates")


@pytest.mark.parametrize("text, args, message", [
    (NO_SIDEBOARD, [], "--swaps: the deck has no sideboard: give the cards to try with --candidates"),
    (NO_SIDEBOARD, ["--from", "sideboard"], "--swaps --from sideboard: the deck has no sideboard"),
    (DECK, ["--candidates", "Grizly Bears"], "unknown card 'Grizly Bears'; did you mean 'Grizzly Bears'?"),
    (DECK, ["--candidates", "Grizzly Bears", "--from", "sideboard"], "not both"),
    (DECK, ["--cut", "Grizzly Bears"], "cut: 'Grizzly Bears' is not in the main deck"),
    (DECK, ["--lands", "19..21"], "--lands: for a land-count sweep or a mana-base search, not --swaps"),
    (DECK, ["--plot", "w.png"], "--plot: not for --swaps"),
    (DECK, ["--mulligan-search"], "--swaps and --mulligan-search: one search at a time"),
])
def test_bad_input_is_one_clear_line(tmp_path, capsys, text, args, message):
    deck = tmp_path / "deck.txt"
    deck.write_text(text)
    code = main(["optimize", str(deck), "--swaps", *RUN, *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_the_swap_flags_without_swaps_are_refused(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    code = main(["optimize", str(deck), "--lands", "14", "--land", "Forest", "--candidates", "Grizzly Bears", *RUN])
    err = capsys.readouterr().err
    assert code == 2 and "--candidates: only with --swaps" in err and len(err.strip().splitlines()) == 1
