"""Bulgarian belot (``belot-scoring.md``): the engine's first game.

Its names are also the engine's top-level API (``calculator.engine``), unchanged.
"""

from .game import BELOT, Belot, extend_match, fold_match
from .model import (
    BASE_VALUES,
    CARD_TOTALS,
    DEFAULT_PROFILE,
    Contract,
    ContraTie,
    Deal,
    DeclarationComparison,
    Double,
    InsideDeal,
    Outcome,
    PlayedDeal,
    RuleProfile,
)
from .results import DealResult
from .scoring import round_game_points, score_deal
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
    "BELOT",
    "CARD_TOTALS",
    "DEFAULT_PROFILE",
    "FORMAT_VERSION",
    "Belot",
    "ContraTie",
    "Contract",
    "Deal",
    "DealResult",
    "DeclarationComparison",
    "Double",
    "InsideDeal",
    "Outcome",
    "PlayedDeal",
    "RuleProfile",
    "deal_from_dict",
    "deal_to_dict",
    "extend_match",
    "fold_match",
    "match_from_dict",
    "match_to_dict",
    "profile_from_dict",
    "profile_to_dict",
    "round_game_points",
    "score_deal",
    "validate_deal",
]
