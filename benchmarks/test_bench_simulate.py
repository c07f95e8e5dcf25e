"""Goldfish speed: games per second for W1 (with the C floor of ../shared/bench measured in
the same run) and W2, and how time per game grows with turns and deck size.

    pip install -e ".[bench]" && pytest benchmarks/test_bench_simulate.py -q --benchmark-only
"""
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from mtgsim import Deck, MulliganPolicy, card, card_db, simulate
from mtgsim.cli import example_decks

FLOOR = Path(__file__).resolve().parents[2] / "shared" / "bench" / "floor_w1.c"
TEST = card("Test Sorcery", "{1}{G}{G}", "Sorcery")
W1 = Deck({"Forest": 14, "Wastes": 10, card("Big Spell", "{6}{G}", "Sorcery"): 36})


def _games_per_second(benchmark, games, **kwargs):
    benchmark.pedantic(simulate, args=(kwargs.pop("deck"),), kwargs={"games": games, **kwargs},
                       rounds=3, iterations=1)
    benchmark.extra_info["games_per_second"] = games / benchmark.stats.stats.min


@pytest.mark.skipif(not FLOOR.exists() or shutil.which("gcc") is None, reason="needs ../shared/bench and gcc")
def test_c_floor_w1(benchmark):
    """The yardstick: a minimal C loop answering W1 (see ../shared/bench/README.md)."""
    exe = Path(tempfile.mkdtemp()) / "floor_w1"
    subprocess.run(["gcc", "-O3", "-march=native", "-o", str(exe), str(FLOOR)], check=True)
    out = benchmark.pedantic(lambda: subprocess.run([str(exe), "20000000"], capture_output=True, text=True).stdout,
                             rounds=1, iterations=1)
    fields = dict(kv.split("=") for kv in out.split())
    benchmark.extra_info["games_per_second"] = float(fields["games_per_sec"])


@pytest.mark.parametrize("threads", [1, 2])
def test_w1(benchmark, threads):
    _games_per_second(benchmark, 1_000_000, deck=W1, turns=3, seed=1, threads=threads,
                      mulligan=MulliganPolicy.never(), track=[TEST])


@pytest.mark.parametrize("example", ["mono_green_henge", "red_fire_crystal"])
def test_w2(benchmark, example):
    deck = Deck.from_file(example_decks()[example])
    _games_per_second(benchmark, 20_000, deck=deck, turns=10, seed=1, threads=1)


REAL_DECKS = sorted((Path(__file__).resolve().parent / "decks").glob("*.txt"))


def _bench_deck(name: str) -> Deck:
    """A bundled example, or a real deck of benchmarks/decks read with the oracle corpus's
    records of its cards (as benchmarks/instructions.py reads it)."""
    if name in example_decks():
        return Deck.from_file(example_decks()[name])
    from instructions import corpus_default, cut_cards
    corpus = corpus_default()
    if corpus is None:
        pytest.skip("needs the oracle corpus (tests/corpus.py fetches and caches it)")
    path = next(p for p in REAL_DECKS if p.stem == name)
    cards = cut_cards(json.loads(corpus.read_text(encoding="utf-8")), path, tempfile.mkdtemp())
    return Deck.from_file(path, db=card_db(cards))


@pytest.mark.parametrize("name", sorted(example_decks()) + [p.stem for p in REAL_DECKS])
def test_every_deck(benchmark, name):
    """Every bundled example and every real deck, 10 turns, London mulligan, one thread:
    the games per second beside the instructions per game of benchmarks/instructions.py."""
    _games_per_second(benchmark, 5_000, deck=_bench_deck(name), turns=10, seed=1, threads=1)


@pytest.mark.parametrize("turns", [3, 5, 10])
def test_scaling_with_turns(benchmark, turns):
    deck = Deck.from_file(example_decks()["red_fire_crystal"])
    _games_per_second(benchmark, 20_000, deck=deck, turns=turns, seed=1, threads=1)


@pytest.mark.parametrize("size", [40, 60, 100])
def test_scaling_with_deck_size(benchmark, size):
    lands = size * 2 // 5
    deck = Deck({"Mountain": lands, "Lightning Bolt": size - lands - size // 5, "Goblin Piker": size // 5})
    _games_per_second(benchmark, 20_000, deck=deck, turns=8, seed=1, threads=1)


BOARD_DECKS = {   # permanents at turn 8: lands only; and a creature a turn; and three tokens a turn
    "lands": ({"Mountain": 24, card("Test Far Spell", "{9}", "Sorcery"): 36}, 0),
    "one_drops": ({"Mountain": 24, card("Test Goblin", "{R}", "Creature — Goblin", "1/1"): 36}, 1),
    "tokens": ({"Mountain": 24, card("Test Swarm", "{R}", "Sorcery",
                                     abilities=[{"kind": "spell", "tokens": {"Goblin": 3}}]): 36}, 3),
}


@pytest.mark.parametrize("board", list(BOARD_DECKS))
def test_scaling_with_board_size(benchmark, board):
    """Time per game against the permanents in play (8 turns, one thread); the mean number of
    permanents at the end (lands played, and what each cast puts in play) goes in extra_info
    as board_size."""
    from mtgsim.simulate import trace
    cards, per_cast = BOARD_DECKS[board]
    deck = Deck(cards)
    parts = [p for line in trace(deck, games=100, turns=8, seed=1, mulligan=MulliganPolicy.never()).splitlines()
             for p in line.split("; ")]
    benchmark.extra_info["board_size"] = (sum(p.startswith("land ") for p in parts)
                                          + per_cast * sum(p.startswith("cast ") for p in parts)) / 100
    _games_per_second(benchmark, 20_000, deck=deck, turns=8, seed=1, threads=1,
                      mulligan=MulliganPolicy.never())
