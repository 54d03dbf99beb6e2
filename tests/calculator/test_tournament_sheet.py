"""The tournament's A4 standings sheet: the standings and a table of the rounds, at
the public link's address only, in bg, uk and ru."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, override

from calculator.tournaments.state import tournament_state

from .test_tournament_exports import two_rounds
from .test_tournament_http import HOSTILE, LANGUAGES, create


def sheet_url(key):
    return reverse("calculator:tournament-sheet", args=[key])


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sheet_holds_the_standings_and_the_rounds_in_every_language(client, language):
    tournament = two_rounds(client)
    client.cookies.load({"django_language": language})
    response = client.get(sheet_url(tournament.view_key))
    page = response.content.decode()

    assert response.status_code == 200 and f'lang="{language}"' in page
    with override(language):
        for text in ("Standings to print", "The rounds", "Print", "Buchholz"):
            assert gettext(text) in page, text
        assert gettext("round %(number)s is being played") % {"number": 2} in page
        assert gettext("Round %(number)s") % {"number": 2} in page
    state = tournament_state(tournament)
    rows = re.findall(r'<tr><td class="num">(\d+)</td><th scope="row">(.*?)</th>', page)
    names = [escape(state.by_id[line.pair].name) for line in state.standings()]
    assert [name for _, name in rows] == names  # the rounds' table in the standings' order
    assert tournament.keeper_key not in page and tournament.get_view_url() in page
    for url in (tournament.get_view_url(), tournament.get_keeper_url()):
        listed = client.get(url).content.decode()
        assert sheet_url(tournament.view_key) in listed
        assert sheet_url(tournament.keeper_key) not in listed
        with override(language):
            assert gettext("Standings to print (A4)") in listed


@pytest.mark.django_db
def test_each_round_cell_says_the_opponents_place_the_result_and_the_score(client):
    tournament = two_rounds(client)
    state = tournament_state(tournament)
    page = client.get(sheet_url(tournament.view_key)).content.decode()
    places = {line.pair: line.place for line in state.standings()}
    crosstable = page[page.index('class="standings crosstable"') :]

    winner, loser = state.rounds[0].tables[0].table.pair_a, state.rounds[0].tables[0].table.pair_b
    mine, theirs = state.rounds[0].tables[0].points
    row = re.search(
        rf"<th scope=\"row\">{re.escape(escape(winner.name))}</th>(.*?)</tr>", crosstable, re.S
    )
    cells = re.findall(r'<td class="num">(.*?)</td>', row.group(1), re.S)
    assert re.sub(r"<[^>]+>", "", cells[0]) == f"{places[loser.pk]} + {mine}:{theirs}"
    assert re.sub(r"<[^>]+>", "", cells[1]).split()[1] == "…"  # round 2 is being played
    bye = re.search(r'<th scope="row">Иво &amp; Йоана</th>(.*?)</tr>', crosstable, re.S)
    with override("bg"):
        assert gettext("bye") in bye.group(1)


@pytest.mark.django_db
def test_the_organizers_link_is_sent_to_the_public_address_and_hostile_names_stay_text(client):
    names = f"{HOSTILE[0]} / {HOSTILE[1]}\n=SUM(A1) / +Ана\nВики / Гого"
    tournament = create(client, pairs=names)
    keeper = client.get(sheet_url(tournament.keeper_key))
    assert keeper.status_code == 302 and keeper["Location"] == sheet_url(tournament.view_key)
    page = client.get(sheet_url(tournament.view_key)).content.decode()
    assert "<b>" not in page and escape("<b>%(x)s{0}</b>") in page
    assert client.get(sheet_url("x" * 24)).status_code == 404
    assert client.post(sheet_url(tournament.view_key)).status_code == 405
