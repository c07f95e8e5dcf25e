"""mtgsim.sources: Karsten-style source tables. The simulated castable-on-curve probability
against exact hypergeometric sums, on the play and on the draw; Karsten's 2022 tables reproduced
within the intervals (60 and 99 cards whole, 40 and 80 cards sampled); a deck's
colour costs and its sources counted as the simulator plays them; bad input."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from mtgsim import ArgumentError, ArgumentTypeError, Deck, MulliganPolicy, card, sources
from mtgsim.optimize.baselines import SOURCES_LANDS, published_costs, published_sources
from mtgsim.sources import Cost, SourceSimulations, karsten_level

COSTS = [Cost(p, g) for p, g in published_costs()]


def exact_castable(size: int, lands: int, sources_: int, cost: Cost, draw: bool = False) -> Fraction:
    """P(at least `pips` sources among the 7 + M - 1 cards seen by turn M on the play (7 + M on
    the draw) | at least M lands among them), no mulligan: a ratio of multivariate hypergeometric
    sums."""
    seen, turn = 7 + cost.mana_value - (0 if draw else 1), cost.mana_value
    num = den = 0
    for c in range(sources_ + 1):
        for o in range(lands - sources_ + 1):
            if c + o > seen or c + o < turn:
                continue
            w = math.comb(sources_, c) * math.comb(lands - sources_, o) * math.comb(size - lands, seen - c - o)
            den += w
            num += w if c >= cost.pips else 0
    return Fraction(num, den)


@pytest.mark.parametrize("size, lands, count", [(40, 17, 8), (60, 25, 14)])
def test_castable_on_curve_matches_hypergeometric_without_mulligan(size, lands, count):
    """With every seven kept, castable on curve given the land drops made is exactly P(>= k of the
    colour | >= M lands among the cards seen): the goldfish plays the land of the colour first
    while a cost asks for more of it (choose_land's colour demand), so every source seen is in
    play by turn M when M lands are. Within 4 standard errors for every cost of Karsten's table."""
    sims = SourceSimulations(size, lands, COSTS, 100_000, 7, False, mulligan=MulliganPolicy.never())
    for cost, est in sims.p(count).items():
        p = float(exact_castable(size, lands, count, cost))
        se = math.sqrt(p * (1 - p) / est.n) or 1 / est.n
        assert abs(est.value - p) <= 4 * se, (cost.label, est, p)


def test_103_8a_on_the_draw_one_card_more_seen():
    """on="draw": the player on the draw doesn't skip the first draw (103.8a), so by turn M the
    7 + M cards seen: every cost against that exact value within 4 standard errors; the table
    says so."""
    sims = SourceSimulations(60, 25, COSTS, 60_000, 11, False, mulligan=MulliganPolicy.never(), on="draw")
    for cost, est in sims.p(14).items():
        p = float(exact_castable(60, 25, 14, cost, draw=True))
        se = math.sqrt(p * (1 - p) / est.n) or 1 / est.n
        assert abs(est.value - p) <= 4 * se, (cost.label, est, p)
    t = sources.table(size=40, games=4_000, seed=3, on="draw")
    assert t.on == "draw" and "on the draw" in t.table() and t.to_dict()["on"] == "draw"
    with pytest.raises(ArgumentError, match="on must be one of"):
        sources.table(size=40, games=4_000, on="sideways")


def _check_entry(sims: SourceSimulations, size: int, cost: Cost) -> tuple[float, float, float]:
    """Karsten's figure v for `cost`: P(v) >= level - 4 se and P(v - 1) < level + 4 se."""
    v = published_sources(size, cost.pips, cost.generic)
    level = karsten_level(cost.mana_value)
    at, below = sims.p(v)[cost], sims.p(v - 1)[cost]
    se = math.sqrt(level * (1 - level) / at.n)
    return at.value - (level - 4 * se), (level + 4 * se) - below.value, level


@pytest.mark.parametrize("size", [60, 99])
def test_karsten_2022_table_reproduced(size):
    """Every entry of Karsten's 60-card (25 lands) and 99-card (41 lands) tables: his figure
    reaches his level (89 + mana value)% within 4 standard errors and one source fewer does not.
    99 cards: Commander's multiplayer rules, his free seven kept only with 3-5 lands
    (MulliganPolicy.karsten's free_seven, 103.5c), as his code plays them."""
    sims = SourceSimulations(size, SOURCES_LANDS[size], COSTS, 120_000, 2022, size == 99)
    for cost in COSTS:
        reaches, one_fewer_short, level = _check_entry(sims, size, cost)
        need = published_sources(size, cost.pips, cost.generic)
        assert reaches >= 0, f"{size} cards, {cost}: {need} sources fall short of {level}"
        assert one_fewer_short > 0, f"{size} cards, {cost}: one source fewer than Karsten's already reaches {level}"


SAMPLED = {40: [Cost(1, 0), Cost(2, 1), Cost(3, 2), Cost(4, 1)],
           80: [Cost(1, 1), Cost(1, 4), Cost(2, 2), Cost(3, 4)]}


@pytest.mark.parametrize("size", sorted(SAMPLED))
def test_karsten_2022_tables_40_80_sampled(size):
    """Four entries of each other table (one per colour-symbol count; every entry in the docs'
    full run), as for 60 cards."""
    sims = SourceSimulations(size, SOURCES_LANDS[size], SAMPLED[size], 100_000, 2022, False)
    for cost in SAMPLED[size]:
        reaches, one_fewer_short, level = _check_entry(sims, size, cost)
        assert reaches >= 0 and one_fewer_short > 0, (size, cost.label)


def test_table_reports_needed_with_interval_and_karsten():
    """table(): per cost the fewest sources reaching the level, the interval's ends around it
    (the P there at or above the level, one fewer below it), Karsten's figure beside."""
    t = sources.table(size=40, games=5_000, seed=3)
    assert [row[0] for row in t.rows] == sorted(COSTS, key=lambda c: (c.pips, c.generic))
    for cost, level, need, karsten in t.rows:
        assert level == karsten_level(cost.mana_value) and karsten == published_sources(40, cost.pips, cost.generic)
        assert need.low <= need.sources <= need.high and need.p.value >= level
    d = t.to_dict()
    assert d["seed"] == 3 and d["size"] == 40 and d["lands"] == 17 and len(d["rows"]) == len(COSTS)
    assert "Karsten 2022" in t.table()


def test_level_chosen_flat():
    """level=0.8: the same level for every cost, fewer sources than Karsten's higher ones."""
    flat = sources.table(size=40, level=0.8, games=5_000, seed=3)
    karsten = sources.table(size=40, games=5_000, seed=3)
    assert {row[1] for row in flat.rows} == {0.8}
    assert all(f[2].sources <= k[2].sources for f, k in zip(flat.rows, karsten.rows))
    assert any(f[2].sources < k[2].sources for f, k in zip(flat.rows, karsten.rows))


def test_karsten_level_caps_at_96():
    """(89 + mana value)%, "up to 96 percent for seven-mana cards"."""
    assert [karsten_level(m) for m in (1, 4, 7, 12)] == [0.90, 0.93, 0.96, 0.96]


def test_seeded_and_reproducible():
    """The same seed, the same figures, another seed others; without a seed the seed drawn is
    recorded and replays the table."""
    def p(seed):
        return SourceSimulations(40, 17, COSTS[:3], 5_000, seed, False).p(8)
    assert p(11) == p(11) and p(11) != p(12)
    drawn = sources.table(size=40, level=0.5, games=2_000)
    assert drawn.seed is not None
    assert sources.table(size=40, level=0.5, games=2_000, seed=drawn.seed).to_dict()["rows"] == drawn.to_dict()["rows"]


# ---- a deck's costs ------------------------------------------------------------------------

def test_colour_costs_of_a_card():
    """Karsten's counting: each colour's symbols with the rest of the mana value generic; a
    hybrid pair its own requirement (either colour pays); {2/W} a pip of W; {C} colourless;
    Phyrexian none (2 life pays it, 107.4f)."""
    assert sources.colour_costs(card("A", "{1}{W}{U}")) == {"W": Cost(1, 2), "U": Cost(1, 2)}
    assert sources.colour_costs(card("B", "{2}{B}{B}")) == {"B": Cost(2, 2)}
    assert sources.colour_costs(card("C", "{1}{W/U}")) == {"W/U": Cost(1, 1)}
    assert sources.colour_costs(card("D", "{2/W}{2/W}")) == {"W": Cost(2, 2)}
    assert sources.colour_costs(card("E", "{1}{G/P}")) == {}
    assert sources.colour_costs(card("F", "{3}{C}")) == {"C": Cost(1, 3)}


def _row(result, colour: str, label: str):
    (row,) = [r for r in result.rows if r.colour == colour and r.cost.label == label]
    return row


def test_deck_sources_dual_land_counts_for_both_colours():
    """A dual land (Watery Grave) is a source of each colour it makes; the gold card needs one
    source more of each colour, as Karsten adds one."""
    spells = {card("Blue One", "{U}", "Instant"): 8, card("Black Two", "{1}{B}", "Instant"): 8,
              card("Gold Three", "{1}{U}{B}", "Instant"): 8, card("Filler", "{3}", "Artifact"): 12}
    deck = Deck({"Island": 10, "Swamp": 10, "Watery Grave": 4, **spells})
    res = sources.for_deck(deck, games=20_000, seed=1)
    assert _row(res, "U", "C").has.total == 14 and _row(res, "B", "1C").has.total == 14
    gold = _row(res, "U", "2C")
    assert gold.gold and gold.need == gold.needed.sources + 1
    assert gold.needed.interval(1).split("-")[0] == str(gold.needed.low + 1)
    assert gold.karsten == published_sources(60, 1, 2) + 1


def test_deck_sources_fetch_land_counts_what_it_can_find_in_this_deck():
    """Evolving Wilds finds a basic land: in a deck of Swamps and Islands it is a source of both;
    where the only Islands are Watery Graves (not basic) it finds a Swamp only."""
    spells = {card("Blue One", "{U}", "Instant"): 12, card("Black One", "{B}", "Instant"): 12,
              card("Filler", "{3}", "Artifact"): 12}
    both = sources.for_deck(Deck({"Island": 10, "Swamp": 10, "Evolving Wilds": 4, **spells}), games=5_000, seed=1)
    assert _row(both, "U", "C").has.fetches == 4 and _row(both, "B", "C").has.fetches == 4
    assert str(_row(both, "U", "C").has) == "14 = 10 lands + 4 fetches"
    swamp_only = sources.for_deck(Deck({"Watery Grave": 10, "Swamp": 10, "Evolving Wilds": 4, **spells}),
                                  games=5_000, seed=1)
    assert _row(swamp_only, "U", "C").has.total == 10 and _row(swamp_only, "B", "C").has.total == 24


def test_deck_sources_modal_double_faced_land_back_counts():
    """A spell // land card (Agadeem's Awakening // Agadeem, the Undercrypt) is a black source by
    its back face, and a land in the deck's land count (as the mulligan counts it)."""
    deck = Deck({"Swamp": 20, "Agadeem's Awakening": 4, card("Black Two", "{1}{B}", "Instant"): 36})
    res = sources.for_deck(deck, games=5_000, seed=1)
    assert res.lands == 24
    has = _row(res, "B", "1C").has
    assert (has.lands, has.mdfcs, has.total) == (20, 4, 24)


def test_deck_sources_mana_creature_counts_for_later_costs_only():
    """Llanowar Elves is a green source for a cost of mana value 2 or more (cast before it, it
    can tap on that turn), not for a one-drop."""
    deck = Deck({"Forest": 16, "Llanowar Elves": 4, card("Green Two", "{1}{G}", "Instant"): 20,
                 card("Filler", "{3}", "Artifact"): 20})
    res = sources.for_deck(deck, games=5_000, seed=1)
    assert _row(res, "G", "C").has.total == 16
    two = _row(res, "G", "1C").has
    assert (two.lands, two.creatures, two.total) == (16, 4, 20) and str(two) == "20 = 16 lands + 4 creatures"
    assert _row(res, "G", "1C").verdict in ("enough", f"short by {_row(res, 'G', '1C').need - 20}")


def test_deck_verdict_short_by():
    """Too few sources: the verdict says by how many."""
    deck = Deck({"Swamp": 3, "Wastes": 22, card("Black Two", "{B}{B}", "Instant"): 35})
    row = _row(sources.for_deck(deck, games=5_000, seed=1), "B", "CC")
    assert row.verdict == f"short by {row.need - 3}" and row.need > 3


# ---- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"size": 0}, "size must be 7..256"),
    ({"size": 60, "lands": 61}, "lands must be at most the deck size 60"),
    ({"size": 60, "lands": 0}, "lands must be >= 1"),
    ({"size": 50}, "give the land count for a 50-card deck"),
    ({"size": 60, "level": 1.0}, "level must be a probability strictly between 0 and 1"),
    ({"size": 60, "level": 0}, "level must be a probability strictly between 0 and 1"),
    ({"size": 60, "games": 0}, "games"),
])
def test_table_bad_input(kwargs, words):
    with pytest.raises(ArgumentError, match=words):
        sources.table(**kwargs)


def test_bad_argument_types():
    with pytest.raises(ArgumentTypeError, match="level must be a number"):
        sources.table(size=60, level="high")
    with pytest.raises(ArgumentTypeError, match="deck must be a mtgsim.Deck"):
        sources.for_deck("deck.txt")


def test_deck_sources_hybrid_counts_either_colour():
    """A hybrid {W/U} symbol is met by a source of either colour (Karsten: "combined sources of
    either color"): Plains and Islands both count, Wastes not; Karsten's table has no such row."""
    deck = Deck({"Plains": 10, "Island": 10, "Wastes": 4, card("Hybrid Two", "{1}{W/U}", "Instant"): 36})
    row = _row(sources.for_deck(deck, games=5_000, seed=1), "W/U", "1C")
    assert row.has.total == 20 and row.karsten is None and not row.gold
