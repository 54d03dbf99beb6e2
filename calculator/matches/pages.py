"""A match's pages: a new match, an imported one, the match page (the scorer's and the
watchers', kept per version), the version a watcher's page polls, the score sheet, the export
and the QR code."""

import io
import re

import segno
from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from belot_site.methods import require_page_and_form, require_POST, require_safe
from belot_site.pages import Page, page_response
from belot_site.theme import theme_of
from calculator.matches.forms import ImportForm, MatchForm
from calculator.matches.history import history_query, sheet_context, sheet_query
from calculator.matches.presenters import match_context
from calculator.matches.services import match_export, match_import, match_state
from calculator.shared import access, polls
from calculator.shared.access import match_view
from calculator.shared.downloads import attachment, download_name
from calculator.shared.kept import kept_page
from calculator.shared.recent import _remember


@require_page_and_form
def match_new(request):
    form = MatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        match = form.save()
        return _remember(redirect(match.get_scorer_url()), request, match)
    return render(request, "calculator/match_new.html", {"form": form}, status=_status(form))


def _status(form) -> int:
    """A refused form comes back with what was typed and why, as 400 Bad Request."""
    return 400 if form.is_bound and form.errors else 200


@require_POST
def match_import_view(request):
    if access.imports_paused(request):
        return _imports_paused(request)
    form = ImportForm(request.POST, request.FILES)
    valid = form.is_valid()
    if not access.note_import(request, len(form.cleaned_data["match"]["deals"]) if valid else None):
        return _imports_paused(request)
    if valid:
        match = match_import(**form.cleaned_data["match"])
        messages.success(request, _("The match was imported."))
        return _remember(redirect(match.get_scorer_url()), request, match)
    context = {"form": MatchForm(), "import_form": form, "import_errors": form["file"].errors}
    return render(request, "calculator/match_new.html", context, status=400)


def _imports_paused(request):
    """429: this address has imported as much as an hour allows (calculator/shared/access.py)."""
    paused = _(
        "Many matches were imported from your network in the last hour, so imports are "
        "paused for a while. Try again later."
    )
    context = {"form": MatchForm(), "import_form": ImportForm(), "import_errors": [paused]}
    response = render(request, "calculator/match_new.html", context, status=429)
    response["Retry-After"] = str(access.IMPORT_WINDOW)
    return response


@require_safe
@match_view()
def match_page(request, match, is_scorer):
    game, page = _asked(request, "game"), _asked(request, "page")
    if request.META.get("QUERY_STRING"):  # (a plain address needs no fold to know it is one)
        query = history_query(match_state(match).fold, game, page)
        if (elsewhere := _canonical(request, query)) is not None:
            return elsewhere
    # A watching phone polls this page: while nothing changed, it gets a bodiless 304.
    version = (
        f"{match.pk}-{match.updated.timestamp()}-{int(is_scorer)}-{get_language()}-{game}"
        f"-{page}-{theme_of(request)}"
    )
    etag = quote_etag(version)
    shows_a_message = bool(len(messages.get_messages(request)))  # shown once: never kept
    unchanged = None if shows_a_message else get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return _cache_headers(unchanged, is_scorer)
    if shows_a_message or is_scorer:
        response = HttpResponse(_match_html(request, match, is_scorer, game, page))
        response["ETag"] = etag
    else:
        kept = _watch_page_cached(request, match, etag, game, page)
        response = page_response(request, kept, etag)
    response = _cache_headers(response, is_scorer)
    return _remember(response, request, match) if is_scorer else response


def _cache_headers(response, is_scorer: bool):
    """The scorer's page is never stored anywhere, not even by the phone's service worker
    (templates/sw.js): its address is the key that changes the score."""
    response["Cache-Control"] = "private, no-store" if is_scorer else "private, no-cache"
    return response


def _asked(request, name: str) -> int | None:
    """A page number the query string asks for (?game=N, ?page=P), if it is one."""
    value = request.GET.get(name, "")
    return int(value) if re.fullmatch(r"[0-9]{1,4}", value) else None


def _canonical(request, query: str):
    """A redirect to the page's one address when its query string is any other (an unknown
    parameter, a game that is not there, "game=01"): no query string makes a page, or an entry
    in the page store, of its own. None when the address is already that one."""
    if request.META.get("QUERY_STRING", "") == query:
        return None
    return redirect(f"{request.path}?{query}" if query else request.path)


def _match_html(request, match, is_scorer, game=None, page=None) -> str:
    state = match_state(match)
    context = match_context(request, state, is_scorer=is_scorer, game=game, page=page or 1)
    return render_to_string("calculator/match.html", context, request=request)


def _watch_page_cached(request, match, etag, game, page) -> Page:
    """The watchers' page is the same for everyone until the match changes: its ETag says when.
    (The scorer's page is not kept: its forms carry the scorer's own CSRF token.)"""
    return kept_page(request, etag, lambda: _match_html(request, match, False, game, page))


@require_safe
@match_view()
def match_changes(request, match, is_scorer):
    """The match's version, which a watcher's open page polls (calculator/shared/polls.py answers
    known keys in front of Django; this is the same answer, and the wrong keys' limit)."""
    response = HttpResponse(polls.version_text(match.version))
    for name, value in polls.HEADERS:
        response[name] = value
    return response


@require_safe
@match_view()
def match_sheet(request, match, is_scorer):
    """The score sheet to print. Always at the watch link's address: a browser prints the
    page's address on the paper, and the scorer's key must not end up there. Like the watchers'
    page, it is the same for everyone until the match changes: kept, and answered 304."""
    if is_scorer:
        return redirect("calculator:sheet", match.watch_key)
    page = _asked(request, "page")
    if request.META.get("QUERY_STRING"):
        query = sheet_query(match_state(match).fold, page)
        if (elsewhere := _canonical(request, query)) is not None:
            return elsewhere
    version = (
        f"sheet-{match.pk}-{match.updated.timestamp()}-{get_language()}-{page}-{theme_of(request)}"
    )
    etag = quote_etag(version)
    response = get_conditional_response(request, etag=etag)
    if response is None:

        def render_sheet():
            context = sheet_context(request, match_state(match), page or 1)
            return render_to_string("calculator/sheet.html", context, request)

        response = page_response(request, kept_page(request, etag, render_sheet), etag)
    return _cache_headers(response, is_scorer=False)


@require_safe
@match_view()
def match_export_json(request, match, is_scorer):
    data = match_export(match_state(match))
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = attachment(download_name(match))
    return response


@require_safe
@match_view()
def match_qr(request, match, is_scorer):
    url = request.build_absolute_uri(match.get_watch_url())
    svg = io.BytesIO()
    # A file of its own (with its xmlns), which an <img> can show; svg_inline() leaves it out.
    segno.make(url, error="m").save(
        svg, kind="svg", scale=4, dark="#1c1917", light="#ffffff", xmldecl=False
    )
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")
