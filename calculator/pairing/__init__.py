"""Tournaments: Swiss rounds, round robin and a knock-out, as a pure, typed, immutable package.

It pairs the rounds and works out the standings from the pairs and the finished rounds' results;
it knows nothing of Django, the database or the games' scoring (a match's result is its winner
and each side's points). See ``docs/tournaments.md`` for the formats, the pairing method, the
bye and the tie-breaks.
"""

from .knockout import (
    KNOCKOUT_SIZES,
    bracket_seeds,
    knockout_first_round,
    knockout_next_round,
    knockout_places,
    knockout_rounds,
    knockout_stage,
)
from .model import (
    MatchResult,
    Pair,
    PairId,
    Pairing,
    RoundPairings,
    RoundResult,
    TournamentError,
)
from .round_robin import MAX_ROUND_ROBIN_PAIRS, round_robin
from .standings import Standing, standings
from .swiss import swiss_pairings

__all__ = [
    "KNOCKOUT_SIZES",
    "MAX_ROUND_ROBIN_PAIRS",
    "MatchResult",
    "Pair",
    "PairId",
    "Pairing",
    "RoundPairings",
    "RoundResult",
    "Standing",
    "TournamentError",
    "bracket_seeds",
    "knockout_first_round",
    "knockout_next_round",
    "knockout_places",
    "knockout_rounds",
    "knockout_stage",
    "round_robin",
    "standings",
    "swiss_pairings",
]
