"""The counted address comes only from what the proxy wrote, on the real server (granian).

What a client can do there, which the Django test client cannot show: send a header twice
(granian joins the two values with a comma) or spell it with underscores (granian folds
``X_Real_IP`` into the same ``HTTP_X_REAL_IP`` as ``X-Real-IP``, the later one winning). The
server runs as `make serve` starts it, on a temporary SQLite database; requests go to it as the
proxy passes them on: its header first, then whatever the client added. Takes about 10 s.
"""

import http.client

import pytest

from benchmarks.load import Site, site_env, sqlite_url
from calculator.shared.access import WRONG_KEYS_ALLOWED

# Its servers and commands run on SQLite files of their own, without Redis, whatever the
# suite runs on (CI leaves it out of the run on PostgreSQL alone).
pytestmark = pytest.mark.own_database

PROXY_SAYS = "203.0.113.9"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One server per configured header."""
    folder = tmp_path_factory.mktemp("client-address")
    sites = {}
    try:
        for header in ("HTTP_FORWARDED", "HTTP_X_REAL_IP"):
            env = {**site_env(sqlite_url(folder / "db.sqlite3")), "DJANGO_CLIENT_IP_HEADER": header}
            site = Site(env, folder / f"{header}.log", workers=1)
            if not sites:
                site.manage("migrate", "--noinput")
            site.start()
            sites[header] = site
        yield sites
    finally:
        for site in sites.values():
            site.stop()


def ask(site, path: str, headers: list[tuple[str, str]]) -> tuple[int, str]:
    """GET with these header lines, repeated names and odd spellings kept as they are."""
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", "127.0.0.1")
        for name, value in headers:
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def test_what_a_client_adds_to_the_proxys_forwarded_never_counts(served):
    """800 wrong keys with a client's own X_Real_IP were never limited; behind Forwarded, the
    300 allowed misses are the visitor's whatever the client adds, and the next one waits."""
    site = served["HTTP_FORWARDED"]
    for attempt in range(WRONG_KEYS_ALLOWED):
        n = attempt % 250
        spoofs = [
            ("X-Real-IP", f"10.0.0.{n}"),
            ("X_Real_IP", f"10.0.1.{n}"),
            ("X-Forwarded-For", f"10.0.2.{n}"),
            ("X_Forwarded_For", f"10.0.3.{n}"),
        ]
        headers = [("Forwarded", f"for={PROXY_SAYS}"), *spoofs]
        status, _page = ask(site, f"/m/wrong{attempt:019d}/", headers)
        assert status == 404, attempt
    status, _page = ask(site, "/m/wrong-one-more-time-xx/", headers)
    assert status == 429
    status, _page = ask(site, "/m/wrong-from-another-one/", [("Forwarded", "for=198.51.100.7")])
    assert status == 404


def test_wrong_keys_from_the_addresses_of_one_ipv6_64_are_limited(served):
    """The probe's 400 wrong keys, each from another address of one /64 as the proxy wrote it
    (``Forwarded: for="[2001:db8:1:2::N]"``), were 400 times 404: now the allowed misses are
    the /64's, and the rest wait. Another /64 is another visitor."""
    site = served["HTTP_FORWARDED"]
    statuses = [
        ask(site, f"/m/wrong{n:019d}/", [("Forwarded", f'for="[2001:db8:1:2::{n + 1:x}]"')])[0]
        for n in range(400)
    ]
    assert statuses == [404] * WRONG_KEYS_ALLOWED + [429] * (400 - WRONG_KEYS_ALLOWED)
    status, _page = ask(
        site, "/m/wrong-from-another-64x/", [("Forwarded", 'for="[2001:db8:1:3::1]"')]
    )
    assert status == 404


@pytest.mark.parametrize(
    ("header", "lines"),
    [
        ("HTTP_FORWARDED", [("Forwarded", f"for={PROXY_SAYS}"), ("Forwarded", "for=10.0.0.1")]),
        ("HTTP_FORWARDED", [("Forwarded", f"for={PROXY_SAYS}"), ("FORWARDED", "for=10.0.0.1")]),
        ("HTTP_X_REAL_IP", [("X-Real-IP", PROXY_SAYS), ("X-Real-IP", "10.0.0.1")]),
        ("HTTP_X_REAL_IP", [("X-Real-IP", PROXY_SAYS), ("x-real-ip", "10.0.0.1")]),
    ],
)
def test_an_address_header_that_arrived_twice_is_refused_in_the_visitors_language(
    served, header, lines
):
    status, page = ask(
        served[header], "/m/wrong-key-for-the-counter/", [*lines, ("Accept-Language", "uk")]
    )
    assert status == 400
    assert "Неправильний запит" in page


def test_granian_folds_an_underscore_spelling_into_the_same_variable(served):
    """Why the README asks the proxy to drop header names with underscores when the address
    comes in X-Real-IP, and recommends Forwarded: the site cannot tell ``X_Real_IP`` from the
    proxy's ``X-Real-IP``. If granian ever drops such headers, this test says so."""
    site = served["HTTP_X_REAL_IP"]
    status, _page = ask(
        site, "/uk/rules/", [("X-Real-IP", PROXY_SAYS), ("X_Real_IP", "not an address")]
    )
    assert status == 400  # the client's value took the proxy's place
