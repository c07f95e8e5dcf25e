"""Total cost of a spell through the Scenario API, one named test per rule behaviour.

601.2b/601.2f–h (announce X, determine the total cost, lock it in, pay), 118.7 (reductions:
generic reductions touch only generic mana; excess is wasted), 118.8 (additional costs:
kicker), 118.9 (alternative costs: flashback), 107.3 (X folded into the generic part),
107.4 (coloured, {C}, Phyrexian, hybrid and snow symbols), 202.3 (mana value never changes).

Cards not in the shipped database are defined here with `mtgsim.card`: Gut Shot and
Dismember (Phyrexian mana), a {1}{C}{C} artifact, a {1}{S} sorcery and a {G/W}{G/W} creature.
"""
import pytest

from mtgsim import ManaCost, RulesError, Scenario, card, card_db

GUT_SHOT = card("Gut Shot", "{R/P}", "Instant",
                abilities=[{"kind": "spell", "damage_to_opponent": 1}])
DISMEMBER = card("Dismember", "{1}{B/P}{B/P}", "Instant",
                 unmodeled="Target creature gets -5/-5 until end of turn.")
COLORLESS_CONSTRUCT = card("Test Colorless Construct", "{1}{C}{C}", "Artifact")
SNOW_SORCERY = card("Test Snow Sorcery", "{1}{S}", "Sorcery")
HYBRID_BEAR = card("Test Hybrid Bear", "{G/W}{G/W}", "Creature — Bear", "2/2")


def assert_cost(got, text):
    want = ManaCost.parse(text)
    assert got == want, f"total cost {got} != {want}"


def _n(s, name, n, **kw):
    return [s.add(name, **kw) for _ in range(n)]


# ==== 601.2f step 1: mana cost or one alternative cost; 118.8 additional costs ==============

def test_601_2f_total_cost_starts_from_the_mana_cost():
    """601.2f: with no modifiers the total cost is the mana cost."""
    s = Scenario()
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")
    assert_cost(s.total_cost("Craw Wurm"), "{4}{G}{G}")
    assert_cost(s.total_cost("Firebolt"), "{R}")


def test_118_9_flashback_cost_replaces_the_mana_cost():
    """118.9 / 702.34: Firebolt cast with flashback costs {4}{R} instead of {R}."""
    s = Scenario()
    assert_cost(s.total_cost("Firebolt", alternative="flashback"), "{4}{R}")


def test_118_9_flashback_spell_is_cast_from_the_graveyard_and_paid():
    """118.9 / 702.34: casting Firebolt with flashback pays {4}{R} (five Mountains) and it
    deals its 2 damage."""
    s = Scenario()
    mountains = _n(s, "Mountain", 5)
    assert s.can_cast("Firebolt", alternative="flashback")
    assert s.cast("Firebolt", alternative="flashback") is None
    assert s.life("opponent") == 18
    assert all(s.is_tapped(m) for m in mountains)


def test_118_9_flashback_unaffordable_with_too_little_mana():
    """601.2h: four Mountains can't pay Firebolt's {4}{R} flashback cost."""
    s = Scenario()
    _n(s, "Mountain", 4)
    assert s.can_cast("Firebolt")
    assert not s.can_cast("Firebolt", alternative="flashback")


def test_118_8_kicker_is_added_to_the_mana_cost():
    """118.8 / 702.33: Burst Lightning costs {R}, or {4}{R} when kicked."""
    s = Scenario()
    assert_cost(s.total_cost("Burst Lightning"), "{R}")
    assert_cost(s.total_cost("Burst Lightning", kicked=True), "{4}{R}")


def test_702_33_kicked_burst_lightning_pays_kicker_and_deals_four():
    """702.33: Burst Lightning kicked (five Mountains) deals 4 instead of 2."""
    s = Scenario()
    _n(s, "Mountain", 5)
    s.cast("Burst Lightning", kicked=True)
    assert s.life("opponent") == 16


# ==== 601.2f step 2: increases =============================================================

def test_601_2f_sphere_of_resistance_increases_every_spell():
    """601.2f: Sphere of Resistance (anyone's) makes each spell cost {1} more."""
    s = Scenario()
    s.add("Sphere of Resistance", controller="opponent")
    assert_cost(s.total_cost("Lightning Bolt"), "{1}{R}")
    assert_cost(s.total_cost("Llanowar Elves"), "{1}{G}")
    assert_cost(s.total_cost("Lightning Bolt", player="opponent"), "{1}{R}")


def test_118_9d_increases_apply_to_an_alternative_cost():
    """118.9d: cost increases apply to the flashback cost — Sphere + Firebolt flashback = {5}{R}."""
    s = Scenario()
    s.add("Sphere of Resistance")
    assert_cost(s.total_cost("Firebolt", alternative="flashback"), "{5}{R}")


def test_601_2f_thalia_taxes_noncreature_spells_only():
    """601.2f: Thalia, Guardian of Thraben — noncreature spells cost {1} more: Lightning Bolt
    {1}{R}, Sol Ring {2}; Llanowar Elves and Hangarback Walker (an artifact creature) unchanged."""
    s = Scenario()
    s.add("Thalia, Guardian of Thraben")
    assert_cost(s.total_cost("Lightning Bolt"), "{1}{R}")
    assert_cost(s.total_cost("Sol Ring"), "{2}")
    assert_cost(s.total_cost("Llanowar Elves"), "{G}")
    assert_cost(s.total_cost("Hangarback Walker", x=1), "{2}")


def test_601_2f_thalia_taxes_the_opponents_spells_too():
    """601.2f: Thalia's tax applies to every player's noncreature spells."""
    s = Scenario()
    s.add("Thalia, Guardian of Thraben")
    assert_cost(s.total_cost("Lightning Bolt", player="opponent"), "{1}{R}")


def test_601_2f_increase_and_reduction_cancel_thalia_and_sapphire_medallion():
    """601.2f: cost + increases − reductions — Opt {U} with Thalia and Sapphire Medallion is {U}."""
    s = Scenario()
    s.add("Thalia, Guardian of Thraben")
    s.add("Sapphire Medallion")
    assert_cost(s.total_cost("Opt"), "{U}")


def test_601_2f_grand_arbiter_taxes_only_opponents_spells():
    """601.2f: Grand Arbiter Augustin IV — the opponent's spells cost {1} more, yours don't."""
    s = Scenario()
    s.add("Grand Arbiter Augustin IV")
    assert_cost(s.total_cost("Lightning Bolt", player="opponent"), "{1}{R}")
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")


# ==== 601.2f step 3: reductions (118.7) =====================================================

def test_118_7a_medallion_reduces_generic_mana_of_its_colours_spells():
    """118.7a: Emerald Medallion — green spells cost {1} less: Grizzly Bears {G}, Craw Wurm
    {3}{G}{G}; a red spell is unaffected."""
    s = Scenario()
    s.add("Emerald Medallion")
    assert_cost(s.total_cost("Grizzly Bears"), "{G}")
    assert_cost(s.total_cost("Craw Wurm"), "{3}{G}{G}")
    assert_cost(s.total_cost("Lightning Strike"), "{1}{R}")


def test_118_7a_excess_generic_reduction_is_wasted():
    """118.7a: Emerald Medallion on Llanowar Elves {G}: nothing generic to reduce, stays {G}."""
    s = Scenario()
    s.add("Emerald Medallion")
    assert_cost(s.total_cost("Llanowar Elves"), "{G}")


def test_118_7_two_reductions_both_apply():
    """118.7: two Emerald Medallions — Craw Wurm {4}{G}{G} → {2}{G}{G}."""
    s = Scenario()
    _n(s, "Emerald Medallion", 2)
    assert_cost(s.total_cost("Craw Wurm"), "{2}{G}{G}")


def test_601_2f_medallion_reduces_only_its_controllers_spells():
    """601.2f: "spells *you* cast" — the opponent's Emerald Medallion doesn't help you."""
    s = Scenario()
    s.add("Emerald Medallion", controller="opponent")
    assert_cost(s.total_cost("Grizzly Bears"), "{1}{G}")
    assert_cost(s.total_cost("Grizzly Bears", player="opponent"), "{G}")


def test_118_7a_goblin_electromancer_reduces_instants_and_sorceries_only():
    """118.7a: Goblin Electromancer — Lightning Strike {R}, Lightning Bolt stays {R}, Firebolt
    {R}; Grizzly Bears (a creature) unchanged."""
    s = Scenario()
    s.add("Goblin Electromancer")
    assert_cost(s.total_cost("Lightning Strike"), "{R}")
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")
    assert_cost(s.total_cost("Firebolt"), "{R}")
    assert_cost(s.total_cost("Grizzly Bears"), "{1}{G}")


def test_601_2f_reduction_applies_after_kicker():
    """601.2f (digest case 9): kicker is added before reductions — Burst Lightning kicked with
    Goblin Electromancer costs {3}{R}."""
    s = Scenario()
    s.add("Goblin Electromancer")
    assert_cost(s.total_cost("Burst Lightning", kicked=True), "{3}{R}")


def test_118_9d_reductions_apply_to_an_alternative_cost():
    """118.9d: Goblin Electromancer + Ruby Medallion on Firebolt's flashback {4}{R} → {2}{R}."""
    s = Scenario()
    s.add("Goblin Electromancer")
    assert_cost(s.total_cost("Firebolt", alternative="flashback"), "{3}{R}")
    s.add("Ruby Medallion")
    assert_cost(s.total_cost("Firebolt", alternative="flashback"), "{2}{R}")


def test_118_7a_helm_of_awakening_reduces_every_players_spells():
    """118.7a: Helm of Awakening — all spells cost {1} less, yours and the opponent's."""
    s = Scenario()
    s.add("Helm of Awakening")
    assert_cost(s.total_cost("Grizzly Bears"), "{G}")
    assert_cost(s.total_cost("Lightning Strike", player="opponent"), "{R}")


def test_118_7a_sphere_and_helm_cancel():
    """601.2f: +{1} (Sphere of Resistance) and −{1} (Helm of Awakening) on Lightning Bolt → {R}."""
    s = Scenario()
    s.add("Sphere of Resistance")
    s.add("Helm of Awakening")
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")


def test_118_7a_generic_reduction_never_touches_colorless_symbols():
    """118.7a / 107.4c: {C} symbols aren't generic — three Helms leave {1}{C}{C} at {C}{C}."""
    s = Scenario()
    _n(s, "Helm of Awakening", 3)
    assert_cost(s.total_cost(COLORLESS_CONSTRUCT), "{C}{C}")


def test_118_7a_generic_reduction_never_touches_phyrexian_symbols():
    """118.7a / 107.4f: Phyrexian symbols are coloured — Goblin Electromancer leaves Gut Shot
    at {R/P}; Electromancer + Helm leave Dismember at {B/P}{B/P}."""
    s = Scenario()
    s.add("Goblin Electromancer")
    assert_cost(s.total_cost(GUT_SHOT), "{R/P}")
    s.add("Helm of Awakening")
    assert_cost(s.total_cost(DISMEMBER), "{B/P}{B/P}")


def test_107_4h_generic_reduction_never_touches_snow_symbols():
    """107.4h: generic reductions don't reduce {S} — two Helms leave {1}{S} at {S}."""
    s = Scenario()
    _n(s, "Helm of Awakening", 2)
    assert_cost(s.total_cost(SNOW_SORCERY), "{S}")


def test_107_4e_generic_reduction_never_touches_hybrid_symbols():
    """107.4e / 118.7a: hybrid symbols are coloured — Helm leaves {G/W}{G/W} as it is."""
    s = Scenario()
    s.add("Helm of Awakening")
    assert_cost(s.total_cost(HYBRID_BEAR), "{G/W}{G/W}")


def test_601_2f_animar_reduces_creature_spells_per_counter():
    """601.2f: Animar with two +1/+1 counters — creature spells cost {2} less (Craw Wurm
    {2}{G}{G}); Lightning Bolt is not a creature spell."""
    s = Scenario()
    s.add("Animar, Soul of Elements", counters={"+1/+1": 2})
    assert_cost(s.total_cost("Craw Wurm"), "{2}{G}{G}")
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")


def test_601_2f_affinity_counts_artifacts_you_control():
    """702.41 / 601.2f: Frogmite costs {1} less per artifact you control — two Sol Rings → {2};
    the opponent's artifacts don't count; excess reduction leaves {0}."""
    s = Scenario()
    _n(s, "Sol Ring", 2)
    _n(s, "Sol Ring", 3, controller="opponent")
    assert_cost(s.total_cost("Frogmite"), "{2}")
    _n(s, "Sol Ring", 3)
    got = s.total_cost("Frogmite")
    assert got.mana_value == 0 and str(got) in ("{0}", "")


# ==== 601.2f step 4: total-cost setters (Trinisphere) =======================================

def test_601_2f_trinisphere_raises_total_cost_to_three():
    """601.2f (Trinisphere): a spell that would cost less than three costs three — Lightning
    Bolt {2}{R}, Lightning Strike {2}{R}, Llanowar Elves {2}{G}; Craw Wurm unchanged."""
    s = Scenario()
    s.add("Trinisphere", controller="opponent")
    assert_cost(s.total_cost("Lightning Bolt"), "{2}{R}")
    assert_cost(s.total_cost("Lightning Strike"), "{2}{R}")
    assert_cost(s.total_cost("Llanowar Elves"), "{2}{G}")
    assert_cost(s.total_cost("Craw Wurm"), "{4}{G}{G}")


def test_601_2f_trinisphere_applies_after_reductions():
    """601.2f: setters apply last — Helm of Awakening + Trinisphere: Lightning Strike
    {1}{R} → {R} → {2}{R} (not {1}{R})."""
    s = Scenario()
    s.add("Trinisphere")
    s.add("Helm of Awakening")
    assert_cost(s.total_cost("Lightning Strike"), "{2}{R}")
    assert_cost(s.total_cost("Lightning Bolt"), "{2}{R}")


def test_601_2f_trinisphere_applies_after_increases():
    """601.2f: Sphere of Resistance + Trinisphere: Lightning Bolt {R} → {1}{R} → {2}{R}
    (not {3}{R})."""
    s = Scenario()
    s.add("Trinisphere")
    s.add("Sphere of Resistance")
    assert_cost(s.total_cost("Lightning Bolt"), "{2}{R}")


def test_601_2f_tapped_trinisphere_does_nothing():
    """Trinisphere works only "as long as Trinisphere is untapped"."""
    s = Scenario()
    s.add("Trinisphere", tapped=True)
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")


def test_601_2f_trinisphere_counts_x():
    """107.3 / 601.2f: Hangarback Walker X=0 → {3}, X=1 ({2}) → {3}, X=2 ({4}) unchanged."""
    s = Scenario()
    s.add("Trinisphere")
    assert_cost(s.total_cost("Hangarback Walker", x=0), "{3}")
    assert_cost(s.total_cost("Hangarback Walker", x=1), "{3}")
    assert_cost(s.total_cost("Hangarback Walker", x=2), "{4}")


def test_601_2h_can_cast_requires_paying_the_total_cost():
    """601.2h: with Trinisphere one Mountain can't pay Lightning Bolt; three can."""
    s = Scenario()
    s.add("Trinisphere")
    _n(s, "Mountain", 1)
    assert not s.can_cast("Lightning Bolt")
    with pytest.raises(RulesError, match="601.2"):
        s.cast("Lightning Bolt")
    _n(s, "Mountain", 2)
    assert s.can_cast("Lightning Bolt")
    s.cast("Lightning Bolt")
    assert s.life("opponent") == 17


# ==== 107.3: X ==============================================================================

def test_107_3a_x_is_folded_into_the_generic_part():
    """107.3a / 601.2b: X is announced, then each {X} is X generic mana — Hangarback Walker
    X=2 → {4}, Endless One X=3 → {3}, Fireball X=3 → {3}{R}."""
    s = Scenario()
    assert_cost(s.total_cost("Hangarback Walker", x=2), "{4}")
    assert_cost(s.total_cost("Endless One", x=3), "{3}")
    assert_cost(s.total_cost("Fireball", x=3), "{3}{R}")
    assert_cost(s.total_cost("Fireball", x=0), "{R}")


def test_601_2f_generic_reductions_apply_to_x():
    """601.2b before 601.2f: reductions can reduce what you pay for X — Fireball X=3 with
    Goblin Electromancer costs {2}{R} and still deals 3."""
    s = Scenario()
    s.add("Goblin Electromancer")
    assert_cost(s.total_cost("Fireball", x=3), "{2}{R}")
    _n(s, "Mountain", 3)
    s.cast("Fireball", x=3)
    assert s.life("opponent") == 17


# ==== 601.2f–h: cost locked; 605.4a triggered mana helps pay ===============================

def test_601_2g_triggered_mana_helps_pay_the_spell():
    """601.2g / 605.4a: Heartbeat of Spring's mana from tapping a Forest pays for the spell being
    cast — one Forest pays Grizzly Bears {1}{G}."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    forest = s.add("Forest")
    assert s.can_cast("Grizzly Bears")
    bears = s.cast("Grizzly Bears")
    assert s.on_battlefield(bears)
    assert s.is_tapped(forest)


# ==== 202.3: mana value never changes =======================================================

def test_202_3_mana_value_never_changes_with_total_cost():
    """202.3 / 118.8d / 118.9c: kicker, flashback, increases, reductions, setters and X leave
    the card's mana value unchanged."""
    db = card_db()
    s = Scenario()
    for name in ("Sphere of Resistance", "Goblin Electromancer", "Trinisphere", "The Fire Crystal"):
        s.add(name)
    s.total_cost("Firebolt", alternative="flashback")
    s.total_cost("Burst Lightning", kicked=True)
    s.total_cost("Hangarback Walker", x=5)
    _n(s, "Mountain", 6)
    s.cast("Firebolt", alternative="flashback")
    assert db["Firebolt"].mana_value == 1
    assert db["Burst Lightning"].mana_value == 1
    assert db["Hangarback Walker"].mana_value == 0
    assert db["Lightning Strike"].mana_value == 2
    assert db["The Great Henge"].mana_value == 9
    assert card_db()["Firebolt"].mana_value == 1


def test_601_2f_trinisphere_with_x_and_kicker():
    """601.2f: Trinisphere sees the total after X and kicker — Fireball X=1 ({1}{R}) → {2}{R};
    Burst Lightning unkicked {R} → {2}{R}, kicked {4}{R} unchanged."""
    s = Scenario()
    s.add("Trinisphere")
    assert_cost(s.total_cost("Fireball", x=1), "{2}{R}")
    assert_cost(s.total_cost("Burst Lightning"), "{2}{R}")
    assert_cost(s.total_cost("Burst Lightning", kicked=True), "{4}{R}")


def test_118_9d_thalia_taxes_a_flashback_cast():
    """118.9d: Thalia's {1} applies to Firebolt's flashback cost — {5}{R}."""
    s = Scenario()
    s.add("Thalia, Guardian of Thraben")
    assert_cost(s.total_cost("Firebolt", alternative="flashback"), "{5}{R}")


def test_601_2f_thalia_and_electromancer_cancel():
    """601.2f: Lightning Bolt + Thalia (+{1}) + Goblin Electromancer (−{1}) = {R}: the reduction
    applies to the increased total."""
    s = Scenario()
    s.add("Thalia, Guardian of Thraben")
    s.add("Goblin Electromancer")
    assert_cost(s.total_cost("Lightning Bolt"), "{R}")


def test_601_2f_total_cost_of_x_spell_when_henge_not_in_hand():
    """601.2f: The Great Henge not in hand — cards in hand don't change (Maro with four cards is
    4/4): {3}{G}{G}."""
    s = Scenario()
    for _ in range(4):
        s.add_to_hand("Island")
    s.add("Maro")
    assert_cost(s.total_cost("The Great Henge"), "{3}{G}{G}")


# ==== paying: Phyrexian mana, choices made while paying ====================================

SIMIC_GGU = card("Test Simic Sorcery GGU", "{G}{G}{U}", "Sorcery")
SIMIC_GUU = card("Test Simic Sorcery GUU", "{G}{U}{U}", "Sorcery")
VERDANT_CONTAMINATION = card(
    "Test Verdant Contamination", "{2}{G}", "Enchantment",
    abilities=[{"kind": "mana_replacement", "watches": "lands", "replace_with": "G"}])


def test_107_4f_phyrexian_symbol_paid_with_two_life():
    """107.4f: {R/P} can be paid with 2 life — Gut Shot is castable with no mana at all."""
    s = Scenario()
    assert s.can_cast(GUT_SHOT)
    s.cast(GUT_SHOT)
    assert s.life() == 18
    assert s.life("opponent") == 19


def test_118_7a_dismember_reduced_to_phyrexian_symbols_costs_four_life():
    """118.7a / 107.4f (digest case 7): Dismember with Goblin Electromancer is {B/P}{B/P} —
    castable for 4 life and no mana."""
    s = Scenario()
    s.add("Goblin Electromancer")
    assert s.can_cast(DISMEMBER)
    s.cast(DISMEMBER)
    assert s.life() == 16


def test_601_2f_trinisphere_counts_only_mana_actually_paid_for_phyrexian():
    """601.2b/601.2f + Trinisphere ruling (digest case 7): the Phyrexian choice is made before
    the total cost; paid with life, Gut Shot's mana cost is {0} and Trinisphere makes it {3}
    (plus 2 life); paid with {R} it's {2}{R}. Either way it needs three mana — two Mountains
    can't cast it, three can."""
    s = Scenario()
    s.add("Trinisphere")
    _n(s, "Mountain", 2)
    assert not s.can_cast(GUT_SHOT)
    s.add("Mountain")
    assert s.can_cast(GUT_SHOT)


def test_616_1_replacement_order_chosen_while_paying():
    """616.1: while paying, the player orders Contamination and a "{G} instead" twin to get the
    type needed — one Plains pays {B} (Duress) in one game and {G} (Llanowar Elves) in another."""
    for spell in ("Duress", "Llanowar Elves"):
        s = Scenario()
        s.add("Contamination")
        s.add(VERDANT_CONTAMINATION)
        s.add("Plains")
        assert s.can_cast(spell), spell
        s.cast(spell)
        assert s.pool() == {}, spell


def test_605_4a_heartbeat_type_chosen_to_pay_the_spell():
    """106.12a / 605.4a: Heartbeat of Spring adds one mana of a type the land produced, the
    player's choice — a Simic Growth Chamber ({G}{U}) pays {G}{G}{U} and, in another game,
    {G}{U}{U}."""
    for spell in (SIMIC_GGU, SIMIC_GUU):
        s = Scenario()
        s.add("Heartbeat of Spring")
        s.add("Simic Growth Chamber")
        assert s.can_cast(spell), spell.name
        s.cast(spell)
        assert s.pool() == {}, spell.name


def test_605_4a_fertile_ground_colour_chosen_to_pay_the_spell():
    """605.4a: Fertile Ground adds one mana of any colour — a Forest it enchants pays Growth
    Spiral's {G}{U}."""
    s = Scenario()
    forest = s.add("Forest")
    s.add("Fertile Ground", attached_to=forest)
    assert s.can_cast("Growth Spiral")
    s.cast("Growth Spiral")
    assert s.pool() == {}


def test_601_2i_cast_trigger_does_not_reduce_the_spell_that_caused_it():
    """601.2f–i: the total cost is locked before the spell becomes cast; Animar's "whenever you
    cast a creature spell" counter comes after — it reduces the *next* creature spell only."""
    s = Scenario()
    animar = s.add("Animar, Soul of Elements")
    s.add("Forest")
    assert not s.can_cast("Grizzly Bears")         # {1}{G}: Animar has no counter yet
    s.add("Forest")
    s.cast("Grizzly Bears")
    assert s.counters(animar).get("+1/+1", 0) == 1
    assert_cost(s.total_cost("Grizzly Bears"), "{G}")


def test_118_9a_alternative_cost_the_card_lacks_is_rejected():
    """118.9a / 702.34: Lightning Bolt has no flashback cost; asking for one is an error."""
    s = Scenario()
    with pytest.raises((ValueError, RulesError)):
        s.total_cost("Lightning Bolt", alternative="flashback")
