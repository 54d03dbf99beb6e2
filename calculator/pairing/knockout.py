"""The knock-out stage after the Swiss rounds: the top 2, 4, 8 or 16 of the standings, seeded in
the usual bracket (1 v 16, 8 v 9, …), the winners going on until the final; the losers of the
semi-finals play for third place at the final's round. Its end is the final classification: the
final's winner and loser, the third-place match's, then every other pair by the standings.

The bracket keeps the best seeds apart for as long as possible: seeds 1 and 2 can meet only in
the final, 1 to 4 only from the semi-finals on, and each match of the first round adds up to
``size + 1`` (1 v 8, 4 v 5, 2 v 7, 3 v 6).
"""

from __future__ import annotations

from collections.abc import Sequence

from calculator.engine.core.problems import Problem

from .model import MatchResult, PairId, RoundPairings, RoundResult, TournamentError, tables

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


def knockout_rounds(size: int) -> int:
    """How many rounds a knock-out of ``size`` pairs has: 1 for the top 2, 4 for the top 16."""
    _check_size(size)
    return size.bit_length() - 1


# A knock-out round's stage, as a code (the pages name it in words), by its number of ties.
STAGES = {2: "semi_finals", 4: "quarter_finals", 8: "round_of_16"}


def knockout_stage(size: int, index: int, table: int = 1) -> str:
    """The stage of table ``table`` of round ``index`` (from 0) of a knock-out of ``size``:
    ``round_of_16``, ``quarter_finals``, ``semi_finals``, then in the last round ``final`` at
    table 1 and ``third_place`` at table 2."""
    ties = size >> (index + 1)
    if ties <= 1:
        return "final" if table == 1 else "third_place"
    return STAGES[ties]


def knockout_next_round(played: Sequence[RoundResult], size: int) -> RoundPairings:
    """The next round of a knock-out of ``size`` whose rounds so far are ``played`` (its first
    round first, each with every match finished, in table order): the winner of table 1 against
    the winner of table 2, and so on; after the semi-finals the final at table 1 and, at table
    2, their two losers for third place."""
    if not played or len(played) >= knockout_rounds(size):
        raise TournamentError([Problem("knockout_finished", "rounds", {})])
    previous = played[-1]
    winners = [match.winner for match in previous.matches]
    ties = list(zip(winners[::2], winners[1::2], strict=True))
    if len(previous.matches) == 2:  # the semi-finals
        ties.append(tuple(_loser(match) for match in previous.matches))
    return tables(previous.number + 1, ties)


def knockout_places(
    ranking: Sequence[PairId], played: Sequence[RoundResult], size: int
) -> tuple[PairId, ...] | None:
    """The final classification, once every match of the knock-out's last round is played
    (``played`` as for :func:`knockout_next_round`): the final's winner and loser, the winner
    and loser of the match for third place, then every other pair in the order of ``ranking``
    (the standings after the Swiss rounds). None before."""
    if len(played) < knockout_rounds(size):
        return None
    final, *third = played[-1].matches
    top = [final.winner, _loser(final)]
    top += [pair for match in third for pair in (match.winner, _loser(match))]
    return tuple(top + [pair for pair in ranking if pair not in top])


def _loser(match: MatchResult) -> PairId:
    return match.b if match.winner == match.a else match.a


def _check_size(size: int) -> None:
    if size not in KNOCKOUT_SIZES:
        raise TournamentError([Problem("knockout_size_invalid", "size", {"size": size})])
