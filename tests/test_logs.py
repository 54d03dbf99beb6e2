"""Match keys never reach a log: paths, Referers and the recent-matches cookie are masked."""

import io
import logging

import pytest
from django.test import Client

from belot_site import logs
from belot_site.logs import mask_keys
from tests.calculator.conftest import create_match

# Fixed, so that pytest-xdist's workers collect the same test names.
KEY, OTHER = "r2Vd0_kQzX9-LmA4tBcE7yHw", "Pq8sN1-oUf3_GhJk5WzXa6Rb"


@pytest.mark.parametrize(
    "line",
    [
        f'127.0.0.1 - - [x] "GET /m/{KEY}/ HTTP/1.1" 200 1 "https://b.example/m/{OTHER}/" "UA"',
        f'"POST /m/{KEY}/deal/3/delete/ HTTP/1.1" 302 0 "-"',
        f"GET /language/uk/?next=/m/{KEY}/&x=1 and ?next=%2Fm%2F{OTHER}%2F",
        f"Cookie: recent_matches={KEY}.{OTHER}; csrftoken=abc",
        f"Cookie: theme=dark; recent_tables={KEY}.{OTHER}",
        f"Cookie: recent_tournaments={KEY}.{OTHER}; theme=dark",
        f'"POST /tn/{KEY}/round/ HTTP/1.1" 302 0 "https://b.example/tn/{OTHER}/"',
        f"Not Found: /m/{KEY}",
        # The new-table page's ?match=, on the visit, the post and in the next Referer
        f'"GET /bg/table/new/?match={KEY} HTTP/1.1" 200 "https://b.example/m/{OTHER}/"',
        f'"POST /uk/table/new/?match={KEY} HTTP/1.1" 302 "https://b.example/uk/table/new/?match={OTHER}"',
        # ...and URL-encoded in the theme's and the language's ?next=, once or twice
        f"GET /theme/dark/?next=%2Fbg%2Ftable%2Fnew%2F%3Fmatch%3D{KEY}&x=%2Ft%2F{OTHER}%2F",
        f"?next=%252Fbg%252Ftable%252Fnew%252F%253Fmatch%253D{KEY}%2526a%253D1 %252Fm%252F{OTHER}",
        # Any query value with a key's shape, whatever its name; keys written percent-encoded
        f"GET /admin/calculator/match/?q={KEY}&o=1 and /m/%{ord(OTHER[0]):02X}{OTHER[1:]}/",
        f"?match=%{ord(KEY[0]):02x}%{ord(KEY[1]):02x}{KEY[2:]} and /t/{OTHER}/stats.json",
    ],
)
def test_keys_are_masked_in_any_line(line):
    masked = mask_keys(line)
    assert KEY not in masked and OTHER not in masked
    assert "~" in masked


def test_one_key_gets_one_tag_and_the_rest_of_the_line_stays():
    masked = mask_keys(f'"GET /m/{KEY}/qr.svg HTTP/1.1" 200 "/m/{KEY}/"')
    tag = masked.split("/m/")[1].split("/")[0]
    assert masked == f'"GET /m/{tag}/qr.svg HTTP/1.1" 200 "/m/{tag}/"'
    assert len(tag) == 7 and mask_keys("/bg/rules/#capot") == "/bg/rules/#capot"


def test_a_key_gets_its_one_tag_however_it_is_written():
    tag = mask_keys(f"/m/{KEY}/").split("/")[2]
    written = [
        f"/bg/table/new/?match={KEY}",
        f"?next=%2Fm%2F{KEY}%2F",
        f"?next=%252Fbg%252Ftable%252Fnew%252F%253Fmatch%253D{KEY}",
        f"/m/%{ord(KEY[0]):02X}{KEY[1:]}/",
    ]
    for line in written:
        assert mask_keys(line).count(tag) == 1, line


@pytest.mark.parametrize(
    "line",
    [
        "/t/~3fa2b1/player/2/?since=2026-01-01&until=2026-02-01",
        "/m/~3fa2b1/?game=3",
        "/robots.txt?after-healthz=8c1f0a2b",
        "/language/uk/?next=/bg/rules/%23capot",
        '"GET /static/css/site.3fa2b1c4d5e6.css HTTP/1.1" 200 "https://b.example/bg/rules/"',
    ],
)
def test_what_is_no_key_stays_as_it_was_and_a_tag_stays_a_tag(line):
    assert mask_keys(line) == line


def test_the_logs_know_a_key_as_the_site_does():
    from calculator.access import KEY_SHAPE

    assert logs.KEY_SHAPE.pattern == KEY_SHAPE.pattern


@pytest.fixture
def django_log():
    """What the site's own stderr handler (settings.LOGGING) writes, in a buffer."""
    handler = logging.getLogger("django").handlers[0]
    written = io.StringIO()
    old = handler.setStream(written)
    yield written
    handler.setStream(old)


@pytest.mark.django_db
def test_django_request_warnings_carry_no_key(django_log):
    match = create_match(Client())
    browser = Client(raise_request_exception=False)
    browser.get(f"/m/{KEY}/")  # Not Found
    browser.put(f"/m/{match.scorer_key}/all-passed/")  # Method Not Allowed
    Client(enforce_csrf_checks=True).post(f"/m/{match.scorer_key}/all-passed/")  # Forbidden
    written = django_log.getvalue()
    assert "Not Found: /m/~" in written and "Method Not Allowed" in written
    assert "Forbidden (CSRF" in written
    assert KEY not in written and match.scorer_key not in written


def test_a_traceback_carries_no_key(django_log):
    try:
        raise RuntimeError(f"could not save /m/{KEY}/deal/")
    except RuntimeError:
        logging.getLogger("django.request").exception("Internal Server Error: /m/%s/", OTHER)
    written = django_log.getvalue()
    assert "RuntimeError: could not save /m/~" in written
    assert KEY not in written and OTHER not in written
