"""A contrée or coinche deal's explanation: its result as steps (codes with values).

Built from a :class:`~calculator.engine.contree.results.ContreeResult` when its ``steps`` are
first read; ``steps.py`` lists every code with its params. The result module imports this one;
this one needs the result's type only for annotations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.deals import DealKind
from ..core.steps import Step, step
from ..french import CAPOT_BONUS, CARD_TOTAL, count
from .model import CAPOT_PACKAGE, CONTRE_PACKAGE, Contre, ContreeOutcome, FailedBelote, Scoring

if TYPE_CHECKING:
    from .results import ContreeResult


def explain(result: ContreeResult) -> tuple[Step, ...]:
    if result.kind is DealKind.ALL_PASSED:
        steps = [step("all_passed")]
    else:
        steps = [_bid(result), *_played(result)]
    steps.append(step("written", a=result.written.a, b=result.written.b))
    return tuple(steps)


def _bid(result: ContreeResult) -> Step:
    return step("bid", taker=result.taker, bid=result.bid, trump=result.trump,
                contre=result.contre, multiplier=result.multiplier)  # fmt: skip


def _played(result: ContreeResult) -> list[Step]:
    deal, cards = result.deal, result.card_points
    given = deal.card_points.team if deal.card_points is not None else None
    steps = _converted(result)
    steps.append(step("card_points", a=cards.a, b=cards.b, given=given, total=CARD_TOTAL))
    if deal.capot is not None:
        steps.append(step("capot", team=deal.capot, bonus=CAPOT_BONUS))
    values = result.profile.declaration_values(deal.trump)
    steps += count(deal, explain=True, values=values).steps
    if result.declarations_taken:
        steps.append(step("declarations_taken_by_capot", team=result.taker,
                          points=result.declarations_taken))  # fmt: skip
    totals, declared, belote = result.totals, result.declaration_points, result.belote
    steps.append(step("totals", a=totals.a, b=totals.b, card_points_a=cards.a,
                      card_points_b=cards.b, declarations_a=declared.a,
                      declarations_b=declared.b, belote_a=belote.a, belote_b=belote.b))  # fmt: skip
    steps.append(_outcome(result))
    steps += _score(result)
    return steps + _rounding(result)


def _converted(result: ContreeResult) -> list[Step]:
    """House rule: no trumps' or all trumps' card points counted raw, then converted."""
    raw = result.raw_card_points
    if raw is None:
        return []
    taker, defenders = result.taker, result.taker.other
    cards = result.card_points
    return [step("card_points_converted", trump=result.trump, taker=taker, defenders=defenders,
                 raw_taker=raw.of(taker), raw_defenders=raw.of(defenders),
                 raw_total=raw.total, points_taker=cards.of(taker),
                 points_defenders=cards.of(defenders), total=CARD_TOTAL)]  # fmt: skip


def _teams(result: ContreeResult) -> dict:
    return {"taker": result.taker, "defenders": result.taker.other}


def _outcome(result: ContreeResult) -> Step:
    teams, totals, bid = _teams(result), result.totals, result.bid
    made = result.outcome is ContreeOutcome.MADE
    if result.capot_bid:
        return step("capot_made" if made else "capot_failed", **teams)
    mine, theirs = totals.of(result.taker), totals.of(result.taker.other)
    if made:
        code = "contract_made"
    else:
        code = "contract_failed_short" if mine < bid else "contract_failed_behind"
    return step(code, **teams, bid=bid, total_taker=mine, total_defenders=theirs)


def _score(result: ContreeResult) -> list[Step]:
    """How the scores come about: one step, after the belote given to the defence if any."""
    taker, defenders = result.taker, result.taker.other
    teams, profile, scores = _teams(result), result.profile, result.scores
    belote, multiplier = result.belote, result.multiplier
    points_and_bid = profile.scoring is Scoring.POINTS_AND_BID
    if result.outcome is ContreeOutcome.MADE:
        kept = {"belote_defenders": belote.of(defenders)}
        if not points_and_bid:
            return [step("score_bid_made", **teams, bid=result.bid, belote=belote.of(taker),
                         multiplier=multiplier, points=scores.of(taker), **kept)]  # fmt: skip
        if result.contre is Contre.NONE:
            return [step("score_made", **teams, total_taker=result.totals.of(taker),
                         bid=result.bid, points_taker=scores.of(taker),
                         points_defenders=scores.of(defenders))]  # fmt: skip
        base = CAPOT_PACKAGE if result.capot is taker else CONTRE_PACKAGE
        return [step("score_made_contre", **teams, base=base, bid=result.bid,
                     declarations=result.declaration_points.total, belote=belote.of(taker),
                     multiplier=multiplier, points=scores.of(taker), **kept)]  # fmt: skip
    steps = []
    given = belote.of(taker) if profile.failed_belote is FailedBelote.DEFENDERS else 0
    if given:
        steps.append(step("belote_to_defenders", team=taker, points=given))
    package = {"bid": result.bid, "belote": belote.of(defenders) + given,
               "multiplier": multiplier, "points": scores.of(defenders),
               "belote_taker": scores.of(taker)}  # fmt: skip
    if points_and_bid:
        steps.append(step("score_failed", **teams, base=profile.failed_base,
                          declarations=result.declaration_points.total, **package))  # fmt: skip
    else:
        steps.append(step("score_bid_failed", **teams, **package))
    return steps


def _rounding(result: ContreeResult) -> list[Step]:
    """Each team's score of the deal to the nearest ten, taker first (the default)."""
    if not result.profile.rounding:
        return []
    return [
        step("rounding", team=team, exact=result.scores.of(team), points=result.recorded.of(team))
        for team in (result.taker, result.taker.other)
    ]
