"""Checks that refuse impossible contrée and coinche input before anything is scored."""

from __future__ import annotations

from typing import Any

from ..core.deals import AllPassed
from ..core.problems import DealError, Problem, invalid, is_int, shown
from ..core.teams import TEAMS
from ..french import (
    Trumps,
    card_point_problems,
    declaration_problems,
    target_problems,
    trumps_not_played,
    type_problems,
)
from .model import (
    BIDS,
    DEFAULT_PROFILE,
    FAILED_BASES,
    SURCONTRE_MULTIPLIERS,
    AllTrumpsBelote,
    CardPointsEntry,
    Contre,
    ContreeDeal,
    ContreeProfile,
    FailedBelote,
    Scoring,
)

# A belote where the contract or the house rule has none: one code per contract.
_NO_BELOTE = {Trumps.NO: "belot_in_no_trumps", Trumps.ALL: "belot_in_all_trumps"}


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
    no_suit = isinstance(deal.trump, Trumps)
    if no_suit and not profile.no_and_all_trumps:
        return [trumps_not_played(deal.trump)]
    if not (is_int(deal.bid) and deal.bid in BIDS):
        problems.append(
            Problem("bid_invalid", "bid", {"bid": shown(deal.bid), "allowed": list(BIDS)})
        )
    if no_suit:
        return problems + _no_suit_problems(deal, profile)
    problems += card_point_problems(deal)
    return problems + declaration_problems(deal, played=profile.declarations)


def _no_suit_problems(deal: ContreeDeal, profile: ContreeProfile) -> list[Problem]:
    """No trumps' and all trumps' card points, on the scale they are entered on, and the
    belotes the contract and the house rule allow."""
    trump = deal.trump
    total, impossible = profile.card_points_total(trump), profile.impossible_card_points(trump)
    problems = card_point_problems(deal, total, impossible)
    limit = profile.max_belotes(trump)
    if not limit:
        problems += _belote_problems(deal)
    return problems + declaration_problems(deal, played=profile.declarations, max_belotes=limit)


def _belote_problems(deal: ContreeDeal) -> list[Problem]:
    """A belote in no trumps, or in all trumps when the house rule plays none there."""
    problems = []
    for team in TEAMS:
        count = deal.declarations(team).belots
        if is_int(count) and count > 0:  # a bad count is belots_invalid
            params = {"team": team.value, "count": count}
            field = f"belots_{team.field_suffix}"
            problems.append(Problem(_NO_BELOTE[deal.trump], field, params))
    return problems


def profile_problems(profile: Any) -> list[Problem]:
    if not isinstance(profile, ContreeProfile):
        return [invalid("profile", profile, "ContreeProfile")]
    problems = target_problems(profile.target)
    kinds = (
        ("declarations", bool),
        ("rounding", bool),
        ("failed_belote", FailedBelote),
        ("scoring", Scoring),
        ("no_and_all_trumps", bool),
        ("all_trumps_belote", AllTrumpsBelote),
        ("card_points_entry", CardPointsEntry),
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
