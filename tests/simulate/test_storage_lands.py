"""Storage lands in the goldfish (issue 30 item 6): the play policy stores ("{T}: Put a storage counter on
this land", 122.6) with what its spells left -- after the turn's spells (use_abilities follows cast_spells),
a land still untapped and its cost payable -- and the payment search spends the counters (107.3a)."""
from mtgsim import Deck, MulliganPolicy, card
from mtgsim.simulate import trace

# Fountain of Cho as the recognizer reads its oracle text: no mana but its stored counters
FOUNTAIN = card("Fountain of Cho", "", "Land", abilities=[
    {"kind": "enters", "tapped": True}, {"kind": "activated", "cost": "{T}", "counters": {"storage": 1}},
    {"kind": "mana", "cost": "{T}, Remove X storage counters from this", "mana": "{W}", "amount": "X"}])


def test_122_6_the_goldfish_stores_with_mana_left_unspent():
    """Only Fountains: nothing to cast, so every untapped Fountain stores, each turn from turn 2 on."""
    text = trace(Deck({FOUNTAIN: 60}), games=2, turns=4, seed=5, mulligan=MulliganPolicy.never())
    turns = [line for line in text.splitlines() if line.strip().startswith("turn")]
    assert not any("activate" in line for line in turns[:1])
    assert all("activate Fountain of Cho" in line for line in turns[1:4])


def test_107_3a_stored_counters_cast_a_spell():
    """A Fountain makes mana only by its counters: a {W}{W} creature is cast at all only because the
    policy stored and the payment removed X counters."""
    knight = card("Test Knight", "{W}{W}", "Creature — Knight", "2/2")
    text = trace(Deck({FOUNTAIN: 40, knight: 20}), games=4, turns=8, seed=3, mulligan=MulliganPolicy.never())
    assert "cast Test Knight" in text
