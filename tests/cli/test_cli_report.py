"""The `mtgsim simulate` table: the figures it shows, what they mean, its footnote."""
import re

import pytest

from mtgsim import Deck, MulliganPolicy, simulate
from mtgsim.cli import _report, main

BEARS = Deck({"Forest": 24, "Grizzly Bears": 36}, name="bears")


def _row(out: str, label: str, start: str = "") -> list[str]:
    """The figures of the table row whose text (after `start`, if given) begins `label`."""
    lines = out.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith(start)) if start else 0
    line = next(line for line in lines[i:] if label in line)
    return line[line.index(label) + len(label):].split()


def test_table_shows_castable_and_cast_by_with_their_meaning():
    res = simulate(BEARS, games=3000, turns=4, seed=2, threads=1)
    out = _report(res, [], {"Grizzly Bears": 2})
    castable, cast = _row(out, "castable", "Grizzly Bears"), _row(out, "cast by", "Grizzly Bears")
    assert [float(v.rstrip("*")) for v in castable] == [round(res.p_castable("Grizzly Bears", t).value, 3)
                                                         for t in range(1, 5)]
    assert [float(v.rstrip("*")) for v in cast] == [round(res.p_cast("Grizzly Bears", t).value, 3)
                                                     for t in range(1, 5)]
    assert "you had the mana for it after your land drop" in out
    assert "the play policy had actually cast it by the end of that turn" in out
    assert "on curve" in out and "docs/metrics.md" in out


def test_on_curve_turn_is_marked():
    """The `*` stands after the figure of the turn equal to the card's mana value, only there."""
    res = simulate(BEARS, games=500, turns=4, seed=2, threads=1)
    out = _report(res, [], {"Grizzly Bears": 2})
    for label in ("castable", "cast by"):
        marks = [v.endswith("*") for v in _row(out, label, "Grizzly Bears")]
        assert marks == [False, True, False, False]


def _stated_bound(out: str) -> float:
    return float(re.search(r"reach at most ±([0-9.]+) from any probability above", out).group(1))


def test_footnote_bound_is_the_widest_interval_shown():
    """Worked out here over every probability the table prints: each card's castable and cast
    by at every turn, the kill figures, the kept hands. In this run the widest is not the
    last turn's P(castable) (the footnote's old bound), so a bound from that alone fails."""
    res = simulate(BEARS, games=2000, turns=4, seed=5, threads=1)
    out = _report(res, [], {"Grizzly Bears": 2})
    shown = [e for t in range(1, 5) for e in (res.p_castable("Grizzly Bears", t), res.p_cast("Grizzly Bears", t),
                                              res.kill_turn.p_by(t))]
    shown += [res.kill_turn.p_never] + list(res.mulligans.values())
    widest = max(max(e.value - e.low, e.high - e.value) for e in shown)
    assert _stated_bound(out) == pytest.approx(widest, abs=5e-5)
    last = res.p_castable("Grizzly Bears", 4)
    assert (last.high - last.low) / 2 < widest - 1e-3        # (the old bound would fail here)
    assert "Wilson" in out and "n = 2,000 games" in out


def test_footnote_counts_only_the_cards_shown():
    """A card beyond the 15 shown doesn't set the bound."""
    from mtgsim.cli import SHOWN_CARDS, shown_probabilities
    cards = {f"Spell {i}": 2 for i in range(SHOWN_CARDS + 2)}
    from mtgsim import card
    deck = Deck({"Forest": 26, **{card(n, "{G}", "Sorcery"): k for n, k in cards.items()}}, name="many")
    res = simulate(deck, games=300, turns=2, seed=1, threads=1)
    out = _report(res, [], {})
    assert "... and 2 more cards" in out
    assert len(shown_probabilities(res, [])) == SHOWN_CARDS * 2 * 2 + 2 + 1 + len(res.mulligans)
    assert _stated_bound(out) == pytest.approx(
        max(max(e.value - e.low, e.high - e.value) for e in shown_probabilities(res, [])), abs=5e-5)


def test_short_run_prints_no_nan_or_inf():
    """No game kills: the kill turn says so instead of nan/inf."""
    deck = Deck({"Forest": 30, "Harmonize": 30}, name="slow")
    res = simulate(deck, games=50, turns=2, seed=1, threads=1, mulligan=MulliganPolicy.never())
    out = _report(res, [], {"Harmonize": 4})
    assert "nan" not in out and "inf" not in out
    assert "kill turn: no game reached it" in out


def test_kill_turn_median_beyond_the_turns_is_said_in_words():
    """Fewer than half the games kill: the median is "later than turn N", not inf."""
    deck = Deck({"Mountain": 20, "Lightning Bolt": 40}, name="burn")
    res = simulate(deck, games=500, turns=4, seed=1, threads=1)
    assert 0 < res.kill_turn.p_by(4).value < 0.5
    out = _report(res, [], {})
    assert "median later than turn 4" in out and "inf" not in out and "nan" not in out


def test_simulate_command_prints_both_rows(capsys):
    assert main(["simulate", "--example", "red_fire_crystal", "--games", "300", "--turns", "3",
                 "--seed", "1", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert len(_row(out, "castable", "Lightning Bolt")) == 3 and len(_row(out, "cast by", "Lightning Bolt")) == 3
    assert _row(out, "castable", "Lightning Bolt")[0] == "1.000*"
