"""A table that plays classic belote and coinche: each game's leaderboard and figures, the
deals entered through the forms, the expected counts evident from the deals."""

import json

import pytest
from django.utils import translation

from calculator.models import Table

from .french import record_french

pytestmark = pytest.mark.django_db

SEATS = {"seat_0": "Ана", "seat_1": "Боян", "seat_2": "Вера", "seat_3": "Гошо"}  # A: Ана, Вера

# Classic belote (taker, card points of the taker's team or a capot, belote): three contracts
# of team A (made, inside, made with its belote), two of team B (a litige, a capot).
CLASSIC = [
    {"bidders": "A", "points_team": "A", "card_points": "100"},  # 100 against 62: made
    {"bidders": "A", "points_team": "A", "card_points": "50"},  # 50 against 112: inside
    {"bidders": "B", "points_team": "B", "card_points": "81"},  # 81 against 81: a litige
    {"bidders": "B", "capot": "B"},  # B took every trick: made, a capot
    {"bidders": "A", "points_team": "A", "card_points": "90", "belote": "A"},  # made
]
# Coinche: team A takes three times at 80 (made with a terce, failed, made after a contre);
# team B bids capot and makes it, then 120 surcontred and fails it.
COINCHE = [
    {"bidders": "A", "bid": "80", "points_team": "A", "card_points": "100", "terces_a": "1"},
    {"bidders": "A", "bid": "80", "points_team": "A", "card_points": "70"},
    {"bidders": "A", "bid": "80", "contre": "contre", "points_team": "A", "card_points": "90"},
    {"bidders": "B", "bid": "250", "capot": "B"},
    {"bidders": "B", "bid": "120", "contre": "surcontre", "points_team": "B", "card_points": "60"},
]


def start(client, table, game):
    data = {**SEATS, "first_dealer": "0", "games_to_win": "3", "game": game}
    assert client.post(f"/t/{table.keeper_key}/match/", data).status_code == 302
    return table.matches.get(game=game)


@pytest.fixture
def table(client):
    table = Table.objects.create(name="Петък", players=["Ана", "Боян", "Вера", "Гошо"])
    for game, deals in (("classic", CLASSIC), ("coinche", COINCHE)):
        match = start(client, table, game)
        for number, fields in enumerate(deals, start=1):
            record_french(client, match, number, **{"contre": "none", **fields})
    return table


def stats_json(client, table):
    return json.loads(client.get(f"/t/{table.view_key}/stats.json").content)


def player(block, name):
    return next(entry for entry in block["players"] if entry["name"] == name)


def test_classic_figures_count_contracts_litiges_capots_and_belote(client, table):
    classic = next(game for game in stats_json(client, table)["games"] if game["game"] == "classic")
    a, b = player(classic, "Ана")["figures"], player(classic, "Боян")["figures"]

    assert (a["taken"], a["made"], a["inside"], a["litige"]) == (3, 2, 1, 0)
    assert (b["taken"], b["made"], b["inside"], b["litige"]) == (2, 1, 0, 1)
    assert (b["capots_made"], a["capots_suffered"], a["capots_made"]) == (1, 1, 0)
    assert (a["belotes"], b["belotes"]) == (1, 0)
    assert classic["total"]["figures"]["taken"] == 5
    assert classic["total"]["deals_played"] == 5


def test_coinche_figures_count_contracts_by_bid_and_contre_surcontre(client, table):
    coinche = next(game for game in stats_json(client, table)["games"] if game["game"] == "coinche")
    a, b = player(coinche, "Вера")["figures"], player(coinche, "Гошо")["figures"]

    assert (a["taken_80"], a["made_80"], a["taken"], a["made"], a["failed"]) == (3, 2, 3, 2, 1)
    assert (b["taken_capot"], b["made_capot"], b["taken_120"], b["made_120"]) == (1, 1, 1, 0)
    assert (a["contre_won"], a["contre_lost"], b["contre_won"], b["contre_lost"]) == (1, 0, 0, 1)
    assert (a["surcontre_won"], b["surcontre_lost"], b["surcontre_won"]) == (1, 1, 0)
    assert (b["capots_made"], a["capots_suffered"]) == (1, 1)
    assert (a["terces"], a["declaration_points"], b["terces"]) == (1, 20, 0)
    assert all(a[f"taken_{bid}"] == 0 for bid in (90, 100, 110, 130, 140, 150, 160))


def test_stats_json_keeps_its_keys_and_names_each_match_s_game(client, table):
    data = stats_json(client, table)

    assert [game["game"] for game in data["games"]] == ["classic", "coinche"]
    assert [match["game"] for match in data["matches"]] == ["classic", "coinche"]
    assert {"total", "players", "pairs", "head_to_head", "matches"} <= set(data)
    assert data["total"]["deals_played"] == 10
    assert "contracts" not in data["games"][0]["players"][0]  # belot's own figures stay belot's


@pytest.mark.parametrize(
    ("language", "classic", "coinche", "taken"),
    [
        ("bg", "Класически белот", "Контре с анонси (coinche)", "Взети"),
        ("uk", "Класичний белот", "Контре з комбінаціями (coinche)", "Взято"),
        ("ru", "Классический белот", "Контре с комбинациями (coinche)", "Взято"),
    ],
)
def test_the_table_shows_a_leaderboard_per_game_and_the_player_each_game_s_figures(
    client, table, language, classic, coinche, taken
):
    with translation.override(language):
        page = client.get(table.get_view_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        url = f"/t/{table.view_key}/player/0/"
        mine = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert page.count('<table class="board"') >= 2
    assert page.index(f">{classic}</h3>") < page.index(f">{coinche}</h3>")
    assert f">{classic}</h2>" in mine and f">{coinche}</h2>" in mine
    assert f'scope="col">{taken}</th>' in mine
    assert "Contracts" not in mine and "Leaderboard" not in page


def test_a_belot_only_table_has_one_leaderboard_and_its_game_in_stats_json(client):
    table = Table.objects.create(name="Петък", players=["Ана", "Боян", "Вера", "Гошо"])
    start(client, table, "belot")

    page = client.get(table.get_view_url(), HTTP_ACCEPT_LANGUAGE="bg").content.decode()
    data = stats_json(client, table)

    assert "<h3" not in page[: page.index('id="pairs-title"') if "pairs-title" in page else None]
    assert [game["game"] for game in data["games"]] == ["belot"]
    assert player(data["games"][0], "Ана") == player(data, "Ана")


def test_a_summary_stored_before_the_french_figures_is_folded_again(client, table):
    from calculator.matches.summary import STORED_FORMAT
    from calculator.models import MatchSummary

    stats_json(client, table)
    for summary in MatchSummary.objects.all():
        summary.data = {**summary.data, "format": 1}
        summary.data.pop("french", None)
        summary.save()

    classic = stats_json(client, table)["games"][0]

    assert player(classic, "Ана")["figures"]["taken"] == 3
    assert STORED_FORMAT > 1
    assert all(summary.data["format"] == STORED_FORMAT for summary in MatchSummary.objects.all())


def test_each_game_counts_its_own_pairs(client, table):
    """The same two pairs played a classic and a coinche match: over the table each pair has
    the ten deals of both, under each game only that game's five."""
    data = stats_json(client, table)
    pairs = {tuple(pair["players"]): pair for pair in data["pairs"]}
    assert {pair["deals_played"] for pair in pairs.values()} == {len(CLASSIC) + len(COINCHE)}
    deals = {"classic": len(CLASSIC), "coinche": len(COINCHE)}
    for game in data["games"]:
        assert {tuple(pair["players"]) for pair in game["pairs"]} == set(pairs)
        assert {pair["deals_played"] for pair in game["pairs"]} == {deals[game["game"]]}
        assert "figures" in game["pairs"][0]  # the game's own counts, as for its players
        assert game["head_to_head"] == []  # neither match is over (best of five)
