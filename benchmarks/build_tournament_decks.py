"""Builds tests/data/tournament_decks.txt, the decklists of the play-weighted coverage benchmark
(benchmarks/coverage.py), from a local copy of the public repository fbettega/MTG_decklistcache
(MTGO's published decklists as JSON, one file per event):

    git clone https://github.com/fbettega/MTG_decklistcache /tmp/decklistcache
    python benchmarks/build_tournament_decks.py /tmp/decklistcache [--out tests/data/tournament_decks.txt]

The path may be a work tree or a bare git directory (read with `git show`, at HEAD or --commit).

Selection (deterministic): per constructed format, MTGO's "<Format> Challenge 32/64/96" events
(not the showcase, special or contraption ones) dated 2025-01-01 or later, newest first (by date,
then by MTGO's event number), taken whole until at least --decks main decks are in; for Commander,
MTGO's "Duel Commander Trial 16" events the same way (the sideboard holds the commander). A deck
is kept when its main deck has at least 60 cards (99 besides the commander in Commander).
Only names and counts are stored, each name as the oracle corpus of the tests (tests/corpus.py)
spells it: a double-faced, split or adventure card by its full "A // B" name. A name the corpus
doesn't know is written as MTGO spells it (the benchmark reports it as not in the corpus).

Not needed by the tests: they read the file this writes.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from repository import Repository

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOURCE = "github.com/fbettega/MTG_decklistcache"
FORMATS = ("standard", "pioneer", "modern", "legacy", "pauper", "vintage", "commander")
SINCE = "2025-01-01"
# the event's file: Tournaments/MTGO/YYYY/MM/DD/<kind>-<date><MTGO's event number>.json (the date is the
# folder's: a few files repeat an event under a wrong date in their name)
EVENT = re.compile(r"Tournaments/MTGO/(?P<y>\d{4})/(?P<m>\d\d)/(?P<d>\d\d)/(?P<kind>[a-z0-9-]+?)-\d{4}-\d\d-\d\d"
                   r"(?P<id>\d+)\.json")
KINDS = {**{f: re.compile(rf"{f}-challenge-(32|64|96)") for f in FORMATS if f != "commander"},
         "commander": re.compile(r"duel-commander-trial-16")}


def events(mirror: Repository) -> dict[str, list[tuple[str, int, str]]]:
    """Per format, its events since SINCE as (date, event number, file), newest first; an
    event stored twice, once (by its event number), under its first file's name."""
    out: dict[str, dict[int, tuple[str, int, str]]] = defaultdict(dict)
    for name in mirror.files("Tournaments/MTGO"):
        m = EVENT.fullmatch(name)
        date = m and f"{m['y']}-{m['m']}-{m['d']}"
        if m is None or date < SINCE:
            continue
        for fmt, kind in KINDS.items():
            if kind.fullmatch(m["kind"]):
                out[fmt].setdefault(int(m["id"]), (date, int(m["id"]), name))
    return {fmt: sorted(found.values(), reverse=True) for fmt, found in out.items()}


def corpus_names() -> dict[str, str]:
    """The corpus's names by look-up key (mtgsim's normalize_name), a card of several faces
    under its front face's key too."""
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "src")]
    from corpus import corpus_path

    from mtgsim.cards import normalize_name
    records = json.loads(corpus_path().read_text(encoding="utf-8"))
    names: dict[str, str] = {}
    for r in records:
        names.setdefault(normalize_name(r["name"]), r["name"])
    for r in records:
        names.setdefault(normalize_name(r["name"].split(" // ")[0]), r["name"])
    return names


def corpus_name(name: str, names: dict[str, str]) -> str:
    """The corpus's spelling of a name MTGO gives: a front face's ("Fable of the Mirror-Breaker")
    or a split card's ("Fire/Ice") as the card's full name; the name itself if the corpus lacks it."""
    from mtgsim.cards import normalize_name
    for spelling in (name, name.replace("/", " // ")):
        found = names.get(normalize_name(spelling))
        if found is not None:
            return found
    return name


def rows(cards: list[dict], names: dict[str, str]) -> list[tuple[int, str]]:
    """A section's (count, name) rows, each name once, in the order MTGO lists them."""
    counts: dict[str, int] = {}
    for c in cards:
        name = corpus_name(c["CardName"].strip(), names)
        counts[name] = counts.get(name, 0) + int(c["Count"])
    return [(n, name) for name, n in counts.items()]


def build(mirror: Repository, decks_wanted: int) -> tuple[list[str], dict[str, tuple[int, int]]]:
    names = corpus_names()
    lines: list[str] = []
    figures: dict[str, tuple[int, int]] = {}
    found = events(mirror)
    for fmt in FORMATS:
        kept = taken = 0
        for date, number, file in found.get(fmt, []):
            if kept >= decks_wanted:
                break
            event = mirror.read(file)
            if event is None:
                sys.exit(f"{file}: listed at {mirror.commit} but absent from this copy (a partial clone): "
                         "clone the repository whole")
            title = event["Tournament"]["Name"]
            taken += 1
            for place, deck in enumerate(event["Decks"], 1):
                main = rows(deck.get("Mainboard") or [], names)
                size = sum(n for n, _ in main)
                commander = rows(deck.get("Sideboard") or [], names) if fmt == "commander" else []
                if size < (99 if fmt == "commander" else 60) or (fmt == "commander" and not commander):
                    continue
                kept += 1
                lines.append(f"deck {fmt} {date} {number}#{place} {title}")
                lines += [f"{n} {name}" for n, name in main]
                if commander:
                    lines.append("commander")
                    lines += [f"{n} {name}" for n, name in commander]
        figures[fmt] = (taken, kept)
    return lines, figures


def header(mirror: Repository, decks_wanted: int, figures: dict[str, tuple[int, int]]) -> list[str]:
    return [
        "# The decklists of the play-weighted coverage benchmark (benchmarks/coverage.py): main decks of",
        f"# recent MTGO events, names and counts only. Source: {SOURCE}, commit {mirror.commit}.",
        f"# Selection: per format, MTGO's '<Format> Challenge 32/64/96' events since {SINCE} (Commander: the",
        f"# 'Duel Commander Trial 16' events), newest first, taken whole until at least {decks_wanted} decks.",
        "# Built by benchmarks/build_tournament_decks.py. Events (decks): "
        + ", ".join(f"{fmt} {e} ({d})" for fmt, (e, d) in figures.items()) + ".",
        "# Layout: 'deck FORMAT DATE EVENT#PLACE EVENT NAME', then 'COUNT NAME' rows of its main deck; in",
        "# Commander, a line 'commander' and the commander's rows. Names as the tests' oracle corpus spells them.",
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("mirror", type=Path, help="fbettega/MTG_decklistcache: a work tree or a git directory")
    p.add_argument("--commit", default="HEAD", help="the commit to read, in a git directory (default HEAD)")
    p.add_argument("--decks", type=int, default=100, help="at least this many decks per format (default 100)")
    p.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "tournament_decks.txt")
    args = p.parse_args(argv)
    mirror = Repository(args.mirror, args.commit)
    lines, figures = build(mirror, args.decks)
    args.out.write_text("\n".join(header(mirror, args.decks, figures) + lines) + "\n", encoding="utf-8")
    print(f"{args.out}: {args.out.stat().st_size:,} bytes; events (decks) "
          + ", ".join(f"{fmt} {e} ({d})" for fmt, (e, d) in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
