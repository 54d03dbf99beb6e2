"""Domain errors: bad input is refused with stable codes, never scored.

One exception type, :class:`DealError`, carries every problem found at once, so a form can show
each next to its field. A :class:`Problem` has a stable ``code``, a ``field`` hint (or ``None``)
and ``params``, the offending values, for the web layer's translated message. Each game lists
the codes it can raise (``Game.problem_codes``); ``docs/engine.md`` gives their fields and params.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any


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


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: Any) -> Any:
    """The value itself when it is a JSON scalar, else its repr: params stay JSON-able. A lone
    surrogate in a string (JSON allows "\\ud800", UTF-8 does not) is shown escaped."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value if value is None or isinstance(value, (bool, int, float)) else repr(value)


def invalid(field: str, value: Any, expected: str) -> Problem:
    """A value of the wrong type: a programming error, not user input."""
    return Problem("value_invalid", field, {"value": shown(value), "expected": expected})
