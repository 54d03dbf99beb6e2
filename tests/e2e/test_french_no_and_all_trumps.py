"""A whole coinche match with no trumps and all trumps on a 360 px phone, in Russian:
made on the home page with the house rule on (all trumps' belotes 20 each, card points counted
raw), played deal by deal as a scorer taps and types: no trumps, all trumps with belotes on both
sides, then an all trumps capot with contra that ends the game. The preview shows the engine's
figures and the raw points' conversion; the match page, the history and the sheet show the
engine's fold and the contracts' marks; no page scrolls sideways.

Played in one language: the flow is the same in each, and what differs by language is checked
where it is cheaper to check it: the French deal page's choices and their fit at 360 px in
bg, uk and ru with and without a script (test_deal_choices.py, test_deal_taps.py), the French
pages with long names in each language (test_french_screens.py), and the previews' sentences
in each language without a browser (tests/calculator/test_french_no_and_all_trumps.py)."""

import pytest
from playwright.sync_api import expect

from calculator import engine
from calculator.models import Match
from tests.e2e.screens import Screen, translated
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A, B = engine.Team.A, engine.Team.B
NO, ALL = engine.Trumps.NO, engine.Trumps.ALL
TEAMS = ("Соколи", "Вълци")
DEALS = [
    engine.ContreeDeal(A, 100, NO, card_points=engine.CardPoints(A, 100)),
    engine.ContreeDeal(
        B,
        120,
        ALL,
        card_points=engine.CardPoints(B, 150),
        declarations_a=engine.TeamDeclarations(belots=1),
        declarations_b=engine.TeamDeclarations(belots=2),
    ),
    engine.ContreeDeal(A, 250, ALL, engine.Contre.CONTRE, capot=A),
]
MARKS = {NO: "БК", ALL: "ВК"}


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, page.url


def make_match(screen: Screen, language: str):
    page = screen.page
    screen.goto(f"/{language}/")
    page.locator("#id_team_a").fill(TEAMS[0])
    page.locator("#id_team_b").fill(TEAMS[1])
    screen.choose("game", "coinche")
    page.locator("details.panel:has([data-rules-of]) summary").tap()
    # The all trumps' belote and the card points show once the house rule is on.
    belote = page.locator("#wrap-contree_all_trumps_belote")
    expect(belote).to_be_hidden()
    screen.choose("contree_no_and_all_trumps", "true")
    expect(belote).to_be_visible()
    screen.choose("contree_card_points_entry", "raw")
    no_sideways_scroll(page)
    screen.follow(page.locator("form[action$='/match/new/'] button[type=submit]"), MATCH_PAGE)
    match = Match.objects.get(game="coinche")
    assert match.profile.no_and_all_trumps and match.profile.card_points_entry.value == "raw"
    return match


def enter(screen: Screen, deal: engine.ContreeDeal):
    page = screen.page
    screen.choose("bid", str(deal.bid))
    screen.choose("bidders", deal.taker.value)
    screen.choose("trump", deal.trump.value)
    # No belote-rebelote choice in no trumps or all trumps; all trumps asks each team's count.
    expect(page.locator("#wrap-belote")).to_be_hidden()
    counts = page.locator("#wrap-all-trumps-belotes")
    if deal.trump is ALL:
        expect(counts).to_be_visible()
        screen.set_count("belots_a", deal.declarations_a.belots)
        screen.set_count("belots_b", deal.declarations_b.belots)
    else:
        expect(counts).to_be_hidden()
    if deal.card_points is not None:
        help_text = page.locator("#id_card_points_helptext")
        expect(help_text).to_contain_text("130" if deal.trump is NO else "258")
        screen.type_number("#id_card_points", deal.card_points.points)
    if deal.contre is not engine.Contre.NONE:
        screen.choose("contre", deal.contre.value)
    if deal.capot is not None:
        screen.choose("capot", deal.capot.value)


@pytest.mark.parametrize("language", ["ru"])
def test_a_coinche_match_with_no_trumps_and_all_trumps_on_a_phone(new_context, language):
    context = new_context("phone", locale=language)
    screen = Screen(context.new_page(), "phone")
    page = screen.page
    match = make_match(screen, language)
    game = engine.GAMES["coinche"]
    played = []
    for number, deal in enumerate(DEALS, start=1):
        played.append(deal)
        after = game.fold_match(match.profile, match.first_dealer, played)
        assert after.game_over == (number == len(DEALS)), "the last deal ends the game"
        result = after.deals[-1].result
        screen.follow(page.locator(".actions a.button"), DEAL_PAGE)
        enter(screen, deal)
        written = result.written
        expect(page.locator("#result-bar strong")).to_have_text([f"+{written.a}", f"+{written.b}"])
        steps = page.locator("#preview ol.steps")
        if result.raw_card_points is not None:  # the conversion, in words and figures
            raw = result.raw_card_points.of(deal.taker)
            total = 130 if deal.trump is NO else 258
            expect(steps).to_contain_text(
                f"{raw} × 162 / {total} = {result.card_points.of(deal.taker)}"
            )
        if deal.trump is ALL and result.belote.total:
            expect(steps).to_contain_text("2 × 20 = +40")
        no_sideways_scroll(page)
        screen.follow(page.locator("button[name=action][value=save]"), MATCH_PAGE)
        expect(screen.totals()).to_have_text([str(after.totals.a), str(after.totals.b)])
        no_sideways_scroll(page)
    expect(page.locator(".scoreboard .game-over")).to_contain_text(TEAMS[0])
    assert after.winner is A
    history = page.locator("main").inner_text().replace("\xa0", " ")
    for deal in DEALS[:2]:
        assert f"{deal.bid} {MARKS[deal.trump]}" in history
    assert translated(language, "capot") + " ВК" in history
    screen.goto(f"/m/{match.watch_key}/sheet/")
    sheet = page.locator("main").inner_text().replace("\xa0", " ")
    assert "100 БК" in sheet and "120 ВК" in sheet
    no_sideways_scroll(page)
    assert match.deals.count() == len(DEALS)
    assert [match.read_deal(d) for d in match.deals.values_list("data", flat=True)] == DEALS
