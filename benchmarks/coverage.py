"""How far the simulator reads the cards players actually play: the coverage of recent MTGO
tournament decks (tests/data/tournament_decks.txt, built by build_tournament_decks.py), weighted
by the copies played, per format.

    python benchmarks/coverage.py                      # the table; the top 30 unread families of all, of each
    python benchmarks/coverage.py --format modern --top 10 --json modern.json

The cards are the oracle corpus of the tests (tests/corpus.py, from its cache: no network once
it is there), or --cards FILE (a bulk card file), imported as `mtgsim cards import` does, the
shipped curated cards overriding recognized ones; each card's bucket is its verdict in
cards/coverage.py. Figures per format, as shares of card copies in the main decks (Commander:
with the commander):
  fully / partly / unknown   copies in each bucket; "missing": names the cards don't have
  lands                      land copies (the front face a land, or a modal double-faced card's
                             back: played as a land, 712.12) fully read
  mana cards                 copies of nonland mana cards fully read: text with "Add" outside
                             reminder text (coverage.adds_mana: Llanowar Elves, Sol Ring, Dark Ritual)
  mana-complete decks        decks whose every land and mana card is fully read
  complete decks             decks fully read card for card
The unread phrase families are ranked by the copies of the cards they keep from being fully
read (Coverage.families_played: a card counted once per family), with the most played examples.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT / "tests" / "data" / "tournament_decks.txt"
FORMATS = ("standard", "pioneer", "modern", "legacy", "pauper", "vintage", "commander")
ALL = "all"


@dataclasses.dataclass(frozen=True)
class TournamentDeck:
    """One stored deck: where it was played, and its (count, name) rows (the main deck's, then
    the commander's)."""
    format: str
    date: str
    event: str                       # MTGO's event number and the deck's place: "12850869#1"
    title: str
    rows: tuple[tuple[int, str], ...]
    commander: tuple[str, ...] = ()

    def copies(self) -> Counter:
        out: Counter = Counter()
        for n, name in self.rows:
            out[name] += n
        return out


def read_decks(path: Path = DATA) -> list[TournamentDeck]:
    """The decks of the stored file (its layout is in its header); a malformed line raises a
    ValueError naming the file and line."""
    decks: list[TournamentDeck] = []
    head: list[str] | None = None
    rows: list[tuple[int, str]] = []
    commander: list[str] = []
    section = "main"

    def close() -> None:
        if head is not None:
            if not rows:
                raise ValueError(f"{path}: the deck {' '.join(head)} has no cards")
            decks.append(TournamentDeck(*head, tuple(rows), tuple(commander)))

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        if line.startswith("deck "):
            close()
            parts = line.split(" ", 4)
            if len(parts) < 5 or parts[1] not in FORMATS:
                raise ValueError(f"{path}:{number}: expected 'deck FORMAT DATE EVENT NAME' (a format of "
                                 f"{', '.join(FORMATS)}), got {line!r}")
            head, rows, commander, section = parts[1:], [], [], "main"
        elif line == "commander" and head is not None:
            section = "commander"
        else:
            count, _, name = line.partition(" ")
            if head is None or not count.isdigit() or int(count) < 1 or not name.strip():
                raise ValueError(f"{path}:{number}: expected 'COUNT NAME' in a deck, got {line!r}")
            rows.append((int(count), name))
            if section == "commander":
                commander.append(name)
    close()
    return decks


def corpus_cut(names: set[str], out: Path) -> Path:
    """A bulk file of the corpus's records of the cards named (by full or front-face name), with
    their faces: the back-face records of the corpus's own (named by their front, "front") and
    the faces it lacks (tests/data/missing_faces.json, tests/corpus.py: with_faces). A card's
    reading depends on its own records alone, and importing 1,500 cards takes a second where
    the whole corpus takes half a minute."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from corpus import corpus_path, with_faces
    finally:
        sys.path.pop(0)
    records = json.loads(corpus_path().read_text(encoding="utf-8"))
    kept = [r for r in records if r.get("face") is None and (r["name"] in names or r["name"].split(" // ")[0] in names)]
    fronts = {r["name"].split(" // ")[0] for r in kept}
    kept += [r for r in records if r.get("face") == "back" and r.get("front") in fronts]
    out.write_text(json.dumps(with_faces(kept)), encoding="utf-8")
    return out


def database(names: set[str], cards: Path | None = None):
    """The card database the benchmark reads (a CardDatabase) and the ImportedCards behind it:
    `cards` (a bulk card file), else the corpus's records of `names`, imported as `mtgsim cards
    import` does."""
    from mtgsim.cards.database import with_imported
    from mtgsim.cards.imported import import_bulk
    with tempfile.TemporaryDirectory() as tmp:
        bulk = cards if cards is not None else corpus_cut(names, Path(tmp) / "cards.json")
        imported = import_bulk(bulk, Path(tmp) / "db.json")
    return with_imported(imported), imported


@dataclasses.dataclass
class Figures:
    """One format's figures (copies and decks counted; shares by `share`)."""
    decks: int = 0
    copies: Counter = dataclasses.field(default_factory=Counter)       # bucket (and "missing") → copies
    lands: int = 0
    lands_fully: int = 0
    mana: int = 0
    mana_fully: int = 0
    mana_complete_decks: int = 0
    complete_decks: int = 0
    families: list = dataclasses.field(default_factory=list)           # (family, copies, example cards)

    @property
    def total(self) -> int:
        return sum(self.copies.values())

    def share(self, what: str) -> float:
        """The share named: a bucket of copies, "lands", "mana", or a kind of deck."""
        ratio = {"lands": (self.lands_fully, self.lands), "mana": (self.mana_fully, self.mana),
                 "mana_complete_decks": (self.mana_complete_decks, self.decks),
                 "complete_decks": (self.complete_decks, self.decks)}.get(what, (self.copies[what], self.total))
        return ratio[0] / ratio[1] if ratio[1] else 0.0


class CardRead(NamedTuple):
    """What the benchmark needs of a card: the database's verdict on it (a CardCoverage, named
    as the decks name the card), whether it is a land (its front face, or the back of a modal
    double-faced card: 712.12), whether a nonland mana card."""
    verdict: Any
    land: bool
    mana: bool


class Reader:
    """The cards of the decks, each read once (a CardRead; None for a name the database lacks)."""

    def __init__(self, db, imported):
        from mtgsim.cards.coverage import adds_mana
        self.db, self.imported, self._adds_mana = db, imported, adds_mana
        self._known: dict[str, CardRead | None] = {}

    def card(self, name: str) -> CardRead | None:
        if name not in self._known:
            if name not in self.db:
                self._known[name] = None
            else:
                card = self.db[name]
                read = self.imported.aliases.get(card.name, card.name)     # (its record in the bulk file)
                text = self.imported.table(read).get("text", "") if read in self.imported.keys else ""
                verdict = dataclasses.replace(self.db.verdict(name), name=name)  # (by the deck's "A // B" name)
                back = card.modal_back                 # (712.12: a modal DFC's land face, not a transforming one's)
                land = card.is_land or (back is not None and back.is_land)
                self._known[name] = CardRead(verdict, land, not land and self._adds_mana(text))
        return self._known[name]


def measure(decks: list[TournamentDeck], reader: Reader, top: int = 30) -> dict[str, Figures]:
    """The figures of each format of `decks`, and of them all (ALL)."""
    from mtgsim.cards.coverage import Coverage
    out: dict[str, Figures] = {}
    for fmt in [f for f in FORMATS if any(d.format == f for d in decks)] + [ALL]:
        chosen = [d for d in decks if fmt in (ALL, d.format)]
        fig = out[fmt] = Figures(decks=len(chosen))
        played: Counter = Counter()
        for deck in chosen:
            copies = deck.copies()
            played.update(copies)
            known = {name: reader.card(name) for name in copies}
            fig.copies["missing"] += sum(n for name, n in copies.items() if known[name] is None)
            found = {name: k for name, k in known.items() if k is not None}
            fig.copies.update(Coverage.of(k.verdict for k in found.values()).copies(copies))
            mana_read = complete = all(k is not None for k in known.values())
            for name, (verdict, land, mana) in found.items():
                fully = verdict.bucket == "fully"
                complete &= fully
                if land or mana:
                    mana_read &= fully
                    fig.lands += copies[name] if land else 0
                    fig.lands_fully += copies[name] if land and fully else 0
                    fig.mana += copies[name] if mana else 0
                    fig.mana_fully += copies[name] if mana and fully else 0
            fig.mana_complete_decks += mana_read
            fig.complete_decks += complete
        cov = Coverage.of(k.verdict for name in played if (k := reader.card(name)) is not None)
        fig.families = cov.families_played(played, top)
    return out


COLUMNS = (("fully", "fully"), ("partly", "partly"), ("unknown", "unknown"), ("missing", "missing"),
           ("lands", "lands fully"), ("mana", "mana cards fully"), ("mana_complete_decks", "mana-complete decks"),
           ("complete_decks", "complete decks"))


def _cell(fig: Figures, key: str) -> str:
    """A share in per cent; of decks, with their number."""
    decks = {"mana_complete_decks": fig.mana_complete_decks, "complete_decks": fig.complete_decks}
    return f"{100 * fig.share(key):.1f}%" + (f" ({decks[key]})" if key in decks else "")


def table(figures: dict[str, Figures]) -> str:
    """The figures as a Markdown table (the one README.md carries)."""
    head = ["format", "decks", "copies"] + [title for _, title in COLUMNS]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for fmt, fig in figures.items():
        cells = [fmt, str(fig.decks), f"{fig.total:,}"] + [_cell(fig, key) for key, _ in COLUMNS]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def families_text(fig: Figures, title: str) -> str:
    lines = [f"top {len(fig.families)} unread phrase families in {title}, by copies played "
             f"(share of all {fig.total:,} copies):"]
    for family, copies, examples in fig.families:
        lines.append(f"  {copies:6,} {100 * copies / (fig.total or 1):5.1f}%  {family}  ({', '.join(examples)})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--format", choices=FORMATS, help="one format only (default: each, and all together)")
    p.add_argument("--top", type=int, default=30, metavar="N", help="unread phrase families listed (default 30)")
    p.add_argument("--json", type=Path, metavar="OUT", help="also write the figures as JSON to OUT")
    p.add_argument("--cards", type=Path, metavar="FILE", help="a bulk card file to read the cards from "
                                                              "(default: the tests' oracle corpus)")
    p.add_argument("--decks", type=Path, default=DATA, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.top < 0:
        p.error("--top: a whole number, 0 or more")
    decks = [d for d in read_decks(args.decks) if args.format in (None, d.format)]
    names = {name for d in decks for _, name in d.rows}
    reader = Reader(*database(names, args.cards))
    figures = measure(decks, reader, args.top)
    if args.format:
        figures.pop(ALL)
    missing = sorted(n for n in names if reader.card(n) is None)
    print(table(figures))
    if missing:
        print(f"\nnot in the cards read ({len(missing)}, counted as 'missing'): {', '.join(missing)}")
    for fmt in sorted(figures, key=lambda f: f != ALL):           # (all formats first, then each)
        print("\n" + families_text(figures[fmt], "all formats" if fmt == ALL else fmt))
    if args.json:
        doc = {fmt: {**dataclasses.asdict(fig), "copies": dict(fig.copies),      # (asdict can't copy a Counter)
                     "shares": {key: fig.share(key) for key, _ in COLUMNS}} for fmt, fig in figures.items()}
        args.json.write_text(json.dumps({"decks": str(args.decks.name), "missing": missing, "formats": doc},
                                        indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
