"""A Scenario's game actions for each player: they run in the compiled game (GameState), the
same code the goldfish plays with, and each action is for the player it names — their
permanents, their zones, their triggers (rules cited per test)."""
import re

import pytest

from mtgsim import ArgumentError, ArgumentTypeError, Scenario, card

HERALD = card("Test Herald", "{0}", "Enchantment",
              abilities=[{"kind": "trigger", "event": "creature_you_control_enters", "gain_life": 1}])
TITHE = card("Test Tithe", "{0}", "Enchantment",
             abilities=[{"kind": "trigger", "event": "your_upkeep", "gain_life": 1}])
CHANT = card("Test Chant", "{0}", "Enchantment",
             abilities=[{"kind": "trigger", "event": "you_cast_spell", "gain_life": 1}])
BEAR = card("Test Bear", "{0}", "Creature — Bear", "2/2")
LEGEND = card("Test Legend", "{0}", "Legendary Creature — Goblin", "1/1")
MARTYR = card("Test Martyr", "{0}", "Creature — Spirit", "0/0",
              abilities=[{"kind": "trigger", "event": "self_dies", "draw": 1}])
KAROO = card("Test Karoo", "", "Land",
             abilities=[{"kind": "trigger", "event": "self_enters", "return_land": 1}])


@pytest.mark.parametrize("watcher", [HERALD, CHANT], ids=["creature_you_control_enters", "you_cast_spell"])
def test_603_2_an_opponents_trigger_watches_only_its_controllers_things(watcher):
    """603.2: "whenever a creature you control enters" and "whenever you cast a spell" watch
    their controller's creatures and spells, not yours."""
    s = Scenario()
    s.add(watcher, controller="opponent")
    s.cast(BEAR)
    assert s.life("opponent") == 20
    s.cast(BEAR, player="opponent")
    assert s.life("opponent") == 21 and s.life() == 20


def test_503_1a_only_the_active_players_upkeep_abilities_trigger():
    """503.1a: "at the beginning of your upkeep" triggers in its controller's upkeep only."""
    s = Scenario()
    s.add(TITHE)
    s.next_turn()                        # the opponent's turn 2
    assert s.life() == 20
    s.next_turn()                        # your turn 3
    assert s.life() == 21 and s.turn == 3


def test_704_5j_the_legend_rule_is_per_player():
    """704.5j: a player who controls two legendary permanents with the same name keeps one;
    each player may control one of that name."""
    s = Scenario()
    mine = s.cast(LEGEND)
    theirs = s.cast(LEGEND, player="opponent")
    assert s.on_battlefield(mine) and s.on_battlefield(theirs)
    newer = s.cast(LEGEND)
    assert s.on_battlefield(newer) and not s.on_battlefield(mine)
    assert s.graveyard() == ["Test Legend"] and s.graveyard("opponent") == []


def test_704_5f_a_creature_dies_to_its_owners_graveyard_and_its_trigger_is_its_controllers():
    """704.5f, 603.3a: the 0/0 dies into its owner's graveyard; its "when this dies" ability
    is its controller's (the opponent draws)."""
    s = Scenario()
    s.add_to_library("Forest", player="opponent")
    s.add_to_library("Island")
    s.cast(MARTYR, player="opponent")
    assert s.graveyard("opponent") == ["Test Martyr"] and s.hand("opponent") == ["Forest"]
    assert s.hand() == [] and s.graveyard() == []


def test_a_bounce_land_returns_a_land_of_its_controller_to_its_owners_hand():
    s = Scenario()
    s.add("Forest", controller="opponent")
    s.add("Island")
    s.add_to_hand(KAROO)
    assert s.play_land(KAROO) is not None        # (the Island goes back, not the opponent's Forest)
    assert s.hand() == ["Island"] and [p.name for p in s.battlefield("opponent")] == ["Forest"]


def test_121_1_draws_come_from_the_top_of_the_players_own_library():
    s = Scenario()
    for name in ("Plains", "Island", "Swamp"):
        s.add_to_library(name)
    s.add_to_library("Mountain", player="opponent")
    s.draw(n=2)
    assert s.hand() == ["Swamp", "Island"] and s.hand("opponent") == []
    s.draw(player="opponent", n=5)                # (an empty library draws nothing)
    assert s.hand("opponent") == ["Mountain"]


def test_a_target_for_an_ability_without_one_is_refused():
    """115.1: only an ability that says "target" has one."""
    s = Scenario()
    s.add_to_library("Forest")
    seeker = s.add(card("Test Seeker", "{0}", "Artifact",
                        abilities=[{"kind": "activated", "cost": "{T}", "lands_to_hand": 1}]))
    bear = s.add(BEAR)
    with pytest.raises(ValueError, match="has no target"):
        s.activate(seeker, target=bear)
    s.activate(seeker)
    assert s.hand() == ["Forest"]


# ---- the players' choices inside actions, passed in ------------------------------------------

def test_bounce_names_the_land_a_bounce_land_returns():
    """The controller of Azorius Chancery's trigger chooses the land as it resolves (608.2d)."""
    s = Scenario()
    old = s.add("Plains")
    swamp = s.add("Swamp", tapped=True)
    s.add_to_hand("Azorius Chancery")
    s.play_land("Azorius Chancery", bounce=old)
    assert s.hand() == ["Plains"] and s.on_battlefield(swamp)


def test_by_default_a_bounce_land_returns_the_newest_tapped_basic():
    s = Scenario()
    s.add("Plains")
    s.add("Swamp", tapped=True)
    s.add_to_hand("Azorius Chancery")
    s.play_land("Azorius Chancery")
    assert s.hand() == ["Swamp"]


def test_bounce_must_be_a_land_the_player_controls():
    s = Scenario()
    bear = s.add(BEAR)
    theirs = s.add("Plains", controller="opponent")
    s.add_to_hand("Azorius Chancery")
    for wrong in (bear, theirs):
        with pytest.raises(ValueError, match="is not a land you control"):
            s.play_land("Azorius Chancery", bounce=wrong)
    assert s.hand() == ["Azorius Chancery"]


def test_119_4_pay_life_as_a_number_pays_while_life_is_above_it():
    """A shock land (614.12) asks 2 life as it enters: paid at 11 life above 10, not at 10."""
    s = Scenario()
    s.set_life(11)
    s.add_to_hand("Hallowed Fountain")
    s.add_to_hand("Hallowed Fountain")
    first = s.play_land("Hallowed Fountain", pay_life=10)
    second = s.play_land("Hallowed Fountain", pay_life=10)
    assert not s.is_tapped(first) and s.is_tapped(second) and s.life() == 9


def test_pay_life_is_a_bool_or_a_life_total():
    s = Scenario()
    s.add_to_hand("Hallowed Fountain")
    with pytest.raises(ValueError, match="pay_life: True, False or a life total"):
        s.play_land("Hallowed Fountain", pay_life="yes")


# ---- the choices as one argument, by kind (vocabulary.CHOICE_KINDS) ------------------------------

LOOKER = card("Test Looker", "{0}", "Sorcery", abilities=[{"kind": "spell", "scry": 1, "look_to_hand": 3}])
PRISM = card("Test Prism", "{0}", "Sorcery", abilities=[{"kind": "spell", "add_any_color": 1}])


def _with_library(*top_first):
    s = Scenario()
    for name in reversed(top_first):
        s.add_to_library(name)
    return s


def test_608_2d_the_choices_of_an_action_are_one_mapping_by_kind():
    """608.2d: the choices made as a spell resolves, given as one `choices` mapping: scry's
    card to the bottom, then the look's third card to the hand; the colour of any-colour mana;
    the land a bounce land returns and life paid for a shock land, as a land is played."""
    s = _with_library("Island", "Swamp", "Mountain", "Forest", "Wastes")
    s.cast(LOOKER, choices={"keep_on_top": [False], "to_hand": [2]})
    assert s.hand() == ["Forest"]
    assert list(reversed(s._libraries[0])) == ["Wastes", "Island", "Swamp", "Mountain"]
    s.cast(PRISM, choices={"color": "U"})
    assert s.pool() == {"U": 1}
    s = Scenario()
    old = s.add("Plains")
    s.add("Swamp", tapped=True)
    s.play_land("Azorius Chancery", choices={"land_to_return": old})
    assert s.hand() == ["Plains"]
    s.set_life(11)
    assert s.is_tapped(s.play_land("Hallowed Fountain", choices={"pay_life": 11}))
    assert not s.is_tapped(s.play_land("Hallowed Fountain", choices={"pay_life": True})) and s.life() == 9


def test_the_older_keywords_give_the_same_choices_as_the_mapping():
    by_keyword = _with_library("Island", "Swamp", "Mountain", "Forest", "Wastes")
    by_kind = _with_library("Island", "Swamp", "Mountain", "Forest", "Wastes")
    by_keyword.cast(LOOKER, keep_on_top=[False], to_hand=[1], color="G")
    by_kind.cast(LOOKER, choices={"keep_on_top": [False], "to_hand": [1], "color": "G", "pay_life": None})
    assert by_keyword.hand() == by_kind.hand() == ["Mountain"]


def test_every_choice_a_scenario_gives_is_read_and_refused_when_bad():
    """Each declared kind with a CHOICES field is one `choices` takes (scenario_choices.SCENARIO_CHOICES,
    derived from vocabulary.CHOICE_KINDS): a good value is read, a bad one is an ArgumentError
    (or an ArgumentTypeError) naming it, and nothing is done. A Grizzly Bears' casting asks for no
    choice made as something resolves (a look, a sacrifice, ...): a good value of one of those is
    refused as never asked for, never silently unused; the colour and paying life, the player's
    standing answers for a whole action, answer nothing."""
    from mtgsim.scenario_choices import SCENARIO_CHOICES
    from mtgsim.vocabulary import CHOICE_BY_NAME
    s = Scenario()
    land = s.add("Plains")
    good = {"color": "U", "pay_life": 3, "land_to_return": land, "keep_on_top": [True], "to_hand": [0],
            "permanent_to_sacrifice": land, "cards_to_discard": [], "creature_to_tap": land, "top_order": [1, 0],
            "cards_to_top": ["Plains"], "loyalty_ability": 0,
            "coin_flips": ["lost", "won"]}
    bad = {"color": "purple", "pay_life": "yes", "land_to_return": "Plains", "keep_on_top": "top", "to_hand": [99],
           "permanent_to_sacrifice": "Plains", "cards_to_discard": ["Island"], "creature_to_tap": "Plains",
           "top_order": [0, 0], "cards_to_top": "Plains", "loyalty_ability": -1,
           "coin_flips": ["heads"]}
    assert set(good) == set(bad) == set(SCENARIO_CHOICES)
    resolving = {kind for kind in good if CHOICE_BY_NAME[kind].asked in ("resolving", "activating")}
    s.cast(BEAR, choices={kind: value for kind, value in good.items() if kind not in resolving})
    for kind in resolving:
        with pytest.raises(ArgumentError, match=re.escape(f"choices[{kind!r}]: given to cast, which never asks")):
            s.cast(BEAR, choices={kind: good[kind]})
    for kind, value in bad.items():
        with pytest.raises((ArgumentError, ArgumentTypeError), match=re.escape(f"choices[{kind!r}]")):
            s.cast(BEAR, choices={kind: value})
    assert len(s.battlefield()) == 2


@pytest.mark.parametrize("choices, message", [
    ({"lands_to_untap": [0]}, "lands_to_untap is not a Scenario's to give"),
    ({"colour": "U"}, "no kind of choice 'colour'"),
    ({1: "U"}, "no kind of choice 1"),
])
def test_a_choice_that_is_no_scenarios_to_give_is_refused_by_name(choices, message):
    with pytest.raises(ArgumentError, match=re.escape(message)):
        Scenario().cast(BEAR, choices=choices)


def test_a_choice_given_twice_or_choices_that_are_no_mapping_are_refused():
    with pytest.raises(ArgumentError, match="to_hand: the to_hand choice is given twice"):
        Scenario().cast(BEAR, to_hand=[0], choices={"to_hand": [1]})
    with pytest.raises(ArgumentError, match="bounce: the land_to_return choice is given twice"):
        s = Scenario()
        s.play_land("Azorius Chancery", bounce=s.add("Plains"), choices={"land_to_return": s.add("Island")})
    with pytest.raises(ArgumentTypeError, match="choices must be a mapping"):
        Scenario().cast(BEAR, choices=[("color", "U")])


@pytest.mark.parametrize("source, life", [("Mana Confluence", 19), ("City of Brass", 19), ("Forest", 20)])
def test_605_3b_a_mana_ability_activated_by_hand_or_by_a_payment_is_the_same_activation(source, life):
    """605.3b, 119.4, 603.3: Mana Confluence's life, City of Brass's "becomes tapped" damage
    and the tapping are the same whether tap_for_mana activates the ability and the spell is
    paid from the pool, or the payment activates it (both carry out one compiled plan step)."""
    by_hand, by_payment = Scenario(), Scenario()
    for s in (by_hand, by_payment):
        s.add(source)
    assert by_hand.tap_for_mana(by_hand.battlefield()[0], color="G") == {"G": 1}
    by_hand.cast("Llanowar Elves")
    by_payment.cast("Llanowar Elves")
    for s in (by_hand, by_payment):
        assert s.life() == life and s.is_tapped(s.battlefield()[0]) and s.pool() == {}
        assert [p.name for p in s.battlefield()] == [source, "Llanowar Elves"]
