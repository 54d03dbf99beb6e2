"""The watch link speaks the match's language: a watcher reads the match in their own language if
the site speaks it (their choice, else their browser's), else in the match's."""

import re

import pytest
from django.test import Client
from django.utils import translation

from calculator.models import Match
from tests.calculator.conftest import create_match, record_deal

pytestmark = pytest.mark.django_db


def language_of(response) -> str:
    return re.search(r'<html lang="([a-z-]+)"', response.content.decode())[1]


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_match_keeps_the_language_it_was_started_in(client, language):
    assert create_match(client, language).language == language


@pytest.mark.parametrize(
    ("accept", "shown"),
    [
        ("en-US,en;q=0.9", "uk"),  # the tester's phone: a language the site does not speak
        ("", "uk"),
        ("de-DE", "uk"),
        ("ru-RU,ru;q=0.9,en;q=0.8", "ru"),
        ("en-US,bg;q=0.5", "bg"),  # the first the site speaks
    ],
)
def test_a_watcher_reads_a_uk_match_in_their_language_or_else_in_the_matchs(accept, shown):
    match = create_match(Client(), "uk")
    watcher = Client(headers={"accept-language": accept} if accept else {})

    for url in (match.get_watch_url(), f"/m/{match.watch_key}/sheet/"):
        response = watcher.get(url)
        assert response.status_code == 200
        assert language_of(response) == shown == response["Content-Language"], url


def test_the_watchers_chosen_language_comes_first():
    match = create_match(Client(), "uk")
    watcher = Client(headers={"accept-language": "en-US"})
    watcher.get("/language/ru/")  # the page's language switch

    assert language_of(watcher.get(match.get_watch_url())) == "ru"


def test_the_watch_page_of_each_language_is_kept_apart():
    # The watchers' pages are kept as rendered: a ru watcher's never reaches an en-US one.
    match = create_match(Client(), "uk")
    record_deal(Client(), match, 1, card_points=100)
    ru = Client(headers={"accept-language": "ru"}).get(match.get_watch_url())
    en = Client(headers={"accept-language": "en-US"}).get(match.get_watch_url())

    assert (language_of(ru), language_of(en)) == ("ru", "uk")
    assert "Accept-Language" in en["Vary"]


def test_a_match_made_outside_a_page_is_in_the_sites_language():
    with translation.override(None):  # no page's language active (a command, a migration)
        assert Match.objects.create(team_a="A", team_b="B").language == "bg"
    with translation.override("ru"):  # a page's: a table's or a tournament's match, an import
        assert Match.objects.create(team_a="A", team_b="B").language == "ru"
