"""Matchups from real results (Matchups.from_results, estimate, table): each pair's Beta posterior
checked against its exact mean and against quantiles found by brute-force numerical integration;
both directions pooled, mirrors even, a drawn game half won (not the MTR's game points,
Appendix C), CSV and JSON files, bad input named by file and line, and the mix with typed-in
and raced pairs, each labelled with its source."""
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from mtgsim import ArgumentError, meta
from mtgsim.meta.results_file import DEFAULT_PRIOR, game_from_match
from mtgsim.optimize.stats import beta_quantile, betainc


def brute_beta_quantile(q: float, a: float, b: float, points: int = 400_001) -> float:
    """The Beta(a, b) q-quantile by integrating its density on a fine grid (trapezoids) and
    interpolating the cumulative sum: independent of the continued fraction under test."""
    x = np.linspace(0.0, 1.0, points)
    log_pdf = (a - 1) * np.log(np.clip(x, 1e-300, None)) + (b - 1) * np.log(np.clip(1 - x, 1e-300, None))
    pdf = np.exp(log_pdf - (math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)))
    cdf = np.concatenate([[0.0], np.cumsum((pdf[1:] + pdf[:-1]) / 2 * np.diff(x))])
    return float(np.interp(q, cdf / cdf[-1], x))


def rows(*records):
    return [dict(zip(("deck", "opponent", "wins", "losses", "draws"), r)) for r in records]


def test_a_pair_is_the_beta_posterior_mean_with_the_prior_pseudo_games():
    """7 games won of 10 with Beta(5, 5): (7 + 5) / (10 + 10) = 0.6 exactly, n = 10."""
    mu = meta.Matchups.from_results(rows(("Red", "Blue", 7, 3, 0)))
    e = mu.estimate("Red", "Blue")
    assert DEFAULT_PRIOR == 5.0
    assert e.value == pytest.approx(12 / 20, abs=1e-15) and e.n == 10
    assert mu.p("Red", "Blue") == pytest.approx(0.6, abs=1e-15)


@pytest.mark.parametrize("wins, losses, prior", [(7, 3, 5.0), (31, 24, 2.0), (0, 4, 1.0), (120, 80, 0.5)])
def test_the_95_percent_interval_is_the_posteriors_quantiles_by_numerical_integration(wins, losses, prior):
    """The interval is Beta(prior + wins, prior + losses)'s 2.5% and 97.5% quantiles."""
    e = meta.Matchups.from_results(rows(("A", "B", wins, losses, 0)), prior=prior).estimate("A", "B")
    a, b = prior + wins, prior + losses
    assert e.value == pytest.approx(a / (a + b), abs=1e-15)
    assert e.low == pytest.approx(brute_beta_quantile(0.025, a, b), abs=2e-5)
    assert e.high == pytest.approx(brute_beta_quantile(0.975, a, b), abs=2e-5)
    assert betainc(a, b, e.low) == pytest.approx(0.025, abs=1e-10)
    assert betainc(a, b, e.high) == pytest.approx(0.975, abs=1e-10)


def test_beta_quantiles_with_closed_forms():
    """Beta(1, 1) is uniform (quantile q); Beta(a, 1) has distribution x^a (quantile q^(1/a))."""
    assert beta_quantile(0.025, 1, 1) == pytest.approx(0.025, abs=1e-11)
    assert beta_quantile(0.975, 3, 1) == pytest.approx(0.975 ** (1 / 3), abs=1e-11)
    assert beta_quantile(0.0, 2, 2) == 0.0 and beta_quantile(1.0, 2, 2) == 1.0


def test_both_directions_are_pooled_and_complementary():
    """A vs B 7-3 and B vs A 1-2 are A's 9 wins and 4 losses of 13 games: P(B beats A) is
    1 - P(A beats B), its interval the mirror image."""
    mu = meta.Matchups.from_results(rows(("A", "B", 7, 3, 0), ("B", "A", 1, 2, 0)))
    ab, ba = mu.estimate("A", "B"), mu.estimate("B", "A")
    assert ab.value == pytest.approx((9 + 5) / (13 + 10), abs=1e-15) and ab.n == ba.n == 13
    assert ba.value == pytest.approx(1 - ab.value, abs=1e-15)
    assert (ba.low, ba.high) == pytest.approx((1 - ab.high, 1 - ab.low), abs=1e-11)
    assert mu.p("B", "A", on_play=True) == pytest.approx(1 - ab.value, abs=1e-15)


def test_one_row_per_match_and_aggregated_counts_give_the_same_posterior():
    matches = rows(("A", "B", 2, 1, 0), ("A", "B", 0, 2, 0), ("B", "A", 1, 2, 0), ("A", "B", 2, 0, 0))
    total = rows(("A", "B", 6, 4, 0))
    assert meta.Matchups.from_results(matches).estimate("A", "B") == \
        meta.Matchups.from_results(total).estimate("A", "B")


def test_a_drawn_game_counts_half_won_and_half_lost():
    """104.4a: a game may be a draw. MTR Appendix C gives a drawn game 1 game point to each
    player (a win 3), which would not keep P(a, b) + P(b, a) = 1; here it is half a win for
    each: 4 wins, 2 losses, 2 draws is 5 of 8 with Beta(5, 5): 10 / 18."""
    mu = meta.Matchups.from_results(rows(("A", "B", 4, 2, 2)))
    assert mu.estimate("A", "B").value == pytest.approx(10 / 18, abs=1e-15)
    assert mu.estimate("A", "B").n == 8
    assert mu.estimate("B", "A").value == pytest.approx(8 / 18, abs=1e-15)


def test_a_mirror_is_even_whatever_its_counts():
    """A deck against itself: one of its two players wins each game, so 0.5 exactly; n is its
    games in the results."""
    mu = meta.Matchups.from_results(rows(("A", "A", 5, 1, 0), ("A", "B", 3, 3, 0)))
    e = mu.estimate("A", "A")
    assert (e.value, e.low, e.high, e.n) == (0.5, 0.5, 0.5, 6)
    assert mu.source("A", "A") == "mirror" and mu.matrix(["A", "B"])[0, 0] == 0.5


def test_csv_and_json_files_read_alike(tmp_path):
    csv_file = tmp_path / "results.csv"
    csv_file.write_text("deck,opponent,wins,losses,draws\nRed,Blue,7,3,0\nBlue,Green,2,5,1\nGreen,Red,4,4,\n")
    json_file = tmp_path / "results.json"
    json_file.write_text(json.dumps({"results": rows(("Red", "Blue", 7, 3, 0), ("Blue", "Green", 2, 5, 1),
                                                     ("Green", "Red", 4, 4, 0))}))
    a, b = meta.Matchups.from_results(csv_file), meta.Matchups.from_results(str(json_file))
    for x, y in [("Red", "Blue"), ("Green", "Blue"), ("Red", "Green")]:
        assert a.estimate(x, y) == b.estimate(x, y)
    assert a.estimate("Green", "Blue").value == pytest.approx((5.5 + 5) / (8 + 10), abs=1e-15)
    plain = tmp_path / "list.json"                   # a bare list of objects, draws left out
    plain.write_text(json.dumps([{"deck": "Red", "opponent": "Blue", "wins": 7, "losses": 3}]))
    assert meta.Matchups.from_results(plain).estimate("Red", "Blue") == a.estimate("Red", "Blue")


@pytest.mark.parametrize("suffix, text, message", [
    ("csv", "deck,opponent,wins,losses\nA,B,-1,2\n", "line 2: wins: '-1' is not a whole number of games >= 0"),
    ("csv", "deck,opponent,wins,losses\nA,B,2,1\nA,B,two,1\n", "line 3: wins: 'two' is not a whole number"),
    ("csv", "deck,opponent,wins,losses\nA,B,2.5,1\n", "line 2: wins: '2.5' is not a whole number"),
    ("csv", "deck,opponent,wins\nA,B,2\n", "line 2: the column 'losses' is missing"),
    ("csv", "deck,opponent,wins,losses,colour\nA,B,2,1,red\n", "line 2: unknown column 'colour'"),
    ("csv", "deck,opponent,wins,losses\nA,B,2\n", "line 2: 3 cells for the header's 4 columns"),
    ("csv", "deck,opponent,wins,losses\nA,,2,1\n", "line 2: opponent: a deck's name must be text"),
    ("csv", "deck,opponent,wins,losses,draws\nA,B,0,0,0\n", "line 2: A vs B with no games"),
    ("csv", "deck,opponent,wins,losses,draws\n", "no results"),
    ("csv", "", "no results"),
    ("json", '[{"deck": "A", "opponent": "B", "wins": 1, "losses": -2}]', "result 1: losses: a number of games must"),
    ("json", '[{"deck": "A", "opponent": "B", "wins": 1.5, "losses": 2}]', "result 1: wins: a number of games must be"),
    ("json", '[{"deck": "A", "opponent": "B", "wins": 1, "losses": 2}, 7]', "result 2: a result must be a mapping"),
    ("json", '[{"deck": 3, "opponent": "B", "wins": 1, "losses": 2}]', "result 1: deck: a deck's name must be text"),
    ("json", '{"deck": "A"}', "give a list of results"),
    ("json", '[]', "no results"),
    ("json", '[{"deck": "A",\n "opponent": }]', "line 2: not valid JSON"),
])
def test_bad_input_is_named_by_file_and_line_or_result(tmp_path, suffix, text, message):
    """A CSV file's errors name its line; a JSON file's the result (its place in the list)."""
    f = tmp_path / f"r.{suffix}"
    f.write_text(text)
    with pytest.raises(ArgumentError) as e:
        meta.Matchups.from_results(f)
    assert str(f) in str(e.value) and message in str(e.value)


def test_bad_arguments_are_refused():
    with pytest.raises(ArgumentError, match="prior must be > 0"):
        meta.Matchups.from_results(rows(("A", "B", 1, 1, 0)), prior=0)
    with pytest.raises(TypeError, match="give a CSV or JSON file's path, or rows"):
        meta.Matchups.from_results(42)
    with pytest.raises(ArgumentError, match="Matchups.from_results: row 2: wins"):
        meta.Matchups.from_results(rows(("A", "B", 1, 1, 0), ("A", "C", -1, 1, 0)))
    with pytest.raises(ArgumentError, match="no such file|No such file"):
        meta.Matchups.from_results("/nonexistent/results.csv")


def test_results_typed_pairs_and_races_mix_each_labelled_with_its_source():
    """`update` takes the other's pairs with their source; the table shows figure, interval, n
    and source per pair (a typed pair given over a result replaces it, interval and all)."""
    mu = meta.Matchups.from_results(rows(("A", "B", 7, 3, 0), ("A", "C", 2, 2, 0), ("A", "A", 1, 1, 0)))
    mu.update(meta.Matchups({("C", "A"): 0.7, ("B", "D"): (0.6, 0.5)}))
    raced = meta.Matchups({("D", "E"): 0.55})
    raced.estimated = {("D", "E")}                   # as from_races names them: one way
    mu.update(raced)
    assert [mu.source(*p) for p in [("A", "B"), ("B", "A"), ("A", "C"), ("B", "D"), ("E", "D"), ("A", "A"),
                                    ("B", "C")]] == ["results", "results", "typed", "typed", "race", "mirror",
                                                     "default"]
    assert mu.estimate("C", "A") == meta.Matchups({("C", "A"): 0.7}).estimate("C", "A")
    e = mu.estimate("C", "A")
    assert (e.value, e.low, e.high, e.n) == (0.7, 0.7, 0.7, 0)
    assert mu.estimate("B", "D").value == pytest.approx(0.55, abs=1e-15)
    ab = mu.estimate("A", "B")
    lines = mu.table().splitlines()
    assert lines[0].split() == ["pair", "P(first", "wins", "a", "game)", "95%", "interval", "n", "source"]
    assert lines[1].split() == ["A", "vs", "B", f"{ab.value:.3f}", f"[{ab.low:.3f},", f"{ab.high:.3f}]", "10",
                                "results"]
    assert [ln.split()[-1] for ln in lines[1:-1]] == ["results", "typed", "typed", "race", "mirror"]
    assert lines[-1] == "every other pair 0.5 (a coin flip)"


def test_results_drive_the_events_like_typed_figures():
    """The kernel's matrix from results is the posterior means: the same events as the same
    figures typed in (MTR 2.1 Swiss rounds played the same, seed for seed)."""
    mu = meta.Matchups.from_results(rows(("A", "B", 7, 3, 0)))
    typed = meta.Matchups({("A", "B"): 0.6})
    assert np.array_equal(mu.matrix(["A", "B"]), typed.matrix(["A", "B"]))
    field = meta.Field({"A": 0.5, "B": 0.5}, players=8)
    one = meta.simulate_events(field, mu, events=64, seed=3, progress=False)
    two = meta.simulate_events(field, typed, events=64, seed=3, progress=False)
    assert one.p_top8("A") == two.p_top8("A")


@pytest.mark.parametrize("g", [0.0, 0.1, 0.35, 0.5, 0.6, 0.9, 1.0])
def test_the_game_probability_of_a_best_of_three_match_probability(g):
    """MTR 2.3: a match is won by the first to win two games; with P(win a game) g, independent
    games, P(win the match) = g² + 2g²(1 - g) = g²(3 - 2g); game_from_match inverts it."""
    m = g * g + 2 * g * g * (1 - g)
    assert game_from_match(m) == pytest.approx(g, abs=1e-12)


def test_counts_of_matches_give_the_game_probability_of_the_match_posterior():
    """unit="matches": 6 matches won of 8 with Beta(5, 5) is P(win a match) 11/18; the figure is
    the game probability with that match probability, the interval the mapped quantiles, n 8."""
    mu = meta.Matchups.from_results(rows(("A", "B", 6, 2, 0)), unit="matches")
    e = mu.estimate("A", "B")
    g = e.value
    assert g * g * (3 - 2 * g) == pytest.approx(11 / 18, abs=1e-12) and e.n == 8
    for q, bound in [(0.025, e.low), (0.975, e.high)]:
        assert bound * bound * (3 - 2 * bound) == pytest.approx(brute_beta_quantile(q, 11, 7), abs=2e-5)
    assert mu.estimate("B", "A").value == pytest.approx(1 - g, abs=1e-12)
    assert mu.table().splitlines()[1].endswith("results (n: best-of-three matches)")
    with pytest.raises(ArgumentError, match="unit must be one of games, matches"):
        meta.Matchups.from_results(rows(("A", "B", 6, 2, 0)), unit="rounds")


def test_the_worked_example_of_the_docs_prints_what_they_say(tmp_path):
    """docs/tournament.md, "Matchups from results": its results file gives its estimate and table."""
    docs = (Path(__file__).parents[2] / "docs" / "tournament.md").read_text(encoding="utf-8")
    section = docs[docs.index("## Matchups from results"):]
    csv_text = section[section.index("```csv\n") + 7:section.index("```", section.index("```csv\n") + 7)]
    table = re.search(r"```\n(pair .*?)```", section, re.S).group(1).rstrip("\n")
    f = tmp_path / "results.csv"
    f.write_text(csv_text)
    mu = meta.Matchups.from_results(f)
    assert str(mu.estimate("Mono-Red Aggro", "Domain Ramp")) in section
    mu.update(meta.Matchups({("Esper Control", "Other"): 0.52}))
    assert mu.table() == table


def test_shrinking_toward_the_decks_overall_rates_is_the_log5_prior_by_hand():
    """shrink="decks", prior 2: A 6-2 against B, 3-1 against C; B 2-2 against C. Overall (mirrors
    left out, each shrunk by Beta(2, 2)): A (2 + 9) / (4 + 12) = 11/16, B (2 + 4) / 16 = 3/8, C
    (2 + 3) / (4 + 8) = 5/12. A vs B: log5 m = (11/16)(5/8) / ((11/16)(5/8) + (3/8)(5/16)) = 11/14,
    prior Beta(4 m, 4 (1 - m)) = Beta(22/7, 6/7), posterior Beta(64/7, 20/7): 16/21. A vs C:
    m = 77/102, posterior Beta(307/51, 101/51): 307/408. B vs C: m = 21/46, Beta(88/23, 96/23): 11/23."""
    records = rows(("A", "B", 6, 2, 0), ("C", "A", 1, 3, 0), ("B", "C", 2, 2, 0), ("C", "C", 4, 0, 0))
    mu = meta.Matchups.from_results(records, prior=2, shrink="decks")
    for (a, b), value, alpha in [(("A", "B"), Fraction(16, 21), Fraction(64, 7)),
                                 (("A", "C"), Fraction(307, 408), Fraction(307, 51)),
                                 (("B", "C"), Fraction(11, 23), Fraction(88, 23))]:
        assert mu.estimate(a, b).value == pytest.approx(float(value), abs=1e-14)
        assert mu.posteriors[(a, b)].alpha == pytest.approx(float(alpha), abs=1e-13)
        assert mu.posteriors[(b, a)] == mu.posteriors[(a, b)].flipped()        # (b, a) exactly the complement
        assert mu.estimate(b, a).value == pytest.approx(1 - float(value), abs=1e-15)
    assert mu.posteriors[("A", "B")].n == 8 and mu.estimate("C", "C").value == 0.5
    even = meta.Matchups.from_results(records, prior=2)                      # the default: toward 0.5
    assert even.estimate("A", "B").value == pytest.approx(8 / 12, abs=1e-15)


def test_shrinking_toward_the_decks_keeps_a_deck_with_two_games_short_of_100_percent():
    """A 2-0 against B, prior 5: A's overall rate is (5 + 2) / (10 + 2) = 7/12, not 1; B's 5/12;
    m = 49/74, posterior Beta(490/74 + 2, 250/74): 319/444."""
    mu = meta.Matchups.from_results(rows(("A", "B", 2, 0, 0)), shrink="decks")
    assert mu.estimate("A", "B").value == pytest.approx(319 / 444, abs=1e-15)
    with pytest.raises(ArgumentError, match="shrink must be one of even, decks .toward an even matchup, or toward "
                                            "the decks' overall win rates., not 'log5'"):
        meta.Matchups.from_results(rows(("A", "B", 2, 0, 0)), shrink="log5")


@pytest.mark.filterwarnings("ignore::mtgsim.UnmodeledTextWarning")
def test_a_typed_pair_given_the_other_way_round_is_no_race():
    """from_races' `given` as a mapping names the pair (Green, Red); the races name it (Red,
    Green): the typed figure wins and is labelled typed, not a race (it was labelled "race")."""
    from mtgsim import Deck
    from mtgsim.cli import example_decks
    decks = {name: Deck.from_file(example_decks()[file]) for name, file in
             (("Red", "red_fire_crystal"), ("Green", "mono_green_henge"))}
    mu = meta.Matchups.from_races(decks, games=4096, seed=1, given={("Green", "Red"): 0.6})
    assert mu.p("Green", "Red") == 0.6 and mu.source("Red", "Green") == "typed" and not mu.estimated
