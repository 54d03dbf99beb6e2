"""What a watcher's open page polls: ``/m/<key>/changes``, the match's version in a few bytes
(and the tournament's standings page, ``/tn/<key>/changes``, the tournament's).

The page holds the version it shows (``#live[data-version]``) and asks for the current one every
few seconds (static/js/match.js); only when they differ does it fetch the page itself. Every write
raises the version (matches/services.py), so a changed score always shows. It is the site's
most frequent request by far (2,000 watchers ask 1,000 times a second), so a known key is
answered by :class:`FastPolls` in front of Django, with one indexed query and none of the
middleware a page needs (docs/performance.md, "Watchers"). Anything else (a wrong key, which
the limiter counts; another method; plain HTTP where HTTPS is required; a database error) goes to
Django's own view of the same address, which answers the same.
"""

import re

from django.conf import settings
from django.db import DatabaseError, connection

PATH = re.compile(r"/m/([A-Za-z0-9_-]{16,64})/changes")
TOURNAMENT_PATH = re.compile(r"/tn/([A-Za-z0-9_-]{16,64})/changes")
HEADERS = [
    ("Content-Type", "text/plain; charset=utf-8"),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Robots-Tag", "noindex, nofollow"),
    ("Referrer-Policy", "same-origin"),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
]


def version_text(version: int) -> bytes:
    return str(version).encode()


def _version_of(key: str) -> int | None:
    """The version of the match with this scorer's or watch key; None if there is none."""
    quote = connection.ops.quote_name
    sql = (
        f"SELECT {quote('version')} FROM {quote('calculator_match')} "
        f"WHERE {quote('scorer_key')} = %s OR {quote('watch_key')} = %s LIMIT 1"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, key])
        row = cursor.fetchone()
    return None if row is None else row[0]


def _tournament_version_of(key: str) -> bytes | None:
    """What ``/tn/<key>/changes`` answers (tournament_services.tournament_version: the
    tournament's own version and the sum of its matches'), in one query; None if no tournament
    has this organizer's or public key."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT t.{q('version')}, (SELECT COALESCE(SUM(m.{q('version')}), 0) "
        f"FROM {q('calculator_match')} m "
        f"JOIN {q('calculator_tournamenttable')} tt ON tt.{q('match_id')} = m.{q('id')} "
        f"JOIN {q('calculator_tournamentround')} r ON r.{q('id')} = tt.{q('round_id')} "
        f"WHERE r.{q('tournament_id')} = t.{q('id')}) "
        f"FROM {q('calculator_tournament')} t "
        f"WHERE t.{q('keeper_key')} = %s OR t.{q('view_key')} = %s LIMIT 1"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, key])
        row = cursor.fetchone()
    return None if row is None else f"{row[0]}-{row[1]}".encode()


def _secure_enough(environ) -> bool:
    if not settings.SECURE_SSL_REDIRECT:
        return True
    header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if header and environ.get(header[0]) == header[1]:
        return True
    return environ.get("wsgi.url_scheme") == "https"


class FastPolls:
    """WSGI: answers ``GET /m/<known key>/changes`` itself; everything else goes to ``app``."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        found = PATH.fullmatch(path)
        in_tournament = found is None and (found := TOURNAMENT_PATH.fullmatch(path)) is not None
        if found and environ["REQUEST_METHOD"] == "GET" and _secure_enough(environ):
            try:
                if in_tournament:
                    body = _tournament_version_of(found[1])
                else:
                    version = _version_of(found[1])
                    body = None if version is None else version_text(version)
            except DatabaseError:
                connection.close()  # a broken connection: Django's path opens a new one
                body = None
            if body is not None:
                start_response("200 OK", [*HEADERS, ("Content-Length", str(len(body)))])
                return [body]
        return self.app(environ, start_response)
