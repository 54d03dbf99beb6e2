"""A classic belote deal's explanation: its result as steps (codes with values).

Built from a :class:`~calculator.engine.classic.results.ClassicResult` when its ``steps`` are
first read; ``steps.py`` lists every code with its params. The result module imports this one;
this one needs the result's type only for annotations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.deals import DealKind
from ..core.steps import Step, step
from ..french import CAPOT_BONUS, CARD_TOTAL, count
from .model import ClassicOutcome

if TYPE_CHECKING:
    from .results import ClassicResult


def explain(result: ClassicResult) -> tuple[Step, ...]:
    if result.kind is DealKind.ALL_PASSED:
        steps = [step("all_passed")]
    else:
        steps = [step("taken", taker=result.taker, trump=result.trump), *_played(result)]
    steps += _hanging(result)
    steps.append(step("written", a=result.written.a, b=result.written.b))
    return tuple(steps)


def _played(result: ClassicResult) -> list[Step]:
    deal, cards = result.deal, result.card_points
    given = deal.card_points.team if deal.card_points is not None else None
    steps = [step("card_points", a=cards.a, b=cards.b, given=given, total=CARD_TOTAL)]
    if deal.capot is not None:
        steps.append(step("capot", team=deal.capot, bonus=CAPOT_BONUS))
    steps += count(deal, explain=True).steps
    steps.append(totals_step(result))
    steps.append(_outcome(result))
    return steps + rounding_steps(result)


def totals_step(result: ClassicResult) -> Step:
    """Each team's total and its parts (shared with contrée)."""
    totals, cards = result.totals, result.card_points
    declared, belote = result.declaration_points, result.belote
    return step(
        "totals",
        a=totals.a,
        b=totals.b,
        card_points_a=cards.a,
        card_points_b=cards.b,
        declarations_a=declared.a,
        declarations_b=declared.b,
        belote_a=belote.a,
        belote_b=belote.b,
    )


def _outcome(result: ClassicResult) -> Step:
    taker, defenders = result.taker, result.taker.other
    teams = {"taker": taker, "defenders": defenders}
    totals = result.totals
    if result.outcome is ClassicOutcome.LITIGE:
        return step("litige", **teams, total=totals.of(taker))
    if result.outcome is ClassicOutcome.MADE:
        if result.tie:
            return step("made_tie", **teams, total=totals.of(taker))
        return step("made", **teams, total_taker=totals.of(taker),
                    total_defenders=totals.of(defenders))  # fmt: skip
    everything = {
        "card_points": result.card_points.total,
        "declarations": result.declaration_points.total,
        "belote_defenders": result.belote.of(defenders),
        "belote_taker": result.belote.of(taker),
        "points": result.scores.of(defenders),
    }
    if result.tie:
        return step("inside_tie", **teams, total=totals.of(taker), **everything)
    return step("inside", **teams, total_taker=totals.of(taker),
                total_defenders=totals.of(defenders), **everything)  # fmt: skip


def rounding_steps(result: ClassicResult) -> list[Step]:
    """Each team's score of the deal to the nearest ten, taker first (the house rule)."""
    if not result.profile.rounding:
        return []
    steps = []
    for team in (result.taker, result.taker.other):
        rounded = result.recorded.of(team)
        if team is result.taker and result.outcome is ClassicOutcome.LITIGE:
            rounded = result.hanging_added
        steps.append(step("rounding", team=team, exact=result.scores.of(team), points=rounded))
    return steps


def _hanging(result: ClassicResult) -> list[Step]:
    steps = []
    if result.hanging_added:
        steps.append(step("hanging_added", team=result.taker, points=result.hanging_added,
                          pot=result.hanging_out))  # fmt: skip
    if result.hanging_taken:
        steps.append(step("hanging_taken", team=result.winner, points=result.hanging_taken))
    elif result.hanging_in:
        steps.append(step("hanging_kept", points=result.hanging_in))
    return steps
