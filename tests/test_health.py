"""/healthz: what a load balancer asks. 200 while the database answers, 503 when it does not."""

import json
import socket

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
