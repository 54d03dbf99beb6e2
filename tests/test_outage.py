"""PostgreSQL stops answering: /healthz says so in time on every thread, pages fail fast with the
site's error page, and the site serves again by itself once the database answers.

The probe's check waited out a whole outage on a kept connection (20 s, then 70 s), then said
"ok"; every page and save on that thread stalled as long. Here the real server (as `make serve`
starts it, one worker of four threads) reaches PostgreSQL through a TCP relay
(benchmarks/outage.py) that freezes with every thread holding a kept connection: nothing passes
either way and nothing is closed, so only the site's own bounds can end a wait (belot_site/
postgresql, belot_site/health.py). The relay stays frozen until every answer below is in: an
unbounded wait would make a request fail its client's two-minute limit instead. SQLite has no
connection to freeze (its own busy timeout bounds its waits): the test runs on PostgreSQL only.
About 30 s.
"""

import json
import os
from urllib.parse import urlsplit, urlunsplit

import pytest

from benchmarks.load import Phone
from benchmarks.outage import (
    at_once,
    back_on_every_thread,
    hold_a_connection_on_every_thread,
    outage_setup,
)

DATABASE_URL = os.environ.get("DATABASE_URL", "")
THREADS = 4

pytestmark = pytest.mark.skipif(
    not DATABASE_URL.startswith(("postgres://", "postgresql://")),
    reason="PostgreSQL only (DATABASE_URL=postgres://...): SQLite has no connection to freeze",
)


@pytest.fixture
def outage(tmp_path):
    """The relay and the server behind it, on a database of this test's own (per xdist
    worker) on the server DATABASE_URL names."""
    parts = urlsplit(DATABASE_URL)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    name = f"{parts.path.lstrip('/') or 'belot'}_outage_{worker}"
    url = urlunsplit(parts._replace(path=f"/{name}"))
    with outage_setup(url, tmp_path, THREADS) as (relay, site):
        yield relay, site


def test_a_frozen_database_gets_503_in_time_error_pages_fast_and_the_site_back_by_itself(outage):
    relay, site = outage
    watch = f"/m/{Phone(site.port).start_match()}/"
    hold_a_connection_on_every_thread(site, relay, watch, THREADS)
    assert at_once(site.port, ["/healthz"])[0].status == 200

    relay.freeze()
    checks = at_once(site.port, ["/healthz"] * THREADS * 2)
    pages = at_once(site.port, [watch, f"{watch}changes"] * THREADS)
    frozen = relay.flowing.is_set() is False
    relay.thaw()

    assert frozen, "every answer came while the database still did not answer"
    assert [answer.status for answer in checks] == [503] * len(checks)
    assert all(
        json.loads(answer.body) == {"status": "down", "database": "down", "cache": "ok"}
        for answer in checks
    )
    assert [answer.status for answer in pages] == [500] * len(pages)
    assert all("Нещо се обърка".encode() in answer.body for answer in pages)  # templates/500.html

    back_on_every_thread(site, ["/healthz"])
    back_on_every_thread(site, [watch] * THREADS * 2)
    assert Phone(site.port).start_match()  # and writes again
    print(f"frozen: /healthz {[round(a.seconds, 2) for a in checks]} s")
    print(f"frozen: pages {[round(a.seconds, 2) for a in pages]} s")


@pytest.mark.django_db
def test_every_connection_has_its_bounds_and_a_slow_statement_is_cancelled_by_the_server():
    from django.db import OperationalError, connection, transaction

    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone() == ("5s",)
    parameters = connection.connection.info.get_parameters()
    assert parameters["keepalives"] == "1" and parameters["tcp_user_timeout"] == "6000"
    assert connection.connection.answer_seconds == 6
    refused = pytest.raises(OperationalError, match="statement timeout")
    with refused, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_sleep(6)")
    assert connection.is_usable()  # cancelled by the server: the connection stays good
