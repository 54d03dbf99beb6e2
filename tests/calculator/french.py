"""Helpers for the French games' tests: a match made through the home page's form, and deal
fields as a scorer fills them in."""

from calculator.models import Match
from tests.calculator.conftest import current_version, saved_from


def create_french_match(client, game, language="bg", **fields):
    data = {"team_a": "Ние", "team_b": "Вие", "first_dealer": "0", "game": game}
    data.update({key: str(value) for key, value in fields.items()})
    response = client.post(f"/{language}/match/new/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Match.objects.get(scorer_key=response["Location"].split("/")[2])


def french_fields(number, **fields):
    """A deal's fields: team A took in hearts; ``fields`` as the scorer taps and types them."""
    data = {
        "number": str(number),
        "bidders": "A",
        "trump": "hearts",
        "points_team": "",
        "card_points": "",
        "capot": "",
        "belote": "",
    }
    data.update({key: v if isinstance(v, list) else str(v) for key, v in fields.items()})
    return data


def preview_french(client, match, number, **fields):
    url = f"/m/{match.scorer_key}/deal/"
    data = french_fields(number, **fields)
    return client.post(url, {**data, "version": current_version(match), "action": "preview"})


def record_french(client, match, number, **fields):
    """Preview a deal, then save it with the preview's key, as the scorer does."""
    url = f"/m/{match.scorer_key}/deal/"
    preview = preview_french(client, match, number, **fields)
    assert preview.status_code == 200
    response = client.post(url, {**french_fields(number, **fields), **saved_from(preview)})
    assert response.status_code == 302, response.content.decode()[:3000]
    return preview
