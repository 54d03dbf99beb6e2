"""What a match's page shows: its deals, chart and scores, its place in a table or a
tournament, the way to its next match and the offer to undo."""

from django.conf import settings

from calculator import engine
from calculator.games.belote_alone import belote_alone_notes
from calculator.matches.history import chart, history_context
from calculator.matches.preview import undo_offer
from calculator.matches.services import MatchState, next_match_offered
from calculator.matches.teams import lead, seat_name, team_name, team_names, winner_first
from calculator.models import Match
from calculator.phone.offer import phone_offer
from calculator.shared.stages import match_name


def match_context(
    request, state: MatchState, *, is_scorer: bool, game: int | None = None, page: int = 1
) -> dict:
    match, fold = state.match, state.fold
    winner = team_name(match, fold.winner)
    # A tournament table's whose result is settled: no deal is entered or changed any more.
    by_hand = match.result_by_hand()
    round_closed = not by_hand and match.round_closed()
    closed = by_hand or round_closed
    place = tournament_place(match)
    return {
        "match": match,
        "fold": fold,
        "is_scorer": is_scorer,
        "by_hand": by_hand,
        "round_closed": round_closed,
        "closed": closed,
        "poll_ms": settings.WATCH_POLL_MS,
        "undo": undo_offer(state) if is_scorer and not closed else None,
        "key": match.scorer_key if is_scorer else match.watch_key,
        **history_context(state, game, page),
        "full": state.next_number > engine.MAX_DEALS,
        "max_deals": engine.MAX_DEALS,
        "chart": chart(state),
        "next_number": state.next_number,
        "dealer": seat_name(match, fold.dealer),
        "first_player": seat_name(match, fold.first_player),
        "winner": winner,
        "match_winner": team_name(match, fold.match_winner),
        "match_games": winner_first(fold.games_won, fold.match_winner),
        "belote_alone": belote_alone_notes(
            team_names(match), fold.deals[-1] if fold.deals else None, fold.profile.target
        ),
        "margin": lead(fold.totals, fold.winner),
        "watch_url": request.build_absolute_uri(match.get_watch_url()),
        "scorer_url": request.build_absolute_uri(match.get_scorer_url()),
        "loaded_at": match.updated,
        **next_match_context(state),
        "tournament_place": place,
        "phone": phone_offer(match, is_scorer, in_tournament=place is not None),
    }


def tournament_place(match: Match) -> dict | None:
    """A tournament's match names its tournament, its round (or its stage in the knock-out)
    and its table, and leads back to the tournament's public page; None for any other."""
    table = match.tournament_place()
    if table is None:
        return None
    tournament, number = table.round.tournament, table.round.number
    return {
        "tournament": tournament,
        "round": number,
        "stage": match_name(tournament, number, table.number),
        "table": table.number,
    }


def next_match_context(state: MatchState) -> dict:
    """A finished table match leads to its next match: started already (a link), or offered to
    its scorer."""
    match, fold = state.match, state.fold
    if not (fold.match_over and match.table_id):
        return {"next_match": None, "next_offered": False}
    following = Match.objects.filter(follows=match).first()
    return {
        "next_match": following,
        "next_offered": following is None and next_match_offered(match, fold),
    }
