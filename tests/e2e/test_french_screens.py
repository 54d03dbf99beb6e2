"""The French games' pages on a 360 x 740 phone, in bg, uk and ru, with JavaScript
on and off: a classic belote match and a coinche match with 40-character names and every kind
of deal each game has (made, inside or failed, a litige, a capot, contre and surcontre, all
passed, declarations). Every page fits the phone's width and every control is big enough to tap
(``Screen.goto`` checks both on every page it opens), as the Bulgarian belot pages do
(test_phone_screens.py)."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from calculator.models import GAME_CHOICES, Match
from tests.calculator.french import create_french_match, record_french
from tests.e2e.test_phone_screens import PLAYERS, TEAM_A, TEAM_B, phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("bg", "uk", "ru")
DEALS = {
    "classic": [
        {"card_points": 100, "belote": "A"},
        {"card_points": 81},  # 81 : 81, a litige: the takers' 81 wait
        {"bidders": "B", "points_team": "B", "card_points": 70},  # inside
        {"trump": "spades", "capot": "A"},
    ],
    "coinche": [
        {"bid": "90", "card_points": 100},
        {"bid": "passed"},
        {"bid": "120", "contre": "contre", "card_points": 90},  # failed, contred
        {
            "bidders": "B",
            "points_team": "B",
            "bid": "80",
            "contre": "surcontre",
            "card_points": 100,
        },
        {"bid": "250", "trump": "clubs", "capot": "A"},
        {"bid": "100", "card_points": 110, "quartes_a": 1, "terces_b": 1},
    ],
}


def long_french_match(client, game: str, language: str) -> Match:
    names = {f"player_{seat}": name.strip() for seat, name in enumerate(PLAYERS, start=1)}
    match = create_french_match(client, game, language, team_a=TEAM_A, team_b=TEAM_B, **names)
    for number, fields in enumerate(DEALS[game], start=1):
        record_french(client, match, number, **fields)
    return match


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_every_page_of_a_french_match_fits_the_phone_with_long_names(
    new_context, client_for_setup, language, javascript
):
    screen = phone(new_context, language, javascript)
    screen.goto(f"/{language}/match/new/")  # every game's house rules on the form
    for game in DEALS:
        match = long_french_match(client_for_setup, game, language)
        key, watch = match.scorer_key, match.watch_key
        with translation.override(language):
            name = str(dict(GAME_CHOICES)[game])
        for path in (f"/m/{key}/", f"/m/{watch}/", f"/m/{watch}/sheet/"):
            screen.goto(path)
            expect(screen.page.locator("main")).to_contain_text(name)
        for path in (
            f"/m/{key}/deal/",
            f"/m/{key}/deal/{len(DEALS[game])}/",  # a correction, with its preview
            f"/m/{key}/deal/3/",  # inside / a failed contre
        ):
            screen.goto(path)
            expect(screen.page.locator("input[name=trump]")).to_have_count(4)
    screen.goto(f"/{language}/")  # the recent matches name their games
    expect(screen.page.locator("main")).to_contain_text(name)
    assert screen.page.evaluate("document.documentElement.lang") == language
