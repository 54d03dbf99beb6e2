"""A refused deal says what is wrong where the page opens: the preview (the deal page's form
goes to #preview) names each field a message is about, and a Save refused for a choice not
made lists it there too, not only beside the field higher up. Bounds are said in the site's
words, the card points' by the engine with the contract's total."""

import html5lib
import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from calculator.models import Deal
from tests.calculator.conftest import create_match, deal_fields
from tests.calculator.french import create_french_match, french_fields

pytestmark = pytest.mark.django_db

HOSTILE = "100% {x} <b>б</b>"


def preview_items(response) -> list[str]:
    """The preview's lines as the page shows them (text, markup escaped)."""
    content = response.content.decode()  # the live preview's answer is a part of a page
    document = html5lib.HTMLParser(namespaceHTMLElements=False).parse(content)
    preview = next(div for div in document.iter("div") if div.get("id") == "preview")
    return [
        " ".join("".join(element.itertext()).split())
        for element in preview.iter()
        if element.tag in ("p", "li")
    ]


def client_in(language: str) -> Client:
    client = Client()
    client.cookies.load({"django_language": language})
    return client


@pytest.mark.parametrize(
    ("language", "missing"),
    [
        ("bg", ["Кой обяви играта: това поле е задължително.", "Игра: това поле е задължително."]),
        ("uk", ["Команда, що грає: це поле обов'язкове.", "Контракт: це поле обов'язкове."]),
        ("ru", ["Играющая команда: обязательное поле.", "Контракт: обязательное поле."]),
    ],
)
def test_a_save_with_nothing_chosen_lists_what_is_missing_in_the_preview(language, missing):
    client = client_in(language)
    match = create_match(client, language)
    data = deal_fields(1, card_points=90, version=match.version, action="save")
    del data["bidders"], data["contract"]
    response = client.post(f"/m/{match.scorer_key}/deal/", data)
    assert response.status_code == 400
    items = preview_items(response)
    assert items[1:] == missing, items
    with translation.override(language):
        assert items[0] == gettext("Nothing can be recorded yet:")
    assert not Deal.objects.exists()


def test_while_the_deal_is_typed_an_empty_field_is_not_listed():
    client = client_in("ru")
    match = create_match(client, "ru")
    data = deal_fields(1, card_points=90)
    del data["bidders"]
    response = client.post(f"/m/{match.scorer_key}/deal/preview/", data)
    assert "обязательное поле" not in response.content.decode().lower()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("bg", "Точките от картите трябва да са между 0 и 162, а не -5."),
        ("uk", "Очки за карти мають бути від 0 до 162, а не -5."),
        ("ru", "Очки за карты должны быть от 0 до 162, а не -5."),
    ],
)
def test_negative_card_points_are_refused_in_the_engines_words(language, said):
    client = client_in(language)
    match = create_match(client, language)
    response = client.post(f"/m/{match.scorer_key}/deal/preview/", deal_fields(1, card_points=-5))
    page = response.content.decode().replace("\xa0", " ")
    assert said in page
    assert "-5" in page and "Ensure" not in page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("bg", f"Терци на отбор „{HOSTILE}“: най-много 4, а не 7."),
        ("uk", f"Терци команди «{HOSTILE}»: щонайбільше 4, а не 7."),
        ("ru", f"Терцы команды «{HOSTILE}»: не больше 4, а не 7."),
    ],
)
def test_a_count_out_of_its_bounds_names_the_count_and_the_team(language, said):
    client = client_in(language)
    match = create_match(client, language, team_a=HOSTILE)
    data = deal_fields(1, card_points=90, terces_a=7)
    response = client.post(f"/m/{match.scorer_key}/deal/preview/", data)
    assert said in [item.replace("\xa0", " ") for item in preview_items(response)]
    assert "<b>б</b>" not in response.content.decode()  # the name is text, not markup


def test_a_french_all_trumps_belote_count_is_named_by_its_team():
    client = client_in("ru")
    match = create_french_match(client, "coinche", "ru", contree_no_and_all_trumps="true")
    data = french_fields(1, trump="all_trumps", bid="90", card_points=100, belots_b=9)
    response = client.post(f"/m/{match.scorer_key}/deal/preview/", data)
    items = [item.replace("\xa0", " ") for item in preview_items(response)]
    assert any(item.startswith(f"{match.team_b}: не больше ") for item in items), items
