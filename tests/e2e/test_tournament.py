"""A tournament in the browser: made on a 360 px phone from the home page, four pairs,
round 1 started, its table cards and list of tables, its two matches scored, and the standings
on a second screen updating by themselves."""

import re

import pytest
from playwright.sync_api import expect

from calculator import engine
from calculator.matches.services import deal_record, match_state
from calculator.models import Tournament
from tests.e2e.screens import Screen, translated
from tests.e2e.test_accessibility import axe_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.shared_cache,
    pytest.mark.django_db(transaction=True),
]

# The first pair's names have what breaks careless pages: markup, format strings, braces, a
# right-to-left override, 40 characters with no place to break.
PAIRS = [
    ("<b>%(name)s{0}</b> %s ‮עברית‬", "П" * 40),
    ("Вики", "Гого"),
    ("Дани", "Ели"),
    ("Жоро", "Зори"),
]


def phone(new_context, language) -> Screen:
    context = new_context("phone", locale=language)
    return Screen(context.new_page(), "phone")


def finish(match, team: engine.Team) -> None:
    """All trumps made by ``team`` until the match is over, saved as the scorer's phone saves."""
    deal = engine.PlayedDeal(team, engine.Contract.ALL_TRUMPS, engine.CardPoints(team, 258))
    while not match_state(match).fold.match_over:
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()


# In Bulgarian and Ukrainian: the Russian organizer's page and wall are the tournament night's
# (test_tournament_night.py), and the public and organizer's pages at 360 px in each language,
# test_tournament_phone.py's.
@pytest.mark.parametrize("language", ["bg", "uk"])
def test_an_organizer_runs_a_round_and_the_wall_follows_it(new_context, language, axe_source):
    screen = phone(new_context, language)
    page = screen.page
    screen.goto(f"/{language}/")
    screen.follow(page.locator(f"a[href='/{language}/tournament/new/']"), r"/tournament/new/$")
    assert not axe_violations(page, axe_source)
    page.fill("#id_name", "Купа „Морско казино“")
    page.fill("#id_pairs", "\n".join(f"{a} / {b}" for a, b in PAIRS))
    keeper_url = screen.follow(
        page.locator("form[action$='/tournament/new/'] button[type=submit]"), r"/tn/[\w-]+/$"
    )
    tournament = Tournament.objects.get()
    assert keeper_url.endswith(tournament.get_keeper_url())
    names = [pair.name for pair in tournament.pairs.all()]
    expect(page.locator(".pairs-list .pair-name")).to_have_text(names)

    start = page.locator("form[action$='/round/preview/'] button")
    expect(start).to_have_text(translated(language, "Start round %(number)s", number=1))
    # It shows the pairings first, nothing started: swap the first pair with the fourth, and
    # back again, then start the round as the site drew it up.
    screen.follow(start, r"/round/preview/\?")
    pairings = page.locator("table.round-pairings tbody tr")
    expect(pairings.nth(0)).to_contain_text(f"{names[0]} – {names[1]}")
    assert not axe_violations(page, axe_source)
    for first, second, table_1 in (
        (1, 3, f"{names[0]} – {names[3]}"),
        (3, 1, f"{names[0]} – {names[1]}"),
    ):
        page.select_option("#id_first", label=names[first])
        page.select_option("#id_second", label=names[second])
        screen.follow(page.locator("form[action$='/round/preview/'] button"), r"/round/preview/")
        expect(pairings.nth(0)).to_contain_text(table_1)
    start = page.locator("form[action$='/round/'] button")
    expect(start).to_have_text(translated(language, "Start round %(number)s", number=1))
    screen.follow(start, r"/tn/[\w-]+/$")
    rows = page.locator("table.round-tables tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(f"{names[0]} – {names[1]}")
    round_ = tournament.rounds.get()
    first, second = (table.match for table in round_.tables.all())
    expect(rows.nth(0).locator("a")).to_have_attribute("href", first.get_scorer_url())
    assert not axe_violations(page, axe_source)

    # The table cards, each with its match's scorer's link as a QR code, and the list of tables.
    screen.follow(page.locator("form[action$='/cards/'] button"), r"/cards/$")
    cards = page.locator(".table-card")
    expect(cards).to_have_count(2)
    expect(cards.nth(1).locator(".card-number")).to_have_text(
        translated(language, "Table %(number)s", number=2)
    )
    expect(cards.nth(0).locator(".card-qr svg")).to_be_visible()
    screen.goto(keeper_url)
    screen.follow(page.locator("a[href$='/tables/']").first, r"/tables/$")
    expect(page.locator("table.tables-list tbody tr")).to_have_count(2)

    # The wall: the public link, on another screen, before a single deal.
    wall = phone(new_context, language)
    wall.goto(tournament.get_view_url())
    standings = wall.page.locator("table.standings tbody tr")
    expect(standings).to_have_count(4)
    expect(standings.locator("td").nth(1)).to_have_text("0")  # nobody has won yet

    screen.goto(keeper_url)  # the organizer's page stays open while the tables play
    expect(page.locator("form[action$='/round/preview/']")).to_have_count(0)
    finish(first, engine.Team.B)  # Вики & Гого
    finish(second, engine.Team.A)  # Дани & Ели
    # No reload: the page polls and shows the winners on top, 1 win each.
    expect(standings.nth(0).locator("th")).to_have_text(names[1])
    expect(standings.nth(1).locator("th")).to_have_text(names[2])
    expect(standings.nth(0).locator("td").nth(1)).to_have_text("1")
    finished = wall.page.locator("table.round-tables .progress")
    expect(finished).to_have_text([translated(language, "finished")] * 2)
    wall.check_layout()
    assert not axe_violations(wall.page, axe_source)

    # The organizer's page too, without a reload: round 1 is over, round 2 can start.
    expect(page.locator("table.round-tables .progress")).to_have_text(
        [translated(language, "finished")] * 2
    )
    expect(page.locator("form[action$='/round/preview/'] button")).to_have_text(
        translated(language, "Start round %(number)s", number=2)
    )
    assert re.search(r"\b1\b", page.locator("table.standings tbody tr").nth(0).inner_text())
    screen.check_layout()


def test_the_knockout_bracket_reads_on_a_360_px_phone(new_context):
    """The organizer's choice of the knock-out and the bracket on the wall, at 360 px: no
    sideways scrolling, every control a 44 px target, the winner said at the end."""
    from django.test import Client

    from tests.calculator.test_tournament_hand import enter
    from tests.calculator.test_tournament_http import create, start_round, tables
    from tests.calculator.test_tournament_knockout import EIGHT, knockout, play

    client = Client()
    hostile = " / ".join(PAIRS[0])
    tournament = create(client, pairs=hostile + "\n" + "\n".join(EIGHT.splitlines()[1:]))
    start_round(client, tournament, 1)
    play(client, tournament, 1)
    screen = phone(new_context, "bg")
    screen.goto(tournament.get_keeper_url())
    expect(screen.page.locator(".knockout-form input[name=size]")).to_have_count(3)  # 2, 4, 8
    knockout(client, tournament, 8)
    for number in (2, 3, 4):
        if number > 2:
            start_round(client, tournament, number)
        for table in tables(tournament, number):
            enter(client, tournament, table, (151, 40 + table.number))
    screen.goto(tournament.get_view_url())
    page = screen.page
    expect(page.locator(".bracket h3")).to_have_count(4)  # 1/4, 1/2, third place, final
    champion = tables(tournament, 4)[0].pair_a
    expect(page.locator(".champion")).to_contain_text(
        translated("bg", "Winner of the tournament: %(pair)s", pair=champion.name)
    )


@pytest.mark.parametrize("language", ["uk"])
def test_without_javascript_the_wall_reloads_itself_and_shows_the_winners(new_context, language):
    """A projector's browser with JavaScript off, at 360 px: the wall reloads itself (a refresh
    in <noscript>, which the site's CSP lets through) and shows a finished table's winners."""
    from django.test import Client

    from tests.calculator.test_tournament_http import create, start_round

    client = Client()
    tournament = create(client, language, pairs="\n".join(f"{a} / {b}" for a, b in PAIRS))
    start_round(client, tournament, 1, language)
    context = new_context("phone", locale=language, java_script_enabled=False)
    wall = Screen(context.new_page(), "phone")
    wall.goto(tournament.get_view_url())
    standings = wall.page.locator("table.standings tbody tr")
    expect(standings.locator("td").nth(1)).to_have_text("0")
    first = tournament.rounds.get().tables.get(number=1)
    finish(first.match, engine.Team.B)
    # No script and no tap: the page reloads by itself and puts the table's winners on top.
    expect(standings.nth(0).locator("th")).to_have_text(first.pair_b.name)
    expect(standings.nth(0).locator("td").nth(1)).to_have_text("1")
    expect(wall.page.locator("table.round-tables .progress").first).to_have_text(
        translated(language, "finished")
    )
    wall.check_layout()
