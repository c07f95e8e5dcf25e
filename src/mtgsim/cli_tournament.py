"""`mtgsim tournament field.toml`: many Swiss events of a field, from a field file.

The field file (TOML; docs/tournament.md):

    players = 256                 # with shares (a count of players per deck needs no players)
    other = "Other"               # the rest of the field, when the shares sum below 1
    [decks]                       # archetype = share (0.22), or = count (50) with counts = true
    "Mono-Red Aggro" = 0.22
    [matchups]                    # "A vs B" = P(A wins a game), or [on the play, on the draw]
    "Mono-Red Aggro vs Domain Ramp" = 0.58
    [post_board]                  # the same for games 2 and 3 (after sideboarding); a pair not
    "Mono-Red Aggro vs Domain Ramp" = 0.45      # here plays them at its game-1 figure
    # matchups_csv = "matchups.csv"      a square table instead (paths relative to the file)
    # results = "results.csv"            real match results (deck, opponent, wins, losses, draws;
    #                                    optionally post_board_wins, post_board_losses,
    #                                    post_board_draws): a Beta posterior per pair
    #                                    (Matchups.from_results), with
    # results_prior = 5                  its prior's pseudo-games won and as many lost,
    # results_unit = "games"             "games" or "matches" (best-of-three matches counted),
    # results_shrink = "even"            "even" or "decks" (toward the decks' overall rates)
    [race]                        # archetype = decklist: the pairs not given, by goldfish races
    "Domain Ramp" = "domain.txt"
"""
from __future__ import annotations

import sys
from pathlib import Path

from . import meta
from .checks import MAX_THREADS
from .cli_common import (bounded_int, check_destinations, example_decks, file_or_example, interrupted_status,
                         write_outputs)
from .decklist import Deck
from .errors import MtgsimError, UsageError
from .files import load_toml, read_text

_KEYS = {"players", "other", "counts", "decks", "matchups", "post_board", "matchups_csv", "results", "results_prior",
         "results_unit", "results_shrink", "race", "race_games", "race_turns"}
_RESULTS_OPTIONS = {"results_prior": "prior", "results_unit": "unit", "results_shrink": "shrink"}   # from_results'


def _pairs(doc: dict, key: str, fault) -> dict:
    """{(a, b): p or (on the play, on the draw)} of a table of "A vs B" = p (or [p, p])."""
    table = doc.get(key) or {}
    if not isinstance(table, dict):
        raise fault(f"{key} = {table!r}: give a [{key}] table of \"A vs B\" = probability")
    pairs = {}
    for name, v in table.items():
        a, sep, b = name.partition(" vs ")
        if not sep:
            raise fault(f"[{key}] {name!r}: write \"A vs B\" = probability")
        pairs[(a.strip(), b.strip())] = tuple(v) if isinstance(v, list) else v
    return pairs


def read_field(path: Path, seed) -> tuple[meta.Field, meta.Matchups, dict[str, Deck]]:
    """The field, its matchups and the decks raced to estimate some (by archetype) from a field
    file; a clear error for a bad one."""
    def fault(message: str) -> UsageError:
        return UsageError(f"{path}: {message}")
    doc = load_toml(read_text(path, fault), fault)
    unknown = sorted(set(doc) - _KEYS)
    if unknown:
        raise UsageError(f"{path}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    decks = doc.get("decks")
    if not isinstance(decks, dict) or not decks:
        raise UsageError(f"{path}: give the decks: a [decks] table of archetype = share (or count)")
    pairs, post_board = _pairs(doc, "matchups", fault), _pairs(doc, "post_board", fault)
    for key, kind in (("matchups_csv", "a CSV file's"), ("results", "a results file's (CSV or JSON)")):
        if not isinstance(doc.get(key, ""), str):
            raise fault(f"{key} = {doc[key]!r}: give {kind} path, in quotes")
    try:
        if doc.get("counts"):
            field = meta.Field.counts(decks)
        else:
            field = meta.Field(decks, players=doc.get("players", 256), other=doc.get("other", "Other"))
    except MtgsimError as e:                 # (the file named: these say which key)
        raise fault(str(e)) from None
    try:
        typed = meta.Matchups(pairs)
    except MtgsimError as e:
        raise fault(f"[matchups] {e}") from None
    try:
        typed_post_board = meta.Matchups(post_board=post_board)
    except MtgsimError as e:
        raise fault(f"[post_board] {e}") from None
    options = {argument: doc[key] for key, argument in _RESULTS_OPTIONS.items() if key in doc}
    if options and "results" not in doc:
        raise fault(f"{', '.join(k for k in _RESULTS_OPTIONS if k in doc)}: for a results file: give "
                    "results = \"file.csv\" too")
    given = meta.Matchups()        # (real results, a square table, [matchups], [post_board]: the later wins)
    if "results" in doc:
        results = path.parent / doc["results"]
        try:
            given.update(meta.Matchups.from_results(results, **options))
        except MtgsimError as e:
            if str(results) in str(e) or not options:      # (the results file's own error names it)
                raise
            raise fault(", ".join(f"{k} = {doc[k]!r}" for k in _RESULTS_OPTIONS if k in doc) + f": {e}") from None
    if "matchups_csv" in doc:
        given.update(meta.Matchups.from_csv(path.parent / doc["matchups_csv"]))
    given.update(typed)
    given.update(typed_post_board)
    race = doc.get("race") or {}
    if not isinstance(race, dict):
        raise fault(f"race = {race!r}: give a [race] table of archetype = decklist file")
    if race:
        bad = [name for name, file in race.items() if not isinstance(file, str)]
        if bad:
            raise UsageError(f"{path}: [race] {bad[0]!r} = {race[bad[0]]!r}: give a decklist file's path "
                             "(race_games and race_turns go above the tables)")
        decks_for_race = {name: Deck.from_file(path.parent / file) for name, file in race.items()}
        mu = meta.Matchups.from_races(decks_for_race, games=doc.get("race_games", 200_000), seed=seed,
                                      turns=doc.get("race_turns", 15), given=given)
    else:
        mu, decks_for_race = given, {}
    return field, mu, decks_for_race


def example_fields() -> dict[str, Path]:
    """The bundled example field files, by name."""
    return example_decks((".toml",))


def _field_path(args) -> Path:
    return file_or_example(args.field, args.example, example_fields(), "a field file",
                           "(TOML: see docs/tournament.md; examples: " + ", ".join(example_fields()) + ")")


def cmd_tournament(args) -> int:
    import secrets
    check_destinations(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(10 ** 15)
    field, mu, raced = read_field(_field_path(args), seed)
    if args.best_deck:
        return _best_deck(args, field, mu, seed)
    if args.candidates or args.objective:
        raise UsageError("--candidates and --objective go with --best-deck")
    if args.players is not None:
        field = meta.Field({n: field.share(n) for n in field.names}, players=args.players, other=None)
    res = meta.simulate_events(field, mu, events=args.events, best_of=args.best_of, rounds=args.rounds,
                               top_cut=args.top_cut, draw_rate=args.draw_rate,
                               intentional_draws=args.intentional_draws, seed=seed, threads=args.threads,
                               progress=sys.stderr.isatty(), matchup_uncertainty=args.matchup_uncertainty)
    write_outputs(res, args)        # (first: a closed stdout loses no file)
    print(res.summary() + ("  (the seed drawn at random: --seed replays this run)" if args.seed is None else ""))
    if mu.estimated:
        print("matchups estimated by goldfish races (a race model: no interaction): "
              + ", ".join(f"{a} vs {b} {mu.p(a, b):.3f}" for a, b in sorted(mu.estimated)))
    for name, deck in raced.items():       # (how far to trust each race: its deck's text read)
        print(f"{name}: {deck.db.reading(deck).text()}")
    return interrupted_status(res.interrupted, f"the figures are of the {res.events:,} events finished")


def _best_deck(args, field: meta.Field, mu: meta.Matchups, seed: int) -> int:
    """--best-deck: which deck one player should bring to the field (meta.best_deck)."""
    candidates = None
    if args.candidates:
        candidates = [c.strip() for c in args.candidates.split(",") if c.strip()]
    res = meta.best_deck(field, mu, candidates=candidates, players=args.players, events=args.events,
                         seed=seed, objective=args.objective or "p_top8", best_of=args.best_of,
                         rounds=args.rounds, top_cut=args.top_cut, draw_rate=args.draw_rate,
                         intentional_draws=args.intentional_draws, threads=args.threads,
                         progress=sys.stderr.isatty(), matchup_uncertainty=args.matchup_uncertainty)
    write_outputs(res, args)
    print(res.summary() + ("\n(the seed drawn at random: --seed replays this run)" if args.seed is None else ""))
    return interrupted_status(res.interrupted, "the figures are of the events finished")


def add_parser(sub) -> None:
    t = sub.add_parser("tournament", help="Swiss events of a field: P(top 8), P(win), conversion per archetype")
    t.add_argument("field", nargs="?", help="the field file (TOML: decks and shares, matchups; see docs/tournament.md)")
    t.add_argument("--example", metavar="NAME", help="a bundled example field instead (standard_field)")
    t.add_argument("--events", type=bounded_int(1, 10 ** 9), default=100_000, metavar="N",
                   help="events to play (default 100,000)")
    t.add_argument("--players", type=bounded_int(2, meta._meta.MAX_PLAYERS), default=None, metavar="N",
                   help="players per event (default: the field file's)")
    t.add_argument("--best-of", type=int, default=3, choices=(1, 3, 5), help="games per match (default 3)")
    t.add_argument("--rounds", type=bounded_int(1, meta._meta.MAX_ROUNDS), default=None, metavar="N",
                   help="Swiss rounds (default: as MTR Appendix E recommends for the field's size)")
    t.add_argument("--top-cut", type=bounded_int(0, 1024), default=8, metavar="N",
                   help="the single-elimination cut after the Swiss rounds (default 8; 0: none)")
    t.add_argument("--draw-rate", type=float, default=0.0, metavar="P", help="unintentional draws per match")
    t.add_argument("--intentional-draws", action="store_true",
                   help="in the final round, two players both safe for the cut draw")
    t.add_argument("--seed", type=bounded_int(0, 10 ** 18), default=None, metavar="N",
                   help="the same seed gives the same figures (default: one drawn at random, printed)")
    t.add_argument("--threads", type=bounded_int(1, MAX_THREADS), default=None, metavar="N",
                   help="threads (default: one per CPU); the figures are the same for any number")
    t.add_argument("--matchup-uncertainty", action="store_true",
                   help="draw the matchups from results (the field file's results) from their posteriors for "
                        "each chunk of events: the intervals include what the results don't know")
    t.add_argument("--best-deck", action="store_true",
                   help="which deck one player should bring to this field: every candidate raced in the same "
                        "events (paired), --events each at most")
    t.add_argument("--candidates", metavar="A,B,...",
                   help="with --best-deck: the decks to compare (default: every deck the field file names)")
    t.add_argument("--objective", choices=tuple(meta.BEST_DECK_OBJECTIVES), default=None,
                   help="with --best-deck: what to maximise for the player (default p_top8)")
    t.add_argument("--json", metavar="PATH", help="also write the summary as JSON")
    t.add_argument("--csv", metavar="PATH", help="also write the summary as CSV")
    t.add_argument("--plot", metavar="PATH", help="also plot P(top 8) and conversion (needs matplotlib)")
    t.add_argument("--html", metavar="PATH", help="also write one self-contained HTML page of the figures "
                                                  "(needs mtgsim[html])")
    t.set_defaults(run=cmd_tournament)
