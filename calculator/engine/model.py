"""The engine's input values under their old import path (``calculator.engine.model``).

Bulgarian belot's model now lives in ``calculator.engine.belot.model`` and what every game shares
in ``calculator.engine.core``; this module keeps the names code written against the single-game
engine imports from here.
"""

from .belot.model import (
    BASE_VALUES,
    CAPOT_BONUS,
    CARD_TOTALS,
    DEFAULT_PROFILE,
    IMPOSSIBLE_CARD_POINTS,
    MAX_BELOTS,
    Contract,
    ContraTie,
    Deal,
    DeclarationComparison,
    Double,
    InsideDeal,
    PlayedDeal,
    RuleProfile,
)
from .core.cards import (
    BELOT_POINTS,
    CARRE_ORDER,
    CARRE_POINTS,
    CARRE_STRENGTH,
    SEQUENCE_MAX_LENGTH,
    SEQUENCE_MIN_LENGTH,
    Rank,
)
from .core.deals import AllPassed, CardPoints
from .core.declarations import NO_DECLARATIONS, Belot, Carre, Sequence, TeamDeclarations
from .core.teams import TEAMS, Team

__all__ = [
    "BASE_VALUES",
    "BELOT_POINTS",
    "CAPOT_BONUS",
    "CARD_TOTALS",
    "CARRE_ORDER",
    "CARRE_POINTS",
    "CARRE_STRENGTH",
    "DEFAULT_PROFILE",
    "IMPOSSIBLE_CARD_POINTS",
    "MAX_BELOTS",
    "NO_DECLARATIONS",
    "SEQUENCE_MAX_LENGTH",
    "SEQUENCE_MIN_LENGTH",
    "TEAMS",
    "AllPassed",
    "Belot",
    "CardPoints",
    "Carre",
    "ContraTie",
    "Contract",
    "Deal",
    "DeclarationComparison",
    "Double",
    "InsideDeal",
    "PlayedDeal",
    "Rank",
    "RuleProfile",
    "Sequence",
    "Team",
    "TeamDeclarations",
]
