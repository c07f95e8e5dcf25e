"""optimize.mulligan: the keep-rule search (103.5: which hands the London mulligan keeps) finds a
rule planted as clearly best, reports paired intervals against mtgsim's default and Karsten's
rule, is reproducible with a seed and the same on 1 or 2 threads; bad arguments are named."""
import json
import warnings

import pytest

from mtgsim import Deck, Objective, card, optimize
from mtgsim.errors import ArgumentError, ArgumentTypeError, UnknownNameError
from mtgsim.optimize.mulligan import DEFAULT, KARSTEN, keep_rules, rule_label
from mtgsim.simulate import MulliganPolicy

ONE_DROP = card("Green One Drop", "{G}", "Creature — Elf", "1/1")
BIG = card("Big Spell", "{6}{G}", "Sorcery")
DECK = Deck({"Forest": 20, ONE_DROP: 8, BIG: 32})
OBJECTIVE = Objective.cast_by("Green One Drop", 1)     # a one-drop cast on turn 1: in hand, with a Forest
# Keep only a hand whose lands cast a one-drop (at every size the rule decides): far more turn-1 casts.
PLANTED = MulliganPolicy({7: (1, 5), 6: (1, 5), 5: (1, 6)}, castable_by={7: 1, 6: 1, 5: 1})
RULES = [MulliganPolicy({7: (3, 4)}), PLANTED]


def search(**kw):
    args = dict(games=16_384, seed=7, turns=1, threads=2, progress=False, rules=RULES)
    args.update(kw)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return optimize.mulligan(DECK, OBJECTIVE, **args)


@pytest.fixture(scope="module")
def found():
    return search()


def test_103_5_the_search_finds_the_planted_rule(found):
    assert found.best == PLANTED and found.best_label == rule_label(PLANTED)
    assert found.difference(PLANTED, DEFAULT).low > 0.05 and found.difference(PLANTED, KARSTEN).low > 0.05


def test_the_table_gives_paired_intervals_against_the_default_and_karsten(found):
    text = found.table()
    assert "vs default" in text and "vs Karsten" in text
    assert f"best keep rule: {rule_label(PLANTED)}" in text
    assert "vs mtgsim's default: +" in text and "paired interval" in text
    rows = {r["rule"]: r for r in found.rows()}
    best = rows[found.best_label]
    assert best["vs_default"]["low"] > 0 and best["vs_karsten"]["low"] > 0
    assert rows[found.default_label]["vs_default"] is None        # (not against itself)
    assert found.default_label.startswith("default (7: 2-5, 6: 2-4, 5: 2-4)")
    assert found.karsten_label.startswith("Karsten (7: 2-5, 6: 2-5, 5: 2-6, a free seven: 3-5)")


def test_the_default_and_karsten_are_always_raced(found):
    assert found.rule(found.default_label) == DEFAULT and found.rule(found.karsten_label) == KARSTEN
    assert len(found.labels) == 4


def test_the_best_is_compared_with_the_default_and_karsten_on_all_its_games(found):
    """However early the race dropped them, both are played up to the best's games."""
    n = found.games(found.best_label)
    assert found.games(found.default_label) == found.games(found.karsten_label) == n
    assert found.difference(found.best_label, found.default_label).n == n


def test_reproducible_with_a_seed_and_the_same_on_one_or_two_threads(found):
    again = search(threads=1)
    assert again.rows() == found.rows()


def test_to_dict_and_json(found, tmp_path):
    found.to_json(tmp_path / "m.json")
    d = json.loads((tmp_path / "m.json").read_text())
    assert d["best"] == found.best_label and len(d["rules"]) == 4
    assert d["rules"][-1]["castable_by"] == {"7": 1, "6": 1, "5": 1}


def test_the_grid_is_tens_of_distinct_rules():
    rules = keep_rules()
    assert rules[0] == DEFAULT and rules[1] == KARSTEN
    assert 20 <= len(rules) <= 62 and len(set(rules)) == len(rules)
    assert len({rule_label(r) for r in rules}) == len(rules)
    assert any(r.castable_by == {7: 2} for r in rules) and any(r.castable_by == {7: 3} for r in rules)
    assert all(r.count_mana_sources for r in keep_rules(count_mana_sources=True))


def test_counting_mana_sources_applies_to_the_default_and_karsten_too():
    m = search(rules=[PLANTED], count_mana_sources=True, games=8_192)
    assert m.rule(m.default_label).count_mana_sources and m.rule(m.karsten_label).count_mana_sources
    assert m.default_label.endswith("(mana creatures and rocks as lands))")


def test_labels_read_as_the_rule():
    rule = MulliganPolicy({7: (2, 5), 6: (2, 4)}, castable_by={7: 2})
    assert rule_label(rule) == "7: 2-5 with a <=2 castable, 6: 2-4"


@pytest.mark.parametrize("kw, error, message", [
    (dict(rules=[]), ArgumentError, "no keep rules to race"),
    (dict(rules=[MulliganPolicy.never()]), ArgumentError, "keeps every seven"),
    (dict(rules=[{7: (2, 5)}]), ArgumentTypeError, "must be MulliganPolicy keep rules"),
    (dict(rules=PLANTED), ArgumentTypeError, "rules must be a list of MulliganPolicy"),
    (dict(budget=1000), ArgumentError, "budget of 1,000 games is below one round"),
    (dict(confidence=1), ArgumentError, "confidence must be in"),
])
def test_bad_arguments_are_named(kw, error, message):
    with pytest.raises(error, match=message):
        search(**kw)


def test_an_objective_that_is_not_one_is_named():
    with pytest.raises(ArgumentTypeError, match="objective must be an mtgsim.Objective"):
        optimize.mulligan(DECK, "castable", games=8192, progress=False)
    with pytest.raises(ArgumentTypeError, match="deck must be a mtgsim.Deck"):
        optimize.mulligan("deck.txt", OBJECTIVE, games=8192, progress=False)


def test_an_unknown_rule_is_named(found):
    with pytest.raises(UnknownNameError, match="no keep rule 'nope'"):
        found.estimate("nope")
    with pytest.raises(UnknownNameError, match="was not raced"):
        found.estimate(MulliganPolicy({7: (0, 7)}))
