"""What the mtgsim commands share (cli.py's simulate and deck, cli_cards, cli_optimize,
cli_tournament): the bundled example files, the output files a run writes and their checks,
the options of a run of games and the settings they ask for, the exit status of an
interrupted run, and argparse's number types. It imports no command module, so that each
command module can import it."""
from __future__ import annotations

import argparse
import os
import re
import secrets
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from .checks import MAX_GAMES, MAX_THREADS
from .errors import ArgumentError, FormatWarning, MissingDependencyError, UsageError
from .formats import FORMATS
from .mulligan_policy import keep_text
from .play_draw import ON
from .policy import COLORS, LANDS, SPELLS, PlayPolicy
from .simulate import MAX_TURNS, MulliganPolicy

EXAMPLE_SUFFIXES = (".txt", ".dek")


def example_decks(suffixes: tuple[str, ...] = EXAMPLE_SUFFIXES) -> dict[str, Path]:
    """The bundled example files of those suffixes (decklists by default), by name (file name
    without suffix)."""
    folder = resources.files("mtgsim") / "examples"
    return {Path(e.name).stem: Path(str(e)) for e in sorted(folder.iterdir(), key=lambda e: e.name)
            if e.name.endswith(suffixes)}


def deck_path(args) -> Path:
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
    """--json, --csv, --plot and --html: the files a result writes, where asked (checked
    beforehand by check_destinations); the HTML page says the command that made it."""
    if getattr(args, "html", None):
        from .report.page import cli_command
        result.to_html(args.html, command=cli_command(args.argv))
    if args.json:
        result.to_json(args.json)
    if args.csv:
        result.to_csv(args.csv)
    if args.plot:
        result.plot(args.plot)


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
    --csv, --plot, --html can be written, no two name one file, for --plot matplotlib is
    installed and can write the file's type, and for --html Jinja2 and matplotlib are."""
    given = [(flag, path) for flag, path in
             (("--json", args.json), ("--csv", args.csv), ("--plot", args.plot),
              ("--html", getattr(args, "html", None))) if path]
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
    if getattr(args, "html", None):
        from .report.page import check_installed
        check_installed()
    for flag, path in given:
        _check_writable(flag, path)


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


def start_setting(args) -> str:
    """Where the run's games start (mtgsim.play_draw): --on, or --on-draw (--on draw)."""
    if args.on_draw and args.on not in (None, "draw"):
        raise UsageError(f"--on-draw is --on draw: it can't go with --on {args.on}")
    return "draw" if args.on_draw else args.on or "play"


@contextmanager
def legality_printed() -> Iterator[None]:
    """The FormatWarnings raised inside (a deck's legality problems in the --format asked for)
    printed to stderr as they come, one line each, each once; other warnings as before."""
    seen: set[str] = set()
    with warnings.catch_warnings():
        warnings.simplefilter("always", FormatWarning)
        show = warnings.showwarning

        def show_legality(message, category, filename, lineno, file=None, line=None):
            if not issubclass(category, FormatWarning):
                show(message, category, filename, lineno, file, line)
            elif str(message) not in seen:
                seen.add(str(message))
                print(f"mtgsim: warning: {message}", file=sys.stderr)
        warnings.showwarning = show_legality
        yield


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


def bounded_int(low: int, high: int):
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


def add_run_options(s, games_help: str | None = None) -> None:
    """The options of a run of games, shared by `simulate` and `optimize`: games, turns, seed,
    play or draw, the mulligan, tracked cards, threads and the play policy."""
    s.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=100_000, metavar="N",
                   help=games_help or f"games to play (default 100,000: intervals about ±0.003; at most {MAX_GAMES:,})")
    s.add_argument("--turns", type=_positive_int, default=8, metavar="N",
                   help=f"turns per game (default 8, at most {MAX_TURNS})")
    s.add_argument("--seed", type=int, default=None, metavar="N",
                   help="a whole number >= 0: the same seed gives the same figures (default: one drawn "
                        "at random, printed in the header so the run can be replayed)")
    s.add_argument("--on", choices=ON, default=None,
                   help="start on the play, on the draw, or both: half the games each way, reported apart "
                        "and together (default: play)")
    s.add_argument("--on-draw", action="store_true", help="be on the draw: the same as --on draw")
    s.add_argument("--format", choices=list(FORMATS), default=None,
                   help="check the deck against a format and play by its settings: its legality problems "
                        "are warned (the deck is played anyway); the format sets the starting life, two-player "
                        "or multiplayer, a free first mulligan (Brawl) and the baselines' land count "
                        "(default: none: the deck decides, a Commander section making a Commander game; "
                        "see docs/formats.md)")
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
    s.add_argument("--threads", type=bounded_int(1, MAX_THREADS), default=None, metavar="N",
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


def add_hand_smoother_option(s) -> None:
    """--hand-smoother (simulate, optimize): Arena's best-of-one deal, by a preset's name."""
    from .smoother import PRESET_NAMES
    s.add_argument("--hand-smoother", metavar="MODEL", default="none",
                   help="deal the hands as MTG Arena's best-of-one does, by a fitted model: "
                        f"{', '.join(PRESET_NAMES)} (default none: paper Magic's deal; docs/hand-smoother.md)")
