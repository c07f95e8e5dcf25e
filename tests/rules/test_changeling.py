"""Changeling (702.73a): "This object is every creature type", in every zone -- a
characteristic-defining ability (604.3), so it counts for whatever counts a creature type:
Elvish Archdruid's "{T}: Add {G} for each Elf you control", a spell of the chosen creature type
(Cavern of Souls' mana)."""
from mtgsim import Scenario, card
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import RECOGNIZED, recognize
from mtgsim.cards.database import card_from_table

CHANGELING = card("Test Changeling", "{1}", "Creature — Shapeshifter", "1/1", keywords=["Changeling"])
PLAIN = card("Test Shapeshifter", "{1}", "Creature — Shapeshifter", "1/1")


def test_702_73a_a_changeling_is_an_elf_for_elvish_archdruid():
    """Archdruid (an Elf) and a changeling: {G}{G}; with a plain Shapeshifter instead: {G}."""
    for other, mana in ((CHANGELING, 2), (PLAIN, 1)):
        s = Scenario()
        druid = s.add("Elvish Archdruid")
        s.add(other)
        assert s.tap_for_mana(druid) == {"G": mana}, other.name


def test_702_73a_changeling_read_from_oracle_text_is_a_keyword_of_the_card():
    text = "Changeling (This card is every creature type.)\nThis creature can't block and can't be blocked."
    rec = recognize(OracleCard("Changeling Outcast", "normal", (OracleFace(
        "Changeling Outcast", "{B}", "Creature — Shapeshifter", text, "1", "1"),), ("Changeling",)))
    assert rec.clauses[0].status == RECOGNIZED and rec.bucket == "fully", rec.clauses
    assert card_from_table(rec.table).every_creature_type


def test_702_73a_106_6_cavern_of_souls_mana_casts_a_changeling_for_the_chosen_type():
    """An Elf chosen: Cavern's coloured mana casts a changeling (an Elf among all types), not a
    plain Shapeshifter."""
    green_changeling = card("Test Green Changeling", "{G}", "Creature — Shapeshifter", "1/1", keywords=["Changeling"])
    green_plain = card("Test Green Shapeshifter", "{G}", "Creature — Shapeshifter", "1/1")
    for spell, castable in ((green_changeling, True), (green_plain, False)):
        s = Scenario(creature_type="Elf")
        cavern = s.add("Cavern of Souls")
        s.add_to_hand(spell)
        assert s.tap_for_mana(cavern, 1, color="G") == {"G": 1}
        assert s.can_cast(spell) == castable, spell.name
