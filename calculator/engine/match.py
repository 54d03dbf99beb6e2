"""Folding deals into games and a match: dealers, running totals, hanging points, game ends.

Seats are numbered 0 to 3 in counter-clockwise playing order; seats 0 and 2 are team A, 1 and 3
team B. The dealer moves one seat on after every deal, all-passed ones included, and keeps moving
from game to game; the seat after the dealer plays first.

A game ends after a played deal that leaves a team on the target or more and ahead of the other
(both over: the higher wins; equal: play on). Under the default "a capot cannot end the game",
a capot deal never ends it: the next played deal that is not a capot decides. The next game starts
at 0 to 0 right after; hanging points are never lost: points still hanging when a game ends go
to the team with more raw points in the next played deal, which is in the next game.

A match may be played to a number of won games (``games_to_win``: 1, 2 or 3 make a best of 1, 3
or 5). The game that gives a team that many wins ends the match: a deal after it is refused
(``match_over``). Without ``games_to_win`` the match goes on for as long as deals come.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .deal import score_valid_deal
from .errors import DealError, Problem
from .model import DEFAULT_PROFILE, Deal, RuleProfile, Team
from .results import ZERO, DealKind, DealResult, TeamPoints, build_frozen
from .validate import deal_problems, is_int, profile_problems, shown

SEATS = 4
GAMES_TO_WIN = (1, 2, 3)
# A real match has a few hundred deals at most. A longer one is a mistake or an attack: each
# view of a match folds all its deals, so their number bounds the work and memory of a page.
MAX_DEALS = 2000


def team_of_seat(seat: int) -> Team:
    return Team.A if seat % 2 == 0 else Team.B


def first_player(dealer: int) -> int:
    """The seat after the dealer, counter-clockwise, leads the first trick."""
    return (dealer + 1) % SEATS


@dataclass(frozen=True)
class MatchDeal:
    """One deal in its place in the match, and the score after it."""

    game: int  # from 1
    number: int  # the deal's number in its game, from 1
    dealer: int
    first_player: int
    result: DealResult
    totals: TeamPoints  # the game's totals after this deal
    hanging: int  # points hanging after this deal
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

    profile: RuleProfile
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


def fold_match(
    profile: RuleProfile = DEFAULT_PROFILE,
    first_dealer: int = 0,
    deals: Iterable[Deal] = (),
    games_to_win: int | None = None,
) -> Match:
    """Fold ``deals`` in order into games. Raises :class:`DealError` with ``deal_index`` set
    when a deal is refused, a deal after the match's end included (the profile, the dealer,
    ``games_to_win`` and the number of deals, at most ``MAX_DEALS``, are checked first, with
    no index).
    """
    deals = tuple(deals)
    _validate(profile, first_dealer, deals, games_to_win)
    fold = _Fold(profile, games_to_win)
    records = []
    for index, deal in enumerate(deals):
        try:
            records.append(fold.add(deal, (first_dealer + index) % SEATS))
        except DealError as error:
            raise error.in_deal(index) from None
    dealer = (first_dealer + len(deals)) % SEATS
    return Match(
        profile=profile,
        first_dealer=first_dealer,
        deals=tuple(records),
        games=tuple(fold.games),
        games_won=fold.games_won,
        game=fold.game,
        totals=fold.totals,
        hanging=fold.hanging,
        dealer=dealer,
        first_player=first_player(dealer),
        game_over=fold.game_over,
        winner=fold.winner,
        capot_extra_deal=fold.extra_deal,
        games_to_win=games_to_win,
        match_winner=fold.match_winner,
    )


def _validate(
    profile: RuleProfile, first_dealer: int, deals: tuple[Deal, ...], games_to_win: int | None
) -> None:
    problems = profile_problems(profile)
    if not is_int(first_dealer) or not 0 <= first_dealer < SEATS:
        problems.append(Problem("dealer_invalid", "first_dealer", {"dealer": shown(first_dealer)}))
    if games_to_win is not None and not (is_int(games_to_win) and games_to_win in GAMES_TO_WIN):
        params = {"games": shown(games_to_win), "allowed": list(GAMES_TO_WIN)}
        problems.append(Problem("games_to_win_invalid", "games_to_win", params))
    if len(deals) > MAX_DEALS:
        problems.append(Problem("too_many_deals", "deals", {"count": len(deals), "max": MAX_DEALS}))
    if problems:
        raise DealError(problems)
    for index, deal in enumerate(deals):
        problems = deal_problems(deal)
        if problems:
            raise DealError(problems, deal_index=index)


class _Fold:
    """The running state of a match while its deals are folded in (private, mutable)."""

    def __init__(self, profile: RuleProfile, games_to_win: int | None = None) -> None:
        self.profile, self.games_to_win, self.match_winner = profile, games_to_win, None
        self.game, self.number = 1, 0
        self.totals, self.hanging = ZERO, 0
        self.games_won, self.games = ZERO, []
        self.game_over, self.winner, self.extra_deal = False, None, False

    def add(self, deal: Deal, dealer: int) -> MatchDeal:
        if self.match_winner is not None:
            raise DealError.single("match_over", "deals", games=self.games_to_win)
        if self.game_over:
            self.game, self.number, self.totals = self.game + 1, 0, ZERO
            self.game_over, self.winner = False, None
        self.number += 1
        result = score_valid_deal(deal, self.profile, self.hanging)
        self.hanging = result.hanging_out
        self.totals = self.totals + result.written
        if result.kind is not DealKind.ALL_PASSED:
            self._check_end(result)
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

    def _check_end(self, result: DealResult) -> None:
        a, b = self.totals.a, self.totals.b
        reached = max(a, b) >= self.profile.target and a != b
        capot_blocks = result.capot is not None and self.profile.capot_cannot_end_game
        self.extra_deal = reached and capot_blocks
        if reached and not self.extra_deal:
            self.game_over, self.winner = True, Team.A if a > b else Team.B
            self.games_won = self.games_won + TeamPoints.for_team(self.winner, 1)
            self.games.append(GameResult(self.game, self.totals, self.winner, self.number))
            if self.games_won.of(self.winner) == self.games_to_win:
                self.match_winner = self.winner
