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
