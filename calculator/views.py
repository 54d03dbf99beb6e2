import hashlib
import io
import json
import re
import sys

import segno
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from belot_site.lru import BoundedStore
from belot_site.methods import require_page_and_form, require_POST, require_safe
from belot_site.pages import Page, page_response
from belot_site.theme import theme_of

from . import access, engine, explain, polls, shared_pages
from .access import KEY_SHAPE, match_view
from .download_names import attachment, download_name
from .forms import DealForm, ImportForm, MatchForm, NextMatchForm, TableForm
from .french_forms import FrenchDealForm
from .models import Match, Table, Tournament
from .presenters import (
    deal_name,
    history_query,
    match_context,
    preview_context,
    sheet_context,
    sheet_query,
)
from .services import (
    RESULT_BY_HAND,
    DealConflict,
    MatchChanged,
    ResultByHand,
    deal_delete_last,
    deal_record,
    deal_replace,
    deal_undo,
    match_export,
    match_import,
    match_next,
    match_state,
    next_match_offered,
    table_full,
)

# The matches, tables and tournaments this phone made or opened as their scorer, keeper or
# organizer, newest first: a cookie of keys ("recent_matches", "recent_tables",
# "recent_tournaments"), so that they are one tap away on the home page, with and without
# JavaScript. "Forget this phone's matches" clears them all.
RECENT_COOKIE = "recent_matches"
RECENT_TABLES_COOKIE = "recent_tables"
RECENT_TOURNAMENTS_COOKIE = "recent_tournaments"
RECENT_MAX = 6
RECENT_AGE = 180 * 24 * 3600


def recent_keys(request, cookie: str = RECENT_COOKIE) -> list[str]:
    value = request.COOKIES.get(cookie, "")
    return [key for key in value.split(".") if KEY_SHAPE.fullmatch(key)][:RECENT_MAX]


def remember_key(response, request, key: str, cookie: str = RECENT_COOKIE):
    """The browser keeps ``key`` first among its recent ones."""
    keys = [key] + [k for k in recent_keys(request, cookie) if k != key]
    response.set_cookie(
        cookie,
        ".".join(keys[:RECENT_MAX]),
        max_age=RECENT_AGE,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
        samesite="Lax",
    )
    return response


def _remember(response, request, match: Match):
    """The scorer's browser keeps its recent matches, so they are one tap away on the home page."""
    return remember_key(response, request, match.scorer_key)


def _in_order(objects, keys: list[str], field: str) -> list:
    return sorted(objects, key=lambda found: keys.index(getattr(found, field)))


# Starting a match


@require_safe
def home(request):
    keys, table_keys = recent_keys(request), recent_keys(request, RECENT_TABLES_COOKIE)
    tournament_keys = recent_keys(request, RECENT_TOURNAMENTS_COOKIE)
    recent = Match.objects.filter(scorer_key__in=keys)
    tables = Table.objects.filter(keeper_key__in=table_keys)
    tournaments = Tournament.objects.filter(keeper_key__in=tournament_keys)
    return render(
        request,
        "calculator/home.html",
        {
            "form": MatchForm(),
            "import_form": ImportForm(),
            "table_form": TableForm(),
            "recent": _in_order(recent, keys, "scorer_key"),
            "recent_tables": _in_order(tables, table_keys, "keeper_key"),
            "recent_tournaments": _in_order(tournaments, tournament_keys, "keeper_key"),
        },
    )


@require_POST
def forget(request):
    """Forget this phone's matches: the home page's lists (their cookies), and, by the
    Clear-Site-Data header, the service worker's caches and the deal drafts (local storage),
    which the page's script clears as well before it posts. The language and theme stay."""
    response = redirect("home")
    for cookie in (RECENT_COOKIE, RECENT_TABLES_COOKIE, RECENT_TOURNAMENTS_COOKIE):
        response.delete_cookie(cookie, samesite="Lax")
    response["Clear-Site-Data"] = '"cache", "storage"'
    messages.success(request, _("This phone has forgotten its matches, tables and tournaments."))
    return response


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
    """429: this address has imported as much as an hour allows (calculator/access.py)."""
    paused = _(
        "Many matches were imported from your network in the last hour, so imports are "
        "paused for a while. Try again later."
    )
    context = {"form": MatchForm(), "import_form": ImportForm(), "import_errors": [paused]}
    response = render(request, "calculator/match_new.html", context, status=429)
    response["Retry-After"] = str(access.IMPORT_WINDOW)
    return response


# The match page


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


def _size(key: str, page: Page) -> int:
    """What a kept page costs in memory: its key as Python holds it, and its bytes."""
    return sys.getsizeof(key) + page.cost()


# The last pages rendered in this process, as the bytes sent, plain and compressed
# (belot_site/pages.py): Django's in-memory cache would pickle and unpickle a 200-deal page
# (100 KB) on every read, as costly as half a rendering.
WATCH_PAGES_BYTES = 16 * 1024 * 1024
_watch_pages = BoundedStore(WATCH_PAGES_BYTES, _size, largest=WATCH_PAGES_BYTES // 4)
# With a shared cache (Redis), a page rendered by one worker serves every worker and machine. Each
# is kept compressed, at most SHARED_PAGE_BYTES of it and for SHARED_PAGE_SECONDS: Redis holds at
# most what the pages of the last ten minutes' changes take, bounded per page.
SHARED_PAGE_BYTES = 256 * 1024
SHARED_PAGE_SECONDS = 600


def _watch_page_cached(request, match, etag, game, page) -> Page:
    """The watchers' page is the same for everyone until the match changes: its ETag says when.
    (The scorer's page is not kept: its forms carry the scorer's own CSRF token.)"""
    return kept_page(request, etag, lambda: _match_html(request, match, False, game, page))


def page_address(request) -> str:
    """The page as this visitor asks for it, whatever the version shown: the language, the theme
    and the whole address (a watchers' page, the wall)."""
    return (
        f"{get_language()}:{theme_of(request)}:"
        f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    )


def kept_page(request, etag: str, render_page) -> Page:
    """A watchers' page (the match page, the score sheet) from the store, or ``render_page()``
    kept there.

    Its key holds the whole address, query string included, since the page links to itself
    (the language switch): one visitor's query string is never shown to another. Only the
    page's own query strings reach here (``_canonical``), so none makes an entry of its own.
    """
    address = page_address(request)
    key = f"{etag}:{address}"
    kept = _watch_pages.get(key)
    if kept is None:
        html = _shared_page_get(address, etag)
        if html is None:
            html = render_page()
            _shared_page_put(address, etag, html)
        kept = Page.of(html)
        _watch_pages.put(key, kept)
    return kept


def _shared_key(address: str) -> str:
    return "watch:" + hashlib.sha256(address.encode()).hexdigest()


# In Redis a page is kept under its address alone, with its ETag in front of it: a change of the
# match replaces the address's page instead of adding one (a match corrected every few seconds
# left a page per version and address there for ten minutes).
def _shared_page_get(address: str, etag: str) -> str | None:
    if not settings.WATCH_PAGES_SHARED:
        return None
    return shared_pages.unpacked(cache.get(_shared_key(address)), etag)


def _shared_page_put(address: str, etag: str, html: str) -> None:
    if not settings.WATCH_PAGES_SHARED:
        return
    value = shared_pages.packed(etag, html, SHARED_PAGE_BYTES)
    if value is not None:
        cache.set(_shared_key(address), value, SHARED_PAGE_SECONDS)


@require_safe
@match_view()
def match_changes(request, match, is_scorer):
    """The match's version, which a watcher's open page polls (calculator/polls.py answers
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


# Entering deals


def preview_key(number: int, deal: engine.Deal, match: Match | None = None) -> str:
    """Ties a save to the preview the scorer saw: the same deal, at the same place."""
    data = engine.deal_to_dict(deal) if match is None else match.deal_data(deal)
    text = json.dumps([number, data], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def deal_form_class(match: Match) -> type[DealForm]:
    """The deal form of the match's game: Bulgarian belot's, or the French games' one."""
    return DealForm if match.is_belot else FrenchDealForm


def _deal_form(state, data=None, initial=None, number=None):
    number = number or state.next_number
    hanging = state.fold.deals[number - 2].hanging if number > 1 else 0
    form_class = deal_form_class(state.match)
    return form_class(data, initial=initial, match=state.match, hanging=hanging)


def _conflict(request, match):
    """A deal recorded already (a second tap, another phone): back to the current score."""
    warning = _(
        "That deal had already been recorded (from another phone, or by a second tap). "
        "Here is the current score."
    )
    return _to_score(request, match, warning)


def _changed(request, match):
    """A write from a page older than the match: nothing written, back to the current score."""
    warning = _(
        "The match was changed on another phone in the meantime, so nothing was saved. "
        "Here is the current score."
    )
    return _to_score(request, match, warning)


def _to_score(request, match, warning: str):
    messages.warning(request, warning)
    return redirect(match.get_scorer_url())


def _by_hand(request, match):
    """A deal's write to a match whose result the organizer entered by hand: nothing written,
    the scorer's page says why (and offers no deal to enter)."""
    messages.error(request, RESULT_BY_HAND)
    return redirect(match.get_scorer_url())


def _refused(request, match, error: engine.DealError):
    """The engine refused the write (a match past MAX_DEALS deals): say why on the match page."""
    for problem in error.problems:
        messages.error(request, explain.problem_message(problem, (match.team_a, match.team_b)))
    return redirect(match.get_scorer_url())


def _full(state) -> engine.DealError | None:
    """The error a new deal would get in a match that already has MAX_DEALS deals, or a
    tournament table's TABLE_DEALS_MAX (services.table_full)."""
    if state.next_number <= engine.MAX_DEALS:
        return table_full(state.match, state.next_number)
    params = {"count": state.next_number, "max": engine.MAX_DEALS}
    return engine.DealError([engine.Problem("too_many_deals", "deals", params)])


@require_page_and_form
@match_view(scorer_only=True)
def deal_new(request, match, is_scorer):
    if match.result_by_hand():
        return _by_hand(request, match)
    state = match_state(match)
    if (full := _full(state)) is not None:
        return _refused(request, match, full)
    if state.fold.match_over:  # no deal form for a deal the engine would refuse
        over = engine.DealError.single("match_over", "deals", games=match.games_to_win)
        return _refused(request, match, over)
    if request.method != "POST":
        form = _deal_form(state)
        context = _deal_context(state, form, state.next_number, state.match.version)
        return render(request, "calculator/deal.html", context)
    number = _posted_number(request)
    if number != state.next_number:
        return _number_taken(request, state, number)
    form = _deal_form(state, data=request.POST)
    if _save_as_previewed(request, form, number):
        try:
            deal_record(
                match=match, version=_posted_version(request), number=number, deal=form.deal
            )
        except ResultByHand:
            return _by_hand(request, match)
        except (MatchChanged, DealConflict):
            return _number_taken(request, match_state(match), number)
        except engine.DealError as error:
            return _refused(request, match, error)
        return redirect(match.get_scorer_url())
    return _deal_page_again(request, state, form, number)


def _deal_page_again(request, state, form, number):
    """The deal page shown again after a POST: its preview, or the reasons Save was refused
    (400). Still the page made from the version its scorer saw, whatever the match's version
    is now."""
    context = _deal_context(state, form, number, _posted_version(request))
    refused = request.POST.get("action") == "save" and form.deal is None
    return render(request, "calculator/deal.html", context, status=400 if refused else 200)


def _number_taken(request, state, number):
    """A new deal sent from a page older than the match (``state``, as it is now).

    The same deal recorded already under its number is a second tap (or two phones typing the
    same deal): back to the score. Anything else, another phone's deal under that number, a
    correction, a deletion, is the match changing while this deal was typed; nothing is lost:
    the page comes back with what the scorer typed, previewed as the match's next deal as it is
    now, to be checked and saved again.
    """
    if 1 <= number < state.next_number:
        form = _deal_form(state, data=request.POST, number=number)
        recorded = state.deals[number - 1].data
        if form.is_valid() and state.match.deal_data(form.deal) == recorded:
            return _conflict(request, state.match)
    if state.fold.match_over or _full(state) is not None:
        return _changed(request, state.match)  # no deal can be added any more
    messages.warning(
        request,
        _(
            "The match was changed on another phone while you entered this deal, so it was "
            "not saved yet. Check what will be recorded now, then tap Save again."
        ),
    )
    form = _deal_form(state, data=request.POST)
    # On purpose the match's number and version now: the scorer is shown the match as it is.
    context = _deal_context(state, form, state.next_number, state.match.version)
    return render(request, "calculator/deal.html", context)


def _save_as_previewed(request, form, number) -> bool:
    """True when the scorer tapped Save on a valid deal whose preview they have seen.

    The form is validated here in any case: the page shows its preview and its problems."""
    if not form.is_valid() or request.POST.get("action") != "save":
        return False
    if request.POST.get("preview_key") == preview_key(number, form.deal, form.match):
        return True
    messages.info(request, _("Check what will be recorded, then tap Save again."))
    return False


@require_POST
@match_view(scorer_only=True)
def deal_preview(request, match, is_scorer):
    """The preview alone, for the page's script: the same server-side engine, no reload."""
    state = match_state(match)
    number = _posted_number(request)
    taken = None  # a new deal's number that another phone's deal took meanwhile
    if request.GET.get("new") and number != state.next_number:
        taken = number if 1 <= number < state.next_number else None
        number = state.next_number  # as its Save will come back: the next deal
    elif not 1 <= number <= state.next_number:
        number = state.next_number
    form = _deal_form(state, data=request.POST, number=number)
    context = _deal_context(state, form, number)  # no version: the page keeps its own
    if taken is not None:
        context["number_taken"] = deal_name(state.fold, taken)
    form.forget_missing()
    if match.result_by_hand():  # a page opened before: its Save would be refused
        context.update(preview=None, problems=[], by_hand=RESULT_BY_HAND)
    return render(request, "calculator/_preview_response.html", context)


@require_page_and_form
@match_view(scorer_only=True)
def deal_edit(request, match, is_scorer, number):
    if match.result_by_hand():
        return _by_hand(request, match)
    state = match_state(match)
    if not 1 <= number < state.next_number or state.deals[number - 1].data["kind"] == "all_passed":
        if request.method == "POST":  # deleted (or undone) on another phone meanwhile
            return _changed(request, match)
        raise Http404
    stored = state.deals[number - 1].data
    if request.method != "POST":
        # Bound to what is stored: the page opens on the deal's result as it is recorded now.
        initial = deal_form_class(match).initial_from(stored)
        form = _deal_form(state, data=initial, number=number)
        context = _deal_context(state, form, number, state.match.version)
        return render(request, "calculator/deal.html", context)
    form = _deal_form(state, data=request.POST, number=number)
    if _save_as_previewed(request, form, number):
        try:
            deal_replace(
                match=match, version=_posted_version(request), number=number, deal=form.deal
            )
        except ResultByHand:
            return _by_hand(request, match)
        except MatchChanged:
            return _correction_again(request, match_state(match), number)
        except DealConflict:
            return _changed(request, match)
        except engine.DealError as error:
            return _refused(request, match, error)
        corrected = _("%(deal)s was corrected.") % {"deal": deal_name(state.fold, number)}
        messages.success(request, corrected)
        return redirect(match.get_scorer_url())
    return _deal_page_again(request, state, form, number)


def _correction_again(request, state, number):
    """A correction sent from a page older than the match (``state``, as it is now): nothing
    is lost. The page comes back with what the scorer typed, previewed against the match as it
    is now and carrying its version, so that the next Save records it; unless the deal is gone
    or all passed now, when there is nothing left to correct: back to the score."""
    if not 1 <= number < state.next_number or state.deals[number - 1].data["kind"] == "all_passed":
        return _changed(request, state.match)
    messages.warning(
        request,
        _(
            "The match was changed on another phone while you corrected this deal, so the "
            "correction was not saved yet. Check what will be recorded now, then tap Save again."
        ),
    )
    form = _deal_form(state, data=request.POST, number=number)
    context = _deal_context(state, form, number, state.match.version)
    return render(request, "calculator/deal.html", context)


@require_POST
@match_view(scorer_only=True)
def deal_delete(request, match, is_scorer, number):
    try:
        deal_delete_last(match=match, version=_posted_version(request), number=number)
    except ResultByHand:
        return _by_hand(request, match)
    except DealConflict:
        return _changed(request, match)
    return redirect(match.get_scorer_url())  # which offers to undo it


@require_POST
@match_view(scorer_only=True)
def deal_undo_view(request, match, is_scorer):
    """Take back the last delete or all passed, if nothing was written since."""
    fold = match_state(match).fold  # as the scorer saw it: it names the deal either way
    try:
        undone = deal_undo(match=match, version=_posted_version(request))
    except ResultByHand:
        return _by_hand(request, match)
    except DealConflict:
        return _changed(request, match)
    name = deal_name(fold, undone["number"])
    if undone["action"] == "delete":
        messages.success(request, _("%(deal)s is back.") % {"deal": name})
    else:
        again = _("All passed taken back: %(deal)s is still to be played.")
        messages.success(request, again % {"deal": name})
    return redirect(match.get_scorer_url())


@require_POST
@match_view(scorer_only=True)
def deal_all_passed(request, match, is_scorer):
    try:
        deal_record(
            match=match,
            version=_posted_version(request),
            number=_posted_number(request),
            deal=engine.AllPassed(),
        )
    except ResultByHand:
        return _by_hand(request, match)
    except MatchChanged:
        return _changed(request, match)
    except DealConflict:
        return _conflict(request, match)
    except engine.DealError as error:
        return _refused(request, match, error)
    return redirect(match.get_scorer_url())


@require_page_and_form
@match_view(scorer_only=True)
def match_next_view(request, match, is_scorer):
    """The next match of a finished table match, from its scorer's link: the scorer starts it
    without the table's keeper's link (which a scorer may not have, and is never shown here)."""
    state = match_state(match)
    following = Match.objects.filter(follows=match).first()
    if following is not None and request.method != "POST":
        return redirect(following.get_scorer_url())
    if request.method != "POST":
        if not next_match_offered(match, state.fold):
            raise Http404
        return _next_page(request, state, NextMatchForm(match=match), match.version)
    form = NextMatchForm(request.POST, match=match)
    if following is None and not form.is_valid():
        return _next_page(request, state, form, _posted_version(request), status=400)
    data = form.cleaned_data if following is None else {}
    try:
        following, started = match_next(
            match=match,
            version=_posted_version(request),
            seats=data.get("seats", []),
            first_dealer=data.get("first_dealer", 0),
        )
    except DealConflict:
        return _changed(request, match)
    except ValueError:
        raise Http404 from None
    if not started:
        messages.info(request, _("The next match had already been started: here it is."))
    return redirect(following.get_scorer_url())


def _next_page(request, state, form, version, status=200):
    context = {"match": state.match, "fold": state.fold, "form": form, "version": version}
    return render(request, "calculator/match_next.html", context, status=status)


def _posted_int(request, name: str) -> int:
    """A whole number the page posted back; -1 when it is missing or not one."""
    value = request.POST.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else -1


def _posted_number(request) -> int:
    return _posted_int(request, "number")


def _posted_version(request) -> int:
    return _posted_int(request, "version")


def _deal_context(state, form, number, version: int | None = None):
    """The deal page's context; ``version`` is the match's version the page is made from (none
    for the live preview, which leaves the page's own alone; a version no page could have
    posted is left empty, and a save with it is refused)."""
    context = preview_context(state, form, number)
    context["version"] = version if version is not None and version >= 0 else ""
    if form.deal is not None:
        context["preview_key"] = preview_key(number, form.deal, form.match)
    context["rules_url"] = reverse("rules:index")
    return context
