"""The organizer's page says what its controls do: the button that takes back a
withdrawal reads as an action, the knock-out's sizes take the language's plural forms, and the
help of a best of 3's hand result says one thing, in bg, uk and ru."""

import pytest
from django.urls import reverse
from django.utils.translation import ngettext, override

from calculator.models import TournamentPair

from .test_tournament_hand import enter
from .test_tournament_http import HOSTILE, LANGUAGES, create, said, start_round, tables
from .test_tournament_knockout import EIGHT, said_top, swiss

ONE_GAME = "Each side's points; the side with more points wins the match."
BEST_OF_3 = (
    "Each side's points (its games' totals added up) and the games each side won: the side "
    "that won 2 games wins the match, whatever the points."
)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_best_of_3s_hand_result_is_explained_by_the_games_alone(client, language):
    client.cookies.load({"django_language": language})
    for games_to_win, said_now, not_said in (
        ("1", ONE_GAME, BEST_OF_3),
        ("2", BEST_OF_3, ONE_GAME),
    ):
        tournament = create(client, language, games_to_win=games_to_win)
        start_round(client, tournament, 1)
        keeper = client.get(tournament.get_keeper_url())
        assert said(keeper, language, said_now) and not said(keeper, language, not_said)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_withdrawn_pair_is_brought_back_by_a_button_that_says_so(client, language):
    pairs = f"{HOSTILE[0]} / {HOSTILE[1]}\nВики / Гого\nДани / Ели"
    tournament = create(client, language, pairs=pairs)
    client.cookies.load({"django_language": language})
    start_round(client, tournament, 1)
    (table,) = tables(tournament, 1)
    assert enter(client, tournament, table, (151, 20)).status_code == 302
    pair = TournamentPair.objects.get(pk=table.pair_a_id)
    url = reverse("calculator:tournament-withdraw", args=[tournament.keeper_key, pair.pk])
    assert client.post(url).status_code == 302
    keeper = client.get(tournament.get_keeper_url())
    assert said(keeper, language, "Bring back")
    back = reverse("calculator:tournament-return", args=[tournament.keeper_key, pair.pk])
    assert f'action="{back}"' in keeper.content.decode()
    assert client.post(back).status_code == 302
    assert TournamentPair.objects.get(pk=pair.pk).withdrawn_from is None


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_knockouts_sizes_take_the_languages_plural_forms(client, language):
    tournament = create(client, language, pairs=EIGHT)
    client.cookies.load({"django_language": language})
    swiss(client, tournament, 1)
    keeper = client.get(tournament.get_keeper_url())
    assert said_top(keeper, language, 4) and said_top(keeper, language, 8)
    with override(language):
        four, eight = (
            ngettext("Knock-out: top %(size)s pair", "Knock-out: top %(size)s pairs", n)
            for n in (4, 8)
        )
    if language in ("uk", "ru"):  # 4 takes the "few" form, 8 the "many"
        assert four.replace("%(size)s", "") != eight.replace("%(size)s", "")
