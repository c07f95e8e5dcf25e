"""An unread drawback to a card's own controller is never played for free (issue 29, item 4,
the imported half): sacrificing, exiling or returning their own permanents (701.21a), losing
life (119.3), damage dealt to them (120.3a), discarding (701.9a), skipping a step or turn
(614.1b), losing the game (104.3), a restriction on themselves (101.2: "each player can't ...",
"Activated abilities of artifacts can't be activated", 605.1a: their mana abilities too),
countering their own spells (701.6a: "Whenever a player casts a spell ..., counter that spell":
Chalice of the Void, Vexing Bauble, Void Mirror), an opponent gaining
control (800.4a) — "each player" is them too (608.2c). The card is never cast (a land: never
played), the reason in words, unless the vocabulary can say the drawback: then it is read
(Ball Lightning's end-step sacrifice, 603.2; Mana Crypt's upkeep coin flip is an effect op, 705.2).
What an opponent does or loses, what the player may choose, an activated ability's cost and a
keyword's alternative cost stay as they were. The cards are read from their text alone."""
import pytest

from mtgsim import Deck, MulliganPolicy, Scenario, simulate
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import UNRECOGNIZED, recognize
from mtgsim.errors import RulesError


def _read(name, cost, type_line, text, pt=None):
    """The card as its text alone reads, renamed so that no curated card stands in for it."""
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, p, t),)))
    return rec, card_from_table(rec.table).renamed(f"{name} (from its text)")


def test_603_2_ball_lightning_read_from_its_text_is_sacrificed_at_the_end_step():
    """"At the beginning of the end step, sacrifice Ball Lightning." is read (603.2: the first
    end step after it enters), as the curated card says it: it attacks for 6 once, then is gone.
    Before, the clause was unread and the 6/1 stayed, attacking every turn."""
    rec, bolt = _read("Ball Lightning", "{R}{R}{R}", "Creature \u2014 Elemental",
                      "Trample, haste\nAt the beginning of the end step, sacrifice this creature.", "6/1")
    assert rec.bucket == "fully" and bolt.uncastable == ""
    s = Scenario(Deck({bolt: 1, "Mountain": 3}).db)
    for _ in range(3):
        s.add("Mountain")
    s.add_to_hand(bolt)
    p = s.cast(bolt)
    assert s.attack() == 6
    s.next_turn()
    assert not s.on_battlefield(p)
    res = simulate(Deck({"Mountain": 20, bolt: 40}), games=500, turns=5, seed=3,
                   mulligan=MulliganPolicy.never())
    assert res.kill_turn.p_by(5).value == 0


def test_705_2_mana_crypt_read_from_its_text_flips_a_coin_each_upkeep():
    """The coin flip is read (damage_to_you_if_flip_lost, 705.2): the card fully read, 3 damage
    at the player's upkeep (503.1a) when the flip is lost."""
    rec, crypt = _read("Mana Crypt", "{0}", "Artifact",
                       "At the beginning of your upkeep, flip a coin. If you lose the flip, this artifact "
                       "deals 3 damage to you.\n{T}: Add {C}{C}.")
    assert crypt.uncastable == "" and crypt.mana_abilities and rec.bucket == "fully"
    assert rec.table["abilities"][0] == {"kind": "trigger", "event": "your_upkeep", "damage_to_you_if_flip_lost": 3}


def test_603_2_mana_vault_read_from_its_text_is_never_cast_its_draw_step_damage_unread():
    rec, vault = _read("Mana Vault", "{1}", "Artifact",
                       "This artifact doesn't untap during your untap step.\nAt the beginning of your draw "
                       "step, if this artifact is tapped, it deals 1 damage to you.\n{T}: Add {C}{C}{C}.")
    assert vault.uncastable.startswith("unread drawback (120.3a, 603.2: damage dealt to you)")
    s = Scenario(Deck({vault: 1, "Wastes": 1}).db)
    s.add("Wastes")
    s.add_to_hand(vault)
    assert not s.can_cast(vault)
    with pytest.raises(RulesError, match="unread drawback"):
        s.cast(vault)


@pytest.mark.parametrize("name, text, what", [
    ("Lotus Field", "Hexproof\nThis land enters tapped.\nWhen this land enters, sacrifice two lands.\n"
     "{T}: Add three mana of any one color.", "701.21a, 603.2: sacrificing"),
    ("Rupture Spire", "This land enters tapped.\nWhen this land enters, sacrifice it unless you pay {1}.\n"
     "{T}: Add one mana of any color.", "701.21a, 603.2: sacrificing"),
])
def test_603_2_lotus_field_and_rupture_spire_read_from_their_text_are_never_played(name, text, what):
    """Their enters triggers (sacrifice two lands; sacrifice it unless {1} is paid) are not in
    the vocabulary: the land is never played, never a free source of mana."""
    rec, land = _read(name, "", "Land", text)
    assert land.uncastable.startswith(f"unread drawback ({what}")
    assert land.uncastable.startswith("unread drawback")
    assert any(c.status == UNRECOGNIZED and c.text.endswith("never played") for c in rec.clauses)
    s = Scenario(Deck({land: 1}).db)
    s.add_to_hand(land)
    with pytest.raises(RulesError, match="not played by the simulator"):
        s.play_land(land)
    assert s.battlefield() == []
    res = simulate(Deck({land: 40, "Grizzly Bears": 20}), games=200, turns=4, seed=1,
                   mulligan=MulliganPolicy.never(), track=["Grizzly Bears"])
    assert res.p_cast("Grizzly Bears", 4).value == 0


@pytest.mark.parametrize("text, what", [
    ("At the beginning of your upkeep, sacrifice a creature.", "701.21a, 603.2: sacrificing"),
    ("At the beginning of your upkeep, sacrifice this creature unless you pay {G}{G}.",
     "701.21a, 603.2: sacrificing"),
    ("When this creature enters, each player sacrifices a creature of their choice.",
     "701.21a, 603.2: sacrificing"),
    ("When this creature enters, exile a land you control.", "701.21a, 603.2: sacrificing or exiling"),
    ("When this creature enters, return a creature you control to its owner's hand.",
     "400.7, 603.2: returning"),
    ("At the beginning of your upkeep, you lose 2 life for each card in your hand.",
     "119.3, 603.2: losing life"),
    ("At the beginning of your upkeep, reveal the top card of your library and put it into your hand; you "
     "lose life equal to its mana value.", "119.3, 603.2: losing life"),
    ("Whenever this creature attacks, it deals 2 damage to you unless you discard a card.",
     "120.3a, 603.2: damage dealt to you"),
    ("At the beginning of your upkeep, this creature deals 1 damage to each player and each creature.",
     "120.3a, 603.2: damage dealt to you"),
    ("When this creature enters, discard a card at random.", "701.9a, 603.2: discarding"),
    ("When this creature enters, each player discards a card.", "701.9a, 603.2: discarding"),
    ("When this creature enters, sacrifice it unless you discard a card.", "701.21a, 603.2: sacrificing"),
    ("When this creature enters, you skip your next turn.", "614.1b, 603.2: skipping"),
    ("Skip your draw step.", "614.1b, 604.1: skipping"),
    ("You can't cast noncreature spells.", "101.2, 604.1: a restriction on yourself"),
    # (symmetric statics and triggers bind the player too: 101.2 "can't" beats "can")
    ("Each player can't cast more than one spell each turn.", "101.2, 604.1: a restriction on yourself"),
    ("Each player who has cast a nonartifact spell this turn can't cast additional nonartifact spells.",
     "101.2, 604.1: a restriction on yourself"),
    ("Activated abilities of artifacts, creatures, and planeswalkers can't be activated.",
     "101.2, 605.1a, 604.1: a restriction on your own activated abilities"),
    ("Whenever a player casts a spell, if no mana was spent to cast it, counter that spell.",
     "701.6a, 603.2: countering your own spells"),
    ("Whenever a player casts a spell, if no colored mana was spent to cast it, counter that spell.",
     "701.6a, 603.2: countering your own spells"),
    ("Whenever this creature attacks, you and defending player each discard a card or sacrifice a permanent.",
     "701.21a, 603.2"),
    ("When this creature enters, target opponent gains control of it.", "800.4a, 603.2"),
])
def test_an_unread_drawback_to_its_controller_makes_the_card_never_cast(text, what):
    """Each class of drawback, unread: the card is never cast, the clause saying why."""
    rec, card = _read("Test Cursed Beast", "{1}{G}", "Creature \u2014 Beast", text, "5/5")
    assert card.uncastable.startswith(f"unread drawback ({what}")
    assert card.uncastable.startswith("unread drawback")
    assert rec.unrecognized and rec.unrecognized[0].endswith("never cast")
    s = Scenario(Deck({card: 1, "Forest": 2}).db)
    s.add("Forest"), s.add("Forest")
    s.add_to_hand(card)
    assert not s.can_cast(card)
    with pytest.raises(RulesError, match="not cast by the simulator: unread drawback"):
        s.cast(card)


def test_608_2_a_spells_unread_drawback_sentence_makes_it_never_cast():
    """A spell read sentence by sentence: its token read, the token's end-step sacrifice
    unread in a sentence of its own — it would be a free permanent creature."""
    rec, card = _read("Test Fleeting Army", "{2}{R}", "Sorcery",
                      "Create a 4/4 red Elemental creature token with haste. Sacrifice the token at the "
                      "beginning of the next end step.")
    assert card.uncastable.startswith("unread drawback (701.21a, 608.2: sacrificing")


@pytest.mark.parametrize("text", [
    "When this creature enters, each opponent sacrifices a creature.",          # (a goldfish opponent's loss)
    "When this creature enters, target player discards a card.",
    "When this creature enters, target opponent loses 2 life.",
    "When this creature enters, you may sacrifice a land. If you do, draw two cards.",     # (an option)
    "When this creature enters, draw a card, then discard a card.",             # (read: a filter, 701.9a)
    "When this creature enters, discard a card.",                               # (read: 701.9a, the goldfish's
    #                                                                             least wanted card)
    "{1}, Sacrifice a creature: Draw a card.",                                  # (never activated)
    "Sacrifice this creature: Add {R}{R}.",
    "When this creature dies, return it to its owner's hand.",                  # (a benefit)
    "Whenever a creature an opponent controls attacks, you lose 1 life.",    # (never, in a goldfish)
    "Evoke\u2014{1}{G}, Pay 3 life.",                                           # (an alternative cost, 118.9)
    "When this creature enters, create a 1/1 token. Sacrifice it at the beginning of the next end step.",
    "When this creature enters, exile up to one target creature you control, then return it to the "
    "battlefield.",
    "When this creature enters, return a land you control to its owner's hand.",   # (read: return_land)
    # (the opponent's choice, or their loss; a card drafted for the one discarded: a filter)
    "When this creature enters, target opponent loses 3 life unless they sacrifice a permanent or discard a "
    "card.",
    "When this creature enters, draft a card from this creature's spellbook, then discard a card.",
    # (a lock on the opponent's only, or on a name the goldfish's policy gives an opponent's card)
    "Activated abilities of creatures your opponents control can't be activated.",
    "As this creature enters, choose a card name.\nActivated abilities of sources with the chosen name can't be "
    "activated.",
])
def test_what_is_no_drawback_to_its_controller_leaves_the_card_castable(text):
    """An effect on the goldfish opponent, an option, an activated ability's cost (the ability
    is never activated), a benefit, a trigger that never happens: the card is cast as before."""
    rec, card = _read("Test Fair Beast", "{1}{G}", "Creature \u2014 Beast", text, "3/3")
    assert card.uncastable == "", card.uncastable
    s = Scenario(Deck({card: 1, "Forest": 2}).db)
    s.add("Forest"), s.add("Forest")
    s.add_to_hand(card)
    assert s.can_cast(card)


def test_an_opponents_loss_that_is_read_stays_read_and_castable():
    rec, card = _read("Test Draining Bat", "{1}{B}", "Creature \u2014 Bat",
                      "Flying\nWhen this creature enters, each opponent loses 2 life.", "1/1")
    assert rec.bucket == "fully" and card.uncastable == ""
    s = Scenario(Deck({card: 1, "Swamp": 2}).db)
    s.add("Swamp"), s.add("Swamp")
    s.add_to_hand(card)
    s.cast(card)
    assert s.life("opponent") == 18 and s.life() == 20


def test_a_reported_drawback_is_in_the_card_coverage_in_its_words():
    rec, card = _read("Test Cursed Beast", "{1}{G}", "Creature \u2014 Beast",
                      "At the beginning of your upkeep, sacrifice a creature.", "5/5")
    why = "unread drawback (701.21a, 603.2: sacrificing or exiling your own permanents)"
    clause = "At the beginning of your upkeep, sacrifice a creature."
    assert card.uncastable == f"{why}: '{clause}'"
    assert [c.status for c in rec.clauses] == [UNRECOGNIZED]
    assert rec.unrecognized[0] == f"{clause} — {why}: never cast"


def test_106_6_cavern_of_souls_read_from_its_text_keeps_its_restricted_coloured_mana():
    """"Spend this mana only to cast a creature spell of the chosen type": read with the choice
    (one creature type per game, compile.chosen_creature_type), the restriction kept; the land
    makes {C} or any colour (tests/rules/test_chosen_creature_type.py: what that mana casts)."""
    rec, cavern = _read("Cavern of Souls", "", "Land",
                        "As this land enters, choose a creature type.\n{T}: Add {C}.\n{T}: Add one mana of "
                        "any color. Spend this mana only to cast a creature spell of the chosen type, and "
                        "that spell can't be countered.")
    assert cavern.uncastable == "" and len(cavern.mana_abilities) == 2 and rec.bucket == "fully"
    assert cavern.mana_abilities[1].spend_only_on.text == "creature spells of the chosen type"
    s = Scenario(Deck({cavern: 1}).db)
    p = s.add(cavern)
    assert s.could_produce(p) == frozenset("WUBRGC")
