"""What the match and deal pages show, derived from the engine's fold: no scoring happens here."""

import math
from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from . import charts, engine, explain, explain_french
from .belote_alone import belote_alone_notes
from .models import Match
from .questions import QUESTION, questions
from .services import MatchState, corrected_fold, next_match_offered, undoable
from .tournament_names import match_name

# The match page shows the deals of one game: the current one, or the one asked for with
# ?game=N. Unasked, it shows at most the last GAME_ROWS of them (a game of all-passed deals can
# be long); asked for, HISTORY_ROWS a page, the last first (?game=N&page=P). The score sheet
# holds SHEET_ROWS deals a page (?page=P). No page of the largest allowed match renders more.
GAME_ROWS = 60
HISTORY_ROWS = 100
SHEET_ROWS = 400
CHART_WIDTH = 320
CHART_HEIGHT = 120


def seat_name(match, seat: int) -> str:
    return match.players[seat] or _("Player %(number)s") % {"number": seat + 1}


def team_names(match) -> tuple[str, str]:
    return match.team_a, match.team_b


def team_name(match, team: engine.Team | None) -> str:
    if team is None:
        return ""
    return match.team_a if team is engine.Team.A else match.team_b


def lead(totals: engine.TeamPoints, winner: engine.Team | None) -> int:
    """How many points a game's winner is ahead by. 0 or less in the French games when the
    other team is over the target only by its belote in a deal it lost: it did not reach it."""
    if winner is None:
        return 0
    return totals.of(winner) - totals.of(winner.other)


def winner_first(points: engine.TeamPoints, winner: engine.Team | None) -> tuple[int, int]:
    """A result said with its winner's side first ("2:1" in every language), whichever team
    won; in the teams' order while there is no winner."""
    if winner is None:
        return points.a, points.b
    return points.of(winner), points.of(winner.other)


@dataclass(frozen=True)
class HistoryRow:
    number: int
    played: engine.MatchDeal
    contract: str
    contract_name: str
    red: bool
    bidders: str
    double: str
    markers: tuple[str, ...]
    meta: str
    written: engine.TeamPoints
    edit_url: str
    editable: bool
    deletable: bool


INSIDE_OUTCOMES = (
    engine.Outcome.INSIDE,
    engine.ClassicOutcome.INSIDE,
    engine.ContreeOutcome.FAILED,
)


def _markers(result) -> tuple[str, ...]:
    markers = []
    if result.kind is engine.DealKind.ALL_PASSED:
        markers.append(_("all passed"))
    # One test, not one per game: the games' outcomes are strings, and belot's "inside" equals
    # classic belote's, so two tests marked a belot deal inside twice.
    if result.kind is engine.DealKind.INSIDE or result.outcome in INSIDE_OUTCOMES:
        markers.append(_("inside"))
    if isinstance(result, engine.ClassicResult) and result.hanging_added:
        markers.append(_("litige"))  # the taker's points wait: not belot's hanging points
    elif getattr(result, "hanging_added", 0):  # (nothing waits in contrée)
        markers.append(_("hanging"))
    # A capot bid already says "capot" in the contract's column ("capot ♦"): said once.
    if result.capot is not None and getattr(result, "bid", None) != 250:
        markers.append(_("capot"))
    return tuple(markers)


def history(state: MatchState, numbers: range) -> list[HistoryRow]:
    """The rows of the deals ``numbers`` (from 1), the last one first."""
    match = state.match
    last = len(state.fold.deals)
    # One reverse() for all rows: a page of 200 deals spends its time in loops like this one.
    deals_url = reverse("calculator:deal-new", args=[match.scorer_key])
    # The table is one game's: a deal is named by its number in the game, as everywhere.
    dealers = [_("dealt by %(dealer)s") % {"dealer": seat_name(match, seat)} for seat in range(4)]
    rows = []
    for number in numbers:
        played = state.fold.deals[number - 1]
        result = played.result
        contract, bidders, double = _contract_of(result)
        rows.append(
            HistoryRow(
                number=number,
                played=played,
                contract=_bid_of(result) + explain.contract_symbol(contract) if contract else "",
                contract_name=explain.contract_name(contract) if contract else "",
                red=contract in (engine.Contract.HEARTS, engine.Contract.DIAMONDS),
                bidders=team_name(match, bidders),
                double=double,
                markers=_markers(result),
                meta=dealers[played.dealer],
                written=result.written,
                edit_url=f"{deals_url}{number}/",
                editable=result.kind is not engine.DealKind.ALL_PASSED,
                deletable=number == last,
            )
        )
    rows.reverse()
    return rows


def _contract_of(result) -> tuple:
    """(contract or trump suit, the team that bid or took, its contra's name) of any game's
    result."""
    if isinstance(result, engine.DealResult):
        double = result.double
        shown = explain.double_name(double) if double not in (None, engine.Double.NONE) else ""
        return result.contract, result.bidders, shown
    trump = engine.Contract(result.trump.value) if result.trump else None
    contre = getattr(result, "contre", None)
    shown = _CONTRE_NAMES[contre]() if contre not in (None, engine.Contre.NONE) else ""
    return trump, result.taker, shown


_CONTRE_NAMES = {
    engine.Contre.CONTRE: lambda: explain.double_name(engine.Double.CONTRA),
    engine.Contre.SURCONTRE: lambda: explain.double_name(engine.Double.RECONTRA),
}


def _bid_of(result) -> str:
    """A contrée bid in front of its suit ("90 ♥", "capot ♠"); nothing in the other games."""
    bid = getattr(result, "bid", None)
    if bid is None:
        return ""
    return (_("capot") if bid == 250 else str(bid)) + "\u00a0"


def chart(state: MatchState) -> dict | None:
    """Polylines of both teams' running totals in the current game, for an inline SVG."""
    game = state.fold.game
    totals = [engine.TeamPoints(0, 0)] + [d.totals for d in state.fold.deals if d.game == game]
    if len(totals) < 2:
        return None
    top = max(state.match.target, *(max(t.a, t.b) for t in totals))
    step = CHART_WIDTH / (len(totals) - 1)

    def line(values):
        return " ".join(
            f"{round(i * step, 1)},{round(CHART_HEIGHT - v * CHART_HEIGHT / top, 1)}"
            for i, v in enumerate(values)
        )

    target_y = round(CHART_HEIGHT - state.match.target * CHART_HEIGHT / top, 1)
    deals = len(totals) - 1
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "a": line([t.a for t in totals]),
        "b": line([t.b for t in totals]),
        "target_y": target_y,
        **charts.frame(CHART_WIDTH, CHART_HEIGHT),
        # The target, then the top and 0: the numbers a reader looks for first.
        "y_ticks": charts.y_ticks([(state.match.target, target_y), (top, 0), (0, CHART_HEIGHT)]),
        "x_ticks": [
            {"x": 0, "label": 0, "anchor": "start"},
            {"x": CHART_WIDTH, "label": deals, "anchor": "end"},
        ],
    }


def game_deals(state: MatchState, game: int) -> range:
    """The numbers (from 1) of the deals of ``game``; games are runs of deals in order."""
    numbers = [number for number, d in enumerate(state.fold.deals, start=1) if d.game == game]
    return range(numbers[0], numbers[-1] + 1) if numbers else range(1, 1)


def pages_of(count: int, size: int) -> int:
    return max(1, math.ceil(count / size))


def history_context(state: MatchState, asked: int | None, page: int = 1) -> dict:
    """Which deals the page lists: a page of the game asked for (a finished one, or the current
    one in full), else the last GAME_ROWS of the current game."""
    game = asked if asked is not None and 1 <= asked <= state.fold.game else None
    numbers = game_deals(state, game or state.fold.game)
    pages = 1 if game is None else pages_of(len(numbers), HISTORY_ROWS)
    page = min(max(page, 1), pages)
    end = len(numbers) - (page - 1) * HISTORY_ROWS
    shown = numbers[max(0, end - (GAME_ROWS if game is None else HISTORY_ROWS)) : end]
    return {
        "rows": history(state, shown),
        "shown_game": game or state.fold.game,
        "game_asked": game is not None,
        "hidden_deals": 0 if game is not None else len(numbers) - len(shown),
        "game_deals": len(numbers),
        "page": page,
        "pages": pages,
        "first_shown": shown.start - numbers.start + 1,
        "last_shown": shown.stop - numbers.start,
        "history_rows": HISTORY_ROWS,
        # Newest first: the next page holds earlier deals.
        "pager": _pager(f"?game={game}&page=", f"?game={game}", page, pages, backwards=True),
    }


def _pager(query: str, first: str, page: int, pages: int, *, backwards: bool) -> list[dict]:
    """Links to the pages before and after ``page``, named by the deals they hold."""
    earlier, later = _("Earlier deals"), _("Later deals")
    links = []
    if page > 1:
        url = first if page == 2 else f"{query}{page - 1}"
        links.append({"url": url, "rel": "prev", "label": later if backwards else earlier})
    if page < pages:
        links.append(
            {"url": f"{query}{page + 1}", "rel": "next", "label": earlier if backwards else later}
        )
    return links


def history_query(fold: engine.Match, game: int | None, page: int | None) -> str:
    """The one query string of the page of deals asked for: "game=N" (a game there is), and
    "&page=P" (a page after the first, within the game's pages); "" for the plain match page.
    Any other query string is answered with a redirect to this one, so that it makes no page
    of its own (calculator/views.py)."""
    if game is None or not 1 <= game <= fold.game:
        return ""
    deals = sum(1 for played in fold.deals if played.game == game)
    page = min(page or 1, pages_of(deals, HISTORY_ROWS))
    return f"game={game}" + (f"&page={page}" if page > 1 else "")


def sheet_query(fold: engine.Match, page: int | None) -> str:
    """The one query string of a page of the score sheet: "page=P" after the first."""
    page = min(page or 1, pages_of(len(fold.deals), SHEET_ROWS))
    return f"page={page}" if page > 1 else ""


def match_context(
    request, state: MatchState, *, is_scorer: bool, game: int | None = None, page: int = 1
) -> dict:
    match, fold = state.match, state.fold
    winner = team_name(match, fold.winner)
    by_hand = match.result_by_hand()  # a tournament table's: no deal is entered any more
    return {
        "match": match,
        "fold": fold,
        "is_scorer": is_scorer,
        "by_hand": by_hand,
        "poll_ms": settings.WATCH_POLL_MS,
        "undo": undo_offer(state) if is_scorer and not by_hand else None,
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
        "tournament_place": tournament_place(match),
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


def sheet_context(request, state: MatchState, page: int = 1) -> dict:
    """The paper score sheet: SHEET_ROWS deals a page in the order they were played, grouped by
    game, each finished game's winner, and the watch link as text. No scoring happens here."""
    match, fold = state.match, state.fold
    pages = pages_of(len(fold.deals), SHEET_ROWS)
    page = min(max(page, 1), pages)
    first, last = (page - 1) * SHEET_ROWS + 1, min(page * SHEET_ROWS, len(fold.deals))
    by_game: dict[int, list[int]] = {}
    for number in range(first, last + 1):
        by_game.setdefault(fold.deals[number - 1].game, []).append(number)
    games = []
    for game, numbers in by_game.items():
        played = fold.deals[numbers[-1] - 1]
        finished = fold.games[game - 1] if played.game_over else None
        games.append(
            {
                "number": game,
                "continued": numbers[0] > 1 and fold.deals[numbers[0] - 2].game == game,
                "rows": history(state, range(numbers[0], numbers[-1] + 1))[::-1],
                "winner": team_name(match, finished.winner) if finished else "",
                "margin": lead(finished.totals, finished.winner) if finished else 0,
            }
        )
    return {
        "match": match,
        "fold": fold,
        "games": games,
        "date": long_date(match.created),
        "match_winner": team_name(match, fold.match_winner),
        "match_games": winner_first(fold.games_won, fold.match_winner),
        "page": page,
        "pages": pages,
        "first_shown": first,
        "last_shown": last,
        "pager": _pager("?page=", ".", page, pages, backwards=False),
        "watch_url": request.build_absolute_uri(match.get_watch_url()),
    }


def long_date(moment) -> str:
    """A date as a sentence in the page's language writes it: "1 декември 2026 г.", "1 грудня
    2026 р.", "1 декабря 2026 г." (belot_site/formats). bg, uk and ru write a month's name in
    lower case; Django's Bulgarian names are capitalised ("Декември")."""
    return date_format(localtime(moment), "DATE_FORMAT").lower()


def _fold_with(state: MatchState, number: int, deal: engine.Deal) -> engine.Match | None:
    """The match with ``deal`` in its place (a new last deal, or a correction), folded by the
    engine; ``None`` if the engine refuses the match so. A new last deal is folded on from the
    match as it is, a correction from the deal before it: the earlier deals are not scored
    again."""
    try:
        if number > len(state.inputs):
            return state.match.fold_on(state.fold, [deal])
        return corrected_fold(state, number, deal)
    except engine.DealError:
        return None


def correction_effects(
    before: engine.Match, after: engine.Match, number: int, names, *, belot: bool = True
) -> list:
    """What a correction of deal ``number`` changes beyond that deal, in sentences: the score
    after the last deal, the hanging points, games whose winner changes, deals that move to
    another game. Only the two folds are compared; no scoring happens here. Outside belot
    (``belot`` false) the points that wait are a litige's, and are called so."""
    effects = []
    was, now = before.deals[-1], after.deals[-1]
    if (was.game, was.totals) != (now.game, now.totals):
        text = _(
            "The score after the last deal becomes %(a)s:%(b)s in game %(game)s "
            "(now %(was_a)s:%(was_b)s in game %(was_game)s)."
        )
        values = {"a": now.totals.a, "b": now.totals.b, "game": now.game}
        values |= {"was_a": was.totals.a, "was_b": was.totals.b, "was_game": was.game}
        effects.append(text % values)
    if before.hanging != after.hanging:
        if belot:
            text = _("Points hanging after the last deal become %(points)s (now %(was)s).")
        else:
            text = _(
                "Points of a disputed deal waiting after the last deal become %(points)s "
                "(now %(was)s)."
            )
        effects.append(text % {"points": after.hanging, "was": before.hanging})
    return effects + _winner_changes(before, after, names) + _moves(before, after, number)


def _winner_changes(before: engine.Match, after: engine.Match, names) -> list[str]:
    winners_before = {game.number: game.winner for game in before.games}
    winners_after = {game.number: game.winner for game in after.games}
    changes = []
    for game in sorted(winners_before.keys() | winners_after.keys()):
        was, now = winners_before.get(game), winners_after.get(game)
        values = {"game": game, "team": _name_of(names, now), "was": _name_of(names, was)}
        if was == now:
            continue
        if now is None:
            text = _("Game %(game)s is then not finished (now won by %(was)s).")
        elif was is None:
            text = _("Game %(game)s then ends, won by %(team)s.")
        else:
            text = _("Game %(game)s is then won by %(team)s, not by %(was)s.")
        changes.append(text % values)
    return changes


def _name_of(names, team: engine.Team | None) -> str:
    return "" if team is None else names[0] if team is engine.Team.A else names[1]


def _moves(before: engine.Match, after: engine.Match, number: int) -> list[str]:
    """Runs of later deals that move to another game, named as the history names them."""
    runs: list[dict] = []
    for old, new in zip(before.deals[number:], after.deals[number:], strict=True):
        if old.game == new.game:
            continue
        last = runs[-1] if runs else None
        if last and (last["game"], last["new_game"], last["last"]) == (
            old.game,
            new.game,
            old.number - 1,
        ):
            last["last"], last["new_last"] = old.number, new.number
        else:
            runs.append(
                {
                    "game": old.game,
                    "first": old.number,
                    "last": old.number,
                    "new_game": new.game,
                    "new_first": new.number,
                    "new_last": new.number,
                }
            )
    one = _("Game %(game)s, deal %(first)s then becomes game %(new_game)s, deal %(new_first)s.")
    many = _(
        "Game %(game)s, deals %(first)s–%(last)s then become game %(new_game)s, "
        "deals %(new_first)s–%(new_last)s."
    )
    return [(one if run["first"] == run["last"] else many) % run for run in runs]


def problems(form) -> list[str]:
    """The form's messages, except "required" ones: an unfinished form is not a mistake."""
    if not form.is_bound:
        return []
    # ValidationError's own iteration fills in its params (if any) and leaves a message that
    # has none as it is: a team name with "%" in it is text, not a template.
    return [
        message
        for errors in form.errors.as_data().values()
        for error in errors
        if error.code not in ("required", QUESTION)  # a question is not a mistake
        for message in error
    ]


def place_of(fold: engine.Match, number: int) -> tuple[int, int]:
    """(game, deal in that game) of deal ``number`` (from 1), or of the next deal: the one
    number per deal that the pages show ("game 2, deal 5")."""
    if number <= len(fold.deals):
        played = fold.deals[number - 1]
        return played.game, played.number
    if fold.game_over or not fold.deals:
        return fold.game + 1 if fold.game_over else fold.game, 1
    return fold.game, fold.deals[-1].number + 1


def deal_name(fold: engine.Match, number: int) -> str:
    game, in_game = place_of(fold, number)
    return _("Game %(game)s, deal %(deal)s") % {"game": game, "deal": in_game}


def undo_offer(state: MatchState) -> dict | None:
    """What the scorer can take back now, said the way the history says it."""
    undo = undoable(state.match)
    if undo is None:
        return None
    values = {"deal": deal_name(state.fold, undo["number"])}
    if undo["action"] == "delete":
        text = _("%(deal)s was deleted.") % values
    else:
        text = _("All passed recorded (%(deal)s).") % values
    return {"text": text, "version": state.match.version}


def carried_from(fold: engine.Match, number: int) -> int | None:
    """The previous game's number when deal ``number`` (from 1) takes in points that were left
    hanging as that game ended: no deal of its game before it was played. Else ``None``."""
    played = fold.deals[number - 1]
    if played.game == 1 or not getattr(played.result, "hanging_in", 0):
        return None
    before = fold.deals[number - played.number : number - 1]  # the earlier deals of its game
    if any(deal.result.kind is not engine.DealKind.ALL_PASSED for deal in before):
        return None
    return played.game - 1


def preview_context(state: MatchState, form, number: int) -> dict:
    if form.is_bound:
        form.is_valid()  # before anything reads it: validation decides which top cards to ask
    match = state.match
    game, in_game = place_of(state.fold, number)
    known = number <= len(state.fold.deals)
    dealer = state.fold.deals[number - 1].dealer if known else state.fold.dealer
    context = {
        "match": match,
        "form": form,
        "number": number,
        "editing": number < state.next_number,
        "game": game,
        "deal_in_game": in_game,
        "dealer": seat_name(match, dealer),
        "first_player": seat_name(match, engine.first_player(dealer)),
        "teams_a": form.declaration_fields("a"),
        "teams_b": form.declaration_fields("b"),
        "preview": None,
        "problems": problems(form),
        "questions": questions(form),
    }
    if form.deal is not None and form.result is not None:
        folded = _fold_with(state, number, form.deal)
        after = folded.deals[number - 1] if folded else None
        result = after.result if after else form.result
        editing = folded is not None and number < state.next_number
        ends_match = folded is not None and folded.match_over and number == len(folded.deals)
        context["preview"] = {
            "effects": correction_effects(
                state.fold, folded, number, team_names(match), belot=match.is_belot
            )
            if editing
            else [],
            "result": result,
            "steps": (explain.explain if match.is_belot else explain_french.explain_deal)(
                result,
                team_names(match),
                carried_from=carried_from(folded, number) if folded else None,
            ),
            "after": after,
            "belote_alone": belote_alone_notes(team_names(match), after, folded.profile.target)
            if after
            else [],
            "winner": team_name(match, after.winner) if after else "",
            # The last deal of the match: it ends the match too, and the page says who won it.
            "match_over": ends_match,
            "match_winner": team_name(match, folded.match_winner) if ends_match else "",
            "url": reverse("calculator:deal-new", args=[match.scorer_key]),
        }
    return context
