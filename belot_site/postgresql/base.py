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

That check is a round trip to the server on every request, as long as a watcher's page's own
query (docs/performance.md, "The match page on PostgreSQL"). A kept connection that answered
within ``DATABASE_CHECK_AFTER_SECONDS`` and on which the server has said nothing since is taken
as it is. What the check would find on such a connection the server announces: a restart,
``pg_terminate_backend`` or a crashed server process sends a closing notice or ends the
stream, and the socket has something to read; that connection is checked, and replaced. The
trade: one that went silent within that second (a network or a relay frozen in between) is no
longer replaced after the check's 2 s; its query fails after ``DATABASE_ANSWER_SECONDS``, as
above, and the next request connects anew.
"""

import re
import select
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
    answered: float = 0.0  # when the server last answered (monotonic)

    def wait(self, gen, interval=0.1, timeout=None):
        bound = self.check_seconds or self.answer_seconds
        if timeout is not None or bound is None:  # psycopg's own bound (notifies), or none
            answer = super().wait(gen, interval, timeout)
        else:
            answer = self._bounded_wait(gen, interval, bound)
        self.answered = monotonic()
        return answer

    def _bounded_wait(self, gen, interval, bound):
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
        connection.answered = monotonic()
        return connection

    def close_if_health_check_failed(self):
        checks = self.health_check_enabled and not self.health_check_done
        if checks and self.connection is not None and self._answered_lately():
            self.health_check_done = True  # nothing to check: it answered a moment ago
            return
        super().close_if_health_check_failed()

    def _answered_lately(self) -> bool:
        connection = self.connection
        lately = monotonic() - connection.answered < settings.DATABASE_CHECK_AFTER_SECONDS
        return (
            lately
            and connection.pgconn.status == psycopg.pq.ConnStatus.OK
            and connection.pgconn.transaction_status == psycopg.pq.TransactionStatus.IDLE
            and not server_spoke(connection)
        )

    def is_usable(self):
        if self.connection is None:
            return False
        self.connection.check_seconds = settings.DATABASE_CHECK_SECONDS
        try:
            return super().is_usable()
        finally:
            self.connection.check_seconds = None


def server_spoke(connection) -> bool:
    """Whether the server sent anything on a connection that waits for no answer: a notice that
    it closes the connection, or the end of the stream (then the connection is checked)."""
    if not hasattr(select, "poll"):
        return True  # no way to look without waiting: check
    poll = select.poll()
    try:
        poll.register(connection.fileno(), select.POLLIN | select.POLLPRI)
        return bool(poll.poll(0))
    except (OSError, ValueError, psycopg.Error):
        return True
