"""One set of words per language (docs/terms.md): the glossary lists them, the calculator's
interface uses them, and no text on the site uses the words the table says to avoid."""

import re
from functools import cache
from pathlib import Path

import polib
import pytest

from rules.content import all_sections
from tests.rules.terms import LANGUAGES, avoided, terms, unquoted

LOCALE = Path(__file__).resolve().parents[2] / "locale"
# The default team names, and the tournament's words: the glossary is the game's.
NOT_IN_GLOSSARY = {"us", "them", "knockout", "bracket"}

# Interface strings (msgctxt, msgid) and the terms each one's translation must use.
INTERFACE = {
    (None, "Contract"): ["contract"],
    (None, "Bidding team"): ["bidders"],
    (None, "The defenders record their share; the bidders' hangs"): [
        "defenders",
        "bidders",
        "hanging",
    ],
    (None, "inside"): ["inside"],
    (None, "Inside, without card points"): ["inside", "card-points"],
    (None, "hanging"): ["hanging"],
    (None, "capot"): ["capot"],
    (None, "all passed"): ["all-passed"],
    (None, "All passed: deal on"): ["all-passed"],
    (None, "target"): ["target"],
    (None, "first dealer"): ["dealer"],
    (None, "New deal"): ["deal"],
    (None, "Card points"): ["card-points"],
    (None, "Capot"): ["capot"],
    (None, "Terces"): ["terce"],
    (None, "Quartes"): ["quarte"],
    (None, "Quintes"): ["quinte"],
    (None, "Carrés"): ["carre"],
    (None, "Belots"): ["belot"],
    (None, "Contra ×2"): ["contra"],
    (None, "Recontra ×4"): ["recontra"],
    (None, "Comparing declarations"): ["declarations"],
    (None, "Declarations of %(name)s"): ["declarations"],
    (None, "Double the capot bonus in no trumps"): ["bonus", "capot", "no-trumps"],
    (None, "Last trick included; in no trumps before doubling."): ["no-trumps"],
    (None, "There are no declarations in no trumps: remove those of %(team)s."): [
        "declarations",
        "no-trumps",
    ],
    (
        None,
        "Made: %(raw_bidders)s to %(raw_defenders)s for %(bidders)s → "
        "%(points_bidders)s to %(points_defenders)s.",
    ): ["made"],
    (None, "Inside: %(defenders)s write the whole deal, %(count)s point."): ["inside"],
    ("team", "Us"): ["us"],
    ("team", "Them"): ["them"],
    ("contract", "no trumps"): ["no-trumps"],
    ("contract", "all trumps"): ["all-trumps"],
    ("double", "contra"): ["contra"],
    ("double", "recontra"): ["recontra"],
    ("declaration", "sequence"): ["sequence"],
    ("declaration", "terce"): ["terce"],
    ("declaration", "quarte"): ["quarte"],
    ("declaration", "quinte"): ["quinte"],
    ("declaration", "carré"): ["carre"],
    ("declaration", "belot"): ["belot"],
    (None, "Start the knock-out stage"): ["knockout"],
    (None, "Knock-out: top %(size)s pair"): ["knockout"],
    (None, "The knock-out stage has already started."): ["knockout"],
    (None, "Or, once the Swiss rounds are done, the knock-out stage"): ["knockout"],
    (None, "Nothing has started yet: check the bracket, then start the knock-out stage."): [
        "knockout",
        "bracket",
    ],
    (
        None,
        "A knock-out's ties follow the bracket (the seeds, then the winners): no two pairs "
        "can be swapped in them.",
    ): ["knockout", "bracket"],
    (
        None,
        "The top pairs of the standings play a bracket seeded by their places (1 v 8, 4 v 5, "
        "2 v 7, 3 v 6 in a top 8), the winners going on round by round to the final; the "
        "losers of the semi-finals play for third place. The top 2 play the final alone. Pairs "
        "can no longer be added or withdrawn.",
    ): ["bracket"],
    (None, "A knock-out stage takes the top 2, 4, 8 or 16 pairs of the standings."): ["knockout"],
    (None, "%(rounds)s Swiss round, then the knock-out"): ["knockout"],
}


@cache
def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))


def translations(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def glossary_columns(language: str) -> dict[str, list[str]]:
    """The glossary's words per language, as lower-case text: the page's own language in the
    first cell of a row, the other two in `<span lang>` in the second."""
    body = next(s for s in all_sections() if s["slug"] == "glossary")["body"][language]
    columns: dict[str, list[str]] = {code: [] for code in LANGUAGES}
    for own, others in re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td></tr>", body, re.S):
        columns[language].append(re.sub(r"<[^>]+>", "", own).strip().lower())
        for code, word in re.findall(r'<span lang="(\w+)">(.*?)</span>', others):
            columns[code].append(word.strip().lower())
    return columns


def test_every_term_has_a_word_in_every_language():
    assert len(terms()) > 30
    for term in terms().values():
        for language in LANGUAGES:
            assert term.headword(language), (term.key, language)


@pytest.mark.parametrize("page_language", LANGUAGES)
def test_the_glossary_lists_every_term_in_all_three_columns(page_language):
    columns = glossary_columns(page_language)
    for term in terms().values():
        if term.key in NOT_IN_GLOSSARY:
            continue
        for language, column in columns.items():
            word = term.headword(language).lower()
            assert any(cell.startswith(word) for cell in column), (term.key, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_interface_uses_the_glossary_terms(language):
    problems = []
    for (context, msgid), keys in INTERFACE.items():
        entry = catalog(language).find(msgid, msgctxt=context) if context else None
        entry = entry or catalog(language).find(msgid)
        assert entry is not None, msgid
        for text in translations(entry):
            for key in keys:
                forms = [form.lower() for form in terms()[key].forms[language]]
                if not any(form in text.lower() for form in forms):
                    problems.append(f"{msgid!r}: {text!r} does not say {forms[0]!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_interface_avoids_the_words_the_table_rules_out(language):
    problems = []
    for entry in catalog(language):
        for text in translations(entry):
            for word, pattern in avoided()[language]:
                if pattern.search(unquoted(text)):
                    problems.append(f"{entry.msgid!r}: {text!r} uses {word!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_avoid_the_words_the_table_rules_out(language):
    problems = []
    for section in all_sections():
        if section["slug"] == "glossary":  # its other columns hold the other languages' words
            continue
        text = unquoted(section["title"][language] + " " + section["body"][language])
        for word, pattern in avoided()[language]:
            for match in pattern.finditer(text):
                problems.append(
                    f"{section['slug']}: {word!r} in …{text[match.start() - 30 : match.end() + 30]}…"
                )
    assert not problems, "\n".join(problems)
