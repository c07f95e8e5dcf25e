"""Capture hashes: one hash per workload of everything the simulator and the batch kernels
output, for checking that a change of code leaves results identical bit for bit.

    python benchmarks/capture.py > before.txt      # (PYTHONPATH=src after an in-place build)
    ... change the code, rebuild ...
    python benchmarks/capture.py | diff before.txt -

Workloads: every bundled example deck (simulate with and without shortcuts, on the play and
on the draw, and traces), W1, random decks drawn from the curated database, and random
boards through the batch kernels and the payment planner.
"""
import hashlib
import sys
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from boards import random_boards  # noqa: E402
from test_bench_simulate import TEST, W1  # noqa: E402

from mtgsim import Deck, MulliganPolicy, card_db, simulate  # noqa: E402
import mtgsim  # noqa: E402
from mtgsim import _core  # noqa: E402
from mtgsim.batch import evaluate_boards  # noqa: E402
from mtgsim.cli import example_decks  # noqa: E402
from mtgsim.simulate import game_setup, chunk_generator, trace  # noqa: E402

warnings.simplefilter("ignore", mtgsim.UnmodeledTextWarning)   # (the hashes are the output)


def digest(*parts) -> str:
    h = hashlib.sha256()
    for p in parts:
        if isinstance(p, np.ndarray):
            h.update(np.ascontiguousarray(p).tobytes())
        elif isinstance(p, dict):
            for k in sorted(p):
                h.update(k.encode())
                h.update(np.ascontiguousarray(p[k]).tobytes())
        else:
            h.update(str(p).encode())
    return h.hexdigest()[:16]


# Metrics appended to the row after these hashes were first taken: hashed on lines of their own,
# so the lines of the metrics before them stay comparable with older captures.
ADDED_METRICS = ("kept_lands", "mulliganed_lands")     # session 28: the hands' lands


def metrics(res) -> dict:
    return {k: v for k, v in res.metrics.items() if k not in ADDED_METRICS}


def added_metrics(res) -> dict:
    return {k: res.metrics[k] for k in ADDED_METRICS}


def without_shortcuts(deck, games, turns, seed) -> dict:
    """The goldfish's slow reference path (no shortcuts), raw metric rows."""
    st = game_setup(deck, turns, True, None, None, ())
    spec = _core.without_shortcuts(st.spec)
    size = _core.metric_offsets(len(st.tracked), turns)["size"][0]
    out = np.zeros((1, size), dtype=np.int64)
    _core.run_chunks(spec, [chunk_generator(np.random.SeedSequence(seed), 0)],
                     np.array([games], dtype=np.int64), out, 1)
    first_added = min(_core.metric_offsets(len(st.tracked), turns)[k][0] for k in ADDED_METRICS)
    return {"out": np.ascontiguousarray(out[:, :first_added])}


def random_decks(n: int, seed: int):
    """Decks of 60 drawn at random from the curated database (lands and spells)."""
    db = card_db()
    cards = sorted(db)
    rng = np.random.default_rng(seed)
    for k in range(n):
        lands = [c for c in cards if db[c].is_land]
        spells = [c for c in cards if not db[c].is_land and not db[c].token]
        pick = {}
        for name in rng.choice(lands, 6):
            pick[name] = pick.get(name, 0) + 4
        for name in rng.choice(spells, 9):
            pick[name] = pick.get(name, 0) + 4
        yield f"random_{k}", Deck(pick)


def main() -> None:
    for name, path in sorted(example_decks().items()):
        deck = Deck.from_file(path)
        for on_play in (True, False):
            res = simulate(deck, games=3000, turns=10, seed=7, on_play=on_play, threads=2)
            print(f"{name} simulate on_play={on_play}: {digest(metrics(res))}")
            print(f"{name} simulate on_play={on_play} hands' lands: {digest(added_metrics(res))}")
        print(f"{name} without shortcuts: {digest(without_shortcuts(deck, 500, 10, 7))}")
        print(f"{name} trace: {digest(trace(deck, games=10, turns=10, seed=3))}")
    res = simulate(W1, games=20000, turns=3, seed=1, threads=1, mulligan=MulliganPolicy.never(), track=[TEST])
    print(f"w1: {digest(metrics(res))}")
    for name, deck in random_decks(30, 2026):
        res = simulate(deck, games=300, turns=8, seed=5, threads=1)
        print(f"{name}: {digest(metrics(res))} trace {digest(trace(deck, games=3, turns=8, seed=5))}")
    for lo, hi in ((3, 5), (10, 20), (40, 60)):
        batch = random_boards(500, seed=hi, lo=lo, hi=hi)
        for cardname in ("Llanowar Elves", "The Great Henge", "Goblin Piker"):
            r = evaluate_boards(batch, cardname)
            print(f"boards {lo}-{hi} {cardname}: "
                  f"{digest(r.total_cost_table, r.mana, r.could_produce, r.castable, r.fault)}")


if __name__ == "__main__":
    main()
