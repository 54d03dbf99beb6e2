"""Importing a match file: the same rules as starting a match on the site, or nothing at all."""

import json

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.html import escape
from django.utils.translation import gettext, override

from calculator import engine
from calculator.matches.forms import PLAYERS_NOT_NAMES, TEAMS_NOT_NAMES
from calculator.models import Match
from calculator.shared import access
from tests.calculator.conftest import record_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def export(client, match):
    record_deal(client, match, 1, card_points=87)
    return json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)


def import_file(client, data, language="bg"):
    content = json.dumps(data).encode()
    upload = SimpleUploadedFile("m.json", content, content_type="application/json")
    return client.post(f"/{language}/match/import/", {"file": upload})


def refusal(response) -> str:
    """The page's list of reasons why the file was refused."""
    html = response.content.decode()
    start = html.index('<div class="errors" role="alert">')
    return html[start : html.index("</div>", start)]


def imported(match):
    return Match.objects.exclude(pk=match.pk)


@pytest.mark.parametrize("target", [1, 10, 10_000, 32_768, 40_000, 2**63, 10**30])
def test_an_import_with_a_target_the_form_refuses_stores_nothing_and_says_why(
    client, match, export, target
):
    export["profile"]["target"] = target
    response = import_file(client, export, language="uk")
    assert response.status_code == 400
    assert not imported(match).exists()
    html = response.content.decode()
    assert "Очки для перемоги в грі:" in html  # the field's label, then Django's own message


@pytest.mark.parametrize("target", [11, 9999])
def test_an_import_takes_the_targets_the_form_takes(client, match, export, target):
    export["profile"]["target"] = target
    assert import_file(client, export).status_code == 302
    assert imported(match).get().target == target


def test_an_import_of_two_teams_with_one_name_is_refused_as_the_form_refuses_it(
    client, match, export
):
    export["teams"] = {"A": "Орли", "B": " Орли\u200b"}
    response = import_file(client, export, language="ru")
    assert response.status_code == 400
    assert not imported(match).exists()
    assert "Командам нужны разные названия." in response.content.decode()


def test_an_import_with_a_name_longer_than_the_form_allows_is_refused(client, match, export):
    export["teams"] = {"A": "Я" * 41, "B": "Вие"}
    response = import_file(client, export)
    assert response.status_code == 400
    assert not imported(match).exists()


def test_an_import_with_an_unknown_first_dealer_is_refused(client, match, export):
    export["first_dealer"] = 4
    assert import_file(client, export).status_code == 400
    assert not imported(match).exists()


def test_an_import_keeps_its_house_rules_and_names(client, match, export):
    export["profile"] |= {
        "target": 101,
        "declaration_comparison": "pool",
        "contra_tie": "bidders_hang",
    }
    export["first_dealer"] = 3
    export["players"] = ["Иван", "", "Мария", " "]
    export["games_to_win"] = 2
    assert import_file(client, export).status_code == 302
    copy = imported(match).get()
    assert (copy.target, copy.declaration_comparison, copy.contra_tie) == (
        101,
        "pool",
        "bidders_hang",
    )
    assert copy.first_dealer == 3
    assert copy.players == ["Иван", "", "Мария", ""]
    assert copy.games_to_win == 2
    assert copy.deals.count() == 1


def test_an_import_without_names_or_an_end_takes_the_defaults(client, match, export):
    for key in ("teams", "players", "games_to_win"):
        export.pop(key, None)
    export["teams"] = None
    assert import_file(client, export, language="uk").status_code == 302
    copy = imported(match).get()
    assert (copy.team_a, copy.team_b, copy.players, copy.games_to_win) == (
        "Ми",
        "Вони",
        ["", "", "", ""],
        None,
    )


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("games_to_win", 99, "The match is played to"),
        ("games_to_win", True, "The match is played to"),
        ("games_to_win", "best of 3", "The match is played to"),
        ("players", ["А", "Б", "В", "Г", "Д"], PLAYERS_NOT_NAMES),
        ("players", ["А", "Б", "В"], PLAYERS_NOT_NAMES),
        ("players", ["Иван", "", "Мария", 7], PLAYERS_NOT_NAMES),
        ("players", "А, Б, В, Г", PLAYERS_NOT_NAMES),
        ("teams", ["Орли", "Вълци"], TEAMS_NOT_NAMES),
        ("teams", {"A": "Орли", "B": 5}, TEAMS_NOT_NAMES),
        ("teams", {"A": "Орли", "B": "Вълци", "C": "Лъвове"}, TEAMS_NOT_NAMES),
        ("teams", "Орли – Вълци", TEAMS_NOT_NAMES),
    ],
)
def test_an_import_with_a_value_the_site_cannot_keep_is_refused_with_the_reason(
    client, match, export, key, value, reason
):
    export[key] = value
    for language in ("bg", "uk", "ru"):
        response = import_file(client, export, language=language)
        assert response.status_code == 400
        with override(language):
            said = str(reason if not isinstance(reason, str) else gettext(reason))
        assert escape(said.split("“")[0].split(":")[0]) in refusal(response), language
    assert not imported(match).exists()


@pytest.mark.parametrize("where", ["version", "contract"])
def test_an_import_with_a_lone_surrogate_is_refused_without_a_server_error(
    client, match, export, where
):
    # Found by tests/test_fuzz.py: JSON may carry "\ud800", which UTF-8 cannot; it is shown escaped.
    if where == "version":
        export["version"] = "\ud800"
    else:
        export["deals"][0]["contract"] = "x\ud800"
    response = import_file(client, export)
    assert response.status_code == 400
    assert not imported(match).exists()
    assert "\\ud800" in response.content.decode()


def test_imports_from_one_address_are_limited_in_deals_and_say_why(
    client, match, export, monkeypatch
):
    monkeypatch.setattr(access, "IMPORT_DEALS_ALLOWED", 4 * access.IMPORT_LEAST)
    for _ in range(2):
        assert import_file(client, export).status_code == 302  # 1 deal: counts as the least
    assert import_file(client, {"version": 1}).status_code == 400  # refused files count too
    assert import_file(client, export).status_code == 302
    paused = import_file(client, export, language="uk")
    assert paused.status_code == 429 and paused["Retry-After"] == str(access.IMPORT_WINDOW)
    assert "Забагато матчів імпортовано з вашої мережі" in refusal(paused)
    assert imported(match).count() == 3
    elsewhere = Client(REMOTE_ADDR="198.51.100.7")
    assert import_file(elsewhere, export).status_code == 302


def test_imports_from_one_ipv6_64_count_together(match, export, monkeypatch):
    monkeypatch.setattr(access, "IMPORT_DEALS_ALLOWED", 2 * access.IMPORT_LEAST)
    for host in ("1", "2"):
        phone = Client(REMOTE_ADDR=f"2001:db8:1:2::{host}")
        assert import_file(phone, export).status_code == 302
    assert import_file(Client(REMOTE_ADDR="2001:db8:1:2::3"), export).status_code == 429
    assert import_file(Client(REMOTE_ADDR="2001:db8:1:3::1"), export).status_code == 302


def test_an_import_never_takes_an_address_past_its_allowance(client, match, monkeypatch):
    monkeypatch.setattr(access, "IMPORT_DEALS_ALLOWED", 100)
    thirty = engine.match_to_dict(engine.DEFAULT_PROFILE, 0, [engine.AllPassed()] * 30)
    for _ in range(3):
        assert import_file(client, thirty).status_code == 302
    assert import_file(client, thirty).status_code == 429  # 120: not even partly
    assert import_file(client, {**thirty, "deals": []}).status_code == 429  # 90 + 20
    assert imported(match).count() == 3
    assert cache.get("imported-deals:127.0.0.1") == 90  # the refused ones gave theirs back


def test_the_import_limit_lets_a_real_evening_through():
    assert access.IMPORT_DEALS_ALLOWED >= 3 * engine.MAX_DEALS
    assert access.IMPORT_DEALS_ALLOWED // access.IMPORT_LEAST >= 100  # small files an hour
    assert access.IMPORT_WINDOW <= 3600
