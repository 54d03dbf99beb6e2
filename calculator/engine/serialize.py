"""Deals, profiles and matches to and from plain JSON-able dicts (format version 1).

The format is documented in ``docs/deal-format.md``. Reading never raises ``KeyError`` or
``TypeError``: a bad dict raises :class:`DealError` with ``format_*`` codes whose ``field`` is the
path of the offending value (``"declarations.A.sequences.0.top"``), then the domain checks run.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .errors import DealError, Problem
from .match import SEATS
from .model import (
    DEFAULT_PROFILE,
    NO_DECLARATIONS,
    AllPassed,
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
from .validate import deal_problems, is_int, shown

FORMAT_VERSION = 1
KINDS = ("all_passed", "played", "inside")


# Writing


def deal_to_dict(deal: Deal, *, version: bool = True) -> dict[str, Any]:
    """``deal`` as a dict; ``version=False`` leaves the version out (a match carries it)."""
    data: dict[str, Any] = {"version": FORMAT_VERSION} if version else {}
    if isinstance(deal, AllPassed):
        return data | {"kind": "all_passed"}
    data |= {
        "kind": "played" if isinstance(deal, PlayedDeal) else "inside",
        "bidders": deal.bidders.value,
        "contract": deal.contract.value,
        "double": deal.double.value,
    }
    if isinstance(deal, PlayedDeal):
        given = deal.card_points
        data["card_points"] = (
            None if given is None else {"team": given.team.value, "points": given.points}
        )
        data["capot"] = deal.capot.value if deal.capot is not None else None
    data["declarations"] = {
        team.value: _declarations_to_dict(deal.declarations(team)) for team in Team
    }
    return data


def _declarations_to_dict(declared: TeamDeclarations) -> dict[str, Any]:
    return {
        "sequences": [
            {"length": s.length, "top": s.top.value if s.top is not None else None}
            for s in declared.sequences
        ],
        "carres": [carre.rank.value for carre in declared.carres],
        "belots": declared.belots,
    }


def profile_to_dict(profile: RuleProfile) -> dict[str, Any]:
    return {
        "target": profile.target,
        "declaration_comparison": profile.declaration_comparison.value,
        "no_trumps_capot_doubled": profile.no_trumps_capot_doubled,
        "contra_tie": profile.contra_tie.value,
        "capot_cannot_end_game": profile.capot_cannot_end_game,
    }


def match_to_dict(profile: RuleProfile, first_dealer: int, deals: list[Deal]) -> dict[str, Any]:
    return {
        "version": FORMAT_VERSION,
        "profile": profile_to_dict(profile),
        "first_dealer": first_dealer,
        "deals": [deal_to_dict(deal, version=False) for deal in deals],
    }


# Reading


def deal_from_dict(data: Any) -> Deal:
    """The deal ``data`` describes; :class:`DealError` if it is malformed or impossible."""
    reader = _Reader()
    if reader.object(data, "") is None:
        raise DealError(reader.problems)
    reader.version(data)
    deal = reader.deal({key: value for key, value in data.items() if key != "version"}, "")
    reader.finish()
    return deal


def profile_from_dict(data: Any) -> RuleProfile:
    reader = _Reader()
    profile = reader.profile(data, "profile")
    reader.finish()
    return profile


def match_from_dict(data: Any) -> tuple[RuleProfile, int, tuple[Deal, ...]]:
    """``(profile, first_dealer, deals)`` from a match dict, ready for ``fold_match``."""
    reader = _Reader()
    if reader.object(data, "") is None:
        raise DealError(reader.problems)
    reader.version(data)
    reader.keys(data, "", required=("deals",), optional=("version", "profile", "first_dealer"))
    profile = reader.profile(data.get("profile", {}), "profile")
    first_dealer = data.get("first_dealer", 0)
    if not is_int(first_dealer) or not 0 <= first_dealer < SEATS:
        reader.invalid("first_dealer", first_dealer, "0, 1, 2 or 3")
    deals = reader.list(data.get("deals", []), "deals")
    parsed = tuple(reader.match_deal(item, f"deals.{index}") for index, item in enumerate(deals))
    reader.finish()
    return profile, first_dealer, parsed


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


class _Reader:
    """Reads a dict, collecting every format problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def finish(self) -> None:
        if self.problems:
            raise DealError(self.problems)

    def add(self, code: str, path: str, **params: Any) -> None:
        self.problems.append(Problem(code, path or None, {"path": path, **params}))

    def invalid(self, path: str, value: Any, expected: str) -> None:
        self.add("format_value_invalid", path, value=shown(value), expected=expected)

    def object(self, value: Any, path: str) -> dict | None:
        if isinstance(value, dict):
            return value
        self.add("format_not_object", path)
        return None

    def list(self, value: Any, path: str) -> list:
        if isinstance(value, list):
            return value
        self.invalid(path, value, "list")
        return []

    def keys(self, data: dict, path: str, required: tuple, optional: tuple = ()) -> None:
        for key in required:
            if key not in data:
                self.add("format_key_missing", _join(path, key))
        for key in data:
            if key not in required and key not in optional:
                self.add("format_key_unknown", _join(path, key))

    def version(self, data: dict, path: str = "") -> None:
        version = data.get("version")
        if "version" not in data:
            self.add("format_key_missing", _join(path, "version"))
        elif version != FORMAT_VERSION or not is_int(version):
            params = {"version": shown(version), "supported": [FORMAT_VERSION]}
            field = _join(path, "version")
            self.problems.append(Problem("format_version_unsupported", field, params))

    def match_deal(self, data: Any, path: str) -> Deal | None:
        """A deal in a match: the match carries the version; a deal's own ``1`` is accepted."""
        if isinstance(data, dict) and "version" in data:
            self.version(data, path)
            data = {key: value for key, value in data.items() if key != "version"}
        return self.deal(data, path)

    def enum(self, value: Any, kind: type[Enum], path: str) -> Any:
        try:
            return kind(value)
        except (ValueError, TypeError):
            self.invalid(path, value, " | ".join(member.value for member in kind))
            return None

    def member(self, data: dict, key: str, kind: type[Enum], path: str) -> Any:
        """A required enum value; a missing key was reported by :meth:`keys` already."""
        return self.enum(data[key], kind, _join(path, key)) if key in data else None

    def integer(self, value: Any, path: str) -> int | None:
        if is_int(value):
            return value
        self.invalid(path, value, "integer")
        return None

    def deal(self, data: Any, path: str) -> Deal | None:
        if self.object(data, path) is None:
            return None
        kind = data.get("kind")
        if "kind" not in data:
            self.add("format_key_missing", _join(path, "kind"))
        elif kind not in KINDS:
            self.invalid(_join(path, "kind"), kind, " | ".join(KINDS))
        elif kind == "all_passed":
            self.keys(data, path, required=("kind",))
            return AllPassed()
        else:
            return self._played(data, path) if kind == "played" else self._inside(data, path)
        return None

    def _common(self, data: dict, path: str) -> dict[str, Any]:
        declarations_a, declarations_b = self.all_declarations(data, path)
        return {
            "bidders": self.member(data, "bidders", Team, path),
            "contract": self.member(data, "contract", Contract, path),
            "double": self.enum(data.get("double", "none"), Double, _join(path, "double")),
            "declarations_a": declarations_a,
            "declarations_b": declarations_b,
        }

    def _played(self, data: dict, path: str) -> Deal | None:
        start = len(self.problems)
        optional = ("double", "card_points", "capot", "declarations")
        self.keys(data, path, required=("kind", "bidders", "contract"), optional=optional)
        fields = self._common(data, path)
        capot = data.get("capot")
        fields["capot"] = None if capot is None else self.enum(capot, Team, _join(path, "capot"))
        given = data.get("card_points")
        fields["card_points"] = self.card_points(given, _join(path, "card_points"))
        return self._build(PlayedDeal, fields, path, start)

    def _inside(self, data: dict, path: str) -> Deal | None:
        start = len(self.problems)
        optional = ("double", "declarations")
        self.keys(data, path, required=("kind", "bidders", "contract"), optional=optional)
        return self._build(InsideDeal, self._common(data, path), path, start)

    def _build(self, kind: type, fields: dict[str, Any], path: str, start: int) -> Deal | None:
        """The deal, checked like any other, once its dict had no format problem."""
        if len(self.problems) > start:
            return None
        deal = kind(**fields)
        for problem in deal_problems(deal):
            field = _join(path, problem.field) if path else problem.field
            self.problems.append(Problem(problem.code, field, problem.params))
        return deal

    def card_points(self, data: Any, path: str) -> CardPoints | None:
        if data is None or self.object(data, path) is None:
            return None
        self.keys(data, path, required=("team", "points"))
        team = self.member(data, "team", Team, path)
        points = self.integer(data["points"], _join(path, "points")) if "points" in data else None
        return CardPoints(team, points) if team is not None and points is not None else None

    def all_declarations(self, data: dict, path: str) -> tuple[TeamDeclarations | None, ...]:
        path = _join(path, "declarations")
        every = data.get("declarations", {})
        if self.object(every, path) is None:
            return None, None
        self.keys(every, path, required=(), optional=("A", "B"))
        return tuple(self.declarations(every.get(t, {}), _join(path, t)) for t in ("A", "B"))

    def declarations(self, data: Any, path: str) -> TeamDeclarations | None:
        if self.object(data, path) is None:
            return None
        self.keys(data, path, required=(), optional=("sequences", "carres", "belots"))
        sequences = self.list(data.get("sequences", []), _join(path, "sequences"))
        carres = self.list(data.get("carres", []), _join(path, "carres"))
        belots = self.integer(data.get("belots", 0), _join(path, "belots"))
        parsed = [
            self.sequence(item, _join(path, f"sequences.{index}"))
            for index, item in enumerate(sequences)
        ]
        ranks = [
            self.enum(item, Rank, _join(path, f"carres.{index}"))
            for index, item in enumerate(carres)
        ]
        if None in parsed or None in ranks or belots is None:
            return None
        if not (parsed or ranks or belots):
            return NO_DECLARATIONS
        return TeamDeclarations(tuple(parsed), tuple(Carre(rank) for rank in ranks), belots)

    def sequence(self, data: Any, path: str) -> Sequence | None:
        if self.object(data, path) is None:
            return None
        self.keys(data, path, required=("length",), optional=("top",))
        length = self.integer(data.get("length"), _join(path, "length"))
        top = data.get("top")
        rank = None if top is None else self.enum(top, Rank, _join(path, "top"))
        if length is None or (top is not None and rank is None):
            return None
        return Sequence(length, rank)

    def profile(self, data: Any, path: str) -> RuleProfile:
        if self.object(data, path) is None:
            return DEFAULT_PROFILE
        start = len(self.problems)
        self.keys(data, path, required=(), optional=tuple(_PROFILE_EXPECTED))
        fields = profile_to_dict(DEFAULT_PROFILE) | data
        target = fields["target"]
        if not is_int(target) or target < 1:
            self.invalid(_join(path, "target"), target, _PROFILE_EXPECTED["target"])
        for name in ("no_trumps_capot_doubled", "capot_cannot_end_game"):
            if not isinstance(fields[name], bool):
                self.invalid(_join(path, name), fields[name], _PROFILE_EXPECTED[name])
        comparison = self.enum(
            fields["declaration_comparison"],
            DeclarationComparison,
            _join(path, "declaration_comparison"),
        )
        contra_tie = self.enum(fields["contra_tie"], ContraTie, _join(path, "contra_tie"))
        if len(self.problems) > start:
            return DEFAULT_PROFILE
        return RuleProfile(
            target=target,
            declaration_comparison=comparison,
            no_trumps_capot_doubled=fields["no_trumps_capot_doubled"],
            contra_tie=contra_tie,
            capot_cannot_end_game=fields["capot_cannot_end_game"],
        )


_PROFILE_EXPECTED = {
    "target": "positive integer",
    "declaration_comparison": "separate | pool",
    "contra_tie": "all_hang | bidders_hang",
    "no_trumps_capot_doubled": "boolean",
    "capot_cannot_end_game": "boolean",
}
