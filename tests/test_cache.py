"""REDIS_URL: Django's Redis cache shared by every worker, and a dead Redis never takes a page down.

The tests marked ``needs_redis`` use the server at REDIS_URL (CI sets it for the third run of the
suite, on a database of its own that it flushes after); without it they skip and say so. The dead
cache needs no server: REDIS_URL then points at a closed port.
"""

import contextlib
import logging
import os
import socket
import threading
import time
import zlib

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.test import Client

from belot_site import cache as safe_cache
from belot_site import settings as site_settings
from calculator.shared import kept
from tests.calculator.conftest import create_match, record_deal
from tests.test_health import dead_redis

REDIS_URL = os.environ.get("REDIS_URL", "")
needs_redis = pytest.mark.skipif(
    not REDIS_URL, reason="REDIS_URL is not set: no Redis server to test against"
)


@pytest.fixture(autouse=True)
def _fresh_watch_pages(monkeypatch):
    monkeypatch.setattr(kept, "_watch_pages", kept.BoundedStore(1 << 20, kept._size, 1 << 19))


def test_redis_url_selects_djangos_redis_cache_with_short_timeouts(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/3")
    chosen = site_settings._cache()
    assert chosen["BACKEND"] == "belot_site.cache.SafeRedisCache"
    assert issubclass(safe_cache.SafeRedisCache, RedisCache)
    assert chosen["LOCATION"] == "redis://127.0.0.1:6379/3"
    assert chosen["OPTIONS"]["socket_connect_timeout"] <= 0.5
    assert chosen["OPTIONS"]["socket_timeout"] <= 0.5


def test_without_redis_url_the_embedded_cache_stays(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("DJANGO_CACHE_DIR", raising=False)
    assert site_settings._cache()["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"


# A dead Redis


@pytest.mark.django_db
def test_with_redis_dead_every_page_answers_and_saves_work(client, settings, caplog, monkeypatch):
    dead_redis(settings)
    settings.WATCH_PAGES_SHARED = True
    caplog.set_level(logging.WARNING, logger="belot_site.cache")
    trip, failures = safe_cache.Breaker.trip, []

    def counted(breaker, error):
        failures.append(error)
        trip(breaker, error)

    monkeypatch.setattr(safe_cache.Breaker, "trip", counted)
    started = time.monotonic()
    match = create_match(client)
    for number in (1, 2):
        record_deal(client, match, number, card_points=87)
    assert match.deals.count() == 2
    for path in ("/bg/", "/uk/rules/", f"/m/{match.scorer_key}/", f"/m/{match.watch_key}/"):
        assert client.get(path).status_code == 200, path
    assert Client().get(f"/m/{'x' * 24}/").status_code == 404  # the wrong-key counter: no error
    # Redis was tried once, and again only after RETRY_SECONDS, however slowly the machine ran
    # the requests: not on each of their cache calls (nine failed calls without the breaker).
    intervals = (time.monotonic() - started) / safe_cache.RETRY_SECONDS
    assert 1 <= len(failures) <= 1 + intervals, (len(failures), intervals)
    warnings = [r for r in caplog.records if r.name == "belot_site.cache"]
    assert len(warnings) == 1, "logged once per interval, not per request"
    assert "does not answer" in warnings[0].getMessage()


def test_a_dead_redis_is_not_asked_again_within_the_retry_interval(settings, monkeypatch):
    dead_redis(settings)
    calls = []
    original = safe_cache.RedisCacheClient.get_client

    def counting(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(safe_cache.RedisCacheClient, "get_client", counting)
    for _ in range(20):
        assert cache.get("anything", "default") == "default"
        assert cache.add("anything", 1) is False
    assert len(calls) == 1


def in_threads(count: int, ask) -> list:
    """``ask()`` in ``count`` threads let go at once, each with the cache object Django makes
    for its thread (as the server's threads have); what each returned."""
    start, results = threading.Barrier(count), [None] * count

    def run(index):
        start.wait()
        results[index] = ask()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_a_dead_redis_is_logged_once_per_process_not_once_per_thread(settings, caplog):
    """The probe saw 16 lines in 1.1 s: each thread's cache object had a breaker of its own."""
    dead_redis(settings)
    caplog.set_level(logging.WARNING, logger="belot_site.cache")

    def ask():
        here = caches["default"]
        return here, here.get("anything", "default")

    results = in_threads(16, ask)
    assert len({id(here) for here, _value in results}) == 16  # one cache object a thread
    assert [value for _here, value in results] == ["default"] * 16
    warnings = [r for r in caplog.records if r.name == "belot_site.cache"]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    assert "at most once a minute" in warnings[0].getMessage()


def test_after_one_thread_finds_redis_dead_the_others_leave_it_alone(settings, monkeypatch):
    dead_redis(settings)
    assert cache.get("anything", "default") == "default"  # this thread finds out
    calls = []
    original = safe_cache.RedisCacheClient.get_client

    def counting(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(safe_cache.RedisCacheClient, "get_client", counting)
    results = in_threads(8, lambda: caches["default"].get("anything", "default"))
    assert results == ["default"] * 8
    assert calls == []  # within the retry interval no thread asks Redis again


# With a live Redis


@needs_redis
def test_the_cache_is_redis_and_answers():
    assert isinstance(caches["default"], safe_cache.SafeRedisCache)
    cache.set("probe", {"ü": 1}, 30)
    assert cache.get("probe") == {"ü": 1}
    assert cache.ping() is True


@needs_redis
@pytest.mark.django_db
def test_a_watch_page_is_shared_compressed_and_with_a_time_limit(client, settings):
    settings.WATCH_PAGES_SHARED = True
    match = create_match(client)
    record_deal(client, match, 1, card_points=87)
    html = Client().get(f"/m/{match.watch_key}/").content.decode()
    keys = cache._cache.get_client().keys("*watch:*")
    assert len(keys) == 1
    redis = cache._cache.get_client()
    assert 0 < redis.ttl(keys[0]) <= kept.SHARED_PAGE_SECONDS
    etag, _sep, packed = cache.get(keys[0].decode().split(":", 2)[2]).partition(b"\0")
    assert etag.decode() == Client().get(f"/m/{match.watch_key}/")["ETag"]
    assert zlib.decompress(packed).decode() == html
    assert len(packed) < len(html.encode()) / 2


@needs_redis
@pytest.mark.django_db
def test_a_change_of_the_match_replaces_its_pages_in_redis(client, settings):
    settings.WATCH_PAGES_SHARED = True
    match = create_match(client)
    redis = cache._cache.get_client()
    for number in range(1, 6):
        record_deal(client, match, number, card_points=87)
        for address in (f"/m/{match.watch_key}/", f"/m/{match.watch_key}/sheet/"):
            assert Client().get(address).status_code == 200
            assert Client(HTTP_ACCEPT_LANGUAGE="uk").get(address).status_code == 200
    assert len(redis.keys("*watch:*")) == 4  # two pages in two languages, whatever the version


@needs_redis
@pytest.mark.django_db
def test_a_watch_page_rendered_elsewhere_is_served_from_redis(client, settings, monkeypatch):
    settings.WATCH_PAGES_SHARED = True
    match = create_match(client)
    Client().get(f"/m/{match.watch_key}/")
    redis = cache._cache.get_client()
    (key,) = redis.keys("*watch:*")
    page = "<p>rendered by another machine</p>"
    etag = Client().get(f"/m/{match.watch_key}/")["ETag"].encode()
    cache.set(key.decode().split(":", 2)[2], etag + b"\0" + zlib.compress(page.encode()), 60)
    monkeypatch.setattr(kept, "_watch_pages", kept.BoundedStore(1 << 20, kept._size, 1 << 19))
    assert Client().get(f"/m/{match.watch_key}/").content.decode() == page


@needs_redis
@pytest.mark.django_db
def test_a_page_over_the_size_limit_is_not_kept_in_redis(client, settings, monkeypatch):
    settings.WATCH_PAGES_SHARED = True
    monkeypatch.setattr(kept, "SHARED_PAGE_BYTES", 100)
    match = create_match(client)
    assert Client().get(f"/m/{match.watch_key}/").status_code == 200
    assert cache._cache.get_client().keys("*watch:*") == []


class Forwarder(threading.Thread):
    """A TCP relay to Redis on a port of its own, which the test can cut (Redis stopping)."""

    def __init__(self, target: tuple[str, int]):
        super().__init__(daemon=True)
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.open: list[socket.socket] = []

    def run(self):
        while True:
            try:
                inbound, _ = self.server.accept()
            except OSError:
                return
            outbound = socket.create_connection(self.target)
            self.open += [inbound, outbound]
            for a, b in ((inbound, outbound), (outbound, inbound)):
                threading.Thread(target=self.pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def pipe(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                end.close()

    def cut(self):
        self.server.shutdown(socket.SHUT_RDWR)  # wakes accept(), which close() alone does not
        self.server.close()
        self.join(5)
        for end in self.open:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()


@needs_redis
@pytest.mark.django_db
def test_redis_stopping_mid_run_takes_no_page_down(client, settings, monkeypatch):
    from urllib.parse import urlsplit

    url = urlsplit(settings.CACHES["default"]["LOCATION"])  # this xdist worker's database
    relay = Forwarder((url.hostname or "127.0.0.1", url.port or 6379))
    relay.start()
    settings.CACHES = {
        "default": {
            "BACKEND": "belot_site.cache.SafeRedisCache",
            "LOCATION": f"redis://127.0.0.1:{relay.port}{url.path or '/0'}",
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
        }
    }
    settings.WATCH_PAGES_SHARED = True
    monkeypatch.setattr(safe_cache, "RETRY_SECONDS", 0)
    match = create_match(client)
    assert Client().get(f"/m/{match.watch_key}/").status_code == 200
    assert cache.ping() is True
    relay.cut()  # Redis goes away, connections and all
    record_deal(client, match, 1, card_points=87)
    assert match.deals.count() == 1
    for path in ("/bg/", "/ru/rules/", f"/m/{match.watch_key}/", f"/m/{match.scorer_key}/"):
        assert Client().get(path).status_code == 200, path
    assert cache.ping() is False
    assert Client().get("/healthz").json()["status"] == "degraded"
