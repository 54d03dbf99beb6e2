"""What every game's deals share: a thrown-in deal, one team's card points, and a deal's kind."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .teams import Team


@dataclass(frozen=True, slots=True)
class AllPassed:
    """A thrown-in deal: all four players passed."""


@dataclass(frozen=True, slots=True)
class CardPoints:
    """The card points of one team, last trick included (in no trumps before doubling)."""

    team: Team
    points: int


class DealKind(StrEnum):
    ALL_PASSED = "all_passed"
    PLAYED = "played"
    INSIDE = "inside"  # Bulgarian belot: a lost deal entered without card points
