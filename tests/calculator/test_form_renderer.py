"""The forms' widgets are rendered by Django's Jinja2 form renderer (settings.FORM_RENDERER), which
compiles the same widget templates that Django's own template engine reads on every render: a
deal page renders some 220 of them. Every page with a form must come out exactly as the
template engine would make it, hostile names and refused input included."""

import re

import pytest
from django.forms.renderers import DjangoTemplates
from django.test import override_settings
from django.urls import reverse

from tests.calculator.conftest import create_match, deal_fields, record_deal
from tests.calculator.french import create_french_match, french_fields, record_french
from tests.calculator.test_table_http import HOSTILE, create_table, finished_match, start

pytestmark = pytest.mark.django_db

TEMPLATE_ENGINE = "django.forms.renderers.DjangoTemplates"
# The CSRF token is masked anew for every render; nothing else may differ.
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+"')
# Django's widget templates end in a line break, which Jinja2 leaves out: the select boxes'
# options are not separated by empty lines. A browser makes nothing of either.
BLANK_LINES = re.compile(r"\n\s*\n")
NAME = "100% <b>{x}</b> \"'&"


# The site's renderer with every widget rendered by Jinja2, none written in Python.
JINJA2_ONLY = "tests.test_renderers.JinjaOnly"


def page(client, method: str, url: str, data=None) -> str:
    response = client.post(url, data) if method == "post" else client.get(url, data)
    assert response.status_code in (200, 400), (url, response.status_code)
    return TOKEN.sub(r'\1"', response.content.decode())


def both(client, method: str, url: str, data=None) -> tuple[str, str]:
    """The page with the site's renderer and with Django's template engine, and (the same to
    the byte) with every widget rendered by Jinja2."""
    fast = page(client, method, url, data)
    with override_settings(FORM_RENDERER=JINJA2_ONLY):
        assert page(client, method, url, data) == fast, url
    with override_settings(FORM_RENDERER=TEMPLATE_ENGINE):
        slow = page(client, method, url, data)
    return BLANK_LINES.sub("\n", fast), BLANK_LINES.sub("\n", slow)


def test_the_site_renders_forms_with_the_jinja2_renderer(client):
    from django.forms.renderers import get_default_renderer

    assert not isinstance(get_default_renderer(), DjangoTemplates)
    with override_settings(FORM_RENDERER=TEMPLATE_ENGINE):
        assert isinstance(get_default_renderer(), DjangoTemplates)


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_every_form_page_is_the_same_html_with_either_renderer(client, language):
    match = create_match(client, language, team_a=NAME, team_b=HOSTILE)
    record_deal(client, match, 1, card_points=97, terces_a=1, belots_b=1)
    record_deal(client, match, 2, contract="no_trumps", double="contra", card_points=70)
    table = create_table(client, language)
    start(client, table, ["Ана", "Боби", "Вики", "Гого"])
    _, finished = finished_match(client)
    new_deal = reverse("calculator:deal-new", args=[match.scorer_key])
    edit = reverse("calculator:deal-edit", args=[match.scorer_key, 1])
    hostile_deal = deal_fields(3, card_points="<b>9</b>", terces_a="-1", carres_b="x")
    pages = [
        ("get", f"/{language}/", None),
        ("post", f"/{language}/match/new/", {"team_a": NAME, "target": "5"}),
        ("get", f"/{language}/table/new/", {"match": match.scorer_key}),
        ("post", f"/{language}/table/new/", {"name": NAME, "players": "Ана"}),
        ("get", new_deal, None),
        ("post", new_deal, {**deal_fields(3, card_points="97"), "action": "preview"}),
        ("post", new_deal, {**hostile_deal, "action": "save"}),
        ("post", new_deal + "preview/", deal_fields(3, card_points="97", quintes_b="2")),
        ("get", reverse("calculator:deal-edit", args=[match.scorer_key, 1]), None),
        ("post", edit, {**deal_fields(1, card_points="60", quartes_b="1"), "action": "preview"}),
        ("post", edit, {**hostile_deal, "number": "1", "action": "save"}),
        ("get", reverse("calculator:table", args=[table.keeper_key]), None),
        ("get", reverse("calculator:table", args=[table.keeper_key]), {"from": "2026-13-01"}),
        ("post", reverse("calculator:table-match", args=[table.keeper_key]), {"seat_0": "Ана"}),
        ("get", reverse("calculator:match-next", args=[finished.scorer_key]), None),
    ]
    for method, url, data in pages:
        fast, slow = both(client, method, url, data)
        assert "<input" in fast, url
        assert fast == slow, url


@pytest.mark.parametrize(
    ("language", "game"), [("bg", "classic"), ("uk", "contree"), ("ru", "coinche")]
)
def test_every_page_of_a_french_games_deal_is_the_same_html_with_either_renderer(
    client, language, game
):
    match = create_french_match(client, game, language, team_a=NAME, team_b=HOSTILE)
    bid = {"bid": "90"} if game != "classic" else {}
    record_french(client, match, 1, card_points=100, belote="A", **bid)
    new_deal = reverse("calculator:deal-new", args=[match.scorer_key])
    edit = reverse("calculator:deal-edit", args=[match.scorer_key, 1])
    refused = french_fields(2, card_points="<b>9</b>", bid="85", contre="x")
    pages = [
        ("get", new_deal, None),
        ("post", new_deal, {**french_fields(2, card_points="100", **bid), "action": "preview"}),
        ("post", new_deal, {**refused, "action": "save"}),
        ("post", new_deal + "preview/", french_fields(2, card_points="90", **bid)),
        ("get", edit, None),
        ("post", edit, {**french_fields(1, card_points="70", **bid), "action": "preview"}),
    ]
    for method, url, data in pages:
        fast, slow = both(client, method, url, data)
        assert "<input" in fast, url
        assert fast == slow, url
