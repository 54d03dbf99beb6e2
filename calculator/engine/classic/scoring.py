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
from ..core.declarations import Counted
from ..core.frozen import build_frozen
from ..core.problems import DealError, Problem, is_int, shown
from ..core.teams import ZERO, Team, TeamPoints
from ..french import belote_alone, card_points, count, declared_points, round_to_ten
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
    totals = cards + counted.points
    outcome, tie = outcome_of(totals.of(taker), totals.of(defenders), profile.tie)
    scores, loser = _scores(deal, outcome, cards, counted, totals)
    recorded, added = _rounded(scores, profile), 0
    if outcome is ClassicOutcome.LITIGE:  # the taker's score waits for the next winner
        recorded, added = TeamPoints.for_team(defenders, recorded.of(defenders)), recorded.of(taker)
    winner = {ClassicOutcome.MADE: taker, ClassicOutcome.INSIDE: defenders}.get(outcome)
    return _result(deal, profile, hanging, kind=DealKind.PLAYED, outcome=outcome, tie=tie,
                   winner=winner, scores=scores, recorded=recorded, added=added, loser=loser,
                   cards=cards, counted=counted, totals=totals)  # fmt: skip


def _scores(
    deal: ClassicDeal,
    outcome: ClassicOutcome,
    cards: TeamPoints,
    counted: Counted,
    totals: TeamPoints,
) -> tuple[TeamPoints, Team | None]:
    """Each team's exact score of the deal, and the team that lost it, if one did: the inside
    taker, or the defence after the taker's capot."""
    taker, defenders, belote = deal.taker, deal.taker.other, counted.belots
    if outcome is ClassicOutcome.INSIDE:
        everything = cards.total + declared_points(counted).total + belote.of(defenders)
        return TeamPoints.for_team(defenders, everything, belote.of(taker)), taker
    lost = outcome is ClassicOutcome.MADE and deal.capot is taker
    return totals, defenders if lost else None


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
    counted: Counted | None = None,
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
        declaration_points=declared_points(counted) if counted is not None else ZERO,
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
        belote_alone=belote_alone(scores, belote, loser, recorded),
        deal=deal,
        profile=profile,
    )
