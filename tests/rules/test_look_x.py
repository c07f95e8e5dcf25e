"""A look at the top X cards, X a count: "Look at the top X cards of your library, where X is the number of lands
you control. Put one of those cards into your hand. If this spell was kicked, put two of those cards into your
hand instead. Put the rest on the bottom of your library in a random order." (Consult the Star Charts;
`look_to_hand` = an Amount). 401.2: the library is seen only as the effect allows; 608.2c: in its order; 107.3:
X is the number counted as the spell resolves; 702.33d: the kicked effect replaces the unkicked one; 401.2 and
701.24 aside, "a random order" is an order no player chooses.

In a Scenario the caller chooses the cards taken (`to_hand`); the goldfish's choice is its play policy's
(card_to_take: a land while lands are wanted), checked here against exact hypergeometric probabilities."""
from collections import Counter
from math import comb, sqrt
import re

from mtgsim import Deck, MulliganPolicy, card
from mtgsim.cards.recognize.effects import effect_of
from mtgsim.simulate import trace
from test_library_top import library_top_first, scenario

_LOOK = {"look_to_hand": {"count": "permanents", "types": ["Land"]}, "to_hand": 1, "random_order": True}
CONSULT = card("Test Consult", "{W}", "Instant", kicker="{1}", abilities=[
    {"kind": "spell", **_LOOK, "kicked": {**_LOOK, "to_hand": 2}}])
BEAR = card("Test Bear", "{1}{W}", "Creature — Bear", "2/2")


def test_107_3_x_is_the_lands_you_control_as_it_resolves():
    """Three Plains: the top three are looked at; the one chosen goes to the hand, the other two to the bottom
    (in a random order: the two under the untouched fourth card)."""
    s = scenario(["Island", BEAR, "Swamp", "Forest"], hand=[CONSULT], lands=3)
    s.cast(CONSULT, to_hand=[1])
    assert s.hand() == [BEAR.name]
    top = library_top_first(s)
    assert top[0] == "Forest" and sorted(top[1:]) == ["Island", "Swamp"]


def test_107_3_with_one_land_it_looks_at_one_card():
    s = scenario(["Island", BEAR], hand=[CONSULT], lands=1)
    s.cast(CONSULT)
    assert s.hand() == ["Island"] and library_top_first(s) == [BEAR.name]


def test_702_33d_kicked_two_of_those_cards_instead():
    s = scenario(["Island", BEAR, "Swamp", "Forest"], hand=[CONSULT], lands=3)
    s.cast(CONSULT, kicked=True, to_hand=[0, 2])
    assert sorted(s.hand()) == ["Island", "Swamp"]
    assert library_top_first(s) == ["Forest", BEAR.name]


def test_the_phrases_read_as_the_op():
    text = ("Look at the top X cards of your library, where X is the number of lands you control. Put one of those "
            "cards into your hand. Put the rest on the bottom of your library in a random order.")
    assert effect_of(text) == _LOOK
    assert effect_of("Look at the top three cards of your library. Put one of those cards into your hand and the "
                     "rest on the bottom of your library in any order.") == {"look_to_hand": 3, "to_hand": 1}
    for unread in ("Look at the top X cards of your library, where X is the amount of mana spent to cast ~. Put two "
                   "of them into your hand and the rest on the bottom of your library in a random order.",
                   "Look at the top X cards of your library. Put one of those cards into your hand. Put the rest on "
                   "the bottom of your library in a random order."):
        assert effect_of(unread) is None


_TURN = re.compile(r"  turn (?P<t>\d+);(?: draw (?P<draw>[^;]+);)? hand \[(?P<hand>[^\]]*)\];"
                   r"(?: land (?P<land>[^;]+);)? mana \d+;(?P<rest>.*)")
SLOW_CONSULT = card("Test Slow Consult", "{1}{W}", "Sorcery", abilities=[{"kind": "spell", **_LOOK}])
GREEN_BIG = card("Test Green Big", "{5}{G}{G}", "Creature — Beast", "7/7")      # never castable below


def test_401_2_the_goldfish_consult_finds_a_land_as_often_as_the_hypergeometric_says():
    """12 Consults ({1}{W}: X the lands you control), 30 green 7-drops, 18 Plains, on the play, no mulligan. On
    turn 2, a Plains played on each turn and a Consult cast (its first chance), it looks at X = 2 of the 52
    unseen cards, of which L = 18 less the Plains among the 8 seen are Plains; lands are wanted (the deck's land
    goal is 7), so it takes a Plains if one is among the two: P = 1 - C(52 - L, 2) / C(52, 2). The card taken
    is read off the trace (turn 3's hand beyond turn 2's, less the land, the Consult and the draw); the count of
    Plains taken is held to the sum of P within four standard errors."""
    deck = Deck({SLOW_CONSULT: 12, GREEN_BIG: 30, "Plains": 18})
    expected = variance = 0.0
    took = games = 0
    text = "".join(trace(deck, games=100, turns=3, seed=seed, mulligan=MulliganPolicy.never()) for seed in range(8))
    for game in text.split("game ")[1:]:
        t1, t2, t3 = (m for m in (_TURN.match(line) for line in game.splitlines()) if m)
        if not (t1["land"] == t2["land"] == "Plains" and f"cast {SLOW_CONSULT.name}" in t2["rest"]):
            continue
        assert f"cast {SLOW_CONSULT.name}" not in t1["rest"]
        assert t2["rest"].count(f"cast {SLOW_CONSULT.name}") == 1
        seen = t1["hand"].split(", ") + [t2["draw"]]
        p = 1 - comb(52 - (18 - seen.count("Plains")), 2) / comb(52, 2)
        after = Counter(t2["hand"].split(", ")) - Counter(["Plains", SLOW_CONSULT.name])
        found = Counter(t3["hand"].split(", ")) - after - Counter([t3["draw"]])
        assert sum(found.values()) == 1, game
        took += found["Plains"]
        expected += p
        variance += p * (1 - p)
        games += 1
    assert games > 200
    assert abs(took - expected) <= 4 * sqrt(variance), (took, expected, games)
