"""The three languages as a native reader checks them: each language's quotes and apostrophe,
dashes that are dashes, lines that do not break where they must not, and the defects of the
language review of 2026-12-01 (issue #22) gone for good, their corrections in place."""

import re

import polib
import pytest

from belot_site.typography import NBSP
from rules.content import LANGUAGES, all_sections
from tests.rules.test_terms import LOCALE

TAG = re.compile(r"<[^>]+>")


def own_text(html: str, language: str) -> str:
    """The text of ``html`` without its tags and without the words marked as another language's
    (a Ukrainian word quoted in the Bulgarian glossary keeps its own quotes)."""
    html = re.sub(
        r'<span lang="(\w+)">.*?</span>',
        lambda span: span[0] if span[1] == language else " ",
        html,
        flags=re.S,
    )
    return TAG.sub(" ", html)


def rules_text(language: str) -> str:
    return " ".join(
        own_text(section["title"][language] + " " + section["body"][language], language)
        for section in all_sections()
    )


def interface_texts(language: str) -> list[str]:
    catalog = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    texts = []
    for entry in catalog:
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        texts += [TAG.sub(" ", form) for form in forms]
    return texts


def every_text(language: str) -> list[str]:
    return [rules_text(language), *interface_texts(language)]


# Quotes, apostrophe, dashes

QUOTES = {"bg": ("„", "“"), "uk": ("«", "»"), "ru": ("«", "»")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_quotes_with_its_own_languages_marks(language):
    opening, closing = QUOTES[language]
    wrong = set('«»„“"') - {opening, closing}
    for text in every_text(language):
        assert not wrong & set(text), text[:200] if len(text) < 500 else "the rules"
        assert text.count(opening) == text.count(closing), text[:200]


def test_ukrainian_writes_the_apostrophe_as_a_typographic_one():
    for text in every_text("uk"):
        assert not re.search(r"\w['ʼ`]\w", text), text[:200]
    assert "з’єднання" in " ".join(interface_texts("uk"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_dash_is_a_dash_and_raw_totals_read_81_on_81(language):
    for text in every_text(language):
        assert " - " not in text, text[:200]
    rules = rules_text(language)
    assert not re.search(r"\d – \d", rules)  # "87 – 75" is "87 на 75"; a score is "9:7"
    assert "87 на 75" in rules and "81 на 81" in rules


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.django_db
def test_the_rules_page_never_breaks_a_line_where_it_must_not(client, language):
    html = client.get(f"/{language}/rules/").content.decode()
    body = html.split('<div class="rules-body">', 1)[1]
    body = re.sub(r"</?(?:strong|em|b|a|abbr|span)\b[^>]*>", "", body)  # inline: the line goes on
    body = TAG.sub("|", body)  # a new block (a cell, an item, a paragraph) starts a new line
    breakable = " \t\r\n"
    for pattern in (
        rf"\d[{breakable}]+[♣♦♥♠]",  # 10 ♠
        rf"\d[{breakable}]+[^\W\d_]",  # 151 точки
        rf"[^\W\d_][{breakable}]+[♣♦♥♠]",  # купа ♥
        rf"[{breakable}]+—",  # a dash at the start of a line
    ):
        found = re.search(pattern, body)
        assert found is None, (pattern, body[found.start() - 40 : found.end() + 40])
    assert body.count(NBSP) > 500


# The review's defects, in the words that must not come back and those that replaced them

GONE = {
    "bg": [
        "Точно това число пита",
        "Точно това пита",
        "каретата на А пак щяха",
        "игрови точки",
        "не си длъжен да слагаш коз",
        "коинш",
        "може още веднъж да вдигне",
        "Връзката на записващия",
    ],
    "uk": [
        "аби ще не",
        "всі решту",
        "при нічиїй",
        "б’є 8 ♥",
        "перебиває 9 ♥",
        "записувач",
        "коінш",
        "може ще раз підвищити її вартість",
        "Белот доводить себе сам",
        "як саме — див",
        "стільки ж, як",
        "у грі в масть",
        "«Вътре»",
        ", стає 157:162",
    ],
    "ru": [
        "бьёт 8 ♥",
        "перебивает 9 ♥",
        "раздаёт",
        "записывающ",
        "коинш",
        "может ещё раз поднять её стоимость",
        "Белот доказывает себя сам",
        "или даже младше него",
        "Сумму подводят",
        "в игре в масть",
        "«Вътре»",
        ", становится 157:162",
    ],
}
THERE = {
    "bg": [
        "Точно за това число пита",
        "карето на А пак щеше да се запише",
        "Пример 2 (купа коз, ти играеш четвърти)",
        "Ако имаш само по-слаб коз (например дамата ♥), не си длъжен да цакаш",
        "обявяването свършва, когато след последната обява другите трима кажат пас",
        "Белот-ребелот носи 20 и тук",
        "Висящите точки от последното раздаване на играта",
        "копирайте връзката под „Връзка за записващия“",
        "уговорка на масата",
    ],
    "uk": [
        "роздають заново, поки не зіграно жодної карти",
        "візьме всі взятки, які лишилися",
        "партнер б’є вісімкою ♥, другий суперник перебиває дев’яткою ♥",
        "рахунок стає 157:162",
        "Висячі очки з останньої роздачі гри",
        "Белот-ребелот і тут дає 20",
        "Посилання для того, хто веде рахунок",
        "Контра за рівних сум",
        "деберцу й клабору",
        "домовленість столу",
        "у грі в масті буває щонайбільше один белот",
    ],
    "ru": [
        "партнёр бьёт восьмёркой ♥, второй соперник перебивает девяткой ♥",
        "счёт становится 157:162",
        "Висящие очки последней раздачи игры",
        "Белот-ребелот и здесь даёт 20",
        "сдаёт следующий игрок",
        "Выберите, кто сдаёт первым",
        "из раздела «Ссылка для ведущего счёт»",
        "В мастевой игре бывает не больше одного белота",
        "деберцу и клабору",
        "договорённость стола",
    ],
}


def everything(language: str) -> str:
    texts = [
        TAG.sub(" ", section["title"][language] + " " + section["body"][language])
        for section in all_sections()
    ]
    return " ".join(" ".join(text.split()) for text in texts + interface_texts(language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reviews_defects_do_not_come_back(language):
    text = everything(language).lower()
    assert [phrase for phrase in GONE[language] if phrase.lower() in text] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reviews_corrections_are_in_place(language):
    text = everything(language).lower()
    assert [phrase for phrase in THERE[language] if phrase.lower() not in text] == []
