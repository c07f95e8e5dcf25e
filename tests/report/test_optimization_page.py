"""The optimization page (SweepResult / ManaBaseResult .to_html, optimize --html): one
self-contained file — nothing fetched from a network — with the objective by variant, the
paired differences from the best, the games each variant played and the baselines; rendered in
headless Chromium: not blank, every figure loaded, no console error, every table with a header
row; and an HTML5 parser's basic checks."""
import re

import pytest
from browser import check_renders, html_problems

from mtgsim import Deck, Objective, optimize
from mtgsim.cli import main
from mtgsim.cli_common import example_decks

HENGE = Objective.castable({"The Great Henge": 1}, turn=5)


@pytest.fixture(scope="module")
def sweep():
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    variants = optimize.land_counts(deck, range(20, 25), land="Forest", cut=["Kalonian Tusker", "Lovestruck Beast"])
    return optimize.sweep(variants, HENGE, games=8192, turns=5, seed=1, race=True, progress=False)


@pytest.fixture(scope="module")
def page(sweep, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "optimization.html"
    sweep.to_html(path)
    return path


def test_the_page_is_self_contained_and_says_what_reproduces_it(page, sweep):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), "a resource fetched from a network"
    assert "optimize.sweep(variants, objective, crn=True, turns=5, on=&#39;play&#39;" in text
    assert "seed 1 · mtgsim " in text
    assert f"best {sweep.best_label}" in text and "The Great Henge" in text
    assert "Karsten" in text and "Paired differences from the best" in text


def test_the_page_passes_an_html5_parser_s_basic_checks(page):
    assert html_problems(page.read_text(encoding="utf-8")) == []


def test_the_page_renders_in_headless_chromium(page):
    check_renders(page, images=3, tables=3)         # (variants, baselines, settings)


def test_a_notebook_shows_the_same_page(sweep, page):
    shown = sweep._repr_html_()
    assert shown.startswith("<!DOCTYPE html>") and "Paired differences from the best" in shown


def test_a_mana_base_page_gives_the_split(tmp_path):
    deck = Deck({"Forest": 12, "Plains": 12, "Llanowar Elves": 18, "Savannah Lions": 18})
    r = optimize.mana_base(deck, {"Forest": (8, 16), "Plains": (8, 16)}, 24,
                           Objective.castable({"Llanowar Elves": 1, "Savannah Lions": 1}, turn=1),
                           budget=200_000, turns=2, seed=1, threads=1, progress=False)
    path = tmp_path / "m.html"
    r.to_html(path)
    text = path.read_text(encoding="utf-8")
    assert html_problems(text) == []
    assert "The best mana base" in text and "optimize.mana_base(deck, pool, lands, objective" in text
    assert f"search</td><td class=\"text\">{r.search}" in text


def test_the_command_line_writes_it_with_the_command(tmp_path, capsys):
    out = tmp_path / "o.html"
    assert main(["optimize", "--example", "mono_green_henge", "--lands", "22..24", "--land", "Forest",
                 "--cut", "Kalonian Tusker", "--cut", "Lovestruck Beast", "--objective", "castable:The Great Henge@5",
                 "--games", "4096", "--seed", "2", "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert ("mtgsim optimize --example mono_green_henge --lands 22..24 --land Forest --cut &#39;Kalonian Tusker&#39;"
            in text) and "--seed 2 --html" in text


def test_a_keep_rule_search_writes_its_page(tmp_path, capsys):
    out = tmp_path / "m.html"
    assert main(["optimize", "--example", "gw_midrange", "--mulligan-search", "--objective", "cast_by:Watchwolf@2",
                 "--turns", "2", "--games", "8192", "--seed", "1", "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert html_problems(text) == []
    assert "The best keep rule against the default and Karsten" in text and "Games each keep rule played" in text
    assert "mtgsim optimize --example gw_midrange --mulligan-search" in text
    check_renders(out, images=3)


def test_the_swaps_page_ranks_every_swap_against_the_deck_as_it_is(tmp_path, capsys):
    out = tmp_path / "s.html"
    assert main(["optimize", "--example", "gw_midrange", "--swaps", "--objective", "mana_spent@4", "--turns", "4",
                 "--games", "4096", "--budget", "3000000", "--seed", "1", "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert html_problems(text) == []
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), "a resource fetched from a network"
    assert "mtgsim optimize --example gw_midrange --swaps --objective mana_spent@4" in text
    assert "seed 1 · mtgsim " in text
    searched = int(re.search(r"<title>Swaps: (\d+) searched, best ", text).group(1))
    assert searched > 25 and f"the other {searched - 25} are in the table below" in text
    every = text[text.index("<h2>Every swap</h2>"):text.index("<h2>Settings</h2>")]
    assert every.count("<tr><td>") == searched and f"All {searched} swaps, best first" in every
    assert "-1 Swords to Plowshares, +1 Questing Beast" in text and "This run stopped: " in text
    check_renders(out, images=1, tables=2)


def test_a_swaps_result_in_python_gives_its_page_and_its_call(tmp_path):
    deck = Deck.from_file(example_decks()["gw_midrange"])
    w = optimize.swaps(deck, ["Questing Beast"], Objective.mana_spent(3), games=8192, turns=3, seed=3,
                       cut=["Swords to Plowshares", "Watchwolf"], threads=1, progress=False)
    path = tmp_path / "w.html"
    w.to_html(path)
    text = path.read_text(encoding="utf-8")
    assert html_problems(text) == []
    assert "optimize.swaps(deck, candidates, objective, turns=3, on=&#39;play&#39;" in text and "cut=cut" in text
    assert f"{len(w.ranking)} swaps searched" in text and "the other" not in text
    assert w._repr_html_().startswith("<!DOCTYPE html>")


def test_without_jinja2_html_is_one_clear_line_before_any_game(monkeypatch, tmp_path, capsys):
    import sys

    from mtgsim.report import page as report_page
    monkeypatch.setattr(report_page, "_ENV", None)
    monkeypatch.setitem(sys.modules, "jinja2", None)
    assert main(["optimize", "--example", "mono_green_henge", "--lands", "22..24", "--land", "Forest",
                 "--cut", "Kalonian Tusker", "--objective", "castable:The Great Henge@5", "--html",
                 str(tmp_path / "o.html")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and 'pip install "mtgsim[html]"' in err[0]
    assert not (tmp_path / "o.html").exists()
