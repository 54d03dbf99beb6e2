"""Scoring one Bulgarian belot deal: from what the scorer typed in to what each team records.

The order follows the spec: raw totals, game points by the rounding rule, then who records what
(made, inside, hanging; contra and recontra), and last the hanging points carried in. The
explanation steps are built from the result when they are first read (see ``explain.py``), so
folding a long match does not pay for sentences nobody reads.
"""

from __future__ import annotations

from ..core.deals import DealKind
from ..core.declarations import Counted
from ..core.frozen import build_frozen
from ..core.problems import DealError, Problem, is_int, shown
from ..core.teams import ZERO, Team, TeamPoints
from .declarations import count
from .model import (
    BASE_VALUES,
    CARD_TOTALS,
    DEFAULT_PROFILE,
    ROUND_UP_FROM,
    Contract,
    ContraTie,
    Deal,
    Double,
    InsideDeal,
    Outcome,
    PlayedDeal,
    RuleProfile,
)
from .results import DealResult
from .validate import deal_problems, profile_problems


def score_deal(deal: Deal, profile: RuleProfile = DEFAULT_PROFILE, hanging: int = 0) -> DealResult:
    """Score ``deal`` by ``profile`` with ``hanging`` points carried in from earlier deals.

    Raises :class:`DealError` listing every problem of bad input.
    """
    problems = profile_problems(profile) + deal_problems(deal)
    if not is_int(hanging) or hanging < 0:
        problems.append(Problem("hanging_invalid", "hanging", {"hanging": shown(hanging)}))
    if problems:
        raise DealError(problems)
    return score_valid_deal(deal, profile, hanging)


def score_valid_deal(deal: Deal, profile: RuleProfile, hanging: int) -> DealResult:
    """:func:`score_deal` for input already validated (a match validates once, up front)."""
    if isinstance(deal, PlayedDeal):
        return _score_played(deal, profile, hanging)
    if isinstance(deal, InsideDeal):
        return _score_inside(deal, profile, hanging)
    return build_frozen(
        DealResult,
        kind=DealKind.ALL_PASSED,
        contract=None,
        bidders=None,
        double=Double.NONE,
        capot=None,
        card_points=None,
        raw_totals=None,
        game_points=None,
        declaration_points=ZERO,
        declarations=(),
        outcome=None,
        winner=None,
        value=0,
        recorded=ZERO,
        hanging_added=0,
        hanging_in=hanging,
        hanging_taken=0,
        hanging_out=hanging,
        deal=deal,
        profile=profile,
    )


def round_game_points(raw: int, up_from: int) -> int:
    """Raw points / 10, rounded up when the last digit is ``up_from`` or more."""
    tens, digit = divmod(raw, 10)
    return tens + 1 if digit >= up_from else tens


def card_points(deal: PlayedDeal) -> TeamPoints:
    """Both teams' card points: the typed-in team's, and the rest of the total to the other."""
    total = CARD_TOTALS[deal.contract]
    if deal.capot is not None:
        return TeamPoints.for_team(deal.capot, total)
    given = deal.card_points
    return TeamPoints.for_team(given.team, given.points, total - given.points)


def raw_totals(
    deal: PlayedDeal, profile: RuleProfile, cards: TeamPoints, counted: Counted
) -> TeamPoints:
    """Card points (doubled in no trumps) + counted declarations and belots + capot bonus."""
    factor = 2 if deal.contract is Contract.NO_TRUMPS else 1
    a = cards.a * factor + counted.points.a
    b = cards.b * factor + counted.points.b
    if deal.capot is Team.A:
        a += profile.capot_bonus(deal.contract)
    elif deal.capot is Team.B:
        b += profile.capot_bonus(deal.contract)
    return TeamPoints(a, b)


def _score_played(deal: PlayedDeal, profile: RuleProfile, hanging: int) -> DealResult:
    capot, bidders = deal.capot, deal.bidders
    cards = card_points(deal)
    counted = count(deal, profile, capot.other if capot is not None else None)
    raw = raw_totals(deal, profile, cards, counted)
    game, outcome = game_points(deal.contract, bidders, raw)
    recorded, added = _distribute(deal.double, profile, bidders, outcome, game)
    winner = winner_of(bidders, outcome)
    return _result(DealKind.PLAYED, deal, profile, hanging, outcome, winner, recorded, added,
                   counted, cards, raw, game)  # fmt: skip


def winner_of(bidders: Team, outcome: Outcome) -> Team | None:
    """The team with more raw points: it takes the hanging points carried in."""
    if outcome is Outcome.MADE:
        return bidders
    return bidders.other if outcome is Outcome.INSIDE else None


def game_points(contract: Contract, bidders: Team, raw: TeamPoints) -> tuple[TeamPoints, Outcome]:
    """Both teams' game points, and whether the bidders made it, are inside or hang."""
    more, fewer = ROUND_UP_FROM[contract]
    if bidders is Team.A:
        raw_bidders, raw_defenders = raw.a, raw.b
    else:
        raw_bidders, raw_defenders = raw.b, raw.a
    if raw_bidders > raw_defenders:
        outcome, up_bidders, up_defenders = Outcome.MADE, more, fewer
    elif raw_bidders < raw_defenders:
        outcome, up_bidders, up_defenders = Outcome.INSIDE, fewer, more
    else:
        outcome, up_bidders, up_defenders = Outcome.HANGING, fewer, more
    points_bidders = round_game_points(raw_bidders, up_bidders)
    points_defenders = round_game_points(raw_defenders, up_defenders)
    return TeamPoints.for_team(bidders, points_bidders, points_defenders), outcome


def _distribute(
    double: Double, profile: RuleProfile, bidders: Team, outcome: Outcome, game: TeamPoints
) -> tuple[TeamPoints, int]:
    """What each team records now, and what hangs."""
    if outcome is Outcome.MADE and double is Double.NONE:
        return game, 0
    multiplier = double.multiplier
    if outcome is Outcome.MADE:
        return TeamPoints.for_team(bidders, game.total * multiplier), 0
    defenders = bidders.other
    if outcome is Outcome.INSIDE:
        return TeamPoints.for_team(defenders, game.total * multiplier), 0
    if double is Double.NONE or profile.contra_tie is ContraTie.BIDDERS_HANG:
        recorded = TeamPoints.for_team(defenders, game.of(defenders) * multiplier)
        return recorded, game.of(bidders) * multiplier
    return ZERO, game.total * multiplier


def _score_inside(deal: InsideDeal, profile: RuleProfile, hanging: int) -> DealResult:
    """The bidders lost: the defenders take the contract's value and every counted declaration.

    Declarations still compare between the teams; the bidders' counted declarations and belots
    go to the defenders, as in an inside deal with card points.
    """
    counted = count(deal, profile)
    value = BASE_VALUES[deal.contract] + counted.points.total // 10
    defenders = deal.bidders.other
    recorded = TeamPoints.for_team(defenders, value * deal.double.multiplier)
    return _result(DealKind.INSIDE, deal, profile, hanging, Outcome.INSIDE, defenders, recorded,
                   0, counted, None, None, None)  # fmt: skip


def _result(
    kind: DealKind,
    deal: PlayedDeal | InsideDeal,
    profile: RuleProfile,
    hanging: int,
    outcome: Outcome,
    winner: Team | None,
    recorded: TeamPoints,
    added: int,
    counted: Counted,
    cards: TeamPoints | None,
    raw: TeamPoints | None,
    game: TeamPoints | None,
) -> DealResult:
    """The result, with the hanging points carried in: the winner takes them, a tie keeps them."""
    taken = hanging if winner is not None else 0
    return build_frozen(
        DealResult,
        kind=kind,
        contract=deal.contract,
        bidders=deal.bidders,
        double=deal.double,
        capot=deal.capot if kind is DealKind.PLAYED else None,
        card_points=cards,
        raw_totals=raw,
        game_points=game,
        declaration_points=counted.points,
        declarations=counted.outcomes,
        outcome=outcome,
        winner=winner,
        value=recorded.total + added,
        recorded=recorded,
        hanging_added=added,
        hanging_in=hanging,
        hanging_taken=taken,
        hanging_out=hanging - taken + added,
        deal=deal,
        profile=profile,
    )
