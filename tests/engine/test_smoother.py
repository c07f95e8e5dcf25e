"""The hand smoother (mtgsim.smoother: MTG Arena's best-of-one deal): the model's exact
distribution checked by brute force and against Wizards' published table, the simulator's hands
(`res.opening_lands`, `res.hand_lands`) checked against the model within 4 standard errors, and
the default (paper Magic's deal, 103.5: tests/simulate/test_hand_lands.py) left as it was."""
import csv
import itertools
import json
import math

import numpy as np
import pytest

from mtgsim import ArgumentError, ArgumentTypeError, Deck, HandSmoother, MulliganPolicy, card, simulate
from mtgsim.simulate import trace
from mtgsim.smoother import PRESETS, WIZARDS_2018_TABLE, GaussianWeight, PowerWeight, hypergeometric

SPELL = card("Smoother Test Spell", "{2}{G}", "Sorcery")
DECKS = {(17, 40): Deck({"Forest": 17, SPELL: 23}), (24, 60): Deck({"Forest": 24, SPELL: 36})}
GAMES = 60_000
KEEP_THREE = MulliganPolicy({7: (3, 3)})      # a mulligan in about half the games; the next hand kept


def within_4_se(estimates: dict, exact: list[float]) -> None:
    """Each land count's frequency within 4 standard errors of the exact chance (and one game's
    worth, for the counts too rare to see)."""
    for lands, e in estimates.items():
        p = exact[lands] if lands < len(exact) else 0.0
        tolerance = 4 * math.sqrt(p * (1 - p) / e.n) + 1 / e.n
        assert abs(e.value - p) <= tolerance, (lands, e.value, p, tolerance)


def brute_force(smoother: HandSmoother, lands: int, cards: int, hand: int) -> list[float]:
    """The model by enumeration: every tuple of candidate hands (as sets of library positions,
    the first `lands` positions lands), each kept in proportion to its weight."""
    hands = list(itertools.combinations(range(cards), hand))
    expected = hand * lands / cards
    out = [0.0] * (hand + 1)
    for tup in itertools.product(hands, repeat=smoother.candidates):
        counts = [sum(pos < lands for pos in h) for h in tup]
        w = [smoother.weight(k, expected) for k in counts]
        for k, wk in zip(counts, w):
            out[k] += wk / sum(w)
    return [v / len(hands) ** smoother.candidates for v in out]


# ---- the model ----------------------------------------------------------------------------------

def test_exact_with_one_candidate_is_the_hypergeometric():
    """One candidate: paper Magic's deal (103.5), the hypergeometric distribution."""
    for lands, cards in ((17, 40), (24, 60), (0, 40), (40, 40)):
        model = HandSmoother(1, PowerWeight()).exact(lands, cards)
        assert model == pytest.approx(hypergeometric(lands, cards), abs=1e-15)
    assert hypergeometric(17, 40)[3] == pytest.approx(math.comb(17, 3) * math.comb(23, 4) / math.comb(40, 7))


@pytest.mark.parametrize("smoother", [HandSmoother(2, PowerWeight()), HandSmoother(2, GaussianWeight(0.8)),
                                      HandSmoother(3, PowerWeight(2.0, 1.0))], ids=["power2", "gauss2", "power3"])
def test_exact_equals_brute_force_enumeration(smoother):
    """exact() sums over the other candidates' land counts as multisets; enumerating every tuple
    of candidate hands of a small deck (4 lands in 7 cards, hands of 3) gives the same."""
    assert smoother.exact(4, 7, hand=3) == pytest.approx(brute_force(smoother, 4, 7, 3), abs=1e-12)


def test_arena_2018_reproduces_wizards_published_table():
    """Wizards' 2018 two-hand table for 17 lands in 40 cards (0..6 lands): the arena-2018 preset
    gives 0.000, 0.024, 0.255, 0.480, 0.222, 0.018, 0.000, each within 0.006 of it."""
    model = PRESETS["arena-2018"].exact(17, 40)
    assert [round(p, 3) for p in model[:7]] == [0.0, 0.024, 0.255, 0.48, 0.222, 0.018, 0.0]
    assert max(abs(a - b) for a, b in zip(model, WIZARDS_2018_TABLE)) < 0.006
    assert sum(model) == pytest.approx(1.0, abs=1e-12)


def test_weights_table_of_each_preset():
    """The table the compiled core is given: w(l) for l = 0..7 around e = 7 x lands / cards."""
    e = 7 * 17 / 40
    assert PRESETS["arena-2024"].weights(17, 40) == pytest.approx([4.0 ** -(abs(k - e) ** 2.5) for k in range(8)])
    assert PRESETS["arena-2026"].weights(17, 40) == pytest.approx(
        [math.exp(-(k - e) ** 2 / (2 * 0.56 ** 2)) for k in range(8)])
    assert PRESETS["arena-2018"].candidates == 2 and not PRESETS["arena-2018"].mulligans


# ---- the simulator against the model ------------------------------------------------------------

@pytest.mark.parametrize("deck", list(DECKS), ids=["17of40", "24of60"])
@pytest.mark.parametrize("name", list(PRESETS))
def test_dealt_hands_match_the_model(name, deck):
    """The first hand's lands and, after one mulligan, the next hand's (the smoother deals it too
    unless the preset is for the first hand only: then the paper deal's) equal the model's exact
    distribution."""
    lands, cards = deck
    res = simulate(DECKS[deck], games=GAMES, turns=1, seed=11, mulligan=KEEP_THREE, hand_smoother=name, threads=2)
    first = PRESETS[name].exact(lands, cards)
    after = first if PRESETS[name].mulligans else hypergeometric(lands, cards)
    within_4_se(res.hand_lands(0), first)
    assert res.hand_lands(0)[0].n == GAMES
    within_4_se(res.hand_lands(1), after)
    assert res.hand_lands(1)[0].n == GAMES - int(res.metrics["kept_lands"][0].sum())


def test_opening_lands_are_the_hand_kept_before_the_bottom():
    """opening_lands: the hand kept. Keeping only 3 lands at seven, and any six: P(3) = q(3) +
    (1 - q(3)) q'(3), P(l) = (1 - q(3)) q'(l) otherwise (q the first deal, q' the next)."""
    res = simulate(DECKS[17, 40], games=GAMES, turns=1, seed=5, mulligan=KEEP_THREE, hand_smoother="arena-2024")
    q = PRESETS["arena-2024"].exact(17, 40)
    kept = [(1 - q[3]) * q[k] + (q[3] if k == 3 else 0) for k in range(8)]
    within_4_se(res.opening_lands, kept)
    assert sum(e.value for e in res.opening_lands.values()) == pytest.approx(1.0)


def test_smoother_counts_spell_land_cards_as_lands():
    """The smoother counts lands as the keep rule does: a spell // land card is one (712.12), so
    a deck of 17 such cards in 40 is dealt as a deck of 17 lands."""
    deck = Deck({"Valakut Awakening // Valakut Stoneforge": 17, SPELL: 23})
    res = simulate(deck, games=20_000, turns=1, seed=8, mulligan=MulliganPolicy.never(), hand_smoother="arena-2024")
    within_4_se(res.opening_lands, PRESETS["arena-2024"].exact(17, 40))


# ---- random numbers: reproducible, in step, the default untouched ---------------------------------

def test_seeded_runs_reproducible_for_any_threads():
    kw = dict(games=3 * 2048 + 5, turns=2, seed=9, mulligan=KEEP_THREE, hand_smoother="arena-2026")
    a = simulate(DECKS[17, 40], threads=1, **kw)
    b = simulate(DECKS[17, 40], threads=2, **kw)
    for name in a.metrics:
        assert np.array_equal(a.metrics[name], b.metrics[name]), name
    c = simulate(DECKS[17, 40], threads=2, **{**kw, "seed": 10})
    assert not np.array_equal(a.metrics["kept_lands"], c.metrics["kept_lands"])


def test_off_is_the_paper_deal_bit_for_bit():
    """None, "none" and a smoother of one candidate deal exactly as a run without the option."""
    kw = dict(games=4000, turns=3, seed=2)
    base = simulate(DECKS[24, 60], **kw)
    for off in ("none", "NONE", None, HandSmoother(1, GaussianWeight())):
        res = simulate(DECKS[24, 60], hand_smoother=off, **kw)
        for name in base.metrics:
            assert np.array_equal(base.metrics[name], res.metrics[name]), (off, name)


def test_every_candidate_drawn_so_decks_stay_in_step():
    """Common random numbers: every candidate is drawn whatever its lands, from the same library
    positions, so a deck with one land fewer sees candidates of the same positions, each with at
    most one land fewer, in every game."""
    more = trace(Deck({"Forest": 17, SPELL: 23}), games=40, turns=1, seed=4, hand_smoother="arena-2024")
    fewer = trace(Deck({"Forest": 16, SPELL: 24}), games=40, turns=1, seed=4, hand_smoother="arena-2024")
    a = [line for line in more.splitlines() if "hand smoother" in line]
    b = [line for line in fewer.splitlines() if "hand smoother" in line]
    assert len(a) == len(b) >= 40
    for x, y in zip(a, b):
        lands_x = [int(v) for v in x.split("candidates with ")[1].split(" lands")[0].split(", ")]
        lands_y = [int(v) for v in y.split("candidates with ")[1].split(" lands")[0].split(", ")]
        assert all(0 <= p - q <= 1 for p, q in zip(lands_x, lands_y)), (x, y)


def test_trace_shows_the_candidates_and_the_one_kept():
    text = trace(DECKS[17, 40], games=3, turns=1, seed=1, hand_smoother="arena-2024")
    lines = [line for line in text.splitlines() if line.startswith("  hand smoother: candidates with")]
    assert len(lines) == 3
    for line in lines:
        counts = [int(v) for v in line.split("with ")[1].split(" lands")[0].split(", ")]
        assert len(counts) == 3 and int(line.rsplit(" ", 1)[1]) in counts
    assert "hand smoother" not in trace(DECKS[17, 40], games=3, turns=1, seed=1)


# ---- results, files and bad input ---------------------------------------------------------------

def test_results_carry_the_smoother_and_the_lands(tmp_path):
    res = simulate(DECKS[17, 40], games=2000, turns=1, seed=3, hand_smoother="arena-2018", mulligan=KEEP_THREE)
    assert res.hand_smoother is PRESETS["arena-2018"]
    assert res.to_dict()["hand_smoother"] == {"name": "arena-2018", "candidates": 2, "mulligans": False,
                                              "weight": {"kind": "power", "base": 4.0, "exponent": 2.5}}
    res.to_json(tmp_path / "r.json")
    assert json.loads((tmp_path / "r.json").read_text())["hand_smoother"]["name"] == "arena-2018"
    res.to_csv(tmp_path / "r.csv")
    assert ["hand_smoother", "", "", "arena-2018", "", "", ""] in list(csv.reader(open(tmp_path / "r.csv")))
    assert simulate(DECKS[17, 40], games=100, turns=1, seed=3).to_dict()["hand_smoother"] is None


def test_bad_smoother_arguments_name_the_argument():
    with pytest.raises(ArgumentError, match=r"hand_smoother: no preset named 'arena-2025'.*arena-2024, arena-2026"):
        HandSmoother.of("arena-2025")
    with pytest.raises(ArgumentTypeError, match="hand_smoother must be None, a HandSmoother or a preset"):
        HandSmoother.of(3)
    with pytest.raises(ArgumentError, match="hand_smoother: no preset"):
        simulate(DECKS[17, 40], games=10, turns=1, hand_smoother="bogus")
    with pytest.raises(ArgumentError, match="hand smoother: candidates must be 1..8"):
        HandSmoother(0, PowerWeight())
    with pytest.raises(ArgumentError, match="candidates must be 1..8"):
        HandSmoother(9, PowerWeight())
    with pytest.raises(ArgumentTypeError, match="weight must be a PowerWeight or a GaussianWeight"):
        HandSmoother(3, "power")
    with pytest.raises(ArgumentError, match="sigma must be > 0"):
        GaussianWeight(0.0)
    with pytest.raises(ArgumentError, match="power weight's base"):
        PowerWeight(0.5)
    with pytest.raises(ArgumentError, match="is 0 for some land count"):
        HandSmoother(2, GaussianWeight(0.01)).weights(17, 40)
    with pytest.raises(ArgumentError, match="lands must be 0..40"):
        PRESETS["arena-2024"].exact(41, 40)


def test_smoother_deals_alike_with_numpys_generator_called():
    """The core steps numpy's PCG64 inline, or calls the bit generator (any other): the smoother's
    candidates and choice draw the same numbers either way."""
    from mtgsim import _core
    from mtgsim.simulate import game_setup

    class CalledPCG64(np.random.PCG64):      # (not exactly PCG64: the core calls numpy for it)
        pass

    st = game_setup(DECKS[17, 40], 2, True, KEEP_THREE, None, (), hand_smoother="arena-2024")
    size = _core.metric_offsets(len(st.tracked), 2)["size"][0]
    rows = []
    for bitgen in (np.random.PCG64, CalledPCG64):
        out = np.zeros((2, size), dtype=np.int64)
        gens = [np.random.Generator(bitgen(s)) for s in np.random.SeedSequence(3).spawn(2)]
        _core.run_chunks(st.spec, gens, np.array([700, 300], dtype=np.int64), out, 2)
        rows.append(out)
    assert np.array_equal(rows[0], rows[1])


def test_cli_hand_smoother(capsys):
    """`mtgsim simulate --hand-smoother PRESET` states the model in the header; a name that is no
    preset is one line naming the option and the presets, exit status 2."""
    from mtgsim.cli import main
    argv = ["simulate", "--example", "red_fire_crystal", "--games", "500", "--turns", "2", "--seed", "1"]
    assert main(argv + ["--hand-smoother", "arena-2026"]) == 0
    out = capsys.readouterr().out
    assert "hand smoother: arena-2026: best of 3 hands by lands l, weight exp(" in out
    assert "lands in the hand kept (before the bottom): " in out
    assert main(argv) == 0
    assert "hand smoother: none (paper Magic's deal)" in capsys.readouterr().out
    assert main(argv + ["--hand-smoother", "arena"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--hand-smoother: no preset named 'arena'" in err and "arena-2018" in err


def test_optimize_deals_every_variant_by_the_smoother():
    """optimize.sweep(..., hand_smoother=) deals every variant's hands by it: each variant's
    result says so, and its hands' lands follow that variant's exact distribution (17 and 18 of
    40: the weights are worked out for each variant's own lands)."""
    from mtgsim import Objective, optimize
    variants = {17: Deck({"Forest": 17, SPELL: 23}), 18: Deck({"Forest": 18, SPELL: 22})}
    r = optimize.sweep(variants, Objective.castable(SPELL, turn=1), games=20_480, turns=1, seed=3,
                       mulligan=MulliganPolicy.never(), progress=False, hand_smoother="arena-2026")
    for lands in variants:
        res = r.result(str(lands))
        assert res.hand_smoother is PRESETS["arena-2026"]
        within_4_se(res.opening_lands, PRESETS["arena-2026"].exact(lands, 40))
    with pytest.raises(ArgumentError, match="sweep: hand_smoother: no preset named 'arena'"):
        optimize.sweep(variants, Objective.castable(SPELL, turn=1), games=4096, hand_smoother="arena", progress=False)


def test_swaps_and_keep_rule_search_deal_by_the_smoother():
    """optimize.swaps and optimize.mulligan take hand_smoother too: every variant's hands dealt
    by it (a swap's result says so and follows its exact distribution); a bad name is an error
    naming the call's argument."""
    from mtgsim import Objective, optimize
    other = card("Smoother Other Spell", "{1}{G}", "Sorcery")
    w = optimize.swaps(DECKS[17, 40], candidates=[other], objective=Objective.castable(SPELL, turn=1), games=8192,
                       turns=1, seed=2, mulligan=MulliganPolicy.never(), lands=False, progress=False,
                       hand_smoother="arena-2024")
    res = w.result(SPELL.name, other.name)
    assert res.hand_smoother is PRESETS["arena-2024"]
    within_4_se(res.opening_lands, PRESETS["arena-2024"].exact(17, 40))
    for search, kw in ((optimize.swaps, dict(candidates=[other])), (optimize.mulligan, {})):
        with pytest.raises(ArgumentError, match=f"{search.__name__}: hand_smoother: no preset named 'x'"):
            search(DECKS[17, 40], objective=Objective.castable(SPELL, turn=1), games=8192, hand_smoother="x",
                   progress=False, **kw)
