"""Contrée and coinche's deals and profile in the dict format version 2
(``docs/deal-format-v2.md``).

The envelope (``version``, ``game``, a match's keys) is the core's (``core/game.py``); this
module reads and writes what is contrée's own. A contre on an all-passed deal is refused with
its own code, ``contre_all_passed``: a form that sends the deal as a dict gets a clear message.
"""

from __future__ import annotations

from typing import Any

from ..core.deals import AllPassed
from ..core.problems import Problem, shown
from ..core.reader import Reader, join
from ..french import OPTIONAL_KEYS, deal_fields_to_dict, read_deal_fields
from .model import (
    FAILED_BASES,
    SURCONTRE_MULTIPLIERS,
    AllTrumpsBelote,
    CardPointsEntry,
    Contre,
    ContreeDeal,
    ContreeDealInput,
    ContreeProfile,
    FailedBelote,
    Scoring,
)
from .validate import deal_problems

KINDS = ("all_passed", "played")


def played_to_dict(deal: ContreeDeal) -> dict[str, Any]:
    return {
        "kind": "played",
        "taker": deal.taker.value,
        "bid": deal.bid,
        "trump": deal.trump.value,
        "contre": deal.contre.value,
        **deal_fields_to_dict(deal),
    }


def read_deal(
    reader: Reader, data: Any, path: str, profile: ContreeProfile
) -> ContreeDealInput | None:
    if reader.object(data, path) is None:
        return None
    kind = reader.kind(data, KINDS, path)
    if kind == "all_passed":
        return _all_passed(reader, data, path)
    if kind is None:
        return None
    start = len(reader.problems)
    required = ("kind", "taker", "bid", "trump")
    reader.keys(data, path, required=required, optional=("contre", *OPTIONAL_KEYS))
    fields = read_deal_fields(reader, data, path)
    bid = data.get("bid")  # its value is checked with the deal: bid_invalid
    contre = reader.enum(data.get("contre", "none"), Contre, join(path, "contre"))
    deal = ContreeDeal(bid=bid, contre=contre, **fields)
    return reader.checked(deal, lambda deal: deal_problems(deal, profile), path, start)


def _all_passed(reader: Reader, data: dict, path: str) -> AllPassed:
    """All four passed: a contre (other than ``"none"``) cannot be."""
    contre = data.get("contre", "none")
    if contre not in ("none", None):
        field = join(path, "contre")
        reader.problems.append(Problem("contre_all_passed", field, {"contre": shown(contre)}))
    reader.keys(data, path, required=("kind",), optional=("contre",))
    return AllPassed()


def profile_to_dict(profile: ContreeProfile) -> dict[str, Any]:
    """The house rules (contrée or coinche is the game's name, not a key)."""
    return {
        "target": profile.target,
        "rounding": profile.rounding,
        "failed_base": profile.failed_base,
        "failed_belote": profile.failed_belote.value,
        "surcontre": profile.surcontre,
        "scoring": profile.scoring.value,
        "no_and_all_trumps": profile.no_and_all_trumps,
        "all_trumps_belote": profile.all_trumps_belote.value,
        "card_points_entry": profile.card_points_entry.value,
    }


def read_profile(reader: Reader, data: Any, path: str, default: ContreeProfile) -> ContreeProfile:
    """The profile's keys (left out: ``default``'s, so a file written before a house rule
    existed reads with it off); ``default`` on any problem."""
    if reader.object(data, path) is None:
        return default
    start = len(reader.problems)
    reader.keys(data, path, required=(), optional=tuple(profile_to_dict(default)))
    fields = profile_to_dict(default) | data
    profile = ContreeProfile(
        declarations=default.declarations,
        target=reader.target(fields["target"], join(path, "target")),
        rounding=reader.boolean(fields["rounding"], join(path, "rounding")),
        failed_base=reader.choice(fields["failed_base"], FAILED_BASES,
                                  join(path, "failed_base"), "160 | 162"),
        failed_belote=reader.enum(fields["failed_belote"], FailedBelote,
                                  join(path, "failed_belote")),
        surcontre=reader.choice(fields["surcontre"], SURCONTRE_MULTIPLIERS,
                                join(path, "surcontre"), "4 | 3"),
        scoring=reader.enum(fields["scoring"], Scoring, join(path, "scoring")),
        no_and_all_trumps=reader.boolean(fields["no_and_all_trumps"],
                                         join(path, "no_and_all_trumps")),
        all_trumps_belote=reader.enum(fields["all_trumps_belote"], AllTrumpsBelote,
                                      join(path, "all_trumps_belote")),
        card_points_entry=reader.enum(fields["card_points_entry"], CardPointsEntry,
                                      join(path, "card_points_entry")),
    )  # fmt: skip
    return default if len(reader.problems) > start else profile
