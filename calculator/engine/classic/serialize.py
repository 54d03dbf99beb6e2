"""Classic belote's deals and profile in the dict format version 2 (``docs/deal-format-v2.md``).

The envelope (``version``, ``game``, a match's keys) is the core's (``core/game.py``); this
module reads and writes what is classic belote's own.
"""

from __future__ import annotations

from typing import Any

from ..core.deals import AllPassed
from ..core.reader import Reader, join
from ..french import OPTIONAL_KEYS, deal_fields_to_dict, read_deal_fields
from .model import DEFAULT_PROFILE, ClassicDeal, ClassicDealInput, ClassicProfile, Tie
from .validate import deal_problems

KINDS = ("all_passed", "played")


def played_to_dict(deal: ClassicDeal) -> dict[str, Any]:
    return {
        "kind": "played",
        "taker": deal.taker.value,
        "trump": deal.trump.value,
        **deal_fields_to_dict(deal),
    }


def read_deal(
    reader: Reader, data: Any, path: str, profile: ClassicProfile
) -> ClassicDealInput | None:
    if reader.object(data, path) is None:
        return None
    kind = reader.kind(data, KINDS, path)
    if kind == "all_passed":
        reader.keys(data, path, required=("kind",))
        return AllPassed()
    if kind is None:
        return None
    start = len(reader.problems)
    reader.keys(data, path, required=("kind", "taker", "trump"), optional=OPTIONAL_KEYS)
    deal = ClassicDeal(**read_deal_fields(reader, data, path))
    return reader.checked(deal, lambda deal: deal_problems(deal, profile), path, start)


def profile_to_dict(profile: ClassicProfile) -> dict[str, Any]:
    return {
        "target": profile.target,
        "rounding": profile.rounding,
        "tie": profile.tie.value,
        "declarations": profile.declarations,
    }


def read_profile(reader: Reader, data: Any, path: str) -> ClassicProfile:
    """The profile's keys (left out: the defaults); the default profile on any problem."""
    if reader.object(data, path) is None:
        return DEFAULT_PROFILE
    start = len(reader.problems)
    reader.keys(data, path, required=(), optional=tuple(profile_to_dict(DEFAULT_PROFILE)))
    fields = profile_to_dict(DEFAULT_PROFILE) | data
    profile = ClassicProfile(
        target=reader.target(fields["target"], join(path, "target")),
        rounding=reader.boolean(fields["rounding"], join(path, "rounding")),
        tie=reader.enum(fields["tie"], Tie, join(path, "tie")),
        declarations=reader.boolean(fields["declarations"], join(path, "declarations")),
    )
    return DEFAULT_PROFILE if len(reader.problems) > start else profile
