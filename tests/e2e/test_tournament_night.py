"""A whole tournament night on 360 px phones: six pairs, three Swiss rounds, each
started through its preview, its table cards printed, its three tables kept by three scorers'
phones at once while a fourth phone shows the standings wall, then the knock-out of the top 4
to its final and its match for third place, and the final classification. The wall is never
reloaded: it follows every round by itself, its figures those of the pure package's standings
for what the tables recorded.

The night is played once, its phones in the three languages (the organizer's in Russian, the
wall in Ukrainian, the three tables' in Bulgarian, Ukrainian and Russian): each of its pages is
checked in one language here, and the organizer's page and the wall in Bulgarian and Ukrainian
by tests/e2e/test_tournament.py. Played once in each language, the night took 81 of the suite's
664 test-seconds (docs/performance.md, "make test").

Each scorer enters a deal on the deal page as at the table; the rest of a match is saved as the
scorer's phone saves it (`deal_record`), to keep the browser's share of the test small."""

import pytest
from django.utils import translation
from django.utils.translation import ngettext
from playwright.sync_api import expect

from calculator import engine
from calculator.matches.services import match_state
from calculator.models import Match, Tournament
from calculator.pairing import MatchResult, Pair, RoundResult, bracket_seeds, standings
from tests.e2e.screens import Screen, translated
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE
from tests.e2e.test_tournament import finish, phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAIRS = [
    ("Ана", "Боби"),
    ("Вики", "Гого"),
    ("Дани", "Ели"),
    ("Жоро", "Зори"),
    ("Иво", "Йоана"),
    ("Катя", "Лазар"),
]
SWISS_ROUNDS = 3
KEEPER_PAGE = r"/tn/[\w-]+/$"


@pytest.fixture(autouse=True)
def _poll_interval(settings):
    """The wall asks for changes every half second, not the site's 2 s: the test waits for
    every change it shows (as tests/e2e/test_watching.py; the lag itself is measured there)."""
    settings.WATCH_POLL_MS = 500


def winner_of(round_number: int, table: int) -> engine.Team:
    """Who wins a Swiss table: it differs from table to table and round to round."""
    return engine.Team.A if (round_number + table) % 2 else engine.Team.B


def first_deal(round_number: int, table: int) -> engine.PlayedDeal:
    """The deal the scorer taps in: made in hearts by the table's winner, the card points
    differing from table to table so that the points differences differ too."""
    team = winner_of(round_number, table)
    points = 90 + 7 * table + 5 * round_number
    return engine.PlayedDeal(team, engine.Contract.HEARTS, engine.CardPoints(team, points))


def score_a_deal(screen: Screen, scorer_url: str, deal: engine.PlayedDeal) -> Match:
    """At the table: the card's link, the deal page, the deal tapped in, previewed, saved."""
    screen.goto(scorer_url)
    match = Match.objects.get(scorer_key=scorer_url.rstrip("/").rsplit("/", 1)[1])
    page = screen.page
    screen.follow(page.locator(".actions a.button"), DEAL_PAGE)
    # What a scorer taps for a plain deal: who bid, the contract, their card points (the
    # rest stays as the form starts: played, no double, no declarations).
    screen.choose("bidders", deal.bidders.value)
    screen.choose("contract", deal.contract.value)
    screen.type_number("#id_card_points", deal.card_points.points)
    expected = engine.fold_match(match.profile, match.first_dealer, [deal])
    screen.preview_rows(expected.deals[-1])
    screen.follow(page.locator("button[name=action][value=save]"), MATCH_PAGE)
    expect(screen.totals()).to_have_text([str(expected.totals.a), str(expected.totals.b)])
    return match


def recorded(number: int, matches: list[tuple[int, int, Match]]) -> RoundResult:
    """A round's result as its matches' recorded deals give it (the engine's fold)."""
    results = []
    for pair_a, pair_b, match in matches:
        fold = match_state(match).fold
        assert fold.match_over
        winner = pair_a if fold.match_winner is engine.Team.A else pair_b
        points = (sum(g.totals.a for g in fold.games), sum(g.totals.b for g in fold.games))
        results.append(MatchResult(pair_a, pair_b, winner, *points))
    return RoundResult(number, tuple(results))


def signed(number: int) -> str:
    """As the standings write a difference: a plus, or the minus sign (U+2212)."""
    return f"+{number}" if number > 0 else f"\u2212{-number}" if number < 0 else "0"


def expect_standings(wall: Screen, lines, names: dict[int, str], title: str) -> None:
    """The wall shows ``lines`` (the pure standings) row by row, figure by figure."""
    expect(wall.page.locator("#standings-title")).to_have_text(title)
    rows = wall.page.locator("table.standings tbody tr")
    expect(rows.locator("th")).to_have_text([names[line.pair] for line in lines])
    for row, line in zip(rows.all(), lines, strict=True):
        figures = [line.place, line.wins, line.played, signed(line.points_difference)]
        figures += [line.points_for, line.buchholz, line.head_to_head]
        expect(row.locator("td")).to_have_text([str(figure) for figure in figures])


def start_round(organizer: Screen, keeper_url: str, language: str, number: int) -> None:
    """From the organizer's page, through the round's preview, to the round started."""
    page = organizer.page
    organizer.goto(keeper_url)
    start = page.locator("form[action$='/round/preview/'] button")
    expect(start).to_have_text(translated(language, "Start round %(number)s", number=number))
    organizer.follow(start, r"/round/preview/\?")
    organizer.follow(page.locator("form[action$='/round/'] button"), KEEPER_PAGE)


ORGANIZER, WALL, SCORERS = "ru", "uk", ("bg", "uk", "ru")


@pytest.mark.long
def test_a_six_pair_swiss_night_with_its_knockout_final(new_context):
    organizer = phone(new_context, ORGANIZER)
    page = organizer.page
    organizer.goto(f"/{ORGANIZER}/tournament/new/")
    page.fill("#id_name", "Зимна купа")
    page.fill("#id_pairs", "\n".join(f"{a} / {b}" for a, b in PAIRS))
    organizer.choose("games_to_win", "1")  # a match of one game: the shortest the form offers
    keeper_url = organizer.follow(
        page.locator("form[action$='/tournament/new/'] button[type=submit]"), KEEPER_PAGE
    )
    tournament = Tournament.objects.get()
    names = {pair.pk: pair.name for pair in tournament.pairs.all()}
    pure_pairs = [Pair(pk) for pk in names]

    # The wall: the public link on a phone of its own, opened once and never reloaded.
    wall = phone(new_context, WALL)
    wall.goto(tournament.get_view_url())
    scorers = [phone(new_context, scorer) for scorer in SCORERS]

    results: list[RoundResult] = []
    for number in range(1, SWISS_ROUNDS + 1):
        start_round(organizer, keeper_url, ORGANIZER, number)
        round_ = tournament.rounds.get(number=number)
        tables = list(round_.tables.select_related("match", "pair_a", "pair_b").order_by("number"))
        assert len(tables) == 3 and round_.bye is None

        # The table cards: one a table, its pairs and its QR code; the scorer's links are the
        # organizer's page's (the card shows its link only as the QR code).
        links = page.locator("table.round-tables tbody tr a")
        scorer_urls = [links.nth(i).get_attribute("href") for i in range(len(tables))]
        organizer.follow(page.locator("form[action$='/cards/'] button"), r"/cards/$")
        cards = page.locator(".table-card")
        expect(cards).to_have_count(len(tables))
        for card, table, url in zip(cards.all(), tables, scorer_urls, strict=True):
            assert url == table.match.get_scorer_url()
            expect(card.locator(".card-number")).to_have_text(
                translated(ORGANIZER, "Table %(number)s", number=table.number)
            )
            expect(card.locator(".card-pairs")).to_have_text(
                f"{table.pair_a.name} – {table.pair_b.name}"
            )
            expect(card.locator(".card-qr svg")).to_be_visible()

        # Each table's scorer taps in a deal on its own phone; the wall shows it being played.
        matches = []
        for scorer, table, url in zip(scorers, tables, scorer_urls, strict=True):
            match = score_a_deal(scorer, url, first_deal(number, table.number))
            matches.append((table.pair_a_id, table.pair_b_id, match))
        with translation.override(WALL):
            deals = ngettext("%(deals)s deal", "%(deals)s deals", 1) % {"deals": 1}
        expect(wall.page.locator("table.round-tables .progress")).to_have_text([deals] * 3)
        for (_, _, match), table in zip(matches, tables, strict=True):
            match.refresh_from_db()  # saved on the phone since it was read
            finish(match, winner_of(number, table.number))

        results.append(recorded(number, matches))
        lines = standings(pure_pairs, results, bye_points=tournament.bye_points)
        title = translated(WALL, "Standings, round %(number)s", number=number)
        expect_standings(wall, lines, names, title)
        expect(wall.page.locator("table.round-tables .progress")).to_have_text(
            [translated(WALL, "finished")] * 3
        )
    wall.check_layout()

    # The knock-out of the top 4, seeded by the standings: 1 v 4 and 2 v 3, then the final.
    ranking = [line.pair for line in lines]
    organizer.goto(keeper_url)
    sizes = page.locator(".knockout-form input[name=size]")
    expect(sizes).to_have_count(2)  # 6 pairs: the top 2 or 4, the top 4 chosen at first
    expect(page.locator(".knockout-form input[name=size][value='4']")).to_be_checked()
    organizer.follow(page.locator(".knockout-form button[type=submit]"), r"/knockout/preview/\?")
    # Its bracket first, nothing started: each tie's pairs with their places.
    seeds = bracket_seeds(4)
    expect(page.locator(".knockout-ties tbody td:nth-child(2)")).to_have_text(
        [
            f"{seeds[0]}. {names[ranking[seeds[0] - 1]]} – {seeds[1]}. {names[ranking[seeds[1] - 1]]}",
            f"{seeds[2]}. {names[ranking[seeds[2] - 1]]} – {seeds[3]}. {names[ranking[seeds[3] - 1]]}",
        ]
    )
    assert tournament.rounds.count() == SWISS_ROUNDS
    organizer.follow(page.locator("form[action$='/knockout/'] button"), KEEPER_PAGE)
    semis = list(tournament.rounds.get(number=SWISS_ROUNDS + 1).tables.order_by("number"))
    assert [(t.pair_a_id, t.pair_b_id) for t in semis] == [
        (ranking[seeds[0] - 1], ranking[seeds[1] - 1]),
        (ranking[seeds[2] - 1], ranking[seeds[3] - 1]),
    ]
    finish(semis[0].match, engine.Team.B)  # the 4th seed beats the 1st
    finish(semis[1].match, engine.Team.A)
    # The wall's bracket: each semi-final's winner with its place in the standings.
    expect(wall.page.locator(".bracket .winner")).to_have_text(
        [f"{seeds[1]}. {names[semis[0].pair_b_id]}", f"{seeds[2]}. {names[semis[1].pair_a_id]}"]
    )
    start_round(organizer, keeper_url, ORGANIZER, SWISS_ROUNDS + 2)
    final, third = tournament.rounds.get(number=SWISS_ROUNDS + 2).tables.order_by("number")
    assert (final.pair_a_id, final.pair_b_id) == (semis[0].pair_b_id, semis[1].pair_a_id)
    assert (third.pair_a_id, third.pair_b_id) == (semis[0].pair_a_id, semis[1].pair_b_id)
    # semi-finals, the match for third place, the final
    expect(wall.page.locator(".bracket h3")).to_have_count(3)
    finish(final.match, engine.Team.A)
    finish(third.match, engine.Team.B)

    champion = names[ranking[seeds[1] - 1]]  # the 4th seed, the final's first pair
    expect(wall.page.locator(".champion")).to_have_text(
        translated(WALL, "Winner of the tournament: %(pair)s", pair=champion)
    )
    # The night ends with the final classification: the final, third place, the standings.
    top = [final.pair_a_id, final.pair_b_id, third.pair_b_id, third.pair_a_id]
    expect(wall.page.locator(".classification-list li")).to_have_text(
        [names[pair] for pair in top + [pair for pair in ranking if pair not in top]]
    )
    # The standings of the Swiss rounds stay as they were: the knock-out does not change them.
    title = translated(WALL, "Standings after the Swiss rounds")
    expect_standings(wall, lines, names, title)
    wall.check_layout()
