"""Optimizing on the play, on the draw, or both (mtgsim.play_draw): the variants of a sweep or
a mana-base search on "both" play whole pairs of chunks (an even one on the play, an odd one
on the draw; 103.8a: the player on the play skips the first draw), so the halves stay balanced
through every round of a race, common random numbers pair variant with variant chunk by chunk,
and the intervals are taken over the pairs: against exact hypergeometric values."""
import math
from math import comb

import pytest

from mtgsim import ArgumentError, Deck, MulliganPolicy, Objective, card, optimize
from mtgsim.optimize.stats import t_quantile
from mtgsim.runner import CHUNK

NEVER = MulliganPolicy.never()
FILLER = card("Test Filler", "{9}{G}", "Sorcery")          # never castable within the turns here
PROBE = card("Test Probe", "{3}", "Sorcery")                # castable on turn 3 with 3 lands, tracked
DECK = Deck({"Forest": 17, FILLER: 23})
OBJECTIVE = Objective.castable({"Test Probe": 1}, turn=3)


def p_three_lands(lands: int, seen: int, size: int = 40) -> float:
    """P(at least 3 of `lands` lands among `seen` cards of a deck of `size`): exact."""
    return (sum(comb(lands, j) * comb(size - lands, seen - j) for j in range(3, min(lands, seen) + 1))
            / comb(size, seen))


def sweep(variants, **kw):
    return optimize.sweep(variants, OBJECTIVE, turns=3, seed=2, mulligan=NEVER, track=[PROBE], threads=2,
                          progress=False, **{"on": "both", **kw})


def test_a_sweep_on_both_reports_each_variant_by_halves_and_together():
    games = 5 * CHUNK + 101
    r = sweep(optimize.land_counts(DECK, [16, 17], land="Forest", cut=["Test Filler"]), games=games)
    assert r.on == "both" and r.to_dict()["on"] == "both"
    res = r.result("17")
    assert res.on == "both" and res.games == games
    assert (res.play.games, res.draw.games) == ((games + 1) // 2, games // 2)
    assert res.p_castable(PROBE, 3).value == pytest.approx(r.estimate("17").value)


def test_the_objective_on_both_is_within_its_interval_of_the_exact_mix_taken_over_pairs_of_chunks():
    """Each half: 7 + 3 - 1 cards seen by turn 3 on the play, 7 + 3 on the draw (103.8a). The
    interval's width is the stratified one (over pairs of chunks), not inflated by the
    difference between the play and the draw, which chunk by chunk would be taken for noise."""
    games = 32 * CHUNK
    r = sweep({"17": DECK}, games=games)
    p, d = p_three_lands(17, 9), p_three_lands(17, 10)
    exact = (p + d) / 2
    se = math.sqrt((p * (1 - p) + d * (1 - d)) / 2 / games)
    e = r.estimate("17")
    assert abs(e.value - exact) <= 4 * se
    expected_half = t_quantile(0.975, games // CHUNK // 2 - 1) * se
    assert 0.6 * expected_half < (e.high - e.low) / 2 < 1.5 * expected_half, (e, expected_half)
    chunkwise = math.sqrt(se ** 2 + ((d - p) / 2) ** 2 / (games // CHUNK))    # (the gap taken for noise)
    assert chunkwise > 3 * se


def test_each_half_of_an_optimization_on_both_matches_its_exact_value_103_8a():
    games = 16 * CHUNK
    r = sweep({"17": DECK}, games=games)
    row = r.to_dict()["variants"][0]
    for half, seen in (("play", 9), ("draw", 10)):
        exact, e = p_three_lands(17, seen), row[f"on_{half}"]
        assert e["n"] == games // 2
        assert abs(e["value"] - exact) <= 4 * math.sqrt(exact * (1 - exact) / e["n"]), (half, e, exact)
    assert f"  {'17':<7}  {row['on_play']['value']:>10.4f}  {row['on_draw']['value']:>10.4f}\n" in r.table()


def test_identical_variants_on_both_pair_exactly():
    r = sweep({"a": DECK, "b": DECK}, games=4 * CHUNK)
    diff = r.difference("a", "b")
    assert (diff.value, diff.low, diff.high) == (0.0, 0.0, 0.0)


def test_a_paired_difference_on_both_matches_the_exact_difference():
    r = sweep(optimize.land_counts(DECK, [15, 18], land="Forest", cut=["Test Filler"]), games=16 * CHUNK)
    exact = sum(p_three_lands(18, seen) - p_three_lands(15, seen) for seen in (9, 10)) / 2
    diff = r.difference("18", "15")
    se = (diff.high - diff.low) / 2 / t_quantile(0.975, 16 // 2 - 1)      # (8 pairs of chunks)
    assert abs(diff.value - exact) <= 4 * se, (diff, exact)


def test_a_race_on_both_keeps_the_halves_balanced_in_every_round():
    r = sweep(optimize.land_counts(DECK, [14, 16, 17, 18], land="Forest", cut=["Test Filler"]), games=10 * CHUNK,
              race=True)
    for label in r.labels:
        res = r.result(label)
        assert res.play.games == res.draw.games and res.games % (2 * CHUNK) == 0, label


def test_a_mana_base_search_on_both_runs_on_both_halves():
    deck = Deck({"Forest": 12, "Plains": 12, "Llanowar Elves": 18, "Savannah Lions": 18})
    m = optimize.mana_base(deck, {"Forest": (10, 14), "Plains": (10, 14)}, 24,
                           Objective.castable({"Llanowar Elves": 1, "Savannah Lions": 1}, turn=1),
                           budget=5 * 4 * 4 * CHUNK, turns=2, seed=1, threads=2, progress=False, on="both")
    assert m.on == "both"
    best = m.result(m.best_label)
    assert best.play.games == best.draw.games > 0


@pytest.mark.parametrize("kw, message", [
    (dict(games=3 * CHUNK), "sweep: games must be >= 8192 on='both'"),
    (dict(on="sideways"), "sweep: on must be one of 'play', 'draw', 'both', got 'sideways'"),
    (dict(on="both", on_play=True), "sweep: on='both' and on_play=True disagree"),
])
def test_bad_starts_for_a_sweep_are_named(kw, message):
    with pytest.raises(ArgumentError, match=message):
        sweep({"17": DECK}, **{"games": 4 * CHUNK, **kw})


def test_a_mana_base_search_names_a_bad_start():
    with pytest.raises(ArgumentError, match="mana_base: on must be one of"):
        optimize.mana_base(DECK, {"Forest": (16, 17)}, 17, OBJECTIVE, track=[PROBE], on="first", progress=False)


def test_an_interrupted_sweep_on_both_keeps_whole_pairs(ctrl_c_on_core_call):
    """Ctrl-C: each variant keeps the chunks it finished, here whole pairs (a batch on both is two
    calls into the core, its chunks on the play and on the draw)."""
    ctrl_c_on_core_call(3)
    r = optimize.sweep(optimize.land_counts(DECK, [16, 17], land="Forest", cut=["Test Filler"]), OBJECTIVE,
                       games=16 * CHUNK, turns=3, seed=2, mulligan=NEVER, track=[PROBE], threads=1, progress=False,
                       on="both")
    assert r.interrupted
    first = r.result("16")
    assert (first.play.games, first.draw.games) == (2 * CHUNK, 2 * CHUNK)
    assert r.estimate("17").n == 0 and "not played: interrupted" in r.table()


def test_a_keep_rule_search_on_both_plays_whole_pairs_and_finds_the_planted_rule():
    """optimize.mulligan inherits on= from the Engine: each rule plays as many games on the play
    as on the draw (103.8a), and the rule planted as best is found."""
    from mtgsim.simulate import MulliganPolicy as Rule
    one_drop = card("Green One Drop", "{G}", "Creature — Elf", "1/1")
    deck = Deck({"Forest": 20, one_drop: 8, card("Big Spell", "{6}{G}", "Sorcery"): 32})
    planted = Rule({7: (1, 5), 6: (1, 5), 5: (1, 6)}, castable_by={7: 1, 6: 1, 5: 1})
    m = optimize.mulligan(deck, Objective.cast_by("Green One Drop", 1), games=16_384, seed=7, turns=1, threads=2,
                          progress=False, rules=[Rule({7: (3, 4)}), planted], on="both")
    assert m.on == "both" and m.best == planted
    assert all(m.games(label) % (2 * CHUNK) == 0 for label in m.labels)
    with pytest.raises(ArgumentError, match="mulligan: on='draw' and on_play=True disagree"):
        optimize.mulligan(deck, Objective.cast_by("Green One Drop", 1), on="draw", on_play=True, progress=False)


def test_swaps_on_both_find_the_planted_swap_by_its_exact_gain_on_both_halves():
    """optimize.swaps inherits on= from the Engine. 14 Forests of 60: the Ogre ({1}{G}{G}) is
    castable on turn 3 with 3 Forests among the cards seen, 9 on the play and 10 on the draw
    (103.8a); -1 Filler, +1 Forest gains the mean of the two hypergeometric gains."""
    ogre = card("Test Ogre", "{1}{G}{G}", "Sorcery")
    deck = Deck({"Forest": 14, FILLER: 46})
    w = optimize.swaps(deck, [ogre], Objective.castable(ogre, turn=3), games=16 * CHUNK, seed=1, turns=3,
                       mulligan=NEVER, progress=False, threads=2, on="both")
    assert w.best == ("Test Filler", "Forest")
    gain = w.estimate("Test Filler", "Forest")
    assert gain.n % (2 * CHUNK) == 0
    exact = sum(p_three_lands(15, seen, 60) - p_three_lands(14, seen, 60) for seen in (9, 10)) / 2
    se = (gain.high - gain.low) / 2 / t_quantile(0.975, gain.n // CHUNK // 2 - 1)      # (over pairs of chunks)
    assert abs(gain.value - exact) <= 4 * se and gain.low > 0, (gain, exact)
    with pytest.raises(ArgumentError, match="swaps: games must be >= 8192 on='both'"):
        optimize.swaps(deck, [ogre], Objective.castable(ogre, turn=3), games=3 * CHUNK, progress=False, on="both")
