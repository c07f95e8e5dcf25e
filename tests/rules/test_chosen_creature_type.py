""""As ~ enters, choose a creature type" and mana spent only on "a creature spell of the chosen
type" (106.6; Cavern of Souls, Unclaimed Territory): the type is one per game, chosen by the
player — a Scenario's `creature_type`, else the goldfish's policy (compile.chosen_creature_type:
the creature type most of the deck's creature cards share, by copies; a tie, the first
alphabetically) — and compiled into the restriction's spell subtypes. "That spell can't be
countered" changes nothing in a goldfish (701.6a: its opponent counters nothing)."""
import pytest

from mtgsim import ArgumentError, Deck, RulesError, Scenario, card
from mtgsim.compile import chosen_creature_type, compile_deck

ELF = card("Test Elf", "{G}", "Creature — Elf Druid", "1/1")
GOBLIN = card("Test Goblin", "{R}", "Creature — Goblin", "1/1")
WIZARD_ELF = card("Test Elf Wizard", "{1}{G}", "Creature — Elf Wizard", "2/2")
BOLT = card("Test Bolt", "{R}", "Instant")
KINDRED = card("Test Kindred Elf Spell", "{G}", "Kindred Sorcery — Elf")


def _cavern_mana(s: Scenario, color: str) -> None:
    s.add_to_hand("Cavern of Souls")
    cavern = s.play_land("Cavern of Souls")
    assert not s.is_tapped(cavern) and s.could_produce(cavern) == {"W", "U", "B", "R", "G", "C"}
    assert s.tap_for_mana(cavern, 1, color=color) == {color: 1}


def test_106_6_cavern_of_souls_mana_casts_a_creature_spell_of_the_chosen_type_only():
    """An Elf chosen: its coloured mana casts an Elf creature spell; not a Goblin creature, not
    an instant, not a kindred sorcery that is an Elf but no creature spell (106.6: it stays in
    the pool, restricted)."""
    s = Scenario(creature_type="Elf")
    _cavern_mana(s, "R")
    for spell in (GOBLIN, BOLT):
        s.add_to_hand(spell)
        with pytest.raises(RulesError):
            s.cast(spell)
    assert s.restricted_pool()
    s.next_turn()
    s.next_turn()
    _cavern_mana(s, "G")
    s.add_to_hand(KINDRED)
    with pytest.raises(RulesError):
        s.cast(KINDRED)
    s.add_to_hand(ELF)
    s.cast(ELF)
    assert s.pool() == {} and not s.restricted_pool()


def test_106_6_the_type_chosen_is_the_players_a_goblin_chosen_casts_the_goblin():
    s = Scenario(creature_type="Goblin")
    _cavern_mana(s, "R")
    s.add_to_hand(GOBLIN)
    s.cast(GOBLIN)
    assert s.pool() == {} and not s.restricted_pool()


def test_106_6_the_goldfish_chooses_the_creature_type_most_of_its_creature_cards_share():
    """By copies: 4 Elf Druids and 4 Elf Wizards outnumber 6 Goblins; a tie goes to the first
    alphabetically; no creature card, no type (the mana then casts nothing)."""
    assert chosen_creature_type([(ELF, 4), (WIZARD_ELF, 4), (GOBLIN, 6), (BOLT, 20)]) == "Elf"
    assert chosen_creature_type([(ELF, 4), (GOBLIN, 9)]) == "Goblin"
    assert chosen_creature_type([(WIZARD_ELF, 3), (GOBLIN, 3)]) == "Elf"       # (Elf, Goblin, Wizard: 3 each)
    assert chosen_creature_type([(BOLT, 4), (KINDRED, 4)]) is None


def test_106_6_a_deck_compiles_the_type_it_chooses_into_the_caverns_restriction():
    deck = Deck({"Cavern of Souls": 4, "Mountain": 16, GOBLIN: 9, ELF: 4})
    t = compile_deck(deck).tables
    c = t.cards[t.row("Cavern of Souls")]
    row = t.spend_restrictions[t.mana_abilities[c["mana_first"] + 1]["restriction"]]
    assert row["spells"] == 1 and row["spell_subtypes"] == 1 << t.subtypes.index("Goblin")
    none = compile_deck(Deck({"Cavern of Souls": 4, "Mountain": 16, BOLT: 4})).tables
    c = none.cards[none.row("Cavern of Souls")]
    assert none.spend_restrictions[none.mana_abilities[c["mana_first"] + 1]["restriction"]]["spells"] == 0


def test_a_creature_type_outside_the_rules_words_names_the_argument():
    with pytest.raises(ArgumentError, match="creature_type 'Elff' is not a creature type"):
        Scenario(creature_type="Elff")
