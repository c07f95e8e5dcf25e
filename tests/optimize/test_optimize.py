"""Deck optimization (mtgsim.optimize, mtgsim.Objective) checked against exact mathematics.

On decks of basic lands and uncastable filler, with no mulligans, the goldfish plays a land
each turn while it has one, so the lands in play after turn t's land drop are min(t, lands
among the cards seen), and a card's castability is a question about the multivariate
hypergeometric counts of the cards seen: 7 + (t - 1) on the play. The tests work those values
out and check every estimate against them within 4 standard errors; and they check the
common random numbers (paired differences unbiased and much narrower), racing, the mana-base
searches and the errors.
"""
import itertools
import json
import math
import re
from functools import partial
from math import comb
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from mtgsim import ArgumentError, ArgumentTypeError, Deck, MulliganPolicy, Objective, card, optimize
from mtgsim.objective import interpolated_quantile
from mtgsim.optimize.stats import t_quantile
from mtgsim.optimize.variants import aligned_layout, count_splits, splits
from mtgsim.simulate import KillTurn

NEVER = MulliganPolicy.never()
FILLER = card("Test Filler", "{9}{G}", "Sorcery")          # never castable within the turns here
GG1 = card("Test Ogre", "{1}{G}{G}", "Sorcery")             # tracked, not in the decks
WW = card("Test Knight", "{W}{W}", "Sorcery")
UUU = card("Test Sphinx", "{U}{U}{U}", "Sorcery")
BB = card("Test Shade", "{B}{B}", "Sorcery")


def hyper_at_least(n_deck: int, good: int, seen: int, k: int) -> float:
    """P(at least k of `good` cards among `seen` cards drawn from n_deck)."""
    hits = sum(comb(good, j) * comb(n_deck - good, seen - j) for j in range(k, min(good, seen) + 1))
    return hits / comb(n_deck, seen)


def multi(counts: dict[str, int], n_deck: int, seen: int):
    """The multivariate hypergeometric law of the named cards among `seen` of n_deck cards:
    yields ({name: drawn}, probability)."""
    names = list(counts)
    rest = n_deck - sum(counts.values())
    for drawn in itertools.product(*(range(counts[n] + 1) for n in names)):
        other = seen - sum(drawn)
        if 0 <= other <= rest:
            p = math.prod(comb(counts[n], d) for n, d in zip(names, drawn)) * comb(rest, other) / comb(n_deck, seen)
            yield dict(zip(names, drawn)), p


def within(est, exact: float, sigmas: float = 4.0) -> bool:
    se = (est.high - est.low) / (2 * 1.96)
    return abs(est.value - exact) <= sigmas * se + 1e-12


# ---- land counts --------------------------------------------------------------------------------------

def forests(n: int) -> Deck:
    return Deck({"Forest": n, FILLER: 60 - n})


def test_land_counts_keep_the_size_with_cut_cards_and_follow_the_copy_limits():
    deck = Deck({"Forest": 22, FILLER: 34, GG1: 4})
    v = optimize.land_counts(deck, range(20, 25), land="Forest", cut=[GG1.name, FILLER.name])
    assert list(v) == ["20", "21", "22", "23", "24"]
    assert all(len(d) == 60 for d in v.values())
    assert v["24"].maindeck == {"Forest": 24, FILLER.name: 34, GG1.name: 2}       # the first cut card first
    assert v["20"].maindeck[GG1.name] == 4 and v["20"].maindeck[FILLER.name] == 36   # back in, copy limits kept
    grown = optimize.land_counts(deck, [23], land="Forest", vary_size=True)          # asked for: the deck grows
    assert len(grown["23"]) == 61 and grown["23"].maindeck[GG1.name] == 4
    assert len(optimize.land_counts(deck, [22], land="Forest")["22"]) == 60           # (no change, no cut needed)


@pytest.mark.parametrize("counts, says", [
    (range(18, 23), "18, 19, 21 and 22 lands with no cards to cut would make decks of 58, 59, 61 and 62 cards "
                    "where the deck has 60 (20 lands)"),
    ([21, 22, 23], "21 to 23 lands with no cards to cut would make decks of 61 to 63 cards"),
    ([19], "19 lands with no cards to cut would make a deck of 59 cards"),
])
def test_a_land_sweep_that_would_change_the_size_is_refused_without_cut(counts, says):
    with pytest.raises(ArgumentError) as e:
        optimize.land_counts(forests(20), counts, land="Forest")
    assert says in str(e.value) and "cut=" in str(e.value) and "vary_size=True" in str(e.value)


def test_a_land_sweep_is_given_cut_or_vary_size_not_both():
    with pytest.raises(ArgumentError, match="not both"):
        optimize.land_counts(forests(20), [21], land="Forest", cut=[FILLER.name], vary_size=True)
    with pytest.raises(ArgumentTypeError, match="vary_size must be True or False"):
        optimize.land_counts(forests(20), [21], land="Forest", vary_size="yes")


def test_a_land_sweep_that_varies_the_size_says_each_variants_size_in_words(tmp_path):
    """vary_size=True: 18..22 Forests added to 40 filler, decks of 58 to 62 cards, each
    estimate the exact P(at least 3 Forests among 9 cards) of its own size; the table, its best
    line, the JSON and the CSV say each variant's size."""
    v = optimize.land_counts(forests(20), range(18, 23), land="Forest", vary_size=True)
    assert {k: len(d) for k, d in v.items()} == {"18": 58, "19": 59, "20": 60, "21": 61, "22": 62}
    r = optimize.sweep(v, Objective.castable(GG1, turn=3), games=40_960, turns=3, seed=7, mulligan=NEVER,
                       track=[GG1], progress=False)
    for n in range(18, 23):
        assert within(r.estimate(str(n)), hyper_at_least(40 + n, n, 9, 3)), n
    table = r.table()
    assert "deck size: not the same in every variant: 58 to 62 cards" in table
    assert all(f"{40 + n} cards" in line for n in range(18, 23) for line in table.splitlines()
               if line.startswith(f"  {n} "))
    assert r.best == "22" and "best: 22 (a deck of 62 cards, " in table
    r.to_json(tmp_path / "r.json")
    d = json.loads((tmp_path / "r.json").read_text())
    assert [row["cards"] for row in d["variants"]] == [58, 59, 60, 61, 62]
    assert d["deck_size"] == "not the same in every variant: 58 to 62 cards"
    r.to_csv(tmp_path / "r.csv")
    assert [line.split(",")[-1] for line in (tmp_path / "r.csv").read_text().splitlines()] == [
        "cards", "58", "59", "60", "61", "62"]


def test_a_land_sweep_that_keeps_the_size_says_so_once():
    v = optimize.land_counts(Deck({"Forest": 20, FILLER: 36, GG1: 4}), [19, 21], land="Forest", cut=[FILLER.name])
    r = optimize.sweep(v, Objective.castable(GG1, turn=3), games=8192, turns=3, seed=1, mulligan=NEVER,
                       progress=False)
    assert "deck size: 60 cards in every variant" in r.table() and " cards  " not in r.table()


def test_land_count_sweep_matches_the_hypergeometric_probability():
    """P(castable {1}{G}{G} on turn 3) = P(at least 3 Forests among the 9 cards seen on the play)."""
    variants = {str(n): forests(n) for n in (16, 20, 24)}
    r = optimize.sweep(variants, Objective.castable({GG1: 1}, turn=3), games=40_960, turns=3, seed=11,
                       mulligan=NEVER, track=[GG1], progress=False)
    for n in (16, 20, 24):
        exact = hyper_at_least(60, n, 9, 3)
        assert within(r.estimate(str(n)), exact), (n, r.estimate(str(n)), exact)
    assert r.best == "24" and r.separated


def test_on_curve_reads_each_cards_mana_value():
    """castable on curve: {G}{G} on turn 2 (8 cards seen), {1}{G}{G} on turn 3 (9), weighted 1 and 3."""
    gg = card("Test Bear", "{G}{G}", "Sorcery")
    r = optimize.sweep({"18": forests(18)}, Objective.castable({gg: 1, GG1: 3}, on_curve=True), games=40_960,
                       turns=3, seed=2, mulligan=NEVER, track=[gg, GG1], progress=False)
    exact = hyper_at_least(60, 18, 8, 2) + 3 * hyper_at_least(60, 18, 9, 3)
    assert within(r.estimate("18"), exact)


def test_common_random_numbers_pair_the_variants_unbiased_and_far_narrower():
    """crn=True and crn=False estimate the same difference; the paired interval is the narrower by
    far, and variance_reduction says by how much (1 where the streams are independent)."""
    variants = {str(n): forests(n) for n in (21, 22)}
    obj = Objective.castable({GG1: 1}, turn=3)
    kw = dict(games=81_920, turns=3, mulligan=NEVER, track=[GG1], progress=False)
    paired = optimize.sweep(variants, obj, seed=5, crn=True, **kw)
    independent = optimize.sweep(variants, obj, seed=6, crn=False, **kw)
    exact = hyper_at_least(60, 22, 9, 3) - hyper_at_least(60, 21, 9, 3)
    dp, di = paired.difference("22", "21"), independent.difference("22", "21")
    assert within(dp, exact) and within(di, exact)
    assert (dp.high - dp.low) * 3 < di.high - di.low
    assert paired.variance_reduction("22", "21") > 9
    assert independent.variance_reduction("22", "21") == pytest.approx(1.0, rel=0.5)


def test_crn_lays_the_changed_cards_on_the_replaced_positions():
    ref = ["Plains"] * 3 + ["Island"] * 2 + ["Bear"]
    assert aligned_layout(ref, {"Plains": 2, "Island": 3, "Bear": 1}) == ["Plains", "Plains", "Island", "Island",
                                                                          "Island", "Bear"]
    assert aligned_layout(ref, {"Plains": 4, "Island": 1, "Bear": 1}) == ["Plains", "Plains", "Plains", "Island",
                                                                          "Plains", "Bear"]
    assert aligned_layout(ref, {"Plains": 3, "Island": 2}) == ["Plains"] * 3 + ["Island"] * 2   # (another size)


def test_a_one_variant_crn_sweep_is_reproducible_and_threads_do_not_matter():
    obj = Objective.castable({GG1: 1}, turn=3)
    kw = dict(games=20_000, turns=3, seed=9, mulligan=NEVER, track=[GG1], progress=False)
    a = optimize.sweep({"20": forests(20)}, obj, threads=1, **kw)
    b = optimize.sweep({"20": forests(20)}, obj, threads=2, **kw)
    assert a.estimate("20") == b.estimate("20")
    assert a.result("20").games == 20_000


def test_racing_drops_the_clearly_worse_and_spends_fewer_games():
    variants = {str(n): forests(n) for n in range(14, 27, 2)}
    obj = Objective.castable({GG1: 1}, turn=3)
    kw = dict(games=400_000, turns=3, seed=3, mulligan=NEVER, track=[GG1], progress=False)
    r = optimize.sweep(variants, obj, race=True, **kw)
    assert r.separated and r.best == "26"
    assert r.games_used < 7 * 400_000 / 4
    dropped = [lab for lab in r.labels if lab != "26"]
    assert all(r._candidate(lab).dropped for lab in dropped)
    assert "separated from every other" in r.table()


# ---- mana bases ------------------------------------------------------------------------------------------

UU = card("Test Drake", "{U}{U}", "Sorcery")


def _two_colour_exact(plains: int, islands: int) -> float:
    """8 lands in 40 cards, turn 8: every land seen is in play (lands <= turns), so WW is castable
    with 2 Plains seen and UU with 2 Islands, of the 14 cards seen; the objective is the sum
    of the two: best at 4 and 4."""
    law = list(multi({"P": plains, "I": islands}, 40, 14))
    return sum(q for d, q in law if d["P"] >= 2) + sum(q for d, q in law if d["I"] >= 2)


def test_mana_base_exhaustive_finds_the_exact_optimum_split():
    deck = Deck({"Plains": 4, "Island": 4, FILLER: 32})
    obj = Objective.castable({WW: 1, UU: 1}, turn=8)
    m = optimize.mana_base(deck, pool={"Plains": (0, 8), "Island": (0, 8)}, lands=8, objective=obj,
                           budget=6_000_000, seed=4, turns=8, mulligan=NEVER, track=[WW, UU], progress=False)
    assert m.search == "exhaustive"
    exact = {p: _two_colour_exact(p, 8 - p) for p in range(9)}
    best_p = max(exact, key=exact.get)
    assert best_p == 4
    found = m.best.maindeck.get("Plains", 0)
    e = m.estimate(m.best_label)
    assert exact[best_p] - exact[found] <= e.high - e.low
    if m.separated:
        assert found == best_p
    assert m.games_used <= 6_000_000
    assert m.ranking[0][0] == m.best_label


def test_mana_base_local_search_from_the_decks_own_split():
    """Three colours, 12 lands among 48 cards (91 splits: the local search). The exact value of
    each split is the multivariate hypergeometric sum over the 18 cards seen by turn 12."""
    deck = Deck({"Plains": 8, "Island": 2, "Swamp": 2, FILLER: 36})
    obj = Objective.castable({WW: 1, UUU: 1, BB: 1}, turn=12)
    pool = {"Plains": (0, 12), "Island": (0, 12), "Swamp": (0, 12)}
    assert count_splits(pool, 12) == 91 == len(list(splits(pool, 12)))
    m = optimize.mana_base(deck, pool=pool, lands=12, objective=obj, budget=8_000_000, seed=8, turns=12,
                           mulligan=NEVER, track=[WW, UUU, BB], progress=False)
    assert m.search == "local search with racing"

    def exact(p, i, s):
        law = list(multi({"P": p, "I": i, "S": s}, 48, 18))
        return (sum(q for d, q in law if d["P"] >= 2) + sum(q for d, q in law if d["I"] >= 3)
                + sum(q for d, q in law if d["S"] >= 2))
    values = {(p, i, 12 - p - i): exact(p, i, 12 - p - i) for p in range(13) for i in range(13 - p)}
    best = max(values.values())
    split = m.split()
    e = m.estimate(m.best_label)
    assert best - values[(split["Plains"], split["Island"], split["Swamp"])] <= e.high - e.low
    assert within(e, values[(split["Plains"], split["Island"], split["Swamp"])])
    assert m.stopped in ("local optimum", "budget spent")
    assert len(m.labels) < 91                      # (a search, not the whole space)


def test_mana_base_search_keeps_the_deck_size_and_its_other_cards():
    """The split takes the place of the deck's Plains and Islands; the filler and the Wastes (a
    land outside the pool) stay: every variant has the deck's 40 cards."""
    deck = Deck({"Plains": 4, "Island": 2, "Wastes": 2, FILLER: 32})
    obj = Objective.castable({WW: 1, UU: 1}, turn=8)
    m = optimize.mana_base(deck, pool={"Plains": (0, 6), "Island": (0, 6)}, lands=6, objective=obj,
                           budget=1_000_000, seed=4, turns=8, mulligan=NEVER, track=[WW, UU], progress=False)
    assert len(m.labels) == 7
    for label in m.labels:
        variant = m._candidate(label).deck
        assert len(variant) == 40
        assert variant.maindeck[FILLER.name] == 32 and variant.maindeck["Wastes"] == 2
        assert variant.maindeck.get("Plains", 0) + variant.maindeck.get("Island", 0) == 6
    assert len(m.best) == 40
    assert "deck size: 40 cards in every variant" in m.table()


HENGE_POOLS = [   # (pool, lands, the size it would give or what it can't reach)
    ({"Plains": (0, 17), "Island": (0, 17), "Hallowed Fountain": (0, 4)}, 17, "would make a deck of 77 cards, not 60"),
    ({"Forest": (0, 19), "Castle Garenbrig": (0, 4)}, 11, "would make a deck of 51 cards, not 60"),
    ({"Forest": (15, 19), "Castle Garenbrig": (0, 4)}, 21, "would make a deck of 61 cards, not 60"),
    ({"Forest": (0, 20)}, 20, "would make a deck of 61 cards, not 60"),
    ({"Forest": (0, 12), "Castle Garenbrig": (0, 4)}, 20, "its ranges sum to 0..16 lands, and the deck holds 20"),
]


@pytest.mark.parametrize("pool, lands, says", HENGE_POOLS, ids=["77 cards", "51", "61", "61 (Castle kept)", "ranges"])
def test_pool_that_cannot_keep_the_size_is_refused_naming_it(pool, lands, says):
    """The bundled Henge deck: 60 cards, 19 Forest and 1 Castle Garenbrig. The README's old
    example (Plains, Island, Hallowed Fountain, 17 lands) made a 77-card deck."""
    from mtgsim.cli import example_decks
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    named = ", ".join(f"{n}={lo}..{hi}" for n, (lo, hi) in pool.items())
    with pytest.raises(ArgumentError, match="can't keep the deck's size") as e:
        optimize.mana_base(deck, pool=pool, lands=lands, objective=Objective.castable("The Great Henge", turn=5),
                           progress=False)
    assert f"the pool ({named})" in str(e.value) and says in str(e.value)


def test_a_pool_of_the_henge_decks_lands_keeps_its_60_cards():
    from mtgsim.cli import example_decks
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    m = optimize.mana_base(deck, pool={"Forest": (16, 20), "Castle Garenbrig": (0, 4)}, lands=20,
                           objective=Objective.castable("The Great Henge", turn=5), budget=200_000, seed=1,
                           progress=False)
    assert m.search == "exhaustive" and len(m.labels) == 5
    assert all(len(m._candidate(label).deck) == 60 for label in m.labels)
    assert {n: k for n, k in m.best.maindeck.items() if not m.best.card(n).is_land} == deck.spells


def test_the_readme_optimizer_example_keeps_the_deck_size():
    """The README's optimize block, run on the Henge deck it speaks of (fewer games): every
    variant of the sweep and of the mana base has the deck's 60 cards."""
    from mtgsim.cli import example_decks
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Deck optimization: `optimize`", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    block = re.sub(r"games=[0-9_]+", "games=8192", re.sub(r"budget=[0-9_]+", "budget=400_000", block))
    quiet = SimpleNamespace(land_counts=optimize.land_counts, sweep=partial(optimize.sweep, progress=False),
                            mana_base=partial(optimize.mana_base, progress=False))
    scope = {"deck": Deck.from_file(example_decks()["mono_green_henge"]), "Deck": Deck, "Objective": Objective,
             "optimize": quiet}
    exec(block.replace("from mtgsim import Deck, Objective, optimize\n", ""), scope)
    r, m = scope["r"], scope["m"]
    assert r.sizes == [60] and m.sizes == [60] and len(m.best) == 60


# ---- objectives and their statistics -------------------------------------------------------------------

def test_objectives_combine_and_keep_their_direction():
    a = Objective.castable({"Forest": 1}, turn=2)
    k = Objective.kill_turn("mean")
    assert a.maximize and not k.maximize and not (2 * k).maximize and (-k).maximize
    assert (a - 0.1 * k).maximize
    assert sum([a, a]).cards() == ("Forest",)
    with pytest.raises(ArgumentError, match="scale one by a negative number"):
        a + k
    assert "P(castable on turn 2: Forest)" in str(a + 0.5 * a)


G1 = card("Test Elf", "{G}", "Sorcery")                   # castable on turn 1 from 60 Forests, always
G1B = card("Test Sprite", "{G}", "Sorcery")


@pytest.mark.parametrize("objective", [
    Objective.castable({G1: 1, G1B: 1}, turn=1),
    Objective.castable(G1, turn=1) + Objective.castable(G1B, turn=1),
    Objective.castable(G1, turn=1) + Objective.castable(G1B, turn=2),
    Objective.castable(G1, turn=1) + Objective.castable(G1, turn=1),
    2 * Objective.castable(G1, turn=1),
    Objective.castable({G1: 2}, turn=1),
    Objective.castable(G1, turn=1) + Objective.castable(G1B, on_curve=True),
], ids=["one mapping", "same turn", "two turns", "the same term twice", "weight 2", "mapping weight 2",
        "on curve"])
def test_objective_terms_add_up(objective):
    """DEFINITION: two terms of figure 1 and weight 1 make 2, whatever their kinds and turns (a
    {G} card is castable on turn 1 in every game of 60 Forests: each figure is exactly 1)."""
    r = optimize.sweep({"60": Deck({"Forest": 60})}, objective, games=8192, turns=2, seed=1, mulligan=NEVER,
                       track=[G1, G1B], progress=False)
    e = r.estimate("60")
    assert (e.value, e.low, e.high) == (2.0, 2.0, 2.0)


def test_objective_terms_on_one_turn_add_up_to_the_sum_of_the_exact_probabilities():
    """{G}{G} and {1}{G}{G} castable on turn 3 (9 cards seen), 18 Forests in 60: the objective is
    P(at least 2 Forests) + P(at least 3), not their mean; a mapping of the two cards and the sum
    of the two single terms are one objective, with the same estimate."""
    gg = card("Test Bear", "{G}{G}", "Sorcery")
    kw = dict(games=40_960, turns=3, seed=3, mulligan=NEVER, track=[gg, GG1], progress=False)
    one = optimize.sweep({"18": forests(18)}, Objective.castable({gg: 1, GG1: 1}, turn=3), **kw)
    two = optimize.sweep({"18": forests(18)}, Objective.castable(gg, turn=3) + Objective.castable(GG1, turn=3), **kw)
    exact = hyper_at_least(60, 18, 9, 2) + hyper_at_least(60, 18, 9, 3)
    assert exact > 1 and within(one.estimate("18"), exact)
    assert one.estimate("18") == two.estimate("18")


def test_the_interpolated_kill_quantile_rounds_up_to_the_killturn_quantile():
    counts = np.array([0, 10, 30, 40, 20])                 # killed on turns 1..4; 20 not killed
    for q in (0.05, 0.1, 0.3, 0.5, 0.79, 0.8):
        x = float(interpolated_quantile(counts, q))
        assert math.ceil(x - 1e-9) == KillTurn(counts, 100).quantile(q), q
    assert interpolated_quantile(counts, 0.9) == math.inf


def test_t_quantiles_match_the_published_tables():
    for p, df, want in [(0.975, 1, 12.7062), (0.975, 4, 2.7764), (0.975, 30, 2.0423), (0.995, 10, 3.1693)]:
        assert t_quantile(p, df) == pytest.approx(want, abs=1e-4)


# ---- baselines ----------------------------------------------------------------------------------------

def test_karsten_baselines_are_named_with_their_sources():
    deck = Deck({"Forest": 24, GG1: 36})
    r = optimize.sweep({"24": deck}, Objective.castable({GG1: 1}, turn=3), games=8192, turns=3, seed=1,
                       progress=False)
    lands, green = r.baselines
    assert lands.recommended == pytest.approx(round(19.59 + 1.90 * 3, 1))     # 60 cards, average MV 3
    assert "How Many Lands Do You Need in Your Deck" in lands.source
    assert green.recommended == 18 and green.what == "G sources"              # 1CC in the 60-card table
    assert "2022 Update" in green.source
    assert any("lands" in d for d in r.disagreements())                      # 24 vs 25.3


# ---- outputs and bad input ----------------------------------------------------------------------------

def test_table_json_csv_and_plot(tmp_path):
    variants = {str(n): forests(n) for n in (18, 22)}
    r = optimize.sweep(variants, Objective.castable({GG1: 1}, turn=3), games=8192, turns=3, seed=1,
                       mulligan=NEVER, track=[GG1], progress=False)
    assert "22" in r.table() and "95% interval" in r.table()
    r.to_json(tmp_path / "r.json")
    d = json.loads((tmp_path / "r.json").read_text())
    assert d["best"] == r.best and len(d["variants"]) == 2 and d["crn"] is True
    r.to_csv(tmp_path / "r.csv")
    assert (tmp_path / "r.csv").read_text().splitlines()[0].startswith("variant,objective,low,high")
    pytest.importorskip("matplotlib")
    r.plot(tmp_path / "r.png")
    assert (tmp_path / "r.png").stat().st_size > 1000


def test_bad_input_gets_clear_errors():
    deck = forests(20)
    obj = Objective.castable({GG1: 1}, turn=3)
    with pytest.raises(ArgumentError, match="in no variant and not tracked"):
        optimize.sweep({"20": deck}, obj, games=8192, progress=False)
    with pytest.raises(ArgumentError, match="a land: castable and cast by are about spells"):
        optimize.sweep({"20": deck}, Objective.castable({"Forest": 1}, turn=2), games=8192, progress=False)
    with pytest.raises(ArgumentError, match="no variants"):
        optimize.sweep({}, obj, progress=False)
    with pytest.raises(ArgumentError, match="reads turn 3, but the run simulates 2 turns"):
        optimize.sweep({"20": deck}, obj, games=8192, turns=2, track=[GG1], progress=False)
    with pytest.raises(ArgumentError, match="outside the copy limits"):
        optimize.mana_base(deck, pool={"Forest": (0, 20), "Hallowed Fountain": (0, 6)}, lands=20,
                           objective=obj, progress=False)
    with pytest.raises(ArgumentError, match="below one round of games"):
        optimize.mana_base(deck, pool={"Forest": (0, 20), "Island": (0, 20)}, lands=20, objective=obj,
                           budget=10_000, track=[GG1], progress=False)
    with pytest.raises(ArgumentTypeError, match="must be an mtgsim.Objective"):
        optimize.sweep({"20": deck}, "castable", progress=False)
    with pytest.raises(ArgumentError, match="give on_curve=True or a turn"):
        Objective.castable({GG1: 1})
    with pytest.raises(ArgumentError, match="not a land"):
        optimize.land_counts(deck, [20], land=FILLER.name)
