"""Contrée and coinche's input values: the bid, contre and surcontre, the played deal, the
outcomes and the rule profile.

All eight cards are dealt; each bid names a trump and the points the team promises, 80 to 160
by tens or capot (all eight tricks, worth 250). The FFB calls the game contrée without
declarations and coinche with them: ``ContreeProfile.declarations`` says which one a match plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.cards import Suit
from ..core.deals import AllPassed, CardPoints
from ..core.declarations import NO_DECLARATIONS, InTrumps, TeamDeclarations
from ..core.teams import Team

CAPOT_BID = 250  # a capot bid: all eight tricks
BIDS = (*range(80, 161, 10), CAPOT_BID)
CONTRE_PACKAGE = 160  # what a contred contract is worth before the bid, a made capot 250
CAPOT_PACKAGE = 250
FAILED_BASES = (160, 162)
SURCONTRE_MULTIPLIERS = (4, 3)
TARGETS = (701, 1000, 2000)  # what a form offers; any positive whole target is valid


class Contre(StrEnum):
    NONE = "none"
    CONTRE = "contre"  # an opponent doubled: x2
    SURCONTRE = "surcontre"  # the taker's team doubled again: x4 (x3 under a house rule)


@dataclass(frozen=True, slots=True)
class ContreeDeal:
    """A played deal: who took, the bid and its trump, contre, one team's card points (or a
    capot), belote and (coinche) declarations.

    ``card_points`` is left out when ``capot`` names the team that took every trick.
    ``sequence_in_trumps`` is asked only when both teams' best sequences are equal.
    """

    taker: Team
    bid: int
    trump: Suit
    contre: Contre = Contre.NONE
    card_points: CardPoints | None = None
    capot: Team | None = None
    declarations_a: TeamDeclarations = NO_DECLARATIONS
    declarations_b: TeamDeclarations = NO_DECLARATIONS
    sequence_in_trumps: InTrumps | None = None

    def declarations(self, team: Team) -> TeamDeclarations:
        return self.declarations_a if team is Team.A else self.declarations_b

    @property
    def capot_bid(self) -> bool:
        return self.bid == CAPOT_BID


ContreeDealInput = AllPassed | ContreeDeal


class ContreeOutcome(StrEnum):
    """What a played deal came to (a result's ``outcome``)."""

    MADE = "made"  # the taker reached the bid and had more than the defence
    FAILED = "failed"  # "dedans", "chuté"


class FailedBelote(StrEnum):
    """Whose is the taker's belote when the contract fails (house rule)."""

    KEPT = "kept"  # the taker's team keeps it ("imprenable")
    DEFENDERS = "defenders"  # it goes to the defence with the rest


class Scoring(StrEnum):
    """What a deal scores (house rule)."""

    POINTS_AND_BID = "points_and_bid"  # points made + the bid
    BID_ONLY = "bid_only"  # the bid alone


@dataclass(frozen=True, slots=True)
class ContreeProfile:
    """The rules a contrée (``declarations=False``) or coinche match is scored by."""

    declarations: bool = False  # the game: contrée without, coinche with declarations
    target: int = 701
    rounding: bool = True  # each team's score of a deal to the nearest ten, 5 up
    failed_base: int = 160  # a failed contract gives the defence this + the bid
    failed_belote: FailedBelote = FailedBelote.KEPT
    surcontre: int = 4  # the surcontre's multiplier, 4 or 3
    scoring: Scoring = Scoring.POINTS_AND_BID

    def multiplier(self, contre: Contre) -> int:
        if contre is Contre.SURCONTRE:
            return self.surcontre
        return 2 if contre is Contre.CONTRE else 1


DEFAULT_PROFILE = ContreeProfile()  # contrée
COINCHE_PROFILE = ContreeProfile(declarations=True)
