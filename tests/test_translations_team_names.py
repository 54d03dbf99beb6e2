"""A team's name in a sentence of the interface is quoted and named as a team (docs/terms.md,
"Team names in a sentence"): „Ние“ in bg, «Ми»/«Мы» in uk and ru. The default names are words
("Ние" reads as "we"), so an unquoted name reads as a pronoun.

Two ways put the marks around a name: the explanation lines ("why") get names already quoted
by the code (``calculator.games.words._team``), so their msgstr must not quote them again; every
other message gets a bare name, so its msgstr quotes it. A tournament's pair is a team too."""

import ast
import re
from functools import cache
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("bg", "uk", "ru")
QUOTES = {"bg": ("„", "“"), "uk": ("«", "»"), "ru": ("«", "»")}

# Placeholders that always stand for a team's, a pair's or a table's name.
NAMES = {
    "team", "team_a", "team_b", "bidders", "defenders", "taker", "loser", "capot", "pair",
    "table", "winner",
}  # fmt: skip
# Placeholders that name a team only in some messages: the pattern of the msgid that says so.
NAMES_IN = {
    "was": re.compile(r"by %\(was\)s"),  # "(now won by %(was)s)", not "(now %(was)s)"
    "a": re.compile(r"%\(a\)s (and|–) %\(b\)s"),  # two pairs, two teams; not a score "a:b"
    "b": re.compile(r"%\(a\)s (and|–) %\(b\)s"),
    "name": re.compile(r"Declarations of|“%\(name\)s”"),  # not a player's or a section's name
    "other": re.compile(r"so %\(other\)s"),  # the card points' other team
}
# The code's own quotation marks around a name (explain._quoted).
QUOTE = "“%(name)s”"
# A name that stands alone as a label, where the rules leave it unquoted: msgid → why.
LABELS: dict[str, str] = {}


def names_in(msgid: str) -> set[str]:
    found = set(re.findall(r"%\((\w+)\)s", msgid))
    return {p for p in found if p in NAMES or (p in NAMES_IN and NAMES_IN[p].search(msgid))}


@cache
def quoted_by_code() -> frozenset[str]:
    """The strings of the explanation modules (calculator/games/: the shared words, the
    problems' messages and each game's why modules): their team names come in quotes from
    ``words._team``."""
    strings = set()
    games = ROOT / "calculator" / "games"
    for source in [games / "words.py", games / "problems.py", *games.glob("*/*why.py")]:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
    return frozenset(strings)


@cache
def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))


def texts(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def with_names() -> list[polib.POEntry]:
    return [entry for entry in catalog("bg") if names_in(entry.msgid)]


def test_the_messages_with_names_are_found():
    found = {entry.msgid for entry in with_names()}
    assert len(found) > 60
    assert "Game %(game)s is then won by %(team)s, not by %(was)s." in found
    assert "Declarations of %(name)s" in found and "Back to the table %(table)s" in found
    assert "Points hanging after the last deal become %(points)s (now %(was)s)." not in found
    assert any(msgid in quoted_by_code() for msgid in found)  # the explanation lines
    assert LABELS.keys() <= found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_in_a_sentence_is_quoted_once(language):
    opening, closing = QUOTES[language]
    problems = []
    for bg_entry in with_names():
        entry = catalog(language).find(bg_entry.msgid, msgctxt=bg_entry.msgctxt)
        if bg_entry.msgid in LABELS:
            continue
        by_code = bg_entry.msgid in quoted_by_code() and bg_entry.msgid != QUOTE
        for text in texts(entry):
            for name in names_in(bg_entry.msgid):
                placeholder = f"%({name})s"
                assert placeholder in text, (entry.msgid, text)
                inside = f"{opening}{placeholder}{closing}" in text
                if by_code and (opening + placeholder in text or placeholder + closing in text):
                    problems.append(f"quoted twice: {text!r}")
                if not by_code and not inside:
                    problems.append(f"{placeholder} not in {opening}…{closing}: {text!r}")
                if not by_code and text.count(placeholder) != text.count(
                    f"{opening}{placeholder}{closing}"
                ):
                    problems.append(f"{placeholder} once bare: {text!r}")
    assert not problems, "\n".join(problems)


# The word for team (or pair, or table) stands before the name the first time a message names
# it: "отбор „Ние“", "команда «Ми»", "команди «Ми»", "двойката „…“", "пари «…»".
WORDS = {
    "bg": r"(отбор|отбора|двойката|двойките|масата|маса|мачът)",
    "uk": r"(команда|команди|команді|команду|командою|пара|пари|пару|парою|стіл|столу|матч)",
    "ru": r"(команда|команды|команде|команду|командой|пара|пары|пару|парой|стол|столу|матч)",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_name_in_a_message_is_named_as_a_team(language):
    """The messages that quote a bare name say whose it is before it: a bare "„Ние“ печели"
    would still read oddly; only a line the name leads as its label needs no word."""
    opening, closing = QUOTES[language]
    problems = []
    for bg_entry in with_names():
        if bg_entry.msgid in quoted_by_code() or bg_entry.msgid in LABELS:
            continue  # (the code's quotation marks themselves among them)
        if re.match(r"%\(\w+\)s:", bg_entry.msgid):  # "«Ми»: 127 …", a label
            continue
        entry = catalog(language).find(bg_entry.msgid, msgctxt=bg_entry.msgctxt)
        for text in texts(entry):
            first = text.index(opening + "%(")
            if bg_entry.msgid.startswith("A name has at most"):
                continue  # a typed name refused, not a team's in play
            before = text[:first].rstrip()
            if not re.search(WORDS[language] + r"$", before, re.IGNORECASE):
                problems.append(text)
    assert not problems, "\n".join(problems)


# A reader of the .po file alone cannot tell which messages get a name already quoted: the file's
# header says names come quoted, and each message whose msgstr quotes a name itself says so in a
# translator's comment (makemessages would drop a comment the source does not carry: this test
# then fails).


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_messages_that_quote_a_name_themselves_say_so(language):
    po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    assert "are put into sentences already in quotation marks" in po.read_text(encoding="utf-8")
    quoting = {
        entry.msgid
        for entry in with_names()
        if entry.msgid not in LABELS
        and (entry.msgid not in quoted_by_code() or entry.msgid == QUOTE)
    }
    marked = {
        entry.msgid
        for entry in catalog(language)
        if re.search(
            r"Translators:.*(comes as the bare name|come as bare names) here", entry.comment
        )
    }
    assert quoting == marked
