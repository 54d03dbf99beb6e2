"""A scorer keeps a whole game on a phone and on a desktop; a watcher follows it read-only.

The expected scores come from the engine (`fold_match`) for the same deals the test taps in.
"""

import re

import pytest
from playwright.sync_api import expect

from calculator import engine
from tests.calculator.conftest import create_match, record_deal
from tests.e2e.screens import Screen, translated

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

A, B = engine.Team.A, engine.Team.B
C = engine.Contract
FIRST_DEALER = 1  # "Player 2", chosen in the form
# Without JavaScript the deal form posts to "#preview", so the page comes back at the preview;
# the match page after a save keeps that fragment (it points at nothing there).
MATCH_PAGE = r"/m/[\w-]+/(#preview)?$"
DEAL_PAGE = r"/m/[\w-]+/deal/(#preview)?$"

GAME_1 = [
    engine.PlayedDeal(A, C.HEARTS, engine.CardPoints(A, 87)),
    engine.AllPassed(),
    # 81 of 162 under contra: a tie, so everything hangs for the next winner
    engine.PlayedDeal(B, C.SPADES, engine.CardPoints(B, 81), engine.Double.CONTRA),
    engine.PlayedDeal(
        A,
        C.ALL_TRUMPS,
        engine.CardPoints(A, 200),
        declarations_a=engine.TeamDeclarations(sequences=(engine.Sequence(4),)),
        declarations_b=engine.TeamDeclarations(belots=1),
    ),
    engine.PlayedDeal(A, C.NO_TRUMPS, capot=A),
    engine.InsideDeal(B, C.CLUBS),
    engine.PlayedDeal(
        A,
        C.DIAMONDS,
        engine.CardPoints(A, 130),
        declarations_a=engine.TeamDeclarations(
            sequences=(engine.Sequence(3), engine.Sequence(3)),
            carres=(engine.Carre(engine.Rank.JACK),),
        ),
    ),
]
GAME_2 = [engine.PlayedDeal(B, C.HEARTS, engine.CardPoints(B, 100), engine.Double.RECONTRA)]


def fold(deals, first_dealer=FIRST_DEALER) -> engine.Match:
    return engine.fold_match(engine.DEFAULT_PROFILE, first_dealer, deals)


def start_match(screen: Screen, team_a="Орли", team_b="Лъвове") -> str:
    """Fill in the home page's form; returns the scorer's page address."""
    page = screen.page
    screen.goto("/")
    screen.arrived(r"/bg/$")
    page.locator("#id_team_a").fill(team_a)
    page.locator("#id_team_b").fill(team_b)
    for panel in page.locator("form[action$='/match/new/'] details > summary").all():
        screen.tap(panel)  # open the players and house rules panels, as a curious scorer does
    screen.check_layout()
    screen.choose("first_dealer", str(FIRST_DEALER))
    return screen.follow(
        page.locator("form[action$='/match/new/'] button[type=submit]"), MATCH_PAGE
    )


def save_deal(screen: Screen, deal, expected: engine.MatchDeal, preview_button: bool = False):
    """Enter a deal, check the preview shows the engine's score, save, and return both rows."""
    page = screen.page
    screen.follow(page.locator(".actions a.button"), DEAL_PAGE)
    screen.enter_deal(deal)
    if preview_button:  # without JavaScript the scorer asks for the preview
        screen.follow(page.locator("button[name=action][value=preview]"), DEAL_PAGE)
    preview = screen.preview_rows(expected)
    screen.follow(page.locator("button[name=action][value=save]"), MATCH_PAGE)
    return preview, screen.history_row(0)


def all_passed(screen: Screen):
    screen.follow(screen.page.locator("form[action$='/all-passed/'] button"), MATCH_PAGE)


# The whole game on the phone, where the scorer keeps it; the desktop's layout of the same pages
# is read by the shorter tests below, which run on both devices.
@pytest.mark.long
@pytest.mark.service_worker
@pytest.mark.parametrize("device", ["phone"])
def test_a_whole_game_and_the_next_one_show_the_engines_score(new_context, device):
    screen = Screen(new_context(device).new_page(), device)
    start_match(screen)
    played = []
    for deal in GAME_1:
        played.append(deal)
        expected = fold(played)
        if isinstance(deal, engine.AllPassed):
            all_passed(screen)
        else:
            preview, history = save_deal(screen, deal, expected.deals[-1])
            assert history == preview, "the history differs from the preview that was saved"
        screen.expect_score(expected)
        if expected.deals[-1].result.hanging_added:  # the contra tie hangs
            marker = screen.page.locator("table.history tbody tr").first.locator(".marker")
            expect(marker).to_contain_text([translated("bg", "hanging")])

    assert expected.game_over and expected.winner is A
    margin = str(expected.totals.a - expected.totals.b)
    expect(screen.page.locator(".game-over")).to_contain_text("Орли")
    expect(screen.page.locator(".game-over")).to_contain_text(margin)
    next_game = translated("bg", "Start game %(number)s", number=2)
    expect(screen.page.locator(".actions a.button")).to_have_text(next_game)

    played += GAME_2
    expected = fold(played)
    preview, history = save_deal(screen, GAME_2[0], expected.deals[-1])
    assert history == preview
    assert expected.game == 2 and expected.deals[-1].number == 1
    screen.expect_score(expected)
    expect(screen.page.locator(".game-no")).to_contain_text("1:0")
    expect(screen.page.locator("ol.games li")).to_have_count(1)


def test_without_javascript_preview_then_save_records_the_deal(new_context, device):
    screen = Screen(new_context(device, java_script_enabled=False).new_page(), device)
    start_match(screen)
    deals = [GAME_1[3], engine.AllPassed(), GAME_1[2]]
    played = []
    for deal in deals:
        played.append(deal)
        expected = fold(played)
        if isinstance(deal, engine.AllPassed):
            all_passed(screen)
            continue
        preview, history = save_deal(screen, deal, expected.deals[-1], preview_button=True)
        assert history == preview
        screen.expect_score(expected)
    # The next deal's page, without a script: its + and − buttons are there but not shown.
    screen.page.goto(re.sub(r"(/m/[^/]+/).*", r"\1deal/", screen.page.url))
    expect(screen.page.locator(".stepper .step")).to_have_count(16)  # 4 counts a team, + and −
    expect(screen.page.locator(".stepper .step:visible")).to_have_count(0)


@pytest.mark.shared_cache
def test_the_watch_link_and_its_qr_code_follow_the_score_and_cannot_change_it(
    new_context, device, client_for_setup
):
    match = create_match(client_for_setup, team_a="Орли", team_b="Лъвове", first_dealer="1")
    record_deal(client_for_setup, match, 1, card_points=87)
    scorer = Screen(new_context(device).new_page(), device)
    scorer.goto(f"/m/{match.scorer_key}/")
    watch_url = scorer.page.locator(".share-link").get_attribute("href")
    assert watch_url.endswith(f"/m/{match.watch_key}/")
    # Its QR code is drawn.
    qr = scorer.page.locator("img.qr")
    qr.scroll_into_view_if_needed()  # it loads lazily
    expect(qr).to_have_js_property("complete", True)
    assert qr.evaluate("img => img.naturalWidth") > 0

    watcher = Screen(new_context(device).new_page(), device)
    watcher.goto(watch_url)
    expect(watcher.totals()).to_have_text(scorer.totals().all_inner_texts())
    main = watcher.page.locator("main")
    expect(main.locator("form")).to_have_count(0)
    expect(main.locator("button:not(.share-button)")).to_have_count(0)
    expect(main.locator("a[href*='/deal/'], a[href*='/all-passed/']")).to_have_count(0)
    assert match.scorer_key not in watcher.page.content()

    deals = [GAME_1[0], GAME_1[3]]
    expected = fold(deals)
    save_deal(scorer, deals[1], expected.deals[-1])
    # The watch page polls every 10 seconds and replaces the score without a reload.
    expect(watcher.totals()).to_have_text(
        [str(expected.totals.a), str(expected.totals.b)], timeout=15_000
    )
    expect(watcher.page.locator("table.history tbody tr")).to_have_count(2)
    watcher.check_layout()
