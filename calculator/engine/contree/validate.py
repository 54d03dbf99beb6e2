"""Checks that refuse impossible contrée and coinche input before anything is scored."""

from __future__ import annotations

from typing import Any

from ..core.deals import AllPassed
from ..core.problems import DealError, Problem, invalid, is_int, shown
from ..french import card_point_problems, declaration_problems, target_problems, type_problems
from .model import (
    BIDS,
    DEFAULT_PROFILE,
    FAILED_BASES,
    SURCONTRE_MULTIPLIERS,
    Contre,
    ContreeDeal,
    ContreeProfile,
    FailedBelote,
    Scoring,
)


def validate_deal(deal: Any, profile: ContreeProfile = DEFAULT_PROFILE) -> None:
    """Raise :class:`DealError` listing every problem of ``deal``; return if there is none."""
    problems = profile_problems(profile) or deal_problems(deal, profile)
    if problems:
        raise DealError(problems)


def deal_problems(deal: Any, profile: ContreeProfile) -> list[Problem]:
    """Every problem of ``deal`` under the valid ``profile``; empty when it can be scored."""
    if isinstance(deal, AllPassed):
        return []
    if not isinstance(deal, ContreeDeal):
        return [invalid("deal", deal, "deal")]
    problems = type_problems(deal)
    if not isinstance(deal.contre, Contre):
        problems.append(invalid("contre", deal.contre, "Contre"))
    if problems:
        return problems
    if not (is_int(deal.bid) and deal.bid in BIDS):
        problems.append(
            Problem("bid_invalid", "bid", {"bid": shown(deal.bid), "allowed": list(BIDS)})
        )
    problems += card_point_problems(deal)
    return problems + declaration_problems(deal, played=profile.declarations)


def profile_problems(profile: Any) -> list[Problem]:
    if not isinstance(profile, ContreeProfile):
        return [invalid("profile", profile, "ContreeProfile")]
    problems = target_problems(profile.target)
    kinds = (
        ("declarations", bool),
        ("rounding", bool),
        ("failed_belote", FailedBelote),
        ("scoring", Scoring),
    )
    for name, kind in kinds:
        if not isinstance(getattr(profile, name), kind):
            problems.append(invalid(name, getattr(profile, name), kind.__name__))
    choices = (("failed_base", FAILED_BASES), ("surcontre", SURCONTRE_MULTIPLIERS))
    for name, allowed in choices:
        value = getattr(profile, name)
        if not (is_int(value) and value in allowed):
            problems.append(invalid(name, value, " | ".join(map(str, allowed))))
    return problems
