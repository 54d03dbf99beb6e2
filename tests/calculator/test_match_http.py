"""HTTP details of match pages: HEAD, caching of pages with forms, and the watchers' page store."""

import pytest
from django.test import Client

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
    assert "secret-campaign-42" in first.content.decode()  # its language links keep its address
    second = Client().get(f"/m/{match.watch_key}/").content.decode()
    assert "secret-campaign-42" not in second


def test_a_game_view_has_its_own_etag(client, match):
    plain = client.get(f"/m/{match.watch_key}/")
    game = client.get(
        f"/m/{match.watch_key}/", {"game": 1}, headers={"if-none-match": plain["ETag"]}
    )
    assert game.status_code == 200 and game["ETag"] != plain["ETag"]
