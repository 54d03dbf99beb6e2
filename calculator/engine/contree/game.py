"""Contrée and coinche as two of the engine's games (``GAMES["contree"]``, ``GAMES["coinche"]``):
one set of rules, played without declarations (contrée) or with them (coinche)."""

from __future__ import annotations

from typing import Any

from .. import french
from ..core.deals import AllPassed
from ..core.game import Game, Switch
from ..core.match import GameEnd
from ..core.problems import Problem, invalid
from ..core.reader import Reader
from ..core.teams import TeamPoints
from . import problems, serialize, steps
from .model import (
    COINCHE_PROFILE,
    DEFAULT_PROFILE,
    FAILED_BASES,
    SURCONTRE_MULTIPLIERS,
    TARGETS,
    AllTrumpsBelote,
    CardPointsEntry,
    ContreeDeal,
    ContreeProfile,
    FailedBelote,
    Scoring,
)
from .results import ContreeResult
from .scoring import score_valid_deal
from .validate import deal_problems, profile_problems


class Contree(Game):
    """Contrée / coinche (``french-scoring.md``): bids 80 to 160 or capot, contre, to 701."""

    profile_type = ContreeProfile
    waits = False  # no litige: nothing ever waits for a later deal
    deal_types = (AllPassed, ContreeDeal)
    switches = (
        Switch("target", 701, TARGETS),
        Switch("rounding", True, (True, False)),
        Switch("failed_base", 160, FAILED_BASES),
        Switch("failed_belote", FailedBelote.KEPT, tuple(FailedBelote)),
        Switch("surcontre", 4, SURCONTRE_MULTIPLIERS),
        Switch("scoring", Scoring.POINTS_AND_BID, tuple(Scoring)),
        # No trumps and all trumps; the two after it matter only when it is on.
        Switch("no_and_all_trumps", False, (False, True)),
        Switch("all_trumps_belote", AllTrumpsBelote.ANY_SUIT, tuple(AllTrumpsBelote)),
        Switch("card_points_entry", CardPointsEntry.ON_162, tuple(CardPointsEntry)),
    )

    name = "contree"
    default_profile = DEFAULT_PROFILE
    step_codes = steps.CONTREE_CODES
    problem_codes = problems.CONTREE_CODES

    def profile_problems(self, profile: Any) -> list[Problem]:
        found = profile_problems(profile)
        played = self.default_profile.declarations
        if not found and profile.declarations is not played:
            found.append(invalid("declarations", profile.declarations, str(played)))
        return found

    def deal_problems(self, deal: Any, profile: ContreeProfile) -> list[Problem]:
        return deal_problems(deal, profile)

    def score_valid_deal(self, deal: Any, profile: ContreeProfile, hanging: int) -> ContreeResult:
        return score_valid_deal(deal, profile)  # nothing waits in contrée: hanging is 0

    def game_end(
        self, profile: ContreeProfile, totals: TeamPoints, result: ContreeResult
    ) -> GameEnd:
        return french.game_end(profile.target, totals, result.belote_alone)

    def played_to_dict(self, deal: ContreeDeal) -> dict[str, Any]:
        return serialize.played_to_dict(deal)

    def read_deal(self, reader: Reader, data: Any, path: str, profile: ContreeProfile) -> Any:
        return serialize.read_deal(reader, data, path, profile)

    def profile_to_dict(self, profile: ContreeProfile) -> dict[str, Any]:
        return serialize.profile_to_dict(profile)

    def read_profile(self, reader: Reader, data: Any, path: str) -> ContreeProfile:
        return serialize.read_profile(reader, data, path, self.default_profile)


class Coinche(Contree):
    """Coinche: contrée played with declarations."""

    name = "coinche"
    default_profile = COINCHE_PROFILE
    step_codes = steps.CODES
    problem_codes = problems.COINCHE_CODES


CONTREE = Contree()
COINCHE = Coinche()
