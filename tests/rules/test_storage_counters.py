"""Storage lands (issue 30 item 6): "{1}, {T}: Put a storage counter on this land" (122.1, 122.6) and
"Remove X / any number of storage counters from this land: Add {C} for each counter removed this way" or
"Add X mana in any combination of {W} and/or {U}" -- X chosen by the player as the cost is paid (107.3a,
601.2b), 0 up to the counters on it (118.3); the payment search offers each X, its price the counters."""
import pytest

from mtgsim import CardDataError, Scenario, card
from mtgsim.errors import RulesError

# Mage-Ring Network, Calciform Pools and Fountain of Cho as the recognizer reads their oracle text
# (tests/cards/test_recognize_families.py)
MAGE_RING = card("Mage-Ring Network", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}, {T}", "counters": {"storage": 1}},
    {"kind": "mana", "cost": "{T}, Remove X storage counters from this", "mana": "{C}", "amount": "X"}])
CALCIFORM = card("Calciform Pools", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}, {T}", "counters": {"storage": 1}},
    {"kind": "mana", "cost": "{1}, Remove X storage counters from this", "output": "combination",
     "options": ["{W}", "{U}"], "amount": "X"}])
FOUNTAIN = card("Fountain of Cho", "", "Land", abilities=[
    {"kind": "enters", "tapped": True}, {"kind": "activated", "cost": "{T}", "counters": {"storage": 1}},
    {"kind": "mana", "cost": "{T}, Remove X storage counters from this", "mana": "{W}", "amount": "X"}])


def test_107_3a_the_mana_made_equals_the_counters_removed():
    """107.3a: X is chosen as the cost is paid: removing two of three storage counters adds {C}{C},
    one counter left."""
    s = Scenario()
    p = s.add(MAGE_RING, counters={"storage": 3})
    assert s.tap_for_mana(p, 1, x=2) == {"C": 2}
    assert s.counters(p) == {"storage": 1}
    assert s.is_tapped(p)


def test_118_3_cant_remove_more_counters_than_it_has():
    """118.3: a cost can't be paid without the resources: X = 3 of two storage counters is refused, and
    nothing changes (the land untapped, its counters kept)."""
    s = Scenario()
    p = s.add(MAGE_RING, counters={"storage": 2})
    with pytest.raises(RulesError, match="118.3"):
        s.tap_for_mana(p, 1, x=3)
    assert s.counters(p) == {"storage": 2} and not s.is_tapped(p)


def test_107_3a_x_is_given_for_a_remove_x_ability_only():
    s = Scenario()
    p = s.add(MAGE_RING, counters={"storage": 2})
    with pytest.raises(ValueError, match="give x"):
        s.tap_for_mana(p, 1)
    with pytest.raises(ValueError, match="no X"):
        s.tap_for_mana(p, 0, x=1)


def test_107_3a_any_combination_paid_across_two_colours():
    """"X mana in any combination of {W} and/or {U}": two storage counters pay {W}{U} at once, an
    Island paying the ability's {1}; both counters removed, the land untapped (no {T} in that cost)."""
    s = Scenario()
    pools = s.add(CALCIFORM, counters={"storage": 2})
    s.add("Island")
    spell = card("Test Azorius Charm", "{W}{U}", "Instant")
    assert s.can_cast(spell)
    s.cast(spell)
    assert s.counters(pools) == {} and not s.is_tapped(pools)


def test_107_3a_the_payment_removes_only_the_counters_it_needs():
    """The payment search offers X = 1..n, each X its price in counters: {2} of a Mage-Ring Network
    with three counters (its only source) removes two, one left."""
    s = Scenario()
    p = s.add(MAGE_RING, counters={"storage": 3})
    s.cast(card("Test Two", "{2}", "Sorcery"))
    assert s.counters(p) == {"storage": 1}


def test_118_3_no_counters_no_mana_from_the_x_ability():
    """X = 0 adds nothing (107.3a): a Fountain of Cho without counters pays no {W}."""
    s = Scenario()
    s.add(FOUNTAIN)
    assert not s.can_cast(card("Test White", "{W}", "Instant"))


def test_122_6_storing_puts_a_storage_counter_on_it():
    """"{1}, {T}: Put a storage counter on this land": an activated ability with the counters op."""
    s = Scenario()
    p = s.add(MAGE_RING)
    s.add("Wastes")
    s.activate(p, 0)
    assert s.counters(p) == {"storage": 1} and s.is_tapped(p)


@pytest.mark.parametrize("ability, message", [
    ({"kind": "mana", "cost": "{T}", "mana": "{C}", "amount": "X"}, "amount 'X' goes with"),
    ({"kind": "mana", "cost": "{T}, Remove X storage counters from this", "mana": "{C}"}, "amount 'X' goes with"),
    ({"kind": "mana", "cost": "{T}", "output": "combination", "options": ["{W}{U}"], "amount": 2}, "single coloured"),
    ({"kind": "mana", "cost": "{T}, Remove a charge counter from this, Remove X storage counters from this",
      "mana": "{C}", "amount": "X"}, "one kind"),
])
def test_107_3a_a_mana_abilitys_x_is_its_cost_counters(ability, message):
    """A mana ability's X is the number of counters its cost removes: an X without that cost, or that
    cost without an X amount, is an error naming the field."""
    with pytest.raises(CardDataError, match=message):
        card("Test Bad Storage", "", "Land", abilities=[ability])
