"""A litige of classic belote is said in its own words: in uk and ru the taker's points wait for
the next played deal's winner, they do not "hang" as belot's do; Bulgarian keeps its rules' word,
the taker's points "висят" as belot's hanging points do ("Така работят и висящите точки в
нашия белот"; docs/terms.md, "litige"). The deal page's result bar, the match page's
history, the score sheet and a correction's preview, in bg, uk and ru."""

import pytest
from django.test import Client

from calculator.engine import CardPoints, ClassicDeal, Suit, Team
from tests.calculator.conftest import current_version
from tests.calculator.french import create_french_match, french_fields, record_french
from tests.calculator.test_french_deals import scorer_fields

pytestmark = pytest.mark.django_db

LITIGE = ClassicDeal(Team.A, Suit.SPADES, CardPoints(Team.A, 81))  # 81 : 81, the taker's wait
MADE = ClassicDeal(Team.A, Suit.SPADES, CardPoints(Team.A, 100))

# What each page says of the taker's 81 points, and belot's words that must not be there.
SAID = {
    "bg": {
        "bar": "81 висят",
        "marker": "спорно",
        "sheet": "81 точки висят",
        "effect": "След последното раздаване висящите точки от спорно раздаване стават 0 "
        "(сега са 81).",
        "belot": ("чака",),  # the one verb: the litige's points hang, as the rules say
    },
    "uk": {
        "bar": "81 чекає",
        "marker": "спірна",
        "sheet": "81 очко чекає",
        "effect": "Очки спірної роздачі, що чекатимуть на переможця після останньої роздачі: 0 "
        "(зараз 81).",
        "belot": ("висить", "висять", "висячі", "Висячих"),
    },
    "ru": {
        "bar": "81 ждёт",
        "marker": "спорная",
        "sheet": "81 очко ждёт",
        "effect": "Очки спорной раздачи, которые будут ждать победителя следующей: 0 (сейчас 81).",
        "belot": ("висит", "висят", "висящие", "Висящих"),
    },
}


def text(response) -> str:
    return response.content.decode().replace("\u00a0", " ")  # (numbers tie their spaces)


def assert_no_belot_words(page: str, language: str) -> None:
    for word in SAID[language]["belot"]:
        assert word not in page, word


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_litige_waits_in_its_own_words_on_every_page(language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    said = SAID[language]
    match = create_french_match(client, "classic", language=language)
    bar = text(record_french(client, match, 1, **scorer_fields(LITIGE)))
    bar = bar[bar.index('id="result-bar"') :][:1500]
    assert said["bar"] in bar
    assert_no_belot_words(bar, language)
    page = text(client.get(f"/m/{match.scorer_key}/"))
    assert f'<span class="marker">{said["marker"]}</span>' in page
    assert_no_belot_words(page, language)
    sheet = text(client.get(f"/m/{match.watch_key}/sheet/"))
    assert f'<span class="hangs">{said["sheet"]}</span>' in sheet
    assert_no_belot_words(sheet, language)
    fields = {**french_fields(1, **scorer_fields(MADE)), "version": current_version(match)}
    correction = text(
        client.post(f"/m/{match.scorer_key}/deal/1/", {**fields, "action": "preview"})
    )
    assert said["effect"] in correction
    assert_no_belot_words(correction, language)
