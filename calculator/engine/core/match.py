"""Folding deals into games and a match, for any game: dealers, running totals, points waiting,
game ends, and the match's end.

Seats are numbered 0 to 3 in counter-clockwise playing order; seats 0 and 2 are team A, 1 and 3
team B. The dealer moves one seat on after every deal, all-passed ones included, and keeps moving
from game to game; the seat after the dealer plays first.

After each played deal the game says whether the game has ended (``Game.game_end``): Bulgarian
belot at 151 (a capot cannot end it), classic belote at 501, contrée at 701, each with its own
rules. The next game starts at 0 to 0 right after; points still waiting (Bulgarian belot's
hanging points, classic belote's litige) are never lost: they go to the winner of the next played
deal, which is in the next game.

A match may be played to a number of won games (``games_to_win``: 1, 2 or 3 make a best of 1, 3
or 5). The game that gives a team that many wins ends the match: a deal after it is refused
(``match_over``). Without ``games_to_win`` the match goes on for as long as deals come.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .deals import DealKind
from .frozen import build_frozen
from .problems import DealError, Problem, is_int, shown
from .teams import SEATS, ZERO, Team, TeamPoints, first_player

GAMES_TO_WIN = (1, 2, 3)
# A real match has a few hundred deals at most. A longer one is a mistake or an attack: each
# view of a match folds all its deals, so their number bounds the work and memory of a page.
MAX_DEALS = 2000


class Scored(Protocol):
    """What the fold reads from any game's result of a deal."""

    kind: DealKind
    written: TeamPoints  # what each team writes from the deal, points taken that waited included
    hanging_out: int  # points waiting after the deal


@dataclass(frozen=True)
class MatchDeal:
    """One deal in its place in the match, and the score after it."""

    game: int  # from 1
    number: int  # the deal's number in its game, from 1
    dealer: int
    first_player: int
    result: Scored  # the game's result of the deal (Bulgarian belot: DealResult)
    totals: TeamPoints  # the game's totals after this deal
    hanging: int  # points waiting after this deal (hanging points, litige)
    game_over: bool  # this deal ended the game
    winner: Team | None  # the game's winner, when this deal ended it
    capot_extra_deal: bool  # a capot reached the target: one more deal must be played


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game."""

    number: int
    totals: TeamPoints
    winner: Team
    deals: int


@dataclass(frozen=True, slots=True)
class Match:
    """A match after its deals: every deal in place, the finished games and the current state.

    When the last deal ended a game, ``game`` is that game with ``game_over`` set; the next deal
    starts game ``game + 1`` at 0 to 0.
    """

    profile: Any  # the game's rule profile (belot: RuleProfile)
    first_dealer: int
    deals: tuple[MatchDeal, ...]
    games: tuple[GameResult, ...]
    games_won: TeamPoints
    game: int
    totals: TeamPoints
    hanging: int
    dealer: int  # who deals next
    first_player: int  # who plays first in the next deal
    game_over: bool
    winner: Team | None
    capot_extra_deal: bool
    games_to_win: int | None = None  # the match is played to this many won games, if set
    match_winner: Team | None = None  # the team that won them: the match is over

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What a played deal did to its game: ended it (``winner``), or left one more deal owed
    (``extra_deal``: Bulgarian belot's capot that reached the target), or neither."""

    winner: Team | None = None
    extra_deal: bool = False


GAME_GOES_ON = GameEnd()


class Rules(Protocol):
    """What the fold needs from a game (every :class:`~calculator.engine.core.game.Game`)."""

    def profile_problems(self, profile: Any) -> list[Problem]: ...

    def deal_problems(self, deal: Any, profile: Any) -> list[Problem]: ...

    def score_valid_deal(self, deal: Any, profile: Any, hanging: int) -> Scored: ...

    def game_end(self, profile: Any, totals: TeamPoints, result: Any) -> GameEnd: ...


def fold(
    game: Rules,
    profile: Any,
    first_dealer: int,
    deals: Iterable[Any],
    games_to_win: int | None,
) -> Match:
    """Fold ``deals`` of ``game`` in order into games. Raises :class:`DealError` with
    ``deal_index`` set when a deal is refused, a deal after the match's end included (the
    profile, the dealer, ``games_to_win`` and the number of deals, at most ``MAX_DEALS``, are
    checked first, with no index).
    """
    deals = tuple(deals)
    _validate(game, profile, first_dealer, deals, games_to_win)
    return _folded(_Fold(game, profile, games_to_win), first_dealer, (), deals)


def extend(game: Rules, match: Match, deals: Iterable[Any]) -> Match:
    """``match`` (folded by ``game``) with ``deals`` after its own: the same match as folding
    all the deals again, without scoring the earlier ones again (a new deal's preview). Raises
    :class:`DealError` as :func:`fold` would, ``deal_index`` counted from the match's first deal.
    """
    deals = tuple(deals)
    if len(match.deals) + len(deals) > MAX_DEALS:
        raise DealError([_too_many(len(match.deals) + len(deals))])
    _check_deals(game, match.profile, deals, start=len(match.deals))
    return _folded(_Fold.resume(game, match), match.first_dealer, match.deals, deals)


def truncate(match: Match, count: int) -> Match:
    """``match`` as it stood after its first ``count`` deals: the very ``Match`` that folding
    those deals alone gives, nothing scored again (the last deal deleted, or a correction folded
    on from the deal before it). Every deal's record holds the state its fold left."""
    if not 0 <= count <= len(match.deals):
        raise ValueError(f"a match of {len(match.deals)} deals has no first {count}")
    deals = match.deals[:count]
    last = deals[-1] if deals else None
    game = last.game if last else 1
    # The games its deals finished: those before the last deal's, and that one if it ended it.
    finished = game if last and last.game_over else game - 1
    games = tuple(ended for ended in match.games if ended.number <= finished)
    games_won = ZERO
    for ended in games:
        games_won = games_won + TeamPoints.for_team(ended.winner, 1)
    won = last is not None and last.game_over and games_won.of(last.winner) == match.games_to_win
    dealer = (match.first_dealer + count) % SEATS
    return Match(
        profile=match.profile,
        first_dealer=match.first_dealer,
        deals=deals,
        games=games,
        games_won=games_won,
        game=game,
        totals=last.totals if last else ZERO,
        hanging=last.hanging if last else 0,
        dealer=dealer,
        first_player=first_player(dealer),
        game_over=last.game_over if last else False,
        winner=last.winner if last else None,
        capot_extra_deal=last.capot_extra_deal if last else False,
        games_to_win=match.games_to_win,
        match_winner=last.winner if won else None,
    )


def correct(game: Rules, match: Match, deals: Sequence[Any], index: int, deal: Any) -> Match:
    """``match``, which ``game`` folded from ``deals``, with deal ``index`` (from 0) corrected to
    ``deal``: the very ``Match`` that folding the corrected deals gives, refusals included. The
    deals before it are not scored again, nor a later one that finds as many points waiting as
    it did: a deal's result depends on the deal, the profile and those points alone."""
    rest = (deal, *deals[index + 1 :])
    if index + len(rest) > MAX_DEALS:
        raise DealError([_too_many(index + len(rest))])
    _check_deals(game, match.profile, rest[:1], start=index)  # the others were folded before
    state = _Fold.resume(game, truncate(match, index))
    records = list(match.deals[:index])
    for position, later in enumerate(rest, start=index):
        was = match.deals[position] if position > index else None
        same = was is not None and match.deals[position - 1].hanging == state.hanging
        try:
            dealer = (match.first_dealer + position) % SEATS
            records.append(state.add(later, dealer, was.result if same else None))
        except DealError as error:
            raise error.in_deal(position) from None
    return _match(state, match.first_dealer, records)


def _folded(state: _Fold, first_dealer: int, earlier: tuple, deals: tuple) -> Match:
    """The match after ``state`` (which holds the ``earlier`` deals' records) takes ``deals``."""
    records = list(earlier)
    for index, deal in enumerate(deals, start=len(earlier)):
        try:
            records.append(state.add(deal, (first_dealer + index) % SEATS))
        except DealError as error:
            raise error.in_deal(index) from None
    return _match(state, first_dealer, records)


def _match(state: _Fold, first_dealer: int, records: list) -> Match:
    dealer = (first_dealer + len(records)) % SEATS
    return Match(
        profile=state.profile,
        first_dealer=first_dealer,
        deals=tuple(records),
        games=tuple(state.games),
        games_won=state.games_won,
        game=state.game,
        totals=state.totals,
        hanging=state.hanging,
        dealer=dealer,
        first_player=first_player(dealer),
        game_over=state.game_over,
        winner=state.winner,
        capot_extra_deal=state.extra_deal,
        games_to_win=state.games_to_win,
        match_winner=state.match_winner,
    )


def _validate(
    game: Rules, profile: Any, first_dealer: int, deals: tuple, games_to_win: int | None
) -> None:
    problems = game.profile_problems(profile)
    if not is_int(first_dealer) or not 0 <= first_dealer < SEATS:
        problems.append(Problem("dealer_invalid", "first_dealer", {"dealer": shown(first_dealer)}))
    if games_to_win is not None and not (is_int(games_to_win) and games_to_win in GAMES_TO_WIN):
        params = {"games": shown(games_to_win), "allowed": list(GAMES_TO_WIN)}
        problems.append(Problem("games_to_win_invalid", "games_to_win", params))
    if len(deals) > MAX_DEALS:
        problems.append(_too_many(len(deals)))
    if problems:
        raise DealError(problems)
    _check_deals(game, profile, deals, start=0)


def _too_many(count: int) -> Problem:
    return Problem("too_many_deals", "deals", {"count": count, "max": MAX_DEALS})


def _check_deals(game: Rules, profile: Any, deals: tuple, start: int) -> None:
    """Refuse the first deal with problems; its index counts from the match's first deal."""
    for index, deal in enumerate(deals, start=start):
        problems = game.deal_problems(deal, profile)
        if problems:
            raise DealError(problems, deal_index=index)


class _Fold:
    """The running state of a match while its deals are folded in (private, mutable)."""

    def __init__(self, game: Rules, profile: Any, games_to_win: int | None) -> None:
        # The game's two hooks, looked up once: a match folds thousands of deals.
        self.score, self.end, self.profile = game.score_valid_deal, game.game_end, profile
        self.games_to_win, self.match_winner = games_to_win, None
        self.game, self.number = 1, 0
        self.totals, self.hanging = ZERO, 0
        self.games_won, self.games = ZERO, []
        self.game_over, self.winner, self.extra_deal = False, None, False

    @classmethod
    def resume(cls, game: Rules, match: Match) -> _Fold:
        """The state the fold of ``match``'s deals ended in."""
        state = cls(game, match.profile, match.games_to_win)
        state.match_winner, state.game = match.match_winner, match.game
        state.number = match.deals[-1].number if match.deals else 0
        state.totals, state.hanging = match.totals, match.hanging
        state.games_won, state.games = match.games_won, list(match.games)
        state.game_over, state.winner = match.game_over, match.winner
        state.extra_deal = match.capot_extra_deal
        return state

    def add(self, deal: Any, dealer: int, result: Scored | None = None) -> MatchDeal:
        """The deal's record; ``result`` is the deal's, if it was scored with the points
        waiting now (a correction's later deals)."""
        if self.match_winner is not None:
            raise DealError.single("match_over", "deals", games=self.games_to_win)
        if self.game_over:
            self.game, self.number, self.totals = self.game + 1, 0, ZERO
            self.game_over, self.winner = False, None
        self.number += 1
        if result is None:
            result = self.score(deal, self.profile, self.hanging)
        self.hanging = result.hanging_out
        self.totals = self.totals + result.written
        if result.kind is not DealKind.ALL_PASSED:
            self._check_end(self.end(self.profile, self.totals, result))
        return build_frozen(
            MatchDeal,
            game=self.game,
            number=self.number,
            dealer=dealer,
            first_player=first_player(dealer),
            result=result,
            totals=self.totals,
            hanging=self.hanging,
            game_over=self.game_over,
            winner=self.winner,
            capot_extra_deal=self.extra_deal,
        )

    def _check_end(self, end: GameEnd) -> None:
        self.extra_deal = end.extra_deal
        if end.winner is not None:
            self.game_over, self.winner = True, end.winner
            self.games_won = self.games_won + TeamPoints.for_team(self.winner, 1)
            self.games.append(GameResult(self.game, self.totals, self.winner, self.number))
            if self.games_won.of(self.winner) == self.games_to_win:
                self.match_winner = self.winner
