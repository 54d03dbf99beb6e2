"""What classic belote and contrée / coinche share (``french-scoring.md``, "What the two games
share"): 162 card points, a capot's 252, belote-rebelote, the declarations and how they compare,
rounding to the nearest ten, the checks of card points and declarations, and the end of a game.

A deal's ``trump`` is a :class:`Suit`, or (contrée and coinche under a house rule) one of the
:class:`Trumps` contracts: no trumps ("sans atout") or all trumps ("tout atout"). Neither has
one trump suit (no suit is trumps in the one, every suit in the other), so equal sequences cannot
be told apart by one in trumps: both are cancelled.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol

from .core.cards import Rank, Suit
from .core.deals import CardPoints
from .core.declaration_checks import (
    belot_count_problems,
    belots_problems,
    declares,
    duplicate_carre_problems,
    hand_problems,
    is_declarations,
)
from .core.declarations import (
    USUAL_VALUES,
    Counted,
    DeclarationValues,
    InTrumps,
    TeamDeclarations,
    count_declarations,
)
from .core.match import GAME_GOES_ON, GameEnd
from .core.problems import Problem, invalid, is_int, shown
from .core.reader import Reader, card_points_to_dict, declarations_to_dict, join
from .core.teams import TEAMS, ZERO, Team, TeamPoints

CARD_TOTAL = 162  # card points of a deal, the last trick's 10 ("dix de der") included
CAPOT_BONUS = 90  # a capot's last trick is worth 100, not 10
CAPOT_CARD_POINTS = CARD_TOTAL + CAPOT_BONUS  # 252
IMPOSSIBLE_CARD_POINTS = frozenset({1, 161})  # no card is worth 1
MAX_BELOTES = 1  # one king and queen of trumps


class Trumps(StrEnum):
    """The contracts without one trump suit (contrée and coinche, a house rule). The values are
    Bulgarian belot's names of the same contracts."""

    NO = "no_trumps"  # sans atout (SA): every suit ranks and counts as a plain suit
    ALL = "all_trumps"  # tout atout (TA): every suit ranks and counts as trumps


TRUMPS = (*Suit, *Trumps)  # what a deal's trump may be, in the order a form shows them
# Carrés without trumps (FFB coinche): aces 200, tens 150, kings, queens, jacks and nines 100,
# strongest first; a belote cannot be held.
NO_TRUMPS_VALUES = DeclarationValues(
    {Rank.ACE: 200, Rank.TEN: 150, Rank.KING: 100, Rank.QUEEN: 100, Rank.JACK: 100,
     Rank.NINE: 100}
)  # fmt: skip


class FrenchDeal(Protocol):
    """What a played deal of either French game has."""

    taker: Team
    trump: Suit | Trumps
    card_points: CardPoints | None
    capot: Team | None
    declarations_a: TeamDeclarations
    declarations_b: TeamDeclarations
    sequence_in_trumps: InTrumps | None

    def declarations(self, team: Team) -> TeamDeclarations: ...


def round_to_ten(points: int) -> int:
    """To the nearest ten, 5 up: 84 to 80, 85 to 90."""
    return (points + 5) // 10 * 10


def card_points(deal: FrenchDeal) -> TeamPoints:
    """Both teams' card points: 252 to the team that took every trick, else 162 shared."""
    if deal.capot is not None:
        return TeamPoints.for_team(deal.capot, CAPOT_CARD_POINTS)
    given = deal.card_points
    return TeamPoints.for_team(given.team, given.points, CARD_TOTAL - given.points)


def declared_points(counted: Counted) -> TeamPoints:
    """The counted sequences and carrés per team, the belote left out."""
    points, belote = counted.points, counted.belots
    return TeamPoints(points.a - belote.a, points.b - belote.b)


def count(
    deal: FrenchDeal, explain: bool = False, values: DeclarationValues = USUAL_VALUES
) -> Counted:
    """The single best declaration's team scores all of its declarations (FFB); between equal
    sequences the one in trumps wins, and without one trump suit (no trumps, all trumps) both
    are cancelled; belote always counts for its team. ``values``: what carrés and belotes are
    worth in the deal's contract."""
    return count_declarations(
        deal.declarations_a,
        deal.declarations_b,
        pool=True,
        explain=explain,
        trump_tiebreak=isinstance(deal.trump, Suit),
        in_trumps=deal.sequence_in_trumps,
        values=values,
    )


def belote_alone(
    scores: TeamPoints, belote: TeamPoints, loser: Team | None, recorded: TeamPoints
) -> TeamPoints:
    """What a team that lost the deal and scored nothing else but its belote wrote from it (its
    belote, rounded like any score: all trumps' 5-point belote writes 10): it does not count
    towards the target ("a failed team does not win on its belote alone")."""
    if loser is None or not belote.of(loser) or scores.of(loser) != belote.of(loser):
        return ZERO
    return TeamPoints.for_team(loser, recorded.of(loser))


def game_end(target: int, totals: TeamPoints, belote: TeamPoints) -> GameEnd:
    """The one team that reached the target (not counting ``belote``, a belote alone) wins,
    whatever the other's total: equal or higher totals only decide between two teams that
    both reached it, the higher winning, and equal totals play another deal."""
    if max(totals.a, totals.b) < target:  # most deals: nobody is near it
        return GAME_GOES_ON
    reached = [team for team in TEAMS if totals.of(team) - belote.of(team) >= target]
    if len(reached) == 1:
        return GameEnd(winner=reached[0])
    if not reached or totals.a == totals.b:
        return GAME_GOES_ON
    return GameEnd(winner=Team.A if totals.a > totals.b else Team.B)


# Validation


def type_problems(deal: FrenchDeal) -> list[Problem]:
    """Values of the wrong type: programming errors, not user input."""
    problems = []
    if not isinstance(deal.taker, Team):
        problems.append(invalid("taker", deal.taker, "Team"))
    if not isinstance(deal.trump, (Suit, Trumps)):
        problems.append(invalid("trump", deal.trump, "Suit | Trumps"))
    if deal.capot is not None and not isinstance(deal.capot, Team):
        problems.append(invalid("capot", deal.capot, "Team"))
    given = deal.card_points
    if given is not None and not (
        isinstance(given, CardPoints) and isinstance(given.team, Team) and is_int(given.points)
    ):
        problems.append(invalid("card_points", given, "CardPoints"))
    for team, declared in zip(TEAMS, (deal.declarations_a, deal.declarations_b), strict=True):
        if not is_declarations(declared):
            problems.append(
                invalid(f"declarations_{team.field_suffix}", declared, "TeamDeclarations")
            )
    named = deal.sequence_in_trumps
    if named is not None and not isinstance(named, InTrumps):
        problems.append(invalid("sequence_in_trumps", named, "InTrumps"))
    return problems


def trumps_not_played(trump: Trumps) -> Problem:
    """No trumps or all trumps where the game (classic belote) or the match does not play them."""
    return Problem("trumps_not_played", "trump", {"trump": trump.value})


def card_point_problems(
    deal: FrenchDeal,
    total: int = CARD_TOTAL,
    impossible: frozenset[int] = IMPOSSIBLE_CARD_POINTS,
) -> list[Problem]:
    """One team's card points, 0 to ``total`` (162; by default 1 and 161 cannot happen), or a
    capot without them."""
    given = deal.card_points
    if given is None:
        return [] if deal.capot is not None else [Problem("card_points_missing", "card_points")]
    if deal.capot is not None:
        params = {"capot": deal.capot.value, "team": given.team.value, "points": given.points}
        return [Problem("capot_card_points_given", "card_points", params)]
    if not 0 <= given.points <= total:
        params = {"points": given.points, "total": total}
        return [Problem("card_points_out_of_range", "card_points", params)]
    if given.points in impossible:
        params = {"points": given.points, "contract": deal.trump.value}
        return [Problem("card_points_impossible", "card_points", params)]
    return []


def declaration_problems(
    deal: FrenchDeal, played: bool, max_belotes: int = MAX_BELOTES
) -> list[Problem]:
    """Sequences and carrés (refused when the game or house rule plays without them),
    ``max_belotes`` at most (when it is 0 the caller refuses any with its own code), each carré
    once, and whose sequence was in trumps: a team that declared one, in a suit contract."""
    a, b = deal.declarations_a, deal.declarations_b
    problems = []
    for team, declared in zip(TEAMS, (a, b), strict=True):
        if declares(declared):
            problems += _team_problems(team, declared, played)
    belots_valid = not any(problem.code == "belots_invalid" for problem in problems)
    if (a.belots or b.belots) and belots_valid and max_belotes:
        problems += belot_count_problems(a, b, max_belotes, deal.trump)
    if played and (a.carres or b.carres):
        problems += duplicate_carre_problems(a, b)
    named = deal.sequence_in_trumps
    if named is not None and isinstance(deal.trump, Trumps):
        params = {"trump": deal.trump.value}
        problems.append(Problem("sequence_in_trumps_no_suit", "sequence_in_trumps", params))
    elif named in (InTrumps.A, InTrumps.B):
        team = Team(named.value)
        if not deal.declarations(team).sequences:
            params = {"team": team.value}
            problems.append(Problem("sequence_in_trumps_undeclared", "sequence_in_trumps", params))
    return problems


def _team_problems(team: Team, declared: TeamDeclarations, played: bool) -> list[Problem]:
    problems = belots_problems(team, declared)
    if not (declared.sequences or declared.carres):
        return problems
    if not played:
        field = f"declarations_{team.field_suffix}"
        return problems + [Problem("declarations_not_played", field, {"team": team.value})]
    return problems + hand_problems(team, declared, checked=not problems)


def target_problems(target: Any) -> list[Problem]:
    if is_int(target) and target >= 1:
        return []
    return [Problem("target_invalid", "target", {"target": shown(target)})]


# Format version 2


def deal_fields_to_dict(deal: FrenchDeal) -> dict[str, Any]:
    """The keys both French games write after their own (taker, bid, trump, contre)."""
    return {
        "card_points": card_points_to_dict(deal.card_points),
        "capot": deal.capot.value if deal.capot is not None else None,
        "declarations": {
            team.value: declarations_to_dict(deal.declarations(team)) for team in Team
        },
        "sequence_in_trumps": (
            deal.sequence_in_trumps.value if deal.sequence_in_trumps is not None else None
        ),
    }


OPTIONAL_KEYS = ("card_points", "capot", "declarations", "sequence_in_trumps")


def read_deal_fields(reader: Reader, data: dict, path: str) -> dict[str, Any]:
    """The keys both French games read (a missing required key was noted by ``keys``)."""
    declarations_a, declarations_b = reader.all_declarations(data, path)
    capot = data.get("capot")
    named = data.get("sequence_in_trumps")
    return {
        "taker": reader.member(data, "taker", Team, path),
        "trump": _read_trump(reader, data, path),
        "card_points": reader.card_points(data.get("card_points"), join(path, "card_points")),
        "capot": None if capot is None else reader.enum(capot, Team, join(path, "capot")),
        "declarations_a": declarations_a,
        "declarations_b": declarations_b,
        "sequence_in_trumps": (
            None
            if named is None
            else reader.enum(named, InTrumps, join(path, "sequence_in_trumps"))
        ),
    }


def trump_of(value: str) -> Suit | Trumps:
    """The trump a dict or a form names: a :class:`Suit`, or no trumps or all trumps
    (``"no_trumps"``, ``"all_trumps"``); :class:`ValueError` for anything else."""
    if isinstance(value, str) and value in _SUITS:
        return Suit(value)
    return Trumps(value)


_SUITS = frozenset(Suit)


def _read_trump(reader: Reader, data: dict, path: str) -> Suit | Trumps | None:
    """A suit, or no trumps or all trumps (which the game or the match may refuse)."""
    if "trump" not in data:
        return None  # reported by ``keys``
    value = data["trump"]
    try:
        return trump_of(value)
    except ValueError:
        reader.invalid(join(path, "trump"), value, " | ".join(TRUMPS))
        return None
