"""/healthz: what a load balancer asks. 200 while the database answers, 503 when it does not."""

import json
import socket
import threading

import pytest
from django.db import OperationalError

from belot_site import health


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (just bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def dead_redis(settings) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "belot_site.cache.SafeRedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
        }
    }


@pytest.mark.django_db
def test_healthz_says_ok_with_the_database_and_the_cache(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content) == {"status": "ok", "database": "ok", "cache": "ok"}
    assert "no-store" in response["Cache-Control"]
    assert not response.cookies


@pytest.mark.django_db
def test_healthz_answers_a_load_balancer_over_plain_http_with_any_host(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["belot.example"]
    response = client.get("/healthz", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
    assert json.loads(response.content)["status"] == "ok"
    # Anything else from that host is still refused (and plain HTTP still redirected).
    assert client.get("/robots.txt", HTTP_HOST="10.0.0.7:8000").status_code == 400


@pytest.mark.django_db
def test_healthz_reports_a_dead_cache_as_degraded_but_serves(client, settings):
    dead_redis(settings)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {
        "status": "degraded",
        "database": "ok",
        "cache": "down",
    }
    assert "127.0.0.1" not in response.content.decode()  # no address, no error text


class BrokenConnection:
    def cursor(self):
        raise OperationalError('connection to server at "db.internal" failed: password wrong')

    def close(self):
        pass


@pytest.mark.django_db
def test_healthz_is_503_when_the_database_does_not_answer(client, monkeypatch):
    monkeypatch.setattr(health, "connection", BrokenConnection())
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.content.decode()
    assert json.loads(body) == {"status": "down", "database": "down", "cache": "ok"}
    assert "db.internal" not in body and "password" not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "TRACE"])
def test_healthz_takes_only_get_and_head(client, method):
    response = client.generic(method, "/healthz")
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"
    assert "no-store" in response["Cache-Control"]


class HangingConnection:
    """A connection whose database stopped answering: asking waits until the test lets go, or
    the outage ends by itself after half a minute (a check that waits for that fails the test,
    as the probe's did, and the test still ends)."""

    def __init__(self):
        self.asked = 0
        self.let_go = threading.Event()
        self.outage = threading.Timer(30, self.let_go.set)
        self.outage.start()

    def cursor(self):
        self.asked += 1
        self.let_go.wait()
        raise OperationalError("server closed the connection unexpectedly")

    def close(self):
        pass


@pytest.mark.django_db
def test_healthz_says_down_in_time_while_the_database_hangs_then_ok_by_itself(client, monkeypatch):
    """The probe's check waited out a whole outage on a kept connection, then said "ok"."""
    from django.db import connection

    monkeypatch.setattr(health, "CHECK_SECONDS", 0.5)
    monkeypatch.setattr(health, "FRESH_SECONDS", 0)
    hanging = HangingConnection()
    monkeypatch.setattr(health, "connection", hanging)
    try:
        for _attempt in range(3):
            response = client.get("/healthz")
            assert not hanging.let_go.is_set(), "answered only once the database did"
            assert response.status_code == 503
            assert json.loads(response.content)["database"] == "down"
        assert hanging.asked == 1  # one check at a time: the others waited for its answer
    finally:
        hanging.let_go.set()
        hanging.outage.cancel()
    monkeypatch.setattr(health, "connection", connection)
    assert health.check.answer.result(timeout=60) is False  # the hung check ends, and says so
    response = client.get("/healthz")
    assert response.status_code == 200 and json.loads(response.content)["database"] == "ok"
