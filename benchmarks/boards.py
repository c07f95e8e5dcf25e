"""Random realistic boards for the batch benchmarks (shared by the benchmark files)."""
import numpy as np

from mtgsim.batch import BoardBatch
from mtgsim.compile import compile_cards

BOARD_CARDS = ["Forest", "Mountain", "Island", "Plains", "Swamp", "Stomping Ground",
               "Rootbound Crag", "Llanowar Elves", "Birds of Paradise", "Sol Ring",
               "Grizzly Bears", "Goblin Piker", "Maro", "The Fire Crystal", "Gruul Signet"]


def random_boards(n: int, seed: int = 0, lo: int = 10, hi: int = 20, cards=BOARD_CARDS) -> BoardBatch:
    """n boards of lo..hi permanents each, mostly lands, a third tapped, some summoning sick."""
    tables = compile_cards(cards + ["The Great Henge"])
    rng = np.random.default_rng(seed)
    b = BoardBatch(tables, n, hi)
    rows = np.array([tables.row(c) for c in cards], dtype=np.int32)
    weights = np.array([6, 6, 2, 2, 2, 2, 2, 2, 1, 1, 2, 2, 1, 0.3, 0.5])
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
