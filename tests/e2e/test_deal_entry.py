"""The deal form on a 360 x 740 phone, in bg, uk and ru, with JavaScript
on and off: an ordinary deal fits above Save, the card points follow the bidders, "inside" turns
the card points off and says why, and Preview moves to the preview without a reload."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from calculator.models import Deal
from tests.calculator.conftest import create_match
from tests.e2e.screens import Screen, translated
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("bg", "uk", "ru")
JAVASCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
INSIDE_NOTE = "Not asked for a deal inside: the defenders take everything."

# Where the card points box and the bar with Save are on the screen, without scrolling.
ABOVE_SAVE = """() => {
  const bar = document.querySelector(".form-actions").getBoundingClientRect();
  const box = document.querySelector("#id_card_points").getBoundingClientRect();
  const chips = document.querySelector("#wrap-card_points .chips").getBoundingClientRect();
  return {scrolled: window.scrollY, top: chips.top, bottom: box.bottom, bar: bar.top,
          barBottom: bar.bottom, height: window.innerHeight};
}"""


def phone(new_context, javascript: bool) -> Screen:
    context = new_context("phone", java_script_enabled=javascript)
    return Screen(context.new_page(), "phone")


def open_deal(screen: Screen, client, language: str):
    match = create_match(client, language, team_a="Орлите", team_b="Лъвовете")
    screen.goto(f"/{language}/")  # the match pages open in the language last chosen
    screen.goto(f"/m/{match.scorer_key}/deal/")
    return match


def card_points_above_save(screen: Screen) -> None:
    found = screen.page.evaluate(ABOVE_SAVE)
    assert found["scrolled"] == 0, found
    assert found["barBottom"] <= found["height"] and found["bottom"] <= found["bar"], found


@JAVASCRIPT
def test_an_ordinary_deal_fits_above_save_and_its_card_points_follow_the_bidders(
    new_context, client_for_setup, javascript
):
    screen = phone(new_context, javascript)
    page = screen.page
    for language in LANGUAGES:
        match = open_deal(screen, client_for_setup, language)
        # The on-screen keyboard shrinks the page rather than hide the bar with Save.
        viewport = page.locator("meta[name=viewport]").get_attribute("content")
        assert "interactive-widget=resizes-content" in viewport
        # The bidders, the suit and the card points: no swipe, all above Save.
        screen.choose("bidders", "B")
        screen.choose("contract", "hearts")
        card_points_above_save(screen)
        screen.type_number("#id_card_points", 87)
        if javascript:
            expect(page.locator("#result-bar strong")).to_have_text(["+7", "+9"])
            card_points_above_save(screen)
        else:  # the server gives the card points to the bidders, as the script does
            screen.follow(page.locator("button[value=preview]"), DEAL_PAGE)
        expect(page.locator("input[name=points_team][value=B]")).to_be_checked()
        expect(page.locator("#result-bar strong")).to_have_text(["+7", "+9"])
        screen.follow(page.locator("button[value=save]"), MATCH_PAGE)
        saved = Deal.objects.get(match=match).data["card_points"]
        assert saved == {"team": "B", "points": 87}, language


@JAVASCRIPT
def test_inside_turns_the_card_points_off_and_says_why(new_context, client_for_setup, javascript):
    screen = phone(new_context, javascript)
    page = screen.page
    points, capot = page.locator("#id_card_points"), page.locator("input[name=capot]")
    looks = "el => getComputedStyle(el.matches('.chip input') ? el.nextElementSibling : el).borderTopStyle"
    for language in LANGUAGES:
        match = open_deal(screen, client_for_setup, language)
        note = page.locator("#wrap-card_points .inside-note")
        expect(note).to_be_hidden()
        screen.choose("bidders", "A")
        screen.choose("contract", "spades")
        screen.type_number("#id_card_points", 100)
        screen.choose("result", "inside")
        expect(note).to_be_visible()
        expect(note).to_have_text(translated(language, INSIDE_NOTE))
        assert points.evaluate(looks) == "dashed" and capot.first.evaluate(looks) == "dashed"
        if javascript:  # off, and not sent
            expect(points).to_be_disabled()
            for control in (*capot.all(), *page.locator("input[name=points_team]").all()):
                expect(control).to_be_disabled()
            screen.choose("result", "played")  # what was typed is still there
            expect(points).to_be_enabled()
            expect(points).to_have_value("100")
            expect(note).to_be_hidden()
            screen.choose("result", "inside")
            screen.settled()
        else:
            screen.follow(page.locator("button[value=preview]"), DEAL_PAGE)
        expect(note).to_be_visible()
        screen.follow(page.locator("button[value=save]"), MATCH_PAGE)
        assert Deal.objects.get(match=match).data["kind"] == "inside", language


@JAVASCRIPT
def test_a_refused_save_comes_back_at_the_preview_which_says_what_is_missing(
    new_context, client_for_setup, javascript
):
    language = "ru" if javascript else "uk"
    screen = phone(new_context, javascript)
    page = screen.page
    match = open_deal(screen, client_for_setup, language)
    screen.type_number("#id_card_points", 120)  # neither the bidders nor the contract chosen
    if javascript:
        screen.settled()
    screen.follow(page.locator("button[value=save]"), DEAL_PAGE)
    missing = page.locator("#preview ul.errors li")
    expect(missing).to_have_count(2)
    expect(missing.first).to_be_in_viewport()
    expect(missing.first).to_contain_text(translated(language, "Bidding team"))
    expect(missing.last).to_contain_text(translated(language, "Contract"))
    expect(page.locator("#id_card_points")).to_have_value("120")  # what was typed is kept
    assert not Deal.objects.filter(match=match).exists()


def test_preview_moves_to_the_preview_without_reloading_the_page(new_context, client_for_setup):
    screen = phone(new_context, javascript=True)
    page = screen.page
    for language in LANGUAGES:
        open_deal(screen, client_for_setup, language)
        screen.choose("bidders", "A")
        screen.choose("contract", "clubs")
        page.locator("#id_card_points").fill("120")
        page.evaluate("() => { window.notReloaded = true; }")
        screen.tap(page.locator("button[value=preview]"))
        expect(page.locator("#preview table.recorded")).to_be_in_viewport()
        expect(page.locator("#preview h2")).to_be_in_viewport()
        assert page.evaluate("() => window.notReloaded === true"), language
        assert page.evaluate("scrollY") > 300, language
        assert page.url.endswith("/deal/"), language
        expect(page.locator("#result-bar strong")).to_have_text(["+12", "+4"])
        assert not Deal.objects.exists(), language


def sends_the_nines(request) -> bool:
    """A live preview whose body has the carré of nines, urlencoded (``carres_a=9``) or as
    multipart (``name="carres_a"``, a blank line, ``9``)."""
    body = request.post_data or ""
    address = urlsplit(request.url)  # a new deal's page asks it with ?new=1
    return address.path.endswith("/deal/preview/") and re.search(r"carres_a\W+9\b", body)


def test_the_live_preview_is_sent_as_the_form_is_sent_without_a_script(
    new_context, client_for_setup
):
    """The page's script sends what is typed urlencoded, as the form itself is sent (a multipart
    body took the server five times as long to read); repeated fields (two carrés) keep both."""
    screen = phone(new_context, javascript=True)
    page = screen.page
    open_deal(screen, client_for_setup, "bg")
    screen.choose("bidders", "A")
    screen.choose("contract", "all_trumps")
    screen.choose("points_team", "A")
    screen.type_number("#id_card_points", 150)
    screen.choose("carres_a", "J")
    # The first preview that carries the nines, in either body: a preview of what came before
    # them may still be on its way when they are tapped (its pause outlasts the tap on a busy
    # machine).
    with page.expect_request(sends_the_nines) as sent:
        screen.choose("carres_a", "9")
    request = sent.value
    fields = parse_qs(request.post_data)

    assert request.headers["content-type"].startswith("application/x-www-form-urlencoded")
    assert fields["contract"] == ["all_trumps"] and fields["card_points"] == ["150"]
    assert fields["carres_a"] == ["J", "9"]
    assert fields["csrfmiddlewaretoken"] and "action" not in fields
    expect(page.locator("#preview:not([aria-busy]) table.recorded")).to_have_count(1)


def test_a_preview_that_answers_after_a_scroll_leaves_the_page_where_the_scorer_put_it(
    new_context, client_for_setup
):
    """The card points box keeps the focus while the scorer scrolls on to a declaration's +; the
    preview answering then must not scroll the page back to the box, under the scorer's finger
    (it once did, and a tap on + landed elsewhere). The box is kept above the bar with Save only
    when the answer makes the bar grow."""
    screen = phone(new_context, javascript=True)
    page = screen.page
    match = create_match(client_for_setup)
    screen.goto(f"/m/{match.scorer_key}/deal/")
    screen.choose("bidders", "A")
    screen.choose("contract", "hearts")
    box = page.locator("#id_card_points")
    expect(box).to_be_focused()
    page.keyboard.type("90")
    screen.settled()
    plus = page.locator(".stepper:has(#id_quartes_b) button.step", has_text="+")
    plus.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, 200)")  # the box is off the screen now
    scrolled = page.evaluate("() => window.scrollY")
    assert page.evaluate("() => document.activeElement.id") == "id_card_points"
    # Another figure in the box, as a late keystroke: its preview answers while scrolled on.
    box.evaluate(
        "box => { box.value = '91'; box.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    expect(page.locator("#result-bar strong")).to_have_text(["+9", "+7"])
    screen.settled()
    assert page.evaluate("() => window.scrollY") == scrolled
    screen.tap(plus)
    expect(page.locator("#id_quartes_b")).to_have_value("1")
