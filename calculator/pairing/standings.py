"""The standings after some rounds: wins, then the tie-breaks in order.

1. **wins** (a bye counts as a win);
2. **points difference**: points scored less points conceded, over all the pair's matches;
3. **points scored**;
4. **Buchholz**: the sum of the opponents' wins, each opponent counted once per meeting. A bye
   counts as an opponent with the pair's own wins (the unplayed round neither helps nor hurts
   it, as in FIDE's tie-break regulations since 2023); a withdrawn opponent counts with the wins
   it had when it withdrew (it plays no more);
5. **head to head**: among the pairs still tied on all of the above, the wins in the matches
   they played against each other;
6. the **seed** (the order of the list of pairs), so that the order is always complete.

A bye is a win worth ``bye_points`` to 0 (the site passes the match's target: a walkover).
See ``docs/tournaments.md`` for why these and in this order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from .model import Pair, PairId, RoundResult, check_pairs, check_rounds


@dataclass(frozen=True, slots=True)
class Standing:
    """One pair's line in the standings."""

    place: int  # from 1
    pair: PairId
    seed: int  # its place in the list of pairs, from 1
    wins: int  # byes included
    losses: int
    byes: int
    points_for: int  # byes included
    points_against: int
    buchholz: int
    head_to_head: int  # wins against the pairs tied with it on wins to Buchholz (0: none tied)
    opponents: tuple[PairId, ...]  # in the order of the rounds, byes left out
    withdrawn: bool  # it plays no more rounds

    @property
    def points_difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def played(self) -> int:
        """Matches played, byes left out."""
        return self.wins + self.losses - self.byes

    def key(self) -> tuple[int, int, int, int]:
        """The tie-breaks before head to head, the larger the better."""
        return (self.wins, self.points_difference, self.points_for, self.buchholz)


@dataclass(slots=True)
class _Record:
    """A pair's figures while the rounds are added up."""

    wins: int = 0
    losses: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0


def standings(
    pairs: Sequence[Pair], rounds: Sequence[RoundResult], *, bye_points: int
) -> tuple[Standing, ...]:
    """Every pair's line, best first, after ``rounds``. Raises
    :class:`~calculator.pairing.model.TournamentError` for inconsistent input."""
    by_id = check_pairs(pairs)
    check_rounds(by_id, rounds)
    records = _records(pairs, rounds, bye_points)
    opponents = _opponents(pairs, rounds)
    buchholz = {
        pair.id: sum(records[opponent].wins for opponent in opponents[pair.id]) for pair in pairs
    }
    seeds = {pair.id: seed for seed, pair in enumerate(pairs, start=1)}
    next_round = len(rounds) + 1
    lines = [
        _line(pair, seeds[pair.id], records[pair.id], buchholz[pair.id], opponents[pair.id])
        for pair in pairs
    ]
    lines = [_with(line, withdrawn=not by_id[line.pair].plays(next_round)) for line in lines]
    return _ordered(lines, rounds)


def _records(
    pairs: Sequence[Pair], rounds: Sequence[RoundResult], bye_points: int
) -> dict[PairId, _Record]:
    records = {pair.id: _Record() for pair in pairs}
    for round_ in rounds:
        for match in round_.matches:
            for side in (match.a, match.b):
                record = records[side]
                scored, conceded = match.points_of(side)
                record.points_for += scored
                record.points_against += conceded
                if side == match.winner:
                    record.wins += 1
                else:
                    record.losses += 1
        if round_.bye is not None:
            record = records[round_.bye]
            record.wins += 1
            record.byes += 1
            record.points_for += bye_points
    return records


def _opponents(pairs: Sequence[Pair], rounds: Sequence[RoundResult]) -> dict[PairId, list]:
    """Each pair's opponents in Buchholz's sense: a bye is the pair itself."""
    opponents: dict[PairId, list[PairId]] = {pair.id: [] for pair in pairs}
    for round_ in rounds:
        for match in round_.matches:
            opponents[match.a].append(match.b)
            opponents[match.b].append(match.a)
        if round_.bye is not None:
            opponents[round_.bye].append(round_.bye)
    return opponents


def _line(pair: Pair, seed: int, record: _Record, buchholz: int, opponents: list) -> Standing:
    return Standing(
        place=0,
        pair=pair.id,
        seed=seed,
        wins=record.wins,
        losses=record.losses,
        byes=record.byes,
        points_for=record.points_for,
        points_against=record.points_against,
        buchholz=buchholz,
        head_to_head=0,
        opponents=tuple(opponent for opponent in opponents if opponent != pair.id),
        withdrawn=False,
    )


def _with(line: Standing, **changes) -> Standing:
    fields = {name: getattr(line, name) for name in Standing.__slots__}
    fields.update(changes)
    return Standing(**fields)


def _ordered(lines: list[Standing], rounds: Sequence[RoundResult]) -> tuple[Standing, ...]:
    """The lines sorted by the tie-breaks, head to head worked out within each tied group."""
    groups: dict[tuple[int, int, int, int], list[Standing]] = defaultdict(list)
    for line in lines:
        groups[line.key()].append(line)
    ordered = []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        if len(group) > 1:
            group = _head_to_head(group, rounds)
        ordered.extend(sorted(group, key=lambda line: (-line.head_to_head, line.seed)))
    return tuple(_with(line, place=place) for place, line in enumerate(ordered, start=1))


def _head_to_head(group: list[Standing], rounds: Sequence[RoundResult]) -> list[Standing]:
    """The group's lines with their wins against each other."""
    tied = {line.pair for line in group}
    wins = dict.fromkeys(tied, 0)
    for round_ in rounds:
        for match in round_.matches:
            if match.a in tied and match.b in tied:
                wins[match.winner] += 1
    return [_with(line, head_to_head=wins[line.pair]) for line in group]
