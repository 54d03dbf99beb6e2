"""Scoring one contrée or coinche deal (``french-scoring.md``, "Contrée and coinche").

The taker's total (card points, 252 for a capot, counted declarations, belote) must reach the
bid and beat the defence's (a capot bid: every trick). Then, by default ("points and bid"):

| | taker's team | defence |
|---|---|---|
| made | its total + the bid | its total |
| failed | its belote | 160 + the bid + every counted declaration + its belote |
| made, contre | (160, or 250 for its capot, + bid + declarations + its belote) x m | its belote |
| failed, contre | its belote | (160 + bid + declarations + its belote) x m |

m is 2 for a contre and 4 (house rule: 3) for a surcontre. House rules: the failed base 162,
the failing taker's belote to the defence, and "bid only" (the bid, and the belote, alone).
Each score is rounded to the nearest ten by default; the outcome comes from exact totals.

No trumps and all trumps (a house rule) are scored exactly so, on 162 card points: only the
declarations' values differ (no trumps' carrés, all trumps' belotes), and card points entered
raw (house rule) are first converted to the 162 scale.
"""

from __future__ import annotations

from ..core.deals import AllPassed, DealKind
from ..core.declarations import Counted
from ..core.frozen import build_frozen
from ..core.problems import DealError, Problem, is_int, shown
from ..core.teams import ZERO, Team, TeamPoints
from ..french import (
    CARD_TOTAL,
    belote_alone,
    card_points,
    count,
    declared_points,
    round_to_ten,
)
from .model import (
    CAPOT_PACKAGE,
    CONTRE_PACKAGE,
    DEFAULT_PROFILE,
    RAW_TOTALS,
    Contre,
    ContreeDeal,
    ContreeDealInput,
    ContreeOutcome,
    ContreeProfile,
    FailedBelote,
    Scoring,
)
from .results import ContreeResult
from .validate import deal_problems, profile_problems


def score_deal(
    deal: ContreeDealInput, profile: ContreeProfile = DEFAULT_PROFILE, hanging: int = 0
) -> ContreeResult:
    """Score ``deal`` by ``profile``. Nothing waits in contrée: ``hanging`` must be 0 (the
    argument is the shared interface's). Raises :class:`DealError` listing every problem."""
    problems = profile_problems(profile)
    if not problems:
        problems = deal_problems(deal, profile)
    if hanging != 0 or not is_int(hanging):
        problems.append(Problem("hanging_invalid", "hanging", {"hanging": shown(hanging)}))
    if problems:
        raise DealError(problems)
    return score_valid_deal(deal, profile)


def score_valid_deal(deal: ContreeDealInput, profile: ContreeProfile) -> ContreeResult:
    """:func:`score_deal` for input already validated (a match validates once, up front)."""
    if isinstance(deal, ContreeDeal):
        return _score_played(deal, profile)
    return _result(deal, profile, kind=DealKind.ALL_PASSED, outcome=None, scores=ZERO,
                   recorded=ZERO, loser=None)  # fmt: skip


def made(deal: ContreeDeal, totals: TeamPoints) -> bool:
    """A capot bid needs every trick; any other bid a total of at least the bid and more than
    the defence's."""
    if deal.capot_bid:
        return deal.capot is deal.taker
    mine, theirs = totals.of(deal.taker), totals.of(deal.taker.other)
    return mine >= deal.bid and mine > theirs


def count_valued(deal: ContreeDeal, profile: ContreeProfile) -> Counted:
    """The deal's counted declarations and belotes, valued for its contract (the explanation
    counts them again with its steps)."""
    return count(deal, values=profile.declaration_values(deal.trump))


def converted_card_points(
    deal: ContreeDeal, profile: ContreeProfile
) -> tuple[TeamPoints, TeamPoints | None]:
    """Both teams' card points on the 162 scale (252 for a capot), and as entered raw when the
    house rule has no trumps and all trumps counted raw (else ``None``): the taker's raw points
    x 162 / 130 (or / 258) to the nearest, the defence's the rest of 162. No count lands on a
    half (162x = 65 or 129 times an odd number has no solution), so "nearest" needs no rule."""
    if deal.capot is not None or not profile.raw(deal.trump):
        return card_points(deal), None
    total, given = RAW_TOTALS[deal.trump], deal.card_points
    raw = TeamPoints.for_team(given.team, given.points, total - given.points)
    taker = (2 * raw.of(deal.taker) * CARD_TOTAL + total) // (2 * total)  # nearest, half up
    return TeamPoints.for_team(deal.taker, taker, CARD_TOTAL - taker), raw


def _score_played(deal: ContreeDeal, profile: ContreeProfile) -> ContreeResult:
    cards, raw = converted_card_points(deal, profile)
    counted = count_valued(deal, profile)
    declared, taken = _declared(deal, counted)
    totals = cards + declared + counted.belots
    outcome = ContreeOutcome.MADE if made(deal, totals) else ContreeOutcome.FAILED
    scores = _scores(deal, profile, outcome, totals, declared.total, counted.belots)
    recorded = scores
    if profile.rounding:
        recorded = TeamPoints(round_to_ten(scores.a), round_to_ten(scores.b))
    return _result(deal, profile, kind=DealKind.PLAYED, outcome=outcome, scores=scores,
                   recorded=recorded, loser=_loser(deal, outcome), cards=cards, raw=raw,
                   counted=counted, declared=declared, taken=taken, totals=totals)  # fmt: skip


def _declared(deal: ContreeDeal, counted: Counted) -> tuple[TeamPoints, int]:
    """The counted sequences and carrés per team, and those a taker's capot took from the
    defence ("a made capot also takes the defence's declarations")."""
    declared, defenders = declared_points(counted), deal.taker.other
    if deal.capot is not deal.taker or not declared.of(defenders):
        return declared, 0
    return TeamPoints.for_team(deal.taker, declared.total), declared.of(defenders)


def _loser(deal: ContreeDeal, outcome: ContreeOutcome) -> Team | None:
    """The team that lost the deal: the failing taker, or a defence that suffered a capot or
    said contre against a made contract."""
    if outcome is ContreeOutcome.FAILED:
        return deal.taker
    lost = deal.contre is not Contre.NONE or deal.capot is deal.taker
    return deal.taker.other if lost else None


def _scores(
    deal: ContreeDeal,
    profile: ContreeProfile,
    outcome: ContreeOutcome,
    totals: TeamPoints,
    declarations: int,
    belote: TeamPoints,
) -> TeamPoints:
    """Each team's exact score of the deal, by the table in the module's docstring."""
    if outcome is ContreeOutcome.MADE:
        return _made(deal, profile, totals, declarations, belote)
    return _failed(deal, profile, declarations, belote)


def _made(
    deal: ContreeDeal, profile: ContreeProfile, totals: TeamPoints, declarations: int,
    belote: TeamPoints,
) -> TeamPoints:  # fmt: skip
    taker, defenders = deal.taker, deal.taker.other
    multiplier = profile.multiplier(deal.contre)
    if profile.scoring is Scoring.BID_ONLY:
        points = (deal.bid + belote.of(taker)) * multiplier
    elif deal.contre is Contre.NONE:
        return TeamPoints.for_team(taker, totals.of(taker) + deal.bid, totals.of(defenders))
    else:
        base = CAPOT_PACKAGE if deal.capot is taker else CONTRE_PACKAGE
        points = (base + deal.bid + declarations + belote.of(taker)) * multiplier
    return TeamPoints.for_team(taker, points, belote.of(defenders))


def _failed(
    deal: ContreeDeal, profile: ContreeProfile, declarations: int, belote: TeamPoints
) -> TeamPoints:
    """The defence's package; the taker's team keeps its belote, unless a house rule gives it
    to the defence."""
    kept = belote.of(deal.taker)
    lost = kept if profile.failed_belote is FailedBelote.DEFENDERS else 0
    package = deal.bid + belote.of(deal.taker.other) + lost
    if profile.scoring is Scoring.POINTS_AND_BID:
        package += profile.failed_base + declarations
    multiplier = profile.multiplier(deal.contre)
    return TeamPoints.for_team(deal.taker.other, package * multiplier, kept - lost)


def _result(
    deal: ContreeDealInput,
    profile: ContreeProfile,
    *,
    kind: DealKind,
    outcome: ContreeOutcome | None,
    scores: TeamPoints,
    recorded: TeamPoints,
    loser: Team | None,
    cards: TeamPoints | None = None,
    raw: TeamPoints | None = None,
    counted: Counted | None = None,
    declared: TeamPoints = ZERO,
    taken: int = 0,
    totals: TeamPoints | None = None,
) -> ContreeResult:
    played = not isinstance(deal, AllPassed)
    belote = counted.belots if counted is not None else ZERO
    contre = deal.contre if played else Contre.NONE
    winner = None
    if outcome is not None:
        winner = deal.taker if outcome is ContreeOutcome.MADE else deal.taker.other
    return build_frozen(
        ContreeResult,
        kind=kind,
        taker=deal.taker if played else None,
        bid=deal.bid if played else None,
        trump=deal.trump if played else None,
        contre=contre,
        multiplier=profile.multiplier(contre),
        capot=deal.capot if played else None,
        card_points=cards,
        raw_card_points=raw,
        declaration_points=declared,
        declarations_taken=taken,
        belote=belote,
        declarations=counted.outcomes if counted is not None else (),
        totals=totals,
        outcome=outcome,
        winner=winner,
        scores=scores,
        recorded=recorded,
        belote_alone=belote_alone(scores, belote, loser, recorded),
        deal=deal,
        profile=profile,
    )
