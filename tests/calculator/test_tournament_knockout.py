"""The knock-out stage after the Swiss rounds: the top 4, 8 or 16 of the standings
in the bracket, each tie a match with its table card, the winners going on to the final; every
refusal in words in bg, uk and ru."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, ngettext, override

from calculator.models import Tournament, TournamentRound
from calculator.pairing import bracket_seeds
from calculator.tournaments.services import (
    KNOCKOUT_FIXED,
    KNOCKOUT_NO_ROUNDS,
    KNOCKOUT_OVER,
    KNOCKOUT_SIZE,
    KNOCKOUT_STARTED,
    KNOCKOUT_SWISS_ONLY,
    KNOCKOUT_TOO_BIG,
    ROUND_OPEN,
)
from calculator.tournaments.state import tournament_state

from .test_tournament_hand import enter, refused
from .test_tournament_http import HOSTILE, LANGUAGES, cards, create, said, start_round, tables

EIGHT = "\n".join(f"Играч{n} / Партньор{n}" for n in range(1, 9))


def said_top(response, language, size) -> bool:
    """Whether the page names the knock-out of the top ``size`` (a plural of the language's)."""
    with override(language):
        text = ngettext("Knock-out: top %(size)s pair", "Knock-out: top %(size)s pairs", size)
    return text % {"size": size} in response.content.decode()


def knockout(client, tournament, size, language="bg", key=None):
    url = reverse("calculator:knockout", args=[key or tournament.keeper_key])
    return client.post(url, {"size": str(size)}, HTTP_ACCEPT_LANGUAGE=language)


def play(client, tournament, number, first_wins=lambda table: table.number % 2 == 1):
    """Round ``number`` played, each table's result entered by hand (the points differ from
    table to table, so the standings' tie-breaks have something to order by)."""
    for table in tables(tournament, number):
        points = (151 + table.number, 40) if first_wins(table) else (30 + table.number, 151)
        response = enter(client, tournament, table, points)
        assert response.status_code == 302, response.content.decode()[:2000]


def swiss(client, tournament, rounds):
    for number in range(1, rounds + 1):
        assert start_round(client, tournament, number).status_code == 302
        play(client, tournament, number)


def classification(response) -> list[str]:
    """The pairs of the final classification, as the page lists them, first to last."""
    page = response.content.decode()
    listing = re.search(r'<ol class="classification-list">(.*?)</ol>', page, re.S)
    return [unescape(name) for name in re.findall(r"<li[^>]*>(.*?)</li>", listing.group(1))]


def seeds_of(tournament, number):
    return [(t.pair_a_id, t.pair_b_id) for t in tables(tournament, number)]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knockout_of_the_top_4_is_seeded_by_the_standings_and_ends_with_a_winner(
    client, language
):
    tournament = create(client, language, pairs=EIGHT)
    client.cookies.load({"django_language": language})
    swiss(client, tournament, 2)
    keeper = client.get(tournament.get_keeper_url())
    for size in (4, 8):
        assert said_top(keeper, language, size)
    assert not said_top(keeper, language, 16)  # 8 pairs only
    before = tournament_state(tournament).standings()
    ranking = [line.pair for line in before]

    assert knockout(client, tournament, 4, language).status_code == 302
    semis = seeds_of(tournament, 3)
    assert semis == [(ranking[0], ranking[3]), (ranking[1], ranking[2])]  # 1 v 4, 2 v 3
    assert bracket_seeds(4) == (1, 4, 2, 3)
    printed = cards(client, tournament)
    page = printed.content.decode()
    assert page.count('class="table-card"') == 2 and page.count("<svg") == 2  # a QR code each
    assert said(printed, language, "Semi-final")  # each card its stage, not "Round 3"
    assert not said(printed, language, "Round %(number)s", number=3)
    keeper = client.get(tournament.get_keeper_url()).content.decode()
    for table in tables(tournament, 3):  # each tie a match with its scorer's link
        assert escape(table.pair_a.name) in page and table.match.get_scorer_url() in keeper
    public = client.get(tournament.get_view_url())
    assert said(public, language, "Semi-finals")
    assert said(public, language, "Standings after the Swiss rounds")

    # the seeds 4 and 3 win their semi-finals: they meet in the final, 1 and 2 for third place
    play(client, tournament, 3, first_wins=lambda table: False)
    assert start_round(client, tournament, 4, language).status_code == 302
    assert seeds_of(tournament, 4) == [(ranking[3], ranking[2]), (ranking[0], ranking[1])]
    printed = cards(client, tournament).content.decode()
    for stage in ("Final", "Match for third place"):
        with override(language):
            assert escape(gettext(stage)) in printed
    play(client, tournament, 4, first_wins=lambda table: True)
    champion = tournament.pairs.get(pk=ranking[3])
    names = {pair.pk: pair.name for pair in tournament.pairs.all()}
    places = [ranking[3], ranking[2], ranking[0], ranking[1], *ranking[4:]]
    for url in (tournament.get_view_url(), tournament.get_keeper_url()):
        page = client.get(url)
        assert said(page, language, "Final") and said(page, language, "Match for third place")
        assert said(page, language, "Winner of the tournament: %(pair)s", pair=champion.name)
        assert said(page, language, "Final classification")
        assert classification(page) == [names[pair] for pair in places]
    assert said(keeper := client.get(tournament.get_keeper_url()), language, KNOCKOUT_OVER)
    assert 'name="number" value="5"' not in keeper.content.decode()
    response = start_round(client, tournament, 5, language)
    assert refused(response, language, KNOCKOUT_OVER)
    assert TournamentRound.objects.filter(tournament=tournament).count() == 4
    # the knock-out's matches decide who goes on, not the standings
    assert tournament_state(Tournament.objects.get(pk=tournament.pk)).standings() == before
    sheet = client.get(reverse("calculator:tournament-sheet", args=[tournament.view_key]))
    assert said(sheet, language, "Winner of the tournament: %(pair)s", pair=champion.name)
    assert said(sheet, language, "Semi-finals")
    assert classification(sheet) == [names[pair] for pair in places]
    # the printed standings say that they are those after the Swiss rounds
    assert said(sheet, language, "Standings after the Swiss rounds")
    with override(language):
        swiss_rounds = ngettext(
            "%(rounds)s Swiss round, then the knock-out",
            "%(rounds)s Swiss rounds, then the knock-out",
            2,
        ) % {"rounds": 2}
    assert swiss_rounds in sheet.content.decode()


@pytest.mark.django_db
def test_a_knockout_of_the_top_8_follows_the_bracket_to_the_final(client):
    tournament = create(client, pairs=EIGHT + "\nИво / Йоана")  # nine: a bye each round
    swiss(client, tournament, 3)
    ranking = [line.pair for line in tournament_state(tournament).standings()]
    assert knockout(client, tournament, 8).status_code == 302
    quarter = seeds_of(tournament, 4)
    order = [ranking[seed - 1] for seed in (1, 8, 4, 5, 2, 7, 3, 6)]
    assert quarter == list(zip(order[::2], order[1::2], strict=True))
    assert TournamentRound.objects.get(tournament=tournament, number=4).bye is None
    assert ranking[8] not in {pair for table in quarter for pair in table}  # the ninth is out
    play(client, tournament, 4)  # tables 1 and 3 to the first pair, 2 and 4 to the second
    start_round(client, tournament, 5)
    assert seeds_of(tournament, 5) == [(order[0], order[3]), (order[4], order[7])]
    page = client.get(tournament.get_view_url()).content.decode()
    assert page.index("Четвъртфинали") < page.index("Полуфинали")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knockout_is_refused_in_words_while_a_round_is_played_too_big_or_twice(client, language):
    tournament = create(client, language, pairs=EIGHT)
    assert refused(knockout(client, tournament, 4, language), language, KNOCKOUT_NO_ROUNDS)
    start_round(client, tournament, 1)
    assert refused(knockout(client, tournament, 4, language), language, ROUND_OPEN, number=1)
    play(client, tournament, 1)
    response = knockout(client, tournament, 16, language)
    assert refused(response, language, KNOCKOUT_TOO_BIG, size=16, count=8)
    for size in (3, 32, "", "x"):
        assert refused(knockout(client, tournament, size, language), language, KNOCKOUT_SIZE)
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1
    assert Tournament.objects.get(pk=tournament.pk).knockout_from is None

    assert knockout(client, tournament, 8, language).status_code == 302
    again = knockout(client, tournament, 4, language)  # a second tap, or a second phone
    assert again.status_code == 302
    assert said(client.get(again["Location"]), language, KNOCKOUT_STARTED)
    assert TournamentRound.objects.filter(tournament=tournament).count() == 2
    assert Tournament.objects.get(pk=tournament.pk).knockout_size == 8
    # the pairs are fixed from now on
    play(client, tournament, 2)
    url = reverse("calculator:tournament-pairs", args=[tournament.keeper_key])
    response = client.post(url, {"pairs": "Я / Ю"}, HTTP_ACCEPT_LANGUAGE=language)
    assert refused(response, language, KNOCKOUT_FIXED)
    pair = tournament.pairs.first()
    url = reverse("calculator:tournament-withdraw", args=[tournament.keeper_key, pair.pk])
    assert refused(client.post(url, HTTP_ACCEPT_LANGUAGE=language), language, KNOCKOUT_FIXED)
    assert tournament.pairs.filter(withdrawn_from=None).count() == 8


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_round_robin_has_no_knockout(client, language):
    tournament = create(client, language, format="round_robin", pairs=EIGHT)
    swiss(client, tournament, 1)
    assert 'action="' + reverse("calculator:knockout", args=[tournament.keeper_key]) not in (
        client.get(tournament.get_keeper_url()).content.decode()
    )
    assert refused(knockout(client, tournament, 4, language), language, KNOCKOUT_SWISS_ONLY)


@pytest.mark.django_db
def test_a_withdrawn_pair_is_left_out_of_the_knockout(client):
    tournament = create(client, pairs="\n".join(EIGHT.splitlines()[:5]))
    swiss(client, tournament, 1)
    best = tournament_state(tournament).standings()[0].pair
    url = reverse("calculator:tournament-withdraw", args=[tournament.keeper_key, best])
    assert client.post(url).status_code == 302
    keeper = client.get(tournament.get_keeper_url())
    assert said_top(keeper, "bg", 4)
    assert not said_top(keeper, "bg", 8)
    assert knockout(client, tournament, 4).status_code == 302
    playing = {pair for table in seeds_of(tournament, 2) for pair in table}
    assert best not in playing and len(playing) == 4


@pytest.mark.django_db
def test_the_public_link_starts_no_knockout(client):
    tournament = create(client)
    swiss(client, tournament, 1)
    assert knockout(client, tournament, 4, key=tournament.view_key).status_code == 404
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1
    assert Tournament.objects.get(pk=tournament.pk).knockout_from is None


@pytest.mark.django_db
def test_hostile_names_stay_text_in_the_bracket(client):
    pairs = f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого\nДани / Ели\nЖоро / Зори"
    tournament = create(client, pairs=pairs)
    swiss(client, tournament, 1)
    knockout(client, tournament, 4)
    play(client, tournament, 2)
    start_round(client, tournament, 3)
    play(client, tournament, 3)
    for url in (tournament.get_view_url(), tournament.get_keeper_url()):
        page = client.get(url).content.decode()
        assert "<b>%(x)s" not in page and "П" * 40 in page
        assert "Победител в турнира" in page


@pytest.mark.django_db
def test_the_organizers_page_offers_no_pair_changes_once_the_knockout_started(client):
    tournament = create(client, pairs=EIGHT)
    swiss(client, tournament, 1)
    withdraw = '/withdraw/"'
    add = reverse("calculator:tournament-pairs", args=[tournament.keeper_key]) + '"'
    page = client.get(tournament.get_keeper_url()).content.decode()
    assert withdraw in page and add in page
    knockout(client, tournament, 4)
    # While the knock-out's first round is played too: no "between rounds" (a tester's night).
    keeper = client.get(tournament.get_keeper_url())
    assert said(keeper, "bg", KNOCKOUT_FIXED)
    assert not said(keeper, "bg", "Pairs can be added or withdrawn between rounds.")
    play(client, tournament, 2)
    keeper = client.get(tournament.get_keeper_url())
    page = keeper.content.decode()
    assert withdraw not in page and add not in page
    assert said(keeper, "bg", KNOCKOUT_FIXED)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knockout_round_is_shown_first_and_cannot_be_swapped(client, language):
    from calculator.tournaments.swap import SWAP_KNOCKOUT

    from .test_tournament_swap import preview, shown, start_shown

    tournament = create(client, language, pairs=EIGHT)
    swiss(client, tournament, 1)
    knockout(client, tournament, 8)
    play(client, tournament, 2)  # tables 1 and 3 to their first pair, 2 and 4 to the second
    fresh = Tournament.objects.get(pk=tournament.pk)
    winners = [t.pair_a_id if t.number % 2 else t.pair_b_id for t in tables(tournament, 2)]
    page = preview(client, fresh, language)
    assert page.status_code == 200 and said(page, language, SWAP_KNOCKOUT)
    assert "swap-form" not in page.content.decode()
    assert shown(page)["order"] == " ".join(map(str, winners))
    swap = preview(client, fresh, language, **shown(page), first=winners[0], second=winners[2])
    assert refused(swap, language, SWAP_KNOCKOUT)
    url = reverse("calculator:round-start", args=[tournament.keeper_key])
    order = " ".join(map(str, [winners[0], winners[2], winners[1], winners[3]]))
    data = {"number": "3", "order": order, "version": shown(page)["version"]}
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)
    assert refused(response, language, SWAP_KNOCKOUT)
    assert not TournamentRound.objects.filter(tournament=tournament, number=3).exists()
    assert start_shown(client, fresh, page, language).status_code == 302
    assert seeds_of(tournament, 3) == [(winners[0], winners[1]), (winners[2], winners[3])]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knockout_rounds_tables_are_headed_by_its_stage_on_every_page(client, language):
    """The wall, the list of tables to pin up and the organizer's page name the stage being
    played ("Финал (кръг 3): масите"), as the round's own page does; a Swiss round by its number."""
    tournament = create(client, language, pairs=EIGHT)
    swiss(client, tournament, 1)
    pages = [
        tournament.get_view_url(),
        reverse("calculator:tournament-tables", args=[tournament.view_key]),
        tournament.get_keeper_url(),
    ]

    def headings():
        found = []
        for url in pages:
            page = unescape(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
            found += re.findall(r'<h2 id="(?:round|tables)-title">(.*?)</h2>', page, re.S)
        return [" ".join(heading.split()) for heading in found]

    with override(language):
        swiss_heading = gettext("Round %(number)s: the tables") % {"number": 1}
        stage_heading = gettext("%(stage)s (round %(number)s): the tables")
        semi = stage_heading % {"stage": gettext("Semi-finals"), "number": 2}
        final = stage_heading % {"stage": gettext("Final"), "number": 3}
    assert headings() == [swiss_heading] * 3
    assert knockout(client, tournament, 4, language).status_code == 302
    assert headings() == [semi] * 3
    play(client, tournament, 2)
    assert start_round(client, tournament, 3, language).status_code == 302
    assert headings() == [final] * 3
    assert final.startswith(
        {"bg": "Финал (кръг 3)", "uk": "Фінал (тур 3)", "ru": "Финал (тур 3)"}[language]
    )
