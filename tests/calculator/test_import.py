"""Importing a match file: the same rules as starting a match on the site, or nothing at all."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from calculator.models import Match
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


def imported(match):
    return Match.objects.exclude(pk=match.pk)


@pytest.mark.parametrize("target", [1, 10, 10_000, 32_768, 40_000, 2**63, 10**30])
def test_an_import_with_a_target_the_form_refuses_stores_nothing_and_says_why(
    client, match, export, target
):
    export["profile"]["target"] = target
    response = import_file(client, export, language="uk")
    assert response.status_code == 200
    assert not imported(match).exists()
    html = response.content.decode()
    assert "Очок для перемоги в грі:" in html  # the field's label, then Django's own message


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
    assert response.status_code == 200
    assert not imported(match).exists()
    assert "Командам нужны разные названия." in response.content.decode()


def test_an_import_with_a_name_longer_than_the_form_allows_is_refused(client, match, export):
    export["teams"] = {"A": "Я" * 41, "B": "Вие"}
    response = import_file(client, export)
    assert response.status_code == 200
    assert not imported(match).exists()


def test_an_import_with_an_unknown_first_dealer_is_refused(client, match, export):
    export["first_dealer"] = 4
    assert import_file(client, export).status_code == 200
    assert not imported(match).exists()


def test_an_import_keeps_its_house_rules_and_names(client, match, export):
    export["profile"] |= {
        "target": 101,
        "declaration_comparison": "pool",
        "contra_tie": "bidders_hang",
    }
    export["first_dealer"] = 3
    export["players"] = ["Иван", "", "Мария", 7]
    assert import_file(client, export).status_code == 302
    copy = imported(match).get()
    assert (copy.target, copy.declaration_comparison, copy.contra_tie) == (
        101,
        "pool",
        "bidders_hang",
    )
    assert copy.first_dealer == 3
    assert copy.players == ["Иван", "", "Мария", ""]
    assert copy.deals.count() == 1


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
    assert response.status_code == 200
    assert not imported(match).exists()
    assert "\\ud800" in response.content.decode()
