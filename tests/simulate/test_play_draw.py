"""On the play, on the draw, or both (mtgsim.play_draw): 103.8a, the player on the play skips
the draw of their first turn. A run on "both" plays half its games each way, chunk by chunk
(even chunks on the play, odd ones on the draw), and reports the halves apart and together:
each half matches its exact (hypergeometric) value, the halves add up to the whole, and the run
is the same for any number of threads."""
import json
import math

import numpy as np
import pytest

from mtgsim import ArgumentError, ArgumentTypeError, Deck, card
from mtgsim.runner import CHUNK, chunk_count, chunk_games, on_the_draw
from mtgsim.simulate import MulliganPolicy, simulate, trace

LANDS, N = 17, 40
PROBES = [card(f"Probe {k}", "{%d}" % k, "Sorcery") for k in range(1, 5)]     # {k}: castable with k lands
LIMITED = Deck({"Forest": LANDS, "Grizzly Bears": N - LANDS})
TURNS = 4
GAMES = 40_000


def p_lands(seen: int, k: int) -> float:
    """P(at least k lands among the first `seen` cards of LIMITED): hypergeometric, exact."""
    return sum(math.comb(LANDS, x) * math.comb(N - LANDS, seen - x) for x in range(k, min(LANDS, seen) + 1)) \
        / math.comb(N, seen)


def seen_by(turn: int, start: str) -> int:
    """Cards seen by turn `turn` with no mulligan: the seven, and a draw a turn but the first
    on the play (103.8a)."""
    return 7 + turn - (1 if start == "play" else 0)


@pytest.fixture(scope="module")
def both():
    return simulate(LIMITED, games=GAMES + 1, turns=TURNS, seed=11, mulligan=MulliganPolicy.never(), track=PROBES,
                    threads=2, on="both")


# ---- the chunk layout ------------------------------------------------------------------------

@pytest.mark.parametrize("games", [2, 3, 2 * CHUNK, 2 * CHUNK + 1, 5 * CHUNK, 5 * CHUNK + 7, 100_000])
def test_chunk_layout_on_both_gives_each_half_half_the_games(games):
    n = chunk_count(games, both=True)
    per_chunk = np.array([chunk_games(games, c, both=True) for c in range(n)])
    drawn = on_the_draw(range(n))
    assert n % 2 == 0 and per_chunk.sum() == games
    assert per_chunk[~drawn].sum() == (games + 1) // 2 and per_chunk[drawn].sum() == games // 2
    assert chunk_games(games, n, both=True) == 0 and chunk_games(games, n + 1, both=True) == 0


def test_whole_rounds_of_an_even_number_of_chunks_are_whole_chunks_on_both():
    """What the optimizer's rounds rely on: upto chunks of CHUNK games, upto even."""
    for upto in (2, 4, 8, 16):
        assert [chunk_games(upto * CHUNK, c, both=True) for c in range(upto)] == [CHUNK] * upto
        assert chunk_count(upto * CHUNK, both=True) == upto


def test_the_odd_chunks_are_on_the_draw():
    assert on_the_draw([0, 1, 2, 7, 10]).tolist() == [False, True, False, True, False]


# ---- results ----------------------------------------------------------------------------------

def test_both_is_half_the_games_each_way_and_the_halves_add_up(both):
    assert both.on == "both" and both.on_play is None
    assert (both.play.games, both.draw.games) == (GAMES // 2 + 1, GAMES // 2)
    assert both.play.on == "play" and both.draw.on == "draw"
    for name, v in both.metrics.items():
        assert np.array_equal(v, both.play.metrics[name] + both.draw.metrics[name]), name


@pytest.mark.parametrize("start", ["play", "draw"])
def test_each_half_matches_the_exact_land_probabilities_103_8a(both, start):
    """With no mulligan, a {k} probe is castable on turn k when k lands were among the cards
    seen: 7 + k - 1 on the play (103.8a: no draw on the first turn), 7 + k on the draw."""
    half = both.halves[start]
    for k, probe in enumerate(PROBES, start=1):
        exact = p_lands(seen_by(k, start), k)
        est = half.p_castable(probe, k)
        se = math.sqrt(exact * (1 - exact) / est.n)
        assert abs(est.value - exact) <= 4 * se + 1e-12, (start, k, est, exact)


def test_both_together_is_the_mean_of_the_exact_play_and_draw_values(both):
    for k, probe in enumerate(PROBES, start=1):
        p, d = p_lands(seen_by(k, "play"), k), p_lands(seen_by(k, "draw"), k)
        n_p, n_d = both.play.games, both.draw.games
        exact = (n_p * p + n_d * d) / (n_p + n_d)
        se = math.sqrt(n_p * p * (1 - p) + n_d * d * (1 - d)) / (n_p + n_d)
        assert abs(both.p_castable(probe, k).value - exact) <= 4 * se + 1e-12, (k, exact)


def test_both_equals_the_mean_of_a_play_run_and_a_draw_run_within_intervals(both):
    runs = {on: simulate(LIMITED, games=GAMES // 2, turns=TURNS, seed=12, mulligan=MulliganPolicy.never(),
                         track=PROBES, threads=2, on=on) for on in ("play", "draw")}
    for t in range(1, TURNS + 1):
        for metric in ("lands_in_play", "mana_available"):
            a, b = (getattr(runs[on], metric)(t) for on in ("play", "draw"))
            mean, half = (a.value + b.value) / 2, math.hypot(a.high - a.value, b.high - b.value) / 2
            together = getattr(both, metric)(t)
            assert abs(together.value - mean) <= 2 * math.hypot(half, together.high - together.value), (metric, t)


def test_a_run_on_both_is_the_same_for_one_and_two_threads(both):
    again = simulate(LIMITED, games=GAMES + 1, turns=TURNS, seed=11, mulligan=MulliganPolicy.never(), track=PROBES,
                     threads=1, on="both")
    for res, other in ((both, again), (both.play, again.play), (both.draw, again.draw)):
        assert all(np.array_equal(res.metrics[k], other.metrics[k]) for k in res.metrics)


def test_play_and_draw_alone_are_the_older_on_play_runs():
    for on, on_play in (("play", True), ("draw", False)):
        new = simulate(LIMITED, games=3000, turns=3, seed=5, on=on, threads=1)
        old = simulate(LIMITED, games=3000, turns=3, seed=5, on_play=on_play, threads=1)
        same = simulate(LIMITED, games=3000, turns=3, seed=5, on=on, on_play=on_play, threads=1)
        assert new.on == on and new.on_play is on_play and not new.halves
        assert all(np.array_equal(new.metrics[k], old.metrics[k]) and np.array_equal(new.metrics[k], same.metrics[k])
                   for k in new.metrics)
    assert simulate(LIMITED, games=100, turns=2, seed=5).on == "play"


def test_a_single_start_run_is_its_own_half_and_has_not_the_other():
    res = simulate(LIMITED, games=200, turns=2, seed=5, on="draw")
    assert res.draw is res
    with pytest.raises(ArgumentError, match="every game on the draw: it has no games on the play"):
        assert res.play is None        # (never reached: the property raises)


def test_the_halves_are_in_json_and_csv(both, tmp_path):
    d = json.loads(json.dumps(both.to_dict()))
    assert d["on"] == "both" and d["on_play"] is None
    assert {k: v["games"] for k, v in d["halves"].items()} == {"play": both.play.games, "draw": both.draw.games}
    assert d["halves"]["draw"]["p_castable"]["Probe 2"][1] == both.draw.p_castable("Probe 2", 2).to_dict()
    assert "halves" not in both.play.to_dict()
    both.to_csv(tmp_path / "r.csv")
    rows = (tmp_path / "r.csv").read_text().splitlines()
    assert "on,,,both,,," in rows
    draw_rows = [r for r in rows if r.startswith("p_castable:draw,Probe 2,2,")]
    assert len(draw_rows) == 1 and draw_rows[0].endswith(f",{both.draw.games}")
    assert sum(r.startswith("lands_in_play:play,") for r in rows) == TURNS


def test_an_interrupted_run_on_both_keeps_its_finished_chunks_in_both_halves(ctrl_c_on_core_call):
    ctrl_c_on_core_call(3)                 # (a batch is two calls on both: its play and draw chunks)
    res = simulate(LIMITED, games=100_000, turns=2, seed=3, threads=1, on="both")
    assert res.interrupted and res.games == 4 * CHUNK
    assert res.play.games == res.draw.games == 2 * CHUNK and res.play.interrupted


# ---- trace ------------------------------------------------------------------------------------

def test_a_trace_on_both_shows_games_on_the_play_then_on_the_draw_103_8a():
    text = trace(LIMITED, games=3, turns=2, seed=4, on="both")
    play, draw = text.split("on the draw:\n")
    assert play.startswith("on the play:\n") and play.count("game ") == 2 and draw.count("game ") == 1
    first_turns = [line for line in text.splitlines() if line.startswith("  turn 1;")]
    assert [("draw " in line) for line in first_turns] == [False, False, True]
    assert play.removeprefix("on the play:\n") == trace(LIMITED, games=2, turns=2, seed=4, on="play")


# ---- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, error, message", [
    (dict(on="Draw"), ArgumentError, "on must be one of 'play', 'draw', 'both', got 'Draw'"),
    (dict(on="first"), ArgumentError, "on must be one of 'play', 'draw', 'both'"),
    (dict(on=True), ArgumentTypeError, "on must be one of 'play', 'draw', 'both', not bool"),
    (dict(on="draw", on_play=True), ArgumentError, "on='draw' and on_play=True disagree"),
    (dict(on="both", on_play=False), ArgumentError, "on='both' and on_play=False disagree"),
    (dict(on="play", on_play="yes"), ArgumentTypeError, "on_play must be True or False"),
    (dict(on="both", games=1), ArgumentError, "games must be at least 2 on='both'"),
], ids=["case", "unknown", "bool", "disagree", "both-and-flag", "bad-flag", "one-game"])
def test_bad_starts_are_named(kwargs, error, message):
    with pytest.raises(error, match=message):
        simulate(LIMITED, **{"games": 100, "turns": 2, **kwargs})


def test_a_trace_on_both_needs_two_games():
    with pytest.raises(ArgumentError, match="games must be at least 2 on='both'"):
        trace(LIMITED, games=1, on="both")
