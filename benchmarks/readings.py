"""Every corpus card's reading pinned: a snapshot of how the recognizers read each card of the
tests' oracle corpus (tests/corpus.py, with the faces it lacks: tests/data/missing_faces.json),
kept in tests/data/readings.tsv.gz, so that any change to any card's reading shows as a reviewed
difference (tests/cards/test_readings.py fails on one).

    python benchmarks/readings.py --diff      # the cards whose reading changed, in words
    python benchmarks/readings.py --update    # rewrite the snapshot (after reviewing --diff)

A card's reading is what the import keeps of it (cards/imported.py: recognized_cards): its card
table (docs/card-format.md: abilities, ops, costs, fields; its oracle text aside) and its
clauses (each read, ignored or unread, in the card's words); its bucket is the verdict of
cards/coverage.py ("token": a token card a recognized effect creates). The snapshot holds, per
card, one line: its name, its bucket's letter and a digest of its reading (the first 8 hex
digits of a SHA-256), sorted by name, gzipped (the names alone are 0.6 MB; gzipped, the whole
is under 0.5 MB; the same readings give the same bytes). The difference printed names each card
that appeared, went or changed, its bucket before and after, and its clauses now (read, ignored,
unread).
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SNAPSHOT = ROOT / "tests" / "data" / "readings.tsv.gz"
LETTERS = {"fully": "f", "partly": "p", "unknown": "u", "token": "t"}
BUCKET_OF = {letter: bucket for bucket, letter in LETTERS.items()}
HEADER = ("# Every corpus card's reading, pinned (benchmarks/readings.py; docs/card-data.md): NAME, TAB, its "
          "bucket (f fully, p partly,\n# u unknown, t a token card), TAB, the first 8 hex digits of the SHA-256 "
          "of its reading (card table without its text, clauses).\n# Regenerate with "
          "`python benchmarks/readings.py --update` after reviewing `--diff`.\n")


class Reading(NamedTuple):
    """One card's reading: its bucket, the digest of its table and clauses, and the clauses."""
    bucket: str
    digest: str
    clauses: tuple[tuple[str, str], ...]      # (status, text) in the card's order


def digest(table: dict, clauses: list) -> str:
    """The digest of a card's reading: its table (its oracle text aside) and its clauses'
    statuses and words, as canonical JSON."""
    body = {"table": {k: v for k, v in table.items() if k != "text"},
            "clauses": [[c[1], c[0]] for c in clauses]}       # (status, text: a clause's family is a label)
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def corpus_readings(path: Path | None = None) -> dict[str, Reading]:
    """Every card of the bulk file at `path` (default: the tests' oracle corpus with the faces it
    lacks, tests/corpus.py: corpus_with_faces, as the tests import it) read as the import reads
    it, by name."""
    from mtgsim.cards.bulk import ImportSummary
    from mtgsim.cards.imported import recognized_cards
    if path is not None:
        return readings_of(recognized_cards(path, ImportSummary()))
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from corpus import corpus_with_faces
    finally:
        sys.path.pop(0)
    with tempfile.TemporaryDirectory() as tmp:
        return readings_of(recognized_cards(corpus_with_faces(Path(tmp)), ImportSummary()))


def readings_of(cards) -> dict[str, Reading]:
    """The readings of the cards of an import (an ImportedCards, as recognized_cards or
    import_bulk return it), by name."""
    out = {}
    for name in cards.names():
        bucket, clauses = cards.verdicts[name]
        out[name] = Reading(bucket, digest(cards.table(name), clauses), tuple((c[1], c[0]) for c in clauses))
    return out


def read_snapshot(path: Path = SNAPSHOT) -> dict[str, tuple[str, str]]:
    """The stored snapshot: name → (bucket, digest); a malformed line is a ValueError naming it."""
    out = {}
    for number, line in enumerate(gzip.decompress(path.read_bytes()).decode("utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[1] not in BUCKET_OF or len(parts[2]) != 8:
            raise ValueError(f"{path}:{number}: expected 'NAME<TAB>f|p|u|t<TAB>8 hex digits', got {line!r}")
        out[parts[0]] = (BUCKET_OF[parts[1]], parts[2])
    return out


def snapshot_text(readings: dict[str, Reading]) -> str:
    return HEADER + "".join(f"{name}\t{LETTERS[r.bucket]}\t{r.digest}\n" for name, r in sorted(readings.items()))


def write_snapshot(readings: dict[str, Reading], path: Path = SNAPSHOT) -> None:
    """The snapshot gzipped with no time stamp: the same readings give the same bytes."""
    path.write_bytes(gzip.compress(snapshot_text(readings).encode("utf-8"), compresslevel=9, mtime=0))


def differences(stored: dict[str, tuple[str, str]], now: dict[str, Reading]) -> list[str]:
    """The cards whose reading differs from the snapshot, each in words: a card new, gone, or
    changed (its bucket before and after, or "same bucket"), with its clauses now."""
    lines: list[str] = []
    for name in sorted(set(stored) | set(now)):
        old, new = stored.get(name), now.get(name)
        if old is not None and new is not None and old == (new.bucket, new.digest):
            continue
        if new is None:
            lines.append(f"- {name}: gone (was {old[0]})")                   # type: ignore[index]
            continue
        what = ("new" if old is None else f"{old[0]} -> {new.bucket}" if old[0] != new.bucket
                else f"{new.bucket}, reading changed")
        lines.append(f"{'+' if old is None else '~'} {name}: {what}")
        lines += [f"      {status}: {text}" for status, text in new.clauses]
    return lines


def summary(stored: dict[str, tuple[str, str]], now: dict[str, Reading]) -> str:
    """How many cards changed, and the buckets' moves ("partly -> fully: 12")."""
    moves: dict[str, int] = {}
    changed = 0
    for name in set(stored) | set(now):
        old, new = stored.get(name), now.get(name)
        if old is not None and new is not None and old == (new.bucket, new.digest):
            continue
        changed += 1
        key = (f"{old[0]}, reading changed" if old and new and old[0] == new.bucket
               else f"{old[0] if old else 'new'} -> {new.bucket if new else 'gone'}")
        moves[key] = moves.get(key, 0) + 1
    counts = ", ".join(f"{k}: {v}" for k, v in sorted(moves.items(), key=lambda kv: -kv[1]))
    return f"{changed:,} of {len(now):,} cards read differently from the snapshot" + (f" ({counts})" if counts else "")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--diff", action="store_true", help="print the cards whose reading changed (exit 1 if any)")
    what.add_argument("--update", action="store_true", help="rewrite the snapshot from the readings now")
    p.add_argument("--cards", type=Path, metavar="FILE", help="a bulk card file (default: the tests' oracle corpus)")
    p.add_argument("--snapshot", type=Path, default=SNAPSHOT, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    started = time.perf_counter()
    now = corpus_readings(args.cards)
    if args.update:
        write_snapshot(now, args.snapshot)
        print(f"{args.snapshot}: {len(now):,} cards written in {time.perf_counter() - started:.1f} s")
        return 0
    stored = read_snapshot(args.snapshot)
    lines = differences(stored, now)
    print("\n".join(lines + [summary(stored, now)]))
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
