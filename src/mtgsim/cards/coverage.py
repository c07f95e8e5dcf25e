"""How far the simulator understands a set of cards: each card in one of three buckets —
fully recognized (every clause that matters to mana, costs or a goldfish is read; clauses
irrelevant to a goldfish are listed as ignored), partly recognized (some relevant clause is
not read: the card plays with the rest of its text, never for free — an unread cost or
restriction makes what it belongs to unusable, recognize/unread.py), unknown (none of its text is read: it
plays as its cost, types and power) — with the clauses behind each verdict, counts by card
and by clause, and the most frequent unread phrase families.

A curated card (the shipped TOML data, or your own) is judged by its `unmodeled` note: fully
recognized without one, partly with one.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .recognize import IGNORED, RECOGNIZED, UNRECOGNIZED, Clause

__all__ = ["Coverage", "BUCKETS", "CardCoverage"]

BUCKETS = ("fully", "partly", "unknown")


@dataclass(frozen=True, slots=True)
class CardCoverage:
    """One card's verdict: its bucket, its clauses, and whether it is curated."""
    name: str
    bucket: str
    clauses: tuple[Clause, ...] = ()
    curated: bool = False


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
