"""A team over the target only by its belote in a deal it lost does not win on it: the preview
of that deal and the match page say why the game goes on, in every language."""

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from calculator.matches.services import match_state
from tests.calculator.french import create_french_match, preview_french, record_french

pytestmark = pytest.mark.django_db

NOTE = (
    "%(team)s is over the target only by its belote in a deal it lost, and a team does not win "
    "on its belote alone: the game goes on."
)


def note(language: str, team: str) -> str:
    with translation.override(language):
        return escape(gettext(NOTE) % {"team": team})


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_belote_alone_over_the_target_is_explained_in_the_preview_and_on_the_match_page(
    client, language
):
    # Classic belote to 501: Вие make 122 four times (488); then Вие take, make 62 and go
    # inside with their belote: they write 20 (508), which does not win the game.
    match = create_french_match(client, "classic", language, classic_target="501")
    for number in range(1, 5):
        record_french(client, match, number, bidders="B", points_team="B", card_points=122)
    lost = {"bidders": "B", "points_team": "A", "card_points": 100, "belote": "B"}

    preview = preview_french(client, match, 5, **lost).content.decode()
    live = client.post(
        f"/m/{match.scorer_key}/deal/preview/", {**lost, "number": "5", "trump": "hearts"}
    ).content.decode()
    record_french(client, match, 5, **lost)

    match.refresh_from_db()
    fold = match_state(match).fold
    assert fold.totals.b == 508 and not fold.game_over
    expected = note(language, "Вие")
    assert expected in preview and expected in live
    for url in (match.get_scorer_url(), match.get_watch_url()):
        page = Client(headers={"accept-language": language}).get(url).content.decode()
        assert expected in page, url


def test_no_note_when_the_belote_is_not_what_takes_the_team_over(client):
    match = create_french_match(client, "classic", classic_target="501")
    for number in range(1, 4):
        record_french(client, match, number, bidders="B", points_team="B", card_points=122)
    lost = {"bidders": "B", "points_team": "A", "card_points": 100, "belote": "B"}

    preview = preview_french(client, match, 4, **lost).content.decode()

    assert note("bg", "Вие") not in preview  # 366 + 20: under the target anyway
