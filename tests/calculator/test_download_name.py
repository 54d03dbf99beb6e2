"""The downloaded match is named by its teams, game and date, in a header no team name breaks."""

import datetime
import re
from urllib.parse import unquote

import pytest
from django.test import Client
from django.utils import timezone

from calculator.models import Match
from tests.calculator.conftest import create_match

pytestmark = pytest.mark.django_db

HEADER = re.compile(r'attachment; filename="([A-Za-z0-9._-]+)"; filename\*=UTF-8\'\'([!-~]+)')


def downloaded(match) -> tuple[str, str]:
    """(the ASCII fallback, the UTF-8 name) the download's header gives."""
    Match.objects.filter(pk=match.pk).update(
        created=timezone.make_aware(datetime.datetime(2026, 12, 5, 21))
    )
    response = Client().get(f"/m/{match.watch_key}/export.json")
    assert response.status_code == 200
    found = HEADER.fullmatch(response["Content-Disposition"])
    assert found, response["Content-Disposition"]
    return found[1], unquote(found[2])


def test_the_download_is_named_by_the_teams_the_game_and_the_date(client):
    match = create_match(client)

    assert downloaded(match) == ("belot-2026-12-05.json", "Ние-Вие-belot-2026-12-05.json")


def test_a_french_match_with_latin_names_keeps_them_in_both_names(client):
    match = create_match(client, team_a="Les Rois", team_b="Équipe B", game="classic")

    fallback, name = downloaded(match)

    assert name == "Les_Rois-Équipe_B-classic-2026-12-05.json"
    assert fallback == "Les_Rois-Equipe_B-classic-2026-12-05.json"


@pytest.mark.parametrize(
    ("team_a", "team_b", "expected"),
    [
        ("100%", 'a"b', "100-a_b"),
        ("../../etc", "a\\b/c", "etc-a_b_c"),
        ("\u202eЛъвове\u200b", "\u200b\u200f", "Лъвове"),  # RTL, zero-width: nothing else
        ("a;b,c", "x'y`z", "a_b_c-x_y_z"),
    ],
)
def test_hostile_team_names_never_break_the_header(client, team_a, team_b, expected):
    match = create_match(client)
    Match.objects.filter(pk=match.pk).update(team_a=team_a, team_b=team_b)

    _fallback, name = downloaded(match)

    assert name == f"{expected}-belot-2026-12-05.json"
    assert not re.search(r'[\\/"%;\u200b\u200f\u202e]', name)
