"""Match keys never reach a log: paths, Referers and the recent-matches cookie are masked, and in
an address a key is found by its shape wherever it stands."""

import io
import logging
import re

import pytest
from django.test import Client

from belot_site import logs
from belot_site.logs import _tag, mask_keys
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


# The probe's crafted addresses: each got a key past the rules about where a key stands.
CRAFTED = [
    "/bg/table/new/?m%61tch={key}",
    "/bg/table/new/?m%2561tch={key}",
    "/m/./{key}/",
    "/m//{key}/",
    "/m/%{key}/",
    "/bg/table/new/?match=%20{key}",
    "/bg/table/new/?match=+{key}",
    "/bg/?{key}",
    "/bg/rules/?q=x&{key}=1",
]
ALSO = [
    f"/bg/?{KEY}{OTHER}",  # one run with a key in it
    f"/bg/?x={KEY}.{OTHER}",
    f"/{KEY}",
    f"/bg/?%{ord(KEY[0]):02X}%{ord(KEY[1]):02x}{KEY[2:]}",
]


@pytest.mark.parametrize("address", [*(a.format(key=KEY) for a in CRAFTED), *ALSO])
@pytest.mark.parametrize(
    "line",
    [
        '127.0.0.1 - - [x] "GET {} HTTP/1.1" 404 1.0 "-" "UA"',
        '127.0.0.1 - - [x] "GET /bg/ HTTP/1.1" 200 1.0 "https://b.example{}" "UA"',
        "Not Found: {}",
        "Forbidden (CSRF cookie not set.): {}",
        "Bad Request: {} and more",
        "could not read {'path': '{}'}",
    ],
)
def test_a_key_is_masked_by_its_shape_wherever_it_stands_in_an_address(address, line):
    masked = mask_keys(line.replace("{}", address))
    assert KEY not in masked and OTHER not in masked, masked
    assert KEY[:16] not in masked and KEY[-16:] not in masked


@pytest.mark.parametrize("address", CRAFTED)
def test_a_crafted_address_gives_the_keys_own_tag(address):
    assert _tag(KEY) in mask_keys(address.format(key=KEY))


def test_the_access_log_masks_its_whole_request_target():
    """Whatever the target starts with (granian passes on what the client sent)."""
    fields = {"path": f"{KEY}/x", "query_string": f"{OTHER}", "status": 404, "dt_ms": 1.0}
    record = logging.LogRecord("granian.access", logging.INFO, "", 0, "%(path)s", None, None)
    record.args = fields
    assert logs.AccessLines().filter(record)
    assert fields["path"] == f"{_tag(KEY)}/x?{_tag(OTHER)}"


def test_every_long_word_of_the_sites_own_addresses_stays_readable():
    """Routes, the admin's models, static files: their words of 16 letters and more are
    READABLE, so that a log names them (a new one, say a static file, is added there)."""
    from django.contrib.staticfiles import finders
    from django.urls import get_resolver

    def patterns(resolver, prefix=""):
        for pattern in resolver.url_patterns:
            text = prefix + str(pattern.pattern)
            yield from patterns(pattern, text) if hasattr(pattern, "url_patterns") else [text]

    static = [path for finder in finders.get_finders() for path, _storage in finder.list([])]
    addresses = [*patterns(get_resolver()), *static, "/admin/?_changelist_filters=q%3Dx"]
    words = {word for text in addresses for word in re.findall(r"[\w-]{16,}", text, re.ASCII)}
    words = {word for word in words if not word.startswith("(?P")}
    assert words - logs.READABLE == set()
    for word in logs.READABLE:
        assert mask_keys(f'"GET /static/{word}.js HTTP/1.1"') == f'"GET /static/{word}.js HTTP/1.1"'


@pytest.mark.parametrize(
    "line",
    [
        '"GET /static/admin/js/admin/RelatedObjectLookups.js HTTP/1.1" 404',
        '"https://belot-calculator-example.org/bg/rules/" "Mozilla/5.0 (Linux; Android 10; K) '
        'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36"',
        '  File "/srv/belot/calculator/tournament_services.py", line 3, in tournament_round_start',
        "    return self.get_response_for_the_request(request)",
    ],
)
def test_what_only_looks_long_stays_readable(line):
    """Words of the site's own, a host, a browser's name, a traceback's files and code."""
    assert mask_keys(line) == line


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
    from calculator.shared.access import KEY_SHAPE

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
    for address in CRAFTED:  # Not Found, or a page (?m%61tch= is looked up: 200)
        browser.get(address.format(key=match.scorer_key))
    written = django_log.getvalue()
    assert "Not Found: /m/~" in written and "Method Not Allowed" in written
    assert "Forbidden (CSRF" in written
    assert f"Not Found: /m/~{_tag('.')[1:]}/{_tag(match.scorer_key)}/" in written
    assert KEY not in written and match.scorer_key not in written


@pytest.mark.django_db
@pytest.mark.parametrize("byte", ["%20", "%22", "%3C", "%3E", "%27", "%C2", "%2F", "%3F"])
def test_a_key_after_an_encoded_byte_leaves_nothing_of_itself_in_djangos_line(django_log, byte):
    """A key that starts with two hex digits, written after a ``%`` (``/m/%<key>/``), starts
    with an encoded byte: Django writes the path decoded, a space or a quote before the rest of
    the key (the probe's address, with one key in 4,096 starting with "20")."""
    match = create_match(Client())
    Client().get(f"/m/{byte}{match.watch_key[2:]}/")
    written = django_log.getvalue()
    assert "Not Found: /m/" in written
    assert match.watch_key[2:] not in written, written


def test_a_traceback_carries_no_key(django_log):
    try:
        raise RuntimeError(f"could not save /m/{KEY}/deal/")
    except RuntimeError:
        logging.getLogger("django.request").exception("Internal Server Error: /m/%s/", OTHER)
    written = django_log.getvalue()
    assert "RuntimeError: could not save /m/~" in written
    assert KEY not in written and OTHER not in written
