"""Monte Carlo goldfish: play a deck alone many times through the compiled rules core and
report what deck builders ask — castable on curve, mana development, the kill turn — each
with a 95% confidence interval.

How the player plays (which land, which spell first, kicker, flashback, X, abilities,
attacks) is a `PlayPolicy` (mtgsim.policy); the mulligan is a `MulliganPolicy`.

Seeding: `seed` → numpy SeedSequence → one child per fixed-size chunk of games, so results
are identical for any number of threads. Chunks are aggregated as they finish (memory stays
flat); Ctrl-C returns the result so far with its true number of games.
"""
from __future__ import annotations

import math
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from . import _core, checks, play_draw, schema
from .cards import CardDef, UnknownCardError, closest_names, normalize_name
from .cards.coverage import DeckReading
from .cards.database import named_card
from .compile import Tables, colors_by_pips, compile_deck
from .decklist import Deck
from .errors import ArgumentError, ArgumentTypeError, LimitError, shown, warn_unmodeled
from .files import output_path, write_json
from .formats import COMMANDER_LIFE, STARTING_LIFE, Format, commander_problem, preset, warn_problems
from .mana import COLOR_ORDER
from .mulligan_policy import MulliganPolicy
from .plotting import pyplot, save_figure
from .policy import PlayPolicy
from .runner import CHUNK, GamePlan, chunk_count, chunk_games, chunk_generator, chunk_rows, cluster, on_the_draw
from .smoother import HandSmoother
from .vocabulary import MOVED_WORD

__all__ = [
    "CHUNK",
    "Estimate",
    "GameRules",
    "KillTurn",
    "MulliganPolicy",
    "PlayPolicy",
    "SimResult",
    "simulate",
    "trace",
]

MAX_TURNS = _core.MAX_TURNS
MAX_TRACKED = _core.MAX_TRACKED
MAX_LIBRARY = _core.MAX_LIBRARY
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A probability or mean with a 95% confidence interval from n games."""
    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.value:.4f} [{self.low:.4f}, {self.high:.4f}] (n={self.n})"

    def to_dict(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


def wilson(k: int, n: int) -> Estimate:
    """Wilson score interval for k successes in n trials."""
    if n <= 0:
        return Estimate(float("nan"), 0.0, 1.0, 0)
    p = k / n
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_estimate(total: float, total_sq: float, n: int) -> Estimate:
    """Mean with a normal-approximation 95% interval."""
    if n <= 0:
        return Estimate(float("nan"), float("nan"), float("nan"), 0)
    mean = total / n
    var = max(0.0, total_sq / n - mean * mean) * n / max(1, n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


@dataclass(frozen=True)
class GameRules:
    """The kind of game a deck is goldfished in. A deck with a Commander section plays a
    Commander game (903): its commanders (one, or two with partner: 702.124) start in the
    command zone, not in the library (903.6), and are cast from there with the commander tax
    (903.8); every player starts at 40 life (903.7). `multiplayer` (the default for Commander):
    the first mulligan is free (103.5c) and the player who plays first draws on their first
    turn (103.8c); else the two-player rules (no free mulligan; 103.8a: the starting player
    skips that draw). Other decks: 20 life (103.4), two players unless asked. `format`: the
    preset asked for (mtgsim.formats; None: the deck decided), whose settings are the defaults:
    its starting life (Brawl: 25 two-player, 30 multiplayer, 103.4d), its kind of game, and
    Brawl's free first mulligan in any game (903.12g)."""
    commanders: tuple[str, ...] = ()
    multiplayer: bool = False
    starting_life: int = STARTING_LIFE
    format: Format | None = None

    @classmethod
    def of(cls, deck: Deck, multiplayer: bool | None = None, format: Format | str | None = None) -> GameRules:
        """The rules `deck` is played by: a Commander game if it has a Commander section
        (at most two cards, each a legendary creature, 903.3; with a Commander format, Commander
        or Brawl, a card that can't be a commander is the format's legality problem, warned,
        and is cast from the command zone all the same); `multiplayer` None: the format's kind
        of game, else (no format) a Commander game is multiplayer, any other two-player."""
        if multiplayer is not None and not isinstance(multiplayer, (bool, np.bool_)):
            raise ArgumentTypeError(f"multiplayer must be True, False or None, not {multiplayer!r}")
        fmt = preset(format)
        cards = deck.cards("commander")
        if sum(k for _, k in cards) > 2:
            raise ArgumentError(f"the deck's Commander section has {sum(k for _, k in cards)} cards: "
                                "a deck has one commander, or two with partner (903.3, 702.124)")
        for c, _ in cards:
            why = commander_problem(c)
            if why and (fmt is None or not fmt.commander):    # (a Commander format warns it: Format.problems)
                raise ArgumentError(f"the deck's Commander section: {why}")
        names = tuple(c.name for c, k in cards for _ in range(k))
        if len(set(names)) < len(names):
            raise ArgumentError(f"the deck's Commander section names {names[0]!r} twice: two "
                                "commanders are two different cards (702.124)")
        library = {c.name for c, _ in deck.cards("maindeck")}
        for name in names:
            if name in library:
                raise ArgumentError(f"{name!r} is the deck's commander and in its main deck too: the "
                                    "commander starts in the command zone, not in the library (903.6); "
                                    "list it in the Commander section only")
        if fmt is not None:
            players = fmt.multiplayer if multiplayer is None else bool(multiplayer)
            return cls(names, players, fmt.starting_life(players), fmt)
        return cls(names, bool(names) if multiplayer is None else bool(multiplayer),
                   COMMANDER_LIFE if names else STARTING_LIFE)

    @property
    def free_mulligan(self) -> bool:
        """Whether the first mulligan is free (103.5c: in a multiplayer game and any Brawl game,
        903.12g)."""
        return self.multiplayer or (self.format is not None and self.format.free_mulligan)

    def describe(self) -> str:
        """The rules in words, for a report's header."""
        game = ("Commander (903): " + " and ".join(self.commanders) + " in the command zone"
                if self.commanders else "")
        players = ("multiplayer: first mulligan free (103.5c), the first player draws on turn 1 (103.8c)"
                   if self.multiplayer else "two-player (103.8a: the first player skips the turn-1 draw)")
        if self.free_mulligan and not self.multiplayer:
            players += "; first mulligan free (903.12g)"
        rule = f" ({self.format.life_rule})" if self.format is not None else " (903.7)" if self.commanders else ""
        life = f"opponent at {self.starting_life} life{rule}"
        return "; ".join(p for p in (game, players, life) if p)

    def to_dict(self) -> dict:
        return {"commanders": list(self.commanders), "multiplayer": self.multiplayer,
                "starting_life": self.starting_life,
                "format": self.format.to_dict() if self.format is not None else None}


@dataclass
class KillTurn:
    """When the goldfish opponent (20 life; 40 in a Commander game, 903.7) is dead: counts per
    turn, and never within the simulated turns."""
    counts: np.ndarray        # [turns + 1]: killed on turn t+1; last entry: not killed
    n: int

    def p_by(self, turn: int) -> Estimate:
        """P(the opponent is dead by the end of `turn`)."""
        _check_turn(turn, len(self.counts) - 1)
        return wilson(int(self.counts[:turn].sum()), self.n)

    def p_on(self, turn: int) -> Estimate:
        """P(the opponent dies on `turn` itself)."""
        _check_turn(turn, len(self.counts) - 1)
        return wilson(int(self.counts[turn - 1]), self.n)

    @property
    def p_never(self) -> Estimate:
        return wilson(int(self.counts[-1]), self.n)

    @property
    def mean(self) -> float:
        """Mean kill turn among the games that killed within the turns (nan if none did)."""
        killed = self.counts[:-1]
        total = killed.sum()
        return float((killed * np.arange(1, len(killed) + 1)).sum() / total) if total else float("nan")

    def quantile(self, q: float) -> float:
        """The kill turn at quantile q over all games (inf: not killed within the turns)."""
        q = checks.number(q, "q", 0, 1)
        cum = np.cumsum(self.counts) / max(1, self.n)
        t = int(np.searchsorted(cum, q - 1e-12))
        return float("inf") if t >= len(self.counts) - 1 else float(t + 1)

    def words(self) -> str:
        """The kill turn in words, with no nan or inf when few or no games killed."""
        turns = len(self.counts) - 1
        killed = 1 - self.p_never.value
        if killed == 0:
            return f"no game reached it (the opponent survived every game to turn {turns})"
        median = self.quantile(0.5)
        return (f"mean {self.mean:.2f} over the {killed:.1%} of games that killed by turn {turns}; "
                + (f"median turn {median:.0f}" if median != math.inf else f"median later than turn {turns}")
                + f"; not dead by turn {turns}: {self.p_never.value:.3f}")

    def to_dict(self) -> dict:
        """The counts, mean and median; a mean or median no game reached is nan or inf here
        and null in JSON, with its reason beside it (`mean_reason`, `median_reason`)."""
        turns = len(self.counts) - 1
        d: dict[str, typing.Any] = {"n": self.n, "killed_on_turn": [int(v) for v in self.counts[:-1]],
             "not_killed": int(self.counts[-1]), "mean": self.mean, "median": self.quantile(0.5)}
        if math.isnan(d["mean"]):
            d["mean_reason"] = f"no game killed the opponent by turn {turns}"
        if math.isinf(d["median"]):
            d["median_reason"] = f"later than turn {turns}: half the games or more did not kill by then"
        return d


def _check_turn(turn, turns: int) -> None:
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= turns:
        raise ArgumentError(f"turn must be 1..{turns} (the turns simulated), got {shown(turn)}")


@dataclass
class SimResult:
    """What `simulate` found. Cards are named by name or CardDef everywhere. `seed` is the
    seed the games were played with (the one drawn from the OS when none was given: pass it
    back to replay the run); `keep` is the mulligan keep rule, {hand size: (min lands, max
    lands)} (empty: every opening seven kept), `keep_mana_sources` whether it counted mana
    creatures and rocks as lands, `keep_castable_by` its castable condition ({hand size: greatest
    mana value}, MulliganPolicy.castable_by; empty: none); `rules` the kind of game (GameRules: Commander, multiplayer,
    the starting life, the format asked for); `hand_smoother` how the hands were dealt
    (mtgsim.smoother: Arena's best-of-one; None: seven cards off a shuffled library). `on` says where the games started:
    "play" (`on_play` True), "draw" (False) or "both" (None): then the figures are of the two
    halves' games together, and `halves` holds each half's own SimResult, {"play": ...,
    "draw": ...} (also `res.play`, `res.draw`), a half with no game finished (a run interrupted
    at once) left out."""
    deck_name: str
    games: int
    turns: int
    on_play: bool | None
    seed: object
    tracked: tuple[str, ...]
    metrics: dict[str, np.ndarray] = field(repr=False)
    interrupted: bool = False
    keep: dict = field(default_factory=dict)
    keep_mana_sources: bool = False
    unmodeled: dict[str, str] = field(default_factory=dict)   # the deck's cards (or faces) with
    # text the simulator doesn't act on: name → what it leaves out (as UnmodeledTextWarning says)
    coverage: dict[str, str] = field(default_factory=dict)    # the deck's cards not fully
    # recognized: name → "partly" or "unknown" (Coverage's buckets; see CardDatabase.coverage)
    reading: DeckReading | None = None      # how far to trust the figures: the deck's copies
    # fully read, and the cards that are not with their unread clauses (CardDatabase.reading)
    rules: GameRules = field(default_factory=GameRules)
    keep_castable_by: dict = field(default_factory=dict)
    hand_smoother: HandSmoother | None = None
    halves: dict[str, SimResult] = field(default_factory=dict, repr=False)   # on="both": by start

    @property
    def on(self) -> str:
        """Where the games started: "play", "draw" or "both" (half of them each way)."""
        return "both" if self.on_play is None else "play" if self.on_play else "draw"

    @property
    def play(self) -> SimResult:
        """The games on the play: this result (on="play") or its half on the play (on="both")."""
        return self._half("play")

    @property
    def draw(self) -> SimResult:
        """The games on the draw: this result (on="draw") or its half on the draw (on="both")."""
        return self._half("draw")

    def _half(self, start: str) -> SimResult:
        if self.on == start:
            return self
        if self.on != "both":
            raise ArgumentError(f"this run played every game {play_draw.START_WORDS[self.on]}: it has no games "
                                f"{play_draw.START_WORDS[start]} (simulate with on={start!r} or on='both')")
        if start not in self.halves:
            raise ArgumentError(f"no game {play_draw.START_WORDS[start]} finished: the run was interrupted first")
        return self.halves[start]

    def _track(self, card) -> int:
        if not isinstance(card, (str, CardDef)):
            raise ArgumentTypeError(f"a card is a name or a CardDef, not {type(card).__name__}")
        name = card.name if isinstance(card, CardDef) else card
        for i, n in enumerate(self.tracked):
            if n.casefold() == str(name).casefold():
                return i
        raise UnknownCardError(str(name), closest_names(str(name), self.tracked),
                               reason=f"card {shown(str(name))} is not tracked in this result "
                                      "(simulate tracks the deck's spells and the cards of track=)")

    def p_castable(self, card, turn: int, hit_land_drops: bool = False) -> Estimate:
        """P(after turn `turn`'s land drop, before any spell, the board could pay the card's
        total cost). With hit_land_drops: among games with at least `turn` lands in play."""
        _check_turn(turn, self.turns)
        q = self._track(card)
        if checks.flag(hit_land_drops, "hit_land_drops"):
            return wilson(int(self.metrics["castable_hit"][q, turn - 1]), int(self.metrics["hit"][turn - 1]))
        return wilson(int(self.metrics["castable"][q, turn - 1]), self.games)

    def p_cast(self, card, by_turn: int) -> Estimate:
        """P(the play policy has cast the card by the end of turn `by_turn`)."""
        _check_turn(by_turn, self.turns)
        return wilson(int(self.metrics["first_cast"][self._track(card), :by_turn].sum()), self.games)

    def lands_in_play(self, turn: int) -> Estimate:
        _check_turn(turn, self.turns)
        return mean_estimate(self.metrics["lands"][turn - 1], self.metrics["lands_sq"][turn - 1], self.games)

    def mana_available(self, turn: int) -> Estimate:
        """Mean of the most mana the board could make after the land drop."""
        _check_turn(turn, self.turns)
        return mean_estimate(self.metrics["mana"][turn - 1], self.metrics["mana_sq"][turn - 1], self.games)

    def mana_spent(self, turn: int) -> Estimate:
        _check_turn(turn, self.turns)
        return mean_estimate(self.metrics["spent"][turn - 1], self.metrics["spent_sq"][turn - 1], self.games)

    @property
    def kill_turn(self) -> KillTurn:
        return KillTurn(self.metrics["kill"].copy(), self.games)

    @property
    def mulligans(self) -> dict[int, Estimate]:
        """P(keeping a hand of each size) (7: no mulligan)."""
        kept = self.metrics["kept"]
        return {size: wilson(int(kept[size]), self.games) for size in range(7, -1, -1) if kept[size]}

    @property
    def opening_lands(self) -> dict[int, Estimate]:
        """P(the hand kept held l lands, before any card was put on the bottom), l = 0..7: lands as
        the keep rule counts them (lands and spell // land cards; mana sources never)."""
        kept = self.metrics["kept_lands"].sum(axis=0)
        return {lands: wilson(int(kept[lands]), self.games) for lands in range(8)}

    def hand_lands(self, mulligans: int = 0) -> dict[int, Estimate]:
        """P(l lands), l = 0..7, among the hands of seven drawn after `mulligans` mulligans (0:
        the first hand of every game; 7: the eighth hand or later), kept or shuffled back,
        counted as opening_lands counts them."""
        d = checks.whole_number(mulligans, "mulligans", 0, 7)
        drawn = self.metrics["kept_lands"][d] + self.metrics["mulliganed_lands"][d]
        n = int(drawn.sum())
        return {lands: wilson(int(drawn[lands]), n) for lands in range(8)}

    def to_dict(self) -> dict:
        """The run's settings and every figure; on="both", `halves` has each half's games and
        figures too ({"play": {...}, "draw": {...}})."""
        d = {"deck": self.deck_name, "games": self.games, "turns": self.turns,
             "on_play": self.on_play, "on": self.on,
             "seed": self.seed if isinstance(self.seed, (int, type(None))) else str(self.seed),
             "interrupted": self.interrupted,
             "keep": {str(k): list(v) for k, v in sorted(self.keep.items(), reverse=True)},
             "keep_mana_sources": self.keep_mana_sources,
             **({"keep_castable_by": {str(k): v for k, v in self.keep_castable_by.items()}}
                if self.keep_castable_by else {}),
             **self.rules.to_dict(), **self._figures(),
             "hand_smoother": self.hand_smoother.to_dict() if self.hand_smoother is not None else None,
             "opening_lands": {str(k): v.to_dict() for k, v in self.opening_lands.items()},
             "hand_lands": {str(m): {str(k): v.to_dict() for k, v in self.hand_lands(m).items()}
                            for m in range(8) if self.hand_lands(m)[0].n},      # (after m mulligans)
             "unmodeled": dict(self.unmodeled), "coverage": dict(self.coverage),
             "reading": self.reading.to_dict() if self.reading is not None else None}
        if self.halves:
            d["halves"] = {start: {"games": half.games, **half._figures()} for start, half in self.halves.items()}
        return d

    def _figures(self) -> dict:
        """Every figure, as to_dict writes it."""
        return {"p_castable": {name: [self.p_castable(name, t).to_dict() for t in range(1, self.turns + 1)]
                               for name in self.tracked},
                "p_cast_by": {name: [self.p_cast(name, t).to_dict() for t in range(1, self.turns + 1)]
                              for name in self.tracked},
                "lands_in_play": [self.lands_in_play(t).to_dict() for t in range(1, self.turns + 1)],
                "mana_available": [self.mana_available(t).to_dict() for t in range(1, self.turns + 1)],
                "mana_spent": [self.mana_spent(t).to_dict() for t in range(1, self.turns + 1)],
                "kill_turn": self.kill_turn.to_dict(),
                "mulligans": {str(k): v.to_dict() for k, v in self.mulligans.items()}}

    def to_json(self, path) -> None:
        """Every figure as strict JSON (mtgsim.files.write_json: a figure no game reached is
        null, with its reason)."""
        write_json(path, self.to_dict())

    def to_csv(self, path) -> None:
        """One row per (metric, card, turn): value and interval; first a row "seed" whose
        value is the seed (to replay the run), then the kind of game (GameRules): a row
        "commander" per commander (the card), "multiplayer" (1 or 0) and "starting_life", and
        "hand_smoother" (its preset's name, or "none"), and a row "on" (play, draw or both); the
        hands' lands as rows "opening_lands" and "hand_lands_after_M_mulligans" (each hand drawn),
        the lands in the "card" column. On "both", the figures of the games together, then each
        half's, their metrics named "p_castable:play", "p_castable:draw" and so on. With a format
        asked for, a row "format" (its name in the card column)."""
        import csv
        with open(output_path(path, "to_csv: path"), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["metric", "card", "turn", "value", "low", "high", "n"])
            w.writerow(["seed", "", "", self.seed, "", "", self.games])
            for name in self.rules.commanders:
                w.writerow(["commander", name, "", "", "", "", ""])
            w.writerow(["multiplayer", "", "", int(self.rules.multiplayer), "", "", ""])
            w.writerow(["starting_life", "", "", self.rules.starting_life, "", "", ""])
            w.writerow(["hand_smoother", "", "", self.hand_smoother.name if self.hand_smoother else "none",
                        "", "", ""])
            w.writerow(["on", "", "", self.on, "", "", ""])
            if self.rules.format is not None:
                w.writerow(["format", self.rules.format.name, "", "", "", "", ""])
            for metric, lands in [("opening_lands", self.opening_lands)] + [
                    (f"hand_lands_after_{m}_mulligans", self.hand_lands(m)) for m in range(8)]:
                for k, e in lands.items():
                    if e.n:
                        w.writerow([metric, k, "", e.value, e.low, e.high, e.n])
            w.writerows(self._csv_rows())
            for start, half in self.halves.items():
                w.writerows(half._csv_rows(f":{start}"))

    def _csv_rows(self, suffix: str = "") -> Iterable[list]:
        """The figures' rows of to_csv, each metric's name followed by `suffix`."""
        for name in self.tracked:
            for t in range(1, self.turns + 1):
                for metric, e in (("p_castable", self.p_castable(name, t)), ("p_cast_by", self.p_cast(name, t))):
                    yield [metric + suffix, name, t, e.value, e.low, e.high, e.n]
        for t in range(1, self.turns + 1):
            for metric, e in (("lands_in_play", self.lands_in_play(t)), ("mana_available", self.mana_available(t)),
                              ("mana_spent", self.mana_spent(t)), ("p_kill_by", self.kill_turn.p_by(t))):
                yield [metric + suffix, "", t, e.value, e.low, e.high, e.n]

    def to_html(self, path, command: str | None = None) -> None:
        """One self-contained HTML page of the figures (report/simulation.py; needs mtgsim[html]);
        `command`: what reproduces it (None: the Python call)."""
        from .report.page import write
        from .report.simulation import page
        write(path, page(self, command))

    def _repr_html_(self) -> str:
        from .report.simulation import page
        return page(self)

    def plot(self, path, cards: Iterable[str] | None = None) -> None:
        """P(castable) by turn for the key cards, and the kill-turn distribution (needs
        matplotlib: pip install "mtgsim[plot]")."""
        plt = pyplot()
        names = list(checks.items(cards, "plot: cards")) if cards is not None else list(self.tracked)[:8]
        turns = np.arange(1, self.turns + 1)
        fig, (a, b) = plt.subplots(1, 2, figsize=(12, 4.5))
        for name in names:
            est = [self.p_castable(name, int(t)) for t in turns]
            a.plot(turns, [e.value for e in est], marker="o", label=name)
            a.fill_between(turns, [e.low for e in est], [e.high for e in est], alpha=0.2)
        a.set(xlabel="turn", ylabel="P(castable)", title=f"{self.deck_name}: castable by turn", ylim=(0, 1))
        a.legend(fontsize=7)
        kill = self.kill_turn
        b.bar(turns, kill.counts[:-1] / max(1, kill.n))
        b.set(xlabel="turn", ylabel="P(kill on turn)",
              title=f"kill turn (not by turn {self.turns}: {kill.p_never.value:.1%})")
        fig.tight_layout()
        save_figure(fig, path, dpi=120)


def _main_color(deck: Deck) -> int:
    col = (colors_by_pips(deck.cards()) or "G")[0]
    return 1 << COLOR_ORDER.index(col)


@dataclass
class GameSetup:
    plan: GamePlan
    tracked: list
    tables: Tables
    rules: GameRules

    @property
    def spec(self) -> _core.GoldfishSpec:
        return self.plan.spec()


def seed_sequence(seed) -> np.random.SeedSequence:
    """The root SeedSequence of `seed`: None, a whole number ≥ 0 or a sequence of them."""
    try:
        return np.random.SeedSequence(seed)
    except (TypeError, RecursionError):       # (numpy recurses into nested sequences)
        raise ArgumentTypeError("seed must be None, a whole number or a sequence of them, "
                                f"not {type(seed).__name__}") from None
    except ValueError:
        raise ArgumentError("seed must be None, a whole number ≥ 0 or a sequence of them, "
                            f"got {shown(seed)}") from None


def game_setup(deck: Deck, turns: int, on_play: bool | None, mulligan, policy, track: Iterable,
           multiplayer: bool | None = None, hand_smoother=None, on: str | None = None,
           format: Format | str | None = None) -> GameSetup:
    """The games `simulate` would play, compiled and checked; `on_play`, `on` and `format` as it
    takes them (mtgsim.play_draw.start)."""
    if not isinstance(deck, Deck):
        raise ArgumentTypeError(f"deck must be a mtgsim.Deck, not {type(deck).__name__}")
    rules = GameRules.of(deck, multiplayer, format)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        raise ArgumentError(f"turns must be 1..{MAX_TURNS}, got {shown(turns)}")
    library_size = sum(deck.maindeck.values())
    if library_size < 7:
        raise ArgumentError("a deck needs at least 7 cards to draw an opening hand; "
                            f"this one has {library_size}")
    if library_size > MAX_LIBRARY:
        raise LimitError(f"decks of more than {MAX_LIBRARY} cards aren't supported "
                         f"(this one has {library_size})")
    mulligan = MulliganPolicy() if mulligan is None else mulligan
    if not isinstance(mulligan, MulliganPolicy):
        raise ArgumentTypeError(f"mulligan must be a MulliganPolicy, not {type(mulligan).__name__}")
    policy = PlayPolicy() if policy is None else policy
    if not isinstance(policy, PlayPolicy):
        raise ArgumentTypeError(f"policy must be a PlayPolicy, not {type(policy).__name__}")
    played = deck.cards("commander") + deck.cards("maindeck")      # (the commanders first)
    warn_unmodeled([c for c, _ in played], stacklevel=4)
    if rules.format is not None:
        warn_problems(rules.format, deck, stacklevel=4)
    start = play_draw.start(on, on_play)
    track = (track,) if isinstance(track, (str, CardDef)) else checks.items(track, "track")
    extra = [named_card(deck.db, t, "track") for t in track]
    named = policy.card_defs(deck.db)
    if any(isinstance(c, CardDef) for c in (*track, *policy.first, *policy.hold)):
        # (only a record given can differ: a name resolves to the deck's database's one record of it)
        known = {normalize_name(c.name): c for c, _ in played}
        for c in extra + named:
            if known.setdefault(normalize_name(c.name), c) != c:
                raise ArgumentError(f"a different card named {shown(c.name)} is already in the deck or tracked "
                                    "(one name, one card: give the new one another name)")
    compiled = compile_deck(deck, extra=extra + named)
    tables = compiled.tables
    _check_in_play(tables, compiled.library)
    tracked: dict[str, CardDef] = {}             # (the records by name, in the order tracked)
    for c in [c for c, _ in played if not c.is_land] + extra:
        tracked.setdefault(c.name, c)
    if len(tracked) > MAX_TRACKED:
        raise LimitError(f"at most {MAX_TRACKED} cards can be tracked; this run tracks {len(tracked)}")
    keep_lo, keep_hi = mulligan.arrays()
    plays = policy.arrays(tables, named)
    plan = GamePlan(tables, compiled.library, turns, start != "draw", keep_lo, keep_hi,
                    np.array([tables.row_of(c) for c in tracked.values()], dtype=np.int32),
                    plays["color"] or _main_color(deck), plays, mulligan.count_mana_sources,
                    commander=tuple(int(r) for r in compiled.commander), multiplayer=rules.multiplayer,
                    starting_life=rules.starting_life,
                    castable_by=mulligan.castable_arrays() if mulligan.castable_by else None,
                    hand_smoother=HandSmoother.of(hand_smoother), both=start == "both",
                    free_mulligan=rules.free_mulligan, free_seven=mulligan.free_seven)
    return GameSetup(plan, list(tracked), tables, rules)


_PERMANENT_TYPES = sum(int(getattr(schema.CardTypeBit, "CT_" + t)) for t in
                       ("ARTIFACT", "BATTLE", "CREATURE", "ENCHANTMENT", "LAND", "PLANESWALKER"))


def _check_in_play(tables, library: np.ndarray) -> None:
    """What the permanents in play can reach, bounded from the deck (its permanents, each card
    once, and tokens as many as can be in play): a spell's total cost counts at most
    MAX_COST_MODIFIERS cost modifiers (its own and those in play), and one permanent tapped for
    mana applies at most MAX_REPLACEMENTS replacement effects. Raises if a game could need more."""
    cards = tables.cards
    back = cards["back"]
    permanent = (cards["types"] & _PERMANENT_TYPES) != 0

    def most_in_play(field: str) -> tuple[int, np.ndarray]:
        n = cards[field].astype(np.int64)
        per_card = np.maximum(n, np.where(back >= 0, n[np.clip(back, 0, None)], 0))
        tokens = n[cards["is_token"] != 0]
        return (int(per_card[library][permanent[library]].sum())
                + _core.MAX_PERMANENTS_IN_GAME * (int(tokens.max()) if len(tokens) else 0)), per_card
    in_play, per_card = most_in_play("n_costmod")
    own = per_card[~permanent]             # (a permanent spell is not in play as it is cast)
    most = in_play + (int(own.max()) if len(own) else 0)
    if most > _core.MAX_COST_MODIFIERS:
        raise LimitError(f"simulate: this deck's permanents have {most} cost modifiers (with a spell's own); "
                         f"a total cost counts at most {_core.MAX_COST_MODIFIERS}")
    most, _ = most_in_play("n_replacement")
    if most > _core.MAX_REPLACEMENTS:
        raise LimitError(f"simulate: this deck's permanents have {most} replacement effects for mana; "
                         f"one permanent tapped for mana applies at most {_core.MAX_REPLACEMENTS}")


def simulate(deck: Deck, games: int = 100_000, turns: int = 10, on_play: bool | None = None, seed=None,
             mulligan: MulliganPolicy | None = None, track: Iterable = (), threads: int | None = None,
             progress: bool = False, policy: PlayPolicy | None = None, client=None,
             multiplayer: bool | None = None, hand_smoother: HandSmoother | str | None = None,
             on: str | None = None, format: Format | str | None = None) -> SimResult:
    """Goldfish `deck` `games` times for `turns` turns (see the module docstring). `on`: the
    games on the play ("play", the default), on the draw ("draw"), or half each ("both": the
    result's figures are of all its games, `res.play` and `res.draw` each half's; see
    mtgsim.play_draw); `on_play=True/False` is the older spelling of "play"/"draw". With
    `client` (a `dask.distributed.Client`, a Dask scheduler's address, or any
    `concurrent.futures.Executor`: a process pool, `client.get_executor()`, an MPI pool) the
    chunks are played on its workers instead of `threads` local threads: the same numbers, bit
    for bit; a Client or an Executor given is the caller's, left open.
    A deck with a Commander section plays a Commander game (GameRules: its commanders cast
    from the command zone, 40 life); `multiplayer` (None: the deck decides, multiplayer for
    Commander) plays by the multiplayer rules (True: first mulligan free, no first-turn draw
    skipped) or the two-player ones (False). `hand_smoother` deals the hands as Arena's best-of-one
    does (mtgsim.smoother: a HandSmoother or a preset's name, "arena-2024", "arena-2026",
    "arena-2018"; None or "none": seven cards off a shuffled library, as paper Magic). `format`
    ("limited", "constructed", "commander", "brawl" or a mtgsim.formats.Format; None: as the
    deck decides, no legality checks) checks the deck's legality, warning each problem
    (FormatWarning, naming the card and the rule), and sets the defaults of the game: starting
    life, the kind of game, a free first mulligan (an explicit `multiplayer=` or `mulligan=`
    still wins); the result records it."""
    games = checks.games(games)
    threads = checks.threads(threads)
    progress = checks.flag(progress, "progress")
    st = game_setup(deck, turns, on_play, mulligan, policy, track, multiplayer, hand_smoother, on, format)
    both = st.plan.both
    play_draw.check_both_games(games, st.plan.on)
    tracked = st.tracked
    offsets = _core.metric_offsets(len(tracked), turns)
    size = offsets["size"][0]
    n_chunks = chunk_count(games, both)
    root = seed_sequence(seed)
    if seed is None:                 # the entropy drawn from the OS: recorded, so the run can be replayed
        seed = root.entropy
    totals = np.zeros(size, dtype=np.int64)
    drawn = np.zeros(size, dtype=np.int64)      # on="both": the games on the draw (odd chunks)
    bar = progress_bar(games) if progress else None
    interrupted = False
    try:
        with cluster(client) as remote:
            for chunks, rows in chunk_rows(st.plan, root, range(n_chunks), games, threads, remote):
                if both:            # (one assignment: Ctrl-C leaves the two sums in step)
                    totals, drawn = totals + rows.sum(axis=0), drawn + rows[on_the_draw(chunks)].sum(axis=0)
                else:
                    totals += rows.sum(axis=0)
                if bar is not None:
                    bar.update(sum(chunk_games(games, c, both=both) for c in chunks))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    if both:
        return both_ways_result(deck, st.tracked, totals - drawn, drawn, turns, seed, mulligan, interrupted, st.rules,
                                st.plan.hand_smoother)
    return sim_result(deck, st.tracked, totals, turns, st.plan.on_play, seed, mulligan, interrupted, st.rules,
                      st.plan.hand_smoother)


def nothing_finished(what: str = "game") -> typing.NoReturn:
    """Ctrl-C before any game (or event) of a run finished: there is no result to return, and
    the interrupt is passed on as such (the command line says so in one line, exit status 130)."""
    raise KeyboardInterrupt(f"interrupted before any {what} finished")


def sim_result(deck: Deck, tracked, totals: np.ndarray, turns: int, on_play: bool | None, seed,
               mulligan: MulliganPolicy | None, interrupted: bool = False,
               rules: GameRules | None = None, hand_smoother: HandSmoother | None = None) -> SimResult:
    """The SimResult of a run's summed metric row (`totals`, laid out by metric_offsets);
    `rules` the game's (None: the deck's own, GameRules.of); `hand_smoother` the one that dealt
    the hands; `on_play` None: of games on the play and on the draw (as both_ways_result makes
    it)."""
    offsets = _core.metric_offsets(len(tracked), turns)
    played = int(totals[offsets["games"][0]])
    if played == 0:
        nothing_finished()
    metrics = {}
    nt = len(tracked)
    for name, (off, length) in offsets.items():
        if name in ("size", "games"):
            continue
        v = totals[off:off + length]
        if name in ("castable", "castable_hit"):
            v = v.reshape(nt, turns)
        elif name == "first_cast":
            v = v.reshape(nt, turns + 1)
        elif name in ("kept_lands", "mulliganed_lands"):
            v = v.reshape(8, 8)                # (hands after 0..7 mulligans, lands 0..7)
        metrics[name] = v
    rule = MulliganPolicy() if mulligan is None else mulligan
    unmodeled = {face.name: face.unmodeled for c, _ in deck.cards("commander") + deck.cards("maindeck")
                 for face in (c, c.back) if face is not None and face.unmodeled}
    reading = deck.db.reading(deck)
    coverage = {name: bucket for name, _, bucket, _ in reading.unread}
    return SimResult(deck.name or "deck", played, turns, None if on_play is None else bool(on_play), seed,
                     tuple(tracked), metrics,
                     interrupted, keep={k: tuple(v) for k, v in rule.keep.items()},
                     keep_mana_sources=rule.count_mana_sources, unmodeled=unmodeled, coverage=coverage,
                     reading=reading,
                     rules=rules if rules is not None else GameRules.of(deck),
                     keep_castable_by=dict(rule.castable_by), hand_smoother=hand_smoother)


def both_ways_result(deck: Deck, tracked, play: np.ndarray, draw: np.ndarray, turns: int, seed,
                     mulligan: MulliganPolicy | None, interrupted: bool = False,
                     rules: GameRules | None = None, hand_smoother: HandSmoother | None = None) -> SimResult:
    """The SimResult of a run on "both" from the summed metric rows of its games on the play
    (`play`) and on the draw (`draw`): its figures of all the games, its `halves` each half's
    (a half with no game finished left out)."""
    games = _core.metric_offsets(len(tracked), turns)["games"][0]
    res = sim_result(deck, tracked, play + draw, turns, None, seed, mulligan, interrupted, rules, hand_smoother)
    for start, totals in (("play", play), ("draw", draw)):
        if totals[games]:
            res.halves[start] = sim_result(deck, tracked, totals, turns, start == "play", seed, mulligan,
                                           interrupted, res.rules, hand_smoother)
    return res


def trace(deck: Deck, games: int = 3, turns: int = 6, on_play: bool | None = None, seed=None,
          mulligan: MulliganPolicy | None = None, policy: PlayPolicy | None = None,
          multiplayer: bool | None = None, hand_smoother: HandSmoother | str | None = None,
          on: str | None = None, format: Format | str | None = None) -> str:
    """The first `games` games that `simulate` with the same seed plays, turn by turn: hand,
    land played (and the land a bounce land returned), mana available, spells cast (a
    commander: from the command zone; a suspended or plotted card: from exile) and cards suspended or plotted,
    abilities activated and cards cycled with the mana spent,
    each card scry or surveil looked at and where it went, each card an effect moved (milled,
    looked at and put into the hand or on the bottom) and where it went, combat damage, the
    opponent's life; with a hand smoother, the candidate hands' lands and the one kept. `on`
    and `on_play` as `simulate` takes them; on "both", the first ceil(games / 2) games on the
    play (of chunk 0) and the first floor(games / 2) on the draw (of chunk 1), each half under
    its own heading. `format` as `simulate` takes it."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 100:
        raise ArgumentError(f"games must be 1..100 for a trace, got {shown(games)}")
    st = game_setup(deck, turns, on_play, mulligan, policy, (), multiplayer, hand_smoother, on, format)
    play_draw.check_both_games(games, st.plan.on)
    root = seed_sequence(seed)
    names, smoother = st.tables.card_names, st.plan.hand_smoother
    if not st.plan.both:
        return _trace_text(_core.trace_games(st.spec, chunk_generator(root, 0), games), names, smoother)
    return "".join(f"{play_draw.START_WORDS[start]}:\n"
                   + _trace_text(_core.trace_games(st.plan.spec(start == "play"), chunk_generator(root, c), n), names,
                                 smoother)
                   for c, start, n in ((0, "play", (games + 1) // 2), (1, "draw", games // 2)))


def _trace_text(events: np.ndarray, names, smoother: HandSmoother | None) -> str:
    """A trace's events (`_core.trace_games`) in words, `names` the card rows' names, `smoother`
    the hand smoother that dealt the hands (None: none)."""
    E = _core.TraceEvent
    own_line = {E.TR_MULLIGAN: "  mulligan: {v} cards shuffled back", E.TR_BOTTOM: "  bottom: {c}",
                E.TR_KEEP: "  keep {v}"}
    in_turn = {E.TR_DRAW: "draw {c}", E.TR_LAND: "land {c}", E.TR_MANA: "mana {v}",
               E.TR_CAST: "cast {c} ({v})", E.TR_ACTIVATE: "activate {c} ({v})",
               E.TR_CYCLE: "cycle {c} ({v})", E.TR_LOOKED: "{look} {c}: {where}",
               E.TR_RETURN_LAND: "return {c}{tapped}", E.TR_ATTACK: "attack {v}",
               E.TR_LIFE: "opponent {v}", E.TR_MOVED: "{moved} {c}: {to}", E.TR_FLIP: "coin flip {flip}"}
    zone = {_core.Zone.Z_LIBRARY: "top", _core.Zone.Z_LIBRARY_BOTTOM: "bottom", _core.Zone.Z_HAND: "hand",
            _core.Zone.Z_GRAVEYARD: "graveyard", _core.Zone.Z_BATTLEFIELD: "battlefield"}
    look = "scry"
    command = False                  # the next cast is from the command zone (TR_CAST_WAY)
    from_exile = False               # ...from exile, without paying its mana cost (suspend, 702.62a)
    lines: list[str] = []
    turn_parts: list[str] = []
    hand: list[str] = []
    candidates: list[int] = []       # the hand smoother's candidates' lands (TR_CANDIDATE), and the one kept
    kept = 0

    def flush():
        if turn_parts:
            lines.append("  " + "; ".join(turn_parts))
            turn_parts.clear()

    for kind, turn, row, value in events.tolist():
        if kind == E.TR_LOOK:
            look = "surveil" if value >> 8 else "scry"
        elif kind == E.TR_CAST_WAY:
            command = bool(value >> 18 & 1)
            from_exile = bool(value >> 20 & 1)
            if value >> 19 & 1:                        # (suspended: no cast follows, 702.62a)
                turn_parts.append(f"suspend {names[row]}")
            if value >> 21 & 1:                        # (plotted: no cast follows, 702.170a)
                turn_parts.append(f"plot {names[row]}")
        elif kind == E.TR_CANDIDATE:
            candidates.append(value & 0xFF)
            kept = len(candidates) - 1 if value >> 8 else kept
            if smoother is not None and row == smoother.candidates - 1:
                lines.append("  hand smoother: candidates with " + ", ".join(map(str, candidates))
                             + f" lands, kept the one with {candidates[kept]}")
                candidates = []
        if kind not in own_line and kind not in in_turn and kind not in (E.TR_GAME, E.TR_TURN, E.TR_HAND):
            continue                                   # (how actions were taken: for replays)
        c = names[row] if row >= 0 else ""
        if kind == E.TR_GAME:
            flush()
            lines.append(f"game {value + 1}")
        elif kind == E.TR_TURN:
            flush()
            turn_parts.append(f"turn {turn}")
        elif kind == E.TR_HAND:
            hand.append(c)
        elif kind in own_line:
            lines.append(own_line[kind].format(c=c, v=value))
        elif kind in in_turn and turn > 0:
            if hand and kind in (E.TR_LAND, E.TR_MANA):     # the hand after the draw
                turn_parts.append("hand [" + ", ".join(sorted(hand)) + "]")
                hand = []
            where = "top" if value else ("graveyard" if look == "surveil" else "bottom")
            if kind == E.TR_CAST and command:
                c += " from the command zone"
            elif kind == E.TR_CAST and from_exile:
                c += " from exile"
            tapped = " (tapped for mana first)" if kind == E.TR_RETURN_LAND and value >> 8 else ""
            moved = MOVED_WORD.get(value >> 16, "") if kind == E.TR_MOVED else ""
            turn_parts.append(in_turn[kind].format(c=c, v=value, look=look, where=where, tapped=tapped,
                                                   moved=moved, to=zone.get(value >> 4 & 0xF, ""),
                                                   flip="lost" if value else "won"))
    flush()
    return "\n".join(lines) + "\n"


def progress_bar(total: int, unit: str = "game", desc: str = "simulating"):
    """A tqdm progress bar of `total` units (simulate, optimize and meta share it)."""
    from tqdm import tqdm
    return tqdm(total=total, unit=unit, unit_scale=True, desc=desc)
