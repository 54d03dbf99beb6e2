"""Checks that refuse impossible Bulgarian belot input before anything is scored.

Every check adds a :class:`Problem` instead of stopping, so one :class:`DealError` lists them all.
"""

from __future__ import annotations

from typing import Any

from ..core.deals import AllPassed, CardPoints
from ..core.declaration_checks import (
    belot_count_problems,
    belots_problems,
    declares,
    duplicate_carre_problems,
    hand_problems,
    is_declarations,
)
from ..core.declarations import NO_DECLARATIONS, TeamDeclarations
from ..core.problems import DealError, Problem, invalid, is_int, shown
from ..core.teams import Team
from .model import (
    CARD_TOTALS,
    IMPOSSIBLE_CARD_POINTS,
    MAX_BELOTS,
    Contract,
    ContraTie,
    DeclarationComparison,
    Double,
    InsideDeal,
    PlayedDeal,
    RuleProfile,
)


def validate_deal(deal: Any) -> None:
    """Raise :class:`DealError` listing every problem of ``deal``; return if there is none."""
    problems = deal_problems(deal)
    if problems:
        raise DealError(problems)


def deal_problems(deal: Any) -> list[Problem]:
    """Every problem of ``deal``; an empty list when it can be scored."""
    if isinstance(deal, AllPassed):
        return []
    if not isinstance(deal, (PlayedDeal, InsideDeal)):
        return [invalid("deal", deal, "deal")]
    problems = _type_problems(deal)
    if problems:
        return problems
    if isinstance(deal, PlayedDeal):
        problems += _card_point_problems(deal)
    declared_a, declared_b = deal.declarations_a, deal.declarations_b
    if declares(declared_a):
        problems += _team_problems(deal.contract, Team.A, declared_a)
    if declares(declared_b):
        problems += _team_problems(deal.contract, Team.B, declared_b)
    belots_valid = not any(problem.code == "belots_invalid" for problem in problems)
    belots = declared_a.belots or declared_b.belots
    if belots and belots_valid and deal.contract is not Contract.NO_TRUMPS:
        limit = MAX_BELOTS[deal.contract]
        problems += belot_count_problems(declared_a, declared_b, limit, deal.contract)
    if declared_a.carres or declared_b.carres:
        problems += duplicate_carre_problems(declared_a, declared_b)
    return problems


def _type_problems(deal: PlayedDeal | InsideDeal) -> list[Problem]:
    problems = []
    if not isinstance(deal.bidders, Team):
        problems.append(invalid("bidders", deal.bidders, "Team"))
    if not isinstance(deal.contract, Contract):
        problems.append(invalid("contract", deal.contract, "Contract"))
    if not isinstance(deal.double, Double):
        problems.append(invalid("double", deal.double, "Double"))
    if isinstance(deal, PlayedDeal):
        if deal.capot is not None and not isinstance(deal.capot, Team):
            problems.append(invalid("capot", deal.capot, "Team"))
        if deal.card_points is not None and not is_card_points(deal.card_points):
            problems.append(invalid("card_points", deal.card_points, "CardPoints"))
    for team, declared in ((Team.A, deal.declarations_a), (Team.B, deal.declarations_b)):
        if declared is not NO_DECLARATIONS and not is_declarations(declared):
            field = f"declarations_{team.field_suffix}"
            problems.append(invalid(field, declared, "TeamDeclarations"))
    return problems


def is_card_points(value: Any) -> bool:
    return isinstance(value, CardPoints) and isinstance(value.team, Team) and is_int(value.points)


def _card_point_problems(deal: PlayedDeal) -> list[Problem]:
    given, total = deal.card_points, CARD_TOTALS[deal.contract]
    if given is None:
        return [] if deal.capot is not None else [Problem("card_points_missing", "card_points")]
    if not 0 <= given.points <= total:
        params = {"points": given.points, "total": total}
        return [Problem("card_points_out_of_range", "card_points", params)]
    if given.points in IMPOSSIBLE_CARD_POINTS[deal.contract]:
        params = {"points": given.points, "contract": deal.contract.value}
        return [Problem("card_points_impossible", "card_points", params)]
    if deal.capot is not None:
        expected = total if given.team is deal.capot else 0
        if given.points != expected:
            params = {
                "capot": deal.capot.value,
                "team": given.team.value,
                "points": given.points,
                "expected": expected,
            }
            return [Problem("capot_card_points_mismatch", "capot", params)]
    return []


def _team_problems(contract: Contract, team: Team, declared: TeamDeclarations) -> list[Problem]:
    problems = belots_problems(team, declared)
    if contract is Contract.NO_TRUMPS:
        return problems + _no_trumps_problems(team, declared, belots_valid=not problems)
    if not (declared.sequences or declared.carres):
        return problems
    return problems + hand_problems(team, declared, checked=not problems)


def _no_trumps_problems(
    team: Team, declared: TeamDeclarations, belots_valid: bool
) -> list[Problem]:
    """No declarations and no belot in no trumps: there is no trump."""
    problems = []
    if declared.sequences or declared.carres:
        field = f"declarations_{team.field_suffix}"
        problems.append(Problem("declarations_in_no_trumps", field, {"team": team.value}))
    if belots_valid and declared.belots:
        params = {"team": team.value, "count": declared.belots}
        problems.append(Problem("belot_in_no_trumps", f"belots_{team.field_suffix}", params))
    return problems


def profile_problems(profile: Any) -> list[Problem]:
    if not isinstance(profile, RuleProfile):
        return [invalid("profile", profile, "RuleProfile")]
    problems = []
    if not is_int(profile.target) or profile.target < 1:
        problems.append(Problem("target_invalid", "target", {"target": shown(profile.target)}))
    kinds = (
        ("declaration_comparison", DeclarationComparison),
        ("contra_tie", ContraTie),
        ("no_trumps_capot_doubled", bool),
        ("capot_cannot_end_game", bool),
    )
    for name, kind in kinds:
        if not isinstance(getattr(profile, name), kind):
            problems.append(invalid(name, getattr(profile, name), kind.__name__))
    return problems
