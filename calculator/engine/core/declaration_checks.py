"""Checks of declared sequences, carrés and belots that every game with declarations shares.

Each check returns a list of :class:`Problem` instead of stopping, so one :class:`DealError` lists
them all. What a game adds (no declarations in no trumps, how many belots a contract allows, a
game played without declarations) stays in the game's own validation.
"""

from __future__ import annotations

from enum import StrEnum
from itertools import combinations
from typing import Any

from .cards import (
    CARRE_STRENGTH,
    HAND_SIZE,
    RANKS,
    SEQUENCE_MAX_LENGTH,
    SEQUENCE_MIN_LENGTH,
    Rank,
)
from .declarations import NO_DECLARATIONS, Carre, Sequence, TeamDeclarations
from .problems import Problem, is_int, shown
from .teams import TEAMS, Team


def declares(declared: TeamDeclarations) -> bool:
    """Whether there is anything to check (a belot count of 0 is the only empty one)."""
    return bool(declared.sequences or declared.carres) or declared.belots != 0


def is_declarations(value: Any) -> bool:
    """Whether ``value`` is a well-typed :class:`TeamDeclarations`."""
    if value is NO_DECLARATIONS:
        return True
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
    for item in carres:  # a loop, not all(): a match checks every deal's declarations
        if not isinstance(item, Carre) or not isinstance(item.rank, Rank):
            return False
    return True


def belots_problems(team: Team, declared: TeamDeclarations) -> list[Problem]:
    belots = declared.belots
    if is_int(belots) and belots >= 0:
        return []
    params = {"team": team.value, "count": shown(belots)}
    return [Problem("belots_invalid", f"belots_{team.field_suffix}", params)]


def hand_problems(team: Team, declared: TeamDeclarations, checked: bool) -> list[Problem]:
    """Sequence lengths and top cards, carré ranks, then whether it all fits in two hands.

    The last check runs only when nothing is wrong with the team's declarations so far
    (``checked``: no problem was found for the team before this call).
    """
    problems = []
    if declared.sequences:
        problems += _sequence_problems(team, declared.sequences)
    if declared.carres:
        problems += _carre_rank_problems(team, declared.carres)
    if checked and not problems and not _fits_two_hands(declared):
        cards = sum(item.length for item in declared.sequences) + 4 * len(declared.carres)
        params = {"team": team.value, "cards": cards}
        field = f"declarations_{team.field_suffix}"
        problems.append(Problem("declarations_exceed_hand", field, params))
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
            lowest = RANKS[sequence.length - 1]
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


def belot_count_problems(
    declared_a: TeamDeclarations, declared_b: TeamDeclarations, limit: int, contract: StrEnum
) -> list[Problem]:
    """At most ``limit`` belots in the deal (``contract``, or the trump, sets the limit; its
    value is read only for a problem: a match checks every deal)."""
    belots = declared_a.belots + declared_b.belots
    if belots <= limit:
        return []
    params = {"count": belots, "max": limit, "contract": contract}
    return [Problem("too_many_belots", "belots", params)]


def duplicate_carre_problems(
    declared_a: TeamDeclarations, declared_b: TeamDeclarations
) -> list[Problem]:
    """Each rank's carré exists once in the deck."""
    holders: dict[Rank, list[Team]] = {}
    for team, declared in zip(TEAMS, (declared_a, declared_b), strict=True):
        for carre in declared.carres:
            holders.setdefault(carre.rank, []).append(team)
    problems = []
    for rank, teams in holders.items():
        if len(teams) > 1:
            one_team = len(set(teams)) == 1
            field = f"declarations_{teams[0].field_suffix}" if one_team else "declarations"
            params = {"rank": rank.value, "teams": [team.value for team in teams]}
            problems.append(Problem("carre_duplicate", field, params))
    return problems
