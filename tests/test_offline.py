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
