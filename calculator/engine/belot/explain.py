"""A Bulgarian belot deal's explanation: its result as steps (codes with values), in the order
of the spec.

Built from a :class:`~calculator.engine.belot.results.DealResult` when its ``steps`` are first
read. ``steps.py`` lists every code with its params. The result module imports this one; this
one needs the result's type only for annotations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.deals import DealKind
from ..core.steps import Step, step
from ..core.teams import Team
from .declarations import count
from .model import (
    BASE_VALUES,
    CARD_TOTALS,
    ROUND_UP_FROM,
    Contract,
    ContraTie,
    Double,
    Outcome,
    PlayedDeal,
)

if TYPE_CHECKING:
    from .results import DealResult


def explain(result: DealResult) -> tuple[Step, ...]:
    if result.kind is DealKind.ALL_PASSED:
        steps = [step("all_passed")]
    else:
        steps = [
            step(
                "contract",
                contract=result.contract,
                bidders=result.bidders,
                double=result.double,
            )
        ]
        if result.kind is DealKind.PLAYED:
            steps += _played(result)
        else:
            steps += _inside(result)
    steps += _hanging(result)
    steps.append(step("written", a=result.written.a, b=result.written.b))
    return tuple(steps)


def _declaration_steps(result: DealResult) -> tuple[Step, ...]:
    no_trick = result.capot.other if result.capot is not None else None
    return count(result.deal, result.profile, no_trick, explain=True).steps


def _played(result: DealResult) -> list[Step]:
    deal: PlayedDeal = result.deal
    cards, raw, counted = result.card_points, result.raw_totals, result.declaration_points
    given = deal.card_points.team if deal.card_points is not None else None
    total = CARD_TOTALS[deal.contract]
    steps = [step("card_points", a=cards.a, b=cards.b, given=given, total=total)]
    factor = 1
    if deal.contract is Contract.NO_TRUMPS:
        factor = 2
        steps.append(step("card_points_doubled", a=cards.a * 2, b=cards.b * 2))
    bonus = result.profile.capot_bonus(deal.contract)
    if deal.capot is not None:
        steps.append(step("capot", team=deal.capot, bonus=bonus))
    steps += _declaration_steps(result)
    steps.append(
        step(
            "raw_totals",
            a=raw.a,
            b=raw.b,
            card_points_a=cards.a * factor,
            card_points_b=cards.b * factor,
            declarations_a=counted.a,
            declarations_b=counted.b,
            capot_a=bonus if deal.capot is Team.A else 0,
            capot_b=bonus if deal.capot is Team.B else 0,
        )
    )
    return steps + _rounding(result) + [_outcome(result)]


# How each side rounds, per outcome: (bidders' rule, defenders' rule); index 0 is "more".
_RULES = {
    Outcome.MADE: (("more", 0), ("fewer", 1)),
    Outcome.INSIDE: (("fewer", 1), ("more", 0)),
    Outcome.HANGING: (("tie_bidders", 1), ("tie_defenders", 0)),
}


def _rounding(result: DealResult) -> list[Step]:
    up_from = ROUND_UP_FROM[result.contract]
    steps = []
    for team, (rule, side) in zip(
        (result.bidders, result.bidders.other), _RULES[result.outcome], strict=True
    ):
        steps.append(
            step(
                "rounding",
                team=team,
                raw=result.raw_totals.of(team),
                points=result.game_points.of(team),
                up_from=up_from[side],
                rule=rule,
            )
        )
    return steps


def _outcome(result: DealResult) -> Step:
    bidders, defenders = result.bidders, result.bidders.other
    raw, game, recorded = result.raw_totals, result.game_points, result.recorded
    teams = {"bidders": bidders, "defenders": defenders}
    raws = {"raw_bidders": raw.of(bidders), "raw_defenders": raw.of(defenders)}
    points = {"points_bidders": game.of(bidders), "points_defenders": game.of(defenders)}
    if result.double is Double.NONE:
        if result.outcome is Outcome.MADE:
            return step("outcome_made", **teams, **raws, **points)
        if result.outcome is Outcome.INSIDE:
            return step("outcome_inside", **teams, **raws, **points, points=recorded.total)
        hanging = {"points_defenders": recorded.of(defenders), "points_hanging": game.of(bidders)}
        return step("outcome_hanging", **teams, raw=raw.a, **hanging)
    doubled = {"double": result.double, "multiplier": result.double.multiplier}
    if result.outcome is not Outcome.HANGING:
        code = f"outcome_contra_{result.outcome}"
        totals = {"base": game.total, "points": recorded.total}
        return step(code, **teams, team=result.winner, **doubled, **raws, **totals)
    if result.profile.contra_tie is ContraTie.BIDDERS_HANG:
        shares = {
            "points_defenders": recorded.of(defenders),
            "points_hanging": result.hanging_added,
        }
        return step("outcome_contra_hanging_split", **teams, **doubled, raw=raw.a, **shares)
    totals = {"base": game.total, "points": result.hanging_added}
    return step("outcome_contra_hanging", **teams, **doubled, raw=raw.a, **totals)


def _inside(result: DealResult) -> list[Step]:
    base = BASE_VALUES[result.contract]
    return [
        *_declaration_steps(result),
        step(
            "outcome_inside_declared",
            bidders=result.bidders,
            defenders=result.bidders.other,
            base=base,
            declarations=result.declaration_points.total // 10,
            points=result.recorded.total,
        ),
    ]


def _hanging(result: DealResult) -> list[Step]:
    steps = []
    if result.hanging_added:
        everything = result.double is not Double.NONE and (
            result.profile.contra_tie is ContraTie.ALL_HANG
        )
        share = None if everything else result.bidders
        pot = result.hanging_out
        steps.append(step("hanging_added", team=share, points=result.hanging_added, pot=pot))
    if result.hanging_taken:
        steps.append(step("hanging_taken", team=result.winner, points=result.hanging_taken))
    elif result.hanging_in:
        steps.append(step("hanging_kept", points=result.hanging_in))
    return steps
