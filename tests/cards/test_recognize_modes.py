"""Modal spells that choose two or more modes (700.2a, 700.2d), "target player draws" and the
control and new-target clauses a goldfish never uses, read from real cards' oracle text and
played in a Scenario.

The goldfish's policy for a spell choosing `n` modes (cards/recognize/abilities.py, _modal_n):
it chooses every mode that does something for it, in their printed order (608.2c), and fills the
rest with modes legal and harmless in a goldfish; a mode that needs a target it can't have is
never chosen (700.2a), one that only hurts it never fills. Where it would have to choose between
effects, or a useful mode's target may be missing (a card in a graveyard), the spell stays
unread: a choice the vocabulary doesn't make is never guessed."""
import pytest

from mtgsim import Scenario
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import UNRECOGNIZED, recognize

CRYPTIC = ("Cryptic Command", "{1}{U}{U}{U}", "Instant", "Choose two \u2014\n\u2022 Counter target spell.\n\u2022 "
           "Return target permanent to its owner's hand.\n\u2022 Tap all creatures your opponents control.\n\u2022 "
           "Draw a card.")
MYSTIC = ("Mystic Confluence", "{3}{U}{U}", "Instant", "Choose three. You may choose the same mode more than once.\n"
          "\u2022 Counter target spell unless its controller pays {3}.\n\u2022 Return target creature to its owner's "
          "hand.\n\u2022 Draw a card.")
FIERY = ("Fiery Confluence", "{2}{R}{R}", "Sorcery", "Choose three. You may choose the same mode more than once.\n"
         "\u2022 Fiery Confluence deals 1 damage to each creature.\n\u2022 Fiery Confluence deals 2 damage to each "
         "opponent.\n\u2022 Destroy target artifact.")
ARCHMAGE = ("Archmage's Charm", "{U}{U}{U}", "Instant", "Choose one \u2014\n\u2022 Counter target spell.\n\u2022 "
            "Target player draws two cards.\n\u2022 Gain control of target nonland permanent with mana value 1 or "
            "less.")
RECALL = ("Ancestral Recall", "{U}", "Instant", "Target player draws three cards.")
# two modes that do something, for two choices: both, in the order printed
KOLAGHAN = ("Kolaghan's Command", "{1}{B}{R}", "Instant", "Choose two \u2014\n\u2022 Return target creature card "
            "from your graveyard to your hand.\n\u2022 Target player discards a card.\n\u2022 Destroy target "
            "artifact.\n\u2022 Kolaghan's Command deals 2 damage to any target.")
PRISMARI = ("Prismari Charm", "{U}{R}", "Instant", "Choose one \u2014\n\u2022 Surveil 2, then draw a card.\n\u2022 "
            "Prismari Charm deals 1 damage to each of one or two targets.\n\u2022 Return target nonland permanent to "
            "its owner's hand.")
WISTFUL = ("Wistful Thinking", "{2}{U}", "Sorcery", "Target player draws two cards, then discards four cards.")


def _read(name, cost, type_line, text):
    rec = recognize(OracleCard(name, "normal", (OracleFace(name, cost, type_line, text, None, None),), ()))
    return rec, card_from_table(rec.table)


def _cast(spell, *lands, library=("Forest",) * 5):
    s = Scenario()
    for name in library:
        s.add_to_library(name)
    s.add_to_hand(spell)
    for land in lands:
        s.add(land)
    s.cast(spell)
    return s


def test_700_2a_cryptic_command_chooses_draw_and_the_harmless_tap_so_it_draws_one_card():
    """Counter target spell can't be chosen (no spell on the stack, 700.2a), bouncing the
    player's own permanent only hurts: the goldfish chooses "tap all creatures your opponents
    control" (none) and "draw a card"."""
    rec, spell = _read(*CRYPTIC)
    assert rec.bucket == "fully", rec.clauses
    s = _cast(spell, "Island", "Island", "Island", "Island")
    assert s.hand() == ["Forest"] and s.life("opponent") == 20


def test_700_2d_mystic_confluence_chooses_draw_a_card_three_times():
    rec, spell = _read(*MYSTIC)
    assert rec.bucket == "fully", rec.clauses
    s = _cast(spell, *["Island"] * 5)
    assert s.hand() == ["Forest"] * 3


def test_700_2d_fiery_confluence_deals_2_damage_to_the_opponent_three_times():
    """6 damage to the opponent: the mode hitting each creature (only the player's own) and the one
    destroying an artifact (only theirs) are never chosen."""
    rec, spell = _read(*FIERY)
    assert rec.bucket == "fully", rec.clauses
    s = _cast(spell, *["Mountain"] * 4)
    assert s.life("opponent") == 14 and s.life() == 20


def test_115_1_archmages_charm_targets_its_caster_to_draw_two_cards():
    """Gaining control of the player's own permanent changes nothing (613.1b); the counter mode
    has no target: the charm is "target player draws two cards", the player targeting themself."""
    rec, spell = _read(*ARCHMAGE)
    assert rec.bucket == "fully", rec.clauses
    assert _cast(spell, "Island", "Island", "Island").hand() == ["Forest", "Forest"]


def test_115_1_ancestral_recall_the_player_targets_themself_and_draws_three():
    rec, spell = _read(*RECALL)
    assert rec.bucket == "fully", rec.clauses
    assert _cast(spell, "Island").hand() == ["Forest"] * 3


@pytest.mark.parametrize("card", [KOLAGHAN, PRISMARI, WISTFUL], ids=lambda c: c[0])
def test_700_2a_a_choice_between_effects_or_a_target_that_may_be_missing_is_left_unread(card):
    """Kolaghan's Command's graveyard mode needs a creature card there (else the other mode is
    chosen: a choice by game state); Prismari Charm's two useful modes are a choice between
    effects; Wistful Thinking's target player both draws and discards (which player the goldfish
    would choose is not read)."""
    rec, _ = _read(*card)
    assert rec.clauses[-1].status == UNRECOGNIZED, rec.clauses
