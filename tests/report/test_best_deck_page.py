"""The best-deck page (BestDeck.to_html, tournament --best-deck --html): one self-contained file —
nothing fetched from a network — rendered in headless Chromium: not blank, every figure loaded,
no console error, every table with a header row; and an HTML5 parser's basic checks."""
import re

import pytest
from browser import check_renders, html_problems

from mtgsim import meta
from mtgsim.cli import main
from mtgsim.cli_tournament import example_fields, read_field


@pytest.fixture(scope="module")
def result():
    field, mu, _ = read_field(example_fields()["modern_field"], 1)
    return meta.best_deck(field, mu, candidates=["Amulet Titan", "Boros Energy", "Tron", "Rogue"], events=1_024,
                          seed=1, progress=False, matchup_uncertainty=True)


@pytest.fixture(scope="module")
def page(result, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "best_deck.html"
    result.to_html(path)
    return path


def test_the_page_is_self_contained_and_says_what_reproduces_it(page, result):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), "a resource fetched from a network"
    assert ("meta.best_deck(field, matchups, candidates=[&#39;Amulet Titan&#39;, &#39;Boros Energy&#39;, "
            "&#39;Tron&#39;, &#39;Rogue&#39;], players=256, events=1024, objective=&#39;p_top8&#39;") in text
    assert "seed 1 · mtgsim " in text
    assert f"Best deck to bring: {result.best}" in text
    assert ("Bring " if result.separated else "Leader ") + result.best in text


def test_the_page_says_the_notes_the_verdict_and_every_candidate(page, result):
    text = page.read_text(encoding="utf-8")
    assert "Rogue is named in no matchup: a coin flip against every deck" in text
    assert "what the results don&#39;t know" in text
    for c in result.ranking:
        assert f"<td>{'★ ' if c.deck == result.best else ''}{c.deck}</td>" in text
        if c.dropped:
            assert f"dropped in {c.dropped}" in text


def test_the_page_passes_an_html5_parser_s_basic_checks(page):
    assert html_problems(page.read_text(encoding="utf-8")) == []


def test_the_notebook_shows_the_same_page(result, page):
    def unimaged(text):         # (an SVG says when it was drawn)
        return re.sub(r"data:image/svg\+xml;base64,[A-Za-z0-9+/=]+", "SVG", text)
    assert unimaged(result._repr_html_()) == unimaged(page.read_text(encoding="utf-8"))


def test_the_page_renders_in_headless_chromium(page):
    check_renders(page, images=2, tables=2)


def test_one_candidate_has_no_lead_chart_and_still_renders(tmp_path):
    field, mu, _ = read_field(example_fields()["standard_field"], 1)
    res = meta.best_deck(field, mu, candidates=[field.names[0]], events=128, seed=3, progress=False,
                         objective="match_points")
    path = tmp_path / "one.html"
    res.to_html(path, command="my command")
    text = path.read_text(encoding="utf-8")
    assert html_problems(text) == [] and "my command" in text and "lead over each candidate" not in text
    check_renders(path, images=1)


def test_the_command_line_writes_it_with_the_command(tmp_path, capsys):
    out = tmp_path / "b.html"
    assert main(["tournament", "--example", "standard_field", "--best-deck", "--events", "128", "--seed", "2",
                 "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "mtgsim tournament --example standard_field --best-deck --events 128 --seed 2 --html" in text
    assert "Best deck to bring: " in text and "seed 2 · mtgsim " in text
