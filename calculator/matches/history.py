"""A match's deals as its page, its history pages and its score sheet list them, and its chart."""

import math
from dataclasses import dataclass

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from calculator import engine
from calculator.games import words
from calculator.matches.services import MatchState
from calculator.matches.teams import lead, seat_name, team_name, team_players, winner_first
from calculator.shared import charts

# The match page shows the deals of one game: the current one, or the one asked for with
# ?game=N. Unasked, it shows at most the last GAME_ROWS of them (a game of all-passed deals can
# be long); asked for, HISTORY_ROWS a page, the last first (?game=N&page=P). The score sheet
# holds SHEET_ROWS deals a page (?page=P). No page of the largest allowed match renders more.
GAME_ROWS = 60


HISTORY_ROWS = 100


SHEET_ROWS = 400


CHART_WIDTH = 320


CHART_HEIGHT = 120


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
    # What each team scored from its declarations, short (the score sheet's; words.py).
    declared: tuple[str, str] = ("", "")


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
    # Who made the capot, beside the team that bid or took (the row's team): "capot" is
    # theirs, and the other team's says so. "♣ Тарас і Ліда · сіли · капо" read as if they had
    # made the capot they lost. A capot bid made already says "capot" in the contract's column
    # ("capot ♦"): said once.
    if result.capot is not None:
        if result.capot is not _contract_of(result)[1]:
            # Translators: a marker after the team that bid or took, in a deal's row of the
            # match page and the score sheet: the other team made the capot against it.
            markers.append(_("capot by the defenders"))
        elif getattr(result, "bid", None) != 250:
            markers.append(_("capot"))
    return tuple(markers)


def history(state: MatchState, numbers: range, *, declared: bool = False) -> list[HistoryRow]:
    """The rows of the deals ``numbers`` (from 1), the last one first; with ``declared``, what
    each team declared (the score sheet's rows, not the match page's)."""
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
                contract=_bid_of(result) + words.contract_symbol(contract) if contract else "",
                contract_name=words.contract_name(contract) if contract else "",
                red=contract in (engine.Contract.HEARTS, engine.Contract.DIAMONDS),
                bidders=team_name(match, bidders),
                double=double,
                markers=_markers(result),
                meta=dealers[played.dealer],
                written=result.written,
                edit_url=f"{deals_url}{number}/",
                editable=result.kind is not engine.DealKind.ALL_PASSED,
                deletable=number == last,
                declared=_declared(result) if declared else ("", ""),
            )
        )
    rows.reverse()
    return rows


def _declared(result) -> tuple[str, str]:
    return tuple(words.declared_on_sheet(result.declarations, team) for team in engine.Team)


def _contract_of(result) -> tuple:
    """(contract or trump suit, the team that bid or took, its contra's name) of any game's
    result."""
    if isinstance(result, engine.DealResult):
        double = result.double
        shown = words.double_name(double) if double not in (None, engine.Double.NONE) else ""
        return result.contract, result.bidders, shown
    trump = engine.Contract(result.trump.value) if result.trump else None
    contre = getattr(result, "contre", None)
    shown = _CONTRE_NAMES[contre]() if contre not in (None, engine.Contre.NONE) else ""
    return trump, result.taker, shown


_CONTRE_NAMES = {
    engine.Contre.CONTRE: lambda: words.double_name(engine.Double.CONTRA),
    engine.Contre.SURCONTRE: lambda: words.double_name(engine.Double.RECONTRA),
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
    # The target, then the top and 0: the numbers a reader looks for first.
    ticks = charts.y_ticks([(state.match.target, target_y), (top, 0), (0, CHART_HEIGHT)])
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "a": line([t.a for t in totals]),
        "b": line([t.b for t in totals]),
        "target_y": target_y,
        **charts.frame(CHART_WIDTH, CHART_HEIGHT, ticks),
        "y_ticks": ticks,
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
    of its own (calculator/matches/pages.py)."""
    if game is None or not 1 <= game <= fold.game:
        return ""
    deals = sum(1 for played in fold.deals if played.game == game)
    page = min(page or 1, pages_of(deals, HISTORY_ROWS))
    return f"game={game}" + (f"&page={page}" if page > 1 else "")


def sheet_query(fold: engine.Match, page: int | None) -> str:
    """The one query string of a page of the score sheet: "page=P" after the first."""
    page = min(page or 1, pages_of(len(fold.deals), SHEET_ROWS))
    return f"page={page}" if page > 1 else ""


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
                "rows": history(state, range(numbers[0], numbers[-1] + 1), declared=True)[::-1],
                "winner": team_name(match, finished.winner) if finished else "",
                "margin": lead(finished.totals, finished.winner) if finished else 0,
            }
        )
    return {
        "match": match,
        "fold": fold,
        "games": games,
        "players": team_players(match),
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
