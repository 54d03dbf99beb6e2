"""A round's pairings shown before it starts, and two pairs swapped in them.

Nothing here is stored: the organizer's preview carries the pairings in its forms as an
*order*, the pair ids of table 1, then table 2 … and last the bye, if any; "Start round N"
posts that order with the tournament's version the preview was made at, and the round is
started with exactly those tables, or refused if the tournament changed meanwhile
(calculator/tournaments/services.py, ``tournament_round_start``).
"""

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from calculator.models import PAIRS_MAX
from calculator.pairing import RoundPairings
from calculator.pairing.model import tables
from calculator.shared.names import names_joined

ORDER_SHAPE = re.compile(r"\d{1,10}(?: \d{1,10})*")
PAIRINGS_INVALID = _(
    "These are not the pairings of round %(number)s's pairs, and nothing was started. Look at "
    "the pairings again."
)
PAIRINGS_CHANGED = _(
    "The tournament changed while the page was open (a result corrected, a pair added or "
    "withdrawn): these are the pairings as the site draws them up now."
)
SWAP_SAME = _("Choose two different pairs to swap.")
SWAP_SAME_TABLE = _(
    "%(a)s and %(b)s already play each other at table %(number)s: choose pairs of two "
    "different tables."
)
SWAP_ROUND_ROBIN = _(
    "A round robin's rounds are drawn up when it starts: its pairings cannot be swapped."
)
SWAP_KNOCKOUT = _(
    "A knock-out's ties follow the bracket (the seeds, then the winners): no two pairs can be "
    "swapped in them."
)
REMATCH = _("%(a)s and %(b)s have met already, in round %(number)s.")
BYE_AGAIN = _("%(pair)s has had a bye already, in round %(number)s.")


def _refuse(message, code: str, **params):
    raise ValidationError(message, code=code, params=params or None)


def order_of(pairings: RoundPairings) -> list[int]:
    """The pairings as the preview's forms carry them."""
    order = [pair for pairing in pairings.pairings for pair in (pairing.a, pairing.b)]
    return order + ([pairings.bye] if pairings.bye is not None else [])


def order_parsed(text: str | None) -> list[int] | None:
    """The order a form posted, or None if it is no order at all."""
    if text is None or len(text) > 12 * PAIRS_MAX or not ORDER_SHAPE.fullmatch(text):
        return None
    return [int(pair) for pair in text.split()]


def pairings_of(proposal: RoundPairings, order: list[int] | None) -> RoundPairings:
    """The round's pairings in ``order``: ValidationError unless it holds each pair that
    plays the round (the pairs of ``proposal``) exactly once."""
    if order is None or sorted(order) != sorted(order_of(proposal)):
        _refuse(PAIRINGS_INVALID, "pairings_invalid", number=proposal.number)
    seated, bye = order[: len(order) // 2 * 2], order[-1] if len(order) % 2 else None
    return tables(proposal.number, zip(seated[0::2], seated[1::2], strict=True), bye)


def order_swapped(state, order: list[int], first: int, second: int) -> list[int]:
    """``order`` with the places of two pairs exchanged (a pair of one table goes to the
    other's table, or takes the bye)."""
    if state.tournament.format != "swiss":
        _refuse(SWAP_ROUND_ROBIN, "swap_round_robin")
    if state.knockout_started:
        _refuse(SWAP_KNOCKOUT, "swap_knockout")
    if first == second:
        _refuse(SWAP_SAME, "swap_same")
    if first not in order or second not in order:
        _refuse(SWAP_SAME, "swap_same")
    at, other = order.index(first), order.index(second)
    if at // 2 == other // 2:  # the bye is alone in its "table"
        names = state.by_id[first].name, state.by_id[second].name
        values = {"a": names[0], "b": names[1], "number": at // 2 + 1}
        _refuse(names_joined(str(SWAP_SAME_TABLE), values), "swap_same_table")
    swapped = list(order)
    swapped[at], swapped[other] = second, first
    return swapped


def warnings(state, pairings: RoundPairings) -> list[str]:
    """What the organizer is told about the pairings shown: a table of two pairs that have
    met already, a bye to a pair that had one (allowed, but said in words)."""
    met, byes = {}, {}
    for round_ in state.rounds:
        if round_.round.bye_id is not None:
            byes.setdefault(round_.round.bye_id, round_.number)
        for table in round_.tables:
            met.setdefault(frozenset((table.table.pair_a_id, table.table.pair_b_id)), round_.number)
    said = []
    for pairing in pairings.pairings:
        if (number := met.get(frozenset((pairing.a, pairing.b)))) is not None:
            a, b = state.by_id[pairing.a].name, state.by_id[pairing.b].name
            said.append(names_joined(str(REMATCH), {"a": a, "b": b, "number": number}))
    if pairings.bye is not None and (number := byes.get(pairings.bye)) is not None:
        said.append(BYE_AGAIN % {"pair": state.by_id[pairings.bye].name, "number": number})
    return said
