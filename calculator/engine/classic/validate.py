"""Checks that refuse impossible classic belote input before anything is scored."""

from __future__ import annotations

from typing import Any

from ..core.deals import AllPassed
from ..core.problems import DealError, Problem, invalid
from ..french import (
    Trumps,
    card_point_problems,
    declaration_problems,
    target_problems,
    trumps_not_played,
    type_problems,
)
from .model import DEFAULT_PROFILE, ClassicDeal, ClassicProfile, Tie


def validate_deal(deal: Any, profile: ClassicProfile = DEFAULT_PROFILE) -> None:
    """Raise :class:`DealError` listing every problem of ``deal``; return if there is none."""
    problems = profile_problems(profile) or deal_problems(deal, profile)
    if problems:
        raise DealError(problems)


def deal_problems(deal: Any, profile: ClassicProfile) -> list[Problem]:
    """Every problem of ``deal`` under the valid ``profile``; empty when it can be scored."""
    if isinstance(deal, AllPassed):
        return []
    if not isinstance(deal, ClassicDeal):
        return [invalid("deal", deal, "deal")]
    problems = type_problems(deal)
    if problems:
        return problems
    if isinstance(deal.trump, Trumps):  # contrée's and coinche's contracts, never classic's
        return [trumps_not_played(deal.trump)]
    return card_point_problems(deal) + declaration_problems(deal, played=profile.declarations)


def profile_problems(profile: Any) -> list[Problem]:
    if not isinstance(profile, ClassicProfile):
        return [invalid("profile", profile, "ClassicProfile")]
    problems = target_problems(profile.target)
    for name, kind in (("rounding", bool), ("tie", Tie), ("declarations", bool)):
        if not isinstance(getattr(profile, name), kind):
            problems.append(invalid(name, getattr(profile, name), kind.__name__))
    return problems
