"""Instructions per goldfish game, counted by valgrind's callgrind: a deterministic figure
for judging a change to the turn loop (timings on shared machines move by 5-10% between
runs; instruction counts by well under 1%).

    python benchmarks/instructions.py                  # W1, the Henge deck, the Fire Crystal deck
    python benchmarks/instructions.py mono_green_henge --games 4000 --functions 25
    python benchmarks/instructions.py benchmarks/decks/modern_burn.txt
    python benchmarks/instructions.py --all            # every example and real deck: a Markdown table
    python benchmarks/instructions.py swiss256         # a tournament: instructions per event

A workload is w1, a bundled example's name, or a decklist file (such as the real decks of
benchmarks/decks/), whose cards are read from --cards FILE (a bulk card file; by default the
oracle corpus of tests/corpus.py, where it is cached) besides mtgsim's own. Every deck plays
10 turns, London mulligan (simulate's default), seed 1, one thread.

Counts the goldfish's own work: play_game and what it calls (inclusive), per game, and with
--functions N the N costliest functions it calls. `swiss256` counts the tournament kernel's
instead, per event (run_chunk: 256 players, 8 Swiss rounds and a top 8, best of three, the
field and matchups of benchmarks/test_bench_meta.py, seed 1, one thread). Needs valgrind (callgrind_annotate) and the
package importable (an installed build, or PYTHONPATH=src after an in-place build).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DECKS = HERE / "decks"                  # the real decks, one per format
FORMATS = ("standard", "pioneer", "modern", "legacy", "pauper", "commander")

WORKLOAD = """
import sys
sys.path.insert(0, sys.argv[3])
from mtgsim import Deck, MulliganPolicy, card_db, simulate
from mtgsim.cli import example_decks
from test_bench_simulate import TEST, W1      # the benchmarks' own W1
name, games, path, cards = sys.argv[1], int(sys.argv[2]), sys.argv[4], sys.argv[5]
if name == "swiss256":
    from mtgsim import meta
    from test_bench_meta import MU, _field
    meta.simulate_events(_field(256), MU, events=games, rounds=8, top_cut=8, seed=1, threads=1, progress=False)
elif name == "w1":
    simulate(W1, games=games, turns=3, seed=1, threads=1, mulligan=MulliganPolicy.never(), track=[TEST])
elif path:
    deck = Deck.from_file(path, db=card_db(cards) if cards else card_db())
    simulate(deck, games=games, turns=10, seed=1, threads=1)
else:
    simulate(Deck.from_file(example_decks()[name]), games=games, turns=10, seed=1, threads=1)
"""
DEFAULT_GAMES = {"w1": 40_000, "mono_green_henge": 2_000, "red_fire_crystal": 4_000}
TOURNAMENT = "swiss256"         # counted per event, in the tournament kernel
TOURNAMENT_EVENTS = 256
OTHER_GAMES = 1_000         # any other deck: under valgrind a few seconds to a minute each


@dataclass
class Workload:
    """What one count plays: w1, a bundled example, or a decklist file (`path`) whose cards
    come from `cards` (a small bulk file cut from --cards) besides mtgsim's own."""
    name: str
    path: str = ""
    cards: str = ""
    format: str = ""
    size: int = 0


def corpus_default() -> Path | None:
    """The oracle corpus where tests/corpus.py caches it, if it is there."""
    sys.path.insert(0, str(HERE.parent / "tests"))
    try:
        from corpus import cache_dir
    finally:
        sys.path.pop(0)
    path = cache_dir() / "oracle_corpus.json"
    return path if path.exists() else None


def cut_cards(records: list[dict], deck_path: Path, tmp: str) -> str:
    """A bulk file of the records of `records` whose name (or front face's) occurs in the
    deck file: under valgrind, reading all 35,000 cards of the corpus would take a quarter of
    an hour, and a card's definition is read from its own record alone. Names that occur
    only inside longer lines are kept too; an extra card changes nothing in the deck."""
    from mtgsim.cards import normalize_name
    text = normalize_name(deck_path.read_text(encoding="utf-8-sig", errors="replace").replace("\n", " | "))
    kept = [r for r in records if isinstance(r, dict) and isinstance(r.get("name"), str)
            and (normalize_name(r["name"]) in text or normalize_name(r["name"].split(" // ")[0]) in text)]
    out = os.path.join(tmp, f"{deck_path.stem}.cards.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(kept, f)
    return out


def deck_format(deck, path: Path, bundled: bool) -> str:
    """The format a deck is for: a real deck's file name starts with it (modern_burn.txt);
    a bundled example names none, so it is "Commander" or "constructed" by its shape."""
    word = path.stem.split("_")[0].lower()
    if not bundled and word in FORMATS:
        return word.capitalize()
    return "Commander" if deck.commander else "constructed"


def resolve(names: list[str], cards: Path | None, tmp: str) -> list[Workload]:
    """The workloads named, each deck read here first (outside valgrind) so that a bad name,
    a missing file or a faulty list stops the run at once, with a one-line error."""
    from mtgsim import Deck, card_db
    from mtgsim.cli import example_decks
    from mtgsim.errors import MtgsimError
    examples = example_decks()
    records = None
    found = []
    for name in names:
        if name in ("w1", TOURNAMENT):
            found.append(Workload(name))
            continue
        bundled = name in examples
        if not bundled and not name.endswith((".txt", ".dek")) and not os.path.exists(name):
            sys.exit(f"unknown workload {name!r}: give w1, {TOURNAMENT}, a bundled example "
                     f"({', '.join(examples)}) or a decklist file")
        path = examples[name] if bundled else Path(name)
        if not path.is_file():
            sys.exit(f"{name}: no such decklist file")
        w = Workload(path.stem, path="" if bundled else str(path))
        try:
            if bundled:
                deck = Deck.from_file(path)
            else:
                if cards is not None and records is None:
                    records = json.loads(cards.read_text(encoding="utf-8"))
                w.cards = cut_cards(records, path, tmp) if records is not None else ""
                deck = Deck.from_file(path, db=card_db(w.cards) if w.cards else card_db())
        except (MtgsimError, OSError, ValueError) as e:
            hint = "" if bundled or cards else " (no --cards FILE given, and no oracle corpus cached)"
            sys.exit(f"{path}{hint}: {e}")
        w.format, w.size = deck_format(deck, path, bundled), len(deck)
        found.append(w)
    return found


def count(w: Workload, games: int, functions: int) -> float:
    """Prints and returns the instructions per game of one workload."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")      # (an idle BLAS thread spins)
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                              "-c", WORKLOAD, w.name, str(games), str(HERE), w.path, w.cards],
                             env=env, capture_output=True, text=True)
        if run.returncode != 0:         # (the simulator's own error, not valgrind's chatter)
            tail = [ln for ln in run.stderr.splitlines() if not ln.startswith("==")][-5:]
            sys.exit(f"{w.path or w.name}: the workload failed (exit {run.returncode}):\n" + "\n".join(tail))
        annotate = ["callgrind_annotate", "--inclusive=yes", "--threshold=100", "--auto=no", out]
        report = subprocess.run(annotate, check=True, capture_output=True, text=True).stdout
    module, root, unit = ("meta", "run_chunk", "event") if w.name == TOURNAMENT else ("core", "play_game", "game")
    inclusive = {}                      # per function of the module (specialised copies merged)
    for line in report.splitlines():
        m = re.match(rf"\s*([\d,]+)\s+\(?[\d.%)\s]*\S*_{module}\.c:__pyx_f_6mtgsim_5_{module}_(\w+)", line)
        if m:
            n = int(m.group(1).replace(",", ""))
            inclusive[m.group(2)] = max(n, inclusive.get(m.group(2), 0))
    total = inclusive.pop(root, None)
    if total is None:
        sys.exit(f"{w.name}: no {root} in callgrind's report (is mtgsim's {module} importable?)")
    print(f"{w.name}: {total / games:,.0f} instructions per {unit}", flush=True)
    for f, n in sorted(inclusive.items(), key=lambda kv: -kv[1])[:functions]:
        print(f"  {n / games:>10,.0f}  {f}")
    return total / games


def table(rows: list[tuple[Workload, float]]) -> str:
    """The Markdown table of --all."""
    lines = ["| deck | format | cards | instructions per game (10 turns) |",
             "| --- | --- | ---: | ---: |"]
    for w, per_game in rows:
        shown = f"benchmarks/decks/{Path(w.path).name}" if w.path else f"{w.name} (bundled example)"
        lines.append(f"| {shown} | {w.format} | {w.size} | {per_game:,.0f} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("workloads", nargs="*",
                    help="w1, swiss256 (a tournament), bundled example deck names, or decklist files "
                         "(default: w1 and the two W2 decks)")
    ap.add_argument("--all", action="store_true",
                    help="every bundled example and every deck in benchmarks/decks/, then a Markdown table")
    ap.add_argument("--cards", metavar="FILE",
                    help="a bulk card file for the decklist files' cards (default: the oracle corpus "
                         "cached by tests/corpus.py, if it is there)")
    ap.add_argument("--games", type=int, help="games per workload (default: a few seconds' worth)")
    ap.add_argument("--functions", type=int, default=0, help="also list the N costliest callees")
    args = ap.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        sys.exit("needs valgrind and callgrind_annotate (e.g. apt install valgrind)")
    if args.games is not None and args.games < 1:
        sys.exit(f"--games must be at least 1, got {args.games}")
    if args.cards is not None and not Path(args.cards).is_file():
        sys.exit(f"--cards {args.cards}: no such file")
    cards = Path(args.cards) if args.cards else corpus_default()
    names = list(args.workloads)
    if args.all:
        from mtgsim.cli import example_decks
        names += list(example_decks()) + [str(p) for p in sorted(DECKS.glob("*.txt"))]
    names = names or list(DEFAULT_GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [(w, count(w, args.games or DEFAULT_GAMES.get(w.name, TOURNAMENT_EVENTS if w.name == TOURNAMENT
                                                              else OTHER_GAMES), args.functions))
                for w in resolve(names, cards, tmp)]
    if args.all:
        print()
        print(table([(w, n) for w, n in rows if w.name != "w1"]))


if __name__ == "__main__":
    main()
