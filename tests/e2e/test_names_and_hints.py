"""Team names whole at 360 px, and house rules' hints that follow the choice.

The deals table of the match page, the score sheet and the deal page's preview head their
columns with the teams' names, and the bar beside Save names them beside their points: whole,
on as many lines as a name needs, never cut short with "…", with names of 40 characters and
hostile text (markup, template braces, %, direction marks and zero-width characters,
right-to-left scripts), in bg, uk and ru; the bar grown a line keeps the card points box and
Save above the keyboard. The home page's house rules
show a hint that explains one of a switch's choices only while that choice is made, with
JavaScript and without (CSS alone).
"""

import pytest
from playwright.sync_api import expect

from calculator.models import Match
from tests.calculator.conftest import create_match, record_deal
from tests.calculator.french import create_french_match
from tests.e2e.screens import Screen, translated
from tests.e2e.test_deal_taps import KEYBOARD, PHONE, TYPING_IN_VIEW, tappable
from tests.e2e.test_scoring import MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = {
    "bg": ("Непобедимите картоиграчи от Лозенец 1987", "Ж" * 40),
    "uk": (
        "<b>Медведі</b> {{ team }} 100% {% x %}",
        "\u202eשועלים\u202c Краси\u200bві " + "М" * 22,
    ),
    "ru": ("%(team)s %s {0} Красивые&amp;смелые", "\u200fمدفيدي\u200e" + "Ё" * 32),
}
WIDTH = 360

# Each team heading: its text, and whether it shows it all (no overflow, no ellipsis).
HEADINGS = """() => [...document.querySelectorAll(
    "table.history thead th.team, table.recorded thead th")].map((th) => ({
  text: th.innerText.replace(/\\s+/g, " ").trim(),
  whole: th.scrollWidth <= th.clientWidth && th.scrollHeight <= th.clientHeight
    && getComputedStyle(th).textOverflow !== "ellipsis",
  width: th.scrollWidth, room: th.clientWidth,
}))"""


def headings(screen: Screen, count: int) -> list[str]:
    found = screen.page.evaluate(HEADINGS)
    assert len(found) == count, found
    assert all(heading["whole"] for heading in found), found
    assert screen.page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    return [heading["text"] for heading in found]


@pytest.mark.parametrize("language", NAMES)
def test_team_headings_show_long_and_hostile_names_whole_on_a_phone(
    new_context, client_for_setup, language
):
    team_a, team_b = NAMES[language]
    match = create_match(client_for_setup, language, team_a=team_a, team_b=team_b)
    record_deal(client_for_setup, match, 1, card_points="100")
    match = Match.objects.get(pk=match.pk)
    # As the site keeps them: without the invisible characters.
    names = [match.team_a, match.team_b]
    screen = Screen(new_context("phone", locale=language).new_page(), "phone")
    screen.goto(f"/{language}/")
    screen.goto(match.get_scorer_url())
    assert headings(screen, 2) == names
    screen.goto(f"/m/{match.watch_key}/sheet/")
    assert headings(screen, 2) == names
    screen.goto(f"/m/{match.scorer_key}/deal/1/")  # a correction: its preview names both
    expect(screen.page.locator("table.recorded")).to_have_count(1)
    assert headings(screen, 2) == names


# The names the evenings played with, whose points of three digits cut them short beside Save
# ("Оксана й Пет… +100 · Тарас і Лі… +62"), and the 40-character ones above.
BAR_NAMES = {
    "bg": [("Гошо & Мими", "Пешо & Тони"), NAMES["bg"]],
    "uk": [("Оксана й Петро", "Тарас і Ліда"), NAMES["uk"]],
    "ru": [("Миша и Саша", "Женя и Вика"), NAMES["ru"]],
}

# Each name in the bar beside Save: its text, and whether it shows it all inside the phone.
BAR = """() => [...document.querySelectorAll("#result-bar .name")].map((name) => {
  const box = name.getBoundingClientRect();
  return {
    text: name.textContent,
    whole: name.scrollWidth <= name.clientWidth + 0.5 && getComputedStyle(name).textOverflow !== "ellipsis"
      && box.left >= 0 && box.right <= document.documentElement.clientWidth,
  };
})"""


@pytest.mark.parametrize("language", list(BAR_NAMES))
def test_the_bar_beside_save_names_both_teams_whole_above_the_keyboard(
    new_context, client_for_setup, language
):
    """Classic belote, the taker's 100 against 62: three digits beside each name."""
    screen = Screen(new_context("phone", locale=language).new_page(), "phone")
    page = screen.page
    screen.goto(f"/{language}/")
    for team_a, team_b in BAR_NAMES[language]:
        match = create_french_match(
            client_for_setup, "classic", language, team_a=team_a, team_b=team_b
        )
        names = [Match.objects.get(pk=match.pk).team_a, Match.objects.get(pk=match.pk).team_b]
        page.set_viewport_size(PHONE)
        screen.goto(f"/m/{match.scorer_key}/deal/")
        screen.choose("bidders", "A")
        screen.choose("trump", "hearts")
        box = page.locator("#id_card_points")
        expect(box).to_be_focused()
        page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"] - KEYBOARD})
        page.wait_for_function(TYPING_IN_VIEW, arg=KEYBOARD)
        page.keyboard.type("100")
        expect(page.locator("#result-bar strong")).to_have_text(["+100", "+62"])
        shown = page.evaluate(BAR)
        assert [name["text"] for name in shown] == names, shown
        assert all(name["whole"] for name in shown), shown
        tappable(box)
        tappable(page.locator("button[value=save]"))
        screen.check_layout()
        screen.follow(page.locator("button[value=save]"), MATCH_PAGE)
        expect(screen.totals()).to_have_text(["100", "62"])


HINTS = {
    # the switch, the choice its hint explains, the other choice, the hint
    "classic": (
        "classic_declarations",
        "false",
        "true",
        "Off: only the belote-rebelote counts, no sequences or carrés.",
    ),
    "coinche": (
        "contree_scoring",
        "bid_only",
        "points_and_bid",
        "Bid only: the contract's team scores the bid, the card points only decide it.",
    ),
}


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("game", HINTS)
def test_a_house_rules_hint_shows_only_with_the_choice_it_explains(new_context, game, javascript):
    name, explained, other, hint = HINTS[game]
    screen = Screen(new_context("phone", java_script_enabled=javascript).new_page(), "phone")
    page = screen.page
    screen.goto("/uk/")
    screen.choose("game", game)
    screen.tap(page.locator("details.panel:has([data-rules-of]) > summary"))
    help_text = page.locator(f"#wrap-{name} > .help")
    expect(help_text).to_have_text(translated("uk", hint))
    expect(page.locator(f"input[name={name}][value={other}]")).to_be_checked()  # the default
    expect(help_text).to_be_hidden()
    screen.choose(name, explained)
    expect(help_text).to_be_visible()
    screen.choose(name, other)
    expect(help_text).to_be_hidden()
