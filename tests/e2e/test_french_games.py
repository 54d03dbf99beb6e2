"""A coinche match on a 360 px phone: made on the home page with its game, a deal saved
through the live preview (JavaScript on) and through the Preview button (off)."""

import pytest
from playwright.sync_api import expect

from calculator.models import Deal, Match
from tests.e2e.screens import Screen
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_coinche_match_is_made_and_a_deal_saved_on_a_phone(new_context, javascript):
    context = new_context("phone", locale="bg", java_script_enabled=javascript)
    screen = Screen(context.new_page(), "phone")
    page = screen.page
    screen.goto("/bg/")
    screen.choose("game", "coinche")
    if javascript:  # only the chosen game's house rules show
        page.locator("details.panel:has([data-rules-of]) summary").tap()
        expect(page.locator("[data-rules-of='contree coinche']")).to_be_visible()
        expect(page.locator("[data-rules-of='belot']")).to_be_hidden()
    screen.follow(page.locator("form[action$='/match/new/'] button[type=submit]"), MATCH_PAGE)
    match = Match.objects.get()
    assert match.game == "coinche" and match.target == 701
    screen.follow(page.locator(".actions a.button"), DEAL_PAGE)
    screen.choose("bid", "90")
    screen.choose("bidders", "A")
    screen.choose("trump", "hearts")
    screen.type_number("#id_card_points", 100)
    if javascript:
        expect(page.locator("#result-bar strong")).to_have_text(["+190", "+60"])
    else:
        screen.follow(page.locator("button[value=preview]"), DEAL_PAGE)
        expect(page.locator("#result-bar strong")).to_have_text(["+190", "+60"])
    screen.follow(page.locator("button[value=save]"), MATCH_PAGE)
    expect(page.locator(".scoreboard .points")).to_have_text(["190", "60"])
    assert Deal.objects.get().data["bid"] == 90
