"""No key in what PostgreSQL sees as a statement's text, and so none in its own log.

The probe: with the site's 5 s ``statement_timeout`` and PostgreSQL's default
``log_min_error_statement = error``, a lookup that waited on a migration's lock was cancelled
and logged as ``STATEMENT: SELECT … WHERE "scorer_key" = '<key>' …``: psycopg wrote the values
into the statement (client-side binding). With server-side binding the statement holds ``$1``,
``$2``, and the values travel apart; the connection's ``log_parameter_max_length_on_error = 0``
keeps them out of an error's log line (docs/security.md, "Keys and PostgreSQL's log").

What the server logs of a statement is its text as ``pg_stat_activity.query`` shows it: each test
holds a table's lock on another connection, as a migration does, lets a request wait on it, and
reads what the server has of the waiting statement.
"""

import os
import threading
import time

import psycopg
import pytest
from django.db import connection, connections
from django.test import Client

from calculator.models import Match
from tests.calculator.conftest import create_match

pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="PostgreSQL only (DATABASE_URL=postgres://...)",
    ),
    pytest.mark.django_db(transaction=True),
]
# A cap for the request to reach its wait, not a deadline: the site's statement_timeout (5 s)
# cancels the waiting statement first anyway.
WAIT_CAP = 60


def other_connection() -> psycopg.Connection:
    """A connection of its own to the test database, as a migration's would be."""
    params = connection.get_connection_params()
    names = ("host", "port", "user", "password", "dbname")
    return psycopg.connect(**{name: params[name] for name in names if params.get(name)})


def waiting_statements(watcher: psycopg.Connection, locker_pid: int) -> list[str]:
    """The text of every statement of this database that waits on the locker's lock."""
    rows = watcher.execute(
        "SELECT query FROM pg_stat_activity WHERE datname = current_database() "
        "AND %s = ANY(pg_blocking_pids(pid))",
        [locker_pid],
    ).fetchall()
    return [query for (query,) in rows]


def seen_while_locked(table: str, request) -> tuple[list[str], list[str]]:
    """Run ``request`` (a function of a test client) in a thread while another connection holds
    ``table`` in ACCESS EXCLUSIVE mode; what the server has of the statements that waited on the
    lock, and of every statement of the database at that moment."""
    answers = []

    def run():
        try:
            answers.append(request(Client()).status_code)
        finally:
            connections.close_all()

    locker, watcher = other_connection(), other_connection()
    watcher.autocommit = True
    with locker, watcher:
        locker.execute(f'LOCK TABLE "{table}" IN ACCESS EXCLUSIVE MODE')
        phone = threading.Thread(target=run)
        phone.start()
        started = time.monotonic()
        while not (waiting := waiting_statements(watcher, locker.info.backend_pid)):
            assert phone.is_alive(), f"the request ended without waiting: {answers}"
            assert time.monotonic() - started < WAIT_CAP, "the request never waited on the lock"
            time.sleep(0.01)
        every = [q for (q,) in watcher.execute("SELECT query FROM pg_stat_activity").fetchall()]
        locker.rollback()  # the lock goes: the request goes on
        phone.join()
    assert answers and answers[0] < 500, answers  # it was answered, once the lock was gone
    return waiting, every


def test_a_lookup_by_key_that_waits_on_a_lock_shows_the_server_no_key():
    match = create_match(Client())
    waiting, every = seen_while_locked(
        "calculator_match", lambda c: c.get(f"/m/{match.scorer_key}/")
    )
    assert any('"scorer_key" = $1' in query for query in waiting), waiting
    for query in every:
        assert match.scorer_key not in query and match.watch_key not in query, query


def test_a_new_match_that_waits_on_a_lock_shows_the_server_no_key():
    """A digest of the keys would keep them out of lookups, not out of the INSERT that stores
    them: the values travel apart from every statement."""
    fields = {
        "team_a": "Ние",
        "team_b": "Вие",
        "first_dealer": "0",
        "target": "151",
        "declaration_comparison": "separate",
        "contra_tie": "all_hang",
    }
    waiting, every = seen_while_locked(
        "calculator_match", lambda c: c.post("/bg/match/new/", fields)
    )
    match = Match.objects.get()
    assert any("INSERT INTO" in query and "$1" in query for query in waiting), waiting
    for query in every:
        assert match.scorer_key not in query and match.watch_key not in query, query


def test_the_sites_connection_keeps_the_values_out_of_an_errors_log_line():
    with connection.cursor() as cursor:
        cursor.execute("SHOW log_parameter_max_length_on_error")
        assert cursor.fetchone()[0] == "0"
    assert connection.features.uses_server_side_binding
