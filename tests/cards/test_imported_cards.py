"""Real cards from bulk files in the card database: `card_db(bulk file)`, the user's imported
database (`mtgsim cards import`, kept in the user cache and read by `card_db()` without being
told), curated entries overriding recognized ones, coverage by deck, and the simulation's
warnings and record of the cards it doesn't fully understand. Card facts as the oracle has
them (checked against the corpus of tests/corpus.py)."""
import json
import warnings

import pytest
from bulk_cards import CARDS, DECK

from mtgsim import Deck, Scenario, card_db, simulate
from mtgsim.cards.imported import import_bulk, read_imported, user_database_path
from mtgsim.errors import BulkFileError, CardDataError, UnmodeledTextWarning


def test_card_db_reads_a_bulk_file_and_curated_cards_override_recognized_ones(bulk):
    db = card_db(bulk)
    assert db["Heartfire Hero"].recognized == "unknown"         # (neither clause is read)
    assert db["Rockface Village"].recognized == "partly"
    assert db["Raging Goblin"].recognized == "fully" and "Haste" in db["Raging Goblin"].keywords
    assert db["Llanowar Elves"] is card_db()["Llanowar Elves"]          # the curated one
    assert db.verdict("Llanowar Elves").curated
    assert "Treasure" in db and db["Treasure"].token                    # (the curated token, not the skipped record)


def test_a_token_a_card_creates_is_made_from_its_words_and_simulates(bulk):
    """111.4: "create two 1/1 red Goblin creature tokens" defines the tokens; the goldfish
    makes them and attacks with them."""
    db = card_db(bulk)
    lt = db["Test Goblin Recruiter"]
    assert lt.recognized == "fully"
    token = db[lt.abilities[0].effect.value("tokens")[0][0]]
    assert token.token and (token.power.base, token.toughness.base) == (1, 1) and token.subtypes == ("Goblin",)
    s = Scenario(db)
    for _ in range(4):
        s.add("Mountain")
    s.add_to_hand("Test Goblin Recruiter")
    s.cast("Test Goblin Recruiter")
    assert sorted(p.name for p in s.battlefield() if p.name != "Mountain") == sorted(
        ["Test Goblin Recruiter", token.name, token.name])


def test_the_imported_database_is_read_by_later_runs_without_being_told(bulk, cache):
    assert "Heartfire Hero" not in card_db()
    imported = import_bulk(bulk)
    assert user_database_path() == cache / "cards.json" and user_database_path().exists()
    assert imported.summary["skipped"] == {"layout token": 1}
    db = card_db()
    assert db["Heartfire Hero"].recognized == "unknown"
    assert db.source_of("Heartfire Hero") == str(bulk.resolve()) or db.source_of("Heartfire Hero").endswith(
        "oracle-cards.json")


def test_loading_parses_only_the_index_and_a_card_when_it_is_looked_up(bulk, cache):
    import_bulk(bulk)
    cards = read_imported()
    assert not cards.tables                       # nothing parsed yet
    assert read_imported().table("Shock")["abilities"] == [{"kind": "spell", "damage_to_opponent": 2}]
    assert card_db()["Shock"].abilities[0].effect.value("damage_to_opponent") == 2


def test_a_failed_import_leaves_the_previous_database_as_it_was(bulk, cache, tmp_path):
    import_bulk(bulk)
    before = user_database_path().read_bytes()
    broken = tmp_path / "cut.json"
    broken.write_text(json.dumps(CARDS)[:300], encoding="utf-8")
    with pytest.raises(BulkFileError, match="cut.json"):
        import_bulk(broken)
    assert user_database_path().read_bytes() == before
    assert [p.name for p in user_database_path().parent.iterdir()] == ["cards.json"]   # no temporary left


@pytest.mark.parametrize("content, fragment", [
    (b"not json at all", "not an mtgsim card database"),
    (b'{"format": "something else"}\n', "not an mtgsim card database"),
    (b'{"format": "mtgsim imported cards", "cache_format": 999, "mtgsim": "9.9", "source": "x.json"}\n',
     "run `mtgsim cards import x.json` again"),
])
def test_a_damaged_database_is_a_clear_error_saying_what_to_run(cache, content, fragment):
    cache.mkdir(parents=True)
    (cache / "cards.json").write_bytes(content)
    with pytest.raises(CardDataError, match=fragment.replace("(", r"\(").replace(")", r"\)").replace("`", ".")):
        card_db()


def test_a_database_cut_short_is_refused(bulk, cache):
    import_bulk(bulk)
    data = user_database_path().read_bytes()
    user_database_path().write_bytes(data[:-20])
    with pytest.raises(CardDataError, match="cut short"):
        card_db()




def test_coverage_of_a_deck_puts_each_card_in_one_bucket_with_its_reasons(bulk):
    db = card_db(bulk)
    deck = Deck.from_text(DECK, db=db)
    cov = db.coverage(deck)
    assert cov.fully == ["Mountain", "Raging Goblin", "Shock", "Test Goblin Recruiter"]
    assert cov.partly == ["Rockface Village"] and cov.unknown == ["Heartfire Hero"]
    assert any("gets +1/+0 and gains haste" in r for r in cov.reasons["Rockface Village"])
    assert all(r.startswith(("unrecognized: ", "ignored: ")) for rs in cov.reasons.values() for r in rs)
    assert cov.summary_line() == ("card text: 4 fully recognized, 1 partly (Rockface Village), "
                                  "1 unknown (Heartfire Hero)")


def test_a_simulation_warns_once_per_card_not_fully_recognized_and_records_them(bulk):
    db = card_db(bulk)
    deck = Deck.from_text(DECK, db=db)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UnmodeledTextWarning)
        res = simulate(deck, games=500, turns=5, seed=3)
    said = [str(w.message) for w in caught if issubclass(w.category, UnmodeledTextWarning)]
    assert sum(m.startswith("Heartfire Hero (unknown text: it plays as its cost, types and power)") for m in said) == 1
    assert sum(m.startswith("Rockface Village (partly recognized): not simulated: ") for m in said) == 1
    assert res.coverage == {"Heartfire Hero": "unknown", "Rockface Village": "partly"}
    assert res.to_dict()["coverage"] == res.coverage


def test_a_deck_reading_counts_copies_and_names_each_card_not_fully_read_with_its_clauses(bulk):
    """Issue 31 item 4: how far to trust a simulation, by the copies the deck plays: 28 of 36 here
    (4 Heartfire Hero unknown, 4 Rockface Village partly: the most copies first, ties by name),
    each with the clauses left unread in the card's words; the result carries it, and its JSON."""
    db = card_db(bulk)
    deck = Deck.from_text(DECK, db=db)
    reading = db.reading(deck)
    assert (reading.copies, reading.fully) == (36, 28) and reading.share == pytest.approx(28 / 36)
    assert [(name, n, bucket) for name, n, bucket, _ in reading.unread] == [
        ("Heartfire Hero", 4, "unknown"), ("Rockface Village", 4, "partly")]
    village = reading.unread[1][3]
    assert village and all(c in {x.text for x in db.verdict("Rockface Village").clauses} for c in village)
    assert any("gets +1/+0 and gains haste" in c for c in village)
    text = reading.text().splitlines()
    assert text[0] == ("card text: 28 of 36 copies fully read (77.8%); the others, with the text the "
                       "simulation leaves out:")
    assert text[2].startswith("    4 Rockface Village (partly): ") and len(text) == 3
    assert reading.line() == "card text: 28 of 36 copies fully read (77.8%); not: 4 Heartfire Hero, 4 Rockface Village"
    res = simulate(deck, games=4096, turns=3, seed=3)
    assert res.reading == reading and res.to_dict()["reading"]["fully"] == 28
    whole = Deck.from_text("Deck\n4 Raging Goblin\n16 Mountain\n", db=db)
    assert db.reading(whole).text() == "card text: all 20 of 20 copies fully read (100.0%)"


def test_your_own_card_replaces_a_recognized_one_of_that_name(bulk):
    """A card you write out (TOML or `card(...)`) wins over one recognized from a bulk file,
    as curated cards do; its verdict is then the written card's."""
    from mtgsim import card
    mine = card("Rockface Village", "", "Land", abilities=[{"kind": "mana", "cost": "{T}", "mana": "{R}"}])
    db = card_db(bulk).extended(mine)
    assert db["Rockface Village"] is mine and db.verdict("Rockface Village").curated
    assert db.verdict("Rockface Village").bucket == "fully"


def test_a_record_with_a_malformed_cost_is_a_counted_skip_naming_it(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS[:2] + [{**CARDS[2], "mana_cost": "{R}{Q}"}]), encoding="utf-8")
    cards = import_bulk(path, tmp_path / "db.json")
    assert "Shock" not in cards.tables and cards.summary["skipped"]["malformed record"] == 1
    assert any(p.startswith("'Shock': skipped, ") and "{Q}" in p for p in cards.summary["problems"])
