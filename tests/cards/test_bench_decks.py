"""The real decks of benchmarks/decks/ (one per format, counted by benchmarks/instructions.py):
each parses, is a legal deck of its format (but for the problems KNOWN_ILLEGAL lists), names
only cards the oracle corpus (tests/corpus.py) spells exactly so, and plays a short
simulation. Skipped, saying why, where the corpus can't be had."""
import importlib.util
import json
import re
from pathlib import Path

import pytest
from corpus import corpus_path

from mtgsim import Deck, card_db, simulate

ROOT = Path(__file__).resolve().parents[2]
DECKS = sorted((ROOT / "benchmarks" / "decks").glob("*.txt"))
_CARD_LINE = re.compile(r"(\d+)\s+(\S.*)")
# What Deck.check finds wrong with a deck as it was taken for the benchmarks (kept as it is, so
# that instructions per game stay comparable across sessions): Ghalta's list plays a red-green
# card under a mono-green commander (903.5c)
KNOWN_ILLEGAL = {"commander_ghalta_stompy": [
    "'Regisaur Alpha' (RG) is outside the commander's colour identity (G) (903.5c)"]}


def _instructions():
    """benchmarks/instructions.py as a module (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location("instructions", ROOT / "benchmarks" / "instructions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def records():
    return json.loads(corpus_path().read_text(encoding="utf-8"))


def test_one_deck_per_format():
    formats = _instructions().FORMATS
    assert sorted(p.stem.split("_")[0] for p in DECKS) == sorted(formats)
    for path in DECKS:          # (the first line names the archetype and the format)
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# ") and path.stem.split("_")[0] in first.lower(), path.name


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_deck_names_corpus_cards_and_plays(path, records, tmp_path):
    names = {r["name"] for r in records}
    written = [m.group(2) for line in path.read_text(encoding="utf-8").splitlines()
               if (m := _CARD_LINE.fullmatch(line.strip()))]
    assert written and [n for n in written if n not in names] == []
    # the deck's cards from the corpus alone (cut to this deck's records: the whole corpus
    # takes ~20 s to read), as instructions.py reads them
    cards = _instructions().cut_cards(records, path, str(tmp_path))
    deck = Deck.from_file(path, db=card_db(cards))
    commander = path.stem.startswith("commander_")
    assert len(deck) == (100 if commander else 60)
    assert bool(deck.commander) == commander
    assert deck.check("commander" if commander else "constructed") == KNOWN_ILLEGAL.get(path.stem, [])
    assert set(deck.maindeck) | set(deck.commander) <= names
    result = simulate(deck, games=50, turns=5, seed=1, threads=1)
    assert result.games == 50
