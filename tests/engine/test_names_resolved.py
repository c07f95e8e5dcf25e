"""Names are resolved once (issue 30, item 7): a deck's cards reach the compiler as card records,
the token cards their effects create resolved by the database as the cards are handed on
(`CardDatabase.resolve`, `Deck.resolve`), and the compiler never looks a name up: it takes
records, and the tables give a record's row (`Tables.row_of`). Look-ups are counted where the
database turns a name into its key (`CardDatabase._key`, which every look-up by name goes
through: conftest.py's `lookups`)."""
import ast
from importlib import resources
from pathlib import Path

import pytest

import mtgsim
from mtgsim import ArgumentTypeError, CardDataError, Deck, UnknownCardError, card, card_db, simulate
from mtgsim.cards import CardDatabase
from mtgsim.compile import compile_cards, compile_deck
from mtgsim.schema import OpCode

SRC = Path(mtgsim.__file__).parent


def _token_card(tables, effect):
    """The CARD row of the token EFFECT row `effect` creates (its OP_TOKENS op's arg)."""
    first, n = tables.effects[effect]["op_first"], tables.effects[effect]["n_ops"]
    ops = tables.ops[first:first + n]
    [op] = ops[ops["code"] == OpCode.OP_TOKENS]
    return op["arg"]


def refuse_lookups(monkeypatch):
    """From now on, a look-up by name fails the test."""
    def refused(self, name):
        raise AssertionError(f"the name {name!r} was looked up")
    monkeypatch.setattr(CardDatabase, "_key", refused)


def test_the_compiler_imports_nothing_of_the_card_database():
    tree = ast.parse((SRC / "compile.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and m.endswith("database") for m in imported), imported


def test_compile_cards_takes_records_not_names():
    with pytest.raises(ArgumentTypeError, match="compile_cards: cards: card records .* not str 'Forest': look "
                                                "names up first"):
        compile_cards(["Forest"])
    with pytest.raises(ArgumentTypeError, match="compile_deck: extra: card records"):
        compile_deck(Deck({"Forest": 60}), extra=["Forest"])
    with pytest.raises(ArgumentTypeError, match="no database: resolve names and tokens first"):
        compile_cards([card_db()["Forest"]], card_db())


def test_a_token_the_cards_do_not_resolve_names_card_and_field():
    maker = card("Test Maker", "{1}", "Sorcery", abilities=[{"kind": "spell", "tokens": {"Treasure": 1}}])
    with pytest.raises(CardDataError, match=r"card 'Test Maker', field 'abilities\[0\].tokens': creates "
                                            r"the token 'Treasure', which these cards don't resolve"):
        compile_cards([maker])
    tables = compile_cards(card_db().resolve([maker]))
    assert tables.card_names == ("Test Maker", "Treasure")


def test_resolving_looks_each_token_name_up_once_and_compiling_looks_up_none(lookups, monkeypatch):
    db = card_db()
    goose, forest = db["Gilded Goose"], db["Forest"]      # (Gilded Goose creates a Food token)
    del lookups[:]
    resolved = db.resolve([goose, forest, goose])
    assert lookups == ["Food"]
    assert [c.name for c in resolved.cards] == ["Gilded Goose", "Forest", "Food"]
    assert resolved.tokens == {"Food": db["Food"]}
    refuse_lookups(monkeypatch)
    tables = compile_cards(resolved)
    goose_row = tables.row_of(goose)
    effect = tables.triggered[tables.cards[goose_row]["triggered_first"]]["effect"]
    assert _token_card(tables, effect) == tables.row_of(resolved.tokens["Food"])


def test_a_decks_compilation_looks_up_only_its_token_names(lookups):
    deck = Deck({"Forest": 20, "Gilded Goose": 20, "Llanowar Elves": 20})
    del lookups[:]
    compiled = compile_deck(deck)
    assert lookups == ["Food"]
    rows = {compiled.tables.card_names[r] for r in compiled.library}
    assert rows == {"Forest", "Gilded Goose", "Llanowar Elves"} and len(compiled.library) == 60


def test_a_decks_compilation_without_tokens_looks_up_no_name(monkeypatch):
    deck = Deck.from_file(str(resources.files("mtgsim.examples") / "mono_green_henge.txt"))
    refuse_lookups(monkeypatch)
    compiled = compile_deck(deck)
    assert len(compiled.library) == 60


def test_one_simulate_looks_up_only_the_names_it_is_given(lookups, monkeypatch):
    """The henge example tracking The Great Henge by name: that one name is looked up (before
    this change, 15 look-ups in the database, 51 normalized names and 87 rows found by name)."""
    deck = Deck.from_file(str(resources.files("mtgsim.examples") / "mono_green_henge.txt"))
    del lookups[:]
    monkeypatch.setattr(mtgsim.compile.Tables, "row", None)   # (no row is found by name)
    with pytest.warns(mtgsim.UnmodeledTextWarning):
        res = simulate(deck, games=20, turns=3, seed=1, track=["The Great Henge"], threads=1)
    assert lookups == ["The Great Henge"]
    assert "The Great Henge" in res.tracked


def test_a_scenario_looks_a_card_up_once_when_named(lookups):
    s = mtgsim.Scenario()
    del lookups[:]
    s.add("Forest")
    s.add("Forest")
    s.add(s.db["Llanowar Elves"])
    assert lookups == ["Forest", "Forest", "Llanowar Elves"]     # (each name as a call gives it)
    assert s.tables.card_names == ("Forest", "Llanowar Elves") and lookups[3:] == []
    assert s.can_cast("Grizzly Bears") is True                  # (two Forests pay {1}{G})
    assert lookups[3:] == ["Grizzly Bears"]


def test_an_unknown_name_at_the_edge_says_where_it_was_given():
    with pytest.raises(UnknownCardError, match="Test Maker: tokens: unknown card 'Treasur'"):
        card_db().resolve([card("Test Maker", "{1}", "Sorcery",
                                abilities=[{"kind": "spell", "tokens": {"Treasur": 1}}])])
    with pytest.raises(UnknownCardError, match="track: unknown card 'Llanowar Elfs'; did you mean 'Llanowar Elves'"):
        card_db().resolve(["Llanowar Elfs"], "track")


def test_the_tokens_a_back_face_creates_are_resolved_and_compiled():
    """712.11b: a modal double-faced card may be cast as its back face, with that face's
    abilities; the token its spell creates (111.1) is resolved and compiled with the card (it
    was not resolved, and compiling crashed with a KeyError)."""
    import dataclasses
    back = card("Test Back", "{1}", "Sorcery", abilities=[{"kind": "spell", "tokens": {"Treasure": 1}}])
    front = dataclasses.replace(card("Test Front", "{1}", "Sorcery"), back=back)
    resolved = card_db().resolve([front])
    assert [c.name for c in resolved.cards] == ["Test Front", "Treasure"]
    tables = compile_cards(resolved)
    back_row = tables.cards[tables.row_of(front)]["back"]
    effect = tables.cards[back_row]["spell_effect"]
    assert _token_card(tables, effect) == tables.row_of(resolved.tokens["Treasure"])


def test_a_cost_question_about_a_record_finds_its_row_without_a_name(monkeypatch):
    """A card record asked about (Scenario.total_cost, evaluate_boards' check_cast_args) has
    its row found as the record's (Tables.row_of), not looked up by its name (Tables.row, for a
    card a person names to BoardBatch)."""
    from mtgsim import Scenario
    from mtgsim.compile import Tables
    bolt = card_db()["Lightning Bolt"]
    s = Scenario()
    s.add("Mountain")
    assert str(s.total_cost(bolt)) == "{R}"

    def refused(self, name):
        raise AssertionError(f"the name {name!r} was looked up in the tables")
    monkeypatch.setattr(Tables, "row", refused)
    assert str(s.total_cost(bolt)) == str(s.total_cost("Lightning Bolt")) == "{R}"   # (a Scenario: at its edge)
