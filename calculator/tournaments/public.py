"""A tournament's pages as everyone sees them: the tournament page (the organizer's and the
public one), the standings, which refresh by themselves, the wall, the list of tables, the
sheet, the exports and the table cards to print.

The organizer's link (``keeper_key``) alone changes anything (tournaments/organizer.py); the
public link (``view_key``) shows the standings and the list of tables, and any write with it
is refused as a wrong key (shared/access.py). The scorer's links of the matches are on the
organizer's page and the table cards only. Nothing meant for paper has the organizer's key in
its address, which a browser prints in the footer: the list of tables and the sheet are at the
public link's, the cards at ``/tn/cards/``, posted the key in the form's body."""

import csv
import io
import json

import segno
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.views.decorators.debug import sensitive_post_parameters

from belot_site.methods import require_POST, require_safe
from belot_site.pages import page_response
from belot_site.theme import theme_of
from calculator.models import SWISS, SWISS_ROUNDS_MAX
from calculator.pairing import knockout_rounds
from calculator.shared import kept as kept_pages
from calculator.shared import polls, recent
from calculator.shared.access import tournament_view
from calculator.shared.spreadsheet import BYTE_ORDER_MARK, spreadsheet_safe
from calculator.shared.stages import ROUND_NAMES, match_name, stage_of
from calculator.tournaments import export as tournament_export
from calculator.tournaments import wall
from calculator.tournaments.forms import PairsAddForm
from calculator.tournaments.services import (
    SWISS_ROUNDS_FULL,
)
from calculator.tournaments.state import tournament_state, tournament_version


def _remember(response, request, tournament):
    """The organizer's phone lists the tournament on its home page, as it lists its tables."""
    return recent.remember_key(
        response, request, tournament.keeper_key, recent.RECENT_TOURNAMENTS_COOKIE
    )


def _context(request, tournament, is_keeper, state=None, version=None) -> dict:
    state = state or tournament_state(tournament)
    lines = state.standings()
    context = {
        "tournament": tournament,
        "is_keeper": is_keeper,
        "key": tournament.keeper_key if is_keeper else tournament.view_key,
        "state": state,
        "standings": [(line, state.by_id[line.pair]) for line in lines],
        "pair_matches": state.kept("pair_matches", lambda: _pair_matches(state, lines)),
        "bracket": state.kept("bracket", lambda: _bracket(state)),
        "classification": state.kept("classification", lambda: _classification(state)),
        "last_round_open": _last_round_open(state),
        "swiss_rounds_full": _swiss_rounds_full(state),
        "current": state.rounds[-1] if state.rounds else None,
        "current_stage": _stage_name(tournament, state.rounds[-1].number if state.rounds else None),
        "view_url": request.build_absolute_uri(tournament.get_view_url()),
        "keeper_url": request.build_absolute_uri(tournament.get_keeper_url()),
        "version": version or state.version or tournament_version(tournament),
        "poll_ms": settings.WATCH_POLL_MS,
        # Without JavaScript the wall reloads itself as often as its script polls.
        "refresh_seconds": max(1, round(settings.WATCH_POLL_MS / 1000)),
    }
    if is_keeper:  # the organizer's page is made for each request: its longest parts are kept
        context["standings_html"] = _kept_part(request, context, "_standings.html")
        context["round_tables_html"] = _kept_part(request, context, "_round_tables.html")
    return context


def _stage_name(tournament, number: int | None) -> str:
    """The knock-out stage a round's heading names ("Final"); "" for a Swiss round."""
    stage = stage_of(tournament, number) if number else None
    return str(ROUND_NAMES[stage]) if stage else ""


def _kept_part(request, context, template: str):
    """A part of the organizer's page, rendered once per version and language (``state.kept``;
    the same for each of the organizer's phones) when the page shows it: a callable, which
    the template calls."""
    state, language = context["state"], get_language()
    return lambda: state.kept(
        ("organizer", template, language),
        lambda: render_to_string(f"calculator/{template}", {**context, "links": True}, request),
    )


def _bracket(state) -> list[dict]:
    """The knock-out's rounds: each stage's name (the last round's match for third place, then
    its final), and each table's pairs with their seeds (their places in the standings among
    the pairs that went on), the score and the winner."""
    if not state.knockout_started:
        return []
    seeds = {pair: seed for seed, pair in enumerate(state.knockout_ranking(), start=1)}
    entries = []
    for round_ in state.knockout_rounds:
        stages: dict[str, list] = {}
        for table in round_.tables:
            stage = stage_of(state.tournament, round_.number, table.table.number)
            stages.setdefault(stage, []).append(
                {
                    "table": table,
                    "seeds": (seeds.get(table.table.pair_a_id), seeds.get(table.table.pair_b_id)),
                    "winner": table.result.winner if table.finished else None,
                }
            )
        for stage, tables in reversed(stages.items()):  # the final last
            entries.append({"round": round_, "name": ROUND_NAMES[stage], "tables": tables})
    return entries


def _swiss_rounds_full(state) -> str | None:
    """Why no Swiss round can be started any more (the last one allowed is played), or None."""
    tournament = state.tournament
    if tournament.format != SWISS or state.knockout_started:
        return None
    if state.next_number <= SWISS_ROUNDS_MAX:
        return None
    return SWISS_ROUNDS_FULL % {"max": SWISS_ROUNDS_MAX}


def _last_round_open(state) -> bool:
    """Whether the round being played is the knock-out's last (its final): none comes after."""
    if not state.knockout_started or state.open_round is None:
        return False
    return len(state.knockout_rounds) == knockout_rounds(state.tournament.knockout_size)


def _classification(state) -> dict | None:
    """The final classification, once the knock-out's last round is played: 1st to 4th from the
    final and the match for third place (if there was one), the rest by the standings."""
    pairs = state.classification()
    if pairs is None:
        return None
    third_place = len(state.knockout_rounds[-1].tables) > 1
    return {"pairs": pairs, "decided": 4 if third_place else 2, "third_place": third_place}


def _pair_matches(state, lines) -> list[dict]:
    """Each pair's rounds, in the order of the standings: its opponent and result, or the bye."""
    rows = {pair.pk: [] for pair in state.pairs}
    for round_ in state.rounds:
        if round_.round.bye_id is not None:
            rows[round_.round.bye_id].append({"round": round_.number, "bye": True})
        for table in round_.tables:
            a, b = table.table.pair_a_id, table.table.pair_b_id
            points = table.points
            for pair, other, mine, theirs in ((a, b, *points), (b, a, *points[::-1])):
                result = table.result
                rows[pair].append(
                    {
                        "round": round_.number,
                        "table": table.table.number,
                        "opponent": state.by_id[other],
                        "points": (mine, theirs),
                        "finished": result is not None,
                        "won": result is not None and result.winner == pair,
                        "by_hand": table.by_hand,
                    }
                )
    return [{"pair": state.by_id[line.pair], "rows": rows[line.pair]} for line in lines]


@require_safe
@tournament_view()
def tournament_page(request, tournament, is_keeper):
    if not is_keeper:
        return _wall(request, tournament)
    response = render(
        request,
        "calculator/tournament_keeper.html",
        {**_context(request, tournament, True), "pairs_form": PairsAddForm()},
    )
    return _remember(_private(response), request, tournament)


@require_safe
@tournament_view()
def tournament_standings(request, tournament, is_keeper):
    """The standings for the wall, whichever link opens them (the organizer's own phone too)."""
    if not is_keeper:
        return _wall(request, tournament)
    response = render(request, "calculator/tournament.html", _context(request, tournament, True))
    return _private(response)


def _wall(request, tournament):
    """The public standings: the same for every phone on the wall, made again at most once
    every ``wall.WALL_SECONDS`` by one request at a time (tournaments/wall.py), and answered 304
    to a phone that has it or a newer one. Only the public link's page: the organizer's link is
    on the organizer's alone."""
    if request.META.get("QUERY_STRING"):  # the page has none: none makes an entry of its own
        return redirect(request.path)
    prefix, suffix = f'"tn-{tournament.pk}-', f'-{get_language()}-{theme_of(request)}"'

    def render(version):
        context = _context(request, tournament, False, version=version)
        return render_to_string("calculator/tournament.html", context, request)

    phone = request.META.get("HTTP_IF_NONE_MATCH", "")
    shown = wall.page(
        kept_pages.page_address(request),
        read_version=lambda: tournament_version(tournament),
        etag_for=lambda version: f"{prefix}{version}{suffix}",
        render=render,
        phone_has=lambda shown: wall.phone_has(phone, shown, prefix, suffix) is not None,
    )
    kept = wall.phone_has(phone, shown, prefix, suffix)
    if kept is not None:
        response = HttpResponseNotModified()
        response["ETag"] = kept
    else:
        response = HttpResponse(shown.html)
        response["ETag"] = shown.etag
    response["Cache-Control"] = "private, no-cache"
    return response


@require_safe
@tournament_view()
def tournament_changes(request, tournament, is_keeper):
    """What the standings page polls: a few bytes that change with every saved deal."""
    response = HttpResponse(tournament_version(tournament).encode())
    for name, value in polls.HEADERS:
        response[name] = value
    return response


@require_safe
@tournament_view()
def tournament_tables(request, tournament, is_keeper):
    """The list of tables to pin on the wall: each table's two pairs (no scorer's links).
    Always at the public link's address, as the standings sheet: it is printed, and a browser
    prints the page's address on the paper."""
    if is_keeper:
        return _private(redirect("calculator:tournament-tables", tournament.view_key))
    return _public_page(
        request,
        tournament,
        "tables",
        lambda: render_to_string(
            "calculator/tournament_tables.html", _context(request, tournament, False), request
        ),
    )


@require_safe
@tournament_view()
def tournament_standings_json(request, tournament, is_keeper):
    """The standings as data, every field as docs/tournaments.md describes it."""
    if not is_keeper:

        def make():
            data = tournament_export.as_json(tournament_state(tournament))
            return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)

        response = _public_page(request, tournament, "json", make)
        response["Content-Type"] = "application/json"
        return response
    data = tournament_export.as_json(tournament_state(tournament))
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    return _private(response)


@require_safe
@tournament_view()
def tournament_standings_csv(request, tournament, is_keeper):
    """The standings for a spreadsheet: one row a pair (a tournament is at most 128 pairs, so
    the file is made at once)."""

    def make():
        out = io.StringIO()
        writer = csv.writer(out)
        for row in tournament_export.csv_rows(tournament_state(tournament)):
            writer.writerow(spreadsheet_safe(row))
        return BYTE_ORDER_MARK + out.getvalue()

    if is_keeper:
        response = _private(HttpResponse(make()))
    else:
        response = _public_page(request, tournament, "csv", make)
    response["Content-Type"] = "text/csv; charset=utf-8"
    name = f"belot-tournament-{tournament.date.isoformat()}-{tournament.pk}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_safe
@tournament_view()
def tournament_sheet(request, tournament, is_keeper):
    """The standings on one A4 sheet, with a table of the rounds. Always at the public link's
    address: a browser prints the page's address on the paper, and the organizer's key must not
    end up there (as a match's score sheet)."""
    if is_keeper:
        return redirect("calculator:tournament-sheet", tournament.view_key)

    def make():
        context = _context(request, tournament, False)
        context["crosstable"] = _crosstable(context["state"], context["pair_matches"])
        return render_to_string("calculator/tournament_sheet.html", context, request)

    return _public_page(request, tournament, "sheet", make)


def _public_page(request, tournament, name: str, make):
    """A public page of the tournament (the list of tables, the sheet, standings.json and
    .csv): the same for every visitor at a version, so kept per version with the watchers'
    pages (kept_pages.kept_page: plain and compressed, bounded in bytes) and answered 304 to a
    phone that has it. ``make()`` gives its text, called only when it is not kept."""
    version = tournament_version(tournament)
    etag = quote_etag(f"tn-{name}-{tournament.pk}-{version}-{get_language()}-{theme_of(request)}")
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is None:
        unchanged = page_response(request, kept_pages.kept_page(request, etag, make), etag)
    return unchanged


def _crosstable(state, pair_matches) -> list[dict]:
    """Each pair's rounds as the sheet's columns: the opponent's place, the result, the score
    (None for a round the pair did not play)."""
    places = {line.pair: line.place for line in state.standings()}
    rounds = [round_.number for round_ in state.rounds]
    table = []
    for place, entry in enumerate(pair_matches, start=1):
        cells = dict.fromkeys(rounds)
        for row in entry["rows"]:
            opponent = row.get("opponent")
            cells[row["round"]] = {**row, "place": opponent and places[opponent.pk]}
        table.append({"place": place, "pair": entry["pair"], "cells": list(cells.values())})
    return table


@sensitive_post_parameters("key")
@require_POST
def tournament_cards(request):
    """One A5 card a table of the current round, printed by the organizer. The organizer's
    page posts its key in the form's body, so that the address the browser prints in the
    cards' footer (``/tn/cards/``) holds no key; the page is never stored."""
    return _cards(request, request.POST.get("key", ""))


@tournament_view(keeper_only=True)
def _cards(request, tournament, is_keeper):
    """The cards: each with its table's number, its pairs, its stage in the knock-out, and its
    match's scorer's link, the one secret a card carries (so the cards are the organizer's
    alone), as a QR code and printed under it for a phone that cannot scan; and a slip for the
    pair with the bye."""
    context = _context(request, tournament, True)
    current = context["current"]
    context["cards"] = [
        {
            "table": table,
            "qr": _qr(url),
            "link": url.split("://", 1)[-1],  # what a phone's address bar takes, typed in
            "stage": match_name(tournament, current.number, table.table.number),
        }
        for table in (current.tables if current else ())
        if (url := request.build_absolute_uri(table.match.get_scorer_url()))
    ]
    return _private(render(request, "calculator/tournament_cards.html", context))


def _private(response):
    """A page with the organizer's key or the scorers' links in it is never stored anywhere,
    as a scorer's match page is not."""
    response["Cache-Control"] = "private, no-store"
    return response


def _qr(url: str) -> str:
    return segno.make(url, error="m").svg_inline(
        scale=5, dark="#000000", light="#ffffff", omitsize=True
    )
