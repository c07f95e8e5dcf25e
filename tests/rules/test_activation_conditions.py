"""Conditions on activating abilities (602.1b, 602.5: "Activate only if you control five or more
lands", "... only once each turn", ...) and permanents that don't untap during their
controller's next untap step (502.3): through Scenario on exact boards, and through the goldfish
where it matters. The kernels check a condition in one place (condition_holds) for mana
abilities — the payment search, plans, the one-board questions — and non-mana ones alike."""
import warnings

import pytest

from mtgsim import CardDataError, Deck, MulliganPolicy, RulesError, Scenario, card, card_db, simulate
from mtgsim.cards.model import ActivateOnly

TAINTED = card("Test Tainted Peak", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}", "options": ["{B}", "{R}"], "activate_only": {"subtypes": ["Swamp"]}}])
SPIRE = card("Test Spire", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}, Pay 1 life", "output": "any_color", "activate_only": {"types": ["Artifact"]}}])
DEVOTEE = card("Test Devotee", "{1}", "Creature — Human Cleric", "1/1", abilities=[
    {"kind": "mana", "cost": "{1}", "options": ["{R}", "{W}", "{B}"], "activate_only": {"once_each_turn": True}}])
LIBRARY = card("Test Library", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{T}", "draw": 1, "activate_only": {"hand_min": 7, "hand_max": 7}}])
ENCLAVE = card("Test Enclave", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{3}, {T}", "draw": 1,
     "activate_only": {"types": ["Creature"], "min_power": 4}}])
SCEPTRE = card("Test Sceptre", "{3}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "output": "any_color", "amount": 3,
     "activate_only": {"controls": 3, "types": ["Land"], "same_name": True}}])
NIGHT = card("Test Night Mana", "{1}", "Artifact", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}{C}", "activate_only": {"during": "opponents_turn"}}])
MARSH = card("Test Marsh", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "mana", "cost": "{T}", "options": ["{B}", "{R}"], "skip_untap": True}])
VIVID = card("Test Vivid Land", "", "Land", abilities=[
    {"kind": "enters", "tapped": True, "counters": {"charge": 2}},
    {"kind": "mana", "cost": "{T}", "mana": "{R}"},
    {"kind": "mana", "cost": "{T}, Remove a charge counter from this", "output": "any_color"}])
OGRE = card("Test Ogre", "{3}", "Creature — Ogre", "4/4")
BEAR = card("Test Bear", "{1}", "Creature — Bear", "2/2")


def test_602_5_temple_of_the_false_god_adds_mana_only_with_five_lands():
    """602.5: "Activate only if you control five or more lands" — with four lands (itself
    counted) Temple of the False God can't be activated, with five it can; a payment counts it
    only then."""
    s = Scenario()
    temple = s.add("Temple of the False God")
    for _ in range(3):
        s.add("Forest")
    assert not s.can_activate(temple)
    with pytest.raises(RulesError, match=r"602\.5: Temple of the False God's ability can be activated only "
                                         r"if you control at least 5 lands"):
        s.tap_for_mana(temple)
    six = card("Test Six Beast", "{4}{G}{G}", "Creature — Beast", "6/6")
    assert not s.can_cast(six)                          # three Forests only
    s.add("Forest")
    assert s.can_activate(temple)
    assert s.can_cast(six)                              # four Forests and {C}{C}
    assert s.tap_for_mana(temple) == {"C": 2}


def test_602_5_both_payment_paths_honour_the_condition():
    """The direct path never counts a conditional source (its mana is no unit of it, nor of its
    lower bound): with and without the fast path the same boards pay and don't."""
    four = card("Test Four", "{4}", "Artifact")
    for fast in (True, False):
        s = Scenario()
        s.add("Temple of the False God")
        for _ in range(3):
            s.add("Wastes")
        s._compile()
        s._core.fast_path = fast
        assert s.can_cast(card("Test Three", "{3}", "Artifact")) and not s.can_cast(four)
        s.add("Wastes")
        s._compile()
        s._core.fast_path = fast
        assert s.can_cast(card("Test Six", "{6}", "Artifact"))


def test_602_5_tainted_land_needs_a_swamp_for_its_coloured_mana():
    """602.5: "{T}: Add {B} or {R}. Activate only if you control a Swamp." Without a Swamp the
    land still makes {C}."""
    s = Scenario()
    peak = s.add(TAINTED)
    assert s.can_activate(peak, 0) and not s.can_activate(peak, 1)
    assert not s.can_cast(card("Test Black", "{B}", "Sorcery"))
    with pytest.raises(RulesError, match=r"602\.5: .*only if you control at least 1 Swamp"):
        s.tap_for_mana(peak, 1)
    s.add("Swamp", tapped=True)                         # (tapped or not, it is controlled)
    assert s.can_activate(peak, 1)
    assert s.tap_for_mana(peak, 1, color="R") == {"R": 1}


def test_602_5_an_opponents_swamp_does_not_count():
    s = Scenario()
    peak = s.add(TAINTED)
    s.add("Swamp", controller="opponent")
    assert not s.can_activate(peak, 1)


def test_602_5_spire_of_industry_needs_an_artifact():
    s = Scenario()
    spire = s.add(SPIRE)
    assert not s.can_cast(card("Test Green", "{G}", "Sorcery"))
    s.add("Sol Ring", tapped=True)
    assert s.can_cast(card("Test Green", "{G}", "Sorcery"))
    s.tap_for_mana(spire, 1, color="G")
    assert s.life() == 19


def test_602_5b_once_each_turn_until_the_next_turn_begins():
    """602.5b: "Activate only once each turn" — after one activation the ability can't be
    activated again this turn; a new turn (either player's) allows it again."""
    s = Scenario()
    devotee = s.add(DEVOTEE)
    s.add("Wastes")
    s.add("Wastes")
    assert s.can_activate(devotee)
    assert s.tap_for_mana(devotee, color="R") == {"R": 1}
    assert not s.can_activate(devotee)
    with pytest.raises(RulesError, match=r"602\.5: .*only once each turn"):
        s.tap_for_mana(devotee)
    s.next_turn()                                       # the opponent's turn: a new turn
    assert s.can_activate(devotee)


def test_602_5b_once_each_turn_a_payment_counts_it_once():
    """A payment plan activates it at most once; then it is used for the turn."""
    s = Scenario()
    s.add(DEVOTEE)
    for _ in range(3):
        s.add("Wastes")
    s.cast(card("Test Red", "{1}{R}", "Sorcery"))      # Wastes into the Devotee's {R}, one Wastes
    assert not s.can_cast(card("Test Red", "{1}{R}", "Sorcery"))   # one Wastes left, no second {R}


def test_602_5_library_of_alexandria_draws_only_with_exactly_seven_cards():
    """602.5: "Activate only if you have exactly seven cards in hand" (a non-mana ability)."""
    s = Scenario()
    lib = s.add(LIBRARY)
    for _ in range(10):
        s.add_to_library("Forest")
    for _ in range(6):
        s.add_to_hand("Forest")
    with pytest.raises(RulesError, match=r"602\.5: Test Library's ability can be activated only if you "
                                         r"have exactly 7 cards in hand"):
        s.activate(lib)
    s.add_to_hand("Forest")
    s.activate(lib)
    assert len(s.hand()) == 8 and s.is_tapped(lib)


def test_602_5_a_creature_with_power_4_or_greater():
    """602.5: "Activate only if you control a creature with power 4 or greater" (Bonders'
    Enclave): power as it is now (counters count, 613)."""
    s = Scenario()
    enclave = s.add(ENCLAVE)
    for _ in range(3):
        s.add("Wastes")
    s.add_to_library("Forest")
    s.add(BEAR)
    with pytest.raises(RulesError, match=r"602\.5: .*at least 1 creature with power 4 or greater"):
        s.activate(enclave)
    s.add(BEAR, counters={"+1/+1": 2})
    s.activate(enclave)
    assert s.hand() == ["Forest"]


def test_602_5_three_lands_with_the_same_name():
    """"Activate only if you control three or more lands with the same name": three Forests,
    not a Forest, a Mountain and a Plains."""
    s = Scenario()
    sceptre = s.add(SCEPTRE)
    s.add("Forest")
    s.add("Mountain")
    s.add("Plains")
    assert not s.can_activate(sceptre)
    s.add("Forest")
    assert not s.can_activate(sceptre)
    s.add("Forest")
    assert s.can_activate(sceptre)


def test_602_5_only_during_an_opponents_turn():
    s = Scenario()
    night = s.add(NIGHT)
    assert not s.can_activate(night)
    s.next_turn()
    assert s.can_activate(night)
    assert s.tap_for_mana(night) == {"C": 2}


def test_502_3_a_land_that_does_not_untap_during_its_controllers_next_untap_step():
    """502.3: "{T}: Add {B} or {R}. ~ doesn't untap during your next untap step." — tapped for
    {B}, it stays tapped through its controller's next untap step (not the opponent's: that is
    not theirs), and untaps in the one after. Its {C} ability doesn't mark it."""
    s = Scenario()
    marsh = s.add(MARSH)
    plain = s.add(MARSH)
    assert s.tap_for_mana(marsh, 1, color="B") == {"B": 1}
    assert s.tap_for_mana(plain, 0) == {"C": 1}
    s.next_turn()                                       # the opponent's untap step
    assert s.is_tapped(marsh) and s.is_tapped(plain)
    s.next_turn()                                       # your next untap step: it stays tapped
    assert s.is_tapped(marsh) and not s.is_tapped(plain)
    s.next_turn()
    s.next_turn()                                       # the one after: it untaps
    assert not s.is_tapped(marsh)


def test_502_3_a_payment_prefers_the_mana_that_keeps_nothing_tapped():
    """Paying generic mana, the plan takes the land's {C}, not the {B} that keeps it tapped."""
    s = Scenario()
    marsh = s.add(MARSH)
    s.cast(card("Test One", "{1}", "Artifact"))
    s.next_turn()
    s.next_turn()
    assert not s.is_tapped(marsh)


def test_602_5_goldfish_temple_of_the_false_god_adds_nothing_until_five_lands():
    """The goldfish: a deck of only Temples of the False God (one land a turn, on the play, no
    mulligans) has no mana until its fifth land, then two per Temple — exactly."""
    deck = Deck({"Temple of the False God": 60})
    res = simulate(deck, games=20, turns=7, seed=3, threads=1, mulligan=MulliganPolicy.never())
    assert [res.mana_available(t).value for t in range(1, 8)] == [0, 0, 0, 0, 10, 12, 14]


def test_502_3_goldfish_lands_that_stay_tapped_make_less_mana_the_next_turn():
    """The goldfish's untap step honours the mark too (its live view counted again): a deck
    of Test Marsh and one-mana black spells taps each Marsh for {B}, so it stays tapped."""
    deck = Deck({MARSH: 30, card("Test Drain", "{B}", "Sorcery", abilities=[
        {"kind": "spell", "opponent_loses_life": 1}]): 30})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = simulate(deck, games=200, turns=4, seed=5, threads=1, mulligan=MulliganPolicy.never())
        free = simulate(Deck({"Swamp": 30, card("Test Drain", "{B}", "Sorcery", abilities=[
            {"kind": "spell", "opponent_loses_life": 1}]): 30}), games=200, turns=4, seed=5, threads=1,
            mulligan=MulliganPolicy.never())
    assert res.mana_available(1).value == free.mana_available(1).value
    assert res.mana_available(2).value < free.mana_available(2).value


def test_activate_only_is_checked_as_it_is_read():
    with pytest.raises(CardDataError, match="empty activate_only"):
        ActivateOnly()
    with pytest.raises(CardDataError, match="not a card type"):
        ActivateOnly(types=("Lands",))
    with pytest.raises(CardDataError, match="hand_min 3 is more than hand_max 1"):
        ActivateOnly(hand_min=3, hand_max=1)
    with pytest.raises(CardDataError, match="activate_only"):
        card("Test Bad", "", "Land", abilities=[
            {"kind": "mana", "cost": "{T}", "mana": "{C}", "activate_only": {"controls": -1}}])
    with pytest.raises(CardDataError, match="once each turn"):
        from mtgsim.compile import compile_cards
        compile_cards([card("Test Five", "", "Land", abilities=[
            {"kind": "mana", "cost": "{T}", "mana": m, "activate_only": {"once_each_turn": True}}
            for m in ("{W}", "{U}", "{B}", "{R}", "{G}")])])


def test_118_3_a_vivid_land_makes_any_colour_while_it_has_charge_counters():
    """118.3: "{T}, Remove a charge counter from ~: Add one mana of any color." — payable only
    with a charge counter on it; each activation removes one. It enters tapped with two
    (614.1c, 122.6): the recognized Vivid Crag, from its oracle text."""
    from mtgsim.cards.database import card_from_table
    from mtgsim.cards.oracle import OracleCard, OracleFace
    from mtgsim.cards.recognize import recognize
    text = ("Vivid Crag enters tapped with two charge counters on it.\n{T}: Add {R}.\n"
            "{T}, Remove a charge counter from Vivid Crag: Add one mana of any color.")
    rec = recognize(OracleCard("Vivid Crag", "normal", (OracleFace("Vivid Crag", "", "Land", text, None, None),), ()))
    assert all(c.status == "recognized" for c in rec.clauses)
    s = Scenario(db=card_db(card_from_table(rec.table)))
    s.add_to_hand("Vivid Crag")
    land = s.play_land("Vivid Crag")
    assert s.is_tapped(land) and s.counters(land) == {"charge": 2}
    s.next_turn()
    s.next_turn()
    assert s.can_activate(land, 1)
    assert s.tap_for_mana(land, 1, color="G") == {"G": 1} and s.counters(land) == {"charge": 1}
    s.next_turn()
    s.next_turn()
    s.tap_for_mana(land, 1, color="U")
    s.next_turn()
    s.next_turn()
    assert s.counters(land) == {} and not s.can_activate(land, 1) and s.can_activate(land, 0)
    with pytest.raises(RulesError, match=r"118\.3: Vivid Crag's ability removes 1 charge counter"):
        s.tap_for_mana(land, 1)
    assert not s.can_cast(card("Test Green", "{G}", "Sorcery"))


def test_118_3_a_non_mana_ability_removing_a_counter_needs_one():
    """118.3: "Remove a +1/+1 counter from this: it deals 1 damage" can be activated once per
    counter; the counter goes as the cost is paid (and with it the creature's power)."""
    pinger = card("Test Pinger Construct", "{2}", "Artifact Creature — Construct", "0/1", abilities=[
        {"kind": "activated", "cost": "Remove a +1/+1 counter from this", "damage_to_opponent": 1}])
    s = Scenario()
    p = s.add(pinger, counters={"+1/+1": 1})
    assert s.power(p) == 1
    s.activate(p)
    assert s.life("opponent") == 19 and s.counters(p) == {} and s.power(p) == 0
    with pytest.raises(RulesError, match=r"118\.3: Test Pinger Construct's ability removes counters"):
        s.activate(p)


def test_602_5_dark_fortress_the_turn_it_enters_or_with_a_basic_land():
    """602.5: "Activate only if ~ entered this turn or if you control a basic land." — the turn
    it enters, yes; later, only while its controller controls a basic land."""
    fortress = card("Test Fortress", "", "Land", abilities=[
        {"kind": "mana", "cost": "{T}", "options": ["{B}", "{R}"],
         "activate_only": {"supertypes": ["Basic"], "types": ["Land"], "or_entered_this_turn": True}}])
    s = Scenario()
    s.add_to_hand(fortress)
    land = s.play_land(fortress)
    assert s.can_activate(land)
    s.next_turn()
    s.next_turn()
    assert not s.can_activate(land)
    with pytest.raises(RulesError, match=r"602\.5: .*only if it entered this turn or if you control at least 1 "
                                         r"basic land"):
        s.tap_for_mana(land)
    s.add("Swamp")
    assert s.can_activate(land)


def test_602_5_a_creature_with_toughness_4_or_greater():
    wall_mana = card("Test Wall Mana", "{1}", "Artifact", abilities=[
        {"kind": "mana", "cost": "{T}", "mana": "{W}", "activate_only": {"types": ["Creature"], "min_toughness": 4}}])
    s = Scenario()
    rock = s.add(wall_mana)
    s.add(card("Test Wall", "{1}", "Creature — Wall", "0/3"))
    assert not s.can_activate(rock)
    s.add(card("Test Big Wall", "{2}", "Creature — Wall", "0/4"))
    assert s.can_activate(rock)


def test_502_3_a_spell_cannot_keep_a_source_tapped():
    from mtgsim.compile import compile_cards
    with pytest.raises(CardDataError, match="a spell has no source"):
        compile_cards([card("Test Odd Spell", "{1}", "Sorcery", abilities=[
            {"kind": "spell", "effect": {"draw": 1, "skip_untap": True}}])])
