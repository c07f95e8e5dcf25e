"""Tournament simulation (mtgsim.meta) by the Magic Tournament Rules (MTR): Swiss structure and
pairings (MTR 2.1, Appendix E), byes, match and game points and the tiebreakers (MTR 3.1 and
Appendix C) recomputed here from each event's rounds by the MTR's definitions, the top cut, and
figures checked against exact values where they exist."""
import itertools
import math

import pytest

from mtgsim import ArgumentError, meta

COIN = meta.Matchups()


# ---- the MTR's definitions, written out independently of the kernel ------------------------------

def mw_percent(match_points: int, rounds: int) -> float:
    """Appendix C: match points over 3 × rounds played, at least 0.33."""
    return max(0.33, match_points / (3 * rounds))


def gw_percent(game_points: int, games: int) -> float:
    return max(0.33, game_points / (3 * games)) if games else 0.33


def standings_from_rounds(event) -> dict[int, tuple]:
    """Per player: (match points, OMW, GW, OGW) recomputed from event.rounds."""
    mp, gp, games, opps, played = {}, {}, {}, {}, {}
    for matches in event.rounds:
        for p, q, w, l_, d in matches:
            for x, y, xw, xl in ((p, q, w, l_), (q, p, l_, w)):
                if x is None:
                    continue
                mp[x] = mp.get(x, 0) + (3 if xw > xl else 1 if xw == xl else 0)
                gp[x] = gp.get(x, 0) + 3 * xw + d
                games[x] = games.get(x, 0) + xw + xl + d
                played[x] = played.get(x, 0) + 1
                if y is not None:
                    opps.setdefault(x, []).append(y)
    mwp = {p: mw_percent(mp[p], played[p]) for p in mp}
    gwp = {p: gw_percent(gp[p], games[p]) for p in mp}
    out = {}
    for p in mp:
        o = opps.get(p, [])
        out[p] = (mp[p], sum(mwp[q] for q in o) / len(o) if o else 0.33, gwp[p],
                  sum(gwp[q] for q in o) / len(o) if o else 0.33)
    return out


def test_the_tiebreaker_definitions_reproduce_the_mtrs_worked_examples():
    """MTR Appendix C: 6-2-0 is 18 match points, 4-2-2 is 14; a 2-0-1 match win earns 7 game
    points; 5-2-1 over 8 rounds is 16/24 = 0.667; 1-3-0 then a drop is 3/12 = 0.25, so 0.33;
    3-2-0 with a bye over 5 rounds is 9/15 = 0.60."""
    assert 6 * 3 + 2 * 0 + 0 * 1 == 18 and 4 * 3 + 2 * 1 == 14
    assert 3 * 2 + 1 == 7
    assert mw_percent(16, 8) == pytest.approx(0.667, abs=5e-4)
    assert mw_percent(3, 4) == 0.33
    assert mw_percent(9, 5) == pytest.approx(0.60)


# ---- structure --------------------------------------------------------------------------------------

def _field(n: int, kinds: int = 3) -> meta.Field:
    return meta.Field.counts({f"Deck {k}": len(range(k, n, kinds)) for k in range(kinds)})


def test_eight_players_three_rounds_crown_one_3_0_and_one_0_3():
    """MTR 2.1 / Appendix E: 8 players, 3 Swiss rounds, no draws."""
    for seed in range(40):
        e = meta.play_event(_field(8), COIN, seed=seed, rounds=3, top_cut=0)
        points = sorted(s.match_points for s in e.standings)
        assert points.count(9) == 1 and points.count(0) == 1
        assert sum(points) == 3 * 3 * 8 // 2                       # each match gives 3 points


def _can_avoid_rematches(players: list[int], met: set, had_bye: set) -> bool:
    """Is there a pairing of `players` (one bye to a player without one, if odd) with no rematch?"""
    def matching(rest: list[int]) -> bool:
        if not rest:
            return True
        p, others = rest[0], rest[1:]
        return any(frozenset((p, q)) not in met and matching([x for x in others if x != q]) for q in others)
    if len(players) % 2 == 0:
        return matching(players)
    return any(matching([x for x in players if x != b]) for b in players if b not in had_bye)


@pytest.mark.parametrize("players", [5, 6, 7, 9, 12, 33])
def test_every_player_plays_or_has_a_bye_and_no_rematch_where_avoidable(players):
    """Each round pairs every player once, with one bye in an odd field to a player who has not
    had one (MTR 2.1); a round has a rematch only where no pairing without one exists (checked
    here by exhaustive search in the small fields)."""
    rounds = min(players - 2, 5)
    for seed in range(30):
        e = meta.play_event(_field(players), COIN, seed=seed, rounds=rounds, top_cut=0)
        byes: set = set()
        met: set = set()
        for matches in e.rounds:
            seen = [p for p, q, *_ in matches] + [q for _, q, *_ in matches if q is not None]
            assert sorted(seen) == list(range(players))
            pairs = {frozenset((p, q)) for p, q, *_ in matches if q is not None}
            if pairs & met:
                assert players <= 12 and not _can_avoid_rematches(list(range(players)), met, byes), seed
            for p, q, w, l_, d in matches:
                if q is None:
                    assert p not in byes and (w, l_, d) == (2, 0, 0)      # a bye: a 2-0 match win
                    byes.add(p)
            met |= pairs
        assert len(byes) == (rounds if players % 2 else 0)


def test_later_rounds_pair_within_match_point_groups():
    """MTR: players are paired within their match-point group where they can be; a pairing
    across groups joins neighbouring groups (pairing down)."""
    for seed in range(30):
        e = meta.play_event(_field(32), COIN, seed=seed, rounds=5, top_cut=0)
        points = {p: 0 for p in range(32)}
        for matches in e.rounds:
            groups = sorted({points[p] for p in points}, reverse=True)
            for p, q, _w, _l, _d in matches:
                if q is not None:
                    a, b = groups.index(points[p]), groups.index(points[q])
                    assert abs(a - b) <= 1
            for p, q, w, l_, _d in matches:
                points[p] += 3 if w > l_ else 1 if w == l_ else 0
                if q is not None:
                    points[q] += 3 if l_ > w else 1 if w == l_ else 0


def test_standings_match_the_mtr_tiebreakers_recomputed_from_the_rounds():
    """MTR 3.1 and Appendix C: match points, OMW, GW, OGW, each percentage at least 0.33, byes
    nobody's opponent; the standings in order of them. Two equal percentages are equal even
    where their sums in another order differ in the last bits (the next tiebreaker decides:
    seed 2 of 64 players has two 9-point players on an OMW of 0.50533..., one summed to
    ...333 and one to ...334, whose GW must decide)."""
    for players, seed in itertools.product((16, 17, 64), range(10)):
        e = meta.play_event(_field(players), meta.Matchups({("Deck 0", "Deck 1"): 0.7}), seed=seed,
                            rounds=5, top_cut=8, draw_rate=0.05)
        mine = standings_from_rounds(e)
        keys = []
        for s in e.standings:
            mp, omw, gw, ogw = mine[s.player]
            assert (s.match_points, s.omw, s.gw, s.ogw) == pytest.approx((mp, omw, gw, ogw), abs=1e-12)
            keys.append((mp, round(omw, 10), round(gw, 10), round(ogw, 10)))   # (equal fractions: equal)
        assert keys == sorted(keys, reverse=True)


def test_the_events_figures_take_the_top_cut_of_the_full_standings():
    """MTR Appendix C standings decide the top cut: simulate_events, which orders by the
    tiebreakers only the match-point groups that hold the cut's places, puts the same decks in
    the top cut and crowns the same deck as the event's full standings (play_event) — event
    by event: an event of seed s is the first of simulate_events' first chunk with seed s.
    Odd and even fields, draws, cuts of 8, 4 and none."""
    for players, cut, draws in ((64, 8, 0.0), (33, 8, 0.05), (16, 4, 0.1), (25, 0, 0.0)):
        field = _field(players)
        for seed in range(60):
            kw = dict(seed=seed, rounds=5, top_cut=cut, draw_rate=draws)
            e = meta.play_event(field, COIN, **kw)
            r = meta.simulate_events(field, COIN, events=1, progress=False, **kw)
            deck = {name: i for i, name in enumerate(field.names)}
            top = [0] * len(field.names)
            for s in e.standings[:cut]:
                top[deck[s.archetype]] += 1
            won = [0] * len(field.names)
            won[deck[field.archetypes()[e.champion]]] = 1
            assert list(r._get("top")) == top and list(r._get("win")) == won, (players, seed)


def test_the_top_cut_is_seeded_1_8_4_5_2_7_3_6():
    e = meta.play_event(_field(64), COIN, seed=3, rounds=6, top_cut=8)
    seeds = [s.player for s in e.standings[:8]]
    first = e.playoff[0]
    assert [(a, b) for a, b, _ in first] == [(seeds[0], seeds[7]), (seeds[3], seeds[4]),
                                            (seeds[1], seeds[6]), (seeds[2], seeds[5])]
    assert [len(r) for r in e.playoff] == [4, 2, 1]
    assert e.champion in {w for _, _, w in e.playoff[1]}


def test_rounds_follow_mtr_appendix_e():
    assert [meta.recommended_rounds(n) for n in (8, 16, 32, 64, 128, 226, 227, 409, 410)] == \
        [3, 5, 5, 6, 7, 8, 9, 9, 10]


# ---- figures -------------------------------------------------------------------------------------

def test_a_deck_that_wins_every_game_wins_every_event():
    field = meta.Field.counts({"Best": 1, "Rest": 63})
    mu = meta.Matchups({("Best", "Rest"): 1.0})
    r = meta.simulate_events(field, mu, events=640, seed=1, progress=False)
    assert r.p_win("Best").value == 1.0 and r.p_top8("Best").value == 1.0


def test_with_every_matchup_even_top_8_follows_the_field():
    field = meta.Field({"A": 0.5, "B": 0.3}, players=64)
    r = meta.simulate_events(field, COIN, events=6400, seed=2, progress=False)
    for name in field.names:
        e = r.top8_share(name)
        assert e.low <= field.share(name) <= e.high, (name, e)


def test_four_players_two_rounds_agree_with_the_hand_worked_probabilities():
    """Four players, two rounds, best of one, no cut: A beats each of the others with p = 0.7 a
    game; the others are even. A goes 2-0 with probability 0.7² = 0.49, and wins the event
    then (alone on 6 points); otherwise the 2-0 player is one of the others."""
    field = meta.Field.counts({"A": 1, "B": 3})
    mu = meta.Matchups({("A", "B"): 0.7})
    r = meta.simulate_events(field, mu, events=64_000, best_of=1, rounds=2, top_cut=0, seed=3, progress=False)
    rec = r.record_distribution("A")
    assert abs(rec[(2, 0, 0)].value - 0.49) < 4 * math.sqrt(0.49 * 0.51 / 64_000)
    assert abs(rec[(0, 2, 0)].value - 0.09) < 4 * math.sqrt(0.09 * 0.91 / 64_000)
    assert abs(r.p_win("A").value - 0.49) < 4 * math.sqrt(0.49 * 0.51 / 64_000)


def test_same_seed_same_results_for_any_threads_and_different_seeds_differ():
    field = meta.Field({"A": 0.4, "B": 0.3}, players=128)
    mu = meta.Matchups({("A", "B"): 0.55})
    kw = dict(events=1000, seed=9, progress=False)
    a = meta.simulate_events(field, mu, threads=1, **kw)
    b = meta.simulate_events(field, mu, threads=2, **kw)
    assert (a._totals == b._totals).all()
    c = meta.simulate_events(field, mu, events=1000, seed=10, progress=False)
    assert (a._totals != c._totals).any()


# ---- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("make, message", [
    (lambda: meta.Field({"A": -0.1, "B": 0.5}), "negative"),
    (lambda: meta.Field({"A": 0, "B": 0}), "sum to 0"),
    (lambda: meta.Field({"A": 0.3}, players=1), "at least 2 players"),
    (lambda: meta.Matchups({("A", "B"): 1.2}), "outside \\[0, 1\\]"),
    (lambda: meta.simulate_events(meta.Field({"A": 1.0}, players=8), meta.Matchups({("A", "Z"): 0.6}),
                                  events=1, progress=False), "not an archetype of the field"),
    (lambda: meta.simulate_events(meta.Field({"A": 1.0}, players=6), COIN, events=1, top_cut=8,
                                  progress=False), "larger than the field"),
])
def test_bad_input_gets_a_clear_error(make, message):
    with pytest.raises(ArgumentError, match=message):
        make()


def test_a_matchup_table_must_be_square_and_consistent(tmp_path):
    good = tmp_path / "mu.csv"
    good.write_text(",A,B\nA,,0.6\nB,0.4,\n")
    assert meta.Matchups.from_csv(good).p("A", "B") == pytest.approx(0.6)
    bad = tmp_path / "bad.csv"
    bad.write_text(",A,B\nA,,0.6\nB,0.5,\n")
    with pytest.raises(ArgumentError, match="p\\(a, b\\) \\+ p\\(b, a\\) must be 1"):
        meta.Matchups.from_csv(bad)
    skew = tmp_path / "skew.csv"
    skew.write_text(",A,B\nA,,0.6\nC,0.4,\n")
    with pytest.raises(ArgumentError, match="not square"):
        meta.Matchups.from_csv(skew)


# ---- matchups from goldfish races -------------------------------------------------------------

def test_race_matchups_are_complements_and_agree_with_the_kill_turns_of_simulate():
    """On the same seeds, matchup_from_race reads the same games as simulate: its figure is
    P(a's kill turn beats b's), a tie of turns to the player on the play (who takes each turn
    first), neither killing a half, recomputed here from simulate's kill-turn counts."""
    from mtgsim import Deck, simulate
    from mtgsim.cli import example_decks
    a = Deck.from_file(example_decks()["red_fire_crystal"])
    b = Deck.from_file(example_decks()["mono_green_henge"])
    kw = dict(games=8192, seed=4, turns=12)
    ab, ba = meta.matchup_from_race(a, b, **kw), meta.matchup_from_race(b, a, **kw)
    assert ab.game.value + ba.game.value == pytest.approx(1.0)
    assert "race model" in str(ab) and ab.model.startswith("race model")
    from mtgsim import Estimate
    assert isinstance(ab, Estimate) and ab.value == ab.game.value
    ka = {p: simulate(a, on_play=p, **kw).kill_turn.counts / 8192 for p in (True, False)}
    kb = {p: simulate(b, on_play=p, **kw).kill_turn.counts / 8192 for p in (True, False)}

    def first_wins(x, y, ties):
        t = len(x) - 1
        win = sum(x[i] * (sum(y[i + (0 if ties else 1):])) for i in range(t))
        return win + 0.5 * x[t] * y[t]
    on_play = first_wins(ka[True], kb[False], True)
    on_draw = first_wins(ka[False], kb[True], False)
    assert ab.on_play.value == pytest.approx(on_play) and ab.on_draw.value == pytest.approx(on_draw)
    assert ab.game.value == pytest.approx((on_play + on_draw) / 2)
    assert ab.game.low < ab.game.value < ab.game.high


def _reaching(points_before: dict, pairs: list, target: int, p: int) -> int:
    """Players other than p who could end the round on `target` points or more (at most one
    of each other pair by winning, both by drawing)."""
    n = 0
    for a, b in pairs:
        if b is None:
            n += a != p and points_before[a] + 3 >= target
        elif p in (a, b):
            q = b if a == p else a
            n += points_before[q] + 1 >= target
        else:
            win_a = (points_before[a] + 3 >= target) + (points_before[b] >= target)
            win_b = (points_before[b] + 3 >= target) + (points_before[a] >= target)
            draw = (points_before[a] + 1 >= target) + (points_before[b] + 1 >= target)
            n += max(win_a, win_b, draw)
    return n


@pytest.mark.parametrize("players, rounds, cut, seeds", [(64, 6, 8, 20), (16, 4, 4, 300)])
def test_intentional_draws_only_between_players_safe_for_the_cut(players, rounds, cut, seeds):
    """MTR 2.4: players may agree to a draw; here two players in the final round draw (0-0-3)
    when each makes the top cut with the draw whatever the other results — judged on the
    standings before the round (every pair of 16 players with a top 4: judging later pairs
    after earlier results were recorded kept 65 of 1,500 safe pairs in 300 events from their
    draw)."""
    drawn = 0
    for seed in range(seeds):
        e = meta.play_event(_field(players), COIN, seed=seed, rounds=rounds, top_cut=cut, intentional_draws=True)
        points = {p: 0 for p in range(players)}
        for matches in e.rounds[:-1]:
            for p, q, w, l_, _d in matches:
                points[p] += 3 if w > l_ else 1 if w == l_ else 0
                if q is not None:
                    points[q] += 3 if l_ > w else 1 if w == l_ else 0
        pairs = [(p, q) for p, q, *_ in e.rounds[-1]]
        for p, q, w, l_, d in e.rounds[-1]:
            if q is None:
                continue
            safe = all(_reaching(points, pairs, points[x] + 1, x) < cut for x in (p, q))
            assert ((w, l_, d) == (0, 0, 3)) == safe, (seed, p, q)
            drawn += safe
    assert drawn > 0


def test_unintentional_draws_happen_at_the_rate(tmp_path):
    field = meta.Field({"A": 1.0}, players=64)
    r = meta.simulate_events(field, COIN, events=640, draw_rate=0.1, seed=5, progress=False)
    mw = r.match_win("A")
    d = r._get("md")[0] / (r._get("mw")[0] + r._get("ml")[0] + r._get("md")[0])
    assert abs(d - 0.1) < 0.01 and 0.44 < mw.value < 0.47          # (a draw is a match not won)
    r.to_csv(tmp_path / "r.csv")
    assert (tmp_path / "r.csv").read_text().startswith("archetype,players,share")
    pytest.importorskip("matplotlib")
    r.plot(tmp_path / "r.png")
    assert (tmp_path / "r.png").stat().st_size > 1000


def test_byes_go_to_players_without_one_even_when_rematches_are_unavoidable():
    """Five players, four rounds: some rounds can't avoid a rematch; the bye still goes each
    round to a player who has not had one (MTR 2.1)."""
    for seed in range(60):
        e = meta.play_event(_field(5), COIN, seed=seed, rounds=4, top_cut=0)
        byes = [p for matches in e.rounds for p, q, *_ in matches if q is None]
        assert len(byes) == 4 and len(set(byes)) == 4, (seed, byes)


# ---- pairing: the least-cost pairing (MTR 10.4), checked against independent slow oracles ------

def _before_round(event, r: int):
    """Before Swiss round r (0-based): match points, the pairs met, the players who had a bye,
    and each player's standing (match points, OMW, GW, OGW to 9 places; all 0 before round 1)."""
    points = {p: 0 for p in range(len(event.field.archetypes()))}
    met, byes = set(), set()
    for matches in event.rounds[:r]:
        for p, q, w, l_, _d in matches:
            points[p] += 3 if w > l_ else 1 if w == l_ else 0
            if q is None:
                byes.add(p)
            else:
                points[q] += 3 if l_ > w else 1 if w == l_ else 0
                met.add(frozenset((p, q)))
    standing = {p: (0, 0, 0, 0) for p in points}
    if r:
        class Sofar:
            rounds = event.rounds[:r]
        standing = {p: tuple(round(x, 9) for x in key) for p, key in standings_from_rounds(Sofar).items()}
    return points, met, byes, standing


def _pair_key(points, met, a, b) -> tuple:
    """(rematch, paired outside the group, match points between them) of one pair."""
    return (int(frozenset((a, b)) in met), int(points[a] != points[b]), abs(points[a] - points[b]))


def _round_key(event, r: int, state) -> tuple:
    """The pairing of round r as (rematches, the bye's standing, pairs outside their group,
    match points between them): lower is better, in that order."""
    points, met, byes, standing = state
    total, bye = [0, 0, 0], ()
    for p, q, *_ in event.rounds[r]:
        if q is None:
            bye = standing[p]
        else:
            total = [x + y for x, y in zip(total, _pair_key(points, met, p, q))]
    return (total[0], bye, total[1], total[2])


def _least_key_exhaustively(state, players: int) -> tuple:
    """The least key over every pairing of the field (every perfect matching, with each
    player allowed a bye in an odd field: one who has not had one, or anyone once all have):
    the minimum-cost perfect matching by dynamic programming over the subsets of players."""
    import functools
    points, met, byes, standing = state

    @functools.lru_cache(maxsize=None)
    def best(mask: int) -> tuple:
        if not mask:
            return (0, 0, 0)
        a = (mask & -mask).bit_length() - 1
        out = None
        for b in range(a + 1, players):
            if mask >> b & 1:
                rest = best(mask & ~(1 << a) & ~(1 << b))
                t = tuple(x + y for x, y in zip(_pair_key(points, met, a, b), rest))
                out = t if out is None or t < out else out
        return out
    full = (1 << players) - 1
    if players % 2 == 0:
        r, c, d = best(full)
        return (r, (), c, d)
    may = [p for p in range(players) if p not in byes] or list(range(players))
    keys = []
    for p in may:
        r, c, d = best(full & ~(1 << p))
        keys.append((r, standing[p], c, d))
    return min(keys)


def test_mtr_pairing_minimises_pair_downs_exhaustively_on_small_fields():
    """MTR 10.4 (the Swiss pairing algorithm): each round is the pairing with the fewest
    rematches, then the bye to the lowest-ranked player without one, then the fewest players
    paired outside their match-point group, then the fewest match points between them —
    checked against every pairing of fields of 7-12 players (an exhaustive minimum-cost
    perfect matching over subsets), over 2,000 seeded events with and without draws, short
    and long enough to force rematches."""
    import random
    rng = random.Random(29)
    events = 0
    for players, seeds in ((7, 500), (8, 500), (9, 400), (10, 300), (11, 150), (12, 150)):
        for seed in range(seeds):
            rounds = rng.randint(3, min(players - 1, 7))
            e = meta.play_event(_field(players), COIN, seed=seed, rounds=rounds, top_cut=0,
                                draw_rate=rng.choice((0.0, 0.0, 0.15)))
            assert e.unproven_pairings == 0
            for r in range(1, rounds):
                state = _before_round(e, r)
                assert _round_key(e, r, state) == _least_key_exhaustively(state, players), (players, seed, r)
            events += 1
    assert events == 2000


def test_mtr_pairing_seed_54_of_eight_players_pairs_every_group_within_itself():
    """The issue's example: seed 54 of 8 equal decks paired a 1-1 player with a 0-2 player in
    round 3 while (0, 3), (4, 7), (5, 6) pair every group within itself without a rematch."""
    e = meta.play_event(meta.Field.counts({"A": 8}), COIN, seed=54, rounds=3, top_cut=0)
    points, met, _, _ = _before_round(e, 2)
    assert all(points[p] == points[q] and frozenset((p, q)) not in met for p, q, *_ in e.rounds[2])


def test_mtr_pairing_never_two_undefeated_or_winless_after_three_rounds_of_eight():
    """MTR 10.4: 8 players, 3 rounds, no draws: every round pairs within its groups (each
    group of 2-0 or 0-2 players never met), so one player ends 3-0 and one 0-3 — before the
    least-cost pairing, 5.5% of events ended with two of either."""
    for seed in range(2000):
        e = meta.play_event(meta.Field.counts({"A": 8}), COIN, seed=seed, rounds=3, top_cut=0)
        points = [s.match_points for s in e.standings]
        assert points.count(9) == 1 and points.count(0) == 1, seed


def _odd_groups_bound(points: dict, players: list) -> tuple:
    """The fewest pairs outside their group and match points between them for these players
    whatever their rematches: each odd group pairs one player outside; the odd groups paired
    in order of points (first with second...) do both least (points on a line)."""
    groups = sorted({points[p] for p in players}, reverse=True)
    odd = [g for g in groups if sum(points[p] == g for p in players) % 2]
    return len(odd) // 2, sum(odd[i] - odd[i + 1] for i in range(0, len(odd), 2))


def test_mtr_pairing_meets_the_odd_group_bound_on_fields_up_to_64():
    """MTR 10.4 on fields of 13-64 players without draws (too many to pair every way): a round with no
    rematch, the bye to a lowest-ranked player without one, and as few pairs outside their
    group (and match points between them) as the odd groups force is the best pairing; every
    round not at that bound is checked to have no better pairing by exchanging the partners of
    two of its pairs (nor by swapping the bye with a player of a pair)."""
    import random
    rng = random.Random(7)
    at_bound = rounds_seen = 0
    for seed in range(1000):
        players = rng.randint(13, 64)
        rounds = meta.recommended_rounds(players)
        e = meta.play_event(_field(players), COIN, seed=seed, rounds=rounds, top_cut=0)
        assert e.unproven_pairings == 0
        for r in range(1, rounds):
            state = _before_round(e, r)
            points, met, byes, standing = state
            key = _round_key(e, r, state)
            pairs = [(p, q) for p, q, *_ in e.rounds[r] if q is not None]
            bye = [p for p, q, *_ in e.rounds[r] if q is None]
            may = [p for p in points if p not in byes] or list(points)
            rest = [p for p in points if p not in bye]
            rounds_seen += 1
            if (key[0] == 0 and (not bye or key[1] == min(standing[p] for p in may))
                    and key[2:] == _odd_groups_bound(points, rest)):
                at_bound += 1
                continue
            for i, (a, b) in enumerate(pairs):                    # no better exchange of partners
                for c, d in pairs[i + 1:]:
                    now = [x + y for x, y in zip(_pair_key(points, met, a, b), _pair_key(points, met, c, d))]
                    for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
                        alt = [u + v for u, v in zip(_pair_key(points, met, *x), _pair_key(points, met, *y))]
                        assert (alt[0], alt[1], alt[2]) >= (now[0], now[1], now[2]), (seed, r, a, b, c, d)
    assert at_bound > 0.95 * rounds_seen


def _least_perfect_matching_cost(cost) -> int:
    """The least cost of a perfect matching, by every way of pairing the lowest vertex left
    (dynamic programming over the sets of vertices left: 2^n states)."""
    n = len(cost)
    memo = {0: 0}

    def least(left):
        if left not in memo:
            a = (left & -left).bit_length() - 1
            rest = left & ~(1 << a)
            memo[left] = min(cost[a][b] + least(rest & ~(1 << b)) for b in range(n) if rest >> b & 1)
        return memo[left]
    return least((1 << n) - 1)


def test_mtr_pairing_blossom_matching_is_least_cost_on_random_small_graphs():
    """MTR 10.4's pairing is a minimum-cost perfect matching: the exact matching that decides
    the rounds the search does not prove (kernels/blossom.pxi, Edmonds' weighted blossom
    algorithm) gives a perfect matching of the least cost on 3,000 random complete graphs of
    2-12 vertices, against every perfect matching — costs from 0-1 (mostly ties) to 0-10^12,
    and of the pairing's kind (rematches, groups apart)."""
    import random
    from mtgsim import _meta
    rng = random.Random(10)
    kinds = 0
    for trial in range(3000):
        n = 2 * rng.randint(1, 6)
        kind = trial % 4
        if kind == 3:                                             # Swiss-like: groups, rematches
            group = [rng.randint(0, 4) for _ in range(n)]
            c = [[0 if group[a] == group[b] else 100 + abs(group[a] - group[b]) for b in range(n)]
                 for a in range(n)]
            for a in range(n):
                for b in range(a):
                    if rng.random() < 0.3:
                        c[a][b] = c[b][a] = c[a][b] + 10**6
        else:
            hi = (1, 9, 10**12)[kind]
            c = [[0] * n for _ in range(n)]
            for a in range(n):
                for b in range(a):
                    c[a][b] = c[b][a] = rng.randint(0, hi)
        mate = _meta.min_cost_perfect_matching(c)
        assert sorted(mate) == list(range(n)) and all(mate[mate[a]] == a != mate[a] for a in range(n))
        assert sum(c[a][mate[a]] for a in range(n)) // 2 == _least_perfect_matching_cost(c), (trial, c)
        kinds += 1
    assert kinds == 3000


def test_mtr_pairing_blossom_matching_costs_what_the_branch_and_bound_proves_with_draws():
    """MTR 10.4 with draws, 7-256 players: in every Swiss round of seeded events the exact
    matching's pairing costs the same as the branch and bound's (rematches, bye class, pairs
    outside their group, match points between them: one lexicographic integer) wherever the
    search proved its pairing the least-cost, and never more where it did not; and no round is
    left unproven."""
    import numpy as np
    from mtgsim import _meta
    proved = not_proved = 0
    for players, seeds in ((7, 60), (8, 60), (9, 60), (12, 40), (16, 40), (25, 30), (33, 20),
                           (64, 10), (101, 4), (256, 3)):
        rounds = min(meta.recommended_rounds(players) + 1, players - 1)
        arch = np.zeros(players, dtype=np.int32)
        for seed in range(seeds):
            for draws in (0.05, 0.15):
                log, unproven = _meta.pairing_log(arch, np.full((1, 1), 0.5), rounds, 3, draws,
                                                  np.random.default_rng([players, seed]))
                assert unproven == 0
                for r, (ok, search, exact) in enumerate(log):
                    assert exact >= 0
                    if ok:
                        assert exact == search, (players, seed, draws, r)
                        proved += 1
                    else:
                        assert exact <= search, (players, seed, draws, r)
                        not_proved += 1
    assert proved > 1000 and not_proved > 0


@pytest.mark.parametrize("players", [7, 16, 33, 64, 128, 256, 511, 512])
def test_mtr_pairing_with_draws_leaves_no_round_unproven(players):
    """MTR 10.4: with draws the search does not always prove its pairing the least-cost within
    its budget (6% of rounds at 256 players with 5% draws); the exact matching then pairs the
    round, so that every round of every event is the proved least-cost pairing: no
    unproven_pairings, and the same figures for any number of threads — up to the matching's
    largest field, 512 players (511: 512 vertices with the bye's)."""
    from mtgsim import _meta
    assert _meta.BLOSSOM_PLAYERS == 512
    events = max(2, 4096 // players)
    kw = dict(events=events, seed=3, progress=False, top_cut=0)
    for draws in (0.05, 0.10, 0.25):
        one = meta.simulate_events(_field(players), COIN, draw_rate=draws, threads=1, **kw)
        two = meta.simulate_events(_field(players), COIN, draw_rate=draws, threads=2, **kw)
        assert one.unproven_pairings == two.unproven_pairings == 0
        assert one.to_dict() == two.to_dict()
    assert meta.play_event(_field(players), COIN, seed=5, draw_rate=0.15, top_cut=0).unproven_pairings == 0


@pytest.mark.parametrize("value", [0.7, 0.3, (0.6, 0.5), [0.5, 0.6]])
def test_a_mirror_matchup_other_than_even_is_refused(value):
    """A deck against itself wins exactly half its games (one of its two players wins each):
    "A vs A" = 0.7 is refused, naming the cell; 0.5, or (p on the play, 1 - p on the draw),
    is accepted."""
    with pytest.raises(ArgumentError, match="Matchups: A vs A: a mirror match is even"):
        meta.Matchups({("A", "A"): value})
    assert meta.Matchups({("A", "A"): 0.5}).p("A", "A") == 0.5
    assert meta.Matchups({("A", "A"): (0.6, 0.4)}).p("A", "A") == pytest.approx(0.5)


def test_a_mirror_cell_of_a_matchup_table_other_than_even_is_refused(tmp_path):
    """The diagonal of a matchup CSV: empty or 0.5 (or PLAY/DRAW summing to 1); 0.7 is refused
    with the file, line and cell."""
    f = tmp_path / "mu.csv"
    f.write_text(",A,B\nA,0.5,0.6\nB,0.4,0.45/0.55\n")
    assert meta.Matchups.from_csv(f).p("B", "B") == pytest.approx(0.5)
    f.write_text(",A,B\nA,,0.6\nB,0.4,0.7\n")
    with pytest.raises(ArgumentError, match="mu.csv, line 3, B vs B: a mirror match is even"):
        meta.Matchups.from_csv(f)


def test_every_setting_of_simulate_events_is_recorded_in_every_output(tmp_path):
    """Every argument of simulate_events that changes the figures (all but threads and
    progress: the same numbers for any number of threads) is recorded by its name in the
    JSON and, with its value, in the CSV's columns or rows and in the summary's header — a new
    argument not recorded fails here. The tournament JSON had no draw settings."""
    import csv
    import inspect
    import json
    field = meta.Field.counts({"Red": 5, "Blue": 4})
    mu = meta.Matchups({("Red", "Blue"): (0.6, 0.55)})
    kw = dict(events=64, best_of=1, rounds=4, top_cut=4, draw_rate=0.05, intentional_draws=True, seed=11,
              matchup_uncertainty=False)
    args = set(inspect.signature(meta.simulate_events).parameters) - {"threads", "progress"}
    assert args == {"field", "matchups", *kw}
    r = meta.simulate_events(field, mu, progress=False, **kw)
    r.to_json(tmp_path / "r.json")
    d = json.loads((tmp_path / "r.json").read_text())
    assert args <= set(d)
    assert {k: d[k] for k in kw} == kw
    assert d["field"] == {"Red": 5, "Blue": 4}
    assert d["matchups"]["Red"]["Blue"] == pytest.approx(0.6) and d["matchups"]["Blue"]["Red"] == pytest.approx(0.45)
    r.to_csv(tmp_path / "r.csv")
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    for k, v in kw.items():
        assert {row[k] for row in rows} == {str(v)}, k
    assert {row["archetype"]: row["players"] for row in rows} == {"Red": "5", "Blue": "4"}
    assert [row["value"] for row in rows if row["archetype"] == "Red" and row["figure"] == "p_game_on_play_vs:Blue"] \
        == ["0.6"]
    head = r.summary().splitlines()[:2]
    assert head[0] == ("64 events of 9 players: 4 Swiss rounds, best of 1, top 4; seed 11; unintentional draws in "
                       "0.05 of matches, intentional draws in the final round; 95% intervals")
    assert head[1] == ("  field: Red 5, Blue 4; matchups (P(first wins a game)): Red vs Blue 0.6 on the play/0.55 on "
                       "the draw; every other pair 0.5")
    plain = meta.simulate_events(field, COIN, events=64, seed=1, rounds=3, progress=False).summary()
    assert "; seed 1; no draws; 95% intervals" in plain and "matchups: every pair 0.5" in plain
