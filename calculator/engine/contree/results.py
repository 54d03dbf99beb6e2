"""What one contrée or coinche deal gives each team, and why (``steps.py`` lists the codes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..core.cards import Suit
from ..core.deals import DealKind
from ..core.declarations import DeclarationOutcome
from ..core.steps import Step
from ..core.teams import ZERO, Team, TeamPoints
from ..french import Trumps
from .explain import explain
from .model import Contre, ContreeDealInput, ContreeOutcome, ContreeProfile


@dataclass(frozen=True)
class ContreeResult:
    """Everything one deal gives: totals, outcome, scores, explanation.

    ``totals`` (card points, 252 for a capot, + counted declarations + belote; a taker's capot
    takes the defence's counted declarations) decide the outcome with the bid. ``card_points``
    are on the 162 scale; ``raw_card_points`` are both teams' as entered when the house rule
    had no trumps or all trumps counted raw and converted (else ``None``). ``scores`` are
    each team's exact score of the deal, ``recorded`` what each team writes (rounded by
    default). ``belote_alone`` is the belote of a team that lost (failed, suffered a capot, or
    saw its contre fail) and scored nothing else: it does not count towards the target. Nothing
    ever waits in contrée: ``hanging_out`` is 0. For an all-passed deal everything is empty.
    """

    kind: DealKind
    taker: Team | None
    bid: int | None
    trump: Suit | Trumps | None
    contre: Contre
    multiplier: int
    capot: Team | None
    card_points: TeamPoints | None
    raw_card_points: TeamPoints | None
    declaration_points: TeamPoints  # counted sequences and carrés (belote not included)
    declarations_taken: int  # the defence's counted declarations a taker's capot took
    belote: TeamPoints
    declarations: tuple[DeclarationOutcome, ...]
    totals: TeamPoints | None
    outcome: ContreeOutcome | None
    winner: Team | None
    scores: TeamPoints
    recorded: TeamPoints
    belote_alone: TeamPoints
    deal: ContreeDealInput = field(repr=False)
    profile: ContreeProfile = field(repr=False)

    hanging_out = 0  # the shared fold's pot: nothing waits in contrée

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        return explain(self)

    @property
    def written(self) -> TeamPoints:
        """What goes on the score sheet."""
        return self.recorded

    @property
    def value(self) -> int:
        return self.recorded.total

    @property
    def capot_bid(self) -> bool:
        return self.kind is DealKind.PLAYED and self.deal.capot_bid

    @property
    def belote_count(self) -> TeamPoints:
        """How many belotes each team held (up to four in all trumps; ``belote`` has their
        points)."""
        if self.kind is DealKind.ALL_PASSED:
            return ZERO
        deal = self.deal
        return TeamPoints(deal.declarations_a.belots, deal.declarations_b.belots)

    @property
    def decided_by_capot(self) -> bool:
        return self.capot is not None

    @property
    def decided_by_contre(self) -> bool:
        return self.contre is not Contre.NONE

    @property
    def cancelled(self) -> tuple[DeclarationOutcome, ...]:
        return tuple(outcome for outcome in self.declarations if not outcome.counted)

    @property
    def counted(self) -> tuple[DeclarationOutcome, ...]:
        return tuple(outcome for outcome in self.declarations if outcome.counted)
