"""The knock-out stage after the Swiss rounds: the top 2, 4, 8 or 16 of the standings, seeded in
the usual bracket (1 v 16, 8 v 9, …), the winners going on until the final.

The bracket keeps the best seeds apart for as long as possible: seeds 1 and 2 can meet only in
the final, 1 to 4 only from the semi-finals on, and each match of the first round adds up to
``size + 1`` (1 v 8, 4 v 5, 2 v 7, 3 v 6).
"""

from __future__ import annotations

from collections.abc import Sequence

from calculator.engine.core.problems import Problem

from .model import PairId, RoundPairings, RoundResult, TournamentError, tables

KNOCKOUT_SIZES = (2, 4, 8, 16)


def bracket_seeds(size: int) -> tuple[int, ...]:
    """The seeds (from 1) in bracket order; neighbours meet first: 8 gives 1 8 4 5 2 7 3 6.

    Each doubling puts beside every seed ``s`` the seed ``2 * size + 1 - s`` of the new half."""
    _check_size(size)
    seeds = [1]
    while len(seeds) < size:
        total = 2 * len(seeds) + 1
        seeds = [seed for s in seeds for seed in (s, total - s)]
    return tuple(seeds)


def knockout_first_round(ranking: Sequence[PairId], size: int, number: int = 1) -> RoundPairings:
    """The first round of a knock-out of the top ``size`` of ``ranking`` (the standings' pairs
    that still play, best first); the round is numbered ``number``."""
    _check_size(size)
    if len(ranking) < size:
        raise TournamentError(
            [Problem("knockout_too_few_pairs", "size", {"size": size, "count": len(ranking)})]
        )
    seeds = bracket_seeds(size)
    order = [ranking[seed - 1] for seed in seeds]
    return tables(number, zip(order[::2], order[1::2], strict=True))


def knockout_next_round(previous: RoundResult) -> RoundPairings:
    """The next round: the winners of ``previous`` (its matches in table order), the winner of
    table 1 against the winner of table 2, and so on."""
    if len(previous.matches) < 2:
        raise TournamentError([Problem("knockout_finished", "rounds", {})])
    winners = [match.winner for match in previous.matches]
    return tables(previous.number + 1, zip(winners[::2], winners[1::2], strict=True))


def _check_size(size: int) -> None:
    if size not in KNOCKOUT_SIZES:
        raise TournamentError([Problem("knockout_size_invalid", "size", {"size": size})])
