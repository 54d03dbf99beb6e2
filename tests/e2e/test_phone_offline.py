"""A match kept on the scorer's phone (calculator/phone, static/js/phone.js): with the
connection cut, the scorer enters, corrects, deletes and undoes deals on the same pages, which
the site's own Python answers on the phone; nothing typed is lost across a reload; back online,
the changes reach the server in order and the server's match is what an online scorer would
have recorded; a change another phone made meanwhile is never overwritten.

Pyodide comes from npm (package.json; `make test` installs it and copies it to
static/phone/pyodide): without it no page offers to keep a match, and these tests skip.
"""

import dataclasses
import re
import time
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext
from playwright.sync_api import expect

from calculator import engine
from calculator.models import Match
from tests.calculator.conftest import create_match, record_deal
from tests.calculator.french import create_french_match
from tests.e2e.screens import Screen
from tests.e2e.test_french_matches import COINCHE_DEALS, enter_french, expect_score
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "static" / "phone" / "pyodide" / "pyodide.asm.wasm"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.service_worker,
    pytest.mark.long,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not RUNTIME.exists(), reason="Pyodide is not installed: `make test` copies it from npm"
    ),
]

A, B = engine.Team.A, engine.Team.B
WORKER_READY = "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"
# Starting Pyodide and Django on a phone takes seconds (docs/performance.md): a cap, not a
# deadline any test asserts.
PHONE_CAP_MS = 120_000


def keep_on_phone(screen: Screen, match: Match) -> None:
    """Open the scorer's page with the service worker in charge, and keep the match."""
    page = screen.page
    page.goto(f"/m/{match.scorer_key}/")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate(WORKER_READY)
    panel = page.locator("#phone-keep")
    expect(panel).to_be_visible()
    screen.tap(panel.locator("summary"))
    screen.tap(panel.locator("[data-phone-keep]"))
    kept = panel.get_attribute("data-kept")
    expect(panel.locator("[data-phone-status]")).to_have_text(kept, timeout=PHONE_CAP_MS)


def kept_and_offline(new_context, match: Match, language: str, path: str):
    """A phone that kept ``match``, then lost its connection and opened ``path``: its context
    and screen."""
    context = new_context("phone", locale=language)
    screen = Screen(context.new_page(), "phone")
    keep_on_phone(screen, match)
    context.set_offline(True)
    on_the_phone(screen, path)
    return context, screen


def on_the_phone(screen: Screen, path: str) -> None:
    """Open ``path`` without a connection: the phone starts, and shows the page itself."""
    screen.page.goto(path)
    expect(screen.page.locator(".phone-bar")).to_be_visible(timeout=PHONE_CAP_MS)
    screen.check_layout()


# The size of what the phone keeps as its bytecode (0: nothing kept).
KEPT_BYTECODE = """() => caches.open("phone-bytecode").then(async (cache) => {
  const keys = await cache.keys();
  return keys.length === 1 ? (await (await cache.match(keys[0])).arrayBuffer()).byteLength : 0;
})"""


def bytecode_kept(page, sound: bool = False) -> None:
    """The phone's worker keeps the bytecode of the site's Python once it is idle (a second after
    its last answer: templates/phone-worker.js), for the next start to unpack instead of
    compiling; tests/calculator/test_phone.py checks such a start compiles none of it. ``sound``:
    a zip of the modules, not the few bytes a test put in its place."""
    deadline = time.monotonic() + PHONE_CAP_MS / 1000
    while page.evaluate(KEPT_BYTECODE) < (100_000 if sound else 1):
        assert time.monotonic() < deadline, "the phone kept no bytecode"
        page.wait_for_timeout(100)


def waiting(screen: Screen, language: str, count: int):
    """The phone's bar: no connection, and how many changes wait to be sent."""
    with translation.override(language):
        if count:
            bar = ngettext(
                "No connection: this phone keeps the score, and %(changes)s change waits to be "
                "sent.",
                "No connection: this phone keeps the score, and %(changes)s changes wait to be "
                "sent.",
                count,
            ) % {"changes": count}
        else:
            bar = gettext("No connection: this phone keeps the score.")
    expect(screen.page.locator(".phone-bar")).to_have_text(bar.replace("\u00a0", " "))


def tap_to(screen: Screen, locator, pattern: str) -> None:
    """A tap the phone answers (a page it writes in place, without loading one)."""
    screen.tap(locator)
    expect(screen.page).to_have_url(re.compile(pattern))
    expect(screen.page.locator(".phone-bar")).to_be_visible()
    screen.check_layout()


def sent(screen: Screen, match: Match, deals: int) -> None:
    """Back online: every change reaches the server, and the phone says so."""
    bar = screen.page.locator(".phone-bar")
    expect(bar).to_have_text(bar.get_attribute("data-sent"), timeout=PHONE_CAP_MS)
    assert Match.objects.get(pk=match.pk).deals.count() == deals


def stored(match: Match) -> list[dict]:
    return list(
        Match.objects.get(pk=match.pk).deals.order_by("number").values_list("data", flat=True)
    )


def hearts(points: int, team=A) -> engine.PlayedDeal:
    return engine.PlayedDeal(team, engine.Contract.HEARTS, engine.CardPoints(team, points))


# All trumps with a carré of jacks: four of them end the game (a capot could not: the house rule
# the matches are made with keeps a capot from ending it).
BIG = engine.PlayedDeal(
    A,
    engine.Contract.ALL_TRUMPS,
    engine.CardPoints(A, 230),
    declarations_a=engine.TeamDeclarations(carres=(engine.Carre(engine.Rank.JACK),)),
)


def test_a_whole_belot_game_offline_reaches_the_server_as_an_online_scorer_records_it(
    new_context, client_for_setup
):
    language = "uk"
    match = create_match(client_for_setup, language)
    context, screen = kept_and_offline(new_context, match, language, f"/m/{match.scorer_key}/")
    page = screen.page
    waiting(screen, language, 0)
    # The phone's bar, not the page's own note (whose time is the copy's); the QR code drawn too.
    expect(page.locator("#offline-note")).to_have_count(0)
    expect(page.locator("img.qr")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))
    entered = []  # the deals as the match will hold them

    def enter(deal):
        tap_to(screen, page.locator(".actions a.button"), DEAL_PAGE)
        screen.enter_deal(deal)
        fold = engine.fold_match(match.profile, match.first_dealer, [*entered, deal])
        screen.preview_rows(fold.deals[-1])  # the preview, worked out on the phone
        tap_to(screen, page.locator("button[name=action][value=save]"), MATCH_PAGE)
        entered.append(deal)
        screen.expect_score(engine.fold_match(match.profile, match.first_dealer, entered), language)

    enter(hearts(100))
    enter(hearts(90, team=B))
    waiting(screen, language, 2)
    # A correction: the first deal's card points were 110.
    tap_to(screen, page.locator("table.history tbody tr").last.locator("a"), r"/deal/1/$")
    screen.type_number("#id_card_points", 110)
    screen.settled()
    tap_to(screen, page.locator("button[name=action][value=save]"), MATCH_PAGE)
    entered[0] = hearts(110)
    screen.expect_score(engine.fold_match(match.profile, match.first_dealer, entered), language)
    # The last deal deleted, then the delete undone.
    delete = page.locator("table.history tbody tr").first.locator("form button")
    tap_to(screen, delete, MATCH_PAGE)
    screen.expect_score(engine.fold_match(match.profile, match.first_dealer, entered[:1]), language)
    tap_to(screen, page.locator("form.undo button"), MATCH_PAGE)
    screen.expect_score(engine.fold_match(match.profile, match.first_dealer, entered), language)
    waiting(screen, language, 5)

    # The phone switched off and on: the page comes back from the phone, as it was, started
    # from the bytecode the first start kept.
    bytecode_kept(page)
    on_the_phone(screen, f"/m/{match.scorer_key}/")
    waiting(screen, language, 5)
    screen.expect_score(engine.fold_match(match.profile, match.first_dealer, entered), language)
    for _ in range(4):
        enter(BIG)
    assert engine.fold_match(match.profile, match.first_dealer, entered).game_over
    # The score sheet (at the watch link) from the phone too, and Back to the match page.
    tap_to(screen, page.locator(f"a[href='/m/{match.watch_key}/sheet/']"), r"/sheet/$")
    expect(page.locator("table").first).to_be_visible()
    page.go_back()
    expect(page).to_have_url(re.compile(MATCH_PAGE))
    screen.expect_score(engine.fold_match(match.profile, match.first_dealer, entered), language)
    assert Match.objects.get(pk=match.pk).deals.count() == 0  # nothing sent yet

    context.set_offline(False)
    sent(screen, match, len(entered))
    # What a scorer with a connection records for the same deals (the deal form's round trip,
    # tests/calculator/test_round_trip.py: the deal as entered).
    assert stored(match) == [match.deal_data(deal) for deal in entered]
    # Every change made offline, one version each: the saves, the correction, the delete, the undo.
    assert Match.objects.get(pk=match.pk).version == len(entered) + 3


def keep_belote(declared: engine.TeamDeclarations) -> engine.TeamDeclarations:
    return engine.TeamDeclarations(belots=declared.belots)


def french_deals(game: engine.Game, deals: list, profile) -> list:
    """``deals`` up to the end of a game (a capot more until it ends, if the game's own rules
    take longer)."""
    if not getattr(profile, "declarations", True):  # contrée's default: no declarations
        deals = [
            dataclasses.replace(deal, declarations_a=keep_belote(deal.declarations_a))
            if hasattr(deal, "declarations_a")
            else deal
            for deal in deals
        ]
    played = []
    for deal in deals:
        played.append(deal)
        if game.fold_match(profile, 0, played).game_over:
            return played
    capot = deals[-1]
    while not game.fold_match(profile, 0, played).game_over:
        played.append(capot)
    return played


# One French game played whole offline in the browser: contrée, whose deal form has the most to
# tap (the bid, the contre, the declarations). Every French game's deal, correction and undo are
# answered on the phone as on the server in tests/calculator/test_phone.py (Pyodide in Node, at a
# fraction of a browser's cost), and every game's pages byte for byte.
def test_a_whole_contree_game_offline_reaches_the_server_as_entered(new_context, client_for_setup):
    game, language = "contree", "ru"
    match = create_french_match(client_for_setup, game, language)
    engine_game = engine.GAMES[game]
    deals = french_deals(engine_game, COINCHE_DEALS, match.profile)
    context, screen = kept_and_offline(new_context, match, language, f"/m/{match.scorer_key}/")
    page = screen.page
    teams = (match.team_a, match.team_b)
    for number, deal in enumerate(deals, start=1):
        tap_to(screen, page.locator(".actions a.button"), DEAL_PAGE)
        enter_french(screen, deal, bidding=game != "classic", declares=game != "classic")
        fold = engine_game.fold_match(match.profile, match.first_dealer, deals[:number])
        written = fold.deals[-1].result.written
        expect(page.locator("#result-bar strong")).to_have_text([f"+{written.a}", f"+{written.b}"])
        tap_to(screen, page.locator("button[name=action][value=save]"), MATCH_PAGE)
        expect_score(screen, fold, language, teams)
    assert fold.game_over and Match.objects.get(pk=match.pk).deals.count() == 0

    context.set_offline(False)
    sent(screen, match, len(deals))
    expected = [match.deal_data(deal) for deal in deals]
    assert stored(match) == expected


def test_a_change_another_phone_made_first_comes_back_typed_and_the_later_ones_are_held(
    new_context, client_for_setup
):
    match = create_match(client_for_setup)
    context = new_context("phone", locale="bg")
    screen = Screen(context.new_page(), "phone")
    page = screen.page
    keep_on_phone(screen, match)
    # A kept bytecode that does not unpack (a damaged cache): the phone starts all the same,
    # compiling, and keeps a sound one in its place.
    bundle = page.evaluate(
        "fetch(document.querySelector('#phone-keep').dataset.copy).then((r) => r.json())"
        ".then((copy) => copy.bundle)"
    )
    page.evaluate(
        """(key) => caches.open("phone-bytecode")
             .then((cache) => cache.put(key, new Response("not a zip")))""",
        bundle + "?bytecode",
    )
    # The deal page opened without a connection: the first deal typed there, the second from
    # the match page the phone answers after it.
    context.set_offline(True)
    on_the_phone(screen, f"/m/{match.scorer_key}/deal/")
    for number, deal in enumerate((hearts(120), hearts(95, team=B))):
        if number:
            tap_to(screen, page.locator(".actions a.button"), DEAL_PAGE)
        screen.enter_deal(deal)
        screen.settled()
        tap_to(screen, page.locator("button[name=action][value=save]"), MATCH_PAGE)
    waiting(screen, "bg", 2)
    bytecode_kept(page, sound=True)
    # The other phone saves the first deal meanwhile: both of this phone's deals were made on
    # an older match.
    record_deal(client_for_setup, match, 1, card_points=70, bidders="B", points_team="B")

    context.set_offline(False)
    # The server refuses the first (the match changed): it comes back as the server shows it,
    # with what was typed and why, nothing overwritten; saved again, it is deal 2.
    expect(page.locator("#id_card_points")).to_have_value("120", timeout=PHONE_CAP_MS)
    expect(page.locator(".messages")).to_be_visible()
    assert stored(match) == [match.deal_data(hearts(70, team=B))]
    with page.expect_navigation():
        screen.tap(page.locator("button[name=action][value=save]"))
    # The second is held: the match page offers to open it.
    held = page.locator("[data-phone-held]")
    expect(held).to_be_visible(timeout=PHONE_CAP_MS)
    expect(held.locator("[data-phone-count]")).to_have_text("1")
    with page.expect_navigation():
        screen.tap(held.locator("button"))
    expect(page.locator("#id_card_points")).to_have_value("95")
    with page.expect_navigation():
        screen.tap(page.locator("button[name=action][value=save]"))
    expect(page).to_have_url(re.compile(MATCH_PAGE))
    expect(page.locator("[data-phone-held]")).to_be_hidden()
    assert stored(match) == [
        match.deal_data(hearts(70, team=B)),
        match.deal_data(hearts(120)),
        match.deal_data(hearts(95, team=B)),
    ]
