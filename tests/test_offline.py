import pytest
from django.templatetags.static import static

from tests.calculator.conftest import create_match

pytestmark = pytest.mark.django_db


def test_service_worker_is_served_from_the_root_and_covers_the_whole_site(client):
    response = client.get("/sw.js")
    body = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert f'"{static("css/site.css")}"' in body
    assert "rules" in body and "\\/m\\/" in body


def test_every_page_registers_the_service_worker(client):
    for url in ("/bg/", "/uk/rules/"):
        assert (
            f'<script src="{static("js/site.js")}" defer></script>'
            in client.get(url).content.decode()
        )


def test_a_match_page_carries_its_offline_note(client):
    match = create_match(client)
    html = client.get(f"/m/{match.watch_key}/").content.decode()
    assert '<p id="offline-note" class="notice" hidden data-loaded="' in html
    assert "Няма връзка. Последна промяна в резултата:" in html


def test_the_deal_form_keeps_drafts_only_while_fresh(client):
    match = create_match(client)
    html = client.get(f"/m/{match.scorer_key}/deal/").content.decode()
    assert 'data-fresh="1"' in html
    posted = client.post(f"/m/{match.scorer_key}/deal/", {"number": 1, "action": "preview"})
    assert 'data-fresh=""' in posted.content.decode()


def test_the_worker_keeps_the_offline_page_of_every_language(client):
    body = client.get("/sw.js").content.decode()
    for code in ("bg", "uk", "ru"):
        assert f'"{code}": "/offline/{code}/"' in body


@pytest.mark.parametrize(
    ("code", "title", "kept"),
    [
        ("bg", "Няма връзка", "Въведеното в раздаване се пази на този телефон"),
        ("uk", "Немає з’єднання", "Те, що ви ввели в роздачі, зберігається на цьому телефоні"),
        ("ru", "Нет связи", "Введённое в раздаче хранится на этом телефоне"),
    ],
)
def test_the_offline_page_says_in_its_language_that_what_was_typed_is_kept(
    client, code, title, kept
):
    response = client.get(f"/offline/{code}/", HTTP_ACCEPT_LANGUAGE="bg")
    html = response.content.decode()
    assert response.status_code == 200 and response["Content-Language"] == code
    assert f'<html lang="{code}">' in html and f"<h1>{title}</h1>" in html and kept in html
    assert not response.cookies  # fetching it sets no language (nor a CSRF token: no form)
    assert "<form" not in html


def test_there_is_no_offline_page_in_another_language(client):
    assert client.get("/offline/en/").status_code == 404


def test_a_scorers_page_is_sent_no_store_and_a_watchers_is_not(client):
    match = create_match(client)
    assert "no-store" in client.get(f"/m/{match.scorer_key}/")["Cache-Control"]
    assert "no-store" not in client.get(f"/m/{match.watch_key}/")["Cache-Control"]
    with_etag = client.get(f"/m/{match.scorer_key}/")
    unchanged = client.get(f"/m/{match.scorer_key}/", HTTP_IF_NONE_MATCH=with_etag["ETag"])
    assert unchanged.status_code == 304 and "no-store" in unchanged["Cache-Control"]
