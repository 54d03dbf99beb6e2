"""Classic belote's input values: its played deal, its outcomes and its rule profile.

Trump is chosen with the turned-up card; the taker's team must do better than the defence.
There is no contre. Everything here is immutable; enum values are the strings the format writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.cards import Suit
from ..core.deals import AllPassed, CardPoints
from ..core.declarations import NO_DECLARATIONS, InTrumps, TeamDeclarations
from ..core.teams import Team

TARGETS = (501, 1000)  # what a form offers; any positive whole target is valid


@dataclass(frozen=True, slots=True)
class ClassicDeal:
    """A played deal: who took, the trump, one team's card points (or a capot), declarations.

    ``card_points`` is left out when ``capot`` names the team that took every trick.
    ``sequence_in_trumps`` is asked only when both teams' best sequences are equal.
    """

    taker: Team
    trump: Suit
    card_points: CardPoints | None = None
    capot: Team | None = None
    declarations_a: TeamDeclarations = NO_DECLARATIONS
    declarations_b: TeamDeclarations = NO_DECLARATIONS
    sequence_in_trumps: InTrumps | None = None

    def declarations(self, team: Team) -> TeamDeclarations:
        return self.declarations_a if team is Team.A else self.declarations_b


ClassicDealInput = AllPassed | ClassicDeal


class ClassicOutcome(StrEnum):
    """What a played deal came to (a result's ``outcome``)."""

    MADE = "made"  # the taker's total was greater (or equal, under the house rule)
    INSIDE = "inside"  # "dedans": smaller (or equal, under the house rule)
    LITIGE = "litige"  # equal: the taker's points wait for the next played deal


class Tie(StrEnum):
    """What equal totals give (house rule)."""

    LITIGE = "litige"
    INSIDE = "inside"
    MADE = "made"


@dataclass(frozen=True, slots=True)
class ClassicProfile:
    """The rules a classic belote match is scored by: the defaults, each switchable."""

    target: int = 501
    rounding: bool = False  # each team's score of a deal to the nearest ten, 5 up
    tie: Tie = Tie.LITIGE
    declarations: bool = True  # sequences and carrés are played (belote always is)


DEFAULT_PROFILE = ClassicProfile()
