"""A table over HTTP: its links, its forms, stats.json and the CSV, in three languages."""

import codecs
import csv
import io
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from calculator import engine
from calculator.models import Match, Table
from calculator.services import deal_record
from calculator.table_views import FORMULA_START, spreadsheet_safe

ROSTER = "Ана\nБоби\nВики\nГого\n<b>x</b>{}%"
HOSTILE = "<b>%(x)s{0}</b>\u202e\u200bИмe " + "щ" * 20


def create_table(client, language="bg", players=ROSTER):
    response = client.post(f"/{language}/table/new/", {"name": "Петък", "players": players})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Table.objects.get(keeper_key=response["Location"].split("/")[2])


def start(client, table, seats, games=1):
    url = reverse("calculator:table-match", args=[table.keeper_key])
    data = {f"seat_{n}": name for n, name in enumerate(seats)}
    response = client.post(url, {**data, "first_dealer": "0", "games_to_win": str(games)})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.get(scorer_key=response["Location"].split("/")[2])


def play_game(match, team=engine.Team.A):
    """All trumps made by ``team`` six times: 26 a deal, 156 wins the game."""
    for _ in range(6):
        match.refresh_from_db()
        deal = engine.PlayedDeal(team, engine.Contract.ALL_TRUMPS, engine.CardPoints(team, 258))
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)


@pytest.mark.django_db
def test_a_table_keeps_its_roster_cleaned_and_its_links_are_strong(client):
    table = create_table(client, players="Ана\n\n Боби \nВики\u200b\nГого")

    assert table.players == ["Ана", "Боби", "Вики", "Гого"]
    assert len(table.keeper_key) >= 22 and len(table.view_key) >= 22  # 144 random bits
    assert table.keeper_key != table.view_key


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("Ана\nБоби\nВики", "A table has 4 to %(max)s players, not %(count)s."),
        ("Ана\nАна\nВики\nГого", "Each player's name may appear only once."),
        (
            "Ана\nБоби\nВики\n" + "x" * 41,
            "A name has at most %(max)s characters: “%(name)s” is longer.",
        ),
    ],
)
def test_a_wrong_roster_is_refused_in_the_users_language(client, players, message):
    for language in ("bg", "uk", "ru"):
        response = client.post(f"/{language}/table/new/", {"name": "Т", "players": players})
        assert response.status_code == 400  # refused, with the reason
        with override(language):
            from django.utils.translation import gettext

            translated = gettext(message).split("%")[0].strip()
        assert translated and translated in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_match_started_from_the_table_belongs_to_it_and_ends_with_its_games(client):
    table = create_table(client)
    match = start(client, table, ["Ана", "Боби", "Вики", "Гого"], games=1)

    assert match.table == table and match.games_to_win == 1
    assert (match.team_a, match.player_3) == ("Ана & Вики", "Вики")
    play_game(match)
    page = client.get(match.get_scorer_url(), HTTP_ACCEPT_LANGUAGE="bg").content.decode()
    assert "Победител в мача: Ана &amp; Вики, 1 : 0 в игри." in page
    assert f'href="{reverse("calculator:deal-new", args=[match.scorer_key])}"' not in page
    refused = client.post(reverse("calculator:all-passed", args=[match.scorer_key]),
                          {"number": "7", "version": str(match.version + 6)})  # fmt: skip
    assert refused.status_code == 302 and match.deals.count() == 6
    new_deal = client.get(reverse("calculator:deal-new", args=[match.scorer_key]), follow=True)
    assert "Мачът свърши: отбор спечели 1 игра." in new_deal.content.decode()


@pytest.mark.django_db
def test_the_same_player_cannot_take_two_seats(client):
    table = create_table(client)
    url = reverse("calculator:table-match", args=[table.keeper_key])
    data = {"seat_0": "Ана", "seat_1": "Ана", "seat_2": "Вики", "seat_3": "Гого"}

    response = client.post(url, {**data, "first_dealer": "0", "games_to_win": "2"})

    assert response.status_code == 400 and not Match.objects.exists()


@pytest.mark.django_db
def test_the_view_link_reads_but_cannot_write(client):
    table = create_table(client)
    seats = {"seat_0": "Ана", "seat_1": "Боби", "seat_2": "Вики", "seat_3": "Гого"}
    for name in ("table-match", "table-players", "table-add"):
        response = client.post(reverse(f"calculator:{name}", args=[table.view_key]), seats)
        assert response.status_code == 404
    page = client.get(table.get_view_url()).content.decode()
    assert table.keeper_key not in page and "csrfmiddlewaretoken" not in page
    assert client.get("/t/" + "x" * 24 + "/").status_code == 404
    assert client.get("/t/" + "x" * 24 + "/").has_header("X-Robots-Tag")


@pytest.mark.django_db
def test_forms_need_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/bg/table/new/", {"name": "Т", "players": ROSTER})

    assert response.status_code == 403 and not Table.objects.exists()


@pytest.mark.django_db
def test_a_match_joins_the_table_by_its_scorers_link_only(client):
    table = create_table(client)
    match = Match.objects.create(team_a="X", team_b="Y", player_1="Ана", player_2="Нов")
    url = reverse("calculator:table-add", args=[table.keeper_key])

    assert client.post(url, {"link": f"https://x/m/{match.watch_key}/"}).status_code == 400
    response = client.post(url, {"link": f"https://belot.example/m/{match.scorer_key}/"})

    assert response.status_code == 302
    match.refresh_from_db()
    table.refresh_from_db()
    assert match.table == table and table.players[-1] == "Нов"


@pytest.mark.django_db
def test_hostile_names_are_shown_as_text(client):
    table = create_table(client, players=f"{HOSTILE}\nБоби\nВики\nГого")
    match = start(client, table, [table.players[0], "Боби", "Вики", "Гого"])
    play_game(match)

    for language in ("bg", "uk", "ru"):
        for url in (
            table.get_view_url(),
            reverse("calculator:table-player", args=[table.view_key, 0]),
        ):
            page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            assert "<b>%(x)s" not in page and "&lt;b&gt;%(x)s{0}&lt;/b&gt;" in page


@pytest.mark.django_db
def test_stats_json_and_the_csv_say_what_the_pages_say(client):
    table = create_table(client)
    match = start(client, table, ["Ана", "Боби", "Вики", "Гого"])
    play_game(match, engine.Team.B)

    data = json.loads(client.get(reverse("calculator:table-stats", args=[table.view_key])).content)
    boby = next(player for player in data["players"] if player["name"] == "Боби")
    assert (boby["games_won"], boby["matches_won"], boby["points"]) == (1, 1, 156)
    assert data["matches"][0]["winner"] == 1 and data["total"]["games_played"] == 1
    rows = csv_rows(client, table)
    assert rows[0][:4] == ["match", "date", "game", "deal"] and len(rows) == 7
    assert rows[-1][9:17] == ["B", "all_trumps", "none", "made", "", "0", "26", "0"]


def csv_body(client, table) -> bytes:
    response = client.get(reverse("calculator:table-csv", args=[table.view_key]))
    return b"".join(response.streaming_content)


def csv_rows(client, table) -> list[list[str]]:
    return list(csv.reader(io.StringIO(csv_body(client, table).decode("utf-8-sig"))))


@pytest.mark.django_db
def test_the_csv_starts_with_a_byte_order_mark_for_spreadsheets(client):
    table = create_table(client)
    play_game(start(client, table, ["Ана", "Боби", "Вики", "Гого"]))

    body = csv_body(client, table)
    assert body.startswith(codecs.BOM_UTF8 + b"match,date,")
    assert body.count(codecs.BOM_UTF8) == 1
    assert csv_rows(client, table)[1][4:8] == ["Ана", "Боби", "Вики", "Гого"]


@pytest.mark.django_db
def test_names_a_spreadsheet_would_take_for_formulas_are_written_as_text(client):
    roster = ['=HYPERLINK("http://x.example","y")', "+Ана", "-Боби", "@SUM(A1)"]
    table = create_table(client, players="\n".join(roster))
    play_game(start(client, table, roster))

    rows = csv_rows(client, table)
    assert rows[1][4:8] == ["'" + name for name in roster]
    assert not [cell for row in rows for cell in row if cell.startswith(FORMULA_START)]


@pytest.mark.parametrize("first", ["=", "+", "-", "@", "\t", "\r"])
def test_every_formula_start_gets_an_apostrophe_and_nothing_else_does(first):
    assert spreadsheet_safe([f"{first}1", f"a{first}", 7, ""]) == [f"'{first}1", f"a{first}", 7, ""]


@pytest.mark.django_db
def test_a_wrong_date_range_is_said_not_a_500(client):
    table = create_table(client)

    client.cookies.clear()
    page = client.get(table.get_view_url() + "?since=2026-13-40", HTTP_ACCEPT_LANGUAGE="ru")
    reversed_range = client.get(
        table.get_view_url() + "?since=2026-05-01&until=2026-01-01", HTTP_ACCEPT_LANGUAGE="ru"
    )
    json_range = client.get(reverse("calculator:table-stats", args=[table.view_key]) + "?until=x")

    assert page.status_code == 200 and "Введите правильную дату." in page.content.decode()
    assert "Первая дата не может быть позже второй." in reversed_range.content.decode()
    assert json_range.status_code == 400 and "until" in json.loads(json_range.content)["errors"]


@pytest.mark.django_db
def test_the_table_page_needs_few_queries_however_many_matches(
    client, django_assert_max_num_queries
):
    table = create_table(client)
    for _ in range(5):
        play_game(start(client, table, ["Ана", "Боби", "Вики", "Гого"]))
    client.get(table.get_view_url())

    with django_assert_max_num_queries(6):
        assert client.get(table.get_view_url()).status_code == 200
