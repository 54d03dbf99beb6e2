import re

import pytest

from belot_site.lru import BoundedStore
from calculator.models import Match
from calculator.tournaments import state, wall


class Clock:
    """The wall's clock (calculator/tournaments/wall.py), moved by hand (``tick``); with ``step``, each look
    moves it on by that much first (every request comes that long after the one before)."""

    def __init__(self, step=0.0):
        self.now, self.step = 1_000_000.0, step

    def __call__(self):
        self.now += self.step
        return self.now

    def tick(self, seconds):
        self.now += seconds


@pytest.fixture(autouse=True)
def _wall_after_its_interval(monkeypatch):
    """The tournament's wall is made again at most once every ``wall.WALL_SECONDS``: in these
    tests every request to it comes after that interval (its own tests, test_tournament_wall,
    stop the clock), with an empty store of its pages."""
    monkeypatch.setattr(wall, "_latest", BoundedStore(1 << 22, wall._size, 1 << 21))
    monkeypatch.setattr(wall, "clock", Clock(step=wall.WALL_SECONDS))


@pytest.fixture(autouse=True)
def _no_kept_tournaments(monkeypatch):
    """Each test starts with no tournament's state kept in this process (a database rolled
    back may give a tournament of the next test the same id)."""
    store = state._states
    monkeypatch.setattr(state, "_states", BoundedStore(store.limit, store.cost, store.largest))


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


def version_of(response) -> str:
    """The version of the match that a page's form was made from."""
    found = re.search(r'name="version" value="([0-9]+)"', response.content.decode())
    assert found, "no version on the page"
    return found.group(1)


def saved_from(preview) -> dict:
    """What Save sends besides the fields: the preview's key, and the version of the match the
    deal page was made from, if ``preview`` is a whole deal page (the live preview's answer
    has none: the page keeps its own, sent with the fields)."""
    saved = {"action": "save", "preview_key": preview_key_of(preview)}
    if 'name="version"' in preview.content.decode():
        saved["version"] = version_of(preview)
    return saved


def current_version(match) -> int:
    return Match.objects.get(pk=match.pk).version


def record_deal(client, match, number, **fields):
    """Preview a deal, then save it with the preview's key, as the scorer does."""
    url = f"/m/{match.scorer_key}/deal/"
    data = deal_fields(number, **fields)
    # The version of the page the scorer opened: the match as it is now.
    preview = client.post(url, {**data, "version": current_version(match), "action": "preview"})
    assert preview.status_code == 200
    response = client.post(url, {**data, **saved_from(preview)})
    assert response.status_code == 302, response.content.decode()[:3000]
    return response


def all_passed(client, match, number):
    """Tap "All passed" on the match page as it is now."""
    data = {"number": number, "version": current_version(match)}
    return client.post(f"/m/{match.scorer_key}/all-passed/", data)


def delete_deal(client, match, number):
    """Tap "Delete" beside deal ``number`` on the match page as it is now."""
    data = {"version": current_version(match)}
    return client.post(f"/m/{match.scorer_key}/deal/{number}/delete/", data)


@pytest.fixture
def match(client, db):
    return create_match(client)
