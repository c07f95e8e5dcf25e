"""The `mtgsim` command line: look at decks and cards. Bad input (any `MtgsimError`, or a file
that can't be read or written) is reported in one line naming what and where, with exit
status 2; never a traceback."""
from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import warnings

from .cards import card_db
from .cards.database import named_card
from .cards.model import UNMODELED_EFFECT_WORDS
from .cli_common import add_hand_smoother_option
from .cli_common import (add_run_options, check_destinations, deck_path, example_decks, interrupted_status,
                         legality_printed, run_settings, start_setting)
from .decklist import Deck
from .errors import MtgsimError, UnknownCardError, UnmodeledTextWarning, UsageError
from .formats import FORMATS
from .mulligan_policy import keep_line
from .play_draw import START_WORDS
from .simulate import MAX_TURNS
from .smoother import HandSmoother
from .smoother import describe as smoother_line
from .version import __version__


def _fail(message: str) -> int:
    print(f"mtgsim: error: {message}", file=sys.stderr)
    return 2


def cmd_deck(args) -> int:
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(deck_path(args), db=db)
    print(deck.summary())
    if args.format:
        found = deck.check(args.format)
        print(f"Legal in {args.format}." if not found else f"Not legal in {args.format}:")
        for problem in found:
            print(f"  {problem}")
    return 0


def cmd_simulate(args) -> int:
    from .simulate import simulate
    path = deck_path(args)
    if not 1 <= args.turns <= MAX_TURNS:
        raise UsageError(f"--turns: turns must be 1..{MAX_TURNS} (the most the simulator plays), "
                         f"got {args.turns}")
    check_destinations(args)        # (before the deck is read and any game played)
    start = start_setting(args)
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(path, db=db)
    track = [named_card(db, name, "track") for name in args.track]     # (looked up once, here)
    for name, c in zip(args.track, track):
        if c.is_land:               # (castable would read 1.000: a land is played, never cast)
            raise UsageError(f"--track {name}: {c.name} is a land; --track reports spells, "
                             "and a land is played, not cast (see lands in play)")
    mulligan, policy, seed = run_settings(args)
    smoother = HandSmoother.of(args.hand_smoother, "--hand-smoother")
    with warnings.catch_warnings(), legality_printed():   # (the result lists the unmodeled: printed after it)
        warnings.simplefilter("ignore", UnmodeledTextWarning)
        res = simulate(deck, games=args.games, turns=args.turns, on=start, seed=seed,
                       mulligan=mulligan, track=track, threads=args.threads, policy=policy,
                       progress=args.games >= 200_000 and sys.stderr.isatty(),
                       multiplayer=args.multiplayer, hand_smoother=smoother, format=args.format)
    # The files first: a closed stdout (`| head`) or a second Ctrl-C while printing loses none.
    records = {c.name: c for c in [c for c, _ in deck.cards()] + track}
    mana_values = {n: records[n].mana_value for n in res.tracked}
    if args.html:         # (the on-curve marks from the deck's own cards, --cards and --track's too)
        from .report.page import cli_command, write
        from .report.simulation import page
        write(args.html, page(res, cli_command(args.argv), mana_values))
    if args.json:
        res.to_json(args.json)
    if args.csv:
        res.to_csv(args.csv)
    if args.plot:
        key = list(args.track) + [n for n in res.tracked if n not in args.track]
        res.plot(args.plot, cards=key[:8])
    print(_report(res, args.track, mana_values, seed_drawn=args.seed is None))
    print(f"\n{deck.db.reading(deck).text()}")      # (the cards simulated: main deck and commander)
    return interrupted_status(res.interrupted, f"the figures are of the {res.games:,} games finished")


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
             f"{START_WORDS[res.on]}, seed {res.seed}"
             + (f" (drawn at random: --seed {res.seed} replays this run)" if seed_drawn else "")
             + (" (interrupted)" if res.interrupted else ""), keep_line(res.keep, res.keep_mana_sources),
             *([f"format: {res.rules.format.describe()}"] if res.rules.format is not None else []),
             f"game: {res.rules.describe()}", smoother_line(res.hand_smoother), ""]
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
    lines.append("kill turn: " + kill.words())
    lines.append("kept hands: " + ", ".join(f"{k} cards {v.value:.3f}" for k, v in res.mulligans.items()))
    lines.append("lands in the hand kept (before the bottom): "
                 + ", ".join(f"{k} {v.value:.3f}" for k, v in res.opening_lands.items() if v.value))
    lines.append("")
    if res.halves:
        lines += _halves_lines(res, shown, mana_values, label) + [""]
    lines.append(LEGEND)
    lines.append(f"95% intervals (Wilson score, n = {res.games:,} games) reach at most "
                 f"±{max(map(reach, shown_probabilities(res, track))):.4f} from any probability above, "
                 f"±{max(map(reach, means)):.2f} from any mean (normal approximation).")
    return "\n".join(line.rstrip() for line in lines)


def _halves_lines(res, shown: list[str], mana_values: dict[str, int], label: int) -> list[str]:
    """A run on both: each card castable on curve, and the kill turn, on the play beside on the draw."""
    halves = list(res.halves.values())
    lines = [" and ".join(f"{h.games:,} games {START_WORDS[h.on]}" for h in halves)
             + " (103.8a: the player on the play skips their turn-1 draw):",
             "castable on curve".ljust(label) + "".join(f"{h.on:>8} " for h in halves)]
    estimates = []
    for name in shown:
        turn = max(1, mana_values.get(name, 0))
        if turn <= res.turns:
            est = [h.p_castable(name, turn) for h in halves]
            estimates += est
            lines.append(f"{name[:label - 10]} (turn {turn})".ljust(label) + "".join(f" {e.value:7.3f} " for e in est))
    dead = [h.kill_turn.p_by(res.turns) for h in halves]
    lines.append(f"P(opponent dead by turn {res.turns})".ljust(label) + "".join(f" {e.value:7.3f} " for e in dead))
    lines += [f"kill turn {START_WORDS[h.on]}: " + h.kill_turn.words()
              for h in halves]
    lines.append(f"95% intervals of the halves (Wilson score, n = {' and '.join(f'{h.games:,}' for h in halves)} "
                 f"games) reach at most ±{max(map(reach, estimates + dead)):.4f} from any probability in this block.")
    return [line.rstrip() for line in lines]


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
    d.add_argument("--format", choices=list(FORMATS), default=None,
                   help="also check the deck against a format: each problem naming the card and the rule")
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
    add_hand_smoother_option(s)
    s.add_argument("--json", metavar="PATH", help="also write every figure, with its interval, as JSON")
    s.add_argument("--csv", metavar="PATH", help="also write every figure, one row per metric, card and turn")
    s.add_argument("--plot", metavar="PATH",
                   help="also draw P(castable) by turn and the kill turn, in the file type of the suffix "
                        '(.png, .pdf, .svg...; needs matplotlib: pip install "mtgsim[plot]")')
    s.add_argument("--html", metavar="PATH", help="also write one self-contained HTML page of the figures "
                                                  "(needs mtgsim[html])")
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
    from .cli_sources import add_parser as add_sources
    add_sources(sub)
    return p


def package_version() -> str:
    """The installed package's version, else the source's (running from a checkout)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("mtgsim")
    except PackageNotFoundError:
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
        args.argv = list(sys.argv[1:] if argv is None else argv)     # (what reproduces the run: --html)
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
