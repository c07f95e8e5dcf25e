"""Card facts checked against independent truth: every curated card's name, mana cost, type
line, power and toughness equal those of a real oracle corpus (tests/corpus.py)."""
import pytest
from corpus import oracle_cards

from mtgsim import ManaCost, card_db


@pytest.fixture(scope="module")
def oracle():
    return oracle_cards()


def curated():
    return [c for c in card_db().cards() if not c.token]


def test_every_curated_card_is_a_real_card(oracle):
    assert [c.name for c in curated() if c.name not in oracle] == []


@pytest.mark.parametrize("fact", ["cost", "type line", "power", "toughness"])
def test_curated_card_facts_match_the_oracle(oracle, fact):
    def ours(c):
        return {"cost": str(c.cost), "type line": c.type_line,
                "power": None if c.power is None else str(c.power),
                "toughness": None if c.toughness is None else str(c.toughness)}[fact]

    def theirs(r):
        return {"cost": str(ManaCost.parse(r["manaCost"] or "")), "type line": r["type"],
                "power": r["power"], "toughness": r["toughness"]}[fact]
    wrong = [(c.name, ours(c), theirs(oracle[c.name])) for c in curated()
             if c.name in oracle and ours(c) != theirs(oracle[c.name])]
    assert wrong == []
