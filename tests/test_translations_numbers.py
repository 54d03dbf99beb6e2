"""Numbers and signs in the interface as docs/terms.md writes them ("Numbers and signs"): a
score is two numbers and a colon without spaces ("151:0", "9:7"), in every message, template
and line the code writes; an en dash only joins a range ("6–7"), a dash is a spaced em dash."""

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("bg", "uk", "ru")
SPACE = r"[ \u00a0\u202f]"
# A number or a placeholder for one, a spaced colon, and another: "151 : 0", "%(a)s : %(b)s".
SPACED_SCORE = re.compile(rf"(\d|%\(\w+\)[sd]){SPACE}+:{SPACE}+(\d|%\()")
# In a template or in Python: "{{ a }} : {{ b }}", "{mine} : {theirs}", "}} : 0".
SPACED_IN_CODE = re.compile(rf"(\}}\}}|\}}|\d){SPACE}+:{SPACE}+(\{{\{{|\{{|\d)")


def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))


def texts(entry: polib.POEntry) -> list[str]:
    translated = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
    return [entry.msgid, entry.msgid_plural or "", *translated]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_writes_a_score_with_spaces(language):
    found = [t for e in catalog(language) for t in texts(e) if SPACED_SCORE.search(t)]
    assert not found, "\n".join(found)


def interface_files():
    for folder in ("calculator", "templates", "rules/templates", "belot_site"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".html", ".txt") or (
                path.suffix == ".py"
                and "engine" not in path.parts
                and "migrations" not in path.parts
            ):
                yield path


def test_no_template_or_code_writes_a_score_with_spaces():
    found = []
    for path in interface_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if SPACED_IN_CODE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_en_dash_in_a_message_only_joins_a_range(language):
    """ "6–7", "%(first)s–%(last)s" join a range; "маса 1 – с маса 2" is a dash: "—"."""
    found = []
    for entry in catalog(language):
        for text in texts(entry)[2:]:
            for dash in re.finditer("–", text):
                if not re.fullmatch(r"[\w)]–[\w%]", text[dash.start() - 1 : dash.end() + 1]):
                    found.append(text)
    assert not found, "\n".join(found)


# Russian: where a line must not break, the message says so itself with U+00A0 (docs/terms.md,
# "Numbers and signs"): most messages are shown without belot_site/typography.py's tie(), which
# the rules page and the explanation lines go through. Before a spaced dash ("козырь — червы"),
# inside a formula ("(13 + 9) × 2 = 44", "%(base)s × %(multiplier)s = %(count)s"), before an
# operator ("160 + заявка"), and between a number and its word ("%(count)s очков", "8 карт").
# Choice labels and buttons are left to wrap as the page lays them out.
RU_LABELS = {
    "160 + the bid",
    "162 + the bid",
    "Points + bid",
    "To the nearest ten (84 → 80, 85 → 90)",
    "%(points)s waits",
    "%(points)s hangs",
    "Show all %(deals)s deal of this game",
}
NUMBER = r"(?:\d+(?:,\d+)?|%\(\w+\)s)"
OPERAND = rf"[(]*[+−]?{NUMBER}[)]*"
FORMULA = re.compile(rf"(?<![\w%]){OPERAND}(?:\s+[+−×=→≈/]\s+{OPERAND})+(?![\w(])")
NUMERIC = r"count|points|max|min|games|deals|size|matches|rounds|margin|minutes|length|total|won"
BREAKABLE = r"[ \t\r\n]"


def lines_that_break_where_they_must_not(text: str) -> list[str]:
    found = [m[0] for m in FORMULA.finditer(text) if re.search(BREAKABLE, m[0])]
    found += re.findall(rf"\S+{BREAKABLE}+—(?=\s)", text)  # a dash starting a line
    found += re.findall(rf"[\w)%]+{BREAKABLE}+[+−×=→](?=\s)", text)  # an operator (not "+ won")
    found += re.findall(rf"(?:(?<![\w%])\d+|%\((?:{NUMERIC})\)s){BREAKABLE}+[^\W\d_]+", text)
    return found


def test_russian_messages_keep_a_dash_a_formula_and_a_number_s_word_on_the_line():
    found = []
    for entry in catalog("ru"):
        if entry.msgid in RU_LABELS:
            continue
        for text in texts(entry)[2:]:
            found += lines_that_break_where_they_must_not(text)
    assert found == []
    said = "Заявка — от 80 до 160; (13 + 9) × 2 = 44, %(count)s очков, 160 + заявка, + победа"
    found = lines_that_break_where_they_must_not(said)
    assert {"(13 + 9) × 2 = 44", "Заявка —", "160 +", "80 до", "%(count)s очков"} <= set(found)
    assert not [line for line in found if "победа" in line]  # a sign in a legend, not an operator
    tied = "Заявка\xa0— от 80\xa0до 160; (13\xa0+\xa09)\xa0×\xa02\xa0=\xa044, %(count)s\xa0очков"
    assert lines_that_break_where_they_must_not(tied) == []


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["belot", "classic", "contree", "coinche"])
def test_the_russian_deal_page_s_chips_and_buttons_wrap_freely(client, game):
    """No U+00A0 in a choice's chip or a button of the deal page: the page lays them out at
    360 px (tests/e2e/test_deal_taps.py), and a tied label could not wrap there."""
    from tests.calculator.conftest import create_match
    from tests.calculator.french import create_french_match

    names = {"team_a": "Мы", "team_b": "Они"}
    if game == "belot":
        match = create_match(client, "ru", **names)
    else:
        extra = {"contree_no_and_all_trumps": "true"} if game == "coinche" else {}
        match = create_french_match(client, game, "ru", **names, **extra)
    html = client.get(f"/m/{match.scorer_key}/deal/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    chips = re.findall(r'<label class="chip"[^>]*>(.*?)</label>', html, re.S)
    buttons = re.findall(r"<button\b[^>]*>(.*?)</button>", html, re.S)
    assert len(chips) > 8 and buttons
    assert "Разыграна, с очками за карты" in html or game != "belot"
    assert [label for label in chips + buttons if "\u00a0" in label] == []
