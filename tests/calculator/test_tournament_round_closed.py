"""A tournament table's match once the next round has started: that round was drawn up from
its result, so every deal's write to it (a correction, a delete, an undo, a new deal, all
passed) is refused in the scorer's language and nothing is written; its pages say why and offer
no change. A match of the last round stays correctable until the next round starts."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connections, transaction
from django.test import Client
from django.urls import reverse

from calculator import engine
from calculator.matches.services import (
    ROUND_CLOSED,
    RoundClosed,
    deal_delete_last,
    deal_record,
    deal_replace,
    deal_undo,
    match_state,
)
from calculator.models import Deal, Match, TournamentRound
from calculator.tournaments.state import tournament_state

from .conftest import deal_fields, preview_key_of, version_of
from .test_tournament_closed import refused_with_message as refused_with
from .test_tournament_closed import scorer
from .test_tournament_http import HOSTILE, LANGUAGES, create, finish, said, start_round, tables

PAGE_NOTE = (
    "The tournament's next round has started, drawn up from this match's result: that result "
    "stands, and its deals can no longer be changed."
)
CORRECTED = engine.PlayedDeal(
    engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 50)
)


def played_round(client):
    """Round 1 of a tournament of two pairs (one with hostile names), its match won by pair A;
    the organizer has not started round 2 yet."""
    tournament = create(client, pairs=f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого")
    assert start_round(client, tournament, 1).status_code == 302
    (table,) = tables(tournament, 1)
    finish(table.match, engine.Team.A)
    return tournament, Match.objects.get(pk=table.match_id)


def stored(match) -> list:
    return list(Deal.objects.filter(match=match).order_by("number").values_list("data", flat=True))


def refused_with_message(phone, response, language) -> bool:
    return refused_with(phone, response, language, ROUND_CLOSED)


def standings(tournament) -> list:
    return list(tournament_state(tournament).standings())


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_write_to_a_match_of_a_round_before_the_last_is_refused_in_words(client, language):
    tournament, match = played_round(client)
    phone = scorer(language)
    key = match.scorer_key
    last = match.deals.count()
    correction = f"/m/{key}/deal/{last}/"
    # The scorer opened the correction and previewed it before round 2 started.
    opened = version_of(phone.get(correction))
    fields = {**deal_fields(last, card_points=50), "version": opened}
    preview = phone.post(correction, {**fields, "action": "preview"})
    assert preview.status_code == 200
    before, table_before = stored(match), standings(tournament)
    assert start_round(client, tournament, 2).status_code == 302

    saved = {**fields, "action": "save", "preview_key": preview_key_of(preview)}
    writes = [
        lambda: phone.post(correction, saved),
        lambda: phone.get(correction),
        lambda: phone.get(f"/m/{key}/deal/"),
        lambda: phone.post(f"/m/{key}/deal/{last}/delete/", {"version": opened}),
        lambda: phone.post(f"/m/{key}/undo/", {"version": opened}),
        lambda: phone.post(f"/m/{key}/all-passed/", {"number": last + 1, "version": opened}),
    ]
    for write in writes:
        assert refused_with_message(phone, write(), language)
    # the live preview of a correction page left open says so, and offers nothing to save
    live = phone.post(f"/m/{key}/deal/preview/", deal_fields(last, card_points=50))
    assert live.status_code == 200 and said(live, language, ROUND_CLOSED)
    assert 'name="preview_key"' not in live.content.decode()
    assert stored(match) == before
    assert standings(tournament) == table_before


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_its_pages_say_the_result_stands_and_offer_no_change(client, language):
    tournament, match = played_round(client)
    phone = scorer(language)
    page = phone.get(f"/m/{match.scorer_key}/")
    edit = reverse("calculator:deal-edit", args=[match.scorer_key, match.deals.count()])
    assert edit in page.content.decode()  # the last round's match: still correctable
    assert not said(page, language, PAGE_NOTE)
    assert start_round(client, tournament, 2).status_code == 302

    for key in (match.scorer_key, match.watch_key):
        page = phone.get(f"/m/{key}/")
        assert page.status_code == 200 and said(page, language, PAGE_NOTE)
        html = page.content.decode()
        assert edit not in html and "/delete/" not in html and "/undo/" not in html
        assert reverse("calculator:deal-new", args=[match.scorer_key]) not in html
        assert "<b>%(x)s" not in html  # the hostile name stays text
    scorers = phone.get(f"/m/{match.scorer_key}/").content.decode()
    assert tournament.get_view_url() in scorers  # back to the tournament
    assert match.scorer_key not in phone.get(f"/m/{match.watch_key}/").content.decode()


@pytest.mark.django_db
def test_the_writes_themselves_refuse_a_match_whose_round_is_over(client):
    """Asked without the pages' checks (a page opened before the round started, or another
    phone): inside the match's lock."""
    tournament, match = played_round(client)
    before, at = stored(match), match.version
    assert start_round(client, tournament, 2).status_code == 302
    last = len(before)
    for write, args in (
        (deal_replace, {"number": last, "deal": CORRECTED}),
        (deal_delete_last, {"number": last}),
        (deal_undo, {}),
        (deal_record, {"number": last + 1, "deal": CORRECTED}),
    ):
        with pytest.raises(RoundClosed):
            write(match=Match.objects.get(pk=match.pk), version=at, **args)
    assert stored(match) == before
    assert Match.objects.get(pk=match.pk).version == at


@pytest.mark.django_db
def test_the_knockout_closes_the_swiss_rounds_too(client):
    tournament, match = played_round(client)
    url = reverse("calculator:knockout", args=[tournament.keeper_key])
    assert client.post(url, {"size": "2"}).status_code == 302
    assert TournamentRound.objects.filter(tournament=tournament).count() == 2
    with pytest.raises(RoundClosed):
        deal_replace(match=match, version=match.version, number=1, deal=CORRECTED)


@pytest.mark.django_db(transaction=True)
def test_the_next_round_waits_for_a_correction_being_written_and_reads_it(client):
    """A correction of the round's last match is written, not yet committed, when the organizer
    starts the next round (each with its own connection): the round's start waits for it and
    reads the corrected result, which leaves the match unfinished, so no round starts. Never a
    round drawn up from a result that changes under it."""
    tournament, match = played_round(client)
    last = match.deals.count()
    # A inside in the last deal: A no longer reaches the target, the match plays on.
    inside = engine.PlayedDeal(
        engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 0)
    )
    written, started = threading.Event(), threading.Event()

    def correct():
        try:
            with transaction.atomic():
                deal_replace(match=match, version=match.version, number=last, deal=inside)
                written.set()
                # Long enough for the round's start to read the match, had it not waited for
                # it; if it is slower than that, it reads the committed correction anyway.
                started.wait(timeout=2)
        finally:
            connections.close_all()

    def next_round():
        try:
            assert written.wait(timeout=60)
            start_round(Client(), tournament, 2)
            started.set()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(2) as pool:
        for done in [pool.submit(correct), pool.submit(next_round)]:
            done.result(timeout=120)

    assert not match_state(Match.objects.get(pk=match.pk)).fold.match_over
    assert not TournamentRound.objects.filter(tournament=tournament, number=2).exists()
