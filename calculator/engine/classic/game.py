"""Classic belote as one of the engine's games (``calculator.engine.GAMES["classic"]``)."""

from __future__ import annotations

from typing import Any

from .. import french
from ..core.deals import AllPassed
from ..core.game import Game, Switch
from ..core.match import GameEnd
from ..core.problems import Problem
from ..core.reader import Reader
from ..core.teams import TeamPoints
from . import problems, serialize, steps
from .model import DEFAULT_PROFILE, TARGETS, ClassicDeal, ClassicProfile, Tie
from .results import ClassicResult
from .scoring import score_valid_deal
from .validate import deal_problems, profile_problems


class Classic(Game):
    """Classic belote (``french-scoring.md``): to 501, made / inside / litige, no contre."""

    name = "classic"
    profile_type = ClassicProfile
    default_profile = DEFAULT_PROFILE
    deal_types = (AllPassed, ClassicDeal)
    step_codes = steps.CODES
    problem_codes = problems.CODES
    switches = (
        Switch("target", 501, TARGETS),
        Switch("rounding", False, (False, True)),
        Switch("tie", Tie.LITIGE, tuple(Tie)),
        Switch("declarations", True, (True, False)),
    )

    def profile_problems(self, profile: Any) -> list[Problem]:
        return profile_problems(profile)

    def deal_problems(self, deal: Any, profile: ClassicProfile) -> list[Problem]:
        return deal_problems(deal, profile)

    def score_valid_deal(self, deal: Any, profile: ClassicProfile, hanging: int) -> ClassicResult:
        return score_valid_deal(deal, profile, hanging)

    def game_end(
        self, profile: ClassicProfile, totals: TeamPoints, result: ClassicResult
    ) -> GameEnd:
        return french.game_end(profile.target, totals, result.belote_alone)

    def played_to_dict(self, deal: ClassicDeal) -> dict[str, Any]:
        return serialize.played_to_dict(deal)

    def read_deal(self, reader: Reader, data: Any, path: str, profile: ClassicProfile) -> Any:
        return serialize.read_deal(reader, data, path, profile)

    def profile_to_dict(self, profile: ClassicProfile) -> dict[str, Any]:
        return serialize.profile_to_dict(profile)

    def read_profile(self, reader: Reader, data: Any, path: str) -> ClassicProfile:
        return serialize.read_profile(reader, data, path)


CLASSIC = Classic()
