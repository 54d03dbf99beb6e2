"""Importing a match of any game: what the site exports imports as the same match, and a file it
cannot take is refused in the visitor's language with nothing stored.

A French match's file is format version 2 (docs/deal-format-v2.md): its game and house rules go
through the home page's form, its deals through the engine, as a match made on the site.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext, gettext_lazy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator import engine
from calculator.engine import GAMES
from calculator.games.choice import SWITCHES, TARGET_NOT_OFFERED, posted_rules
from calculator.games.words import _quoted
from calculator.matches.forms import GAME_UNKNOWN, NOT_THE_GAMES_DEAL, VERSION_UNKNOWN
from calculator.models import Deal, Match
from tests.calculator.french import create_french_match, record_french
from tests.calculator.test_engine_french_properties import classic_deals, contree_deals
from tests.calculator.test_engine_properties import deals as belot_deals
from tests.calculator.test_engine_properties import profiles as belot_profiles

pytestmark = pytest.mark.django_db

IMPORTS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
NAMES = st.text(st.characters(codec="utf-8", categories=["L", "N"]), min_size=1, max_size=12)


def import_file(client, data, language="bg"):
    content = json.dumps(data).encode()
    upload = SimpleUploadedFile("m.json", content, content_type="application/json")
    return client.post(f"/{language}/match/import/", {"file": upload})


def exported(client, match) -> dict:
    return json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)


def stored(match) -> list[dict]:
    return list(match.deals.order_by("number").values_list("data", flat=True))


@st.composite
def house_rules(draw, game):
    """A French game's house rules as the home page offers them: each switch's choices."""
    rules = SWITCHES["classic" if game == "classic" else "contree"]
    return {switch: draw(st.sampled_from(list(choices))) for switch, (*_, choices) in rules.items()}


@st.composite
def matches(draw):
    """(game, the home page's fields, the engine's profile, deals a match of it takes)."""
    game = draw(st.sampled_from(list(GAMES)))
    fields = {
        "team_a": "А " + draw(NAMES),
        "team_b": "Б " + draw(NAMES),
        "player_1": draw(NAMES),
        "player_3": draw(NAMES),
        "first_dealer": str(draw(st.integers(0, 3))),
        "games_to_win": str(draw(st.sampled_from(["", 1, 2, 3]))),
    }
    if game == "belot":
        profile = draw(belot_profiles.filter(lambda profile: profile.target >= 11))
        fields |= {key: str(value) for key, value in engine.profile_to_dict(profile).items()}
        fields["capot_cannot_end_game"] = "on" if profile.capot_cannot_end_game else ""
        fields["no_trumps_capot_doubled"] = "on" if profile.no_trumps_capot_doubled else ""
        deals = belot_deals
    else:
        rules = draw(house_rules(game))
        fields |= posted_rules(game, rules)
        profile = GAMES[game].profile_from_dict(rules)
        deals = (
            classic_deals(profile)
            if game == "classic"
            else contree_deals(game == "coinche", profile)
        )
    return game, fields, profile, draw(st.lists(deals, max_size=30))


def made(client, game, fields) -> Match:
    """A match made through the home page's form; a box left unticked is not posted."""
    posted = {key: value for key, value in fields.items() if value != ""} | {"game": game}
    response = client.post("/bg/match/new/", posted)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Match.objects.get(scorer_key=response["Location"].split("/")[2])


def playable(match, deals) -> list:
    """``deals`` up to the first one the match refuses (a deal after its end)."""
    try:
        match.fold(deals)
    except engine.DealError as error:
        return playable(match, deals[: error.deal_index]) if error.deal_index is not None else []
    return list(deals)


@IMPORTS
@given(matches())
def test_any_match_of_any_game_the_site_exports_imports_as_the_same_match(client, case):
    game, fields, profile, deals = case
    original = made(client, game, fields)
    assert original.game == game and original.profile == profile
    deals = playable(original, deals)
    Deal.objects.bulk_create(
        Deal(match=original, number=number, data=original.deal_data(deal))
        for number, deal in enumerate(deals, start=1)
    )
    data = exported(client, original)
    assert data["version"] == (1 if game == "belot" else 2)

    response = import_file(client, data)

    assert response.status_code == 302, response.content.decode()[:3000]
    copy = Match.objects.get(scorer_key=response["Location"].split("/")[2])
    kept = ("game", "house_rules", "target", "first_dealer", "games_to_win", "team_a", "team_b")
    for name in (*kept, "players", "profile"):
        assert getattr(copy, name) == getattr(original, name), name
    assert stored(copy) == stored(original)
    assert exported(client, copy) == data
    assert copy.fold(deals) == original.fold(deals)  # the same totals, games and dealers


def test_a_coinche_match_entered_on_the_site_comes_back_from_its_file(client):
    original = create_french_match(
        client, "coinche", contree_target="1000", contree_surcontre="3", games_to_win="2"
    )
    record_french(client, original, 1, bid="100", points_team="A", card_points="90", contre="none")
    record_french(client, original, 2, bid="250", trump="spades", capot="A", contre="none")
    data = exported(client, original)
    assert (data["version"], data["game"], data["profile"]["surcontre"]) == (2, "coinche", 3)

    response = import_file(client, data, language="ru")

    assert response.status_code == 302
    copy = Match.objects.exclude(pk=original.pk).get()
    assert (copy.game, copy.target, copy.games_to_win) == ("coinche", 1000, 2)
    assert copy.house_rules == original.house_rules
    assert stored(copy) == stored(original)


@pytest.fixture
def classic_file(client):
    """A classic match's file as the site writes it, with one deal."""
    match = create_french_match(client, "classic", team_a="Орли", team_b="Соколи")
    record_french(client, match, 1, points_team="A", card_points="100")
    data = exported(client, match)
    Match.objects.all().delete()
    return data


def refused(client, data, language) -> str:
    response = import_file(client, data, language=language)
    assert response.status_code == 400
    assert (Match.objects.count(), Deal.objects.count()) == (0, 0)
    return response.content.decode()


def translated(msgid: str, **values):
    """The reason as the visitor reads it in ``language``, from the translations: the test
    proves that it is translated and shown, not its wording. A reason ending with another
    one's (``%(problem)s``) is taken up to it."""

    def reason(language: str) -> str:
        texts = {}
        for shown in (language, "en"):  # the site has no English: "en" is the msgid itself
            with translation.override(shown):
                texts[shown] = gettext(str(msgid)).split("%(problem)s")[0] % values
        assert texts[language] != texts["en"], (language, "left in English")
        return texts[language]

    return reason


def quoted(text: str):
    """A word of the file, as the reasons quote it (the language's own quotation marks)."""

    def reason(language: str) -> str:
        with translation.override(language):
            return _quoted(text)

    return reason


# What each bad file does to the classic file, and its reason in the visitor's language.
BAD_FILES = {
    "an unknown game": (
        lambda data: data | {"game": "tarot"},
        translated(GAME_UNKNOWN, game="tarot"),
    ),
    "deals of another game": (
        lambda data: data | {"deals": [{"kind": "played", "bid": 80, **data["deals"][0]}]},
        translated(NOT_THE_GAMES_DEAL, number=1, game=gettext_lazy("Classic belote")),
    ),
    "a deal naming another game": (
        lambda data: data | {"deals": [{"game": "contree", **data["deals"][0]}]},
        translated(NOT_THE_GAMES_DEAL, number=1, game=gettext_lazy("Classic belote")),
    ),
    "a house rule the game does not have": (
        lambda data: data | {"profile": data["profile"] | {"surcontre": 4}},
        quoted("profile.surcontre"),
    ),
    "a house rule's value the game does not have": (
        lambda data: data | {"profile": data["profile"] | {"tie": "replay"}},
        quoted("profile.tie"),
    ),
    "a target the home page does not offer": (
        lambda data: data | {"profile": data["profile"] | {"target": 600}},
        translated("Points to win a game"),
    ),
    "a deal the engine refuses": (
        lambda data: (
            data | {"deals": [{**data["deals"][0], "card_points": {"team": "A", "points": 170}}]}
        ),
        translated(
            "Card points must be between 0 and %(total)s, not %(points)s.", total=162, points=170
        ),
    ),
    "a future version": (
        lambda data: data | {"version": 3},
        translated(VERSION_UNKNOWN, version=3),
    ),
}


@pytest.mark.parametrize("bad", BAD_FILES)
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_file_the_site_cannot_take_is_refused_with_its_reason_and_nothing_stored(
    client, classic_file, bad, language
):
    spoil, reason = BAD_FILES[bad]
    html = refused(client, spoil(classic_file), language)
    assert escape(reason(language)) in html, html[html.find('class="errors"') :][:1500]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("bg", "вид белот: български белот, класически белот или контре (с анонси или без)"),
        ("uk", "будь-якої гри: болгарський белот, класичний белот або контре (з комбінаціями чи"),
        ("ru", "любой игры: болгарский белот, классический белот или контре (с комбинациями или"),
    ],
)
def test_the_import_form_says_it_takes_a_match_of_every_game(client, language, said):
    assert said in client.get(f"/{language}/").content.decode()


def test_a_version_1_file_without_a_game_still_imports_as_bulgarian_belot(client):
    data = {"version": 1, "profile": {"target": 101}, "deals": [{"kind": "all_passed"}]}
    assert import_file(client, data).status_code == 302
    match = Match.objects.get()
    assert (match.game, match.house_rules, match.target, match.deals.count()) == (
        "belot",
        None,
        101,
        1,
    )


# Targets: a file meets the home page's choices (docs/deal-format.md, "Targets"), so that every
# stored match is one a form can start.

OFFERED = {"classic": (501, 1000), "contree": (701, 1000, 2000), "coinche": (701, 1000, 2000)}


def with_target(client, game, target) -> dict:
    """A French match's file as the site writes it, its target changed to ``target``."""
    data = exported(client, create_french_match(client, game))
    Match.objects.all().delete()
    return data | {"profile": data["profile"] | {"target": target}}


def target_refusal(language, message, **values) -> str:
    """The refusal of a target as the page says it: the field's label, then why."""
    with translation.override(language):
        why = gettext(str(message)) % values
        text = gettext("%(field)s: %(message)s") % {
            "field": gettext("Points to win a game"),
            "message": why,
        }
    with translation.override("en"):
        assert why != str(message) % values, (language, "left in English")
    return escape(text)


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("game", list(OFFERED))
def test_a_french_target_the_site_does_not_offer_is_refused_and_nothing_stored(
    client, game, language
):
    html = refused(client, with_target(client, game, 1500), language)

    choices = ", ".join(map(str, OFFERED[game]))
    assert target_refusal(language, TARGET_NOT_OFFERED, value=1500, choices=choices) in html


@pytest.mark.parametrize(
    ("game", "target"), [(game, target) for game, targets in OFFERED.items() for target in targets]
)
def test_every_target_the_site_offers_imports(client, game, target):
    assert import_file(client, with_target(client, game, target)).status_code == 302
    assert Match.objects.get().target == target


def test_the_home_page_refuses_the_same_target_with_the_same_words(client):
    response = client.post(
        "/uk/match/new/",
        {"team_a": "Ми", "team_b": "Ви", "first_dealer": "0", "game": "contree",
         "contree_target": "1500"},
    )  # fmt: skip
    assert response.status_code == 400 and not Match.objects.exists()
    with translation.override("uk"):
        why = gettext(str(TARGET_NOT_OFFERED)) % {"value": 1500, "choices": "701, 1000, 2000"}
    assert escape(why) in response.content.decode()


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize(
    ("target", "message", "limit"),
    [
        (10, "At least %(limit_value)s, not %(value)s.", 11),
        (10_000, "At most %(limit_value)s, not %(value)s.", 9999),
    ],
)
def test_a_belot_target_out_of_the_form_s_range_is_refused_and_nothing_stored(
    client, language, target, message, limit
):
    data = {"version": 1, "profile": {"target": target}, "deals": [{"kind": "all_passed"}]}
    html = refused(client, data, language)
    assert target_refusal(language, message, limit_value=limit, value=target) in html
