"""`mtgsim cards import / update / coverage / show` and `--cards FILE` with a bulk file: the
user's database built in the user cache and used by later runs, Scryfall's file fetched from a
server (a small one on 127.0.0.1 here), reports of what is and isn't understood, and every
fault one line with exit status 2."""
import gzip
import json

import pytest
from bulk_cards import CARDS, DECK
from test_download import FILE, Scryfall

from mtgsim.cli import main


@pytest.fixture
def deck(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(DECK, encoding="utf-8")
    return path


def test_import_builds_the_users_database_and_says_what_it_read(bulk, cache, capsys):
    assert main(["cards", "import", str(bulk)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("imported 7 cards from ") and "(Scryfall JSON array)" in out
    assert "skipped 1 layout token" in out and str(cache / "cards.json") in out
    assert (cache / "cards.json").exists()


def test_later_runs_use_the_imported_cards_without_being_told(bulk, cache, deck, capsys):
    main(["cards", "import", str(bulk)])
    capsys.readouterr()
    assert main(["simulate", str(deck), "--games", "300", "--turns", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "card text: 28 of 36 copies fully read (77.8%); the others" in out
    assert "    4 Heartfire Hero (unknown): " in out


def test_cards_flag_reads_a_bulk_file_for_one_run(bulk, cache, deck, capsys):
    assert main(["simulate", str(deck), "--games", "300", "--turns", "4", "--seed", "1", "--cards", str(bulk)]) == 0
    assert "card text: 28 of 36 copies fully read" in capsys.readouterr().out
    assert not (cache / "cards.json").exists()        # (nothing written for a one-off file)


def test_coverage_of_a_deck_lists_each_unread_clause(bulk, cache, deck, capsys):
    assert main(["cards", "coverage", str(deck), "--cards", str(bulk)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 cards: 4 fully recognized (66.7%), 1 partly (16.7%), 1 unknown (16.7%)")
    assert "partly   Rockface Village\n" in out and "unknown  Heartfire Hero\n" in out
    assert "unrecognized: {R}, {T}: Target Lizard, Mouse, Otter, or Raccoon you control gets +1/+0" in out
    assert "most frequent unrecognized phrase families" in out


def test_coverage_of_the_whole_database(bulk, cache, capsys):
    assert main(["cards", "coverage", "--cards", str(bulk), "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "fully recognized" in out and "(top 3)" in out


def test_show_says_what_was_understood_of_a_card(bulk, cache, capsys):
    assert main(["cards", "show", "Rockface Village", "Llanowar Elves", "--cards", str(bulk)]) == 0
    out = capsys.readouterr().out
    assert "Rockface Village (Land)  [partly]" in out
    assert "spend_only_on=creature spell" in out or "spend_only_on=" in out
    assert "unrecognized {R}, {T}: Target Lizard" in out
    assert "Llanowar Elves {G} (Creature — Elf Druid)  [curated]" in out


def test_update_downloads_scryfalls_oracle_file_and_imports_it(cache, capsys):
    server = Scryfall()
    server.routes[FILE] = (200, {"Content-Type": "application/gzip"},
                           gzip.compress("".join(json.dumps(c) + "\n" for c in CARDS).encode()))
    import threading
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        assert main(["cards", "update", "--api", server.base, "--timeout", "5"]) == 0
    finally:
        server.shutdown()
    out = capsys.readouterr().out
    assert "imported 7 cards from " in out and "(Scryfall JSON Lines, gzipped)" in out
    assert (cache / "cards.json").exists()


def test_update_against_an_unreachable_server_fails_in_one_line(cache, capsys):
    import socket
    with socket.socket() as s:              # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["cards", "update", "--api", f"http://127.0.0.1:{port}", "--timeout", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: ") and err.count("\n") == 1 and f"127.0.0.1:{port}" in err
    assert not (cache / "cards.json").exists()


@pytest.mark.parametrize("args, fragment", [
    (["cards", "import", "missing.json"], "missing.json"),
    (["cards", "show", "Not A Card Anywhere"], "unknown card"),
    (["cards"], "the following arguments are required"),
])
def test_faults_are_one_line_with_status_2(cache, capsys, args, fragment):
    with pytest.raises(SystemExit) if args == ["cards"] else _nothing():
        assert main(args) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_broken_bulk_file_is_one_line_naming_it(tmp_path, cache, capsys):
    bad = tmp_path / "broken.json"
    bad.write_text('[{"object": "card", "name": "Shock"', encoding="utf-8")
    assert main(["cards", "import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "broken.json" in err and err.count("\n") == 1


def test_an_unknown_card_says_how_to_import_every_real_card(cache, deck, capsys):
    assert main(["simulate", str(deck), "--games", "100"]) == 2
    err = capsys.readouterr().err
    assert "Heartfire Hero" in err and err.count("`mtgsim cards update` imports every real card") == 1
