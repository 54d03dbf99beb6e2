"""A table that plays belot and contrée: its page's pairs, win chart and head to head, and a
player's figures and charts, each counted over its own game's matches, as stats.json counts
them."""

import json

import html5lib
import pytest
from django.utils import translation
from django.utils.translation import gettext

from calculator import engine
from calculator.matches.services import deal_record, match_state
from calculator.models import Match, Table
from tests.calculator.test_table_http import play_game
from tests.html import assert_valid_html

pytestmark = pytest.mark.django_db

ROSTER = ["Ана", "Боби", "Вики", "Гого"]
# Belot: Ана & Вики beat Боби & Гого. Contrée: Вики & Гого beat Ана & Боби. Each pair played
# one game; Ана won one game of two, her belot one.
BELOT_SEATS = ["Ана", "Боби", "Вики", "Гого"]
CONTREE_SEATS = ["Вики", "Ана", "Гого", "Боби"]
PAIRS = {
    "belot": {"Ана & Вики": "1/1", "Боби & Гого": "0/1"},
    "contree": {"Вики & Гого": "1/1", "Ана & Боби": "0/1"},
}
WINNERS = {"belot": {"Ана", "Вики"}, "contree": {"Вики", "Гого"}}
# Each line names the pair placed higher in the pairs' table first, whatever the alphabet says.
HEAD_TO_HEAD = {"belot": "Ана & Вики 1:0 Боби & Гого", "contree": "Вики & Гого 1:0 Ана & Боби"}
# Ана's games won and her partner in each game
WON = {"belot": "1 / 1", "contree": "0 / 1"}
PARTNER = {"belot": "Вики", "contree": "Боби"}
SVG_TITLE = "{http://www.w3.org/2000/svg}title"  # a chart's, as html5lib names it


def start(client, table, seats, game):
    data = {f"seat_{n}": name for n, name in enumerate(seats)}
    data |= {"first_dealer": "0", "games_to_win": "1", "game": game}
    response = client.post(f"/t/{table.keeper_key}/match/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.get(scorer_key=response["Location"].split("/")[2])


def play_contree(match):
    """Team A bids 80 and makes it with 100 card points until the match is over: team B
    scores too."""
    team = engine.Team.A
    deal = engine.ContreeDeal(
        team, 80, engine.Suit.HEARTS, card_points=engine.CardPoints(team, 100)
    )
    while not match_state(match).fold.match_over:
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()


@pytest.fixture
def table(client):
    table = Table.objects.create(name="Петък", players=ROSTER)
    play_game(start(client, table, BELOT_SEATS, "belot"))
    play_contree(start(client, table, CONTREE_SEATS, "contree"))
    return table


def parse(client, url, language):
    with translation.override(language):
        content = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert_valid_html(content)
    return html5lib.parse(content, namespaceHTMLElements=False)


def text(element) -> str:
    return " ".join("".join(element.itertext()).split())


def after_heading(section, heading_id) -> list:
    """The elements of ``section`` after its heading ``heading_id``, up to the next heading."""
    found, inside = [], False
    for child in section:
        if child.tag in ("h2", "h3"):
            inside = child.get("id") == heading_id
        elif inside:
            found.append(child)
    return found


def spans(elements, name) -> list[str]:
    return [text(s) for element in elements for s in element.iter("span") if s.get("class") == name]


def bar_names(elements) -> list[str]:
    return spans(elements, "bar-name")


def bar_values(elements) -> list[str]:
    return spans(elements, "bar-value")


def section(document, heading_id):
    return next(s for s in document.iter("section") if s.get("aria-labelledby") == heading_id)


def rows(document, labelledby) -> dict[str, str]:
    """A board's rows: the name in its heading cell, the matches won / played."""
    table = next(t for t in document.iter("table") if t.get("aria-labelledby") == labelledby)
    return {text(row[0]): text(row[1]) for row in table.find("tbody")}


def stats_json(client, table) -> dict:
    data = json.loads(client.get(f"/t/{table.view_key}/stats.json").content)
    return {game["game"]: game for game in data["games"]}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_each_game_s_pairs_chart_and_head_to_head_count_that_game_only(client, table, language):
    page = parse(client, table.get_view_url(), language)
    games = stats_json(client, table)
    board = section(page, "board-title")

    for game, pairs in PAIRS.items():
        assert rows(page, f"pairs-{game}") == pairs
        assert rows(page, f"pairs-{game}") == {
            " & ".join(pair["players"]): f"{pair['matches_won']}/{pair['matches_played']}"
            for pair in games[game]["pairs"]
        }
        h2h = after_heading(section(page, "h2h-title"), f"h2h-{game}")
        assert [text(li) for ul in h2h for li in ul.iter("li")] == [HEAD_TO_HEAD[game]]
        bars = after_heading(board, f"board-{game}")
        sign = " %" if language == "bg" else "%"  # Bulgarian "100 %", with a no-break space
        assert dict(zip(bar_names(bars), bar_values(bars), strict=True)) == {
            name: f"100{sign} · 1/1" if name in WINNERS[game] else f"0{sign} · 0/1"
            for name in ROSTER
        }
    with translation.override(language):
        names = [gettext("Bulgarian belot"), gettext("Contrée")]
    for heading in ("board-title", "pairs-title", "h2h-title"):
        assert [text(h3) for h3 in section(page, heading).iter("h3")] == names


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_player_s_figures_and_charts_are_each_game_s_own(client, table, language):
    page = parse(client, f"/t/{table.view_key}/player/0/", language)
    games = stats_json(client, table)
    with translation.override(language):
        games_won = gettext("Games won")
        title = gettext("Points over time, match by match: %(points)s in all")

    assert not page.find(".//main/dl")  # no figures of both games added up
    for game, partner in PARTNER.items():
        figures = section(page, f"figures-{game}")
        dl = figures.find("dl")
        terms = dict(zip(map(text, dl.iter("dt")), map(text, dl.iter("dd")), strict=True))
        assert terms[games_won].startswith(WON[game])
        assert bar_names(figures.iter("figure")) == [partner]
        points = next(p for p in games[game]["players"] if p["name"] == "Ана")["points"]
        assert points > 0
        assert [text(svg_title) for svg_title in figures.iter(SVG_TITLE)] == [
            title % {"points": points}
        ]


def test_a_belot_only_table_s_pages_show_the_figures_they_always_did(client):
    table = Table.objects.create(name="Петък", players=ROSTER)
    play_game(start(client, table, BELOT_SEATS, "belot"))
    page = parse(client, table.get_view_url(), "bg")
    player = parse(client, f"/t/{table.view_key}/player/0/", "bg")

    assert rows(page, "pairs-title") == PAIRS["belot"]
    assert rows(page, "board-title")["Ана"] == "1/1"
    assert not list(page.iter("h3")) and not list(player.iter("section"))
    assert bar_names(player.iter("figure")) == ["Вики"]
    assert [t.get("id") for t in player.iter(SVG_TITLE)] == ["points-title"]


def test_head_to_head_follows_the_pairs_table_not_the_alphabet(client):
    # Belot only. Боби & Гого beat Ана & Вики first; then Боби & Вики beat Ана & Гого two games
    # to none, which puts them first in the pairs' table (then Боби & Гого, Ана & Вики, Ана &
    # Гого). Head to head lists its lines in that order, each the higher pair first.
    table = Table.objects.create(name="Петък", players=ROSTER)
    play_game(start(client, table, ["Ана", "Боби", "Вики", "Гого"], "belot"), engine.Team.B)
    match = start(client, table, ["Боби", "Ана", "Вики", "Гого"], "belot")
    match.games_to_win = 2
    match.save(update_fields=["games_to_win"])
    play_game(match)
    play_game(match)
    page = parse(client, table.get_view_url(), "bg")

    assert list(rows(page, "pairs-title")) == [
        "Боби & Вики",
        "Боби & Гого",
        "Ана & Вики",
        "Ана & Гого",
    ]
    lines = [text(li) for ul in after_heading(section(page, "h2h-title"), "h2h-title") for li in ul]
    assert lines == ["Боби & Вики 1:0 Ана & Гого", "Боби & Гого 1:0 Ана & Вики"]
