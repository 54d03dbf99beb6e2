"""The knock-out stage's first round shown before it starts: "Start the knock-out
stage" opens its bracket, nothing stored; "Start" on that page starts exactly the ties shown,
a second tap finds it started, and a page made before the tournament changed starts nothing
and shows the bracket as it is now. Every word in bg, uk and ru."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import ngettext, override

from calculator.models import Tournament, TournamentRound
from calculator.pairing import bracket_seeds
from calculator.tournaments.services import (
    KNOCKOUT_SIZE,
    KNOCKOUT_STALE,
    KNOCKOUT_STARTED,
    KNOCKOUT_SWISS_ONLY,
    KNOCKOUT_TOO_BIG,
)
from calculator.tournaments.state import tournament_state

from .test_tournament_hand import enter, refused
from .test_tournament_http import HOSTILE, LANGUAGES, create, said, start_round, tables
from .test_tournament_knockout import EIGHT, play, seeds_of, swiss

HOSTILE_EIGHT = "\n".join([f"{HOSTILE[0]} / {HOSTILE[1]}", *EIGHT.splitlines()[1:]])


def bracket(client, tournament, size, language="bg", key=None):
    url = reverse("calculator:knockout-preview", args=[key or tournament.keeper_key])
    return client.get(url, {"size": str(size)}, HTTP_ACCEPT_LANGUAGE=language)


def start_shown(client, tournament, response, language="bg"):
    """Tap "Start the knock-out stage" on the bracket ``response`` shows."""
    page = response.content.decode()
    form = page[
        page.index('action="' + reverse("calculator:knockout", args=[tournament.keeper_key])) :
    ]
    size = re.search(r'name="size" value="(\d+)"', form).group(1)
    version = re.search(r'name="version" value="([\w-]+)"', form).group(1)
    url = reverse("calculator:knockout", args=[tournament.keeper_key])
    data = {"size": size, "version": version}
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)


def ties_shown(response) -> list[str]:
    page = response.content.decode()
    body = page[page.index('class="round-tables round-pairings knockout-ties"') :]
    body = body[: body.index("</table>")]
    return re.findall(r'<td class="num">\d+</td><td>(.*?)</td>', body)


def top(language, size) -> str:
    with override(language):
        text = ngettext("Knock-out: top %(size)s pair", "Knock-out: top %(size)s pairs", size)
    return text % {"size": size}


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_knockout_shows_its_bracket_first_and_starts_exactly_it(client, language):
    tournament = create(client, language, pairs=HOSTILE_EIGHT)
    client.cookies.load({"django_language": language})
    swiss(client, tournament, 2)
    keeper = client.get(tournament.get_keeper_url()).content.decode()
    assert (
        'action="' + reverse("calculator:knockout-preview", args=[tournament.keeper_key]) in keeper
    )

    response = bracket(client, tournament, 8, language)
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-store"
    assert top(language, 8) in response.content.decode()
    assert said(response, language, "Quarter-finals")
    assert said(response, language, "Round %(number)s", number=3)
    assert said(
        response,
        language,
        "Nothing has started yet: check the bracket, then start the knock-out stage.",
    )
    assert not said(response, language, "Round %(number)s: the pairings", number=3)
    assert not TournamentRound.objects.filter(tournament=tournament, number=3).exists()
    # each tie's two pairs with their places, as the bracket seeds them, names kept as text
    state = tournament_state(tournament)
    ranking = state.knockout_ranking()
    seeds = bracket_seeds(8)
    expected = [
        f"{a}. {escape(state.by_id[ranking[a - 1]].name)} – {b}. {escape(state.by_id[ranking[b - 1]].name)}"
        for a, b in zip(seeds[0::2], seeds[1::2], strict=True)
    ]
    assert ties_shown(response) == expected
    assert "<b>%(x)s" not in response.content.decode()

    started = start_shown(client, tournament, response, language)
    assert started.status_code == 302
    shown_pairs = [
        (ranking[a - 1], ranking[b - 1]) for a, b in zip(seeds[0::2], seeds[1::2], strict=True)
    ]
    assert seeds_of(tournament, 3) == shown_pairs
    message = ngettext(
        "The knock-out stage of the top %(size)s pair has started.",
        "The knock-out stage of the top %(size)s pairs has started.",
        8,
    )
    assert said(client.get(started["Location"]), language, message, size=8)
    # a second tap of the same page finds it started, and says so
    again = start_shown(client, tournament, response, language)
    assert again.status_code == 302
    assert said(client.get(again["Location"]), language, KNOCKOUT_STARTED)
    assert TournamentRound.objects.filter(tournament=tournament).count() == 3
    # and its bracket, once asked again, leads to the organizer's page
    late = bracket(client, tournament, 8, language)
    assert late.status_code == 302 and said(
        client.get(late["Location"]), language, KNOCKOUT_STARTED
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bracket_shown_before_the_tournament_changed_starts_nothing(client, language):
    tournament = create(client, language, pairs=EIGHT)
    swiss(client, tournament, 1)
    stale = bracket(client, tournament, 4, language)
    before = ties_shown(stale)
    # the organizer corrects a table's result on another phone: the standings change
    first = next(t for t in tables(tournament, 1) if t.number == 1)
    assert enter(client, tournament, first, (20, 151)).status_code == 302
    response = start_shown(client, tournament, stale, language)
    assert refused(response, language, KNOCKOUT_STALE)
    assert not Tournament.objects.get(pk=tournament.pk).knockout_from
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1
    # the page that came back is the bracket as it is now, and starts
    now = ties_shown(response)
    assert now != before and now == ties_shown(bracket(client, tournament, 4, language))
    assert start_shown(client, tournament, response, language).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).knockout_size == 4


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bracket_that_cannot_be_is_refused_in_words(client, language):
    robin = create(client, language, format="round_robin", pairs=EIGHT)
    swiss(client, robin, 1)
    assert refused(bracket(client, robin, 4, language), language, KNOCKOUT_SWISS_ONLY)
    tournament = create(client, language, pairs=EIGHT)
    swiss(client, tournament, 1)
    response = bracket(client, tournament, 16, language)
    assert refused(response, language, KNOCKOUT_TOO_BIG, size=16, count=8)
    for size in ("3", "", "x", "9" * 12):
        assert refused(bracket(client, tournament, size, language), language, KNOCKOUT_SIZE)
    assert bracket(client, tournament, 4, key=tournament.view_key).status_code == 404
    assert not TournamentRound.objects.filter(tournament=tournament, number=2).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_later_knockout_round_is_shown_as_the_brackets_not_as_pairings(client, language):
    from .test_tournament_swap import preview

    tournament = create(client, language, pairs=EIGHT)
    swiss(client, tournament, 1)
    assert start_shown(client, tournament, bracket(client, tournament, 4)).status_code == 302
    play(client, tournament, 2)
    page = preview(client, Tournament.objects.get(pk=tournament.pk), language)
    assert page.status_code == 200
    assert said(page, language, "Final")
    assert said(page, language, "Nothing has started yet: check the bracket, then start the round.")
    assert not said(page, language, "Round %(number)s: the pairings", number=3)
    assert start_round(client, tournament, 3).status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_later_knockout_round_shown_before_a_result_was_corrected_starts_nothing(
    client, language
):
    from calculator.tournaments.services import ROUND_STALE, ROUND_STALE_KNOCKOUT

    from .test_tournament_swap import preview, shown
    from .test_tournament_swap import start_shown as start_round_shown

    tournament = create(client, language, pairs=EIGHT)
    swiss(client, tournament, 1)
    assert start_shown(client, tournament, bracket(client, tournament, 4)).status_code == 302
    play(client, tournament, 2)  # each semi-final by hand
    fresh = Tournament.objects.get(pk=tournament.pk)
    stale = preview(client, fresh, language)
    first = next(t for t in tables(tournament, 2) if t.number == 1)
    assert enter(client, tournament, first, (20, 151)).status_code == 302  # corrected
    response = start_round_shown(client, fresh, stale, language)
    assert refused(response, language, ROUND_STALE_KNOCKOUT, number=3)
    assert not said(response, language, ROUND_STALE, number=3)  # a Swiss round's words
    assert not TournamentRound.objects.filter(tournament=tournament, number=3).exists()
    again = preview(client, fresh, language)
    assert shown(again)["order"] != shown(stale)["order"]
    assert start_round_shown(client, fresh, again, language).status_code == 302
    final, third = tables(tournament, 3)  # the final, and the match for third place
    assert first.pair_b_id in (final.pair_a_id, final.pair_b_id)
    assert first.pair_a_id in (third.pair_a_id, third.pair_b_id)
