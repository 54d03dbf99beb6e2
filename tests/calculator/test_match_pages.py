import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from calculator import engine
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
from tests.html import assert_valid_html

pytestmark = pytest.mark.django_db


def test_new_match_gives_a_scorer_link_and_a_watch_link(client):
    match = create_match(client)
    assert len(match.scorer_key) >= 22 and len(match.watch_key) >= 22
    assert match.scorer_key != match.watch_key
    page = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert f"/m/{match.watch_key}/" in page


@pytest.mark.parametrize(
    ("language", "us", "them"), [("bg", "Ние", "Вие"), ("uk", "Ми", "Вони"), ("ru", "Мы", "Они")]
)
def test_home_page_offers_team_names_in_the_visitors_language(client, language, us, them):
    response = client.get(f"/{language}/")
    html = response.content.decode()
    assert f'value="{us}"' in html and f'value="{them}"' in html
    assert_valid_html(response.content)


def test_starting_a_match_keeps_the_house_rules(client):
    match = create_match(
        client,
        target="101",
        declaration_comparison="pool",
        no_trumps_capot_doubled="on",
        contra_tie="bidders_hang",
        capot_cannot_end_game="",
        first_dealer="2",
    )
    assert match.profile == engine.RuleProfile(
        target=101,
        declaration_comparison=engine.DeclarationComparison.POOL,
        no_trumps_capot_doubled=True,
        contra_tie=engine.ContraTie.BIDDERS_HANG,
        capot_cannot_end_game=False,
    )
    assert match.first_dealer == 2


def test_a_match_with_bad_settings_is_not_created_and_says_why(client):
    response = client.post(
        "/uk/match/new/",
        {
            "team_a": "Ми",
            "team_b": "Ми",
            "first_dealer": "7",
            "target": "0",
            "declaration_comparison": "separate",
            "contra_tie": "all_hang",
        },
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert Match.objects.count() == 0
    assert "Команди потрібно назвати по-різному." in html
    assert_valid_html(response.content)


def test_scorer_link_opens_in_the_visitors_language(match):
    stranger = Client()  # no language cookie yet: the browser's language decides
    html = stranger.get(
        f"/m/{match.scorer_key}/", headers={"accept-language": "ru"}
    ).content.decode()
    assert '<html lang="ru">' in html
    assert "Новая раздача" in html


def test_watch_link_shows_the_score_without_controls(client, match):
    record_deal(client, match, 1, card_points=87)
    html = client.get(f"/m/{match.watch_key}/").content.decode()
    assert '<span class="points">9</span>' in html and '<span class="points">7</span>' in html
    assert "csrfmiddlewaretoken" not in html
    assert match.scorer_key not in html
    assert "/deal/" not in html


@pytest.mark.parametrize("path", ["deal/", "all-passed/", "deal/1/", "deal/1/delete/"])
def test_watch_link_cannot_write(client, match, path):
    record_deal(client, match, 1, card_points=87)
    response = client.post(
        f"/m/{match.watch_key}/{path}", deal_fields(1, card_points=100, action="save")
    )
    assert response.status_code == 404
    assert Deal.objects.get(match=match).data["card_points"]["points"] == 87


@pytest.mark.parametrize("key", ["nope", "x" * 24])
def test_wrong_or_truncated_key_is_not_found(client, match, key):
    assert client.get(f"/m/{key}/").status_code == 404
    assert client.get(f"/m/{match.scorer_key[:-1]}/").status_code == 404
    assert client.post(f"/m/{key}/all-passed/", {"number": 1}).status_code == 404


def test_preview_shows_what_save_then_records(client, match):
    url = f"/m/{match.scorer_key}/deal/"
    opened = current_version(match)  # the version of the deal page, posted back with the form
    preview = client.post(
        url, {**deal_fields(1, card_points=87, version=opened), "action": "preview"}
    )
    html = preview.content.decode()
    assert '<td class="num">+9</td><td class="num">+7</td>' in html
    assert Deal.objects.count() == 0
    assert_valid_html(preview.content)
    client.post(url, {**deal_fields(1, card_points=87), **saved_from(preview)})
    page = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert '<span class="points">9</span>' in page and '<span class="points">7</span>' in page


def test_live_preview_answers_with_the_live_parts_of_the_page_alone(client, match):
    response = client.post(f"/m/{match.scorer_key}/deal/preview/", deal_fields(1, card_points=87))
    html = response.content.decode()
    assert "<form" not in html and '<input type="radio"' not in html  # no widget rendered
    assert (
        '<output id="card-points-split" for="id_card_points" class="split" data-live="swap">'
        "Ние 87 · Вие 75</output>" in html
    )
    assert '<td class="num">+9</td><td class="num">+7</td>' in html
    assert '<div id="wrap-terce_top_a" data-live="state" hidden></div>' in html
    assert '<div class="field-errors" id="errors-card_points" data-live="swap"></div>' in html


@pytest.mark.parametrize(("number", "address"), [(2, ""), (1, "1/")], ids=["new", "correction"])
def test_a_save_the_engine_refuses_is_a_400_with_the_reason(client, match, number, address):
    record_deal(client, match, 1, card_points=87)
    url = f"/m/{match.scorer_key}/deal/{address}"
    data = deal_fields(number, card_points=170)
    client.cookies.load({"django_language": "ru"})
    previewed = client.post(url, {**data, "action": "preview"})
    saved = client.post(url, {**data, "action": "save", "version": match.version + 1})
    assert previewed.status_code == 200  # a preview that shows a problem is no refusal
    assert saved.status_code == 400
    for response in (previewed, saved):
        page = response.content.decode().replace("\xa0", " ")  # a number keeps its word
        assert "Очки за карты должны быть от 0 до 162, а не 170." in page
    assert [deal.data["card_points"]["points"] for deal in Deal.objects.all()] == [87]


def test_save_without_a_matching_preview_records_nothing(client, match):
    url = f"/m/{match.scorer_key}/deal/"
    opened = current_version(match)
    preview = client.post(
        url, {**deal_fields(1, card_points=87, version=opened), "action": "preview"}
    )
    changed = {**deal_fields(1, card_points=100), **saved_from(preview)}
    response = client.post(url, changed)
    assert response.status_code == 200
    assert Deal.objects.count() == 0
    assert '<td class="num">+10</td><td class="num">+6</td>' in response.content.decode()


def test_a_double_tap_records_the_deal_once(client, match):
    record_deal(client, match, 1, card_points=87)
    url = f"/m/{match.scorer_key}/deal/"
    data = deal_fields(1, card_points=87)
    preview = client.post(url, {**data, "action": "preview"}, follow=True)
    assert Deal.objects.count() == 1
    assert "вече беше записано" in preview.content.decode()


def test_all_passed_passes_the_deal_on(client, match):
    first = all_passed(client, match, 1)
    again = client.post(f"/m/{match.scorer_key}/all-passed/", {"number": 1, "version": 0})
    assert first.status_code == again.status_code == 302
    assert Deal.objects.count() == 1
    html = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert "Раздава: <strong>Играч 2</strong>" in html


def test_card_points_out_of_range_are_refused_next_to_the_field(client, match):
    url = f"/m/{match.scorer_key}/deal/"
    response = client.post(url, {**deal_fields(1, card_points=170), "action": "save"})
    html = response.content.decode()
    assert Deal.objects.count() == 0
    assert 'value="170"' in html
    assert "162" in html
    assert 'class="card-points invalid"' in html


def test_declarations_in_no_trumps_are_refused(client, match):
    url = f"/m/{match.scorer_key}/deal/"
    response = client.post(
        url, {**deal_fields(1, contract="no_trumps", card_points=70, terces_a=1), "action": "save"}
    )
    assert Deal.objects.count() == 0
    assert 'class="count-field invalid"' in response.content.decode()


def asked_tops(html: str) -> set[str]:
    """The top-card fields the page shows (all are on it; those not asked for are hidden)."""
    found = re.findall(r'id="wrap-(\w+_top_[ab])" data-live="state"( hidden)?>', html)
    assert len(found) == 6, "every top-card field is on the page"
    return {name for name, hidden in found if not hidden}


def test_top_card_is_asked_only_when_a_tie_needs_it(client, match):
    url = f"/m/{match.scorer_key}/deal/"
    first = client.post(url, {**deal_fields(1, card_points=90), "action": "preview"})
    assert asked_tops(first.content.decode()) == set()
    tie = client.post(
        url, {**deal_fields(1, card_points=90, quartes_a=1, quartes_b=1), "action": "preview"}
    )
    html = tie.content.decode()
    assert asked_tops(html) == {"quarte_top_a", "quarte_top_b"}
    assert "preview_key" not in html
    decided = deal_fields(
        1, card_points=90, quartes_a=1, quartes_b=1, quarte_top_a="A", quarte_top_b="K"
    )
    assert "preview_key" in client.post(url, {**decided, "action": "preview"}).content.decode()


def test_two_terces_of_a_team_need_one_top_card_and_the_deal_saves(client, match):
    # Hearts, 31 card points to the bidders; a terce to the J against two terces, the higher to
    # the 10: the top card asked for is the one the scorer gives, and the deal is recorded.
    url = f"/m/{match.scorer_key}/deal/"
    data = deal_fields(1, card_points=31, terces_a=1, terces_b=2, version=current_version(match))
    asked = client.post(url, {**data, "action": "preview"}).content.decode()
    assert asked_tops(asked) == {"terce_top_a", "terce_top_b"}
    answered = {**data, "terce_top_a": "J", "terce_top_b": "10"}
    preview = client.post(url, {**answered, "action": "preview"})
    html = preview.content.decode()
    assert "preview_key" in html and 'class="error"' not in html
    response = client.post(url, {**answered, **saved_from(preview)})
    assert response.status_code == 302
    declared = Deal.objects.get().data["declarations"]
    assert declared["A"]["sequences"] == [{"length": 3, "top": "J"}]
    assert declared["B"]["sequences"] == [{"length": 3, "top": "10"}, {"length": 3, "top": None}]


def test_a_correction_shows_the_highest_top_card_of_an_imported_deal(client, match):
    record_deal(client, match, 1, card_points=90, terces_a=1, terces_b=1,
                terce_top_a="J", terce_top_b="9")  # fmt: skip
    Deal.objects.filter(number=1).update(
        data={
            **Deal.objects.get().data,
            "declarations": {
                "A": {"sequences": [{"length": 3, "top": "J"}]},
                "B": {"sequences": [{"length": 3, "top": "9"}, {"length": 3, "top": "Q"}]},
            },
        }
    )
    html = client.get(f"/m/{match.scorer_key}/deal/1/").content.decode()
    assert (
        '<option value="Q" selected>' in html.split('name="terce_top_b"')[1].split("</select>")[0]
    )


def test_inside_records_everything_for_the_defenders(client, match):
    record_deal(client, match, 1, result="inside", card_points="")
    deal = Deal.objects.get()
    assert deal.data["kind"] == "inside"
    html = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert '<span class="points">0</span>' in html and '<span class="points">16</span>' in html


def test_editing_a_deal_recomputes_everything_after_it(client, match):
    record_deal(client, match, 1, card_points=87)
    record_deal(client, match, 2, card_points=100)
    url = f"/m/{match.scorer_key}/deal/1/"
    assert 'value="87"' in client.get(url).content.decode()
    data = deal_fields(1, card_points=156, version=current_version(match))
    preview = client.post(url, {**data, "action": "preview"})
    client.post(url, {**data, **saved_from(preview)})
    html = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert '<span class="points">25</span>' in html and '<span class="points">7</span>' in html


def test_only_the_last_deal_can_be_deleted(client, match):
    record_deal(client, match, 1, card_points=87)
    record_deal(client, match, 2, card_points=100)
    delete_deal(client, match, 1)
    assert Deal.objects.count() == 2
    delete_deal(client, match, 2)
    assert list(Deal.objects.values_list("number", flat=True)) == [1]


def test_export_then_import_gives_the_same_match(client, match):
    record_deal(client, match, 1, card_points=87, quartes_a=1)
    all_passed(client, match, 2)
    record_deal(client, match, 3, contract="all_trumps", card_points=100, double="contra")
    exported = client.get(f"/m/{match.watch_key}/export.json")
    data = json.loads(exported.content)
    assert data["version"] == 1 and data["teams"] == {"A": "Ние", "B": "Вие"}
    upload = SimpleUploadedFile("m.json", exported.content, content_type="application/json")
    response = client.post("/bg/match/import/", {"file": upload})
    copy = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == f"/m/{copy.scorer_key}/"
    assert list(copy.deals.values_list("data", flat=True)) == list(
        match.deals.values_list("data", flat=True)
    )


@pytest.mark.parametrize(
    "content", [b"not json", b"[]", b'{"version": 1, "deals": [{"kind": "played"}]}', b"\xff\xfe"]
)
def test_importing_a_bad_file_creates_nothing_and_says_why(client, content):
    upload = SimpleUploadedFile("m.json", content, content_type="application/json")
    response = client.post("/ru/match/import/", {"file": upload})
    assert response.status_code == 400
    assert Match.objects.count() == 0
    assert "Матч не удалось импортировать" in response.content.decode()


def test_qr_code_is_an_svg_of_the_watch_link(client, match):
    response = client.get(f"/m/{match.scorer_key}/qr.svg")
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    assert b'xmlns="http://www.w3.org/2000/svg"' in response.content  # else <img> shows nothing


def test_recent_matches_are_one_tap_away(client, match):
    html = client.get("/bg/").content.decode()
    assert f'href="/m/{match.scorer_key}/"' in html


def test_match_page_is_valid_html_for_scorer_and_watcher(client, match):
    record_deal(client, match, 1, card_points=87)
    assert_valid_html(client.get(f"/m/{match.scorer_key}/").content)
    assert_valid_html(client.get(f"/m/{match.watch_key}/").content)
    assert_valid_html(client.get(f"/m/{match.scorer_key}/deal/").content)


def test_language_switch_on_a_match_page_keeps_the_page(client, match):
    html = client.get(f"/m/{match.scorer_key}/").content.decode()
    assert f"/language/uk/?next=/m/{match.scorer_key}/" in html
    response = client.get(f"/language/uk/?next=/m/{match.scorer_key}/")
    assert response["Location"] == f"/m/{match.scorer_key}/"
    assert '<html lang="uk">' in client.get(f"/m/{match.scorer_key}/").content.decode()


def test_language_switch_never_sends_visitors_to_another_site(client):
    response = client.get("/language/ru/?next=https://evil.example/")
    assert response["Location"] == "/ru/"


def test_an_expired_form_gets_a_translated_page_and_saves_nothing(match):
    strict = Client(enforce_csrf_checks=True)
    strict.cookies["django_language"] = "uk"
    response = strict.post(f"/m/{match.scorer_key}/all-passed/", {"number": 1})
    assert response.status_code == 403
    assert "Термін дії форми минув" in response.content.decode()
    assert not match.deals.exists()


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_writing_urls_refuse_other_methods_without_an_error_page(client, match, method):
    response = getattr(client, method)(f"/m/{match.scorer_key}/all-passed/")
    assert response.status_code == 405


def test_a_watching_phone_polls_cheaply_until_a_deal_is_saved(
    client, match, django_assert_max_num_queries
):
    watcher = Client()
    first = watcher.get(f"/m/{match.watch_key}/")
    etag = first["ETag"]
    with django_assert_max_num_queries(1):
        again = watcher.get(f"/m/{match.watch_key}/", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    record_deal(client, match, 1, card_points=87)
    changed = watcher.get(f"/m/{match.watch_key}/", headers={"if-none-match": etag})
    assert changed.status_code == 200
    assert '<span class="points">9</span>' in changed.content.decode()


@pytest.mark.parametrize("name", ["\ud800", "a\x00b", "x\u200b\x07y"])
def test_imported_team_names_keep_only_printable_characters(client, match, name):
    record_deal(client, match, 1, card_points=87)
    export = json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)
    export["teams"] = {"A": name, "B": "Вие"}
    upload = SimpleUploadedFile(
        "m.json", json.dumps(export).encode(), content_type="application/json"
    )
    response = client.post("/bg/match/import/", {"file": upload})
    assert response.status_code == 302
    imported = Match.objects.exclude(pk=match.pk).get()
    assert all(char.isprintable() for char in imported.team_a)


@pytest.mark.parametrize("content", [b"1" * 4301, b"[" * 100_000], ids=["long number", "deep"])
def test_an_import_file_that_json_cannot_read_is_refused_politely(client, content):
    upload = SimpleUploadedFile("m.json", content, content_type="application/json")
    response = client.post("/bg/match/import/", {"file": upload})
    assert response.status_code == 400
    assert "Това не е файл на мач, изтеглен от сайта." in response.content.decode()


def test_watchers_share_one_rendering_until_the_match_changes(
    client, match, django_assert_max_num_queries
):
    record_deal(client, match, 1, card_points=87)
    first = Client().get(f"/m/{match.watch_key}/")
    with django_assert_max_num_queries(1):  # the match's own row only: no deals, no rendering
        second = Client().get(f"/m/{match.watch_key}/")
    assert second.content == first.content
    record_deal(client, match, 2, card_points=100)
    third = Client().get(f"/m/{match.watch_key}/").content.decode()
    assert '<span class="points">19</span>' in third and '<span class="points">13</span>' in third


def test_contract_buttons_show_the_suit_symbols(client, match):
    html = client.get(f"/m/{match.scorer_key}/deal/").content.decode()
    for label in ("♣ спатия", "♦ каро", "♥ купа", "♠ пика", "без коз", "всичко коз"):
        assert f"<span>{label}</span>" in html


CARRIED_IN = {
    "bg": "8 точки висяха в края на игра 1: те се пренасят в тази игра.",
    "uk": "8 очок висіло, коли закінчилася гра 1: вони переходять у цю гру.",
    "ru": "8 очков висело, когда закончилась игра 1: они переходят в эту игру.",
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_the_first_deal_of_a_game_says_where_its_hanging_points_come_from(client, language):
    """Game 1 ends on a tied deal with 8 points hanging (the rules' example, game end): the
    preview of game 2's first deal says they come from game 1, as the scorer types and on Preview."""
    from tests.rules.test_worked_examples import GAME_END_HANGING

    match = create_match(client, language)
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(deal))
        for number, deal in enumerate(GAME_END_HANGING[:-1], start=1)
    )
    number = len(GAME_END_HANGING)
    data = deal_fields(
        number, bidders="B", points_team="B", card_points=101, version=current_version(match)
    )
    live = client.post(f"/m/{match.scorer_key}/deal/preview/", data)
    full = client.post(f"/m/{match.scorer_key}/deal/", {**data, "action": "preview"})
    for response in (live, full):
        html = response.content.decode().replace("\u00a0", " ")
        assert CARRIED_IN[language] in html
        assert f'/{language}/rules/#match-hanging" class="why">' in html
    assert_valid_html(full.content)
    later = deal_fields(number + 1, bidders="B", points_team="B", card_points=101)
    client.post(f"/m/{match.scorer_key}/deal/", {**data, **saved_from(full)})
    assert Deal.objects.filter(match=match).count() == number
    html = client.post(f"/m/{match.scorer_key}/deal/preview/", later).content.decode()
    assert '<ol class="steps">' in html  # the next deal is previewed, its steps shown
    assert CARRIED_IN[language] not in html.replace(
        "\u00a0", " "
    )  # game 2's deal 2: nothing carried
