"""Arena's best-of-one opening hands: the hand smoother, a documented and swappable model.

MTG Arena's best-of-one queues do not deal the opening hand as paper Magic does (103.5: seven
cards off the top of a shuffled library). Wizards announced in 2018 that best-of-one draws more
than one candidate hand, each from its own shuffle of the deck, and keeps one of them weighted
toward the deck's expected number of lands; they published, for a 17-land 40-card deck with two
candidate hands, the chance of 0..6 lands in the hand dealt: 0.000, 0.022, 0.256, 0.475, 0.227,
0.019, 0.000 (`WIZARDS_2018_TABLE`). Arena's algorithm itself is not published: the presets here
are fits of that description to data, not Wizards' code.

A `HandSmoother` deals `candidates` hands of seven, each drawn at random from the same library,
and keeps the one with l lands with probability w(l) / sum of the candidates' w, where w is its
`weight` and e = 7 x lands / cards the deck's expected lands in seven cards. The lands are
counted as the keep rule counts them (`MulliganPolicy`): lands, and modal double-faced cards
whose back face is a land; mana creatures and rocks never. With `mulligans`, the hands drawn
after a mulligan are dealt the same way (the current Arena, Wizards say); else only the first.

Presets (`PRESETS`, by name; `HandSmoother.of`):

- ``arena-2024``: three candidates, w(l) = 4^-(|l - e|^2.5) (`PowerWeight`), mulligans too: the
  public fit to 17lands data of December 2024 (over 3 million games).
- ``arena-2026``: three candidates, w(l) = exp(-(l - e)^2 / (2 x 0.56^2)) (`GaussianWeight`),
  mulligans too: the public refit of February 2026.
- ``arena-2018``: two candidates, the same power weight, the first hand only (mulligans were
  dealt from a single shuffle then): it reproduces Wizards' 2018 table within 0.005
  (`exact(17, 40)`: 0.000, 0.024, 0.255, 0.480, 0.222, 0.018, 0.000).
- ``none``: no smoother (None): the paper deal, a hypergeometric number of lands.

`exact` gives the model's distribution of lands in the hand dealt, exactly (the candidates are
independent hypergeometric draws); the simulator's `res.opening_lands` and `res.hand_lands` are
checked against it in tests/engine/test_smoother.py.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import ClassVar

from . import _core, checks
from .errors import ArgumentError, ArgumentTypeError, shown

__all__ = ["GaussianWeight", "HandSmoother", "PRESETS", "PowerWeight", "WIZARDS_2018_TABLE", "hypergeometric"]

HAND = 7                      # the cards of an opening hand (103.4), as Arena deals them
WIZARDS_2018_TABLE = (0.000, 0.022, 0.256, 0.475, 0.227, 0.019, 0.000)   # 17 of 40, 0..6 lands


def hypergeometric(lands: int, cards: int, hand: int = HAND) -> list[float]:
    """P(l lands among `hand` cards drawn from `cards` holding `lands`), l = 0..hand."""
    total = math.comb(cards, hand)
    return [math.comb(lands, k) * math.comb(cards - lands, hand - k) / total for k in range(hand + 1)]


@dataclass(frozen=True)
class PowerWeight:
    """w(l) = base^-(|l - e|^exponent): the December 2024 fit has base 4, exponent 2.5."""
    base: float = 4.0
    exponent: float = 2.5
    kind: ClassVar[str] = "power"

    def __post_init__(self):
        checks.number(self.base, "hand smoother: power weight's base", 1.0)
        checks.number(self.exponent, "hand smoother: power weight's exponent", 0.0)

    def __call__(self, lands: int, expected: float) -> float:
        return float(self.base) ** -(abs(lands - expected) ** float(self.exponent))

    def describe(self) -> str:
        return f"{self.base:g}^-(|l - e|^{self.exponent:g})"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "base": self.base, "exponent": self.exponent}


@dataclass(frozen=True)
class GaussianWeight:
    """w(l) = exp(-(l - e)^2 / (2 sigma^2)): the February 2026 fit has sigma 0.56."""
    sigma: float = 0.56
    kind: ClassVar[str] = "gaussian"

    def __post_init__(self):
        checks.number(self.sigma, "hand smoother: gaussian weight's sigma", 0.0)
        if self.sigma <= 0:
            raise ArgumentError(f"hand smoother: gaussian weight's sigma must be > 0, got {shown(self.sigma)}")

    def __call__(self, lands: int, expected: float) -> float:
        return math.exp(-(lands - expected) ** 2 / (2 * float(self.sigma) ** 2))

    def describe(self) -> str:
        return f"exp(-(l - e)^2 / (2 x {self.sigma:g}^2))"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "sigma": self.sigma}


@dataclass(frozen=True)
class HandSmoother:
    """Deal the best of `candidates` hands (each a fresh shuffle of the same library), keeping
    the one with l lands with probability weight(l, e) over the candidates' sum, e = 7 x lands /
    cards; with `mulligans`, the hands after a mulligan too. See the module docstring for the
    model, its sources and its presets (`HandSmoother.of("arena-2024")`)."""
    candidates: int
    weight: PowerWeight | GaussianWeight
    mulligans: bool = True
    name: str = "custom"

    def __post_init__(self):
        checks.whole_number(self.candidates, "hand smoother: candidates", 1, _core.MAX_HAND_CANDIDATES)
        if not isinstance(self.weight, (PowerWeight, GaussianWeight)):
            raise ArgumentTypeError("hand smoother: weight must be a PowerWeight or a GaussianWeight, "
                                    f"not {type(self.weight).__name__}")
        checks.flag(self.mulligans, "hand smoother: mulligans")
        checks.text(self.name, "hand smoother: name")

    @classmethod
    def of(cls, value, what: str = "hand_smoother") -> HandSmoother | None:
        """`value` as a smoother: None or "none" (off: None), a preset's name (`PRESETS`), or a
        HandSmoother as it is. Anything else is an error naming `what` and the presets."""
        if value is None or isinstance(value, HandSmoother):
            return value
        if not isinstance(value, str):
            raise ArgumentTypeError(f"{what} must be None, a HandSmoother or a preset's name "
                                    f"({', '.join(PRESET_NAMES)}), not {type(value).__name__} {shown(value)}")
        key = value.strip().lower()
        if key == "none":
            return None
        if key not in PRESETS:
            raise ArgumentError(f"{what}: no preset named {shown(value)}; the presets are "
                                f"{', '.join(PRESET_NAMES)}")
        return PRESETS[key]

    def weights(self, lands: int, cards: int) -> list[float]:
        """The weight of a candidate hand with 0..7 lands (what the compiled core is given), for
        a library of `cards` cards holding `lands` lands (as the keep rule counts them)."""
        lands, cards = _deck(lands, cards)
        expected = HAND * lands / cards
        w = [self.weight(k, expected) for k in range(HAND + 1)]
        if min(w) <= 0:
            raise ArgumentError(f"hand smoother {self.name}: the weight {self.weight.describe()} is 0 for "
                                f"some land count (e = {expected:.3f}); widen it")
        return w

    def exact(self, lands: int, cards: int, hand: int = HAND) -> list[float]:
        """P(the hand dealt holds l lands), l = 0..hand: `candidates` independent hypergeometric
        hands of `hand` cards, the one with l lands kept with probability w(l) / sum of w (e =
        hand x lands / cards). Summed exactly over the other candidates' land counts (as
        multisets, each with its multinomial count)."""
        lands, cards = _deck(lands, cards)
        hand = checks.whole_number(hand, "hand", 1, min(HAND, cards))
        p = hypergeometric(lands, cards, hand)
        expected = hand * lands / cards
        w = [self.weight(k, expected) for k in range(hand + 1)]
        others = self.candidates - 1
        out = []
        for mine in range(hand + 1):
            total = 0.0
            for rest in itertools.combinations_with_replacement(range(hand + 1), others):
                ways = math.factorial(others)
                for k in set(rest):
                    ways //= math.factorial(rest.count(k))
                chance = ways * math.prod(p[k] for k in rest)
                total += chance * w[mine] / (w[mine] + sum(w[k] for k in rest))
            out.append(self.candidates * p[mine] * total)
        return out

    def describe(self) -> str:
        """The model in one line, for a report's header."""
        after = "after mulligans too" if self.mulligans else "first hand only"
        return (f"{self.name}: best of {self.candidates} hands by lands l, weight {self.weight.describe()}, "
                f"e = 7 x lands / cards; {after} (a fit: Arena's is unpublished)")

    def to_dict(self) -> dict:
        return {"name": self.name, "candidates": self.candidates, "weight": self.weight.to_dict(),
                "mulligans": self.mulligans}


def _deck(lands, cards) -> tuple[int, int]:
    cards = checks.whole_number(cards, "cards", HAND)
    return checks.whole_number(lands, "lands", 0, cards), cards


def describe(smoother: HandSmoother | None) -> str:
    """The header line of a run dealt by `smoother` (None: the paper deal)."""
    return "hand smoother: " + (smoother.describe() if smoother is not None else "none (paper Magic's deal)")


PRESETS: dict[str, HandSmoother] = {
    "arena-2024": HandSmoother(3, PowerWeight(4.0, 2.5), True, "arena-2024"),
    "arena-2026": HandSmoother(3, GaussianWeight(0.56), True, "arena-2026"),
    "arena-2018": HandSmoother(2, PowerWeight(4.0, 2.5), False, "arena-2018"),
}
PRESET_NAMES = (*PRESETS, "none")
