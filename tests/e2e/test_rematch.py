"""A rematch in one tap, on a 360 x 740 phone with JavaScript on and off: the finished match's
page offers it, the new-match form comes filled in with the same teams, players, game and house
rules (the next player dealing), and Start makes a match of its own."""

import pytest
from playwright.sync_api import expect

from calculator.matches.services import match_state
from calculator.models import Match
from tests.calculator.conftest import create_match
from tests.e2e.screens import Screen, translated
from tests.e2e.test_finishing_touches import play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = {"player_1": "Ана", "player_2": "Боби", "player_3": "Вики", "player_4": "Гого"}


@pytest.mark.parametrize(("language", "javascript"), [("uk", True), ("ru", False)], ids=str)
def test_a_finished_match_is_played_again_in_one_tap(
    new_context, client_for_setup, language, javascript
):
    finished = create_match(
        client_for_setup, language, team_a="Леви", team_b="Ведмеді", target="51",
        games_to_win="1", first_dealer="2", contra_tie="bidders_hang", **PLAYERS,
    )  # fmt: skip
    finished = play_to_the_end(client_for_setup, finished)
    dealer = match_state(finished).fold.dealer
    screen = Screen(new_context("phone", java_script_enabled=javascript).new_page(), "phone")
    page = screen.page
    screen.goto(f"/{language}/")
    screen.goto(finished.get_scorer_url())

    again = page.locator(".actions a.button")
    expect(again).to_have_text(translated(language, "Rematch"))
    screen.follow(again, r"/m/[\w-]+/rematch/$")
    screen.check_layout()
    expect(page.locator("#id_team_a")).to_have_value("Леви")
    expect(page.locator("#id_team_b")).to_have_value("Ведмеді")
    for name, player in PLAYERS.items():
        expect(page.locator(f"#id_{name}")).to_have_value(player)
    expect(page.locator(f"input[name=first_dealer][value='{dealer}']")).to_be_checked()
    expect(page.locator("input[name=contra_tie][value=bidders_hang]")).to_be_checked()
    expect(page.locator("#id_target")).to_have_value("51")
    expect(page.locator("input[name=games_to_win][value='1']")).to_be_checked()
    screen.follow(page.locator("form.stack button[type=submit]"), r"/m/[\w-]+/$")

    started = Match.objects.exclude(pk=finished.pk).get()
    assert page.url.endswith(started.get_scorer_url())
    assert (started.team_a, started.team_b, started.players) == (
        "Леви",
        "Ведмеді",
        finished.players,
    )
    assert (started.target, started.contra_tie, started.games_to_win) == (51, "bidders_hang", 1)
    assert started.first_dealer == dealer and started.scorer_key != finished.scorer_key
    expect(page.locator(".actions a.button").first).to_have_text(translated(language, "New deal"))
