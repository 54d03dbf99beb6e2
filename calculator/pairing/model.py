"""What a tournament is made of: pairs, finished rounds with their results, and pairings.

A pair is known by its id (the web layer's database id) and by its seed, its place in the list
of pairs (the order the organizer entered or drew them), which breaks the last tie. Rounds are
numbered from 1. Everything here is immutable; no Django imports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from calculator.engine.core.problems import Problem

PairId = int


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair of players. It plays the rounds from ``first_round`` (a pair added between rounds)
    until ``withdrawn_from``, the first round it no longer plays (``None``: it plays on)."""

    id: PairId
    first_round: int = 1
    withdrawn_from: int | None = None

    def plays(self, round_number: int) -> bool:
        """Whether the pair is paired in round ``round_number``."""
        if round_number < self.first_round:
            return False
        return self.withdrawn_from is None or round_number < self.withdrawn_from


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match: its two pairs, the winner, and each side's points (the match's game
    points, which give the points difference and the points scored)."""

    a: PairId
    b: PairId
    winner: PairId
    points_a: int
    points_b: int

    def points_of(self, pair: PairId) -> tuple[int, int]:
        """``pair``'s points and its opponent's."""
        return (self.points_a, self.points_b) if pair == self.a else (self.points_b, self.points_a)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: its matches and the pair that had the bye, if any."""

    number: int
    matches: tuple[MatchResult, ...]
    bye: PairId | None = None


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two pairs to meet at a table (tables numbered from 1, the leaders at table 1)."""

    table: int
    a: PairId
    b: PairId


@dataclass(frozen=True, slots=True)
class RoundPairings:
    """A round to be played: its tables and the pair with the bye, if any."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: PairId | None = None

    def pairs(self) -> tuple[tuple[PairId, PairId], ...]:
        return tuple((pairing.a, pairing.b) for pairing in self.pairings)


def tables(number: int, pairs: Iterable[tuple[PairId, PairId]], bye: PairId | None = None):
    """A :class:`RoundPairings` with its tables numbered in the order of ``pairs``."""
    pairings = tuple(Pairing(table, a, b) for table, (a, b) in enumerate(pairs, start=1))
    return RoundPairings(number, pairings, bye)


class TournamentError(ValueError):
    """Input the tournament refuses; ``problems`` lists every reason (codes as the engine's)."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(problem.code for problem in self.problems))

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(problem.code for problem in self.problems)


def _problem(code: str, field: str, **params: Any) -> Problem:
    return Problem(code, field, params)


def check_pairs(pairs: Sequence[Pair]) -> dict[PairId, Pair]:
    """The pairs by id; raises :class:`TournamentError` for a pair listed twice
    (``pair_repeated``) or a withdrawal before its first round (``withdrawal_invalid``)."""
    problems = []
    by_id: dict[PairId, Pair] = {}
    for pair in pairs:
        if pair.id in by_id:
            problems.append(_problem("pair_repeated", "pairs", pair=pair.id))
        elif pair.withdrawn_from is not None and pair.withdrawn_from <= pair.first_round:
            problems.append(_problem("withdrawal_invalid", "pairs", pair=pair.id))
        by_id[pair.id] = pair
    if problems:
        raise TournamentError(problems)
    return by_id


def check_rounds(pairs: Mapping[PairId, Pair], rounds: Sequence[RoundResult]) -> None:
    """Raises :class:`TournamentError` unless the rounds are numbered 1, 2, 3 … and in each every
    pair that plays is a known pair playing that round, at most once (``round_number_invalid``,
    ``pair_unknown``, ``pair_not_playing``, ``pair_twice_in_round``, ``winner_invalid``)."""
    problems = []
    for expected, round_ in enumerate(rounds, start=1):
        if round_.number != expected:
            problems.append(_problem("round_number_invalid", "rounds", round=round_.number))
        problems.extend(_round_problems(pairs, round_))
    if problems:
        raise TournamentError(problems)


def _round_problems(pairs: Mapping[PairId, Pair], round_: RoundResult) -> list[Problem]:
    problems = []
    seen: set[PairId] = set()
    sides = [side for match in round_.matches for side in (match.a, match.b)]
    for pair in sides + ([round_.bye] if round_.bye is not None else []):
        if pair not in pairs:
            problems.append(_problem("pair_unknown", "rounds", round=round_.number, pair=pair))
        elif not pairs[pair].plays(round_.number):
            problems.append(_problem("pair_not_playing", "rounds", round=round_.number, pair=pair))
        if pair in seen:
            problems.append(
                _problem("pair_twice_in_round", "rounds", round=round_.number, pair=pair)
            )
        seen.add(pair)
    for match in round_.matches:
        if match.winner not in (match.a, match.b):
            problems.append(
                _problem("winner_invalid", "rounds", round=round_.number, pair=match.winner)
            )
    return problems
