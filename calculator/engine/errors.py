"""Domain errors: bad input is refused with stable codes, never scored.

One exception type, :class:`DealError`, carries every problem found at once, so a form can show
each next to its field. A :class:`Problem` has a stable ``code``, a ``field`` hint (or ``None``)
and ``params``, the offending values, for the web layer's translated message.

Codes (``team`` is "A" or "B"; ``index`` counts from 0 in that team's list):

================================ ================== =============================================
code                             field              params
================================ ================== =============================================
card_points_missing              card_points        (none)
card_points_out_of_range         card_points        points, total
card_points_impossible           card_points        points, contract
capot_card_points_mismatch       capot              capot, team, points, expected
declarations_in_no_trumps        declarations_<t>   team
belot_in_no_trumps               belots_<t>         team, count
too_many_belots                  belots             count, max, contract
belots_invalid                   belots_<t>         team, count
carre_rank_invalid               declarations_<t>   team, index, rank
carre_duplicate                  declarations_<t>   rank, teams (declarations if both teams)
sequence_length_invalid          declarations_<t>   team, index, length, min, max
sequence_top_too_low             declarations_<t>   team, index, length, top, lowest
declarations_exceed_hand         declarations_<t>   team, cards
sequence_top_card_needed         declarations_<t>   team, index, length
value_invalid                    (the field)        value, expected
hanging_invalid                  hanging            hanging
target_invalid                   target             target
dealer_invalid                   first_dealer       dealer
too_many_deals                   deals              count, max
games_to_win_invalid             games_to_win       games, allowed
match_over                       deals              games
format_not_object                (the path)         path
format_key_missing               (the path)         path
format_key_unknown               (the path)         path
format_value_invalid             (the path)         path, value, expected
format_version_unsupported       version            version, supported
================================ ================== =============================================

``<t>`` is ``a`` or ``b``. ``sequence_top_card_needed`` comes only when two sequences tie on points
and the top cards given cannot decide between them: the form should then ask for those top cards.
In a match, :attr:`DealError.deal_index` says which deal (from 0) was refused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

CODES = (
    "card_points_missing",
    "card_points_out_of_range",
    "card_points_impossible",
    "capot_card_points_mismatch",
    "declarations_in_no_trumps",
    "belot_in_no_trumps",
    "too_many_belots",
    "belots_invalid",
    "carre_rank_invalid",
    "carre_duplicate",
    "sequence_length_invalid",
    "sequence_top_too_low",
    "declarations_exceed_hand",
    "sequence_top_card_needed",
    "value_invalid",
    "hanging_invalid",
    "target_invalid",
    "dealer_invalid",
    "too_many_deals",
    "games_to_win_invalid",
    "match_over",
    "format_not_object",
    "format_key_missing",
    "format_key_unknown",
    "format_value_invalid",
    "format_version_unsupported",
)


def _plain(value: Any) -> Any:
    """Enum values as their plain strings, so params stay JSON-able."""
    return value.value if isinstance(value, Enum) else value


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input."""

    code: str
    field: str | None = None
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        plain = {key: _plain(value) for key, value in self.params.items()}
        object.__setattr__(self, "params", MappingProxyType(plain))

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "field": self.field, "params": dict(self.params)}


class DealError(ValueError):
    """Input the engine refuses; ``problems`` lists every reason at once."""

    def __init__(self, problems: Iterable[Problem], deal_index: int | None = None) -> None:
        self.problems = tuple(problems)
        self.deal_index = deal_index
        super().__init__("; ".join(problem.code for problem in self.problems))

    @classmethod
    def single(cls, code: str, field: str | None = None, **params: Any) -> DealError:
        return cls([Problem(code, field, params)])

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(problem.code for problem in self.problems)

    def in_deal(self, index: int) -> DealError:
        """The same problems, marked as found in the match's deal ``index``."""
        return DealError(self.problems, deal_index=index)
