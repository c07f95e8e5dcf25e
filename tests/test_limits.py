"""No crash from any public call: boards of any size and cards with any number of abilities
either work or raise a clear ValueError at the boundary, naming the limit and what is past it.
Each test drives one public call past one of the compiled core's fixed-size buffers (see the
limits in docs/rules-core.md) and checks the answer or the error. Run them on a debug build
too (MTGSIM_DEBUG=1): the limits are there so that raw C arrays are never overrun.
"""
import copy

import numpy as np
import pytest

from mtgsim import Deck, Scenario, card, card_db, simulate
from mtgsim import _core
from mtgsim.batch import BoardBatch, evaluate_boards
from mtgsim.compile import compile_cards, compile_deck

MAX_ABILITIES = _core.MAX_MANA_ABILITIES


def prism(n: int, name: str | None = None):
    """A land with n mana abilities ({T}: Add {G}, n times)."""
    return card(name or f"Test Prism {n}", "", "Land",
                abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}"}] * n)


# ==== a card's mana abilities (int rows[MAXMANA + 1]: printed ones, then one granted) ======

def test_compile_cards_rejects_a_card_with_40_mana_abilities():
    with pytest.raises(ValueError, match=r"card 'Test Prism 40' has 40 mana abilities; at most 16 are supported"):
        compile_cards([prism(40)])


def test_compile_cards_rejects_a_toml_card_with_17_mana_abilities(tmp_path):
    ability = '{ kind = "mana", cost = "{T}", mana = "{G}" }'
    path = tmp_path / "cards.toml"
    path.write_text(f'[[card]]\nname = "Test Toml Prism"\ntype = "Land"\nabilities = [ {", ".join([ability] * 17)} ]\n',
                    encoding="utf-8")
    db = card_db(path)
    with pytest.raises(ValueError, match=r"'Test Toml Prism' has 17 mana abilities; at most 16"):
        compile_cards(["Test Toml Prism"], db)


def test_compile_deck_rejects_a_deck_with_a_card_of_200_mana_abilities():
    deck = Deck({"Forest": 20, prism(200): 40})
    with pytest.raises(ValueError, match="200 mana abilities; at most 16"):
        compile_deck(deck)


def test_simulate_rejects_a_deck_with_a_card_of_40_mana_abilities():
    with pytest.raises(ValueError, match="40 mana abilities; at most 16"):
        simulate(Deck({"Forest": 20, prism(40): 40}), games=10, turns=2, seed=1)


def test_scenario_add_rejects_a_card_with_40_mana_abilities_and_stays_usable():
    s = Scenario()
    with pytest.raises(ValueError, match="40 mana abilities; at most 16"):
        s.add(prism(40))
    forest = s.add("Forest")                     # the bad card never joined the scenario
    assert s.tap_for_mana(forest) == {"G": 1}


def test_scenario_add_to_hand_and_cast_reject_a_card_with_40_mana_abilities():
    s = Scenario()
    with pytest.raises(ValueError, match="40 mana abilities"):
        s.add_to_hand(prism(40))
    assert s.hand() == []
    with pytest.raises(ValueError, match="40 mana abilities"):
        s.cast(card("Test Cast Prism", "{0}", "Artifact",
                    abilities=[{"kind": "mana", "cost": "{T}", "mana": "{C}"}] * 40))


def test_a_card_with_16_mana_abilities_and_a_granted_one_uses_all_17_rows():
    """Chromatic Lantern grants lands "{T}: Add one mana of any color" (the 17th row)."""
    s = Scenario()
    s.add("Chromatic Lantern")
    p = s.add(prism(MAX_ABILITIES))
    assert s.can_activate(p, MAX_ABILITIES)
    assert s.could_produce(p) == frozenset("WUBRG")
    assert s.can_cast(card("Test Blue", "{U}", "Sorcery"))
    assert s.tap_for_mana(p, MAX_ABILITIES, color="U") == {"U": 1}
    with pytest.raises(IndexError, match="17 mana abilities; index 17 is out of range"):
        s.tap_for_mana(p, MAX_ABILITIES + 1)


def test_board_batch_rejects_tables_edited_past_16_mana_abilities():
    tables = copy.deepcopy(compile_cards(["Forest", "Grizzly Bears"]))
    tables.cards["n_mana"][tables.row("Forest")] = 40       # (rows it would read past the table)
    with pytest.raises(ValueError, match="'Forest' has 40 mana abilities; at most 16"):
        BoardBatch(tables, 1, 4)


# ==== one mana ability: its options (Vec outs[MAXOPT]) and its input (masks[MAXINPUT]) ====

def test_compile_cards_rejects_a_mana_ability_with_70_options():
    options = ["{G}", "{W}"] * 35
    with pytest.raises(ValueError, match="'Test Options' has a mana ability with 70 options; at most 64"):
        compile_cards([card("Test Options", "", "Land", abilities=[{"kind": "mana", "cost": "{T}", "options": options}])])


def test_compile_cards_rejects_a_mana_ability_whose_cost_takes_9_mana():
    with pytest.raises(ValueError, match="'Test Converter' has a mana ability whose cost takes 9 mana; at most 8"):
        compile_cards([card("Test Converter", "", "Artifact",
                            abilities=[{"kind": "mana", "cost": "{9}, {T}", "mana": "{G}"}])])


def test_a_mana_ability_whose_cost_takes_8_mana_is_paid_in_full():
    s = Scenario()
    for _ in range(8):
        s.add("Forest")
    conv = s.add(card("Test Converter 8", "", "Artifact",
                      abilities=[{"kind": "mana", "cost": "{8}, {T}", "mana": "{U}"}]))
    assert s.can_activate(conv)
    assert s.tap_for_mana(conv) == {"U": 1}
    assert s.pool() == {"U": 1}


# ==== numbers too large for the compiled tables' fields ===================================

def test_compile_cards_rejects_a_cost_of_300_green_symbols():
    with pytest.raises(ValueError, match=r"'Test Pips': mana cost .*pips = 300 is outside 0\.\.255"):
        compile_cards([card("Test Pips", "{G}" * 300, "Sorcery")])


def test_compile_cards_rejects_a_generic_cost_beyond_int16():
    with pytest.raises(ValueError, match=r"'Test Generic': mana cost \{40000\}: generic = 40000 is outside"):
        compile_cards([card("Test Generic", "{40000}", "Sorcery")])


def test_compile_cards_rejects_power_beyond_int16():
    with pytest.raises(ValueError, match="'Test Huge'.*40000"):
        compile_cards([card("Test Huge", "{G}", "Creature — Elf", pt="40000/1")])
