"""Text the recognizers leave unread is never played for free (issue 29, item 4): an unread
additional cost, cost increase or casting restriction makes the card uncastable by the
simulator (601.2b, 601.2f, 601.3); "doesn't untap during your untap step" is read (502.3); the
abilities of a Class level, a leveler's level, a Saga's chapter or a solved Case are not active
from the start (716.2a, 711.2a, 714.2b, 719.3c). Each is reported in the card's words. The
cards' text is the oracle's (tests/corpus.py), read from a bulk file as a user's would be."""
import dataclasses
import json

import pytest
from bulk_cards import _scryfall

from mtgsim import Deck, Scenario, card_db, simulate
from mtgsim.cards.model import LandPlays, TriggeredAbility
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import RECOGNIZED, UNRECOGNIZED, recognize
from mtgsim.cards.database import card_from_table
from mtgsim.errors import RulesError

GRIM = "This artifact doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n{4}: Untap this artifact."
VAULT = ("This artifact doesn't untap during your untap step.\nAt the beginning of your upkeep, you may pay {4}. "
         "If you do, untap this artifact.\nAt the beginning of your draw step, if this artifact is tapped, it "
         "deals 1 damage to you.\n{T}: Add {C}{C}{C}.")
DRUID_CLASS = ("(Gain the next level as a sorcery to add its ability.)\nLandfall \u2014 Whenever a land you control "
               "enters, you gain 1 life.\n{2}{G}: Level 2\nYou may play an additional land on each of your turns.\n"
               "{4}{G}: Level 3\nWhen this Class becomes level 3, target land you control becomes a creature with "
               "haste and \"This creature's power and toughness are each equal to the number of lands you control.\" "
               "It's still a land.")

CARDS = [
    _scryfall("Kuldotha Rebirth", "{R}", "Sorcery",
              "As an additional cost to cast this spell, sacrifice an artifact.\nCreate three 1/1 red Goblin creature "
              "tokens."),
    _scryfall("Deadly Dispute", "{1}{B}", "Instant",
              "As an additional cost to cast this spell, sacrifice an artifact or creature.\nDraw two cards and create "
              "a Treasure token. (It's an artifact with \"{T}, Sacrifice this token: Add one mana of any color.\")"),
    _scryfall("Druid Class", "{1}{G}", "Enchantment \u2014 Class", DRUID_CLASS, layout="class"),
    _scryfall("Colossus of Sardia", "{9}", "Artifact Creature \u2014 Golem",
              "Trample\nThis creature doesn't untap during your untap step.\n{9}: Untap this creature. Activate only "
              "during your upkeep.", "9/9"),
    _scryfall("Mountain", "", "Basic Land \u2014 Mountain", "({T}: Add {R}.)"),
    _scryfall("Swamp", "", "Basic Land \u2014 Swamp", "({T}: Add {B}.)"),
    _scryfall("Forest", "", "Basic Land \u2014 Forest", "({T}: Add {G}.)"),
]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "oracle-cards.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    return card_db(path)


def _read(name, cost, type_line, text, pt=None, layout="normal"):
    """The card as its text alone reads (no curated entry), renamed so that the curated
    card of the same name never stands in for it."""
    p, t = pt.split("/") if pt else (None, None)
    rec = recognize(OracleCard(name, layout, (OracleFace(name, cost, type_line, text, p, t),)))
    return rec, card_from_table(rec.table).renamed(f"{name} (from its text)")


def test_601_2b_kuldotha_rebirth_with_no_artifact_is_never_cast_and_never_kills(db):
    """20 Mountain and 40 Kuldotha Rebirth: its additional cost (sacrifice an artifact) is not
    in the vocabulary, so it is never cast — before, it was cast for {R} alone and the deck
    killed by turn 4 in 98.4% of games (`mtgsim simulate`, 20,000 games, seed 1)."""
    card = db["Kuldotha Rebirth"]
    assert card.recognized == "partly"
    assert card.uncastable == ("unread additional cost (601.2b): 'As an additional cost to cast Kuldotha Rebirth, "
                               "sacrifice an artifact.'")
    res = simulate(Deck({"Mountain": 20, "Kuldotha Rebirth": 40}, db=db), games=2000, turns=6, seed=1,
                   track=["Kuldotha Rebirth"])
    assert res.p_cast("Kuldotha Rebirth", 6).value == 0
    assert res.kill_turn.p_by(4).value == 0 and res.kill_turn.p_by(6).value == 0
    assert res.p_castable("Kuldotha Rebirth", 1).value > 0.9      # (its mana is there: the figure stays)
    assert any("unread additional cost (601.2b): never cast" in r and "sacrifice an artifact" in r
               for r in db.coverage(Deck({"Kuldotha Rebirth": 1}, db=db)).reasons["Kuldotha Rebirth"])


def test_a_land_is_never_chosen_for_a_card_the_simulator_never_casts():
    """The land played is the one letting the most of the hand be cast, and giving the colours
    it lacks (the play policy): a card never cast counts for neither. With an uncastable {R}
    card in the deck, a green one-drop is cast on turn 1 exactly as often as with an
    uncastable {7} card in its place (same games, seed for seed)."""
    from mtgsim import MulliganPolicy, card
    from mtgsim.cards.database import card_from_table as table_card
    elf = card("Test Green One-Drop", "{G}", "Creature \u2014 Elf", "1/1")
    red = table_card({"name": "Test Uncastable Red", "cost": "{R}", "type": "Sorcery",
                      "uncastable": "unread additional cost (601.2b): test"})
    seven = table_card({"name": "Test Uncastable Seven", "cost": "{7}", "type": "Sorcery",
                        "uncastable": "unread additional cost (601.2b): test"})
    runs = [simulate(Deck({"Mountain": 12, "Forest": 12, elf: 16, other: 20}), games=3000, turns=2, seed=8,
                     mulligan=MulliganPolicy.never(),
                     track=[elf.name]) for other in (red, seven)]
    assert runs[0].p_cast(elf.name, 1).value == runs[1].p_cast(elf.name, 1).value


def test_601_2b_deadly_dispute_needs_its_sacrifice_so_it_is_never_cast(db):
    card = db["Deadly Dispute"]
    assert "unread additional cost (601.2b)" in card.uncastable and "artifact or creature" in card.uncastable
    assert "never cast" in card.unmodeled
    res = simulate(Deck({"Swamp": 20, "Deadly Dispute": 40}, db=db), games=1000, turns=5, seed=2,
                   track=["Deadly Dispute"])
    assert res.p_cast("Deadly Dispute", 5).value == 0 and res.p_castable("Deadly Dispute", 2).value > 0.5
    s = Scenario(db)
    s.add("Swamp")
    s.add("Swamp")
    assert not s.can_cast("Deadly Dispute")
    with pytest.raises(RulesError, match="not cast by the simulator: unread additional cost"):
        s.cast("Deadly Dispute")
    assert not any(s.is_tapped(p) for p in s.battlefield())          # (nothing paid)


@pytest.mark.parametrize("text, what", [
    ("As an additional cost to cast this spell, discard a card.\nDraw three cards.", "additional cost (601.2b)"),
    ("This spell costs {2} more to cast if it targets a creature.\nDraw two cards.", "cost increase (601.2f)"),
    ("Cast this spell only during combat.\nDraw two cards.", "casting restriction (601.3)"),
])
def test_an_unread_cost_or_restriction_on_casting_makes_the_card_uncastable(text, what):
    rec, card = _read("Test Costly Draw", "{1}{U}", "Instant", text)
    assert card.uncastable.startswith(f"unread {what}: ") and "never" not in card.uncastable
    assert any(c.status == UNRECOGNIZED and c.text.endswith(f"unread {what}: never cast") for c in rec.clauses)


@pytest.mark.parametrize("text", [
    "Cast this spell only before combat or during combat before blockers are declared.\nDraw two cards.",
    "Cast this spell only during your turn.\nDraw two cards.",
    "Strive \u2014 This spell costs {1}{U} more to cast for each target beyond the first.\nDraw two cards.",
    "During turns other than yours, this spell costs {3} more to cast.\nDraw two cards.",
])
def test_601_3_a_restriction_the_goldfish_always_meets_takes_nothing_away(text):
    """The goldfish casts spells in its own turn's main phase, before combat, choosing one
    target where more would cost more: such a restriction always holds, the card is cast."""
    _, card = _read("Test Timely Draw", "{1}{U}", "Instant", text)
    assert card.uncastable == ""


def test_an_optional_additional_cost_or_an_unread_alternative_cost_takes_nothing_away():
    """Optional costs ("you may ...", kicker) and alternative costs (118.9) only add ways to
    cast a card: unread, the card is cast for its mana cost, as printed."""
    for text in ("As an additional cost to cast this spell, you may sacrifice a creature.\nDraw a card.",
                 "You may pay 2 life rather than pay this spell's mana cost.\nDraw a card."):
        _, card = _read("Test Optional Cost", "{1}{U}", "Instant", text)
        assert card.uncastable == ""


def test_an_echo_upkeep_cost_unread_makes_the_card_uncastable():
    """702.30a: echo is a cost paid at the next upkeep or the permanent is sacrificed."""
    rec, card = _read("Test Echo Bear", "{1}{G}", "Creature \u2014 Bear", "Echo {1}{G}", "4/4")
    assert "unread upkeep cost (702.30a, 702.24a): 'Echo {1}{G}'" in card.uncastable


@pytest.mark.parametrize("text", [
    "{T}, Sacrifice an artifact: Add {R}{R}.",                       # (a cost part outside the vocabulary)
    "{1}, Exile a card from your graveyard: Draw two cards.",
    "{T}: Add {G}. Activate only if a creature died this turn.",      # (602.5: a condition it can't read)
])
def test_602_an_ability_with_an_unread_cost_or_condition_is_never_activated(text):
    """An activated ability is read whole or not at all: with a part of its cost, or its
    "Activate only ..." condition (602.5), unread, it is not in the card's abilities — never
    activated, never a mana source — and the clause is reported."""
    rec, card = _read("Test Costly Relic", "{2}", "Artifact", text)
    assert not card.abilities and [c.status for c in rec.clauses] == [UNRECOGNIZED]


def test_502_3_grim_monolith_read_from_its_text_stays_tapped_through_untap_steps():
    """Read from its text alone, Grim Monolith doesn't untap during its controller's untap
    step: tapped for {C}{C}{C} once, it stays tapped (its "{4}: Untap" read, 701.26a, but
    never paid for by the goldfish: {4} for {C}{C}{C} again). Before, it untapped every turn."""
    rec, grim = _read("Grim Monolith", "{2}", "Artifact", GRIM)
    assert grim.doesnt_untap and [c.status for c in rec.clauses] == [RECOGNIZED, RECOGNIZED, RECOGNIZED]
    s = Scenario(Deck({grim: 1, "Wastes": 1}).db)
    p = s.add(grim)
    s.tap_for_mana(p)
    for _ in range(3):
        s.next_turn()
        assert s.is_tapped(p)
    untaps = dataclasses.replace(grim, doesnt_untap=False).renamed("Grim Monolith (untapping)")
    one = simulate(Deck({"Wastes": 20, grim: 40}), games=1000, turns=5, seed=4)
    other = simulate(Deck({"Wastes": 20, untaps: 40}), games=1000, turns=5, seed=4)
    assert one.mana_available(5).value < other.mana_available(5).value - 3
    # every Monolith ever tapped stays tapped: the mana available grows by at most 3 a Monolith
    # cast, and by the land drop; it never reaches what untapping ones make
    assert one.mana_available(4).value < 0.6 * other.mana_available(4).value


def test_502_3_mana_vault_read_from_its_text_doesnt_untap_and_its_triggers_are_reported():
    rec, vault = _read("Mana Vault", "{1}", "Artifact", VAULT)
    assert vault.doesnt_untap
    assert "At the beginning of your draw step" in vault.unmodeled
    s = Scenario(Deck({vault: 1}).db)
    p = s.add(vault)
    s.tap_for_mana(p)
    s.next_turn()
    assert s.is_tapped(p)


def test_502_3_a_creature_that_doesnt_untap_attacks_once(db):
    colossus = db["Colossus of Sardia"]
    assert colossus.doesnt_untap
    s = Scenario(db)
    p = s.add("Colossus of Sardia")
    assert s.attack([p]) == 9
    s.next_turn()
    assert s.is_tapped(p)


def test_502_3_doesnt_untap_with_a_condition_is_read_as_never_untapping_and_reported():
    rec, card = _read("Test Sleepy Golem", "{3}", "Artifact Creature \u2014 Golem",
                      "This creature doesn't untap during your untap step if you control a Forest.", "5/5")
    assert card.doesnt_untap
    assert rec.bucket != "fully" and "read as never untapping (502.3)" in rec.unrecognized[0]


@pytest.mark.parametrize("text", [
    "This creature can't attack unless defending player controls an Island.",      # (Dandân: it never does)
    "This creature can't attack or block alone.",
    "This creature can't attack unless you sacrifice two Islands.",
])
def test_508_1c_an_unread_restriction_on_attacking_is_read_as_never_attacking(text):
    rec, card = _read("Test Reluctant Serpent", "{1}{U}", "Creature \u2014 Serpent", text, "4/1")
    assert card.cant_attack and "read as never attacking (508.1c)" in rec.unrecognized[0]
    s = Scenario(Deck({card: 1}).db)
    p = s.add(card)
    assert s.attack() == 0
    with pytest.raises(RulesError, match="508.1c"):
        s.attack([p])
    res = simulate(Deck({"Island": 20, card: 40}), games=300, turns=8, seed=7)
    assert res.kill_turn.p_by(8).value == 0


def test_716_2a_a_class_has_only_its_level_1_abilities_from_the_start(db):
    """Druid Class's "You may play an additional land on each of your turns" is its level-2
    ability: not active as it enters (before levels were read, every Druid Class gave an extra
    land play from the start: 2.84 lands on turn 3 of 20 Forest + 40 Druid Class instead of
    2.50). Its level 2 is read, its level 3 (a land becoming a creature) reported unread; no
    level-up can have given a land by turn 3 (cast on turn 2, levelled up on turn 3 at the
    earliest, after that turn's land)."""
    card = db["Druid Class"]
    assert not card.abilities_of(LandPlays) and card.at_level(2).abilities_of(LandPlays)
    assert [a.event.value for a in card.abilities if isinstance(a, TriggeredAbility)] == ["land_you_control_enters"]
    reasons = db.coverage(Deck({"Druid Class": 1}, db=db)).reasons["Druid Class"]
    assert any("becomes a creature with haste" in r and "level 3's ability, not simulated" in r for r in reasons)
    vanilla = dataclasses.replace(card, abilities=(), levels=()).renamed("Vanilla Class")
    res = simulate(Deck({"Forest": 20, "Druid Class": 40}, db=db), games=2000, turns=5, seed=5)
    plain = simulate(Deck({"Forest": 20, vanilla: 40}, db=db), games=2000, turns=5, seed=5)
    for turn in range(1, 4):
        assert res.lands_in_play(turn).value == plain.lands_in_play(turn).value


@pytest.mark.parametrize("name, type_line, text, pt, layout, gated", [
    # 711.2a: a leveler's abilities of a level are not there at level 0
    ("Test Leveler", "Creature \u2014 Elf", "Level up {1}{G}\nLEVEL 2-4\n3/3\nHaste\nLEVEL 5+\n5/5\nTrample", "1/1",
     "leveler", "Haste"),
    # 714.2b: a Saga's chapters are triggered by lore counters, not static from the start (II's static unread)
    ("Test Saga", "Enchantment \u2014 Saga", "(As this Saga enters and after your draw step, add a lore counter.)\n"
     "I \u2014 Create a 1/1 red Goblin creature token.\nII \u2014 Creatures you control have haste.\n"
     "III \u2014 Draw a card.", None, "saga", "Creatures you control have haste."),
])
def test_711_2a_714_2b_levels_and_chapters_are_not_active_from_the_start(name, type_line, text, pt, layout, gated):
    rec, card = _read(name, "{1}{G}", type_line, text, pt, layout)
    # (a Saga's chapters are its chapter abilities, 714.2b: triggered; nothing else active from the start)
    assert not [a for a in card.abilities if getattr(a, "chapter", 0) == 0] and "Haste" not in card.keywords
    assert any(gated in c.text and "not simulated" in c.text and c.status == UNRECOGNIZED
               for c in rec.clauses)


def test_714_2b_a_chapter_irrelevant_to_a_goldfish_is_ignored_as_it_was():
    rec, card = _read("Test Opposing Saga", "{1}{U}", "Enchantment \u2014 Saga",
                      "I, II \u2014 Tap target creature an opponent controls.", None, "saga")
    assert rec.bucket == "fully" and [c.status for c in rec.clauses] == ["ignored"]


def test_ordinary_cards_keep_their_abilities():
    """Reminder text and plain abilities never make a card uncastable or gate its abilities."""
    rec, card = _read("Test Bear Rocks", "{1}{G}", "Creature \u2014 Bear",
                      "Haste (This creature can attack and {T} as soon as it comes under your control.)\n"
                      "{T}: Add {G}.", "2/2")
    assert rec.bucket == "fully" and card.uncastable == "" and not card.doesnt_untap and card.mana_abilities


def test_502_3_the_curated_monoliths_and_mana_vault_dont_untap_either():
    """The shipped entries say it too (`doesnt_untap = true`): tapped, they stay tapped; their
    "{4}: Untap" and Mana Vault's upkeep payment are benefits left in `unmodeled`."""
    db = card_db()
    for name in ("Grim Monolith", "Basalt Monolith", "Mana Vault"):
        assert db[name].doesnt_untap and "Doesn't untap" not in db[name].unmodeled
        s = Scenario(db)
        p = s.add(name)
        s.tap_for_mana(p)
        s.next_turn()
        assert s.is_tapped(p), name


def test_601_2b_curated_harrow_whose_sacrifice_is_unmodeled_is_never_cast():
    db = card_db()
    assert db["Harrow"].uncastable.startswith("unread additional cost (601.2b)")
    s = Scenario(db)
    for _ in range(3):
        s.add("Forest")
    assert not s.can_cast("Harrow")
    res = simulate(Deck({"Forest": 24, "Harrow": 36}), games=500, turns=4, seed=6, track=["Harrow"])
    assert res.p_cast("Harrow", 4).value == 0


def test_the_card_commands_say_a_card_is_never_cast_and_why(capsys):
    from mtgsim.cli import main
    assert main(["card", "Harrow"]) == 0
    assert "never cast by the simulator: unread additional cost (601.2b)" in capsys.readouterr().out
    assert main(["cards", "show", "Grim Monolith"]) == 0
    assert "doesn't untap during its controller's untap step (502.3)" in capsys.readouterr().out
