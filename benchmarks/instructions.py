"""Instructions per goldfish game, counted by valgrind's callgrind: a deterministic figure
for judging a change to the turn loop (timings on shared machines move by 5-10% between
runs; instruction counts by well under 1%).

    python benchmarks/instructions.py                  # W1, the Henge deck, the Fire Crystal deck
    python benchmarks/instructions.py mono_green_henge --games 4000 --functions 25

Counts the goldfish's own work: play_game and what it calls (inclusive), per game, and with
--functions N the N costliest functions it calls. Needs valgrind (callgrind_annotate) and the
package importable (an installed build, or PYTHONPATH=src after an in-place build).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

WORKLOAD = """
import sys
sys.path.insert(0, sys.argv[3])
from mtgsim import Deck, MulliganPolicy, simulate
from mtgsim.cli import example_decks
from test_bench_simulate import TEST, W1      # the benchmarks' own W1
name, games = sys.argv[1], int(sys.argv[2])
if name == "w1":
    simulate(W1, games=games, turns=3, seed=1, threads=1, mulligan=MulliganPolicy.never(), track=[TEST])
else:
    simulate(Deck.from_file(example_decks()[name]), games=games, turns=10, seed=1, threads=1)
"""
DEFAULT_GAMES = {"w1": 40_000, "mono_green_henge": 2_000, "red_fire_crystal": 4_000}


def count(name: str, games: int, functions: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")      # (an idle BLAS thread spins)
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                        "-c", WORKLOAD, name, str(games), os.path.dirname(os.path.abspath(__file__))],
                       env=env, check=True, capture_output=True)
        annotate = ["callgrind_annotate", "--inclusive=yes", "--threshold=100", "--auto=no", out]
        report = subprocess.run(annotate, check=True, capture_output=True, text=True).stdout
    inclusive = {}                      # per function of the core (specialised copies merged)
    for line in report.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\(?[\d.%)\s]*\S*_core\.c:__pyx_f_6mtgsim_5_core_(\w+)", line)
        if m:
            n = int(m.group(1).replace(",", ""))
            inclusive[m.group(2)] = max(n, inclusive.get(m.group(2), 0))
    total = inclusive.pop("play_game", None)
    if total is None:
        sys.exit(f"{name}: no play_game in callgrind's report (is mtgsim's core importable?)")
    print(f"{name}: {total / games:,.0f} instructions per game")
    for f, n in sorted(inclusive.items(), key=lambda kv: -kv[1])[:functions]:
        print(f"  {n / games:>10,.0f}  {f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("workloads", nargs="*", default=list(DEFAULT_GAMES),
                    help="w1, or bundled example deck names (default: w1 and the two W2 decks)")
    ap.add_argument("--games", type=int, help="games per workload (default: a few seconds' worth)")
    ap.add_argument("--functions", type=int, default=0, help="also list the N costliest callees")
    args = ap.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        sys.exit("needs valgrind and callgrind_annotate (e.g. apt install valgrind)")
    for name in args.workloads:
        count(name, args.games or DEFAULT_GAMES.get(name, 2_000), args.functions)


if __name__ == "__main__":
    main()
