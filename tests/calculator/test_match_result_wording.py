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
    page = watcher.get(match.get_watch_url()).content.decode()
    sheet = watcher.get(f"/m/{match.watch_key}/sheet/").content.decode()

    with translation.override(language):
        said = escape(gettext(WINNER) % {"team": name, "a": 2, "b": 1})
        wrong = escape(gettext(WINNER) % {"team": name, "a": 1, "b": 2})
    for html in (page, sheet):
        assert said in html and wrong not in html
