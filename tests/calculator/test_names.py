"""Team and player names: one cleaning, whether typed into the form or read from a file; and
two names joined by "and", which Ukrainian writes «і» or «й» as they sound."""

import json
import unicodedata

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.models import Match, Table, Tournament
from calculator.shared.names import clean_name, draws_something, names_joined, ukrainian_and
from tests.calculator.conftest import create_match
from tests.calculator.test_table_http import create_table
from tests.calculator.test_tournament_http import LANGUAGES, PAIRS, said
from tests.calculator.test_tournament_http import create as create_tournament
from tests.calculator.test_tournament_http import form as tournament_form

pytestmark = pytest.mark.django_db

INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u2060",  # word joiner
    "\ufeff",  # byte order mark
    "\x00",
    "\x07",
    "\x1b",
    "\x7f",
    "\ud800",  # a lone surrogate
]


# Default_Ignorable_Code_Point, as Unicode 15.0's DerivedCoreProperties.txt lists it (Debian's
# unicode-data): the whole class, copied here so that the test does not take the site's own word
# (the regex module's) for what the property holds.
DEFAULT_IGNORABLE = """
00AD 034F 061C 115F..1160 17B4..17B5 180B..180D 180E 180F 200B..200F 202A..202E 2060..2064
2065 2066..206F 3164 FE00..FE0F FEFF FFA0 FFF0..FFF8 1BCA0..1BCA3 1D173..1D17A E0000 E0001
E0002..E001F E0020..E007F E0080..E00FF E0100..E01EF E01F0..E0FFF
"""
# Blank-looking code points that a probe found in names, whatever their class: among them a
# symbol and a mark that draw nothing by design (the object replacement character, the musical
# null notehead, the Khitan small script filler).
BLANK_LOOKING = (
    "\u3164\u2800\u115f\u1160\uffa0\u034f\u17b4\u17b5\u180e\U000e0020\ufffc\U0001d159\U00016fe4"
)
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000" + "".join(
    chr(code) for code in range(0x2000, 0x200B)
)


def code_points(ranges: str) -> list[str]:
    found = []
    for item in ranges.split():
        first, _dots, last = item.partition("..")
        found += [chr(code) for code in range(int(first, 16), int(last or first, 16) + 1)]
    return found


@pytest.mark.parametrize("char", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_invisible_characters_leave_a_name(char):
    assert clean_name(f"Б{char}ойци") == "Бойци"


def test_every_default_ignorable_code_point_leaves_a_name():
    ignorable = code_points(DEFAULT_IGNORABLE)
    assert len(ignorable) == 4174  # the count the Unicode file gives
    kept = [f"U+{ord(char):04X}" for char in ignorable if clean_name(f"Li{char}ons") != "Lions"]
    assert kept == []


def test_blank_looking_characters_leave_a_name():
    for char in BLANK_LOOKING:
        assert clean_name(f"Lions{char}") == "Lions" == clean_name(f"{char}Li{char}ons")
    assert clean_name(BLANK_LOOKING) == ""


def test_every_kind_of_white_space_is_one_space():
    for char in WHITE_SPACE:
        assert clean_name(f" Li{char}{char}ons{char}") == "Li ons", f"U+{ord(char):04X}"


def test_every_control_format_private_use_or_surrogate_code_point_leaves_a_name():
    kept = [
        f"U+{code:04X}"
        for code in range(0x110000)
        if unicodedata.category(chr(code)) in ("Cc", "Cf", "Co", "Cs")
        and not chr(code).isspace()
        and clean_name(f"Li{chr(code)}ons") != "Lions"
    ]
    assert kept == []


def test_noncharacters_leave_a_name():
    """Unassigned for good (a code point unassigned today may be a letter in a later Unicode)."""
    never = [
        *range(0xFDD0, 0xFDF0),
        *(plane + end for plane in range(0, 0x110000, 0x10000) for end in (0xFFFE, 0xFFFF)),
    ]
    assert [f"U+{code:04X}" for code in never if clean_name(f"Li{chr(code)}ons") != "Lions"] == []


@settings(deadline=None)  # behaviour, not speed: a busy machine must not fail it
@given(
    st.text(st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Zs"))),
    st.lists(st.sampled_from(code_points(DEFAULT_IGNORABLE) + list(BLANK_LOOKING))),
    st.randoms(use_true_random=False),
)
def test_invisible_characters_anywhere_change_no_name(name, invisible, random):
    spoilt = list(name)
    for char in invisible:
        spoilt.insert(random.randint(0, len(spoilt)), char)
    assert clean_name("".join(spoilt)) == clean_name(name)


def test_a_name_is_normalised_and_its_spaces_collapsed():
    assert clean_name("  Е\u0308жи \t\n  и\u00a0 Таралежи ") == "Ёжи и Таралежи"
    assert clean_name("Зи\u0306чки") == "Зйчки"


@pytest.mark.parametrize(
    "name", ["B\u200b", "B\u200e", " B ", "B\u2028", "B\u3164", "\u2800B", "B\uffa0"]
)
def test_the_form_refuses_two_teams_that_only_invisible_characters_tell_apart(client, name):
    response = client.post(
        "/bg/match/new/",
        {
            "team_a": "B",
            "team_b": name,
            "first_dealer": "0",
            "target": "151",
            "declaration_comparison": "separate",
            "contra_tie": "all_hang",
        },
    )
    assert response.status_code == 400
    assert not Match.objects.exists()
    assert "Двата отбора трябва да имат различни имена." in response.content.decode()


def test_the_form_keeps_names_as_the_import_keeps_them(client):
    typed = "Ива\u200dн\u0000 \u202eМ\u0308арина"
    match = create_match(client, team_a=typed, player_1=typed)
    export = json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)
    export["teams"]["A"] = typed
    export["players"][0] = typed
    upload = SimpleUploadedFile("m.json", json.dumps(export).encode(), "application/json")
    assert client.post("/bg/match/import/", {"file": upload}).status_code == 302
    copy = Match.objects.exclude(pk=match.pk).get()
    assert match.team_a == copy.team_a == "Иван М\u0308арина"
    assert match.player_1 == copy.player_1 == match.team_a


# Names that draw nothing, the probe's cases: combining marks alone (they draw over nothing, or
# nothing at all), the object replacement character alone, and "Lions" against "Lions" with a
# musical null notehead, which draws nothing.
MARKS_ONLY = ["\u0301\u0301", "\u0332" * 3, "\u0301 \u0332"]
LOOKS_EMPTY = ["\ufffc", "\U0001d159", "\ufffc\u200b\U0001d159"]
NAME_DRAWS_NOTHING = "A name needs a letter, a digit or another sign that can be seen."
LINE_DRAWS_NOTHING = (
    "Line %(line)s: a name needs a letter, a digit or another sign that can be seen."
)


def test_a_name_that_differs_only_by_what_draws_nothing_is_the_same_name():
    assert clean_name("Lions\U0001d159") == "Lions" == clean_name("\ufffcLi\U00016fe4ons")
    assert all(clean_name(name) == "" for name in LOOKS_EMPTY)


def test_letters_of_every_script_and_their_marks_draw_something():
    for name in ["Бойци", "עברית", "العربية", "हिन्दी", "ไทย", "漢字", "7", "♠", "Е\u0308жи"]:
        assert draws_something(clean_name(name)), name
    assert clean_name("שלום \u05b0עולם") == "שלום \u05b0עולם"  # a Hebrew point stays
    assert not any(draws_something(clean_name(name)) for name in MARKS_ONLY + LOOKS_EMPTY)


def new_match(client, language, **names):
    data = {
        "team_a": "Ние",
        "team_b": "Вие",
        "first_dealer": "0",
        "target": "151",
        "declaration_comparison": "separate",
        "contra_tie": "all_hang",
        **names,
    }
    return client.post(f"/{language}/match/new/", data)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", MARKS_ONLY)
def test_a_new_match_refuses_team_and_player_names_that_draw_nothing(client, language, name):
    for field in ("team_a", "team_b", "player_1", "player_4"):
        response = new_match(client, language, **{field: name})
        assert response.status_code == 400, field
        assert said(response, language, NAME_DRAWS_NOTHING), field
    assert not Match.objects.exists()


@pytest.mark.parametrize("name", LOOKS_EMPTY)
def test_a_team_name_of_what_draws_nothing_is_an_empty_name(client, name):
    response = new_match(client, "uk", team_a=name)
    assert response.status_code == 400 and not Match.objects.exists()
    assert said(response, "uk", "This field is required.")


def test_lions_and_lions_with_a_null_notehead_are_one_name(client):
    response = new_match(client, "ru", team_a="Lions", team_b="Lions\U0001d159")
    assert response.status_code == 400 and not Match.objects.exists()
    assert said(response, "ru", "The two teams need different names.")
    match = create_match(client, team_a="Lions\U0001d159", player_1="\ufffcАна")
    assert (match.team_a, match.player_1) == ("Lions", "Ана")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_import_with_a_name_that_draws_nothing_is_refused(client, language):
    match = create_match(client)
    export = json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)
    for teams, players in [({"A": "\u0301\u0301", "B": "Вие"}, None), (None, ["\u0332" * 3] * 4)]:
        data = {
            **export,
            "teams": teams or export["teams"],
            "players": players or export["players"],
        }
        upload = SimpleUploadedFile("m.json", json.dumps(data).encode(), "application/json")
        response = client.post(f"/{language}/match/import/", {"file": upload})
        assert response.status_code == 400
        assert said(response, language, NAME_DRAWS_NOTHING)
    assert Match.objects.count() == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_refuses_a_name_or_a_player_that_draws_nothing(client, language):
    roster = "Ана\nБоби\nВики\nГого"
    for name, players in [("\u0301\u0301", roster), ("Петък", roster + "\n\u0332\u0332\u0332")]:
        response = client.post(f"/{language}/table/new/", {"name": name, "players": players})
        assert response.status_code == 400
        assert said(response, language, NAME_DRAWS_NOTHING)
    assert not Table.objects.exists()
    table = create_table(client, players=roster + "\n\ufffc\nLions")  # a line of nothing: no line
    assert table.players == ["Ана", "Боби", "Вики", "Гого", "Lions"]
    url = reverse("calculator:table-players", args=[table.keeper_key])
    client.cookies.load({"django_language": language})
    refused = client.post(url, {"players": "Дидо\n\u0301\u0301"})
    assert refused.status_code == 400 and said(refused, language, NAME_DRAWS_NOTHING)
    twice = client.post(url, {"players": "Lions\U0001d159"})
    assert twice.status_code == 400
    table.refresh_from_db()
    assert table.players == ["Ана", "Боби", "Вики", "Гого", "Lions"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tournament_refuses_a_name_or_a_player_that_draws_nothing(client, language):
    response = client.post(f"/{language}/tournament/new/", tournament_form(name="\u0301\u0301"))
    assert response.status_code == 400 and said(response, language, NAME_DRAWS_NOTHING)
    pairs = PAIRS + "\n\u0332\u0332\u0332 / Йоана"
    response = client.post(f"/{language}/tournament/new/", tournament_form(pairs=pairs))
    assert response.status_code == 400 and said(response, language, LINE_DRAWS_NOTHING, line=5)
    assert not Tournament.objects.exists()
    tournament = create_tournament(client, pairs=PAIRS + "\nLions / Тигри")
    url = reverse("calculator:tournament-pairs", args=[tournament.keeper_key])
    client.cookies.load({"django_language": language})
    refused = client.post(url, {"pairs": "Я / Ю\nДидо / \u0301\u0301"})
    assert refused.status_code == 400 and said(refused, language, LINE_DRAWS_NOTHING, line=2)
    twice = client.post(url, {"pairs": "Lions\U0001d159 / Тигри\ufffc"})
    assert twice.status_code == 400
    assert said(
        twice, language, "The pair %(pair)s is in the tournament already.", pair="Lions & Тигри"
    )
    assert tournament.pairs.count() == 5


@pytest.mark.parametrize(
    "before, after, conjunction",
    [
        ("Оксана", "Петро", "й"),  # after a vowel, before a consonant
        ("Оксана", "Олег", "й"),  # between vowels
        ("Марія", "Богдан", "й"),
        ("Тарас", "Ліда", "і"),  # after a consonant
        ("Андрій", "Оля", "і"),  # й is a consonant
        ("Ігор", "Ана", "і"),
        ("Оксана", "Юрко", "і"),  # before я, ю, є, ї, й: always «і»
        ("Оля", "Ярема", "і"),
        ("Оля", "Євген", "і"),
        ("Оля", "Їжак", "і"),
        ("Оля", "Йосип", "і"),
        ("Anna", "Petro", "й"),  # a name in Latin letters as it sounds
        ("Tom", "Petro", "і"),
        ("Ана & Боби", "Вики & Гого", "й"),  # a pair: its second player's name ends it
        ("Ана (Варна)", "Петро", "і"),  # a sign other than a letter: a pause
        ("Оксана 7", "Петро", "і"),
        ("", "Петро", "і"),
    ],
)
def test_ukrainian_and_follows_the_sounds_around_it(before, after, conjunction):
    assert ukrainian_and(before, after) == conjunction


@pytest.mark.parametrize(
    "language, text, joined",
    [
        ("uk", "%(first)s і %(second)s", "Оксана й Петро"),
        ("uk", "%(first)s й %(second)s", "Оксана й Петро"),
        ("uk", "Пари «%(first)s» і «%(second)s» уже грали.", "Пари «Оксана» й «Петро» уже грали."),
        ("ru", "%(first)s и %(second)s", "Оксана и Петро"),
        ("bg", "%(first)s и %(second)s", "Оксана и Петро"),
    ],
)
def test_names_joined_in_ukrainian_follow_the_names(language, text, joined):
    with translation.override(language):
        assert names_joined(text, {"first": "Оксана", "second": "Петро"}) == joined
    # a name is a value, never read as the text's own placeholder or conjunction
    with translation.override("uk"):
        values = {"first": "%(second)s і", "second": "Ана"}
        assert names_joined("%(first)s і %(second)s", values) == "%(second)s і й Ана"
