"""`mtgsim tournament`: a field file (shares or counts, matchups inline or a CSV, race decks)
played as many events, with its summary; bad field files are one clear line (exit 2)."""
import json

import pytest

from mtgsim.cli import main


def test_the_bundled_example_field(tmp_path, capsys):
    code = main(["tournament", "--example", "standard_field", "--events", "640", "--seed", "1",
                 "--json", str(tmp_path / "t.json"), "--csv", str(tmp_path / "t.csv")])
    out = capsys.readouterr().out
    assert code == 0
    assert "640 events of 256 players: 9 Swiss rounds, best of 3, top 8; seed 1" in out
    assert "Mono-Red Aggro" in out and "conversion" in out
    d = json.loads((tmp_path / "t.json").read_text())
    assert d["events"] == 640 and {a["archetype"] for a in d["archetypes"]} >= {"Domain Ramp", "Other"}
    assert (tmp_path / "t.csv").read_text().startswith("archetype,players,share")


def test_counts_a_csv_and_race_decks(tmp_path, capsys):
    (tmp_path / "mu.csv").write_text(",Red,Green\nRed,,0.6\nGreen,0.4,\n")
    (tmp_path / "red.txt").write_text("20 Mountain\n36 Goblin Piker\n4 Thragtusk\n")
    (tmp_path / "field.toml").write_text('counts = true\nmatchups_csv = "mu.csv"\nrace_games = 4096\n'
                                         '[decks]\nRed = 20\nGreen = 10\nBlue = 2\n'
                                         '[race]\nRed = "red.txt"\nBlue = "red.txt"\n')
    code = main(["tournament", str(tmp_path / "field.toml"), "--events", "64", "--seed", "2", "--top-cut", "4"])
    out = capsys.readouterr().out
    assert code == 0 and "32 players: 5 Swiss rounds" in out
    assert "estimated by goldfish races" in out and "Red vs Blue" in out
    # issue 31 item 4: each raced deck says how far its text is read, naming what is left out
    assert "Red: card text: 56 of 60 copies fully read (93.3%)" in out
    assert "    4 Thragtusk (partly): When it leaves the battlefield, create a 3/3" in out


def test_a_bad_field_file_is_one_clear_line(tmp_path, capsys):
    f = tmp_path / "f.toml"
    for text, message in (("[decks]\nA = -1\n", "negative"), ("players = 64\n", "give the decks"),
                          ("[decks]\nA = 0.5\n[matchups]\n'A beats B' = 0.5\n", 'write "A vs B"'),
                          ("colour = 1\n[decks]\nA = 0.5\n", "unknown key 'colour'"),
                          ("[decks]\nA = 0.5\n[race]\nA = 3\n", "give a decklist file's path")):
        f.write_text(text)
        assert main(["tournament", str(f), "--events", "1"]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1


def test_a_mirror_matchup_in_a_field_file_is_one_clear_line(tmp_path, capsys):
    """"A vs A" = 0.7 in a field file (or a mirror cell of its CSV) is refused: exit 2, one
    line naming the file and the cell."""
    f = tmp_path / "f.toml"
    f.write_text('[decks]\nA = 0.5\nB = 0.5\n[matchups]\n"A vs A" = 0.7\n')
    assert main(["tournament", str(f), "--events", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{f}: [matchups] Matchups: A vs A: a mirror match is even" in err and len(err.strip().splitlines()) == 1
    (tmp_path / "mu.csv").write_text(",A,B\nA,0.7,0.6\nB,0.4,\n")
    f.write_text('matchups_csv = "mu.csv"\n[decks]\nA = 0.5\nB = 0.5\n')
    assert main(["tournament", str(f), "--events", "1"]) == 2
    err = capsys.readouterr().err
    assert "mu.csv, line 2, A vs A: a mirror match is even" in err and len(err.strip().splitlines()) == 1


def test_a_field_file_takes_real_results(tmp_path, capsys):
    """results = "file.csv": each pair from real match results (Matchups.from_results: a Beta(5, 5)
    prior, so 30-10 in games is (30 + 5) / (40 + 10) = 0.7); a [matchups] entry wins over it."""
    (tmp_path / "results.csv").write_text("deck,opponent,wins,losses,draws\nRed,Green,30,10,0\nRed,Blue,5,5,0\n")
    (tmp_path / "field.toml").write_text('counts = true\nresults = "results.csv"\n'
                                         '[decks]\nRed = 20\nGreen = 10\nBlue = 2\n'
                                         '[matchups]\n"Red vs Blue" = 0.9\n')
    code = main(["tournament", str(tmp_path / "field.toml"), "--events", "64", "--seed", "2", "--top-cut", "4",
                 "--json", str(tmp_path / "out.json")])
    out = capsys.readouterr().out
    assert code == 0 and "Red vs Green 0.7" in out and "Red vs Blue 0.9" in out
    (tmp_path / "results.csv").write_text("deck,opponent,wins,losses,draws\nRed,Green,3,x,0\n")
    assert main(["tournament", str(tmp_path / "field.toml"), "--events", "1"]) == 2
    assert "results.csv" in capsys.readouterr().err


def test_a_field_file_takes_post_board_figures_and_results_options(tmp_path, capsys):
    """[post_board] "A vs B" = p: games 2 and 3 after sideboarding (MTR 3.16), over a results
    file's; the results file's post_board columns flow through (Red vs Green: game 1 30-10,
    Beta(35, 15) = 0.7; games 2 and 3 10-30, 0.3); results_prior, results_unit and
    results_shrink are from_results' prior, unit and shrink."""
    from mtgsim import meta
    from mtgsim.cli_tournament import read_field
    (tmp_path / "results.csv").write_text("deck,opponent,wins,losses,post_board_wins,post_board_losses\n"
                                          "Red,Green,30,10,10,30\nRed,Blue,5,5,5,5\n")
    f = tmp_path / "field.toml"
    f.write_text('counts = true\nresults = "results.csv"\n[decks]\nRed = 20\nGreen = 10\nBlue = 2\n'
                 '[post_board]\n"Blue vs Red" = [0.6, 0.5]\n')
    _, mu, _ = read_field(f, 1)
    assert mu.p("Red", "Green") == pytest.approx(0.7, abs=1e-15)
    assert mu.p("Red", "Green", post_board=True) == pytest.approx(0.3, abs=1e-15)
    assert mu.p("Blue", "Red", on_play=True, post_board=True) == 0.6 and mu.source("Red", "Blue") == "results"
    assert mu.has_post_board and mu.uncertain
    assert main(["tournament", str(f), "--events", "64", "--seed", "2", "--top-cut", "4"]) == 0
    capsys.readouterr()
    f.write_text('counts = true\nresults = "results.csv"\nresults_prior = 2\nresults_shrink = "decks"\n'
                 '[decks]\nRed = 20\nGreen = 10\nBlue = 2\n')
    _, mu, _ = read_field(f, 1)
    assert mu.posteriors == meta.Matchups.from_results(tmp_path / "results.csv", prior=2, shrink="decks").posteriors


def test_a_bad_post_board_table_or_results_option_is_one_clear_line(tmp_path, capsys):
    (tmp_path / "results.csv").write_text("deck,opponent,wins,losses\nA,B,3,1\n")
    f = tmp_path / "f.toml"
    for text, message in (
            ('[decks]\nA = 0.5\nB = 0.5\n[post_board]\n"A vs A" = 0.7\n',
             "[post_board] Matchups: post_board: A vs A: a mirror match is even"),
            ("[decks]\nA = 0.5\n[post_board]\n'A beats B' = 0.5\n", """[post_board] 'A beats B': write "A vs B\""""),
            ('post_board = 0.5\n[decks]\nA = 0.5\n', "post_board = 0.5: give a [post_board] table"),
            ('results_unit = "matches"\n[decks]\nA = 0.5\n', 'results_unit: for a results file: give results = '),
            ('results = "results.csv"\nresults_unit = "rounds"\n[decks]\nA = 0.5\nB = 0.5\n',
             "results_unit = 'rounds': Matchups.from_results: unit must be one of games, matches"),
            ('results = "results.csv"\nresults_prior = 0\n[decks]\nA = 0.5\nB = 0.5\n',
             "results_prior = 0: Matchups.from_results: prior must be > 0")):
        f.write_text(text)
        assert main(["tournament", str(f), "--events", "1"]) == 2
        err = capsys.readouterr().err
        assert f"{f}: {message}" in err and len(err.strip().splitlines()) == 1


def test_best_deck_and_matchup_uncertainty_from_a_results_file(tmp_path, capsys):
    """--best-deck: which deck to bring, every candidate with its paired interval; with
    --matchup-uncertainty the matchups are drawn from the results' posteriors, and the
    summary says so; --candidates and --objective without --best-deck are refused."""
    (tmp_path / "results.csv").write_text("deck,opponent,wins,losses\nRed,Green,60,20\nRed,Blue,20,60\n"
                                          "Green,Blue,50,50\n")
    (tmp_path / "field.toml").write_text('counts = true\nresults = "results.csv"\n'
                                         '[decks]\nRed = 10\nGreen = 10\nBlue = 12\n')
    field = str(tmp_path / "field.toml")
    code = main(["tournament", field, "--best-deck", "--events", "4000", "--seed", "3", "--top-cut", "4",
                 "--objective", "match_points", "--json", str(tmp_path / "best.json")])
    out = capsys.readouterr().out
    assert code == 0 and "best deck to bring by match points" in out
    best = json.loads((tmp_path / "best.json").read_text())
    assert {c["deck"] for c in best["candidates"]} == {"Red", "Green", "Blue"}
    assert out.count("best minus it (paired)") == 1
    assert main(["tournament", field, "--events", "640", "--seed", "3", "--top-cut", "4",
                 "--matchup-uncertainty"]) == 0
    assert "matchup uncertainty: 3 pairs from results drawn from their posterior" in capsys.readouterr().out
    assert main(["tournament", field, "--events", "64", "--candidates", "Red"]) == 2
    assert "--candidates and --objective go with --best-deck" in capsys.readouterr().err


def test_matchup_uncertainty_without_results_is_one_clear_line(capsys):
    assert main(["tournament", "--example", "standard_field", "--events", "64", "--matchup-uncertainty"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "read them from real results" in err[0]
