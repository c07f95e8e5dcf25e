"""The metagame's equilibrium (meta.equilibrium, solved exactly by meta.equilibrium.solve_matrix_game)
and replicator dynamics (meta.replicator), on matrices whose answers are known: rock-paper-scissors,
a weighted three-deck cycle (shares (b, c, a) / (a + b + c)), a dominant deck, a dominated deck, a
2x2 game with a mixed answer; and the equilibrium's defining condition checked exactly on random
metagames. Game theory, not the Magic Tournament Rules: the MTR fix an event's structure, not which
deck to bring."""
import random
from fractions import Fraction as F

import pytest

from mtgsim import ArgumentError, meta
from mtgsim.meta.equilibrium import DENOMINATOR, solve_matrix_game

RPS = meta.Matchups({("Rock", "Scissors"): 1.0, ("Scissors", "Paper"): 1.0, ("Paper", "Rock"): 1.0})


def cycle(a: float, b: float, c: float) -> meta.Matchups:
    """A beats B by a, B beats C by b, C beats A by c (each P(win a game) - 1/2)."""
    return meta.Matchups({("A", "B"): 0.5 + a, ("B", "C"): 0.5 + b, ("C", "A"): 0.5 + c})


# ---- the exact solver -----------------------------------------------------------------------------

def test_two_by_two_mixed_answer():
    # payoff [[3, -1], [-2, 1]]: the row player is indifferent at x = 3/7 (3x - 2(1 - x) = -x + (1 - x)),
    # the column player at y = 2/7 (3y - (1 - y) = -2y + (1 - y)); value 3 * 3/7 - 2 * 4/7 = 1/7
    rows, cols, value = solve_matrix_game([[3, -1], [-2, 1]])
    assert rows == [F(3, 7), F(4, 7)] and cols == [F(2, 7), F(5, 7)] and value == F(1, 7)


def test_saddle_point_is_pure():
    # [[1, 2], [0, 3]]: row 1's worst (1) equals column 1's best for the row player (1): a saddle point
    assert solve_matrix_game([[1, 2], [0, 3]]) == ([1, 0], [1, 0], 1)


def test_rectangular_game():
    # 2 x 3: the column player's third column is dominated by the first; what is left is matching pennies
    rows, cols, value = solve_matrix_game([[1, -1, 2], [-1, 1, 3]])
    assert rows == [F(1, 2), F(1, 2)] and cols == [F(1, 2), F(1, 2), 0] and value == 0


def test_against_scipy_linprog():
    """An independent check where scipy is installed (it is not a dependency of mtgsim)."""
    optimize = pytest.importorskip("scipy.optimize", reason="scipy is not installed (not a dependency of mtgsim): "
                                   "the exact solver's values are then checked by the tests above only")
    rng = random.Random(3)
    for _ in range(20):
        m, n = rng.randint(1, 7), rng.randint(1, 7)
        payoff = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(m)]
        # maximise v: for every column j, sum_i x_i payoff[i][j] >= v; sum x = 1, x >= 0
        res = optimize.linprog([0] * m + [-1], A_ub=[[-payoff[i][j] for i in range(m)] + [1] for j in range(n)],
                               b_ub=[0] * n, A_eq=[[1] * m + [0]], b_eq=[1], bounds=[(0, None)] * m + [(None, None)])
        assert res.status == 0
        assert float(solve_matrix_game(payoff)[2]) == pytest.approx(-res.fun, abs=1e-9)


# ---- the metagame's equilibrium --------------------------------------------------------------------

def test_rock_paper_scissors_is_a_third_each():
    eq = meta.equilibrium(RPS)
    assert eq.exact == {"Paper": F(1, 3), "Rock": F(1, 3), "Scissors": F(1, 3)}
    assert eq.value == 0 and eq.win_rates == {"Paper": 0.5, "Rock": 0.5, "Scissors": 0.5}


def test_weighted_cycle_known_shares():
    # payoff [[0, a, -c], [-a, 0, b], [c, -b, 0]] has the null vector (b, c, a): shares (b, c, a) / (a + b + c)
    eq = meta.equilibrium(cycle(0.1, 0.2, 0.3))
    assert eq.exact == {"A": F(1, 3), "B": F(1, 2), "C": F(1, 6)}
    assert sum(eq.shares.values()) == pytest.approx(1)


def test_dominant_deck_takes_the_whole_field():
    mu = meta.Matchups({("Top", "B"): 0.6, ("Top", "C"): 0.55, ("B", "C"): 0.7})
    eq = meta.equilibrium(mu)
    assert eq.exact == {"B": 0, "C": 0, "Top": 1}
    assert eq.win_rates["B"] == pytest.approx(0.4) and eq.win_rates["C"] == pytest.approx(0.45)


def test_dominated_deck_gets_nothing():
    mu = meta.Matchups({("Rock", "Scissors"): 0.9, ("Scissors", "Paper"): 0.9, ("Paper", "Rock"): 0.9,
                        ("Weak", "Rock"): 0.45, ("Weak", "Paper"): 0.4, ("Weak", "Scissors"): 0.48})
    eq = meta.equilibrium(mu)
    assert eq.exact == {"Paper": F(1, 3), "Rock": F(1, 3), "Scissors": F(1, 3), "Weak": 0}
    assert eq.win_rates["Weak"] == pytest.approx((0.45 + 0.4 + 0.48) / 3)


def test_decks_restrict_the_game():
    assert meta.equilibrium(RPS, decks=["Rock", "Scissors"]).exact == {"Rock": 1, "Scissors": 0}


def test_on_the_play_and_on_the_draw_averaged():
    # A vs B (0.40 on the play, 0.70 on the draw): 0.55 a game; the mix of A, B and C beating A
    # by 0.1, B beating C by 0.1: a cycle of 0.05, 0.1, 0.1 -> (0.1, 0.1, 0.05) / 0.25
    mu = meta.Matchups({("A", "B"): (0.40, 0.70), ("B", "C"): 0.6, ("C", "A"): 0.6})
    assert meta.equilibrium(mu).exact == {"A": F(2, 5), "B": F(2, 5), "C": F(1, 5)}


def test_standard_field_example():
    """The bundled example: Mono-Red beats Esper by 0.06 (0.60 on the play, 0.52 on the draw), Esper
    Golgari by 0.02, Golgari Mono-Red by 0.03: the cycle's shares (0.02, 0.03, 0.06) / 0.11; Domain
    Ramp against that mix wins (2 * 0.42 + 3 * 0.45 + 6 * 0.55) / 11 = 0.499... < 1/2: out."""
    mu = meta.Matchups({("Mono-Red Aggro", "Domain Ramp"): 0.58, ("Mono-Red Aggro", "Esper Control"): (0.60, 0.52),
                        ("Mono-Red Aggro", "Golgari Midrange"): 0.47, ("Domain Ramp", "Esper Control"): 0.45,
                        ("Domain Ramp", "Golgari Midrange"): 0.55, ("Esper Control", "Golgari Midrange"): 0.52})
    eq = meta.equilibrium(mu)
    assert eq.exact == {"Domain Ramp": 0, "Esper Control": F(3, 11), "Golgari Midrange": F(6, 11),
                        "Mono-Red Aggro": F(2, 11)}
    assert eq.win_rates["Domain Ramp"] == pytest.approx((2 * 0.42 + 3 * 0.45 + 6 * 0.55) / 11)
    assert eq.summary().splitlines()[1].startswith("Golgari Midrange  0.545   0.500")


def test_no_deck_beats_the_mix_on_random_metagames():
    """The defining condition, exactly: every deck wins at most 1/2 against the mix, the decks in it
    exactly 1/2; the shares are >= 0 and sum to 1."""
    rng = random.Random(7)
    for n in (1, 2, 5, 12, 40):             # (a few dozen decks: 40 in about 0.4 s)
        decks = [f"D{i}" for i in range(n)]
        mu = meta.Matchups({(a, b): rng.randint(20, 80) / 100 for i, a in enumerate(decks) for b in decks[i + 1:]}
                           | {(decks[0], decks[0]): 0.5})
        eq = meta.equilibrium(mu, decks=decks)
        assert sum(eq.exact.values()) == 1 and min(eq.exact.values()) >= 0
        for a in decks:
            win = sum(F(round(mu.p(a, b) * DENOMINATOR), DENOMINATOR) * eq.exact[b] for b in decks)
            assert win <= F(1, 2)
            if eq.exact[a] > 0:
                assert win == F(1, 2)


@pytest.mark.parametrize("matchups, decks, message", [
    (meta.Matchups(), None, "name no deck"),
    (RPS, [], "decks is empty"),
    (RPS, ["Rock", "Lizard"], "'Lizard' is in no matchup"),
    (RPS, ["Rock", "Rock"], "given twice"),
    (RPS, "Rock", "must be a list"),
])
def test_bad_input(matchups, decks, message):
    with pytest.raises((ArgumentError, TypeError), match=message):
        meta.equilibrium(matchups, decks=decks)


def test_matchups_must_be_matchups():
    with pytest.raises(TypeError, match="must be meta.Matchups"):
        meta.equilibrium({("A", "B"): 0.6})


# ---- replicator dynamics ---------------------------------------------------------------------------

def test_one_generation_by_hand():
    # A wins 0.6 against B, half and half: f_A = 0.55, f_B = 0.45, mean 0.5; rate 1: A 0.5 * 1.05, B 0.5 * 0.95
    hist = meta.replicator(meta.Field.counts({"A": 1, "B": 1}), meta.Matchups({("A", "B"): 0.6}), generations=1)
    assert hist[0] == {"A": 0.5, "B": 0.5}
    assert hist[1] == pytest.approx({"A": 0.525, "B": 0.475}, abs=1e-15)


def test_rate_two_is_the_classic_update():
    # x_i' = x_i f_i / f: A 0.5 * 0.55 / 0.5, B 0.5 * 0.45 / 0.5
    hist = meta.replicator(meta.Field.counts({"A": 1, "B": 1}), meta.Matchups({("A", "B"): 0.6}), 1, rate=2)
    assert hist[1] == pytest.approx({"A": 0.55, "B": 0.45}, abs=1e-15)


def test_shares_sum_to_one_and_dominant_deck_grows():
    field = meta.Field({"Top": 0.1, "B": 0.45, "C": 0.45}, players=100)
    mu = meta.Matchups({("Top", "B"): 0.6, ("Top", "C"): 0.55, ("B", "C"): 0.7})
    hist = meta.replicator(field, mu, generations=200)
    assert len(hist) == 201 and hist[0] == {"Top": 0.1, "B": 0.45, "C": 0.45}
    assert all(sum(h.values()) == pytest.approx(1, abs=1e-12) for h in hist)
    tops = [h["Top"] for h in hist]
    assert all(b > a for a, b in zip(tops, tops[1:])) and tops[-1] > 0.99


def test_rock_paper_scissors_stays_at_a_third():
    hist = meta.replicator(meta.Field.counts({"Rock": 1, "Paper": 1, "Scissors": 1}), RPS, generations=50)
    assert all(h == pytest.approx({"Rock": 1 / 3, "Paper": 1 / 3, "Scissors": 1 / 3}, abs=1e-15) for h in hist)


def test_rock_paper_scissors_cycles_off_the_equilibrium():
    # each beats the next 0.6 to 0.4: from half Rock, Paper grows, then Scissors, then Rock again
    mu = meta.Matchups({("Rock", "Scissors"): 0.6, ("Scissors", "Paper"): 0.6, ("Paper", "Rock"): 0.6})
    hist = meta.replicator(meta.Field.counts({"Rock": 2, "Paper": 1, "Scissors": 1}), mu, generations=60)
    for deck in ("Rock", "Paper", "Scissors"):
        steps = [b[deck] - a[deck] for a, b in zip(hist, hist[1:])]
        assert any(s > 0 for s in steps) and any(s < 0 for s in steps)      # each deck rises and falls
        assert min(h[deck] for h in hist) > 0


def test_coin_flip_deck_keeps_its_share():
    # "Other", in no matchup, wins 1/2 against everyone: f = the mean, so its share never moves
    field = meta.Field({"A": 0.3, "B": 0.3}, players=10)
    hist = meta.replicator(field, meta.Matchups({("A", "B"): 0.7}), generations=30)
    assert all(h["Other"] == pytest.approx(0.4, abs=1e-12) for h in hist)
    assert [round(hist[g]["A"], 3) for g in (0, 1)] == [0.3, 0.318]     # f_A = 0.15 + 0.21 + 0.2: 0.3 * 1.06
    assert all(b["A"] > a["A"] for a, b in zip(hist, hist[1:]))


def test_zero_generations_is_the_field():
    assert meta.replicator(meta.Field.counts({"A": 3, "B": 1}), RPS, generations=0) == [{"A": 0.75, "B": 0.25}]


@pytest.mark.parametrize("kwargs, message", [
    ({"generations": -1}, "generations must be 0..100,000"),
    ({"generations": 2.5}, "generations must be a whole number"),
    ({"generations": 10 ** 9}, "generations must be 0..100,000"),
    ({"rate": 3}, r"rate must be a finite number in \[0, 2\]"),
    ({"rate": -0.1}, "rate must be"),
])
def test_replicator_bad_input(kwargs, message):
    with pytest.raises(ArgumentError, match=message):
        meta.replicator(meta.Field.counts({"Rock": 1, "Paper": 1}), RPS, **kwargs)


def test_replicator_needs_a_field():
    with pytest.raises(TypeError, match="must be a meta.Field"):
        meta.replicator({"Rock": 0.5, "Paper": 0.5}, RPS)
