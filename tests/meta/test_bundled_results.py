"""The bundled real results (src/mtgsim/examples/modern_results.csv and modern_field.toml, built by
benchmarks/build_results.py from public tournament data): both load, agree with each other (every
deck of the field met every other in the results, no name outside the field, whole counts), name
their sources, and each pair's estimate is exactly the Beta posterior of its row's games. No
simulated figure is pinned: the data are what they are."""
import csv
import re
from fractions import Fraction
from itertools import combinations

import pytest

from mtgsim import meta
from mtgsim.cli import main
from mtgsim.cli_tournament import example_fields, read_field
from mtgsim.meta.results_file import COLUMNS, DEFAULT_PRIOR


@pytest.fixture(scope="module")
def field_file():
    return example_fields()["modern_field"]


@pytest.fixture(scope="module")
def results_file(field_file):
    return field_file.parent / "modern_results.csv"


def test_the_results_file_is_whole_counts_of_pairs_of_different_decks(results_file):
    with results_file.open(encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        assert tuple(next(reader)) == COLUMNS
        rows = list(reader)
    pairs = [frozenset(r[:2]) for r in rows]
    assert all(len(p) == 2 for p in pairs), "a mirror row (mirrors are left out: 0.5 by definition)"
    assert len(set(pairs)) == len(pairs), "a pair written twice"
    for r in rows:
        assert all(re.fullmatch(r"\d+", c) for c in r[2:]), r
        assert int(r[2]) + int(r[3]) > 0, r


def test_every_deck_of_the_field_meets_every_other_in_the_results(field_file, results_file):
    field, mu, raced = read_field(field_file, seed=1)
    assert not raced and field.other == "Other" and field.players == 256
    names = set(field.names)
    with results_file.open(encoding="utf-8", newline="") as f:
        in_results = {name for r in csv.DictReader(f) for name in (r["deck"], r["opponent"])}
    assert in_results == names
    for a, b in combinations(sorted(names), 2):
        assert (a, b) in mu.posteriors and mu.estimate(a, b).n > 0, (a, b)


def test_the_field_shares_are_the_events_and_sum_below_one(field_file):
    from mtgsim.files import load_toml
    doc = load_toml(field_file.read_text(encoding="utf-8"), ValueError)
    shares = doc["decks"]
    assert 8 <= len(shares) <= 12 and "Other" not in shares
    assert list(shares.values()) == sorted(shares.values(), reverse=True)     # the most played first
    assert 0 < sum(shares.values()) < 1 and doc["results"] == "modern_results.csv"


def test_the_files_name_their_sources_at_a_commit(field_file):
    text = field_file.read_text(encoding="utf-8")
    assert re.search(r"fbettega/MTG_decklistcache commit [0-9a-f]{40}", text)
    assert re.search(r"Badaro/MTGOFormatData commit [0-9a-f]{40}", text)
    assert "benchmarks/build_results.py" in text


def test_each_estimate_is_its_rows_beta_posterior_mean(results_file):
    """Beta(prior + won, prior + lost), a drawn game half won: the mean (prior + won) / (2 prior + n),
    exactly, for every pair of the file, from both sides."""
    mu = meta.Matchups.from_results(results_file)
    with results_file.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        wins, losses, draws = int(r["wins"]), int(r["losses"]), int(r["draws"])
        n = wins + losses + draws
        mean = (Fraction(DEFAULT_PRIOR) + wins + Fraction(draws, 2)) / (2 * Fraction(DEFAULT_PRIOR) + n)
        e = mu.estimate(r["deck"], r["opponent"])
        assert e.n == n and e.value == pytest.approx(float(mean), abs=1e-12)
        assert mu.estimate(r["opponent"], r["deck"]).value == pytest.approx(float(1 - mean), abs=1e-12)
        assert e.low < e.value < e.high


def test_the_example_plays_from_the_command_line(field_file, capsys):
    field, _, _ = read_field(field_file, seed=1)
    assert main(["tournament", "--example", "modern_field", "--events", "64", "--seed", "1"]) == 0
    table = capsys.readouterr().out.split("\n  archetype ")[1]
    assert [line.split("  ")[1] for line in table.splitlines()[1:]] == field.names


def test_the_worked_example_in_the_docs_reads_these_results(results_file):
    """docs/tournament.md, "Worked example": its first step's estimate is these results'."""
    from pathlib import Path
    docs = (Path(__file__).parents[2] / "docs" / "tournament.md").read_text(encoding="utf-8")
    section = docs[docs.index("## Worked example"):docs.index("## Races")]
    shown = re.search(r'mu\.estimate\("Amulet Titan", "Broodscale"\)\)\n\s*(.*)\n', section).group(1)
    assert shown == str(meta.Matchups.from_results(results_file).estimate("Amulet Titan", "Broodscale"))
