"""The scoring engine: Bulgarian belot rules as a pure, typed, immutable Python module.

It implements ``belot-scoring.md`` (default profile and house rules) and knows nothing of Django
or the database. The web layer builds a deal, calls :func:`score_deal` (or :func:`fold_match`
for a whole match) and renders the result's steps by code; bad input raises :class:`DealError`.

    >>> deal = PlayedDeal(Team.A, Contract.HEARTS, CardPoints(Team.A, 87))
    >>> score_deal(deal).recorded
    TeamPoints(a=9, b=7)

See ``docs/engine.md`` for the API, the step codes and the error codes.
"""

from .deal import round_game_points, score_deal
from .errors import DealError, Problem
from .match import (
    GAMES_TO_WIN,
    MAX_DEALS,
    GameResult,
    Match,
    MatchDeal,
    first_player,
    fold_match,
    team_of_seat,
)
from .model import (
    BASE_VALUES,
    CARD_TOTALS,
    DEFAULT_PROFILE,
    NO_DECLARATIONS,
    AllPassed,
    Belot,
    CardPoints,
    Carre,
    Contract,
    ContraTie,
    Deal,
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
from .results import (
    CancelReason,
    DealKind,
    DealResult,
    DeclarationOutcome,
    Outcome,
    Step,
    TeamPoints,
)
from .serialize import (
    FORMAT_VERSION,
    deal_from_dict,
    deal_to_dict,
    match_from_dict,
    match_to_dict,
    profile_from_dict,
    profile_to_dict,
)
from .validate import validate_deal

__all__ = [
    "BASE_VALUES",
    "CARD_TOTALS",
    "DEFAULT_PROFILE",
    "FORMAT_VERSION",
    "GAMES_TO_WIN",
    "MAX_DEALS",
    "NO_DECLARATIONS",
    "AllPassed",
    "Belot",
    "CancelReason",
    "CardPoints",
    "Carre",
    "ContraTie",
    "Contract",
    "Deal",
    "DealError",
    "DealKind",
    "DealResult",
    "DeclarationComparison",
    "DeclarationOutcome",
    "Double",
    "GameResult",
    "InsideDeal",
    "Match",
    "MatchDeal",
    "Outcome",
    "PlayedDeal",
    "Problem",
    "Rank",
    "RuleProfile",
    "Sequence",
    "Step",
    "Team",
    "TeamDeclarations",
    "TeamPoints",
    "deal_from_dict",
    "deal_to_dict",
    "first_player",
    "fold_match",
    "match_from_dict",
    "match_to_dict",
    "profile_from_dict",
    "profile_to_dict",
    "round_game_points",
    "score_deal",
    "team_of_seat",
    "validate_deal",
]
