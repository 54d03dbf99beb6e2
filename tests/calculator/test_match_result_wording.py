"""How a finished match's result reads: the winner's games first ("2:1"), whichever team won,
in every language; the capot said once in the history."""

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from calculator import engine
from tests.calculator.conftest import create_match
from tests.calculator.test_table_http import play_game
from tests.html import read

pytestmark = pytest.mark.django_db

WINNER = "Winner of the match: %(team)s, %(a)s:%(b)s in games."


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("winner", [engine.Team.A, engine.Team.B])
def test_the_match_winners_games_come_first(language, winner):
    match = create_match(Client(), language, team_a="Леви", team_b="Ведмеді", games_to_win="2")
    for team in (winner.other, winner, winner):  # 1:2, then 2:1 for the winner
        play_game(match, team)
    name = match.team_a if winner is engine.Team.A else match.team_b

    watcher = Client(headers={"accept-language": language})
    page = read(watcher.get(match.get_watch_url()).content.decode())
    sheet = read(watcher.get(f"/m/{match.watch_key}/sheet/").content.decode())

    with translation.override(language):
        said = escape(gettext(WINNER) % {"team": name, "a": 2, "b": 1})
        wrong = escape(gettext(WINNER) % {"team": name, "a": 1, "b": 2})
    for html in (page, sheet):
        assert said in html and wrong not in html


def test_a_right_to_left_winner_is_isolated_from_the_score_beside_it():
    """ "Winner …: <name>, 2:1": the name in a <bdi>, so that a Hebrew one does not carry the
    comma and the games over to its side; on the match page and the sheet, the game's winner
    and the match's."""
    match = create_match(Client(), "bg", team_a="דוד & <b>שלום</b>", team_b="Вие", games_to_win="2")
    for _ in range(2):
        play_game(match, engine.Team.A)
    watcher = Client(headers={"accept-language": "bg"})
    isolated = f"<bdi>{escape(match.team_a)}</bdi>"
    for url in (match.get_watch_url() + "?game=1", f"/m/{match.watch_key}/sheet/"):
        html = watcher.get(url).content.decode()
        assert html.count(isolated) >= 2, url  # the game's winner and the match's
        assert "<b>שלום" not in html
