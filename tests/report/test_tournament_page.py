"""The tournament page (EventsResult.to_html, tournament --html): one self-contained file —
nothing fetched from a network — rendered in headless Chromium: not blank, every figure
loaded, no console error, every table with a header row; and an HTML5 parser's basic checks."""
import re

import pytest
from browser import check_renders, html_problems

from mtgsim import meta
from mtgsim.cli import main
from mtgsim.cli_tournament import example_fields, read_field


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    field, mu, _ = read_field(example_fields()["modern_field"], 1)
    res = meta.simulate_events(field, mu, events=640, seed=1, progress=False, matchup_uncertainty=True)
    path = tmp_path_factory.mktemp("report") / "tournament.html"
    res.to_html(path)
    return path


def test_the_page_is_self_contained_and_says_what_reproduces_it(page):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), "a resource fetched from a network"
    assert "meta.simulate_events(field, matchups, events=640" in text and "seed 1 · mtgsim " in text
    assert "Amulet Titan" in text and "matchup uncertainty" in text


def test_the_page_passes_an_html5_parser_s_basic_checks(page):
    assert html_problems(page.read_text(encoding="utf-8")) == []


def test_the_page_renders_in_headless_chromium(page):
    check_renders(page, images=2, tables=2)


def test_the_command_line_writes_it_with_the_command(tmp_path, capsys):
    out = tmp_path / "t.html"
    assert main(["tournament", "--example", "standard_field", "--events", "64", "--seed", "2",
                 "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "mtgsim tournament --example standard_field --events 64 --seed 2 --html" in text


def test_without_jinja2_html_is_one_clear_line_before_any_event(monkeypatch, tmp_path, capsys):
    import sys

    from mtgsim.report import page as report_page
    monkeypatch.setattr(report_page, "_ENV", None)
    monkeypatch.setitem(sys.modules, "jinja2", None)
    assert main(["tournament", "--example", "standard_field", "--events", "64", "--html",
                 str(tmp_path / "t.html")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and 'pip install "mtgsim[html]"' in err[0]
    assert not (tmp_path / "t.html").exists()
