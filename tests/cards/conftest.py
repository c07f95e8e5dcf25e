"""The card-layer tests' shared fixture: the tests' oracle corpus (tests/corpus.py) with the faces
it lacks (tests/data/missing_faces.json: the cards as a bulk file with every face gives them, and
as the benchmark reads them), imported once for the whole run, as `mtgsim cards import` does
(half a minute), for the files that read every corpus card (test_recognize_corpus.py,
test_readings.py)."""
import pytest
from corpus import corpus_with_faces

from mtgsim.cards.imported import import_bulk


@pytest.fixture(scope="session")
def imported(tmp_path_factory):
    """The corpus imported into a cache of its own: (the cache's directory, the ImportedCards)."""
    cache = tmp_path_factory.mktemp("corpus-cache")
    cards = import_bulk(corpus_with_faces(cache), cache / "cards.json")
    return cache, cards
