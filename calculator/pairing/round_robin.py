"""Round robin: every pair meets every other exactly once, by the circle method.

The pairs stand in two rows facing each other; the first stays put and the others move one place
round the circle after each round, so after ``n - 1`` rounds (``n`` for an odd count, which adds
an empty seat: facing it is the bye) every two pairs have faced each other once. With an odd
count every pair has the bye exactly once, so it changes no pair's place on wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from calculator.engine.core.problems import Problem

from .model import PairId, RoundPairings, TournamentError, tables

MAX_ROUND_ROBIN_PAIRS = 12  # 11 rounds: as many as a club evening (or two) can hold


def round_robin(pairs: Sequence[PairId]) -> tuple[RoundPairings, ...]:
    """Every round of a round robin of ``pairs`` (2 to 12 different pairs), in order."""
    if not 2 <= len(pairs) <= MAX_ROUND_ROBIN_PAIRS:
        raise TournamentError(
            [Problem("round_robin_size", "pairs", {"count": len(pairs), "max": 12})]
        )
    if len(set(pairs)) != len(pairs):
        raise TournamentError([Problem("pair_repeated", "pairs", {})])
    seats: list[PairId | None] = list(pairs) + ([None] if len(pairs) % 2 else [])
    return tuple(_round(number, seats) for number in range(1, len(seats)))


def _round(number: int, seats: list[PairId | None]) -> RoundPairings:
    """Round ``number``: the first seat fixed, the others turned ``number - 1`` places."""
    count = len(seats)
    turn = (number - 1) % (count - 1)
    moving = seats[1:]
    circle = [seats[0]] + moving[-turn:] + moving[:-turn] if turn else list(seats)
    facing = [(circle[i], circle[count - 1 - i]) for i in range(count // 2)]
    bye = next((a if b is None else b for a, b in facing if None in (a, b)), None)
    return tables(number, [(a, b) for a, b in facing if a is not None and b is not None], bye)
