"""Contrée and coinche (``french-scoring.md``): bids of 80 to 160 or capot, contre and surcontre,
to 701; contrée plays no declarations but belote, coinche plays them; a house rule adds no
trumps and all trumps."""

from ..french import TRUMPS, Trumps, trump_of
from .game import COINCHE, CONTREE, Coinche, Contree
from .model import (
    BIDS,
    CAPOT_BID,
    COINCHE_PROFILE,
    DEFAULT_PROFILE,
    RAW_TOTALS,
    TARGETS,
    AllTrumpsBelote,
    CardPointsEntry,
    Contre,
    ContreeDeal,
    ContreeOutcome,
    ContreeProfile,
    FailedBelote,
    Scoring,
)
from .results import ContreeResult
from .scoring import score_deal
from .validate import validate_deal

__all__ = [
    "AllTrumpsBelote",
    "CardPointsEntry",
    "RAW_TOTALS",
    "TRUMPS",
    "Trumps",
    "trump_of",
    "BIDS",
    "CAPOT_BID",
    "COINCHE",
    "COINCHE_PROFILE",
    "CONTREE",
    "Coinche",
    "DEFAULT_PROFILE",
    "TARGETS",
    "Contre",
    "Contree",
    "ContreeDeal",
    "ContreeOutcome",
    "ContreeProfile",
    "ContreeResult",
    "FailedBelote",
    "Scoring",
    "score_deal",
    "validate_deal",
]
