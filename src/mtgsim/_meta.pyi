"""Type stubs for the compiled tournament core, mtgsim._meta: every public name
(tests/test_stubs.py checks that none is missing). The events it plays: mtgsim.meta."""
import numpy as np

BLOSSOM_PLAYERS: int
MAX_PLAYERS: int
MAX_ROUNDS: int


def out_layout(arch_n: int, rounds: int) -> dict[str, tuple[int, int]]: ...
def play_events(arch: np.ndarray, tables: np.ndarray, rounds: int, best_of: int, top_cut: int, draw_rate: float,
                intentional_draws: bool, generators: list, events: np.ndarray, out: np.ndarray,
                threads: int = 1) -> None: ...
def play_one(arch: np.ndarray, tables: np.ndarray, rounds: int, best_of: int, top_cut: int, draw_rate: float,
             intentional_draws: bool, generator: np.random.Generator) -> tuple: ...
def pairing_log(arch: np.ndarray, p_play: np.ndarray, rounds: int, best_of: int, draw_rate: float,
                generator: np.random.Generator) -> tuple[np.ndarray, int]: ...
def min_cost_perfect_matching(cost: np.ndarray) -> np.ndarray: ...
