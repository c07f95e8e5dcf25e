"""Builds src/mtgsim/examples/<format>_results.csv and <format>_field.toml, the bundled real
results of the worked example (docs/tournament.md): every match between two published decklists
in one format's recent events, aggregated per pair of archetypes, and the same events'
archetype shares. From local copies of two public repositories:

    git clone https://github.com/fbettega/MTG_decklistcache /tmp/decklistcache
    git clone https://github.com/Badaro/MTGOFormatData /tmp/formatdata
    python benchmarks/build_results.py /tmp/decklistcache /tmp/formatdata \\
        --commit 419365c47548d800dcb8e665997bfbc038988a1a --rules-commit 552c1d8588d9032ec1260557fe283cd1c291ffe3

Each path may be a work tree or a bare git directory (read with `git show`, at HEAD or the commit
given). The bundled files were built from the two commits above (the decklist cache of
2026-08-08; the archetype definitions' "October 2025 Update" of 2025-11-18) with the defaults.

Matches: fbettega/MTG_decklistcache's melee.gg events (Tournaments/MTGmelee/...), each a file
with the players' decklists and every round's pairings and game score ("2-1-0": player 1's
games won, player 2's, games drawn). Selection (deterministic): the events whose format is
--format, dated --since to --until (by their folder's date), an event stored twice (the same
melee.gg number and players) once; a deck is kept when its main deck has at least 60 cards (a name two players
share is left out); a match is kept when both players' decks are (not a bye, not a player whose
list is unpublished) and a player won a game of it (an intentional draw, recorded 0-0-3, and a
no-show's 0-0-0 are no games played). The default window runs from Marvel's Spider-Man's
release (2025-09-26) to the day before the definitions' commit (2025-11-17): one metagame, no
new set released inside it (Avatar came on 2025-11-21), labelled by definitions written for it.

Archetypes: Badaro/MTGOFormatData's definitions of the format (Formats/<Format>/Archetypes and
Fallbacks, kept by Jiliac and others for the community's metagame reports), applied as Badaro's
MTGOArchetypeParser applies them (its ArchetypeAnalyzer in its settings' conflict mode,
PreferSimpler; re-written here from its description and source, not copied): a deck matches an
archetype when all the archetype's conditions hold (a card in the main deck, the sideboard or
either; one or two cards of a list; a card absent), and a variant of it, when its conditions
hold too, names it instead; of several matches the one of fewest conditions wins (ties: the
definition file first by name); a deck of none takes the fallback ("pile") whose common cards it
plays most copies of, when those copies exceed a tenth of its card rows; a deck of neither is
"Unknown". Names are the definitions', "Generic" left out, the deck's colours first when the
definition says so (Izzet, Mono Red, 5 Color...: a colour counts when both a land and a spell of
the deck give it, by Formats/card_colors.json and the format's color_overrides.json), PascalCase
split into words: "Boros Energy", "Amulet Titan", "Azorius Control".

Written: the --top archetypes by decks (ties by name), the rest of the field ("Unknown" too)
together as "Other". The results file has one row per pair of two different names, Other among
them (what the rest of the field, as it came, did against each archetype): the first's games
won, lost and drawn against the second over the kept matches, in games as the scores give them.
Mirror matches, and Other against Other, are left out (mtgsim plays a mirror at 0.5). The field
file's [decks] shares are each name's kept decks over all kept decks, to 3 decimals (the rest is
Other), its header the figures of what was kept and left out.

Not needed by the tests: they read the files this writes.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from repository import Repository

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
EXAMPLES = ROOT / "src" / "mtgsim" / "examples"
MATCHES_SOURCE = "github.com/fbettega/MTG_decklistcache"
RULES_SOURCE = "github.com/Badaro/MTGOFormatData"
# the event's file: Tournaments/MTGmelee/YYYY/MM/DD/<slug>-<melee.gg number>-<date>.json
EVENT = re.compile(r"Tournaments/MTGmelee/(?P<y>\d{4})/(?P<m>\d\d)/(?P<d>\d\d)/.+-(?P<id>\d+)-\d{4}-\d\d-\d\d\.json")
SCORE = re.compile(r"(\d+)-(\d+)-(\d+)")
COLOURS = "WUBRG"
# the parser's names of the colour identities (MTGOArchetypeParser's Archetype.GetColorName)
COLOUR_NAMES = {
    "W": "MonoWhite", "U": "MonoBlue", "B": "MonoBlack", "R": "MonoRed", "G": "MonoGreen",
    "WU": "Azorius", "WB": "Orzhov", "WR": "Boros", "WG": "Selesnya", "UB": "Dimir", "UR": "Izzet",
    "UG": "Simic", "BR": "Rakdos", "BG": "Golgari", "RG": "Gruul", "WUB": "Esper", "WUR": "Jeskai",
    "WUG": "Bant", "WBR": "Mardu", "WBG": "Abzan", "WRG": "Naya", "UBR": "Grixis", "UBG": "Sultai",
    "URG": "Temur", "BRG": "Jund", "WUBRG": "5Color"}       # (four colours: their letters)
# PascalCase into words, as the parser splits them ("MonoRedAggro" -> "Mono Red Aggro")
WORDS = re.compile(r"(?<=[A-Z])(?=[A-Z][a-z])|(?<=[^A-Z])(?=[A-Z])|(?<=[A-Za-z])(?=[^A-Za-z])")
OTHER = "Other"
UNKNOWN = "Unknown"


# -- the archetypes (MTGOArchetypeParser's rules over MTGOFormatData's definitions) --

@dataclass(frozen=True)
class Deck:
    main: dict[str, int]        # card name -> copies, as the source lists them
    side: dict[str, int]


def _holds(condition: dict, deck: Deck) -> bool:
    """One condition of a definition (MTGOFormatData's README lists the kinds)."""
    kind, cards = condition["Type"], condition.get("Cards") or []
    if not cards:
        return True                                 # (the parser skips a condition of no cards)
    where = {"Mainboard": (deck.main,), "Sideboard": (deck.side,), "MainOrSideboard": (deck.main, deck.side)}
    if kind.startswith("DoesNotContain"):
        boards = where.get(kind[len("DoesNotContain"):], (deck.main, deck.side))
        return not any(cards[0] in b for b in boards)
    for prefix, least in (("OneOrMoreIn", 1), ("TwoOrMoreIn", 2), ("In", None)):
        if kind.startswith(prefix):
            boards = where[kind[len(prefix):]]
            if least is None:
                return any(cards[0] in b for b in boards)
            return sum(name in cards for b in boards for name in b) >= least
    raise ValueError(f"unknown condition type {kind!r}")


class Archetypes:
    """A format's archetype definitions and card colours, and the name they give a deck."""

    def __init__(self, rules: Repository, fmt: str):
        folder = f"Formats/{fmt}"
        self.lands: dict[str, str] = {}
        self.spells: dict[str, str] = {}
        for name in ("Formats/card_colors.json", f"{folder}/color_overrides.json"):
            colours = rules.read(name)
            for table, key in ((self.lands, "Lands"), (self.spells, "NonLands")):
                table.update({c["Name"]: c["Color"] for c in colours.get(key) or []})
        # (the parser reads the folder's files in the order the file system lists them: here by name)
        self.specific = [rules.read(n) for n in sorted(rules.files(f"{folder}/Archetypes"), key=str.lower)
                         if n.endswith(".json")]
        self.fallbacks = [rules.read(n) for n in sorted(rules.files(f"{folder}/Fallbacks"), key=str.lower)
                          if n.endswith(".json")]

    def colours(self, deck: Deck) -> str:
        """The deck's colours: those both a land and a spell of it give (WUBRG order; "C" if none)."""
        def given(table: dict[str, str]) -> set[str]:
            return {c for board in (deck.main, deck.side) for name in board for c in table.get(name, "")}
        both = given(self.lands) & given(self.spells)
        return "".join(c for c in COLOURS if c in both) or "C"

    @staticmethod
    def _named(definition: dict, colours: str) -> str:
        name = definition["Name"].replace("Generic", "")
        if definition.get("IncludeColorInName"):
            name = COLOUR_NAMES.get(colours, colours if len(colours) == 4 else "") + name
        return re.sub(r"\s+", " ", WORDS.sub(" ", name)).strip()

    def name(self, deck: Deck) -> str:
        colours = self.colours(deck)
        found = []          # (conditions, order, name) of each archetype (or its variant) that holds
        for order, a in enumerate(self.specific):
            if all(_holds(c, deck) for c in a["Conditions"]):
                variants = [v for v in a.get("Variants") or [] if all(_holds(c, deck) for c in v["Conditions"])]
                for v in variants or [None]:
                    complexity = len(a["Conditions"]) + (len(v["Conditions"]) if v else 0)
                    found.append((complexity, order, self._named(v or a, colours)))
        if found:
            return min(found)[2]        # PreferSimpler: the fewest conditions, the first in order
        rows = list(deck.main.items()) + list(deck.side.items())
        weights = [(sum(n for name, n in rows if name in f["CommonCards"]), -len(f["CommonCards"]), -order, f)
                   for order, f in enumerate(self.fallbacks)]
        best = max(weights, key=lambda w: w[:3], default=None)
        if best is None or best[0] == 0 or best[0] / len(rows) <= 0.1:
            return UNKNOWN
        return self._named(best[3], colours)


# -- the events --

def events(matches: Repository, fmt: str, since: str, until: str) -> tuple[list[tuple[str, dict]], list[str]]:
    """(date, event) of the format's melee.gg events in the window, an event stored twice (the
    same melee.gg number and players) once, its first file by name; by date then file name; and
    the window's files the copy lacks. (A team event's seats share a number, not players.)"""
    seen: set[tuple[str, frozenset]] = set()
    out, absent = [], []
    for name in matches.files("Tournaments/MTGmelee"):
        m = EVENT.fullmatch(name)
        if m is None or not since <= f"{m['y']}-{m['m']}-{m['d']}" <= until:
            continue
        event = matches.read(name)
        if event is None:
            absent.append(name)
            continue
        key = (m["id"], frozenset(d["Player"] for d in event["Decks"]))
        if (event["Tournament"].get("Formats") or "").lower() == fmt.lower() and key not in seen:
            seen.add(key)
            out.append((f"{m['y']}-{m['m']}-{m['d']}", name, event))
    return [(date, event) for date, _, event in sorted(out, key=lambda e: e[:2])], absent


def _board(cards) -> dict[str, int]:
    board: dict[str, int] = {}
    for c in cards or []:
        board[c["CardName"].strip()] = board.get(c["CardName"].strip(), 0) + int(c["Count"])
    return board


@dataclass
class Tally:
    events: int = 0
    decks: int = 0              # kept
    short: int = 0              # left out: a main deck under 60 cards (or none published)
    matches: int = 0            # kept
    unpaired: int = 0           # left out: a bye, a player without a kept deck, no score
    unplayed: int = 0           # left out: no game won by either player (0-0-3, 0-0-1, 0-0-0)
    mirrors: int = 0            # kept matches of a named archetype against itself (not written)
    others: int = 0             # kept matches of Other against Other (not written)
    absent: list[str] = field(default_factory=list)     # the window's files the copy lacks (format unknown)


def gather(matches: Repository, archetypes: Archetypes, fmt: str, since: str, until: str):
    """The kept decks' names (Counter) and every kept match as (name 1, name 2, player 1's games
    won, player 2's, drawn), with the tally of what was kept and left out."""
    tally = Tally()
    decks: Counter[str] = Counter()
    played: list[tuple[str, str, int, int, int]] = []
    found, tally.absent = events(matches, fmt, since, until)
    for _, event in found:
        tally.events += 1
        named: dict[str, str] = {}
        players = Counter(d["Player"] for d in event["Decks"])
        for d in event["Decks"]:
            deck = Deck(_board(d.get("Mainboard")), _board(d.get("Sideboard")))
            if sum(deck.main.values()) < 60 or players[d["Player"]] > 1:
                tally.short += 1
                continue
            named[d["Player"]] = archetypes.name(deck)
            decks[named[d["Player"]]] += 1
        for r in event.get("Rounds") or []:
            for m in r["Matches"]:
                score = SCORE.fullmatch((m.get("Result") or "").strip())
                a, b = named.get(m.get("Player1")), named.get(m.get("Player2"))
                if a is None or b is None or score is None:
                    tally.unpaired += 1
                    continue
                won, lost, drawn = (int(g) for g in score.groups())
                if won + lost == 0:
                    tally.unplayed += 1         # (an intentional draw, 0-0-3, is no game played)
                    continue
                tally.matches += 1
                played.append((a, b, won, lost, drawn))
        tally.decks = sum(decks.values())
    return decks, played, tally


def build(decks: Counter, played: list, top: int):
    """The field's shares {name: share} (the top names, by decks, Unknown not among them); the
    results' rows (deck, opponent, wins, losses, draws, matches), one per pair of different names
    (in the field's order, Other last); and the matches left out: (mirrors, Other against Other)."""
    ranked = sorted(decks.items(), key=lambda kv: (-kv[1], kv[0]))
    named = [n for n, _ in ranked if n != UNKNOWN][:top]
    total = sum(decks.values())
    shares = {n: round(decks[n] / total, 3) for n in named}
    order = {n: i for i, n in enumerate([*named, OTHER])}
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    mirrors = others = 0
    for a, b, wa, wb, d in played:
        a, b = (a if a in order else OTHER), (b if b in order else OTHER)
        if a == b:
            mirrors, others = (mirrors, others + 1) if a == OTHER else (mirrors + 1, others)
            continue
        if order[a] > order[b]:
            a, b, wa, wb = b, a, wb, wa
        tally = pairs[(a, b)]
        for i, n in enumerate((wa, wb, d, 1)):
            tally[i] += n
    rows = [(a, b, *pairs[(a, b)]) for a, b in sorted(pairs, key=lambda p: (order[p[0]], order[p[1]]))]
    return shares, rows, (mirrors, others)


def absent_events(files: list[str]) -> str:
    """The files' events, each as its melee.gg number and its first file's name."""
    first: dict[str, tuple[str, int]] = {}
    for name in files:
        m = EVENT.fullmatch(name)
        number = m["id"] if m else name
        stem, n = first.get(number, (PurePosixPath(name).stem, 0))
        first[number] = (stem, n + 1)
    return ", ".join(f"melee.gg {k} ({stem}{f', {n} files' if n > 1 else ''})" for k, (stem, n) in first.items())


def field_text(fmt: str, since: str, until: str, results: str, shares: dict[str, float], decks: Counter,
               rows: list, tally: Tally, sources: str) -> str:
    named = sum(decks[n] for n in shares)
    matches = sum(r[5] for r in rows)
    lines = [
        f"# A real {fmt} field: the archetype shares of {tally.events} melee.gg events of {since} to {until}",
        f"# ({tally.decks:,} decklists: the {len(shares)} most played archetypes named, the rest Other, "
        f"{tally.decks - named:,} decks,",
        f"# {decks[UNKNOWN]:,} of them of no known archetype), and in {results} the games of their {matches:,} matches",
        f"# between different archetypes ({sum(r[5] for r in rows if OTHER not in r[:2]):,} of them between two "
        f"named; left out: {tally.mirrors:,} mirror",
        f"# matches, {tally.others:,} of Other against Other, {tally.unplayed:,} of no game won, such as an "
        "intentional draw).",
        *sources.split("\n"),
        *([f"# Left out, absent from the copy read (their format unknown): {absent_events(tally.absent)}."]
          if tally.absent else []),
        "# Built by benchmarks/build_results.py (which says how); the number of players is the example's choice.",
        "players = 256",
        f"other = {json.dumps(OTHER)}",
        f"results = {json.dumps(results)}",
        "",
        "[decks]",
        *(f"{json.dumps(n)} = {s}" for n, s in shares.items()),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("matches", type=Path, help="fbettega/MTG_decklistcache: a work tree or a git directory")
    p.add_argument("rules", type=Path, help="Badaro/MTGOFormatData: a work tree or a git directory")
    p.add_argument("--commit", default="HEAD", help="the decklist cache's commit, in a git directory (default HEAD)")
    p.add_argument("--rules-commit", default="HEAD", help="the definitions' commit, in a git directory (default HEAD)")
    p.add_argument("--format", default="Modern", help="the format, as both sources name it (default Modern)")
    p.add_argument("--since", default="2025-09-26", help="the first event date (default 2025-09-26)")
    p.add_argument("--until", default="2025-11-17", help="the last event date (default 2025-11-17)")
    p.add_argument("--top", type=int, default=12, help="the archetypes named, the most played (default 12)")
    p.add_argument("--out", type=Path, default=EXAMPLES, help="the folder written (default src/mtgsim/examples)")
    args = p.parse_args(argv)
    matches, rules = Repository(args.matches, args.commit), Repository(args.rules, args.rules_commit)
    decks, played, tally = gather(matches, Archetypes(rules, args.format), args.format, args.since, args.until)
    shares, rows, (tally.mirrors, tally.others) = build(decks, played, args.top)
    stem = args.format.lower()
    results, field_file = args.out / f"{stem}_results.csv", args.out / f"{stem}_field.toml"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("deck", "opponent", "wins", "losses", "draws"))
    writer.writerows(r[:5] for r in rows)
    results.write_text(out.getvalue(), encoding="utf-8")
    sources = (f"# Sources: {MATCHES_SOURCE} commit {matches.commit},\n"
               f"# archetypes by {RULES_SOURCE} commit {rules.commit}.")
    field_file.write_text(field_text(args.format, args.since, args.until, results.name, shares, decks, rows, tally,
                                     sources), encoding="utf-8")
    print(f"{results}: {len(rows)} pairs, {sum(r[5] for r in rows):,} matches; {field_file}: {len(shares)} "
          f"archetypes and {OTHER}")
    print(f"events {tally.events}; decks kept {tally.decks:,} (left out {tally.short:,}), of no known archetype "
          f"{decks[UNKNOWN]:,}; matches kept {tally.matches:,} (left out: {tally.unpaired:,} unpaired, "
          f"{tally.unplayed:,} of no game won), {tally.mirrors:,} of them mirrors, "
          f"{tally.others:,} Other against Other")
    for name in tally.absent:
        print(f"absent from the copy (format unknown, left out): {name}")
    print("decks by archetype: " + ", ".join(f"{n} {k}" for n, k in sorted(decks.items(), key=lambda kv: -kv[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
