"""Team and player names are user input: shown verbatim and escaped everywhere, never a 5xx.

A name may hold "%", braces, quotes, markup, right-to-left text, zero-width characters, emoji,
or fill all 40 characters. Every page of a match and every message that names a team (the
top-card question, the explanation of a deal, an import) shows it as it was stored.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.html import escape
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.models import Match
from tests.calculator.conftest import all_passed, deal_fields, record_deal

pytestmark = pytest.mark.django_db

HOSTILE = [
    "100%",
    "%(x)s",
    "%s %d",
    "50 %% 2",
    "{x}",
    "{{ x }}",
    "{% now 'Y' %}",
    "<b>x</b>",
    "<script>alert(1)</script>",
    "</td></tr><tr><td>",
    "\"quoted\" 'single'",
    "&amp; &lt;",
    "\u202eRTL override\u202c",
    "שלום עולם",
    "مرحبا",
    "\u200bB",
    "a\u0301b\u200d",
    "😀🂡♠",
    "Я" * 40,
    "\\",
]
names = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=40),
)
NAMES = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def start(client, team_a, team_b, players=("", "", "", "")):
    data = {
        "team_a": team_a,
        "team_b": team_b,
        "first_dealer": "1",
        "target": "151",
        "declaration_comparison": "separate",
        "contra_tie": "all_hang",
        "capot_cannot_end_game": "on",
    }
    data.update({f"player_{seat}": name for seat, name in enumerate(players, start=1)})
    return client.post("/uk/match/new/", data)


def shown(response, *names):
    """The page answered, and shows every name as stored: escaped, once or more."""
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    for name in names:
        assert escape(name) in html, f"{name!r} not shown"
    return html


def visit_every_page(client, match):
    team_a, team_b = match.team_a, match.team_b
    key, watch = match.scorer_key, match.watch_key
    url = f"/m/{key}/deal/"
    # The top-card question names the team: each team one terce, no top card yet.
    asked = client.post(url, {**deal_fields(1, card_points=90, terces_a=1, terces_b=1)})
    html = shown(asked, team_a, team_b)
    assert html.count('class="question" role="status"') >= 2  # asked, not an error
    preview = client.post(f"/m/{key}/deal/preview/", deal_fields(1, card_points=87, terces_a=1))
    shown(preview, team_a, team_b)
    record_deal(client, match, 1, card_points=87, quartes_b=1)
    all_passed(client, match, 2)
    record_deal(client, match, 3, result="inside", capot="", card_points="", bidders="B")
    for page in (f"/m/{key}/", f"/m/{watch}/", url, f"{url}1/", "/uk/", "/bg/", "/ru/"):
        shown(client.get(page), *([team_a, team_b] if "/m/" in page else [team_a]))
    capot = deal_fields(4, card_points=100, capot="B")  # a capot with the wrong card points
    shown(client.post(url, {**capot, "action": "preview"}), team_b)
    exported = client.get(f"/m/{watch}/export.json")
    assert exported.status_code == 200
    data = json.loads(exported.content)
    assert data["teams"] == {"A": team_a, "B": team_b}
    upload = SimpleUploadedFile("match.json", exported.content, "application/json")
    imported = Client().post("/ru/match/import/", {"file": upload})
    assert imported.status_code in (200, 302)


@pytest.mark.parametrize("name", ["100%", "%(x)s", "%s %d"])
def test_a_percent_sign_in_a_team_name_is_text_in_the_top_card_question(client, name):
    response = start(client, name, "Вони")
    assert response.status_code == 302
    match = Match.objects.get()
    url = f"/m/{match.scorer_key}/deal/"
    for address in (url, f"/m/{match.scorer_key}/deal/preview/"):
        data = deal_fields(1, card_points=90, terces_a=1, terces_b=1, action="preview")
        shown(client.post(address, data), name)


@NAMES
@given(team_a=names, team_b=names, players=st.lists(names, min_size=4, max_size=4))
def test_any_names_are_shown_verbatim_on_every_page_and_in_every_message(
    client, team_a, team_b, players
):
    response = start(client, team_a, team_b, players)
    if response.status_code != 302:  # a name the form refuses: said next to the field
        assert response.status_code == 400
        html = response.content.decode()
        assert 'class="error"' in html
        return
    match = Match.objects.get(scorer_key=response["Location"].split("/")[2])
    visit_every_page(client, match)
    players_page = client.get(f"/m/{match.scorer_key}/").content.decode()
    for player in match.players:
        if player:
            assert escape(player) in players_page
