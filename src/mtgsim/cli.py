"""The `mtgsim` command line: look at decks and cards. Bad input (any `MtgsimError`, or a file
that can't be read or written) is reported in one line naming what and where, with exit
status 2; never a traceback."""
from __future__ import annotations

import argparse
import os
import re
import secrets
import signal
import sys
import threading
import warnings
from importlib import resources
from pathlib import Path

from .cards import card_db
from .cards.database import named_card
from .cards.model import UNMODELED_EFFECT_WORDS
from .checks import MAX_GAMES, MAX_THREADS
from .decklist import Deck
from .errors import (ArgumentError, MissingDependencyError, MtgsimError, UnknownCardError, UnmodeledTextWarning,
                     UsageError)
from .policy import COLORS, LANDS, SPELLS, PlayPolicy
from .simulate import MAX_TURNS, MulliganPolicy

EXAMPLE_SUFFIXES = (".txt", ".dek")


def example_decks(suffixes: tuple[str, ...] = EXAMPLE_SUFFIXES) -> dict[str, Path]:
    """The bundled example files of those suffixes (decklists by default), by name (file name
    without suffix)."""
    folder = resources.files("mtgsim") / "examples"
    return {Path(e.name).stem: Path(str(e)) for e in sorted(folder.iterdir(), key=lambda e: e.name)
            if e.name.endswith(suffixes)}


def _deck_path(args) -> Path:
    """The decklist file: the one given, or the bundled example named by --example."""
    return file_or_example(args.deck, args.example, example_decks(), "a decklist file",
                           "(see `mtgsim examples`)")


def file_or_example(given: str | None, example: str | None, examples: dict[str, Path], what: str,
                    where: str) -> Path:
    """The file given, or the bundled example named (not both, not neither)."""
    if example and given:
        raise UsageError(f"give {what} ({given}) or --example {example}, not both")
    if example:
        if example not in examples:
            raise UsageError(f"no bundled example {example!r}; examples: {', '.join(examples)}")
        return examples[example]
    if not given:
        raise UsageError(f"give {what}, or --example NAME {where}")
    return Path(given)


def write_outputs(result, args) -> None:
    """--json, --csv and --plot: the files a result writes, where asked (checked beforehand by
    check_destinations)."""
    if args.json:
        result.to_json(args.json)
    if args.csv:
        result.to_csv(args.csv)
    if args.plot:
        result.plot(args.plot)


def _fail(message: str) -> int:
    print(f"mtgsim: error: {message}", file=sys.stderr)
    return 2


def cmd_deck(args) -> int:
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(_deck_path(args), db=db)
    print(deck.summary())
    return 0


def _plot_formats() -> dict[str, str]:
    """The file types matplotlib can write, {suffix: description}; a MissingDependencyError
    saying how to install it when it is not there."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise MissingDependencyError('--plot needs matplotlib: pip install matplotlib '
                                     '(or pip install "mtgsim[plot]")') from None
    return FigureCanvasBase.get_supported_filetypes()


def _check_writable(flag: str, path: str) -> None:
    """`path` can be opened for writing (a file made to find out is removed again)."""
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{flag} {path}: is a directory")
    existed = p.exists()
    try:
        with open(p, "ab"):
            pass
    except OSError as e:
        raise UsageError(f"{flag} {path}: can't be written: {e.strerror}") from None
    if not existed:
        p.unlink(missing_ok=True)


def check_destinations(args) -> None:
    """Before any game is played, so that a long run is not lost to a typo: each of --json,
    --csv, --plot can be written, no two name one file, and for --plot matplotlib is installed
    and can write the file's type."""
    given = [(flag, path) for flag, path in
             (("--json", args.json), ("--csv", args.csv), ("--plot", args.plot)) if path]
    seen: dict[str, str] = {}
    for flag, path in given:
        other = seen.setdefault(os.path.abspath(path), flag)
        if other != flag:
            raise UsageError(f"{other} and {flag} both name {path}: give each its own file")
    if args.plot:
        formats = _plot_formats()
        suffix = Path(args.plot).suffix.lower().removeprefix(".")
        if suffix not in formats:
            raise UsageError(f"--plot {args.plot}: matplotlib writes "
                             + ", ".join(f".{f}" for f in sorted(formats))
                             + (f", not .{suffix}" if suffix else ": give the file one of these suffixes"))
    for flag, path in given:
        _check_writable(flag, path)


def cmd_simulate(args) -> int:
    from .simulate import simulate
    path = _deck_path(args)
    if not 1 <= args.turns <= MAX_TURNS:
        raise UsageError(f"--turns: turns must be 1..{MAX_TURNS} (the most the simulator plays), "
                         f"got {args.turns}")
    check_destinations(args)        # (before the deck is read and any game played)
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(path, db=db)
    for name in args.track:
        c = named_card(db, name, "track")
        if c.is_land:               # (castable would read 1.000: a land is played, never cast)
            raise UsageError(f"--track {name}: {c.name} is a land; --track reports spells, "
                             "and a land is played, not cast (see lands in play)")
    mulligan, policy, seed = run_settings(args)
    with warnings.catch_warnings():      # (the result lists them: printed after the report, once)
        warnings.simplefilter("ignore", UnmodeledTextWarning)
        res = simulate(deck, games=args.games, turns=args.turns, on_play=not args.on_draw, seed=seed,
                       mulligan=mulligan, track=args.track, threads=args.threads, policy=policy,
                       progress=args.games >= 200_000 and sys.stderr.isatty(),
                       multiplayer=args.multiplayer)
    # The files first: a closed stdout (`| head`) or a second Ctrl-C while printing loses none.
    if args.json:
        res.to_json(args.json)
    if args.csv:
        res.to_csv(args.csv)
    if args.plot:
        key = list(args.track) + [n for n in res.tracked if n not in args.track]
        res.plot(args.plot, cards=key[:8])
    mana_values = {n: deck.db[n].mana_value for n in res.tracked}
    print(_report(res, args.track, mana_values, seed_drawn=args.seed is None))
    print(f"\n{deck.db.coverage(deck, sections=('commander', 'maindeck')).summary_line()}")   # (the cards
                                                                                    # simulated)
    texts = sorted(f"{name}: not simulated: {note}" for name, note in res.unmodeled.items())
    if texts:
        print("\nCard text the simulation leaves out:\n" + "\n".join(f"  {t}" for t in texts))
    return interrupted_status(res.interrupted, f"the figures are of the {res.games:,} games finished")


def interrupted_status(interrupted: bool, what: str) -> int:
    """The exit status of a run that printed its result: 130 (as a shell reports Ctrl-C) and a
    line saying what the figures are of, when Ctrl-C or SIGTERM stopped it; else 0."""
    if not interrupted:
        return 0
    sys.stdout.flush()                   # (the result before the line that qualifies it)
    print(f"mtgsim: interrupted: {what}", file=sys.stderr)
    return 130


def run_settings(args):
    """The mulligan, play policy and seed the run options (add_run_options) ask for."""
    if args.no_mulligan and args.count_mana_sources:
        raise UsageError("--count-mana-sources changes the keep rule; --no-mulligan keeps every hand")
    mulligan = (MulliganPolicy.never() if args.no_mulligan
                else MulliganPolicy(args.keep, count_mana_sources=args.count_mana_sources))
    policy = PlayPolicy(lands=args.land_choice, spells=args.spell_order, first=args.cast_first,
                        hold=args.hold, kicker=not args.no_kicker, flashback=not args.no_flashback,
                        x=args.min_x, abilities=not args.no_abilities, attack=not args.no_attack,
                        cycle=not args.no_cycle, color=args.color, pay_life_above=args.pay_life_above)
    # With no --seed, one drawn from the OS and printed, so the run can be replayed; below 10^15
    # so that JSON readers and spreadsheets (doubles, 15 digits) keep it exactly.
    seed = args.seed if args.seed is not None else secrets.randbelow(10 ** 15)
    if seed < 0:                 # (here, not in argparse: one line like every mtgsim error)
        raise UsageError(f"--seed: seed must be a whole number >= 0, got {seed}")
    return mulligan, policy, seed


SHOWN_CARDS = 15          # cards in the table; --json / --csv have them all

LEGEND = """\
castable   you had the mana for it after your land drop, before casting anything that turn
           (whether or not the card was in your hand)
cast by    the play policy had actually cast it by the end of that turn
*          on curve: the turn equal to the card's mana value
lands in play, mana available (the most mana the board could make after the land drop),
mana spent that turn: means over all games
P(opponent dead by turn): the goldfish opponent (the life in the header, never blocks) at
0 life or less by the end of that turn
(how each figure is counted: docs/metrics.md)"""


def shown_cards(res, track) -> list[str]:
    """The cards the table shows, in order: the --track cards first, then the deck's spells."""
    return (list(track) + [n for n in res.tracked if n not in track])[:SHOWN_CARDS]


def shown_probabilities(res, track) -> list:
    """Every probability (an Estimate) that `_report` prints, for the footnote's bound."""
    turns = range(1, res.turns + 1)
    kill = res.kill_turn
    out = [e for name in shown_cards(res, track) for t in turns
           for e in (res.p_castable(name, t), res.p_cast(name, t))]
    out += [kill.p_by(t) for t in turns] + [kill.p_never] + list(res.mulligans.values())
    return out


def reach(e) -> float:
    """How far a 95% interval reaches from its figure (a Wilson interval is not symmetric:
    the farther end)."""
    return max(e.value - e.low, e.high - e.value)


def _report(res, track, mana_values: dict[str, int] | None = None, seed_drawn: bool = False) -> str:
    """A readable table of the key figures, what each means, and the widest of their 95%
    intervals. `mana_values` (card name: mana value) marks the on-curve turn of each card;
    `seed_drawn`: the seed was drawn at random (the header says how to replay the run)."""
    mana_values = mana_values or {}
    turns = range(1, res.turns + 1)
    lines = [f"{res.deck_name}: {res.games:,} games, {res.turns} turns, "
             f"{'on the play' if res.on_play else 'on the draw'}, seed {res.seed}"
             + (f" (drawn at random: --seed {res.seed} replays this run)" if seed_drawn else "")
             + (" (interrupted)" if res.interrupted else ""), keep_line(res.keep, res.keep_mana_sources),
             f"game: {res.rules.describe()}", ""]
    shown = shown_cards(res, track)
    width = max([len(n) for n in shown] + [24])
    label = width + 10

    def cells(values, fmt: str, mark: int = 0) -> str:
        # (a trailing "*" or space after each figure keeps the columns aligned)
        return "".join(f" {v:{fmt}}" + ("*" if t == mark else " ") for t, v in zip(turns, values))

    lines.append("by turn".ljust(label) + "".join(f"{t:>8d} " for t in turns))
    for name in shown:
        mv = mana_values.get(name, 0)
        lines.append(name[:width].ljust(width) + "  castable"
                     + cells([res.p_castable(name, t).value for t in turns], "7.3f", mv))
        lines.append("".ljust(width) + "  cast by "
                     + cells([res.p_cast(name, t).value for t in turns], "7.3f", mv))
    if len(res.tracked) > len(shown):
        lines.append(f"... and {len(res.tracked) - len(shown)} more cards (see --json / --csv)")
    lines.append("")
    means = []
    for name, f in (("lands in play", res.lands_in_play), ("mana available", res.mana_available),
                    ("mana spent", res.mana_spent)):
        est = [f(t) for t in turns]
        means += est
        lines.append(name.ljust(label) + cells([e.value for e in est], "7.2f"))
    kill = res.kill_turn
    lines.append("P(opponent dead by turn)".ljust(label) + cells([kill.p_by(t).value for t in turns], "7.3f"))
    lines.append("")
    lines.append(_kill_line(kill, res.turns))
    lines.append("kept hands: " + ", ".join(f"{k} cards {v.value:.3f}" for k, v in res.mulligans.items()))
    lines.append("")
    lines.append(LEGEND)
    lines.append(f"95% intervals (Wilson score, n = {res.games:,} games) reach at most "
                 f"±{max(map(reach, shown_probabilities(res, track))):.4f} from any probability above, "
                 f"±{max(map(reach, means)):.2f} from any mean (normal approximation).")
    return "\n".join(line.rstrip() for line in lines)


def keep_text(keep: dict) -> str:
    """A keep rule as --keep takes it: "7:2-5,6:2-4,5:2-4"."""
    return ",".join(f"{size}:{lo}-{hi}" for size, (lo, hi) in sorted(keep.items(), reverse=True))


def keep_line(keep: dict, mana_sources: bool = False) -> str:
    """The mulligan keep rule in words, each hand size from 7 down (as MulliganPolicy.arrays
    applies it: a size not listed takes the next larger one's range), and what counts."""
    if not keep:
        return "mulligan: none (every opening seven kept)"
    lo, hi = MulliganPolicy(keep).arrays()
    smallest = min(keep)
    sizes = [f"{size} with {lo[size]}-{hi[size]}" for size in range(7, smallest - 1, -1)]
    sizes[0] = f"7 cards with {lo[7]}-{hi[7]} lands"
    rest = f"; {smallest - 1} or fewer: always kept" if smallest > 1 else ""
    counted = ("lands, mana creatures and rocks count (--count-mana-sources)" if mana_sources
               else "only lands count")
    return f"mulligan (London): keep {', '.join(sizes)}{rest}; {counted} (--keep {keep_text(keep)})"


def _kill_line(kill, turns: int) -> str:
    """The kill turn in words, with no nan or inf when few or no games killed."""
    killed = 1 - kill.p_never.value
    if killed == 0:
        return f"kill turn: no game reached it (the opponent survived every game to turn {turns})"
    median = kill.quantile(0.5)
    return (f"kill turn: mean {kill.mean:.2f} over the {killed:.1%} of games that killed by turn {turns}; "
            + (f"median turn {median:.0f}" if median != float("inf") else f"median later than turn {turns}")
            + f"; not dead by turn {turns}: {kill.p_never.value:.3f}")


def cmd_examples(args) -> int:
    for name, path in example_decks().items():
        deck = Deck.from_file(path)
        print(f"{name:24s} {len(deck):4d} cards  {path.name}")
    return 0


def cmd_card(args) -> int:
    """Show the cards named, or (--search) list the cards whose name or text holds the text."""
    db = card_db(*args.cards) if args.cards else card_db()
    if args.search is not None:
        if args.names:
            raise UsageError("give card names or --search TEXT, not both")
        return _search(db, args.search)
    if not args.names:
        raise UsageError("give card names, or --search TEXT")
    for name in args.names:
        c = db[name]
        print(c)
        if c.power is not None:
            print(f"  {c.power}/{c.toughness}")
        for line in c.text.splitlines():
            print(f"  {line}")
        if c.unmodeled:
            print(f"  (not simulated: {c.unmodeled})")
            if c.unmodeled_effect:
                print(f"  (that is {UNMODELED_EFFECT_WORDS[c.unmodeled_effect]})")
        if c.uncastable:
            print(f"  (never {'played' if c.is_land else 'cast'} by the simulator: {c.uncastable})")
    return 0


def _keep_rule(text: str) -> dict[int, tuple[int, int]]:
    """--keep: "7:2-5,6:2-4,5:1-4" as {7: (2, 5), 6: (2, 4), 5: (1, 4)}, checked as
    MulliganPolicy checks it."""
    keep: dict[int, tuple[int, int]] = {}
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\d+)\s*:\s*(\d+)\s*-\s*(\d+)\s*", part)
        if not m:
            raise argparse.ArgumentTypeError(f"{part.strip()!r} is not HAND SIZE:MIN LANDS-MAX LANDS "
                                             "(as in 7:2-5,6:2-4,5:1-4)")
        size, lo, hi = map(int, m.groups())
        if size in keep:
            raise argparse.ArgumentTypeError(f"hand size {size} is given twice")
        keep[size] = (lo, hi)
    if 7 not in keep:            # (the opening seven's range is where a keep rule starts)
        raise argparse.ArgumentTypeError("needs a range for the opening seven (7:MIN-MAX)")
    try:
        MulliganPolicy(keep)
    except ArgumentError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("mulligan policy: ")) from None
    return keep


def _search(db, text: str) -> int:
    """One line per card whose name, type line or rules text holds `text` (any case); exit
    status 1 when none does (as grep)."""
    needle = text.casefold().strip()
    if not needle:
        raise UsageError("--search: give some text to look for")
    found = {c.name: c for c in db.values()
             if needle in f"{c.name}\n{c.type_line}\n{c.text}".casefold()}
    if not found:
        print(f"no card's name or text holds {text!r}", file=sys.stderr)
        return 1
    for name in sorted(found, key=str.casefold):
        print(found[name])
    return 0


def _bounded_int(low: int, high: int):
    """An argparse type: a whole number low..high."""
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low:,}..{high:,}, got {value:,}")
        return value
    return convert


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


class _Parser(argparse.ArgumentParser):
    """argparse with its errors in one line, as mtgsim's own are (exit status 2)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="mtgsim", description="Magic: The Gathering mana and cost simulation.")
    p.add_argument("--version", action="version", version=f"mtgsim {package_version()}")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deck", help="read a decklist and print its curve and colour requirements")
    d.add_argument("deck", nargs="?", help="decklist file (MTG Arena, MTGO .txt/.dek, or plain)")
    d.add_argument("--example", metavar="NAME",
                   help="use a bundled example deck instead (see `mtgsim examples`)")
    d.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="extra cards: TOML definitions or a bulk card file (Scryfall, MTGJSON), may repeat")
    d.set_defaults(run=cmd_deck)
    s = sub.add_parser("simulate", help="goldfish a deck many times: castable on curve, mana, kill turn")
    s.add_argument("deck", nargs="?", help="decklist file (MTG Arena, MTGO .txt/.dek, or plain)")
    s.add_argument("--example", metavar="NAME",
                   help="use a bundled example deck instead of a file (see `mtgsim examples`)")
    add_run_options(s)
    players = s.add_mutually_exclusive_group()
    players.add_argument("--two-player", dest="multiplayer", action="store_const", const=False, default=None,
                         help="play by the two-player rules: no free mulligan, the first player skips "
                              "their turn-1 draw (103.8a; default for decks without a Commander section)")
    players.add_argument("--multiplayer", dest="multiplayer", action="store_const", const=True,
                         help="play by the multiplayer rules: the first mulligan is free (103.5c), the "
                              "first player draws on turn 1 (103.8c; default for Commander decks, which "
                              "also cast their commander from the command zone and face 40 life, 903)")
    s.add_argument("--json", metavar="PATH", help="also write every figure, with its interval, as JSON")
    s.add_argument("--csv", metavar="PATH", help="also write every figure, one row per metric, card and turn")
    s.add_argument("--plot", metavar="PATH",
                   help="also draw P(castable) by turn and the kill turn, in the file type of the suffix "
                        '(.png, .pdf, .svg...; needs matplotlib: pip install "mtgsim[plot]")')
    s.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="extra cards: TOML definitions or a bulk card file (Scryfall, MTGJSON), may repeat")
    s.set_defaults(run=cmd_simulate)
    e = sub.add_parser("examples", help="list the bundled example decks")
    e.set_defaults(run=cmd_examples)
    c = sub.add_parser("card", help="show cards from the database, or search it")
    c.add_argument("names", nargs="*", metavar="NAME", help="card names (any case)")
    c.add_argument("--search", metavar="TEXT",
                   help="list the cards whose name, type line or rules text holds TEXT (any case)")
    c.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="extra cards: TOML definitions or a bulk card file (Scryfall, MTGJSON), may repeat")
    c.set_defaults(run=cmd_card)
    from .cli_cards import add_parser
    add_parser(sub)
    from .cli_optimize import add_parser as add_optimize
    add_optimize(sub)
    from .cli_tournament import add_parser as add_tournament
    add_tournament(sub)
    return p


def add_run_options(s, games_help: str | None = None) -> None:
    """The options of a run of games, shared by `simulate` and `optimize`: games, turns, seed,
    play or draw, the mulligan, tracked cards, threads and the play policy."""
    s.add_argument("--games", type=_bounded_int(1, MAX_GAMES), default=100_000, metavar="N",
                   help=games_help or f"games to play (default 100,000: intervals about ±0.003; at most {MAX_GAMES:,})")
    s.add_argument("--turns", type=_positive_int, default=8, metavar="N",
                   help=f"turns per game (default 8, at most {MAX_TURNS})")
    s.add_argument("--seed", type=int, default=None, metavar="N",
                   help="a whole number >= 0: the same seed gives the same figures (default: one drawn "
                        "at random, printed in the header so the run can be replayed)")
    s.add_argument("--on-draw", action="store_true", help="be on the draw (default: on the play)")
    mull = s.add_mutually_exclusive_group()
    mull.add_argument("--keep", type=_keep_rule, default=None, metavar="RULE",
                      help="the London mulligan's keep rule: per hand size, the lands kept, as "
                           f"SIZE:MIN-MAX,... (default {keep_text(MulliganPolicy().keep)}: keep a seven "
                           "with 2 to 5 lands, else mulligan, and so on; a hand below the smallest size "
                           "listed is always kept, a size not listed takes the next larger one's range). "
                           "Only lands count, unless --count-mana-sources")
    mull.add_argument("--no-mulligan", action="store_true", help="keep every opening seven")
    s.add_argument("--count-mana-sources", action="store_true",
                   help="count mana creatures and rocks (nonland cards with a mana ability, mana value "
                        "at most 2: Llanowar Elves, Sol Ring) as lands when deciding to keep (default: "
                        "only lands count; the cards put on the bottom still balance lands)")
    s.add_argument("--track", action="append", default=[], metavar="CARD",
                   help="also report this spell (need not be in the deck; not a land); may repeat "
                        "(default: the deck's spells; the table shows 15, --json/--csv all)")
    s.add_argument("--threads", type=_bounded_int(1, MAX_THREADS), default=None, metavar="N",
                   help=f"threads to play on (default: one per CPU, here {os.cpu_count() or 1}; at most "
                        f"{MAX_THREADS}); the figures are the same for any number")
    play = s.add_argument_group("play policy (see mtgsim.PlayPolicy)")
    play.add_argument("--land-choice", choices=LANDS, default=LANDS[0],
                      help="which land to play (default: the one making most of the hand castable)")
    play.add_argument("--spell-order", choices=SPELLS, default=SPELLS[0],
                      help="which spell first (default: the most mana spent, then mana value)")
    play.add_argument("--cast-first", action="append", default=[], metavar="CARD",
                      help="cast this card before any other when it can be paid for; may repeat")
    play.add_argument("--hold", action="append", default=[], metavar="CARD",
                      help="never cast this card; may repeat")
    play.add_argument("--min-x", type=int, default=PlayPolicy.x, metavar="N",
                      help=f"the smallest X an X spell is cast with (default {PlayPolicy.x}; 0..99)")
    play.add_argument("--no-kicker", action="store_true", help="never pay kicker costs")
    play.add_argument("--no-flashback", action="store_true", help="never cast with flashback")
    play.add_argument("--no-abilities", action="store_true", help="never use non-mana activated abilities")
    play.add_argument("--no-cycle", action="store_true", help="never cycle cards (702.29)")
    play.add_argument("--no-attack", action="store_true", help="never attack")
    play.add_argument("--color", choices=COLORS, default=None,
                      help='the colour chosen for "choose a colour" and mana of any colour '
                           "(default: the deck's most common colour)")
    play.add_argument("--pay-life-above", type=int, default=PlayPolicy.pay_life_above, metavar="LIFE",
                      help="pay life for a shock land to enter untapped while above this life "
                           f"(default {PlayPolicy.pay_life_above}; -30000..30000)")


def package_version() -> str:
    """The installed package's version, else the source's (running from a checkout)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("mtgsim")
    except PackageNotFoundError:
        from . import __version__
        return __version__


def _quiet_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null, so the flush at exit raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):       # (a stdout with no file descriptor: nothing to flush)
        pass


def _import_hint(args) -> str:
    """For an unknown card when no real cards are imported nor given (--cards): how to get them."""
    from .cards.imported import user_database_path
    if user_database_path().exists() or getattr(args, "cards", None):
        return ""
    return (" (only mtgsim's curated cards are known: `mtgsim cards update` imports every real card, "
            "`--cards FILE` reads a bulk file for one run)")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status: 0, 1 (a search found nothing), 2 (bad input),
    130 (Ctrl-C; a simulation prints what it has first), 141 (the output pipe was closed, as
    by `| head`)."""
    args = None
    terminate = _on_sigterm()
    try:
        args = build_parser().parse_args(argv)
        code = args.run(args)
        sys.stdout.flush()                 # (a closed pipe shows here, not at exit)
        return code
    except BrokenPipeError:                # the reader (`head`) has all it wanted
        _quiet_stdout()
        return 141
    except KeyboardInterrupt as e:         # (before or outside the games: nothing to report)
        print(f"mtgsim: {str(e) or 'interrupted'}", file=sys.stderr)
        return 130
    except UnknownCardError as e:
        return _fail(str(e) + _import_hint(args))
    except MtgsimError as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"{e.filename}: {e.strerror}" if e.filename else str(e))
    finally:
        terminate()


def _terminated(signum, frame):
    raise KeyboardInterrupt


def _on_sigterm():
    """SIGTERM (`kill`, a scheduler's time limit) stops a run as Ctrl-C does: the result so far
    is printed and written. Returns what puts the previous handler back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None              # (signal handlers are the main thread's)
    previous = signal.signal(signal.SIGTERM, _terminated)
    # (None: a handler installed from outside Python, which can't be put back from here)
    return lambda: previous is not None and signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
