"""A tournament night read on a 360 px phone, where the people at it meet it: the standings
without a hidden sideways scroll (bg, uk and ru, JavaScript on and off, 40-character names),
the bracket's headings whole, the final classification on the wall, the paper-result form
naming the two pairs and, refused, coming back open with the numbers as typed, and a table's
match page naming its tournament, round and table and leading back to the tournament."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from calculator import engine
from tests.e2e.screens import Screen, translated
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_tournament import finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Names as long as the site takes, without a space to break at, and hostile ones.
LONG = [("Ж" * 40, "Щ" * 40), ("<b>%(x)s{0}</b> %s עברית" + "ю" * 16, "П" * 40)]
LONG += [(f"Играч{n}" + "ш" * 34, f"Партньор{n}" + "ч" * 31) for n in range(3, 9)]
PAIRS = "\n".join(f"{a} / {b}" for a, b in LONG)

# Every element of <main> that reaches past the screen's edge, or scrolls sideways inside its
# box (a hidden sideways scroll): what the standings must not have on a phone.
TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const el of document.querySelectorAll("main *")) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    const name = el.tagName.toLowerCase() + (el.className ? "." + el.className : "");
    if (box.right > width + 0.5 || box.left < -0.5) found.push(`${name}: ${Math.round(box.width)}px`);
    const overflow = getComputedStyle(el).overflowX;
    if (overflow !== "visible" && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name} scrolls: ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
  }
  return [document.documentElement.scrollWidth, found];
}"""


def played_to_the_end():
    """Eight pairs of the longest names, two Swiss rounds, the knock-out of the top 4 to its
    final and its match for third place, every result entered by hand."""
    from tests.calculator.test_tournament_http import create, start_round
    from tests.calculator.test_tournament_knockout import knockout, play, swiss

    client = Client()
    tournament = create(client, pairs=PAIRS)
    swiss(client, tournament, 2)
    assert knockout(client, tournament, 4).status_code == 302
    play(client, tournament, 3)
    assert start_round(client, tournament, 4).status_code == 302
    play(client, tournament, 4)
    return tournament


def assert_fits(screen: Screen) -> None:
    width, found = screen.page.evaluate(TOO_WIDE)
    assert width <= 360 and not found, f"{screen.page.url}: {width}px\n" + "\n".join(found)


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_standings_read_on_a_360_px_phone_without_a_sideways_scroll(
    new_context, javascript, axe_source
):
    tournament = played_to_the_end()
    for language in ("bg", "uk", "ru"):
        context = new_context("phone", locale=language, java_script_enabled=javascript)
        screen = Screen(context.new_page(), "phone")
        screen.goto(f"/{language}/")
        for url in (tournament.get_view_url(), tournament.get_keeper_url()):
            screen.goto(url)
            rows = screen.page.locator("table.standings-lines tbody tr")
            expect(rows).to_have_count(8)
            assert_fits(screen)
            # Each figure with its label, the pair's name above them.
            first = rows.nth(0)
            wins = first.locator("td.figure").nth(0)
            label = wins.evaluate("(el) => getComputedStyle(el, '::before').content")
            assert translated(language, "Wins") in label
            name_box = first.locator("th").bounding_box()
            assert wins.bounding_box()["y"] >= name_box["y"] + name_box["height"] - 1
            if javascript:  # axe runs as a script in the page
                assert not axe_violations(screen.page, axe_source)
        # The bracket's headings: the round's number on the heading's line, not below it.
        screen.goto(tournament.get_view_url())
        headings = screen.page.locator(".bracket h3")
        expect(headings).to_have_count(3)  # semi-finals, match for third place, final
        for heading in headings.all():
            top = heading.bounding_box()["y"]
            assert abs(heading.locator(".round-no").bounding_box()["y"] - top) < 6
        expect(screen.page.locator(".classification-list li")).to_have_count(8)
        expect(screen.page.locator("#classification-title")).to_have_text(
            translated(language, "Final classification")
        )


def test_the_paper_result_form_names_the_pairs_and_fits_a_phone(new_context):
    from tests.calculator.test_tournament_http import create, start_round

    client = Client()
    tournament = create(client, "uk", pairs=PAIRS, games_to_win="2")
    start_round(client, tournament, 1, "uk")
    screen = Screen(new_context("phone", locale="uk").new_page(), "phone")
    screen.goto(tournament.get_keeper_url())
    table = tournament.rounds.get().tables.get(number=1)
    form = screen.page.locator("details.hand-result").first
    screen.tap(form.locator("summary"))
    labels = form.locator("label")
    expect(labels).to_have_count(4)
    for index, (message, pair) in enumerate(
        [
            ("Points of “%(pair)s”", table.pair_a),
            ("Points of “%(pair)s”", table.pair_b),
            ("Games won by “%(pair)s”", table.pair_a),
            ("Games won by “%(pair)s”", table.pair_b),
        ]
    ):
        expect(labels.nth(index)).to_contain_text(translated("uk", message, pair=pair.name))
    screen.check_layout()
    assert_fits(screen)


def test_a_tables_match_page_names_its_place_and_leads_back_to_the_tournament(
    new_context, axe_source
):
    from tests.calculator.test_tournament_http import create, start_round

    client = Client()
    tournament = create(client, "ru", pairs=PAIRS)
    start_round(client, tournament, 1, "ru")
    table = tournament.rounds.get().tables.get(number=3)
    screen = Screen(new_context("phone", locale="ru").new_page(), "phone")
    screen.goto(table.match.get_scorer_url())
    place = screen.page.locator(".tournament-place")
    expect(place).to_contain_text(tournament.name)
    expect(place).to_contain_text(translated("ru", "Round %(number)s", number=1))
    expect(place).to_contain_text(translated("ru", "Table %(number)s", number=3))
    assert not axe_violations(screen.page, axe_source)
    finish(table.match, engine.Team.B)
    screen.goto(table.match.get_scorer_url())
    back = screen.page.get_by_role("link", name=translated("ru", "Back to the tournament"))
    screen.follow(back, r"/tn/[\w-]+/$")
    assert screen.page.url.endswith(tournament.get_view_url())
    expect(screen.page.locator("table.standings-lines")).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_refused_paper_result_comes_back_open_as_typed(new_context, javascript, axe_source):
    """151 and 151 have no winner: the organizer's page comes back with the table's panel open,
    the two numbers as typed, the refusal beside them and the first box to fix in view and
    focused, in the organizer's language; the second number corrected, Save writes it."""
    from calculator.tournaments.services import HAND_TIE
    from tests.calculator.test_tournament_http import create, start_round

    client = Client()
    tournament = create(client, "bg", pairs=PAIRS)
    start_round(client, tournament, 1, "bg")
    table = tournament.rounds.get().tables.get(number=2)
    for language in ("bg", "uk", "ru"):
        context = new_context("phone", locale=language, java_script_enabled=javascript)
        screen = Screen(context.new_page(), "phone")
        page = screen.page
        screen.goto(f"/{language}/")
        screen.goto(tournament.get_keeper_url())
        panel = page.locator(f"details#hand-{table.pk}")
        screen.tap(panel.locator("summary"))
        first, second = panel.locator("input[name=points_a]"), panel.locator("input[name=points_b]")
        first.fill("151")
        second.fill("151")
        screen.follow(panel.locator("button[type=submit]"), r"/table/\d+/result/$")
        expect(panel).to_have_attribute("open", "")
        expect(first).to_have_value("151")
        expect(second).to_have_value("151")
        refusal = panel.locator(".errors")
        expect(refusal).to_have_text(translated(language, HAND_TIE))
        expect(refusal).to_be_in_viewport()
        expect(first).to_be_focused()
        expect(first).to_have_attribute("aria-invalid", "true")
        expect(page.locator("details.hand-result[open]")).to_have_count(1)
        assert_fits(screen)
        if javascript:
            assert not axe_violations(page, axe_source)
        if language != "ru":
            continue
        screen.type_number(f"details#hand-{table.pk} input[name=points_b]", 98)
        screen.follow(panel.locator("button[type=submit]"), r"/tn/[\w-]+/$")
        expect(page.locator("table.round-tables .progress").nth(1)).to_have_text(
            translated(language, "finished, entered by hand")
        )
    table.refresh_from_db()
    assert (table.hand_points_a, table.hand_points_b) == (151, 98)
