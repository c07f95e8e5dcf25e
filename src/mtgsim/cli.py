"""The `mtgsim` command line: look at decks and cards. Bad input (any `MtgsimError`, or a file
that can't be read or written) is reported in one line naming what and where, with exit
status 2; never a traceback."""
from __future__ import annotations

import argparse
import sys
import warnings
from importlib import resources
from pathlib import Path

from .cards import card_db
from .decklist import Deck
from .errors import MtgsimError, UnmodeledTextWarning, UsageError
from .policy import COLORS, LANDS, SPELLS, PlayPolicy

EXAMPLE_SUFFIXES = (".txt", ".dek")


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


def cmd_simulate(args) -> int:
    from .simulate import MulliganPolicy, simulate
    db = card_db(*args.cards) if args.cards else card_db()
    deck = Deck.from_file(_deck_path(args), db=db)
    mulligan = MulliganPolicy.never() if args.no_mulligan else MulliganPolicy()
    policy = PlayPolicy(lands=args.land_choice, spells=args.spell_order, first=args.cast_first,
                        hold=args.hold, kicker=not args.no_kicker, flashback=not args.no_flashback,
                        x=args.min_x, abilities=not args.no_abilities, attack=not args.no_attack,
                        color=args.color, pay_life_above=args.pay_life_above)
    with warnings.catch_warnings(record=True) as caught:     # (listed after the report, once)
        warnings.simplefilter("always", UnmodeledTextWarning)
        res = simulate(deck, games=args.games, turns=args.turns, on_play=not args.on_draw, seed=args.seed,
                       mulligan=mulligan, track=args.track, threads=args.threads, policy=policy,
                       progress=args.games >= 200_000 and sys.stderr.isatty())
    for w in caught:
        if not issubclass(w.category, UnmodeledTextWarning):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    print(_report(res, args.track))
    texts = sorted({str(w.message) for w in caught if issubclass(w.category, UnmodeledTextWarning)})
    if texts:
        print("\nCard text the simulation leaves out:\n" + "\n".join(f"  {t}" for t in texts))
    if args.json:
        res.to_json(args.json)
    if args.csv:
        res.to_csv(args.csv)
    if args.plot:
        key = list(args.track) + [n for n in res.tracked if n not in args.track]
        res.plot(args.plot, cards=key[:8])
    return 0


def _report(res, track) -> str:
    """A readable table of the key figures with their 95% intervals."""
    turns = range(1, res.turns + 1)
    lines = [f"{res.deck_name}: {res.games:,} games, {res.turns} turns, "
             f"{'on the play' if res.on_play else 'on the draw'}, seed {res.seed}"
             + (" (interrupted)" if res.interrupted else ""), ""]
    width = max([len(n) for n in res.tracked] + [24])
    lines.append("P(castable) by turn".ljust(width) + "".join(f"{t:>8d}" for t in turns))
    shown = list(track) + [n for n in res.tracked if n not in track]
    for name in shown[:15]:
        lines.append(name[:width].ljust(width) + "".join(f"{res.p_castable(name, t).value:8.3f}" for t in turns))
    if len(shown) > 15:
        lines.append(f"... and {len(shown) - 15} more cards (see --json / --csv)")
    lines.append("")
    for label, f in (("lands in play", res.lands_in_play), ("mana available", res.mana_available),
                     ("mana spent", res.mana_spent)):
        lines.append(label.ljust(width) + "".join(f"{f(t).value:8.2f}" for t in turns))
    kill = res.kill_turn
    lines.append("P(opponent dead by turn)".ljust(width) + "".join(f"{kill.p_by(t).value:8.3f}" for t in turns))
    lines.append("")
    lines.append(f"kill turn: mean {kill.mean:.2f} (of games that killed), median {kill.quantile(0.5)}, "
                 f"not by turn {res.turns}: {kill.p_never}")
    lines.append("kept hands: " + ", ".join(f"{k}: {v.value:.3f}" for k, v in res.mulligans.items()))
    half = max(res.p_castable(n, res.turns).high - res.p_castable(n, res.turns).low for n in res.tracked) / 2 \
        if res.tracked else 0
    lines.append(f"(95% intervals are at most ±{half:.4f} for the probabilities above)")
    return "\n".join(lines)


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


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mtgsim", description="Magic: The Gathering mana and cost simulation.")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deck", help="read a decklist and print its curve and colour requirements")
    d.add_argument("deck", nargs="?", help="decklist file (MTG Arena, MTGO .txt/.dek, or plain)")
    d.add_argument("--example", metavar="NAME", help="use a bundled example deck instead")
    d.add_argument("--cards", action="append", default=[], metavar="TOML",
                   help="extra card definitions (TOML), may repeat")
    d.set_defaults(run=cmd_deck)
    s = sub.add_parser("simulate", help="goldfish a deck many times: castable on curve, mana, kill turn")
    s.add_argument("deck", nargs="?", help="decklist file")
    s.add_argument("--example", metavar="NAME", help="use a bundled example deck instead")
    s.add_argument("--games", type=_positive_int, default=100_000)
    s.add_argument("--turns", type=_positive_int, default=8)
    s.add_argument("--seed", type=int, default=None)
    s.add_argument("--on-draw", action="store_true", help="be on the draw (default: on the play)")
    s.add_argument("--no-mulligan", action="store_true", help="keep every opening seven")
    s.add_argument("--track", action="append", default=[], metavar="CARD",
                   help="also report this card (need not be in the deck); may repeat")
    s.add_argument("--threads", type=_positive_int, default=None)
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
                      help=f"the smallest X an X spell is cast with (default {PlayPolicy.x})")
    play.add_argument("--no-kicker", action="store_true", help="never pay kicker costs")
    play.add_argument("--no-flashback", action="store_true", help="never cast with flashback")
    play.add_argument("--no-abilities", action="store_true", help="never use non-mana activated abilities")
    play.add_argument("--no-attack", action="store_true", help="never attack")
    play.add_argument("--color", choices=COLORS, default=None,
                      help='the colour chosen for "choose a colour" and mana of any colour '
                           "(default: the deck's most common colour)")
    play.add_argument("--pay-life-above", type=int, default=PlayPolicy.pay_life_above, metavar="LIFE",
                      help="pay life for a shock land to enter untapped while above this life "
                           f"(default {PlayPolicy.pay_life_above})")
    s.add_argument("--json", metavar="PATH")
    s.add_argument("--csv", metavar="PATH")
    s.add_argument("--plot", metavar="PATH", help="PNG of P(castable) by turn and the kill turn")
    s.add_argument("--cards", action="append", default=[], metavar="TOML")
    s.set_defaults(run=cmd_simulate)
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
    except MtgsimError as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"{e.filename}: {e.strerror}" if e.filename else str(e))


if __name__ == "__main__":
    sys.exit(main())
