"""The op "becomes" (an animation: "Until end of turn, ~ becomes a 2/2 creature with all creature types.
It's still a land."), its rules through Scenario: 611.2 (a continuous effect from a resolving ability),
613.1d-f and 613.4b (what it becomes, layer by layer), 302.6 (a land that becomes a creature the turn it
came under your control can't attack or use {T}), 514.2 (until end of turn: the cleanup step ends it),
400.7 (a new object has none of it), and the compiler's and loader's checks of the op."""
import pytest

from mtgsim import CardDataError, Scenario, card
from mtgsim.errors import RulesError
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

ANIMATE = {"becomes": ["Creature"], "all_creature_types": True, "becomes_power": 2, "becomes_toughness": 2}
VAULT = card("Test Vault", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}", "effect": [ANIMATE]}])
COTTAGE = card("Test Cottage", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{B}"},
    {"kind": "activated", "cost": "{1}", "effect": [
        {"becomes": ["Creature"], "becomes_subtypes": ["Horror"], "becomes_colors": ["B", "G"],
         "becomes_keywords": ["Haste"], "becomes_power": 4, "becomes_toughness": 4}]}])
GATE = card("Test Gate", "", "Land", abilities=[
    {"kind": "mana", "cost": "{T}", "mana": "{C}"},
    {"kind": "activated", "cost": "{1}", "effect": [dict(ANIMATE, until_end_of_turn=False)]}])


def _animated(land, entered_this_turn=False):
    """A Scenario with `land` and a Wastes, the land animated with the Wastes' mana."""
    s = Scenario()
    p = s.add(land, entered_this_turn=entered_this_turn)
    s.tap_for_mana(s.add("Wastes"))
    s.activate(p)
    return s, p


def test_613_1d_a_land_that_becomes_a_creature_is_still_a_land():
    """613.1d: the type-changing effect adds Creature; "it's still a land" keeps Land (and its mana ability)."""
    s, p = _animated(VAULT)
    assert s.types(p) == ("Creature", "Land")
    assert s.can_activate(p, 0)                          # its {T}: Add {C}. stays (it is not sick)
    assert s.tap_for_mana(p) == {"C": 1}


def test_613_4b_its_base_power_and_toughness_are_set_and_counters_still_count():
    """613.4b: "becomes a 2/2" sets its base power and toughness; +1/+1 counters apply after (613.4c)."""
    s = Scenario()
    p = s.add(VAULT, counters={"+1/+1": 1})
    assert (s.power(p), s.toughness(p)) == (1, 1)        # (a land: no power of its own, 208.3)
    s.tap_for_mana(s.add("Wastes"))
    s.activate(p)
    assert (s.power(p), s.toughness(p)) == (3, 3)


def test_611_2_an_animated_land_attacks_and_deals_its_power():
    """611.2, 508.1a, 510.1: animated before combat, it attacks as the 2/2 creature it is."""
    s, p = _animated(VAULT)
    assert s.attack([p]) == 2
    assert s.life(player="opponent") == 18


def test_302_6_a_land_that_came_under_your_control_this_turn_taps_for_mana_until_it_is_a_creature():
    """302.6: a land that entered this turn taps for mana (it isn't a creature); once it becomes one,
    it can't attack or use {T} abilities this turn."""
    s = Scenario()
    p = s.add(VAULT, entered_this_turn=True)
    assert not s.is_summoning_sick(p) and s.can_activate(p, 0)
    s.tap_for_mana(s.add("Wastes"))
    s.activate(p)
    assert s.is_summoning_sick(p) and not s.can_activate(p, 0)
    with pytest.raises(RulesError, match="508.1a"):
        s.attack([p])


def test_613_1f_a_keyword_it_gains_counts_haste_lets_it_attack_the_turn_it_entered():
    """613.1f (keywords added) with 302.6/702.10: with haste it attacks the turn it came under your control;
    613.1e: its colours are set; its subtypes added."""
    s, p = _animated(COTTAGE, entered_this_turn=True)
    assert not s.is_summoning_sick(p)
    assert s.attack([p]) == 4


def test_514_2_until_end_of_turn_it_ends_in_the_cleanup_step():
    """514.2: "until end of turn" effects end in the cleanup step: next turn it is a land again."""
    s, p = _animated(VAULT)
    s.next_turn()
    assert s.types(p) == ("Land",)
    assert (s.power(p), s.toughness(p)) == (0, 0)


def test_611_2_without_a_duration_it_stays_what_it_became():
    """611.2c: an effect without a duration lasts while the permanent stays on the battlefield."""
    s, p = _animated(GATE)
    s.next_turn()
    s.next_turn()
    assert s.types(p) == ("Creature", "Land")


def test_205_3m_all_creature_types_are_the_creature_types_the_cards_name():
    """205.3m: "all creature types": it counts for a filter naming any creature type (an Elf lord's count)."""
    lord = card("Test Elf Lord", "{G}", "Creature — Elf", "*/*", star={"count": "permanents", "subtypes": ["Elf"]})
    s = Scenario()
    v = s.add(VAULT)
    elf = s.add(lord)
    assert s.power(elf) == 1
    s.tap_for_mana(s.add("Wastes"))
    s.activate(v)
    assert s.power(elf) == 2                            # (the Vault is an Elf now too)


def test_613_1d_the_op_bounds_its_parameters_naming_card_and_field():
    with pytest.raises(CardDataError, match="'Wizard' is not one of") as e:
        card("Test Bad Type", "", "Land", abilities=[{"kind": "activated", "cost": "{1}",
                                                      "effect": [{"becomes": ["Wizard"]}]}])
    assert e.value.card == "Test Bad Type"
    with pytest.raises(CardDataError, match="becomes_power must be 0..99"):
        card("Test Bad Power", "", "Land", abilities=[{"kind": "activated", "cost": "{1}",
                                                       "effect": [dict(ANIMATE, becomes_power=100)]}])
    with pytest.raises(CardDataError, match="'Flanking' is not one of"):
        card("Test Bad Keyword", "", "Land", abilities=[{"kind": "activated", "cost": "{1}",
                                                         "effect": [dict(ANIMATE, becomes_keywords=["Flanking"])]}])


def test_613_a_card_becomes_one_thing():
    """One override slot per permanent: a card with two different animations is refused (their layers
    would have to be combined), named."""
    two = card("Test Two Ways", "", "Land", abilities=[
        {"kind": "activated", "cost": "{1}", "effect": [ANIMATE]},
        {"kind": "activated", "cost": "{2}", "effect": [dict(ANIMATE, becomes_power=3)]}])
    with pytest.raises(CardDataError, match="becomes one thing") as e:
        Scenario().add(two)
    assert e.value.card == "Test Two Ways"


@pytest.mark.parametrize("text, fields", [
    ("{1}: Until end of turn, ~ becomes a 2/2 creature with all creature types. It's still a land.",
     {"becomes": ["Creature"], "becomes_power": 2, "becomes_toughness": 2, "all_creature_types": True}),
    ("{2}{B}{G}: Until end of turn, ~ becomes a 4/4 black and green Horror creature. It's still a land.",
     {"becomes": ["Creature"], "becomes_power": 4, "becomes_toughness": 4, "becomes_subtypes": ["Horror"],
      "becomes_colors": ["B", "G"]}),
    ("{1}: ~ becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land.",
     {"becomes": ["Creature", "Artifact"], "becomes_power": 2, "becomes_toughness": 2,
      "becomes_subtypes": ["Assembly-Worker"]}),
    ("{3}{G}{U}: Until end of turn, ~ becomes a 5/5 green and blue Plant creature with trample. "
     "It's still a land.",
     {"becomes": ["Creature"], "becomes_power": 5, "becomes_toughness": 5, "becomes_subtypes": ["Plant"],
      "becomes_colors": ["G", "U"], "becomes_keywords": ["Trample"]}),
])
def test_613_1d_the_recognizer_reads_an_animation(text, fields):
    """The phrase (Mutavault, Restless Cottage, Mishra's Factory, Restless Vinestalk): one activated ability."""
    name = "Test Phrase Land"
    face = OracleFace(name, "", "Land", ("{T}: Add {C}.\n" + text).replace("~", name), None, None)
    rec = recognize(OracleCard(name, "normal", (face,), ()))
    activated = [a for a in rec.table["abilities"] if a["kind"] == "activated"]
    assert len(activated) == 1
    assert {k: v for k, v in activated[0].items() if k not in ("kind", "cost")} == fields


def test_702_21a_an_animation_with_ward_is_read_without_it_and_attacks_for_its_power():
    """Hall of Storm Giants: "becomes a 7/7 blue Giant creature with ward {3}" -- ward triggers
    only when an opponent's spell or ability targets it (702.21a), never in a goldfish: moot; the
    7/7 it becomes attacks for 7 (611.2, 510.1)."""
    name = "Hall of Storm Giants"
    face = OracleFace(name, "", "Land", "{T}: Add {U}.\n{5}{U}: Until end of turn, this land becomes a 7/7 blue Giant "
                      "creature with ward {3}. It's still a land.", None, None)
    rec = recognize(OracleCard(name, "normal", (face,), ()))
    assert rec.bucket == "fully"
    s = Scenario()
    hall = s.add(card_from_table(rec.table))
    for _ in range(6):
        s.tap_for_mana(s.add("Island"))
    s.activate(hall)
    assert s.types(hall) == ("Creature", "Land") and (s.power(hall), s.toughness(hall)) == (7, 7)
    assert s.attack([hall]) == 7 and s.life(player="opponent") == 13


def test_613_1d_an_ability_it_gains_the_vocabulary_has_no_word_for_is_left_unread():
    """Restless Spire's quoted ability: not read (never a free 2/1); nor a quoted ability the core would not
    read off what the land becomes (only "whenever ~ attacks" is)."""
    name = "Test Spire"
    for quoted in ("During your turn, this creature has first strike.", "Whenever this creature becomes tapped, "
                   "draw a card."):
        text = ("{T}: Add {R}.\n{U}{R}: Until end of turn, ~ becomes a 2/1 blue and red Elemental creature with "
                f"\"{quoted}\" It's still a land.").replace("~", name)
        rec = recognize(OracleCard(name, "normal", (OracleFace(name, "", "Land", text, None, None),), ()))
        assert not [a for a in rec.table["abilities"] if a["kind"] == "activated"]


def test_613_1f_the_recognizer_reads_an_attack_trigger_the_animation_gives():
    """Den of the Bugbear: "becomes a 3/2 red Goblin creature with "Whenever this creature attacks, create a 1/1
    red Goblin creature token that's tapped and attacking."": the becomes op with that ability (613.1f)."""
    name = "Test Den"
    text = ("{T}: Add {R}.\n{3}{R}: Until end of turn, ~ becomes a 3/2 red Goblin creature with \"Whenever this "
            "creature attacks, create a 1/1 red Goblin creature token that's tapped and attacking.\" It's still "
            "a land.").replace("~", name)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, "", "Land", text, None, None),), ()))
    assert rec.bucket == "fully"
    assert [a for a in rec.table["abilities"] if a["kind"] == "activated"] == [
        {"kind": "activated", "cost": "{3}{R}", "becomes": ["Creature"], "becomes_power": 3, "becomes_toughness": 2,
         "becomes_subtypes": ["Goblin"], "becomes_colors": ["R"], "becomes_abilities": [
             {"kind": "trigger", "event": "self_attacks", "tokens": {"Goblin": 1}, "tapped_and_attacking": True}]}]


def _read_land(name, text):
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, "", "Land", text, None, None),)))
    assert rec.bucket == "fully", rec.clauses
    return card_from_table(rec.table)


def _animated_for_two_turns(land, mana):
    """A Scenario with `land` animated by its first activated ability, paid by `mana` Wastes, then
    two turns on: (the Scenario, the land)."""
    s = Scenario()
    p = s.add(land)
    for _ in range(mana):
        s.tap_for_mana(s.add("Wastes"))
    s.activate(p, 0)
    s.next_turn()
    s.next_turn()
    return s, p


def test_611_2a_soulstone_sanctuary_becomes_a_creature_for_the_rest_of_the_game():
    """611.2a: "{4}: ~ becomes a 3/3 creature with vigilance and all creature types. It's still a
    land." states no duration: the animation lasts past the cleanup step (read as the op with
    until_end_of_turn false)."""
    sanctuary = _read_land("Soulstone Sanctuary", "{T}: Add {C}.\n{4}: Soulstone Sanctuary becomes a 3/3 creature "
                           "with vigilance and all creature types. It's still a land.")
    s, p = _animated_for_two_turns(sanctuary, 4)
    assert s.types(p) == ("Creature", "Land") and (s.power(p), s.toughness(p)) == (3, 3)


def test_509_1a_creeping_tar_pits_cant_be_blocked_is_moot_its_animation_ends_at_cleanup():
    """"It can't be blocked this turn.": the goldfish's opponent has no creature to block (509.1a),
    so the animation alone is read, until end of turn (514.2)."""
    pit = _read_land("Creeping Tar Pit", "Creeping Tar Pit enters tapped.\n{T}: Add {U} or {B}.\n{1}{U}{B}: Until end "
                     "of turn, Creeping Tar Pit becomes a 3/2 blue and black Elemental creature. It's still a land. "
                     "It can't be blocked this turn.")
    s = Scenario()
    p = s.add(pit)
    for color in ("U", "B"):
        s.tap_for_mana(s.add("Watery Grave"), color=color)
    s.tap_for_mana(s.add("Wastes"))
    s.activate(p, 0)
    assert s.types(p) == ("Creature", "Land") and (s.power(p), s.toughness(p)) == (3, 2)
    s.next_turn()
    assert s.types(p) == ("Land",)


GREAT_HALL = ("{T}: Add {C}.\n{T}, Pay 1 life: Add one mana of any color. Spend this mana only to cast an instant or "
              "sorcery spell.\n{5}: If Great Hall of the Biblioplex isn't a creature, it becomes a 2/4 Wizard creature "
              "with \"Whenever you cast an instant or sorcery spell, Great Hall of the Biblioplex gets +1/+0 until end "
              "of turn.\" It's still a land.")
SPARK = card("Test Hall Spark", "{1}", "Sorcery", abilities=[{"kind": "spell", "gain_life": 1}])
TRINKET = card("Test Hall Trinket", "{1}", "Artifact")


def test_613_1f_great_hall_becomes_a_2_4_for_good_and_its_given_ability_triggers_on_instants_and_sorceries():
    """Great Hall of the Biblioplex: the animation states no duration (611.2a: it stays a 2/4
    Wizard), and gives "Whenever you cast an instant or sorcery spell, ~ gets +1/+0 until end of
    turn" (613.1f: an ability of what it became, 601.2i: it triggers as the spell is cast), which
    an artifact spell doesn't trigger; the bonus ends in the cleanup step (514.2). "If ~ isn't a
    creature" is moot: this animation, lasting, is what makes it one."""
    hall = _read_land("Great Hall of the Biblioplex", GREAT_HALL)
    s, p = _animated_for_two_turns(hall, 5)
    assert (s.power(p), s.toughness(p)) == (2, 4) and "Creature" in s.types(p)
    for _ in range(2):
        s.add("Wastes")
    s.add_to_hand(TRINKET)
    s.cast(TRINKET)
    assert s.power(p) == 2
    s.add_to_hand(SPARK)
    s.cast(SPARK)
    assert (s.power(p), s.toughness(p)) == (3, 4)
    s.next_turn()
    assert s.power(p) == 2
