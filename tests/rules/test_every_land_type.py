"""A land that is every nonbasic land type (Planar Nexus: "~ is every nonbasic land type"): a
characteristic-defining ability (604.3: it functions in all zones), read as the land types on its
type line, every nonbasic one of 205.3i (Cave, Desert, Gate, Lair, Locus, Mine, Planet,
Power-Plant, Sphere, Tower, Town, Urza's), so every rule counting or asking for a land of such a
type counts it: an Urza's Mine with it alone makes {C}{C} (it is an Urza's Power-Plant and an
Urza's Tower), a "Desert" it may be sacrificed as. No basic land type: no intrinsic mana (305.6)."""
from mtgsim import Scenario
from mtgsim.cards.database import card_from_table
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.cards.recognize import recognize

TEXT = "Planar Nexus is every nonbasic land type.\n{T}: Add {C}.\n{1}, {T}: Add one mana of any color."


def _nexus():
    rec = recognize(OracleCard("Planar Nexus", "normal", (OracleFace("Planar Nexus", "", "Land", TEXT, None, None),)))
    assert rec.bucket == "fully", rec.clauses
    return card_from_table(rec.table)


def test_205_3i_it_has_every_nonbasic_land_type_and_no_basic_one():
    nexus = _nexus()
    assert set(nexus.subtypes) == {"Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Planet", "Power-Plant",
                                   "Sphere", "Tower", "Town", "Urza's"}
    s = Scenario()
    p = s.add(nexus)
    assert s.could_produce(p) == {"C", "W", "U", "B", "R", "G"}
    assert s.tap_for_mana(p) == {"C": 1}


def test_604_3_an_urzas_mine_with_it_alone_makes_two_colorless():
    """Urza's Mine: "If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead":
    the Nexus is both."""
    nexus = _nexus()
    s = Scenario()
    assert s.tap_for_mana(s.add("Urza's Mine")) == {"C": 1}
    s = Scenario()
    s.add(nexus)
    assert s.tap_for_mana(s.add("Urza's Mine")) == {"C": 2}
