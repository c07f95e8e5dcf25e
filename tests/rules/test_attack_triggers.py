"""The trigger event "whenever ~ attacks" (Event.SELF_ATTACKS), its rules through Scenario: 508.1m and 603.2
(it triggers as the creature is declared an attacker: once per attack, only for a creature that attacks),
508.2b (the abilities that triggered resolve before the combat damage step, so a counter they put counts in
510.1's damage), 113.7a (each resolves even with no damage dealt), and the recognizer's reading of it
(Restless Fortress; "defending player" is the opponent in a two-player game, 506.2)."""
import pytest

from mtgsim import CardDataError, Scenario, card, card_db
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

from creature_land_cards import DEN, FORTRESS

SKIMMER = card("Test Skimmer", "{2}{B}", "Creature — Bat", "2/1", abilities=[
    {"kind": "trigger", "event": "self_attacks", "opponent_loses_life": 2}])
HERALD = card("Test Herald", "{2}{W}", "Creature — Human", "2/2", abilities=[
    {"kind": "trigger", "event": "self_attacks", "counters": {"+1/+1": 1}}])
WALL = card("Test Bat Egg", "{B}", "Creature — Bat", "0/3", abilities=[
    {"kind": "trigger", "event": "self_attacks", "gain_life": 3}])


def _animated_fortress():
    """A Scenario with Restless Fortress (since the turn began) animated with four other lands' mana."""
    s = Scenario()
    fortress = s.add(FORTRESS)
    for land in ("Plains", "Swamp", "Plains", "Swamp"):
        s.tap_for_mana(s.add(land))
    s.activate(fortress)
    return s, fortress


def test_508_1m_603_2_restless_fortress_drains_two_as_it_attacks():
    """Declared an attacker, its ability triggers (508.1m): the defending player loses 2 and you gain 2, then
    its combat damage, 1 (510.1): the opponent at 20 - 2 - 1, you at 22."""
    s, fortress = _animated_fortress()
    assert s.attack([fortress]) == 1
    assert s.life(player="opponent") == 17
    assert s.life() == 22


def test_508_1m_a_permanent_that_does_not_attack_does_not_trigger():
    """Only a creature declared as an attacker triggers (508.1m): a Fortress left a land, or animated and not
    chosen to attack, does nothing while another creature attacks."""
    s = Scenario()
    s.add(FORTRESS)
    bear = s.add("Grizzly Bears")
    assert s.attack() == 2
    assert (s.life(player="opponent"), s.life()) == (18, 20)
    s, fortress = _animated_fortress()
    bear = s.add("Grizzly Bears")
    assert s.attack([bear]) == 2
    assert (s.life(player="opponent"), s.life()) == (18, 20)


def test_603_2_each_attacker_triggers_once_per_attack():
    """Two attackers with the ability: each triggers once (603.2): 2 x 2 life lost besides 2 x 2 damage."""
    s = Scenario()
    s.add(SKIMMER)
    s.add(SKIMMER)
    assert s.attack() == 4
    assert s.life(player="opponent") == 20 - 4 - 4


def test_508_2b_a_counter_put_by_an_attack_trigger_counts_in_combat_damage():
    """The ability resolves in the declare attackers step (508.2b), before combat damage (510.1): "put a
    +1/+1 counter on it" makes the 2/2 deal 3."""
    s = Scenario()
    herald = s.add(HERALD)
    assert s.attack() == 3
    assert s.counters(herald) == {"+1/+1": 1}
    assert s.life(player="opponent") == 17


def test_113_7a_an_attacker_with_no_power_still_triggers():
    """A 0/3 attacks (508.1a asks no power): it deals no damage, its ability resolves all the same."""
    s = Scenario()
    s.add(WALL)
    assert s.attack() == 0
    assert (s.life(player="opponent"), s.life()) == (20, 23)


def test_302_6_a_summoning_sick_creature_does_not_attack_nor_trigger():
    """302.6: it can't attack the turn it came under your control, so its ability never triggers."""
    s = Scenario()
    s.add(SKIMMER, entered_this_turn=True)
    assert s.attack() == 0
    assert s.life(player="opponent") == 20


def _read(name, type_line, text, pt=None):
    p, t = pt.split("/") if pt else (None, None)
    return recognize(OracleCard(name, "normal", (OracleFace(name, "", type_line, text, p, t),), ()))


def test_the_recognizer_reads_restless_fortress():
    """"Whenever this land attacks, defending player loses 2 life and you gain 2 life": the defending player
    of a two-player game is the opponent (506.2); the card is read fully."""
    rec = _read("Restless Fortress", "Land", "This land enters tapped.\n{T}: Add {W} or {B}.\n{2}{W}{B}: This land "
                "becomes a 1/4 white and black Nightmare creature until end of turn. It's still a land.\nWhenever "
                "this land attacks, defending player loses 2 life and you gain 2 life.")
    assert rec.bucket == "fully", rec.unrecognized
    assert card("Restless Fortress", "", "Land", abilities=rec.table["abilities"]).abilities == FORTRESS.abilities


def test_the_recognizer_leaves_what_an_attack_trigger_cannot_say_unread():
    """A target the vocabulary has no word for ("target creature you control", Restless Bivouac), an
    intervening if, and "defending player" outside an attack trigger: unread, never free."""
    rec = _read("Restless Bivouac", "Land", "{T}: Add {R} or {W}.\n{1}{R}{W}: This land becomes a 2/2 red and white "
                "Ox creature until end of turn. It's still a land.\nWhenever this land attacks, put a +1/+1 counter "
                "on target creature you control.")
    assert rec.bucket == "partly"
    assert rec.unrecognized == ["Whenever Restless Bivouac attacks, put a +1/+1 counter on target creature you "
                                "control."]
    rec = _read("Test Raider", "Creature — Human", "Whenever this creature attacks, if you control an artifact, "
                "draw a card.", "2/2")
    assert rec.unrecognized == ["Whenever Test Raider attacks, if you control an artifact, draw a card."]
    rec = _read("Test Crier", "Creature — Human", "When this creature enters, defending player loses 2 life.",
                "2/2")
    assert rec.unrecognized == ["When Test Crier enters, defending player loses 2 life."]


# ---- tokens put onto the battlefield tapped and attacking (508.4) --------------------------------------------

VANGUARD = card("Test Vanguard", "{R}", "Creature — Human", "1/2", abilities=[
    {"kind": "trigger", "event": "self_attacks", "tokens": {"Goblin": 1}, "tapped_and_attacking": True}])
RALLY = card("Test Rally", "{R}", "Sorcery", abilities=[
    {"kind": "spell", "tokens": {"Goblin": 2}, "tapped_and_attacking": True}])


def test_508_4_a_token_put_onto_the_battlefield_attacking_deals_combat_damage():
    """The ability resolves before combat damage (508.2b); the Goblin it makes is attacking (508.4) and deals its 1
    with the 1/2's 1 (510.1). It entered tapped."""
    s = Scenario()
    s.add(VANGUARD)
    assert s.attack() == 2
    assert s.life(player="opponent") == 18
    goblin = [p for p in s.battlefield() if p.name == "Goblin"]
    assert len(goblin) == 1 and s.is_tapped(goblin[0])


def test_508_4_a_token_put_onto_the_battlefield_attacking_never_attacked():
    """508.4: a creature put onto the battlefield attacking was never declared an attacker, so its own "whenever
    ~ attacks" doesn't trigger: the Vanguard made by the first one makes no Goblin of its own."""
    maker = card("Test Vanguard Maker", "{R}", "Creature — Human", "1/2", abilities=[
        {"kind": "trigger", "event": "self_attacks", "tokens": {"Test Vanguard Token": 1},
         "tapped_and_attacking": True}])
    token = card("Test Vanguard Token", "", "Creature — Human", "1/2", token=True, abilities=[
        {"kind": "trigger", "event": "self_attacks", "tokens": {"Goblin": 1}, "tapped_and_attacking": True}])
    s = Scenario(card_db(maker, token))
    s.add(maker)
    assert s.attack() == 2                               # (the maker's 1 and the token's 1; no Goblin)
    assert sorted(p.name for p in s.battlefield()) == ["Test Vanguard Maker", "Test Vanguard Token"]


def test_508_4_511_3_a_token_made_attacking_outside_combat_is_only_tapped():
    """Out of combat there is no attack for them to join (506.3, 508.4 need attacking creatures): the sorcery's
    Goblins enter tapped, not attacking, and a later combat (with an attack trigger resolving in it) counts only
    the Vanguard and the Goblin it makes (511.3: what attacks is only that combat's)."""
    s = Scenario()
    s.add(VANGUARD)
    s.tap_for_mana(s.add("Mountain"))
    s.cast(RALLY)
    assert [s.is_tapped(p) for p in s.battlefield() if p.name == "Goblin"] == [True, True]
    assert s.attack() == 2
    assert s.life(player="opponent") == 18


# ---- an attack trigger an animation gives (613.1f: Den of the Bugbear) ----------------------------------------

def test_613_1f_508_4_den_of_the_bugbear_attacks_with_a_goblin():
    """Animated, the Den has the ability its animation gives (613.1f): declared an attacker it makes a Goblin
    tapped and attacking (508.1m, 508.4): 3 + 1 combat damage (510.1)."""
    s = Scenario()
    den = s.add(DEN)
    for _ in range(4):
        s.tap_for_mana(s.add("Mountain"))
    s.activate(den)
    assert s.attack([den]) == 4
    assert s.life(player="opponent") == 16
    assert [p.name for p in s.battlefield()].count("Goblin") == 1


def test_514_2_the_ability_an_animation_gives_ends_with_it():
    """Until end of turn (514.2): the next turn the Den is a land again, without the ability; animated again, it
    has it again (one Goblin per attack)."""
    s = Scenario()
    den = s.add(DEN)
    lands = [s.add("Mountain") for _ in range(4)]
    for land in lands:
        s.tap_for_mana(land)
    s.activate(den)
    assert s.attack([den]) == 4
    s.next_turn()
    s.next_turn()
    assert s.types(den) == ("Land",)
    for land in lands:
        s.tap_for_mana(land)
    s.activate(den)
    assert s.attack() == 3 + 1 + 1                       # (and the first Goblin, attacking as any creature)
    assert [p.name for p in s.battlefield()].count("Goblin") == 2


def test_an_animation_gives_only_an_attack_trigger():
    """The core reads no other ability off what a permanent becomes: any other is a CardDataError naming it."""
    with pytest.raises(CardDataError, match="becomes_abilities"):
        card("Test Den", "", "Land", abilities=[
            {"kind": "activated", "cost": "{1}", "becomes": ["Creature"], "becomes_power": 1, "becomes_toughness": 1,
             "becomes_abilities": [{"kind": "trigger", "event": "self_becomes_tapped", "draw": 1}]}])


# ---- mobilize (702.181a): tokens made attacking, sacrificed at the next end step (603.7) ----------------------

WARRIOR = card("Test Warrior", "", "Creature — Warrior", "1/1", token=True, colors="R")
MOBILIZER = card("Test Mobilizer", "{1}{R}", "Creature — Human Bard", "1/3", abilities=[
    {"kind": "trigger", "event": "self_attacks", "tokens": {"Test Warrior": 2}, "tapped_and_attacking": True,
     "tokens_sacrificed_at_end": True}])


def test_702_181a_mobilize_makes_warriors_attacking_that_are_sacrificed_at_the_next_end_step():
    """Mobilize 2 (702.181a): as the 1/3 attacks, two 1/1 Warriors enter tapped and attacking (508.4) and deal
    their combat damage with it: 1 + 1 + 1. At the beginning of the next end step they are sacrificed (603.7);
    the creature that made them stays."""
    s = Scenario(card_db(MOBILIZER, WARRIOR))
    s.add(MOBILIZER)
    assert s.attack() == 3
    assert s.life(player="opponent") == 17
    warriors = [p for p in s.battlefield() if p.name == "Test Warrior"]
    assert len(warriors) == 2 and all(s.is_tapped(p) for p in warriors)
    s.next_turn()
    assert [p.name for p in s.battlefield()] == ["Test Mobilizer"]


def test_702_181a_mobilize_is_read_as_the_ability_its_rule_words():
    """"Mobilize 2" (Voice of Victory) is read as 702.181a's ability, two Warriors that are sacrificed at the
    next end step; the text it leaves (opponents can't cast spells on your turn) binds only the opponent."""
    rec = _read("Voice of Victory", "Creature — Human Bard", "Mobilize 2 (Whenever this creature attacks, create "
                "two tapped and attacking 1/1 red Warrior creature tokens. Sacrifice them at the beginning of the "
                "next end step.)\nYour opponents can't cast spells during your turn.", "1/3")
    assert rec.table["abilities"] == [{"kind": "trigger", "event": "self_attacks",
                                       "tokens": {"1/1 red Warrior creature token": 2}, "tapped_and_attacking": True,
                                       "tokens_sacrificed_at_end": True}]
    assert rec.unrecognized == [] and rec.bucket == "fully"


def test_508_1m_restless_cottage_makes_a_food_as_it_attacks_its_graveyard_target_left_unchosen():
    """Restless Cottage: "Whenever this land attacks, create a Food token and exile up to one target
    card from a graveyard": the Food is made (111.10b); "up to one target" is left unchosen (115.1:
    zero targets; the opponent's graveyard is empty, the player's own card exiled gains nothing)."""
    text = ("This land enters tapped.\n{T}: Add {B} or {G}.\n{2}{B}{G}: This land becomes a 4/4 black and green "
            "Horror creature until end of turn. It's still a land.\nWhenever this land attacks, create a Food token "
            "and exile up to one target card from a graveyard.")
    rec = recognize(OracleCard("Restless Cottage", "normal",
                               (OracleFace("Restless Cottage", "", "Land", text, None, None),)))
    assert rec.bucket == "fully", rec.clauses
    cottage = card_from_table(rec.table)
    s = Scenario()
    p = s.add(cottage)
    for land in ("Swamp", "Forest", "Swamp", "Forest"):
        s.tap_for_mana(s.add(land))
    s.activate(p, 0)
    assert s.attack([p]) == 4
    assert [q.name for q in s.battlefield()].count("Food") == 1
