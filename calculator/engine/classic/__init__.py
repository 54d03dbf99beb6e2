"""Classic belote ("belote classique", ``french-scoring.md``): to 501, no contre, litige."""

from .game import CLASSIC, Classic
from .model import (
    DEFAULT_PROFILE,
    TARGETS,
    ClassicDeal,
    ClassicOutcome,
    ClassicProfile,
    Tie,
)
from .results import ClassicResult
from .scoring import score_deal
from .validate import validate_deal

__all__ = [
    "CLASSIC",
    "DEFAULT_PROFILE",
    "TARGETS",
    "Classic",
    "ClassicDeal",
    "ClassicOutcome",
    "ClassicProfile",
    "ClassicResult",
    "Tie",
    "score_deal",
    "validate_deal",
]
