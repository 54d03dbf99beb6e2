"""Team and player names: one cleaning, whether typed into the form or read from a file."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from calculator.forms import clean_name
from calculator.models import Match
from tests.calculator.conftest import create_match

pytestmark = pytest.mark.django_db

INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u2060",  # word joiner
    "\ufeff",  # byte order mark
    "\x00",
    "\x07",
    "\x1b",
    "\x7f",
    "\ud800",  # a lone surrogate
]


@pytest.mark.parametrize("char", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_invisible_characters_leave_a_name(char):
    assert clean_name(f"Б{char}ойци") == "Бойци"


def test_a_name_is_normalised_and_its_spaces_collapsed():
    assert clean_name("  Е\u0308жи \t\n  и\u00a0 Таралежи ") == "Ёжи и Таралежи"
    assert clean_name("Зи\u0306чки") == "Зйчки"


@pytest.mark.parametrize("name", ["B\u200b", "B\u200e", " B ", "B\u2028"])
def test_the_form_refuses_two_teams_that_only_invisible_characters_tell_apart(client, name):
    response = client.post(
        "/bg/match/new/",
        {
            "team_a": "B",
            "team_b": name,
            "first_dealer": "0",
            "target": "151",
            "declaration_comparison": "separate",
            "contra_tie": "all_hang",
        },
    )
    assert response.status_code == 200
    assert not Match.objects.exists()
    assert "Двата отбора трябва да имат различни имена." in response.content.decode()


def test_the_form_keeps_names_as_the_import_keeps_them(client):
    typed = "Ива\u200dн\u0000 \u202eМ\u0308арина"
    match = create_match(client, team_a=typed, player_1=typed)
    export = json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)
    export["teams"]["A"] = typed
    export["players"][0] = typed
    upload = SimpleUploadedFile("m.json", json.dumps(export).encode(), "application/json")
    assert client.post("/bg/match/import/", {"file": upload}).status_code == 302
    copy = Match.objects.exclude(pk=match.pk).get()
    assert match.team_a == copy.team_a == "Иван М\u0308арина"
    assert match.player_1 == copy.player_1 == match.team_a
