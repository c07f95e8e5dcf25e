"""Files a user gives that are not what they should be — UTF-16 or binary TOML and CSV, TOML
and JSON nested past what a parser follows, the wrong kind of value in a field file — are an
MtgsimError naming the file (issue 29, item 11): never a UnicodeDecodeError, RecursionError,
AttributeError or TypeError, and never a traceback on the command line."""
import pytest

import mtgsim
from mtgsim import meta
from mtgsim.cli import main

DEEP = 100_000


def _utf16(text: str) -> bytes:
    return text.encode("utf-16")        # (with its byte order mark)


CARD = '[[card]]\nname = "Test Rock"\ntype = "Artifact"\ncost = "{2}"\n'
FIELD = 'players = 8\n[decks]\nA = 0.5\nB = 0.5\n'


@pytest.mark.parametrize("content, fragment", [
    (_utf16(CARD), "is UTF-16 text: save it as UTF-8"),
    (CARD.encode("utf-32"), "is UTF-32 text"),
    (CARD.encode("utf-16-le"), "holds NUL bytes"),
    (b"\xc4\x80\x00\x01\x02binary", "holds NUL bytes"),
    (b'[[card]]\nname = "Caf\xe9"\n', r"line 2: not UTF-8 text \(byte 0xe9\)"),
    (("a = " + "[" * DEEP).encode(), "nested too deeply"),
    (("a = " + "{x = " * 2000 + "1" + "}" * 2000).encode(), "nested too deeply"),
])
def test_a_card_file_that_is_not_utf8_toml_names_the_file(tmp_path, content, fragment):
    path = tmp_path / "cards.toml"
    path.write_bytes(content)
    with pytest.raises(mtgsim.CardDataError, match=fragment) as info:
        mtgsim.card_db(path)
    assert str(path) in str(info.value)


def test_a_utf8_card_file_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_bytes(b"\xef\xbb\xbf" + CARD.encode())
    assert "Test Rock" in mtgsim.card_db(path)


def test_a_bulk_json_file_nested_too_deeply_is_a_bulk_file_error(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("[" * DEEP)
    with pytest.raises(mtgsim.BulkFileError, match="nested too deeply") as info:
        mtgsim.card_db(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("content, fragment", [
    (_utf16("A,B\nA,,0.6\nB,0.4,\n"), "is UTF-16 text"),
    (b"A,B\x00\n", "holds NUL bytes"),
    (b"x," + b"y" * 200_000 + b"\n", "not a CSV table"),
])
def test_a_matchup_table_that_is_not_utf8_csv_names_the_file(tmp_path, content, fragment):
    path = tmp_path / "m.csv"
    path.write_bytes(content)
    with pytest.raises(mtgsim.ArgumentError, match=fragment) as info:
        meta.Matchups.from_csv(path)
    assert str(path) in str(info.value)


def test_a_matchup_table_path_of_the_wrong_type():
    with pytest.raises(mtgsim.ArgumentTypeError, match="path must be a file's path"):
        meta.Matchups.from_csv(5)


@pytest.mark.parametrize("content, fragment", [
    (_utf16(FIELD), "is UTF-16 text"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "holds NUL bytes"),
    (("[decks]\nA = " + "[" * DEEP).encode(), "nested too deeply"),
    (b"players = 8\nmatchups = 3\n[decks]\nA = 0.5\nB = 0.5\n", "matchups = 3: give a [matchups] table"),
    (b"players = 8\nmatchups_csv = 5\n[decks]\nA = 0.5\nB = 0.5\n", "matchups_csv = 5: give a CSV file's path"),
    (b"players = 8\nrace = 1\n[decks]\nA = 0.5\nB = 0.5\n", "race = 1: give a [race] table"),
    (b'players = "x"\n[decks]\nA = 0.5\nB = 0.5\n', "needs at least 2 players, got 'x'"),
    (b'players = 8\n[decks]\nA = 0.5\nB = 0.5\n[matchups]\n"A vs B" = "x"\n', "a probability must be a number"),
    (b'players = 8\nmatchups_csv = "m.csv"\n[decks]\nA = 0.5\nB = 0.5\n', "m.csv: is UTF-16 text"),
])
def test_a_bad_field_file_is_one_line_naming_the_file(tmp_path, capsys, content, fragment):
    (tmp_path / "m.csv").write_bytes(_utf16("A,B\nA,,0.6\nB,0.4,\n"))
    path = tmp_path / "field.toml"
    path.write_bytes(content)
    assert main(["tournament", str(path), "--events", "10", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: ") and err.count("\n") == 1 and fragment in err
    assert "field.toml" in err or "m.csv" in err


def test_an_imported_database_nested_too_deeply_is_not_one(tmp_path):
    from mtgsim.cards.imported import read_imported
    path = tmp_path / "cards.json"
    path.write_text("[" * DEEP + "\n")
    with pytest.raises(mtgsim.CardDataError, match="not an mtgsim card database"):
        read_imported(path)
