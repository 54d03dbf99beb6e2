"""A tournament's standings.json and standings.csv: the figures of the standings page,
in its order, each pair's matches, and names a spreadsheet would take for formulas."""

import codecs
import csv
import io
import json

import pytest
from django.urls import reverse
from django.utils.translation import gettext, override

from calculator import engine
from calculator.matches.services import deal_record
from calculator.shared.spreadsheet import FORMULA_START
from calculator.tournaments.state import tournament_state

from .test_tournament_hand import enter
from .test_tournament_http import LANGUAGES, PAIRS, create, finish, start_round, tables

FIVE = PAIRS + "\nИво / Йоана"  # an odd count: a bye every round


def get_json(client, key, language="bg"):
    response = client.get(
        reverse("calculator:standings-json", args=[key]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200, response.content[:500]
    return response, json.loads(response.content)


def get_csv(client, key, language="bg"):
    response = client.get(
        reverse("calculator:standings-csv", args=[key]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200, response.content[:500]
    return response, list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def two_rounds(client, pairs=FIVE):
    """Round 1 finished (table 1 to pair A, table 2 to pair B), round 2 with one deal saved."""
    tournament = create(client, pairs=pairs)
    start_round(client, tournament, 1)
    first, second = tables(tournament, 1)
    finish(first.match, engine.Team.A)
    finish(second.match, engine.Team.B)
    start_round(client, tournament, 2)
    half = tables(tournament, 2)[0].match
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
    )
    deal_record(match=half, version=half.version, number=1, deal=deal)
    return tournament


@pytest.mark.django_db
def test_standings_json_holds_the_standings_in_order_with_every_figure(client):
    tournament = two_rounds(client)
    state = tournament_state(tournament)

    _, data = get_json(client, tournament.view_key)

    assert data["format"] == 1
    assert data["tournament"] == {
        "name": "Купа Варна",
        "date": "2026-12-02",
        "game": "belot",
        "format": "swiss",
        "games_to_win": 1,
        "bye_points": 151,
        "rounds": 2,
        "rounds_in_all": None,
        "round_finished": False,
        "winner": None,
    }
    assert data["knockout"] is None  # Swiss rounds alone: no bracket
    lines = state.standings()
    assert [line["pair"] for line in data["standings"]] == [state.by_id[x.pair].name for x in lines]
    for line, standing in zip(data["standings"], lines, strict=True):
        for field in ("place", "seed", "wins", "losses", "byes", "played", "buchholz"):
            assert line[field] == getattr(standing, field)
        assert line["points_difference"] == standing.points_for - standing.points_against
        assert (line["points_for"], line["points_against"], line["head_to_head"]) == (
            standing.points_for,
            standing.points_against,
            standing.head_to_head,
        )
        assert line["withdrawn"] is False and len(line["players"]) == 2
        assert [match["round"] for match in line["matches"]] == sorted(
            match["round"] for match in line["matches"]
        )


@pytest.mark.django_db
def test_each_pairs_matches_say_opponent_score_result_and_bye(client):
    tournament = two_rounds(client)
    first, second = tables(tournament, 1)
    state = tournament_state(tournament)
    _, data = get_json(client, tournament.view_key)
    by_name = {line["pair"]: line["matches"] for line in data["standings"]}

    table = state.rounds[0].tables[0]
    winner, loser = first.pair_a.name, first.pair_b.name
    won = by_name[winner][0]
    assert won == {
        "round": 1,
        "bye": False,
        "table": 1,
        "opponent": loser,
        "points": list(table.points),
        "result": "won",
        "by_hand": False,
    }
    assert by_name[loser][0]["result"] == "lost"
    assert by_name[loser][0]["points"] == list(table.points[::-1])
    assert by_name[second.pair_b.name][0]["result"] == "won"
    assert by_name["Иво & Йоана"][0] == {
        "round": 1,
        "bye": True,
        "table": None,
        "opponent": None,
        "points": [151, 0],
        "result": "won",
        "by_hand": False,
    }
    playing = tables(tournament, 2)[0]
    row = by_name[playing.pair_a.name][1]
    assert row["result"] == "playing" and row["points"][0] > 0
    assert sum(len(matches) for matches in by_name.values()) == 2 * 2 + 1 + 2 * 2 + 1


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_exports_are_the_same_in_every_language_and_linked_from_the_standings(client, language):
    tournament = two_rounds(client)
    _, data_bg = get_json(client, tournament.view_key, "bg")
    _, data = get_json(client, tournament.view_key, language)
    _, rows_bg = get_csv(client, tournament.view_key, "bg")
    _, rows = get_csv(client, tournament.view_key, language)
    assert data == data_bg and rows == rows_bg  # codes and figures, nothing translated

    client.cookies.load({"django_language": language})
    for url in (tournament.get_view_url(), tournament.get_keeper_url()):
        page = client.get(url).content.decode()
        assert f'lang="{language}"' in page
        assert reverse("calculator:standings-csv", args=[url.split("/")[2]]) in page
        assert reverse("calculator:standings-json", args=[url.split("/")[2]]) in page
        with override(language):
            assert gettext("Standings for a spreadsheet (CSV)") in page
            assert gettext("Standings as data (JSON)") in page


@pytest.mark.django_db
def test_standings_csv_is_one_row_a_pair_with_a_byte_order_mark(client):
    tournament = two_rounds(client)
    response, rows = get_csv(client, tournament.view_key)
    _, data = get_json(client, tournament.view_key)

    assert response.content.startswith(codecs.BOM_UTF8 + b"place,seed,pair,")
    assert response.content.count(codecs.BOM_UTF8) == 1
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    header, body = rows[0], rows[1:]
    assert header[-7:] == [
        "tournament",
        "date",
        "game",
        "format",
        "rounds",
        "knockout_size",
        "winner",
    ]
    assert "round_2_opponent" in header and "round_3_opponent" not in header
    assert len(body) == 5 and all(len(row) == len(header) for row in body)
    for row, line in zip(body, data["standings"], strict=True):
        cells = dict(zip(header, row, strict=True))
        assert cells["pair"] == line["pair"] and cells["place"] == str(line["place"])
        assert cells["points_difference"] == str(line["points_difference"])  # "-87", no "'"
        assert cells["buchholz"] == str(line["buchholz"])
        assert cells["tournament"] == "Купа Варна" and cells["rounds"] == "2"
        first = line["matches"][0]
        assert cells["round_1_result"] == ("bye" if first["bye"] else first["result"])
        assert cells["round_1_score"] == "{}:{}".format(*first["points"])
        assert cells["round_1_opponent"] == (first["opponent"] or "")
        # 1 or 0 for a match; a bye's is empty (docs/tournaments.md), like its table
        by_hand = "" if first["bye"] else str(int(first["by_hand"]))
        assert cells["round_1_by_hand"] == by_hand and cells["round_1_table"] == str(
            first["table"] or ""
        )
    byes = [row for row in body if row[header.index("round_1_result")] == "bye"]
    assert len(byes) == 1 and byes[0][header.index("round_1_by_hand")] == ""
    assert any(row[header.index("points_difference")].startswith("-") for row in body)


@pytest.mark.django_db
def test_names_a_spreadsheet_would_take_for_formulas_are_written_as_text(client):
    names = "=SUM(A1) / +Ана\n-Боби / @cmd|' /C calc'!A0\nВики / Гого\nДани / Ели"
    tournament = two_rounds(client, pairs=names)
    _, rows = get_csv(client, tournament.view_key)
    header, body = rows[0], rows[1:]

    players = {cell for row in body for cell in row[3:5]}
    assert {"'=SUM(A1)", "'+Ана", "'-Боби", "'@cmd|' /C calc'!A0"} <= players
    texts = [cell for row in body for cell in row if not cell.lstrip("-").isdigit()]
    assert not [cell for cell in texts if cell.startswith(FORMULA_START)]
    opponents = [row[header.index("round_1_opponent")] for row in body]
    assert "'=SUM(A1) & +Ана" in opponents or "'-Боби & @cmd|' /C calc'!A0" in opponents
    _, data = get_json(client, tournament.view_key)  # the JSON keeps the names as they are
    assert "=SUM(A1)" in {player for line in data["standings"] for player in line["players"]}


@pytest.mark.django_db
def test_the_exports_open_with_either_link_and_the_organizers_is_never_stored(
    client, django_assert_max_num_queries
):
    tournament = two_rounds(client)
    public, _ = get_json(client, tournament.view_key)
    assert "no-store" not in public.get("Cache-Control", "")
    for name in ("standings-json", "standings-csv"):
        keeper = client.get(reverse(f"calculator:{name}", args=[tournament.keeper_key]))
        assert keeper["Cache-Control"] == "private, no-store"
        wrong = client.get(reverse(f"calculator:{name}", args=["x" * 24]))
        assert wrong.status_code == 404
        posted = client.post(reverse(f"calculator:{name}", args=[tournament.view_key]))
        assert posted.status_code == 405
    with django_assert_max_num_queries(8):
        get_json(client, tournament.view_key)


@pytest.mark.django_db
def test_a_tournament_before_its_first_round_exports_its_pairs(client):
    tournament = create(client)
    _, data = get_json(client, tournament.view_key)
    _, rows = get_csv(client, tournament.view_key)
    assert data["tournament"]["rounds"] == 0 and data["tournament"]["round_finished"] is True
    assert [line["matches"] for line in data["standings"]] == [[]] * 4
    assert len(rows) == 5 and "round_1_opponent" not in rows[0]


@pytest.mark.django_db
def test_a_result_entered_by_hand_is_exported_as_such(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    first, second = tables(tournament, 1)
    assert enter(client, tournament, first, (87, 151)).status_code == 302
    finish(second.match, engine.Team.A)

    _, data = get_json(client, tournament.view_key)
    rows = {line["pair"]: line["matches"][0] for line in data["standings"]}
    assert rows[first.pair_b.name] == {
        "round": 1,
        "bye": False,
        "table": 1,
        "opponent": first.pair_a.name,
        "points": [151, 87],
        "result": "won",
        "by_hand": True,
    }
    assert rows[first.pair_a.name]["result"] == "lost" and rows[first.pair_a.name]["by_hand"]
    assert rows[second.pair_a.name]["by_hand"] is False
    _, csv_rows = get_csv(client, tournament.view_key)
    winner = next(row for row in csv_rows if row[2] == first.pair_b.name)
    assert winner[csv_rows[0].index("round_1_score")] == "151:87"
