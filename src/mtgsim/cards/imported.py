"""Real cards from a bulk file: read (`bulk`), recognized (`recognize`), validated like curated
cards (`card_from_table`), and kept as a compact cache — the user's imported database, in the
user cache directory (`cache.user_cache_dir`), which `card_db()` reads without being told.

The cache is one file: a first line of JSON, the index (per card its look-up key, name,
bucket and where its record is), then one line of JSON per card (its validated table and its
clauses). Loading parses the index and nothing else (a card's line is parsed, and its record
built, the first time it is looked up), so a 35,000-card database loads in a tenth of a second. It is
written to a temporary file and renamed, so an import that fails leaves the previous database as it was.
"""
from __future__ import annotations

import itertools
import json
import os
import stat
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..errors import ArgumentTypeError, BulkFileError, CardDataError
from ..version import __version__
from .bulk import ImportSummary, read_bulk
from .cache import atomic_write, user_cache_dir
from .coverage import CardCoverage
from .loader import card_from_table
from .names import normalize_name
from .recognize import Clause, NotACardError, recognize

__all__ = ["ImportedCards", "database_destination", "import_bulk", "is_card_database", "read_imported",
           "user_database_path", "CACHE_FORMAT"]

CACHE_FORMAT = 2           # bump when the cache's layout or the recognizers' output changes
_FILE = "cards.json"


def user_database_path() -> Path:
    """Where `mtgsim cards import` keeps the user's database ($MTGSIM_CACHE, else the
    platform's user cache directory, honouring XDG_CACHE_HOME)."""
    return user_cache_dir() / _FILE


@dataclass
class ImportedCards:
    """Recognized cards: per card, its table (docs/card-format.md) and its verdict; and the
    summary of the import that made them. A table or a list of clauses read from the cache
    stays a JSON text until it is asked for."""
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)  # by card name (read: when asked)
    verdicts: dict[str, list] = field(default_factory=dict)     # name → [bucket, clauses (read: when asked)]
    keys: dict[str, str] = field(default_factory=dict)          # name → look-up key (normalize_name)
    aliases: dict[str, str] = field(default_factory=dict)       # "A // B" → "A"
    summary: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    _lines: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False)  # name → its line
    _data: bytes = field(default=b"", repr=False)

    def _read(self, name: str) -> None:
        start, end = self._lines[name]
        self.tables[name], self.verdicts[name][1] = json.loads(self._data[start:end])

    def table(self, name: str) -> dict[str, Any]:
        if name not in self.tables:
            self._read(name)
        return self.tables[name]

    def bucket(self, name: str) -> str:
        return self.verdicts[name][0]

    def verdict(self, name: str) -> CardCoverage:
        if self.verdicts[name][1] is None:
            self._read(name)
        bucket, clauses = self.verdicts[name]
        return CardCoverage(name, bucket, tuple(Clause(*c) for c in clauses))

    def is_token(self, name: str) -> bool:
        return self.verdicts[name][0] == "token"

    def names(self) -> list[str]:
        return list(self.keys)

    def __len__(self) -> int:
        return len(self.keys)


def recognized_cards(path: str | os.PathLike, summary: ImportSummary,
                     progress: Callable[[int], None] | None = None) -> ImportedCards:
    """Read and recognize every card of a bulk file; a record that is not a card, or whose
    recognized table doesn't validate, is a counted skip naming the record."""
    out = ImportedCards(source=os.fspath(path))
    for i, card in enumerate(read_bulk(path, summary)):
        if progress is not None and i % 1000 == 999:
            progress(1000)
        try:
            rec = recognize(card)
            card_from_table(rec.table, summary.source)
        except (NotACardError, CardDataError) as e:
            kind = "not a card for a deck" if isinstance(e, NotACardError) else "malformed record"
            _skip(summary, kind, f"{card.name!r}: skipped, {e}")
            continue
        name = rec.table["name"]
        if name in out.tables:                    # (two records of one name: the first is kept)
            _skip(summary, "duplicate name")
            continue
        out.tables[name] = rec.table
        out.keys[name] = normalize_name(name)
        out.verdicts[name] = [rec.bucket, [[c.text, c.status, c.face, c.family] for c in rec.clauses]]
        for token_name, token in rec.tokens.items():     # (111.4: made by the effect's words)
            if token_name not in out.tables:
                out.tables[token_name] = token
                out.keys[token_name] = normalize_name(token_name)
                out.verdicts[token_name] = ["token", []]
        if card.name != name:
            out.aliases[card.name] = name
    out.summary = _summary_dict(summary)
    return out


def _skip(summary: ImportSummary, reason: str, message: str = "") -> None:
    """A card the reader counted that the import leaves out, counted by reason instead."""
    summary.skipped[reason] += 1
    summary.cards -= 1
    if message:
        summary.problem(message)


def _summary_dict(s: ImportSummary) -> dict[str, Any]:
    return {"source": s.source, "format": s.format, "gzipped": s.gzipped, "cards": s.cards,
            "skipped": dict(s.skipped), "problems": list(s.problems), "problems_left_out": s.problems_left_out}


def import_bulk(path: str | os.PathLike, dest: str | os.PathLike | None = None, *,
                progress: bool = False) -> ImportedCards:
    """Import a bulk card file into the user's database (or into `dest`): read, recognize,
    validate, write the cache atomically. Returns what was imported (its `summary`, figures).
    Only a card database is ever replaced (`database_destination`): any other file at `dest`
    is refused, before the bulk file is read, and kept."""
    if dest is not None and not isinstance(dest, (str, os.PathLike)):
        raise ArgumentTypeError(f"import_bulk: dest must be a file's path or None, not {type(dest).__name__}")
    target = Path(dest) if dest is not None else user_database_path()
    database_destination(target)             # (before the bulk file is read: a refusal costs nothing)
    summary = ImportSummary()
    bar = _progress_bar() if progress else None
    started = time.perf_counter()
    try:
        cards = recognized_cards(path, summary, bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    if not cards.tables:
        raise BulkFileError(f"no card to import ({summary})", source=os.fspath(path))
    cards.summary["seconds"] = round(time.perf_counter() - started, 2)
    lines = [_json([t, cards.verdicts[n][1]]).encode("utf-8") + b"\n" for n, t in cards.tables.items()]
    ends = list(itertools.accumulate(len(line) for line in lines))
    index = {"format": "mtgsim imported cards", "cache_format": CACHE_FORMAT, "mtgsim": __version__,
             "source": os.path.abspath(os.fspath(path)), "summary": cards.summary, "aliases": cards.aliases,
             "names": list(cards.tables), "keys": [cards.keys[n] for n in cards.tables],
             "buckets": [cards.verdicts[n][0] for n in cards.tables], "ends": ends}
    # (checked again as it is replaced: the import may have taken minutes)
    atomic_write(database_destination(target), [_json(index).encode("utf-8") + b"\n", *lines])
    return cards


_HEADER = b'{"format":"mtgsim imported cards"'      # how every database's first line begins


def is_card_database(path: str | os.PathLike) -> bool:
    """Whether the file at `path` is an mtgsim card database (by its first line's start)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(_HEADER)) == _HEADER
    except OSError:
        return False


def database_destination(path: str | os.PathLike) -> Path:
    """Where a card database asked for at `path` is written: `path` when nothing is there, and
    when an mtgsim card database is, the file itself (a link to one: the file it links to,
    the link kept). Anything else there raises CardDataError and is left as it is: a file that
    is not a card database, a directory, a device, a pipe, a link to any of them or to nothing.
    The database is then replaced whole (written beside it and renamed over it), never in place."""
    path = Path(path)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return path
    except OSError as e:
        raise CardDataError(f"can't look at the file there: {e.strerror}", source=str(path)) from None
    target, link = path, ""
    if stat.S_ISLNK(mode):
        target = Path(os.path.realpath(path))
        link = f"a link to {target}, "
        try:
            mode = os.stat(target).st_mode
        except OSError:
            raise CardDataError(f"is a link to {target}, which is not there: give the database's own path",
                                source=str(path)) from None
    kept = "; it is kept as it is: give another path, or move it away first"
    if stat.S_ISDIR(mode):
        raise CardDataError(f"is {link}a directory{kept}", source=str(path))
    if not stat.S_ISREG(mode):
        raise CardDataError(f"is {link}not a regular file (a device, a pipe or a socket){kept}", source=str(path))
    if not is_card_database(target):
        raise CardDataError(f"is {link}a file that is not an mtgsim card database{kept}", source=str(path))
    return target


def read_imported(path: str | os.PathLike | None = None) -> ImportedCards | None:
    """The imported database at `path` (default: the user's), or None if there is none.
    A file that is not one, or of another cache format, raises CardDataError saying so and
    what to run."""
    target = Path(path) if path is not None else user_database_path()
    try:
        data = target.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise CardDataError(f"can't read the imported card database: {e.strerror}", source=str(target)) from None
    head_end = data.find(b"\n") + 1
    try:
        doc = json.loads(data[:head_end or len(data)])
        ok = isinstance(doc, dict) and doc.get("format") == "mtgsim imported cards"
    except (ValueError, RecursionError):        # (a UnicodeDecodeError is a ValueError)
        ok = False
    if not ok:
        raise CardDataError("not an mtgsim card database (run `mtgsim cards import FILE` to rebuild it)",
                            source=str(target))
    if doc.get("cache_format") != CACHE_FORMAT:
        raise CardDataError(f"made by mtgsim {doc.get('mtgsim', '?')}, whose format this version doesn't "
                            f"read: run `mtgsim cards import {doc.get('source', 'FILE')}` again", source=str(target))
    if doc.get("mtgsim") != __version__:      # (its cards were read by other recognizers)
        warnings.warn(f"{target}: imported by mtgsim {doc.get('mtgsim', '?')}; run `mtgsim cards import "
                      f"{doc.get('source', 'FILE')}` again to read the cards with this version's recognizers",
                      stacklevel=4)
    out = ImportedCards(summary=doc.get("summary", {}), source=doc.get("source", ""),
                        aliases=doc.get("aliases", {}), _data=data)
    out.keys = dict(zip(doc["names"], doc["keys"]))
    out.verdicts = {n: [b, None] for n, b in zip(doc["names"], doc["buckets"])}
    starts = [head_end, *(head_end + e for e in doc["ends"][:-1])]
    out._lines = {n: (s, head_end + e) for n, s, e in zip(doc["names"], starts, doc["ends"])}
    if len(data) != head_end + (doc["ends"][-1] if doc["ends"] else 0):
        raise CardDataError("the card database is cut short (run `mtgsim cards import` again)", source=str(target))
    return out


def _json(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _progress_bar():
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(unit=" cards", unit_scale=True, desc="importing")
