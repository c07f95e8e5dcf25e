"""A mana ability that makes each opponent gain life (the op `opponent_gains_life`: Grove of the
Burnwillows' "{T}: Add {R} or {G}. Each opponent gains 1 life."): the life is gained as the
ability resolves, at once (605.3b, 119.3), by the opponent and not by its controller, whether the
ability is activated by hand or by a payment; its other ability ({T}: Add {C}) gives none. The
goldfish's kill counts it: the opponent's life total is the one the damage must exhaust. (The
payment search does not weigh the opponent's life: it may tap the Grove for {R} where {C} would
do; the kill is then later, never earlier.)"""
from mtgsim import Deck, Scenario, card, simulate
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

TEXT = "{T}: Add {C}.\n{T}: Add {R} or {G}. Each opponent gains 1 life."
GROVE = card("Test Burnwillows", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}", "options": ["{R}", "{G}"], "opponent_gains_life": 1}])
BOLT = card("Test Grove Bolt", "{R}", "Instant", abilities=[{"kind": "spell", "damage_to_opponent": 3}])


def test_119_3_the_opponent_gains_1_life_as_the_coloured_mana_is_made():
    s = Scenario()
    grove = s.add(GROVE)
    assert s.tap_for_mana(grove, 1, color="R") == {"R": 1}
    assert s.life("opponent") == 21 and s.life() == 20


def test_605_3b_its_colourless_ability_gives_no_life():
    s = Scenario()
    grove = s.add(GROVE)
    assert s.tap_for_mana(grove) == {"C": 1}
    assert s.life("opponent") == 20


def test_119_3_a_spell_paid_with_the_grove_gives_the_opponent_1_life_and_deals_its_damage():
    """The payment taps the Grove for {R} (the only red source): the bolt's 3 damage leave the
    opponent at 18, not 17."""
    s = Scenario()
    s.add(GROVE)
    s.add_to_hand(BOLT)
    s.cast(BOLT)
    assert s.life("opponent") == 18


def test_119_3_grove_of_the_burnwillows_is_read_whole():
    rec = recognize(OracleCard("Grove of the Burnwillows", "normal",
                               (OracleFace("Grove of the Burnwillows", "", "Land", TEXT, None, None),)))
    assert rec.bucket == "fully", rec.clauses
    read = card_from_table(rec.table)
    assert [a.effect.has("opponent_gains_life") for a in read.abilities] == [False, True]


def test_119_3_the_goldfish_kill_counts_the_life_the_grove_gives_exactly():
    """Game by game, exactly: each red 3-damage bolt is paid by tapping a Grove for {R} (the deck's
    only red sources), so the opponent loses 3 - 1 = 2 a bolt; with the same seed (the same draws)
    the games go as those of the same deck with a Grove that gives no life and bolts of 2 damage:
    the two kill-turn distributions are the same, count for count, and later than with 3 damage."""
    quiet = card("Test Quiet Grove", "", "Land", abilities=[
        {"kind": "mana", "cost": "{T}", "mana": "{C}"}, {"kind": "mana", "cost": "{T}", "options": ["{R}", "{G}"]}])
    shock = card("Test Grove Shock", "{R}", "Instant", abilities=[{"kind": "spell", "damage_to_opponent": 2}])
    kw = {"turns": 15, "games": 500, "seed": 3}
    grove = simulate(Deck({GROVE: 24, BOLT: 36}), **kw).kill_turn
    as_two = simulate(Deck({quiet: 24, shock: 36}), **kw).kill_turn
    no_gain = simulate(Deck({quiet: 24, BOLT: 36}), **kw).kill_turn
    assert list(grove.counts) == list(as_two.counts)
    assert grove.mean > no_gain.mean + 2
