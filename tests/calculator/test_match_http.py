"""HTTP details of match pages: HEAD, caching of pages with forms, and the watchers' page store."""

import gzip

import pytest
from django.test import Client

from belot_site import pages
from belot_site.lru import BoundedStore
from calculator.shared import kept as kept_pages
from tests.calculator.conftest import record_deal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["", "export.json", "qr.svg"])
def test_match_pages_answer_head_as_they_answer_get(client, match, page):
    for key in (match.scorer_key, match.watch_key):
        got = client.get(f"/m/{key}/{page}")
        head = client.head(f"/m/{key}/{page}")
        assert (head.status_code, head["Content-Type"]) == (200, got["Content-Type"])
        assert head.content == b""


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_pages_with_a_csrf_form_are_never_stored(client, match):
    record_deal(client, match, 1, card_points=87)
    for url in (
        f"/m/{match.scorer_key}/deal/",
        f"/m/{match.scorer_key}/deal/1/",
        f"/m/{match.scorer_key}/",
        "/bg/",
        "/bg/match/new/",
    ):
        response = client.get(url)
        assert response.status_code == 200 and no_store(response), url
    posted = client.post(f"/m/{match.scorer_key}/deal/", {"number": 2, "action": "preview"})
    assert posted.status_code == 200 and no_store(posted)


def test_pages_without_a_form_may_still_be_cached(client, match):
    watching = client.get(f"/m/{match.watch_key}/")
    assert watching["Cache-Control"] == "private, no-cache"
    assert not no_store(client.get("/bg/rules/"))


def test_a_watchers_query_string_never_reaches_another_watcher(match):
    first = Client().get(f"/m/{match.watch_key}/", {"utm_source": "secret-campaign-42"})
    assert (first.status_code, first["Location"]) == (302, f"/m/{match.watch_key}/")
    second = Client().get(f"/m/{match.watch_key}/").content.decode()
    assert "secret-campaign-42" not in second


@pytest.mark.parametrize(
    ("query", "canonical"),
    [
        ("utm_source=x", ""),
        ("x", ""),
        ("&", ""),
        ("game=", ""),
        ("game=01", "game=1"),
        ("game=1&utm=x", "game=1"),
        ("utm=x&game=1", "game=1"),
        ("game=2&game=1", "game=1"),
        ("game=1&page=1", "game=1"),
        ("game=1&page=9", "game=1"),
        ("game=9", ""),
        ("game=0", ""),
        ("page=2", ""),
        ("game=1%00", ""),
    ],
)
def test_any_other_query_string_is_sent_to_the_pages_own_address(client, match, query, canonical):
    record_deal(client, match, 1, card_points=87)
    for key in (match.watch_key, match.scorer_key):
        response = Client().get(f"/m/{key}/?{query}")
        expected = f"/m/{key}/" + (f"?{canonical}" if canonical else "")
        assert (response.status_code, response["Location"]) == (302, expected)
        assert Client().get(expected).status_code == 200


def test_unknown_query_strings_make_no_page_of_their_own(match, monkeypatch):
    monkeypatch.setattr(kept_pages, "_watch_pages", BoundedStore(10**7, kept_pages._size, 10**6))
    watcher = Client()
    assert watcher.get(f"/m/{match.watch_key}/").status_code == 200
    assert watcher.get(f"/m/{match.watch_key}/", {"game": 1}).status_code == 200
    kept = set(kept_pages._watch_pages.values)
    for attempt in range(50):
        query = {"utm": attempt, "game": f"0{attempt % 2 + 1}"} if attempt % 3 else {"x": attempt}
        assert watcher.get(f"/m/{match.watch_key}/", query).status_code == 302
        assert watcher.get(f"/m/{match.watch_key}/sheet/", query).status_code == 302
    assert set(kept_pages._watch_pages.values) == kept and len(kept) == 2


def test_a_game_view_has_its_own_etag(client, match):
    plain = client.get(f"/m/{match.watch_key}/")
    game = client.get(
        f"/m/{match.watch_key}/", {"game": 1}, headers={"if-none-match": plain["ETag"]}
    )
    assert game.status_code == 200 and game["ETag"] != plain["ETag"]


def test_the_score_sheet_is_kept_for_every_watcher_until_the_match_changes(
    client, match, django_assert_num_queries
):
    record_deal(client, match, 1, card_points=87)
    url = f"/m/{match.watch_key}/sheet/"
    first = Client().get(url)
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    with django_assert_num_queries(1):  # the match's row: the page itself was kept
        again = Client().get(url)
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    record_deal(client, match, 2, card_points=100)
    changed = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


@pytest.mark.parametrize("page", ["", "sheet/"])
def test_a_watcher_taking_gzip_gets_the_same_page_compressed_once(client, match, page, monkeypatch):
    monkeypatch.setattr(kept_pages, "_watch_pages", BoundedStore(10**7, kept_pages._size, 10**6))
    compressed = []
    real = pages.compress_string
    monkeypatch.setattr(pages, "compress_string", lambda data: compressed.append(1) or real(data))
    record_deal(client, match, 1, card_points=87)
    url = f"/m/{match.watch_key}/{page}"
    plain = Client().get(url)
    packed = [Client().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br") for _ in "ab"]
    assert len(compressed) == 1  # when the page was made, for every reading after it
    assert not plain.has_header("Content-Encoding") and "Accept-Encoding" in plain["Vary"]
    assert all(reply["Content-Encoding"] == "gzip" for reply in packed)
    assert gzip.decompress(packed[1].content) == plain.content
    # The same page, other bytes: a weak ETag, which a phone's next request is answered 304 by.
    assert packed[0]["ETag"] == "W/" + plain["ETag"]
    again = Client().get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed[0]["ETag"])
    assert again.status_code == 304


def test_the_scorer_s_page_is_never_compressed(client, match):
    # It carries the scorer's CSRF token, which a compressed page could leak (BREACH).
    response = client.get(f"/m/{match.scorer_key}/", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and not response.has_header("Content-Encoding")
    assert b"csrfmiddlewaretoken" in response.content
