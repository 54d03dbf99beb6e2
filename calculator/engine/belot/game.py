"""Bulgarian belot as one of the engine's games (``calculator.engine.GAMES["belot"]``).

Its functions (``score_deal``, ``fold_match``, the format version 1 functions) are also the
engine's top-level API, unchanged since the engine scored belot alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core import match as core_match
from ..core.deals import AllPassed
from ..core.game import FORMAT_VERSION, Game, Switch
from ..core.match import GAME_GOES_ON, GameEnd, Match
from ..core.problems import Problem
from ..core.reader import Reader
from ..core.teams import Team, TeamPoints
from . import problems, serialize, steps
from .model import (
    DEFAULT_PROFILE,
    ContraTie,
    Deal,
    DeclarationComparison,
    InsideDeal,
    PlayedDeal,
    RuleProfile,
)
from .results import DealResult
from .scoring import score_deal, score_valid_deal
from .validate import deal_problems, profile_problems


class Belot(Game):
    """Bulgarian belot (``belot-scoring.md``): to 151, game points in tens, hanging points."""

    name = "belot"
    profile_type = RuleProfile
    default_profile = DEFAULT_PROFILE
    deal_types = (AllPassed, PlayedDeal, InsideDeal)
    step_codes = steps.CODES
    problem_codes = problems.CODES
    switches = (
        Switch("target", 151),
        Switch("declaration_comparison", DeclarationComparison.SEPARATE,
               tuple(DeclarationComparison)),
        Switch("no_trumps_capot_doubled", False, (False, True)),
        Switch("contra_tie", ContraTie.ALL_HANG, tuple(ContraTie)),
        Switch("capot_cannot_end_game", True, (True, False)),
    )  # fmt: skip
    versions = (serialize.FORMAT_VERSION, FORMAT_VERSION)

    def profile_problems(self, profile: Any) -> list[Problem]:
        return profile_problems(profile)

    def deal_problems(self, deal: Any, profile: Any) -> list[Problem]:
        return deal_problems(deal)

    score_valid_deal = staticmethod(score_valid_deal)  # no wrapper: a match calls it per deal

    def score_deal(self, deal: Any, profile: Any = None, hanging: int = 0) -> DealResult:
        return score_deal(deal, DEFAULT_PROFILE if profile is None else profile, hanging)

    def game_end(self, profile: RuleProfile, totals: TeamPoints, result: DealResult) -> GameEnd:
        """A team on the target or more and ahead ends the game, unless a capot may not."""
        a, b = totals.a, totals.b
        if max(a, b) < profile.target or a == b:
            return GAME_GOES_ON
        if result.capot is not None and profile.capot_cannot_end_game:
            return GameEnd(extra_deal=True)
        return GameEnd(winner=Team.A if a > b else Team.B)

    def played_to_dict(self, deal: Any) -> dict[str, Any]:
        return serialize.played_to_dict(deal)

    def read_deal(self, reader: Reader, data: Any, path: str, profile: Any) -> Deal | None:
        return serialize.read_deal(reader, data, path)

    def profile_to_dict(self, profile: RuleProfile) -> dict[str, Any]:
        return serialize.profile_to_dict(profile)

    def read_profile(self, reader: Reader, data: Any, path: str) -> RuleProfile:
        return serialize.read_profile(reader, data, path)


BELOT = Belot()


def fold_match(
    profile: RuleProfile = DEFAULT_PROFILE,
    first_dealer: int = 0,
    deals: Iterable[Deal] = (),
    games_to_win: int | None = None,
) -> Match:
    """Fold ``deals`` in order into games. Raises :class:`DealError` with ``deal_index`` set
    when a deal is refused, a deal after the match's end included (the profile, the dealer,
    ``games_to_win`` and the number of deals, at most ``MAX_DEALS``, are checked first, with
    no index).
    """
    return core_match.fold(BELOT, profile, first_dealer, deals, games_to_win)


def extend_match(match: Match, deals: Iterable[Deal]) -> Match:
    """``match``, folded by :func:`fold_match`, with ``deals`` after its own: the same match as
    folding all its deals again, without scoring the earlier ones again."""
    return core_match.extend(BELOT, match, deals)
