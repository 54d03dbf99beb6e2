"""The engine's results: what one deal gives each team, and why.

Results are immutable. :class:`Step` values explain a deal as codes with values, never sentences:
the web layer turns each code into a translated sentence (see ``steps.py`` for the codes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any, TypeVar

from .model import Belot, Carre, Contract, Deal, Double, RuleProfile, Sequence, Team

T = TypeVar("T")


def build_frozen(cls: type[T], **fields: Any) -> T:
    """An instance of the frozen dataclass ``cls`` without its generated ``__init__``.

    Frozen dataclasses set each field through ``object.__setattr__``, which makes a 20-field
    result cost 3 us; a match folds thousands of them. Filling ``__dict__`` directly gives the
    same immutable value (its ``__setattr__`` still refuses changes) at a third of the cost.
    ``cls`` must not use slots, and ``fields`` must name every field.
    """
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


class DealKind(StrEnum):
    ALL_PASSED = "all_passed"
    PLAYED = "played"
    INSIDE = "inside"


class Outcome(StrEnum):
    MADE = "made"  # the bidders had more raw points
    INSIDE = "inside"  # the bidders had fewer
    HANGING = "hanging"  # equal raw points


class CancelReason(StrEnum):
    OUTRANKED = "outranked"  # the other team had a stronger one
    TIE = "tie"  # the strongest of both teams were equal: all cancelled
    NO_TRICK = "no_trick"  # the team took no trick (the other made a capot)


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


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a deal's explanation: a stable code and its values (JSON-able scalars)."""

    code: str
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class DeclarationOutcome:
    """One declaration or belot of a team, counted or cancelled with a reason.

    ``index`` is its position in the team's sequences, carrés or belots as entered.
    """

    team: Team
    declaration: Sequence | Carre | Belot
    index: int
    counted: bool
    reason: CancelReason | None = None

    @property
    def points(self) -> int:
        return self.declaration.points


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
        from .explain import explain  # the explanation reads results: import it when needed

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
