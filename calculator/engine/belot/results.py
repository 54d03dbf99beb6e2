"""What one Bulgarian belot deal gives each team, and why.

Results are immutable. Their explanation is a tuple of :class:`Step` values, codes with values
(``steps.py`` lists them), built by ``explain.py`` when first read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..core.deals import DealKind
from ..core.declarations import DeclarationOutcome
from ..core.steps import Step
from ..core.teams import Team, TeamPoints
from .explain import explain
from .model import Contract, Deal, Double, Outcome, RuleProfile


@dataclass(frozen=True)
class DealResult:
    """Everything one deal gives: points, outcome, hanging points, explanation.

    ``recorded`` is what each team writes from this deal's own value; ``written`` adds the hanging
    points taken. ``value`` is the deal's whole value: ``recorded.total + hanging_added``.
    ``winner`` is the team with more raw points, who takes the hanging points carried in.
    For an inside deal entered without card points, card points, raw totals and game points are
    ``None``. ``steps`` explains the result; it is built when first read.
    """

    kind: DealKind
    contract: Contract | None
    bidders: Team | None
    double: Double
    capot: Team | None
    card_points: TeamPoints | None
    raw_totals: TeamPoints | None
    game_points: TeamPoints | None
    declaration_points: TeamPoints
    declarations: tuple[DeclarationOutcome, ...]
    outcome: Outcome | None
    winner: Team | None
    value: int
    recorded: TeamPoints
    hanging_added: int
    hanging_in: int
    hanging_taken: int
    hanging_out: int
    deal: Deal = field(repr=False)
    profile: RuleProfile = field(repr=False)

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        return explain(self)

    @property
    def written(self) -> TeamPoints:
        """What goes on the score sheet: recorded points plus hanging points taken."""
        if self.winner is None or not self.hanging_taken:
            return self.recorded
        return self.recorded + TeamPoints.for_team(self.winner, self.hanging_taken)

    @property
    def decided_by_contra(self) -> bool:
        return self.double is not Double.NONE and self.kind is not DealKind.ALL_PASSED

    @property
    def decided_by_capot(self) -> bool:
        return self.capot is not None

    @property
    def cancelled(self) -> tuple[DeclarationOutcome, ...]:
        return tuple(outcome for outcome in self.declarations if not outcome.counted)

    @property
    def counted(self) -> tuple[DeclarationOutcome, ...]:
        return tuple(outcome for outcome in self.declarations if outcome.counted)
