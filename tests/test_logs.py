"""Match keys never reach a log: paths, Referers and the recent-matches cookie are masked."""

import io
import logging

import pytest
from django.test import Client

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
        f"Not Found: /m/{KEY}",
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
