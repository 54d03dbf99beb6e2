"""A table's next match seats any of the table's players, as the keeper's own form does: the
fifth player comes in from the scorer's link, without the keeper's."""

import pytest
from django.test import Client
from django.utils.html import escape

from calculator.models import Match
from tests.calculator.test_table_http import finished_match, next_page, start_next

pytestmark = pytest.mark.django_db

FIFTH = "<b>x</b>{}%"  # the roster's fifth player (test_table_http.ROSTER), a hostile name


def test_the_next_match_offers_every_player_of_the_table_in_each_seat():
    table, match = finished_match(Client())
    assert FIFTH in table.players and FIFTH not in match.players

    html = next_page(Client(), match).content.decode()

    for seat in range(4):
        select = html.split(f'name="seat_{seat}"')[1].split("</select>")[0]
        for name in table.players:
            assert f'<option value="{escape(name)}"' in select
    assert FIFTH not in html  # shown escaped, never as markup


def test_the_scorer_seats_the_fifth_player_in_the_next_match():
    scorer = Client()  # only ever had the match's link
    table, match = finished_match(Client())

    response = start_next(scorer, match, ["Ана", FIFTH, "Вики", "Гого"], first_dealer=1)

    following = Match.objects.get(follows=match)
    assert response["Location"] == following.get_scorer_url()
    assert following.players == ["Ана", FIFTH, "Вики", "Гого"] and following.table == table
    assert following.team_b == f"{FIFTH} & Гого"


def test_a_name_that_is_not_the_tables_is_refused_for_the_next_match():
    _table, match = finished_match(Client())

    response = start_next(Client(), match, ["Ана", "Непознат", "Вики", "Гого"])

    assert response.status_code == 400
    assert not Match.objects.filter(follows=match).exists()
