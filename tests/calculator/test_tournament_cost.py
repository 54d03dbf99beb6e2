"""How large a tournament can be (docs/tournaments.md, "How large a tournament can be"): each
bound (pairs, Swiss rounds, a table's deals, a game's target) refused in words in bg, uk and ru
with nothing written."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from calculator import engine, explain
from calculator.forms import MatchForm
from calculator.models import (
    PAIRS_MAX,
    SWISS_ROUNDS_MAX,
    TABLE_DEALS_MAX,
    Deal,
    Match,
    Tournament,
    TournamentRound,
)
from calculator.services import deal_record
from calculator.tournament_services import (
    PAIRS_FULL,
    SWISS_ROUNDS_FULL,
    tournament_create,
    tournament_hand_result,
    tournament_round_start,
    tournament_version,
)

from .test_tournament_http import LANGUAGES, create, form, said, start_round, tables

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
        refusal = explain.problem_message(problem, (match.team_a, match.team_b))
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
