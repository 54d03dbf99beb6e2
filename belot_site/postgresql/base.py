"""Django's PostgreSQL backend, with an end to every wait for the server's answer.

PostgreSQL cancels a statement that runs too long itself (``statement_timeout``, settings), and
TCP keepalives and ``tcp_user_timeout`` drop a connection whose other end is gone. Neither ends
a wait on a server or a network that has stopped without closing anything: a frozen relay or
proxy, a stopped server process. The kernel still acknowledges what is sent, and nothing comes
back. The probe saw a kept connection wait out a whole outage (20 s, then 70 s) and the health
check answer "ok" after it. Here a connection that answers nothing for
``DATABASE_ANSWER_SECONDS`` is closed and the query fails (the page gets the site's error page);
the next request connects anew, which fails within ``connect_timeout`` until the database is
back, and then works again by itself.

``DATABASE_ANSWER_SECONDS`` is a second longer than the ``statement_timeout`` the connection
gets, so a slow statement is always cancelled by the server first, cleanly; a DATABASE_URL that
sets another one (``?options=-c statement_timeout=0`` for a long maintenance command) moves it
too, and with none there is no bound here either. Django's health check of a kept connection at
the start of a request (a ``SELECT 1``) gets ``DATABASE_CHECK_SECONDS``: a connection that cannot
answer that is replaced at once.
"""

import re
from time import monotonic

import psycopg
from django.conf import settings
from django.db.backends.postgresql import base


class AnswerBound(psycopg.Connection):
    """A psycopg connection whose every wait for the server ends (psycopg's own waits take a
    timeout; its connection passes none for a query). Made by psycopg, then given this class:
    it adds no state, only the bound."""

    answer_seconds: float | None = None  # without a statement_timeout: no bound
    check_seconds: float | None = None  # while Django checks a kept connection

    def wait(self, gen, interval=0.1, timeout=None):
        bound = self.check_seconds or self.answer_seconds
        if timeout is not None or bound is None:  # psycopg's own bound (notifies), or none
            return super().wait(gen, interval, timeout)
        started = monotonic()
        try:
            return super().wait(gen, interval, bound)
        except psycopg.OperationalError:
            if monotonic() - started < bound:
                raise  # the server's own answer: an error, not silence
            self.close()  # a query is in flight and its answer will never be read
            raise psycopg.OperationalError(
                f"The database did not answer within {bound:g} s; the connection is closed."
            ) from None


STATEMENT_TIMEOUT = re.compile(r"-c\s*statement_timeout\s*=\s*(\d+)\s*(ms|s|min)?\b")
UNIT_SECONDS = {"": 0.001, "ms": 0.001, "s": 1, "min": 60}


def answer_seconds(options: str) -> float | None:
    """A second more than the statement_timeout that the connection's options give (the last
    one, as for PostgreSQL); None without one, or with 0 (no timeout)."""
    found = STATEMENT_TIMEOUT.findall(options)
    if not found:
        return None
    amount, unit = found[-1]
    seconds = int(amount) * UNIT_SECONDS[unit]
    return seconds + 1 if seconds else None


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        connection.__class__ = AnswerBound
        connection.answer_seconds = answer_seconds(conn_params.get("options", ""))
        return connection

    def is_usable(self):
        if self.connection is None:
            return False
        self.connection.check_seconds = settings.DATABASE_CHECK_SECONDS
        try:
            return super().is_usable()
        finally:
            self.connection.check_seconds = None
