"""Checks that refuse impossible input before anything is scored.

Every check adds a :class:`Problem` instead of stopping, so one :class:`DealError` lists them all.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .errors import DealError, Problem
from .model import (
    CARD_TOTALS,
    CARRE_STRENGTH,
    IMPOSSIBLE_CARD_POINTS,
    MAX_BELOTS,
    NO_DECLARATIONS,
    SEQUENCE_MAX_LENGTH,
    SEQUENCE_MIN_LENGTH,
    TEAMS,
    AllPassed,
    CardPoints,
    Carre,
    Contract,
    ContraTie,
    DeclarationComparison,
    Double,
    InsideDeal,
    PlayedDeal,
    Rank,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
)

HAND_SIZE = 8
_RANKS = tuple(Rank)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
        return [_invalid("deal", deal, "deal")]
    problems = _type_problems(deal)
    if problems:
        return problems
    if isinstance(deal, PlayedDeal):
        problems += _card_point_problems(deal)
    declared_a, declared_b = deal.declarations_a, deal.declarations_b
    if _declares(declared_a):
        problems += _team_problems(deal.contract, Team.A, declared_a)
    if _declares(declared_b):
        problems += _team_problems(deal.contract, Team.B, declared_b)
    belots_valid = not any(problem.code == "belots_invalid" for problem in problems)
    if (declared_a.belots or declared_b.belots) and belots_valid:
        problems += _belot_count_problems(deal)
    if declared_a.carres or declared_b.carres:
        problems += _duplicate_carre_problems(deal)
    return problems


def _declares(declared: TeamDeclarations) -> bool:
    """Whether there is anything to check (a belot count of 0 is the only empty one)."""
    return bool(declared.sequences or declared.carres) or declared.belots != 0


def shown(value: Any) -> Any:
    """The value itself when it is a JSON scalar, else its repr: params stay JSON-able. A lone
    surrogate in a string (JSON allows "\\ud800", UTF-8 does not) is shown escaped."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value if value is None or isinstance(value, (bool, int, float)) else repr(value)


def _invalid(field: str, value: Any, expected: str) -> Problem:
    return Problem("value_invalid", field, {"value": shown(value), "expected": expected})


def _type_problems(deal: PlayedDeal | InsideDeal) -> list[Problem]:
    problems = []
    if not isinstance(deal.bidders, Team):
        problems.append(_invalid("bidders", deal.bidders, "Team"))
    if not isinstance(deal.contract, Contract):
        problems.append(_invalid("contract", deal.contract, "Contract"))
    if not isinstance(deal.double, Double):
        problems.append(_invalid("double", deal.double, "Double"))
    if isinstance(deal, PlayedDeal):
        if deal.capot is not None and not isinstance(deal.capot, Team):
            problems.append(_invalid("capot", deal.capot, "Team"))
        if deal.card_points is not None and not _is_card_points(deal.card_points):
            problems.append(_invalid("card_points", deal.card_points, "CardPoints"))
    for team, declared in ((Team.A, deal.declarations_a), (Team.B, deal.declarations_b)):
        if declared is not NO_DECLARATIONS and not _is_declarations(declared):
            field = f"declarations_{team.field_suffix}"
            problems.append(_invalid(field, declared, "TeamDeclarations"))
    return problems


def _is_card_points(value: Any) -> bool:
    return isinstance(value, CardPoints) and isinstance(value.team, Team) and is_int(value.points)


def _is_declarations(value: Any) -> bool:
    if not isinstance(value, TeamDeclarations):
        return False
    sequences, carres = value.sequences, value.carres
    if not isinstance(sequences, tuple) or not isinstance(carres, tuple):
        return False
    for item in sequences:
        if not isinstance(item, Sequence) or not is_int(item.length):
            return False
        if item.top is not None and not isinstance(item.top, Rank):
            return False
    return all(isinstance(item, Carre) and isinstance(item.rank, Rank) for item in carres)


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
    problems = []
    belots, sequences, carres = declared.belots, declared.sequences, declared.carres
    if not is_int(belots) or belots < 0:
        params = {"team": team.value, "count": shown(belots)}
        problems.append(Problem("belots_invalid", f"belots_{team.field_suffix}", params))
    if contract is Contract.NO_TRUMPS:
        return problems + _no_trumps_problems(team, declared, belots_valid=not problems)
    if not (sequences or carres):
        return problems
    if sequences:
        problems += _sequence_problems(team, sequences)
    if carres:
        problems += _carre_rank_problems(team, carres)
    if not problems and not _fits_two_hands(declared):
        cards = sum(item.length for item in declared.sequences) + 4 * len(declared.carres)
        params = {"team": team.value, "cards": cards}
        field = f"declarations_{team.field_suffix}"
        problems.append(Problem("declarations_exceed_hand", field, params))
    return problems


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


def _sequence_problems(team: Team, sequences: tuple[Sequence, ...]) -> list[Problem]:
    field = f"declarations_{team.field_suffix}"
    problems = []
    for index, sequence in enumerate(sequences):
        base = {"team": team.value, "index": index, "length": sequence.length}
        if not SEQUENCE_MIN_LENGTH <= sequence.length <= SEQUENCE_MAX_LENGTH:
            params = base | {"min": SEQUENCE_MIN_LENGTH, "max": SEQUENCE_MAX_LENGTH}
            problems.append(Problem("sequence_length_invalid", field, params))
        elif sequence.top is not None and sequence.top.order < sequence.length - 1:
            lowest = _RANKS[sequence.length - 1]
            params = base | {"top": sequence.top.value, "lowest": lowest.value}
            problems.append(Problem("sequence_top_too_low", field, params))
    return problems


def _carre_rank_problems(team: Team, carres: tuple[Carre, ...]) -> list[Problem]:
    field = f"declarations_{team.field_suffix}"
    return [
        Problem("carre_rank_invalid", field, {"team": team.value, "index": i, "rank": c.rank.value})
        for i, c in enumerate(carres)
        if c.rank not in CARRE_STRENGTH
    ]


def _fits_two_hands(declared: TeamDeclarations) -> bool:
    """Whether the team's sequences and carrés fit into two hands of eight cards.

    A card counts in a sequence or a carré, never both, so each hand holds its declarations'
    cards side by side.
    """
    sizes = [item.length for item in declared.sequences] + [4] * len(declared.carres)
    total = sum(sizes)
    if total <= HAND_SIZE:
        return True
    if total > 2 * HAND_SIZE:
        return False
    for count in range(1, len(sizes)):
        for hand in combinations(sizes, count):
            if sum(hand) <= HAND_SIZE and total - sum(hand) <= HAND_SIZE:
                return True
    return False


def _belot_count_problems(deal: PlayedDeal | InsideDeal) -> list[Problem]:
    belots = deal.declarations_a.belots + deal.declarations_b.belots
    limit = MAX_BELOTS[deal.contract]
    if deal.contract is Contract.NO_TRUMPS or belots <= limit:
        return []
    params = {"count": belots, "max": limit, "contract": deal.contract.value}
    return [Problem("too_many_belots", "belots", params)]


def _duplicate_carre_problems(deal: PlayedDeal | InsideDeal) -> list[Problem]:
    holders: dict[Rank, list[Team]] = {}
    for team in TEAMS:
        for carre in deal.declarations(team).carres:
            holders.setdefault(carre.rank, []).append(team)
    problems = []
    for rank, teams in holders.items():
        if len(teams) > 1:
            one_team = len(set(teams)) == 1
            field = f"declarations_{teams[0].field_suffix}" if one_team else "declarations"
            params = {"rank": rank.value, "teams": [team.value for team in teams]}
            problems.append(Problem("carre_duplicate", field, params))
    return problems


def profile_problems(profile: Any) -> list[Problem]:
    if not isinstance(profile, RuleProfile):
        return [_invalid("profile", profile, "RuleProfile")]
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
            problems.append(_invalid(name, getattr(profile, name), kind.__name__))
    return problems
