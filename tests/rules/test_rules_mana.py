"""Mana abilities through the Scenario API, one named test per rule behaviour.

- 107.5 / 107.6 / 302.6 / 602.5a / 702.10: paying {T} and {Q}; summoning sickness; haste.
- 106.5 / 106.7 / 106.1b: undefined mana is no mana; "could produce" as a least fixpoint
  with replacement effects in every order, ignoring costs; "any colour" is never {C}.
- 106.12 / 106.12a / 106.12b / 605.4a / 614.5 / 616.1: tapped-for-mana triggered mana
  abilities and replacement effects.

Cards not in the shipped database are defined here with `mtgsim.card` (Blood Pet, a
sacrifice-only land, an order-dependent "replace with {G}" enchantment).
"""
import pytest

from mtgsim import RulesError, Scenario, card

WUBRG = frozenset("WUBRG")

# Blood Pet (Tempest): "Sacrifice Blood Pet: Add {B}." — a creature's sacrifice-only mana ability.
BLOOD_PET = card("Blood Pet", "{B}", "Creature — Thrull", "1/1",
                 abilities=[{"kind": "mana", "cost": "Sacrifice this creature", "mana": "{B}"}])
# A land whose only mana ability has no {T}: tapping-for-mana triggers/replacements ignore it.
SACRIFICE_LAND = card("Test Sacrifice Land", "", "Land",
                      abilities=[{"kind": "mana", "cost": "Sacrifice this land", "mana": "{G}"}])
# A Contamination twin that turns land mana into {G}: with Contamination the result depends
# on the order the two replacement effects are applied in (616.1).
VERDANT_CONTAMINATION = card(
    "Test Verdant Contamination", "{2}{G}", "Enchantment",
    abilities=[{"kind": "mana_replacement", "watches": "lands", "replace_with": "G"}])


def _n(s, name, n, **kw):
    return [s.add(name, **kw) for _ in range(n)]


# ==== 107.5 / 107.6 / 302.6 / 702.10: paying {T} and {Q}, summoning sickness, haste ========

def test_107_5_tapped_permanent_cannot_pay_tap_cost():
    """107.5: a permanent that's already tapped can't be tapped again to pay a {T} cost."""
    s = Scenario()
    forest = s.add("Forest", tapped=True)
    assert not s.can_activate(forest)
    with pytest.raises(RulesError, match="107.5"):
        s.tap_for_mana(forest)
    assert s.pool() == {}


def test_107_5_permanent_taps_for_mana_only_once():
    """107.5: after tapping for mana the permanent is tapped and can't pay {T} again."""
    s = Scenario()
    forest = s.add("Forest")
    assert s.can_activate(forest)
    assert s.tap_for_mana(forest) == {"G": 1}
    assert s.is_tapped(forest)
    assert not s.can_activate(forest)
    with pytest.raises(RulesError, match="107.5"):
        s.tap_for_mana(forest)
    assert s.pool() == {"G": 1}


def test_107_6_untapped_permanent_cannot_pay_untap_cost():
    """107.6: an untapped Pili-Pala can't pay {Q} ("{2}, {Q}: Add one mana of any color")."""
    s = Scenario()
    pili = s.add("Pili-Pala")
    s.tap_for_mana(s.add("Sol Ring"))            # {C}{C} floating for the {2}
    assert not s.can_activate(pili)
    with pytest.raises(RulesError, match="107.6"):
        s.tap_for_mana(pili, color="G")
    assert s.pool() == {"C": 2}
    assert not s.is_tapped(pili)


def test_107_6_tapped_pili_pala_untaps_to_add_mana():
    """107.6: a tapped Pili-Pala pays {Q} by untapping; then it can't pay {Q} again."""
    s = Scenario()
    pili = s.add("Pili-Pala", tapped=True)
    s.tap_for_mana(s.add("Sol Ring"))
    assert s.can_activate(pili)
    assert s.tap_for_mana(pili, color="G") == {"G": 1}
    assert not s.is_tapped(pili)
    assert s.pool() == {"G": 1}                  # the {2} was paid from the pool
    assert not s.can_activate(pili)


def test_118_3_mana_ability_needs_its_mana_cost_paid():
    """118.3 / 602.2b: Pili-Pala's {2} must be payable; with no mana at all it can't activate."""
    s = Scenario()
    pili = s.add("Pili-Pala", tapped=True)
    assert not s.can_activate(pili)
    with pytest.raises(RulesError):
        s.tap_for_mana(pili, color="G")
    assert s.is_tapped(pili)


def test_605_3a_mana_cost_of_mana_ability_payable_by_other_mana_abilities():
    """605.3a: while activating a mana ability you may activate others to pay for it — an
    untapped Sol Ring makes a tapped Pili-Pala activatable with an empty pool."""
    s = Scenario()
    pili = s.add("Pili-Pala", tapped=True)
    s.add("Sol Ring")
    assert s.pool() == {}
    assert s.can_activate(pili)


def test_302_6_creature_tap_ability_needs_control_since_turn_start():
    """302.6 / 107.5: Llanowar Elves that came under your control this turn can't use {T}."""
    s = Scenario()
    elves = s.add("Llanowar Elves", entered_this_turn=True)
    assert not s.can_activate(elves)
    with pytest.raises(RulesError, match="302.6"):
        s.tap_for_mana(elves)
    assert not s.is_tapped(elves)
    assert s.pool() == {}


def test_302_6_creature_controlled_since_turn_start_taps():
    """302.6: a creature controlled continuously since your turn began may tap for mana."""
    s = Scenario()
    elves = s.add("Llanowar Elves")             # on the battlefield before the game
    assert s.can_activate(elves)
    assert s.tap_for_mana(elves) == {"G": 1}


def test_302_6_creature_untap_ability_is_also_summoning_sick():
    """302.6 / 107.6: a creature's {Q} ability waits as well (Pili-Pala, tapped, arrived this turn)."""
    s = Scenario()
    pili = s.add("Pili-Pala", tapped=True, entered_this_turn=True)
    s.tap_for_mana(s.add("Sol Ring"))
    assert not s.can_activate(pili)
    with pytest.raises(RulesError, match="302.6"):
        s.tap_for_mana(pili, color="G")


def test_302_6_sick_creature_cannot_activate_non_mana_tap_ability():
    """302.6: summoning sickness covers every {T} ability, not only mana abilities
    (Hangarback Walker's "{1}, {T}: put a +1/+1 counter")."""
    s = Scenario()
    walker = s.add("Hangarback Walker", entered_this_turn=True, counters={"+1/+1": 1})
    s.tap_for_mana(s.add("Sol Ring"))
    with pytest.raises(RulesError, match="302.6"):
        s.activate(walker)
    assert s.counters(walker).get("+1/+1", 0) == 1


def test_302_6_noncreature_artifact_is_never_summoning_sick():
    """302.6 applies to creatures only: a Sol Ring that entered this turn taps at once."""
    s = Scenario()
    ring = s.add("Sol Ring", entered_this_turn=True)
    assert s.can_activate(ring)
    assert s.tap_for_mana(ring) == {"C": 2}


def test_302_6_land_played_this_turn_taps_at_once():
    """302.6 applies to creatures only: a land that entered this turn can tap for mana."""
    s = Scenario()
    forest = s.add("Forest", entered_this_turn=True)
    assert s.tap_for_mana(forest) == {"G": 1}


def test_302_6_treasure_created_this_turn_is_not_sick():
    """302.6 / 111.10: a Treasure created this turn ({T}, sacrifice) can be used at once; it's
    sacrificed as part of the cost."""
    s = Scenario()
    treasure = s.add("Treasure", entered_this_turn=True)
    assert s.can_activate(treasure)
    assert s.tap_for_mana(treasure, color="R") == {"R": 1}
    assert not s.on_battlefield(treasure)


def test_302_6_sacrifice_only_mana_ability_ignores_summoning_sickness():
    """302.6 restricts only {T}/{Q} abilities: Blood Pet ("Sacrifice: Add {B}") works the turn
    it arrives."""
    s = Scenario()
    pet = s.add(BLOOD_PET, entered_this_turn=True)
    assert s.can_activate(pet)
    assert s.tap_for_mana(pet) == {"B": 1}
    assert not s.on_battlefield(pet)


def test_302_6_sacrifice_only_activated_ability_ignores_summoning_sickness():
    """302.6: Sakura-Tribe Elder's "Sacrifice this creature: search for a basic land, put it
    onto the battlefield tapped" can be activated the turn it arrives."""
    s = Scenario()
    s.add_to_library("Forest")
    elder = s.add("Sakura-Tribe Elder", entered_this_turn=True)
    s.activate(elder)
    assert not s.on_battlefield(elder)
    forests = [p for p in s.battlefield() if p.name == "Forest"]
    assert len(forests) == 1
    assert s.is_tapped(forests[0])


def test_702_10_haste_lets_creature_use_tap_ability_at_once():
    """702.10: a creature with haste ignores 302.6 — Goblin Guide (printed haste) taps for the
    mana ability Cryptolith Rite grants it the turn it arrives."""
    s = Scenario()
    s.add("Cryptolith Rite")
    guide = s.add("Goblin Guide", entered_this_turn=True)
    assert s.can_activate(guide)
    assert s.tap_for_mana(guide, color="R") == {"R": 1}


def test_702_10_granted_ability_does_not_give_haste():
    """302.6: Cryptolith Rite grants a {T} mana ability, not haste; Llanowar Elves that arrived
    this turn still can't use it (nor its printed one)."""
    s = Scenario()
    s.add("Cryptolith Rite")
    elves = s.add("Llanowar Elves", entered_this_turn=True)
    assert not s.can_activate(elves, 0)
    assert not s.can_activate(elves, 1)


def test_702_10_fire_crystal_haste_lets_elves_cast_this_turn_tap():
    """702.10 and The Fire Crystal ("Creatures you control have haste"): Llanowar Elves cast
    this turn taps for {G} at once."""
    s = Scenario()
    s.add("The Fire Crystal")
    s.add("Forest")
    elves = s.cast("Llanowar Elves")
    assert s.on_battlefield(elves)
    assert s.can_activate(elves)
    assert s.tap_for_mana(elves) == {"G": 1}


def test_702_10_fire_crystal_haste_only_for_its_controllers_creatures():
    """The Fire Crystal gives haste to creatures *its controller* controls: the opponent's
    Crystal doesn't help your Llanowar Elves."""
    s = Scenario()
    s.add("The Fire Crystal", controller="opponent")
    elves = s.add("Llanowar Elves", entered_this_turn=True)
    assert not s.can_activate(elves)


def test_302_6_summoning_sickness_ends_when_controllers_next_turn_begins():
    """302.6: sickness lasts until its controller's next turn begins — not the opponent's."""
    s = Scenario()
    elves = s.add("Llanowar Elves", entered_this_turn=True)
    s.next_turn()                                 # the opponent's turn
    assert not s.can_activate(elves)
    s.next_turn()                                 # your next turn
    assert s.can_activate(elves)
    assert s.tap_for_mana(elves) == {"G": 1}


def test_302_6_creature_gained_on_opponents_turn_is_sick_until_your_turn():
    """302.6: a creature that came under your control during the opponent's turn is sick until
    your turn begins."""
    s = Scenario()
    s.next_turn()                                 # opponent's turn 2
    elves = s.add("Llanowar Elves", entered_this_turn=True)
    assert not s.can_activate(elves)
    s.next_turn()                                 # your turn 3
    assert s.can_activate(elves)
    assert s.tap_for_mana(elves) == {"G": 1}


def test_302_6_opponents_creature_entering_on_your_turn_is_ready_on_their_turn():
    """302.6: the opponent's creature that entered during your turn can tap once the opponent's
    own turn begins."""
    s = Scenario()
    elves = s.add("Llanowar Elves", controller="opponent", entered_this_turn=True)
    assert not s.can_activate(elves)
    s.next_turn()
    assert s.can_activate(elves)
    assert s.tap_for_mana(elves) == {"G": 1}
    assert s.pool("opponent") == {"G": 1}
    assert s.pool("you") == {}


# ==== 106.5: undefined mana type → no mana ==================================================

def test_106_5_chosen_color_ability_with_no_color_chosen_makes_no_mana():
    """106.5: Coldsteel Heart with no colour chosen would add mana of an undefined type, so it
    adds nothing (and could produce nothing, 106.7)."""
    s = Scenario()
    heart = s.add("Coldsteel Heart", chosen_color=None)
    assert s.could_produce(heart) == frozenset()
    assert s.tap_for_mana(heart) == {}
    assert s.pool() == {}


def test_614_12_chosen_color_ability_adds_the_chosen_color():
    """Coldsteel Heart adds one mana of the colour chosen as it entered."""
    s = Scenario()
    heart = s.add("Coldsteel Heart", chosen_color="U")
    assert s.could_produce(heart) == frozenset("U")
    assert s.tap_for_mana(heart) == {"U": 1}


# ==== 106.7: could produce =================================================================

def test_106_7_reflecting_pool_alone_could_produce_nothing():
    """106.7 / 106.5: a lone Reflecting Pool can only copy itself — no type is defined, so it
    could produce nothing and tapping it adds no mana."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    assert s.could_produce(pool) == frozenset()
    assert s.tap_for_mana(pool) == {}
    assert s.pool() == {}


def test_106_7_two_reflecting_pools_referring_to_each_other_produce_nothing():
    """106.7: a cycle of "could produce" references with no base source produces nothing."""
    s = Scenario()
    a, b = _n(s, "Reflecting Pool", 2)
    assert s.could_produce(a) == frozenset()
    assert s.could_produce(b) == frozenset()


def test_106_7_reflecting_pool_with_forest_could_produce_green():
    """106.7: Reflecting Pool + Forest → the Pool could produce {G}."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Forest")
    assert s.could_produce(pool) == frozenset("G")
    assert s.tap_for_mana(pool) == {"G": 1}


def test_106_7_reflecting_pool_copies_every_type_of_llanowar_wastes():
    """106.7: Llanowar Wastes could produce {C}, {B} and {G}, so Reflecting Pool could produce
    B, G and C (it copies types, not Llanowar Wastes' damage)."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Llanowar Wastes")
    assert s.could_produce(pool) == frozenset("BGC")
    assert s.tap_for_mana(pool, color="C") == {"C": 1}
    assert s.life() == 20


def test_106_7_reflecting_pool_cannot_make_a_type_no_land_could_produce():
    """106.7: Reflecting Pool + Llanowar Wastes can't be tapped for {W}."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Llanowar Wastes")
    with pytest.raises((RulesError, ValueError)):
        s.tap_for_mana(pool, color="W")
    assert s.pool() == {}


def test_106_7_reflecting_pool_any_type_includes_colorless():
    """106.1b / 106.7: Reflecting Pool adds "any type", so with Wastes it could produce {C}."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Wastes")
    assert s.could_produce(pool) == frozenset("C")


def test_106_7_reflecting_pool_looks_only_at_lands_you_control():
    """106.7: Reflecting Pool refers to lands *you* control: an opposing Forest doesn't count."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Forest", controller="opponent")
    assert s.could_produce(pool) == frozenset()


def test_106_7_reflecting_pool_ignores_nonland_mana_sources():
    """106.7: only lands count for Reflecting Pool — Llanowar Elves and Sol Ring don't."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Llanowar Elves")
    s.add("Sol Ring")
    assert s.could_produce(pool) == frozenset()


def test_106_7_could_produce_ignores_tapped_state():
    """106.7: ignore whether costs could be paid — a tapped Forest could still produce {G},
    and so could a Reflecting Pool beside it."""
    s = Scenario()
    forest = s.add("Forest", tapped=True)
    pool = s.add("Reflecting Pool")
    assert s.could_produce(forest) == frozenset("G")
    assert s.could_produce(pool) == frozenset("G")
    assert s.tap_for_mana(pool) == {"G": 1}


def test_106_7_could_produce_ignores_costs_and_summoning_sickness():
    """106.7: costs are ignored — a Signet with an empty pool, summoning-sick Elves and an
    untapped Pili-Pala all could produce their types."""
    s = Scenario()
    signet = s.add("Azorius Signet")
    elves = s.add("Llanowar Elves", entered_this_turn=True)
    pili = s.add("Pili-Pala")
    assert s.could_produce(signet) == frozenset("WU")
    assert s.could_produce(elves) == frozenset("G")
    assert s.could_produce(pili) == WUBRG


def test_106_7_ability_that_would_make_zero_mana_could_produce_nothing():
    """106.7: Gaea's Cradle with no creatures would produce no mana, so it could produce no
    type — and a Reflecting Pool beside it gets nothing either."""
    s = Scenario()
    cradle = s.add("Gaea's Cradle")
    pool = s.add("Reflecting Pool")
    assert s.could_produce(cradle) == frozenset()
    assert s.could_produce(pool) == frozenset()
    s.add("Llanowar Elves")
    assert s.could_produce(cradle) == frozenset("G")
    assert s.could_produce(pool) == frozenset("G")


def test_106_7_exotic_orchard_copies_colors_of_opposing_lands():
    """106.7: Exotic Orchard could produce the colours the opponent's lands could produce."""
    s = Scenario()
    orchard = s.add("Exotic Orchard")
    s.add("Forest", controller="opponent")
    s.add("Island", controller="opponent")
    assert s.could_produce(orchard) == frozenset("GU")
    assert s.tap_for_mana(orchard, color="U") == {"U": 1}


def test_106_7_exotic_orchard_with_no_opposing_lands_makes_nothing():
    """106.7 (CR example): Exotic Orchard makes no mana if opponents control no lands —
    your own Forest doesn't help."""
    s = Scenario()
    orchard = s.add("Exotic Orchard")
    s.add("Forest")
    assert s.could_produce(orchard) == frozenset()
    assert s.tap_for_mana(orchard) == {}


def test_106_7_exotic_orchards_alone_produce_nothing():
    """106.7 (CR example): if the only lands are Exotic Orchards, none of them makes mana."""
    s = Scenario()
    mine = s.add("Exotic Orchard")
    theirs = s.add("Exotic Orchard", controller="opponent")
    assert s.could_produce(mine) == frozenset()
    assert s.could_produce(theirs) == frozenset()


def test_106_7_exotic_orchard_cr_example_forest_makes_both_orchards_green():
    """106.7 (CR example): you control a Forest and an Exotic Orchard, the opponent an Exotic
    Orchard — each Orchard could produce {G}."""
    s = Scenario()
    s.add("Forest")
    mine = s.add("Exotic Orchard")
    theirs = s.add("Exotic Orchard", controller="opponent")
    assert s.could_produce(theirs) == frozenset("G")
    assert s.could_produce(mine) == frozenset("G")
    assert s.tap_for_mana(mine) == {"G": 1}


def test_106_1b_exotic_orchard_never_makes_colorless():
    """106.1b / 106.7: Exotic Orchard adds a *colour*; an opposing Wastes gives it nothing."""
    s = Scenario()
    orchard = s.add("Exotic Orchard")
    s.add("Wastes", controller="opponent")
    assert s.could_produce(orchard) == frozenset()


def test_106_7_fellwar_stone_copies_colors_of_opposing_lands():
    """106.7 / 106.1b: Fellwar Stone + an opposing Llanowar Wastes could produce B and G, not C."""
    s = Scenario()
    stone = s.add("Fellwar Stone")
    s.add("Llanowar Wastes", controller="opponent")
    assert s.could_produce(stone) == frozenset("BG")


def test_106_7_fellwar_stone_with_only_colorless_opposing_land_makes_nothing():
    """106.5 / 106.7: Fellwar Stone facing only a Wastes has no colour to make."""
    s = Scenario()
    stone = s.add("Fellwar Stone")
    s.add("Wastes", controller="opponent")
    assert s.could_produce(stone) == frozenset()
    assert s.tap_for_mana(stone) == {}


def test_106_7_naga_vitalist_through_exotic_orchard():
    """106.7 fixpoint: Naga Vitalist copies your Exotic Orchard, which copies the opposing
    Island — Naga Vitalist could produce {U}."""
    s = Scenario()
    naga = s.add("Naga Vitalist")
    s.add("Exotic Orchard")
    s.add("Island", controller="opponent")
    assert s.could_produce(naga) == frozenset("U")


def test_106_7_naga_vitalist_and_reflecting_pool_cycle_produces_nothing():
    """106.7: Naga Vitalist and Reflecting Pool referring only to each other's "could produce"
    have no base source: both produce nothing."""
    s = Scenario()
    naga = s.add("Naga Vitalist")
    pool = s.add("Reflecting Pool")
    assert s.could_produce(naga) == frozenset()
    assert s.could_produce(pool) == frozenset()


def test_106_7_least_fixpoint_over_both_players_permanents():
    """106.7: your Reflecting Pool and Exotic Orchard, the opponent's Reflecting Pool, Exotic
    Orchard and Forest — every one of the four could produce {G}."""
    s = Scenario()
    my_pool = s.add("Reflecting Pool")
    my_orchard = s.add("Exotic Orchard")
    their_pool = s.add("Reflecting Pool", controller="opponent")
    their_orchard = s.add("Exotic Orchard", controller="opponent")
    s.add("Forest", controller="opponent")
    for p in (my_pool, my_orchard, their_pool, their_orchard):
        assert s.could_produce(p) == frozenset("G"), p.name


def test_106_1b_any_color_ability_never_makes_colorless():
    """106.1b: "one mana of any color" (Birds of Paradise) is W, U, B, R or G — never {C}."""
    s = Scenario()
    birds = s.add("Birds of Paradise")
    assert s.could_produce(birds) == WUBRG
    with pytest.raises((RulesError, ValueError)):
        s.tap_for_mana(birds, color="C")
    assert s.pool() == {}


def test_106_7_contamination_changes_what_lands_could_produce():
    """106.7 with 614.5: under Contamination a Forest could produce only {B}; so could a
    Reflecting Pool beside it. Llanowar Elves (not a land) is unaffected."""
    s = Scenario()
    s.add("Contamination")
    forest = s.add("Forest")
    pool = s.add("Reflecting Pool")
    elves = s.add("Llanowar Elves")
    assert s.could_produce(forest) == frozenset("B")
    assert s.could_produce(pool) == frozenset("B")
    assert s.could_produce(elves) == frozenset("G")


def test_106_7_exotic_orchard_sees_contaminated_opposing_land():
    """106.7: an opposing Forest under Contamination could produce only {B}; so Exotic Orchard
    could produce {B}."""
    s = Scenario()
    s.add("Contamination", controller="opponent")
    s.add("Forest", controller="opponent")
    orchard = s.add("Exotic Orchard")
    assert s.could_produce(orchard) == frozenset("B")


def test_106_7_could_produce_applies_replacements_in_every_order():
    """106.7: replacement effects are applied in every possible order — Contamination and a
    "produces {G} instead" twin make a Plains (and a Reflecting Pool copying it) could-produce
    both B and G, never W."""
    s = Scenario()
    s.add("Contamination")
    s.add(VERDANT_CONTAMINATION)
    plains = s.add("Plains")
    pool = s.add("Reflecting Pool")
    assert s.could_produce(plains) == frozenset("BG")
    assert s.could_produce(pool) == frozenset("BG")


def test_106_7_triggered_mana_of_other_permanents_does_not_count():
    """106.7: only the permanent's own abilities count — a Forest enchanted with Utopia Sprawl
    (chosen blue) could produce only {G}, so Reflecting Pool can't make {U}."""
    s = Scenario()
    forest = s.add("Forest")
    s.add("Utopia Sprawl", attached_to=forest, chosen_color="U")
    pool = s.add("Reflecting Pool")
    assert s.could_produce(forest) == frozenset("G")
    assert s.could_produce(pool) == frozenset("G")


def test_106_7_granted_mana_ability_counts_chromatic_lantern():
    """106.7: granted abilities count — under Chromatic Lantern a Wastes could produce every
    type; its granted ability (index 1, after the printed one) adds a colour."""
    s = Scenario()
    s.add("Chromatic Lantern")
    wastes = s.add("Wastes")
    assert s.could_produce(wastes) == frozenset("WUBRGC")
    assert s.tap_for_mana(wastes, ability=1, color="R") == {"R": 1}


# ==== 106.12a / 605.4a: tapped-for-mana triggers ===========================================

def test_106_12a_heartbeat_of_spring_adds_one_mana_of_the_type_produced():
    """106.12a / 605.4a: Heartbeat of Spring — a Forest tapped for {G} adds another {G}, at once."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    forest = s.add("Forest")
    assert s.tap_for_mana(forest) == {"G": 2}
    assert s.pool() == {"G": 2}


def test_106_12a_mana_flare_affects_every_players_lands():
    """Mana Flare: whenever *a player* taps a land for mana, *that player* adds one more."""
    s = Scenario()
    s.add("Mana Flare")
    forest = s.add("Forest", controller="opponent")
    assert s.tap_for_mana(forest) == {"G": 2}
    assert s.pool("opponent") == {"G": 2}
    assert s.pool("you") == {}


def test_106_12a_heartbeat_adds_a_type_the_bounce_land_produced():
    """Heartbeat of Spring on Simic Growth Chamber ({G}{U}): one more mana, G or U."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    chamber = s.add("Simic Growth Chamber")
    out = s.tap_for_mana(chamber)
    assert sum(out.values()) == 3
    assert set(out) <= {"G", "U"} and out.get("G", 0) >= 1 and out.get("U", 0) >= 1


def test_106_12a_heartbeat_watches_lands_only():
    """Heartbeat of Spring triggers on lands only: Sol Ring and Llanowar Elves add their usual."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(s.add("Sol Ring")) == {"C": 2}
    assert s.tap_for_mana(s.add("Llanowar Elves")) == {"G": 1}


def test_106_12a_no_trigger_when_land_produces_no_mana():
    """106.12a: the trigger needs mana actually produced — a lone Reflecting Pool and a Gaea's
    Cradle with no creatures add nothing, and Heartbeat of Spring adds nothing either."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(s.add("Reflecting Pool")) == {}
    assert s.tap_for_mana(s.add("Gaea's Cradle")) == {}
    assert s.pool() == {}


def test_106_12_tapped_for_mana_trigger_needs_tap_symbol():
    """106.12: "tapped for mana" means a mana ability with {T} in its cost; a land's
    sacrifice-only mana ability doesn't trigger Heartbeat of Spring."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    land = s.add(SACRIFICE_LAND)
    assert s.tap_for_mana(land) == {"G": 1}


def test_106_12a_utopia_sprawl_adds_the_chosen_color():
    """Utopia Sprawl: the enchanted Forest adds an additional mana of the chosen colour; an
    unenchanted Forest doesn't."""
    s = Scenario()
    forest = s.add("Forest")
    other = s.add("Forest")
    s.add("Utopia Sprawl", attached_to=forest, chosen_color="U")
    assert s.tap_for_mana(forest) == {"G": 1, "U": 1}
    assert s.tap_for_mana(other) == {"G": 1}


def test_106_5_utopia_sprawl_without_chosen_color_adds_nothing_extra():
    """106.5: Utopia Sprawl with no colour chosen would add mana of an undefined type: none."""
    s = Scenario()
    forest = s.add("Forest")
    s.add("Utopia Sprawl", attached_to=forest, chosen_color=None)
    assert s.tap_for_mana(forest) == {"G": 1}


def test_106_12a_wild_growth_adds_green_to_the_enchanted_land_only():
    """Wild Growth: the enchanted land (a Mountain here) adds an additional {G}."""
    s = Scenario()
    mountain = s.add("Mountain")
    other = s.add("Mountain")
    s.add("Wild Growth", attached_to=mountain)
    assert s.tap_for_mana(mountain) == {"R": 1, "G": 1}
    assert s.tap_for_mana(other) == {"R": 1}


def test_106_12a_wild_growth_on_land_that_makes_no_mana_does_not_trigger():
    """106.12a: Wild Growth on a lone Reflecting Pool — the Pool produces no mana, so the
    trigger doesn't fire and nothing is added."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Wild Growth", attached_to=pool)
    assert s.tap_for_mana(pool) == {}
    assert s.pool() == {}


def test_106_12a_wild_growth_ignores_non_tap_mana_ability():
    """106.12: a sacrifice-only mana ability isn't "tapped for mana": no Wild Growth bonus."""
    s = Scenario()
    land = s.add(SACRIFICE_LAND)
    s.add("Wild Growth", attached_to=land)
    assert s.tap_for_mana(land) == {"G": 1}


def test_106_12a_zendikar_resurgent_watches_only_your_lands():
    """Zendikar Resurgent: "Whenever *you* tap a land for mana" — your Forest adds {G}{G}, the
    opponent's Forest only {G}."""
    s = Scenario()
    s.add("Zendikar Resurgent")
    mine = s.add("Forest")
    theirs = s.add("Forest", controller="opponent")
    assert s.tap_for_mana(mine) == {"G": 2}
    assert s.tap_for_mana(theirs) == {"G": 1}
    assert s.pool("opponent") == {"G": 1}


def test_106_12a_caged_sun_only_mana_of_chosen_color_from_lands():
    """Caged Sun (green): a land's ability adding {G} adds one more {G}; a Mountain's {R},
    Llanowar Elves' {G} (not a land) and Sol Ring's {C} get nothing."""
    s = Scenario()
    s.add("Caged Sun", chosen_color="G")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 2}
    assert s.tap_for_mana(s.add("Mountain")) == {"R": 1}
    assert s.tap_for_mana(s.add("Llanowar Elves")) == {"G": 1}
    assert s.tap_for_mana(s.add("Sol Ring")) == {"C": 2}


def test_106_12a_trigger_of_named_type_depends_on_mana_actually_produced():
    """106.12a: Caged Sun (green) and Llanowar Wastes — tapped for {B} no trigger, tapped for
    {G} one more {G}."""
    s = Scenario()
    s.add("Caged Sun", chosen_color="G")
    a, b = _n(s, "Llanowar Wastes", 2)
    assert s.tap_for_mana(a, ability=1, color="B") == {"B": 1}
    assert s.tap_for_mana(b, ability=1, color="G") == {"G": 2}
    assert s.life() == 18                        # the painland damage, once each


def test_106_12a_caged_sun_sees_the_mana_after_replacement():
    """106.12a / 614.6: under Contamination a Forest produces {B}: Caged Sun (green) doesn't
    trigger; Caged Sun (black) does."""
    s = Scenario()
    s.add("Contamination")
    s.add("Caged Sun", chosen_color="G")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 1}

    s = Scenario()
    s.add("Contamination")
    s.add("Caged Sun", chosen_color="B")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 2}


def test_614_12_caged_sun_cast_with_chosen_color():
    """614.12: the colour for Caged Sun is chosen as it enters (`cast(..., color=)`)."""
    s = Scenario()
    _n(s, "Sol Ring", 3)
    sun = s.cast("Caged Sun", color="G")
    assert s.on_battlefield(sun)
    assert s.tap_for_mana(s.add("Forest")) == {"G": 2}


def test_106_12a_gauntlet_of_power_basic_lands_of_chosen_color():
    """Gauntlet of Power (green): a *basic* land tapped for green adds one more {G} for its
    controller; a nonbasic land (Temple Garden) or a Mountain doesn't."""
    s = Scenario()
    s.add("Gauntlet of Power", chosen_color="G")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 2}
    assert s.tap_for_mana(s.add("Snow-Covered Forest")) == {"G": 2}
    assert s.tap_for_mana(s.add("Temple Garden"), color="G") == {"G": 1}
    assert s.tap_for_mana(s.add("Mountain")) == {"R": 1}
    theirs = s.add("Forest", controller="opponent")
    assert s.tap_for_mana(theirs) == {"G": 2}
    assert s.pool("opponent") == {"G": 2}


def test_605_4a_triggered_mana_is_in_the_pool_at_once():
    """605.4a: a triggered mana ability resolves immediately — the pool shows Wild Growth's {G}
    right after the tap, and it can pay for a spell (Grizzly Bears {1}{G} off one Forest)."""
    s = Scenario()
    forest = s.add("Forest")
    s.add("Wild Growth", attached_to=forest)
    assert s.can_cast("Grizzly Bears")
    s.tap_for_mana(forest)
    assert s.pool() == {"G": 2}
    bears = s.cast("Grizzly Bears")
    assert s.on_battlefield(bears)
    assert s.pool() == {}


# ==== 106.12b / 614.5 / 616.1: tapped-for-mana replacement effects =========================

def test_106_12b_mana_reflection_doubles_mana_from_tapped_permanents():
    """106.12b: Mana Reflection — a Forest produces {G}{G}, Sol Ring {C}{C}{C}{C}."""
    s = Scenario()
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 2}
    assert s.tap_for_mana(s.add("Sol Ring")) == {"C": 4}


def test_614_5_two_mana_reflections_each_apply_once():
    """614.5: each replacement applies once to the event — two Mana Reflections give ×4."""
    s = Scenario()
    _n(s, "Mana Reflection", 2)
    assert s.tap_for_mana(s.add("Forest")) == {"G": 4}


def test_614_5_nyxbloom_ancient_and_mana_reflection_multiply():
    """614.5: Nyxbloom Ancient (×3) and Mana Reflection (×2) → a Forest makes six {G}."""
    s = Scenario()
    s.add("Nyxbloom Ancient")
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 6}


def test_106_12b_replacement_needs_tap_symbol_pili_pala():
    """106.12b: Pili-Pala's {2}, {Q} ability isn't "tapped for mana" — Mana Reflection doesn't
    double it (while it does double the Sol Ring that paid for it)."""
    s = Scenario()
    s.add("Mana Reflection")
    pili = s.add("Pili-Pala", tapped=True)
    assert s.tap_for_mana(s.add("Sol Ring")) == {"C": 4}
    assert s.tap_for_mana(pili, color="G") == {"G": 1}
    assert s.pool() == {"C": 2, "G": 1}


def test_106_12b_replacement_ignores_sacrifice_only_land_ability():
    """106.12b: a sacrifice-only mana ability isn't "tapped for mana": Mana Reflection and
    Contamination leave it alone."""
    s = Scenario()
    s.add("Mana Reflection")
    s.add("Contamination")
    assert s.tap_for_mana(s.add(SACRIFICE_LAND)) == {"G": 1}


def test_106_12b_mana_reflection_doubles_treasure():
    """106.12b: a Treasure ({T}, sacrifice) is tapped for mana — Mana Reflection doubles it."""
    s = Scenario()
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Treasure"), color="R") == {"R": 2}


def test_605_5b_mana_reflection_does_not_double_dark_ritual():
    """605.5b / 106.12b: Dark Ritual is a spell, not a permanent tapped for mana — its {B}{B}{B}
    isn't doubled (the Swamp that paid for it is)."""
    s = Scenario()
    s.add("Mana Reflection")
    swamp = s.add("Swamp")
    assert s.tap_for_mana(swamp) == {"B": 2}
    s.cast("Dark Ritual")
    assert s.pool() == {"B": 4}


def test_106_12b_mana_reflection_applies_only_to_its_controller():
    """Mana Reflection: "If *you* tap a permanent for mana" — the opponent's Reflection doesn't
    double your Forest."""
    s = Scenario()
    s.add("Mana Reflection", controller="opponent")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 1}


def test_106_12b_contamination_replaces_land_mana_with_one_black():
    """Contamination: a land tapped for mana produces {B} "instead of any other type and
    amount" — Forest → {B}, Gaea's Cradle with three creatures → {B}; Sol Ring is no land."""
    s = Scenario()
    s.add("Contamination", controller="opponent")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 1}
    _n(s, "Llanowar Elves", 3)
    assert s.tap_for_mana(s.add("Gaea's Cradle")) == {"B": 1}
    assert s.tap_for_mana(s.add("Sol Ring")) == {"C": 2}


def test_616_1_contamination_then_mana_reflection_gives_two_black():
    """616.1 (Mana Reflection ruling): the controller orders the replacements — Contamination
    first ({B}), then Mana Reflection → {B}{B}."""
    s = Scenario()
    contamination = s.add("Contamination")
    reflection = s.add("Mana Reflection")
    forest = s.add("Forest")
    assert s.tap_for_mana(forest, order=[contamination, reflection]) == {"B": 2}


def test_616_1_mana_reflection_then_contamination_gives_one_black():
    """616.1: Mana Reflection first ({G}{G}), then Contamination → {B}."""
    s = Scenario()
    contamination = s.add("Contamination")
    reflection = s.add("Mana Reflection")
    forest = s.add("Forest")
    assert s.tap_for_mana(forest, order=[reflection, contamination]) == {"B": 1}


def test_616_1_default_replacement_order_gives_the_most_mana():
    """616.1: without `order=` the order giving the most mana is used — Contamination then
    Mana Reflection → {B}{B}; Contamination then Nyxbloom Ancient → {B}{B}{B}."""
    s = Scenario()
    s.add("Contamination")
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 2}

    s = Scenario()
    s.add("Contamination")
    s.add("Nyxbloom Ancient")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 3}


def test_616_1_order_decides_the_type_when_two_effects_replace_it():
    """616.1: with Contamination and a "{G} instead" twin, the effect applied last decides the
    type: `order=` is honoured."""
    s = Scenario()
    contamination = s.add("Contamination")
    verdant = s.add(VERDANT_CONTAMINATION)
    a, b = _n(s, "Plains", 2)
    assert s.tap_for_mana(a, order=[contamination, verdant]) == {"G": 1}
    assert s.tap_for_mana(b, order=[verdant, contamination]) == {"B": 1}


def test_106_12b_mana_reflection_doubles_great_henge_mana_not_life():
    """106.12b (Mana Reflection ruling): The Great Henge produces {G}{G}{G}{G} under Mana
    Reflection, but "you gain 2 life" is not mana and isn't doubled."""
    s = Scenario()
    s.add("Mana Reflection")
    henge = s.add("The Great Henge")
    assert s.tap_for_mana(henge) == {"G": 4}
    assert s.life() == 22


def test_106_12b_painland_damage_is_not_multiplied():
    """106.12b: Llanowar Wastes tapped for {B} under Mana Reflection makes {B}{B}; its 1 damage
    is dealt once."""
    s = Scenario()
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Llanowar Wastes"), ability=1, color="B") == {"B": 2}
    assert s.life() == 19


def test_106_12_city_of_brass_damage_happens_once():
    """City of Brass's "whenever this becomes tapped" deals 1 damage once, even when Mana
    Reflection doubles its mana."""
    s = Scenario()
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("City of Brass"), color="W") == {"W": 2}
    assert s.life() == 19


def test_106_12_triggered_mana_is_not_doubled_heartbeat_and_reflection():
    """106.12b / 605.4a: Forest + Mana Reflection = {G}{G} (replacement), + Heartbeat of Spring
    one {G} (trigger, not doubled) = three {G}."""
    s = Scenario()
    s.add("Mana Reflection")
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 3}


def test_106_12_wild_growth_mana_is_not_doubled():
    """106.12b: Wild Growth's extra {G} comes from a trigger, so Mana Reflection doesn't double
    it: an enchanted Forest makes {G}{G} + {G}."""
    s = Scenario()
    s.add("Mana Reflection")
    forest = s.add("Forest")
    s.add("Wild Growth", attached_to=forest)
    assert s.tap_for_mana(forest) == {"G": 3}


def test_106_12a_heartbeat_copies_the_type_after_contamination():
    """106.12a: Heartbeat of Spring adds a type the land *produced*: under Contamination a
    Forest produced {B}, so the trigger adds {B}."""
    s = Scenario()
    s.add("Contamination")
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 2}


# ==== further interactions =================================================================

def test_106_7_exotic_orchard_facing_only_reflecting_pools_makes_nothing():
    """106.7 (digest case 2): the opponent's Reflecting Pools can copy only that opponent's lands,
    so with nothing else they could produce nothing — and neither could your Exotic Orchard."""
    s = Scenario()
    orchard = s.add("Exotic Orchard")
    s.add("Forest")
    _n(s, "Reflecting Pool", 2, controller="opponent")
    assert s.could_produce(orchard) == frozenset()


def test_106_7_reflecting_pool_copies_your_exotic_orchard():
    """106.7: your Reflecting Pool copies your Exotic Orchard, which copies the opposing Plains."""
    s = Scenario()
    pool = s.add("Reflecting Pool")
    s.add("Exotic Orchard")
    s.add("Plains", controller="opponent")
    assert s.could_produce(pool) == frozenset("W")
    assert s.tap_for_mana(pool) == {"W": 1}


def test_106_7_multiplier_and_contamination_in_both_orders_still_only_black():
    """106.7: Contamination + Mana Reflection, in either order, make a Forest produce only {B}."""
    s = Scenario()
    s.add("Contamination")
    s.add("Mana Reflection")
    assert s.could_produce(s.add("Forest")) == frozenset("B")


def test_106_12_replacements_then_trigger_contamination_reflection_heartbeat():
    """616.1 / 605.4a: Contamination then Mana Reflection ({B}{B}), then Heartbeat of Spring adds
    one mana of a produced type ({B}) — three {B} by default."""
    s = Scenario()
    s.add("Contamination")
    s.add("Mana Reflection")
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 3}


def test_106_12a_heartbeat_on_colorless_land_mana():
    """Heartbeat of Spring: "any type that land produced" includes colourless — Llanowar Wastes
    tapped for {C} adds {C}{C}."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(s.add("Llanowar Wastes"), ability=0) == {"C": 2}
    assert s.life() == 20


def test_106_12a_heartbeat_ignores_treasure():
    """Heartbeat of Spring watches lands: a Treasure tapped for mana adds just its one mana."""
    s = Scenario()
    s.add("Heartbeat of Spring")
    assert s.tap_for_mana(s.add("Treasure"), color="U") == {"U": 1}


def test_106_12a_caged_sun_trigger_is_not_doubled_by_mana_reflection():
    """106.12b / 605.4a: Caged Sun (green) + Mana Reflection — a Forest makes {G}{G}, Caged Sun
    adds one {G}: three."""
    s = Scenario()
    s.add("Caged Sun", chosen_color="G")
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Forest")) == {"G": 3}


def test_106_12a_caged_sun_only_its_controllers_lands():
    """Caged Sun: "causes *you* to add" — the opponent's Forest gets nothing extra."""
    s = Scenario()
    s.add("Caged Sun", chosen_color="G")
    theirs = s.add("Forest", controller="opponent")
    assert s.tap_for_mana(theirs) == {"G": 1}


def test_106_12a_gauntlet_of_power_needs_mana_of_chosen_color_after_replacement():
    """106.12a: "tapped for mana of the chosen color" — under Contamination a basic Forest
    produces {B}, so Gauntlet of Power (green) doesn't trigger."""
    s = Scenario()
    s.add("Contamination")
    s.add("Gauntlet of Power", chosen_color="G")
    assert s.tap_for_mana(s.add("Forest")) == {"B": 1}


def test_106_12a_wild_growth_mana_goes_to_the_lands_controller():
    """Wild Growth: "its controller adds" — your Wild Growth on the opponent's Forest gives the
    opponent {G}{G}."""
    s = Scenario()
    theirs = s.add("Forest", controller="opponent")
    s.add("Wild Growth", attached_to=theirs)
    assert s.tap_for_mana(theirs) == {"G": 2}
    assert s.pool("opponent") == {"G": 2}
    assert s.pool() == {}


def test_106_12a_nissa_triggers_on_forest_subtype_whatever_the_color():
    """Nissa, Who Shakes the World: "Whenever you tap a Forest for mana, add an additional {G}" —
    Temple Garden (a Forest) tapped for {W} adds {G} too; a Plains doesn't."""
    s = Scenario()
    s.add("Nissa, Who Shakes the World")
    assert s.tap_for_mana(s.add("Temple Garden"), color="W") == {"W": 1, "G": 1}
    assert s.tap_for_mana(s.add("Plains")) == {"W": 1}


def test_106_12b_mana_reflection_doubles_a_counted_amount():
    """106.12b: Gaea's Cradle with two creatures makes {G}{G}; Mana Reflection doubles it."""
    s = Scenario()
    s.add("Mana Reflection")
    _n(s, "Llanowar Elves", 2)
    assert s.tap_for_mana(s.add("Gaea's Cradle")) == {"G": 4}


def test_106_12b_mana_confluence_life_paid_once():
    """Mana Confluence's "Pay 1 life" is a cost paid once, even when the mana is doubled."""
    s = Scenario()
    s.add("Mana Reflection")
    assert s.tap_for_mana(s.add("Mana Confluence"), color="B") == {"B": 2}
    assert s.life() == 19


def test_605_1a_urzas_tower_instead_with_mine_and_power_plant():
    """Urza's Tower: {C}, or {C}{C}{C} if you control an Urza's Mine and an Urza's Power-Plant."""
    s = Scenario()
    tower = s.add("Urza's Tower")
    assert s.could_produce(tower) == frozenset("C")
    s.add("Urza's Mine")
    other = s.add("Urza's Tower")
    assert s.tap_for_mana(tower) == {"C": 1}
    s.add("Urza's Power Plant")
    assert s.tap_for_mana(other) == {"C": 3}


def test_302_6_fire_crystal_copy_of_elves_on_opponents_creature_is_not_hasty():
    """702.10: The Fire Crystal's haste is for creatures *you* control — the opponent's Llanowar
    Elves that entered on your turn stays sick while you control the Crystal."""
    s = Scenario()
    s.add("The Fire Crystal")
    theirs = s.add("Llanowar Elves", controller="opponent", entered_this_turn=True)
    assert not s.can_activate(theirs)


def test_106_7_chromatic_lantern_grounds_a_lone_reflecting_pool():
    """106.7 fixpoint with granted abilities: under Chromatic Lantern a lone Reflecting Pool has
    "{T}: Add one mana of any color", so it could produce every colour, and its own "any type a
    land you control could produce" then adds nothing more (no {C})."""
    s = Scenario()
    s.add("Chromatic Lantern")
    pool = s.add("Reflecting Pool")
    assert s.could_produce(pool) == WUBRG
    assert s.tap_for_mana(pool, ability=0, color="U") == {"U": 1}


def test_106_7_exotic_orchard_sees_colors_granted_to_opposing_lands():
    """106.7: the opponent's Chromatic Lantern makes the opponent's Wastes able to produce every
    colour, so your Exotic Orchard could produce every colour."""
    s = Scenario()
    s.add("Chromatic Lantern", controller="opponent")
    s.add("Wastes", controller="opponent")
    orchard = s.add("Exotic Orchard")
    assert s.could_produce(orchard) == WUBRG


def test_605_1a_priest_of_titania_counts_every_elf_on_the_battlefield():
    """Priest of Titania: "{G} for each Elf on the battlefield" — both players' Elves count."""
    s = Scenario()
    priest = s.add("Priest of Titania")
    s.add("Llanowar Elves", controller="opponent")
    assert s.tap_for_mana(priest) == {"G": 2}


def test_616_1_explicit_order_multiplier_before_contamination():
    """616.1: `order=` Nyxbloom Ancient then Contamination → one {B} (the default would be three)."""
    s = Scenario()
    contamination = s.add("Contamination")
    nyxbloom = s.add("Nyxbloom Ancient")
    assert s.tap_for_mana(s.add("Forest"), order=[nyxbloom, contamination]) == {"B": 1}


def test_302_6_summoning_sick_creature_cannot_help_pay_a_spell():
    """302.6 / 601.2g: Llanowar Elves that arrived this turn can't tap to pay for a spell; with
    The Fire Crystal (haste) it can."""
    s = Scenario()
    s.add("Llanowar Elves", entered_this_turn=True)
    assert not s.can_cast("Llanowar Elves")
    with pytest.raises(RulesError):
        s.cast("Llanowar Elves")
    s.add("The Fire Crystal")
    assert s.can_cast("Llanowar Elves")


def test_602_2_creature_tap_ability_usable_once_not_sick():
    """602.2 / 107.5: Hangarback Walker's "{1}, {T}: put a +1/+1 counter" — paid with Sol Ring's
    mana, it taps and gets the counter; it can't be activated again while tapped."""
    s = Scenario()
    walker = s.add("Hangarback Walker", counters={"+1/+1": 1})
    s.add("Sol Ring")
    s.activate(walker)
    assert s.counters(walker).get("+1/+1", 0) == 2
    assert s.is_tapped(walker)
    with pytest.raises(RulesError, match="107.5"):
        s.activate(walker)
