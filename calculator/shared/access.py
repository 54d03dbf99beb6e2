"""Opening a match (or a table) by its link: the scorer's key writes, the watch key only reads.

A wrong key gets the same 404 whether or not the match exists. The keys have 144 random bits, so
guessing one is hopeless; the limit here only keeps the noise of scripts down. A valid key is
always served: only misses are counted, per visitor's address (an IPv6 one per /64:
belot_site/clients.py), and after WRONG_KEYS_ALLOWED of them in WINDOW seconds the next misses
get 429 instead of 404 for the rest of the window. Every lookup by key goes through this one
limit: the match and table pages, the new-table page's ``?match=`` and the table's "add a match"
form. The limit is generous: people behind one address (a café's Wi-Fi, a carrier's NAT) mistype
or open stale links a few times an hour, not hundreds.
"""

import re
from contextlib import suppress
from functools import wraps

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render

from belot_site.clients import counted_address
from calculator import engine
from calculator.models import Match, Table, Tournament, TournamentRound, TournamentTable
from calculator.shared.language import speak_match_language

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
    return f"{what}:{counted_address(request)}"


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
    frequent query, and every page of a match starts with it. It is written out once per
    database connection (MatchRow) instead of made on every request: compiled by the ORM
    (``filter(Q(scorer_key=key) | Q(watch_key=key)).first()``) it took 0.7 ms of the 1.3 ms a
    poll cost (docs/performance.md, "Watchers"), and read as a raw query, whose columns Django
    matches to the model's fields anew each time, 0.6 ms of a 1.3 ms match page on PostgreSQL
    ("The match page on PostgreSQL"). Both keys are unique and indexed.
    """
    wrapper = connections[DEFAULT_DB_ALIAS]
    reader = MatchRow.of(wrapper)
    with wrapper.cursor() as cursor:
        cursor.execute(reader.sql, [key, key])
        row = cursor.fetchone()
    return None if row is None else reader.match(row)


class MatchRow:
    """A match's row as ``match_by_key`` reads it: its columns in the model's order (what
    ``Model.from_db`` takes), each with the converters the ORM would apply to it on this
    database connection, whether its result was entered by hand, and the tournament table it
    is played at, if any.

    A tournament table's result entered by hand closes its match to deals, and so does a later
    round of its tournament: both are read with the row (lookups of unique indexes), so no page
    of a match asks again (Match.result_by_hand, Match.round_closed);
    so is its table (Match.tournament_place), which only a tournament's match then reads.
    """

    KEPT_AS = "belot_match_row"  # the attribute of the connection that keeps it

    @classmethod
    def of(cls, wrapper: BaseDatabaseWrapper) -> "MatchRow":
        """The reader for ``wrapper`` (a thread's connection to the database), made once and
        kept with it, as Django keeps what it works out about a connection."""
        reader = getattr(wrapper, cls.KEPT_AS, None)
        if reader is None:
            reader = cls(wrapper)
            setattr(wrapper, cls.KEPT_AS, reader)
        return reader

    def __init__(self, wrapper: BaseDatabaseWrapper):
        quote, meta = wrapper.ops.quote_name, Match._meta
        table = quote(meta.db_table)
        fields = meta.concrete_fields
        self.alias, self.names = wrapper.alias, [field.attname for field in fields]
        # The ORM's own converters for these columns on this connection, as a query's
        # compiler finds and applies them.
        self.compiler = Match.objects.none().query.get_compiler(connection=wrapper)
        self.converters = self.compiler.get_converters(
            [field.get_col(meta.db_table) for field in fields]
        )
        tables = quote(TournamentTable._meta.db_table)
        # The key's condition comes first, in a common table expression: PostgreSQL shows (and
        # logs) a statement's first 1,024 bytes, and the key's place in it must be among them,
        # where tests/test_keys_in_postgresql.py reads that it is a parameter ($1), not the key.
        found = quote("found")
        by_hand = (
            f"EXISTS (SELECT 1 FROM {tables} WHERE {tables}.{quote('match_id')} = "
            f"{found}.{quote('id')} AND {tables}.{quote('hand_points_a')} IS NOT NULL)"
        )
        rounds = quote(TournamentRound._meta.db_table)
        later_round = (
            f"EXISTS (SELECT 1 FROM {tables} JOIN {rounds} AS {quote('own')} ON "
            f"{quote('own')}.{quote('id')} = {tables}.{quote('round_id')} "
            f"JOIN {rounds} AS {quote('later')} ON "
            f"{quote('later')}.{quote('tournament_id')} = {quote('own')}.{quote('tournament_id')} "
            f"AND {quote('later')}.{quote('number')} > {quote('own')}.{quote('number')} "
            f"WHERE {tables}.{quote('match_id')} = {found}.{quote('id')})"
        )
        at_table = (
            f"(SELECT {tables}.{quote('id')} FROM {tables} WHERE {tables}.{quote('match_id')} = "
            f"{found}.{quote('id')})"
        )
        columns = ", ".join(f"{found}.{quote(field.column)}" for field in fields)
        self.sql = (
            f"WITH {found} AS (SELECT * FROM {table} "
            f"WHERE {quote('scorer_key')} = %s OR {quote('watch_key')} = %s LIMIT 1) "
            f"SELECT {columns}, {by_hand}, {later_round}, {at_table} FROM {found}"
        )

    def match(self, row) -> Match:
        row = next(self.compiler.apply_converters([row], self.converters))
        *values, by_hand, later_round, at_table = row
        match = Match.from_db(self.alias, self.names, values)
        match.hand_result = bool(by_hand)
        match.later_round = bool(later_round)
        match.tournament_table_pk = at_table
        return match


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
            speak_match_language(request, match)
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
