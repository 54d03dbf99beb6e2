"""The watch page of a table's match links to the table's statistics: by its view link, never
its keeper's."""

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from tests.calculator.conftest import create_match
from tests.calculator.test_table_http import create_table, start

pytestmark = pytest.mark.django_db

LINK = "The table %(table)s: its matches and statistics"


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_table_matchs_watchers_find_the_tables_statistics_by_its_view_link(language):
    table = create_table(Client())
    match = start(Client(), table, ["Ана", "Боби", "Вики", "Гого"])

    html = Client().get(match.get_watch_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    with translation.override(language):
        text = gettext(LINK) % {"table": table.name}
    assert f'<a href="{table.get_view_url()}">{text}</a>' in html
    assert table.keeper_key not in html


def test_a_match_of_no_table_links_to_no_table(client):
    match = create_match(client)

    html = Client().get(match.get_watch_url()).content.decode()

    assert "/t/" not in html
