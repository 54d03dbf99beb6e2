"""The deal page's choices on a 360 x 740 phone, in every game, in bg, uk and ru, with
JavaScript on and off, a new deal and a correction: no choice's label is squeezed narrower than
its words (``Screen.check_labels``); a French game's contracts (four suits, or six with no trumps
and all trumps) stand on one row, each suit's sign above its name; the correction's heading
takes one line."""

import pytest
from playwright.sync_api import expect

from calculator import engine
from tests.calculator.conftest import record_deal
from tests.calculator.french import record_french
from tests.e2e.screens import TAP_MIN, Screen
from tests.e2e.test_deal_taps import GAMES, new_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("bg", "uk", "ru")
SUITS = {suit.value for suit in engine.Suit}

# Each contract's chip: its box, and the boxes of its sign and its name where it has both.
CONTRACTS = """(chips) => chips.map((chip) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  const sign = chip.querySelector(".sign"), name = chip.querySelector(".name");
  return {text: chip.textContent, value: chip.previousElementSibling.value, box: box(chip),
          sign: sign && box(sign),
          name: name && box(name)};
})"""


def record_one_deal(client, match, game: str) -> None:
    if game == "belot":
        record_deal(client, match, 1, card_points=100)
    elif game == "classic":
        record_french(client, match, 1, card_points=100)
    else:
        record_french(client, match, 1, bid="90", card_points=100)


def contracts_on_one_row(screen: Screen, game: str) -> None:
    chips = screen.page.locator("#wrap-trump label.chip > span")
    expect(chips).to_have_count(6 if game.endswith("SA/TA") else 4)
    found = chips.evaluate_all(CONTRACTS)
    tops = {round(chip["box"][0]) for chip in found}
    assert len(tops) == 1, f"the contracts take {len(tops)} rows: {found}"
    for chip in found:
        top, bottom = chip["box"]
        assert bottom - top >= TAP_MIN, chip
        if chip["value"] in SUITS:  # its sign above its name
            assert chip["sign"] and chip["sign"][1] <= chip["name"][0] + 0.5, chip


def heading_on_one_line(screen: Screen) -> None:
    heading = screen.page.locator("h1")
    lines = heading.evaluate(
        "h => Math.round(h.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(h).lineHeight))"
    )
    assert lines == 1, f"{heading.inner_text()!r} takes {lines} lines"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_no_choice_on_the_deal_page_is_squeezed_and_the_contracts_take_one_row(
    new_context, client_for_setup, language, javascript
):
    context = new_context("phone", locale=language, java_script_enabled=javascript)
    screen = Screen(context.new_page(), "phone")
    screen.goto(f"/{language}/")  # the match pages open in the language last chosen
    for game in GAMES:
        match = new_match(client_for_setup, game, language)
        record_one_deal(client_for_setup, match, game)
        for path in (f"/m/{match.scorer_key}/deal/", f"/m/{match.scorer_key}/deal/1/"):
            screen.goto(path)
            screen.check_labels()
            if game != "belot":
                contracts_on_one_row(screen, game)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_correction_page_is_headed_on_one_line(new_context, client_for_setup, language):
    screen = Screen(new_context("phone", locale=language).new_page(), "phone")
    screen.goto(f"/{language}/")
    for game in ("belot", "coinche"):
        match = new_match(client_for_setup, game, language)
        record_one_deal(client_for_setup, match, game)
        screen.goto(f"/m/{match.scorer_key}/deal/1/")
        heading_on_one_line(screen)
        screen.goto(f"/m/{match.scorer_key}/deal/")
        heading_on_one_line(screen)
