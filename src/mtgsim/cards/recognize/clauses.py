"""What the recognizers make of a card: its clauses, each recognized, ignored or unrecognized,
and the card table built from them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RECOGNIZED, IGNORED, UNRECOGNIZED = "recognized", "ignored", "unrecognized"


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a card's text (reminder text removed, the card's name as `~`), what
    became of it, and its phrase family (for the coverage report)."""
    text: str
    status: str
    face: str = ""
    family: str = ""


@dataclass(slots=True)
class Recognition:
    """What the recognizers made of one card: its table (docs/card-format.md) and clauses."""
    name: str
    table: dict[str, Any]
    clauses: list[Clause] = field(default_factory=list)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)   # token cards it creates, by name

    @property
    def bucket(self) -> str:
        """'fully' (no relevant clause left unread), 'partly' (some read, some not), or
        'unknown' (text, none of it read: the card plays as its cost, types and power)."""
        statuses = {c.status for c in self.clauses}
        if UNRECOGNIZED not in statuses:
            return "fully"
        return "partly" if RECOGNIZED in statuses else "unknown"

    @property
    def unrecognized(self) -> list[str]:
        return [c.text for c in self.clauses if c.status == UNRECOGNIZED]
