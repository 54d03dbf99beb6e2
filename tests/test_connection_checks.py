"""Django's health check of a kept PostgreSQL connection (a ``SELECT 1`` at a request's start)
is skipped where it cannot find anything: the connection answered within
DATABASE_CHECK_AFTER_SECONDS and the server has announced nothing since (belot_site/postgresql).
A connection the server closed in that time is still found and replaced before a page uses it.

Each test acts as a request's start does (``close_if_unusable_or_obsolete``, which Django's test
client leaves out) and then queries, as a page would.
"""

import os
import time

import psycopg
import pytest
from django.db import connection

from belot_site.postgresql.base import server_spoke

pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="PostgreSQL only (DATABASE_URL=postgres://...): SQLite has no kept connection",
    ),
    pytest.mark.django_db(transaction=True),
]
SPOKE_CAP = 60  # seconds; a cap for the server's closing notice to arrive, not a deadline


@pytest.fixture(autouse=True)
def young_connection():
    """Each test starts on a connection opened just now: the worker's own may be older than
    CONN_MAX_AGE (60 s), and a request's start then closes it for its age, with no check to
    count (on a busy CI run, a connection replaced without its SELECT 1)."""
    connection.close()
    yield


@pytest.fixture
def checks(monkeypatch) -> list[str]:
    """The health checks made on the test's connection (each one a SELECT 1)."""
    made = []
    is_usable = connection.is_usable

    def counted():
        made.append("SELECT 1")
        return is_usable()

    monkeypatch.setattr(connection, "is_usable", counted)
    return made


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def next_request():
    connection.close_if_unusable_or_obsolete()  # what request_started does


def test_a_connection_that_has_just_answered_is_used_without_a_check(checks):
    pid = backend_pid()
    next_request()

    assert backend_pid() == pid
    assert checks == []


def test_a_connection_idle_for_longer_is_checked_first(checks, settings):
    settings.DATABASE_CHECK_AFTER_SECONDS = 0
    pid = backend_pid()
    next_request()

    assert backend_pid() == pid
    assert checks == ["SELECT 1"]


def test_a_connection_the_server_has_just_closed_is_replaced_before_a_page_uses_it(checks):
    pid = backend_pid()
    params = connection.get_connection_params()
    other = psycopg.connect(
        **{name: params[name] for name in ("host", "port", "user", "dbname") if name in params},
        autocommit=True,
    )
    with other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    waited = time.monotonic()
    while not server_spoke(connection.connection):
        assert time.monotonic() - waited < SPOKE_CAP, "the server never said it closed"
        time.sleep(0.01)
    next_request()

    assert backend_pid() != pid  # no error: checked, found closed, replaced
    assert checks == ["SELECT 1"]


def test_a_quiet_connection_has_nothing_to_read():
    backend_pid()

    assert server_spoke(connection.connection) is False
