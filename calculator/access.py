"""Opening a match (or a table) by its link: the scorer's key writes, the watch key only reads.

A wrong key gets the same 404 whether or not the match exists. The keys have 144 random bits, so
guessing one is hopeless; the limit here only keeps the noise of scripts down. A valid key is
always served: only misses are counted, per visitor's address (belot_site/clients.py), and after
WRONG_KEYS_ALLOWED of them in WINDOW seconds the next misses get 429 instead of 404 for the rest
of the window. Every lookup by key goes through this one limit: the match and table pages, the
new-table page's ``?match=`` and the table's "add a match" form. The limit is generous: people
behind one address (a café's Wi-Fi, a carrier's NAT) mistype or open stale links a few times an
hour, not hundreds.
"""

import re
from contextlib import suppress
from functools import wraps

from django.core.cache import cache
from django.db import connection
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render

from belot_site.clients import client_address

from . import engine
from .models import Match, Table, Tournament, TournamentTable

# What secrets.token_urlsafe makes; anything else is no key and never reaches the database.
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")
WRONG_KEYS_ALLOWED = 300
WINDOW = 600


# Imports are counted the same way, in deals: the largest allowed match is cheap to send (a
# 47 KB file of 2,000 deals) and costly to serve, so an address may import IMPORT_DEALS_ALLOWED
# deals in IMPORT_WINDOW seconds (three of the largest matches; an evening's real matches are a
# few hundred deals). Every file counts for at least IMPORT_LEAST deals, refused ones too (each
# is read and checked): that is 300 small files an hour.
IMPORT_DEALS_ALLOWED = 3 * engine.MAX_DEALS
IMPORT_WINDOW = 3600
IMPORT_LEAST = 20


def _counter(request, what: str = "wrong-keys") -> str:
    return f"{what}:{client_address(request)}"


def _blocked(request) -> bool:
    return cache.get(_counter(request), 0) >= WRONG_KEYS_ALLOWED


def _count(key: str, amount: int, window: int) -> int:
    """Add ``amount`` to the counter (made for ``window`` seconds); its new value."""
    cache.add(key, 0, window)
    try:
        return cache.incr(key, amount)
    except ValueError:  # expired between add and incr
        cache.set(key, amount, window)
        return amount


def _note_wrong_key(request) -> None:
    _count(_counter(request), 1, WINDOW)


def imports_paused(request) -> bool:
    """True once this address has imported its IMPORT_DEALS_ALLOWED deals in the window."""
    return cache.get(_counter(request, "imported-deals"), 0) >= IMPORT_DEALS_ALLOWED


def note_import(request, deals: int | None) -> bool:
    """Count an import of ``deals`` deals (None: a refused file) for this address. False, and
    nothing counted, when it would take the address past IMPORT_DEALS_ALLOWED: the count is
    taken and checked in one step, so imports sent at once cannot all pass the same check."""
    key, cost = _counter(request, "imported-deals"), max(deals or 0, IMPORT_LEAST)
    if _count(key, cost, IMPORT_WINDOW) <= IMPORT_DEALS_ALLOWED or deals is None:
        return True
    with suppress(ValueError):  # expired meanwhile: nothing to give back
        cache.decr(key, cost)
    return False


def wrong_key(request):
    """Count a key that opened nothing (a wrong link, a pasted link of no match): the 429 page
    to answer with once this address has missed too often, else None."""
    if _blocked(request):
        response = render(request, "429.html", status=429)
        response["Retry-After"] = str(WINDOW)
        return response
    _note_wrong_key(request)
    return None


def miss(request):
    """A wrong key in the address: 404, or 429 once this address has missed too often."""
    refusal = wrong_key(request)
    if refusal is not None:
        return refusal
    raise Http404


def match_by_key(key: str) -> Match | None:
    """The match whose scorer's or watch key this is.

    Every watcher's phone asks for its match every few seconds, so this is the site's most
    frequent query: written out once instead of compiled by the ORM on every request
    (``filter(Q(scorer_key=key) | Q(watch_key=key)).first()``), which took 0.7 ms of the 1.3 ms
    a poll costs (docs/performance.md, "Watchers"). Both keys are unique and indexed.
    """
    return next(iter(Match.objects.raw(_by_key_sql(), [key, key])), None)


def _by_key_sql() -> str:
    quote = connection.ops.quote_name
    table, scorer, watch = (
        quote(name) for name in (Match._meta.db_table, "scorer_key", "watch_key")
    )
    # A tournament table's result entered by hand closes its match to deals: read with the
    # row (a lookup of a unique index), so no page of a match asks again (Match.result_by_hand).
    tables, match_id, hand = (
        quote(name) for name in (TournamentTable._meta.db_table, "match_id", "hand_points_a")
    )
    by_hand = (
        f"EXISTS (SELECT 1 FROM {tables} WHERE {tables}.{match_id} = {table}.{quote('id')} "
        f"AND {tables}.{hand} IS NOT NULL)"
    )
    return (
        f"SELECT {table}.*, {by_hand} AS hand_result FROM {table} "
        f"WHERE {scorer} = %s OR {watch} = %s LIMIT 1"
    )


def match_view(*, scorer_only: bool = False):
    """Look the match up by the URL's key and call ``view(request, match, is_scorer, ...)``."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, key, *args, **kwargs):
            match = None
            if KEY_SHAPE.fullmatch(key):
                match = match_by_key(key)
            is_scorer = match is not None and match.scorer_key == key
            if match is None or (scorer_only and not is_scorer):
                return miss(request)
            return view(request, match, is_scorer, *args, **kwargs)

        return wrapper

    return decorate


def _keyed_view(model, keeper_only: bool):
    """Look ``model`` (a table or a tournament) up by the URL's key, either of its two, and call
    ``view(request, found, is_keeper, ...)``; the same 404 and the same limit as a match's."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, key, *args, **kwargs):
            found = None
            if KEY_SHAPE.fullmatch(key):
                found = model.objects.filter(Q(keeper_key=key) | Q(view_key=key)).first()
            is_keeper = found is not None and found.keeper_key == key
            if found is None or (keeper_only and not is_keeper):
                return miss(request)
            return view(request, found, is_keeper, *args, **kwargs)

        return wrapper

    return decorate


def table_view(*, keeper_only: bool = False):
    """A table's page by its keeper's or its view link (``view(request, table, is_keeper)``)."""
    return _keyed_view(Table, keeper_only)


def tournament_view(*, keeper_only: bool = False):
    """A tournament's page by its organizer's or its public link."""
    return _keyed_view(Tournament, keeper_only)
