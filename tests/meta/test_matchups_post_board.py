"""Best of three with sideboards (MTR 3.16: a sideboard is used in the games after the first; MTR 2.2:
the loser of a game chooses to play first in the next): Matchups' post_board figures for games 2
and 3, a pair without one playing them at its game-1 figure; the results file's post_board
columns, each giving its own Beta posterior; checked like the game-1 pairs, named."""
import json
import re
from pathlib import Path

import numpy as np
import pytest

from mtgsim import ArgumentError, meta


def rows(*records):
    """(deck, opponent, wins, losses, draws, post_board_wins, post_board_losses, post_board_draws)."""
    keys = ("deck", "opponent", "wins", "losses", "draws", "post_board_wins", "post_board_losses",
            "post_board_draws")
    return [dict(zip(keys, r)) for r in records]


def test_games_2_and_3_play_the_post_board_figure_and_a_pair_without_one_its_game_1_figure():
    """MTR 3.16: games 2 and 3 after sideboarding. A vs B 0.6 in game 1 and 0.4 after; C vs B
    given only after sideboarding (0.7 on the play, 0.5 on the draw: B on the play wins 0.5);
    A vs C has no post-board figure: (0.55, 0.45) in every game."""
    mu = meta.Matchups({("A", "B"): 0.6, ("A", "C"): (0.55, 0.45)},
                       post_board={("A", "B"): 0.4, ("C", "B"): (0.7, 0.5)})
    names = ["A", "B", "C"]
    assert mu.matrix(names).tolist() == [[0.5, 0.6, 0.55], [0.4, 0.5, 0.5], [0.55, 0.5, 0.5]]
    later = mu.matrix(names, post_board=True)
    assert np.allclose(later, [[0.5, 0.4, 0.55], [0.6, 0.5, 0.5], [0.55, 0.7, 0.5]], rtol=0, atol=1e-15)
    assert later[2, 1] == 0.7 and later[1, 2] == 0.5
    assert mu.p("A", "B", post_board=True) == 0.4 and mu.p("B", "A", post_board=True) == 0.6
    assert mu.p("A", "C", on_play=False, post_board=True) == mu.p("A", "C", on_play=False)
    assert mu.p("A", "C", on_play=False) == pytest.approx(0.45, abs=1e-15)
    assert mu.p("C", "B", post_board=True) == pytest.approx(0.6, abs=1e-15)
    assert mu.names() == {"A", "B", "C"} and mu.has_post_board


def test_has_post_board_only_when_some_figure_of_games_2_and_3_differs():
    assert not meta.Matchups({("A", "B"): 0.6}).has_post_board
    assert not meta.Matchups({("A", "B"): 0.6}, post_board={("B", "A"): 0.4}).has_post_board    # the same
    assert meta.Matchups({("A", "B"): 0.6}, post_board={("A", "B"): (0.6, 0.5)}).has_post_board
    assert meta.Matchups(post_board={("A", "B"): 0.52}).has_post_board
    assert meta.Matchups.from_results(rows(("A", "B", 3, 1, 0, 2, 2, 0))).has_post_board
    assert not meta.Matchups.from_results(rows(("A", "B", 3, 1, 0))).has_post_board


@pytest.mark.parametrize("post_board, error, message", [
    (5, TypeError, "Matchups: post_board must be a mapping {(a, b): probability}, not int"),
    ({"AB": 0.5}, TypeError, "Matchups: post_board: a key must be a pair of archetype names"),
    ({("A", "B"): 1.2}, ArgumentError, "Matchups: post_board: A vs B: the probability 1.2 is outside [0, 1]"),
    ({("A", "B"): "x"}, TypeError, "Matchups: post_board: A vs B: a probability must be a number"),
    ({("A", "B"): (0.5, 0.5, 0.5)}, ArgumentError, "Matchups: post_board: A vs B: give one probability or"),
    ({("A", "A"): 0.7}, ArgumentError, "Matchups: post_board: A vs A: a mirror match is even"),
    ({("A", "B"): 0.6, ("B", "A"): 0.6}, ArgumentError, "Matchups: post_board: B vs A: given twice and the two"),
])
def test_post_board_figures_are_checked_like_the_pairs_naming_post_board(post_board, error, message):
    with pytest.raises(error) as e:
        meta.Matchups({("A", "B"): 0.6}, post_board=post_board)
    assert message in str(e.value)


def test_the_results_post_board_columns_give_games_2_and_3_their_own_posterior():
    """A vs B: game 1 3-1 (and B vs A 1-1), games 2 and 3 2-4 with a draw (and B vs A 3-1):
    game 1 Beta(5 + 4, 5 + 2) = 9/16, games 2 and 3 Beta(5 + 3.5, 5 + 7.5) = 8.5/21, n 6 and 11."""
    mu = meta.Matchups.from_results(rows(("A", "B", 3, 1, 0, 2, 4, 1), ("B", "A", 1, 1, 0, 3, 1, 0)))
    first, later = mu.estimate("A", "B"), mu.estimate("A", "B", post_board=True)
    assert (first.value, first.n) == (pytest.approx(9 / 16, abs=1e-15), 6)
    assert (later.value, later.n) == (pytest.approx(8.5 / 21, abs=1e-15), 11)
    assert mu.posteriors[("A", "B")].alpha == 9 and mu.post_board_posteriors[("A", "B")].beta == 12.5
    assert mu.estimate("B", "A", post_board=True).value == pytest.approx(12.5 / 21, abs=1e-15)
    assert mu.matrix(["A", "B"], post_board=True)[0, 1] == pytest.approx(8.5 / 21, abs=1e-15)
    assert mu.source("A", "B", post_board=True) == "results" and mu.uncertain


def test_a_row_may_count_only_game_1_or_only_games_2_and_3_but_not_no_game():
    """A pair with no game-1 games has its game-1 posterior at the prior (0.5, n 0); one with no
    post-board games has none for games 2 and 3, which take its game-1 figure."""
    mu = meta.Matchups.from_results(rows(("A", "B", 0, 0, 0, 3, 1, 0), ("A", "C", 4, 0, 0, 0, 0, 0)))
    ab = mu.estimate("A", "B")
    assert (ab.value, ab.n) == (0.5, 0) and ab.low < 0.5 < ab.high
    assert mu.estimate("A", "B", post_board=True).value == pytest.approx(8 / 14, abs=1e-15)
    assert ("A", "C") not in mu.post_board_posteriors
    assert mu.estimate("A", "C", post_board=True) == mu.estimate("A", "C")
    assert mu.p("A", "C", post_board=True) == mu.p("A", "C") == pytest.approx(9 / 14, abs=1e-15)
    with pytest.raises(ArgumentError, match="row 2: A vs C with no games .wins, losses, draws and the post_board "
                                            "columns all 0"):
        meta.Matchups.from_results(rows(("A", "B", 1, 0, 0, 0, 0, 0), ("A", "C", 0, 0, 0, 0, 0, 0)))


def test_csv_and_json_files_with_post_board_columns_read_alike(tmp_path):
    f = tmp_path / "r.csv"
    f.write_text("deck,opponent,wins,losses,post_board_wins,post_board_losses\nA,B,3,1,2,4\nB,C,1,1,,\n")
    j = tmp_path / "r.json"
    j.write_text(json.dumps(rows(("A", "B", 3, 1, 0, 2, 4, 0), ("B", "C", 1, 1, 0, 0, 0, 0))))
    a, b = meta.Matchups.from_results(f), meta.Matchups.from_results(j)
    assert a.posteriors == b.posteriors and a.post_board_posteriors == b.post_board_posteriors
    assert set(a.post_board_posteriors) == {("A", "B"), ("B", "A")}


@pytest.mark.parametrize("suffix, text, unit, message", [
    ("csv", "deck,opponent,wins,losses,post_board_wins,post_board_losses\nA,B,2,1,1,0\n", "matches",
     'line 2: the post_board columns count games 2 and 3 apart from game 1, but with unit="matches" the counts '
     "are whole best-of-three matches, which have no game 1 apart"),
    ("csv", "deck,opponent,wins,losses,post_board_wins\nA,B,2,1,1\n", "games",
     "line 2: the column 'post_board_losses' is missing"),
    ("csv", "deck,opponent,wins,losses,post_board_colour\nA,B,2,1,1\n", "games",
     "line 2: unknown column 'post_board_colour' (the columns: deck, opponent, wins, losses, draws, and "
     "optionally post_board_wins, post_board_losses, post_board_draws)"),
    ("json", json.dumps(rows(("A", "B", 1, 0, 0, 1, 1, 0)) + [{"deck": "A", "opponent": "C", "wins": 1,
                                                                "losses": 0}]), "games",
     "result 2: has no post_board columns, unlike the first: when rows count games 2 and 3 apart, every row must"),
    ("json", json.dumps([{"deck": "A", "opponent": "C", "wins": 1, "losses": 0}]
                        + rows(("A", "B", 1, 0, 0, 1, 1, 0))), "games", "result 2: has post_board columns, unlike"),
])
def test_bad_post_board_columns_are_named_by_file_and_line(tmp_path, suffix, text, unit, message):
    f = tmp_path / f"r.{suffix}"
    f.write_text(text)
    with pytest.raises(ArgumentError) as e:
        meta.Matchups.from_results(f, unit=unit)
    assert str(f) in str(e.value) and message in str(e.value)


def test_the_table_shows_game_1_and_games_2_and_3_and_says_what_the_others_play():
    mu = meta.Matchups.from_results(rows(("A", "B", 3, 1, 0, 2, 4, 1), ("A", "A", 1, 1, 0, 1, 0, 0)))
    mu.update(meta.Matchups({("C", "D"): 0.6}, post_board={("D", "C"): 0.45}))
    lines = mu.table().splitlines()
    assert lines[0].split() == ["pair", "games", "P(first", "wins", "a", "game)", "95%", "interval", "n", "source"]
    first, later = mu.estimate("A", "B"), mu.estimate("A", "B", post_board=True)
    assert lines[1].split() == ["A", "vs", "B", "1", f"{first.value:.3f}", f"[{first.low:.3f},",
                                f"{first.high:.3f}]", "4", "results"]
    assert lines[2].split() == ["A", "vs", "B", "2,", "3", f"{later.value:.3f}", f"[{later.low:.3f},",
                                f"{later.high:.3f}]", "7", "results"]
    assert lines[3].split() == ["C", "vs", "D", "1", "0.600", "-", "0", "typed"]
    assert lines[4].split() == ["C", "vs", "D", "2,", "3", "0.550", "-", "0", "typed"]
    assert lines[5].split() == ["A", "vs", "A", "1-3", "0.500", "-", "3", "mirror"]
    assert lines[6] == ("every other pair 0.5 (a coin flip); games 1-3: no post-board figure, games 2 and 3 "
                        "played at the game-1 figure")


def test_update_carries_post_board_figures_and_posteriors():
    """A pair given in game 1 replaces the whole pair (a typed 0.7 over results with post-board
    counts: 0.7 in games 2 and 3 too); a pair given only after sideboarding replaces that alone."""
    results = rows(("A", "B", 3, 1, 0, 2, 4, 1), ("A", "C", 3, 1, 0, 2, 4, 1))
    mu = meta.Matchups()
    mu.update(meta.Matchups.from_results(results))
    assert set(mu.post_board_posteriors) == {("A", "B"), ("B", "A"), ("A", "C"), ("C", "A")}
    mu.update(meta.Matchups({("B", "A"): 0.3}))
    assert mu.p("A", "B", post_board=True) == mu.p("A", "B") == pytest.approx(0.7, abs=1e-15)
    assert ("A", "B") not in mu.posteriors and ("A", "B") not in mu.post_board_posteriors
    mu.update(meta.Matchups(post_board={("A", "C"): 0.45}))
    assert mu.p("A", "C", post_board=True) == pytest.approx(0.45, abs=1e-15)
    assert mu.source("A", "C", post_board=True) == "typed"
    assert mu.p("A", "C") == pytest.approx(8 / 14, abs=1e-15) and mu.source("A", "C") == "results"
    assert ("A", "C") not in mu.post_board_posteriors and ("C", "A") in mu.posteriors


def test_the_post_board_matrix_is_consistent():
    """p(a, b) + p(b, a) = 1 after sideboarding too, the loser of a game on the play next (MTR 2.2:
    the kernel reads row on the play against column)."""
    mu = meta.Matchups({("A", "B"): 0.6}, post_board={("A", "B"): (0.45, 0.35), ("B", "C"): 0.3})
    m = mu.matrix(["A", "B", "C"], post_board=True)
    assert m[0, 1] == 0.45 and m[1, 0] == pytest.approx(0.65, abs=1e-15)
    assert m[1, 2] + m[2, 1] == 1.0 and np.all(np.diag(m) == 0.5)


def test_the_worked_example_of_the_docs_prints_what_they_say(tmp_path):
    """docs/tournament.md, "Game 1 and games 2 and 3 apart": its results file gives its table."""
    docs = (Path(__file__).parents[2] / "docs" / "tournament.md").read_text(encoding="utf-8")
    section = docs[docs.index("### Game 1 and games 2 and 3 apart"):docs.index("### Shrinking")]
    csv_text = re.search(r"```csv\n(.*?)```", section, re.S).group(1)
    table = re.search(r"```\n(pair .*?)```", section, re.S).group(1).rstrip("\n")
    f = tmp_path / "results.csv"
    f.write_text(csv_text)
    assert meta.Matchups.from_results(f).table() == table
