"""The London mulligan's castable condition (103.5: the player decides whether to keep): a keep
rule may keep a hand only if it holds a spell of mana value 1..k that its own lands could cast
on curve (MulliganPolicy.castable_by). P(keeping the opening seven) against the exact
multivariate hypergeometric sums, within 4 standard errors; and bad arguments."""
import math

import pytest

from mtgsim import Deck, card
from mtgsim.errors import ArgumentError, ArgumentTypeError
from mtgsim.simulate import MulliganPolicy, simulate

BEARS = card("Green Bears", "{1}{G}", "Creature — Bear", "2/2")           # one green pip, mana value 2
TUSKER = card("Green Tusker", "{G}{G}", "Creature — Elephant", "3/3")     # two green pips
BIG = card("Big Spell", "{6}{G}", "Sorcery")                                # never castable on curve early
GAMES = 40_000


def p_keep_seven(kinds: dict[str, int], keeps) -> float:
    """P(the opening seven of a deck with `kinds` {kind: copies} satisfies keeps(counts)), by
    summing the multivariate hypergeometric distribution over every split of seven cards."""
    names = list(kinds)
    total = sum(kinds.values())

    def splits(i: int, left: int):
        if i == len(names) - 1:
            if left <= kinds[names[i]]:
                yield (left,)
            return
        for k in range(min(left, kinds[names[i]]) + 1):
            for rest in splits(i + 1, left - k):
                yield (k, *rest)
    good = 0
    for counts in splits(0, 7):
        if keeps(dict(zip(names, counts))):
            good += math.prod(math.comb(kinds[n], k) for n, k in zip(names, counts))
    return good / math.comb(total, 7)


def within(est, exact: float, games: int) -> bool:
    return abs(est.value - exact) <= 4 * math.sqrt(exact * (1 - exact) / games)


@pytest.mark.parametrize("spell, forests", [
    (BEARS, 1),        # {1}{G}: a Forest for the green, any land for the generic
    (TUSKER, 2),       # {G}{G}: the matching gives each green pip its own Forest (two Mountains pay neither)
])
def test_103_5_keep_only_a_seven_with_a_two_drop_its_lands_cast(spell, forests):
    """12 Forests, 12 Mountains, 12 two-drops, 24 big spells: the default lands range (2..5)
    and a castable two-drop (one in hand, two lands, enough of them Forests: a Mountain can't
    pay the green) for the seven."""
    deck = Deck({"Forest": 12, "Mountain": 12, spell: 12, BIG: 24})
    rule = MulliganPolicy({7: (2, 5), 6: (0, 7)}, castable_by={7: 2})
    res = simulate(deck, games=GAMES, turns=1, seed=11, threads=2, mulligan=rule)
    exact = p_keep_seven({"F": 12, "M": 12, "T": 12, "S": 24},
                         lambda c: 2 <= c["F"] + c["M"] <= 5 and c["T"] >= 1 and c["F"] >= forests)
    assert within(res.mulligans[7], exact, res.games)


def test_103_5_the_condition_reads_the_mana_value_bound():
    """castable_by={7: 1}: a two-drop is not a spell of mana value <= 1, so no seven is kept;
    the six (no condition) is kept whenever its lands are in range."""
    deck = Deck({"Forest": 24, BEARS: 36})
    rule = MulliganPolicy({7: (2, 5), 6: (0, 7)}, castable_by={7: 1})
    res = simulate(deck, games=2_000, turns=1, seed=13, threads=2, mulligan=rule)
    assert 7 not in res.mulligans and res.mulligans[6].value == 1.0


def test_a_spell_counted_as_a_land_does_not_pay_for_itself():
    """With count_mana_sources, Llanowar Elves counts as a land for keeping and pays for a
    spell, but not for itself: an Elves is castable with a Forest or a second Elves beside it,
    a Bears with two such cards."""
    deck = Deck({"Forest": 10, "Llanowar Elves": 10, BEARS: 10, BIG: 30})
    rule = MulliganPolicy({7: (2, 5), 6: (0, 7)}, count_mana_sources=True, castable_by={7: 2})
    res = simulate(deck, games=GAMES, turns=1, seed=14, threads=2, mulligan=rule)

    def keeps(c):
        sources = c["F"] + c["E"]
        elves = c["E"] >= 1 and sources >= 2                  # an Elves paid by another card
        bears = c["B"] >= 1 and sources >= 2
        return 2 <= sources <= 5 and (elves or bears)
    exact = p_keep_seven({"F": 10, "E": 10, "B": 10, "S": 30}, keeps)
    assert within(res.mulligans[7], exact, res.games)


def test_the_result_says_the_condition_it_was_played_with():
    deck = Deck({"Forest": 24, BEARS: 36})
    res = simulate(deck, games=2_048, turns=1, seed=2, threads=1, mulligan=MulliganPolicy(castable_by={7: 2}))
    assert res.keep_castable_by == {7: 2} and res.to_dict()["keep_castable_by"] == {"7": 2}
    plain = simulate(deck, games=2_048, turns=1, seed=2, threads=1)
    assert plain.keep_castable_by == {} and "keep_castable_by" not in plain.to_dict()


def test_no_condition_plays_as_before():
    """A rule without castable_by gives the same games as the rule it extends (the kernel asks
    nothing more)."""
    deck = Deck({"Forest": 24, BEARS: 36})
    a = simulate(deck, games=4_096, turns=3, seed=2, threads=1, mulligan=MulliganPolicy())
    b = simulate(deck, games=4_096, turns=3, seed=2, threads=1, mulligan=MulliganPolicy(castable_by={}))
    assert (a.metrics["kept"] == b.metrics["kept"]).all() and (a.metrics["lands"] == b.metrics["lands"]).all()


@pytest.mark.parametrize("castable_by, error, message", [
    ([7, 2], ArgumentTypeError, "castable_by must be a mapping"),
    ({8: 2}, ArgumentError, "hand size 8 must be 1..7"),
    ({7: 0}, ArgumentError, "size 7: the greatest mana value must be a whole number 1..7, got 0"),
    ({7: True}, ArgumentError, "the greatest mana value must be a whole number"),
    ({4: 2}, ArgumentError, "a hand of 4 cards is always kept"),
])
def test_bad_castable_conditions_name_what_is_wrong(castable_by, error, message):
    with pytest.raises(error, match=message):
        MulliganPolicy(castable_by=castable_by)


def test_a_castable_condition_with_no_mulligan_is_an_error():
    with pytest.raises(ArgumentError, match="always kept"):
        MulliganPolicy({}, castable_by={7: 2})


def test_policies_compare_by_their_rules():
    assert MulliganPolicy(castable_by={7: 2}) == MulliganPolicy(castable_by={7: 2})
    assert MulliganPolicy(castable_by={7: 2}) != MulliganPolicy(castable_by={7: 3})
    assert "castable_by={7: 2}" in repr(MulliganPolicy(castable_by={7: 2}))
