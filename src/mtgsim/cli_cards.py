"""`mtgsim cards ...`: the real-card commands — import a bulk card file as the user's
database, update it from Scryfall, report how far a deck's (or the database's) card text is
understood, and show what mtgsim made of a card."""
from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

from .cards import card_db
from .cli_common import bounded_int, deck_path
from .decklist import Deck

SCRYFALL_API = "https://api.scryfall.com"


def _db(args):
    return card_db(*args.cards) if args.cards else card_db()


def _import_line(cards, target: Path) -> str:
    from .cards.database import with_imported
    s = cards.summary
    n = sum(1 for bucket, _ in cards.verdicts.values() if bucket != "token")   # (not the tokens effects make)
    # The buckets as `mtgsim cards coverage` counts them (one computation): of the database the
    # import makes, the curated cards with the recognized ones they don't override.
    database = with_imported(cards).coverage().shares_line()
    skipped = s.get("skipped", {})
    text = (f"imported {n:,} cards from {s.get('source')} ({s.get('format')}"
            f"{', gzipped' if s.get('gzipped') else ''}) in {s.get('seconds', 0):.1f} s\n"
            f"the card database (the curated cards with these): {database}")
    if skipped:
        text += "\nskipped " + ", ".join(f"{v:,} {k}" for k, v in sorted(skipped.items(), key=lambda kv: -kv[1]))
    problems = s.get("problems", [])
    for p in problems[:10]:
        text += f"\n  {p}"
    more = len(problems) - 10 + s.get("problems_left_out", 0)
    if more > 0:
        text += f"\n  ... and {more:,} more"
    return text + f"\ninto {target}\n(see `mtgsim cards coverage` for what is and isn't understood)"


def cmd_import(args) -> int:
    from .cards.imported import import_bulk, user_database_path
    target = Path(args.to) if args.to else user_database_path()
    cards = import_bulk(args.file, target, progress=sys.stderr.isatty())
    print(_import_line(cards, target))
    return 0


def cmd_update(args) -> int:
    from .cards.cache import user_cache_dir
    from .cards.download import download_oracle_bulk
    from .cards.imported import import_bulk, user_database_path
    target = Path(args.to) if args.to else user_database_path()
    path = download_oracle_bulk(user_cache_dir(), api=args.api, timeout=args.timeout,
                                progress=sys.stderr.isatty())
    cards = import_bulk(path, target, progress=sys.stderr.isatty())
    print(_import_line(cards, target))
    return 0


def cmd_coverage(args) -> int:
    db = _db(args)
    if args.deck or args.example:
        cov = db.coverage(Deck.from_file(deck_path(args), db=db))
    else:
        cov = db.coverage()
    print(cov.report(families=args.top, details=bool(args.deck or args.example)), end="")
    return 0


def cmd_show(args) -> int:
    db = _db(args)
    for name in args.names:
        c = db[name]
        v = db.verdict(c)
        how = "curated" if v.curated else f"{v.bucket} recognized" if v.bucket == "fully" else v.bucket
        print(f"{c}  [{how}]")
        if c.power is not None:
            print(f"  {c.power}/{c.toughness}")
        for face in (c, c.back) if c.back is not None else (c,):
            if face is not c:
                print(f"  back face: {face}")
            for a in face.abilities:
                print(textwrap.indent(textwrap.fill(_ability_text(a), 100, subsequent_indent="    "), "  "))
            if face.doesnt_untap:
                print("  doesn't untap during its controller's untap step (502.3)")
            if face.uncastable:
                never = "never played" if face.is_land else "never cast"
                print(textwrap.fill(f"{never} by the simulator: {face.uncastable}", 100,
                                    initial_indent="  ", subsequent_indent="    "))
        for clause in v.clauses:
            print(f"  {clause.status:12} {clause.text}")
    return 0


def _ability_text(ability) -> str:
    """An ability record without its default fields: what was understood, in the model's words."""
    import dataclasses
    kind = type(ability).__name__
    parts = []
    for f in dataclasses.fields(ability):
        value = getattr(ability, f.name)
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
        if value != default:
            parts.append(f"{f.name}={_shown(value)}")
    return f"{kind}({', '.join(parts)})"


def _shown(value) -> str:
    import dataclasses
    import enum
    if type(value).__name__ == "Op":            # (an effect's step: its parameters)
        return ", ".join(f"{k}={_shown(v)}" for k, v in value.params)
    if dataclasses.is_dataclass(value):
        return _ability_text(value)
    if isinstance(value, enum.Enum):
        return repr(value.value)
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(v) for v in value) + ")"
    return str(value) if type(value).__name__ in ("ManaCost", "ActivationCost") else repr(value)


def _cards_flag(parser) -> None:
    parser.add_argument("--cards", action="append", default=[], metavar="FILE",
                        help="extra cards: TOML definitions or a bulk card file (Scryfall, MTGJSON), may repeat")


def add_parser(sub) -> None:
    """The `cards` subcommand and its own subcommands."""
    c = sub.add_parser("cards", help="real card data: import, update, coverage, show")
    cs = c.add_subparsers(dest="cards_command", required=True, metavar="{import,update,coverage,show}",
                          help="what to do (mtgsim cards COMMAND --help)")
    i = cs.add_parser("import", help="import a bulk card file (Scryfall or MTGJSON) as your card database")
    i.add_argument("file", help="Scryfall bulk data (JSON or JSON Lines, gzipped or not), MTGJSON AtomicCards, "
                                "AllPrintings or a set file, or a JSON list of MTGJSON card records")
    i.add_argument("--to", metavar="PATH", help="where to write the database (default: your user cache, "
                                                "$MTGSIM_CACHE or the platform's, used by later runs)")
    i.set_defaults(run=cmd_import)
    u = cs.add_parser("update", help="download Scryfall's current oracle cards bulk file and import it")
    u.add_argument("--api", default=SCRYFALL_API, help=argparse.SUPPRESS)
    u.add_argument("--timeout", type=bounded_int(1, 3600), default=30, metavar="S",
                   help="give up on a server silent for S seconds (default 30)")
    u.add_argument("--to", metavar="PATH", help=argparse.SUPPRESS)
    u.set_defaults(run=cmd_update)
    v = cs.add_parser("coverage", help="how far a deck's card text (or the whole database's) is understood")
    v.add_argument("deck", nargs="?", help="decklist file; without one, the whole database")
    v.add_argument("--example", metavar="NAME", help="a bundled example deck instead of a file")
    v.add_argument("--top", type=bounded_int(0, 1000), default=20, metavar="N",
                   help="list the N most frequent unrecognized phrase families (default 20)")
    _cards_flag(v)
    v.set_defaults(run=cmd_coverage)
    s = cs.add_parser("show", help="what mtgsim understood of cards: abilities and each clause's verdict")
    s.add_argument("names", nargs="+", metavar="NAME", help="card names (any case)")
    _cards_flag(s)
    s.set_defaults(run=cmd_show)

