"""A table in the browser: created from the home page on a phone, two matches with
swapped partners started from it, the leaderboard and a player's page read in bg, uk and ru at
360 px, with JavaScript on and off, and no accessibility violations."""

import re

import pytest
from django.utils import translation
from django.utils.translation import pgettext
from playwright.sync_api import expect

from calculator import engine
from calculator.matches.services import deal_record, match_state
from calculator.models import GAME_CHOICES, Match, Table
from tests.calculator.test_table_http import create_table, start
from tests.e2e.screens import Screen, translated
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_finishing_touches import CHART_TEXTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 40 characters each, with what breaks careless pages: markup, format strings, braces, a
# right-to-left override, a zero-width space (the site drops the last two), no place to break.
ROSTER = [
    "Мария-Антоанета Петрова-Иванова от Варна",
    "<b>%(name)s{0}</b> %s ‮עברית‬ x​y Ивано",
    "П" * 40,
    "Ё" * 40,
]


def phone(new_context, language="bg", javascript=True) -> Screen:
    context = new_context("phone", locale=language, java_script_enabled=javascript)
    return Screen(context.new_page(), "phone")


def win_a_game(match: Match, team: engine.Team) -> None:
    """Six all-trumps deals made by ``team``: 156 points, the game and (to one game) the match."""
    for number in range(1, 7):
        match.refresh_from_db()
        deal = engine.PlayedDeal(team, engine.Contract.ALL_TRUMPS, engine.CardPoints(team, 258))
        deal_record(match=match, version=match.version, number=number, deal=deal)


def start_match(screen: Screen, seats: list[str]) -> Match:
    for seat, name in enumerate(seats):
        screen.page.select_option(f"select[name='seat_{seat}']", label=name)
    screen.choose("games_to_win", "1")
    url = screen.follow(
        screen.page.locator("form[action$='/match/'] button[type=submit]"), r"/m/[\w-]+/$"
    )
    return Match.objects.get(scorer_key=url.rstrip("/").rsplit("/", 1)[1])


def table_made_on_a_phone(new_context) -> Table:
    """Made on a phone: the table, then two matches with swapped partners."""
    screen = phone(new_context)
    screen.goto("/bg/")
    screen.tap(screen.page.locator("#table-title"))
    screen.page.fill("#id_name", "Петък вечер у Мария")
    screen.page.fill("#id_players", "\n".join(ROSTER))
    keeper_url = screen.follow(
        screen.page.locator("form[action='/bg/table/new/'] button[type=submit]"), r"/t/[\w-]+/$"
    )
    table = Table.objects.get()
    names = table.players  # as the site keeps them: the invisible characters dropped
    first = start_match(screen, [names[0], names[1], names[2], names[3]])
    win_a_game(first, engine.Team.A)  # Мария & П win
    screen.goto(keeper_url)
    second = start_match(screen, [names[0], names[1], names[3], names[2]])
    win_a_game(second, engine.Team.B)  # the second player & П win
    return table


def table_made_by_http(client) -> Table:
    """The same table as `table_made_on_a_phone`, through the same forms, without a browser."""
    table = create_table(client, players="\n".join(ROSTER))
    names = table.players
    win_a_game(start(client, table, [names[0], names[1], names[2], names[3]]), engine.Team.A)
    win_a_game(start(client, table, [names[0], names[1], names[3], names[2]]), engine.Team.B)
    return table


@pytest.fixture
def played_table(new_context, client_for_setup, javascript):
    """The table is made on a phone once (bg, with JavaScript); without JavaScript the pages
    read the same table made through the same forms by HTTP, which is four seconds quicker."""
    if javascript:
        return table_made_on_a_phone(new_context)
    return table_made_by_http(client_for_setup)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_leaderboard_reads_on_a_phone_in_every_language(
    new_context, played_table, javascript, axe_source
):
    names = played_table.players
    screen = phone(new_context, "bg", javascript)
    for language in ("bg", "uk", "ru"):
        screen.goto(f"/{language}/")  # the table's pages open in the language last chosen
        screen.goto(played_table.get_view_url())

        board = screen.page.locator("table.board").first
        expect(board).to_contain_text(names[2])
        rows = board.locator("tbody tr")
        expect(rows).to_have_count(4)
        # П won both matches (with a partner each time), Ё none; the other two one each.
        expect(rows.nth(0).locator("th")).to_have_text(names[2])
        expect(rows.nth(0).locator("td")).to_have_text(["2/2", "2/2", "100"])
        expect(rows.nth(3).locator("th")).to_have_text(names[3])
        expect(rows.nth(3).locator("td")).to_have_text(["0/2", "0/2", "0"])
        expect(screen.page.locator("h2#board-title")).to_have_text(
            translated(language, "Leaderboard")
        )
        # The headings fit their columns whole: one line each ("Мачове" used to break in the word).
        headings = board.locator("thead th").evaluate_all(
            """ths => ths.map((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          return [th.textContent, range.getClientRects().length, th.scrollWidth <= th.clientWidth];
        })"""
        )
        assert all(lines == 1 and fits for _text, lines, fits in headings), (
            language,
            headings,
        )
        # axe runs as a script in the page: with scripts off it is run on the same pages with
        # them on.
        if javascript:
            assert not axe_violations(screen.page, axe_source), language

        second = rows.nth(1).locator("th").inner_text()
        screen.follow(rows.nth(1).locator("a"), r"/t/[\w-]+/player/\d+/$")
        expect(screen.page.locator("h1")).to_have_text(second)
        expect(screen.page.locator("svg[role=img]").first).to_be_visible()
        if javascript:
            assert not axe_violations(screen.page, axe_source), language


def finish(match: Match) -> Match:
    """All trumps made by the first team until the match is over."""
    while not match_state(match).fold.match_over:
        deal = engine.PlayedDeal(
            engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
        )
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()
    return match


@pytest.mark.parametrize(
    ("language", "javascript"), [("bg", True), ("uk", False), ("ru", True)], ids=str
)
def test_the_scorer_of_a_finished_match_starts_the_next_one_without_the_keepers_link(
    new_context, client_for_setup, language, javascript
):
    response = client_for_setup.post(
        f"/{language}/table/new/", {"name": "Петък", "players": "\n".join(ROSTER)}
    )
    table = Table.objects.get(keeper_key=response["Location"].split("/")[2])
    names = table.players
    finished = Match.objects.create(
        table=table, team_a="A", team_b="B", games_to_win=1, target=101, contra_tie="bidders_hang",
        player_1=names[0], player_2=names[1], player_3=names[2], player_4=names[3],
    )  # fmt: skip
    finish(finished)
    screen = phone(new_context, language, javascript)
    page = screen.page
    screen.goto(f"/{language}/")
    screen.goto(finished.get_scorer_url())  # a phone that only ever had the match's link

    next_button = page.locator(".actions a.button")
    expect(next_button).to_have_text(translated(language, "Next match"))
    assert table.keeper_key not in page.content()
    screen.follow(next_button, r"/m/[\w-]+/next/$")
    assert table.keeper_key not in page.content()
    # The seats moved on (the partners change), and the first dealer is named, not "Player 1".
    rotated = [names[0], names[2], names[3], names[1]]
    for seat, name in enumerate(rotated):
        expect(page.locator(f"#id_seat_{seat}")).to_have_value(name)
    dealers = page.locator("#wrap-first_dealer label.chip span")
    expect(dealers).to_have_text(rotated)
    page.select_option("#id_seat_1", names[1])
    page.select_option("#id_seat_3", names[2])
    if javascript:  # the first dealer's names follow the seats as they are chosen
        expect(dealers).to_have_text([names[0], names[1], names[3], names[2]])
    screen.choose("first_dealer", "2")
    screen.follow(page.locator("form.seats-form button[type=submit]"), r"/m/[\w-]+/$")

    following = Match.objects.get(follows=finished)
    assert page.url.endswith(following.get_scorer_url())
    assert following.players == [names[0], names[1], names[3], names[2]]
    assert (following.table, following.first_dealer, following.games_to_win) == (table, 2, 1)
    assert (following.target, following.contra_tie) == (101, "bidders_hang")
    assert table.keeper_key not in page.content()
    expect(page.locator(".actions a.button").first).to_have_text(translated(language, "New deal"))
    # The finished match now leads to it, from this phone and any other.
    screen.goto(finished.get_scorer_url())
    go = page.locator(".actions a.button")
    expect(go).to_have_text(translated(language, "Go to the next match"))
    screen.follow(go, r"/m/[\w-]+/$")
    assert page.url.endswith(following.get_scorer_url())

    # The keeper's page says plainly what its link is for, unfolded, with the link.
    screen.goto(table.get_keeper_url())
    note = page.locator(".keeper-note")
    expect(note.locator("strong")).to_have_text(
        translated(language, "Keep this link: it starts matches.")
    )
    expect(note.locator(".link-box a")).to_be_visible()
    expect(note.locator(".link-box a")).to_have_text(re.compile(table.keeper_key + "/$"))


def declared_game(table: Table, seats: list[str], games: int) -> Match:
    """A match of the table won by the first team, a terce, a quarte and a belot a deal."""
    match = Match.objects.create(
        table=table, team_a="A", team_b="B", games_to_win=games,
        player_1=seats[0], player_2=seats[1], player_3=seats[2], player_4=seats[3],
    )  # fmt: skip
    declared = engine.TeamDeclarations(sequences=(engine.Sequence(3), engine.Sequence(4)), belots=1)
    while not match_state(match).fold.match_over:
        deal = engine.PlayedDeal(
            engine.Team.A,
            engine.Contract.ALL_TRUMPS,
            engine.CardPoints(engine.Team.A, 200),
            declarations_a=declared,
        )
        deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)
        match.refresh_from_db()
    return match


# Measured in the page: the labels' widths, the contracts' headings (each within its cell, on at
# most two lines, none over another) and the page's height.
PLAYER_PAGE_LAYOUT = """() => {
  const lines = (element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  };
  const headings = [...document.querySelectorAll(".contracts-table thead th")];
  const boxes = headings.map((th) => th.getBoundingClientRect());
  return {
    labels: [...document.querySelectorAll(".figures dt")].map(
      (dt) => [dt.textContent, dt.getBoundingClientRect().width]),
    headings: headings.map((th, i) => [th.textContent, th.scrollWidth <= th.clientWidth,
      lines(th), i === 0 || boxes[i - 1].right <= boxes[i].left + 0.5]),
    height: document.documentElement.scrollHeight,
  };
}"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_players_statistics_read_on_a_phone_in_every_language(
    new_context, client_for_setup, javascript
):
    response = client_for_setup.post(
        "/bg/table/new/", {"name": "Петък", "players": "\n".join(ROSTER)}
    )
    table = Table.objects.get(keeper_key=response["Location"].split("/")[2])
    names = table.players
    declared_game(table, names[:4], games=2)
    declared_game(table, [names[0], names[2], names[1], names[3]], games=1)
    screen = phone(new_context, "bg", javascript)
    for language in ("bg", "uk", "ru"):
        screen.goto(f"/{language}/")  # the table's pages open in the language last chosen
        screen.goto(f"/t/{table.view_key}/player/0/")  # the width and the tap targets
        expect(screen.page.locator("h1")).to_have_text(names[0])
        found = screen.page.evaluate(PLAYER_PAGE_LAYOUT)
        narrow = [(label, width) for label, width in found["labels"] if width < 80]
        assert len(found["labels"]) >= 14 and not narrow, (language, narrow)
        assert all(fits and lines <= 2 and apart for _, fits, lines, apart in found["headings"]), (
            language,
            found["headings"],
        )
        assert found["height"] <= 3 * 740, (language, found["height"])
        # The points over time: its numbers and the names of its axes, inside, none over another.
        chart = screen.page.locator("figure.chart svg").first.evaluate(CHART_TEXTS)
        with translation.override(language):
            axes = [pgettext("a chart's axis", name) for name in ("points", "matches")]
        assert chart["inside"] and chart["apart"], (language, chart)
        assert [text for text in chart["texts"] if not text.isdigit()] == axes, chart
        assert {"0", "2"} <= set(chart["texts"]), chart  # from nothing, over two matches
        belots = translated(language, "Belots")
        expect(screen.page.locator(".figures dt", has_text=belots)).to_have_count(1)
        expect(screen.page.locator(".figures dd").last).to_have_text("18")  # one a deal


# Names a table really has: each fits a select as wide as the page, not one of two columns.
EVERYDAY_ROSTER = ["Мария-Антоанета Петрова", "Александър Константинов", "Иван", "Олександра"]

# Whether the chosen name of each seat shows whole in its select (its text measured in the
# select's own font, beside the room the select leaves it: its padding and its arrow).
SEAT_NAMES_FIT = """() => [...document.querySelectorAll("select[name^=seat_]")].map((select) => {
  const style = getComputedStyle(select);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
  const text = select.selectedOptions[0].text;
  return [text, Math.round(context.measureText(text).width), Math.round(room)];
})"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_keepers_forms_show_whole_names_the_dealers_names_and_full_size_dates(
    new_context, client_for_setup, javascript
):
    response = client_for_setup.post(
        "/bg/table/new/", {"name": "Петък", "players": "\n".join([*EVERYDAY_ROSTER, "Ю"])}
    )
    table = Table.objects.get(keeper_key=response["Location"].split("/")[2])
    # A match played, so that the leaderboard links its everyday names: "Иван" alone was a
    # 44 x 18 px target (Screen.goto checks them).
    seats = {f"seat_{seat}": name for seat, name in enumerate(EVERYDAY_ROSTER)}
    data = {**seats, "first_dealer": "0", "games_to_win": "1"}
    assert client_for_setup.post(f"/t/{table.keeper_key}/match/", data).status_code == 302
    win_a_game(table.matches.get(), engine.Team.A)
    screen = phone(new_context, "bg", javascript)
    page = screen.page
    dealers = page.locator("#wrap-first_dealer label.chip span")
    for language in ("bg", "uk", "ru"):
        screen.goto(f"/{language}/")
        screen.goto(table.get_keeper_url())
        shown = page.evaluate(SEAT_NAMES_FIT)
        assert [text for text, _width, _room in shown] == EVERYDAY_ROSTER
        assert all(width <= room for _text, width, room in shown), (language, shown)
        # The first dealer is chosen among the names in the seats, not "Player 1" to "Player 4".
        expect(dealers).to_have_text(EVERYDAY_ROSTER)
        if javascript:  # and follows the seats as they change (without, the server names them)
            page.select_option("#id_seat_2", "Ю")
            expect(dealers.nth(2)).to_have_text("Ю")
            # The house rules: belot's say they are the usual ones; a French game's, its switches.
            rules = page.locator("details.panel:has([data-rules-of])")
            screen.tap(rules.locator("summary"))
            expect(rules.locator("p[data-rules-of=belot]")).to_be_visible()
            expect(rules.locator("[data-rules-of~=classic]").first).to_be_hidden()
            screen.choose("game", "classic")
            expect(rules.locator("p[data-rules-of=belot]")).to_be_hidden()
            expect(rules.locator("[data-rules-of~=classic]")).to_have_count(2)
            for shown in rules.locator("[data-rules-of~=classic]").all():
                expect(shown).to_be_visible()
            screen.choose("game", "belot")
            screen.tap(rules.locator("summary"))
        # The dates are fields like any other, not 21 px slivers.
        screen.tap(page.locator("details.panel > summary").first)
        heights = page.locator("input[type=date]").evaluate_all(
            "inputs => inputs.map((input) => input.getBoundingClientRect().height)"
        )
        assert len(heights) == 2 and min(heights) >= 47.5, (language, heights)
        screen.check_layout()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_table_of_classic_belote_and_coinche_reads_per_game_on_a_phone(
    new_context, client_for_setup, javascript
):
    """One leaderboard per game and a player's figures per game: the pages fit
    360 px (``Screen.goto`` checks the width and the tap targets) with the 40-character names."""
    from tests.calculator.french import record_french
    from tests.calculator.test_stats_games import CLASSIC, COINCHE

    response = client_for_setup.post(
        "/bg/table/new/", {"name": "Петък", "players": "\n".join(ROSTER)}
    )
    table = Table.objects.get(keeper_key=response["Location"].split("/")[2])
    for game, deals in (("classic", CLASSIC), ("coinche", COINCHE)):
        seats = {f"seat_{seat}": name for seat, name in enumerate(table.players)}
        data = {**seats, "first_dealer": "0", "games_to_win": "3", "game": game}
        assert client_for_setup.post(f"/t/{table.keeper_key}/match/", data).status_code == 302
        match = table.matches.get(game=game)
        for number, fields in enumerate(deals, start=1):
            record_french(client_for_setup, match, number, **{"contre": "none", **fields})
    screen = phone(new_context, "bg", javascript)
    for language in ("bg", "uk", "ru"):
        screen.goto(f"/{language}/")  # the table's pages open in the language last chosen
        screen.goto(f"/t/{table.view_key}/")
        expect(screen.page.locator("#board-title ~ h3")).to_have_count(2)
        screen.goto(f"/t/{table.view_key}/player/0/")
        expect(screen.page.locator(".bids-table tbody tr")).to_have_count(10)
        # Each game's points over time, coinche's in the thousands: every number inside.
        for chart in screen.page.locator("figure.chart svg").all():
            found = chart.evaluate(CHART_TEXTS)
            assert found["inside"] and found["apart"], (language, found)
        narrow = screen.page.evaluate(
            """() => [...document.querySelectorAll(".figures dt")]
                 .filter((dt) => dt.getBoundingClientRect().width < 80).map((dt) => dt.textContent)"""
        )
        assert not narrow, (language, narrow)


# Each game of a mixed table won by another partnership: the three ways four players pair up.
# (seats, the winning team, a deal that team makes) per game; a deal is repeated to the end.
MIXED_GAMES = {
    "belot": (
        (0, 1, 2, 3),
        engine.Team.A,
        engine.PlayedDeal(
            engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
        ),
    ),
    "classic": (
        (0, 2, 1, 3),
        engine.Team.B,
        engine.ClassicDeal(engine.Team.B, engine.Suit.HEARTS, capot=engine.Team.B),
    ),
    "contree": (
        (0, 1, 3, 2),
        engine.Team.A,
        engine.ContreeDeal(engine.Team.A, 250, engine.Suit.SPADES, capot=engine.Team.A),
    ),
}


@pytest.fixture
def mixed_table(client_for_setup):
    """A table with a finished match of belot, of classic belote and of contrée, started from
    the keeper's form and played to the end with one deal made over and over."""
    response = client_for_setup.post(
        "/bg/table/new/", {"name": "Петък вечер у Мария", "players": "\n".join(ROSTER)}
    )
    table = Table.objects.get(keeper_key=response["Location"].split("/")[2])
    for game, (seats, _winner, deal) in MIXED_GAMES.items():
        data = {f"seat_{seat}": table.players[n] for seat, n in enumerate(seats)}
        data |= {"first_dealer": "0", "games_to_win": "1", "game": game}
        assert client_for_setup.post(f"/t/{table.keeper_key}/match/", data).status_code == 302
        match = table.matches.get(game=game)
        while not match_state(match).fold.match_over:
            number = match.deals.count() + 1
            deal_record(match=match, version=match.version, number=number, deal=deal)
            match.refresh_from_db()
    return table


def mixed_pairs(names: list[str], game: str) -> tuple[str, str]:
    """The winners and the losers of the table's ``game``, each pair as the pages name it."""
    seats, winner, _deal = MIXED_GAMES[game]
    players = [names[n] for n in seats]
    teams = {engine.Team.A: (players[0], players[2]), engine.Team.B: (players[1], players[3])}
    loser = engine.Team.B if winner is engine.Team.A else engine.Team.A
    return tuple(" & ".join(sorted(teams[team])) for team in (winner, loser))


# Each element's text on one line and within its box: [text, lines, fits].
ON_ONE_LINE = """elements => elements.map((element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  return [element.textContent, lines, element.scrollWidth <= element.clientWidth];
})"""


def one_line_each(locator) -> list:
    found = locator.evaluate_all(ON_ONE_LINE)
    assert found, "no headings found"
    return [entry for entry in found if entry[1] != 1 or not entry[2]]


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_mixed_tables_finished_games_each_read_on_a_phone(
    new_context, mixed_table, javascript, axe_source
):
    """Each game's leaderboard, chart of games won, pairs and head to head on the table's page,
    and each game's charts on a player's page, at 360 px with the
    40-character names: ``Screen.goto`` checks the width and the tap targets."""
    names = mixed_table.players
    screen = phone(new_context, "bg", javascript)
    page = screen.page
    for language in ("bg", "uk", "ru"):
        screen.goto(f"/{language}/")  # the table's pages open in the language last chosen
        screen.goto(mixed_table.get_view_url())

        with translation.override(language):
            game_names = {game: str(name) for game, name in GAME_CHOICES if game in MIXED_GAMES}
        for heading in ("board-title", "pairs-title", "h2h-title"):
            headings = page.locator(f"section[aria-labelledby={heading}] h3")
            expect(headings).to_have_text(list(game_names.values()))
        for game in MIXED_GAMES:
            winners, losers = (pair.split(" & ") for pair in mixed_pairs(names, game))
            # The game's own chart of games won: its winners at 100 %, the other two at 0.
            bars = page.locator(f"#board-{game} + table.board + figure.chart li")
            expect(bars.locator("svg[role=img]")).to_have_count(4)
            sign = "\xa0%" if language == "bg" else "%"  # Bulgarian "100 %", no-break space
            won = {
                name: f"100{sign} · 1/1" if name in winners else f"0{sign} · 0/1" for name in names
            }
            names_shown = bars.locator(".bar-name").all_inner_texts()
            shown = dict(
                zip(names_shown, bars.locator(".bar-value").all_inner_texts(), strict=True)
            )
            assert shown == won, (game, shown)
            expect(bars.locator("svg[role=img]").first).to_be_visible()
            # Its head to head: the game's one match, its winners first, as in the pairs' table.
            w, lost = mixed_pairs(names, game)
            expect(page.locator(f"#h2h-{game} + ul.recent li")).to_have_text([f"{w} 1:0 {lost}"])
        # Every board's headings fit their columns whole, on one line; so do the games' names.
        assert not one_line_each(page.locator("table.board thead th, main h3")), language
        # axe runs as a script in the page: with scripts off it has nothing to run on.
        if javascript:
            assert not axe_violations(page, axe_source), language

        screen.goto(f"/t/{mixed_table.view_key}/player/0/")
        expect(page.locator("h1")).to_have_text(names[0])
        for game in MIXED_GAMES:
            figures = page.locator(f"section[aria-labelledby=figures-{game}]")
            expect(figures.locator("h2")).to_have_text(game_names[game])
            # The game's points over time, and its games won by the partner of that game.
            expect(figures.locator("figure.chart > svg[role=img]")).to_have_count(1)
            expect(figures.locator("figure.chart > svg[role=img]")).to_be_visible()
            seats, _winner, _deal = MIXED_GAMES[game]
            partner = names[seats[2]]  # the first player sits first in every game
            won = names[0] in mixed_pairs(names, game)[0].split(" & ")
            bar = figures.locator(".bars li")
            expect(bar.locator(".bar-name")).to_have_text([partner])
            sign = " %" if language == "bg" else "%"  # to_have_text reads a no-break space as one
            expect(bar.locator(".bar-value")).to_have_text(
                [f"100{sign} · 1/1" if won else f"0{sign} · 0/1"]
            )
        # The games' names and the bids' headings on one line; a longer heading ("Contracts the
        # team bid") may wrap between its words, within the page.
        assert not one_line_each(page.locator(".game-figures > h2, .bids-table thead th")), language
        assert page.locator("main h3").evaluate_all(
            "hs => hs.every((h) => h.scrollWidth <= h.clientWidth)"
        ), language
        # Belot's contracts (four columns) may take two lines, each heading within its cell.
        headings = page.evaluate(PLAYER_PAGE_LAYOUT)["headings"]
        assert headings and all(fits and lines <= 2 and apart for _, fits, lines, apart in headings)
        if javascript:
            assert not axe_violations(page, axe_source), language
