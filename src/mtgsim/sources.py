"""Karsten-style source tables: how many sources of a colour a deck needs to cast a cost on
curve, worked out by simulation, beside Frank Karsten's published 2022 table; and, for a deck,
every coloured cost it has, the sources it needs, and the sources it has.

The definition is Karsten's (optimize.baselines.SOURCES_SOURCE): a cost of mana value M with k
symbols of one colour is cast consistently if, on the play, among the games that made their
first M land drops, at least a share `level` has k sources of the colour among the lands by
turn M — his level is (89 + M)% (90% for a one-drop, 96% for a seven-drop and more), or one level the
caller chooses. "Made the land drops" is the simulator's `castable_hit` (M lands in play on
turn M); every land is played as the goldfish plays it, a land of the colour first while the
costs tracked ask for more of it (choose_land's colour demand).

The needed count is found by simulation (`simulate`) of an abstract deck: s basic lands of the
colour (Swamps), the deck's other lands colourless (Wastes), and blanks for the rest, never cast
(their cost is out of reach: {30}{B}, which also makes off-colour lands the ones bottomed, as
Karsten bottoms them); the costs are tracked cards, not in the deck. One simulation per s tracks
every cost at once, with the same seed for every s (common random numbers), and is cached per
(deck size, lands, s) within a run; s is found by bisection.

Karsten's mulligan (his 2022 article and its code, HowManySources2022Update.py): keep a seven
with 2-5 lands; a six with 2-4 lands after bottoming one card and a five with 2-4 after two,
which is a seven drawn with 2-5 and 2-6 lands as `MulliganPolicy` counts them (before
bottoming); always keep four. The goldfish bottoms lands down to three in a hand of six or five,
spells otherwise, off-colour lands first, as Karsten does; in a hand of four it keeps two lands
where he keeps three (the goldfish's share of the deck's lands: a four-card hand is kept in
about 0.2% of games). For 99-card decks Karsten plays Commander's multiplayer rules (a free first
mulligan, a draw on the first turn, as `simulate(multiplayer=True)`), his free seven kept only
with 3-5 lands (MulliganPolicy.free_seven).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from . import _core, checks, play_draw
from .card_facts import OWN_BOARD, card_summaries
from .cards.loader import card
from .compile import compile_deck
from .decklist import Deck
from .errors import ArgumentError, ArgumentTypeError, shown
from .files import write_json
from .mana import COLOR_ORDER, SymbolKind
from .play_draw import START_WORDS
from .optimize.baselines import SOURCES_LANDS, SOURCES_SOURCE, published_costs, published_sources
from .schema import CardTypeBit
from .simulate import MAX_LIBRARY, MAX_TURNS, Estimate, GameRules, MulliganPolicy, seed_sequence, simulate

__all__ = ["KARSTEN_MULLIGAN", "Cost", "DeckRow", "DeckSources", "Needed", "SourceCount", "SourceRun",
           "SourceSimulations", "SourceTable", "colour_costs", "count_sources", "deck_sources", "for_deck",
           "karsten_level", "table"]

KARSTEN_MULLIGAN = MulliganPolicy.karsten()       # (its source: mulligan_policy.KARSTEN_SOURCE)
DEFAULT_GAMES = 500_000
COLOURS = COLOR_ORDER + "C"          # the types of mana a cost asks for by colour: WUBRG and colourless
_LAND = int(CardTypeBit.CT_LAND)
_CREATURE = int(CardTypeBit.CT_CREATURE)


def karsten_level(mana_value: int) -> float:
    """Karsten's level for a cost of this mana value: (89 + mana value)%, "up to 96 percent for
    seven-mana cards" (and for more: 96%)."""
    return (89 + min(mana_value, 7)) / 100


@dataclass(frozen=True, order=True)
class Cost:
    """A colour cost pattern: `pips` symbols of one colour and `generic` other mana; its mana
    value is the turn it is cast on curve."""
    pips: int
    generic: int

    @property
    def mana_value(self) -> int:
        return self.pips + self.generic

    @property
    def label(self) -> str:
        """As Karsten writes it: C, 1C, 2CC, ..."""
        return (str(self.generic) if self.generic else "") + "C" * self.pips

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class Needed:
    """The fewest sources with P(castable on curve) at the level: `sources`, the P there, and
    the interval: from the fewest sources whose P interval reaches the level (`low`) to the
    fewest whose interval is wholly at or above it (`high`)."""
    sources: int
    low: int
    high: int
    p: Estimate

    def interval(self, more: int = 0) -> str:
        """The interval as text, `more` added to both ends (a gold card's one source more)."""
        low, high = self.low + more, self.high + more
        return str(low) if low == high else f"{low}-{high}"

    def to_dict(self) -> dict:
        return {"sources": self.sources, "low": self.low, "high": self.high, "p": self.p.to_dict()}


class SourceSimulations:
    """The simulations of one run: per number of sources s of the colour among `lands` lands
    in a deck of `size` cards, P(castable on curve | land drops made) of every cost, cached;
    played with `mulligan` (Karsten's unless given)."""

    def __init__(self, size: int, lands: int, costs: Iterable[Cost], games: int, seed, multiplayer: bool,
                 threads: int | None = None, mulligan: MulliganPolicy = KARSTEN_MULLIGAN, on: str = "play"):
        self.size, self.lands, self.games, self.seed, self.on = size, lands, games, seed, on
        self.multiplayer, self.threads, self.mulligan = multiplayer, threads, mulligan
        self.costs = tuple(sorted(set(costs)))
        self.cards = {c: card(f"sources: {c.label}", ("{%d}" % c.generic if c.generic else "") + "{B}" * c.pips)
                      for c in self.costs}
        self.blank = card("sources: blank", "{30}{B}")
        self.turns = max(c.mana_value for c in self.costs)
        self._cache: dict[int, dict[Cost, Estimate]] = {}

    def p(self, sources: int) -> dict[Cost, Estimate]:
        """Per cost, P(castable on curve | land drops made) with `sources` lands of the colour:
        one simulation of the abstract deck (played once per run, then cached)."""
        if sources not in self._cache:
            counts = {"Swamp": sources, "Wastes": self.lands - sources, self.blank: self.size - self.lands}
            deck = Deck({k: n for k, n in counts.items() if n}, name=f"{sources} sources")
            res = simulate(deck, games=self.games, turns=self.turns, seed=self.seed, mulligan=self.mulligan,
                           track=list(self.cards.values()), threads=self.threads, multiplayer=self.multiplayer,
                           on=self.on)
            self._cache[sources] = {c: res.p_castable(self.cards[c], c.mana_value, hit_land_drops=True)
                                    for c in self.costs}
        return self._cache[sources]

    def needed(self, cost: Cost, level: float) -> Needed | None:
        """Bisection over s (P grows with s): s = pips - 1 never casts it, s = lands always does
        (every land of the colour). None if the deck has fewer lands than the cost has pips."""
        if cost.pips > self.lands:
            return None

        def ok(s: int) -> bool:
            return self.p(s)[cost].value >= level      # (nan, no game made the drops: not ok)
        lo, hi = cost.pips - 1, self.lands
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if ok(mid):
                hi = mid
            else:
                lo = mid
        low = hi
        while low - 1 >= cost.pips and self.p(low - 1)[cost].high >= level:
            low -= 1
        high = hi
        while high < self.lands and self.p(high)[cost].low < level:
            high += 1
        return Needed(hi, low, high, self.p(hi)[cost])


def _check_level(level) -> float | None:
    """None (Karsten's level per mana value) or a probability strictly between 0 and 1."""
    if level is None:
        return None
    value = checks.number(level, "level")
    if not 0 < value < 1:
        raise ArgumentError(f"level must be a probability strictly between 0 and 1 (e.g. 0.9), got {shown(level)}")
    return value


def _seed(seed):
    """The seed to play with: the one given, or the entropy drawn from the OS (recorded)."""
    root = seed_sequence(seed)
    return root.entropy if seed is None else seed


def _level_text(level: float | None) -> str:
    return "Karsten's (89 + mana value)%" if level is None else f"{level:.0%} for every cost"


def _rules_text(multiplayer: bool, on: str) -> str:
    start = START_WORDS[on] + ("" if on == "play" else " (Karsten's tables are on the play)")
    return (f"{start}, Commander's multiplayer rules (a free first mulligan, its seven kept with 3-5 lands, "
            "as Karsten; a draw on turn 1)" if multiplayer else start)


@dataclass
class SourceRun:
    """What a source table was worked out with: the deck size and lands of the abstract deck,
    the level (None: Karsten's), the games per source count, the seed, the rules."""
    size: int
    lands: int
    level: float | None
    games: int
    seed: object
    multiplayer: bool
    on: str = "play"             # who starts: "play" (Karsten's), "draw", or "both" (half each)

    def setting(self) -> str:
        """The run's setting in words, for a table's header."""
        return (f"{_rules_text(self.multiplayer, self.on)}, given the land drops made; Karsten's mulligan; level "
                f"{_level_text(self.level)}; {self.games:,} games per source count, seed {self.seed}")

    def run_dict(self) -> dict:
        return {"size": self.size, "lands": self.lands, "level": self.level or "karsten", "games": self.games,
                "seed": self.seed if isinstance(self.seed, (int, type(None))) else str(self.seed),
                "multiplayer": self.multiplayer, "on": self.on, "source": SOURCES_SOURCE,
                "mulligan": {str(k): list(v) for k, v in KARSTEN_MULLIGAN.keep.items()},
                "free_seven": list(KARSTEN_MULLIGAN.free_seven or ())}

    def to_dict(self) -> dict:
        return self.run_dict()

    def to_json(self, path) -> None:
        """Every figure as strict JSON (mtgsim.files.write_json)."""
        write_json(path, self.to_dict())


@dataclass
class SourceTable(SourceRun):
    """`table`'s answer: per cost, the sources needed at the level (with its interval and P),
    beside Karsten's published figure for the size where he gives one."""
    rows: list[tuple[Cost, float, Needed | None, int | None]] = field(default_factory=list)

    def header(self) -> str:
        return f"Sources needed to cast a cost on curve: {self.size} cards, {self.lands} lands; {self.setting()}"

    def table(self) -> str:
        """The table as text."""
        out = [self.header(), f"{'cost':<7}{'MV':>3}{'level':>7}{'needed':>8}{'interval':>10}  "
                              f"{'P at needed':<28}{'Karsten 2022':>12}"]
        for cost, level, need, karsten in self.rows:
            published = "" if karsten is None else str(karsten)
            if need is None:
                out.append(f"{cost.label:<7}{cost.mana_value:>3}{level:>7.0%}{'-':>8}{'':>10}  "
                           f"{'more pips than lands':<28}{published:>12}")
                continue
            out.append(f"{cost.label:<7}{cost.mana_value:>3}{level:>7.0%}{need.sources:>8}{need.interval():>10}  "
                       f"{need.p.value:.4f} [{need.p.low:.4f}, {need.p.high:.4f}]  {published:>12}")
        return "\n".join(out)

    def to_dict(self) -> dict:
        return {**self.run_dict(),
                "rows": [{"cost": cost.label, "pips": cost.pips, "generic": cost.generic, "level": level,
                          "needed": None if need is None else need.to_dict(), "karsten": karsten}
                         for cost, level, need, karsten in self.rows]}


def _size_and_lands(size, lands) -> tuple[int, int]:
    size = checks.whole_number(size, "size", 7, MAX_LIBRARY)
    if lands is None:
        if size not in SOURCES_LANDS:
            raise ArgumentError(f"lands: give the land count for a {size}-card deck (Karsten's defaults are for "
                                f"{', '.join(f'{n} cards: {k}' for n, k in SOURCES_LANDS.items())})")
        lands = SOURCES_LANDS[size]
    lands = checks.whole_number(lands, "lands", 1)
    if lands > size:
        raise ArgumentError(f"lands must be at most the deck size {size}, got {lands}")
    return size, lands


def table(size: int = 60, lands: int | None = None, level: float | None = None, games: int = DEFAULT_GAMES,
          seed=None, multiplayer: bool | None = None, threads: int | None = None, on: str = "play") -> SourceTable:
    """The sources needed for each cost of Karsten's table (C to 5C, CC to 5CC, CCC to 4CCC,
    CCCC, 1CCCC) in a deck of `size` cards with `lands` lands (None: Karsten's 17/25/35/41 for
    40/60/80/99), at `level` (None: Karsten's (89 + mana value)%); `games` per number of
    sources; `multiplayer` None: Commander's rules for 99 or 100 cards, as Karsten; `on` "play"
    (Karsten's), "draw" or "both" (half the games each: play_draw)."""
    size, lands = _size_and_lands(size, lands)
    level = _check_level(level)
    games = checks.games(games)
    multiplayer = size in (99, 100) if multiplayer is None else checks.flag(multiplayer, "multiplayer")
    seed = _seed(seed)
    costs = [Cost(p, g) for p, g in published_costs()]
    on = play_draw.start(on, None, "sources: ")
    sims = SourceSimulations(size, lands, costs, games, seed, multiplayer, threads, on=on)
    rows = []
    for cost in sorted(costs, key=lambda c: (c.pips, c.generic)):
        at = karsten_level(cost.mana_value) if level is None else level
        rows.append((cost, at, sims.needed(cost, at), published_sources(size, cost.pips, cost.generic)))
    return SourceTable(size, lands, level, games, seed, multiplayer, on, rows)


# ---- a deck's costs and sources ------------------------------------------------------------

def colour_costs(c) -> dict[str, Cost]:
    """The colour costs of one card's mana cost, by colour: {B} a pip of B; {2/B} and {C/B} a
    pip of B (paid with B, or else more mana); a hybrid {W/U} a pip of "W/U" (paid by a source
    of either colour, as Karsten counts hybrids); {C} a pip of colourless ("C", a colour of its
    own for Karsten); Phyrexian symbols none (paid with life), snow none. The rest of the mana
    value is generic."""
    pips: dict[str, int] = {}
    for s in c.cost.symbols:
        if s.kind in (SymbolKind.COLORED, SymbolKind.MONO_HYBRID, SymbolKind.COLORLESS_HYBRID):
            key = s.colors[-1]
        elif s.kind is SymbolKind.HYBRID:
            key = "/".join(sorted(s.colors, key=COLOURS.index))
        elif s.kind is SymbolKind.COLORLESS:
            key = "C"
        else:
            continue
        pips[key] = pips.get(key, 0) + 1
    return {key: Cost(k, c.mana_value - k) for key, k in pips.items()}


@dataclass(frozen=True)
class SourceCount:
    """The deck's sources of a colour for a cost, by kind: lands making it (dual and tri lands
    too), fetch lands that can find a land of the deck making it, modal double-faced cards
    whose back face is a land making it, and mana creatures and other mana permanents (rocks)
    of smaller mana value than the cost (cast before it, they are ready on its turn)."""
    lands: int = 0
    fetches: int = 0
    mdfcs: int = 0
    creatures: int = 0
    rocks: int = 0

    @property
    def total(self) -> int:
        return self.lands + self.fetches + self.mdfcs + self.creatures + self.rocks

    def __str__(self) -> str:
        parts = [f"{n} {what}" for n, what in ((self.lands, "lands"), (self.fetches, "fetches"),
                                               (self.mdfcs, "MDFCs"), (self.creatures, "creatures"),
                                               (self.rocks, "rocks")) if n]
        return f"{self.total} = " + " + ".join(parts) if len(parts) > 1 else str(self.total)

    def to_dict(self) -> dict:
        return {"total": self.total, "lands": self.lands, "fetches": self.fetches, "mdfcs": self.mdfcs,
                "creatures": self.creatures, "rocks": self.rocks}


@dataclass(frozen=True)
class _Source:
    """One card of the deck as a mana source: its kind (a SourceCount field), the types of mana
    (letters of COLOURS) it gives, its copies and its mana value."""
    kind: str
    makes: frozenset[str]
    copies: int
    mana_value: int


def _letters(bits: int) -> frozenset[str]:
    return frozenset(COLOURS[t] for t in range(6) if bits >> t & 1)


def deck_sources(deck: Deck) -> list[_Source]:
    """The deck's mana sources as the simulator plays them, from its compiled tables: what each
    land face could produce (card_facts' own_could_produce; a land making what the deck's
    other lands make, its lands' types), what each fetch land could find (the kernel's
    fetch_land_finds: lands of this deck passing its search's filter), and the nonland cards
    with mana abilities."""
    compiled = compile_deck(deck)
    tables = compiled.tables
    core = _core.CoreTables(tables)
    produce = card_summaries(tables)["own_could_produce"]
    finds = _core.fetch_land_finds(core)
    cards = tables.cards
    rows = {c.name: tables.row_of(c) for c, _ in deck.cards()}

    def land_faces(row: int) -> list[int]:
        back = int(cards["back"][row])
        return [r for r in (row, back) if r >= 0 and cards["types"][r] & _LAND]

    own_lands = 0
    for row in rows.values():
        for r in land_faces(row):
            own_lands |= int(produce[r]) if produce[r] != OWN_BOARD else 0

    def makes(row: int) -> frozenset[str]:
        return _letters(own_lands if produce[row] == OWN_BOARD else int(produce[row]))

    out = []
    for c, n in deck.cards():
        row = rows[c.name]
        faces = land_faces(row)
        if finds[row] >= 0:
            found = frozenset().union(*(makes(r) for other in rows.values() for r in land_faces(other)
                                        if _core.card_passes_filter(core, int(finds[row]), other)))
            out.append(_Source("fetches", found, n, c.mana_value))
        elif faces:
            kind = "lands" if faces[0] == row else "mdfcs"
            out.append(_Source(kind, frozenset().union(*(makes(r) for r in faces)), n, c.mana_value))
        elif produce[row]:
            out.append(_Source("creatures" if cards["types"][row] & _CREATURE else "rocks", makes(row), n,
                               c.mana_value))
    return out


def count_sources(sources: Iterable[_Source], colour: str, cost: Cost) -> SourceCount:
    """The sources of `colour` ("W/U": either) for `cost`: lands, fetches and MDFCs always;
    nonland sources only of smaller mana value than the cost."""
    wanted = frozenset(colour.split("/"))
    kinds = {"lands": 0, "fetches": 0, "mdfcs": 0, "creatures": 0, "rocks": 0}
    for s in sources:
        if s.makes & wanted and (s.kind in ("lands", "fetches", "mdfcs") or s.mana_value < cost.mana_value):
            kinds[s.kind] += s.copies
    return SourceCount(**kinds)


@dataclass(frozen=True)
class DeckRow:
    """One colour cost of the deck: its colour ("W/U": a hybrid pair), the cost, the cards with
    it, whether one is gold (Karsten: one source more), the sources needed (gold included),
    Karsten's published figure (gold included) and the sources the deck has."""
    colour: str
    cost: Cost
    cards: tuple[str, ...]
    gold: bool
    level: float
    needed: Needed | None
    karsten: int | None
    has: SourceCount

    @property
    def need(self) -> int | None:
        """The sources needed, one more for a gold card."""
        return None if self.needed is None else self.needed.sources + self.gold

    @property
    def verdict(self) -> str:
        if self.need is None:
            return "impossible: more pips than lands"
        short = self.need - self.has.total
        return "enough" if short <= 0 else f"short by {short}"

    def to_dict(self) -> dict:
        return {"colour": self.colour, "cost": self.cost.label, "pips": self.cost.pips, "generic": self.cost.generic,
                "cards": list(self.cards), "gold": self.gold, "level": self.level,
                "needed": None if self.needed is None else self.needed.to_dict(), "need": self.need,
                "karsten": self.karsten, "has": self.has.to_dict(), "verdict": self.verdict}


@dataclass
class DeckSources(SourceRun):
    """`for_deck`'s answer: the deck's colour costs, each with the sources needed and had."""
    deck_name: str = "deck"
    rows: list[DeckRow] = field(default_factory=list)
    left_out: dict[str, str] = field(default_factory=dict)    # card → why none of its costs is in the table

    def table(self) -> str:
        out = [f"{self.deck_name}: sources needed to cast each colour cost on curve, at {self.size} cards with "
               f"{self.lands} lands; {self.setting()}",
               "(needed: simulated [interval], +1 for a gold card, as Karsten; Karsten: his 2022 table for the "
               "size, +1 gold)",
               f"{'colour':<7}{'cost':<7}{'needed':>7}{'interval':>10}{'Karsten':>9}  {'has':<42}{'verdict':<16}cards"]
        for r in self.rows:
            need = "-" if r.need is None else f"{r.need}{'*' if r.gold else ''}"
            interval = "" if r.needed is None else r.needed.interval(r.gold)
            karsten = "" if r.karsten is None else str(r.karsten)
            out.append(f"{r.colour:<7}{r.cost.label:<7}{need:>7}{interval:>10}{karsten:>9}  {str(r.has):<42}"
                       f"{r.verdict:<16}{', '.join(r.cards)}")
        if any(r.gold for r in self.rows):
            out.append("* gold: one source more than the colour alone needs")
        for name, why in self.left_out.items():
            out.append(f"not in the table: {name}: {why}")
        return "\n".join(out)

    def to_dict(self) -> dict:
        return {**self.run_dict(), "deck": self.deck_name, "rows": [r.to_dict() for r in self.rows],
                "left_out": dict(self.left_out)}


def for_deck(deck: Deck, level: float | None = None, games: int = DEFAULT_GAMES, seed=None,
             threads: int | None = None, on: str = "play") -> DeckSources:
    """Every colour cost of `deck`'s spells (colour_costs; a modal double-faced card's spell
    back face too), the sources needed for it at the deck's own size and land count (the
    library, and the cards with a land face, as the mulligan counts them) at `level` (None:
    Karsten's), Karsten's published figure for the size, and the sources the deck has
    (deck_sources, count_sources). A Commander deck plays by its multiplayer rules; `on` as table's."""
    if not isinstance(deck, Deck):
        raise ArgumentTypeError(f"deck must be a mtgsim.Deck, not {type(deck).__name__}")
    level = _check_level(level)
    games = checks.games(games)
    seed = _seed(seed)
    multiplayer = GameRules.of(deck).multiplayer
    on = play_draw.start(on, None, "sources: ")
    size = sum(deck.maindeck.values())
    lands = sum(n for c, n in deck.cards("maindeck")
                if c.is_land or (c.modal_back is not None and c.modal_back.is_land))
    found: dict[tuple[str, Cost, bool], list[str]] = {}
    left_out: dict[str, str] = {}
    for c, _ in deck.cards():
        for face in (c, c.modal_back):
            if face is None or face.is_land:
                continue
            costs = colour_costs(face)
            gold = len(costs) > 1
            for colour, cost in costs.items():
                if cost.mana_value > MAX_TURNS:
                    left_out[face.name] = f"mana value {cost.mana_value} is beyond the {MAX_TURNS} turns simulated"
                    continue
                found.setdefault((colour, cost, gold), []).append(face.name)
    rows: list[DeckRow] = []
    if found and lands:
        sims = SourceSimulations(size, lands, {cost for _, cost, _ in found}, games, seed, multiplayer, threads,
                                 on=on)
        sources = deck_sources(deck)
        for (colour, cost, gold), names in sorted(found.items(), key=lambda kv: (
                [COLOURS.index(x) for x in kv[0][0].split("/")], kv[0][1], kv[0][2])):
            at = karsten_level(cost.mana_value) if level is None else level
            karsten = published_sources(len(deck), cost.pips, cost.generic) if "/" not in colour else None
            rows.append(DeckRow(colour, cost, tuple(names), gold, at, sims.needed(cost, at),
                                None if karsten is None else karsten + gold, count_sources(sources, colour, cost)))
    elif found:
        left_out["(deck)"] = "it has no lands"
    return DeckSources(size, lands, level, games, seed, multiplayer, on, deck.name or "deck", rows, left_out)

