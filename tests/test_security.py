import re
from urllib.robotparser import RobotFileParser

import pytest
from django.contrib.staticfiles import finders

from calculator.models import Match

pytestmark = pytest.mark.django_db

PAGES = ["/bg/", "/uk/rules/", "/ru/no-such-page/", "/admin/login/"]


def csp_directives(response) -> dict[str, list[str]]:
    directives = {}
    for part in response["Content-Security-Policy"].split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


@pytest.mark.parametrize("path", PAGES)
def test_content_security_policy_allows_only_the_site_itself(client, path):
    response = client.get(path)
    directives = csp_directives(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["img-src"] == ["'self'", "data:"]
    assert directives["object-src"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    assert directives["form-action"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_sends_the_security_headers(client, path):
    response = client.get(path)
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "camera=()" in response["Permissions-Policy"]


def test_the_not_found_page_is_the_site_s_own_404(client):
    # The headers above are checked on a real 404, not on a debug page.
    assert client.get("/ru/no-such-page/").status_code == 404


def test_permissions_policy_is_well_formed_and_keeps_sharing_a_link(client):
    policy = client.get("/bg/")["Permissions-Policy"]
    entries = policy.split(", ")
    assert all(re.fullmatch(r"[a-z-]+=\(\)", entry) for entry in entries), policy
    assert {"camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"} <= set(entries)
    # The match page shares its link with navigator.share or the clipboard.
    assert "web-share" not in policy and "clipboard-write" not in policy


INLINE_CODE = re.compile(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=", re.IGNORECASE)


def test_pages_have_no_inline_code_the_policy_would_block(client):
    match = Match.objects.create(team_a="A", team_b="B")
    for path in [
        "/bg/",
        "/uk/rules/",
        "/ru/match/new/",
        "/ru/no-such-page/",
        match.get_scorer_url(),
    ]:
        html = client.get(path).content.decode()
        assert not INLINE_CODE.search(html), (path, INLINE_CODE.search(html))


def test_the_address_browsers_ask_for_an_icon_leads_to_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.svg"
    assert finders.find("favicon.svg")
    assert client.post("/favicon.ico").status_code == 405


def test_robots_txt_keeps_crawlers_off_match_links_and_the_admin(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    lines = response.content.decode().splitlines()
    assert "User-agent: *" in lines
    assert "Disallow: /m/" in lines
    assert "Disallow: /admin/" in lines


def test_match_page_asks_search_engines_not_to_index_it(client):
    match = Match.objects.create(team_a="A", team_b="B")
    for url in (match.get_scorer_url(), match.get_watch_url()):
        response = client.get(url)
        assert response.status_code == 200
        assert response["X-Robots-Tag"] == "noindex, nofollow"
        assert '<meta name="robots" content="noindex, nofollow">' in response.content.decode()


def test_a_wrong_match_link_is_not_indexed_either(client):
    response = client.get("/m/nonexistent/")
    assert response.status_code == 404
    assert response["X-Robots-Tag"] == "noindex, nofollow"


def test_the_new_table_page_with_a_scorers_key_is_kept_from_robots_as_match_pages_are(
    client, settings
):
    """ "Keep this match in a new table" opens /<lang>/table/new/?match=<scorer key>."""
    match = Match.objects.create(team_a="A", team_b="B")
    robots = RobotFileParser()
    robots.parse(client.get("/robots.txt").content.decode().splitlines())
    for code, _name in settings.LANGUAGES:
        address = f"/{code}/table/new/?match={match.scorer_key}"
        assert not robots.can_fetch("*", f"https://belot.example{address}"), address
        response = client.get(address)
        assert response.status_code == 200 and match.team_a in response.content.decode()
        assert response["X-Robots-Tag"] == "noindex, nofollow"
        assert response["Referrer-Policy"] == "same-origin"
        assert '<meta name="robots" content="noindex, nofollow">' in response.content.decode()
    for address in (match.get_scorer_url(), match.get_watch_url(), "/t/anything/"):
        assert not robots.can_fetch("*", f"https://belot.example{address}"), address
    assert robots.can_fetch("*", "https://belot.example/uk/rules/")


def test_public_pages_may_be_indexed(client):
    assert "X-Robots-Tag" not in client.get("/bg/rules/")


def test_language_cookie_is_secure_in_production(client, settings):
    settings.LANGUAGE_COOKIE_SECURE = True
    for path in ["/uk/rules/", "/language/ru/?next=/m/abc/"]:
        cookie = client.get(path).cookies[settings.LANGUAGE_COOKIE_NAME]
        assert cookie["secure"] is True
        assert cookie["httponly"] is True
        assert cookie["samesite"] == "Lax"
