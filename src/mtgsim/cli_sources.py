"""`mtgsim sources`: Karsten-style source tables (mtgsim.sources) — for a deck, every colour
cost it has with the sources needed and had (`mtgsim sources DECK`); or the generic table for a
deck size beside Karsten's published one (`mtgsim sources --size 60 [--lands 25]`)."""
from __future__ import annotations

from . import sources
from .cards import card_db
from .checks import MAX_THREADS
from .cli_common import bounded_int, check_destinations, deck_path
from .decklist import Deck
from .errors import UsageError
from .play_draw import ON


def cmd_sources(args) -> int:
    args.csv = args.plot = None             # (check_destinations' other files: none here)
    check_destinations(args)
    if args.size is not None and (args.deck or args.example):
        raise UsageError("give a deck or --size, not both (--size prints the generic table for a deck size)")
    if args.size is None and args.lands is not None:
        raise UsageError("--lands goes with --size (a deck's own land count is read from the deck)")
    res: sources.SourceTable | sources.DeckSources
    if args.size is not None:
        res = sources.table(size=args.size, lands=args.lands, level=args.level, games=args.games, seed=args.seed,
                            threads=args.threads, on=args.on)
    else:
        path = deck_path(args)
        db = card_db(*args.cards) if args.cards else card_db()
        res = sources.for_deck(Deck.from_file(path, db=db), level=args.level, games=args.games, seed=args.seed,
                               threads=args.threads, on=args.on)
    if args.json:
        res.to_json(args.json)
    print(res.table())
    if args.seed is None:
        print("(the seed drawn at random: --seed replays this run)")
    return 0


def add_parser(sub) -> None:
    s = sub.add_parser("sources", help="sources of each colour needed to cast a deck's costs on curve "
                                       "(Karsten's definition, by simulation), and the sources it has")
    s.add_argument("deck", nargs="?", help="decklist file (MTG Arena, MTGO .txt/.dek, or plain)")
    s.add_argument("--example", metavar="NAME", help="a bundled example deck instead (see `mtgsim examples`)")
    s.add_argument("--size", type=int, default=None, metavar="N",
                   help="no deck: the generic table for decks of N cards (40, 60, 80, 99: beside Karsten's)")
    s.add_argument("--lands", type=int, default=None, metavar="L",
                   help="with --size: the deck's lands (default Karsten's: 17, 25, 35, 41 for 40, 60, 80, 99)")
    s.add_argument("--level", type=float, default=None, metavar="P",
                   help="the probability to reach, for every cost (default Karsten's: (89 + mana value)%%)")
    s.add_argument("--games", type=bounded_int(1, 10 ** 9), default=sources.DEFAULT_GAMES, metavar="N",
                   help=f"games per number of sources (default {sources.DEFAULT_GAMES:,})")
    s.add_argument("--seed", type=bounded_int(0, 10 ** 18), default=None, metavar="N",
                   help="the same seed gives the same figures (default: one drawn at random, printed)")
    s.add_argument("--threads", type=bounded_int(1, MAX_THREADS), default=None, metavar="N",
                   help="threads (default: one per CPU); the figures are the same for any number")
    s.add_argument("--on", choices=ON, default="play",
                   help="start on the play (default: Karsten's definition), on the draw, or both (half each)")
    s.add_argument("--json", metavar="PATH", help="also write the table as JSON")
    s.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="extra cards: TOML definitions or a bulk card file (Scryfall, MTGJSON), may repeat")
    s.set_defaults(run=cmd_sources)
