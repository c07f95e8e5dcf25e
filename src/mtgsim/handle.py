"""The handle a Scenario gives out for a permanent: which Scenario, its object id (a new one
after each zone change, 400.7) and its card's name."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scenario import Scenario


@dataclass(frozen=True)
class Permanent:
    """A handle on a permanent of one Scenario (an object: a new one after each zone change)."""
    scenario: Scenario = field(repr=False, compare=False)
    object_id: int
    name: str

    def __repr__(self) -> str:
        return f"<Permanent {self.name} #{self.object_id}>"
