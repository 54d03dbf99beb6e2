"""The phone's lists on the home page: the matches and tables it made or opened as their scorer or
keeper, and "Forget this phone's matches", which clears them (and, in the browser, the drafts and
the caches: tests/e2e/test_offline.py)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, override

from calculator.shared.recent import (
    RECENT_COOKIE,
    RECENT_MAX,
    RECENT_TABLES_COOKIE,
    RECENT_TOURNAMENTS_COOKIE,
)
from tests.calculator.conftest import create_match
from tests.calculator.test_table_http import create_table

pytestmark = pytest.mark.django_db

HOSTILE = "100% <b>{x}</b>\u202eИме"


def test_the_home_page_lists_the_tables_this_phone_made_or_opened_as_keeper(client):
    made = create_table(client)
    made.name = HOSTILE
    made.save()
    assert made.keeper_key in client.cookies[RECENT_TABLES_COOKIE].value
    other_phone = Client()
    opened = create_table(other_phone)
    client.get(opened.get_view_url())  # the view link: read only, not one of this phone's
    assert opened.keeper_key not in client.cookies[RECENT_TABLES_COOKIE].value
    client.get(opened.get_keeper_url())  # the keeper's link: it is now

    home = client.get("/uk/").content.decode()
    assert "Ваші столи" in home
    listed = [made.get_keeper_url(), opened.get_keeper_url()]
    assert home.index(f'href="{listed[1]}"') < home.index(f'href="{listed[0]}"')  # newest first
    assert escape(HOSTILE) in home and HOSTILE not in home
    assert made.get_view_url() not in home


def test_the_lists_keep_the_newest_few_and_ignore_what_is_no_key(client):
    tables = [create_table(client) for _ in range(RECENT_MAX + 1)]
    keys = client.cookies[RECENT_TABLES_COOKIE].value.split(".")
    assert keys == [table.keeper_key for table in tables[::-1][:RECENT_MAX]]
    client.cookies[RECENT_TABLES_COOKIE] = "x.<b>.." + tables[0].view_key
    home = client.get("/bg/")
    assert home.status_code == 200 and "Вашите маси" not in home.content.decode()


def test_forget_clears_both_lists_and_asks_the_browser_to_clear_its_storage(client):
    match = create_match(client)
    create_table(client)
    client.get("/theme/dark/")
    assert "Вашите маси" in client.get("/bg/").content.decode()

    response = client.post(reverse("forget"))

    assert (response.status_code, response["Location"]) == (302, "/bg/")
    assert response["Clear-Site-Data"] == '"cache", "storage"'  # not "cookies": theme, language
    for cookie in (RECENT_COOKIE, RECENT_TABLES_COOKIE, RECENT_TOURNAMENTS_COOKIE):
        assert response.cookies[cookie].value == "" and response.cookies[cookie]["max-age"] == 0
    home = client.get("/bg/").content.decode()
    with override("bg"):
        forgotten = gettext("This phone has forgotten its matches, tables and tournaments.")
    assert forgotten.startswith("Мачовете, масите и турнирите са премахнати") and forgotten in home
    assert match.scorer_key not in home and "Вашите маси" not in home
    assert client.cookies["theme"].value == "dark" and client.cookies["django_language"].value


def test_forget_takes_only_a_post_with_the_forms_token(client, match):
    assert client.get(reverse("forget")).status_code == 405
    careful = Client(enforce_csrf_checks=True)
    careful.cookies[RECENT_COOKIE] = match.scorer_key
    refused = careful.post(reverse("forget"))
    assert refused.status_code == 403 and RECENT_COOKIE not in refused.cookies


def test_the_home_page_offers_to_forget_only_when_there_is_something_to_forget(client):
    assert "Премахни мачовете от този телефон" not in client.get("/bg/").content.decode()
    create_match(client)
    html = client.get("/bg/").content.decode()
    assert "Премахни мачовете от този телефон" in html
    assert f'<form method="post" action="{reverse("forget")}" data-forget>' in html
