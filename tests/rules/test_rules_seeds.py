"""The Great Henge and The Fire Crystal rulings (../shared/seeds/), token copies (707.2–707.5,
111.3) and X in enters abilities (107.3m), through the Scenario API.

Each test quotes the ruling or rule it checks. A card not in the shipped database is defined
here with `mtgsim.card`: a 5/5 with "Sacrifice this creature: Add {G}." (to change the
greatest power while mana abilities pay for The Great Henge).
"""
import pytest

from mtgsim import ManaCost, RulesError, Scenario, card

SACRIFICIAL_TITAN = card(
    "Test Sacrificial Titan", "{4}{G}", "Creature — Giant", "5/5",
    abilities=[{"kind": "mana", "cost": "Sacrifice this creature", "mana": "{G}"}])


def assert_cost(got, text):
    want = ManaCost.parse(text)
    assert got == want, f"total cost {got} != {want}"


def _n(s, name, n, **kw):
    return [s.add(name, **kw) for _ in range(n)]


def _named(s, name, player="you"):
    return [p for p in s.battlefield(player) if p.name == name]


def _same(a, b):
    return a is b or a == b


# ==== The Great Henge: cost ================================================================

def test_great_henge_x_is_greatest_power_among_creatures_you_control():
    """Henge: "costs {X} less, where X is the greatest power among creatures you control" —
    Grizzly Bears (2) and Craw Wurm (6) → {1}{G}{G}."""
    s = Scenario()
    s.add("Grizzly Bears")
    s.add("Craw Wurm")
    assert_cost(s.total_cost("The Great Henge"), "{1}{G}{G}")


def test_great_henge_ignores_the_opponents_creatures():
    """Henge counts creatures *you* control: the opponent's 12/12 Ghalta doesn't reduce it."""
    s = Scenario()
    s.add("Ghalta, Primal Hunger", controller="opponent")
    assert_cost(s.total_cost("The Great Henge"), "{7}{G}{G}")
    s.add("Grizzly Bears")
    assert_cost(s.total_cost("The Great Henge"), "{5}{G}{G}")


def test_great_henge_reduces_only_generic_mana():
    """Ruling: "The cost reduction ability reduces only the generic mana in The Great Henge's
    cost. The colored mana must still be paid." — with a 12-power creature it costs {G}{G}."""
    s = Scenario()
    s.add("Ghalta, Primal Hunger")
    assert_cost(s.total_cost("The Great Henge"), "{G}{G}")


def test_great_henge_uses_power_including_counters():
    """Henge X is the creature's current power: Grizzly Bears with three +1/+1 counters is 5."""
    s = Scenario()
    bears = s.add("Grizzly Bears", counters={"+1/+1": 3})
    assert s.power(bears) == 5
    assert_cost(s.total_cost("The Great Henge"), "{2}{G}{G}")


def test_great_henge_power_measured_after_the_henge_moves_to_the_stack():
    """Ruling: "The first step of casting a spell is to move it to the stack. If this causes the
    greatest power among creatures you control to change, that new power will be used" — Maro
    with five cards in hand (the Henge among them) is 5/5, but 4/4 once the Henge is on the
    stack: {3}{G}{G}."""
    s = Scenario()
    s.add_to_hand("The Great Henge")
    for _ in range(4):
        s.add_to_hand("Island")
    maro = s.add("Maro")
    assert s.power(maro) == 5
    assert_cost(s.total_cost("The Great Henge"), "{3}{G}{G}")
    assert sorted(s.hand()) == ["Island"] * 4 + ["The Great Henge"]


def test_great_henge_maro_shrinking_decides_whether_it_can_be_cast():
    """Same ruling: with Maro at five cards in hand (Henge included) four Forests can't cast the
    Henge ({3}{G}{G}); five can, and Maro is then 4/4."""
    s = Scenario()
    s.add_to_hand("The Great Henge")
    for _ in range(4):
        s.add_to_hand("Island")
    maro = s.add("Maro")
    _n(s, "Forest", 4)
    assert not s.can_cast("The Great Henge")
    with pytest.raises(RulesError, match="601.2"):
        s.cast("The Great Henge")
    s.add("Forest")
    assert s.can_cast("The Great Henge")
    henge = s.cast("The Great Henge")
    assert s.on_battlefield(henge)
    assert s.power(maro) == 4
    assert "The Great Henge" not in s.hand()


def test_great_henge_cost_locked_while_mana_abilities_pay_it():
    """Rulings: "Once you determine the cost to cast The Great Henge, you may activate mana
    abilities to pay that cost. If the greatest power among creatures you control changes while
    activating mana abilities, the cost ... remains what you previously determined" (601.2f
    lock-in). A 5/5 with "Sacrifice: Add {G}" makes the cost {2}{G}{G}; three Forests plus
    sacrificing it pay that, though the greatest power then drops to 0."""
    s = Scenario()
    titan = s.add(SACRIFICIAL_TITAN)
    forests = _n(s, "Forest", 3)
    assert_cost(s.total_cost("The Great Henge"), "{2}{G}{G}")
    assert s.can_cast("The Great Henge")
    henge = s.cast("The Great Henge")
    assert s.on_battlefield(henge)
    assert not s.on_battlefield(titan)
    assert all(s.is_tapped(f) for f in forests)


# ==== The Great Henge: mana ability and trigger ============================================

def test_great_henge_taps_for_two_green_and_two_life():
    """Henge: "{T}: Add {G}{G}. You gain 2 life." (an artifact: usable the turn it arrives)."""
    s = Scenario()
    s.add("Ghalta, Primal Hunger")
    _n(s, "Forest", 2)
    henge = s.cast("The Great Henge")
    assert s.tap_for_mana(henge) == {"G": 2}
    assert s.life() == 22


def test_great_henge_trigger_counter_and_draw_for_nontoken_creature():
    """Henge: "Whenever a nontoken creature you control enters, put a +1/+1 counter on it and
    draw a card." — Grizzly Bears enters as a 3/3 and you draw."""
    s = Scenario()
    s.add("The Great Henge")
    _n(s, "Forest", 2)
    s.add_to_library("Island")
    bears = s.cast("Grizzly Bears")
    assert s.counters(bears).get("+1/+1", 0) == 1
    assert s.power(bears) == 3 and s.toughness(bears) == 3
    assert s.hand() == ["Island"]


def test_great_henge_trigger_ignores_tokens():
    """Henge triggers on *nontoken* creatures: Siege-Gang Commander gets a counter and you draw
    once; its three Goblin tokens get nothing and draw nothing."""
    s = Scenario()
    s.add("The Great Henge")
    _n(s, "Mountain", 5)
    for _ in range(4):
        s.add_to_library("Island")
    commander = s.cast("Siege-Gang Commander")
    goblins = _named(s, "Goblin")
    assert len(goblins) == 3
    assert s.counters(commander).get("+1/+1", 0) == 1
    for g in goblins:
        assert s.counters(g).get("+1/+1", 0) == 0
        assert s.power(g) == 1
    assert s.hand() == ["Island"]


def test_great_henge_trigger_ignores_token_copies():
    """Henge: a token copy (707.2) is a token — no counter, no draw."""
    s = Scenario()
    s.add("The Great Henge")
    bears = s.add("Grizzly Bears")
    s.add_to_library("Island")
    copy = s.create_token_copy(bears)
    assert s.counters(copy).get("+1/+1", 0) == 0
    assert s.power(copy) == 2
    assert s.hand() == []


def test_great_henge_trigger_ignores_the_opponents_creatures():
    """Henge: "creature *you* control" — the opponent casting Grizzly Bears triggers nothing."""
    s = Scenario()
    s.add("The Great Henge")
    _n(s, "Forest", 2, controller="opponent")
    s.add_to_library("Island")
    s.next_turn()                                  # the opponent's turn
    bears = s.cast("Grizzly Bears", player="opponent")
    assert s.counters(bears).get("+1/+1", 0) == 0
    assert s.power(bears) == 2
    assert s.hand() == []


def test_great_henge_draws_even_if_the_counter_cannot_be_put():
    """Ruling: "you'll draw a card even if you can't put a +1/+1 counter on the creature for some
    reason (most likely because it has left the battlefield)." — Hangarback Walker cast with
    X=0 enters as a 0/0; state-based actions (704.5f) put it into the graveyard before the
    Henge's trigger resolves; the trigger still draws."""
    s = Scenario()
    s.add("The Great Henge")
    s.add_to_library("Island")
    walker = s.cast("Hangarback Walker", x=0)
    if walker is not None:
        assert not s.on_battlefield(walker)
    assert _named(s, "Hangarback Walker") == []
    assert _named(s, "Thopter") == []              # it died with no counters
    assert s.hand() == ["Island"]


def test_great_henge_counter_adds_to_enters_with_x_counters():
    """107.3m + Henge: Hangarback Walker X=2 enters with two counters, then the Henge adds one."""
    s = Scenario()
    s.add("The Great Henge")
    _n(s, "Sol Ring", 2)
    s.add_to_library("Island")
    walker = s.cast("Hangarback Walker", x=2)
    assert s.counters(walker).get("+1/+1", 0) == 3
    assert s.power(walker) == 3
    assert s.hand() == ["Island"]


# ==== The Fire Crystal: cost reduction =====================================================

def test_fire_crystal_red_spells_cost_one_less():
    """Fire Crystal: "Red spells you cast cost {1} less" — Lightning Strike {R}, Hill Giant
    {2}{R}, a second Fire Crystal {1}{R}{R}."""
    s = Scenario()
    s.add("The Fire Crystal")
    assert_cost(s.total_cost("Lightning Strike"), "{R}")
    assert_cost(s.total_cost("Hill Giant"), "{2}{R}")
    assert_cost(s.total_cost("The Fire Crystal"), "{1}{R}{R}")


def test_fire_crystal_reduction_applies_only_to_generic_mana():
    """Ruling: "The cost reduction applies only to generic mana in the total cost of red spells
    you cast." — Lightning Bolt stays {R}; Goblin Electromancer {U}{R} stays {U}{R}."""
    s = Scenario()
    s.add("The Fire Crystal")
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")
    assert_cost(s.total_cost("Goblin Electromancer"), "{U}{R}")


def test_fire_crystal_reduces_only_red_spells():
    """Fire Crystal: non-red spells are unaffected — Grizzly Bears {1}{G}, Sol Ring {1}."""
    s = Scenario()
    s.add("The Fire Crystal")
    assert_cost(s.total_cost("Grizzly Bears"), "{1}{G}")
    assert_cost(s.total_cost("Sol Ring"), "{1}")


def test_fire_crystal_reduces_only_spells_its_controller_casts():
    """Fire Crystal: "spells *you* cast" — the opponent's Lightning Strike costs {1}{R}, and
    the opponent's Crystal doesn't reduce yours."""
    s = Scenario()
    s.add("The Fire Crystal")
    assert_cost(s.total_cost("Lightning Strike", player="opponent"), "{1}{R}")
    t = Scenario()
    t.add("The Fire Crystal", controller="opponent")
    assert_cost(t.total_cost("Lightning Strike"), "{1}{R}")


def test_fire_crystal_reduction_after_flashback_and_kicker():
    """Ruling: "start with the mana cost or alternative cost you're paying (such as a flashback
    cost), add any cost increases (such as kicker costs), then apply any cost reductions" —
    Firebolt flashback {3}{R}, Burst Lightning kicked {3}{R}."""
    s = Scenario()
    s.add("The Fire Crystal")
    assert_cost(s.total_cost("Firebolt", alternative="flashback"), "{3}{R}")
    assert_cost(s.total_cost("Burst Lightning", kicked=True), "{3}{R}")


def test_fire_crystal_mana_value_unchanged():
    """Ruling: "The mana value of the spell is determined by only its mana cost" (202.3)."""
    from mtgsim import card_db
    s = Scenario()
    s.add("The Fire Crystal")
    assert_cost(s.total_cost("Lightning Strike"), "{R}")
    assert card_db()["Lightning Strike"].mana_value == 2


# ==== The Fire Crystal: token copy =========================================================

def test_fire_crystal_ability_creates_a_token_copy():
    """Fire Crystal: "{4}{R}{R}, {T}: Create a token that's a copy of target creature you
    control." — six Mountains pay it; a second Grizzly Bears appears."""
    s = Scenario()
    crystal = s.add("The Fire Crystal")
    mountains = _n(s, "Mountain", 6)
    bears = s.add("Grizzly Bears")
    s.activate(crystal, target=bears)
    assert len(_named(s, "Grizzly Bears")) == 2
    assert s.is_tapped(crystal)
    assert all(s.is_tapped(m) for m in mountains)


def test_fire_crystal_reduction_does_not_apply_to_its_ability():
    """Ruling: the reduction applies to red *spells*; the {4}{R}{R} ability isn't reduced —
    five Mountains can't activate it."""
    s = Scenario()
    crystal = s.add("The Fire Crystal")
    _n(s, "Mountain", 5)
    bears = s.add("Grizzly Bears")
    with pytest.raises(RulesError):
        s.activate(crystal, target=bears)
    assert len(_named(s, "Grizzly Bears")) == 1
    assert not s.is_tapped(crystal)


def test_fire_crystal_token_is_sacrificed_at_the_next_end_step():
    """Fire Crystal: "Sacrifice it at the beginning of the next end step." — gone after this
    turn's end step; the original stays."""
    s = Scenario()
    crystal = s.add("The Fire Crystal")
    _n(s, "Mountain", 6)
    bears = s.add("Grizzly Bears")
    s.activate(crystal, target=bears)
    copies = [p for p in _named(s, "Grizzly Bears") if not _same(p, bears)]
    assert len(copies) == 1
    s.next_turn()
    assert not s.on_battlefield(copies[0])
    assert s.on_battlefield(bears)
    assert len(_named(s, "Grizzly Bears")) == 1


def test_fire_crystal_token_copy_has_haste_and_taps_for_mana():
    """Fire Crystal gives creatures you control haste (702.10): its copy of Llanowar Elves taps
    for {G} at once."""
    s = Scenario()
    crystal = s.add("The Fire Crystal")
    _n(s, "Mountain", 6)
    elves = s.add("Llanowar Elves")
    s.activate(crystal, target=elves)
    copies = [p for p in _named(s, "Llanowar Elves") if not _same(p, elves)]
    assert len(copies) == 1
    assert s.tap_for_mana(copies[0]) == {"G": 1}


def test_fire_crystal_copy_runs_the_copied_enters_trigger():
    """Ruling: "If the copied creature had any 'when [this permanent] enters' abilities, the
    token also has those abilities, and they'll trigger when it's created." — a copy of
    Elvish Visionary draws a card."""
    s = Scenario()
    crystal = s.add("The Fire Crystal")
    _n(s, "Mountain", 6)
    visionary = s.add("Elvish Visionary")
    s.add_to_library("Island")
    s.activate(crystal, target=visionary)
    assert len(_named(s, "Elvish Visionary")) == 2
    assert s.hand() == ["Island"]


# ==== 707.2–707.5 / 111.3: token copies =====================================================

def test_707_2_copy_ignores_counters_and_tapped_status():
    """707.2 (ruling): the token copies what was printed — not tapped/untapped status, not
    counters. A tapped Grizzly Bears with two +1/+1 counters → an untapped 2/2 with none."""
    s = Scenario()
    bears = s.add("Grizzly Bears", tapped=True, counters={"+1/+1": 2})
    copy = s.create_token_copy(bears)
    assert copy.name == "Grizzly Bears"
    assert not s.is_tapped(copy)
    assert s.counters(copy).get("+1/+1", 0) == 0
    assert (s.power(copy), s.toughness(copy)) == (2, 2)
    assert (s.power(bears), s.toughness(bears)) == (4, 4)


def test_707_2_copy_does_not_copy_attached_auras():
    """707.2 (ruling): Auras attached to the original aren't copied — a copy of a Forest
    enchanted with Wild Growth taps for just {G}."""
    s = Scenario()
    forest = s.add("Forest")
    s.add("Wild Growth", attached_to=forest)
    copy = s.create_token_copy(forest)
    assert s.tap_for_mana(copy) == {"G": 1}
    assert s.tap_for_mana(forest) == {"G": 2}


def test_707_3_copy_of_a_copy():
    """707.3 (ruling): "If the copied creature is copying something else, then the token enters
    as whatever that creature copied." — a copy of a copy of Grizzly Bears is a 2/2 Bears."""
    s = Scenario()
    bears = s.add("Grizzly Bears", counters={"+1/+1": 1})
    first = s.create_token_copy(bears)
    second = s.create_token_copy(first)
    assert second.name == "Grizzly Bears"
    assert (s.power(second), s.toughness(second)) == (2, 2)


def test_111_3_copy_of_a_token_copies_its_defined_values():
    """111.3 (ruling): "If the copied creature is a token, the new token ... copies the original
    characteristics of that token as stated by the effect that created the token." — a copy
    of one of Siege-Gang Commander's Goblins is a 1/1 Goblin."""
    s = Scenario()
    _n(s, "Mountain", 5)
    s.cast("Siege-Gang Commander")
    goblin = _named(s, "Goblin")[0]
    copy = s.create_token_copy(goblin)
    assert copy.name == "Goblin"
    assert (s.power(copy), s.toughness(copy)) == (1, 1)
    assert len(_named(s, "Goblin")) == 4


def test_107_3m_copy_has_x_zero_and_enters_with_no_counters():
    """107.3m / ruling "If the copied creature has {X} in its mana cost, X is 0": a copy of a
    Hangarback Walker cast with X=3 enters with 0 counters, is 0/0 and dies (704.5f); the
    original keeps its three counters."""
    s = Scenario()
    _n(s, "Sol Ring", 3)
    walker = s.cast("Hangarback Walker", x=3)
    assert s.counters(walker).get("+1/+1", 0) == 3
    copy = s.create_token_copy(walker)
    assert not s.on_battlefield(copy)
    assert len(_named(s, "Hangarback Walker")) == 1
    assert _named(s, "Thopter") == []              # the copy died with no counters
    assert s.counters(walker).get("+1/+1", 0) == 3


def test_707_5_copy_enters_triggers_fire():
    """707.5 (ruling): a copy's "when this enters" abilities trigger — a copy of Thragtusk
    gains you 5 life, a copy of Wall of Omens draws a card."""
    s = Scenario()
    tusk = s.add("Thragtusk")
    wall = s.add("Wall of Omens")
    s.add_to_library("Island")
    s.create_token_copy(tusk)
    assert s.life() == 25
    s.create_token_copy(wall)
    assert s.hand() == ["Island"]


def test_707_5_copy_enters_with_its_as_enters_effects():
    """707.5 (ruling): copied "enters tapped"/"enters with" effects work — a copy of an
    untapped Worn Powerstone enters tapped."""
    s = Scenario()
    stone = s.add("Worn Powerstone")
    copy = s.create_token_copy(stone)
    assert not s.is_tapped(stone)
    assert s.is_tapped(copy)


def test_707_2_copy_controller_can_differ():
    """111.2 / 707.2: `controller=` puts the token under that player's control."""
    s = Scenario()
    bears = s.add("Grizzly Bears", controller="opponent")
    copy = s.create_token_copy(bears, controller="you")
    assert [p.name for p in s.battlefield("you")] == ["Grizzly Bears"]
    assert s.on_battlefield(copy)


# ==== 107.3m: X in enters abilities ========================================================

def test_107_3m_hangarback_walker_enters_with_x_counters():
    """107.3m: "enters with X +1/+1 counters" uses the X paid — Hangarback Walker X=3 ({6})."""
    s = Scenario()
    _n(s, "Sol Ring", 3)
    walker = s.cast("Hangarback Walker", x=3)
    assert s.counters(walker) == {"+1/+1": 3}
    assert (s.power(walker), s.toughness(walker)) == (3, 3)


def test_107_3m_endless_one_enters_with_x_counters():
    """107.3m: Endless One cast with X=4 is a 4/4."""
    s = Scenario()
    _n(s, "Forest", 4)
    one = s.cast("Endless One", x=4)
    assert s.counters(one).get("+1/+1", 0) == 4
    assert (s.power(one), s.toughness(one)) == (4, 4)


def test_fire_crystal_copy_of_hangarback_walker_has_x_zero_and_dies():
    """Fire Crystal ruling "If the copied creature has {X} in its mana cost, X is 0": its token copy
    of a Hangarback Walker (X=2) enters with no counters and dies (704.5f)."""
    s = Scenario()
    crystal = s.add("The Fire Crystal")
    _n(s, "Mountain", 6)
    walker = s.add("Hangarback Walker", counters={"+1/+1": 2})
    s.activate(crystal, target=walker)
    assert len(_named(s, "Hangarback Walker")) == 1
    assert s.counters(walker).get("+1/+1", 0) == 2
    assert _named(s, "Thopter") == []


def test_707_5_copy_of_coldsteel_heart_enters_tapped():
    """707.5: a copied "enters tapped" applies to the copy (Coldsteel Heart, added untapped)."""
    s = Scenario()
    heart = s.add("Coldsteel Heart", chosen_color="G")
    copy = s.create_token_copy(heart)
    assert s.is_tapped(copy)
    assert not s.is_tapped(heart)


def test_704_5j_second_fire_crystal_legend_rule():
    """704.5j: The Fire Crystal is legendary — casting a second one leaves one (its own reduction
    makes the second cost {1}{R}{R})."""
    s = Scenario()
    s.add("The Fire Crystal")
    _n(s, "Mountain", 3)
    s.cast("The Fire Crystal")
    assert len(_named(s, "The Fire Crystal")) == 1
