"""Explanation steps: a deal's result explained as codes with values, never sentences.

The web layer writes one translated sentence per code. Each game lists its codes
(``Game.step_codes``, with a table in its ``steps`` module and in ``docs/engine.md``); a code two
games share means the same and has the same params in both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a deal's explanation: a stable code and its values (JSON-able scalars)."""

    code: str
    params: Mapping[str, Any]


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def step(code: str, **params: object) -> Step:
    """A step; enum values become their plain strings, so params stay JSON-able."""
    plain = {key: _plain(value) for key, value in params.items()}
    return Step(code, MappingProxyType(plain))
