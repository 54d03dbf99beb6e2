"""The wall on a hall's screen, 1280 x 720 and 1920 x 1080: a 6-pair tournament during its
final and a 12-pair one during a Swiss round show the whole standings and every live table of
the round being played without a scroll, side by side; the explanations a phone reader needs
go below. The phone's page (360 px) is tests/e2e/test_tournament_phone.py's."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from calculator import engine
from calculator.matches.services import deal_record
from tests.e2e.screens import Screen
from tests.e2e.test_accessibility import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = [
    ("Ива", "Калин"),
    ("Лили", "Мишо"),
    ("Ана", "Боби"),
    ("Емо", "Жоро"),
    ("Цвети", "Дани"),
    ("Нели", "Пепи"),
]
TWELVE = SIX + [
    ("Гошо", "Мими"),
    ("Пешо", "Тони"),
    ("Вальо", "Краси"),
    ("Стефка", "Румен"),
    ("Христина", "Велизар"),
    ("Елеонора", "Константин"),
]
SCREENS = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}

# Where the page's parts end against the screen: the last row of the standings, the last live
# table of the round, and the page's own height and width.
MEASURED = """() => {
  const bottom = (selector) => {
    const found = [...document.querySelectorAll(selector)];
    return found.length ? found[found.length - 1].getBoundingClientRect().bottom : null;
  };
  return {
    standings: bottom("table.standings tbody tr"),
    tables: bottom("table.round-tables tbody tr"),
    rows: document.querySelectorAll("table.standings tbody tr").length,
    live: document.querySelectorAll("table.round-tables tbody tr").length,
    height: window.innerHeight,
    width: document.documentElement.scrollWidth,
    scrolled: window.scrollY,
  };
}"""


def a_deal(match) -> None:
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 100)
    )
    deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)


def six_in_the_final():
    """Six pairs, three Swiss rounds, then the final of the top 2, a deal into it."""
    from tests.calculator.test_tournament_http import create, tables
    from tests.calculator.test_tournament_knockout import knockout, swiss

    client = Client()
    tournament = create(client, pairs="\n".join(f"{a} / {b}" for a, b in SIX))
    swiss(client, tournament, 3)
    assert knockout(client, tournament, 2).status_code == 302
    (final,) = tables(tournament, 4)
    a_deal(final.match)
    return tournament, 6, 1


def twelve_in_a_swiss_round():
    """Twelve pairs, two Swiss rounds played, the third being played: a deal at each table."""
    from tests.calculator.test_tournament_http import create, start_round, tables
    from tests.calculator.test_tournament_knockout import swiss

    client = Client()
    tournament = create(client, pairs="\n".join(f"{a} / {b}" for a, b in TWELVE))
    swiss(client, tournament, 2)
    assert start_round(client, tournament, 3).status_code == 302
    for table in tables(tournament, 3):
        a_deal(table.match)
    return tournament, 12, 6


TOURNAMENTS = {"six in the final": six_in_the_final, "twelve in round 3": twelve_in_a_swiss_round}


@pytest.mark.parametrize("screen_size", list(SCREENS))
@pytest.mark.parametrize("night", list(TOURNAMENTS))
def test_the_wall_shows_the_standings_and_the_live_tables_without_a_scroll(
    new_context, night, screen_size, axe_source
):
    tournament, pairs, live = TOURNAMENTS[night]()
    for language in ("bg", "uk", "ru"):
        page = new_context("desktop", locale=language).new_page()
        page.set_viewport_size(SCREENS[screen_size])
        screen = Screen(page, "desktop")
        screen.goto(f"/{language}/")
        screen.goto(tournament.get_view_url())
        expect(screen.page.locator("table.standings tbody tr")).to_have_count(pairs)
        found = screen.page.evaluate(MEASURED)
        assert found["live"] == live, found
        assert found["standings"] <= found["height"], found
        assert found["tables"] <= found["height"], found
        assert found["width"] <= SCREENS[screen_size]["width"], found
        if language == "bg":
            assert not axe_violations(page, axe_source)


def test_once_the_final_is_played_the_wall_shows_the_winner_without_a_scroll(new_context):
    """Twelve pairs, three Swiss rounds and the knock-out of the top 8 to its final: the
    winner of the tournament and the final classification above the last round's tables."""
    from tests.calculator.test_tournament_http import create, start_round
    from tests.calculator.test_tournament_knockout import knockout, play, swiss

    client = Client()
    tournament = create(client, pairs="\n".join(f"{a} / {b}" for a, b in TWELVE))
    swiss(client, tournament, 3)
    assert knockout(client, tournament, 8).status_code == 302
    for number in (4, 5, 6):
        if number > 4:
            assert start_round(client, tournament, number).status_code == 302
        play(client, tournament, number)
    page = new_context("desktop", locale="bg").new_page()
    page.set_viewport_size(SCREENS["720p"])
    screen = Screen(page, "desktop")
    screen.goto(tournament.get_view_url())
    expect(page.locator(".classification-list li")).to_have_count(12)
    expect(page.locator(".champion")).to_be_in_viewport(ratio=1)
    expect(page.locator("table.standings tbody tr").last).to_be_in_viewport(ratio=1)
