"""/m/<key>/changes: what a watcher's open page polls, answered in front of Django for known keys."""

import io
import sys

import pytest
from django.test import Client

from calculator.shared.polls import FastPolls
from tests.calculator.conftest import record_deal

pytestmark = pytest.mark.django_db


def test_the_watch_page_says_its_version_and_where_to_ask(client, match):
    html = Client().get(f"/m/{match.watch_key}/").content.decode()
    assert 'data-poll="2000"' in html
    assert 'data-version="0"' in html
    assert f'data-changes="/m/{match.watch_key}/changes"' in html
    assert 'data-poll=""' in client.get(f"/m/{match.scorer_key}/").content.decode()


def test_the_version_goes_up_with_every_write(client, match):
    watcher = Client()
    first = watcher.get(f"/m/{match.watch_key}/changes")
    assert first.status_code == 200 and first.content == b"0"
    assert first["Cache-Control"] == "no-store"
    record_deal(client, match, 1, card_points=87)
    assert watcher.get(f"/m/{match.watch_key}/changes").content == b"1"
    assert 'data-version="1"' in watcher.get(f"/m/{match.watch_key}/").content.decode()


def test_a_wrong_key_is_a_404_like_any_other(client):
    assert Client().get(f"/m/{'q' * 24}/changes").status_code == 404
    assert Client().post(f"/m/{'q' * 24}/changes").status_code in (403, 404, 405)


class Inner:
    """Django, as FastPolls sees it: notes every request it passes on."""

    def __init__(self):
        self.paths = []

    def __call__(self, environ, start_response):
        self.paths.append(environ["PATH_INFO"])
        start_response("404 Not Found", [])
        return [b"django"]


def call(app, path, method="GET", **extra):
    answer = {}

    def start_response(status, headers):
        answer["status"], answer["headers"] = status, dict(headers)

    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        **extra,
    }
    body = b"".join(app(environ, start_response))
    return answer["status"], answer["headers"], body


def test_known_keys_are_answered_in_front_of_django(client, match):
    inner = Inner()
    app = FastPolls(inner)
    record_deal(client, match, 1, card_points=87)
    for key in (match.watch_key, match.scorer_key):
        status, headers, body = call(app, f"/m/{key}/changes")
        assert (status, body) == ("200 OK", b"1")
        assert headers["Cache-Control"] == "no-store"
        assert headers["X-Content-Type-Options"] == "nosniff"
    assert inner.paths == []


@pytest.mark.parametrize(
    "path, method",
    [
        (f"/m/{'q' * 24}/changes", "GET"),  # unknown: Django counts it as a wrong key
        ("/m/short/changes", "GET"),
        ("WATCH/changes", "POST"),
        ("WATCH/changesx", "GET"),
        ("WATCH/", "GET"),
    ],
)
def test_everything_else_goes_to_django(match, path, method):
    inner = Inner()
    path = path.replace("WATCH", f"/m/{match.watch_key}")
    status, _headers, body = call(FastPolls(inner), path, method)
    assert body == b"django" and inner.paths == [path]


def test_where_https_is_required_only_https_polls_are_answered_in_front(match, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    inner = Inner()
    app = FastPolls(inner)
    path = f"/m/{match.watch_key}/changes"
    assert call(app, path)[2] == b"django"
    assert call(app, path, HTTP_X_FORWARDED_PROTO="https")[2] == b"0"
    assert inner.paths == [path]
