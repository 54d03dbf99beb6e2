"""What one classic belote deal gives each team, and why (``steps.py`` lists the step codes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..core.cards import Suit
from ..core.deals import DealKind
from ..core.declarations import DeclarationOutcome
from ..core.steps import Step
from ..core.teams import Team, TeamPoints
from .explain import explain
from .model import ClassicDealInput, ClassicOutcome, ClassicProfile


@dataclass(frozen=True)
class ClassicResult:
    """Everything one deal gives: totals, outcome, scores, points waiting, explanation.

    ``totals`` (card points, 252 for a capot, + counted declarations + belote) decide the
    outcome. ``scores`` are each team's exact score of the deal; ``recorded`` what each team
    writes from the deal's own value (rounded under the house rule; after a litige the taker's
    score waits instead: ``hanging_added``). ``written`` adds the points that waited, taken by
    ``winner``. ``belote_alone`` is the belote of a team that lost and scored nothing else: it
    does not count towards the target. For an all-passed deal everything is empty.
    """

    kind: DealKind
    taker: Team | None
    trump: Suit | None
    capot: Team | None
    card_points: TeamPoints | None
    declaration_points: TeamPoints  # counted sequences and carrés (belote not included)
    belote: TeamPoints
    declarations: tuple[DeclarationOutcome, ...]
    totals: TeamPoints | None
    outcome: ClassicOutcome | None
    tie: bool  # the totals were equal (a litige, or a tie the house rule made inside or made)
    winner: Team | None
    scores: TeamPoints
    recorded: TeamPoints
    value: int
    hanging_added: int
    hanging_in: int
    hanging_taken: int
    hanging_out: int
    belote_alone: TeamPoints
    deal: ClassicDealInput = field(repr=False)
    profile: ClassicProfile = field(repr=False)

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        return explain(self)

    @property
    def written(self) -> TeamPoints:
        """What goes on the score sheet: recorded points plus the points that waited."""
        if self.winner is None or not self.hanging_taken:
            return self.recorded
        return self.recorded + TeamPoints.for_team(self.winner, self.hanging_taken)

    @property
    def decided_by_capot(self) -> bool:
        return self.capot is not None

    @property
    def cancelled(self) -> tuple[DeclarationOutcome, ...]:
        return tuple(outcome for outcome in self.declarations if not outcome.counted)

    @property
    def counted(self) -> tuple[DeclarationOutcome, ...]:
        return tuple(outcome for outcome in self.declarations if outcome.counted)
