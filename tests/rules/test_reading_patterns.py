"""Patterns the native readings of the rules and the interface found, kept away for good:
docs/terms.md decides each (the address form, the team named as a team, the name of all trumps,
"scored" in Ukrainian, the rounding said by its last digit)."""

import re

import pytest

from rules.content import LANGUAGES
from tests.rules.test_language import every_text, interface_texts, rules_text

# A default team name standing bare as the subject of a plural verb ("«Ми» записують", "виграють
# «Ми»", "а «Вони» — нічого"): docs/terms.md, "Team names in a sentence", names it as a team with
# a singular verb ("команда «Ми» записує"). Labels ("«Ми»: 127 за карти", "1 («Ми»)", the two
# columns "«Ми» і «Вони»") do not take a verb and are not caught, nor a name standing alone after
# the same sentence named the team ("команда «Ми» записує 6, «Вони» — 10").
NAMES = {"bg": ("„Ние“", "„Вие“"), "uk": ("«Ми»", "«Вони»"), "ru": ("«Мы»", "«Они»")}
TEAM_WORD = {"bg": r"отбор\w*", "uk": r"команд\w*", "ru": r"команд\w*"}
PLURAL_VERB = {
    "bg": r"\w+(?:ат|ят)",
    "uk": r"\w+(?:ють|ять|уть|ли)",
    "ru": r"\w+(?:ют|ят|ут|ли)",
}


def bare_names_with_plural_verbs(text: str, language: str) -> list[str]:
    names = "|".join(re.escape(name) for name in NAMES[language])
    verb = PLURAL_VERB[language]
    found = []
    for match in re.finditer(rf"(?<!\w)(\w+\s+)?({names})(\s+(?:{verb}\b|—))?", text):
        before, after = match[1] or "", match[3] or ""
        if re.fullmatch(TEAM_WORD[language] + r"\s+", before):
            continue
        dash = after.strip() == "—"
        verb_after = after and not dash
        ellipsis = dash and before.strip() == "а"  # "а «Вони» — нічого"
        verb_before = re.fullmatch(verb + r"\s+", before)
        if verb_after or ellipsis or verb_before:
            found.append(match[0])
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_name_a_team_as_a_team_before_a_verb(language):
    assert bare_names_with_plural_verbs(rules_text(language), language) == []


def test_the_check_finds_a_bare_name_with_a_plural_verb():
    assert bare_names_with_plural_verbs("тож «Ми» записують 120, а «Вони» — нічого", "uk") == [
        "тож «Ми» записують",
        "а «Вони» —",
    ]
    assert bare_names_with_plural_verbs("и побеждают «Мы»: у них больше", "ru") == [
        "побеждают «Мы»"
    ]
    assert bare_names_with_plural_verbs("команда «Мы» записывает 120", "ru") == []
    assert bare_names_with_plural_verbs("<li>«Ми»: 127 за карти</li>", "uk") == []


# One address form in the rules: the reader is "ти" / "ты" / "ти" (the rules of play speak to the
# player at the table); the examples name the teams, and what a table agrees on is said
# impersonally ("про це домовляються до гри"). The interface keeps the polite form of a site.
OTHER_FORM = {
    "bg": r"\b(?:вас|ви|ваш\w*|изберете|въведете|уговорете|посочете|играете|водите|искате"
    r"|започнете|разберете|правите|записвате|изкарвате|стигате)\b",
    "uk": r"\b(?:ви|вас|вам|вами|ваш\w*|\w+(?:ете|єте)|(?!навіть\b)\w+(?:йте|ьте|іть|їть)(?:ся)?"
    r"|\w+теся)\b",
    "ru": r"\b(?:вы|вас|вам|вами|ваш\w*|(?!(?:под)?счёте\b)\w+(?:ете|ёте)|\w+(?:ите|йте|ьте)(?:сь)?)\b",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_speak_to_the_reader_in_one_form(language):
    text = re.sub(r"[„«]\w+[“»]", " ", rules_text(language))  # a quoted team name is a name
    assert sorted({word.lower() for word in re.findall(OTHER_FORM[language], text, re.I)}) == []


# All trumps named as the contract's name ("у грі «усі козирі»"), never "в усіх козирях".
@pytest.mark.parametrize(
    ("language", "avoid"), [("uk", r"\b[ву] (?:усіх|всіх) козирях"), ("ru", r"\bво всех козырях")]
)
def test_all_trumps_is_named_as_a_game(language, avoid):
    assert [text for text in every_text(language) if re.search(avoid, text, re.I)] == []


def test_ukrainian_says_scored_as_zarakhovuietsia():
    found = [text for text in every_text("uk") if re.search(r"\bрахуют?ься|\bрахується", text)]
    assert found == []


# The rounding threshold is a last digit: "up from 7" read as "from 7 points up".
ROUNDING_FROM = {"bg": r"нагоре от", "uk": r"вгору від", "ru": r"вверх с"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_rounding_names_the_last_digit(language):
    pattern = ROUNDING_FROM[language] + r" (?:\d|%\(up_from\)s)"
    assert [text for text in every_text(language) if re.search(pattern, text)] == []


# "8 очок висить" (docs/terms.md, "hanging"), but "висячі 11 очок чекають": a plural word that
# agrees with the number before it makes the verb plural in Ukrainian.
NUMBER = r"(?:\d+|%\(\w+\)s)"
UK_PLURAL_WORD = r"(?<!\w)(?:висячі|інші)\s+" + NUMBER + r"\s+очок"


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_five_points_and_more_hang_and_wait_in_the_singular(language):
    plural = {
        "uk": r"очок(?: [^:.;]*?)? (?:висять|чекають|висітимуть|чекатимуть)\b"
        rf"|(?:висять|чекають) {NUMBER} очок",
        "ru": r"очков(?: [^:.;]*?)? (?:висят|ждут)\b",
    }
    texts = interface_texts(language) + [rules_text(language)]
    found = []
    for text in texts:
        for match in re.finditer(plural[language], text):
            agreed = re.search(UK_PLURAL_WORD + r"\s*$", text[: match.start() + 4], re.I)
            if not (language == "uk" and agreed):
                found.append(text[max(0, match.start() - 40) : match.end()])
    assert found == []


def test_a_plural_word_before_the_number_makes_the_ukrainian_verb_plural():
    singular = UK_PLURAL_WORD + r"(?: [^:.;]*?)? (?:висить|чекає|висітиме|чекатиме)\b"
    texts = interface_texts("uk") + [rules_text("uk")]
    assert [match[0] for text in texts for match in re.finditer(singular, text, re.I)] == []
    assert re.search(singular, "Висячі 11 очок із попередньої роздачі й далі чекає.", re.I)


# The у/в euphony of Ukrainian: "заявляє всі козирі", "або всі козирі", "коли всі пасують";
# "усі" after a consonant or a pause ("грають усі козирі", "Отже, у всіх"), and a quoted
# «усі козирі» keeps the contract's name.
def test_ukrainian_says_vsi_after_a_vowel():
    after_vowel = r"(?<!\w)\w*[аеєиіїоуюя] усі\b"
    texts = interface_texts("uk") + [rules_text("uk")]
    found = [match[0] for text in texts for match in re.finditer(after_vowel, text, re.I)]
    assert found == []


def test_ukrainian_names_the_taker_as_the_form_does():
    """Classic belote's taker is «команда, що взяла», the form's word, not «ті, хто взяв»."""
    relative = r"(?<!\w)(?:ті|тих|тим|тими),\s+хто\s+взяв"
    texts = interface_texts("uk") + [rules_text("uk")]
    assert [match[0] for text in texts for match in re.finditer(relative, text, re.I)] == []
