"""The scoring engine: Bulgarian belot, classic belote, contrée and coinche, as a pure, typed,
immutable Python package.

It implements ``belot-scoring.md`` and ``french-scoring.md`` (each game's default profile and
house rules) and knows nothing of Django or the database. The web layer picks a game from
:data:`GAMES` by the match's game, builds a deal, calls ``game.score_deal`` (or
``game.fold_match`` for a whole match) and renders the result's steps by code; bad input raises
:class:`DealError`. The top-level functions are Bulgarian belot's, as before:

    >>> deal = PlayedDeal(Team.A, Contract.HEARTS, CardPoints(Team.A, 87))
    >>> score_deal(deal).recorded
    TeamPoints(a=9, b=7)

See ``docs/engine.md`` for the API, the step codes and the error codes.
"""

from . import classic, contree, core
from .belot import (
    BASE_VALUES,
    BELOT,
    CARD_TOTALS,
    DEFAULT_PROFILE,
    FORMAT_VERSION,
    Contract,
    ContraTie,
    Deal,
    DealResult,
    DeclarationComparison,
    Double,
    InsideDeal,
    Outcome,
    PlayedDeal,
    RuleProfile,
    deal_from_dict,
    deal_to_dict,
    extend_match,
    fold_match,
    match_from_dict,
    match_to_dict,
    profile_from_dict,
    profile_to_dict,
    round_game_points,
    score_deal,
    validate_deal,
)
from .classic import ClassicDeal, ClassicOutcome, ClassicProfile, ClassicResult, Tie
from .contree import (
    BIDS,
    CAPOT_BID,
    TRUMPS,
    AllTrumpsBelote,
    CardPointsEntry,
    Contre,
    ContreeDeal,
    ContreeOutcome,
    ContreeProfile,
    ContreeResult,
    FailedBelote,
    Scoring,
    Trumps,
    trump_of,
)
from .core import match  # the fold's module: its MAX_DEALS is read at every fold
from .core.cards import Rank, Suit
from .core.deals import AllPassed, CardPoints, DealKind
from .core.declarations import (
    NO_DECLARATIONS,
    Belot,
    CancelReason,
    Carre,
    DeclarationOutcome,
    InTrumps,
    Sequence,
    TeamDeclarations,
)
from .core.game import Game, Switch
from .core.match import GAMES_TO_WIN, MAX_DEALS, GameResult, Match, MatchDeal
from .core.match import truncate as truncate_match
from .core.problems import DealError, Problem
from .core.steps import Step
from .core.teams import Team, TeamPoints, first_player, team_of_seat
from .games import GAMES, read_match

__all__ = [
    "BASE_VALUES",
    "BELOT",
    "BIDS",
    "CAPOT_BID",
    "GAMES",
    "TRUMPS",
    "AllTrumpsBelote",
    "CardPointsEntry",
    "Trumps",
    "trump_of",
    "ClassicDeal",
    "ClassicOutcome",
    "ClassicProfile",
    "ClassicResult",
    "Contre",
    "ContreeDeal",
    "ContreeOutcome",
    "ContreeProfile",
    "ContreeResult",
    "FailedBelote",
    "Scoring",
    "Tie",
    "classic",
    "contree",
    "read_match",
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
    "Game",
    "GameResult",
    "InTrumps",
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
    "Suit",
    "Switch",
    "Team",
    "TeamDeclarations",
    "TeamPoints",
    "core",
    "deal_from_dict",
    "deal_to_dict",
    "first_player",
    "extend_match",
    "fold_match",
    "match",
    "match_from_dict",
    "match_to_dict",
    "profile_from_dict",
    "profile_to_dict",
    "round_game_points",
    "score_deal",
    "team_of_seat",
    "truncate_match",
    "validate_deal",
]
