"""Equal sequences are not mistakes: when the engine needs a top card, or whose equal sequence is
in trumps, the deal form asks it as a question (the colours of a notice), not in red among the
"things to fix"."""

import pytest
from django.utils import translation
from django.utils.translation import ngettext

from tests.calculator.conftest import create_match, current_version, deal_fields
from tests.calculator.french import create_french_match, french_fields
from tests.html import assert_valid_html

pytestmark = pytest.mark.django_db

TO_FIX = ("%(count)s thing to fix before saving", "%(count)s things to fix before saving")
TO_ANSWER = (
    "%(count)s question to answer before saving",
    "%(count)s questions to answer before saving",
)


def said(language: str, texts: tuple[str, str], count: int) -> str:
    with translation.override(language):
        return ngettext(*texts, count) % {"count": count}


def assert_asked(html: str, language: str, fields: list[str]) -> None:
    assert 'class="error"' not in html and 'class="errors"' not in html
    assert said(language, TO_FIX, len(fields)) not in html
    assert said(language, TO_ANSWER, len(fields)) in html
    assert '<ul class="questions">' in html
    for name in fields:
        assert f'<div class="field" id="wrap-{name}"' in html or (
            f'<div id="wrap-{name}" data-live="state"></div>' in html
        )  # not marked invalid
        box = html.split(f'id="errors-{name}"')[1].split("</div>")[0]
        assert '<p class="question" role="status">' in box


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_equal_terces_ask_their_top_cards_as_questions(client, language):
    match = create_match(client, language)
    url = f"/m/{match.scorer_key}/deal/"
    data = deal_fields(1, card_points=90, terces_a=1, terces_b=1, version=current_version(match))

    page = client.post(url, {**data, "action": "preview"})
    live = client.post(f"/m/{match.scorer_key}/deal/preview/", data)

    assert page.status_code == 200
    assert_valid_html(page.content)
    for response in (page, live):
        assert_asked(response.content.decode(), language, ["terce_top_a", "terce_top_b"])
    saved = client.post(url, {**data, "action": "save"})
    assert saved.status_code != 302  # a question open: nothing is recorded
    assert not match.deals.exists()


@pytest.mark.parametrize("language", ["bg", "ru"])
def test_equal_sequences_in_coinche_ask_whose_is_in_trumps_as_a_question(client, language):
    match = create_french_match(client, "coinche", language)
    data = french_fields(
        1, bid=80, card_points=100, points_team="A", terces_a=1, terces_b=1,
        terce_top_a="K", terce_top_b="K",
    )  # fmt: skip
    url = f"/m/{match.scorer_key}/deal/"

    html = client.post(url, {**data, "version": current_version(match), "action": "preview"})

    assert_asked(html.content.decode(), language, ["sequence_in_trumps"])
