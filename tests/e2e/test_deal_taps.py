"""An ordinary deal on a 360 x 740 phone, in every game: from the match page's "New deal" to
Save in at most 5 taps and the digits, without a swipe, and the card points box and Save above
the on-screen keyboard while the points are typed.

Each tap is checked before it is made (``tappable``): the element lies inside the visual
viewport and nothing covers it (``document.elementFromPoint`` at its centre and near its
corners finds it), so the scorer can tap it where it is. Playwright's own ``tap()`` would
scroll it into view first and hide a swipe the scorer needs.
"""

import pytest
from playwright.sync_api import expect

from calculator.models import Deal
from tests.calculator.conftest import create_match
from tests.calculator.french import create_french_match
from tests.e2e.screens import Screen
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# "coinche+SA/TA": a coinche match whose house rule adds no trumps and all trumps to the suits.
GAMES = ("belot", "classic", "contree", "coinche", "coinche+SA/TA")
LANGUAGES = ("bg", "uk", "ru")
# The taps of an ordinary deal, "New deal" included: the bid (contrée and coinche), the team,
# the suit, Save; the card points box takes the focus by itself once the choices are made.
TAPS = {"belot": 4, "classic": 4, "contree": 5, "coinche": 5, "coinche+SA/TA": 5}
PHONE = {"width": 360, "height": 740}
KEYBOARD = 300  # px: a phone's keypad for numbers, with its suggestions bar

# Where an element is against the visual viewport, and what the screen shows at its centre and
# 12 px inside its corners: the element itself (or something inside it) when nothing covers it.
TAPPABLE = """(element) => {
  const view = window.visualViewport;
  const box = element.getBoundingClientRect();
  const top = view.offsetTop, bottom = view.offsetTop + view.height;
  // Inside the rounded corners (0.6rem), which Chromium's hit testing leaves out.
  const x = Math.min(12, box.width / 2), y = Math.min(12, box.height / 2);
  const points = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + x, box.top + y], [box.right - x, box.top + y],
    [box.left + x, box.bottom - y], [box.right - x, box.bottom - y],
  ];
  const covered = points.map(([x, y]) => document.elementFromPoint(x, y))
    .filter((hit) => hit === null || !element.contains(hit))
    .map((hit) => hit === null ? "nothing" : hit.outerHTML.slice(0, 60));
  const inside = box.top >= top - 0.5 && box.bottom <= bottom + 0.5
    && box.left >= view.offsetLeft - 0.5 && box.right <= view.offsetLeft + view.width + 0.5;
  return {inside, covered, box: [box.top, box.bottom], view: [top, bottom],
          scrolled: window.scrollY};
}"""


def tappable(locator) -> dict:
    """Assert ``locator`` can be tapped where it is now; returns what was measured."""
    found = locator.evaluate(TAPPABLE)
    assert found["inside"] and not found["covered"], found
    return found


def chip(page, name: str, value: str):
    """A choice's chip: the label around its (visually hidden) radio button."""
    return page.locator("label.chip").filter(
        has=page.locator(f"input[name={name}][value='{value}']")
    )


def new_match(client, game: str, language: str):
    names = {"team_a": "Орлите", "team_b": "Лъвовете"}
    if game == "belot":
        return create_match(client, language, **names)
    if game == "coinche+SA/TA":
        names["contree_no_and_all_trumps"] = "true"
        return create_french_match(client, "coinche", language, **names)
    return create_french_match(client, game, language, **names)


def choose_an_ordinary_deal(screen: Screen, game: str, taps: list) -> None:
    """The bid (in contrée and coinche), the bidding team and the suit, each tapped where it is
    on the screen, the page never scrolled."""
    page = screen.page
    choices = [("bidders", "B"), ("contract" if game == "belot" else "trump", "hearts")]
    if game != "belot" and game != "classic":
        choices.insert(0, ("bid", "90"))
    for name, value in choices:
        found = tappable(chip(page, name, value))
        assert found["scrolled"] == 0, (name, found)
        screen.tap(chip(page, name, value))
        taps.append(name)
        expect(page.locator(f"input[name={name}][value='{value}']")).to_be_checked()


def open_new_deal(screen: Screen, client, game: str, language: str, taps: list):
    match = new_match(client, game, language)
    screen.goto(f"/{language}/")  # the match pages open in the language last chosen
    screen.goto(match.get_scorer_url())
    new_deal = screen.page.locator(".actions a.button")
    tappable(new_deal)
    screen.follow(new_deal, DEAL_PAGE)
    taps.append("new deal")
    return match


def save(screen: Screen, taps: list) -> None:
    page = screen.page
    expect(page.locator("#result-bar strong")).to_have_count(2)
    tappable(page.locator("button[value=save]"))
    screen.follow(page.locator("button[value=save]"), MATCH_PAGE)
    taps.append("save")


@pytest.mark.parametrize("game", GAMES)
def test_an_ordinary_deal_takes_at_most_five_taps_and_no_swipe(new_context, client_for_setup, game):
    screen = Screen(new_context("phone").new_page(), "phone")
    page = screen.page
    for language in LANGUAGES:
        taps = []
        match = open_new_deal(screen, client_for_setup, game, language, taps)
        choose_an_ordinary_deal(screen, game, taps)
        box = page.locator("#id_card_points")
        expect(box).to_be_focused()  # the keypad is up: no tap on the box
        found = tappable(box)  # and a scorer who taps it anyway finds it above Save
        assert found["scrolled"] == 0, (language, found)  # six contracts too take one row
        page.keyboard.type("90")
        expect(box).to_have_value("90")
        save(screen, taps)
        assert len(taps) == TAPS[game] <= 5, (language, taps)
        card_points = Deal.objects.get(match=match).data["card_points"]
        assert card_points == {"team": "B", "points": 90}, language


@pytest.mark.parametrize("game", GAMES)
def test_without_javascript_the_card_points_box_is_tapped_above_save(
    new_context, client_for_setup, game
):
    """Without a script the box does not take the focus: it is tapped, where it is, above the
    bar with Save, after the choices and without a swipe."""
    screen = Screen(new_context("phone", java_script_enabled=False).new_page(), "phone")
    page = screen.page
    taps = []
    match = open_new_deal(screen, client_for_setup, game, "bg", taps)
    choose_an_ordinary_deal(screen, game, taps)
    box = page.locator("#id_card_points")
    found = tappable(box)
    assert found["scrolled"] == 0, found
    screen.type_number("#id_card_points", 90)
    screen.follow(page.locator("button[value=preview]"), DEAL_PAGE)
    save(screen, taps)
    assert Deal.objects.get(match=match).data["card_points"] == {"team": "B", "points": 90}


# The card points box has the focus and the visual viewport is the phone less the keyboard.
TYPING_IN_VIEW = """(keyboard) => {
  const box = document.querySelector("#id_card_points");
  const view = window.visualViewport;
  const bar = document.querySelector(".form-actions").getBoundingClientRect();
  const rect = box.getBoundingClientRect();
  return document.activeElement === box && view.height <= 740 - keyboard
    && rect.bottom <= bar.top && rect.top >= view.offsetTop;
}"""


@pytest.mark.parametrize("game", GAMES)
def test_the_keyboard_never_hides_the_card_points_box_nor_save(new_context, client_for_setup, game):
    """The keyboard comes up over the lower 300 px of a 360 x 740 phone once the box has the
    focus. Headless Chromium has no on-screen keyboard, and its visual viewport cannot be
    shrunk alone (CDP's Emulation.setVisibleSize is gone): the viewport is set to 360 x 440
    instead (``set_viewport_size``, CDP's Emulation.setDeviceMetricsOverride), which is what
    Chromium on Android does with the page's interactive-widget=resizes-content, the layout
    and the visual viewport both shrunk, with resize events on the window and on
    window.visualViewport. The page's script then scrolls the box's row to just above the bar
    with Save; the box, whose team's chips and Save are measured against the visual viewport
    and must be uncovered."""
    language = {"belot": "bg", "classic": "uk", "contree": "ru", "coinche": "bg"}.get(game, "uk")
    screen = Screen(new_context("phone").new_page(), "phone")
    page = screen.page
    taps = []
    match = open_new_deal(screen, client_for_setup, game, language, taps)
    choose_an_ordinary_deal(screen, game, taps)
    expect(page.locator("#id_card_points")).to_be_focused()
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"] - KEYBOARD})
    page.wait_for_function(TYPING_IN_VIEW, arg=KEYBOARD)
    tappable(page.locator("#id_card_points"))
    tappable(chip(page, "points_team", "A"))  # the defenders' points are a tap away
    tappable(page.locator("button[value=save]"))
    page.keyboard.type("90")
    expect(page.locator("#result-bar strong")).to_have_count(2)
    tappable(page.locator("#id_card_points"))
    tappable(page.locator("button[value=save]"))
    screen.follow(page.locator("button[value=save]"), MATCH_PAGE)
    assert Deal.objects.get(match=match).data["card_points"] == {"team": "B", "points": 90}
