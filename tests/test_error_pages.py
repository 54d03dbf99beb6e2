"""Every error page renders for every kind of bad request, without touching what made it bad."""

import pytest
from django.test import Client

from calculator.matches import pages
from tests.calculator.conftest import create_match

pytestmark = pytest.mark.django_db

BAD_REQUEST = {"bg": "Неправилна заявка", "uk": "Неправильний запит", "ru": "Неверный запрос"}


def browser(language="bg"):
    return Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize(
    "path", ["/", "/bg/", "/uk/rules/", "/m/abcdefghijklmnopqrstuvwx/", "/no-such-page/"]
)
def test_a_host_the_site_does_not_serve_gets_the_translated_400_page(path, language):
    response = browser(language).get(path, HTTP_HOST="evil.example")
    assert response.status_code == 400
    html = response.content.decode()
    shown = path[1:3] if path[1:3] in BAD_REQUEST else language  # the address's language wins
    assert BAD_REQUEST[shown] in html
    assert "evil.example" not in html  # no link was built from the host it refused


def test_a_bad_host_with_a_form_posted_gets_the_400_page():
    response = browser().post("/bg/match/new/", {"team_a": "x"}, HTTP_HOST="evil.example:1")
    assert response.status_code == 400
    assert BAD_REQUEST["bg"] in response.content.decode()


def test_a_body_of_too_many_fields_gets_the_400_page():
    body = b"&".join([b"a=1"] * 1500)
    response = browser("ru").post(
        "/ru/match/new/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert BAD_REQUEST["ru"] in response.content.decode()


def test_a_body_too_large_gets_the_413_page():
    """tests/test_refusals.py says more: it is refused unread, with one line in the log."""
    body = b"team_a=" + b"x" * 3_000_000
    response = browser("ru").post(
        "/ru/match/new/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 413
    assert "Отправлено слишком много за один раз" in response.content.decode()


def test_a_path_that_is_not_utf8_gets_the_404_page():
    response = browser().get("/bg/%ff%fe/")
    assert response.status_code == 404
    assert "Страницата не е намерена" in response.content.decode()


def test_a_form_without_its_csrf_token_gets_the_403_page():
    strict = Client(enforce_csrf_checks=True, raise_request_exception=False)
    response = strict.post("/uk/match/new/", {"team_a": "x"}, HTTP_ACCEPT_LANGUAGE="uk")
    assert response.status_code == 403
    assert "Термін дії форми минув" in response.content.decode()


NOT_TAKEN = {
    "bg": "Тази страница не приема такава заявка",
    "uk": "Ця сторінка не приймає такого запиту",
    "ru": "Эта страница не принимает такой запрос",
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_method_a_page_does_not_take_gets_the_translated_405_page(language):
    match = create_match(Client())
    response = browser(language).put(f"/m/{match.scorer_key}/all-passed/")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert NOT_TAKEN[language] in response.content.decode()


def test_a_405_keeps_the_allow_header_of_a_page_that_only_reads():
    match = create_match(Client())
    response = browser("uk").post(f"/m/{match.watch_key}/sheet/")
    assert response.status_code == 405
    assert sorted(response["Allow"].split(", ")) == ["GET", "HEAD"]
    assert NOT_TAKEN["uk"] in response.content.decode()


def test_a_server_error_gets_the_static_500_page_in_three_languages(monkeypatch):
    match = create_match(Client())

    def broken(*args, **kwargs):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(pages, "match_context", broken)
    response = browser().get(f"/m/{match.watch_key}/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Нещо се обърка" in html and "Щось пішло не так" in html
