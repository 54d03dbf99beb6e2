"""The registry: every game the engine scores, by the name a match stores, and reading a match
file of any game.

    >>> GAMES["classic"].score_deal(ClassicDeal(Team.A, Suit.HEARTS, CardPoints(Team.A, 82)))

Format version 1 files (``docs/deal-format.md``) are Bulgarian belot's; version 2 files
(``docs/deal-format-v2.md``) name their game.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .belot import BELOT
from .belot import serialize as belot_v1
from .classic import CLASSIC
from .contree import COINCHE, CONTREE
from .core.game import FORMAT_VERSION, Game
from .core.problems import DealError
from .core.reader import Reader

GAMES: MappingProxyType[str, Game] = MappingProxyType(
    {game.name: game for game in (BELOT, CLASSIC, CONTREE, COINCHE)}
)
VERSIONS = (belot_v1.FORMAT_VERSION, FORMAT_VERSION)


def read_match(data: Any) -> tuple[Game, Any, int, tuple[Any, ...]]:
    """``(game, profile, first_dealer, deals)`` from a match dict of any version: version 1 is
    Bulgarian belot's, version 2 says its ``game``. Raises :class:`DealError` as each game's
    ``match_from_dict`` does."""
    reader = Reader()
    if reader.object(data, "") is None:
        raise DealError(reader.problems)
    version = reader.version(data, VERSIONS)
    if version == belot_v1.FORMAT_VERSION:
        return BELOT, *belot_v1.match_from_dict(data)
    name = data.get("game")
    game = GAMES.get(name) if isinstance(name, str) else None
    if version is not None and game is not None:
        return game, *game.match_from_dict(data)
    if version is not None:  # version 2 without a game the engine knows
        if "game" not in data:
            reader.add("format_key_missing", "game")
        else:
            reader.invalid("game", name, " | ".join(GAMES))
    raise DealError(reader.problems)
