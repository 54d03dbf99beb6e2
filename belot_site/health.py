"""``/healthz``: whether this instance can serve, for a load balancer or a monitor.

JSON with the state of the database and of the cache. 200 while the database answers, with the
cache reported as "degraded" when it does not (pages are then made without it, belot_site/cache.py);
503 when the database does not answer. It is answered before any other middleware: a load
balancer's check works over plain HTTP and with any Host header, sets no cookie, is never cached,
and the server leaves it out of the access log (belot_site/logs.py). It names no host, address or
error: only "ok" or "down".

The database is asked on a connection of the check's own, in a thread of its own, and the
answer waited for at most ``CHECK_SECONDS``: whatever state the asking thread's kept connection
is in (the probe saw a check wait out a whole PostgreSQL outage on one, then answer "ok"), the
check says "down" in time. One check runs at a time per process; checks that come while it
runs, or just after, take its answer (:class:`DatabaseCheck`).
"""

import logging
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as NoAnswerYet
from time import monotonic
from uuid import uuid4

from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpResponseNotAllowed, JsonResponse
from django.utils.cache import add_never_cache_headers

PATH = "/healthz"
METHODS = ("GET", "HEAD")
CHECK_SECONDS = 3.0
FRESH_SECONDS = 1.0
logger = logging.getLogger("belot_site.health")


def _select_one() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError as error:
        logger.warning("Health check: the database does not answer (%s).", type(error).__name__)
        return False
    finally:
        connection.close()  # this thread's own: the next check connects anew


class DatabaseCheck:
    """The process's check of the database: one at a time, on a thread (and so a connection) of
    its own. Checks that come while it runs take its answer, and so do those that come within
    ``FRESH_SECONDS`` of a "down": during an outage a burst of checks never queues one wait
    behind another. An "ok" is never reused: the next check asks again."""

    def __init__(self):
        self.lock = threading.Lock()
        self.answer: Future | None = None
        self.down_since = float("-inf")

    def current(self) -> Future:
        with self.lock:
            if self.answer is None or not self._running_or_just_down():
                self.answer = Future()
                threading.Thread(target=self._run, args=(self.answer,), daemon=True).start()
            return self.answer

    def _running_or_just_down(self) -> bool:
        return not self.answer.done() or monotonic() - self.down_since < FRESH_SECONDS

    def _run(self, answer: Future) -> None:
        try:
            result = _select_one()
        except Exception as error:  # whatever it is, the database cannot be said to answer
            self.down_since = monotonic()
            answer.set_exception(error)
            return
        if not result:
            self.down_since = monotonic()
        answer.set_result(result)


check = DatabaseCheck()


def database_answers() -> bool:
    try:
        return check.current().result(timeout=CHECK_SECONDS)
    except NoAnswerYet:
        logger.warning("Health check: the database did not answer within %g s.", CHECK_SECONDS)
    except Exception as error:
        logger.warning("Health check: the database could not be asked (%r).", error)
    return False


def cache_answers() -> bool:
    ping = getattr(cache, "ping", None)
    if ping is not None:  # Redis (belot_site/cache.py): asked directly
        return ping()
    key, value = "healthz", uuid4().hex  # memory or a folder: a round trip
    cache.set(key, value, 10)
    return cache.get(key) == value


def healthz(request) -> JsonResponse:
    database, shared_cache = database_answers(), cache_answers()
    status = "down" if not database else "ok" if shared_cache else "degraded"
    body = {
        "status": status,
        "database": "ok" if database else "down",
        "cache": "ok" if shared_cache else "down",
    }
    response = JsonResponse(body, status=200 if database else 503)
    add_never_cache_headers(response)
    return response


class HealthCheckMiddleware:
    """Answers ``/healthz`` (GET or HEAD; 405 to anything else) before host checks, HTTPS
    redirects and sessions."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info != PATH:
            return self.get_response(request)
        if request.method in METHODS:
            return healthz(request)
        response = HttpResponseNotAllowed(METHODS)
        add_never_cache_headers(response)
        return response
