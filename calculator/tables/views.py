"""A table's pages: its leaderboard and matches, a player's page, stats.json and the deals' CSV.

Every number comes from tables/stats.py, which adds up the engine's folds of the matches."""

import csv
import itertools

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from belot_site.methods import require_page_and_form, require_POST, require_safe
from calculator.models import GAME_CHOICES, Match
from calculator.shared import access, charts, recent
from calculator.shared.access import KEY_SHAPE, table_view
from calculator.shared.spreadsheet import BYTE_ORDER_MARK, spreadsheet_safe
from calculator.tables import stats
from calculator.tables.forms import (
    DateRangeForm,
    MatchAddForm,
    RosterAddForm,
    TableForm,
    TableMatchForm,
)
from calculator.tables.services import (
    table_create,
    table_match_add,
    table_match_start,
    table_players_add,
)

MATCH_ROWS = 30  # matches listed on the table's page, the newest first


@require_page_and_form
def table_new(request):
    """A new table; ``?match=<scorer key>`` (from a match's page) brings that match along."""
    match = taken = None
    if "match" in request.GET:
        match = _match_asked(request.GET["match"])
        if match is None:
            return access.miss(request)
        if match.table_id is not None:  # it joined a table since its page was shown
            match, taken = None, match
    initial = {"players": "\n".join(p for p in match.players if p)} if match else None
    form = TableForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            table = table_create(**form.cleaned_data, match=match)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return _remember(redirect(table.get_keeper_url()), request, table)
    context = {"form": form, "from_match": match, "taken": taken}
    return render(request, "calculator/table_new.html", context, status=400 if form.errors else 200)


def _match_asked(key: str):
    """The match whose scorer's key this is (a watch key is a wrong key here)."""
    return Match.objects.filter(scorer_key=key).first() if KEY_SHAPE.fullmatch(key) else None


def _range(request):
    """The date range asked for; a wrong one is said on the page and left open."""
    form = DateRangeForm(request.GET or None)
    if form.is_bound and form.is_valid():
        return form, form.cleaned_data["since"], form.cleaned_data["until"]
    return form, None, None


def _remember(response, request, table):
    """The keeper's phone lists the table on its home page, as it lists its matches."""
    return recent.remember_key(response, request, table.keeper_key, recent.RECENT_TABLES_COOKIE)


@require_safe
@table_view()
def table_page(request, table, is_keeper):
    form, since, until = _range(request)
    context = _table_context(request, table, is_keeper, stats.table_stats(table, since, until))
    context["range_form"] = form
    response = render(request, "calculator/table.html", context)
    return _remember(response, request, table) if is_keeper else response


def _table_context(request, table, is_keeper, found, **forms):
    key = table.keeper_key if is_keeper else table.view_key
    return {
        "table": table,
        "is_keeper": is_keeper,
        "key": key,
        "stats": found,
        **_figures(table, found),
        "games": _game_figures(table, found),
        # The newest matches; all of them are in stats.json and the CSV.
        "lines": found.lines[: -MATCH_ROWS - 1 : -1],
        "more_lines": max(0, len(found.lines) - MATCH_ROWS),
        "match_form": forms.get("match_form") or TableMatchForm(table=table),
        "add_form": forms.get("add_form") or MatchAddForm(table=table),
        "roster_form": forms.get("roster_form") or RosterAddForm(table=table),
        "view_url": request.build_absolute_uri(table.get_view_url()),
        "keeper_url": request.build_absolute_uri(table.get_keeper_url()),
    }


def _figures(table, found) -> dict:
    """The leaderboard, its chart, the pairs and head to head of ``found``'s matches."""
    board = stats.leaderboard(found.players)
    pairs = stats.leaderboard(found.pairs)
    return {
        "players": _ranked(table, board),
        "win_chart": charts.bars(board),
        "pairs": pairs,
        "head_to_head": _head_to_head(pairs, found.head_to_head),
    }


def _head_to_head(pairs: list[tuple], head_to_head: dict) -> list[tuple]:
    """Head to head in the order of the pairs' table above it, not the alphabet's (by which
    stats.json keys it): each line the higher pair first with its wins, the lines by that
    pair's place, then the other's."""
    places = {pair: number for number, (pair, _record) in enumerate(pairs)}

    def place(pair) -> int:
        return places.get(pair, len(places))

    lines = []
    for (a, b), won in head_to_head.items():
        lines.append((a, b, won) if place(a) <= place(b) else (b, a, won[::-1]))
    return sorted(lines, key=lambda line: (place(line[0]), place(line[1])))


def _game_figures(table, found) -> list[dict]:
    """Each game's figures, counted over that game's matches only (stats.json's "games"), belot
    first; none for a table that plays only belot: its page shows the figures it always had."""
    if found.only_belot:
        return []
    names = dict(GAME_CHOICES)
    return [
        {"game": game, "name": names[game], **_figures(table, of_game)}
        for game, of_game in found.by_game.items()
    ]


def _player_games(found, name) -> list[dict]:
    """Each game the player played, its figures and charts counted over that game's matches
    only, for a table that plays a French game (a belot-only table's player page is as it
    always was)."""
    if found.only_belot:
        return []
    names = dict(GAME_CHOICES)
    return [
        {"game": game, "name": names[game], **_player_figures(of_game, name, record)}
        for game, of_game in found.by_game.items()
        if (record := of_game.players.get(name)) is not None
    ]


def _player_figures(found, name, record) -> dict:
    partners = stats.leaderboard(found.partners.get(name, {}))
    return {
        "record": record,
        "data": record.as_dict(),
        "partners": partners,
        "partner_chart": charts.bars(partners),
        "points_chart": charts.line(found.points_over_time.get(name, [])),
    }


def _ranked(table, board):
    """Leaderboard rows with the index of each player's page (players not in the roster have
    none)."""
    index = {name: number for number, name in enumerate(table.players)}
    return [(name, record, index.get(name)) for name, record in board]


def _keeper_page_again(request, table, **forms):
    context = _table_context(request, table, True, stats.table_stats(table), **forms)
    context["range_form"] = DateRangeForm()
    return render(request, "calculator/table.html", context, status=400)


@require_POST
@table_view(keeper_only=True)
def table_match_new(request, table, is_keeper):
    form = TableMatchForm(request.POST, table=table)
    if not form.is_valid():
        return _keeper_page_again(request, table, match_form=form)
    data = form.cleaned_data
    match = table_match_start(
        table=table,
        seats=data["seats"],
        first_dealer=data["first_dealer"],
        games_to_win=data["games_to_win"],
        **form.game_fields(),
    )
    return redirect(match.get_scorer_url())


@require_POST
@table_view(keeper_only=True)
def table_match_add_view(request, table, is_keeper):
    form = MatchAddForm(request.POST, table=table)
    if form.is_valid():
        try:
            table_match_add(table=table, match=form.cleaned_data["link"])
        except ValidationError as error:
            form.add_error("link", error)
        else:
            messages.success(request, _("The match was added to the table."))
            return redirect(table.get_keeper_url())
    if form.wrong_key and (refusal := access.wrong_key(request)) is not None:
        return refusal
    return _keeper_page_again(request, table, add_form=form)


@require_POST
@table_view(keeper_only=True)
def table_players_add_view(request, table, is_keeper):
    form = RosterAddForm(request.POST, table=table)
    if form.is_valid():
        try:
            table_players_add(table=table, players=form.cleaned_data["players"])
        except ValidationError as error:
            form.add_error("players", error)
        else:
            return redirect(table.get_keeper_url())
    return _keeper_page_again(request, table, roster_form=form)


@require_safe
@table_view()
def table_player(request, table, is_keeper, index):
    if not 0 <= index < len(table.players):
        raise Http404
    name = table.players[index]
    form, since, until = _range(request)
    found = stats.table_stats(table, since, until)
    context = {
        "table": table,
        "key": table.keeper_key if is_keeper else table.view_key,
        "name": name,
        **_player_figures(found, name, found.players.get(name) or stats.Record()),
        "only_belot": found.only_belot,
        "games": _player_games(found, name),
        "range_form": form,
    }
    return render(request, "calculator/table_player.html", context)


@require_safe
@table_view()
def table_stats_json(request, table, is_keeper):
    form, since, until = _range(request)
    if form.errors:
        return JsonResponse({"errors": form.errors.get_json_data()}, status=400)
    data = stats.as_json(stats.table_stats(table, since, until))
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})


class _Echo:
    def write(self, value):
        return value


@require_safe
@table_view()
def table_deals_csv(request, table, is_keeper):
    """Every deal of the table, one row each, as the engine scores it (streamed: a table of
    60,000 deals is folded match by match)."""
    writer = csv.writer(_Echo())
    rows = (writer.writerow(spreadsheet_safe(row)) for row in stats.deal_rows(table))
    response = StreamingHttpResponse(
        itertools.chain([BYTE_ORDER_MARK], rows), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="belot-table-{table.pk}.csv"'
    return response
