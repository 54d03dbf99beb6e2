"""The scorer's screens as the table uses them, without a browser: undo, the recorded
result on the correction page, what a correction changes further on, one number per deal, the
players' names in the first-dealer choice, a watch page that needs no script."""

import re

import pytest

from calculator.models import Deal, Match
from tests.calculator.conftest import (
    all_passed,
    create_match,
    current_version,
    deal_fields,
    delete_deal,
    record_deal,
    saved_from,
)

pytestmark = pytest.mark.django_db


def page(client, match) -> str:
    return client.get(f"/m/{match.scorer_key}/").content.decode()


def undo(client, match):
    html = page(client, match)
    version = re.search(r'action="/m/[\w-]+/undo/"[^>]*>.*?name="version" value="(\d+)"', html)
    assert version, "no undo on the page"
    return client.post(f"/m/{match.scorer_key}/undo/", {"version": version[1]}, follow=True)


def test_a_deleted_deal_can_be_brought_back_with_one_tap(client, match):
    record_deal(client, match, 1, card_points=87)
    record_deal(client, match, 2, card_points=100, quartes_a=1)
    before = list(Deal.objects.order_by("number").values_list("data", flat=True))
    assert delete_deal(client, match, 2).status_code == 302
    assert "Игра 1, раздаване 2\xa0— изтрито." in page(client, match)

    response = undo(client, match)

    assert list(Deal.objects.order_by("number").values_list("data", flat=True)) == before
    html = response.content.decode()
    assert "Игра 1, раздаване 2\xa0— възстановено." in html
    assert "/undo/" not in html  # an undo is not undone in turn


def test_all_passed_can_be_taken_back(client, match):
    record_deal(client, match, 1, card_points=87)
    all_passed(client, match, 2)
    assert "Записано „всички пас“ (Игра 1, раздаване 2)." in page(client, match)

    response = undo(client, match)

    assert list(Deal.objects.values_list("number", flat=True)) == [1]
    assert "„Всички пас“ е отменено. Игра 1, раздаване 2 още предстои." in response.content.decode()
    assert "Раздава: <strong>Играч 2</strong>" in page(client, match)


def test_an_undo_after_another_write_changes_nothing(client, match):
    all_passed(client, match, 1)
    stale = Match.objects.get(pk=match.pk).version
    all_passed(client, match, 2)
    response = client.post(f"/m/{match.scorer_key}/undo/", {"version": stale}, follow=True)
    assert Deal.objects.count() == 2
    assert "променен от друг телефон" in response.content.decode()


def test_only_the_last_delete_or_all_passed_is_offered_and_only_to_the_scorer(client, match):
    record_deal(client, match, 1, card_points=87)
    assert "/undo/" not in page(client, match)  # a deal entered is corrected, not undone
    all_passed(client, match, 2)
    assert "/undo/" in page(client, match)
    assert "/undo/" not in client.get(f"/m/{match.watch_key}/").content.decode()
    record_deal(client, match, 3, card_points=90)
    assert "/undo/" not in page(client, match)
    watcher_undo = client.post(f"/m/{match.watch_key}/undo/", {"version": 99})
    assert watcher_undo.status_code == 404


def test_the_correction_page_opens_on_the_deal_as_recorded_now(client, match):
    record_deal(client, match, 1, card_points=87)
    record_deal(client, match, 2, result="inside", card_points="", bidders="B")
    html = client.get(f"/m/{match.scorer_key}/deal/2/").content.decode()
    assert '<h1 class="deal-title">Поправка на раздаване</h1>' in html
    assert '<p class="meta deal-meta">Игра 1, раздаване 2.' in html
    assert '<td class="num">+16</td><td class="num">+0</td>' in html  # inside: all to Ние
    assert 'class="error"' not in html


@pytest.fixture
def short_game(client):
    """Target 20, Ние bid hearts each time: 150 (15 : 1), 100 (10 : 6, game 1 over at 25 : 7),
    then 87 (game 2, deal 1: 9 : 7)."""
    match = create_match(client, target="20")
    for number, points in enumerate((150, 100, 87), start=1):
        record_deal(client, match, number, card_points=points)
    return match


def correction_preview(client, match, number, **fields) -> str:
    url = f"/m/{match.scorer_key}/deal/{number}/"
    data = deal_fields(number, version=current_version(match), **fields)
    return client.post(url, {**data, "action": "preview"}).content.decode()


def test_a_correction_says_which_deals_move_to_another_game(client, short_game):
    # 82 instead of 150: 8 : 8, so nobody reaches 20 until the third deal (27 : 21).
    html = correction_preview(client, short_game, 1, card_points=82)
    assert "Какво още променя поправката" in html
    assert "Игра 2, раздаване 1 тогава става игра 1, раздаване 3." in html
    assert (
        "След последното раздаване резултатът става 27:21 в игра 1 (сега е 9:7 в игра 2)." in html
    )
    assert "печели" not in html.split("Какво още променя")[1].split("</ul>")[0]  # same winner


def test_a_correction_says_when_a_game_changes_winner(client, short_game):
    # 60 instead of 150: Ние are inside (0 : 16), and Вие reach 22 after the second deal.
    html = correction_preview(client, short_game, 1, card_points=60)
    assert "Тогава игра 1 печели отбор „Вие“, а не „Ние“." in html


def test_a_correction_that_changes_nothing_further_says_nothing_more(client, short_game):
    html = correction_preview(client, short_game, 3, card_points=90)
    assert "Какво още променя поправката" not in html
    assert '<p class="meta deal-meta">Игра 2, раздаване 1.' in html


def test_the_first_dealer_choice_names_the_players_typed(client):
    response = client.post(
        "/bg/match/new/",
        {"team_a": "", "team_b": "Вие", "player_1": "Мария", "player_3": "  Иван  Петров ",
         "first_dealer": "0", "target": "151", "declaration_comparison": "separate",
         "contra_tie": "all_hang"},
    )  # fmt: skip
    html = response.content.decode()
    assert response.status_code == 400  # team 1 has no name
    labels = re.findall(
        r'name="first_dealer"[^>]*data-seat-default="([^"]+)"[^>]*><span>([^<]+)', html
    )
    labels = labels or re.findall(
        r'data-seat-default="([^"]+)"[^>]*name="first_dealer"[^>]*><span>([^<]+)', html
    )
    assert [shown for _default, shown in labels] == ["Мария", "Играч 2", "Иван Петров", "Играч 4"]
    assert [default for default, _shown in labels] == ["Играч 1", "Играч 2", "Играч 3", "Играч 4"]


def test_the_watch_page_reloads_itself_without_a_script_and_says_so(client, match):
    html = client.get(f"/m/{match.watch_key}/").content.decode()
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in html
    reloads = "Следите този мач. Страницата се презарежда сама на всеки 30 секунди."
    assert f'<span class="script-hides">{reloads}</span>' in html
    assert '<span class="script-only">Следите този мач. Резултатът се обновява сам.' in html
    assert "http-equiv" not in page(client, match)  # the scorer's page never reloads by itself


def test_the_history_names_a_deal_by_its_number_in_the_game(client, short_game):
    match = short_game
    html = page(client, match)
    assert re.findall(r'<th scope="row">(\d+)</th>', html) == ["1"]
    assert "Раздавания в игра 2" in html
    url = f"/m/{match.scorer_key}/deal/3/"
    data = deal_fields(3, card_points=90, double="contra", version=current_version(match))
    preview = client.post(url, {**data, "action": "preview"})
    corrected = client.post(url, {**data, **saved_from(preview)}, follow=True)
    html = corrected.content.decode()
    assert "Игра 2, раздаване 1\xa0— поправено." in html
    assert '<span class="marker double">контра</span>' in html
