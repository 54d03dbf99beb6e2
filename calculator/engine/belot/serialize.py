"""Bulgarian belot's deals, profiles and matches to and from plain dicts.

Format version 1 (``docs/deal-format.md``), the only one before the other games came, is what
``deal_to_dict`` and ``match_to_dict`` write and ``deal_from_dict`` and ``match_from_dict``
read, exactly as before. Version 2 (``docs/deal-format-v2.md``) names the game; the belot
:class:`~calculator.engine.core.game.Game` reads both with the same keys for a deal and a profile.
"""

from __future__ import annotations

from typing import Any

from ..core.deals import AllPassed
from ..core.problems import DealError, is_int
from ..core.reader import Reader, card_points_to_dict, declarations_to_dict, join
from ..core.teams import SEATS, Team
from .model import (
    DEFAULT_PROFILE,
    Contract,
    ContraTie,
    Deal,
    DeclarationComparison,
    Double,
    InsideDeal,
    PlayedDeal,
    RuleProfile,
)
from .validate import deal_problems

FORMAT_VERSION = 1
KINDS = ("all_passed", "played", "inside")


# Writing


def deal_to_dict(deal: Deal, *, version: bool = True) -> dict[str, Any]:
    """``deal`` as a dict; ``version=False`` leaves the version out (a match carries it)."""
    data: dict[str, Any] = {"version": FORMAT_VERSION} if version else {}
    if isinstance(deal, AllPassed):
        return data | {"kind": "all_passed"}
    return data | played_to_dict(deal)


def played_to_dict(deal: PlayedDeal | InsideDeal) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": "played" if isinstance(deal, PlayedDeal) else "inside",
        "bidders": deal.bidders.value,
        "contract": deal.contract.value,
        "double": deal.double.value,
    }
    if isinstance(deal, PlayedDeal):
        data["card_points"] = card_points_to_dict(deal.card_points)
        data["capot"] = deal.capot.value if deal.capot is not None else None
    data["declarations"] = {
        team.value: declarations_to_dict(deal.declarations(team)) for team in Team
    }
    return data


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
    reader = Reader()
    if reader.object(data, "") is None:
        raise DealError(reader.problems)
    reader.version(data, (FORMAT_VERSION,))
    deal = read_deal(reader, {key: value for key, value in data.items() if key != "version"}, "")
    reader.finish()
    return deal


def profile_from_dict(data: Any) -> RuleProfile:
    reader = Reader()
    profile = read_profile(reader, data, "profile")
    reader.finish()
    return profile


def match_from_dict(data: Any) -> tuple[RuleProfile, int, tuple[Deal, ...]]:
    """``(profile, first_dealer, deals)`` from a match dict, ready for ``fold_match``."""
    reader = Reader()
    if reader.object(data, "") is None:
        raise DealError(reader.problems)
    reader.version(data, (FORMAT_VERSION,))
    reader.keys(data, "", required=("deals",), optional=("version", "profile", "first_dealer"))
    profile = read_profile(reader, data.get("profile", {}), "profile")
    first_dealer = data.get("first_dealer", 0)
    if not is_int(first_dealer) or not 0 <= first_dealer < SEATS:
        reader.invalid("first_dealer", first_dealer, "0, 1, 2 or 3")
    deals = reader.list(data.get("deals", []), "deals")
    parsed = tuple(_match_deal(reader, item, f"deals.{index}") for index, item in enumerate(deals))
    reader.finish()
    return profile, first_dealer, parsed


def _match_deal(reader: Reader, data: Any, path: str) -> Deal | None:
    """A deal in a match: the match carries the version; a deal's own ``1`` is accepted."""
    if isinstance(data, dict) and "version" in data:
        reader.version(data, (FORMAT_VERSION,), path)
        data = {key: value for key, value in data.items() if key != "version"}
    return read_deal(reader, data, path)


def read_deal(reader: Reader, data: Any, path: str) -> Deal | None:
    """A deal's keys (the version taken off), every problem noted in ``reader``."""
    if reader.object(data, path) is None:
        return None
    kind = data.get("kind")
    if "kind" not in data:
        reader.add("format_key_missing", join(path, "kind"))
    elif kind not in KINDS:
        reader.invalid(join(path, "kind"), kind, " | ".join(KINDS))
    elif kind == "all_passed":
        reader.keys(data, path, required=("kind",))
        return AllPassed()
    else:
        return _played(reader, data, path) if kind == "played" else _inside(reader, data, path)
    return None


def _common(reader: Reader, data: dict, path: str) -> dict[str, Any]:
    declarations_a, declarations_b = reader.all_declarations(data, path)
    return {
        "bidders": reader.member(data, "bidders", Team, path),
        "contract": reader.member(data, "contract", Contract, path),
        "double": reader.enum(data.get("double", "none"), Double, join(path, "double")),
        "declarations_a": declarations_a,
        "declarations_b": declarations_b,
    }


def _played(reader: Reader, data: dict, path: str) -> Deal | None:
    start = len(reader.problems)
    optional = ("double", "card_points", "capot", "declarations")
    reader.keys(data, path, required=("kind", "bidders", "contract"), optional=optional)
    fields = _common(reader, data, path)
    capot = data.get("capot")
    fields["capot"] = None if capot is None else reader.enum(capot, Team, join(path, "capot"))
    fields["card_points"] = reader.card_points(data.get("card_points"), join(path, "card_points"))
    return _build(reader, PlayedDeal, fields, path, start)


def _inside(reader: Reader, data: dict, path: str) -> Deal | None:
    start = len(reader.problems)
    optional = ("double", "declarations")
    reader.keys(data, path, required=("kind", "bidders", "contract"), optional=optional)
    return _build(reader, InsideDeal, _common(reader, data, path), path, start)


def _build(reader: Reader, kind: type, fields: dict, path: str, start: int) -> Deal | None:
    """The deal, checked like any other, once its dict had no format problem."""
    return reader.checked(kind(**fields), deal_problems, path, start)


def read_profile(reader: Reader, data: Any, path: str) -> RuleProfile:
    """The profile's keys; the default profile when there is any problem."""
    if reader.object(data, path) is None:
        return DEFAULT_PROFILE
    start = len(reader.problems)
    reader.keys(data, path, required=(), optional=tuple(_PROFILE_EXPECTED))
    fields = profile_to_dict(DEFAULT_PROFILE) | data
    target = fields["target"]
    if not is_int(target) or target < 1:
        reader.invalid(join(path, "target"), target, _PROFILE_EXPECTED["target"])
    for name in ("no_trumps_capot_doubled", "capot_cannot_end_game"):
        if not isinstance(fields[name], bool):
            reader.invalid(join(path, name), fields[name], _PROFILE_EXPECTED[name])
    comparison = reader.enum(
        fields["declaration_comparison"],
        DeclarationComparison,
        join(path, "declaration_comparison"),
    )
    contra_tie = reader.enum(fields["contra_tie"], ContraTie, join(path, "contra_tie"))
    if len(reader.problems) > start:
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
