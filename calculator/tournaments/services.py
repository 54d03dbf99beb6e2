"""A tournament's writes: the tournament and its pairs, a pair withdrawn or back, a round started
(Swiss, round robin or the knock-out's) as the organizer's preview showed it, a table's result
entered by hand; each checked again inside the locked transaction, refused in words.

The pairing and the standings are the pure package's (calculator/pairing/, see
docs/tournaments.md); this module reads and writes the database around them."""

import logging

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from calculator.models import (
    PAIRS_MAX,
    ROUND_ROBIN,
    SWISS_ROUNDS_MAX,
    Match,
    Tournament,
    TournamentPair,
    TournamentRound,
    TournamentTable,
)
from calculator.pairing import (
    MAX_ROUND_ROBIN_PAIRS,
    RoundPairings,
    TournamentError,
    knockout_first_round,
    knockout_next_round,
    swiss_pairings,
)
from calculator.shared.names import pair_name
from calculator.tournaments.state import (
    KNOCKOUT_SIZES,
    TournamentState,
    read_state,
    tournament_version,
)
from calculator.tournaments.swap import SWAP_KNOCKOUT, SWAP_ROUND_ROBIN, order_of, pairings_of

ROUND_OPEN = _(
    "Round %(number)s is still being played: a round can be started, and pairs added or "
    "withdrawn, once every match of the round before is finished."
)


ROUND_STARTED = _("Round %(number)s has already been started.")


ROUND_NOT_NEXT = _("The next round is round %(number)s.")


SWISS_ROUNDS_FULL = ngettext_lazy(
    "A tournament has at most %(max)s Swiss round: the knock-out stage can follow it.",
    "A tournament has at most %(max)s Swiss rounds: the knock-out stage can follow them.",
    "max",
)


TOO_FEW_PAIRS = _("A round needs at least 2 pairs that play, not %(count)s.")


ROUND_ROBIN_OVER = _("Every round of the round robin has been played.")


ROUND_ROBIN_FIXED = _(
    "A round robin's rounds are drawn up when it starts: pairs can no longer be added or withdrawn."
)


PAIR_TWICE = _("The pair %(pair)s is in the tournament already.")


PAIRS_FULL = _("A tournament has at most %(max)s pairs.")


ROUND_ROBIN_SIZE = _("A round robin is for 2 to %(max)s pairs, not %(count)s.")


PAIR_WITHDRAWN = _("This pair has already withdrawn.")


PAIR_GONE_TOO_LONG = _(
    "Only a pair withdrawn since the last round was played can come back: this one has "
    "missed a round already."
)


HAND_STALE = _(
    "The tournament changed while the page was open (a deal saved, a result entered): "
    "nothing was written. Check the table's score below and enter the result again."
)


HAND_TIE = _(
    "A match has a winner: the points cannot be equal. Enter each side's points as the "
    "paper sheet has them."
)


HAND_GAMES = _(
    "In a best of 3 the winner has won 2 games and the other side 0 or 1: enter the games "
    "as %(games)s."
)


HAND_HAS_DEALS = _(
    "Table %(number)s's match has deals saved already: its score is kept there. Correct "
    "the deals on the match's page instead of entering a result by hand."
)


HAND_NOT_CURRENT = _(
    "A result can be entered by hand only for a table of round %(number)s, the round being played."
)


ROUND_STALE = _(
    "The tournament changed while the pairings of round %(number)s were shown (a result "
    "corrected, a pair added or withdrawn), and nothing was started. Look at the new "
    "pairings and start the round again."
)


ROUND_STALE_KNOCKOUT = _(
    "The tournament changed while the bracket's round %(number)s was shown (a result "
    "corrected), and nothing was started. Look at its ties as they are now and start the "
    "round again."
)


KNOCKOUT_SWISS_ONLY = _("A knock-out stage follows Swiss rounds; a round robin has none.")


KNOCKOUT_NO_ROUNDS = _("The knock-out stage starts after the Swiss rounds: play a round first.")


KNOCKOUT_STARTED = _("The knock-out stage has already started.")


KNOCKOUT_TOO_BIG = _(
    "A knock-out of the top %(size)s needs %(size)s pairs that play; there are %(count)s."
)


KNOCKOUT_SIZE = _("A knock-out stage takes the top 2, 4, 8 or 16 pairs of the standings.")


KNOCKOUT_STALE = _(
    "The tournament changed while the knock-out's bracket was shown (a result corrected, a "
    "pair added or withdrawn), and nothing was started. Here is the bracket as the standings "
    "make it now: check it and start the knock-out stage again."
)


KNOCKOUT_FIXED = _("The knock-out stage has started: pairs can no longer be added or withdrawn.")


KNOCKOUT_OVER = _("The final has been played: the tournament is over.")


# The checks above come first, so the pure package refusing the pairings would be a fault of the
# site's: the organizer is told so in words, and the package's codes go to the log.
PAIRING_REFUSED = _(
    "The site could not draw up the pairings of round %(number)s, and nothing was changed. "
    "Check the list of pairs and try again."
)


logger = logging.getLogger(__name__)


def pair_key(first: str, second: str) -> frozenset:
    """What makes two pairs the same pair: the same two names, in either order, in any case."""
    return frozenset((first.casefold(), second.casefold()))


def _refuse(message, code: str, **params):
    raise ValidationError(message, code=code, params=params or None)


def _check_new_pairs(existing, pairs: list[tuple[str, str]]) -> None:
    known = {pair_key(p.player_1, p.player_2) for p in existing}
    for first, second in pairs:
        if pair_key(first, second) in known:
            _refuse(PAIR_TWICE, "pair_twice", pair=f"{first} & {second}")
        known.add(pair_key(first, second))
    if len(known) > PAIRS_MAX:
        _refuse(PAIRS_FULL, "pairs_full", max=PAIRS_MAX)


def _add_pairs(tournament: Tournament, pairs, first_round: int) -> None:
    last = tournament.pairs.order_by("-seed").values_list("seed", flat=True).first() or 0
    TournamentPair.objects.bulk_create(
        TournamentPair(
            tournament=tournament,
            seed=last + offset,
            player_1=first,
            player_2=second,
            first_round=first_round,
        )
        for offset, (first, second) in enumerate(pairs, start=1)
    )


def tournament_create(*, pairs: list[tuple[str, str]], **fields) -> Tournament:
    """A new tournament (``fields``: its name, date, game, house rules, match format and
    format) with its pairs in the order given; ValidationError and nothing saved if two of
    them are the same pair."""
    _check_new_pairs([], pairs)
    if fields.get("format") == ROUND_ROBIN and not 2 <= len(pairs) <= MAX_ROUND_ROBIN_PAIRS:
        _refuse(ROUND_ROBIN_SIZE, "round_robin_size", max=MAX_ROUND_ROBIN_PAIRS, count=len(pairs))
    with transaction.atomic():
        tournament = Tournament.objects.create(**fields)
        _add_pairs(tournament, pairs, first_round=1)
    return tournament


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _locked_with_its_last_round(tournament: Tournament) -> Tournament:
    """The tournament's row locked, then the matches of its last round: a deal's write to one
    of them holds that match's lock (matches/services.py), so a round starts on their results
    as committed, and a write after it finds the new round and is refused (RoundClosed)."""
    tournament = _locked(tournament)
    last = tournament.rounds.order_by("-number").first()
    if last is not None:
        matches = Match.objects.select_for_update(of=("self",)).filter(tournament_table__round=last)
        list(matches.order_by("pk").values_list("pk", flat=True))
    return tournament


def _touch(tournament: Tournament) -> None:
    tournament.version += 1
    tournament.save(update_fields=["version", "updated"])


def _between_rounds(state: TournamentState) -> None:
    """Refuse a change of the pairs while a round is played, or once a round robin began."""
    if state.open_round is not None:
        _refuse(ROUND_OPEN, "round_open", number=state.open_round.number)
    if state.tournament.format == ROUND_ROBIN and state.rounds:
        _refuse(ROUND_ROBIN_FIXED, "round_robin_fixed")
    if state.knockout_started:
        _refuse(KNOCKOUT_FIXED, "knockout_fixed")


def tournament_pairs_add(*, tournament: Tournament, pairs: list[tuple[str, str]]) -> None:
    """Add ``pairs`` between rounds: they play from the next round on, from 0 wins."""
    with transaction.atomic():
        tournament = _locked(tournament)
        state = read_state(tournament)
        _between_rounds(state)
        _check_new_pairs(state.pairs, pairs)
        if tournament.format == ROUND_ROBIN and len(state.pairs) + len(pairs) > 12:
            count = len(state.pairs) + len(pairs)
            _refuse(ROUND_ROBIN_SIZE, "round_robin_size", max=MAX_ROUND_ROBIN_PAIRS, count=count)
        _add_pairs(tournament, pairs, first_round=state.next_number)
        _touch(tournament)


def tournament_pair_withdraw(*, tournament: Tournament, pair: TournamentPair) -> None:
    """Withdraw ``pair`` between rounds: it keeps its results and plays no more. A pair that
    has played no round yet leaves the list altogether."""
    with transaction.atomic():
        tournament = _locked(tournament)
        state = read_state(tournament)
        pair = TournamentPair.objects.select_for_update().get(pk=pair.pk)
        if pair.withdrawn_from is not None:
            _refuse(PAIR_WITHDRAWN, "pair_withdrawn")
        _between_rounds(state)
        if pair.first_round >= state.next_number:
            pair.delete()
        else:
            pair.withdrawn_from = state.next_number
            pair.save(update_fields=["withdrawn_from"])
        _touch(tournament)


def tournament_pair_return(*, tournament: Tournament, pair: TournamentPair) -> None:
    """Take back the withdrawal of ``pair`` (a mistaken tap) before the round it was
    withdrawn from starts: it plays on as if it had never withdrawn."""
    with transaction.atomic():
        tournament = _locked(tournament)
        state = read_state(tournament)
        pair = TournamentPair.objects.select_for_update().get(pk=pair.pk)
        if pair.withdrawn_from is None:
            return
        _between_rounds(state)
        if pair.withdrawn_from != state.next_number:
            _refuse(PAIR_GONE_TOO_LONG, "pair_gone_too_long")
        pair.withdrawn_from = None
        pair.save(update_fields=["withdrawn_from"])
        _touch(tournament)


def _pairings(state: TournamentState, number: int) -> RoundPairings:
    """Round ``number``'s pairings, drawn up once per state (a Swiss round of 128 pairs takes
    tens of milliseconds): the preview asked again shows the kept ones."""
    return state.kept(("pairings", number), lambda: _drawn_up(state, number))


def _drawn_up(state: TournamentState, number: int) -> RoundPairings:
    tournament = state.tournament
    if state.knockout_started:
        if state.champion is not None:
            _refuse(KNOCKOUT_OVER, "knockout_over")
        played = [round_.result() for round_ in state.knockout_rounds]
        return knockout_next_round(played, tournament.knockout_size)
    if tournament.format == ROUND_ROBIN:
        schedule = state.schedule()
        if number > len(schedule):
            _refuse(ROUND_ROBIN_OVER, "round_robin_over")
        return schedule[number - 1]
    return swiss_pairings(state.pure_pairs(), state.results(), bye_points=tournament.bye_points)


def round_proposal(state: TournamentState, number: int) -> RoundPairings:
    """Round ``number``'s pairings as the site draws them up (nothing stored). ValidationError
    if that round has started already, the round before is still played, it would be a Swiss
    round past SWISS_ROUNDS_MAX or too few pairs play."""
    if number < state.next_number:
        _refuse(ROUND_STARTED, "round_started", number=number)
    if state.open_round is not None:
        _refuse(ROUND_OPEN, "round_open", number=state.open_round.number)
    if number != state.next_number:
        _refuse(ROUND_NOT_NEXT, "round_not_next", number=state.next_number)
    swiss = state.tournament.format != ROUND_ROBIN and not state.knockout_started
    if swiss and number > SWISS_ROUNDS_MAX:
        _refuse(SWISS_ROUNDS_FULL, "swiss_rounds_full", max=SWISS_ROUNDS_MAX)
    playing = state.playing(number)
    if len(playing) < 2:
        _refuse(TOO_FEW_PAIRS, "too_few_pairs", count=len(playing))
    try:
        return _pairings(state, number)
    except TournamentError as error:
        logger.error("round %s not paired: %s", number, ", ".join(error.codes))
        _refuse(PAIRING_REFUSED, "pairing_refused", number=number)


def tournament_round_start(
    *, tournament: Tournament, number: int, order: list[int] | None = None, version: str = ""
) -> TournamentRound:
    """Start round ``number`` (the next one, as the organizer's page showed it), a match for
    each table: with the pairings of the pure package, or, given ``order``, exactly the
    pairings the organizer's preview showed at ``version`` (tournament_swap.py).
    ValidationError, and nothing written, if that round has started already, the round before
    is still played, too few pairs play, or the tournament changed since the preview."""
    try:
        with transaction.atomic():
            tournament = _locked_with_its_last_round(tournament)
            state = read_state(tournament)
            pairings = round_proposal(state, number)
            if order is not None:
                if version != tournament_version(tournament):
                    stale = ROUND_STALE_KNOCKOUT if state.knockout_started else ROUND_STALE
                    _refuse(stale, "round_stale", number=number)
                if order != order_of(pairings):
                    if tournament.format == ROUND_ROBIN:
                        _refuse(SWAP_ROUND_ROBIN, "swap_round_robin")
                    if state.knockout_started:
                        _refuse(SWAP_KNOCKOUT, "swap_knockout")
                    pairings = pairings_of(pairings, order)
            round_ = _round_create(state, pairings)
            _touch(tournament)
            return round_
    except IntegrityError:  # another tap's round came first
        _refuse(ROUND_STARTED, "round_started", number=number)


def knockout_proposal(state: TournamentState, size: int) -> RoundPairings:
    """The knock-out's first round of the top ``size`` as the site draws it up (nothing
    stored). ValidationError in a round robin, before any round, while a round is played,
    for a size other than 4, 8 or 16 or larger than the pairs that play, or once it has
    started."""
    if state.tournament.format == ROUND_ROBIN:
        _refuse(KNOCKOUT_SWISS_ONLY, "knockout_swiss_only")
    if state.knockout_started:
        _refuse(KNOCKOUT_STARTED, "knockout_started")
    if not state.rounds:
        _refuse(KNOCKOUT_NO_ROUNDS, "knockout_no_rounds")
    if state.open_round is not None:
        _refuse(ROUND_OPEN, "round_open", number=state.open_round.number)
    count = len(state.playing(state.next_number))
    if size not in KNOCKOUT_SIZES:
        _refuse(KNOCKOUT_SIZE, "knockout_size")
    if size > count:
        _refuse(KNOCKOUT_TOO_BIG, "knockout_too_big", size=size, count=count)
    number = state.next_number
    try:
        return knockout_first_round(state.knockout_ranking(), size, number)
    except TournamentError as error:
        logger.error("knock-out not paired: %s", ", ".join(error.codes))
        _refuse(PAIRING_REFUSED, "pairing_refused", number=number)


def tournament_knockout_start(
    *, tournament: Tournament, size: int, version: str | None = None
) -> TournamentRound:
    """Start the knock-out stage of the top ``size`` of the standings after the Swiss rounds:
    its first round, seeded in the bracket (calculator/pairing/knockout.py), as the
    organizer's preview showed it at ``version`` (None: as the site draws it up now).
    Refused, and nothing written, as ``knockout_proposal`` says, or if the tournament
    changed since the preview (a result corrected, a pair added or withdrawn: the bracket
    may be another one)."""
    try:
        with transaction.atomic():
            tournament = _locked_with_its_last_round(tournament)
            state = read_state(tournament)
            pairings = knockout_proposal(state, size)
            if version is not None and version != tournament_version(tournament):
                _refuse(KNOCKOUT_STALE, "knockout_stale")
            round_ = _round_create(state, pairings)
            tournament.knockout_size, tournament.knockout_from = size, pairings.number
            tournament.version += 1
            tournament.save(update_fields=["knockout_size", "knockout_from", "version", "updated"])
            return round_
    except IntegrityError:
        _refuse(KNOCKOUT_STARTED, "knockout_started")


def _round_create(state: TournamentState, pairings: RoundPairings) -> TournamentRound:
    tournament, pairs = state.tournament, state.by_id
    round_ = TournamentRound.objects.create(
        tournament=tournament, number=pairings.number, bye_id=pairings.bye
    )
    for pairing in pairings.pairings:
        a, b = pairs[pairing.a], pairs[pairing.b]
        match = Match.objects.create(
            team_a=pair_name(a.player_1, a.player_2),
            team_b=pair_name(b.player_1, b.player_2),
            player_1=a.player_1,
            player_2=b.player_1,
            player_3=a.player_2,
            player_4=b.player_2,
            **tournament.match_fields(),
        )
        TournamentTable.objects.create(
            round=round_, number=pairing.table, pair_a=a, pair_b=b, match=match
        )
    return round_


def hand_games(games_to_win: int, points: tuple[int, int], games: tuple | None) -> tuple:
    """The games each side won, as a hand result stores them; ValidationError if the result
    has no winner (equal points in one game, games that are no finished best of 3)."""
    if games_to_win == 1:
        if points[0] == points[1]:
            _refuse(HAND_TIE, "hand_tie")
        return (1, 0) if points[0] > points[1] else (0, 1)
    if games is None or sorted(games) not in ([0, 2], [1, 2]):
        _refuse(HAND_GAMES, "hand_games", games="2:0, 2:1, 1:2, 0:2")
    return tuple(games)


def tournament_hand_result(
    *,
    tournament: Tournament,
    table: TournamentTable,
    version: str,
    points: tuple[int, int],
    games: tuple[int, int] | None = None,
) -> None:
    """Enter by hand the result of ``table`` (a table of the round being played, or of the
    last round while the next has not started, to correct it) as the organizer's page at
    ``version`` showed it: each side's points and, in a best of 3, the games won. Refused,
    and nothing written, if the tournament changed since, if the match has deals saved, or if
    the result has no winner."""
    with transaction.atomic():
        tournament = _locked(tournament)
        match = Match.objects.select_for_update().get(pk=table.match_id)
        table = TournamentTable.objects.select_for_update().get(pk=table.pk)
        if tournament_version(tournament) != version:
            _refuse(HAND_STALE, "hand_stale")
        last = tournament.rounds.order_by("-number").first()
        if last is None or table.round_id != last.pk:
            _refuse(HAND_NOT_CURRENT, "hand_not_current", number=last.number if last else 1)
        if match.deals.exists():
            _refuse(HAND_HAS_DEALS, "hand_has_deals", number=table.number)
        games = hand_games(tournament.games_to_win, points, games)
        table.hand_points_a, table.hand_points_b = points
        table.hand_games_a, table.hand_games_b = games
        table.save(update_fields=["hand_points_a", "hand_points_b", "hand_games_a", "hand_games_b"])
        # The match is closed to deals from now on (matches/services.py refuses them): its
        # pages open at their scorers' and watchers' phones are out of date.
        match.version += 1
        match.undo = None
        match.save(update_fields=["version", "undo", "updated"])
        _touch(tournament)
