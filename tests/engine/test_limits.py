"""No crash from any public call: boards of any size and cards with any number of abilities
either work or raise a clear ValueError at the boundary, naming the limit and what is past it.
Each test drives one public call past one of the compiled core's fixed-size buffers (see the
limits in docs/rules-core.md) and checks the answer or the error. Run them on a debug build
too (MTGSIM_DEBUG=1): the limits are there so that raw C arrays are never overrun.
"""
import copy

import numpy as np
import pytest

from mtgsim import Deck, LimitError, MulliganPolicy, Scenario, _core, card, card_db, simulate
from mtgsim.batch import BoardBatch, evaluate_boards
from mtgsim.compile import compile_cards, compile_deck
from mtgsim.scenario import MAX_PERMANENTS
from mtgsim.simulate import trace

MAX_ABILITIES = _core.MAX_MANA_ABILITIES


def prism(n: int, name: str | None = None):
    """A land with n mana abilities ({T}: Add {G}, n times)."""
    return card(name or f"Test Prism {n}", "", "Land",
                abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}"}] * n)


# ==== a card's mana abilities (int rows[MAXMANA + 1]: printed ones, then one granted) ======

def test_compile_cards_rejects_a_card_with_40_mana_abilities():
    with pytest.raises(ValueError, match=r"card 'Test Prism 40' has 40 mana abilities; at most 16 are "
                                         r"supported"):
        compile_cards([prism(40)])


def test_compile_cards_rejects_a_toml_card_with_17_mana_abilities(tmp_path):
    ability = '{ kind = "mana", cost = "{T}", mana = "{G}" }'
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nname = "Test Toml Prism"\ntype = "Land"\n'
                    f'abilities = [ {", ".join([ability] * 17)} ]\n', encoding="utf-8")
    db = card_db(path)
    with pytest.raises(ValueError, match=r"'Test Toml Prism' has 17 mana abilities; at most 16"):
        compile_cards(db.resolve(["Test Toml Prism"]))


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
    tables = copy.deepcopy(compile_cards(card_db().resolve(["Forest", "Grizzly Bears"])))
    tables.cards["n_mana"][tables.row("Forest")] = 40       # (rows it would read past the table)
    with pytest.raises(ValueError, match="'Forest' has 40 mana abilities; at most 16"):
        BoardBatch(tables, 1, 4)


# ==== one mana ability: its options (Vec outs[MAXOPT]) and its input (masks[MAXINPUT]) ====

def test_compile_cards_rejects_a_mana_ability_with_70_options():
    options = ["{G}", "{W}"] * 35
    with pytest.raises(ValueError, match="'Test Options' has a mana ability with 70 options; at most 64"):
        compile_cards([card("Test Options", "", "Land",
                            abilities=[{"kind": "mana", "cost": "{T}", "options": options}])])


def test_compile_cards_rejects_a_mana_ability_whose_cost_takes_9_mana():
    with pytest.raises(ValueError, match="'Test Converter' has a mana ability whose cost takes 9 mana; "
                                         "at most 8"):
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


# ==== permanents on one board (uint8_t cp[MAXBOARD], plans' taken/step_of[MAXBOARD]) =======

MAX_BOARD = _core.MAX_BOARD
MAX_GAME = MAX_PERMANENTS   # a Scenario's compiled game: 255 (its kinds are counted in bytes)
SWARM = card("Test Swarm", "{0}", "Sorcery", abilities=[{"kind": "spell", "tokens": {"Treasure": 300}}])


def forests(n: int):
    s = Scenario()
    return s, [s.add("Forest") for _ in range(n)]


def test_scenario_add_past_255_permanents_raises_naming_the_count():
    s, _ = forests(MAX_GAME)
    with pytest.raises(ValueError, match=r"Scenario: at most 255 permanents on the battlefield "
                                         r"\(this board would have 256\)"):
        s.add("Forest")
    assert len(s.battlefield()) == MAX_GAME


def test_scenario_mana_questions_on_a_full_board_of_255_forests_are_answered():
    s, lands = forests(MAX_GAME)
    assert s.could_produce(lands[-1]) == {"G"}
    assert s.can_activate(lands[-1])
    assert s.can_cast(card("Test Big Green", "{250}{G}", "Sorcery"))
    assert not s.can_cast(card("Test Too Big", "{255}{G}", "Sorcery"))
    assert s.tap_for_mana(lands[-1]) == {"G": 1}
    assert s.total_cost("Grizzly Bears") == "{1}{G}"


def test_scenario_cast_of_a_sorcery_on_a_full_board_taps_255_forests():
    s, lands = forests(MAX_GAME)
    assert s.cast(card("Test Sorcery 255", "{254}{G}", "Sorcery")) is None
    assert sum(s.is_tapped(p) for p in lands) == 255


def test_scenario_cast_of_a_permanent_onto_a_full_board_raises_and_changes_nothing():
    s, lands = forests(MAX_GAME)
    with pytest.raises(ValueError, match="more than 255 permanents on the battlefield"):
        s.cast("Grizzly Bears")
    assert not any(s.is_tapped(p) for p in lands) and s.hand() == [] and s.pool() == {}
    assert len(s.battlefield()) == MAX_GAME


def test_scenario_cast_of_a_spell_making_300_tokens_raises_and_changes_nothing():
    s, _ = forests(2)
    with pytest.raises(ValueError, match="more than 255 permanents on the battlefield"):
        s.cast(SWARM)
    assert [p.name for p in s.battlefield()] == ["Forest", "Forest"]
    assert s.graveyard() == [] and s.hand() == []


def test_scenario_play_land_onto_a_full_board_raises():
    s, _ = forests(MAX_GAME)
    s.add_to_hand("Mountain")
    with pytest.raises(ValueError, match="more than 255 permanents on the battlefield"):
        s.play_land("Mountain")
    assert s.hand() == ["Mountain"]


def test_scenario_create_token_copy_onto_a_full_board_raises():
    s, _ = forests(MAX_GAME - 1)
    bear = s.add("Grizzly Bears")
    with pytest.raises(ValueError, match="more than 255 permanents on the battlefield"):
        s.create_token_copy(bear)
    assert len(s.battlefield()) == MAX_GAME


def test_scenario_activate_searching_a_land_onto_a_full_board_raises_and_changes_nothing():
    s, _ = forests(MAX_GAME - 1)
    seeker = s.add(card("Test Seeker", "{0}", "Artifact",
                        abilities=[{"kind": "activated", "cost": "{T}", "lands_to_battlefield": 1}]))
    s.add_to_library("Forest")
    with pytest.raises(ValueError, match="more than 255 permanents on the battlefield"):
        s.activate(seeker)
    assert not s.is_tapped(seeker)


def test_scenario_next_turn_with_an_upkeep_trigger_past_256_raises_and_changes_nothing():
    s, _ = forests(2)
    s.add(card("Test Upkeep Swarm", "{0}", "Artifact",
               abilities=[{"kind": "trigger", "event": "your_upkeep", "tokens": {"Treasure": 300}}]),
          controller="opponent")
    with pytest.raises(ValueError, match="more than 255 permanents on the battlefield"):
        s.next_turn()
    assert s.turn == 1 and len(s.battlefield("opponent")) == 1


@pytest.mark.parametrize("entry", ["board_could_produce", "board_mana_rows", "board_ability_outputs",
                                   "board_produce", "board_produce_exact", "board_can_pay",
                                   "board_mana_summary", "board_plan_payment", "board_total_cost"])
def test_compiled_one_board_entry_points_refuse_a_board_of_300(entry):
    """The core's one-board entry points check the board once (the Scenario never asks)."""
    tables = compile_cards(card_db().resolve(["Forest", "Grizzly Bears"]))
    core = _core.CoreTables(tables)
    perms = np.zeros(300, dtype=_core.record_dtypes()["permanent"])
    perms["card"] = tables.row("Forest")
    perms["attached_to"] = -1
    info = np.zeros(1, dtype=_core.record_dtypes()["board_info"])
    cost = np.zeros(1, dtype=_core.record_dtypes()["total_cost"])
    args = {"board_could_produce": (), "board_mana_rows": (0,), "board_ability_outputs": (0, 0),
            "board_produce": (0, 0, -1, []), "board_produce_exact": (0, 0, (1, 0, 0, 0, 0, 0)),
            "board_can_pay": (0, cost, 0, False), "board_mana_summary": (0,),
            "board_plan_payment": (0, cost, 0, False),
            "board_total_cost": (tables.row("Grizzly Bears"), 0, False, 0, 0, False)}[entry]
    with pytest.raises(ValueError, match=r"at most 256 permanents on one board \(this board has 300\)"):
        getattr(_core, entry)(core, perms, 300, info, *args)


def test_board_batch_refuses_a_capacity_of_300():
    with pytest.raises(ValueError, match=r"capacity must be 1\.\.256, got 300"):
        BoardBatch(compile_cards(card_db().resolve(["Forest"])), 1, 300)


def test_evaluate_boards_on_full_boards_of_256():
    tables = compile_cards(card_db().resolve(["Forest", "Mana Reflection", "Grizzly Bears"]))
    b = BoardBatch(tables, 2, MAX_BOARD)
    for _ in range(MAX_BOARD):
        b.put(0, "Forest")
    for _ in range(MAX_BOARD - 56):               # 200 Forests under Mana Reflection: the search
        b.put(1, "Forest")
    b.put(1, "Mana Reflection")
    r = evaluate_boards(b, "Grizzly Bears")
    assert list(r.mana[0]) == [0, 0, 0, 0, 256, 0, 256] and r.castable.all()
    assert list(r.mana[1]) == [0, 0, 0, 0, 400, 0, 400]


# ==== the payment search: units (MAXUNIT), searched sources (MAXBRANCH), one source's results
# (MAXOPT), symbols paid by a choice (MAXCHOOSE, MAXCHOICE), demand (MAXDEMAND), replacement
# effects on one tapping (MAXREPLACE). Past one, an answer the limit may have made wrong raises;
# an answer it can't have changed is given.

VAULT = card("Test Vault", "{0}", "Artifact", abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}" * 8}])
TWIN = card("Test Twin", "", "Land",
            abilities=[{"kind": "mana", "cost": "{T}", "options": ["{G}{G}", "{R}{R}"]}])
BLOOM = card("Test Bloom", "{0}", "Artifact",
             abilities=[{"kind": "mana", "cost": "{T}", "output": "combination", "amount": 5}])


def vaults_under_reflection(n_vaults: int = 130):
    """n Vaults (8 {G} each) doubled by Mana Reflection: 16 n units, read by the search."""
    s = Scenario()
    s.add("Mana Reflection")
    return s, [s.add(VAULT) for _ in range(n_vaults)]


def test_scenario_can_cast_past_512_units_answers_yes_and_raises_for_no():
    s, _ = vaults_under_reflection()                     # 2080 units
    assert s.can_cast("Grizzly Bears")                   # (a payment found is one)
    with pytest.raises(ValueError, match="not known exactly: this board has 512 or more units of mana"):
        s.can_cast(card("Test Huge Spell", "{600}", "Sorcery"))


def test_scenario_cast_past_512_units_raises_and_changes_nothing():
    s, vaults = vaults_under_reflection()
    with pytest.raises(ValueError, match="512 or more units of mana"):
        s.cast(card("Test Huge Spell", "{600}", "Sorcery"))
    assert not any(s.is_tapped(v) for v in vaults) and s.pool() == {} and s.graveyard() == []


def test_scenario_cast_of_x_1000_past_512_units_raises():
    s, _ = vaults_under_reflection()
    with pytest.raises(ValueError, match="512 or more units of mana"):
        s.cast(card("Test X Spell", "{X}", "Sorcery"), x=1000)


def test_evaluate_boards_past_512_units_in_the_search_raises_naming_the_board():
    tables = compile_cards(card_db().resolve(["Forest", "Mana Reflection", "Grizzly Bears", VAULT]))
    b = BoardBatch(tables, 2, 200)
    b.put(0, "Forest")
    b.put(1, "Mana Reflection")
    for _ in range(130):
        b.put(1, VAULT)
    with pytest.raises(ValueError, match="board 1: its answers are not known exactly: .*511 or more units"):
        evaluate_boards(b, "Grizzly Bears")


@pytest.mark.parametrize("fast", [True, False])
def test_the_most_mana_is_counted_to_510_and_a_board_of_511_raises(fast):
    """The most mana a board makes is counted up to MAXDEMAND - 1 (511) units, where the count
    stops. 63 Vaults, Forests and a Twin (searched: a choice of {G}{G} or {R}{R}, taking no
    mana in) making 510 are answered exactly, the Twin's best option summed with the units on
    the fast path and found by the search without it; one Forest more, 511, raises both ways."""
    tables = compile_cards(card_db().resolve(["Forest", "Grizzly Bears", VAULT, TWIN]))
    for forests, total in ((4, 510), (5, 511)):
        b = BoardBatch(tables, 1, 80)
        b.core.fast_path = fast
        for _ in range(63):
            b.put(0, VAULT)
        for _ in range(forests):
            b.put(0, "Forest")
        b.put(0, TWIN)
        if total == 510:
            assert list(evaluate_boards(b, "Grizzly Bears").mana[0]) == [0, 0, 0, 2, 510, 0, 510]
        else:
            with pytest.raises(LimitError, match="board 0: .*511 or more units of mana to count"):
                evaluate_boards(b, "Grizzly Bears")


def test_scenario_can_cast_with_13_searched_sources_raises_for_no():
    """A land making {G}{G} or {R}{R} is searched (its results aren't units of one mask): 13 of
    them make 26, the search takes 12 (24)."""
    s = Scenario()
    for _ in range(13):
        s.add(TWIN)
    assert s.can_cast(card("Test 24", "{22}{G}{G}", "Sorcery"))
    with pytest.raises(ValueError, match="more than 12 mana sources needing a search"):
        s.can_cast(card("Test 26", "{24}{G}{G}", "Sorcery"))


def test_evaluate_boards_with_13_searched_sources_raises():
    tables = compile_cards([TWIN, card("Test 26", "{24}{G}{G}", "Sorcery")])
    b = BoardBatch(tables, 1, 13)
    for _ in range(13):
        b.put(0, TWIN)
    with pytest.raises(ValueError, match="board 0: .*more than 12 mana sources"):
        evaluate_boards(b, "Test 26")


def test_scenario_questions_on_a_source_of_126_results_raise():
    """Five mana in any combination of colours: 126 results, more than the 64 kept."""
    s = Scenario()
    bloom = s.add(BLOOM)
    with pytest.raises(ValueError, match="a mana source with 64 or more distinct results"):
        s.can_cast(card("Test Five Red", "{R}{R}{R}{R}{R}", "Sorcery"))
    with pytest.raises(ValueError, match="64 or more distinct results"):
        s.tap_for_mana(bloom, color="R")
    with pytest.raises(ValueError, match="64 or more distinct results"):
        s.could_produce(bloom)


def test_a_source_of_35_results_is_answered():
    """Three mana in any combination of colours: 35 results, all kept."""
    s = Scenario()
    s.add(card("Test Small Bloom", "{0}", "Artifact",
               abilities=[{"kind": "mana", "cost": "{T}", "output": "combination", "amount": 3}]))
    assert s.can_cast(card("Test Three Red", "{R}{R}{R}", "Sorcery"))
    assert not s.can_cast(card("Test Four Red", "{R}{R}{R}{R}", "Sorcery"))


def test_scenario_can_cast_of_11_phyrexian_symbols_raises_for_no():
    """Each {G/P} is paid with {G} or 2 life: both ways are tried for 10 of them."""
    s = Scenario()
    assert s.can_cast(card("Test Ten Phyrexian", "{G/P}" * 10, "Sorcery"))       # 20 life
    with pytest.raises(ValueError, match="a cost with more than 10 symbols paid by a choice"):
        s.can_cast(card("Test Eleven Phyrexian", "{G/P}" * 11, "Sorcery"))


def test_scenario_can_cast_of_70_phyrexian_symbols_raises_either_way():
    s = Scenario()
    for _ in range(70):
        s.add("Forest")
    with pytest.raises(ValueError, match=r"512 or more units of mana to pay "
                                         r"\(or over 64 symbols paid by a choice\)"):
        s.can_cast(card("Test Seventy Phyrexian", "{G/P}" * 70, "Sorcery"))


def test_scenario_can_cast_of_x_1000_on_a_searched_board_of_508_mana_is_no():
    """The demand is past 512 units but the board makes 508: that it can't be paid is certain."""
    s = Scenario()
    s.add("Mana Reflection")
    for _ in range(254):
        s.add("Forest")
    x_spell = card("Test X Spell", "{X}", "Sorcery")
    assert not s.can_cast(x_spell, x=1000)
    assert s.can_cast(x_spell, x=508) and not s.can_cast(x_spell, x=509)


def test_evaluate_boards_of_x_1000_with_an_x_spell():
    tables = compile_cards(card_db().resolve(["Forest", card("Test X Spell", "{X}", "Sorcery")]))
    b = BoardBatch(tables, 1, MAX_BOARD)
    for _ in range(MAX_BOARD):
        b.put(0, "Forest")
    assert not evaluate_boards(b, "Test X Spell", x=1000).castable[0]
    assert evaluate_boards(b, "Test X Spell", x=256).castable[0]


def seven_reflections():
    s = Scenario()
    for _ in range(7):
        s.add("Mana Reflection")
    return s, s.add("Forest")


def test_scenario_tap_for_mana_under_7_replacement_effects_raises():
    s, forest = seven_reflections()
    with pytest.raises(ValueError, match=r"more than 6 replacement effects on the battlefield "
                                         r"\(one permanent tapped for mana applies at most 6\)"):
        s.tap_for_mana(forest)
    assert not s.is_tapped(forest) and s.pool() == {}


def test_scenario_can_cast_and_could_produce_under_7_replacement_effects_raise():
    s, forest = seven_reflections()
    with pytest.raises(ValueError, match="more than 6 replacement effects on the battlefield"):
        s.can_cast("Grizzly Bears")
    with pytest.raises(ValueError, match="more than 6 replacement effects on the battlefield"):
        s.could_produce(forest)


def test_scenario_tap_for_mana_under_6_replacement_effects_makes_64():
    s = Scenario()
    for _ in range(6):
        s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 64}


def test_evaluate_boards_under_7_replacement_effects_raises():
    tables = compile_cards(card_db().resolve(["Forest", "Mana Reflection", "Grizzly Bears"]))
    b = BoardBatch(tables, 1, 8)
    for _ in range(7):
        b.put(0, "Mana Reflection")
    b.put(0, "Forest")
    with pytest.raises(ValueError, match="board 0: .*more than 6 replacement effects on the battlefield"):
        evaluate_boards(b, "Grizzly Bears")


# ==== cost modifiers for one spell (total_cost lists MAXMODS: the spell's and the board's) ==

TAXER = card("Test Taxer", "{0}", "Artifact",
             abilities=[{"kind": "cost", "change": "increase", "scope": "all_spells", "mana": "{1}"}])


def test_scenario_total_cost_with_64_cost_modifiers_counts_all_64():
    s = Scenario()
    for _ in range(64):
        s.add(TAXER)
    assert s.total_cost("Grizzly Bears") == "{65}{G}"


def test_scenario_total_cost_and_can_cast_with_70_cost_modifiers_raise():
    s = Scenario()
    for _ in range(70):
        s.add(TAXER)
    with pytest.raises(ValueError, match="more than 64 cost modifiers for one spell"):
        s.total_cost("Grizzly Bears")
    with pytest.raises(ValueError, match="more than 64 cost modifiers for one spell"):
        s.can_cast("Grizzly Bears")


def test_evaluate_boards_with_70_cost_modifiers_raises_and_with_64_counts_them():
    tables = compile_cards(card_db().resolve(["Forest", "Grizzly Bears", TAXER]))
    b = BoardBatch(tables, 2, 150)
    for _ in range(64):
        b.put(0, TAXER)
        b.put(1, TAXER)
    for _ in range(66):
        b.put(1, "Forest")
    r = evaluate_boards(b, "Grizzly Bears")
    assert [str(c) for c in r.total_cost] == ["{65}{G}", "{65}{G}"]
    assert list(r.castable) == [False, True]
    for _ in range(6):
        b.put(0, TAXER)
    with pytest.raises(ValueError, match="board 0: .*more than 64 cost modifiers"):
        evaluate_boards(b, "Grizzly Bears")


# ==== the goldfish (mtgsim.simulate, mtgsim.trace): library, tracked cards, turns, X, and the
# game's own buffers (battlefield, hand, triggers, graveyard, abilities, trace) ===============

BRICK = card("Test Brick", "{99}", "Artifact")                 # never cast
DRAW_ALL = card("Test Draw All", "{0}", "Sorcery", abilities=[{"kind": "spell", "draw": 300}])
NEVER = MulliganPolicy.never()


def test_simulate_and_trace_reject_a_deck_of_300_cards():
    deck = Deck({"Forest": 300})
    with pytest.raises(ValueError, match=r"decks of more than 256 cards aren't supported "
                                         r"\(this one has 300\)"):
        simulate(deck, games=10, turns=2, seed=1)
    with pytest.raises(ValueError, match="more than 256 cards"):
        trace(deck, games=1, turns=2, seed=1)


def test_simulate_plays_a_deck_of_256_cards():
    res = simulate(Deck({"Forest": 100, "Grizzly Bears": 156}), games=200, turns=4, seed=1, threads=1)
    assert res.games == 200 and res.p_castable("Grizzly Bears", 2).value > 0


def test_simulate_rejects_513_tracked_cards():
    spells = [card(f"Test Spell {k}", "{1}", "Sorcery") for k in range(513)]
    with pytest.raises(ValueError, match="at most 512 cards can be tracked; this run tracks 513"):
        simulate(Deck({"Forest": 60}), games=10, turns=2, seed=1, track=spells)


def test_simulate_and_trace_reject_41_turns():
    with pytest.raises(ValueError, match=r"turns must be 1\.\.40, got 41"):
        simulate(Deck({"Forest": 60}), games=10, turns=41, seed=1)
    with pytest.raises(ValueError, match=r"turns must be 1\.\.40, got 41"):
        trace(Deck({"Forest": 60}), games=1, turns=41, seed=1)


def test_simulate_and_trace_past_255_permanents_raise():
    deck = Deck({"Forest": 20, SWARM: 40})                         # 300 Treasures a cast
    with pytest.raises(ValueError, match="simulate: a game went past a limit of the simulator: "
                                         "more than 255 permanents on the battlefield"):
        simulate(deck, games=50, turns=3, seed=1, threads=1)
    with pytest.raises(ValueError, match="trace: .*more than 255 permanents on the battlefield"):
        trace(deck, games=5, turns=3, seed=1)


def hand_line(text: str, turn: int, game: int = 1) -> str:
    """The hand shown on a turn of one game of a trace."""
    games = text.split("game ")
    return next(line for line in games[game].splitlines() if line.strip().startswith(f"turn {turn};"))


def test_trace_of_a_deck_drawn_into_one_hand_holds_all_216_bricks():
    """A hand holds the whole library but the card that drew it (MAXHAND = 255)."""
    deck = Deck({DRAW_ALL: 40, BRICK: 216})
    text = trace(deck, games=1, turns=2, seed=4, mulligan=NEVER)
    assert "cast Test Draw All" in hand_line(text, 1)
    assert hand_line(text, 2).count("Test Brick") == 216
    assert simulate(deck, games=100, turns=3, seed=1, threads=1, mulligan=NEVER).games == 100


def test_trace_of_40_turns_with_a_hand_of_216_cards_is_complete():
    """8640 hand events: more than the trace buffer's first 4096 a game (it is made larger)."""
    text = trace(Deck({DRAW_ALL: 40, BRICK: 216}), games=2, turns=40, seed=4, mulligan=NEVER)
    assert hand_line(text, 40).count("Test Brick") == 216
    assert "opponent 20" in hand_line(text, 40, game=2)


SHOCK_ON_ENTER = {"kind": "trigger", "event": "creature_you_control_enters", "damage_to_opponent": 1}
WATCHER = card("Test Watcher", "{0}", "Artifact", abilities=[SHOCK_ON_ENTER])
RALLY = card("Test Rally", "{0}", "Artifact", abilities=[SHOCK_ON_ENTER] * 6)
RECRUIT = card("Test Recruit", "{0}", "Creature — Soldier", pt="1/1")


def test_trace_resolves_every_one_of_200_enters_triggers():
    """Each Recruit entering triggers every Watcher in play: all of them resolve (the buffer
    holds 4 * 255), so the opponent's life is 20 less one per Watcher in play per Recruit."""
    text = trace(Deck({DRAW_ALL: 10, WATCHER: 200, RECRUIT: 46}), games=5, turns=1, seed=4, mulligan=NEVER)
    most = 0
    for game in range(1, 6):
        turn = hand_line(text, 1, game)
        watchers = damage = 0
        for part in turn.split("; "):
            watchers += part == "cast Test Watcher (0)"
            damage += watchers if part == "cast Test Recruit (0)" else 0
        assert turn.endswith(f"opponent {20 - damage}")
        most = max(most, damage)
    assert most > 32 * 46                  # (a game where the library was drawn)


def test_simulate_past_1020_enters_triggers_raises():
    with pytest.raises(ValueError, match="more than 1020 abilities triggering as one permanent enters"):
        simulate(Deck({DRAW_ALL: 10, RALLY: 200, RECRUIT: 46}), games=20, turns=1, seed=4, threads=1,
                 mulligan=NEVER)


def test_trace_casts_all_40_flashback_cards_from_the_graveyard():
    """The graveyard holds every flashback card of the library (MAXFLASHBACK = MAXLIB)."""
    shock = card("Test Flashback Shock", "{0}", "Sorcery", flashback="{0}",
                 abilities=[{"kind": "spell", "damage_to_opponent": 1, "draw": 300}])
    text = trace(Deck({shock: 40, BRICK: 216}), games=1, turns=1, seed=4, mulligan=NEVER)
    assert hand_line(text, 1).count("cast Test Flashback Shock") == 80


def test_simulate_with_an_endless_chain_of_token_copies_raises():
    """Sacrifice this: a token copy of your best creature — itself, again and again: each copy is
    a new permanent whose ability is used once (MAXPERM of them looked at in one go)."""
    splitter = card("Test Splitter", "{0}", "Creature — Shapeshifter", pt="1/1",
                    abilities=[{"kind": "activated", "cost": "Sacrifice this", "token_copy": True}])
    with pytest.raises(ValueError, match="more than 255 permanents activating abilities in one main phase"):
        simulate(Deck({"Forest": 20, splitter: 40}), games=20, turns=2, seed=1, threads=1)


MEGA_LAND = card("Test Mega Land", "", "Land",
                 abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}" * 255}])
X_SPELL = card("Test X Spell", "{X}", "Sorcery", abilities=[{"kind": "spell", "damage_to_opponent": "X"}])


def test_simulate_casts_x_spells_up_to_x_765():
    res = simulate(Deck({MEGA_LAND: 20, X_SPELL: 40}), games=50, turns=3, seed=1, threads=1, mulligan=NEVER)
    assert 0 < res.mana_spent(3).value <= 765


def test_simulate_past_x_1000_raises():
    with pytest.raises(ValueError, match="an X spell with X above 1000"):
        simulate(Deck({MEGA_LAND: 20, X_SPELL: 40}), games=50, turns=6, seed=1, threads=1, mulligan=NEVER)


def test_simulate_rejects_a_deck_of_70_cost_modifiers():
    with pytest.raises(ValueError, match=r"this deck's permanents have 70 cost modifiers "
                                         r"\(with a spell's own\); a total cost counts at most 64"):
        simulate(Deck({"Forest": 20, TAXER: 70}), games=10, turns=2, seed=1)


# ==== amounts in int16 fields (life, mana in a pool, counters, X, the turn, hand sizes) and a
# total cost's fields (generic int16, symbol counts uint8) ==================================

GROWER = card("Test Grower", "{0}", "Creature — Plant", pt="0/1",
              abilities=[{"kind": "activated", "cost": "{0}", "counters": {"+1/+1": 10000}}])


def test_scenario_add_with_40000_counters_raises():
    s = Scenario()
    with pytest.raises(ValueError, match=r"Scenario: Grizzly Bears's \+1/\+1 counters would be 40000; "
                                         r"the simulator holds -32768\.\.32767"):
        s.add("Grizzly Bears", counters={"+1/+1": 40000})
    assert s.battlefield() == []


def test_scenario_activate_past_32767_counters_raises_and_changes_nothing():
    s = Scenario()
    grower = s.add(GROWER, counters={"+1/+1": 30000})
    with pytest.raises(ValueError, match=r"Scenario: life, mana or counters past -32768\.\.32767"):
        s.activate(grower)
    assert s.counters(grower) == {"+1/+1": 30000} and s.power(grower) == 30000


def test_scenario_add_with_x_2000_raises():
    with pytest.raises(ValueError, match=r"x must be a whole number 0\.\.1000 \(107\.3\), got 2000"):
        Scenario().add("Grizzly Bears", x=2000)


def test_scenario_cast_gaining_life_past_32767_raises_and_changes_nothing():
    s = Scenario()
    feast = card("Test Feast", "{0}", "Sorcery", abilities=[{"kind": "spell", "gain_life": 30000}])
    s.cast(feast)
    with pytest.raises(ValueError, match=r"Scenario: life, mana or counters past -32768\.\.32767"):
        s.cast(feast)
    assert s.life() == 30020 and s.graveyard() == ["Test Feast"]


def test_scenario_tap_for_mana_past_32767_in_the_pool_raises_and_changes_nothing():
    """Under Mana Reflection a Mega Land makes 510 {G}: the 65th makes 33150 in the pool."""
    s = Scenario()
    s.add("Mana Reflection")
    lands = [s.add(MEGA_LAND) for _ in range(65)]
    for land in lands[:64]:
        assert s.tap_for_mana(land) == {"G": 510}
    with pytest.raises(ValueError, match="Scenario: G mana in your pool would be 33150"):
        s.tap_for_mana(lands[64])
    assert s.pool() == {"G": 32640} and not s.is_tapped(lands[64])


def test_scenario_next_turn_past_turn_32767_raises():
    s = Scenario()
    for _ in range(32766):
        s.next_turn()
    assert s.turn == 32767
    with pytest.raises(ValueError, match="Scenario: the turn number would be 32768"):
        s.next_turn()
    assert s.turn == 32767


def test_scenario_add_to_hand_past_255_cards_raises():
    s = Scenario()
    for _ in range(255):
        s.add_to_hand("Forest")
    with pytest.raises(ValueError, match="Scenario: at most 255 cards in your hand"):
        s.add_to_hand("Forest")
    assert len(s.hand()) == 255 and not s.can_cast("Grizzly Bears")


def test_scenario_add_to_library_past_256_cards_raises():
    s = Scenario()
    for _ in range(256):
        s.add_to_library("Forest", player="opponent")
    with pytest.raises(ValueError, match="Scenario: at most 256 cards in the opponent's library"):
        s.add_to_library("Forest", player="opponent")
    s.next_turn()
    assert s.hand("opponent") == ["Forest"]


def test_scenario_draw_into_a_full_hand_raises_and_changes_nothing():
    """An action past a limit of the compiled game is refused whole: the card stays on top."""
    s = Scenario()
    for _ in range(255):
        s.add_to_hand("Forest")
    s.add_to_library("Island")
    with pytest.raises(LimitError, match="Scenario: more than 255 cards in hand"):
        s.draw()
    assert len(s.hand()) == 255 and "Island" not in s.hand()


X40 = card("Test Forty X", "{X}" * 40, "Sorcery")
KICKED = card("Test Kicked", "{G}" * 200, "Sorcery", kicker="{G}" * 100)
MEGA_TAXER = card("Test Mega Taxer", "{0}", "Artifact",
                  abilities=[{"kind": "cost", "change": "increase", "scope": "all_spells",
                              "mana": "{20000}"}])


def test_scenario_total_cost_of_x_1000_with_40_x_symbols_raises():
    s = Scenario()
    assert s.total_cost(X40, x=800) == "{32000}"
    with pytest.raises(ValueError, match="the total cost is not known exactly: "
                                         ".*more than 32767 generic mana"):
        s.total_cost(X40, x=1000)
    with pytest.raises(ValueError, match="more than 32767 generic mana"):
        s.can_cast(X40, x=1000)


def test_scenario_total_cost_kicked_past_255_green_symbols_raises():
    s = Scenario()
    assert s.total_cost(KICKED) == "{G}" * 200
    with pytest.raises(ValueError, match="or 255 symbols of one kind"):
        s.total_cost(KICKED, kicked=True)


def test_scenario_total_cost_with_increases_past_32767_raises():
    s = Scenario()
    s.add(MEGA_TAXER)
    assert s.total_cost("Grizzly Bears") == "{20001}{G}"
    s.add(MEGA_TAXER)
    with pytest.raises(ValueError, match="more than 32767 generic mana"):
        s.total_cost("Grizzly Bears")


def test_evaluate_boards_of_total_costs_past_their_fields_raises():
    tables = compile_cards(card_db().resolve(["Forest", "Grizzly Bears", X40, KICKED, MEGA_TAXER]))
    b = BoardBatch(tables, 1, 4)
    b.put(0, "Forest")
    with pytest.raises(ValueError, match="more than 32767 generic mana"):
        evaluate_boards(b, X40, x=1000)
    with pytest.raises(ValueError, match="255 symbols of one kind"):
        evaluate_boards(b, KICKED, kicked=True)
    b.put(0, MEGA_TAXER)
    b.put(0, MEGA_TAXER)
    with pytest.raises(ValueError, match="board 0: .*more than 32767 generic mana"):
        evaluate_boards(b, "Grizzly Bears")


def test_board_batch_put_rejects_counters_and_x_past_their_fields():
    b = BoardBatch(compile_cards(card_db().resolve(["Grizzly Bears"])), 1, 4)
    with pytest.raises(ValueError, match=r"counters '\+1/\+1' must be a whole number 0\.\.32767, got 40000"):
        b.put(0, "Grizzly Bears", counters={"+1/+1": 40000})
    with pytest.raises(ValueError, match=r"at most 32767 of a kind"):
        b.put(0, "Grizzly Bears", counters={"charge": 20000, "Charge": 20000})     # (one kind, two spellings)
    with pytest.raises(ValueError, match=r"x_paid must be a whole number 0\.\.1000, got 2000"):
        b.put(0, "Grizzly Bears", x_paid=2000)
    assert b.count[0] == 0


# ==== one activation's mana (Vec: int16 per type) ==========================================

def doubled_mega_land():
    """255 {G} times 3 * 3 * 2 * 2 * 2 * 2: 36720, more than a Vec holds."""
    s = Scenario()
    for name in ["Nyxbloom Ancient"] * 2 + ["Mana Reflection"] * 4:
        s.add(name)
    return s, s.add(MEGA_LAND)


def test_scenario_tap_for_mana_of_36720_green_raises_and_changes_nothing():
    s, land = doubled_mega_land()
    with pytest.raises(ValueError, match="a mana ability making more than 32767 mana of one type at once"):
        s.tap_for_mana(land)
    assert not s.is_tapped(land) and s.pool() == {}


def test_scenario_can_cast_and_could_produce_with_36720_green_raise():
    s, land = doubled_mega_land()
    with pytest.raises(ValueError, match="more than 32767 mana of one type"):
        s.can_cast(card("Test Two Green", "{G}{G}", "Sorcery"))
    with pytest.raises(ValueError, match="more than 32767 mana of one type"):
        s.could_produce(land)


def test_scenario_tap_for_mana_of_18360_green_is_made():
    s = Scenario()
    for name in ["Nyxbloom Ancient"] * 2 + ["Mana Reflection"] * 3:
        s.add(name)
    assert s.tap_for_mana(s.add(MEGA_LAND)) == {"G": 18360}


def test_evaluate_boards_with_a_counted_amount_of_51000_green_raises():
    """255 {G} for each land you control, with 200 lands: the amount is past what a Vec holds."""
    cradle = card("Test Mega Cradle", "", "Land", abilities=[{
        "kind": "mana", "cost": "{T}", "mana": "{G}" * 255,
        "amount": {"count": "permanents", "controller": "you", "types": ["Land"]}}])
    tables = compile_cards(card_db().resolve(["Forest", "Grizzly Bears", cradle]))
    b = BoardBatch(tables, 2, 200)
    for board, lands in ((0, 1), (1, 200)):
        b.put(board, cradle)
        for _ in range(lands - 1):
            b.put(board, "Forest")
    b.count[1] = 0
    assert list(evaluate_boards(b, "Grizzly Bears").mana[0]) == [0, 0, 0, 0, 255, 0, 255]
    b.count[1] = 200
    with pytest.raises(ValueError, match="board 1: .*more than 32767 mana of one type"):
        evaluate_boards(b, "Grizzly Bears")


# ==== the goldfish's amounts (int16: life, counters, the pool, one activation's mana) and the
# replacement effects one tapping applies ===================================================

FREE_BLOOM = card("Test Free Bloom", "{0}", "Enchantment", abilities=[
    {"kind": "mana_replacement", "watches": "permanents_you_control", "multiply": 3}])
FREE_REFLECTION = card("Test Free Reflection", "{0}", "Enchantment", abilities=[
    {"kind": "mana_replacement", "watches": "permanents_you_control", "multiply": 2}])


def test_simulate_gaining_life_past_32767_raises():
    feast = card("Test Feast", "{0}", "Sorcery", abilities=[{"kind": "spell", "gain_life": 30000}])
    with pytest.raises(ValueError, match=r"simulate: .*life, mana or counters past -32768\.\.32767"):
        simulate(Deck({"Forest": 20, feast: 40}), games=20, turns=2, seed=1, threads=1)


def test_simulate_putting_counters_past_32767_raises():
    with pytest.raises(ValueError, match=r"life, mana or counters past -32768\.\.32767"):
        simulate(Deck({"Forest": 20, GROWER: 40}), games=20, turns=5, seed=1, threads=1)


def test_simulate_with_an_activation_of_36720_green_raises():
    """Two free Nyxblooms and four free Reflections over a Mega Land: 255 * 9 * 16 {G}."""
    deck = Deck({DRAW_ALL: 10, FREE_BLOOM: 2, FREE_REFLECTION: 4, MEGA_LAND: 44})
    with pytest.raises(ValueError, match=r"life, mana or counters past -32768\.\.32767"):
        simulate(deck, games=20, turns=2, seed=1, threads=1, mulligan=NEVER)


def test_simulate_rejects_a_deck_of_7_replacement_effects():
    with pytest.raises(ValueError, match="this deck's permanents have 7 replacement effects for mana; "
                                         "one permanent tapped for mana applies at most 6"):
        simulate(Deck({"Forest": 53, "Mana Reflection": 7}), games=10, turns=2, seed=1)


def test_compile_cards_rejects_a_card_entering_with_33000_counters():
    with pytest.raises(ValueError, match=r"'Test Swollen' enters with more than 32767 counters of a kind "
                                         r"\(X counts as 1000\)"):
        compile_cards([card("Test Swollen", "{X}", "Creature — Ooze", pt="0/0",
                            abilities=[{"kind": "enters", "counters": {"+1/+1": "X"}},
                                       {"kind": "enters", "counters": {"+1/+1": 32000}}])])


def test_simulate_with_a_mana_ability_gaining_life_past_32767_raises():
    spring = card("Test Spring", "", "Land",
                  abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}", "gain_life": 30000}])
    with pytest.raises(ValueError, match=r"life, mana or counters past -32768\.\.32767"):
        simulate(Deck({spring: 20, "Grizzly Bears": 40}), games=20, turns=6, seed=1, threads=1)


def test_scenario_graveyard_past_512_cards_raises_and_changes_nothing():
    s = Scenario()
    nothing = card("Test Nothing", "{0}", "Sorcery")
    for _ in range(512):
        s.cast(nothing)
    with pytest.raises(ValueError, match="Scenario: more than 512 cards in a graveyard"):
        s.cast(nothing)
    assert len(s.graveyard()) == 512 and s.hand() == []
    back = card("Test Back", "{0}", "Sorcery", flashback="{0}")
    with pytest.raises(ValueError, match="Scenario: at most 512 cards in your graveyard"):
        s.cast(back, alternative="flashback")
