"""Choosing the game where a match is made: the home page's form and a table's "Start a
match", with and without JavaScript (every game's house rules on the page, only the chosen
game's read), the FFB's defaults preselected."""

import re

import pytest
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from calculator.engine import GAMES
from calculator.models import Match, Table
from tests.calculator.french import create_french_match

pytestmark = pytest.mark.django_db


def test_the_home_page_offers_the_four_games_as_big_buttons_belot_chosen(client):
    html = client.get("/bg/").content.decode()
    games = re.findall(r'type="radio" name="game" value="(\w+)"([^>]*)>', html)
    assert [value for value, _attrs in games] == ["belot", "classic", "contree", "coinche"]
    assert "checked" in games[0][1]
    assert 'class="choices games"' in html


def test_every_game_s_house_rules_are_on_the_page_with_the_ffb_defaults(client):
    html = client.get("/uk/").content.decode()
    for rules in ("belot", "classic", "contree coinche"):
        assert f'data-rules-of="{rules}"' in html
    checked = dict(re.findall(r'name="((?:classic|contree)_\w+)" value="(\w+)"[^>]*checked', html))
    assert checked == {
        "classic_target": "501",
        "classic_rounding": "false",
        "classic_tie": "litige",
        "classic_declarations": "true",
        "contree_target": "701",
        "contree_rounding": "true",
        "contree_failed_base": "160",
        "contree_failed_belote": "kept",
        "contree_surcontre": "4",
        "contree_scoring": "points_and_bid",
        "contree_no_and_all_trumps": "false",  # a house rule, off by default
        "contree_all_trumps_belote": "any_suit",
        "contree_card_points_entry": "on_162",
    }
    with translation.override("uk"):
        labels = [gettext("Equal totals"), gettext("A failed contract gives the defence")]
    assert all(f">{escape(label)}<" in html for label in labels), labels


def test_a_match_posted_without_a_game_is_bulgarian_belot_as_before(client):
    response = client.post(
        "/bg/match/new/",
        {"team_a": "Ние", "team_b": "Вие", "first_dealer": "0", "target": "151",
         "declaration_comparison": "separate", "contra_tie": "all_hang"},
    )  # fmt: skip
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.game == "belot" and match.house_rules is None and match.target == 151


def test_only_the_chosen_game_s_rules_are_read_as_without_javascript(client):
    # Without JavaScript every fieldset is posted: belot's, classic's and contrée's.
    match = create_french_match(
        client,
        "contree",
        target="999",  # belot's field, not read for contrée
        declaration_comparison="pool",
        classic_target="1000",
        contree_target="2000",
        contree_surcontre="3",
        contree_scoring="bid_only",
    )
    profile = match.profile
    assert (profile.target, profile.surcontre, profile.scoring) == (2000, 3, "bid_only")
    assert profile.declarations is False and match.target == 2000
    assert match.declaration_comparison == "separate"  # belot's columns keep their defaults


def test_coinche_is_contree_with_declarations(client):
    match = create_french_match(client, "coinche")
    assert match.profile == GAMES["coinche"].default_profile
    assert match.profile.declarations is True


def test_a_house_rule_that_is_not_offered_is_refused(client):
    response = client.post(
        "/bg/match/new/",
        {"team_a": "Ние", "team_b": "Вие", "first_dealer": "0", "game": "classic",
         "classic_target": "777"},
    )  # fmt: skip
    assert response.status_code == 400
    assert not Match.objects.exists()


def test_a_table_starts_a_match_of_the_chosen_game_with_its_house_rules(client):
    table = Table.objects.create(name="Петък", players=["Ана", "Боян", "Вера", "Гошо"])
    page = client.get(f"/t/{table.keeper_key}/").content.decode()
    assert 'name="game" value="coinche"' in page and 'name="contree_target"' in page
    response = client.post(
        f"/t/{table.keeper_key}/match/",
        {"seat_0": "Ана", "seat_1": "Боян", "seat_2": "Вера", "seat_3": "Гошо",
         "first_dealer": "0", "games_to_win": "1", "game": "classic", "classic_target": "1000",
         "classic_tie": "inside"},
    )  # fmt: skip
    assert response.status_code == 302
    match = Match.objects.get(table=table)
    assert match.game == "classic" and match.target == 1000
    assert match.profile.tie == "inside"
