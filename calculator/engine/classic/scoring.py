"""Scoring one classic belote deal (``french-scoring.md``, "Classic belote").

Each team's total (card points, 252 for a capot, counted declarations, belote) decides: the
taker's team made it with the greater total and each team scores its total; it is inside
("dedans") with the smaller and keeps only its belote while the defence scores all the card
points, every counted declaration and its own belote; equal totals are a litige (house rules:
inside, or made): the defence scores its total, the taker's waits for the winner of the next
played deal. Rounding, a house rule, never decides anything: the outcome comes from exact totals.
"""

from __future__ import annotations

from ..core.deals import AllPassed, DealKind
from ..core.frozen import build_frozen
from ..core.problems import DealError, Problem, is_int, shown
from ..core.teams import ZERO, Team, TeamPoints
from ..french import belote_alone, card_points, count, round_to_ten
from .model import (
    DEFAULT_PROFILE,
    ClassicDeal,
    ClassicDealInput,
    ClassicOutcome,
    ClassicProfile,
    Tie,
)
from .results import ClassicResult
from .validate import deal_problems, profile_problems

_TIES = {Tie.LITIGE: ClassicOutcome.LITIGE, Tie.INSIDE: ClassicOutcome.INSIDE,
         Tie.MADE: ClassicOutcome.MADE}  # fmt: skip


def score_deal(
    deal: ClassicDealInput, profile: ClassicProfile = DEFAULT_PROFILE, hanging: int = 0
) -> ClassicResult:
    """Score ``deal`` by ``profile`` with ``hanging`` points (a litige's) carried in.

    Raises :class:`DealError` listing every problem of bad input.
    """
    problems = profile_problems(profile)
    if not problems:
        problems = deal_problems(deal, profile)
    if not is_int(hanging) or hanging < 0:
        problems.append(Problem("hanging_invalid", "hanging", {"hanging": shown(hanging)}))
    if problems:
        raise DealError(problems)
    return score_valid_deal(deal, profile, hanging)


def score_valid_deal(
    deal: ClassicDealInput, profile: ClassicProfile, hanging: int
) -> ClassicResult:
    """:func:`score_deal` for input already validated (a match validates once, up front)."""
    if isinstance(deal, ClassicDeal):
        return _score_played(deal, profile, hanging)
    return _result(deal, profile, hanging, kind=DealKind.ALL_PASSED, outcome=None, tie=False,
                   winner=None, scores=ZERO, recorded=ZERO, added=0, loser=None)  # fmt: skip


def outcome_of(taker: int, defenders: int, tie: Tie) -> tuple[ClassicOutcome, bool]:
    """Made, inside or litige from the exact totals, and whether they were equal."""
    if taker > defenders:
        return ClassicOutcome.MADE, False
    if taker < defenders:
        return ClassicOutcome.INSIDE, False
    return _TIES[tie], True


def _score_played(deal: ClassicDeal, profile: ClassicProfile, hanging: int) -> ClassicResult:
    taker, defenders = deal.taker, deal.taker.other
    cards, counted = card_points(deal), count(deal)
    belote = counted.belots
    declared = TeamPoints(counted.points.a - belote.a, counted.points.b - belote.b)
    totals = cards + counted.points
    outcome, tie = outcome_of(totals.of(taker), totals.of(defenders), profile.tie)
    loser = None
    if outcome is ClassicOutcome.INSIDE:
        everything = cards.total + declared.total + belote.of(defenders)
        scores = TeamPoints.for_team(defenders, everything, belote.of(taker))
        loser = taker
    else:
        scores = totals
        if outcome is ClassicOutcome.MADE and deal.capot is taker:
            loser = defenders
    rounded = _rounded(scores, profile)
    added = 0
    if outcome is ClassicOutcome.LITIGE:
        recorded, added = TeamPoints.for_team(defenders, rounded.of(defenders)), rounded.of(taker)
    else:
        recorded = rounded
    winner = {ClassicOutcome.MADE: taker, ClassicOutcome.INSIDE: defenders}.get(outcome)
    return _result(deal, profile, hanging, kind=DealKind.PLAYED, outcome=outcome, tie=tie,
                   winner=winner, scores=scores, recorded=recorded, added=added, loser=loser,
                   cards=cards, counted=counted, declared=declared, totals=totals)  # fmt: skip


def _rounded(scores: TeamPoints, profile: ClassicProfile) -> TeamPoints:
    if not profile.rounding:
        return scores
    return TeamPoints(round_to_ten(scores.a), round_to_ten(scores.b))


def _result(
    deal: ClassicDealInput,
    profile: ClassicProfile,
    hanging: int,
    *,
    kind: DealKind,
    outcome: ClassicOutcome | None,
    tie: bool,
    winner: Team | None,
    scores: TeamPoints,
    recorded: TeamPoints,
    added: int,
    loser: Team | None,
    cards: TeamPoints | None = None,
    counted=None,
    declared: TeamPoints = ZERO,
    totals: TeamPoints | None = None,
) -> ClassicResult:
    """The result, with the points carried in: the winner takes them, a litige keeps them."""
    played = not isinstance(deal, AllPassed)
    belote = counted.belots if counted is not None else ZERO
    taken = hanging if winner is not None else 0
    return build_frozen(
        ClassicResult,
        kind=kind,
        taker=deal.taker if played else None,
        trump=deal.trump if played else None,
        capot=deal.capot if played else None,
        card_points=cards,
        declaration_points=declared,
        belote=belote,
        declarations=counted.outcomes if counted is not None else (),
        totals=totals,
        outcome=outcome,
        tie=tie,
        winner=winner,
        scores=scores,
        recorded=recorded,
        value=recorded.total + added,
        hanging_added=added,
        hanging_in=hanging,
        hanging_taken=taken,
        hanging_out=hanging - taken + added,
        belote_alone=belote_alone(scores, belote, loser),
        deal=deal,
        profile=profile,
    )
