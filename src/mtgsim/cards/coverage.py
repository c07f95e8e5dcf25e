"""How far the simulator understands a set of cards: each card in one of three buckets —
fully recognized (every clause that matters to mana, costs or a goldfish is read; clauses
irrelevant to a goldfish are listed as ignored), partly recognized (some relevant clause is
not read: the card plays with the rest of its text, never for free — an unread cost or
restriction makes what it belongs to unusable, recognize/unread.py), unknown (none of its text is read: it
plays as its cost, types and power) — with the clauses behind each verdict, counts by card
and by clause, and the most frequent unread phrase families.

A curated card (the shipped TOML data, or your own) is judged by its `unmodeled` note: fully
recognized without one or with one "irrelevant" to a goldfish game (`unmodeled_effect`: listed as
ignored, as a recognized card's clause would be), partly with any other.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

from .oracle_text import strip_reminder
from .recognize import IGNORED, RECOGNIZED, UNRECOGNIZED, Clause

__all__ = ["Coverage", "BUCKETS", "CardCoverage", "DeckReading", "adds_mana"]

BUCKETS = ("fully", "partly", "unknown")


@dataclass(frozen=True, slots=True)
class CardCoverage:
    """One card's verdict: its bucket, its clauses, and whether it is curated."""
    name: str
    bucket: str
    clauses: tuple[Clause, ...] = ()
    curated: bool = False


@dataclass(frozen=True, slots=True)
class DeckReading:
    """How far to trust a simulation of a deck: of its `copies` card copies, `fully` are fully
    read; `unread` holds each card that is not, the most copies first, as (name, copies, bucket,
    the clauses left unread in the card's words)."""
    copies: int
    fully: int
    unread: tuple[tuple[str, int, str, tuple[str, ...]], ...] = ()

    @property
    def share(self) -> float:
        """The share of the deck's copies fully read."""
        return self.fully / self.copies if self.copies else 1.0

    def _read(self) -> str:
        return f"{self.fully:,} of {self.copies:,} copies fully read ({100 * self.share:.1f}%)"

    def line(self) -> str:
        """'card text: 52 of 60 copies fully read (86.7%)' and the cards that are not, by name."""
        return f"card text: {self._read()}" + (
            "; not: " + ", ".join(f"{n} {name}" for name, n, _, _ in self.unread) if self.unread else "")

    def text(self) -> str:
        """The line, then each card not fully read with the text the simulation leaves out."""
        if not self.unread:
            return f"card text: {'all ' if self.copies else ''}{self._read()}"
        return "\n".join([f"card text: {self._read()}; the others, with the text the simulation leaves out:"]
                         + self.rows())

    def rows(self) -> list[str]:
        """One line for each card not fully read: its copies, name, bucket and unread clauses."""
        return [f"  {n:>3} {name} ({bucket}): " + " / ".join(clauses) for name, n, bucket, clauses in self.unread]

    def to_dict(self) -> dict:
        return {"copies": self.copies, "fully": self.fully, "share": self.share,
                "unread": [{"card": name, "copies": n, "bucket": bucket, "clauses": list(clauses)}
                           for name, n, bucket, clauses in self.unread]}


@dataclass
class Coverage:
    """The coverage of a deck, or of a whole database.

    `fully`, `partly`, `unknown`: card names in each bucket (sorted); `reasons[name]`: the
    clauses of that card left unrecognized, and those ignored as irrelevant, in the card's
    words ('unrecognized: ...' / 'ignored: ...'); `clauses`: clause counts by status;
    `families`: unread phrase families by how many clauses fall in each."""
    cards: dict[str, CardCoverage] = field(default_factory=dict)

    @classmethod
    def of(cls, verdicts) -> "Coverage":
        return cls({v.name: v for v in verdicts})

    def _names(self, bucket: str) -> list[str]:
        return sorted(n for n, v in self.cards.items() if v.bucket == bucket)

    @property
    def fully(self) -> list[str]:
        return self._names("fully")

    @property
    def partly(self) -> list[str]:
        return self._names("partly")

    @property
    def unknown(self) -> list[str]:
        return self._names("unknown")

    @property
    def reasons(self) -> dict[str, list[str]]:
        return {n: [f"{c.status}: {c.text}" for c in v.clauses if c.status in (UNRECOGNIZED, IGNORED)]
                for n, v in self.cards.items()}

    @property
    def clauses(self) -> Counter:
        return Counter(c.status for v in self.cards.values() for c in v.clauses)

    def families(self, n: int = 20) -> list[tuple[str, int]]:
        """The `n` most frequent phrase families of unrecognized clauses."""
        return Counter(c.family for v in self.cards.values() for c in v.clauses
                       if c.status == UNRECOGNIZED and c.family).most_common(n)

    def copies(self, copies: Mapping[str, int]) -> Counter:
        """Card copies in each bucket: of each card here, `copies[name]` (0 if it isn't there)."""
        out: Counter = Counter({b: 0 for b in BUCKETS})
        for name, v in self.cards.items():
            out[v.bucket] += copies.get(name, 0)
        return out

    def reading(self, copies: Mapping[str, int]) -> DeckReading:
        """The DeckReading of a deck of these cards, `copies[name]` of each (a card here and not
        in `copies` counts 0; a name in `copies` not here is not counted)."""
        held = {name: n for name, n in copies.items() if name in self.cards and n > 0}
        unread = sorted(((name, n, self.cards[name].bucket,
                          tuple(c.text for c in self.cards[name].clauses if c.status == UNRECOGNIZED))
                         for name, n in held.items() if self.cards[name].bucket != "fully"),
                        key=lambda r: (-r[1], r[0]))
        return DeckReading(sum(held.values()), sum(held.values()) - sum(r[1] for r in unread), tuple(unread))

    def families_played(self, copies: Mapping[str, int], n: int = 30,
                        examples: int = 4) -> list[tuple[str, int, list[str]]]:
        """The `n` unread phrase families that keep the most card copies from being fully read,
        weighted by play: per family, the copies (`copies[name]`) of the cards with an unread
        clause of it (each card once, however many of its clauses fall in it), and the first
        `examples` of those cards, the most played first."""
        played: dict[str, Counter] = {}
        for name, v in self.cards.items():
            for family in {c.family for c in v.clauses if c.status == UNRECOGNIZED and c.family}:
                played.setdefault(family, Counter())[name] += copies.get(name, 0)
        ranked = sorted(played.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))[:n]
        return [(family, sum(cards.values()), [name for name, _ in cards.most_common(examples)])
                for family, cards in ranked]

    def __len__(self) -> int:
        return len(self.cards)

    def shares(self) -> dict[str, float]:
        """The share of cards in each bucket."""
        total = len(self.cards) or 1
        return {b: len(self._names(b)) / total for b in BUCKETS}

    def summary_line(self) -> str:
        """'card text: 57 fully recognized, 2 partly (Card A, Card B), 1 unknown (Card C)'."""
        parts = [f"{len(self.fully)} fully recognized"]
        for b in ("partly", "unknown"):
            names = self._names(b)
            if names:
                shown = ", ".join(names[:6]) + (f", … {len(names) - 6} more" if len(names) > 6 else "")
                parts.append(f"{len(names)} {b} ({shown})")
        return "card text: " + ", ".join(parts)

    def shares_line(self) -> str:
        """'N cards: a fully recognized (x%), b partly (y%), c unknown (z%)': the one account of
        the buckets, which `mtgsim cards coverage` and the import's summary both print."""
        n = len(self.cards) or 1
        return f"{len(self.cards):,} cards: " + ", ".join(
            f"{len(self._names(b)):,} {b if b != 'fully' else 'fully recognized'}"
            f" ({100 * len(self._names(b)) / n:.1f}%)" for b in BUCKETS)

    def report(self, families: int = 20, details: bool = True) -> str:
        """The report `mtgsim cards coverage` prints."""
        clauses = self.clauses
        lines = [self.shares_line()]
        lines.append(f"clauses: {clauses[RECOGNIZED]} recognized, {clauses[IGNORED]} ignored (irrelevant to a "
                     f"goldfish), {clauses[UNRECOGNIZED]} unrecognized")
        if details:
            for b in ("partly", "unknown"):
                for name in self._names(b):
                    v = self.cards[name]
                    lines.append(f"{b:8} {name}{' (curated)' if v.curated else ''}")
                    for c in v.clauses:
                        if c.status == UNRECOGNIZED:
                            lines.append(f"           unrecognized: {c.text}")
            ignored = [(name, c) for name, v in sorted(self.cards.items()) for c in v.clauses if c.status == IGNORED]
            if ignored:
                lines.append("ignored as irrelevant to a goldfish:")
                lines += [f"  {name}: {c.text}" for name, c in ignored]
        fams = self.families(families)
        if fams:
            lines.append(f"most frequent unrecognized phrase families (top {len(fams)}):")
            lines += [f"  {count:6}  {family}" for family, count in fams]
        return "\n".join(lines) + "\n"


_ADD = re.compile(r"\bAdd\b")


def adds_mana(text: str) -> bool:
    """Whether a card's oracle text, reminder text aside, has a mana ability's or a spell's
    "Add ..." (a mana card, as the coverage targets count them: Llanowar Elves, Sol Ring,
    Dark Ritual; not a Treasure maker, whose "Add" is the token's reminder text)."""
    return _ADD.search(strip_reminder(text or "")) is not None
