"""A coinche match on a 360 px phone: made on the home page with its game, a deal saved
through the live preview (JavaScript on) and through the Preview button (off), and a capot
chosen after the card points were typed saved as the engine scores it."""

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


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_capot_chosen_after_the_card_points_were_typed_is_saved(
    new_context, client_for_setup, javascript
):
    """The evening's coinche form: 140 typed, then Капо → the taker's team refused the deal
    ("leave the card points empty"). A capot gives the card points itself: the box goes off
    (with a script it is turned off and not sent; without one it looks off and is not read),
    and the preview, the engine and what is saved agree."""
    from calculator.engine import ContreeDeal, Suit, Team
    from tests.calculator.french import create_french_match
    from tests.e2e.screens import translated

    match = create_french_match(
        client_for_setup, "coinche", "ru", team_a="Миша и Саша", team_b="Женя и Вика"
    )
    deal = ContreeDeal(Team.A, 100, Suit.HEARTS, capot=Team.A)
    written = match.fold([deal]).deals[-1].result.written
    context = new_context("phone", locale="ru", java_script_enabled=javascript)
    screen = Screen(context.new_page(), "phone")
    page = screen.page
    screen.goto("/ru/")
    screen.goto(f"/m/{match.scorer_key}/deal/")
    screen.choose("bid", "100")
    screen.choose("bidders", "A")
    screen.choose("trump", "hearts")
    screen.type_number("#id_card_points", 140)
    screen.choose("capot", "A")
    box = page.locator("#id_card_points")
    if javascript:
        expect(box).to_be_disabled()
    else:
        screen.follow(page.locator("button[value=preview]"), DEAL_PAGE)
    looks = box.evaluate("(el) => getComputedStyle(el).borderTopStyle")
    assert looks == "dashed"
    help_text = translated(
        "ru", "A capot gives the card points itself (252 and 0): what the box holds is not counted."
    )
    expect(page.locator("#id_card_points_helptext")).to_have_text(help_text)
    expect(page.locator("#result-bar strong")).to_have_text([f"+{written.a}", f"+{written.b}"])
    expect(page.locator("#preview .errors, .field-errors .error")).to_have_count(0)
    screen.follow(page.locator("button[value=save]"), MATCH_PAGE)
    expect(page.locator(".scoreboard .points")).to_have_text([str(written.a), str(written.b)])
    stored = Deal.objects.get().data
    assert stored["capot"] == "A" and stored.get("card_points") is None
    assert match.read_deal(stored) == deal
    if javascript:  # no capot again: the box is back, with what was typed
        screen.goto(f"/m/{match.scorer_key}/deal/")
        screen.choose("bid", "100")
        screen.choose("bidders", "A")
        screen.choose("trump", "hearts")
        screen.type_number("#id_card_points", 140)
        screen.choose("capot", "A")
        expect(box).to_be_disabled()
        screen.choose("capot", "")
        expect(box).to_be_enabled()
        expect(box).to_have_value("140")
