"""A rematch in one tap: after a match of no table ends, its scorer gets the new-match form
filled in with the same teams, players, game and house rules, the next player dealing first."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from calculator import engine
from calculator.matches.rematch import rematch_initial
from calculator.matches.services import deal_record, match_state
from calculator.models import Match
from tests.calculator.conftest import create_match
from tests.calculator.french import create_french_match, record_french
from tests.calculator.test_table_http import create_table, start
from tests.html import form_data

pytestmark = pytest.mark.django_db

LEAD = (
    "The same teams, players, game and house rules; the next player deals first. Change what "
    "you like, then start the match."
)
PLAYERS = {"player_1": "Ана", "player_2": "Боби", "player_3": "Вики", "player_4": "Гого"}
# Everything a match is made with besides its teams, and its keys.
MADE_WITH = (
    "game",
    "games_to_win",
    "player_1",
    "player_2",
    "player_3",
    "player_4",
    "target",
    "declaration_comparison",
    "no_trumps_capot_doubled",
    "contra_tie",
    "capot_cannot_end_game",
    "house_rules",
)


def finish_belot(match: Match) -> Match:
    """All trumps made by the first team until the match is over."""
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
    )
    while not match_state(match).fold.match_over:
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()
    return match


def finish_classic(client, match: Match) -> Match:
    number = 1
    while not match_state(match).fold.match_over:
        record_french(client, match, number, card_points=162)
        match.refresh_from_db()
        number += 1
    return match


def rematch_url(match: Match) -> str:
    return reverse("calculator:rematch", args=[match.scorer_key])


def rematch(client, match: Match) -> Match:
    """The finished match's page offers a rematch; its form, sent as it comes, starts one."""
    assert rematch_url(match) in client.get(match.get_scorer_url()).content.decode()
    page = client.get(rematch_url(match))
    assert page.status_code == 200
    data = form_data(page.content, "stack")
    response = client.post(reverse("match-new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.get(scorer_key=response["Location"].split("/")[2])


def test_a_belot_rematch_has_the_finished_matchs_teams_players_and_house_rules(client):
    house_rules = {
        "target": "101",
        "declaration_comparison": "pool",
        "contra_tie": "bidders_hang",
        "no_trumps_capot_doubled": "on",
        "capot_cannot_end_game": "",
    }
    finished = create_match(
        client, team_a="Лъвове", team_b="Мечки", first_dealer="1", games_to_win="1",
        **PLAYERS, **house_rules,
    )  # fmt: skip
    finish_belot(finished)
    fold = match_state(finished).fold

    again = rematch(client, finished)

    assert (again.team_a, again.team_b) == ("Лъвове", "Мечки")
    assert {f: getattr(again, f) for f in MADE_WITH} == {f: getattr(finished, f) for f in MADE_WITH}
    assert (again.target, again.no_trumps_capot_doubled, again.capot_cannot_end_game) == (
        101,
        True,
        False,
    )
    # The player after the last deal's dealer deals first.
    last_dealer = fold.deals[-1].dealer
    assert again.first_dealer == (last_dealer + 1) % 4 == fold.dealer
    # A match of its own: new keys, no deals, no link to the finished one.
    assert again.pk != finished.pk and not again.deals.exists()
    assert {again.scorer_key, again.watch_key}.isdisjoint({finished.scorer_key, finished.watch_key})
    assert again.table is None and again.follows is None
    assert match_state(finished).fold == fold  # the finished match is as it was


def test_a_french_rematch_keeps_the_game_and_its_house_rules(client):
    finished = create_french_match(
        client, "classic", games_to_win="1", classic_target="501", classic_rounding="true",
        classic_tie="made", **PLAYERS,
    )  # fmt: skip
    finish_classic(client, finished)

    again = rematch(client, finished)

    assert {f: getattr(again, f) for f in MADE_WITH} == {f: getattr(finished, f) for f in MADE_WITH}
    assert again.house_rules["rounding"] is True and again.house_rules["tie"] == "made"
    assert again.first_dealer == match_state(finished).fold.dealer
    assert again.scorer_key != finished.scorer_key


def test_the_rematch_form_names_the_players_as_the_first_dealers(client):
    finished = finish_belot(create_match(client, games_to_win="1", **PLAYERS))

    html = client.get(rematch_url(finished)).content.decode()

    dealers = html.split('id="wrap-first_dealer"')[1].split("</fieldset>")[0]
    for name in PLAYERS.values():
        assert name in dealers


def test_a_rematch_is_offered_only_to_the_scorer_of_a_finished_match_of_no_table(client):
    playing = create_match(client, games_to_win="1")
    assert client.get(rematch_url(playing)).status_code == 404  # not over yet
    assert rematch_url(playing) not in client.get(playing.get_scorer_url()).content.decode()
    finished = finish_belot(playing)
    watch = reverse("calculator:rematch", args=[finished.watch_key])
    assert client.get(watch).status_code == 404
    assert "/rematch/" not in client.get(finished.get_watch_url()).content.decode()

    table = create_table(client)
    at_table = finish_belot(start(client, table, ["Ана", "Боби", "Вики", "Гого"], games=1))
    assert client.get(rematch_url(at_table)).status_code == 404
    assert rematch_url(at_table) not in client.get(at_table.get_scorer_url()).content.decode()


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_the_rematch_speaks_the_pages_language(client, language):
    finished = finish_belot(create_match(client, games_to_win="1"))

    phone = Client()  # another phone, in its own language (this one chose Bulgarian)
    page = phone.get(finished.get_scorer_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    form = phone.get(rematch_url(finished), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    with translation.override(language):
        assert f'rematch/">{gettext("Rematch")}</a>' in page
        assert gettext(LEAD) in form and LEAD not in form
        assert f'action="/{language}/match/new/"' in form


def test_a_coinche_rematch_keeps_no_trumps_and_all_trumps_and_their_house_rules(client):
    """The rematch's form is filled from the finished match's house rules by the same switches
    the home page offers, the newest among them."""
    finished = create_french_match(
        client, "coinche", contree_no_and_all_trumps="true",
        contree_all_trumps_belote="ten_each", contree_card_points_entry="raw", **PLAYERS,
    )  # fmt: skip
    initial = rematch_initial(finished, match_state(finished).fold)
    response = client.post("/bg/match/new/", {k: str(v) for k, v in initial.items()})
    assert response.status_code == 302, response.content.decode()[:2000]
    again = Match.objects.exclude(pk=finished.pk).get()
    assert again.game == "coinche" and again.house_rules == finished.house_rules
    assert again.house_rules["no_and_all_trumps"] is True
    assert again.house_rules["all_trumps_belote"] == "ten_each"
