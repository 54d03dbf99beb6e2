"""The site as an app on the phone, in Debian's Chromium: installable (the manifest is
linked and valid, and Chromium's own installability check finds nothing missing), dark at night
(every page passes axe-core in the dark theme, and the switch works without a script), awake at
the table (the scorer's pages ask for a screen wake lock, again when shown again) and printable
(a 40-deal match with 40-character hostile names prints on at most two A4 pages).
"""

import io
import json
import struct
import unicodedata

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect
from pypdf import PdfReader

from benchmarks.page_weight import DEAL_CYCLE
from calculator import engine
from calculator.games.words import declaration_name
from calculator.models import Deal, Match
from tests.calculator.conftest import create_match
from tests.e2e.screens import Screen, render_everything
from tests.e2e.test_accessibility import FIRST_DEALS, LAST_DEALS, axe_violations, record_deals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("bg", "uk", "ru")
JAVASCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
DARK_PAPER = "rgb(28, 25, 23)"  # --paper in static/css/dark.css
LIGHT_PAPER = "rgb(250, 250, 249)"  # --paper in static/css/site.css
# 40 characters each, as a database may hold them: markup, format strings, template syntax,
# right-to-left text and zero-width characters (the form itself drops the last two kinds).
TEAM_A = ("<b>100%</b> {x} \u202eНепобедимите\u202c שלום\u200bעולם " + "Ж" * 40)[:40]
TEAM_B = ("%(x)s {{ y }} {% now 'Y' %} مرحبا\u200d" + "Щ" * 40)[:40]
# The players, under their teams' names on the sheet: one short name to find on the paper, and
# three that fill all 40 characters.
PLAYERS = {
    "player_1": "Иван",
    "player_2": ("<i>%(first)s</i> \u202eЛевичарката\u202c " + "П" * 40)[:40],
    "player_3": "Ё" * 40,
    "player_4": ("Мария-Антоанета\u200b Петрова-Иванова " + "Ц" * 40)[:40],
}


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def forty_deals(**names) -> Match:
    """A 40-deal match (eight times the benchmarks' five deals: games end, points hang)."""
    match = Match.objects.create(**names)
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(DEAL_CYCLE[number % 5]))
        for number in range(1, 41)
    )
    return match


# 1. Installable


@pytest.fixture
def profile_context(request, browsers, live_server, tmp_path):
    """A browser with a profile on disk: Chromium never offers to install an app from an
    incognito window, which is what every other context of these tests is."""
    from tests.e2e.conftest import ACTION_TIMEOUT_MS, ARGS, DEVICES, RequestGuard, binary

    guard = RequestGuard()
    path = binary(request.node)

    def make(locale):
        context = browsers.playwright.chromium.launch_persistent_context(
            tmp_path / "profile",
            executable_path=str(path),
            args=ARGS[path],
            base_url=live_server.url,
            locale=locale,
            **DEVICES["phone"],
        )
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        context.on("request", guard.request)
        context.on("page", guard.watch)
        made.append(context)
        return context

    made = []
    yield make
    for context in made:
        context.close()
    assert not guard.problems, "\n".join(guard.problems)


@pytest.mark.full_chromium(
    "Chromium's own installability check: the headless shell finds nothing missing on any page"
)
def test_the_manifest_is_linked_valid_and_chromium_finds_the_app_installable(profile_context):
    """One phone with a profile on disk (a browser of its own to start) opens the site in each
    language, one after the other."""
    page = profile_context("bg-BG").new_page()
    for language in LANGUAGES:
        manifest_is_linked_valid_and_installable(page, language)


def manifest_is_linked_valid_and_installable(page, language: str):
    page.goto(f"/{language}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)

    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith(f"/{language}/manifest.webmanifest")
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    with translation.override(language):
        assert data["name"] == gettext("Belot: rules and score")
        assert data["short_name"] == gettext("Belot")
    assert data["name"] != "Belot: rules and score"  # translated, not left in English
    assert (data["start_url"], data["display"], data["lang"]) == (
        f"/{language}/",
        "standalone",
        language,
    )
    icons = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
    for (sizes, _purpose), src in icons.items():
        response = page.request.get(src)
        assert response.headers["content-type"] == "image/png"
        assert "x".join(map(str, png_size(response.body()))) == sizes

    # What Chromium itself checks before it offers to install the app.
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    # The installed app opens on the home page, which the service worker keeps for offline.
    page.goto(data["start_url"])
    expect(page.locator("h1")).to_have_count(1)


# 2. Dark at night


def dark_pages(client, language) -> tuple[Match, list[str]]:
    match = create_match(client, language)
    record_deals(client, match, FIRST_DEALS, start=1)  # points hang, the chart shows
    return match, [
        f"/{language}/",
        f"/{language}/rules/",
        f"/m/{match.scorer_key}/",
        f"/m/{match.watch_key}/",
        f"/m/{match.watch_key}/sheet/",
        f"/m/{match.scorer_key}/deal/1/",  # a correction, with its preview
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_in_the_dark_theme_and_the_sheet_in_the_light_have_no_axe_violations(
    new_context, client_for_setup, axe_source, language
):
    """Every page in the dark theme, each in one of the three languages: a third of them in
    each run. A page's colours are the same in every language, and its structure in every
    language is checked in the light theme (test_accessibility.py, test_rules_phone.py)."""
    match, paths = dark_pages(client_for_setup, language)
    share = LANGUAGES.index(language)
    context = new_context("phone", locale=language, color_scheme="dark")
    screen = Screen(context.new_page(), "phone")
    page = screen.page
    found = []
    for path in paths[share :: len(LANGUAGES)]:
        page.goto(path)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_PAPER
        for panel in page.locator("main details > summary").all():
            panel.click()  # folded panels (the home page's, the scorer's link) opened too
        found += axe_violations(page, axe_source)
    if language == "bg":  # the new match form with its errors, from the home page
        page.goto(f"/{language}/")
        page.locator("#id_team_b").fill(page.locator("#id_team_a").input_value())
        page.locator("form[action$='/match/new/'] button[type=submit]").click()
        expect(page.locator(".field.invalid")).to_have_count(1)
        found += axe_violations(page, axe_source)
    elif language == "uk":  # the score sheet in the light theme too: paper is light
        page.emulate_media(color_scheme="light")
        page.goto(f"/m/{match.watch_key}/sheet/")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == LIGHT_PAPER
        found += axe_violations(page, axe_source)
    else:  # a match whose game is over
        record_deals(client_for_setup, match, LAST_DEALS, start=len(FIRST_DEALS) + 1)
        page.goto(f"/m/{match.scorer_key}/")
        expect(page.locator(".game-over")).to_be_visible()
        found += axe_violations(page, axe_source)
    assert not found, f"{len(found)} accessibility violations:\n" + "\n".join(found)


def choose(page, theme: str):
    # The switcher is in the footer: on the rules page, the sections drawn only near the screen
    # (content-visibility) would be laid out while the link is scrolled to, and move it under
    # the click (once in CI: the tap landed on a section and nothing happened). Laid out first.
    render_everything(page)
    with page.expect_navigation():
        page.locator(".theme-switcher a", has_text=theme).click()


@JAVASCRIPT
def test_the_theme_switch_remembers_the_choice_without_a_script(
    new_context, client_for_setup, javascript
):
    match = create_match(client_for_setup)
    context = new_context("phone", color_scheme="light", java_script_enabled=javascript)
    screen = Screen(context.new_page(), "phone")
    page = screen.page
    background = "getComputedStyle(document.body).backgroundColor"
    screen.goto(f"/m/{match.scorer_key}/?game=1")
    assert page.evaluate(background) == LIGHT_PAPER

    choose(page, "Тъмна")
    assert page.url.endswith(f"/m/{match.scorer_key}/?game=1")  # back where the link was
    assert page.evaluate(background) == DARK_PAPER
    expect(page.locator(".theme-switcher a[aria-current]")).to_have_text("Тъмна")
    screen.goto("/bg/rules/")  # remembered on every page
    assert page.evaluate(background) == DARK_PAPER

    page.emulate_media(color_scheme="dark")
    choose(page, "Светла")
    assert page.evaluate(background) == LIGHT_PAPER  # the choice wins over the phone's setting
    choose(page, "Като на телефона")
    assert page.evaluate(background) == DARK_PAPER  # the phone's setting again
    assert not [c for c in context.cookies() if c["name"] == "theme"]


# 3. Awake at the table

STUB_WAKE_LOCK = """
window.wakeLockCalls = [];
window.wakeLocks = [];
window.shownAs = "visible";
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get() { return window.shownAs; },
});
Object.defineProperty(navigator, "wakeLock", {
  configurable: true,
  value: {
    request(type) {
      window.wakeLockCalls.push(type);
      const sentinel = new EventTarget();
      sentinel.release = () => {
        sentinel.dispatchEvent(new Event("release"));
        return Promise.resolve();
      };
      window.wakeLocks.push(sentinel);
      return Promise.resolve(sentinel);
    },
  },
});
"""

SHOW_AS = """(state) => {
  window.shownAs = state;
  if (state === "hidden") window.wakeLocks.forEach((lock) => lock.release());
  document.dispatchEvent(new Event("visibilitychange"));
}"""

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def test_the_scorers_pages_keep_the_screen_awake_and_ask_again_when_shown_again(
    new_context, client_for_setup
):
    match = create_match(client_for_setup)
    context = new_context("phone")
    context.add_init_script(STUB_WAKE_LOCK)
    page = context.new_page()
    calls = "window.wakeLockCalls"

    page.goto(f"/m/{match.scorer_key}/")
    expect(page.locator(".scoreboard")).to_be_visible()
    page.wait_for_function(f"() => {calls}.length === 1")
    assert page.evaluate(calls) == ["screen"]
    page.evaluate(SHOW_AS, "hidden")  # another app on top: the browser lets the lock go
    page.evaluate(SHOW_AS, "visible")
    page.wait_for_function(f"() => {calls}.length === 2")
    page.evaluate(SHOW_AS, "visible")  # shown again while held: no second lock
    page.wait_for_timeout(200)
    assert page.evaluate(calls) == ["screen", "screen"]

    page.goto(f"/m/{match.scorer_key}/deal/")
    page.wait_for_function(f"() => {calls}.length === 1")
    page.goto(f"/m/{match.watch_key}/")  # a watcher's phone may sleep
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert page.evaluate(calls) == []


def test_without_the_wake_lock_api_the_scorers_page_says_nothing(new_context, client_for_setup):
    match = create_match(client_for_setup)
    context = new_context("phone")  # a script error or a console error fails the test
    context.add_init_script(NO_WAKE_LOCK)
    page = context.new_page()
    page.goto(f"/m/{match.scorer_key}/")
    assert page.evaluate("'wakeLock' in navigator") is False
    page.wait_for_load_state("load")
    expect(page.locator(".scoreboard")).to_be_visible()


# 4. Printable


def printed(page) -> PdfReader:
    page.emulate_media(media="print")
    return PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))


def text_of(pdf: PdfReader) -> str:
    """The printed text as typed: the PDF draws "fi", "fl" and "ff" as ligatures (U+FB00-FB06),
    which a key like "fiWUR6..." would otherwise not match; NFKC writes them out again."""
    return unicodedata.normalize("NFKC", " ".join(page.extract_text() for page in pdf.pages))


@JAVASCRIPT
def test_a_forty_deal_match_prints_on_two_a4_pages_with_nothing_to_tap(new_context, javascript):
    screen = Screen(new_context("phone", java_script_enabled=javascript).new_page(), "phone")
    for language in LANGUAGES:
        forty_deals_print_on_two_a4_pages(screen, language)
        screen.page.emulate_media(media="screen")  # back from paper, for the next language


def forty_deals_print_on_two_a4_pages(screen: Screen, language: str):
    match = forty_deals(team_a=TEAM_A, team_b=TEAM_B, **PLAYERS)
    fold = engine.fold_match(
        match.profile, match.first_dealer, [DEAL_CYCLE[number % 5] for number in range(1, 41)]
    )
    screen.goto(f"/{language}/")
    screen.goto(f"/m/{match.scorer_key}/sheet/")  # always shown at the watch link
    assert screen.page.url.endswith(f"/m/{match.watch_key}/sheet/")
    page = screen.page
    expect(page.locator(".sheet-table tbody tr")).to_have_count(40)

    pdf = printed(page)
    assert 1 <= len(pdf.pages) <= 2, f"{language}: {len(pdf.pages)} A4 pages"
    text = text_of(pdf)
    assert match.watch_key in text.replace("\n", "") and match.scorer_key not in text
    last = fold.deals[-1]
    assert f"{last.totals.a}" in text and f"{last.totals.b}" in text
    # Nothing to tap on paper: no button, no link, no QR code, no header or footer.
    shown = page.evaluate(
        """() => [...document.querySelectorAll("a, button, img, svg, header, footer, nav")]
          .filter((el) => el.checkVisibility()).map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert shown == [], language
    with translation.override(language):
        winner = gettext("games won")
        # What a paper sheet writes too: the belot and the terce of the deals that had them,
        # and who dealt (the first dealer, player 1, deals the first deal of every five).
        declared = [declaration_name("belot"), declaration_name("sequence", length=3)]
        dealer = gettext("dealt by %(dealer)s") % {"dealer": "Иван"}
    lines = text.replace("\n", " ")
    assert winner in lines
    assert all(name in lines for name in declared), language
    assert dealer in lines, language


def test_the_match_page_prints_without_its_controls(new_context, client_for_setup):
    match = create_match(client_for_setup)
    record_deals(client_for_setup, match, FIRST_DEALS, start=1)
    page = new_context("desktop").new_page()
    page.goto(f"/m/{match.scorer_key}/")
    pdf = printed(page)
    assert len(pdf.pages) == 1
    shown = page.evaluate(
        """() => [...document.querySelectorAll("button, img, header, footer, nav, form")]
          .filter((el) => el.checkVisibility()).length"""
    )
    assert shown == 0
    assert match.scorer_key not in text_of(pdf)
