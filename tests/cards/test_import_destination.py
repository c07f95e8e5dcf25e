"""`mtgsim cards import --to PATH` (and `import_bulk(..., dest)`) never replaces a file that is
not an mtgsim card database and never follows a link onto a device or another file; an
existing database is replaced only whole (written beside it, renamed over it), and only when
it is one (issue 29, item 9)."""
import os

import pytest

from mtgsim.cards.imported import import_bulk, is_card_database, read_imported
from mtgsim.cli import main
from mtgsim.errors import ArgumentTypeError, CardDataError


def _import(bulk, to, capsys) -> tuple[int, str]:
    code = main(["cards", "import", str(bulk), "--to", str(to)])
    return code, capsys.readouterr().err


def test_cards_import_writes_a_new_database(tmp_path, bulk, capsys):
    to = tmp_path / "new" / "cards.json"
    assert _import(bulk, to, capsys)[0] == 0
    assert is_card_database(to) and len(read_imported(to)) > 0


def test_cards_import_replaces_a_card_database_whole(tmp_path, bulk, capsys):
    to = tmp_path / "cards.json"
    assert _import(bulk, to, capsys)[0] == 0
    before = os.stat(to).st_ino
    assert _import(bulk, to, capsys)[0] == 0
    assert os.stat(to).st_ino != before            # (a new file renamed over it: never rewritten in place)
    assert is_card_database(to)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.json", "oracle-cards.json"]   # (no .part left)


@pytest.mark.parametrize("content", [b"my notes\n", b"", b'{"format": "something else"}\n', b"\x00\x01"])
def test_cards_import_refuses_to_replace_a_file_that_is_not_a_card_database(tmp_path, bulk, capsys, content):
    to = tmp_path / "notes.txt"
    to.write_bytes(content)
    code, err = _import(bulk, to, capsys)
    assert code == 2 and err.count("\n") == 1
    assert f"{to}: is a file that is not an mtgsim card database; it is kept as it is" in err
    assert to.read_bytes() == content


def test_the_refusal_comes_before_the_bulk_file_is_read(tmp_path, capsys):
    to = tmp_path / "notes.txt"
    to.write_text("keep me")
    code, err = _import(tmp_path / "no such bulk file.json", to, capsys)
    assert code == 2 and "not an mtgsim card database" in err


def test_cards_import_refuses_a_directory(tmp_path, bulk, capsys):
    code, err = _import(bulk, tmp_path, capsys)
    assert code == 2 and "is a directory; it is kept as it is" in err


def test_cards_import_never_follows_a_link_onto_another_file(tmp_path, bulk, capsys):
    other = tmp_path / "precious.txt"
    other.write_text("precious")
    link = tmp_path / "cards.json"
    link.symlink_to(other)
    code, err = _import(bulk, link, capsys)
    assert code == 2 and f"is a link to {other}, a file that is not an mtgsim card database" in err
    assert other.read_text() == "precious" and link.is_symlink()


def test_cards_import_never_follows_a_link_onto_a_device(tmp_path, bulk, capsys):
    link = tmp_path / "cards.json"
    link.symlink_to("/dev/null")
    code, err = _import(bulk, link, capsys)
    assert code == 2 and "is a link to /dev/null, not a regular file" in err
    assert link.is_symlink()


def test_cards_import_refuses_a_device(bulk, capsys):
    code, err = _import(bulk, "/dev/null", capsys)
    assert code == 2 and "/dev/null: is not a regular file (a device, a pipe or a socket)" in err


def test_cards_import_refuses_a_link_to_nothing(tmp_path, bulk, capsys):
    link = tmp_path / "cards.json"
    link.symlink_to(tmp_path / "gone.json")
    code, err = _import(bulk, link, capsys)
    assert code == 2 and "which is not there" in err
    assert not (tmp_path / "gone.json").exists()


def test_a_link_to_a_card_database_replaces_the_database_and_keeps_the_link(tmp_path, bulk, capsys):
    real = tmp_path / "real.json"
    assert _import(bulk, real, capsys)[0] == 0
    link = tmp_path / "cards.json"
    link.symlink_to(real)
    assert _import(bulk, link, capsys)[0] == 0
    assert link.is_symlink() and is_card_database(real)


def test_the_api_refuses_as_the_command_line_does(tmp_path, bulk):
    to = tmp_path / "notes.txt"
    to.write_text("keep me")
    with pytest.raises(CardDataError, match="not an mtgsim card database"):
        import_bulk(bulk, to)
    assert to.read_text() == "keep me"
    with pytest.raises(ArgumentTypeError, match="dest must be a file's path"):
        import_bulk(bulk, 7)


def test_the_users_own_database_path_is_checked_too(bulk, cache, capsys):
    cache.mkdir()
    (cache / "cards.json").write_text("not mine to replace")
    assert main(["cards", "import", str(bulk)]) == 2
    assert "not an mtgsim card database" in capsys.readouterr().err
    assert (cache / "cards.json").read_text() == "not mine to replace"
