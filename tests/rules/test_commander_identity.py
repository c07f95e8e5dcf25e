"""Mana of "any color in your commander's color identity" (Command Tower, Path of Ancestry,
Arcane Signet, Commander's Sphere, and imported cards with that text): one mana of a colour of
the commanders' colour identity (903.4: the colours of the mana symbols in their costs and
rules text, plus colour indicators); without a commander that colour is undefined and the
ability adds no mana (903.4f, 106.5), and so does a colourless identity. Every figure here is
exact: every game is the same."""
from __future__ import annotations

import pytest

from mtgsim import ArgumentError, Deck, MulliganPolicy, Scenario, card, simulate
from mtgsim.cards.database import card_db
from mtgsim.cards.model import ManaKind
from mtgsim.cards.recognize.mana import mana_effect
from mtgsim.cards.identity import color_identity
from mtgsim.compile import compile_deck
from mtgsim.errors import ArgumentIndexError

BEAR = card("Test Legendary Bear", "{1}{G}", "Legendary Creature — Bear", "2/2")
GRUUL = card("Test Legendary Gruul", "{R}{G}", "Legendary Creature — Warrior", "2/2")
GOLEM = card("Test Legendary Golem", "{2}", "Legendary Artifact Creature — Golem", "2/2")
BLUE = card("Test Blue Sorcery", "{U}", "Sorcery")
GREEN = card("Test Green Sorcery", "{G}", "Sorcery")
ROCK = card("Test Colourless Sorcery", "{1}", "Sorcery")
NEVER = MulliganPolicy.never()
COMMANDER_MANA = ("Command Tower", "Path of Ancestry", "Arcane Signet", "Commander's Sphere")


def test_903_4f_the_curated_cards_declare_commander_identity_mana_and_no_unmodeled_colour():
    db = card_db()
    for name in COMMANDER_MANA:
        c = db[name]
        assert [a.output for a in c.mana_abilities] == [ManaKind.COMMANDER_IDENTITY], name
        assert "color identity" not in c.unmodeled, name


def test_903_4f_imported_text_reads_as_commander_identity_mana():
    assert (mana_effect("Add one mana of any color in your commander's color identity.")
            == {"output": "commander_identity"})


def test_903_4f_sixty_card_deck_without_commander_command_tower_adds_no_mana():
    """60 Command Towers, no Commander section: a land played each turn, no mana ever (before:
    one mana of any colour per Tower, mana available 3 on turn 3 and the {1} sorcery cast)."""
    deck = Deck({"Command Tower": 56, ROCK: 4})
    res = simulate(deck, games=300, turns=4, seed=1, threads=1, mulligan=NEVER)
    assert res.rules.commanders == ()
    for t in range(1, 5):
        assert res.mana_available(t).value == 0
    assert res.p_cast(ROCK, 4).value == 0


def test_903_4f_without_commander_available_mana_is_the_other_lands_only():
    """30 Forests and 30 Command Towers, no commander: the mana available is the Forests in
    play, exactly (compiled: Command Tower has no mana ability at all)."""
    deck = Deck({"Forest": 30, "Command Tower": 30})
    compiled = compile_deck(deck)
    t = compiled.tables
    assert not (t.mana_abilities["card"] == t.row("Command Tower")).any()
    assert (t.mana_abilities["card"] == t.row("Forest")).sum() == 1
    sc = Scenario()
    tower = sc.add("Command Tower")
    sc.add("Forest")
    sc.add("Forest")
    with pytest.raises(ArgumentIndexError, match="Command Tower has 0 mana abilities"):
        sc.tap_for_mana(tower)
    assert sc.can_cast(card("Test Bear Cub", "{1}{G}", "Creature — Bear", "2/2"))
    assert not sc.can_cast(card("Test Elk", "{2}{G}", "Creature — Elk", "3/3"))


def test_903_4_mono_green_commander_command_tower_makes_green_only():
    """Commander {1}{G} over Command Towers: the commander is cast on turn 2 ({G} from a Tower)
    and the {G} sorceries are castable, but a {U} sorcery never is (before: any colour)."""
    deck = Deck({"Command Tower": 91, GREEN: 4, BLUE: 4}, commander={BEAR: 1})
    res = simulate(deck, games=300, turns=6, seed=2, threads=1, mulligan=NEVER)
    assert res.p_cast(BEAR, 1).value == 0 and res.p_cast(BEAR, 2).value == 1
    assert res.p_cast(BLUE, 6).value == 0
    for t in range(1, 7):
        assert res.mana_available(t).value == t
    assert color_identity([BEAR]) == color_identity([GREEN])


def test_903_4_two_colour_commander_command_tower_makes_either_colour():
    """Commander {R}{G} over 99 Command Towers: cast on turn 2 in every game (one Tower makes
    {R}, the other {G}); in a Scenario, a Tower makes {R} or {G} as chosen, never {U}."""
    deck = Deck({"Command Tower": 99}, commander={GRUUL: 1})
    res = simulate(deck, games=300, turns=3, seed=3, threads=1, mulligan=NEVER)
    assert res.p_cast(GRUUL, 1).value == 0 and res.p_cast(GRUUL, 2).value == 1
    sc = Scenario()
    sc.add_to_command_zone(GRUUL)
    towers = [sc.add("Command Tower") for _ in range(3)]
    assert sc.tap_for_mana(towers[0], color="R") == {"R": 1}
    assert sc.tap_for_mana(towers[1], color="G") == {"G": 1}
    with pytest.raises(ArgumentError, match=r"can't produce \{U\}"):
        sc.tap_for_mana(towers[2], color="U")


def test_903_4_colourless_commander_command_tower_adds_no_mana():
    """A colourless commander ({2}) has no colour to add: Command Tower makes nothing (106.5),
    so over 99 Towers the commander is never cast."""
    deck = Deck({"Command Tower": 99}, commander={GOLEM: 1})
    res = simulate(deck, games=200, turns=4, seed=4, threads=1, mulligan=NEVER)
    assert res.mana_available(4).value == 0 and res.p_cast(GOLEM, 4).value == 0


def test_903_4_identity_includes_mana_symbols_in_rules_text_but_not_reminder_text():
    """Bosh-like: cost {8}, text with {3}{R}: red (903.4's example); reminder text ignored
    (903.4c); a colour indicator counts (204)."""
    bosh = card("Test Legendary Bosh", "{8}", "Legendary Artifact Creature — Golem", "6/7",
                text="{3}{R}, Sacrifice an artifact: Test deals damage to any target. ({G}: reminder)")
    assert color_identity([bosh]) == color_identity([card("Test Red", "{R}")])
    assert color_identity([BEAR, GRUUL]) == color_identity([GRUUL])
    assert color_identity([GOLEM]) == 0


def test_903_4f_scenario_without_commander_no_mana_then_your_commanders_colours():
    """Scenario: no commander in your command zone, Command Tower has no mana ability; once a
    mono-green commander is put there, it makes {G} (and not {U})."""
    sc = Scenario()
    tower = sc.add("Command Tower")
    with pytest.raises(ArgumentIndexError, match="Command Tower has 0 mana abilities"):
        sc.tap_for_mana(tower)
    sc.add_to_command_zone(BEAR)
    with pytest.raises(ArgumentError, match=r"can't produce \{U\}"):
        sc.tap_for_mana(tower, color="U")
    assert sc.tap_for_mana(tower) == {"G": 1}


def test_903_4f_color_requirements_count_command_tower_for_the_identity_only():
    with_bear = Deck({"Command Tower": 10, "Forest": 10, GREEN: 40}, commander={BEAR: 1})
    assert set(with_bear.color_requirements()) == {"G"}
    assert with_bear.color_requirements()["G"].sources == 20
    without = Deck({"Command Tower": 10, "Forest": 10, GREEN: 40})
    assert without.color_requirements()["G"].sources == 10
