"""The One Ring's burden (122.1, 122.6): "{T}: Put a burden counter on ~, then draw a card for each burden counter
on ~" (608.2c: the counter first, the draw counting it), "At the beginning of your upkeep, you lose 1 life for each
burden counter on ~" (503.1a, 119.3), its enters trigger's protection from everything until your next turn moot in a
goldfish (702.16j: the opponent deals no damage, targets nothing, attacks with nothing), through Scenario and the
goldfish; the recognizer's reading of the corpus card."""
import pytest
from benchmark_scripts import script

from mtgsim import Deck, MulliganPolicy, Scenario
from mtgsim.simulate import trace

RING = "The One Ring"


@pytest.fixture(scope="module")
def bench():
    return script("coverage")


@pytest.fixture(scope="module")
def reader(bench):
    return bench.Reader(*bench.database({RING, "Island", "Mountain"}))


@pytest.fixture(scope="module")
def db(reader):
    return reader.db


def _scenario(db) -> Scenario:
    s = Scenario(db)
    for _ in range(4):
        s.add("Island")
    for _ in range(20):
        s.add_to_library("Mountain")
    return s


def test_122_6_the_one_ring_tapped_puts_a_burden_counter_then_draws_one_for_each(db):
    """608.2c: the burden counter is put first, so the draw counts it: the first activation draws one card, the
    next (the Ring untapped in its controller's untap step) two."""
    s = _scenario(db)
    ring = s.cast(RING)
    s.activate(ring)
    assert s.counters(ring) == {"burden": 1}
    assert len(s.hand()) == 1
    s.next_turn()
    s.next_turn()                      # (your turn again: the draw step's card, then the Ring's two)
    s.activate(ring)
    assert s.counters(ring) == {"burden": 2}
    assert len(s.hand()) == 1 + 1 + 2


def test_119_3_at_the_beginning_of_your_upkeep_you_lose_1_life_for_each_burden_counter(db):
    """503.1a: the trigger is its controller's upkeep's only (the opponent's turn: nothing); 119.3: one life for
    each burden counter on it as the ability resolves."""
    s = _scenario(db)
    ring = s.cast(RING)
    s.activate(ring)
    s.next_turn()                      # (the opponent's upkeep: no trigger)
    assert s.life() == 20
    s.next_turn()
    assert s.life() == 19
    s.activate(ring)
    s.next_turn()
    s.next_turn()
    assert s.life() == 19 - 2


def test_119_3_the_one_ring_without_burden_counters_costs_no_life(db):
    s = _scenario(db)
    s.cast(RING)
    s.next_turn()
    s.next_turn()
    assert s.life() == 20


def test_702_16j_the_one_rings_protection_is_moot_and_the_card_fully_read(reader):
    """Protection from everything until your next turn (702.16j: damage prevented, no targeting, no attacks) guards
    against what an opponent would do; the goldfish's does nothing: the clause is ignored, the rest read."""
    verdict = reader.card(RING).verdict
    assert verdict.bucket == "fully"
    ignored = [c.text for c in verdict.clauses if c.status == "ignored"]
    assert ignored == ["When The One Ring enters, if you cast it, you gain protection from everything until your "
                       "next turn."]


def test_the_goldfish_taps_the_one_ring_each_turn_after_its_spells(db):
    """The goldfish's policy (use_abilities): the Ring is tapped in each of its turns from the one it is cast in,
    its draw worth activating: 1, 2, 3 ... cards on successive turns (a deck of Islands and Rings: the first Ring
    cast on turn 4, a second one held while it stays: a legend the player controls already, 704.5j)."""
    ring, island = db[RING], db["Island"]
    text = trace(Deck({ring: 4, island: 56}), games=12, turns=8, seed=5, mulligan=MulliganPolicy.never())
    checked = 0
    for game in text.split("game ")[1:]:
        turns = [t for t in game.split("\n") if t.strip().startswith("turn ")]
        cast = next((k for k, t in enumerate(turns) if f"cast {RING}" in t), None)
        if cast is None:
            continue
        for k, t in enumerate(turns[cast:], 1):
            after = t.split(f"activate {RING} (0)")[1].split("attack")[0]
            assert after.count("draw ") == k, t
            checked += 1
    assert checked >= 12
