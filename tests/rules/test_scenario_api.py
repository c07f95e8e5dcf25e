"""The Scenario API itself: its starting state, turn structure (106.4, 502.3, 504.1),
casting and resolving (601.2, 608.2), state-based actions (704.5f, 704.5j), and robustness —
malformed calls raise clear errors (UnknownCardError, ValueError/LookupError, IndexError,
RulesError naming the rule) and never crash.
"""
import pytest

from mtgsim import ManaCost, MtgsimError, RulesError, Scenario, UnknownCardError, card


def _n(s, name, n, **kw):
    return [s.add(name, **kw) for _ in range(n)]


def _named(s, name, player="you"):
    return [p for p in s.battlefield(player) if p.name == name]


# ==== starting state and basics ============================================================

def test_103_4_scenario_starts_with_twenty_life_and_empty_zones():
    """103.4: each player starts at 20 life; a fresh Scenario has empty hands, pools and
    battlefields."""
    s = Scenario()
    for who in ("you", "opponent"):
        assert s.life(who) == 20
        assert s.hand(who) == []
        assert s.pool(who) == {}
        assert s.battlefield(who) == []


def test_110_2_add_puts_a_permanent_under_its_controller():
    """110.2: a permanent's controller — `add(controller=...)` decides whose battlefield it's on."""
    s = Scenario()
    forest = s.add("Forest")
    island = s.add("Island", controller="opponent")
    assert forest.name == "Forest"
    assert [p.name for p in s.battlefield("you")] == ["Forest"]
    assert [p.name for p in s.battlefield("opponent")] == ["Island"]
    assert s.on_battlefield(forest) and s.on_battlefield(island)
    assert not s.is_tapped(forest)
    assert s.is_tapped(s.add("Forest", tapped=True))


def test_122_1_add_with_counters():
    """122.1: counters given at set-up are on the permanent and change its power/toughness."""
    s = Scenario()
    bears = s.add("Grizzly Bears", counters={"+1/+1": 2})
    assert s.counters(bears) == {"+1/+1": 2}
    assert (s.power(bears), s.toughness(bears)) == (4, 4)
    assert s.counters(s.add("Grizzly Bears")).get("+1/+1", 0) == 0


def test_card_object_accepted_as_well_as_a_name():
    """`card` may be a CardDef from the database as well as a name."""
    from mtgsim import card_db
    s = Scenario()
    forest = s.add(card_db()["Forest"])
    assert forest.name == "Forest"
    assert s.tap_for_mana(forest) == {"G": 1}
    assert s.total_cost(card_db()["Lightning Bolt"]) == ManaCost.parse("{R}")


def test_total_cost_returns_a_mana_cost():
    """601.2f: `total_cost` returns a ManaCost."""
    s = Scenario()
    assert isinstance(s.total_cost("Grizzly Bears"), ManaCost)


# ==== casting and resolving ================================================================

def test_601_2h_cast_pays_by_tapping_sources_and_the_permanent_enters():
    """601.2h / 608.3: casting Grizzly Bears taps two Forests; the Bears enters and leaves the
    hand."""
    s = Scenario()
    forests = _n(s, "Forest", 2)
    s.add_to_hand("Grizzly Bears")
    bears = s.cast("Grizzly Bears")
    assert bears.name == "Grizzly Bears"
    assert s.on_battlefield(bears)
    assert all(s.is_tapped(f) for f in forests)
    assert s.hand() == []


def test_601_2_cast_of_a_card_not_in_hand_adds_it_first():
    """`cast` adds the card to the hand if absent, then moves it to the stack."""
    s = Scenario()
    _n(s, "Forest", 2)
    s.cast("Grizzly Bears")
    assert s.hand() == []
    assert len(_named(s, "Grizzly Bears")) == 1


def test_608_2_instant_resolves_and_returns_none():
    """608.2: Lightning Bolt resolves (3 damage to the opponent); `cast` returns None."""
    s = Scenario()
    s.add("Mountain")
    assert s.cast("Lightning Bolt") is None
    assert s.life("opponent") == 17
    assert s.hand() == []


def test_601_2h_cast_uses_floating_mana_first():
    """601.2h: mana already in the pool pays the cost."""
    s = Scenario()
    forest = s.add("Forest")
    other = s.add("Forest")
    s.tap_for_mana(forest)
    s.cast("Llanowar Elves")
    assert s.pool() == {}
    assert not s.is_tapped(other)


def test_614_1c_permanent_that_enters_tapped_when_cast():
    """614.1c: Worn Powerstone "enters tapped" when cast."""
    s = Scenario()
    _n(s, "Sol Ring", 2)
    stone = s.cast("Worn Powerstone")
    assert s.is_tapped(stone)


def test_603_6a_enters_trigger_of_a_cast_creature():
    """603.6a: Elvish Visionary's "when this enters, draw a card" resolves on cast."""
    s = Scenario()
    _n(s, "Forest", 2)
    s.add_to_library("Island")
    s.cast("Elvish Visionary")
    assert s.hand() == ["Island"]


def test_add_is_set_up_and_runs_no_enters_effects():
    """`add` is set-up: Elvish Visionary added draws nothing; Worn Powerstone added untapped."""
    s = Scenario()
    s.add_to_library("Island")
    s.add("Elvish Visionary")
    assert s.hand() == []
    assert not s.is_tapped(s.add("Worn Powerstone"))


# ==== turn structure =======================================================================

def test_106_4_mana_pool_empties_at_end_of_turn():
    """106.4 / 500.5: unused mana empties from the pool as steps and phases end."""
    s = Scenario()
    s.tap_for_mana(s.add("Forest"))
    assert s.pool() == {"G": 1}
    s.next_turn()
    assert s.pool() == {}


def test_502_3_untap_step_untaps_only_the_active_players_permanents():
    """502.3: the active player untaps their permanents — your tapped Forest stays tapped
    through the opponent's turn and untaps on yours."""
    s = Scenario()
    forest = s.add("Forest")
    theirs = s.add("Forest", controller="opponent", tapped=True)
    s.tap_for_mana(forest)
    s.next_turn()
    assert s.is_tapped(forest)
    assert not s.is_tapped(theirs)
    s.next_turn()
    assert not s.is_tapped(forest)


def test_504_1_draw_step_draws_the_top_card_last_added():
    """504.1: the active player draws in their draw step — the opponent draws on turn 2, you on
    turn 3; the library's top card is the last one added."""
    s = Scenario()
    s.add_to_library("Forest")
    s.add_to_library("Island")                     # top
    s.add_to_library("Mountain", player="opponent")
    s.next_turn()
    assert s.hand("opponent") == ["Mountain"]
    assert s.hand() == []
    s.next_turn()
    assert s.hand() == ["Island"]


def test_scenario_drawing_from_an_empty_library_draws_nothing():
    """docs/rules-core.md: in a Scenario drawing from an empty library draws nothing (the game
    loss of 121.4 / 704.5b is not modelled)."""
    s = Scenario()
    s.next_turn()
    s.next_turn()
    assert s.hand() == []


# ==== state-based actions ==================================================================

def test_704_5f_zero_toughness_creature_dies():
    """704.5f / 107.3m: Endless One cast with X=0 enters with no counters as a 0/0 and is put
    into the graveyard."""
    s = Scenario()
    one = s.cast("Endless One", x=0)
    if one is not None:
        assert not s.on_battlefield(one)
    assert _named(s, "Endless One") == []


def test_704_5f_maro_with_empty_hand_dies():
    """704.5f: Maro cast with no other card in hand is 0/0 on the battlefield and dies."""
    s = Scenario()
    _n(s, "Forest", 4)
    s.cast("Maro")
    assert _named(s, "Maro") == []


def test_704_5j_legend_rule_keeps_the_newest():
    """704.5j: two legendary permanents with the same name under one player — one goes to the
    graveyard (the Scenario keeps the newest)."""
    s = Scenario()
    old = s.add("Thalia, Guardian of Thraben")
    _n(s, "Plains", 2)
    new = s.cast("Thalia, Guardian of Thraben")
    assert s.on_battlefield(new)
    assert not s.on_battlefield(old)
    assert len(_named(s, "Thalia, Guardian of Thraben")) == 1


def test_704_5j_legend_rule_is_per_controller():
    """704.5j: the legend rule looks at one player's permanents — your Thalia and the opponent's
    both stay."""
    s = Scenario()
    theirs = s.add("Thalia, Guardian of Thraben", controller="opponent")
    _n(s, "Plains", 2)
    mine = s.cast("Thalia, Guardian of Thraben")
    assert s.on_battlefield(mine) and s.on_battlefield(theirs)


def test_704_5j_token_copy_of_your_legend():
    """704.5j (digest case 12): a token copy of your own legend triggers the legend rule."""
    s = Scenario()
    brimaz = s.add("Brimaz, King of Oreskos")
    copy = s.create_token_copy(brimaz)
    assert len(_named(s, "Brimaz, King of Oreskos")) == 1
    assert s.on_battlefield(copy)
    assert not s.on_battlefield(brimaz)


# ==== robustness: clear errors, never a crash ==============================================

def test_unknown_card_raises_unknown_card_error():
    """An unknown card name raises UnknownCardError (a LookupError) from every entry point."""
    s = Scenario()
    assert issubclass(UnknownCardError, LookupError)
    for call in (lambda: s.add("Not A Real Card"),
                 lambda: s.add_to_hand("Not A Real Card"),
                 lambda: s.add_to_library("Not A Real Card"),
                 lambda: s.total_cost("Not A Real Card"),
                 lambda: s.can_cast("Not A Real Card"),
                 lambda: s.cast("Not A Real Card")):
        with pytest.raises(UnknownCardError, match="Not A Real Card"):
            call()
    assert s.battlefield() == [] and s.hand() == []


def test_permanent_of_another_scenario_is_rejected():
    """A Permanent belongs to its Scenario: using it in another raises a clear error."""
    a, b = Scenario(), Scenario()
    forest = a.add("Forest")
    b.add("Forest")
    for call in (lambda: b.tap_for_mana(forest),
                 lambda: b.could_produce(forest),
                 lambda: b.can_activate(forest),
                 lambda: b.power(forest),
                 lambda: b.is_tapped(forest),
                 lambda: b.create_token_copy(forest),
                 lambda: b.add("Wild Growth", attached_to=forest)):
        with pytest.raises((ValueError, LookupError)):
            call()
    assert not b.is_tapped(b.battlefield()[0])
    assert not a.is_tapped(forest)


def test_107_3_negative_x_is_rejected():
    """107.1 / 107.3: X is a non-negative integer; X=-1 raises ValueError."""
    s = Scenario()
    _n(s, "Sol Ring", 2)
    with pytest.raises(ValueError):
        s.total_cost("Hangarback Walker", x=-1)
    with pytest.raises(ValueError):
        s.can_cast("Hangarback Walker", x=-1)
    with pytest.raises(ValueError):
        s.cast("Hangarback Walker", x=-1)
    assert _named(s, "Hangarback Walker") == []


def test_ability_index_out_of_range_is_rejected():
    """An ability index out of range raises IndexError or ValueError (Forest has one mana
    ability and no other activated ability)."""
    s = Scenario()
    forest = s.add("Forest")
    for call in (lambda: s.tap_for_mana(forest, ability=1),
                 lambda: s.tap_for_mana(forest, ability=-1),
                 lambda: s.can_activate(forest, ability=7),
                 lambda: s.activate(forest, ability=0)):
        with pytest.raises((IndexError, ValueError)):
            call()
    assert not s.is_tapped(forest)
    assert s.pool() == {}


def test_unknown_player_name_is_rejected():
    """Players are "you" and "opponent"; any other name raises ValueError."""
    s = Scenario()
    for call in (lambda: s.add("Forest", controller="bob"),
                 lambda: s.add_to_hand("Forest", player="bob"),
                 lambda: s.life("bob"),
                 lambda: s.pool("bob"),
                 lambda: s.hand("bob"),
                 lambda: s.battlefield("bob"),
                 lambda: s.total_cost("Lightning Bolt", player="bob")):
        with pytest.raises(ValueError):
            call()
    assert s.battlefield() == []


def test_107_5_tapping_a_tapped_land_raises_rules_error():
    """107.5: tapping a tapped land raises RulesError naming 107.5."""
    s = Scenario()
    forest = s.add("Forest")
    s.tap_for_mana(forest)
    with pytest.raises(RulesError, match="107.5"):
        s.tap_for_mana(forest)
    assert issubclass(RulesError, Exception)


def test_601_2_casting_an_unaffordable_spell_raises_and_changes_nothing():
    """601.2h / 733: a spell whose total cost can't be paid can't be cast — RulesError naming
    601.2; the cast is rewound (no land tapped, the card back in hand, no mana floating)."""
    s = Scenario()
    forest = s.add("Forest")
    s.add_to_hand("Craw Wurm")
    assert not s.can_cast("Craw Wurm")
    with pytest.raises(RulesError, match="601.2"):
        s.cast("Craw Wurm")
    assert not s.is_tapped(forest)
    assert s.pool() == {}
    assert s.hand() == ["Craw Wurm"]
    assert _named(s, "Craw Wurm") == []


def test_scenario_still_works_after_errors():
    """A failed call leaves the Scenario usable."""
    s = Scenario()
    forest = s.add("Forest")
    for bad in (lambda: s.add("Nope"), lambda: s.cast("Craw Wurm"),
                lambda: s.tap_for_mana(forest, ability=3), lambda: s.life("bob")):
        with pytest.raises(MtgsimError):
            bad()
    assert s.tap_for_mana(forest) == {"G": 1}
    assert s.cast("Llanowar Elves") is not None
    assert s.pool() == {}


def test_305_9_lands_are_played_not_cast():
    """305.1 / 305.9: a land is never cast — `cast("Forest")` raises RulesError."""
    s = Scenario()
    with pytest.raises(RulesError):
        s.cast("Forest")
    assert s.battlefield() == []


def test_601_2c_fire_crystal_target_must_be_a_creature_you_control():
    """601.2c / 115.1: The Fire Crystal targets a creature *you* control — the opponent's
    Grizzly Bears or your own Forest are illegal targets; nothing is paid."""
    s = Scenario()
    crystal = s.add("The Fire Crystal")
    mountains = _n(s, "Mountain", 6)
    theirs = s.add("Grizzly Bears", controller="opponent")
    with pytest.raises(RulesError):
        s.activate(crystal, target=theirs)
    with pytest.raises(RulesError):
        s.activate(crystal, target=mountains[0])
    assert not s.is_tapped(crystal)
    assert not any(s.is_tapped(m) for m in mountains)
    assert len(_named(s, "Grizzly Bears", "opponent")) == 1


def test_107_4h_snow_in_an_activation_cost_needs_snow_mana():
    """107.4h: {S} in a mana ability's cost is paid only with mana from a snow source."""
    from mtgsim import Scenario, card
    rock = card("Test Snow Rock", "{2}", "Artifact",
                abilities=[{"kind": "mana", "cost": "{S}, {T}", "mana": "{G}{G}"}])
    s = Scenario()
    r = s.add(rock)
    s.add("Forest")
    assert not s.can_activate(r)
    s.add("Snow-Covered Forest")
    assert s.can_activate(r)
    assert s.tap_for_mana(r) == {"G": 2}


def test_a_different_card_under_a_name_already_used_is_refused():
    """One name, one card: a second definition named like one the scenario already knows
    would otherwise be silently read as the first."""
    s = Scenario()
    s.add("Forest")
    assert s.can_cast(card("Probe", "{G}", "Sorcery"))
    assert s.can_cast(card("Probe", "{G}", "Sorcery"))          # the same card again is fine
    with pytest.raises(ValueError, match="different card named 'Probe'"):
        s.can_cast(card("Probe", "{W}", "Sorcery"))


def test_602_2b_a_source_tapped_for_its_own_ability_still_counts_while_paying():
    """602.2b: the {T} of Myriad Landscape's search ability is paid along with {2}; while the
    rest is paid it is still a land you control, so Incubation Druid (any type a land you
    control could produce) makes {C} for it, with Llanowar Elves' {G}."""
    s = Scenario()
    land, druid, elves = s.add("Myriad Landscape"), s.add("Incubation Druid"), s.add("Llanowar Elves")
    s.activate(land, 0)
    assert not s.on_battlefield(land) and s.is_tapped(druid) and s.is_tapped(elves)


def test_704_3_state_based_actions_are_checked_once_a_spell_is_cast_before_it_resolves():
    """117.3c, 704.3: after casting, the caster receives priority, so state-based actions are
    checked before the spell resolves. Maro (*/*: cards in hand) with Harmonize as its
    controller's last card dies as Harmonize is cast from the pool, although Harmonize would
    draw three cards on resolving."""
    s = Scenario()
    forests = [s.add("Forest") for _ in range(4)]
    s.add_to_hand("Harmonize")
    maro = s.add("Maro")
    for _ in range(3):
        s.add_to_library("Forest")
    for f in forests:
        s.tap_for_mana(f)
    assert s.toughness(maro) == 1
    s.cast("Harmonize")
    assert not s.on_battlefield(maro) and "Maro" in s.graveyard()
    assert len(s.hand()) == 3


def test_119_4_a_non_mana_ability_costing_life_needs_that_much_life():
    """119.4: a player can pay life only if their life total is at least the amount. Prismatic
    Vista ("{T}, Pay 1 life, Sacrifice") can't be activated at 0 life, and nothing changes;
    at 1 life it can, leaving 0."""
    s = Scenario()
    vista = s.add("Prismatic Vista")
    s.add_to_library("Forest")
    s.set_life(0)
    with pytest.raises(RulesError, match="119.4"):
        s.activate(vista)
    assert s.on_battlefield(vista) and s.life() == 0
    s.set_life(1)
    s.activate(vista)
    assert not s.on_battlefield(vista) and s.life() == 0
    assert [p.name for p in s.battlefield()] == ["Forest"]


def test_a_shock_land_put_onto_the_battlefield_tapped_costs_no_life():
    """A choice decided once (docs/rules-core.md): Temple Garden ("you may pay 2 life; if you
    don't, it enters tapped") found by Farseek, which puts it onto the battlefield tapped anyway,
    is entered without paying; found by Three Visits (untapped), 2 life are paid if allowed."""
    s = Scenario()
    for _ in range(2):
        s.add("Forest")
    s.add_to_library("Temple Garden")
    s.cast("Farseek")
    assert s.life() == 20 and s.is_tapped(s.battlefield()[-1])
    s = Scenario()
    for _ in range(3):
        s.add("Forest")
    s.add_to_library("Temple Garden")
    s.cast("Three Visits")
    assert s.life() == 18 and not s.is_tapped(s.battlefield()[-1])
