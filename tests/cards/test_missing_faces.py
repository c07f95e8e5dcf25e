"""The faces the tests' oracle corpus lacks (tests/data/missing_faces.json, built by
benchmarks/build_missing_faces.py from Forge's card scripts): every card of the tournament decks
has each of its faces, from the corpus or the supplement; the supplement speaks the corpus's own
record format and the bulk reader joins each face to its front as it joins the corpus's own
transforming cards (712.1 double-faced cards, 709.1 split cards, 715.1 adventurers)."""
import json

import pytest
from benchmark_scripts import script
from corpus import FACES, corpus_path, missing_faces, with_faces

from mtgsim.cards.bulk import ImportSummary, read_bulk
from mtgsim.cards.model import CARD_TYPES, SUPERTYPES
from mtgsim.mana import ManaCost

KEYS = {"name", "manaCost", "type", "types", "subtypes", "supertypes", "keywords", "power", "toughness", "loyalty",
        "text", "layout", "colorIdentity", "face", "front"}


@pytest.fixture(scope="module")
def build():
    return script("build_missing_faces")


@pytest.fixture(scope="module")
def bench():
    return script("coverage")


@pytest.fixture(scope="module")
def records():
    return json.loads(corpus_path().read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def names(bench):
    return {name for deck in bench.read_decks() for _, name in deck.rows}


@pytest.fixture(scope="module")
def doc():
    return json.loads(FACES.read_text(encoding="utf-8"))


def test_the_supplement_names_its_source_its_commits_and_the_command_that_builds_it(doc):
    assert doc["source"].startswith("https://github.com/Card-Forge/forge, forge-gui/res/cardsfolder")
    assert "benchmarks/build_missing_faces.py" in doc["built_by"]
    assert set(doc["sources"]) == {r["name"] for r in doc["records"]}
    for face, where in doc["sources"].items():
        path, _, commit = where.partition("@")
        assert path.startswith("forge-gui/res/cardsfolder/") and len(commit) == 40, face
    assert FACES.stat().st_size < 100_000


def test_every_card_of_the_decks_has_its_faces_but_those_the_source_lacks(build, records, names, doc):
    """With the supplement, no card of the decks lacks a face but the ones listed, each with why
    (Secrets of Strixhaven's prepare cards, newer than the source's snapshot; meld cards)."""
    assert set(build.lacking(with_faces(records), names)) == set(doc["not_in_source"])
    lacked = {name.split(" // ")[0] for name in build.lacking(records, names)}
    assert {f["front"] for f in doc["records"]} <= lacked               # (each face supplied was lacking)


def test_each_face_is_a_record_of_the_corpus_format_of_its_fronts_layout(records, doc):
    fronts = {r["name"]: r for r in records if r.get("face") is None}
    for r in doc["records"]:
        assert set(r) == KEYS and r["face"] == "back", r["name"]
        front = fronts[f"{r['front']} // {r['name']}"]
        assert r["layout"] == front["layout"] and r["colorIdentity"] == front["colorIdentity"]
        assert set(r["types"]) <= set(CARD_TYPES) and set(r["supertypes"]) <= set(SUPERTYPES) and r["types"]
        assert r["type"].split(" \u2014 ")[0].split() == r["supertypes"] + r["types"], r["name"]
        if r["manaCost"] is not None:
            ManaCost.parse(r["manaCost"])
        assert r["text"] and "\\n" not in r["text"] and "CARDNAME" not in r["text"], r["name"]


def test_the_bulk_reader_joins_each_face_to_its_front(records, doc, tmp_path):
    """712.1, 709.1, 715.1: the corpus's records of the supplied cards, with the supplement, are
    read as cards of two faces, front then back, named "A // B", nothing skipped -- no special
    path: each front record names its back as the corpus's transforming cards do."""
    fronts = {f["front"] for f in doc["records"]}
    cut = [r for r in records if r.get("face") is None and r["name"].split(" // ")[0] in fronts
           and r["layout"] != "reversible_card"]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(with_faces(cut)), encoding="utf-8")
    summary = ImportSummary()
    cards = {c.faces[0].name: c for c in read_bulk(path, summary)}
    assert summary.problems == [] and not summary.skipped and summary.cards == len(fronts) == len(doc["records"])
    for face in doc["records"]:
        card = cards[face["front"]]
        assert [f.name for f in card.faces] == [face["front"], face["name"]]
        assert card.name == f"{face['front']} // {face['name']}" and card.layout == face["layout"]
        assert card.faces[1].type_line == face["type"] and card.faces[1].oracle_text == face["text"]


def test_a_face_whose_front_is_not_among_the_records_is_left_out_and_a_front_keeps_its_record():
    """with_faces adds a face only with its card's record (named "A // B"), and names it as that
    record's back on a copy."""
    front = {"name": "Fire // Ice", "layout": "split"}
    other = {"name": "Fire // Ice // Fire // Ice", "layout": "reversible_card"}      # (not the card "Fire // Ice")
    ice = {"name": "Ice", "face": "back", "front": "Fire"}
    out = with_faces([front, other], [ice, {"name": "Gone", "face": "back", "front": "Dead"}])
    assert out == [{**front, "back": "Ice"}, other, ice] and "back" not in front


# Ten faces checked by hand against their printed Oracle text (the wording Forge's scripts
# keep: "enters the battlefield" where the 2024 Oracle update says "enters"; same rules).
HAND_CHECKED = {
    "Soporific Springs": (None, "Land", "As Soporific Springs enters, you may pay 3 life. If you don't, it enters "
                                        "tapped.\n{T}: Add {U}."),
    "Witch-Blessed Meadow": (None, "Land", "As Witch-Blessed Meadow enters the battlefield, you may pay 3 life. If you "
                                           "don't, it enters the battlefield tapped.\n{T}: Add {W}."),
    "Volcanic Fissure": (None, "Land", "As Volcanic Fissure enters, you may pay 3 life. If you don't, it enters "
                                       "tapped.\n{T}: Add {R}."),
    "Jwari Ruins": (None, "Land", "Jwari Ruins enters the battlefield tapped.\n{T}: Add {U}."),
    "Petty Theft": ("{1}{U}", "Instant — Adventure",
                    "Return target nonland permanent an opponent controls to its owner's hand."),
    "Stomp": ("{1}{R}", "Instant — Adventure",
              "Damage can't be prevented this turn. Stomp deals 2 damage to any target."),
    "Grove's Bounty": ("{X}{G}", "Sorcery — Adventure", "Distribute X +1/+1 counters among any number of target "
                       "creatures you control. (Then exile this card. You may cast the creature later from exile.)"),
    "Ice": ("{1}{U}", "Instant", "Tap target permanent.\nDraw a card."),
    "Ritual Chamber": ("{3}{B}{B}", "Enchantment — Room", "(You may cast either half. That door unlocks on the "
                       "battlefield. As a sorcery, you may pay the mana cost of a locked door to unlock it.)\nWhen "
                       "you unlock this door, create a 6/6 black Demon creature token with flying."),
    "Fame": ("{1}{R}", "Sorcery", "Aftermath (Cast this spell only from your graveyard. Then exile it.)\nTarget "
                                  "creature gets +2/+0 and gains haste until end of turn."),
}


@pytest.mark.parametrize("name", sorted(HAND_CHECKED))
def test_a_hand_checked_face_has_its_printed_cost_type_and_text(name):
    cost, type_line, text = HAND_CHECKED[name]
    [face] = [r for r in missing_faces() if r["name"] == name]
    assert (face["manaCost"], face["type"], face["text"]) == (cost, type_line, text)


FIRE_ICE = """Name:Fire
ManaCost:1 R
AlternateMode: Split
Types:Instant
A:SP$ DealDamage | Cost$ 1 R | NumDmg$ 2 | SpellDescription$ Fire deals 2 damage divided as you choose.
Oracle:Fire deals 2 damage divided as you choose among one or two targets.
ALTERNATE
Name:Ice
ManaCost:1 U
Types:Instant
K:Hidden extra
Oracle:Tap target permanent.\\nDraw a card.
"""


def test_the_builder_takes_a_scripts_facts_and_never_its_code(build):
    """A Forge script's face becomes a corpus record: cost in the cards' symbols, type line split
    into supertypes, types and subtypes, Oracle text with its line breaks; its A:/SVar: lines
    (Forge's code) and a K: line its text doesn't print are left out."""
    assert build.script_path("Fire // Ice") == "forge-gui/res/cardsfolder/f/fire_ice.txt"
    assert build.script_path("King T'Challa // Black Panther, Hope Enduring") == (
        "forge-gui/res/cardsfolder/k/king_tchalla_black_panther_hope_enduring.txt")
    fire, ice = build.script_faces(FIRE_ICE)
    front = {"name": "Fire // Ice", "layout": "split", "colorIdentity": ["R", "U"]}
    assert build.record(ice, front, "fire_ice.txt") == {
        "name": "Ice", "manaCost": "{1}{U}", "type": "Instant", "types": ["Instant"], "subtypes": [],
        "supertypes": [], "keywords": None, "power": None, "toughness": None, "loyalty": None,
        "text": "Tap target permanent.\nDraw a card.", "layout": "split", "colorIdentity": ["R", "U"],
        "face": "back", "front": "Fire"}
    assert build.record(fire, front, "fire_ice.txt")["text"] == (
        "Fire deals 2 damage divided as you choose among one or two targets.")   # (not its A: line's words)
    assert [build.mana_cost(c) for c in ("3 WU WU", "X G", "2W", "no cost")] == [
        "{3}{W/U}{W/U}", "{X}{G}", "{2/W}", None]


def test_a_mana_symbol_the_builder_doesnt_know_is_refused_naming_it(build):
    with pytest.raises(ValueError, match="ManaCost '2 WUB': 'WUB' is not a mana symbol"):
        build.mana_cost("2 WUB")
