"""The scorer's screens on a 360 x 740 phone, as a table uses them, in bg, uk and ru.

Every page fits the phone's width with 40-character names and a history that shows every
marker, with JavaScript on and off; the result of a deal stands beside Save; delete and all
passed can be undone; nothing that needs a script shows without one.
"""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from calculator.games.words import double_name
from calculator.models import Deal
from tests.calculator.conftest import all_passed, create_match, record_deal
from tests.e2e.screens import Screen, translated
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("bg", "uk", "ru")
JAVASCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
# 40 characters each: one with spaces, one without a place to break.
TEAM_A = "Непобедимите картоиграчи от Лозенец 1987"
TEAM_B = "Ж" * 40
PLAYERS = ["Мария-Антоанета Петрова-Иванова от Варна"[:40], "П" * 40, "Иван " * 8, "Ё" * 40]
# Deals that show every marker of the history: contra, recontra, capot, inside, hanging, all
# passed; target 51, so that a game ends and a second one starts.
DEALS = [
    {"card_points": 100, "double": "contra"},
    {"bidders": "B", "points_team": "B", "card_points": 90, "double": "recontra"},
    {"card_points": 81},  # 81 : 81, the bidders' points hang
    None,
    {"bidders": "B", "result": "inside"},
    {"contract": "no_trumps", "capot": "A"},
    {"card_points": 120, "quartes_a": 1},
]


@pytest.fixture
def long_match(client_for_setup):
    names = {f"player_{seat}": name.strip() for seat, name in enumerate(PLAYERS, start=1)}
    match = create_match(client_for_setup, team_a=TEAM_A, team_b=TEAM_B, target="51", **names)
    for number, fields in enumerate(DEALS, start=1):
        if fields is None:
            all_passed(client_for_setup, match, number)
        else:
            record_deal(client_for_setup, match, number, **fields)
    return match


def phone(new_context, language="bg", javascript=True) -> Screen:
    context = new_context("phone", locale=language, java_script_enabled=javascript)
    return Screen(context.new_page(), "phone")


def marker_texts(language: str) -> set[str]:
    with translation.override(language):
        words = {gettext(word) for word in ("all passed", "inside", "hanging", "capot")}
        return words | {double_name("contra"), double_name("recontra")}


def the_share_button_shows_only_with_a_script(screen: Screen, javascript: bool):
    share = screen.page.locator(".share-button")
    (expect(share).to_be_visible if javascript else expect(share).to_be_hidden)()


def the_watch_page_says_it_reloads_only_without_a_script(
    screen: Screen, language: str, javascript: bool
):
    by_itself = screen.page.locator(".watching .script-only")
    reloads = translated(
        language, "You are following this match. This page reloads itself every 30 seconds."
    )
    watching = screen.page.locator(".watching")
    if javascript:
        expect(by_itself).to_be_visible()
        expect(watching).not_to_contain_text(reloads, use_inner_text=True)
    else:
        expect(by_itself).to_be_hidden()
        expect(watching).to_contain_text(reloads, use_inner_text=True)


# How close each panel's title comes to the panel's border, above or below its words.
SUMMARY_ROOM = """() => [...document.querySelectorAll("main details.panel > summary")].map((s) => {
  const range = document.createRange();
  range.selectNodeContents(s);
  const words = [...range.getClientRects()].filter((rect) => rect.width > 0);
  const box = s.parentElement.getBoundingClientRect();
  const top = Math.min(...words.map((rect) => rect.top));
  const bottom = Math.max(...words.map((rect) => rect.bottom));
  return [s.textContent.trim(), Math.min(top - box.top, box.bottom - bottom)];
})"""


def the_panels_titles_keep_clear_of_their_borders(screen: Screen):
    rooms = screen.page.evaluate(SUMMARY_ROOM)
    assert rooms and all(room >= 6 for _, room in rooms), rooms


def the_rows_name_the_teams_in_two_lines_at_most(screen: Screen):
    """In the deals' rows the bidders' and the dealer's 40-character names are cut at two lines
    (the columns' headings and the score name them whole)."""
    lines = screen.page.locator("table.history :is(.bidders, .meta)").evaluate_all(
        "els => els.map((el) => [el.textContent,"
        " el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)])"
    )
    assert lines and all(count < 2.5 for _, count in lines), lines
    assert any(count > 1.5 for _, count in lines), lines  # long names, cut, not short ones
    headings = screen.page.locator("table.history thead th.team").all_inner_texts()
    assert [" ".join(text.split()) for text in headings] == [TEAM_A, TEAM_B]


@pytest.mark.parametrize("language", LANGUAGES)
@JAVASCRIPT
def test_every_page_fits_the_phone_with_long_names_and_every_marker(
    new_context, long_match, language, javascript
):
    """And nothing that needs a script shows without one: the share button, the watch page's
    "follows by itself" (without a script it says it reloads itself instead); the deals' rows
    cut the long names at two lines."""
    screen = phone(new_context, language, javascript)
    key, watch = long_match.scorer_key, long_match.watch_key
    screen.goto(f"/{language}/")  # the match pages open in the language last chosen
    script_only = {
        f"/m/{key}/": lambda: the_share_button_shows_only_with_a_script(screen, javascript),
        f"/m/{watch}/": lambda: the_watch_page_says_it_reloads_only_without_a_script(
            screen, language, javascript
        ),
    }
    history = (f"/m/{key}/", f"/m/{watch}/?game=1")
    shown = set()
    for path in (
        f"/m/{key}/",
        f"/m/{key}/?game=1",
        f"/m/{watch}/",
        f"/m/{watch}/?game=1",
        f"/m/{watch}/sheet/",  # the score sheet, every game
        f"/m/{key}/deal/",
        f"/m/{key}/deal/7/",  # a correction, with its preview
        f"/{language}/",  # with the recent matches
        f"/{language}/rules/",
        f"/{language}/match/new/",
    ):
        screen.goto(path)  # checks the width, and the tap targets of every control
        shown |= set(screen.page.locator("table.history .marker").all_inner_texts())
        if path in script_only:
            script_only[path]()
        if path in history:
            the_rows_name_the_teams_in_two_lines_at_most(screen)
        if path == f"/{language}/":  # the home page's panels: a table, a tournament
            the_panels_titles_keep_clear_of_their_borders(screen)
    assert marker_texts(language) <= shown
    assert screen.page.evaluate("document.documentElement.lang") == language


def start_deal(screen: Screen, match):
    screen.goto(f"/m/{match.scorer_key}/deal/")
    screen.choose("bidders", "A")
    screen.choose("contract", "hearts")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_deal_page_reads_on_a_phone_and_its_result_stands_beside_save(
    new_context, client_for_setup, language
):
    """On one deal page, as a scorer goes down it: the contracts' labels each on one line; the
    declaration boxes off in no trumps, and looking off; the result beside Save, following every
    change; Enter in the card points previews without leaving the page."""
    match = create_match(client_for_setup, language)
    screen = phone(new_context, language)
    screen.goto(f"/m/{match.scorer_key}/deal/")
    heights = screen.page.locator(".contracts .chip span").evaluate_all(
        "spans => spans.map(s => [s.textContent, s.getBoundingClientRect().height,"
        " parseFloat(getComputedStyle(s).lineHeight)])"
    )
    for text, height, line in heights:
        assert height < 48 + line / 2, f"{text!r} wraps ({height} px)"

    screen.choose("bidders", "A")
    screen.choose("contract", "hearts")
    boxes = screen.page.locator(".declarations input, .declarations button")
    assert boxes.count() > 20
    looks = """els => els.map((el) => {
      const shown = el.matches(".chip input") ? el.nextElementSibling : el;
      return getComputedStyle(shown).borderTopStyle;
    })"""
    carres = screen.page.locator(".declarations .chip input")
    assert set(carres.evaluate_all(looks)) == {"solid"}
    screen.choose("contract", "no_trumps")
    for box in boxes.all():
        expect(box).to_be_disabled()
    # They look off too: dashed, not only refusing taps.
    assert set(boxes.evaluate_all(looks)) == {"dashed"}
    assert set(carres.evaluate_all(looks)) == {"dashed"}
    screen.choose("contract", "spades")
    for box in boxes.all():
        expect(box).to_be_enabled()
    assert "dashed" not in boxes.evaluate_all(looks)

    screen.choose("contract", "hearts")
    screen.type_number("#id_card_points", 87)
    bar = screen.page.locator(".form-actions #result-bar")
    expect(bar.locator("strong")).to_have_text(["+9", "+7"])
    expect(bar).to_be_in_viewport()
    screen.type_number("#id_card_points", 81)  # 81 : 81, the bidders' 8 hang
    expect(bar.locator("strong")).to_have_text(["+0", "+8"])
    with translation.override(language):
        hangs = translation.ngettext("%(points)s hangs", "%(points)s hang", 8) % {"points": 8}
    expect(bar).to_contain_text(hangs)
    expect(screen.page.locator(".form-actions button[value=save]")).to_be_in_viewport()

    screen.page.locator("#id_card_points").fill("100")
    screen.page.locator("#id_card_points").press("Enter")
    expect(screen.page.locator("#result-bar strong")).to_have_text(["+10", "+6"])
    # What will be recorded: its rows' names whole ("От това раздаване" broke in "раздаване").
    expect(screen.page.locator("#preview .recorded tbody th")).to_have_count(2)
    assert screen.broken_words("#preview .recorded th") == []
    assert screen.page.url.endswith("/deal/")
    assert Deal.objects.count() == 0


def test_without_javascript_a_preview_comes_back_at_the_preview_with_the_result_beside_save(
    new_context, client_for_setup
):
    match = create_match(client_for_setup)
    screen = phone(new_context, javascript=False)
    start_deal(screen, match)
    screen.type_number("#id_card_points", 87)
    screen.follow(screen.page.locator("button[value=preview]"), DEAL_PAGE)
    assert screen.page.url.endswith("#preview")
    expect(screen.page.locator("#preview h2")).to_be_in_viewport()
    expect(screen.page.locator("#result-bar strong")).to_have_text(["+9", "+7"])


# Each language once, and both ways of sending the forms: the offer is one template in every
# language, and what undo does is tests/calculator/test_table_screens.py's without a browser.
@pytest.mark.parametrize(
    ("language", "javascript"), [("bg", True), ("uk", False), ("ru", True)], ids=str
)
def test_delete_and_all_passed_can_be_undone(new_context, client_for_setup, language, javascript):
    match = create_match(client_for_setup, language)
    record_deal(client_for_setup, match, 1, card_points=87)
    record_deal(client_for_setup, match, 2, card_points=100)
    screen = phone(new_context, language, javascript)
    screen.goto(f"/m/{match.scorer_key}/")
    rows = screen.page.locator("table.history tbody tr")
    expect(rows).to_have_count(2)
    undo_button = screen.page.locator("form.undo button")

    screen.follow(screen.page.locator("table.history button.danger"), MATCH_PAGE)
    expect(rows).to_have_count(1)
    with translation.override(language):
        deleted = gettext("%(deal)s was deleted.") % {
            "deal": gettext("Game %(game)s, deal %(deal)s") % {"game": 1, "deal": 2}
        }
    expect(screen.page.locator("form.undo")).to_contain_text(deleted)
    screen.follow(undo_button, MATCH_PAGE)
    expect(rows).to_have_count(2)
    expect(undo_button).to_have_count(0)

    screen.follow(screen.page.locator("form[action$='/all-passed/'] button"), MATCH_PAGE)
    expect(rows).to_have_count(3)
    screen.follow(undo_button, MATCH_PAGE)
    expect(rows).to_have_count(2)
    assert list(Deal.objects.values_list("number", flat=True)) == [1, 2]


def test_the_undo_offer_and_the_result_bar_have_no_axe_violations(
    new_context, client_for_setup, axe_source
):
    match = create_match(client_for_setup)
    all_passed(client_for_setup, match, 1)
    screen = phone(new_context)
    screen.goto(f"/m/{match.scorer_key}/")
    expect(screen.page.locator("form.undo")).to_be_visible()
    found = axe_violations(screen.page, axe_source)
    start_deal(screen, match)
    screen.type_number("#id_card_points", 87)
    expect(screen.page.locator("#result-bar strong")).to_have_text(["+9", "+7"])
    found += axe_violations(screen.page, axe_source)
    assert not found, "\n".join(found)


def test_the_first_dealer_choice_names_the_players_as_they_are_typed(new_context):
    screen = phone(new_context)
    page = screen.page
    seat = page.locator("label.chip:has(input[name=first_dealer][value='1']) span")
    for language in LANGUAGES:
        screen.goto(f"/{language}/")
        players = translated(language, "Players and the first dealer")
        screen.tap(page.locator("summary", has_text=players))
        page.locator("#id_player_2").fill("Оксана")
        expect(seat).to_have_text("Оксана")
        page.locator("#id_player_2").fill("")
        expect(seat).to_have_text(translated(language, "Player %(number)s", number=2))


def test_switching_language_keeps_the_place(new_context, client_for_setup):
    screen = phone(new_context)
    for language, other in (("bg", "ru"), ("ru", "uk"), ("uk", "bg")):
        match = create_match(client_for_setup, language)
        screen.goto(f"/{language}/rules/#totals")
        screen.tap(screen.page.locator(f".language-switcher a[hreflang={other}]"))
        expect(screen.page).to_have_url(re.compile(rf"/{other}/rules/#totals$"))
        screen.goto(f"/m/{match.scorer_key}/")
        screen.tap(screen.page.locator(f".language-switcher a[hreflang={language}]"))
        expect(screen.page).to_have_url(re.compile(rf"/m/{match.scorer_key}/$"))
        expect(screen.page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_error_list_keeps_its_bullets_inside_its_border(
    new_context, client_for_setup, language
):
    match = create_match(client_for_setup, language)
    screen = phone(new_context, language, javascript=False)
    start_deal(screen, match)
    screen.type_number("#id_card_points", 170)
    screen.follow(screen.page.locator("button[value=preview]"), DEAL_PAGE)
    gap = screen.page.locator("#preview ul.errors").evaluate(
        "ul => ul.firstElementChild.getBoundingClientRect().left - ul.getBoundingClientRect().left"
    )
    assert gap >= 4 + 20, f"the bullet has {gap} px left of the text, the border 4"


def test_the_russian_contents_keep_their_numbers_beside_the_text(new_context):
    screen = phone(new_context, "ru")
    screen.goto("/ru/rules/")
    offsets = screen.page.locator(".toc-list > li").evaluate_all(
        "items => items.map(li => li.querySelector('a').getBoundingClientRect().top"
        " - li.getBoundingClientRect().top)"
    )
    assert offsets and max(offsets) < 12, offsets


def test_a_typical_deal_takes_five_taps_and_two_digits(new_context, client_for_setup):
    """Hearts, the bidders took 87: New deal, the bidders, hearts, the card points box, 8 7,
    Save. The card points' team follows the bidders; played, no contra, no capot are the
    defaults. (README, "Keeping the score".)"""
    match = create_match(client_for_setup)
    screen = phone(new_context)
    screen.goto(f"/m/{match.scorer_key}/")
    page, taps = screen.page, 0

    def tap(locator):
        nonlocal taps
        screen.tap(locator)
        taps += 1

    tap(page.locator(".actions a.button"))
    screen.arrived(DEAL_PAGE)
    tap(page.locator("label.chip:has(input[name=bidders][value=B])"))
    tap(page.locator("label.chip:has(input[name=contract][value=hearts])"))
    tap(page.locator("#id_card_points"))
    page.keyboard.type("87")
    expect(page.locator("#result-bar strong")).to_have_text(["+7", "+9"])
    tap(page.locator("button[value=save]"))
    screen.arrived(MATCH_PAGE)
    assert taps == 5
    assert Deal.objects.get().data["card_points"] == {"team": "B", "points": 87}


# How many lines an element's text takes.
LINES_OF = """(element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_ordinary_team_names_keep_their_line_in_the_preview_and_on_the_sheet(
    new_context, client_for_setup, language
):
    """A 40-character name may break anywhere (above); "Лъвовете" broke as "Лъвове|те" too."""
    match = create_match(client_for_setup, language, team_a="Лъвовете", team_b="Орлите")
    record_deal(client_for_setup, match, 1, card_points=100, double="contra")
    screen = phone(new_context, language)
    screen.goto(f"/m/{match.scorer_key}/deal/")
    screen.choose("bidders", "A")
    screen.choose("contract", "hearts")
    screen.type_number("#id_card_points", 90)
    names = screen.page.locator("#preview table.recorded thead th")
    expect(names).to_have_text(["Лъвовете", "Орлите"])
    assert [name.evaluate(LINES_OF) for name in names.all()] == [1, 1]

    screen.goto(f"/m/{match.watch_key}/sheet/")
    names = screen.page.locator(".sheet-table thead th.team")
    expect(names).to_have_text(["Лъвовете", "Орлите"])
    assert [name.evaluate(LINES_OF) for name in names.all()] == [1, 1]


# Hostile names as a database may hold them (an import, an old row): markup, a template's and a
# format's syntax, right-to-left marks and zero-width characters, 40 characters each.
HOSTILE_PLAYERS = (
    ("<b>Ана</b> {{ x }} %(first)s \u202eВики\u202c " + "А" * 40)[:40],
    ("</td></tr><tr><td>\u200bБоби" + "Б" * 40)[:40],
    ("שלום\u200dעולם {% now 'Y' %} " + "В" * 40)[:40],
    "Г" * 40,
)
# Every part of the sheet the names and the declarations sit in stays inside its own cell.
OUTSIDE_THEIR_CELLS = """() => [...document.querySelectorAll(
    ".sheet-table .declared, .sheet-table .dealer")]
  .filter((element) => {
    const cell = element.closest("th, td").getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.left < cell.left - 1 || box.right > cell.right + 1;
  }).map((element) => element.className)"""


@pytest.mark.parametrize("game", ["belot", "classic", "contree", "coinche"])
def test_the_sheet_with_players_declarations_and_dealers_fits_the_phone(new_context, game):
    from tests.calculator.test_sheet_details import sheet_match

    match = sheet_match(game, players=HOSTILE_PLAYERS, team_a=TEAM_A, team_b=HOSTILE_PLAYERS[1])
    for language in LANGUAGES:
        screen = phone(new_context, language)
        screen.goto(f"/m/{match.watch_key}/sheet/")  # no wider than the phone's 360 px
        page = screen.page
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        expect(page.locator(".sheet-players .players").first).to_be_visible()
        expect(page.locator(".sheet-table .declared").first).to_be_visible()
        expect(page.locator(".sheet-table .dealer")).to_have_count(3)
        assert page.locator("main b, main script, main i").count() == 0  # escaped, not markup
        assert page.evaluate(OUTSIDE_THEIR_CELLS) == [], language
