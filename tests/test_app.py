"""The site as an app, without a browser: the manifest in each language, the theme
cookie and its switch (no open redirect), pages and their caches kept apart by theme, the wake
lock's script on the scorer's pages only, and the score sheet at the watch link."""

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from calculator.matches.services import match_state
from calculator.models import Match
from tests.calculator.conftest import all_passed, create_match, record_deal
from tests.html import read

pytestmark = pytest.mark.django_db

DARK_CSS = "css/dark.css"
WAKE_LOCK = "js/wake-lock.js"


@pytest.fixture
def match(client):
    return create_match(client)


# The manifest


@pytest.mark.parametrize(
    ("language", "name"),
    [("bg", "Белот: правила и резултат"), ("uk", "Белот: правила й рахунок"), ("ru", None)],
)
def test_the_manifest_speaks_the_language_of_its_address(client, language, name):
    response = client.get(f"/{language}/manifest.webmanifest")
    data = json.loads(response.content)
    assert response["Content-Type"] == "application/manifest+json"
    assert (data["start_url"], data["scope"], data["id"], data["lang"]) == (
        f"/{language}/",
        "/",
        "/",
        language,
    )
    assert data["display"] == "standalone"
    assert re.fullmatch("#[0-9a-f]{6}", data["theme_color"])
    assert name is None or data["name"] == name
    assert not re.search("[A-Za-z]{3}", data["name"] + data["short_name"] + data["description"])
    assert data["shortcuts"] == [
        {"name": data["shortcuts"][0]["name"], "url": f"/{language}/rules/"}
    ]


def test_the_manifests_icons_are_static_files_of_the_sizes_it_says(client):
    data = json.loads(client.get("/bg/manifest.webmanifest").content)
    purposes = set()
    for icon in data["icons"]:
        name = icon["src"].removeprefix(static(""))
        path = finders.find(name)
        assert path, f"{name} is not a static file"
        with open(path, "rb") as png:
            head = png.read(24)
        width, height = int.from_bytes(head[16:20]), int.from_bytes(head[20:24])
        assert icon["sizes"] == f"{width}x{height}"
        purposes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes


def test_every_page_links_the_manifest_of_its_language(client, match):
    assert (
        '<link rel="manifest" href="/uk/manifest.webmanifest">'
        in client.get("/uk/rules/").content.decode()
    )
    client.get("/ru/")  # a match page has no language in its address: the last one chosen
    html = read(client.get(f"/m/{match.watch_key}/").content.decode())
    assert '<link rel="manifest" href="/ru/manifest.webmanifest">' in html


# The theme


def dark_link(html: str) -> str | None:
    found = re.search(
        rf'<link rel="stylesheet" href="{re.escape(static(DARK_CSS))}" media="([^"]*)">', html
    )
    return found[1] if found else None


def test_the_phones_setting_decides_until_a_theme_is_chosen(client):
    assert (
        dark_link(client.get("/bg/").content.decode()) == "screen and (prefers-color-scheme: dark)"
    )
    client.cookies["theme"] = "dark"
    assert dark_link(client.get("/bg/").content.decode()) == "screen"
    client.cookies["theme"] = "light"
    assert dark_link(client.get("/bg/").content.decode()) is None
    client.cookies["theme"] = "purple"  # anything else is no choice
    assert (
        dark_link(client.get("/bg/").content.decode()) == "screen and (prefers-color-scheme: dark)"
    )


def test_the_switch_remembers_the_choice_and_goes_back_to_the_page(client, match):
    back = f"/m/{match.watch_key}/?game=1"
    response = client.get("/theme/dark/", {"next": back})
    assert (response.status_code, response["Location"]) == (302, back)
    cookie = response.cookies["theme"]
    assert (cookie.value, cookie["httponly"], cookie["samesite"]) == ("dark", True, "Lax")
    assert cookie["max-age"] == 365 * 24 * 60 * 60

    response = client.get("/theme/auto/", {"next": "/uk/rules/"})
    assert response["Location"] == "/uk/rules/"
    assert response.cookies["theme"].value == ""  # forgotten
    assert response.cookies["theme"]["max-age"] == 0


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example",
        "",
        "rules",
    ],
)
def test_the_switch_never_sends_anyone_to_another_site(client, target):
    response = client.get("/theme/light/", {"next": target})
    assert response.status_code == 302
    assert response["Location"] == "/bg/"


def test_an_unknown_theme_is_not_found(client):
    assert client.get("/theme/purple/").status_code == 404


def test_the_switch_links_back_to_the_page_it_is_on_and_marks_the_choice(client, match):
    client.cookies["theme"] = "light"
    html = read(client.get(f"/m/{match.watch_key}/?game=1").content.decode())
    query = f"?next=/m/{match.watch_key}/%3Fgame%3D1"
    for name in ("auto", "light", "dark"):
        assert f'href="/theme/{name}/{query}"' in html
    assert re.search(r'href="/theme/light/[^"]*" rel="nofollow" aria-current="true">Светла<', html)


def test_pages_vary_by_cookie_and_the_rules_page_is_kept_per_theme(client):
    light = client.get("/bg/rules/")
    assert "Cookie" in light["Vary"]
    client.cookies["theme"] = "light"
    assert dark_link(client.get("/bg/rules/").content.decode()) is None
    client.cookies["theme"] = "dark"
    assert dark_link(client.get("/bg/rules/").content.decode()) == "screen"


def test_a_watchers_page_kept_in_one_theme_is_not_answered_in_another(client, match):
    first = client.get(f"/m/{match.watch_key}/")
    client.cookies["theme"] = "dark"
    again = client.get(f"/m/{match.watch_key}/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert dark_link(again.content.decode()) == "screen"


# Awake at the table


def test_only_the_scorers_pages_ask_to_keep_the_screen_on(client, match):
    assert static(WAKE_LOCK) in client.get(f"/m/{match.scorer_key}/").content.decode()
    assert static(WAKE_LOCK) in client.get(f"/m/{match.scorer_key}/deal/").content.decode()
    assert static(WAKE_LOCK) not in client.get(f"/m/{match.watch_key}/").content.decode()


def test_the_service_worker_keeps_the_new_files_the_rules_and_match_pages(client):
    """Match pages as their watchers see them: a scorer's is sent no-store, which is never kept
    (tests/e2e/test_offline.py). The home page, which lists scorer's links, is not kept."""
    body = client.get("/sw.js").content.decode()
    assert f'"{static(DARK_CSS)}"' in body and f'"{static(WAKE_LOCK)}"' in body
    kept = re.search(r"const KEPT_PAGES = /(.*)/;", body)[1].replace("\\/", "/")
    for path in ("/uk/rules/", "/m/abcdefghijklmnop/"):
        assert re.search(kept, path), path
    for path in ("/bg/", "/bg/match/new/", "/m/abcdefghijklmnop/deal/", "/t/abcdefghijklmnop/"):
        assert not re.search(kept, path), path


# The score sheet


def test_the_score_sheet_is_always_shown_at_the_watch_link(client, match):
    response = client.get(f"/m/{match.scorer_key}/sheet/")
    assert response.status_code == 302
    assert response["Location"] == f"/m/{match.watch_key}/sheet/"
    assert client.get("/m/no-such-key-at-all/sheet/").status_code == 404


def test_the_match_page_offers_the_sheet_by_its_watch_link(client, match):
    html = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert f'<a href="/m/{match.watch_key}/sheet/">Лист за резултата (за печат)</a>' in html


def test_the_sheet_lists_every_game_in_order_with_its_winner_and_no_secret(
    client, django_assert_max_num_queries
):
    match = create_match(client, target="51")
    for number in (1, 2):  # 35 each: past 51, but a capot cannot end the game
        record_deal(client, match, number, contract="no_trumps", capot="A")
    record_deal(client, match, 3, card_points=100)  # this deal ends it
    record_deal(client, match, 4, card_points=81)  # 81 : 81 in game 2, the bidders' 8 hang
    all_passed(client, match, 5)
    fold = match_state(Match.objects.get(pk=match.pk)).fold
    assert (len(fold.games), fold.game, fold.hanging) == (1, 2, 8)
    with django_assert_max_num_queries(4):
        html = read(client.get(f"/m/{match.watch_key}/sheet/").content.decode())
    games = re.findall(r'<h2 id="sheet-game-(\d+)">', html)
    assert games == ["1", "2"]
    rows = re.findall(r'<tr(?: class="game-end")?>\s*<th scope="row">(\d+)</th>', html)
    assert rows == ["1", "2", "3", "1", "2"]  # each game's deals, oldest first
    assert "Победител в игра 1: отбор „Ние“" in html
    assert "8 точки висят" in html
    assert f"/m/{match.watch_key}/" in html
    assert match.scorer_key not in html
    assert "csrfmiddlewaretoken" not in html
