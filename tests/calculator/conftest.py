import re

import pytest

from calculator.models import Match


def create_match(client, language="bg", **fields):
    data = {
        "team_a": "Ние",
        "team_b": "Вие",
        "first_dealer": "0",
        "target": "151",
        "declaration_comparison": "separate",
        "contra_tie": "all_hang",
        "capot_cannot_end_game": "on",
    }
    data.update(fields)
    response = client.post(f"/{language}/match/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.get(scorer_key=response["Location"].split("/")[2])


def deal_fields(number, **fields):
    data = {
        "number": str(number),
        "result": "played",
        "bidders": "A",
        "contract": "hearts",
        "double": "none",
        "points_team": "A",
        "card_points": "",
        "capot": "",
    }
    for team in "ab":
        for kind in ("terces", "quartes", "quintes", "belots"):
            data[f"{kind}_{team}"] = "0"
    data.update({key: str(value) for key, value in fields.items()})
    return data


def preview_key_of(response) -> str:
    found = re.search(r'name="preview_key" value="([0-9a-f]+)"', response.content.decode())
    assert found, "no preview on the page"
    return found.group(1)


def record_deal(client, match, number, **fields):
    """Preview a deal, then save it with the preview's key, as the scorer does."""
    url = f"/m/{match.scorer_key}/deal/"
    data = deal_fields(number, **fields)
    preview = client.post(url, {**data, "action": "preview"})
    assert preview.status_code == 200
    key = preview_key_of(preview)
    response = client.post(url, {**data, "action": "save", "preview_key": key})
    assert response.status_code == 302, response.content.decode()[:3000]
    return response


@pytest.fixture
def match(client, db):
    return create_match(client)
