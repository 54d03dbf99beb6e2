"""The small interface every game has: its deals, its rule profile, its scoring, its steps.

A :class:`Game` is one entry of the registry (``calculator.engine.GAMES``): Bulgarian belot,
classic belote, contrée or coinche. Each game's package implements the abstract methods; what is
the same for every game (validating then scoring, folding a match, the dict format version 2) is
written once here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .deals import AllPassed
from .match import GameEnd, Match, Scored, correct, extend, fold
from .problems import DealError, Problem, is_int, shown
from .reader import Reader, join
from .teams import SEATS, TeamPoints

FORMAT_VERSION = 2  # the dict format that names the game (docs/deal-format-v2.md)


@dataclass(frozen=True, slots=True)
class Switch:
    """A house rule: the profile's field, its default, and the values a form offers.

    ``choices`` is empty for a field that takes any positive whole number (Bulgarian belot's
    target); a French target offers its usual values, but any positive whole target is valid.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] = ()


class Game(ABC):
    """One game: what it scores and how. Each game is one shared instance that cannot change."""

    name: str  # its key in the registry and in format version 2: "belot", "classic", ...
    profile_type: type
    default_profile: Any
    deal_types: tuple[type, ...]  # the kinds of deal it scores, AllPassed first
    step_codes: tuple[str, ...]  # every explanation step code it emits
    problem_codes: tuple[str, ...]  # every error code it raises
    switches: tuple[Switch, ...]  # its house rules, in the order a form shows them
    versions: tuple[int, ...] = (FORMAT_VERSION,)  # the dict format versions it reads
    waits: bool = True  # points can wait for a later deal (hanging points, a litige)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{self!r} cannot change")

    # What each game implements

    @abstractmethod
    def profile_problems(self, profile: Any) -> list[Problem]:
        """Every problem of ``profile`` (a wrong type included)."""

    @abstractmethod
    def deal_problems(self, deal: Any, profile: Any) -> list[Problem]:
        """Every problem of ``deal`` that needs no scoring; ``profile`` is valid."""

    @abstractmethod
    def score_valid_deal(self, deal: Any, profile: Any, hanging: int) -> Scored:
        """The result of a deal already validated (a match validates once, up front)."""

    @abstractmethod
    def game_end(self, profile: Any, totals: TeamPoints, result: Any) -> GameEnd:
        """Whether the played deal of ``result``, which left the game at ``totals``, ended it."""

    @abstractmethod
    def played_to_dict(self, deal: Any) -> dict[str, Any]:
        """A deal other than :class:`AllPassed` as a dict, without ``version`` and ``game``."""

    @abstractmethod
    def read_deal(self, reader: Reader, data: Any, path: str, profile: Any) -> Any:
        """The deal ``data`` describes (``version`` and ``game`` taken off), problems noted."""

    @abstractmethod
    def profile_to_dict(self, profile: Any) -> dict[str, Any]:
        """``profile`` as a dict: every house rule's key."""

    @abstractmethod
    def read_profile(self, reader: Reader, data: Any, path: str) -> Any:
        """The profile ``data`` describes (keys left out take the defaults), problems noted;
        the default profile when there is any problem."""

    # The same for every game

    def score_deal(self, deal: Any, profile: Any = None, hanging: int = 0) -> Any:
        """Score ``deal`` by ``profile`` (the game's default if ``None``) with ``hanging``
        points carried in (0 in a game where nothing waits). Raises :class:`DealError`
        listing every problem of bad input."""
        profile = self.default_profile if profile is None else profile
        problems = self.profile_problems(profile)
        if not problems:
            problems = self.deal_problems(deal, profile)
        if not is_int(hanging) or hanging < 0 or (hanging and not self.waits):
            problems.append(Problem("hanging_invalid", "hanging", {"hanging": shown(hanging)}))
        if problems:
            raise DealError(problems)
        return self.score_valid_deal(deal, profile, hanging)

    def validate_deal(self, deal: Any, profile: Any = None) -> None:
        """Raise :class:`DealError` listing every problem of ``deal`` that needs no scoring."""
        profile = self.default_profile if profile is None else profile
        problems = self.profile_problems(profile) or self.deal_problems(deal, profile)
        if problems:
            raise DealError(problems)

    def fold_match(
        self,
        profile: Any = None,
        first_dealer: int = 0,
        deals: Iterable[Any] = (),
        games_to_win: int | None = None,
    ) -> Match:
        """Fold ``deals`` into games and a match (``core.match.fold``)."""
        profile = self.default_profile if profile is None else profile
        return fold(self, profile, first_dealer, deals, games_to_win)

    def extend_match(self, match: Match, deals: Iterable[Any]) -> Match:
        """``match`` with ``deals`` after its own, as folding them all (``core.match.extend``)."""
        return extend(self, match, deals)

    def correct_match(self, match: Match, deals: Sequence[Any], index: int, deal: Any) -> Match:
        """``match`` (folded from ``deals``) with deal ``index`` corrected to ``deal``, as
        folding the corrected deals (``core.match.correct``)."""
        return correct(self, match, deals, index, deal)

    # Format version 2 (docs/deal-format-v2.md)

    def deal_to_dict(self, deal: Any, *, version: bool = True) -> dict[str, Any]:
        """``deal`` as a dict; ``version=False`` leaves out the version and the game (a match
        carries them)."""
        data: dict[str, Any] = {"version": FORMAT_VERSION, "game": self.name} if version else {}
        if isinstance(deal, AllPassed):
            return data | {"kind": "all_passed"}
        return data | self.played_to_dict(deal)

    def match_to_dict(self, profile: Any, first_dealer: int, deals: Iterable[Any]) -> dict:
        return {
            "version": FORMAT_VERSION,
            "game": self.name,
            "profile": self.profile_to_dict(profile),
            "first_dealer": first_dealer,
            "deals": [self.deal_to_dict(deal, version=False) for deal in deals],
        }

    def deal_from_dict(self, data: Any, profile: Any = None) -> Any:
        """The deal ``data`` describes, checked against ``profile`` (the game's default if
        ``None``); :class:`DealError` if it is malformed or impossible."""
        profile = self.default_profile if profile is None else profile
        reader = Reader()
        if reader.object(data, "") is None:
            raise DealError(reader.problems)
        deal = self.read_deal(reader, self._header(reader, data, ""), "", profile)
        reader.finish()
        return deal

    def profile_from_dict(self, data: Any) -> Any:
        reader = Reader()
        profile = self.read_profile(reader, data, "profile")
        reader.finish()
        return profile

    def match_from_dict(self, data: Any) -> tuple[Any, int, tuple[Any, ...]]:
        """``(profile, first_dealer, deals)`` from a match dict, ready for ``fold_match``."""
        reader = Reader()
        if reader.object(data, "") is None:
            raise DealError(reader.problems)
        fields = self._header(reader, data, "")
        reader.keys(fields, "", required=("deals",), optional=("profile", "first_dealer"))
        profile = self.read_profile(reader, fields.get("profile", {}), "profile")
        first_dealer = fields.get("first_dealer", 0)
        if not is_int(first_dealer) or not 0 <= first_dealer < SEATS:
            reader.invalid("first_dealer", first_dealer, "0, 1, 2 or 3")
        deals = reader.list(fields.get("deals", []), "deals")
        parsed = tuple(
            self.read_deal(reader, self._header(reader, item, path, inner=True), path, profile)
            for index, item in enumerate(deals)
            for path in [f"deals.{index}"]
        )
        reader.finish()
        return profile, first_dealer, parsed

    def _header(self, reader: Reader, data: Any, path: str, inner: bool = False) -> Any:
        """``data`` without its ``version`` and ``game``, both checked. A deal inside a match
        (``inner``) may leave them out, and may repeat the match's."""
        if not isinstance(data, dict):
            return data
        version = None
        if "version" in data or not inner:
            version = reader.version(data, self.versions, path)
        if "game" in data:
            if data["game"] != self.name:
                reader.invalid(join(path, "game"), data["game"], self.name)
        elif version == FORMAT_VERSION and not inner:
            reader.add("format_key_missing", join(path, "game"))
        return {key: value for key, value in data.items() if key not in ("version", "game")}
