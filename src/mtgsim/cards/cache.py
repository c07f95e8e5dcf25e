"""Where mtgsim keeps the files it fetches (the user's cache directory) and how it writes them:
whole or not at all, so an interrupted download or a full disk never leaves a half-written
file where a good one was.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

import platformdirs

__all__ = ["CACHE_VARIABLE", "atomic_write", "atomic_writer", "user_cache_dir"]

CACHE_VARIABLE = "MTGSIM_CACHE"


def user_cache_dir() -> Path:
    """$MTGSIM_CACHE if it is set, else the platform's cache directory for mtgsim:
    ~/.cache/mtgsim on Linux ($XDG_CACHE_HOME/mtgsim if that is set), ~/Library/Caches/mtgsim
    on macOS, %LOCALAPPDATA%\\mtgsim\\Cache on Windows. Not created here."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    return Path(platformdirs.user_cache_dir("mtgsim", appauthor=False))


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike) -> Iterator[BinaryIO]:
    """A binary file to write `path` through. It is a temporary file in the same directory
    (made if need be), flushed to the disk and renamed over `path` when the block ends; if the
    block raises, it is removed and `path` is as it was. An OSError names `path`."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as e:
        e.filename = e.filename or str(path)
        raise
    try:
        with os.fdopen(fd, "wb") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())     # (the data on the disk before the name points to it)
        os.replace(temporary, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(e, OSError) and e.errno is not None and e.filename is None:
            e.filename = str(path)      # (a failed write: name the file it was for)
        raise
    _sync_directory(path.parent)


def atomic_write(path: str | os.PathLike, data: bytes | Iterable[bytes]) -> Path:
    """Write `data` (bytes, or pieces of bytes as they come) to `path` whole or not at all
    (see `atomic_writer`); returns the path."""
    with atomic_writer(path) as file:
        if isinstance(data, (bytes, bytearray, memoryview)):
            file.write(data)
        else:
            for piece in data:
                file.write(piece)
    return Path(path)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the system allows (POSIX); a failure here loses
    nothing that is not already written."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
