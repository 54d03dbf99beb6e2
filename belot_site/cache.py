"""Django's Redis cache, made so that a dead Redis never takes a page down.

What the site keeps in its cache can always be made again: cached rules pages, the watchers'
pages, the wrong-key counters. So when Redis does not answer (stopped, restarted, unreachable),
every call gives what an empty cache gives (``get`` its default, ``add`` False, ``incr`` "no such
key") and the page is made from the database. Calls fail fast: the connect and socket timeouts
are short (settings), and after a failure the process does not try Redis again for
``RETRY_SECONDS``, so a request never waits on it more than once per interval. The failure is
logged once per ``LOG_SECONDS`` per process, not per request.

Django makes a cache object per thread, and so a client per thread: the breaker is the process's,
one per Redis address, shared by all of them (a server worker runs the site in 8 threads).
"""

import logging
import threading
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger("belot_site.cache")

RETRY_SECONDS = 2.0
LOG_SECONDS = 60.0


class Breaker:
    """Remembers, per process, that Redis failed: calls skip it until ``RETRY_SECONDS`` pass."""

    def __init__(self):
        self.down_until = 0.0
        self.logged_at = -LOG_SECONDS
        self.lock = threading.Lock()

    def closed(self) -> bool:
        return time.monotonic() >= self.down_until

    def trip(self, error: Exception) -> None:
        now = time.monotonic()
        with self.lock:
            self.down_until = now + RETRY_SECONDS
            log = now - self.logged_at >= LOG_SECONDS
            if log:
                self.logged_at = now
        if log:
            logger.warning(
                "The cache (Redis) does not answer: %s. Pages are made without it; "
                "this is logged at most once a minute.",
                error,
            )


_breakers: dict[tuple, Breaker] = {}
_breakers_lock = threading.Lock()


def breaker_for(servers) -> Breaker:
    """The process's one breaker for this Redis, whichever thread's client asks."""
    with _breakers_lock:
        return _breakers.setdefault(tuple(servers), Breaker())


def _guarded(name: str, fallback):
    """The client's method ``name``, answering ``fallback(*args)`` while Redis is down."""
    method = getattr(RedisCacheClient, name)

    def call(self, *args):
        if not self.breaker.closed():
            return fallback(*args)
        try:
            return method(self, *args)
        except (RedisError, OSError) as error:
            self.breaker.trip(error)
            return fallback(*args)

    call.__name__ = name
    return call


def _no_such_key(key, delta):
    raise ValueError(f"Key '{key}' not found (the cache does not answer).")


class SafeRedisCacheClient(RedisCacheClient):
    def __init__(self, servers, **options):
        super().__init__(servers, **options)
        self.breaker = breaker_for(servers)

    add = _guarded("add", lambda key, value, timeout: False)
    get = _guarded("get", lambda key, default: default)
    set = _guarded("set", lambda key, value, timeout: None)
    touch = _guarded("touch", lambda key, timeout: False)
    delete = _guarded("delete", lambda key: False)
    get_many = _guarded("get_many", lambda keys: {})
    has_key = _guarded("has_key", lambda key: False)
    incr = _guarded("incr", _no_such_key)
    set_many = _guarded("set_many", lambda data, timeout: None)
    delete_many = _guarded("delete_many", lambda keys: None)
    clear = _guarded("clear", lambda: False)

    def ping(self) -> bool:
        """Whether Redis answers now (the health check asks it directly, past the breaker)."""
        try:
            return bool(self.get_client(write=True).ping())
        except (RedisError, OSError) as error:
            self.breaker.trip(error)
            return False


class SafeRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with :class:`SafeRedisCacheClient`."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = SafeRedisCacheClient

    def ping(self) -> bool:
        return self._cache.ping()
