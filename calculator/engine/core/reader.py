"""Reading plain dicts (JSON) into the engine's values, every problem collected at once.

Reading never raises ``KeyError`` or ``TypeError``: a bad dict gives ``format_*`` problems whose
``field`` is the path of the offending value (``"declarations.A.sequences.0.top"``, in a match
``"deals.3.card_points.points"``); a well-formed dict describing an impossible deal gives the
game's domain problems with the same kind of path. Each game's ``serialize`` module reads its own
keys with these helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

from .cards import Rank
from .deals import CardPoints
from .declarations import NO_DECLARATIONS, Carre, Sequence, TeamDeclarations
from .problems import DealError, Problem, is_int, shown
from .teams import Team


def join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


class Reader:
    """Reads a dict, collecting every format problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def finish(self) -> None:
        if self.problems:
            raise DealError(self.problems)

    def add(self, code: str, path: str, **params: Any) -> None:
        self.problems.append(Problem(code, path or None, {"path": path, **params}))

    def invalid(self, path: str, value: Any, expected: str) -> None:
        self.add("format_value_invalid", path, value=shown(value), expected=expected)

    def object(self, value: Any, path: str) -> dict | None:
        if isinstance(value, dict):
            return value
        self.add("format_not_object", path)
        return None

    def list(self, value: Any, path: str) -> list:
        if isinstance(value, list):
            return value
        self.invalid(path, value, "list")
        return []

    def keys(self, data: dict, path: str, required: tuple, optional: tuple = ()) -> None:
        for key in required:
            if key not in data:
                self.add("format_key_missing", join(path, key))
        for key in data:
            if key not in required and key not in optional:
                self.add("format_key_unknown", join(path, key))

    def version(self, data: dict, supported: tuple[int, ...], path: str = "") -> int | None:
        """The dict's format version, if it is one of ``supported``."""
        version = data.get("version")
        if "version" not in data:
            self.add("format_key_missing", join(path, "version"))
        elif version not in supported or not is_int(version):
            params = {"version": shown(version), "supported": list(supported)}
            field = join(path, "version")
            self.problems.append(Problem("format_version_unsupported", field, params))
        else:
            return version
        return None

    def enum(self, value: Any, kind: type[Enum], path: str) -> Any:
        try:
            return kind(value)
        except (ValueError, TypeError):
            self.invalid(path, value, " | ".join(member.value for member in kind))
            return None

    def member(self, data: dict, key: str, kind: type[Enum], path: str) -> Any:
        """A required enum value; a missing key was reported by :meth:`keys` already."""
        return self.enum(data[key], kind, join(path, key)) if key in data else None

    def integer(self, value: Any, path: str) -> int | None:
        if is_int(value):
            return value
        self.invalid(path, value, "integer")
        return None

    def target(self, value: Any, path: str) -> int | None:
        if is_int(value) and value >= 1:
            return value
        self.invalid(path, value, "positive integer")
        return None

    def boolean(self, value: Any, path: str) -> bool | None:
        if isinstance(value, bool):
            return value
        self.invalid(path, value, "boolean")
        return None

    def kind(self, data: dict, kinds: tuple[str, ...], path: str) -> str | None:
        """The deal's ``kind``, if it is one of ``kinds``."""
        kind = data.get("kind")
        if "kind" not in data:
            self.add("format_key_missing", join(path, "kind"))
        elif kind not in kinds:
            self.invalid(join(path, "kind"), kind, " | ".join(kinds))
        else:
            return kind
        return None

    def choice(self, value: Any, choices: Iterable[Any], path: str, expected: str) -> Any:
        """``value`` if it is one of ``choices`` (booleans and numbers kept apart), else None."""
        if any(value == choice and type(value) is type(choice) for choice in choices):
            return value
        self.invalid(path, value, expected)
        return None

    def checked(
        self, deal: Any, problems: Callable[[Any], list[Problem]], path: str, start: int
    ) -> Any:
        """``deal``, checked like any other, once its dict had no format problem."""
        if len(self.problems) > start:
            return None
        for problem in problems(deal):
            field = join(path, problem.field) if path else problem.field
            self.problems.append(Problem(problem.code, field, problem.params))
        return deal

    def card_points(self, data: Any, path: str) -> CardPoints | None:
        if data is None or self.object(data, path) is None:
            return None
        self.keys(data, path, required=("team", "points"))
        team = self.member(data, "team", Team, path)
        points = self.integer(data["points"], join(path, "points")) if "points" in data else None
        return CardPoints(team, points) if team is not None and points is not None else None

    def all_declarations(self, data: dict, path: str) -> tuple[TeamDeclarations | None, ...]:
        path = join(path, "declarations")
        every = data.get("declarations", {})
        if self.object(every, path) is None:
            return None, None
        self.keys(every, path, required=(), optional=("A", "B"))
        return tuple(self.declarations(every.get(t, {}), join(path, t)) for t in ("A", "B"))

    def declarations(self, data: Any, path: str) -> TeamDeclarations | None:
        if self.object(data, path) is None:
            return None
        self.keys(data, path, required=(), optional=("sequences", "carres", "belots"))
        sequences = self.list(data.get("sequences", []), join(path, "sequences"))
        carres = self.list(data.get("carres", []), join(path, "carres"))
        belots = self.integer(data.get("belots", 0), join(path, "belots"))
        parsed = [
            self.sequence(item, join(path, f"sequences.{index}"))
            for index, item in enumerate(sequences)
        ]
        ranks = [
            self.enum(item, Rank, join(path, f"carres.{index}"))
            for index, item in enumerate(carres)
        ]
        if None in parsed or None in ranks or belots is None:
            return None
        if not (parsed or ranks or belots):
            return NO_DECLARATIONS
        return TeamDeclarations(tuple(parsed), tuple(Carre(rank) for rank in ranks), belots)

    def sequence(self, data: Any, path: str) -> Sequence | None:
        if self.object(data, path) is None:
            return None
        self.keys(data, path, required=("length",), optional=("top",))
        length = self.integer(data.get("length"), join(path, "length"))
        top = data.get("top")
        rank = None if top is None else self.enum(top, Rank, join(path, "top"))
        if length is None or (top is not None and rank is None):
            return None
        return Sequence(length, rank)


def declarations_to_dict(declared: TeamDeclarations) -> dict[str, Any]:
    return {
        "sequences": [
            {"length": s.length, "top": s.top.value if s.top is not None else None}
            for s in declared.sequences
        ],
        "carres": [carre.rank.value for carre in declared.carres],
        "belots": declared.belots,
    }


def card_points_to_dict(given: CardPoints | None) -> dict[str, Any] | None:
    return None if given is None else {"team": given.team.value, "points": given.points}
