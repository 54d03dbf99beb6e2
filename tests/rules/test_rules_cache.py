import gzip

import pytest
from django.contrib.auth import get_user_model
from django.forms.models import model_to_dict

from belot_site import pages
from rules import views
from rules.models import Section

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_second_visit_to_the_rules_is_served_without_the_database(
    client, django_assert_num_queries, language
):
    first = client.get(f"/{language}/rules/")
    with django_assert_num_queries(0):
        second = client.get(f"/{language}/rules/")
    assert second.status_code == 200
    assert second.content == first.content


def test_each_language_is_kept_apart(client):
    client.get("/bg/rules/")
    html = client.get("/uk/rules/").content.decode()
    assert '<html lang="uk">' in html
    assert Section.objects.get(slug="scoring").title_uk in html


def test_a_saved_section_shows_at_once(client):
    client.get("/ru/rules/")
    section = Section.objects.get(slug="scoring")
    section.title_ru = "Подсчёт очков, исправлено"
    section.save()
    assert "Подсчёт очков, исправлено" in client.get("/ru/rules/").content.decode()


def test_a_section_edited_in_the_admin_shows_at_once_in_every_language(
    client, django_capture_on_commit_callbacks
):
    for language in ("bg", "uk", "ru"):
        client.get(f"/{language}/rules/")
    section = Section.objects.get(slug="scoring")
    data = {key: value for key, value in model_to_dict(section).items() if value is not None}
    data.update(
        title_bg="Точкуване (ново)", title_uk="Підрахунок (нове)", title_ru="Подсчёт (новое)"
    )
    admin = get_user_model().objects.create_superuser("admin", "admin@example.com", "pw")
    client.force_login(admin)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/rules/section/{section.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    client.logout()
    assert "Точкуване (ново)" in client.get("/bg/rules/").content.decode()
    assert "Підрахунок (нове)" in client.get("/uk/rules/").content.decode()
    assert "Подсчёт (новое)" in client.get("/ru/rules/").content.decode()


def test_a_deleted_section_disappears_at_once(client):
    client.get("/bg/rules/")
    Section.objects.get(slug="scoring").delete()
    assert 'id="scoring"' not in client.get("/bg/rules/").content.decode()


def test_a_query_string_never_reaches_the_page_of_other_visitors(client):
    client.get("/bg/rules/?utm_source=<b>x</b>")
    html = client.get("/bg/rules/").content.decode()
    assert "utm_source" not in html


def test_the_cached_page_still_remembers_the_visitor_s_language(client, settings):
    client.get("/uk/rules/")
    client.cookies.clear()
    response = client.get("/uk/rules/")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "uk"


def test_the_page_is_compressed_once_and_read_plain_or_compressed_as_the_same_page(
    client, monkeypatch
):
    compressed = []
    real = pages.compress_string
    monkeypatch.setattr(pages, "compress_string", lambda data: compressed.append(1) or real(data))
    plain = client.get("/bg/rules/")
    packed = [client.get("/bg/rules/", HTTP_ACCEPT_ENCODING="gzip, deflate, br") for _ in "ab"]
    assert len(compressed) == 1  # made and compressed at the first reading, for both
    assert all(reply["Content-Encoding"] == "gzip" for reply in packed)
    assert gzip.decompress(packed[1].content) == plain.content
    assert not plain.has_header("Content-Encoding")
    assert "Accept-Encoding" in plain["Vary"]  # a proxy keeps the two apart


def test_a_worker_makes_the_page_again_once_it_is_a_minute_old(client, monkeypatch):
    # Where each worker has a cache of its own, another worker's edit reaches it this way.
    now = [1000.0]
    monkeypatch.setattr(views.time, "monotonic", lambda: now[0])
    client.get("/uk/rules/")
    Section.objects.filter(slug="scoring").update(title_uk="Без сигналу")  # no signal sent
    now[0] += views.PAGE_SECONDS - 1
    assert "Без сигналу" not in client.get("/uk/rules/").content.decode()
    now[0] += 2
    assert "Без сигналу" in client.get("/uk/rules/").content.decode()
