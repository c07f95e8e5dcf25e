"""The card model, the TOML loader's validation, and the shipped curated database."""
import re

import pytest

from mtgsim import CardDataError, ManaCost, UnknownCardError, card, card_db
from mtgsim.cards import (CardDatabase, CostModifier, Count, ManaAbility, ManaReplacement,
                          ManaTrigger, StaticGrant, TriggeredAbility, normalize_name)
from mtgsim.cards.model import CountOf, ManaKind

@pytest.fixture(scope="module")
def db():
    return card_db()


# ---- the shipped database ------------------------------------------------------------------

def test_database_is_large_enough(db):
    assert len(db) >= 300


NAMED_IN_ISSUE_AND_DESIGN = [
    # the seeds (../shared/seeds: The Great Henge, The Fire Crystal) and DESIGN.md
    "The Great Henge", "The Fire Crystal", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone",
    "Naga Vitalist", "Heartbeat of Spring", "Mana Flare", "Utopia Sprawl", "Wild Growth",
    "Mana Reflection", "Contamination", "Trinisphere",
    # the foundation issue's list
    "Gaea's Cradle", "City of Brass", "Mana Confluence", "Urza's Tower", "Urza's Mine",
    "Urza's Power Plant", "Llanowar Elves", "Birds of Paradise", "Sol Ring", "Treasure",
    "Nyxbloom Ancient", "Zendikar Resurgent", "Caged Sun", "Gauntlet of Power",
    "Chromatic Lantern", "Pearl Medallion", "Sapphire Medallion", "Jet Medallion",
    "Ruby Medallion", "Emerald Medallion", "Goblin Electromancer", "Helm of Awakening",
    "Sphere of Resistance", "Thalia, Guardian of Thraben", "Jhoira's Familiar",
    "Animar, Soul of Elements", "Hangarback Walker", "Endless One", "Maro", "Pili-Pala",
    "Burst Lightning", "Firebolt", "Grizzly Bears", "Goblin Piker", "Fellwar Stone",
]


@pytest.mark.parametrize("name", NAMED_IN_ISSUE_AND_DESIGN)
def test_named_cards_are_shipped(db, name):
    assert name in db


@pytest.mark.parametrize("name", ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
                                  "Snow-Covered Plains", "Snow-Covered Island", "Snow-Covered Swamp",
                                  "Snow-Covered Mountain", "Snow-Covered Forest"])
def test_basic_lands(db, name):
    c = db[name]
    assert c.is_land and c.is_basic and not c.cost
    assert c.mana_abilities


@pytest.mark.parametrize("cycle", [
    ["Hallowed Fountain", "Watery Grave", "Blood Crypt", "Stomping Ground", "Temple Garden",
     "Godless Shrine", "Steam Vents", "Overgrown Tomb", "Sacred Foundry", "Breeding Pool"],
    ["Glacial Fortress", "Drowned Catacomb", "Dragonskull Summit", "Rootbound Crag",
     "Sunpetal Grove", "Isolated Chapel", "Sulfur Falls", "Woodland Cemetery",
     "Clifftop Retreat", "Hinterland Harbor"],
    ["Seachrome Coast", "Darkslick Shores", "Blackcleave Cliffs", "Copperline Gorge",
     "Razorverge Thicket", "Concealed Courtyard", "Spirebluff Canal", "Blooming Marsh",
     "Inspiring Vantage", "Botanical Sanctum"],
    ["Adarkar Wastes", "Underground River", "Sulfurous Springs", "Karplusan Forest",
     "Brushland", "Caves of Koilos", "Shivan Reef", "Llanowar Wastes", "Battlefield Forge",
     "Yavimaya Coast"],
    ["Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion",
     "Fetid Heath", "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove"],
    ["Azorius Chancery", "Dimir Aqueduct", "Rakdos Carnarium", "Gruul Turf",
     "Selesnya Sanctuary", "Orzhov Basilica", "Izzet Boilerworks", "Golgari Rot Farm",
     "Boros Garrison", "Simic Growth Chamber"],
    ["Savai Triome", "Ketria Triome", "Indatha Triome", "Raugrin Triome", "Zagoth Triome",
     "Spara's Headquarters", "Raffine's Tower", "Xander's Lounge", "Ziatora's Proving Ground",
     "Jetmir's Garden"],
    ["Brightclimb Pathway", "Clearwater Pathway", "Cragcrown Pathway", "Riverglide Pathway",
     "Needleverge Pathway", "Hengegate Pathway", "Darkbore Pathway", "Blightstep Pathway",
     "Barkchannel Pathway", "Branchloft Pathway"],
    ["Tranquil Cove", "Dismal Backwater", "Bloodfell Caves", "Rugged Highlands",
     "Blossoming Sands", "Scoured Barrens", "Swiftwater Cliffs", "Jungle Hollow",
     "Wind-Scarred Crag", "Thornwood Falls"],
    ["Azorius Guildgate", "Dimir Guildgate", "Rakdos Guildgate", "Gruul Guildgate",
     "Selesnya Guildgate", "Orzhov Guildgate", "Izzet Guildgate", "Golgari Guildgate",
     "Boros Guildgate", "Simic Guildgate"],
], ids=["shock", "check", "fast", "pain", "filter", "bounce", "triome", "pathway", "gain", "gate"])
def test_nonbasic_land_cycles(db, cycle):
    for name in cycle:
        c = db[name]
        assert c.is_land and c.mana_abilities, name


def test_signets_and_talismans(db):
    signets = [n for n in db if n.endswith(" Signet") and n != "Arcane Signet"]
    talismans = [n for n in db if n.startswith("Talisman of ")]
    assert len(signets) == 10 and len(talismans) == 10


# Facts pinned against the printed cards (checked against public card files).
@pytest.mark.parametrize("name, cost, type_line, pt", [
    ("The Great Henge", "{7}{G}{G}", "Legendary Artifact", None),
    ("The Fire Crystal", "{2}{R}{R}", "Legendary Artifact", None),
    ("Llanowar Elves", "{G}", "Creature — Elf Druid", "1/1"),
    ("Birds of Paradise", "{G}", "Creature — Bird", "0/1"),
    ("Sol Ring", "{1}", "Artifact", None),
    ("Thalia, Guardian of Thraben", "{1}{W}", "Legendary Creature — Human Soldier", "2/1"),
    ("Trinisphere", "{3}", "Artifact", None),
    ("Grizzly Bears", "{1}{G}", "Creature — Bear", "2/2"),
    ("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", "2/1"),
    ("Hangarback Walker", "{X}{X}", "Artifact Creature — Construct", "0/0"),
    ("Maro", "{2}{G}{G}", "Creature — Elemental", "*/*"),
    ("Pili-Pala", "{2}", "Artifact Creature — Scarecrow", "1/1"),
    ("Burst Lightning", "{R}", "Instant", None),
    ("Firebolt", "{R}", "Sorcery", None),
    ("Urza's Tower", "", "Land — Urza's Tower", None),
])
def test_card_facts(db, name, cost, type_line, pt):
    c = db[name]
    assert str(c.cost) == cost
    assert c.type_line == type_line
    if pt is not None:
        assert f"{c.power}/{c.toughness}" == pt


def test_great_henge_abilities_are_encoded(db):
    henge = db["The Great Henge"]
    reduce, = henge.abilities_of(CostModifier)
    assert reduce.scope.value == "self" and reduce.amount == Count(CountOf.GREATEST_POWER)
    tap, = henge.abilities_of(ManaAbility)
    assert tap.mana == ManaCost.parse("{G}{G}") and tap.effect.value("gain_life") == 2 and tap.cost.tap
    enters, = henge.abilities_of(TriggeredAbility)
    assert enters.event.value == "nontoken_creature_you_control_enters"
    assert enters.effect.value("draw") == 1 and enters.effect.value("counters") == (("+1/+1", 1),)


def test_fire_crystal_abilities_are_encoded(db):
    fc = db["The Fire Crystal"]
    reduce, = fc.abilities_of(CostModifier)
    assert reduce.mana == ManaCost.parse("{1}") and reduce.colors.name == "R"
    haste, = fc.abilities_of(StaticGrant)
    assert haste.grant.value == "haste"


def test_mana_doublers_are_encoded(db):
    assert db["Mana Reflection"].abilities_of(ManaReplacement)[0].multiply == 2
    assert db["Nyxbloom Ancient"].abilities_of(ManaReplacement)[0].multiply == 3
    assert db["Contamination"].abilities_of(ManaReplacement)[0].replace_with == "B"
    assert db["Heartbeat of Spring"].abilities_of(ManaTrigger)[0].adds.value == "produced"
    assert db["Reflecting Pool"].mana_abilities[0].output is ManaKind.ANY_TYPE
    assert db["Exotic Orchard"].mana_abilities[0].output is ManaKind.ANY_COLOR


def test_every_shipped_card_has_text_and_a_type(db):
    for c in db.cards():
        assert c.types, c.name
        vanilla = not (c.abilities or c.keywords or c.unmodeled)
        assert c.text or c.is_basic or c.token or vanilla, c.name


# ---- look-up ----------------------------------------------------------------------------------

def test_lookup_forgives_case_accents_and_apostrophes(db):
    assert db["llanowar elves"].name == "Llanowar Elves"
    assert db["GAEA\u2019S CRADLE"].name == "Gaea's Cradle"
    assert normalize_name("Lim-D\u00fbl") == "lim-dul"
    assert "  forest " in db


def test_double_faced_cards_by_either_name(db):
    front = db["Brightclimb Pathway"]
    assert front.back is not None and front.back.name == "Grimclimb Pathway"
    assert db["Brightclimb Pathway // Grimclimb Pathway"] is front


def test_unknown_card_lists_closest_names(db):
    with pytest.raises(UnknownCardError) as info:
        db["Llanowar Elfs"]
    assert "Llanowar Elves" in info.value.suggestions
    assert "did you mean" in str(info.value)
    assert isinstance(info.value, LookupError)


# ---- user cards -------------------------------------------------------------------------------

def test_a_hypothetical_card_takes_one_line():
    c = card("Test Sorcery", "{1}{G}{G}", "Sorcery")
    assert c.mana_value == 3 and c.types == ("Sorcery",) and c.colors.name == "G"


def test_user_card_with_abilities():
    c = card("Test Elf", "{G}", "Creature — Elf", "1/1",
             abilities=[{"kind": "mana", "cost": "{T}", "mana": "{G}"}])
    assert c.mana_abilities[0].mana == ManaCost.parse("{G}")
    db = card_db(c)
    assert db["test elf"] is c and len(db) == len(card_db()) + 1


def test_extending_does_not_change_the_shipped_database():
    before = len(card_db())
    card_db(card("Another Test", "{1}", "Artifact"))
    assert len(card_db()) == before


def test_redefining_a_card_needs_replace():
    mine = card("Forest", "", "Basic Land — Forest")
    with pytest.raises(CardDataError, match="defined twice"):
        card_db(mine)
    assert card_db().extended(mine, replace=True)["Forest"] is mine


def test_user_toml_file(tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text('[[card]]\nname = "Ramp Test"\ncost = "{1}{G}"\ntype = "Sorcery"\n'
                 'abilities = [{ kind = "spell", lands_to_battlefield = 1 }]\n', encoding="utf-8")
    db = card_db(p)
    assert db["Ramp Test"].abilities[0].effect.value("lands_to_battlefield") == 1


# ---- validation: errors name file, card and field ---------------------------------------

BAD_CARDS = [
    ('cost = "{2}{Q}"', "cost", "untap symbol"),
    ('cost = "{1}"\nflavor = "x"', "flavor", "unknown field"),
    ('cost = "{1}"\nabilities = [{ kind = "manna" }]', "abilities[0].kind", "not one of"),
    ('abilities = [{ kind = "mana", cost = "{T}", mana = "{X}" }]', "abilities[0]", "106.1"),
    ('abilities = [{ kind = "mana", cost = "{T}, Tap an untapped creature", mana = "{G}" }]',
     "abilities[0].cost", "not a cost"),
    ('abilities = [{ kind = "cost", change = "halve" }]', "abilities[0].change", "not one of"),
    ('abilities = [{ kind = "cost", change = "reduce", amount = -1 }]', "abilities[0].amount", "negative"),
    ('abilities = [{ kind = "trigger", event = "self_enters", draw = "lots" }]',
     "abilities[0].effect.draw", "expected a number"),
    ('abilities = [{ kind = "mana", cost = "{T}", mana = "{G}", colour = "G" }]',
     "abilities[0].colour", "unknown field"),
    ('abilities = [{ kind = "mana", cost = "{T}" }]', "abilities[0]", "needs `mana`"),
    ('abilities = "mana"', "abilities", "list"),
    ('keywords = 3', "keywords", "list"),
]


@pytest.mark.parametrize("body, field, fragment", BAD_CARDS)
def test_bad_card_files_name_file_card_and_field(tmp_path, body, field, fragment):
    p = tmp_path / "bad.toml"
    p.write_text(f'[[card]]\nname = "Good Card"\ntype = "Artifact"\n\n[[card]]\nname = "Broken Card"\n'
                 f'type = "Artifact"\n{body}\n', encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        CardDatabase.from_toml(p)
    err = info.value
    assert err.card == "Broken Card" and err.field == field and "bad.toml" in err.source
    msg = str(err)
    assert "bad.toml" in msg and "Broken Card" in msg and field in msg and fragment in msg


@pytest.mark.parametrize("text, fragment", [
    ('[[card]]\nname = "X"\n', "type line"),
    ('[[card]]\nname = "X"\ntype = "Creature"\n', "power/toughness"),
    ('[[card]]\nname = "X"\ntype = "Creature"\npt = "*/2"\n', "star"),
    ('[[card]]\nname = "X"\ntype = "Creature"\npt = "two/2"\n', "not a number"),
    ('[[card]]\nname = "X"\ntype = "Frobnicator"\n', "not a card type"),
    ('[[card]]\ntype = "Artifact"\n', "needs a `name`"),
    ('[[card]]\nname = "X"\ntype = "Artifact"\n[[card]]\nname = "x"\ntype = "Artifact"\n', "defined twice"),
    ('[[card]\nname = "X"\n', "not valid TOML"),
    ('[card]\nname = "X"\n', "array of tables"),
    ('[[cards]]\nname = "X"\n', "unexpected top-level key"),
])
def test_bad_card_files_other_errors(tmp_path, text, fragment):
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError, match=re.escape(fragment)) as info:
        CardDatabase.from_toml(p)
    assert "bad.toml" in str(info.value)


def test_missing_card_file_is_a_clear_error(tmp_path):
    with pytest.raises(CardDataError, match="can't read"):
        CardDatabase.from_toml(tmp_path / "nope.toml")


def test_card_helper_errors_name_the_field():
    with pytest.raises(CardDataError, match="field 'cost'"):
        card("Bad", "{1}{Q}")
    with pytest.raises(CardDataError, match="field 'type'"):
        card("Bad", "{1}", "Spell")


def test_zendikar_resurgent_draws_for_each_creature_spell():
    """Zendikar Resurgent: "Whenever you cast a creature spell, draw a card." (603.2: it
    triggers on casting, whether or not the spell resolves)."""
    from mtgsim import Scenario
    s = Scenario()
    s.add("Zendikar Resurgent")
    s.add("Forest")
    s.add_to_hand("Llanowar Elves")
    s.add_to_library("Island")
    s.cast("Llanowar Elves")
    assert s.hand() == ["Island"]


@pytest.mark.parametrize("name, kind", [("Gold", "mana"), ("Food", "activated"), ("Lander", "activated")])
def test_predefined_tokens(db, name, kind):
    """111.10b, c, u: Food, Gold and Lander tokens as the rules define them."""
    from mtgsim.cards.model import ABILITY_KINDS
    c = db[name]
    assert c.token and c.type_line == f"Artifact — {name}" and isinstance(c.abilities[0], ABILITY_KINDS[kind])


def test_a_gold_token_is_sacrificed_for_mana_without_tapping():
    from mtgsim import Scenario
    s = Scenario()
    gold = s.add("Gold")
    s.tap_for_mana(gold, color="G")
    assert s.pool() == {"G": 1} and not s.on_battlefield(gold)
