"""Best of three with sideboards in the tournament kernel: game 1 at the game-1 figures, the
games after it at the post-sideboard ones (MTR 3.16: a sideboard is used in the games after the
first of a match), the loser of a game on the play in the next (MTR 2.2); and each chunk of
events at its own matchups (matchup_uncertainty draws one pair of tables per chunk)."""
import numpy as np
import pytest

from mtgsim import _meta
from mtgsim.runner import chunk_generator

ARCH = np.array([0, 1], dtype=np.int32)          # two players, archetypes 0 and 1: one match


def tables(game1: float, post: float) -> np.ndarray:
    """[2, 2, 2]: P(row wins a game on the play against column), game 1 then games 2 and 3."""
    return np.array([[[0.5, game1], [1 - game1, 0.5]], [[0.5, post], [1 - post, 0.5]]])


def match_wins(t: np.ndarray, events: int, seed: int = 1) -> float:
    """The share of one-round events of two players won by archetype 0 (no top cut: the
    standings' first wins), at tables t ([2, 2, 2], or [chunks, 2, 2, 2] one per chunk)."""
    chunks = 1 if t.ndim == 3 else t.shape[0]
    t4 = np.ascontiguousarray(t if t.ndim == 4 else t[None], dtype=np.float64)
    layout = _meta.out_layout(2, 1)
    out = np.zeros((chunks, layout["size"][0]), dtype=np.int64)
    counts = np.full(chunks, events, dtype=np.int64)
    root = np.random.SeedSequence(seed)
    _meta.play_events(ARCH, t4, 1, 3, 0, 0.0, False, [chunk_generator(root, c) for c in range(chunks)],
                      counts, out)
    off = layout["win"][0]
    return out[:, off] / events


@pytest.mark.parametrize("p1, p2", [(0.7, 0.4), (0.3, 0.8), (0.5, 0.5)])
def test_mtr_3_16_games_two_and_three_at_the_post_sideboard_figure(p1, p2):
    """A best-of-three match (MTR 2.3: the first to two wins) with game 1 won at p1 and games
    2 and 3 at p2: won with p1 p2 (2 - p2) + (1 - p1) p2² exactly."""
    exact = p1 * p2 * (2 - p2) + (1 - p1) * p2 * p2
    n = 200_000
    got = match_wins(tables(p1, p2), n)[0]
    assert abs(got - exact) < 4 * np.sqrt(exact * (1 - exact) / n)


def test_mtr_2_2_after_game_one_each_player_starts_one_of_games_two_and_three():
    """Post-sideboard games on the play/on the draw: the loser of a game plays first in the
    next (MTR 2.2), so of games 2 and 3 each player starts one. With archetype 0 winning game 1
    at p1, and after sideboarding winning on the play at qa and on the draw at 1 - qb: it wins
    the match with p1 (1 - qb (1 - qa)) + (1 - p1) qa (1 - qb), exactly (0.582 here; the
    first player of games 2 and 3 drawn at random instead would give 0.55)."""
    p1, qa, qb = 0.6, 0.9, 0.9
    t = np.array([[[0.5, p1], [1 - p1, 0.5]], [[0.5, qa], [qb, 0.5]]])
    exact = p1 * (1 - qb * (1 - qa)) + (1 - p1) * qa * (1 - qb)
    n = 400_000
    got = match_wins(t, n)[0]
    assert abs(got - exact) < 4 * np.sqrt(exact * (1 - exact) / n)


def test_each_chunk_plays_at_its_own_tables():
    """Tables [chunks, 2, arch, arch]: chunk c's events at its own (matchup_uncertainty draws
    one per chunk): archetype 0 wins every event of a chunk at 1.0 and none at 0.0."""
    t = np.stack([tables(1.0, 1.0), tables(0.0, 0.0), tables(1.0, 0.0)])
    got = match_wins(t, 500)
    assert got[0] == 1.0 and got[1] == 0.0
    # game 1 always won, games 2 and 3 always lost: the match is lost (1-2)
    assert got[2] == 0.0


def test_tables_of_the_wrong_shape_are_refused():
    with pytest.raises(ValueError, match="one pair of matchup tables, or one per generator"):
        _meta.play_events(
            ARCH, np.stack([tables(0.5, 0.5)] * 3), 1, 3, 0, 0.0, False,
            [chunk_generator(np.random.SeedSequence(1), c) for c in range(2)], np.full(2, 5, dtype=np.int64),
            np.zeros((2, _meta.out_layout(2, 1)["size"][0]), dtype=np.int64))
    with pytest.raises(ValueError, match="game 1's and games 2 and 3's"):
        _meta.play_events(ARCH, np.zeros((1, 3, 2, 2)), 1, 3, 0, 0.0, False,
                          [chunk_generator(np.random.SeedSequence(1), 0)], np.full(1, 5, dtype=np.int64),
                          np.zeros((1, _meta.out_layout(2, 1)["size"][0]), dtype=np.int64))


def test_simulate_events_plays_games_two_and_three_at_the_matchups_post_board_figures(tmp_path):
    """Matchups(..., post_board=...) through simulate_events: a one-round event of two players
    is won by A with p1 p2 (2 - p2) + (1 - p1) p2² (MTR 3.16), and every output says so."""
    import json

    from mtgsim import meta
    mu = meta.Matchups({("A", "B"): 0.7}, post_board={("A", "B"): 0.4})
    res = meta.simulate_events(meta.Field.counts({"A": 1, "B": 1}), mu, events=100_000, rounds=1, top_cut=0,
                               seed=2, progress=False)
    exact = 0.7 * 0.4 * 1.6 + 0.3 * 0.16
    e = res.p_win("A")
    assert e.low <= exact <= e.high
    assert "games 2 and 3 (after sideboarding): A vs B 0.4" in res.summary()
    res.to_json(tmp_path / "r.json")
    assert json.loads((tmp_path / "r.json").read_text())["matchups_post_board"]["A"]["B"] == pytest.approx(0.4)
    res.to_csv(tmp_path / "r.csv")
    assert "p_post_board_game_on_play_vs:B,0.4" in (tmp_path / "r.csv").read_text()
