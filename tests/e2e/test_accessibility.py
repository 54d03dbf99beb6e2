"""axe-core finds no accessibility violations on any page, in any language; a deal can be
entered and saved with the keyboard alone.

axe-core comes from npm (package.json; `make test` runs `npm ci` when npm is there). It is run
with Playwright's evaluate, which a Content-Security-Policy without 'unsafe-inline' allows.
"""

import pytest
from django.test import Client
from playwright.sync_api import expect

from calculator import engine
from calculator.shared.recent import RECENT_COOKIE, RECENT_TABLES_COOKIE
from tests.calculator.conftest import all_passed, create_match, record_deal
from tests.calculator.test_table_http import create_table
from tests.e2e.screens import Screen, render_everything

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

RUN_AXE = """
async () => {
  const results = await axe.run(document, { resultTypes: ["violations"] });
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(" ") + ": " + n.failureSummary.replace(/\\n+/g, " ")),
  }));
}
"""

# Form fields of deals entered through the site: a played deal, all passed, a contra that hangs,
# then four more deals that end the game (the same game as tests/e2e/test_scoring.py).
FIRST_DEALS = [
    {"card_points": 87},
    None,
    {
        "bidders": "B",
        "contract": "spades",
        "card_points": 81,
        "points_team": "B",
        "double": "contra",
    },
]
LAST_DEALS = [
    {"contract": "all_trumps", "card_points": 200, "quartes_a": 1, "belots_b": 1},
    {"contract": "no_trumps", "capot": "A"},
    {"bidders": "B", "contract": "clubs", "result": "inside"},
    {"contract": "diamonds", "card_points": 130, "terces_a": 2, "carres_a": "J"},
]


def axe_violations(page, axe_source: str) -> list[str]:
    # Parts drawn only near the screen (the rules' sections) are laid out first, so that axe
    # checks their contrast and sizes too instead of leaving them out as not rendered.
    render_everything(page)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source + "\n;void 0")
    found = page.evaluate(RUN_AXE)
    return [
        f"{page.url}: [{v['impact']}] {v['id']}: {v['help']}\n"
        + "\n".join(f"    {node}" for node in v["nodes"])
        for v in found
    ]


def record_deals(client: Client, match, deals: list, start: int) -> None:
    for number, fields in enumerate(deals, start=start):
        if fields is None:
            all_passed(client, match, number)
        else:
            record_deal(client, match, number, **fields)


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_no_page_has_axe_violations(
    new_context, client_for_setup, axe_source, language, live_server
):
    match = create_match(client_for_setup, language)
    record_deals(client_for_setup, match, FIRST_DEALS, start=1)
    table = create_table(client_for_setup, language)
    context = new_context("phone", locale=language)
    context.add_cookies(  # the home page lists this phone's match and table
        [
            {"name": RECENT_COOKIE, "value": match.scorer_key, "url": live_server.url},
            {"name": RECENT_TABLES_COOKIE, "value": table.keeper_key, "url": live_server.url},
        ]
    )
    screen = Screen(context.new_page(), "phone")
    page = screen.page
    found = []

    def check(path=None):
        if path:
            screen.goto(path)
        found.extend(axe_violations(page, axe_source))

    screen.goto(f"/{language}/")
    for panel in page.locator("details > summary").all():
        screen.tap(panel)
    check()
    # The new match form, sent from there with an error (the same name twice)
    page.locator("#id_team_b").fill(page.locator("#id_team_a").input_value())
    screen.follow(
        page.locator("form[action$='/match/new/'] button[type=submit]"), f"/{language}/match/new/$"
    )
    expect(page.locator(".field.invalid")).to_have_count(1)
    check()
    # The rules page (this phone, language and theme, with a script) is checked in
    # test_rules_phone.py, folded, opened and filtered, on the load its quick find uses.
    check(f"/offline/{language}/")
    check(f"/m/{match.scorer_key}/")  # with hanging points
    check(f"/m/{match.watch_key}/")
    # The deal page with a live preview
    screen.goto(f"/m/{match.scorer_key}/deal/")
    screen.enter_deal(
        engine.PlayedDeal(
            engine.Team.A,
            engine.Contract.HEARTS,
            engine.CardPoints(engine.Team.A, 100),
            declarations_a=engine.TeamDeclarations(belots=1),
        )
    )
    expect(page.locator("#preview table.recorded")).to_be_visible()
    check()
    record_deals(client_for_setup, match, LAST_DEALS, start=len(FIRST_DEALS) + 1)
    check(f"/m/{match.scorer_key}/")  # the game is over
    expect(page.locator(".game-over")).to_be_visible()
    assert not found, f"{len(found)} accessibility violations:\n" + "\n".join(found)


def tab_to(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the focus is on ``selector``; each stop must show where the focus is."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            assert page.evaluate(FOCUS_SHOWN), f"no visible focus on {selector}"
            return
    raise AssertionError(f"{selector} cannot be reached with Tab")


# A chip's radio button is hidden: its label's box shows the focus instead.
FOCUS_SHOWN = """
() => {
  const el = document.activeElement;
  const shown = el.closest("label.chip") ? el.nextElementSibling : el;
  const style = getComputedStyle(shown);
  return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
}
"""


def test_a_deal_can_be_entered_and_saved_with_the_keyboard_alone(new_context, client_for_setup):
    match = create_match(client_for_setup)
    page = new_context("desktop").new_page()
    page.goto(f"/m/{match.scorer_key}/")
    match_url = page.url
    tab_to(page, ".actions a.button")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{match_url}deal/")

    tab_to(page, "input[name=bidders]")
    page.keyboard.press("ArrowRight")  # arrows move within a group of radio buttons
    expect(page.locator("#id_bidders_1")).to_be_checked()
    tab_to(page, "input[name=contract]")
    page.keyboard.press("Space")
    expect(page.locator("#id_contract_0")).to_be_checked()  # clubs
    tab_to(page, "#id_card_points")
    page.keyboard.type("62")
    tab_to(page, ".stepper:has(#id_belots_b) button.step")  # the + above the count
    page.keyboard.press("Enter")
    expect(page.locator("#id_belots_b")).to_have_value("1")

    deal = engine.PlayedDeal(  # the card points' team followed the bidders
        engine.Team.B,
        engine.Contract.CLUBS,
        engine.CardPoints(engine.Team.B, 62),
        declarations_b=engine.TeamDeclarations(belots=1),
    )
    expected = engine.fold_match(engine.DEFAULT_PROFILE, 0, [deal]).deals[-1]
    preview = Screen(page, "desktop").preview_rows(expected)
    tab_to(page, "button[value=save]")
    page.keyboard.press("Enter")
    expect(page).to_have_url(match_url)
    assert Screen(page, "desktop").history_row(0) == preview
