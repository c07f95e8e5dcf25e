"""`mtgsim optimize`: land-count sweeps, mana-base searches and swaps from the command line.

    mtgsim optimize deck.txt --lands 20..26 --land Forest --cut "Grizzly Bears" \\
        --objective "castable:Llanowar Elves@curve" --games 200000 [--scheduler tcp://host:8786]
    mtgsim optimize deck.txt --mana-base "Plains=0..17,Island=0..17,Hallowed Fountain=0..4" --lands 17 ...
    mtgsim optimize deck.txt --swaps [--from sideboard | --candidates "A,B"] [--cut "X,Y"] --objective ...

An objective is one or more --objective terms, added up as objective.DEFINITION says:
KIND:CARD@WHEN with KIND castable (WHEN: curve or a turn) or cast_by (WHEN: a turn),
kill_turn:mean / kill_turn:median / kill_turn:Q, mana_spent@TURN; a weight may lead
("2*castable:Steel Leaf Champion@curve"), and a kill-turn term is subtracted from card terms
(earlier is better).
"""
from __future__ import annotations

import math
import re
import sys
import warnings

from .cards import card_db
from .cli_common import add_hand_smoother_option
from .cli_common import (add_run_options, bounded_int, check_destinations, deck_path, interrupted_status,
                         legality_printed, run_settings, start_setting, write_outputs)
from .decklist import Deck
from .errors import UnmodeledTextWarning, UsageError
from .objective import DEFINITION, Objective
from .play_draw import START_WORDS
from .smoother import HandSmoother
from .smoother import describe as smoother_line

_TERM = re.compile(r"^\s*(?:(?P<w>\d+(?:\.\d+)?)\s*[*x]\s*)?(?P<kind>castable|cast_by|kill_turn|mana_spent)"
                   r"(?::(?P<what>[^@]*))?(?:@(?P<when>\S+))?\s*$")
_TURN = re.compile(r"^[0-9]+$")
_RANGE = re.compile(r"^\s*(\d+)\s*\.\.\s*(\d+)\s*$")


def parse_objective(terms: list[str]) -> Objective:
    """The --objective terms as one Objective, each term its own, added up (DEFINITION)."""
    if not terms:
        raise UsageError('give at least one --objective, e.g. --objective "castable:Llanowar Elves@curve"')
    objs: list[Objective] = []
    for text in terms:
        m = _TERM.match(text)
        if not m:
            raise UsageError(f"--objective {text!r}: write KIND:CARD@WHEN (castable:NAME@curve, "
                             "castable:NAME@3, cast_by:NAME@4), kill_turn:mean, kill_turn:median, "
                             "kill_turn:0.25 or mana_spent@5, with an optional weight (2*...)")
        w = float(m["w"]) if m["w"] else 1.0
        if not 0 < w < math.inf:
            raise UsageError(f"--objective {text!r}: the weight must be a number > 0 (leave a term out "
                             "rather than weigh it 0)")
        kind, what, when = m["kind"], (m["what"] or "").strip(), m["when"]
        if when is not None and when != "curve" and not _TURN.match(when):
            raise UsageError(f"--objective {text!r}: after @ give a turn number"
                             + (" or curve" if kind == "castable" else ""))
        if kind in ("castable", "cast_by"):
            if not what or not when:
                raise UsageError(f"--objective {text!r}: {kind} needs a card and a turn: {kind}:NAME@"
                                 + ("curve" if kind == "castable" else "4"))
            if kind == "cast_by" and when == "curve":
                raise UsageError(f"--objective {text!r}: cast_by needs a turn number, e.g. cast_by:{what}@4")
            if kind == "cast_by":
                objs.append(w * Objective.cast_by(what, int(when)))
            elif when == "curve":
                objs.append(w * Objective.castable(what, on_curve=True))
            else:
                objs.append(w * Objective.castable(what, turn=int(when)))
        elif kind == "kill_turn":
            what = what or "mean"
            if what in ("mean", "median"):
                obj = Objective.kill_turn(what)
            else:
                try:
                    obj = Objective.kill_turn(quantile=float(what))
                except ValueError:
                    raise UsageError(f"--objective {text!r}: kill_turn:mean, kill_turn:median or "
                                     "kill_turn:Q with Q in (0, 1)") from None
            objs.append(w * obj)
        else:
            if not when or when == "curve":
                raise UsageError(f"--objective {text!r}: mana_spent@TURN, e.g. mana_spent@5")
            objs.append(w * Objective.mana_spent(int(when)))
    higher = [o for o in objs if o.maximize]
    lower = [o for o in objs if not o.maximize]
    # (mypy reads sum() as maybe 0: Objective.__radd__ takes that 0, so a sum of Objectives is one)
    return sum(higher) - sum(lower) if higher and lower else sum(objs)  # type: ignore[operator, return-value]


def _lands_range(text: str | None) -> list[int] | None:
    if text is None:
        return None
    m = _RANGE.match(text)
    if m:
        lo, hi = int(m[1]), int(m[2])
        if lo > hi:
            raise UsageError(f"--lands {text}: the range is empty ({lo} > {hi})")
        return list(range(lo, hi + 1))
    if text.strip().isdigit():
        return [int(text)]
    raise UsageError(f"--lands {text!r}: give a land count (17) or a range (20..26)")


def parse_pool(text: str) -> dict[str, tuple[int, int]]:
    """--mana-base "Plains=0..17,Island=0..17,Hallowed Fountain=0..4" as {land: (lo, hi)}."""
    pool: dict[str, tuple[int, int]] = {}
    for part in text.split(","):
        name, eq, rng = part.rpartition("=")
        m = _RANGE.match(rng) if eq else None
        if not name.strip() or not m:
            raise UsageError(f"--mana-base: {part.strip()!r} is not LAND=LOW..HIGH (e.g. Plains=0..17)")
        pool[name.strip()] = (int(m[1]), int(m[2]))
    return pool


def _reading(deck: Deck, pool: dict[str, tuple[int, int]], what: str = "the pool's other lands") -> str:
    """How far to trust the figures: the deck's card copies fully read, the cards that are not,
    and the cards a variant may add that the deck doesn't hold (the lands of a mana-base pool,
    the candidates of --swaps) that are not."""
    from .cards.coverage import Coverage
    held = {c.name for c, _ in deck.cards()}
    pairs = [(v, hi) for name, (_, hi) in pool.items() if (v := deck.db.verdict(name)).name not in held]
    others = Coverage.of(v for v, _ in pairs).reading({v.name: hi for v, hi in pairs}).rows()
    return "\n".join([deck.db.reading(deck).text()]
                      + ([f"{what} not fully read (at most copies shown):"] + others if others else []))


def card_list(db, texts: list[str], flag: str) -> list[str]:
    """Cards given to a flag, each as one card or a comma-separated list ("A,B"), may repeat:
    parts are joined back where the joined text is a card's name ("Brimaz, King of Oreskos"),
    the longest first; a part that is no card is an UnknownCardError naming the closest."""
    from .cards.database import named_card
    out: list[str] = []
    for text in texts:
        parts = [p.strip() for p in text.split(",")]
        i = 0
        while i < len(parts):
            j = next((j for j in range(len(parts), i + 1, -1) if ", ".join(parts[i:j]) in db), i + 1)
            if parts[i] or j > i + 1:
                out.append(named_card(db, ", ".join(parts[i:j]), flag).name)
            i = j
    if not out:
        raise UsageError(f"{flag}: name at least one card")
    return out


def _swaps(deck: Deck, args, objective: Objective, common: dict):
    """--swaps: the one-for-one swaps raced (optimize.swaps), from the sideboard or --candidates."""
    from . import optimize
    given = [flag for flag, on in (("--lands", args.lands), ("--land", args.land), ("--mana-base", args.mana_base),
                                   ("--vary-size", args.vary_size), ("--race", args.race)) if on]
    if given:
        raise UsageError(f"{', '.join(given)}: for a land-count sweep or a mana-base search, not --swaps")
    if args.candidates and args.swaps_from:
        raise UsageError("give --from sideboard or --candidates, not both")
    if args.candidates:
        candidates: list[str] | str = card_list(deck.db, args.candidates, "--candidates")
    elif not deck.sideboard:
        raise UsageError(f"--swaps{' --from sideboard' if args.swaps_from else ''}: the deck has no sideboard: "
                         'give the cards to try with --candidates "A,B"')
    else:
        candidates = "sideboard"
    cut = card_list(deck.db, args.cut, "--cut") if args.cut else None
    return optimize.swaps(deck, candidates, objective, games=args.games, budget=args.budget, cut=cut,
                          lands=not args.no_land_swaps, **common)


def _what_varies(deck: Deck, r, args) -> str:
    """The header's words for what the variants change and their deck size."""
    size = f"every deck {len(deck)} cards" if r.same_size else f"decks of {r.sizes[0]} to {r.sizes[-1]} cards"
    if args.mana_base:
        return f"mana base of {args.lands} lands, the other cards kept ({size})"
    if args.cut:
        return f"land counts {args.lands}, {args.land} in and {', '.join(args.cut)} out ({size})"
    if args.vary_size:
        return f"land counts {args.lands}, {args.land} added or taken away with nothing cut ({size})"
    return f"land counts {args.lands} ({size})"


def _print_swaps(deck: Deck, path, args, objective: Objective, common: dict) -> int:
    """--swaps: run optimize.swaps, write the files asked for, print the header and the table."""
    if args.plot:
        raise UsageError("--plot: not for --swaps (its table, --json and --csv give every swap)")
    with warnings.catch_warnings(), legality_printed():
        warnings.simplefilter("ignore", UnmodeledTextWarning)
        w = _swaps(deck, args, objective, common)
    write_outputs(w, args)
    seed = common["seed"]
    _print_header(f"{deck.name or path}: swaps of one card for another (every deck {len(deck)} cards)", args,
                  common["on"], seed, w.interrupted, w.format)
    _print_smoother(common["hand_smoother"])
    print(w.table())
    added = {n: (0, 1) for n in w.plan.candidates + ((w.plan.basic,) if w.plan.basic else ())}
    print(f"\n{_reading(deck, added, 'the candidates outside the deck')}")
    return interrupted_status(w.interrupted, f"the figures are of the {w.games_used:,} games finished "
                                             "(each variant's own games in the table)")


def _print_header(title: str, args, start: str, seed, interrupted: bool, fmt) -> None:
    """The first lines of an optimization's output: what was raced, the turns, the start, the seed
    (and whether it was drawn), whether Ctrl-C stopped it; then the format, if one was given."""
    print(f"{title}, {args.turns} turns, {START_WORDS[start]}, seed {seed}"
          + (" (drawn at random: --seed replays it)" if args.seed is None else "")
          + (" (interrupted)" if interrupted else ""))
    if fmt is not None:
        print(f"format: {fmt.describe()}")


def _print_smoother(smoother) -> None:
    """The header's line naming the hand smoother, when one deals the hands (--hand-smoother)."""
    if smoother is not None:
        print(smoother_line(smoother))


def cmd_optimize(args) -> int:
    from . import optimize
    from .simulate import GameRules
    path = deck_path(args)
    check_destinations(args)
    if args.mulligan_search and args.swaps:
        raise UsageError("--swaps and --mulligan-search: one search at a time")
    if args.mulligan_search:
        return _mulligan_search(args, path)
    lands = _lands_range(args.lands)
    if lands is None and not args.swaps:
        raise UsageError("give --lands: a range of land counts to sweep (20..26, with --land), or the "
                         "lands of the mana base (17, with --mana-base)")
    if args.games > optimize.MAX_VARIANT_GAMES:
        raise UsageError(f"--games: at most {optimize.MAX_VARIANT_GAMES:,} games per variant (each keeps its "
                         f"figures chunk by chunk, for the intervals), got {args.games:,}")
    objective = parse_objective(args.objective)
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(path, db=db)
    mulligan, policy, seed = run_settings(args)
    start = start_setting(args)
    common = dict(turns=args.turns, on=start, mulligan=mulligan, policy=policy, seed=seed,
                  threads=args.threads, client=args.scheduler, progress=sys.stderr.isatty(), track=args.track,
                  hand_smoother=HandSmoother.of(args.hand_smoother, "--hand-smoother"), format=args.format)
    if args.swaps or lands is None:          # (no --lands: only with --swaps)
        return _print_swaps(deck, path, args, objective, common)
    given = [flag for flag, on in (("--from", args.swaps_from), ("--candidates", args.candidates),
                                   ("--no-land-swaps", args.no_land_swaps)) if on]
    if given:
        raise UsageError(f"{', '.join(given)}: only with --swaps")
    with warnings.catch_warnings(), legality_printed():
        warnings.simplefilter("ignore", UnmodeledTextWarning)
        if args.mana_base:
            given = [flag for flag, on in (("--land", args.land), ("--cut", args.cut), ("--vary-size", args.vary_size))
                     if on]
            if given:
                raise UsageError(f"{', '.join(given)}: for a land-count sweep, not --mana-base (which splits the "
                                 "deck's own copies of the pool's lands)")
            if len(lands) != 1:
                raise UsageError("--mana-base takes one land count (--lands 17), not a range")
            r: optimize.ManaBaseResult | optimize.SweepResult
            r = optimize.mana_base(deck, pool=parse_pool(args.mana_base), lands=lands[0], objective=objective,
                                   budget=20_000_000 if args.budget is None else args.budget, **common)
        else:
            if not args.land:
                raise UsageError("a land-count sweep needs --land: the land whose copies change (e.g. Forest)")
            variants = optimize.land_counts(deck, lands, land=args.land, cut=args.cut, vary_size=args.vary_size)
            r = optimize.sweep(variants, objective, games=args.games, race=args.race, **common)
    write_outputs(r, args)          # (first: a closed stdout loses no file)
    rules = GameRules.of(deck, None, args.format)
    _print_header(f"{deck.name or path}: {_what_varies(deck, r, args)}", args, start, seed, r.interrupted, rules.format)
    if rules.commanders or rules.format is not None:    # (a Commander deck's variants play a Commander game: 903)
        print(f"game: {rules.describe()}")
    _print_smoother(common["hand_smoother"])
    print(r.table())
    if isinstance(r, optimize.ManaBaseResult):        # (--mana-base)
        print("best mana base: " + ", ".join(f"{n} {k}" for n, k in r.split().items()))
    print(f"\n{_reading(deck, parse_pool(args.mana_base) if args.mana_base else {})}")
    return interrupted_status(r.interrupted, f"the figures are of the {r.games_used:,} games finished "
                                             "(each variant's own games in the table)")


def _mulligan_search(args, path) -> int:
    """--mulligan-search: race keep rules (optimize.mulligan) and print the table, the best rule
    against mtgsim's default and Karsten's with paired intervals."""
    from . import optimize
    given = [flag for flag, on in (("--lands", args.lands), ("--land", args.land), ("--cut", args.cut),
                                   ("--mana-base", args.mana_base), ("--race", args.race),
                                   ("--vary-size", args.vary_size), ("--keep", args.keep),
                                   ("--no-mulligan", args.no_mulligan), ("--csv", args.csv),
                                   ("--plot", args.plot)) if on]
    if given:
        raise UsageError(f"{', '.join(given)}: not with --mulligan-search (it races keep rules on the deck as it is; "
                         "--json writes its table, --html its page)")
    objective = parse_objective(args.objective)
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(path, db=db)
    _, policy, seed = run_settings(args)
    smoother = HandSmoother.of(args.hand_smoother, "--hand-smoother")
    start = start_setting(args)
    with warnings.catch_warnings(), legality_printed():
        warnings.simplefilter("ignore", UnmodeledTextWarning)
        r = optimize.mulligan(deck, objective, games=args.games, seed=seed, turns=args.turns, budget=args.budget,
                              threads=args.threads, client=args.scheduler, policy=policy, on=start,
                              count_mana_sources=args.count_mana_sources, progress=sys.stderr.isatty(),
                              track=args.track, hand_smoother=smoother, format=args.format)
    write_outputs(r, args)
    _print_header(f"{deck.name or path}: keep rules ({len(r.labels)} raced, {r.games_used:,} games)", args,
                  start, seed, r.interrupted, r.format)
    _print_smoother(smoother)
    print(f"objective: {r.objective}")
    print(r.table())
    print(f"\n{_reading(deck, {})}")
    return interrupted_status(r.interrupted, f"the figures are of the {r.games_used:,} games finished "
                                             "(each rule's own games in the table)")


def add_parser(sub) -> None:
    """The `optimize` subcommand."""
    from .optimize.engine import MAX_BUDGET
    o = sub.add_parser("optimize", help="how many lands, which lands, what to cut: land-count sweeps, mana-base "
                                           "searches and swaps")
    o.add_argument("deck", nargs="?", help="decklist file (MTG Arena, MTGO .txt/.dek, or plain)")
    o.add_argument("--example", metavar="NAME", help="a bundled example deck instead of a file")
    o.add_argument("--lands", metavar="N|LO..HI", help="land counts to sweep (20..26), or the lands of the mana base")
    o.add_argument("--land", metavar="LAND", help="the land whose copies change in a sweep (e.g. Forest)")
    o.add_argument("--cut", action="append", default=[], metavar="CARD",
                   help="cards taken out as lands come in (and put back as they go out), in order; may repeat. "
                        'With --swaps: the only cards to take out ("X,Y"; default: every main-deck card)')
    o.add_argument("--vary-size", action="store_true",
                   help="with no --cut: let the deck's size change with its lands (--land added or taken "
                        "away); the table says each variant's size. Without it, a sweep that would change "
                        "the size is refused")
    o.add_argument("--mana-base", metavar="POOL",
                   help='search the split of --lands copies among lands: "Plains=0..17,Island=0..17,Hallowed '
                        'Fountain=0..4"; the split takes the place of the deck\'s copies of those lands (--lands '
                        'must be their number: the deck keeps its size), its other cards stay')
    o.add_argument("--objective", action="append", default=[], metavar="TERM",
                   help='what to maximize, may repeat: "castable:CARD@curve", "castable:CARD@3", '
                        '"cast_by:CARD@4", "kill_turn:mean", "kill_turn:median", "mana_spent@5"; a weight '
                        'may lead: "2*castable:CARD@curve". ' + DEFINITION)
    o.add_argument("--swaps", action="store_true",
                   help="what to cut, what to add: race every swap of one main-deck card for one candidate (and "
                        "of each spell for the deck's most-played basic land), ranked by the paired effect on "
                        "the objective against the deck as it is")
    o.add_argument("--from", dest="swaps_from", choices=["sideboard"],
                   help="with --swaps: the candidates are the deck's sideboard (the default)")
    o.add_argument("--candidates", action="append", default=[], metavar="CARDS",
                   help='with --swaps: the cards to try instead of the sideboard, "A,B" (a name with a comma '
                        'is recognized whole); may repeat')
    o.add_argument("--no-land-swaps", action="store_true",
                   help="with --swaps: only swaps that keep the land count (a spell for a spell, a land for a land)")
    o.add_argument("--race", action="store_true",
                   help="race the land counts: drop those whose interval against the leader excludes being "
                        "best, within --games times the variants in all")
    o.add_argument("--budget", type=bounded_int(1, MAX_BUDGET), default=None, metavar="GAMES",
                   help="games a mana-base search may play, all variants added up (default 20,000,000); "
                        "a keep-rule search (--mulligan-search), all rules added up (default --games times "
                        "the rules); --swaps, all swaps and the deck as it is added up (default --games times "
                        "their number)")
    o.add_argument("--mulligan-search", action="store_true",
                   help="search the London mulligan's keep rule instead: race mtgsim's default, Karsten's and "
                        "a grid of lands ranges per hand size, with and without \"keep only if a spell of mana "
                        "value <= 2 or 3 is castable on curve\" (docs/optimize.md)")
    o.add_argument("--scheduler", metavar="ADDRESS",
                   help='play on a Dask cluster: its scheduler\'s address (tcp://host:8786; needs '
                        'pip install "mtgsim[dask]")')
    add_run_options(o, games_help="games per variant (default 200,000)")
    add_hand_smoother_option(o)
    o.set_defaults(games=200_000)
    o.add_argument("--json", metavar="PATH", help="also write the table, differences and baselines as JSON")
    o.add_argument("--csv", metavar="PATH", help="also write one row per variant as CSV")
    o.add_argument("--plot", metavar="PATH", help="also draw the objective by variant (needs matplotlib)")
    o.add_argument("--html", metavar="PATH", help="also write one self-contained HTML page of the figures: the "
                                                  "objective by variant, the paired differences from the best, "
                                                  "the games each played, the baselines; a sweep, a mana-base "
                                                  "search, a keep-rule search or the swaps (needs mtgsim[html])")
    o.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="extra cards: TOML definitions or a bulk card file (Scryfall, MTGJSON), may repeat")
    o.set_defaults(run=cmd_optimize)
