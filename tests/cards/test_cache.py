"""The cache directory and whole-or-nothing writes (mtgsim.cards.cache)."""
import errno
import os
import sys
from pathlib import Path

import platformdirs
import pytest

from mtgsim.cards import cache
from mtgsim.cards.cache import atomic_write, atomic_writer, user_cache_dir


def _leftovers(directory):
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".part"))


def test_mtgsim_cache_chooses_the_cache_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("MTGSIM_CACHE", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache_dir() == tmp_path / "mine"
    assert not (tmp_path / "mine").exists()        # (named, not made)


def test_a_home_relative_mtgsim_cache_is_expanded(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("MTGSIM_CACHE", "~/cards")
    assert user_cache_dir() == tmp_path / "cards"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG is the Linux convention")
def test_xdg_cache_home_is_honoured_on_linux(monkeypatch, tmp_path):
    monkeypatch.delenv("MTGSIM_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache_dir() == tmp_path / "xdg" / "mtgsim"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="~/.cache is the Linux default")
def test_without_either_it_is_dot_cache_in_the_home_directory_on_linux(monkeypatch, tmp_path):
    for name in ("MTGSIM_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_cache_dir() == tmp_path / ".cache" / "mtgsim"


def test_an_empty_mtgsim_cache_is_as_if_unset(monkeypatch):
    monkeypatch.setenv("MTGSIM_CACHE", "")
    assert user_cache_dir() == Path(platformdirs.user_cache_dir("mtgsim", appauthor=False))


def test_atomic_write_replaces_the_file_whole_and_makes_its_directory(tmp_path):
    target = tmp_path / "new" / "oracle-cards.jsonl.gz"
    assert atomic_write(target, b"first") == target
    atomic_write(target, iter([b"sec", b"ond"]))
    assert target.read_bytes() == b"second"
    assert _leftovers(target.parent) == []


def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temporary_file(tmp_path):
    target = tmp_path / "oracle-cards.json"
    target.write_bytes(b"the good old file")

    def pieces():
        yield b"half of a new"
        raise ConnectionResetError("the server went away")

    with pytest.raises(ConnectionResetError):
        atomic_write(target, pieces())
    assert target.read_bytes() == b"the good old file"
    assert _leftovers(tmp_path) == []


def test_an_interrupt_midway_leaves_the_old_file_too(tmp_path):
    target = tmp_path / "oracle-cards.json"
    target.write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt), atomic_writer(target) as f:
        f.write(b"new, partly")
        raise KeyboardInterrupt
    assert target.read_bytes() == b"old" and _leftovers(tmp_path) == []


def test_a_full_disk_is_an_os_error_naming_the_file_and_changes_nothing(tmp_path, monkeypatch):
    target = tmp_path / "oracle-cards.json"
    target.write_bytes(b"old")

    def no_space(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(cache.os, "fsync", no_space)
    with pytest.raises(OSError) as info:
        atomic_write(target, b"new")
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(target)
    assert str(target) in str(info.value)
    assert target.read_bytes() == b"old" and _leftovers(tmp_path) == []


def test_a_directory_that_cannot_be_made_is_an_os_error_naming_it(tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_bytes(b"")
    with pytest.raises(OSError) as info:
        atomic_write(blocker / "oracle-cards.json", b"x")
    assert "not-a-directory" in str(info.value)
