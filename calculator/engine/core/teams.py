"""Teams and seats: what every game shares about the four players at the table.

Seats are numbered 0 to 3 in playing order (counter-clockwise); seats 0 and 2 are team A, 1 and 3
team B. Everything here is immutable; no Django imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Team(StrEnum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        return _OTHER[self]

    @property
    def field_suffix(self) -> str:
        """How error fields name the team: ``declarations_a``, ``belots_b``."""
        return "a" if self is Team.A else "b"


_OTHER = {Team.A: Team.B, Team.B: Team.A}
TEAMS = (Team.A, Team.B)  # iterating over an enum is slow; scoring a match does it often

SEATS = 4


def team_of_seat(seat: int) -> Team:
    return Team.A if seat % 2 == 0 else Team.B


def first_player(dealer: int) -> int:
    """The seat after the dealer, counter-clockwise, leads the first trick."""
    return (dealer + 1) % SEATS


@dataclass(frozen=True, slots=True)
class TeamPoints:
    """A pair of numbers, one per team."""

    a: int
    b: int

    def of(self, team: Team) -> int:
        return self.a if team is Team.A else self.b

    def swapped(self) -> TeamPoints:
        return TeamPoints(self.b, self.a)

    def __add__(self, other: TeamPoints) -> TeamPoints:
        return TeamPoints(self.a + other.a, self.b + other.b)

    @property
    def total(self) -> int:
        return self.a + self.b

    @classmethod
    def for_team(cls, team: Team, points: int, other: int = 0) -> TeamPoints:
        """``points`` for ``team`` and ``other`` for the other team."""
        return cls(points, other) if team is Team.A else cls(other, points)


ZERO = TeamPoints(0, 0)
