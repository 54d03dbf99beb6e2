"""A result entered by hand for a table that kept the score on paper: it counts as
a played match does, it is marked as entered by hand, it is refused in words when it has no
winner, when its match has deals, or when the page it was typed on is out of date."""

import html5lib
import pytest
from django.urls import reverse
from django.utils.translation import gettext, override

from calculator import engine
from calculator.matches.services import deal_record
from calculator.models import Match, Tournament, TournamentTable
from calculator.tournaments.services import (
    HAND_GAMES,
    HAND_HAS_DEALS,
    HAND_NOT_CURRENT,
    HAND_STALE,
    HAND_TIE,
)
from calculator.tournaments.state import tournament_state, tournament_version
from tests.html import assert_valid_html

from .test_tournament_http import HOSTILE, LANGUAGES, create, finish, said, start_round, tables


def enter(client, tournament, table, points, games=None, version=None, key=None, language="bg"):
    url = reverse(
        "calculator:tournament-hand-result", args=[key or tournament.keeper_key, table.pk]
    )
    data = {
        "version": version or seen(tournament),
        "points_a": str(points[0]),
        "points_b": str(points[1]),
    }
    if games is not None:
        data.update(games_a=str(games[0]), games_b=str(games[1]))
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)


def seen(tournament) -> str:
    """The version the organizer's page shows now."""
    return tournament_version(Tournament.objects.get(pk=tournament.pk))


def by_seed(tournament):
    """The standings with each pair as its seed, so two tournaments' can be compared."""
    state = tournament_state(tournament)
    seed = {pair.pk: pair.seed for pair in state.pairs}
    return [
        (seed[line.pair], line.wins, line.points_for, line.points_against, line.buchholz)
        for line in state.standings()
    ]


def hand_fields(table):
    table.refresh_from_db()
    return table.hand_points_a, table.hand_points_b, table.hand_games_a, table.hand_games_b


@pytest.mark.django_db
@pytest.mark.parametrize("games_to_win", ["1", "2"])
def test_a_hand_result_counts_in_the_standings_as_the_same_result_played(client, games_to_win):
    played = create(client, games_to_win=games_to_win)
    by_hand = create(client, games_to_win=games_to_win)
    for tournament in (played, by_hand):
        start_round(client, tournament, 1)
    for number, team in ((0, engine.Team.B), (1, engine.Team.A)):
        finish(tables(played, 1)[number].match, team, points=200)
    played_state = tournament_state(played)
    for number, table in enumerate(played_state.rounds[0].tables):
        hand_table = tables(by_hand, 1)[number]
        response = enter(client, by_hand, hand_table, table.points, games=table.games_won)
        assert response.status_code == 302, response.content.decode()[:2000]
    assert by_seed(by_hand) == by_seed(played)
    assert by_seed(played)[0][1] == 1  # the standings have winners, so the check can fail
    # and the next round is paired from them alike
    for tournament in (played, by_hand):
        assert start_round(client, tournament, 2).status_code == 302
    pairings = [
        [(t.pair_a.seed, t.pair_b.seed) for t in tables(tournament, 2)]
        for tournament in (played, by_hand)
    ]
    assert pairings[0] == pairings[1]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hand_result_is_marked_on_the_organizers_and_the_public_page(client, language):
    tournament = create(client, language)
    client.cookies.load({"django_language": language})
    start_round(client, tournament, 1, language)
    table = tables(tournament, 1)[0]
    keeper = client.get(tournament.get_keeper_url())
    assert said(
        keeper, language, "Table %(number)s: enter the result from the paper sheet", number=1
    )
    assert enter(client, tournament, table, (162, 97), language=language).status_code == 302
    assert hand_fields(table) == (162, 97, 1, 0)
    for url in (tournament.get_keeper_url(), tournament.get_view_url()):
        page = client.get(url)
        assert said(page, language, "finished, entered by hand")
        assert said(page, language, "entered by hand")
        assert "162:97" in page.content.decode()
    keeper = client.get(tournament.get_keeper_url())
    assert said(keeper, language, "Table %(number)s: correct the result entered by hand", number=1)
    # corrected while the next round has not started
    assert enter(client, tournament, table, (40, 151), language=language).status_code == 302
    assert hand_fields(table) == (40, 151, 0, 1)
    line = tournament_state(tournament).standings()[0]
    assert line.pair == table.pair_b_id and line.wins == 1


def refused(response, language, message, **params):
    return response.status_code == 400 and said(response, language, message, **params)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hand_result_without_a_winner_is_refused_in_words(client, language):
    one = create(client, language)
    start_round(client, one, 1, language)
    table = tables(one, 1)[0]
    assert refused(enter(client, one, table, (120, 120), language=language), language, HAND_TIE)
    assert hand_fields(table) == (None, None, None, None)

    three = create(client, language, games_to_win="2")
    start_round(client, three, 1, language)
    table = tables(three, 1)[0]
    for games in ((1, 1), (2, 2), (3, 0), None):
        response = enter(client, three, table, (300, 250), games=games, language=language)
        assert response.status_code == 400
        if games in ((1, 1), (2, 2)):
            assert said(response, language, HAND_GAMES, games="2:0, 2:1, 1:2, 0:2")
    assert hand_fields(table) == (None, None, None, None)
    # in a best of 3 the games decide, whatever the points
    assert enter(client, three, table, (250, 300), games=(2, 1)).status_code == 302
    assert hand_fields(table) == (250, 300, 2, 1)
    result = tournament_state(three).rounds[0].tables[0].result
    assert result.winner == table.pair_a_id


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_match_with_deals_keeps_its_score_there(client, language):
    tournament = create(client, language)
    start_round(client, tournament, 1, language)
    table = tables(tournament, 1)[0]
    match = table.match
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
    )
    deal_record(match=match, version=match.version, number=1, deal=deal)
    keeper = client.get(tournament.get_keeper_url()).content.decode()
    action = reverse("calculator:tournament-hand-result", args=[tournament.keeper_key, table.pk])
    assert action not in keeper  # no form for it
    response = enter(client, tournament, table, (151, 0), language=language)
    assert refused(response, language, HAND_HAS_DEALS, number=1)
    assert hand_fields(table) == (None, None, None, None)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_stale_page_writes_nothing(client, language):
    tournament = create(client, language)
    start_round(client, tournament, 1, language)
    first, second = tables(tournament, 1)
    version = seen(tournament)
    finish(second.match, engine.Team.A)  # another table saves its deals meanwhile
    response = enter(client, tournament, first, (151, 20), version=version, language=language)
    assert refused(response, language, HAND_STALE)
    assert hand_fields(first) == (None, None, None, None)
    assert response.content.decode().count('name="version"')  # the page again, up to date
    assert seen(tournament) in response.content.decode()
    # a second tap of the same form after the first one was written
    version = seen(tournament)
    assert enter(client, tournament, first, (151, 20), version=version).status_code == 302
    again = enter(client, tournament, first, (20, 151), version=version, language=language)
    assert refused(again, language, HAND_STALE)
    assert hand_fields(first) == (151, 20, 1, 0)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_only_the_last_rounds_tables_take_a_hand_result(client, language):
    tournament = create(client, language)
    start_round(client, tournament, 1, language)
    first, second = tables(tournament, 1)
    enter(client, tournament, first, (151, 20))
    enter(client, tournament, second, (30, 151))
    assert start_round(client, tournament, 2).status_code == 302
    response = enter(client, tournament, first, (20, 151), language=language)
    assert refused(response, language, HAND_NOT_CURRENT, number=2)
    assert hand_fields(first) == (151, 20, 1, 0)


@pytest.mark.django_db
def test_wrong_numbers_and_the_public_link_write_nothing(client):
    tournament = create(client)
    other = create(client)
    start_round(client, tournament, 1)
    start_round(client, other, 1)
    table = tables(tournament, 1)[0]
    assert enter(client, tournament, table, (151, 0), key=tournament.view_key).status_code == 404
    foreign = tables(other, 1)[0]
    assert enter(client, tournament, foreign, (151, 0)).status_code == 404
    url = reverse("calculator:tournament-hand-result", args=[tournament.keeper_key, 2**40])
    assert client.post(url, {}).status_code == 404
    for points in ((-1, 5), ("x", 5), (10**6, 5), ("", "")):
        response = enter(client, tournament, table, points)
        assert response.status_code == 400
    # out of bounds, in the site's words (Django's Bulgarian put a space before the full stop)
    least, most = (
        "At least %(limit_value)s, not %(value)s.",
        "At most %(limit_value)s, not %(value)s.",
    )
    below, above = (
        enter(client, tournament, table, (-1, 5)),
        enter(client, tournament, table, (10**6, 5)),
    )
    assert refused(below, "bg", least, limit_value=0, value=-1)
    assert refused(above, "bg", most, limit_value=9999, value=10**6)
    response = enter(client, tournament, table, ("", 3))
    # which field, in words: the points of the table's first pair, named
    assert refused(response, "bg", "Points of “%(pair)s”", pair=table.pair_a.name)
    assert not TournamentTable.objects.exclude(hand_points_a=None).exists()
    assert Match.objects.filter(deals__isnull=False).count() == 0


@pytest.mark.django_db
def test_hostile_names_stay_text_in_the_hand_result_form(client):
    tournament = create(client, pairs=f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого")
    start_round(client, tournament, 1)
    (table,) = tables(tournament, 1)
    page = client.get(tournament.get_keeper_url()).content.decode()
    assert "<b>%(x)s" not in page and "П" * 40 in page
    assert enter(client, tournament, table, (151, 3)).status_code == 302
    public = client.get(tournament.get_view_url()).content.decode()
    assert "<b>%(x)s" not in public and "151:3" in public


def panels(response) -> dict:
    """Each hand result's panel on the page, by its table: open or not, its boxes' values, the
    words in it, and which boxes are marked invalid."""
    parser = html5lib.HTMLParser(namespaceHTMLElements=False)
    document = parser.parse(response.content)
    found = {}
    for details in document.iter("details"):
        if "hand-result" not in details.get("class", "").split():
            continue
        inputs = {i.get("name"): i for i in details.iter("input") if i.get("type") == "number"}
        found[int(details.get("id").removeprefix("hand-"))] = {
            "open": details.get("open") is not None,
            "values": {name: i.get("value") for name, i in inputs.items()},
            "invalid": {name for name, i in inputs.items() if i.get("aria-invalid") == "true"},
            "focus": [name for name, i in inputs.items() if i.get("autofocus") is not None],
            "text": " ".join("".join(details.itertext()).split()),
        }
    return found


def top_of(response) -> str:
    """What the organizer's page says above its title: its messages and refusals."""
    page = response.content.decode()
    return page[page.index('<main id="content">') : page.index('<h1 class="match-title">')]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_result_comes_back_in_its_open_panel_as_typed(client, language):
    tournament = create(client, language)
    start_round(client, tournament, 1, language)
    first, second = tables(tournament, 1)
    response = enter(client, tournament, second, (151, 151), language=language)
    assert refused(response, language, HAND_TIE)
    assert_valid_html(response.content)
    shown = panels(response)
    assert not shown[first.pk]["open"]
    panel = shown[second.pk]
    assert panel["open"]
    assert panel["values"] == {"points_a": "151", "points_b": "151"}
    assert panel["invalid"] == {"points_a", "points_b"} and panel["focus"] == ["points_a"]
    with override(language):
        assert gettext(HAND_TIE) in panel["text"]
        assert gettext(HAND_TIE) not in top_of(response)
    # what a box cannot take: said under that box, the other box as it was typed
    response = enter(client, tournament, second, ("", 98), language=language)
    panel = panels(response)[second.pk]
    assert response.status_code == 400 and panel["open"]
    assert panel["values"] == {"points_a": "", "points_b": "98"}
    assert panel["invalid"] == {"points_a"} and panel["focus"] == ["points_a"]
    # then saved as typed the second time
    assert enter(client, tournament, second, (151, 98), language=language).status_code == 302
    assert hand_fields(second) == (151, 98, 1, 0)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_best_of_three_refused_keeps_its_games_as_typed(client, language):
    tournament = create(client, language, games_to_win="2")
    start_round(client, tournament, 1, language)
    table = tables(tournament, 1)[0]
    response = enter(client, tournament, table, (300, 250), games=(1, 1), language=language)
    assert refused(response, language, HAND_GAMES, games="2:0, 2:1, 1:2, 0:2")
    panel = panels(response)[table.pk]
    assert panel["open"] and panel["invalid"] == {"games_a", "games_b"}
    assert panel["values"] == {"points_a": "300", "points_b": "250", "games_a": "1", "games_b": "1"}


@pytest.mark.django_db
def test_a_stale_result_keeps_its_numbers_and_says_what_changed_at_the_top(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    first, second = tables(tournament, 1)
    version = seen(tournament)
    finish(second.match, engine.Team.A)
    response = enter(client, tournament, first, (151, 20), version=version)
    assert refused(response, "bg", HAND_STALE)
    with override("bg"):
        assert gettext(HAND_STALE) in top_of(response)
    panel = panels(response)[first.pk]
    assert panel["open"] and panel["values"] == {"points_a": "151", "points_b": "20"}
    assert panel["invalid"] == set() and panel["focus"] == []
