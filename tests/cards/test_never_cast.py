"""A spell whose text a goldfish can't use is never cast, for a stated reason (issue 31, item 2):
"irrelevant to a goldfish" never covers what casting the spell needs or does.

* 601.2c, 115.1: a spell is cast with its targets chosen; a required target that can't exist in
  a goldfish — a spell or ability on the stack (the goldfish casts one spell at a time in its own
  main phase, each resolving before the next, 117.3c; its opponent casts nothing), an opponent's
  object (it has none) — means it can't be cast: Counterspell, Spell Pierce, Stifle, Reprieve
  (its "draw a card" with it), Reckless Rage. Read fully, ignored, never cast.
* A spell whose only legal targets, and all it affects, are the player's own — "destroy all
  creatures", "all creatures get -4/-4", "deals 2 damage to each creature", "destroy target
  creature" — hinders only them: a player who may decline to cast it never does (Supreme
  Verdict, Day of Judgment, Damnation, Wrath of God, Languish, Kozilek's Return, Pest Control,
  Murder). Read fully, never cast; Pest Control still cycles (702.29a).
* Such harm cast for what the spell does besides — Snap's bounce with its untap, Mwonvuli
  Acid-Moss's land destroyed with its Forest search — is part of casting it: unread, never cast
  (never free): partly.
* "Target player mills N cards" (701.17a) is the player's own choice of target: milling the
  goldfish's opponent (no library) does nothing, so the goldfish mills itself, filling its
  graveyard (Thought Scour); a reveal-until into the graveyard (Balustrade Spy) is unread.
What stays as it was: a no-op with a legal target (the opponent: "target player discards"), an
optional target ("up to one target creature"), damage to any target (the opponent)."""
import pytest

from mtgsim import Deck, Scenario
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import IGNORED, UNRECOGNIZED, recognize
from mtgsim.cards.recognize.ignored import GRAVEYARD_TARGET, NO_TARGET_STACK, NO_TARGET_THEIRS, OWN_HARM
from mtgsim.cards.recognize.moot import EVOKED, MOOT, PITCHED
from mtgsim.errors import RulesError


def _read(name, cost, type_line, text, pt=None):
    """The card as its text alone reads, renamed so that no curated card stands in for it."""
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),)))
    return rec, card_from_table(rec.table).renamed(f"{name} (from its text)")


def _never_cast(card, lands=("Island", "Island", "Island", "Plains", "Plains", "Swamp", "Swamp", "Mountain",
                             "Forest", "Forest")):
    """The card in hand with mana enough for any of these costs, and a creature of the player's
    on the battlefield (a legal target of theirs): it can't be cast, and casting it is refused."""
    s = Scenario(Deck({card: 1}).db)
    for land in lands:
        s.add(land)
    s.add("Grizzly Bears")
    s.add_to_hand(card)
    assert not s.can_cast(card)
    with pytest.raises(RulesError):
        s.cast(card)
    return s


@pytest.mark.parametrize("name, cost, text, why", [
    ("Counterspell", "{U}{U}", "Counter target spell.", NO_TARGET_STACK),
    ("Spell Pierce", "{U}", "Counter target noncreature spell unless its controller pays {2}.", NO_TARGET_STACK),
    ("Stifle", "{U}", "Counter target activated or triggered ability. (Mana abilities can't be targeted.)",
     NO_TARGET_STACK),
    ("Reprieve", "{1}{W}", "Return target spell to its owner's hand.\nDraw a card.", NO_TARGET_STACK),
    ("Reckless Rage", "{R}", "Reckless Rage deals 4 damage to target creature you don't control and 2 damage to "
     "target creature you control.", NO_TARGET_THEIRS),
])
def test_601_2c_a_spell_whose_required_target_cant_exist_in_a_goldfish_is_never_cast(name, cost, text, why):
    rec, card = _read(name, cost, "Instant", text)
    assert rec.bucket == "fully"
    [clause] = [c for c in rec.clauses if c.status == IGNORED]
    assert clause.text.endswith(f"\u2014 {why}: never cast")
    assert card.uncastable.startswith(why)
    _never_cast(card)


@pytest.mark.parametrize("name, cost, type_line, text", [
    ("Supreme Verdict", "{1}{W}{W}{U}", "Sorcery", "This spell can't be countered.\nDestroy all creatures."),
    ("Day of Judgment", "{2}{W}{W}", "Sorcery", "Destroy all creatures."),
    ("Damnation", "{2}{B}{B}", "Sorcery", "Destroy all creatures. They can't be regenerated."),
    ("Wrath of God", "{2}{W}{W}", "Sorcery", "Destroy all creatures. They can't be regenerated."),
    ("Languish", "{2}{B}{B}", "Sorcery", "All creatures get -4/-4 until end of turn."),
    ("Kozilek's Return", "{2}{R}", "Kindred Instant \u2014 Eldrazi",
     "Devoid (This card has no color.)\nKozilek's Return deals 2 damage to each creature.\nWhenever you cast an "
     "Eldrazi creature spell with mana value 7 or greater, you may exile Kozilek's Return from your graveyard. "
     "If you do, Kozilek's Return deals 5 damage to each creature."),
    ("Murder", "{1}{B}{B}", "Instant", "Destroy target creature."),
])
def test_115_1_a_spell_that_only_hinders_the_player_is_never_cast(name, cost, type_line, text):
    """Before, these were "fully" read as doing nothing, and cast: in a goldfish they kill the
    player's own creatures."""
    rec, card = _read(name, cost, type_line, text)
    assert rec.bucket == "fully"
    assert any(c.status == IGNORED and c.text.endswith(f"\u2014 {OWN_HARM}: never cast") for c in rec.clauses)
    assert card.uncastable.startswith(OWN_HARM)
    s = _never_cast(card)
    assert len(s.battlefield()) == 11                      # (the Grizzly Bears still there)


def test_702_29a_pest_control_is_never_cast_but_still_cycles():
    rec, card = _read("Pest Control", "{W}{B}", "Sorcery", "Pest Control deals 1 damage to each nonartifact "
                      "creature.\nCycling {2} ({2}, Discard this card: Draw a card.)")
    assert rec.bucket == "fully" and card.uncastable.startswith(OWN_HARM)
    s = _never_cast(card)
    s.add_to_library("Plains")
    s.cycle(card)
    assert s.hand() == ["Plains"]


@pytest.mark.parametrize("name, cost, type_line, text", [
    ("Snap", "{1}{U}", "Instant", "Return target creature to its owner's hand. Untap up to two lands."),
    ("Mwonvuli Acid-Moss", "{2}{G}{G}", "Sorcery", "Destroy target land. Search your library for a Forest card, "
     "put that card onto the battlefield tapped, then shuffle."),
])
def test_115_1_harm_to_the_players_own_cast_for_what_the_spell_does_besides_is_unread_never_free(
        name, cost, type_line, text):
    """Before, Snap was a free ritual (its bounce ignored, its untap read) and Mwonvuli Acid-Moss
    a ramp spell (the land it destroys ignored): in a goldfish, the creature and the land can
    only be the player's own."""
    rec, card = _read(name, cost, type_line, text)
    assert rec.bucket == "partly"
    [clause] = [c for c in rec.clauses if c.status == UNRECOGNIZED]
    assert OWN_HARM in clause.text and clause.text.endswith("not simulated, never cast")
    assert card.uncastable.startswith(f"unread: {OWN_HARM}")
    _never_cast(card)


def test_601_2c_a_target_card_in_a_graveyard_is_unread_the_spell_never_cast():
    rec, card = _read("Cremate", "{B}", "Instant", "Exile target card from a graveyard.\nDraw a card.")
    assert rec.bucket == "partly" and card.uncastable.startswith(f"unread: {GRAVEYARD_TARGET}")
    _never_cast(card)


def test_701_17a_balustrade_spys_reveal_until_a_land_is_left_unread():
    """A player may target themself with it (Balustrade Spy's combo): the reveal-until is unread,
    the card played as less than it is."""
    rec, card = _read("Balustrade Spy", "{3}{B}", "Creature \u2014 Vampire Rogue", "Flying\nWhen this creature enters, "
                      "target player reveals cards from the top of their library until they reveal a land card, then "
                      "puts those cards into their graveyard.", "2/3")
    assert rec.bucket == "partly" and card.uncastable == ""
    assert any(c.status == UNRECOGNIZED and "target player" in c.text.lower() for c in rec.clauses)


def test_701_17a_115_1_thought_scour_mills_its_caster_two_cards_then_draws():
    """"Target player mills two cards": milling the goldfish's opponent (no library) does nothing,
    so the goldfish targets itself (115.1), filling its graveyard (delve, delirium); then it draws."""
    rec, card = _read("Thought Scour", "{U}", "Instant", "Target player mills two cards. (They put the top two cards "
                      "of their library into their graveyard.)\nDraw a card.")
    assert rec.bucket == "fully", rec.clauses
    s = Scenario(Deck({card: 1}).db)
    for name in ("Forest", "Mountain", "Swamp"):
        s.add_to_library(name)                       # (the top card last)
    s.add("Island")
    s.add_to_hand(card)
    s.cast(card)
    assert s.hand() == ["Forest"] and sorted(s.graveyard()) == sorted(["Swamp", "Mountain", card.name])


@pytest.mark.parametrize("name, cost, type_line, text", [
    ("Duress", "{B}", "Sorcery", "Target opponent reveals their hand. You choose a noncreature, nonland card from "
     "it. That player discards that card."),
    ("Mind Rot", "{2}{B}", "Sorcery", "Target player discards two cards."),
    ("Unsummon Up To", "{U}", "Instant", "Return up to one target creature to its owner's hand. Draw a card."),
])
def test_601_2c_a_no_op_with_a_legal_target_or_an_optional_target_is_still_cast(name, cost, type_line, text):
    """The opponent is a legal target (it has nothing to discard: nothing happens), and "up to
    one" may be none (601.2c): these are cast as before."""
    rec, card = _read(name, cost, type_line, text)
    assert rec.bucket == "fully" and card.uncastable == ""
    s = Scenario(Deck({card: 1}).db)
    for _ in range(3):
        s.add("Swamp" if "B" in cost else "Island")
    s.add_to_hand(card)
    s.cast(card)
    assert card.name in s.graveyard()


@pytest.mark.parametrize("name, cost, type_line, text", [
    # a look at or a discard from the opponent's hand, a draw from its library: it has neither
    ("Inquisition of Kozilek", "{B}", "Sorcery", "Target player reveals their hand. You choose a nonland card from "
     "it with mana value 3 or less. That player discards that card."),
    ("Castigate", "{W}{B}", "Sorcery", "Target opponent reveals their hand. You choose a nonland card from it and "
     "exile that card."),
    ("Bargain", "{2}{W}", "Instant", "Target opponent draws a card.\nYou gain 7 life."),
    # 613.1b: the goldfish controls each of its permanents already
    ("Dominate", "{X}{1}{U}", "Instant", "Gain control of target creature with mana value X or less."),
])
def test_613_1b_701_9a_a_clause_acting_on_the_opponents_empty_hand_or_library_or_gaining_control_is_a_no_op(
        name, cost, type_line, text):
    rec, card = _read(name, cost, type_line, text)
    assert rec.bucket == "fully" and card.uncastable == "", rec.clauses
    s = Scenario(Deck({card: 1}).db)
    for land in ("Swamp", "Plains", "Island", "Island"):
        s.add(land)
    s.add_to_hand(card)
    s.cast(card, x=1) if "{X}" in cost else s.cast(card)
    assert card.name in s.graveyard() and s.life() == (27 if name == "Bargain" else 20)


@pytest.mark.parametrize("name, cost, text", [
    ("Unmask", "{3}{B}", "You may exile a black card from your hand rather than pay this spell's mana cost.\nTarget "
     "player reveals their hand. You choose a nonland card from it. That player discards that card."),
    ("Force of Vigor", "{2}{G}{G}", "If it's not your turn, you may exile a green card from your hand rather than "
     "pay this spell's mana cost.\nDestroy up to two target artifacts and/or enchantments."),
])
def test_118_9_the_pitch_cost_of_a_spell_that_does_nothing_is_moot_it_is_cast_for_its_mana_cost_only(name, cost, text):
    """118.9: an alternative cost is optional; a spell that does nothing in a goldfish is never
    worth a card (or life) of the player's: the pitch cost is ignored, saying so, and the spell is
    cast (when it is) for its mana cost, no card exiled."""
    rec, card = _read(name, cost, "Sorcery", text)
    assert rec.bucket == "fully" and card.uncastable == "", rec.clauses
    [clause] = [c for c in rec.clauses if PITCHED in c.text]
    assert "rather than pay" in clause.text and clause.status == IGNORED
    s = Scenario(Deck({card: 1}).db)
    s.add_to_hand(card)
    s.add_to_hand("Llanowar Elves" if "G" in cost else "Dark Ritual")     # (a card it could pitch)
    assert not s.can_cast(card)                         # (no land: only the pitch could pay it)
    for land in ("Forest", "Forest", "Swamp", "Swamp"):
        s.add(land)
    s.cast(card)
    assert len(s.hand()) == 1 and card.name in s.graveyard()          # (the pitchable card kept)


def test_118_9_a_free_alternative_cost_in_mana_is_not_made_moot():
    """Archive Trap's "{0} rather than its mana cost" costs no card: a free cast may count for
    prowess or storm, so it stays unread (a benefit left out, never free)."""
    rec, _ = _read("Archive Trap", "{3}{U}{U}", "Instant", "If an opponent searched their library this turn, you may "
                   "pay {0} rather than pay this spell's mana cost.\nTarget opponent mills thirteen cards.")
    assert not any(PITCHED in c.text for c in rec.clauses) and rec.bucket != "fully"


# ---- what a spell never cast would have needed or done: moot (recognize/moot.py) ---------------------------

def _moot_clauses(rec):
    return [c for c in rec.clauses if MOOT in c.text or EVOKED in c.text]


@pytest.mark.parametrize("name, cost, text, why", [
    ("Force of Will", "{3}{U}{U}", "You may pay 1 life and exile a blue card from your hand rather than pay this "
     "spell's mana cost.\nCounter target spell.", NO_TARGET_STACK),
    ("Force of Negation", "{1}{U}{U}", "If it's not your turn, you may exile a blue card from your hand rather than "
     "pay this spell's mana cost.\nCounter target noncreature spell. If that spell is countered this way, exile it "
     "instead of putting it into its owner's graveyard.", NO_TARGET_STACK),
    ("Daze", "{1}{U}", "You may return an Island you control to its owner's hand rather than pay this spell's mana "
     "cost.\nCounter target spell unless its controller pays {1}.", NO_TARGET_STACK),
    ("Snuff Out", "{3}{B}", "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.\n"
     "Destroy target nonblack creature. It can't be regenerated.", OWN_HARM),
    ("Snapback", "{1}{U}", "You may exile a blue card from your hand rather than pay this spell's mana cost.\n"
     "Return target creature to its owner's hand.", OWN_HARM),
])
def test_118_9_the_alternative_cost_of_a_spell_never_cast_is_moot(name, cost, text, why):
    """118.9: an alternative cost is a way to cast the spell; a spell that can't be cast (no legal
    target, 601.2c) or that a player never casts (all it does is harm their own, 115.1) is
    never cast whatever it costs: the pitch cost is ignored, "moot", with the reason. Before,
    it was unread and the card "unknown"."""
    rec, card = _read(name, cost, "Instant", text)
    assert rec.bucket == "fully"
    [clause] = _moot_clauses(rec)
    assert "rather than pay" in clause.text and clause.status == IGNORED
    assert clause.text.endswith(f"\u2014 {MOOT} ({why})")
    assert card.uncastable.startswith(why) and card.unmodeled == ""
    s = _never_cast(card)
    s.add_to_hand("Counterspell")                      # (a blue card to exile; the life to pay)
    hand, life = sorted(s.hand()), s.life()
    s.next_turn()
    assert not s.can_cast(card) and s.life() == life and set(hand) <= set(s.hand())


@pytest.mark.parametrize("name, text", [
    ("Memory Lapse", "Counter target spell. If that spell is countered this way, put it on top of its owner's "
     "library instead of into that player's graveyard."),
    ("Remand", "Counter target spell. If that spell is countered this way, put it into its owner's hand instead of "
     "into that player's graveyard.\nDraw a card."),
    ("Interdict", "Counter target activated ability from an artifact, creature, enchantment, or land. That "
     "permanent's activated abilities can't be activated this turn.\nDraw a card."),
])
def test_608_2c_a_rider_naming_the_target_a_spell_can_never_have_is_moot(name, text):
    """608.2c: the instructions after the one that targets act on that target; with none
    possible (601.2c) the spell is never cast and they never happen. The draw stays read (a
    part of the spell, never cast with it)."""
    rec, card = _read(name, "{1}{U}", "Instant", text)
    assert rec.bucket == "fully" and card.uncastable.startswith(NO_TARGET_STACK)
    [clause] = _moot_clauses(rec)
    assert "that" in clause.text.split(" \u2014 ")[0].lower()
    _never_cast(card)


def test_115_1_fatal_push_revolt_harms_the_same_creature_more_moot():
    """Its revolt rider destroys the same creature with a higher mana value: harm to the
    player's own, like the spell it modifies (115.1), so never done."""
    rec, card = _read("Fatal Push", "{B}", "Instant", "Destroy target creature if it has mana value 2 or less.\n"
                      "Revolt \u2014 Destroy that creature if it has mana value 4 or less instead if a permanent "
                      "left the battlefield under your control this turn.")
    assert rec.bucket == "fully" and card.uncastable.startswith(OWN_HARM)
    [clause] = _moot_clauses(rec)
    assert clause.text.startswith("Revolt") and clause.text.endswith(f"({OWN_HARM})")
    _never_cast(card)


@pytest.mark.parametrize("name, cost, text, rider", [
    ("Firebending Lesson", "{R}", "Kicker {4}\nFirebending Lesson deals 2 damage to target creature.\nIf Firebending "
     "Lesson was kicked, it deals 5 damage to that creature instead.", "If Firebending Lesson was kicked"),
    # (the same damage made greater, to the same creature: "deals 3 damage instead", its condition before or after)
    ("Fiery Impulse", "{R}", "Fiery Impulse deals 2 damage to target creature.\nSpell mastery \u2014 If there are two "
     "or more instant and/or sorcery cards in your graveyard, Fiery Impulse deals 3 damage instead.", "Spell mastery"),
    ("Unholy Heat", "{R}", "Unholy Heat deals 2 damage to target creature or planeswalker.\nDelirium \u2014 Unholy "
     "Heat deals 6 damage instead if there are four or more card types among cards in your graveyard.", "Delirium"),
    ("Boomerang Basics", "{U}", "Return target nonland permanent to its owner's hand. If you controlled that "
     "permanent, draw a card.", "If you controlled that permanent"),
    ("Erode", "{R}", "Destroy target creature or planeswalker. Its controller may search their library for a basic "
     "land card, put it onto the battlefield tapped, then shuffle.", "Its controller may search"),
    ("Path to Exile", "{W}", "Exile target creature. Its controller may search their library for a basic land card, "
     "put that card onto the battlefield tapped, then shuffle.", "Its controller may search"),
])
def test_115_1_a_harm_rider_or_the_targets_controllers_compensation_of_a_spell_only_harming_the_player_is_moot(
        name, cost, text, rider):
    """115.1: in a goldfish the only legal targets are the player's own, so the spell only
    hinders them and is never cast; what it would do to that target more (Firebending Lesson's
    kicked 5 damage) or give its controller — the player — for losing it (Erode's and Path to
    Exile's basic land, Boomerang Basics' card: the goldfish's policy never trades its own
    permanent, a card and mana for that) never happens: moot, the card fully read and never
    cast, the player's permanent and hand untouched after a turn."""
    rec, card = _read(name, cost, "Instant", text)
    assert rec.bucket == "fully" and card.uncastable.startswith(OWN_HARM)
    [clause] = _moot_clauses(rec)
    assert clause.text.startswith(rider) and clause.text.endswith(f"({OWN_HARM})")
    s = _never_cast(card)
    s.next_turn()
    assert not s.can_cast(card) and s.life() == 20 and card.name in s.hand()


@pytest.mark.parametrize("text, cost_words", [
    ("As an additional cost to cast this spell, sacrifice a creature.\nCounter target spell.", "As an additional"),
    ("This spell costs {1} less to cast if you control a Wizard.\nCounter target spell.", "costs {1} less"),
])
def test_601_2b_601_2f_an_additional_cost_or_cost_change_of_a_spell_never_cast_is_moot(text, cost_words):
    """601.2b, 601.2f: costs of casting the spell; never cast (601.2c), they never apply. The
    reason it is never cast is its target's, not its unread cost's (which it would be whatever
    it cost)."""
    rec, card = _read("Wizard Denial", "{U}", "Instant", text)
    assert rec.bucket == "fully"
    [clause] = _moot_clauses(rec)
    assert cost_words in clause.text
    assert card.uncastable.startswith(NO_TARGET_STACK)


@pytest.mark.parametrize("name, cost, text, unread", [
    # (an ability from the hand, 113.6: it doesn't need the spell cast)
    ("Madness Denial", "{U}", "Counter target spell.\nMadness {U}", "Madness {U}"),
    ("Cycling Denial", "{U}", "Counter target spell.\nWhen you cycle this card, draw a card.\nCycling {2}",
     "When you cycle Cycling Denial, draw a card."),
    # (a benefit besides the harm, keyed to what the target is, not a compensation to the one who lost
    # it: the spell isn't only harm, its rider unread)
    ("Token Murder", "{1}{B}", "Destroy target creature. If that creature was a token, draw a card.",
     "If that creature was a token, draw a card."),
    # (a token possibly worth more than the permanent lost: Pongify on a 1/1 token)
    ("Pongify", "{U}", "Destroy target creature. It can't be regenerated. Its controller creates a 3/3 green Ape "
     "creature token.", "Its controller creates a 3/3 green Ape creature token."),
    ("Kicked Bounce", "{1}{U}", "Kicker {1}{U}\nReturn target nonland permanent to its owner's hand.\nIf this spell "
     "was kicked, draw a card.", "If Kicked Bounce was kicked, draw a card."),
])
def test_113_6_what_works_without_casting_the_spell_or_a_spell_cast_is_never_moot(name, cost, text, unread):
    rec, card = _read(name, cost, "Instant", text)
    assert not _moot_clauses(rec)
    assert [c.text for c in rec.clauses if c.status == UNRECOGNIZED] == [unread]


def test_107_1c_mindbreak_traps_alternative_cost_needs_an_opponents_spells_never_cast():
    """"If an opponent cast three or more spells this turn, you may pay {0} rather than pay
    this spell's mana cost" (118.9): the goldfish's opponent casts nothing, the condition never
    holds: a no-op. "Any number of target spells" may be zero (107.1c): cast for nothing, as
    before."""
    rec, card = _read("Mindbreak Trap", "{2}{U}{U}", "Instant \u2014 Trap", "If an opponent cast three or more "
                      "spells this turn, you may pay {0} rather than pay this spell's mana cost.\nExile any number "
                      "of target spells.")
    assert rec.bucket == "fully" and card.uncastable == ""
    assert all(c.status == IGNORED for c in rec.clauses)


# ---- an activated ability never activated (602.2b via 601.2c; 115.1) --------------------------------------

_CHANNEL = ("Channel \u2014 {cost}, Discard this card: {effect} This ability costs {{1}} less to activate for each "
            "legendary creature you control.")


@pytest.mark.parametrize("name, mana, cost, effect, why", [
    ("Otawara, Soaring City", "U", "{3}{U}", "Return target artifact, creature, enchantment, or planeswalker to its "
     "owner's hand.", OWN_HARM),
    ("Eiganjo, Seat of the Empire", "W", "{2}{W}", "It deals 4 damage to target attacking or blocking creature.",
     OWN_HARM),
    ("Boseiju, Who Endures", "G", "{1}{G}", "Destroy target artifact, enchantment, or nonbasic land an opponent "
     "controls. That player may search their library for a land card with a basic land type, put it onto the "
     "battlefield, then shuffle.", NO_TARGET_THEIRS),
])
def test_602_2b_a_channel_ability_whose_targets_are_only_the_players_own_or_none_is_never_activated(
        name, mana, cost, effect, why):
    """602.2b: an ability is activated as a spell is cast (601.2c: with its targets); with
    none that can exist (Boseiju: an opponent's permanent), or only the player's own to harm
    (Otawara's bounce, Eiganjo's damage to an attacking creature: only theirs attack), it is
    never activated, ignored saying why; its cost change is moot with it. Before, Otawara and
    Eiganjo were "partly" read (their cost change unread)."""
    text = f"{{T}}: Add {{{mana}}}.\n" + _CHANNEL.format(cost=cost, effect=effect)
    rec, card = _read(name, "", "Legendary Land", text)
    assert rec.bucket == "fully"
    [channel] = [c for c in rec.clauses if c.status == IGNORED]
    assert channel.text.endswith(f"\u2014 never activated (602.2b): {why}")
    assert [type(a).__name__ for a in card.abilities] == ["ManaAbility"]


@pytest.mark.parametrize("name, mana, effect", [
    ("Sokenzan, Crucible of Defiance", "R", "Create two 1/1 colorless Spirit creature tokens. They gain haste until "
     "end of turn."),
    ("Takenuma, Abandoned Mire", "B", "Mill three cards, then return a creature or planeswalker card from your "
     "graveyard to your hand."),
])
def test_602_2b_a_channel_ability_that_does_something_stays_unread(name, mana, effect):
    """Sokenzan's tokens are the player's own to attack with; Takenuma's return is from the
    player's graveyard, which the simulator doesn't track: both unread, never activated."""
    text = f"{{T}}: Add {{{mana}}}.\n" + _CHANNEL.format(cost=f"{{3}}{{{mana}}}", effect=effect)
    rec, _ = _read(name, "", "Legendary Land", text)
    assert rec.bucket == "partly"
    [channel] = [c for c in rec.clauses if c.status == UNRECOGNIZED]
    assert channel.text.startswith("Channel")


# ---- curated spells: never cast as an imported one would be ------------------------------------------------

def _curated_spells():
    from mtgsim import card_db
    return [c for c in card_db().cards() if not c.token and c.text and {"Instant", "Sorcery"} & set(c.types)]


@pytest.mark.parametrize("card", _curated_spells(), ids=lambda c: c.name)
def test_601_2c_115_1_a_curated_spell_is_never_cast_when_its_text_read_would_be(card):
    """The shipped data keeps in step with the recognizers (one rule, 601.2c and 115.1, said in
    ignored.never_cast): a curated instant or sorcery whose text the recognizer would never cast
    — no legal target can exist, or it only harms the player's own — is never cast, for the same
    reason in the same words; and one whose unmodeled note is "irrelevant" is cast exactly when
    the text read would be. Before, Counterspell, Swords to Plowshares, Doom Blade and Fell the
    Profane were cast as blanks."""
    rec = recognize(OracleCard(card.name, "normal", (OracleFace(
        card.name, str(card.cost) if card.cost else "", " ".join(card.supertypes + card.types), card.text),)))
    read = rec.table.get("uncastable", "")
    if read.startswith((NO_TARGET_STACK, NO_TARGET_THEIRS, OWN_HARM)) or card.unmodeled_effect == "irrelevant":
        assert card.uncastable == read


# ---- evoke for nothing (702.74a) --------------------------------------------------------------------------

@pytest.mark.parametrize("name, cost, text, pt", [
    ("Solitude", "{3}{W}{W}", "Flash\nLifelink\nWhen this creature enters, exile up to one other target creature. "
     "That creature's controller gains life equal to its power.\nEvoke\u2014Exile a white card from your hand.", "3/2"),
    ("Subtlety", "{2}{U}{U}", "Flash\nFlying\nWhen this creature enters, choose up to one target creature spell or "
     "planeswalker spell. Its owner puts it on their choice of the top or bottom of their library.\n"
     "Evoke\u2014Exile a blue card from your hand.", "3/3"),
    ("Fury", "{3}{R}{R}", "Double strike\nWhen this creature enters, it deals 4 damage divided as you choose among any "
     "number of target creatures and/or planeswalkers.\nEvoke\u2014Exile a red card from your hand.", "3/3"),
])
def test_702_74a_evoking_a_creature_whose_enters_ability_does_nothing_is_moot(name, cost, text, pt):
    """702.74a: evoked, the creature is sacrificed as it enters; its enters trigger here does
    nothing in a goldfish (an optional target: only the player's own creatures, or a spell, none
    on the stack as it resolves, 117.3c; the rider naming it does nothing without it, 608.2b), so
    a player never evokes it: the evoke cost is ignored, saying why. It is cast for its mana
    cost. Before, "partly": its trigger and evoke unread."""
    rec, card = _read(name, cost, "Creature \u2014 Elemental Incarnation", text, pt)
    assert rec.bucket == "fully" and card.uncastable == ""
    [evoke] = _moot_clauses(rec)
    assert evoke.text.startswith("Evoke") and evoke.text.endswith(f"\u2014 {EVOKED}")
    s = Scenario(Deck({card: 1}).db)
    for _ in range(5):
        s.add("Island" if "U" in cost else "Plains" if "W" in cost else "Mountain")
    bears = s.add("Grizzly Bears")
    s.add_to_hand(card)
    s.cast(card)
    assert s.on_battlefield(bears) and s.life() == 20


@pytest.mark.parametrize("name, cost, text", [
    # (what it does as it enters is read: draws two)
    ("Mulldrifter", "{4}{U}", "Flying\nWhen this creature enters, draw two cards.\nEvoke {2}{U}"),
    # (a required target: the player's own creature, 603.3d — unread)
    ("Shriekmaw", "{4}{B}", "Fear\nWhen this creature enters, destroy target nonartifact, nonblack creature.\n"
     "Evoke {1}{B}"),
    # (evoked, it dies: its leaving does something)
    ("Evoked Dier", "{3}{R}", "When this creature enters, up to one target creature can't block this turn.\n"
     "When this creature dies, draw a card.\nEvoke {R}"),
])
def test_702_74a_an_evoke_that_gives_something_is_not_moot(name, cost, text):
    rec, _ = _read(name, cost, "Creature \u2014 Elemental", text, "2/2")
    assert not _moot_clauses(rec)
    assert any(c.status == UNRECOGNIZED and c.text.startswith("Evoke") for c in rec.clauses)


@pytest.mark.parametrize("text, ignored", [
    # (a spell: none on the stack as the trigger resolves; what befalls it, nothing without it)
    ("When this creature enters, choose up to one target creature spell. Its owner puts it on the top or bottom "
     "of their library.", True),
    # (the player's own creature, exiled; its controller's life: harm only)
    ("When this creature enters, exile up to one other target creature. That creature's controller gains life "
     "equal to its power.", True),
    # (the player's own permanent destroyed for a 3/3 Golem: a gain they may choose, unread)
    ("When this creature enters, destroy up to one target nonland permanent. Its controller creates a 3/3 "
     "colorless Golem artifact creature token.", False),
])
def test_608_2b_a_rider_naming_an_optional_target_left_unchosen_does_nothing(text, ignored):
    """608.2b: an instruction naming a target not chosen does nothing ("up to one", 601.2c: none
    chosen). A player declines the target when it can only be a spell (none on the stack) or
    their own to harm — and then only a rider that harms too is nothing to them."""
    rec, _ = _read("Rider Test", "{2}{W}", "Creature \u2014 Human", text, "2/2")
    assert (rec.clauses[0].status == IGNORED) == ignored


# ---- an ability word is no keyword (207.2c) ---------------------------------------------------------------

def _read_listed(name, cost, type_line, text, keywords):
    """The card as its text reads with the keywords a bulk file lists for it (MTGJSON lists
    ability words among them)."""
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text),), keywords))
    return rec, card_from_table(rec.table).renamed(f"{name} (from its text)")


def test_207_2c_an_ability_word_listed_as_a_keyword_is_read_as_its_ability():
    """207.2c: an ability word has no rules meaning; a bulk file listing "Converge" or
    "Metalcraft" among a card's keywords never makes its ability an unread keyword line (before,
    Prismatic Ending and Mox Opal were "unknown" so). Prismatic Ending only exiles the player's
    own permanents in a goldfish: never cast (115.1); Mox Opal makes any colour with three
    artifacts (602.5)."""
    rec, ending = _read_listed("Prismatic Ending", "{X}{W}", "Sorcery", "Converge \u2014 Exile target nonland "
                               "permanent if its mana value is less than or equal to the number of colors of mana "
                               "spent to cast this spell.", ("Converge",))
    assert rec.bucket == "fully" and ending.uncastable.startswith(OWN_HARM)
    rec, opal = _read_listed("Mox Opal", "{0}", "Legendary Artifact", "Metalcraft \u2014 {T}: Add one mana of any "
                             "color. Activate only if you control three or more artifacts.", ("Metalcraft",))
    assert rec.bucket == "fully"
    s = Scenario(Deck({opal: 1}).db)
    mox = s.add(opal)
    s.add("Sol Ring")
    assert not s.can_activate(mox)                         # (two artifacts)
    s.add("Mind Stone")
    assert s.can_activate(mox) and s.could_produce(mox) == {"W", "U", "B", "R", "G"}
    # (a keyword with rules of its own, listed so, stays a keyword line: "Exhaust — ..." is once only, 702.177)
    rec, _ = _read_listed("Camera Launcher", "{3}", "Artifact Creature \u2014 Construct", "Exhaust \u2014 {3}: Put "
                          "a +1/+1 counter on this creature. Create a 1/1 colorless Thopter artifact creature token "
                          "with flying.", ("Exhaust",))
    assert any(c.status == UNRECOGNIZED and c.text.startswith("Exhaust") for c in rec.clauses)


@pytest.mark.parametrize("name, cost, type_line, text, pt", [
    # 702.21a: ward triggers on an opponent's spells and abilities, of which a goldfish has none
    ("Hexing Squelcher", "{1}{R}", "Creature — Goblin Sorcerer", "This spell can't be countered.\n"
     "Spells you control can't be countered.\nOther creatures you control have \"Ward\u2014Pay 2 life.\"", "2/2"),
    # "up to one target" ability declined (608.2b), and what befalls that ability's source with it
    ("Tishana's Tidebinder", "{2}{U}", "Creature — Human Wizard", "Flash\nWhen this creature enters, counter up to "
     "one target activated or triggered ability. If an ability of an artifact, creature, or planeswalker is countered "
     "this way, that permanent loses all abilities for as long as this creature remains on the battlefield.", "3/2"),
])
def test_702_21a_608_2b_a_ward_granted_or_an_ability_countered_up_to_one_is_a_no_op(name, cost, type_line, text, pt):
    rec, card = _read(name, cost, type_line, text, pt)
    assert all(c.status != UNRECOGNIZED for c in rec.clauses) and card.uncastable == "", rec.clauses
    assert not card.abilities or all(a.kind != "trigger" for a in card.abilities)


@pytest.mark.parametrize("name, cost, text, keyword", [
    ("Lose Focus", "{1}{U}", "Replicate {U}\nCounter target spell unless its controller pays {2}.", "Replicate"),
    ("Wash Away", "{U}", "Cleave {1}{U}{U}\nCounter target spell [that wasn't cast from its owner's hand].", "Cleave"),
    ("Capsize", "{1}{U}{U}", "Buyback {3}\nReturn target permanent to its owner's hand.", "Buyback"),
])
def test_702_56a_702_148a_a_keyword_cost_of_a_spell_never_cast_is_moot(name, cost, text, keyword):
    """Replicate (702.56a: an additional cost), cleave (702.148a: an alternative cost), buyback
    (702.27a), entwine, splice: ways of casting the spell, moot when it is never cast."""
    rec, card = _read(name, cost, "Instant", text)
    assert rec.bucket == "fully", rec.clauses
    [clause] = _moot_clauses(rec)
    assert clause.text.startswith(keyword) and clause.status == IGNORED
    _never_cast(card)


def test_702_34a_cabal_therapys_flashback_by_sacrificing_a_creature_is_never_worth_it():
    """It names a card of the opponent's (the goldfish's policy, as for Pithing Needle) and makes
    an empty hand discard it: cast for {B} it does nothing; its flashback (an alternative cost,
    702.34a) would sacrifice a creature for that, which the goldfish never does: moot."""
    rec, card = _read("Cabal Therapy", "{B}", "Sorcery", "Choose a nonland card name. Target player reveals their hand "
                      "and discards all cards with that name.\nFlashback\u2014Sacrifice a creature.")
    assert rec.bucket == "fully" and card.uncastable == "", rec.clauses
    assert any(PITCHED in c.text and c.text.startswith("Flashback") for c in rec.clauses)
