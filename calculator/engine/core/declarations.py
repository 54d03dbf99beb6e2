"""Declarations and their comparison: sequences and carrés compared between the teams, belots
never.

Bulgarian belot compares sequences and carrés separately (``pool=False``) or, as a house rule, as
one pool (``pool=True``): the team with the strongest single declaration scores all of its
declarations. The French games always pool, and break a tie between two equal sequences (same
points, same top card) by the one in trumps (``trump_tiebreak=True``; the deal says whose best
sequence was in trumps, :class:`InTrumps`). A full tie cancels the compared declarations of both
teams. What carrés and belots are worth is the usual (:data:`USUAL_VALUES`) unless a contract
says otherwise (:class:`DeclarationValues`: the French no-trumps contract re-values its carrés,
a house rule its belotes). A team that took no trick (``no_trick``, Bulgarian belot) scores
nothing and takes no part in the comparison.

A sequence's top card is read only when two sequences tie on points; if a missing top card could
change the result, the comparison stops with ``sequence_top_card_needed``, once per team: a top
card given for one of a team's sequences of a class (terces, quartes, or five and more in a row)
is the top of that team's highest sequence of the class. Likewise the French tie-break asks
``sequence_in_trumps_needed`` when equal sequences meet and the deal does not say which was in
trumps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from .cards import BELOT_POINTS, CARRE_ORDER, CARRE_POINTS, RANKS, Rank
from .problems import DealError, Problem
from .steps import Step, step
from .teams import TEAMS, Team, TeamPoints

_TOP_ORDER = 7  # the ace's place in a sequence


@dataclass(frozen=True, slots=True)
class Sequence:
    """Cards in a row in one suit. The top card is needed only to break a tie."""

    length: int
    top: Rank | None = None

    @property
    def points(self) -> int:
        if self.length >= 5:
            return 100
        return 50 if self.length == 4 else 20


@dataclass(frozen=True, slots=True)
class Carre:
    """Four cards of one rank."""

    rank: Rank

    @property
    def points(self) -> int:
        return CARRE_POINTS[self.rank]


@dataclass(frozen=True, slots=True)
class Belot:
    """King and queen of trumps in one hand; one value per belot in a result."""

    @property
    def points(self) -> int:
        return BELOT_POINTS


@dataclass(frozen=True, slots=True)
class TeamDeclarations:
    """What one team declared in a deal (belots: Bulgarian belot's belots, the French belote)."""

    sequences: tuple[Sequence, ...] = ()
    carres: tuple[Carre, ...] = ()
    belots: int = 0


NO_DECLARATIONS = TeamDeclarations()


class InTrumps(StrEnum):
    """Whose best sequence was in trumps, when the teams' best sequences are equal (French)."""

    A = "A"
    B = "B"
    NEITHER = "neither"


class CancelReason(StrEnum):
    OUTRANKED = "outranked"  # the other team had a stronger one
    TIE = "tie"  # the strongest of both teams were equal: all cancelled
    NO_TRICK = "no_trick"  # the team took no trick (the other made a capot)


@dataclass(frozen=True)
class DeclarationValues:
    """What carrés and belots are worth in a contract, and how carrés rank.

    ``carre_points`` lists the carrés that exist, strongest first (two carrés never tie: each
    rank's exists once); ``belot`` is each belot's points.
    """

    carre_points: Mapping[Rank, int]
    belot: int = BELOT_POINTS
    carre_strength: Mapping[Rank, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ranks = tuple(self.carre_points)
        strength = {rank: len(ranks) - index for index, rank in enumerate(ranks)}
        object.__setattr__(self, "carre_points", MappingProxyType(dict(self.carre_points)))
        object.__setattr__(self, "carre_strength", MappingProxyType(strength))

    def points(self, item: Sequence | Carre) -> int:
        return self.carre_points[item.rank] if isinstance(item, Carre) else item.points


USUAL_VALUES = DeclarationValues({rank: CARRE_POINTS[rank] for rank in CARRE_ORDER})


@dataclass(frozen=True, slots=True)
class DeclarationOutcome:
    """One declaration or belot of a team, counted or cancelled with a reason.

    ``index`` is its position in the team's sequences, carrés or belots as entered; ``worth``
    is what it is worth in the deal's contract (a carré of aces is 200 without trumps in
    contrée, a belote 5 or 10 under a house rule of its all trumps).
    """

    team: Team
    declaration: Sequence | Carre | Belot
    index: int
    counted: bool
    reason: CancelReason | None = None
    worth: int | None = None

    @property
    def points(self) -> int:
        return self.declaration.points if self.worth is None else self.worth


@dataclass(frozen=True, slots=True)
class Counted:
    """The declarations' part of a deal: what counted, per team, and (if asked) the steps.

    ``points`` include the belots; ``belots`` are the belots' points alone.
    """

    outcomes: tuple[DeclarationOutcome, ...]
    points: TeamPoints
    steps: tuple[Step, ...]
    belots: TeamPoints = TeamPoints(0, 0)


# An entry is (team, index, declaration, its points in the deal's contract).
Entry = tuple[Team, int, Sequence | Carre, int]
_BELOT = Belot()
_NO_POINTS = TeamPoints(0, 0)
_NOTHING = Counted((), _NO_POINTS, ())


def count_declarations(
    declared_a: TeamDeclarations,
    declared_b: TeamDeclarations,
    *,
    pool: bool,
    no_trick: Team | None = None,
    explain: bool = False,
    trump_tiebreak: bool = False,
    in_trumps: InTrumps | None = None,
    values: DeclarationValues = USUAL_VALUES,
) -> Counted:
    """Compare the teams' declarations; ``no_trick`` is the team that took no trick, if any;
    ``values`` says what carrés and belots are worth in the deal's contract.

    The explanation steps are built only when ``explain`` is set (scoring a match skips them).
    """
    a, b = declared_a, declared_b
    if not (a.sequences or a.carres or a.belots or b.sequences or b.carres or b.belots):
        return _NOTHING
    declared = {Team.A: a, Team.B: b}
    outcomes: list[DeclarationOutcome] = []
    steps: list[Step] | None = [] if explain else None
    if no_trick is not None:
        _void(declared[no_trick], no_trick, outcomes, steps, values)
    teams = [team for team in TEAMS if team is not no_trick]
    sequences = [(t, i, s, s.points) for t in teams for i, s in enumerate(declared[t].sequences)]
    carres = [(t, i, c, values.points(c)) for t in teams for i, c in enumerate(declared[t].carres)]
    tiebreak = _TrumpTiebreak(in_trumps) if trump_tiebreak else None
    if pool:
        _compare(sequences + carres, "declarations", outcomes, steps, tiebreak, values)
    else:
        _compare(sequences, "sequences", outcomes, steps, None, values)
        _compare(carres, "carres", outcomes, steps, None, values)
    for team in teams:
        _belots(team, declared[team].belots, outcomes, steps, values.belot)
    points = [0, 0]
    for outcome in outcomes:
        if outcome.counted:
            points[outcome.team is Team.B] += outcome.points
    belots = _NO_POINTS
    if a.belots or b.belots:  # belots always count, unless their team took no trick
        belots = TeamPoints(*(0 if t is no_trick else declared[t].belots * values.belot
                              for t in TEAMS))  # fmt: skip
    return Counted(tuple(outcomes), TeamPoints(*points), tuple(steps or ()), belots)


def _void(
    declared: TeamDeclarations,
    team: Team,
    outcomes: list,
    steps: list | None,
    values: DeclarationValues,
) -> None:
    items = [
        (i, item, values.points(item))
        for i, item in [*enumerate(declared.sequences), *enumerate(declared.carres)]
    ]
    items += [(index, _BELOT, values.belot) for index in range(declared.belots)]  # fmt: skip
    for index, item, worth in items:
        outcomes.append(DeclarationOutcome(team, item, index, False, CancelReason.NO_TRICK, worth))
    if items and steps is not None:
        points = sum(worth for _, _, worth in items)
        steps.append(step("declarations_void_no_trick", team=team, points=points))


def _belots(team: Team, count: int, outcomes: list, steps: list | None, worth: int) -> None:
    for index in range(count):
        outcomes.append(DeclarationOutcome(team, _BELOT, index, True, None, worth))
    if count and steps is not None:
        steps.append(step("belot", team=team, count=count, points=count * worth))


@dataclass(frozen=True, slots=True)
class _TrumpTiebreak:
    """The French rule for equal sequences: the one in trumps wins, else all are cancelled."""

    in_trumps: InTrumps | None


def _compare(
    entries: list[Entry],
    what: str,
    outcomes: list,
    steps: list | None,
    tiebreak: _TrumpTiebreak | None,
    values: DeclarationValues,
) -> None:
    """Count the entries of the stronger team, or cancel all of them on a full tie."""
    if not entries:
        return
    by_team = {team: [e for e in entries if e[0] is team] for team in TEAMS}
    if not by_team[Team.A] or not by_team[Team.B]:
        team = entries[0][0]
        _record(entries, team, outcomes)
        if steps is not None:
            steps.append(step(f"{what}_unopposed", team=team, points=_sum(entries)))
        return
    best = {team: _best(items, values) for team, items in by_team.items()}
    winner = _winner(best[Team.A], best[Team.B])
    in_trumps = winner is None and tiebreak is not None
    if in_trumps:
        winner = _trump_winner(best, tiebreak)
    _record(entries, winner, outcomes)
    if steps is None:
        return
    if winner is None:
        steps.append(_tie_step(what, best, by_team))
        return
    won, lost = by_team[winner], by_team[winner.other]
    params = {"team": winner, "points": _sum(won), "cancelled": _sum(lost)}
    if in_trumps:
        steps.append(_trump_step(winner, params, best))
        return
    params |= _describe(best[winner].entry, what, "")
    params |= _describe(best[winner.other].entry, what, "other_")
    steps.append(step(f"{what}_won", **params))


@dataclass(frozen=True, slots=True)
class _Best:
    """A team's strongest declarations: their class, and the range its top card may lie in."""

    points: int
    is_carre: bool
    low: int  # the strongest card the team surely has in this class
    high: int  # the strongest it may have, given the top cards left out
    asked: Entry | None  # the sequence to ask the top card of, when none of the class has one
    entry: Entry  # the one named in the explanation


def _best(entries: list[Entry], values: DeclarationValues) -> _Best:
    """A team's strongest class of declarations and how high its top card reaches.

    A top card known in a class (given, or a sequence of eight, which ends on the ace) is the top
    of the team's highest sequence of that class: the team's other sequences of the class are
    not higher. So a team is asked for one top card per class, never once per sequence.
    """
    points, is_carre = max(_class(entry) for entry in entries)
    strongest = [entry for entry in entries if _class(entry) == (points, is_carre)]
    if is_carre:
        strength = values.carre_strength
        rank = max(strength[entry[2].rank] for entry in strongest)
        chosen = next(e for e in strongest if strength[e[2].rank] == rank)
        return _Best(points, True, rank, rank, None, chosen)
    low = max(_lowest_top(entry[2]) for entry in strongest)
    known = any(_highest_top(entry[2]) == _lowest_top(entry[2]) for entry in strongest)
    chosen = max(strongest, key=lambda e: (_lowest_top(e[2]), e[2].top is not None, e[2].length))
    if known:
        return _Best(points, False, low, low, None, chosen)
    return _Best(points, False, low, _TOP_ORDER, strongest[0], chosen)


def _class(entry: Entry) -> tuple[int, bool]:
    """Points first; at equal points a carré beats a sequence."""
    return entry[3], isinstance(entry[2], Carre)


def _lowest_top(sequence: Sequence) -> int:
    return sequence.top.order if sequence.top is not None else sequence.length - 1


def _highest_top(sequence: Sequence) -> int:
    return sequence.top.order if sequence.top is not None else _TOP_ORDER


def _winner(a: _Best, b: _Best) -> Team | None:
    """The stronger team, or ``None`` on a full tie; top cards are asked for when needed."""
    if (a.points, a.is_carre) != (b.points, b.is_carre):
        return Team.A if (a.points, a.is_carre) > (b.points, b.is_carre) else Team.B
    if a.low > b.high:
        return Team.A
    if b.low > a.high:
        return Team.B
    if a.low == a.high == b.low == b.high:
        return None
    # Only a team whose best top card is still open is asked: a known ace settles its own side.
    raise DealError(_top_card_problems(best.asked for best in (a, b) if best.low < best.high))


def _trump_winner(best: dict[Team, _Best], tiebreak: _TrumpTiebreak) -> Team | None:
    """Equal sequences (carrés never tie): the team whose one was in trumps, if either."""
    if tiebreak.in_trumps is None:
        a, b = best[Team.A].entry[2], best[Team.B].entry[2]
        params = {"length_a": a.length, "length_b": b.length, "top": RANKS[best[Team.A].low]}
        raise DealError.single("sequence_in_trumps_needed", "sequence_in_trumps", **params)
    if tiebreak.in_trumps is InTrumps.NEITHER:
        return None
    return Team(tiebreak.in_trumps.value)


def _top_card_problems(entries: Iterable[Entry]) -> list[Problem]:
    return [
        Problem(
            "sequence_top_card_needed",
            f"declarations_{team.field_suffix}",
            {"team": team, "index": index, "length": sequence.length},
        )
        for team, index, sequence, _points in entries
    ]


def _record(entries: list[Entry], winner: Team | None, outcomes: list) -> None:
    for team, index, item, worth in entries:
        if team is winner:
            outcomes.append(DeclarationOutcome(team, item, index, True, None, worth))
        else:
            reason = CancelReason.TIE if winner is None else CancelReason.OUTRANKED
            outcomes.append(DeclarationOutcome(team, item, index, False, reason, worth))


def _tie_step(what: str, best: dict[Team, _Best], by_team: dict[Team, list[Entry]]) -> Step:
    a, b = best[Team.A].entry[2], best[Team.B].entry[2]
    return step(
        f"{what}_cancelled_tie",
        length_a=a.length,
        length_b=b.length,
        top=RANKS[best[Team.A].low],
        points_a=_sum(by_team[Team.A]),
        points_b=_sum(by_team[Team.B]),
    )


def _trump_step(winner: Team, params: dict, best: dict[Team, _Best]) -> Step:
    mine, theirs = best[winner].entry[2], best[winner.other].entry[2]
    return step(
        "declarations_won_in_trumps",
        **params,
        length=mine.length,
        top=RANKS[best[winner].low],
        other_length=theirs.length,
    )


# What the explanation says about a team's strongest declaration, per comparison.
_DESCRIBED = {
    "sequences": ("length", "top"),
    "carres": ("rank",),
    "declarations": ("kind", "length", "top", "rank"),
}


def _describe(entry: Entry, what: str, prefix: str) -> dict[str, object]:
    item = entry[2]
    if isinstance(item, Carre):
        values = {"kind": "carre", "length": None, "top": None, "rank": item.rank}
    else:
        values = {"kind": "sequence", "length": item.length, "top": item.top, "rank": None}
    return {prefix + key: values[key] for key in _DESCRIBED[what]}


def _sum(entries: Iterable[Entry]) -> int:
    return sum(entry[3] for entry in entries)
