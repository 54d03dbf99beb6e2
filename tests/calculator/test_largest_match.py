"""The largest allowed match: at most MAX_DEALS deals, a page that lists one game, a bounded
page store. (How fast and how big: benchmarks/load.py --largest, figures in docs/security.md.)"""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from belot_site.lru import BoundedStore
from belot_site.pages import Page
from calculator import engine
from calculator.matches import services
from calculator.matches.history import GAME_ROWS, HISTORY_ROWS, SHEET_ROWS
from calculator.models import Deal, Match
from calculator.shared import kept as kept_pages
from tests.calculator.conftest import all_passed, current_version, deal_fields, saved_from

pytestmark = pytest.mark.django_db

MAX = engine.MAX_DEALS
# Team A bids hearts and makes it, 100 to 62: 10 to 6, so a game of 151 takes 16 deals.
MADE = engine.PlayedDeal(
    engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 100)
)


def store(match, deals):
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(deal))
        for number, deal in enumerate(deals, start=1)
    )


def upload(data):
    content = json.dumps(data, separators=(",", ":")).encode()
    return {"file": SimpleUploadedFile("m.json", content, "application/json")}


def export_of(deals):
    return engine.match_to_dict(engine.DEFAULT_PROFILE, 0, deals) | {"teams": {"A": "X", "B": "Y"}}


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("bg", "Един мач има най-много 2000 раздавания"),
        ("uk", "Матч має щонайбільше 2000 роздач"),
        ("ru", "В матче не больше 2000 раздач"),
    ],
)
def test_an_import_of_more_deals_than_a_match_may_have_is_refused(client, language, message):
    response = client.post(
        f"/{language}/match/import/", upload(export_of([engine.AllPassed()] * (MAX + 1)))
    )
    assert response.status_code == 400
    assert message in response.content.decode().replace("\xa0", " ")
    assert not Match.objects.exists() and not Deal.objects.exists()


def test_an_import_of_the_largest_allowed_match_is_taken(client):
    response = client.post("/bg/match/import/", upload(export_of([engine.AllPassed()] * MAX)))
    assert response.status_code == 302
    assert Match.objects.get().deals.count() == MAX


@pytest.fixture
def full(match):
    store(match, [MADE] * MAX)
    return match


def test_all_passed_past_the_last_allowed_deal_records_nothing_and_says_why(client, full):
    response = all_passed(client, full, MAX + 1)
    assert response.status_code == 302 and full.deals.count() == MAX
    page = client.get(response["Location"]).content.decode()
    assert "Един мач има най-много 2000 раздавания" in page


def test_a_deal_past_the_last_allowed_one_records_nothing_and_says_why(client, full):
    url = f"/m/{full.scorer_key}/deal/"
    page = client.get(url, follow=True)
    assert page.redirect_chain == [(f"/m/{full.scorer_key}/", 302)]
    html = page.content.decode()
    assert "Един мач има най-много 2000 раздавания" in html
    assert "Този мач стигна 2000 раздавания" in html
    assert f'action="/m/{full.scorer_key}/all-passed/"' not in html
    data = deal_fields(MAX + 1, card_points=87)
    client.post(url, {**data, "action": "save", "preview_key": "x"})
    assert full.deals.count() == MAX


def test_a_deal_refused_by_the_engine_while_saving_says_why(client, match, monkeypatch):
    # Another phone fills the match between the form's check and the save: the engine's fold
    # inside deal_record refuses it; the scorer gets the message, not a server error.
    store(match, [MADE] * (MAX - 1))
    url = f"/m/{match.scorer_key}/deal/"
    data = deal_fields(MAX, card_points=87, version=current_version(match))
    preview = client.post(url, {**data, "action": "preview"})
    monkeypatch.setattr(engine.match, "MAX_DEALS", MAX - 1)
    response = client.post(url, {**data, **saved_from(preview)}, follow=True)
    assert response.status_code == 200
    assert "Един мач има най-много 1999 раздавания" in response.content.decode()
    assert match.deals.count() == MAX - 1


def test_a_match_stored_with_more_deals_than_allowed_still_opens(client, match):
    store(match, [engine.AllPassed()] * (MAX + 50))
    for key in (match.scorer_key, match.watch_key):
        assert client.get(f"/m/{key}/").status_code == 200
    exported = json.loads(client.get(f"/m/{match.watch_key}/export.json").content)
    assert len(exported["deals"]) == MAX


def rows(html: str) -> list[int]:
    return [int(number) for number in re.findall(r'<th scope="row">(\d+)</th>', html)]


def test_the_match_page_lists_the_current_game_and_folds_the_finished_ones(
    client, match, django_assert_max_num_queries
):
    store(match, [MADE] * 40)  # games of 16 deals: two finished, the third at its 8th deal
    with django_assert_max_num_queries(4):
        html = client.get(f"/m/{match.watch_key}/").content.decode()
    assert rows(html) == list(range(8, 0, -1))  # numbered in their game, as everywhere
    assert html.count('href="?game=') == 2
    game_1 = client.get(f"/m/{match.watch_key}/", {"game": 1}).content.decode()
    assert rows(game_1) == list(range(16, 0, -1))
    assert "Раздавания в игра 1" in game_1
    assert f'href="/m/{match.watch_key}/">' in game_1
    unknown = client.get(f"/m/{match.watch_key}/", {"game": 99})
    assert (unknown.status_code, unknown["Location"]) == (302, f"/m/{match.watch_key}/")


def test_a_long_game_shows_its_last_deals_and_all_of_them_page_by_page(client, full_passed):
    html = client.get(f"/m/{full_passed.scorer_key}/").content.decode()
    assert rows(html) == list(range(MAX, MAX - GAME_ROWS, -1))
    assert '<a href="?game=1">По-ранни раздавания</a>' in html
    seen, address, pages = [], "?game=1", 0
    while address:
        page = client.get(f"/m/{full_passed.scorer_key}/{address}")
        html = page.content.decode()
        assert page.status_code == 200 and len(rows(html)) == HISTORY_ROWS
        assert f"Раздавания {MAX - len(seen) - HISTORY_ROWS + 1}–{MAX - len(seen)} от {MAX}" in html
        seen += rows(html)
        pages += 1
        earlier = re.search(r'<a href="([^"]+)" rel="next">По-ранни раздавания</a>', html)
        address = earlier and earlier.group(1).replace("&amp;", "&")
    assert seen == list(range(MAX, 0, -1)) and pages == MAX // HISTORY_ROWS


def test_the_score_sheet_of_the_largest_match_comes_in_pages_of_whole_deals(client, match):
    store(match, [MADE] * 1000 + [engine.AllPassed()] * (MAX - 1000))  # 62 games, then one long
    seen, address, headings = [], f"/m/{match.watch_key}/sheet/", []
    while address:
        page = client.get(address)
        html = page.content.decode()
        assert page.status_code == 200 and len(rows(html)) <= SHEET_ROWS
        headings += re.findall(r'<h2 id="sheet-game-\d+">([^<]+)</h2>', html)
        seen += rows(html)
        later = re.search(r'<a href="([^"]+)" rel="next">По-късни раздавания</a>', html)
        address = later and f"/m/{match.watch_key}/sheet/" + later.group(1)
    assert len(seen) == MAX  # every deal once, in the order played
    assert seen[:17] == [*range(1, 17), 1] and seen[-1] == MAX - 992
    # Game 63 starts on the third page and goes on over the last two.
    assert headings[:2] == ["Игра 1", "Игра 2"] and headings.count("Игра 63") == 1
    assert [h for h in headings if "," in h] == ["Игра 63, продължение"] * 2


@pytest.fixture
def full_passed(match):
    store(match, [engine.AllPassed()] * MAX)
    return match


def test_the_page_store_is_bounded_in_bytes():
    pages = BoundedStore(1_000_000, kept_pages._size, largest=250_000)
    for index in range(100):
        pages.put(f"page {index}", Page.of("Я" * 20_000))  # 40 KB each, and its gzip
    assert pages.used <= 1_000_000
    assert len(pages.values) < 100
    assert pages.get("page 99") is not None and pages.get("page 0") is None
    pages.put("huge", Page.of("Я" * 200_000))  # over a quarter of the store: not kept
    assert pages.get("huge") is None and pages.used <= 1_000_000
    assert kept_pages._watch_pages.limit == kept_pages.WATCH_PAGES_BYTES


def test_watch_pages_of_many_games_languages_and_hosts_stay_within_the_store(
    settings, match, monkeypatch
):
    settings.ALLOWED_HOSTS = ["testserver", "other.example"]
    monkeypatch.setattr(kept_pages, "_watch_pages", BoundedStore(300_000, kept_pages._size, 75_000))
    store(match, [MADE] * 320)  # 20 games
    for host in ("testserver", "other.example"):
        for language in ("bg", "uk", "ru"):
            watcher = Client(HTTP_HOST=host, HTTP_ACCEPT_LANGUAGE=language)
            for game in range(1, 21, 4):
                assert watcher.get(f"/m/{match.watch_key}/", {"game": game}).status_code == 200
    kept = kept_pages._watch_pages
    assert 0 < kept.used <= 300_000
    assert kept.used == sum(kept_pages._size(key, page) for key, page in kept.values.items())
    assert len(kept.values) < 30  # not every page was kept: the oldest made room


def test_a_match_is_folded_once_per_change_for_every_view_of_it(
    client, match, django_assert_num_queries
):
    store(match, [MADE] * 40)
    assert Client(HTTP_ACCEPT_LANGUAGE="bg").get(f"/m/{match.watch_key}/").status_code == 200
    for language, game in (("uk", None), ("ru", 1), ("bg", 2)):
        watcher = Client(HTTP_ACCEPT_LANGUAGE=language)
        with django_assert_num_queries(1):  # the match's row: its deals were read and folded once
            query = {"game": game} if game else {}
            assert watcher.get(f"/m/{match.watch_key}/", query).status_code == 200
    assert all_passed(client, match, 41).status_code == 302
    html = Client().get(f"/m/{match.watch_key}/").content.decode()
    assert rows(html)[0] == 9  # a change is folded again: game 3's 9th deal


def test_folded_matches_kept_are_bounded_in_deals():
    kept = services._states
    assert (kept.limit, kept.largest) == (2 * MAX, MAX)
    state = services.MatchState(match=None, deals=(None,) * MAX, inputs=(), fold=None)
    for index in range(4):
        kept.put(("test", index), state)
    assert kept.used <= 2 * MAX
    assert kept.get(("test", 0)) is None and kept.get(("test", 3)) is state


def test_an_address_may_import_three_of_the_largest_matches_an_hour(client):
    data = export_of([engine.AllPassed()] * MAX)
    for _ in range(3):
        assert client.post("/bg/match/import/", upload(data)).status_code == 302
    assert client.post("/bg/match/import/", upload(data)).status_code == 429
    assert Match.objects.count() == 3
