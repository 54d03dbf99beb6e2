"""How large a tournament can be, and what its pages cost (docs/tournaments.md, "How large a
tournament can be"): each bound (pairs, Swiss rounds, a table's deals, a game's target) refused
in words in bg, uk and ru with nothing written; a deal at one table folds that table's match
alone, a page asked again at its version folds nothing, and the wall's 304 renders nothing."""

import datetime

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from belot_site.lru import BoundedStore
from calculator import engine
from calculator.games import problems
from calculator.matches.forms import MatchForm
from calculator.matches.services import deal_record, match_state
from calculator.models import (
    PAIRS_MAX,
    SWISS_ROUNDS_MAX,
    TABLE_DEALS_MAX,
    Deal,
    Match,
    Tournament,
    TournamentPair,
    TournamentRound,
)
from calculator.shared import kept
from calculator.templatetags.tournament_rows import pair_match, round_cell
from calculator.tournaments import public, state
from calculator.tournaments import wall as wall_pages
from calculator.tournaments.services import (
    PAIRS_FULL,
    SWISS_ROUNDS_FULL,
    tournament_create,
    tournament_hand_result,
    tournament_round_start,
)
from calculator.tournaments.state import read_state, tournament_state, tournament_version

from .test_tournament_http import HOSTILE, LANGUAGES, create, form, said, start_round, tables

pytestmark = pytest.mark.django_db


def names(count: int, first: int = 1) -> str:
    return "\n".join(f"Играч {n}а / Играч {n}б" for n in range(first, first + count))


def fresh(tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


# The bounds


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tournament_of_more_pairs_than_it_can_hold_is_refused_in_words(client, language):
    response = client.post(f"/{language}/tournament/new/", form(pairs=names(PAIRS_MAX + 1)))

    assert response.status_code == 400
    assert said(response, language, PAIRS_FULL, max=PAIRS_MAX)
    assert not Tournament.objects.exists()
    create(client, language, pairs=names(PAIRS_MAX))  # as many as it holds: made


@pytest.mark.parametrize("language", LANGUAGES)
def test_pairs_past_the_bound_are_refused_between_rounds_and_none_is_added(client, language):
    tournament = create(client, pairs=names(PAIRS_MAX - 1))
    before = tournament_version(fresh(tournament))
    url = reverse("calculator:tournament-pairs", args=[tournament.keeper_key])

    response = Client().post(url, {"pairs": names(2, first=500)}, HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 400
    assert said(response, language, PAIRS_FULL, max=PAIRS_MAX)
    assert tournament.pairs.count() == PAIRS_MAX - 1
    assert tournament_version(fresh(tournament)) == before


def swiss_rounds_played(rounds: int) -> Tournament:
    """Four pairs, ``rounds`` Swiss rounds, every table's result entered by hand."""
    tournament = tournament_create(
        pairs=[("Ана", "Боби"), ("Вики", "Гого"), ("Дани", "Ели"), ("Жоро", "Зори")],
        name="Купа",
        date=datetime.date(2026, 12, 5),
        game="belot",
        house_rules={},
        games_to_win=1,
        format="swiss",
    )
    for number in range(1, rounds + 1):
        round_ = tournament_round_start(tournament=tournament, number=number)
        for table in round_.tables.all():
            version = tournament_version(fresh(tournament))
            tournament_hand_result(
                tournament=tournament, table=table, version=version, points=(151, 60 + number)
            )
    return fresh(tournament)


def test_a_swiss_round_past_the_bound_is_refused_in_words_and_the_knockout_may_follow(client):
    tournament = swiss_rounds_played(SWISS_ROUNDS_MAX)
    version = tournament_version(tournament)
    number = str(SWISS_ROUNDS_MAX + 1)
    preview = reverse("calculator:round-preview", args=[tournament.keeper_key])
    start = reverse("calculator:round-start", args=[tournament.keeper_key])

    for language in LANGUAGES:
        with override(language):
            refusal = SWISS_ROUNDS_FULL % {"max": SWISS_ROUNDS_MAX}
        for response in (
            Client().get(preview, {"number": number}, HTTP_ACCEPT_LANGUAGE=language),
            Client().post(start, {"number": number}, HTTP_ACCEPT_LANGUAGE=language),
        ):
            assert response.status_code == 400
            assert refusal in response.content.decode().replace("&#x27;", "'")

    assert tournament.rounds.count() == SWISS_ROUNDS_MAX
    assert tournament_version(fresh(tournament)) == version
    knockout = reverse("calculator:knockout", args=[tournament.keeper_key])
    assert client.post(knockout, {"size": "4"}).status_code == 302
    assert TournamentRound.objects.filter(tournament=tournament, number=16).exists()


def test_after_the_last_swiss_round_the_organizers_page_offers_the_knockout_not_another_round():
    tournament = swiss_rounds_played(SWISS_ROUNDS_MAX)
    for language in LANGUAGES:
        page = Client().get(tournament.get_keeper_url(), HTTP_ACCEPT_LANGUAGE=language)
        with override(language):
            refusal = str(SWISS_ROUNDS_FULL % {"max": SWISS_ROUNDS_MAX})
        shown = page.content.decode().replace("&#x27;", "'")
        assert refusal in shown
        assert reverse("calculator:round-preview", args=[tournament.keeper_key]) not in shown
        assert reverse("calculator:knockout-preview", args=[tournament.keeper_key]) in shown


def a_table_at_the_bound(client) -> Match:
    """A table's match of 2 pairs with as many deals as it can hold, all passed, stored as
    its scorer's saves would leave them."""
    tournament = create(client, pairs="Ана / Боби\nВики / Гого")
    start_round(client, tournament, 1)
    match = tables(tournament, 1)[0].match
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=match.deal_data(engine.AllPassed()))
        for number in range(1, TABLE_DEALS_MAX + 1)
    )
    Match.objects.filter(pk=match.pk).update(version=TABLE_DEALS_MAX)
    return Match.objects.get(pk=match.pk)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_past_a_tables_bound_is_refused_in_words_and_nothing_is_saved(client, language):
    match = a_table_at_the_bound(client)
    client = Client()  # the scorer's phone, in its language
    scorer = match.get_scorer_url()
    problem = engine.Problem(
        "too_many_table_deals", "deals", {"max": TABLE_DEALS_MAX, "count": TABLE_DEALS_MAX + 1}
    )
    with override(language):
        refusal = problems.problem_message(problem, (match.team_a, match.team_b))
    posted = {"number": str(TABLE_DEALS_MAX + 1), "version": str(TABLE_DEALS_MAX)}

    for asked in (
        lambda: client.post(f"{scorer}all-passed/", posted, HTTP_ACCEPT_LANGUAGE=language),
        lambda: client.get(f"{scorer}deal/", HTTP_ACCEPT_LANGUAGE=language),  # no deal form
    ):
        response = asked()
        assert response.status_code == 302 and response["Location"] == scorer
        page = client.get(scorer, HTTP_ACCEPT_LANGUAGE=language)
        assert said(page, language, refusal)

    assert match.deals.count() == TABLE_DEALS_MAX
    assert Match.objects.get(pk=match.pk).version == TABLE_DEALS_MAX


def test_the_bound_is_a_tournament_tables_alone(client):
    match = a_table_at_the_bound(client)
    alone = Match.objects.create(team_a="Ние", team_b="Вие")
    Deal.objects.bulk_create(
        Deal(match=alone, number=number, data=match.deal_data(engine.AllPassed()))
        for number in range(1, TABLE_DEALS_MAX + 1)
    )
    deal_record(match=alone, version=0, number=TABLE_DEALS_MAX + 1, deal=engine.AllPassed())
    assert alone.deals.count() == TABLE_DEALS_MAX + 1
    with pytest.raises(engine.DealError) as refused:
        deal_record(
            match=match, version=match.version, number=TABLE_DEALS_MAX + 1, deal=engine.AllPassed()
        )
    assert refused.value.problems[0].code == "too_many_table_deals"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_to_more_than_a_tournament_plays_is_refused_in_words(client, language):
    response = client.post(f"/{language}/tournament/new/", form(target="1002"))

    assert response.status_code == 400
    with override(language):
        refusal = MatchForm.base_fields["target"].error_messages["max_value"] % {
            "limit_value": 1001,
            "value": 1002,
        }
    assert said(response, language, refusal)
    assert not Tournament.objects.exists()
    assert create(client, language, target="1001").match_fields()["target"] == 1001


# What a page costs: folds and renderings


@pytest.fixture
def folds(monkeypatch):
    """The matches folded by the engine from their stored deals, by id, in order."""
    folded = []
    fold = Match.fold

    def counting(self, deals):
        folded.append(self.pk)
        return fold(self, deals)

    monkeypatch.setattr(Match, "fold", counting)
    return folded


def a_deal(match: Match) -> None:
    match = Match.objects.get(pk=match.pk)
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 100)
    )
    deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)


def public_pages(tournament) -> list[str]:
    key = tournament.view_key
    return [
        f"/tn/{key}/",
        f"/tn/{key}/standings.json",
        f"/tn/{key}/standings.csv",
        f"/tn/{key}/sheet/",
        f"/tn/{key}/tables/",
        f"/tn/{tournament.keeper_key}/",
    ]


def another_worker(monkeypatch) -> None:
    """This process's stores emptied, as another worker's are: only the database is shared."""
    monkeypatch.setattr(state, "_states", BoundedStore(1 << 24, state._cost, 1 << 22))
    monkeypatch.setattr(kept, "_watch_pages", BoundedStore(1 << 22, kept._size, 1 << 21))
    monkeypatch.setattr(wall_pages, "_latest", BoundedStore(1 << 22, wall_pages._size, 1 << 21))


def test_a_deal_at_one_table_folds_that_tables_match_alone(client, folds, monkeypatch):
    tournament = create(client, pairs=names(8))
    start_round(client, tournament, 1)
    matches = [table.match for table in tables(tournament, 1)]
    for match in matches:
        a_deal(match)
    folds.clear()  # the saves' own (calculator/matches/services.py)
    for page in public_pages(tournament):
        assert client.get(page, HTTP_ACCEPT_LANGUAGE="bg").status_code == 200
    assert sorted(folds) == sorted(match.pk for match in matches)  # each once, by the first

    a_deal(matches[2])
    folds.clear()
    for page in public_pages(tournament):
        assert client.get(page, HTTP_ACCEPT_LANGUAGE="bg").status_code == 200
    assert folds == [matches[2].pk]

    folds.clear()
    another_worker(monkeypatch)  # which has never read the tournament: the summaries are stored
    for page in public_pages(tournament):
        assert client.get(page, HTTP_ACCEPT_LANGUAGE="uk").status_code == 200
    assert folds == []


@pytest.mark.parametrize("page", range(6))
def test_a_page_asked_again_at_its_version_folds_nothing(
    client, folds, page, django_assert_max_num_queries
):
    tournament = create(client, pairs=names(8))
    start_round(client, tournament, 1)
    for table in tables(tournament, 1):
        a_deal(table.match)
    address = public_pages(tournament)[page]
    assert client.get(address).status_code == 200
    folds.clear()

    # The tournament by its key and its version; the organizer's page also reads its session.
    with django_assert_max_num_queries(4):
        assert client.get(address).status_code == 200
    assert folds == []


@pytest.fixture
def renders(monkeypatch):
    """The templates public rendered into a string, in order."""
    seen = []
    render_to_string = public.render_to_string

    def counting(template, context=None, request=None):
        seen.append(template)
        return render_to_string(template, context, request)

    monkeypatch.setattr(public, "render_to_string", counting)
    return seen


def test_a_304_of_the_wall_renders_nothing(client, renders, monkeypatch):
    """A phone that has the wall's page at the version now asks a worker that has not made it
    (or made it too large to keep): 304, and no rendering."""
    tournament = create(client, pairs=names(8))
    start_round(client, tournament, 1)
    a_deal(tables(tournament, 1)[0].match)
    shown = client.get(tournament.get_view_url())
    assert shown.status_code == 200 and renders == ["calculator/tournament.html"]

    another_worker(monkeypatch)
    again = Client().get(tournament.get_view_url(), HTTP_IF_NONE_MATCH=shown["ETag"])

    assert again.status_code == 304 and again["ETag"] == shown["ETag"]
    assert renders == ["calculator/tournament.html"]
    assert Client().get(tournament.get_view_url()).content == shown.content  # made for this one


def test_the_other_public_pages_are_kept_per_version_and_answered_304(client, renders):
    tournament = create(client, pairs=names(8))
    start_round(client, tournament, 1)
    key = tournament.view_key
    for address in (f"/tn/{key}/sheet/", f"/tn/{key}/tables/"):
        first = client.get(address)
        assert Client().get(address).content == first.content
        again = Client().get(address, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304
    assert renders == ["calculator/tournament_sheet.html", "calculator/tournament_tables.html"]
    a_deal(tables(tournament, 1)[1].match)
    moved = client.get(f"/tn/{key}/sheet/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200 and len(renders) == 3


def test_the_organizers_page_renders_its_standings_and_tables_once_a_version(client, renders):
    tournament = create(client, pairs=names(8))
    start_round(client, tournament, 1)
    parts = ["calculator/_round_tables.html", "calculator/_standings.html"]  # as on the page
    pages = [client.get(tournament.get_keeper_url(), HTTP_ACCEPT_LANGUAGE="bg") for _ in range(3)]
    assert renders == parts
    assert all(b'<table class="standings' in page.content for page in pages)
    assert all(b'class="round-tables"' in page.content for page in pages)

    Client().get(tournament.get_keeper_url(), HTTP_ACCEPT_LANGUAGE="ru")  # its own words
    a_deal(tables(tournament, 1)[0].match)  # a new version
    client.get(tournament.get_keeper_url(), HTTP_ACCEPT_LANGUAGE="bg")
    assert renders == parts * 3


# The state kept per version is the one read whole


def figures(state) -> list:
    return [
        (t.table.pk, t.match.version, t.deals, t.points, t.games_won, t.finished, t.result)
        for r in state.rounds
        for t in r.tables
    ]


def test_the_kept_state_moved_on_after_deals_and_a_hand_result_is_the_one_read_whole(client):
    tournament = create(client, pairs=names(8), games_to_win="2")
    start_round(client, tournament, 1)
    first, second, third, _fourth = tables(tournament, 1)
    states = [tournament_state(tournament)]
    for match in (first.match, second.match, first.match):
        a_deal(match)
        states.append(tournament_state(tournament))
        assert figures(states[-1]) == figures(read_state(fresh(tournament)))
        assert states[-1].standings() == read_state(fresh(tournament)).standings()
    version = tournament_version(fresh(tournament))
    tournament_hand_result(
        tournament=tournament, table=third, version=version, points=(9, 3), games=(2, 0)
    )
    kept = tournament_state(tournament)
    assert figures(kept) == figures(read_state(fresh(tournament)))
    assert kept.standings() == read_state(fresh(tournament)).standings()
    assert len({state.version for state in (*states, kept)}) == 5
    assert tournament_state(tournament) is kept  # asked again: the same


def test_a_tables_points_are_its_games_and_the_game_in_play(client):
    tournament = create(client, pairs="Ана / Боби\nВики / Гого", games_to_win="2")
    start_round(client, tournament, 1)
    match = tables(tournament, 1)[0].match
    while len(match_state(Match.objects.get(pk=match.pk)).fold.games) < 1:
        a_deal(match)
    a_deal(match)  # the second game under way

    fold = match_state(Match.objects.get(pk=match.pk)).fold
    table = tournament_state(tournament).rounds[0].tables[0]
    ended = sum(g.totals.a for g in fold.games), sum(g.totals.b for g in fold.games)
    assert table.points == (ended[0] + fold.totals.a, ended[1] + fold.totals.b)
    assert table.deals == len(fold.deals) and table.games_won == (1, 0) and not table.finished


# The rows written in Python read as the template wrote them

PAIR_MATCH = (
    "{% load i18n %}{% blocktranslate with number=row.round %}Round {{ number }}"
    '{% endblocktranslate %}: {% if row.bye %}{% translate "bye" %}{% else %}'
    "<bdi>{{ row.opponent.name }}</bdi>, {{ row.points.0 }}:{{ row.points.1 }} · {% if not row.finished %}"
    '{% translate "playing" %}{% elif row.won %}{% translate "won" %}{% else %}'
    '{% translate "lost" %}{% endif %}{% if row.by_hand %} · {% translate "entered by hand" %}'
    "{% endif %}{% endif %}"
)
ROUND_CELL = (
    '{% load i18n %}{% if not cell %}–{% elif cell.bye %}{% translate "bye" %}{% else %}'
    '<span class="opponent" title="{{ cell.opponent.name }}">{{ cell.place }}</span> '
    "{% if not cell.finished %}…{% elif cell.won %}+{% else %}−{% endif %} "
    '<span class="score">{{ cell.points.0 }}:{{ cell.points.1 }}</span>{% endif %}'
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_pairs_matches_and_the_sheets_cells_read_as_the_template_wrote_them(language):
    hostile = TournamentPair(player_1=HOSTILE[0], player_2='Д\'Артанян & "<Боби>"')
    rows = [{"round": 3, "bye": True}] + [
        {
            "round": 12,
            "opponent": hostile,
            "points": (1001, 0),
            "finished": finished,
            "won": won,
            "by_hand": by_hand,
            "place": 128,
        }
        for finished in (True, False)
        for won in (True, False)
        for by_hand in (True, False)
    ]
    with override(language):
        for row in rows:
            assert pair_match(row) == Template(PAIR_MATCH).render(Context({"row": row}))
        for cell in (None, *rows):
            assert round_cell(cell) == Template(ROUND_CELL).render(Context({"cell": cell}))
