"""``/healthz``: whether this instance can serve, for a load balancer or a monitor.

JSON with the state of the database and of the cache. 200 while the database answers, with the
cache reported as "degraded" when it does not (pages are then made without it, belot_site/cache.py);
503 when the database does not answer. It is answered before any other middleware: a load
balancer's check works over plain HTTP and with any Host header, sets no cookie, is never cached,
and the server leaves it out of the access log (belot_site/logs.py). It names no host, address or
error: only "ok" or "down".
"""

import logging
from uuid import uuid4

from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpResponseNotAllowed, JsonResponse
from django.utils.cache import add_never_cache_headers

PATH = "/healthz"
METHODS = ("GET", "HEAD")
logger = logging.getLogger("belot_site.health")


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError as error:
        logger.warning("Health check: the database does not answer (%s).", type(error).__name__)
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
