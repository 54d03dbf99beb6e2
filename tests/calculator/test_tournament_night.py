"""What a tournament night needs besides right standings, as the organizer, the tables and
the wall read it: the paper-result form names the two pairs, the page says how a bye counts in
Buchholz, a table's match page names its tournament, round and table and leads back to the
tournament, the cards name the knock-out's stage and print their link, the pair with the bye
gets a slip, and a knock-out of the top 2 ends with the final classification; in bg, uk and
ru."""

import re

import pytest
from django.utils.html import escape
from django.utils.translation import gettext, ngettext, override, pgettext

from calculator import engine
from calculator.models import Tournament
from calculator.tournaments.forms import GAMES_OF, POINTS_OF
from calculator.tournaments.state import tournament_state

from .test_tournament_hand import enter
from .test_tournament_http import (
    HOSTILE,
    LANGUAGES,
    cards,
    create,
    finish,
    said,
    start_round,
    tables,
)
from .test_tournament_knockout import classification, knockout, play, said_top, swiss

FIVE = "Ана / Боби\nВики / Гого\nДани / Ели\nЖоро / Зори\nИво / Йоана"


def words(language, message, **params) -> str:
    with override(language):
        text = gettext(message)
    return text % params if params else text


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_paper_result_form_names_the_two_pairs(client, language):
    pairs = f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого"
    tournament = create(client, language, pairs=pairs, games_to_win="2")
    start_round(client, tournament, 1, language)
    (table,) = tables(tournament, 1)
    client.cookies.load({"django_language": language})
    keeper = client.get(tournament.get_keeper_url())
    for pair in (table.pair_a, table.pair_b):
        for label in (POINTS_OF, GAMES_OF):
            assert said(keeper, language, label, pair=pair.name), label
    for generic in ("Points of the first pair", "Points of the second pair"):
        assert generic not in keeper.content.decode()
    assert "<b>%(x)s" not in keeper.content.decode()
    # A field left empty is named by its pair too.
    refused = enter(client, tournament, table, (151, ""), games=(2, 0), language=language)
    assert refused.status_code == 400
    assert said(refused, language, POINTS_OF, pair=table.pair_b.name)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_standings_say_how_a_bye_counts_in_buchholz_and_count_it_so(client, language):
    tournament = create(client, language, pairs=FIVE)
    swiss(client, tournament, 2)
    state = tournament_state(Tournament.objects.get(pk=tournament.pk))
    lines = {line.pair: line for line in state.standings()}
    byes = [round_.round.bye_id for round_ in state.rounds]
    client.cookies.load({"django_language": language})
    page = client.get(tournament.get_view_url())
    bye_rule = (
        "A bye counts as a win, %(points)s:0, and in Buchholz as a pair met with as many wins "
        "as the pair itself."
    )
    assert said(page, language, bye_rule, points=151)
    # As the page says: a bye pair's Buchholz is its opponents' wins and its own, once a bye.
    for pair in byes:
        line = lines[pair]
        met = sum(lines[opponent].wins for opponent in line.opponents)
        assert line.buchholz == met + line.wins * line.byes
        assert line.byes == 1 and line.buchholz > met


def match_page(client, match, scorer=True, language="bg"):
    key = match.scorer_key if scorer else match.watch_key
    return client.get(f"/m/{key}/", HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tables_match_page_names_its_tournament_round_and_table_and_leads_back(client, language):
    tournament = create(client, language, pairs=FIVE)
    swiss(client, tournament, 1)
    start_round(client, tournament, 2, language)
    table = tables(tournament, 2)[1]
    client.cookies.load({"django_language": language})
    public = escape(tournament.get_view_url())
    for scorer in (True, False):
        page = match_page(client, table.match, scorer, language)
        html = page.content.decode()
        place = re.search(r'<p class="tournament-place">(.*?)</p>', html, re.S).group(1)
        assert f'<a href="{public}">{escape(tournament.name)}</a>' in place
        assert words(language, "Round %(number)s", number=2) in place
        assert words(language, "Table %(number)s", number=2) in place
        assert tournament.keeper_key not in html
    # Once it is over, the scorer is led back to the tournament, not to a new match's form.
    finish(table.match, engine.Team.A)
    page = match_page(client, table.match, True, language).content.decode()
    back = words(language, "Back to the tournament")
    assert f'<a href="{public}">{escape(back)}</a>' in page
    assert f'href="/{language}/">{escape(words(language, "New match"))}<' not in page


@pytest.mark.django_db
def test_an_ordinary_match_page_says_nothing_of_a_tournament(client, match):
    page = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert "tournament-place" not in page and "/tn/" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cards_print_their_link_and_the_pair_with_the_bye_gets_a_slip(client, language):
    tournament = create(client, language, pairs=FIVE)
    start_round(client, tournament, 1, language)
    round_ = tournament.rounds.get()
    printed = cards(client, tournament, language=language)
    page = printed.content.decode()
    links = re.findall(r'<span class="link-text">([^<]+)</span>', page)
    assert links == [f"testserver{t.match.get_scorer_url()}" for t in tables(tournament, 1)]
    assert said(printed, language, "No camera? Type this address:")
    slip = re.search(r'<section class="table-card bye-card".*?</section>', page, re.S).group(0)
    assert escape(round_.bye.name) in slip
    assert words(language, "Bye") in slip and "<svg" not in slip
    assert escape(words(language, "Round %(number)s", number=1)) in slip


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_knockouts_cards_and_match_pages_name_its_stage_not_its_round(client, language):
    tournament = create(client, language, pairs=FIVE)
    swiss(client, tournament, 2)
    assert knockout(client, tournament, 4, language).status_code == 302
    client.cookies.load({"django_language": language})
    semi = words(language, "Semi-final")
    printed = cards(client, tournament, language=language)
    assert printed.content.decode().count(escape(semi)) == 2
    assert not said(printed, language, "Round %(number)s", number=3)
    page = match_page(client, tables(tournament, 3)[0].match, language=language).content
    assert escape(semi) in page.decode()
    play(client, tournament, 3)
    start_round(client, tournament, 4, language)
    printed = cards(client, tournament, language=language).content.decode()
    for stage in ("Final", "Match for third place"):
        assert printed.count(escape(words(language, stage))) == 1
    # While the final is played, the organizer's page offers no round after it.
    keeper = client.get(tournament.get_keeper_url())
    ends = "The tournament ends, with its final classification, once every table has finished its match."
    assert said(keeper, language, ends)
    assert not said(
        keeper, language, "The next round can be started once every table has finished its match."
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knockout_of_the_top_2_is_a_final_that_ends_with_the_classification(client, language):
    tournament = create(client, language, pairs=FIVE)
    swiss(client, tournament, 2)
    client.cookies.load({"django_language": language})
    keeper = client.get(tournament.get_keeper_url())
    assert said_top(keeper, language, 2) and said_top(keeper, language, 4)
    ranking = [line.pair for line in tournament_state(tournament).standings()]
    assert knockout(client, tournament, 2, language).status_code == 302
    (final,) = tables(tournament, 3)
    assert (final.pair_a_id, final.pair_b_id) == (ranking[0], ranking[1])
    printed = cards(client, tournament, language=language).content.decode()
    assert escape(words(language, "Final")) in printed
    public = client.get(tournament.get_view_url())
    assert not said(public, language, "Final classification")
    enter(client, tournament, final, (90, 151), language=language)  # the second seed wins
    names = {pair.pk: pair.name for pair in tournament.pairs.all()}
    expected = [names[ranking[1]], names[ranking[0]], *(names[pair] for pair in ranking[2:])]
    for url in (tournament.get_view_url(), tournament.get_keeper_url()):
        page = client.get(url)
        assert said(page, language, "Final classification")
        assert said(
            page, language, "1st and 2nd: the final; then the standings after the Swiss rounds."
        )
        assert classification(page) == expected
    assert start_round(client, tournament, 4, language).status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_knockouts_names_read_in_every_language(language):
    """Every stage's name, for a round and for one match, is the language's own."""
    with override(language):
        names = [gettext(name) for name in ("Quarter-final", "Semi-final", "Final")]
        names += [gettext("Match for third place"), gettext("Final classification")]
        names.append(pgettext("one match of the knock-out", "Round of 16"))
        plural = ngettext(
            "%(rounds)s Swiss round, then the knock-out",
            "%(rounds)s Swiss rounds, then the knock-out",
            5,
        )
    assert not any(re.search("[A-Za-z]{3}", name) for name in names), names
    assert "%(rounds)s" in plural and not re.search("[A-Za-z]{3}", plural.replace("%(rounds)s", ""))
