"""A round's pairings before it starts: the organizer's "Start round N" shows them,
nothing stored; two pairs can be swapped (a rematch is allowed and said); "Start" stores
exactly the pairings shown, and a page made before the tournament changed starts nothing."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, override

from calculator import engine
from calculator.models import TournamentRound
from calculator.tournaments.state import tournament_state, tournament_version

from .test_tournament_http import (
    HOSTILE,
    LANGUAGES,
    PAIRS,
    create,
    finish,
    said,
    start_round,
    tables,
)

SIX = PAIRS + "\nИво / Йоана\nКаля / Лили"


def joined_said(response, language, message, **params) -> bool:
    """Whether the page says ``message`` of two pairs joined by "and". Every pair here ends in a
    vowel ("Ана & Боби", "Иво & Йоана") and none starts with й, я, ю, є or ї: Ukrainian joins
    them with «й», whatever the translation's «і» (calculator/shared/names.py, names_joined)."""
    with override(language):
        text = gettext(message) % params
    if language == "uk":
        assert "» і «" in text
        text = text.replace("» і «", "» й «")
    page = response.content.decode()
    return text in page or escape(text) in page


def preview(client, tournament, language="bg", key=None, **query):
    url = reverse("calculator:round-preview", args=[key or tournament.keeper_key])
    query.setdefault("number", str(tournament_state(tournament).next_number))
    return client.get(url, query, HTTP_ACCEPT_LANGUAGE=language)


def shown(response) -> dict:
    """The order and version the page's start form posts."""
    page = response.content.decode()
    form = page[page.index('action="' + "/tn/") :]
    order = re.search(r'name="order" value="([\d ]*)"', form).group(1)
    version = re.search(r'name="version" value="([\w-]*)"', form).group(1)
    return {"order": order, "version": version}


def start_shown(client, tournament, response, language="bg", key=None):
    url = reverse("calculator:round-start", args=[key or tournament.keeper_key])
    number = str(tournament_state(tournament).next_number)
    return client.post(url, {"number": number, **shown(response)}, HTTP_ACCEPT_LANGUAGE=language)


def seated(tournament, number):
    round_ = TournamentRound.objects.get(tournament=tournament, number=number)
    return [(t.pair_a_id, t.pair_b_id) for t in round_.tables.order_by("number")], round_.bye_id


def ids(tournament):
    return [pair.pk for pair in tournament.pairs.all()]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_start_round_shows_the_pairings_first_and_stores_nothing(client, language):
    tournament = create(client, language, pairs=PAIRS + "\nИво / Йоана")
    version = tournament_version(tournament)
    client.cookies.load({"django_language": language})
    keeper = client.get(tournament.get_keeper_url()).content.decode()
    assert reverse("calculator:round-preview", args=[tournament.keeper_key]) in keeper

    response = preview(client, tournament, language)
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-store"
    assert said(response, language, "Round %(number)s: the pairings", number=1)
    assert said(response, language, "Swap two pairs")
    page = response.content.decode()
    assert page.index("Ана &amp; Боби – Вики &amp; Гого") < page.index("Дани &amp; Ели – Жоро")
    assert shown(response) == {"order": " ".join(map(str, ids(tournament))), "version": version}
    assert not TournamentRound.objects.exists() and tournament_version(tournament) == version

    assert start_shown(client, tournament, response, language).status_code == 302
    first, second, third, fourth, fifth = ids(tournament)
    assert seated(tournament, 1) == ([(first, second), (third, fourth)], fifth)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_two_pairs_swapped_are_started_as_shown_and_a_rematch_is_said(client, language):
    tournament = create(client, language, pairs=SIX)
    start_round(client, tournament, 1, language)
    for index, table in enumerate(tables(tournament, 1)):
        finish(table.match, engine.Team.A if index % 2 == 0 else engine.Team.B)
    proposal = shown(preview(client, tournament, language))
    order = [int(pair) for pair in proposal["order"].split()]
    met = {frozenset((t.pair_a_id, t.pair_b_id)) for t in tables(tournament, 1)}
    assert not {frozenset(order[i : i + 2]) for i in (0, 2, 4)} & met  # the site avoids them

    # Swap the partner of table 1's first pair for the pair it met in round 1.
    partner = next(p for m in met if order[0] in m for p in m if p != order[0])
    response = preview(client, tournament, language, **proposal, first=order[1], second=partner)
    assert response.status_code == 200
    swapped = [int(pair) for pair in shown(response)["order"].split()]
    assert swapped[:2] == [order[0], partner] and sorted(swapped) == sorted(order)
    names = {pair.pk: pair.name for pair in tournament.pairs.all()}
    assert joined_said(
        response,
        language,
        "%(a)s and %(b)s have met already, in round %(number)s.",
        a=names[order[0]],
        b=names[partner],
        number=1,
    )

    assert start_shown(client, tournament, response, language).status_code == 302
    pairs, bye = seated(tournament, 2)
    assert pairs == [tuple(swapped[i : i + 2]) for i in (0, 2, 4)] and bye is None


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_made_before_the_tournament_changed_starts_nothing(client, language):
    tournament = create(client, language, pairs=SIX)
    response = preview(client, tournament, language)
    first, second = ids(tournament)[:2]
    swapped = preview(
        client, tournament, language, **shown(response), first=second, second=ids(tournament)[2]
    )
    withdraw = reverse("calculator:tournament-withdraw", args=[tournament.keeper_key, first])
    assert client.post(withdraw).status_code == 302  # meanwhile, on another phone

    for page in (response, swapped):
        refused = start_shown(client, tournament, page, language)
        assert refused.status_code == 400
        assert said(
            refused,
            language,
            "The tournament changed while the pairings of round %(number)s were shown (a result corrected, a pair added or withdrawn), and nothing was started. Look at the new pairings and start the round again.",
            number=1,
        )
    assert not TournamentRound.objects.exists()
    # A swap on the stale page shows the pairings as they are now, and says why.
    again = preview(
        client, tournament, language, **shown(swapped), first=second, second=ids(tournament)[1]
    )
    assert again.status_code == 400
    assert said(
        again,
        language,
        "The tournament changed while the page was open (a result corrected, a pair added or withdrawn): these are the pairings as the site draws them up now.",
    )
    assert str(first) not in shown(again)["order"].split()
    assert start_shown(client, tournament, again, language).status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_swap_or_pairings_that_make_no_round_are_refused_in_words(client, language):
    tournament = create(client, language, pairs=PAIRS + "\nИво / Йоана")
    proposal = shown(preview(client, tournament, language))
    a, b, c, d, e = ids(tournament)

    same = preview(client, tournament, language, **proposal, first=a, second=a)
    assert same.status_code == 400 and said(same, language, "Choose two different pairs to swap.")
    table = preview(client, tournament, language, **proposal, first=a, second=b)
    assert joined_said(
        table,
        language,
        "%(a)s and %(b)s already play each other at table %(number)s: choose pairs of two different tables.",
        a="Ана & Боби",
        b="Вики & Гого",
        number=1,
    )
    assert shown(table) == proposal  # nothing swapped
    bye = preview(client, tournament, language, **proposal, first=a, second=e)
    assert shown(bye)["order"] == f"{e} {b} {c} {d} {a}"  # the bye is a place like a table's

    url = reverse("calculator:round-start", args=[tournament.keeper_key])
    for order in (
        f"{a} {b} {c} {d}",
        f"{a} {a} {c} {d} {e}",
        f"{a} {b} {c} {d} 99999",
        "x",
        "9" * 40,
        "",
    ):
        posted = client.post(
            url,
            {"number": "1", "order": order, "version": proposal["version"]},
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert posted.status_code == 400, order
        assert said(
            posted,
            language,
            "These are not the pairings of round %(number)s's pairs, and nothing was started. Look at the pairings again.",
            number=1,
        )
    garbage = preview(client, tournament, language, order="1 2 x", version=proposal["version"])
    assert garbage.status_code == 400
    assert not TournamentRound.objects.exists()


@pytest.mark.django_db
def test_a_round_robin_shows_its_pairings_but_swaps_none(client):
    tournament = create(client, format="round_robin")
    response = preview(client, tournament)
    assert response.status_code == 200 and 'name="first"' not in response.content.decode()
    proposal = shown(response)
    a, b, c, d = (int(pair) for pair in proposal["order"].split())
    swapped = preview(client, tournament, **proposal, first=a, second=c)
    assert swapped.status_code == 400
    assert said(
        swapped,
        "bg",
        "A round robin's rounds are drawn up when it starts: its pairings cannot be swapped.",
    )
    url = reverse("calculator:round-start", args=[tournament.keeper_key])
    posted = client.post(
        url, {"number": "1", "order": f"{c} {b} {a} {d}", "version": proposal["version"]}
    )
    assert posted.status_code == 400 and not TournamentRound.objects.exists()
    assert start_shown(client, tournament, response).status_code == 302


@pytest.mark.django_db
def test_the_public_link_can_neither_see_the_preview_nor_start_nor_swap(client):
    tournament = create(client)
    proposal = shown(preview(client, tournament))
    assert preview(client, tournament, key=tournament.view_key).status_code == 404
    swap = preview(client, tournament, key=tournament.view_key, **proposal, first=1, second=3)
    assert swap.status_code == 404
    url = reverse("calculator:round-start", args=[tournament.view_key])
    assert client.post(url, {"number": "1", **proposal}).status_code == 404
    assert not TournamentRound.objects.exists()


@pytest.mark.django_db
def test_hostile_names_are_text_in_the_pairings_and_the_swap_form(client):
    tournament = create(client, pairs=f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого\nДани / Ели")
    page = preview(client, tournament).content.decode()
    assert "<b>" not in page and page.count(escape("<b>%(x)s{0}</b>")) >= 3  # table, 2 selects


@pytest.mark.django_db
def test_while_a_round_is_played_the_preview_says_why_not(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    response = preview(client, tournament, number="2")
    assert response.status_code == 400
    assert said(
        response,
        "bg",
        "Round %(number)s is still being played: a round can be started, and pairs added or withdrawn, once every match of the round before is finished.",
        number=1,
    )
    started = preview(client, tournament, number="1")
    assert started.status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_swap_that_gives_a_pair_its_second_bye_is_said(client, language):
    tournament = create(client, language, pairs=PAIRS + "\nИво / Йоана")
    start_round(client, tournament, 1, language)
    for table in tables(tournament, 1):
        finish(table.match, engine.Team.A)
    proposal = shown(preview(client, tournament, language))
    order = [int(pair) for pair in proposal["order"].split()]
    had_bye = tournament.pairs.get(seed=5)
    assert order[-1] != had_bye.pk  # the site gives the bye to another pair

    response = preview(client, tournament, language, **proposal, first=order[-1], second=had_bye.pk)
    assert shown(response)["order"].split()[-1] == str(had_bye.pk)
    assert said(
        response,
        language,
        "%(pair)s has had a bye already, in round %(number)s.",
        pair=had_bye.name,
        number=1,
    )
    assert start_shown(client, tournament, response, language).status_code == 302
    assert seated(tournament, 2)[1] == had_bye.pk


@pytest.mark.django_db
def test_two_pairs_alone_have_nothing_to_swap_and_the_second_choice_is_another_table(client):
    alone = create(client, pairs="Ана / Боби\nВики / Гого")
    assert 'name="first"' not in preview(client, alone).content.decode()
    four = create(client, name="Купа Бургас")
    page = preview(client, four).content.decode()
    third = four.pairs.get(seed=3)
    second_select = page[page.index('name="second"') :]
    assert f'<option value="{third.pk}" selected>' in second_select
