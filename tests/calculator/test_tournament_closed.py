"""A table's match once the organizer entered its result by hand: every deal's write
to it is refused in words, in the scorer's language, and nothing is written; its pages say the
organizer entered the result, and offer no deal to enter."""

import pytest
from django.test import Client
from django.urls import reverse

from calculator import engine
from calculator.matches.services import (
    RESULT_BY_HAND,
    ResultByHand,
    deal_delete_last,
    deal_record,
    deal_replace,
    deal_undo,
)
from calculator.models import Deal, Match
from calculator.tournaments.state import tournament_state

from .conftest import deal_fields, preview_key_of, version_of
from .test_tournament_hand import enter
from .test_tournament_http import HOSTILE, LANGUAGES, create, said, start_round, tables

PAGE_NOTE = (
    "The organizer entered this table's result by hand, from its paper sheet: that is the "
    "table's result in the tournament, and no deals are saved in this match."
)
MADE = engine.PlayedDeal(
    engine.Team.A, engine.Contract.ALL_TRUMPS, engine.CardPoints(engine.Team.A, 258)
)


def scorer(language) -> Client:
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    phone.cookies.load({"django_language": language})
    return phone


def hand_table(client, language):
    """Round 1 of a tournament of hostile names, its first table's result entered by hand."""
    tournament = create(client, pairs=f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого")
    start_round(client, tournament, 1)
    (table,) = tables(tournament, 1)
    return tournament, table


def refused_with_message(phone, response, language, why=RESULT_BY_HAND) -> bool:
    """A redirect to the scorer's page, which says ``why`` nothing was saved."""
    if response.status_code != 302 or not response["Location"].startswith("/m/"):
        return False
    page = phone.get(response["Location"])
    return page.status_code == 200 and said(page, language, why)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_typed_before_the_hand_result_is_refused_when_saved(client, language):
    tournament, table = hand_table(client, language)
    match = table.match
    phone = scorer(language)
    url = f"/m/{match.scorer_key}/deal/"
    data = deal_fields(1, card_points=100)
    preview = phone.post(url, {**data, "version": match.version, "action": "preview"})
    assert preview.status_code == 200
    saved = {"action": "save", "preview_key": preview_key_of(preview)}
    saved["version"] = version_of(preview)
    # the organizer enters the paper sheet's result meanwhile
    assert enter(client, tournament, table, (151, 40)).status_code == 302
    response = phone.post(url, {**data, **saved})
    assert refused_with_message(phone, response, language)
    assert not Deal.objects.filter(match=match).exists()
    result = tournament_state(tournament).rounds[0].tables[0].result
    assert (result.points_a, result.points_b, result.winner) == (151, 40, table.pair_a_id)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_all_passed_and_the_deal_form_are_refused_in_words(client, language):
    tournament, table = hand_table(client, language)
    match = table.match
    version = match.version  # the scorer's page was opened before the hand result
    assert enter(client, tournament, table, (30, 151)).status_code == 302
    phone = scorer(language)
    passed = phone.post(
        f"/m/{match.scorer_key}/all-passed/", {"number": "1", "version": str(version)}
    )
    assert refused_with_message(phone, passed, language)
    form = phone.get(f"/m/{match.scorer_key}/deal/")
    assert refused_with_message(phone, form, language)
    # the live preview of a deal page left open says so, and offers nothing to save
    live = phone.post(f"/m/{match.scorer_key}/deal/preview/", {**deal_fields(1, card_points=100)})
    assert live.status_code == 200 and said(live, language, RESULT_BY_HAND)
    assert 'name="preview_key"' not in live.content.decode()
    assert not Deal.objects.filter(match=match).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scorers_and_watchers_pages_say_the_organizer_entered_the_result(client, language):
    tournament, table = hand_table(client, language)
    match = table.match
    phone = scorer(language)
    before = phone.get(f"/m/{match.watch_key}/")
    assert not said(before, language, PAGE_NOTE)
    assert enter(client, tournament, table, (151, 40)).status_code == 302
    for key in (match.scorer_key, match.watch_key):
        page = phone.get(f"/m/{key}/", headers={"if-none-match": before["ETag"]})
        assert page.status_code == 200 and said(page, language, PAGE_NOTE)
        html = page.content.decode()
        assert reverse("calculator:deal-new", args=[match.scorer_key]) not in html
        assert reverse("calculator:all-passed", args=[match.scorer_key]) not in html
        assert "<b>%(x)s" not in html  # the hostile name stays text


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_correcting_deleting_and_undoing_are_refused_too(client, language):
    """A match with deals and a hand result (stored before deals were refused): each write
    is refused, and its deals stay as they were."""
    tournament, table = hand_table(client, language)
    match = table.match
    deal_record(match=match, version=0, number=1, deal=MADE)
    deal_record(match=match, version=1, number=2, deal=engine.AllPassed())  # can be undone
    type(table).objects.filter(pk=table.pk).update(
        hand_points_a=151, hand_points_b=0, hand_games_a=1, hand_games_b=0
    )
    match = Match.objects.get(pk=match.pk)
    stored = list(Deal.objects.filter(match=match).values_list("number", "data"))
    phone = scorer(language)
    version = str(match.version)
    edit_url = f"/m/{match.scorer_key}/deal/1/"
    writes = [
        lambda: phone.get(edit_url),
        lambda: phone.post(edit_url, {**deal_fields(1, card_points=100), "version": version}),
        lambda: phone.post(f"/m/{match.scorer_key}/deal/2/delete/", {"version": version}),
        lambda: phone.post(f"/m/{match.scorer_key}/undo/", {"version": version}),
    ]
    for write in writes:
        assert refused_with_message(phone, write(), language)
    # and the writes themselves, asked without the pages' check
    at = match.version
    for write, args in (
        (deal_replace, {"number": 1, "deal": MADE}),
        (deal_delete_last, {"number": 2}),
        (deal_undo, {}),
        (deal_record, {"number": 3, "deal": MADE}),
    ):
        with pytest.raises(ResultByHand):
            write(match=Match.objects.get(pk=match.pk), version=at, **args)
    assert list(Deal.objects.filter(match=match).values_list("number", "data")) == stored
    assert Match.objects.get(pk=match.pk).version == match.version


@pytest.mark.django_db
def test_a_deal_racing_the_hand_result_is_refused_by_the_service(client):
    """The scorer's page was checked before the organizer's hand result was written: the
    write itself, inside the match's lock, refuses the deal."""
    tournament, table = hand_table(client, "bg")
    match = Match.objects.get(pk=table.match_id)  # read before the hand result
    assert enter(client, tournament, table, (151, 40)).status_code == 302
    with pytest.raises(ResultByHand):
        deal_record(match=match, version=match.version + 1, number=1, deal=MADE)
    assert not Deal.objects.filter(match=match).exists()


@pytest.mark.django_db
def test_the_matchs_other_pages_answer_without_an_error(client):
    """The next match, the export, the score sheet and a table's "add this match" of a match
    closed by a hand result: each answers (a 404 where there is nothing), none fails."""
    tournament, table = hand_table(client, "bg")
    assert enter(client, tournament, table, (151, 40)).status_code == 302
    match = table.match
    phone = scorer("bg")
    assert phone.get(f"/m/{match.scorer_key}/next/").status_code == 404
    posted = phone.post(f"/m/{match.scorer_key}/next/", {"version": "0"})
    assert posted.status_code == 400  # the form's reasons: no next match is started
    assert not Match.objects.filter(follows=match).exists()
    exported = phone.get(f"/m/{match.scorer_key}/export.json")
    assert exported.status_code == 200 and exported.json()["deals"] == []
    assert phone.get(f"/m/{match.watch_key}/sheet/").status_code == 200
    assert phone.get(f"/m/{match.watch_key}/changes").status_code == 200
    assert not Deal.objects.filter(match=match).exists()
