"""The Commander variant (903): the commander starts in the command zone and is cast from there
(903.6, 903.8), with the commander tax after each return (903.8, 903.9a)."""
from __future__ import annotations

import pytest

from mtgsim import card

BEAR = card("Test Legendary Bear", "{1}{G}", "Legendary Creature — Bear", "2/2")
CUB = card("Test Legendary Cub", "{G}", "Legendary Creature — Bear", "1/1")
WISP = card("Test Legendary Wisp", "{G}", "Legendary Creature — Spirit", "0/0")
ELK = card("Test Legendary Elk", "{2}{G}", "Legendary Creature — Elk", "3/3")


# ---- Scenario: the command zone by hand ---------------------------------------------------------

def _forests(sc, n: int) -> None:
    for _ in range(n):
        sc.add("Forest")


def test_903_8_scenario_commander_tax_cast_returned_cast_again():
    """Cast from the command zone for its mana cost; it dies (a 0/0, 704.5f) and is put back
    (903.9a); the next cast costs {2} more, the one after {4} more (903.8)."""
    from mtgsim import Scenario
    sc = Scenario()
    _forests(sc, 8)
    sc.add_to_command_zone(WISP)
    assert sc.command_zone() == [WISP.name]
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{G}"
    sc.cast(WISP, from_command_zone=True)
    assert sc.command_zone() == [] and sc.graveyard() == [WISP.name]      # (704.5f)
    sc.return_to_command_zone(WISP)
    assert sc.commander_tax(WISP) == 2
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{2}{G}"
    sc.cast(WISP, from_command_zone=True)
    sc.return_to_command_zone(WISP)
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{4}{G}"
    assert not sc.can_cast(WISP, from_command_zone=True)                  # (3 Forests left untapped)
    assert str(sc.total_cost(WISP)) == "{G}"           # (from the hand: no tax, 903.8)


def test_903_8_commander_tax_is_an_additional_cost_that_reductions_apply_to():
    """601.2f: the tax is added before reductions: Emerald Medallion's {1} less, wasted on a
    {G} commander's first cast, takes {1} of the {2} tax off the second."""
    from mtgsim import Scenario
    sc = Scenario()
    sc.add("Emerald Medallion")
    _forests(sc, 3)
    sc.add_to_command_zone(WISP)
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{G}"
    sc.cast(WISP, from_command_zone=True)
    sc.return_to_command_zone(WISP)
    assert str(sc.total_cost(WISP, from_command_zone=True)) == "{1}{G}"


def test_903_scenario_command_zone_bad_input():
    from mtgsim import RulesError, Scenario
    sc = Scenario()
    with pytest.raises(RulesError, match=r"903\.3: 'Grizzly Bears' can't be a commander"):
        sc.add_to_command_zone("Grizzly Bears")
    with pytest.raises(RulesError, match=r"903\.8: .* is not in your command zone"):
        sc.cast(BEAR, from_command_zone=True)
    sc.add_to_command_zone(BEAR)
    sc.add_to_command_zone(ELK)
    with pytest.raises(RulesError, match=r"702\.124g"):
        sc.add_to_command_zone(CUB)
    with pytest.raises(RulesError, match=r"903\.9: .* neither"):
        sc.return_to_command_zone(BEAR)
    with pytest.raises(RulesError, match=r"601\.2g"):          # (no mana: the command zone unchanged)
        sc.cast(BEAR, from_command_zone=True)
    assert sc.command_zone() == [BEAR.name, ELK.name] and sc.commander_tax(BEAR) == 0
