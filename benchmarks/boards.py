"""Random realistic boards for the batch benchmarks (shared by the benchmark files)."""
import numpy as np

from mtgsim.batch import BoardBatch
from mtgsim import card_db
from mtgsim.compile import compile_cards

# Cards and how often each appears (mostly lands, as on real boards).
WEIGHTS = {"Forest": 6, "Mountain": 6, "Island": 2, "Plains": 2, "Swamp": 2, "Stomping Ground": 2,
           "Rootbound Crag": 2, "Llanowar Elves": 2, "Birds of Paradise": 1, "Sol Ring": 1,
           "Grizzly Bears": 2, "Goblin Piker": 2, "Maro": 1, "The Fire Crystal": 0.3,
           "Gruul Signet": 0.5}
BOARD_CARDS = list(WEIGHTS)


def random_boards(n: int, seed: int = 0, lo: int = 10, hi: int = 20, cards=BOARD_CARDS) -> BoardBatch:
    """n boards of lo..hi permanents each, mostly lands, a third tapped, some summoning sick."""
    tables = compile_cards(card_db().resolve(cards + ["The Great Henge"]))
    rng = np.random.default_rng(seed)
    b = BoardBatch(tables, n, hi)
    rows = np.array([tables.row(c) for c in cards], dtype=np.int32)
    weights = np.array([WEIGHTS.get(c, 1.0) for c in cards])
    weights = weights / weights.sum()
    counts = rng.integers(lo, hi + 1, size=n).astype(np.int32)
    used = np.arange(hi)[None, :] < counts[:, None]
    p = b.permanents
    p["card"] = np.where(used, rng.choice(rows, size=(n, hi), p=weights), 0)
    p["object_id"] = np.arange(hi)[None, :] + 1
    p["controller"] = np.where(used & (rng.random((n, hi)) < 0.2), 1, 0)
    p["flags"] = np.where(used & (rng.random((n, hi)) < 0.3), 1, 0)
    p["controlled_since"] = np.where(rng.random((n, hi)) < 0.2, 1, -1)
    b.count[:] = counts
    b.hand_size[:, 0] = rng.integers(0, 8, size=n)
    return b
