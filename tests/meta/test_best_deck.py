"""meta.best_deck: which deck one player should bring to a field, every candidate in the same
events (common random numbers), raced by paired intervals; checked against exact answers
(a one-round event: match points are 3 × P(win the best-of-three match), MTR 2.3)."""
import json
import math

import numpy as np
import pytest

from mtgsim import ArgumentError, meta

MU = meta.Matchups({("A", "X"): 0.7, ("B", "X"): 0.4})


def match_win(p: float) -> float:
    """P(win a best-of-three match) at P(win a game) p, games independent (MTR 2.3)."""
    return p * p * (3 - 2 * p)


@pytest.mark.parametrize("objective", ["match_points", "p_win"])
def test_one_round_against_a_field_of_one_deck_gives_the_exact_match_figures(objective):
    """Four players, one Swiss round, no top cut: you against one of three X players. Your
    match points are 3 × P(win the match), exactly 2.352 with A and 1.056 with B; and bringing
    A is separated from B."""
    field = meta.Field.counts({"X": 4})
    r = meta.best_deck(field, MU, candidates=["A", "B"], events=20_000, seed=3, objective=objective,
                       rounds=1, top_cut=0, progress=False)
    assert r.best == "A" and r.separated
    if objective == "match_points":
        for deck in ("A", "B"):
            e = r.estimate(deck)
            assert e.low <= 3 * match_win(MU.p(deck, "X")) <= e.high, (deck, e)


def test_identical_candidates_play_the_same_events_and_are_not_separated():
    """Two candidates with the same matchups (both named in none: coin flips) play the same
    chunks with the same seeds: every event comes out the same, the paired difference is
    exactly 0, so the race plays all events and separates neither."""
    field = meta.Field({"A": 0.5, "X": 0.5}, players=32)
    r = meta.best_deck(field, MU, candidates=["Rogue 1", "Rogue 2"], events=2_048, seed=1, progress=False)
    a, b = r.contenders
    assert np.array_equal(a.comps, b.comps)
    d = r.difference(r.ranking[1].deck)
    assert d.value == 0 and d.low == 0 and d.high == 0
    assert not r.separated and r.stopped == "all events played" and a.events == b.events == 2_048
    assert "Rogue 1 is named in no matchup: a coin flip against every deck" in r.summary()


def test_the_same_numbers_for_any_number_of_threads():
    field = meta.Field({"A": 0.3, "B": 0.3, "X": 0.4}, players=64)
    one, two = (meta.best_deck(field, MU, events=3_000, seed=5, threads=t, progress=False) for t in (1, 2))
    assert [c.comps.tolist() for c in one.contenders] == [c.comps.tolist() for c in two.contenders]
    assert one.best == two.best and one.table() == two.table()


def test_candidates_default_to_the_decks_named_but_the_rest_of_the_field():
    """None: every deck the field or the matchups name, but the field's rest ("Other")."""
    field = meta.Field({"A": 0.3, "X": 0.3}, players=40)          # 40% "Other"
    r = meta.best_deck(field, MU, events=1_024, seed=1, race=False, progress=False)
    assert sorted(c.deck for c in r.contenders) == ["A", "B", "X"]
    assert all(c.events == 1_024 for c in r.contenders)


def test_racing_drops_the_clearly_worse_and_records_where(tmp_path):
    field = meta.Field({"X": 1.0}, players=16)
    mu = meta.Matchups({("Good", "X"): 0.75, ("Bad", "X"): 0.25})
    r = meta.best_deck(field, mu, candidates=["Bad", "Good"], events=50_000, seed=2, progress=False)
    assert r.best == "Good" and r.separated and r.stopped == "separated"
    bad = r.ranking[1]
    assert bad.deck == "Bad" and bad.dropped.startswith("round 1,") and bad.events < 50_000
    r.to_json(tmp_path / "r.json")
    d = json.loads((tmp_path / "r.json").read_text())
    assert d["best"] == "Good" and d["candidates"][1]["dropped"] == bad.dropped and d["seed"] == 2
    r.to_csv(tmp_path / "r.csv")
    assert (tmp_path / "r.csv").read_text().splitlines()[1].startswith("Good,p_top8,")


@pytest.mark.parametrize("kw, message", [
    (dict(objective="p_top4"), "objective must be one of p_top8, p_win, match_points"),
    (dict(candidates=[]), "at least one candidate"),
    (dict(candidates=["A", "A"]), "'A' is given twice"),
    (dict(players=2), "players"),
    (dict(events=0), "events"),
])
def test_bad_input_gets_a_clear_error(kw, message):
    with pytest.raises(ArgumentError, match=message):
        meta.best_deck(meta.Field({"X": 1.0}, players=8), MU, progress=False, **kw)


def test_a_run_without_a_seed_records_the_seed_it_drew():
    r = meta.best_deck(meta.Field({"X": 1.0}, players=8), MU, events=128, seed=None, progress=False)
    again = meta.best_deck(meta.Field({"X": 1.0}, players=8), MU, events=128, seed=int(r.to_dict()["seed"]),
                           progress=False)
    assert again.table() == r.table()


def test_with_matchup_uncertainty_every_candidate_meets_the_same_drawn_metagame():
    """matchup_uncertainty=True: each chunk's matchups are drawn from the posteriors once for
    all candidates (from the chunk's seed), so two candidates with the same figures — here
    both named in no result — still play identical events."""
    mu = meta.Matchups.from_results([{"deck": "X", "opponent": "Y", "wins": 10, "losses": 14}])
    field = meta.Field({"X": 0.5, "Y": 0.5}, players=16)
    r = meta.best_deck(field, mu, candidates=["Rogue 1", "Rogue 2", "X"], events=1_024, seed=2, race=False,
                       matchup_uncertainty=True, progress=False)
    one, two = (c.comps for c in r.contenders[:2])
    assert np.array_equal(one, two)
    assert r.to_dict()["matchup_uncertainty"] is True and "drawn from their posteriors" in r.summary()


def test_with_matchup_uncertainty_a_deck_s_interval_is_the_posterior_s_spread():
    """One round against a field of one deck, the pair from results 12-8 in games: p ~ Beta(17,
    13) under the Beta(5, 5) prior, your match points 3 p²(3 - 2p) (MTR 2.3); drawn per chunk,
    their mean is 3 E[f(p)] and the interval ± 1.96 · 3 sd(f(p)), to within 10%."""
    import math
    m = [math.prod((17 + i) / (30 + i) for i in range(k)) for k in range(7)]       # E[p^k], Beta(17, 13)
    mean = 3 * m[2] - 2 * m[3]
    sd = math.sqrt(9 * m[4] - 12 * m[5] + 4 * m[6] - mean * mean)
    mu = meta.Matchups.from_results([{"deck": "A", "opponent": "X", "wins": 12, "losses": 8}])
    r = meta.best_deck(meta.Field.counts({"X": 4}), mu, candidates=["A"], events=100_000, seed=6, rounds=1,
                       top_cut=0, objective="match_points", matchup_uncertainty=True, progress=False)
    e = r.estimate("A")
    chunks = 100_000 / 64
    assert abs(e.value - 3 * mean) < 4 * 3 * math.sqrt((sd * sd + 0.25 / 64) / chunks)     # (4 standard errors)
    assert (e.high - e.low) / 2 == pytest.approx(1.96 * 3 * sd, rel=0.1)
    assert "its 95% interval their spread (what the results don't know)" in r.summary()


def test_a_deck_in_the_field_is_scored_by_all_its_players_as_simulate_events_does():
    """Your seat and the field's players of your deck are exchangeable (the same matchups,
    paired by lot), so your P(top cut) is their mean: the field's 3 A players and you are 4 A
    players of the 16-player field simulate_events plays, whose P(top cut) agrees."""
    mu = meta.Matchups({("A", "X"): 0.6, ("A", "Y"): 0.45, ("X", "Y"): 0.55})
    field = meta.Field.counts({"A": 3, "X": 6, "Y": 7})
    r = meta.best_deck(field, mu, candidates=["A"], players=17, events=40_000, seed=8, top_cut=4, progress=False)
    assert r.contenders[0].players == 4
    mine = r.estimate("A")
    theirs = meta.simulate_events(meta.Field.counts({"A": 4, "X": 6, "Y": 7}), mu, events=40_000, seed=9,
                                  top_cut=4, progress=False).p_top8("A")
    se = math.hypot(mine.high - mine.low, theirs.high - theirs.low) / (2 * 1.96)
    assert abs(mine.value - theirs.value) < 4 * se
