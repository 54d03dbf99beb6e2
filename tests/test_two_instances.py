"""Two instances, one site: two servers on different ports share PostgreSQL and Redis.

As behind a load balancer: a rules edit in the admin of one shows on the other at once, wrong
match keys are counted across both, and a watcher polling one sees a deal saved through the
other. Needs REDIS_URL and a PostgreSQL DATABASE_URL (CI's third run of the suite); without them
it skips and says so. The servers listen on free ports, within TEST_SERVER_PORTS (e.g.
18200-18299) when it is set. Takes about 10 s.
"""

import os
import re
import secrets
import socket

import pytest
from django.conf import settings

from benchmarks.load import Phone, Site, deal_for, site_env
from calculator.shared.access import WRONG_KEYS_ALLOWED
from rules.models import Section
from rules.seed import load_sections

REDIS_URL = os.environ.get("REDIS_URL", "")

pytestmark = [
    pytest.mark.skipif(not REDIS_URL, reason="REDIS_URL is not set: no Redis to share"),
    pytest.mark.skipif(
        "postgres" not in os.environ.get("DATABASE_URL", ""),
        reason="DATABASE_URL is not PostgreSQL: two instances need a database server to share",
    ),
    pytest.mark.django_db(transaction=True),
]


def free_ports(count: int) -> list[int]:
    low, _, high = os.environ.get("TEST_SERVER_PORTS", "0-0").partition("-")
    candidates = range(int(low), int(high) + 1) if int(low) else [0] * count
    found = []
    for port in candidates:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            found.append(probe.getsockname()[1])
        if len(found) == count:
            return found
    raise RuntimeError("no free ports in TEST_SERVER_PORTS")


def shared_database_url() -> str:
    database = settings.DATABASES["default"]
    user, host, port = database["USER"], database["HOST"], database["PORT"]
    password = f":{database['PASSWORD']}" if database.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{database['NAME']}"


@pytest.fixture
def two_sites(tmp_path):
    load_sections(Section)  # a transactional test starts from an empty database
    # The Redis database of this test process (one per xdist worker: tests/conftest.py).
    redis_url = settings.CACHES["default"]["LOCATION"]
    env = {**site_env(shared_database_url()), "REDIS_URL": redis_url}
    env["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(40)  # one key for both, as in production
    sites = [Site(env, tmp_path / f"server-{n}.log", workers=1) for n in (1, 2)]
    try:
        for site, port in zip(sites, free_ports(2), strict=True):
            site.port = port
            site.start()
        yield sites
    finally:
        for site in sites:
            site.stop()


def sign_in(phone: Phone, username: str, password: str) -> None:
    page = phone.get("/admin/login/")
    phone.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text())[1]
    reply = phone.post(
        "/admin/login/", {"username": username, "password": password, "next": "/admin/"}
    )
    assert reply.status == 302 and reply.location == "/admin/", reply.text()[:500]


def test_a_rules_edit_in_one_admin_shows_on_the_other_at_once(two_sites, django_user_model):
    one, other = (Phone(site.port) for site in two_sites)
    assert "Тест на двете копия" not in other.get("/bg/rules/").text()  # now kept by that server
    password = secrets.token_urlsafe(16)
    django_user_model.objects.create_superuser("admin", "admin@belot.example", password)
    sign_in(one, "admin", password)
    section = Section.objects.order_by("order").first()
    form = one.get(f"/admin/rules/section/{section.pk}/change/")
    one.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text())[1]
    fields = {"slug": section.slug, "order": str(section.order), "_save": "Save"}
    for language in ("bg", "uk", "ru"):
        fields[f"title_{language}"] = getattr(section, f"title_{language}")
        fields[f"body_{language}"] = getattr(section, f"body_{language}")
    fields["body_bg"] += "<p>Тест на двете копия</p>"
    saved = one.post(f"/admin/rules/section/{section.pk}/change/", fields)
    assert saved.status == 302, saved.text()[:1000]
    assert "Тест на двете копия" in other.get("/bg/rules/").text()


def test_wrong_keys_are_counted_across_both_instances(two_sites):
    one, other = (Phone(site.port) for site in two_sites)
    for attempt in range(WRONG_KEYS_ALLOWED):
        phone = one if attempt % 2 else other
        assert phone.get(f"/m/{secrets.token_urlsafe(18)}/").status == 404
    assert one.get(f"/m/{secrets.token_urlsafe(18)}/").status == 429
    assert other.get(f"/m/{secrets.token_urlsafe(18)}/").status == 429


def test_a_watcher_polling_one_sees_a_deal_saved_through_the_other(two_sites):
    scorer, watcher = (Phone(site.port) for site in two_sites)
    key = scorer.start_match()
    watch_path = re.search(
        r'href="[^"]*(/m/[\w-]+/)" class="share-link"', scorer.get(f"/m/{key}/").text()
    )
    watch_path = watch_path[1] if watch_path else None
    assert watch_path and key not in watch_path
    page = watcher.get(watch_path)
    assert 'data-version="0"' in page.text()
    assert watcher.get(f"{watch_path}changes").body == b"0"
    assert scorer.record_deal(key, deal_for(1)[0]) == "saved"
    assert watcher.get(f"{watch_path}changes").body == b"1"
    again = watcher.get(watch_path, {"If-None-Match": page.headers["ETag"]})
    assert again.status == 200 and 'data-version="1"' in again.text()
