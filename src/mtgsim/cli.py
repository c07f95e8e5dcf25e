"""The `mtgsim` command line: look at decks and cards. Bad input is reported in one line
naming what and where, with exit status 2; never a traceback."""
from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path

from .cards import CardDataError, UnknownCardError, card_db
from .decklist import Deck, DecklistError
from .mana import ManaCostError

EXAMPLE_SUFFIXES = (".txt", ".dek")


class UsageError(Exception):
    """A command line that can't be carried out as given."""


def example_decks() -> dict[str, Path]:
    """The bundled example decklists, by name (file name without suffix)."""
    folder = resources.files("mtgsim") / "examples"
    return {Path(e.name).stem: Path(str(e)) for e in sorted(folder.iterdir(), key=lambda e: e.name)
            if e.name.endswith(EXAMPLE_SUFFIXES)}


def _deck_path(args) -> Path:
    if args.example:
        examples = example_decks()
        if args.example not in examples:
            raise UsageError(f"no bundled example {args.example!r}; examples: {', '.join(examples)}")
        return examples[args.example]
    if not args.deck:
        raise UsageError("give a decklist file, or --example NAME (see `mtgsim examples`)")
    return Path(args.deck)


def _fail(message: str) -> int:
    print(f"mtgsim: error: {message}", file=sys.stderr)
    return 2


def cmd_deck(args) -> int:
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(_deck_path(args), db=db)
    print(deck.summary())
    return 0


def cmd_examples(args) -> int:
    for name, path in example_decks().items():
        deck = Deck.from_file(path)
        print(f"{name:24s} {len(deck):4d} cards  {path.name}")
    return 0


def cmd_card(args) -> int:
    db = card_db(*args.cards) if args.cards else card_db()
    for name in args.names:
        c = db[name]
        print(c)
        if c.power is not None:
            print(f"  {c.power}/{c.toughness}")
        for line in c.text.splitlines():
            print(f"  {line}")
        if c.unmodeled:
            print(f"  (not simulated: {c.unmodeled})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mtgsim", description="Magic: The Gathering mana and cost simulation.")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deck", help="read a decklist and print its curve and colour requirements")
    d.add_argument("deck", nargs="?", help="decklist file (MTG Arena, MTGO .txt/.dek, or plain)")
    d.add_argument("--example", metavar="NAME", help="use a bundled example deck instead")
    d.add_argument("--cards", action="append", default=[], metavar="TOML",
                   help="extra card definitions (TOML), may repeat")
    d.set_defaults(run=cmd_deck)
    e = sub.add_parser("examples", help="list the bundled example decks")
    e.set_defaults(run=cmd_examples)
    c = sub.add_parser("card", help="show cards from the database")
    c.add_argument("names", nargs="+")
    c.add_argument("--cards", action="append", default=[], metavar="TOML")
    c.set_defaults(run=cmd_card)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (UsageError, DecklistError, CardDataError, UnknownCardError, ManaCostError) as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"{e.filename}: {e.strerror}" if e.filename else str(e))


if __name__ == "__main__":
    sys.exit(main())
