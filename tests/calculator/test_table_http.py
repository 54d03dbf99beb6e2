"""A table over HTTP: its links, its forms, stats.json and the CSV, in three languages."""

import codecs
import csv
import io
import json
import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, override

from calculator import engine
from calculator.matches.services import deal_record, match_state
from calculator.models import Match, Table
from calculator.shared.names import pair_name
from calculator.shared.spreadsheet import FORMULA_START, spreadsheet_safe
from calculator.tables.services import IN_TOURNAMENT, table_match_add
from tests.calculator.test_french_deals import rule_fields
from tests.calculator.test_tournament_http import create as create_tournament
from tests.calculator.test_tournament_http import start_round
from tests.calculator.test_tournament_http import tables as round_tables
from tests.html import read

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
    page = read(client.get(match.get_scorer_url(), HTTP_ACCEPT_LANGUAGE="bg").content.decode())
    assert "Победител в мача: отбор „Ана &amp; Вики“ (1:0 игри)." in page
    assert f'href="{reverse("calculator:deal-new", args=[match.scorer_key])}"' not in page
    refused = client.post(reverse("calculator:all-passed", args=[match.scorer_key]),
                          {"number": "7", "version": str(match.version + 6)})  # fmt: skip
    assert refused.status_code == 302 and match.deals.count() == 6
    new_deal = client.get(reverse("calculator:deal-new", args=[match.scorer_key]), follow=True)
    assert "Мачът свърши: спечели го отбор „Ана &amp; Вики“ с 1:0 игри." in read(
        new_deal.content.decode()
    )


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
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_tournaments_match_joins_no_table(client, language):
    """Its result counts in the tournament: neither a table's "add a match" nor a new table
    from it takes it (its page offers no new table), and nothing is written."""
    tournament = create_tournament(client)
    assert start_round(client, tournament, 1).status_code == 302
    match = round_tables(tournament, 1)[0].match
    table = create_table(client)
    roster = list(table.players)
    url = reverse("calculator:table-add", args=[table.keeper_key])
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    phone.cookies.load({"django_language": language})

    added = phone.post(url, {"link": f"https://x/m/{match.scorer_key}/"})
    made = phone.post(
        f"/{language}/table/new/?match={match.scorer_key}", {"name": "Петък", "players": ROSTER}
    )

    with override(language):
        refusal = escape(gettext(IN_TOURNAMENT))
    for response in (added, made):
        assert response.status_code == 400 and refusal in response.content.decode()
    with pytest.raises(ValidationError):
        table_match_add(table=table, match=match)
    match.refresh_from_db()
    table.refresh_from_db()
    assert match.table is None and table.players == roster
    assert Table.objects.count() == 1
    page = phone.get(f"/m/{match.scorer_key}/").content.decode()
    assert reverse("table-new") not in page


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


def finished_match(client, rules=None):
    """A best-of-1 table match, over: Ана & Вики won it. ``rules``: its house rules."""
    table = create_table(client)
    match = start(client, table, ["Ана", "Боби", "Вики", "Гого"], games=1)
    Match.objects.filter(pk=match.pk).update(**(rules or {}))
    match.refresh_from_db()
    while not match_state(match).fold.match_over:
        deal = engine.PlayedDeal(
            engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
        )
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()
    return table, match


def next_page(client, match):
    return client.get(reverse("calculator:match-next", args=[match.scorer_key]))


def start_next(client, match, seats, version=None, first_dealer=1):
    url = reverse("calculator:match-next", args=[match.scorer_key])
    data = {f"seat_{n}": name for n, name in enumerate(seats)}
    version = match.version if version is None else version
    return client.post(url, {**data, "first_dealer": str(first_dealer), "version": version})


@pytest.mark.django_db
def test_the_scorer_starts_the_next_match_with_the_same_rules_and_never_sees_the_keepers_key():
    keeper, scorer = Client(), Client()  # the scorer only ever had the match's link
    rules = {"target": 101, "declaration_comparison": "pool", "contra_tie": "bidders_hang"}
    table, match = finished_match(keeper, rules)

    page = scorer.get(match.get_scorer_url()).content.decode()
    assert reverse("calculator:match-next", args=[match.scorer_key]) in page
    shown = next_page(scorer, match).content.decode()
    # The seats moved on: Ана stays, the others one seat on, so that the partners change.
    for seat, name in enumerate(["Ана", "Вики", "Гого", "Боби"]):
        assert f'<option value="{name}" selected>' in shown.split(f'name="seat_{seat}"')[1]
    response = start_next(scorer, match, ["Ана", "Гого", "Вики", "Боби"])

    following = Match.objects.get(follows=match)
    assert response["Location"] == following.get_scorer_url()
    assert following.table == table and following.players == ["Ана", "Гого", "Вики", "Боби"]
    assert following.team_a == "Ана & Вики" and following.first_dealer == 1
    assert {name: getattr(following, name) for name in rules} == rules
    assert following.games_to_win == 1 and following.capot_cannot_end_game
    for html in (page, shown, scorer.get(following.get_scorer_url()).content.decode()):
        assert table.keeper_key not in html
    finished = scorer.get(match.get_scorer_url()).content.decode()
    assert following.get_scorer_url() in finished  # "Go to the next match"
    watching = scorer.get(match.get_watch_url()).content.decode()
    assert following.get_watch_url() in watching and following.scorer_key not in watching


@pytest.mark.django_db
def test_a_second_tap_or_a_second_phone_opens_the_same_next_match(client):
    _table, match = finished_match(client)
    version = match.version
    first = start_next(client, match, ["Ана", "Вики", "Гого", "Боби"], version)
    second = start_next(Client(), match, ["Ана", "Боби", "Вики", "Гого"], version)

    assert Match.objects.filter(follows=match).count() == 1
    assert first["Location"] == second["Location"]
    following = Match.objects.get(follows=match)
    assert following.players == ["Ана", "Вики", "Гого", "Боби"]
    assert next_page(client, match)["Location"] == following.get_scorer_url()


@pytest.mark.django_db
def test_next_match_from_a_page_older_than_a_reopening_correction_starts_nothing(client):
    _table, match = finished_match(client)
    seen = match.version
    delete_url = reverse("calculator:deal-delete", args=[match.scorer_key, match.deals.count()])
    assert client.post(delete_url, {"version": seen}).status_code == 302  # the match is open again

    response = start_next(client, match, ["Ана", "Вики", "Гого", "Боби"], seen)

    assert response.status_code == 302 and response["Location"] == match.get_scorer_url()
    assert not Match.objects.filter(follows=match).exists()
    assert next_page(client, match).status_code == 404


@pytest.mark.django_db
def test_next_match_is_only_for_a_finished_table_match_and_its_scorer(client):
    table = create_table(client)
    match = start(client, table, ["Ана", "Боби", "Вики", "Гого"], games=1)
    assert next_page(client, match).status_code == 404  # not over
    play_game(match)
    match.refresh_from_db()
    url = reverse("calculator:match-next", args=[match.watch_key])
    assert client.get(url).status_code == 404
    assert client.post(url, {"version": match.version}).status_code == 404
    response = start_next(client, match, ["Ана", "Ана", "Гого", "Боби"])
    assert response.status_code == 400
    assert "Изберете четирима различни играчи" in response.content.decode()
    assert not Match.objects.filter(follows=match).exists()


@pytest.mark.django_db
def test_the_first_dealer_is_chosen_among_the_names_in_the_seats(client):
    table = create_table(client)
    page = client.get(table.get_keeper_url()).content.decode()
    dealers = page.split('id="wrap-first_dealer"')[1].split("</fieldset>")[0]
    assert re.findall(r"<span>([^<]*)</span>", dealers) == ["Ана", "Боби", "Вики", "Гого"]
    url = reverse("calculator:table-match", args=[table.keeper_key])
    seats = {"seat_0": "Ана", "seat_1": "Гого", "seat_2": "Гого", "seat_3": "Боби"}
    refused = client.post(url, {**seats, "first_dealer": "0", "games_to_win": "1"})
    dealers = refused.content.decode().split('id="wrap-first_dealer"')[1].split("</fieldset>")[0]
    assert refused.status_code == 400  # the seats as they were chosen come back
    assert re.findall(r"<span>([^<]*)</span>", dealers) == ["Ана", "Гого", "Гого", "Боби"]


@pytest.mark.parametrize(
    ("first", "second", "name"),
    [
        ("Ана", "Боби", "Ана & Боби"),
        ("Ана", "П" * 40, "Ана & " + "П" * 33 + "…"),  # a whole name never gets "…"
        ("М" * 36, "Иван", "М" * 32 + "… & Иван"),
        ("М" * 30, "П" * 30, "М" * 17 + "… & " + "П" * 18 + "…"),
        ("М" * 18, "П" * 19, "М" * 18 + " & " + "П" * 19),  # 40 exactly
    ],
    ids=["short", "the second long", "the first long", "both long", "40 exactly"],
)
def test_a_pairs_name_cuts_only_a_name_that_does_not_fit(first, second, name):
    made = pair_name(first, second)
    assert made == name and len(made) <= 40


@pytest.mark.django_db
def test_hostile_names_survive_the_next_match_and_the_sheets_winner(client):
    names = ["100% <b>{x}</b>", "%(x)s {0} %s", "Я" * 40, "שלום עולם"]
    table = create_table(client, "uk", "\n".join(names))
    match = start(client, table, names, games=1)
    while not match_state(match).fold.match_over:
        deal = engine.PlayedDeal(
            engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
        )
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()
    shown = next_page(client, match)
    assert shown.status_code == 200
    for name in names:
        assert escape(name) in shown.content.decode()
    response = start_next(client, match, [names[0], names[2], names[3], names[1]])
    following = Match.objects.get(follows=match)
    assert response["Location"] == following.get_scorer_url()
    assert following.team_a == "100% <b>{x}</b> & שלום עולם"
    assert following.team_b == "Я" * 24 + "… & %(x)s {0} %s"  # 40 characters
    page = client.get(following.get_scorer_url()).content.decode()
    assert escape(following.team_a) in page and escape(following.team_b) in page
    sheet = client.get(reverse("calculator:sheet", args=[match.watch_key])).content.decode()
    assert '<p class="match-over">' in sheet and escape(match.team_a) in sheet


@pytest.mark.django_db
def test_the_next_match_of_a_coinche_match_is_coinche_with_its_house_rules(client):
    table = create_table(client)
    profile = engine.ContreeProfile(declarations=True, target=1000, surcontre=3)
    url = reverse("calculator:table-match", args=[table.keeper_key])
    seats = {f"seat_{n}": name for n, name in enumerate(["Ана", "Боби", "Вики", "Гого"])}
    fields = {**seats, "first_dealer": "0", "games_to_win": "1", "game": "coinche"}
    response = client.post(url, {**fields, **rule_fields("coinche", profile)})
    match = Match.objects.get(scorer_key=response["Location"].split("/")[2])
    assert match.game == "coinche" and match.profile == profile
    made = engine.ContreeDeal(
        engine.Team.A, 160, engine.Suit.HEARTS, card_points=engine.CardPoints(engine.Team.A, 162)
    )
    while not match_state(match).fold.match_over:
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=made)
        match.refresh_from_db()
    assert match.deals.count() > 3  # 1000, not coinche's usual 701

    start_next(client, match, ["Ана", "Гого", "Вики", "Боби"])
    following = Match.objects.get(follows=match)
    assert following.game == "coinche" and following.house_rules == match.house_rules
    assert following.profile == profile and following.target == 1000
    with override("bg"):
        game = following.get_game_display()
    assert escape(game) in client.get(following.get_scorer_url()).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_the_house_rules_panel_says_a_tables_belot_keeps_the_usual_rules(client, language):
    """Belot's house rules are not chosen at a table (its matches compare like with like): the
    panel says so for belot, where the French games' switches are (the page's script shows the
    chosen game's alone)."""
    table = create_table(client)
    client.cookies.load({"django_language": language})  # the table's pages: the last chosen
    html = client.get(table.get_keeper_url()).content.decode()
    with override(language):
        belot = gettext(
            "At a table, Bulgarian belot is always played by the usual rules, so that its "
            "statistics compare like with like."
        )
    assert f'<p class="help" data-rules-of="belot">{escape(belot)}</p>' in html
    assert 'data-rules-of="classic contree coinche"' in html
