"""What a deck optimization maximizes or minimizes: an `Objective`, read off the same metrics
as `simulate` (castable, cast by, kill turn, mana spent: docs/metrics.md defines each once).

An objective is a sum of weighted terms (DEFINITION below), each a function of a few sums of a
chunk's metric row (its "components": castable counts and games, say). The optimizer keeps the components
of every chunk of every variant, so an objective's value is a function of their sum, and
its standard error comes from the spread between chunks (the delete-one-chunk jackknife):
one method for a mean, a ratio (the mean kill turn) and a quantile alike, and, applied to
the difference of two variants chunk by chunk, the paired interval that common random
numbers make narrow.

    Objective.castable({"Llanowar Elves": 1, "Steel Leaf Champion": 2}, on_curve=True)
    Objective.cast_by({"The Great Henge": 1}, turn=4)
    Objective.kill_turn("mean"); Objective.kill_turn(quantile=0.5)     # lower is better
    Objective.mana_spent(turn=5)
    Objective.castable(...) + 0.5 * Objective.cast_by(...)             # a combination
"""
from __future__ import annotations

import abc
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _core, checks
from .cards import CardDef, normalize_name
from .errors import ArgumentError, ArgumentTypeError, shown

__all__ = ["DEFINITION", "Objective"]


# ---- the terms ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Context:
    """One variant's metric layout: the offsets of its metric row, its tracked cards (in the
    row's order) and the turns simulated."""
    offsets: Mapping[str, tuple[int, int]]
    tracked: tuple[str, ...]
    turns: int

    @classmethod
    def of(cls, tracked, turns: int) -> Context:
        return cls(_core.metric_offsets(len(tracked), turns), tuple(tracked), turns)

    def metric(self, rows: np.ndarray, name: str) -> np.ndarray:
        off, length = self.offsets[name]
        return rows[:, off:off + length]

    def card(self, name: str) -> int:
        key = normalize_name(name)
        for i, n in enumerate(self.tracked):
            if normalize_name(n) == key:
                return i
        raise ArgumentError(f"objective: card {shown(name)} is not tracked in this variant")


class _Term(abc.ABC):
    """One objective of the vocabulary: `width` components per chunk, and its value from
    their sums (vectorized over leading axes). `maximize`: higher is better."""
    maximize = True

    @property
    def width(self) -> int:         # (a class attribute in most terms; _KillQuantile's depends on its turns)
        return 0

    def cards(self) -> tuple[str, ...]:
        return ()

    def check(self, turns: int, mana_value) -> None:     # noqa: B027 (a hook: most terms check nothing)
        """Raise ArgumentError if the term can't be read from a run of `turns` turns."""

    @abc.abstractmethod
    def components(self, rows: np.ndarray, ctx: Context, mana_value) -> np.ndarray:
        """[chunks, width] components of chunks' metric rows."""

    @abc.abstractmethod
    def value(self, sums: np.ndarray) -> np.ndarray:
        """The term's value from summed components ([..., width])."""


def _turn_arg(turn, what: str) -> int:
    if isinstance(turn, bool) or not isinstance(turn, (int, np.integer)) or turn < 1:
        raise ArgumentError(f"{what}: turn must be a whole number >= 1, got {shown(turn)}")
    return int(turn)


def _check_turn(turn: int, turns: int, what: str) -> None:
    if turn > turns:
        raise ArgumentError(f"{what} reads turn {turn}, but the run simulates {turns} turns "
                            f"(give turns >= {turn})")


def _weights(cards, what: str) -> tuple[tuple[str, float], ...]:
    """{card: weight} (or one card, or a list of cards: weight 1 each) as (name, weight) pairs."""
    if isinstance(cards, (str, CardDef)):
        cards = {cards: 1.0}
    elif not isinstance(cards, Mapping):
        try:
            cards = {c: 1.0 for c in cards}
        except TypeError:
            raise ArgumentTypeError(f"{what}: cards must be a mapping {{card: weight}}, a card or a "
                                    f"list of cards, not {type(cards).__name__}") from None
    out = []
    for card, w in cards.items():
        name = card.name if isinstance(card, CardDef) else card
        if not isinstance(name, str) or not name.strip():
            raise ArgumentTypeError(f"{what}: a card must be a name or a CardDef, not {shown(card)}")
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w <= 0:
            raise ArgumentError(f"{what}: the weight of {shown(name)} must be a number > 0, got {shown(w)}")
        out.append((name, float(w)))
    if not out:
        raise ArgumentError(f"{what}: name at least one card")
    return tuple(out)


@dataclass(frozen=True)
class _Castable(_Term):
    """P(castable) of one card on its curve turn (its mana value) or on `turn`."""
    card: str
    on_curve: bool
    turn: int | None
    width = 2

    def cards(self):
        return (self.card,)

    def _turn(self, mana_value) -> int:
        return mana_value(self.card) if self.on_curve else self.turn    # type: ignore[return-value]  # (given off curve)

    def check(self, turns, mana_value):
        t = self._turn(mana_value)
        if t < 1:
            raise ArgumentError(f"Objective.castable: {shown(self.card)} has mana value {t}: it has no curve "
                                "turn (give turn= instead of on_curve)")
        _check_turn(t, turns, f"Objective.castable({self.card!r})")

    def components(self, rows, ctx, mana_value):
        castable = ctx.metric(rows, "castable")[:, ctx.card(self.card) * ctx.turns + self._turn(mana_value) - 1]
        return np.stack([ctx.metric(rows, "games")[:, 0], castable], axis=1).astype(np.float64)

    def value(self, sums):
        return sums[..., 1] / sums[..., 0]

    def __str__(self):
        when = "on curve" if self.on_curve else f"on turn {self.turn}"
        return f"P(castable {when}: {self.card})"


@dataclass(frozen=True)
class _CastBy(_Term):
    """P(the play policy cast one card by the end of `turn`)."""
    card: str
    turn: int
    width = 2

    def cards(self):
        return (self.card,)

    def check(self, turns, mana_value):
        _check_turn(self.turn, turns, "Objective.cast_by")

    def components(self, rows, ctx, mana_value):
        q = ctx.card(self.card) * (ctx.turns + 1)
        cast = ctx.metric(rows, "first_cast")[:, q:q + self.turn].sum(axis=1)
        return np.stack([ctx.metric(rows, "games")[:, 0], cast], axis=1).astype(np.float64)

    value = _Castable.value

    def __str__(self):
        return f"P(cast by turn {self.turn}: {self.card})"


@dataclass(frozen=True)
class _ManaSpent(_Term):
    """Mean mana spent on turn `turn`."""
    turn: int
    width = 2

    def check(self, turns, mana_value):
        _check_turn(self.turn, turns, "Objective.mana_spent")

    def components(self, rows, ctx, mana_value):
        return np.stack([ctx.metric(rows, "games")[:, 0], ctx.metric(rows, "spent")[:, self.turn - 1]],
                        axis=1).astype(np.float64)

    def value(self, sums):
        return sums[..., 1] / sums[..., 0]

    def __str__(self):
        return f"mean mana spent on turn {self.turn}"


@dataclass(frozen=True)
class _KillMean(_Term):
    """The mean kill turn among the games that killed (KillTurn.mean); lower is better."""
    maximize = False
    width = 2

    def components(self, rows, ctx, mana_value):
        kill = ctx.metric(rows, "kill")[:, :-1].astype(np.float64)
        return np.stack([kill @ np.arange(1, ctx.turns + 1), kill.sum(axis=1)], axis=1)

    def value(self, sums):
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(sums[..., 1] > 0, sums[..., 0] / np.maximum(sums[..., 1], 1e-300), np.nan)

    def __str__(self):
        return "mean kill turn (games that killed)"


@dataclass(frozen=True)
class _KillQuantile(_Term):
    """The kill turn at quantile q over all games, interpolated within the turn
    (KillTurn.quantile(q, interpolate=True)); lower is better."""
    q: float
    turns: int = 0          # (set when bound: the width is turns + 1)
    maximize = False

    @property
    def width(self) -> int:
        return self.turns + 1

    def components(self, rows, ctx, mana_value):
        return ctx.metric(rows, "kill").astype(np.float64)

    def value(self, sums):
        return interpolated_quantile(sums, self.q)

    def __str__(self):
        return f"kill turn at quantile {self.q:g}"


def interpolated_quantile(counts: np.ndarray, q: float) -> np.ndarray:
    """The kill turn at quantile q of kill-turn counts ([..., turns + 1]: killed on turn
    1..N, then not killed), interpolated linearly within the turn: the turn t whose
    cumulative share first reaches q gives t - 1 + (q - F(t-1)) / (F(t) - F(t-1)), in
    (t - 1, t]; rounded up, it is `KillTurn.quantile(q)`. inf when fewer than q of the games
    killed within the turns."""
    counts = np.asarray(counts, dtype=np.float64)
    n = counts.sum(axis=-1, keepdims=True)
    cum = np.cumsum(counts[..., :-1], axis=-1) / np.maximum(n, 1e-300)
    reached = cum >= q - 1e-12
    t = np.argmax(reached, axis=-1)                       # first turn index reaching q
    ok = reached.any(axis=-1)
    before = np.where(t > 0, np.take_along_axis(cum, np.maximum(t - 1, 0)[..., None], -1)[..., 0], 0.0)
    at = np.take_along_axis(cum, t[..., None], -1)[..., 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        frac = np.where(at > before, (q - before) / (at - before), 1.0)
    return np.where(ok, t + np.clip(frac, 0.0, 1.0), np.inf)


# ---- objectives: sums of weighted terms ----------------------------------------------------------

# How an objective's value is made: the one definition, which the Objective class implements
# (BoundObjective.value), `mtgsim optimize --help` prints and docs/optimize.md quotes
# (tests/optimize/test_optimize.py checks both). No hyphens: argparse may wrap a line at one.
DEFINITION = ("Terms add up: an objective's value is the sum over its terms of weight × figure, "
              "each term one figure (a card's P(castable) on turn t, a card's P(cast by turn t), a "
              "kill turn, or the mana spent on turn t) whatever the other terms are: two terms of "
              "figure 1 and weight 1 make 2, of one kind and turn or not. A card given with a weight "
              "is one term of that weight; a kill turn, where lower is better, is subtracted from "
              "terms where higher is better.")


class Objective:
    """A sum of weighted terms (castable, cast by, kill turn, mana spent), to be maximized or
    minimized (`maximize`): DEFINITION says how its value is made. Combine with +, - and a
    number: `a + 0.5 * b`; terms must agree on the direction once their coefficients are
    applied (castable - 0.1 * kill_turn is maximized: more castable, earlier kills)."""

    def __init__(self, terms: tuple[tuple[float, _Term], ...], maximize: bool):
        self._terms = terms
        self.maximize = maximize

    # ---- the vocabulary
    @classmethod
    def castable(cls, cards, on_curve: bool = False, turn: int | None = None) -> Objective:
        """P(castable) (docs/metrics.md) of each card, on its curve turn (its mana value) with
        on_curve=True, else on `turn`: one term per card, weighted by its weight ({card:
        weight}; 1 for a card or a list of cards), the terms added up (DEFINITION)."""
        weights = _weights(cards, "Objective.castable")
        if not isinstance(on_curve, bool):
            raise ArgumentTypeError(f"Objective.castable: on_curve must be True or False, not {shown(on_curve)}")
        if on_curve == (turn is not None):
            raise ArgumentError("Objective.castable: give on_curve=True or a turn, not both or neither")
        turn = None if on_curve else _turn_arg(turn, "Objective.castable")
        return cls(tuple((w, _Castable(name, on_curve, turn)) for name, w in weights), True)

    @classmethod
    def cast_by(cls, cards, turn: int) -> Objective:
        """P(the play policy cast the card by the end of `turn`) of each card: one term per
        card, weighted by its weight, the terms added up (DEFINITION)."""
        weights = _weights(cards, "Objective.cast_by")
        turn = _turn_arg(turn, "Objective.cast_by")
        return cls(tuple((w, _CastBy(name, turn)) for name, w in weights), True)

    @classmethod
    def kill_turn(cls, stat: str = "mean", quantile: float | None = None) -> Objective:
        """The kill turn, lower is better: its mean among the games that killed ("mean"), or
        with quantile=q the kill turn at quantile q over all games, interpolated within the
        turn (docs/metrics.md)."""
        if quantile is not None:
            if isinstance(quantile, bool) or not isinstance(quantile, (int, float)) or not 0 < quantile < 1:
                raise ArgumentError(f"Objective.kill_turn: quantile must be in (0, 1), got {shown(quantile)}")
            return cls._one(_KillQuantile(float(quantile)))
        if isinstance(stat, str) and stat == "median":
            return cls._one(_KillQuantile(0.5))
        if not isinstance(stat, str) or stat != "mean":
            raise ArgumentError(f"Objective.kill_turn: stat must be 'mean' or 'median' (or give "
                                f"quantile=), got {shown(stat)}")
        return cls._one(_KillMean())

    @classmethod
    def mana_spent(cls, turn: int) -> Objective:
        """Mean mana spent on turn `turn` (docs/metrics.md)."""
        return cls._one(_ManaSpent(_turn_arg(turn, "Objective.mana_spent")))

    @classmethod
    def _one(cls, term: _Term) -> Objective:
        return cls(((1.0, term),), term.maximize)

    # ---- arithmetic
    def __mul__(self, k) -> Objective:
        if isinstance(k, bool) or not isinstance(k, (int, float)):
            return NotImplemented
        if checks.number(k, "an objective's weight") == 0:     # (number: finite)
            raise ArgumentError(f"an objective's weight must be a finite number other than 0, got {shown(k)}")
        return Objective(tuple((c * k, t) for c, t in self._terms), self.maximize == (k > 0))

    __rmul__ = __mul__

    def __neg__(self) -> Objective:
        return self * -1

    def __add__(self, other) -> Objective:
        if isinstance(other, (int, float)) and not isinstance(other, bool) and other == 0:
            return self                                    # (sum() starts from 0)
        if not isinstance(other, Objective):
            return NotImplemented
        if other.maximize != self.maximize:
            raise ArgumentError(f"can't add {other} (to be {_sense(other.maximize)}) to {self} (to be "
                                f"{_sense(self.maximize)}): scale one by a negative number, e.g. "
                                "castable - 0.1 * kill_turn")
        return Objective(self._terms + other._terms, self.maximize)

    __radd__ = __add__

    def __sub__(self, other) -> Objective:
        if not isinstance(other, Objective):
            return NotImplemented
        return self + (-1) * other

    def __str__(self) -> str:
        parts = []
        for c, t in self._terms:
            sign = "-" if c < 0 else "+"
            k = abs(c)
            parts.append(f"{sign} {'' if k == 1 else f'{k:g} × '}{t}")
        text = " ".join(parts)
        return text.removeprefix("+ ")

    def __repr__(self) -> str:
        return f"<Objective ({_sense(self.maximize)}): {self}>"

    @property
    def of_probabilities(self) -> bool:
        """Is every term a probability (castable, cast by)? Then its value and the differences
        between variants read in percentage points."""
        return all(isinstance(t, (_Castable, _CastBy)) for _, t in self._terms)

    # ---- reading it off the metrics
    def cards(self) -> tuple[str, ...]:
        """The cards the objective reads (each must be tracked in every variant)."""
        out: list[str] = []
        for _, t in self._terms:
            out += [n for n in t.cards() if n not in out]
        return tuple(out)

    def bind(self, turns: int, mana_value) -> BoundObjective:
        """The objective for runs of `turns` turns; `mana_value(name)` gives a card's mana
        value (for on-curve turns). Raises ArgumentError if a term can't be read."""
        terms = []
        for c, t in self._terms:
            if isinstance(t, _KillQuantile):
                t = _KillQuantile(t.q, turns)
            t.check(turns, mana_value)
            terms.append((c, t))
        return BoundObjective(tuple(terms), self.maximize, mana_value)


def _sense(maximize: bool) -> str:
    return "maximized" if maximize else "minimized"


@dataclass(frozen=True)
class BoundObjective:
    """An objective for one run's turns: `components` of chunks' metric rows, and `value`
    of their sums (vectorized over leading axes)."""
    terms: tuple[tuple[float, _Term], ...]
    maximize: bool
    mana_value: object

    @property
    def width(self) -> int:
        return sum(t.width for _, t in self.terms)

    def components(self, rows: np.ndarray, ctx: Context) -> np.ndarray:
        return np.concatenate([t.components(rows, ctx, self.mana_value) for _, t in self.terms], axis=1)

    def value(self, sums: np.ndarray) -> np.ndarray:
        out: Any = 0.0                  # (then an array: the weighted terms' values summed)
        start = 0
        for c, t in self.terms:
            out = out + c * t.value(sums[..., start:start + t.width])
            start += t.width
        return out
