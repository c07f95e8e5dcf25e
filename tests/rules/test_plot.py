"""Plot (702.170): the special action exiling a card from the hand for its plot cost (116.2k, 702.170a), the
plotted card cast from exile without paying its mana cost on a later turn (702.170d) -- through Scenario; the
card field's checks; the recognizer's reading of "Plot [cost]"; and the goldfish's policy (a card is cast from
the hand when it can be; the mana left once nothing can be cast plots one, cast free in the next main phase),
traced, replayed through Scenario, and checked against the exact probability of the first cast by each turn."""
import math
from collections import defaultdict
from fractions import Fraction

import pytest

from mtgsim import CardDataError, Deck, MulliganPolicy, RulesError, Scenario, card, simulate
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize
from mtgsim.simulate import trace

from replay import replay, traced_games

# ({3}{R} 3/3, plot {2}{R}: plotting it takes a land fewer than casting it)
PLOTTER = card("Test Plotter", "{3}{R}", "Creature — Human Rogue", "3/3", plot="{2}{R}")
UNPLOTTED = card("Test Unplotted", "{3}{R}", "Creature — Human Rogue", "3/3")


def _plotted():
    s = Scenario()
    for _ in range(3):
        s.add("Mountain")
    s.add_to_hand(PLOTTER)
    s.plot(PLOTTER)
    return s


def test_702_170a_116_2k_plotting_pays_the_plot_cost_and_exiles_the_card():
    """702.170a, 116.2k: pay {2}{R} (the three Mountains tap) and exile the card from the hand, plotted; no
    spell is cast (nothing enters the battlefield, the card is in no graveyard)."""
    s = _plotted()
    assert s.hand() == []
    assert s.plotted() == ["Test Plotter"]
    assert s.suspended() == []
    assert all(s.is_tapped(p) for p in s.battlefield())
    assert [p.name for p in s.battlefield()] == ["Mountain"] * 3
    assert s.graveyard() == []


def test_702_170d_a_plotted_card_is_cast_on_a_later_turn_without_paying_its_mana_cost():
    """702.170d: not on the turn it became plotted; on a later turn its owner casts it from exile without
    paying its mana cost: the Mountains stay untapped and the creature enters."""
    s = _plotted()
    with pytest.raises(RulesError, match="702.170d"):
        s.cast(PLOTTER, alternative="plotted")
    assert s.plotted() == ["Test Plotter"]
    s.next_turn()
    s.next_turn()                                   # your next turn: the Mountains untap
    creature = s.cast(PLOTTER, alternative="plotted")
    assert creature.name == "Test Plotter"
    assert s.plotted() == []
    assert not any(s.is_tapped(p) for p in s.battlefield() if p.name == "Mountain")
    with pytest.raises(RulesError, match="702.170d"):         # (it is no longer plotted)
        s.cast(PLOTTER, alternative="plotted")


def test_702_170d_107_3b_a_plotted_cast_pays_only_what_increases_it_and_x_is_0():
    """601.2f with 702.170d: the total cost is only what increases it; X is 0 (107.3b)."""
    s = _plotted()
    s.next_turn()
    s.next_turn()
    assert str(s.total_cost(PLOTTER, alternative="plotted")) in ("", "{0}")
    with pytest.raises(RulesError, match="107.3b"):
        s.cast(PLOTTER, x=1, alternative="plotted")


def test_116_2k_702_170a_a_card_is_plotted_only_from_the_hand_only_with_plot_and_only_if_paid():
    """116.2k: the action is taken with a card in its owner's hand; a card without plot has none; without the
    mana the card stays in hand and nothing is exiled (601.2g-h as for any cost)."""
    s = Scenario()
    s.add("Mountain")
    with pytest.raises(RulesError, match="116.2k"):
        s.plot(PLOTTER)
    s.add_to_hand(UNPLOTTED)
    with pytest.raises(RulesError, match="702.170a"):
        s.plot(UNPLOTTED)
    s.add_to_hand(PLOTTER)
    with pytest.raises(RulesError, match="601.2g"):
        s.plot(PLOTTER)
    assert PLOTTER.name in s.hand()
    assert s.plotted() == []
    assert not s.is_tapped(s.battlefield()[0])


def test_702_170a_a_card_has_suspend_or_plot_not_both():
    """The loader: the one cost field a card is exiled from the hand for (CARD.exile_cost) holds one of them."""
    with pytest.raises(CardDataError, match="plot"):
        card("Test Both", "{2}{R}", "Sorcery", suspend="{R}", suspend_time=1, plot="{R}")


def _read(name, mana_cost, type_line, text, pt=(None, None)):
    face = OracleFace(name, mana_cost, type_line, text, *pt)
    return recognize(OracleCard(name, "normal", (face,), ("Flying", "Haste", "Plot")))


def test_702_170a_the_recognizer_reads_plot_and_its_cost():
    """"Plot {1}{R}" (its reminder text aside) is the card's plot field: Slickshot Show-Off is fully read."""
    r = _read("Slickshot Show-Off", "{1}{R}", "Creature — Bird Wizard", "Flying, haste\nWhenever you cast a "
              "noncreature spell, this creature gets +2/+0 until end of turn.\nPlot {1}{R} (You may pay {1}{R} and "
              "exile this card from your hand. Cast it as a sorcery on a later turn without paying its mana cost. "
              "Plot only as a sorcery.)", ("1", "2"))
    assert r.bucket == "fully"
    assert r.table["plot"] == "{1}{R}"


def _plotters():
    return Deck({"Mountain": 24, PLOTTER: 36})


def test_the_goldfish_plots_with_the_mana_left_and_casts_the_plotted_card_in_its_next_main_phase():
    """The policy: with three lands and nothing castable, the mana left plots Test Plotter (never with four:
    then it is cast from the hand); each plotted card is cast from exile, free, in the next turn's main phase."""
    text = trace(_plotters(), games=6, turns=6, seed=2, mulligan=MulliganPolicy.never())
    assert "plot Test Plotter" in text
    assert "cast Test Plotter from exile (0)" in text
    for game in text.split("game ")[1:]:
        turns = [line for line in game.splitlines() if line.strip().startswith("turn")]
        for t, line in enumerate(turns[:-1]):
            assert line.count("plot Test Plotter") == turns[t + 1].count("cast Test Plotter from exile"), game


def test_the_goldfish_casts_a_card_whose_plot_cost_is_its_mana_cost_rather_than_plot_it():
    """A card like Slickshot Show-Off ({1}{R}, plot {1}{R}): whenever it could be plotted it can be cast, and
    the policy casts it (its effect a turn sooner)."""
    show_off = card("Test Show-Off", "{1}{R}", "Creature — Bird Wizard", "1/2", plot="{1}{R}")
    text = trace(Deck({"Mountain": 24, show_off: 36}), games=4, turns=5, seed=3, mulligan=MulliganPolicy.never())
    assert "cast Test Show-Off (2)" in text
    assert "plot Test Show-Off" not in text


def test_the_goldfish_plots_and_casts_from_exile_as_scenario_does():
    """The goldfish's traced games, replayed action by action through Scenario (plot, then cast with
    alternative="plotted" on the next turn), give the same state after every action."""
    deck = _plotters()
    for game in traced_games(deck, games=4, turns=6, seed=7, mulligan=MulliganPolicy.never()):
        assert replay(deck, game) is None


def first_cast_by(plotters: int, lands: int, turns: int, plot: bool) -> list:
    """P(the first Test Plotter is cast by the end of turn t), t = 1..turns, exactly, on the play with no
    mulligan, as the policy documents: a land played each turn one is in hand; a card plotted on an earlier
    turn is cast in the main phase; else one is cast from the hand with four lands; else (`plot`) one is
    plotted with three."""
    states: dict = defaultdict(Fraction)      # (in hand, lands in hand, lands in play, one plotted)
    for h in range(8):
        states[h, 7 - h, 0, False] = Fraction(math.comb(plotters, h) * math.comb(lands, 7 - h),
                                              math.comb(plotters + lands, 7))
    cast, by = Fraction(0), []
    for turn in range(1, turns + 1):
        nxt: dict = defaultdict(Fraction)
        for (h, ln, play, plotted), p in states.items():
            left_p, left = plotters - h - plotted, plotters + lands - 7 - (turn - 2)   # (the library's)
            draws = [(h, ln, Fraction(1))] if turn == 1 else [
                (h + 1, ln, Fraction(left_p, left)), (h, ln + 1, Fraction(left - left_p, left))]
            for dh, dl, q in draws:
                if q == 0:
                    continue
                lp = play + (dl > 0)
                dl -= dl > 0
                if plotted or (dh and lp >= 4):
                    cast += p * q
                elif plot and dh and lp >= 3:
                    nxt[dh - 1, dl, lp, True] += p * q
                else:
                    nxt[dh, dl, lp, False] += p * q
        states = nxt
        by.append(cast)
    return by


@pytest.mark.parametrize("creature, plot", [(PLOTTER, True), (UNPLOTTED, False)])
def test_702_170d_the_first_cast_by_each_turn_is_the_exact_one(creature, plot):
    """P(first cast by turn t), t = 1..8, within 4 standard errors of the exact figure: with plot the card is
    cast on turn 4 whenever it was in hand with three lands on turn 3 (plotted then), a turn before the
    fourth land allows it without plot."""
    exact = first_cast_by(12, 48, 8, plot)
    if plot:
        assert exact[3] > first_cast_by(12, 48, 8, False)[3] and exact[2] == 0
    res = simulate(Deck({"Mountain": 48, creature: 12}), games=40_000, turns=8, seed=5,
                   mulligan=MulliganPolicy.never())
    for turn in range(1, 9):
        p, est = float(exact[turn - 1]), res.p_cast(creature, turn)
        assert abs(est.value - p) <= 4 * math.sqrt(p * (1 - p) / est.n) + 1e-12, (turn, est, p)
