"""The simulation page (SimResult.to_html, simulate --html): one self-contained file —
nothing fetched from a network — rendered in headless Chromium: not blank, every figure
loaded, no console error, every table with a header row; and an HTML5 parser's basic checks.
On "both" too: each half beside the other."""
import re

import html5lib
import pytest
from markupsafe import escape
from browser import check_renders, html_problems

from mtgsim import Deck, simulate
from mtgsim.cli import main
from mtgsim.cli_common import example_decks


@pytest.fixture(scope="module")
def deck():
    return Deck.from_file(example_decks()["mono_green_henge"])


@pytest.fixture(scope="module")
def page(deck, tmp_path_factory):
    res = simulate(deck, games=2000, turns=8, seed=1)
    path = tmp_path_factory.mktemp("report") / "simulation.html"
    res.to_html(path)
    return path


@pytest.fixture(scope="module")
def both(deck):
    return simulate(deck, games=2000, turns=6, seed=3, on="both")


def _cells(text: str) -> list[list[str]]:
    """The per-card table's rows, each cell's text (the first table of the page)."""
    doc = html5lib.parse(text, namespaceHTMLElements=False)
    table = doc.find(".//table")
    return [["".join(td.itertext()).strip() for td in tr.findall("td")] for tr in table.find("tbody").findall("tr")]


def test_the_page_is_self_contained_and_says_what_reproduces_it(page):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), "a resource fetched from a network"
    assert "simulate(deck, games=2000, turns=8, on=&#39;play&#39;, seed=1)" in text
    assert "seed 1 · mtgsim " in text


def test_the_page_shows_the_figures_the_terminal_report_does(page, deck):
    res = simulate(deck, games=2000, turns=8, seed=1)        # (the same seed: the same figures)
    text = page.read_text(encoding="utf-8")
    rows = _cells(text)
    elves = rows[0]
    assert elves[0] == "Llanowar Elves" and elves[1] == "1" and elves[2] == "castable"
    assert elves[3] == f"{res.p_castable('Llanowar Elves', 1).value:.3f}*"     # (on curve: turn 1)
    assert rows[1][1:3] == [f"{res.p_cast('Llanowar Elves', 1).value:.3f}*",
                            f"{res.p_cast('Llanowar Elves', 2).value:.3f}"]
    curves = [r for r in rows if r[2:3] == ["castable"] and r[1].isdigit() and 1 <= int(r[1]) <= 8]
    assert text.count('class="curve"') == 2 * len(curves) > 0        # (castable and cast by: one cell each)
    assert "mulligan (London): keep 7 cards with 2-5 lands" in text
    p = res.kill_turn.p_by(5)
    assert f"{p.value:.3f}<br><span class=\"iv\">[{p.low:.3f}, {p.high:.3f}]</span>" in text
    # the coverage line and each card not fully read, with its clauses
    r = res.reading
    assert f"{r.fully:,} of {r.copies:,} copies fully read" in text
    assert r.unread
    for name, n, bucket, clauses in r.unread:
        assert f"<tr><td>{escape(name)}</td><td>{n}</td><td>{bucket}</td>" in text
        assert str(escape(" / ".join(clauses))) in text


def test_the_page_passes_an_html5_parser_s_basic_checks(page):
    assert html_problems(page.read_text(encoding="utf-8")) == []


def test_the_page_renders_in_headless_chromium(page):
    check_renders(page, images=3, tables=6)


def test_on_both_each_half_is_beside_the_other(both, tmp_path):
    path = tmp_path / "both.html"
    both.to_html(path)
    text = path.read_text(encoding="utf-8")
    assert html_problems(text) == []
    assert "half on the play, half on the draw" in text and "on=&#39;both&#39;" in text
    assert "1,000 games on the play and 1,000 games on the draw" in text
    e = both.draw.p_castable("Steel Leaf Champion", 3)
    assert f"{e.value:.3f}<br><span class=\"iv\">[{e.low:.3f}, {e.high:.3f}]</span>" in text
    check_renders(path, images=3, tables=7)


def test_in_a_notebook_the_result_shows_as_the_same_page(both):
    html = both._repr_html_()
    assert html.startswith("<!DOCTYPE html>") and "On the play and on the draw" in html


def test_the_command_line_writes_it_with_the_command(tmp_path, capsys):
    out = tmp_path / "s.html"
    assert main(["simulate", "--example", "mono_green_henge", "--games", "500", "--seed", "2",
                 "--track", "Llanowar Elves", "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "mtgsim simulate --example mono_green_henge --games 500 --seed 2 --track &#39;Llanowar Elves&#39; --html" \
        in text
    assert html_problems(text) == []


def test_without_jinja2_html_is_one_clear_line_before_any_game(monkeypatch, tmp_path, capsys):
    import sys

    from mtgsim.report import page as report_page
    monkeypatch.setattr(report_page, "_ENV", None)
    monkeypatch.setitem(sys.modules, "jinja2", None)
    assert main(["simulate", "--example", "mono_green_henge", "--games", "500", "--html",
                 str(tmp_path / "s.html")]) != 0
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and 'pip install "mtgsim[html]"' in err[0]
    assert captured.out == "" and not (tmp_path / "s.html").exists()


def test_the_python_call_in_the_footer_reproduces_the_figures(deck):
    from mtgsim import MulliganPolicy
    res = simulate(deck, games=400, turns=5, seed=7, on="draw", multiplayer=True, hand_smoother="arena-2026",
                   mulligan=MulliganPolicy({7: (3, 5), 6: (2, 4)}, count_mana_sources=True))
    text = res._repr_html_()
    call = html5lib.parse(text, namespaceHTMLElements=False).find(".//footer/p/code").text
    assert call.startswith("simulate(deck, games=400, turns=5, on='draw', seed=7, mulligan=MulliganPolicy(")
    again = eval(call, {"simulate": simulate, "deck": deck, "MulliganPolicy": MulliganPolicy})
    assert again.to_dict() == res.to_dict()


def test_the_kill_turn_table_has_each_turn_s_share_with_its_interval(page, deck):
    kill = simulate(deck, games=2000, turns=8, seed=1).kill_turn
    text = page.read_text(encoding="utf-8")
    for t in range(1, 9):
        e = kill.p_on(t)
        assert e.value == kill.counts[t - 1] / kill.n
        assert f"{e.value:.3f}<br><span class=\"iv\">[{e.low:.3f}, {e.high:.3f}]</span>" in text
