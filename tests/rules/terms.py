"""docs/terms.md read as data: the headword and other forms of each term, and the words to avoid."""

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

TERMS_FILE = Path(__file__).resolve().parents[2] / "docs" / "terms.md"
LANGUAGES = ("bg", "uk", "ru")


@dataclass(frozen=True)
class Term:
    key: str
    forms: dict[str, tuple[str, ...]]  # language -> (headword, other forms...)

    def headword(self, language: str) -> str:
        return self.forms[language][0]


def _table(markdown: str, heading: str) -> list[list[str]]:
    """The body rows of the first table under ``## heading``, as lists of stripped cells."""
    section = markdown.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


@cache
def terms() -> dict[str, Term]:
    found = {}
    for key, bg, uk, ru, _why in _table(TERMS_FILE.read_text(encoding="utf-8"), "Terms"):
        forms = {
            language: tuple(form.strip() for form in cell.split(";"))
            for language, cell in zip(LANGUAGES, (bg, uk, ru), strict=True)
        }
        found[key] = Term(key, forms)
    return found


@cache
def avoided() -> dict[str, list[tuple[str, re.Pattern]]]:
    """Per language, (word as written in the table, pattern that finds it in a text)."""
    found: dict[str, list[tuple[str, re.Pattern]]] = {language: [] for language in LANGUAGES}
    for language, words, _use, _why in _table(TERMS_FILE.read_text(encoding="utf-8"), "Avoid"):
        for word in (word.strip() for word in words.split(",")):
            stem = r"\s+".join(_piece(part) for part in word.removesuffix("…").split())
            end = "" if word.endswith("…") else r"(?!\w)"
            found[language].append((word, re.compile(rf"(?<!\w){stem}{end}", re.I)))
    return found


def _piece(part: str) -> str:
    """One word of an avoided phrase as a pattern: a number in it stands for any number."""
    return "".join(r"\d+" if bit.isdigit() else re.escape(bit) for bit in re.split(r"(\d+)", part))


@cache
def numbers_and_signs() -> dict[str, dict[str, str]]:
    """The table "Numbers and signs": what (raw-totals, score...) -> language -> its example."""
    rows = _table(TERMS_FILE.read_text(encoding="utf-8"), "Numbers and signs")
    return {
        what: dict(zip(LANGUAGES, (bg, uk, ru), strict=True)) for what, bg, uk, ru, _why in rows
    }


def raw_totals(language: str, first: int, second: int) -> str:
    """Two teams' totals in a deal as the language writes them: bg "87 на 75", uk "87 проти 75"."""
    example = numbers_and_signs()["raw-totals"][language]
    numbers = iter((str(first), str(second)))
    return re.sub(r"\d+", lambda _: next(numbers), example)


def unquoted(text: str) -> str:
    """The text without HTML tags, without words marked as another language's
    (`<span lang="bg">вътре</span>`) and without words quoted in «…»: a mention, not a use."""
    text = re.sub(r'<span lang="[a-z]+">.*?</span>', " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"«[^»]*»", " ", text)
