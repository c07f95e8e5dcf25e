"""Costs as cost ops (mtgsim.vocabulary.COST_OPS): a cost's parts in any order are one cost
(601.2h), each op's rule in a Scenario, and the loader's reading of a cost's text against the
vocabulary's phrases."""
import pytest

from mtgsim import CardDataError, Scenario, card
from mtgsim.cards.model import ActivationCost, CostOp
from mtgsim.mana import ManaCost


def _activated(name, cost, **effect):
    return card(name, "{1}", "Artifact", abilities=[{"kind": "activated", "cost": cost, **effect}])


def test_601_2h_a_costs_parts_are_paid_in_any_order_so_written_in_any_order_they_are_one_cost():
    a = _activated("Test Written Late", "Sacrifice this artifact, Pay 2 life, {T}, {1}", draw=1)
    b = _activated("Test Written Early", "{1}, {T}, Pay 2 life, Sacrifice ~", draw=1)
    assert a.abilities[0].cost == b.abilities[0].cost
    assert str(a.abilities[0].cost) == "{1}, {T}, Pay 2 life, Sacrifice this"
    assert [op.name for op in a.abilities[0].cost.ops] == ["tap", "pay_life", "sacrifice_self"]


def test_601_2h_a_part_written_twice_is_one_part_or_adds_up():
    cost = ActivationCost(ManaCost(), (CostOp("pay_life", (("pay_life", 1),)), CostOp("tap"),
                                       CostOp("pay_life", (("pay_life", 2),)), CostOp("tap")))
    assert (cost.life, cost.tap, len(cost.ops)) == (3, True, 2)
    with pytest.raises(CardDataError, match="two remove_counters parts that differ"):
        ActivationCost(ManaCost(), (CostOp.read("Remove a charge counter from this"),
                                    CostOp.read("Remove a +1/+1 counter from this")))


def test_a_cost_part_outside_the_vocabulary_names_card_and_field():
    with pytest.raises(CardDataError, match="'Exile a card from your graveyard' is not a cost") as e:
        _activated("Test Unknown Cost", "{1}, Exile a card from your graveyard", draw=1)
    assert e.value.card == "Test Unknown Cost" and "cost" in e.value.field
    with pytest.raises(CardDataError, match="remove_counters must be 1..255, got 300"):
        _activated("Test Many Counters", "Remove 300 charge counters from this", draw=1)


def test_701_21a_sacrificing_this_as_a_cost_puts_it_into_its_owners_graveyard():
    """A non-mana ability ("{T}, Sacrifice this: draw a card") and a mana ability (Lotus Petal's
    "{T}, Sacrifice this: Add {R}") each pay it by putting the permanent into the graveyard."""
    bauble = _activated("Test Bauble", "{T}, Sacrifice this", draw=1)
    petal = card("Test Petal", "{0}", "Artifact", abilities=[{"kind": "mana", "cost": "{T}, Sacrifice this",
                                                               "mana": "{R}"}])
    s = Scenario()
    s.add_to_library("Island")
    b, p = s.add(bauble), s.add(petal)
    s.activate(b)
    assert s.hand() == ["Island"] and not s.on_battlefield(b)
    assert s.tap_for_mana(p) == {"R": 1}
    assert not s.on_battlefield(p) and sorted(s.graveyard()) == ["Test Bauble", "Test Petal"]


def test_119_4_paying_life_as_a_cost_needs_that_much_life():
    altar = _activated("Test Life Altar", "Pay 3 life", draw=1)
    s = Scenario()
    s.add_to_library("Island")
    a = s.add(altar)
    s.set_life(2)
    with pytest.raises(Exception, match="119.4"):
        s.activate(a)
    s.set_life(3)
    s.activate(a)
    assert (s.life(), s.hand()) == (0, ["Island"])
