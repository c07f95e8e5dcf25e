"""The import's summary and `mtgsim cards coverage` give one account of the buckets: the same
cards, the same counts, the same percentages, from one computation (`Coverage.shares_line`
of the database the import makes) — they disagreed (19.1/26.0/55.0% against 19.0/26.1/54.9%)
when the summary counted the recognized cards alone and coverage the curated ones with them
(issue 29, item 12)."""
from mtgsim.cli import main


def test_the_import_summary_and_cards_coverage_agree(bulk, cache, capsys):
    assert main(["cards", "import", str(bulk)]) == 0
    imported = capsys.readouterr().out.splitlines()
    assert imported[0].startswith("imported 7 cards from ")
    assert main(["cards", "coverage", "--top", "0"]) == 0
    coverage = capsys.readouterr().out.splitlines()[0]
    assert imported[1] == f"the card database (the curated cards with these): {coverage}"
    assert "fully recognized (" in coverage and "% )" not in coverage


def test_import_to_a_path_describes_that_database(tmp_path, bulk, cache, capsys):
    """With --to, the database written there, as `card_db()` would read it as the user's."""
    assert main(["cards", "import", str(bulk), "--to", str(tmp_path / "db.json")]) == 0
    to = capsys.readouterr().out.splitlines()[1]
    assert main(["cards", "import", str(bulk)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == to
