"""The three languages as a native reader checks them: each language's quotes and apostrophe,
dashes that are dashes, numbers written as docs/terms.md sets them, team names named as teams,
lines that do not break where they must not, and the defects the language reviews found gone for
good, their corrections in place."""

import re

import polib
import pytest

from belot_site.typography import NBSP
from rules.content import LANGUAGES, all_sections
from tests.rules.terms import numbers_and_signs, raw_totals
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
    assert raw_totals(language, 87, 75) in rules and raw_totals(language, 81, 81) in rules


# Numbers and signs in the rules, as docs/terms.md writes them (the interface keeps them too:
# tests/test_translations_numbers.py)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_write_a_score_without_spaces_and_an_en_dash_only_in_a_range(language):
    rules = " ".join(rules_text(language).split())
    spaced = re.search(r"\d\s+:\s*\d", rules)  # "151 : 0"; a note's "9: 252" is a label
    assert spaced is None, rules[spaced.start() - 60 : spaced.end() + 20]
    assert numbers_and_signs()["score"][language] == "151:0"
    for dash in re.finditer("–", rules):  # "6–7", "80–160": never "отбор 1 – с отбор 2"
        assert re.fullmatch(r"\w–\w", rules[dash.start() - 1 : dash.end() + 1]), rules[
            dash.start() - 60 : dash.end() + 20
        ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_write_a_contree_bid_as_the_table_does(language):
    rules = rules_text(language)
    assert numbers_and_signs()["contree-bid"][language] in rules
    nominative = {"uk": "чирви|бубни|піки|трефи", "ru": "червы|бубны|пики|трефы"}.get(language)
    if nominative:  # after a number of tens, the genitive plural: «100 чирв», «80 червей»
        assert not re.search(rf"\d0\s+(?:{nominative})(?!\w)", rules)
    else:
        assert not re.search(r"\d0\s+на\s+(?:спатия|каро|купа|пика)", rules)


def test_ukrainian_names_the_bidders_once_and_then_refers_to_them():
    """The review of 2026-12-05 counted «команда, що грає» 25 times and «ті, хто грає / взяв» 49
    times. A passage names the role once; then «вона», «вони», the team's name or the result."""
    rules = " ".join(rules_text("uk").split())
    bidders = re.findall(r"команд\w*,\s+що\s+гра\w*", rules, re.I)
    relative = re.findall(r"\b(?:ті|тих|тим|тими),\s+хто\s+(?:грає|грав|взяв|візьме)", rules, re.I)
    assert len(bidders) <= 24, bidders
    assert len(relative) <= 11, relative
    for calque in ("останні десять", "останні 10", "останніми 10"):  # Bulgarian "последните 10"
        assert calque not in rules
    assert "«десять за останню»" in rules and "10 за останню взятку" in rules


# Team names in a sentence (docs/terms.md): quoted, and named as a team the first time a
# paragraph mentions one; alone only as a label (the sheet's columns, a line the name leads)

TEAM = {
    "bg": (("„Ние“", "„Вие“"), r"отбор"),
    "uk": (("«Ми»", "«Вони»"), r"команд\w*"),
    "ru": (("«Мы»", "«Они»"), r"команд\w*"),
}
LABELS = {
    "bg": ["две колони:", "На листа се пише"],
    "uk": ["два стовпці:", "На аркуші пишуть"],
    "ru": ["два столбца:", "На листе пишут"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_name_a_team_as_a_team_before_its_name(language):
    names, word = TEAM[language]
    bare = []
    for section in all_sections():
        body = section["body"][language]
        for _tag, block in re.findall(r"<(p|li)\b[^>]*>(.*?)</\1>", body, re.S):
            text = " ".join(TAG.sub(" ", block).split())
            found = [text.find(name) for name in names if name in text]
            if not found or any(label in text for label in LABELS[language]):
                continue
            first = min(found)
            if text[first:].startswith(tuple(f"{name}:" for name in names)) and first == 0:
                continue  # «Ми»: 127 за карти…
            if not re.search(rf"(?i){word}\s*(?:—\s*)?$", text[:first]):
                bare.append(f"{section['slug']}: …{text[max(0, first - 50) : first + 30]}…")
    assert bare == []


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
        rf"[\d)][{breakable}]+[+−×=][{breakable}]+[\d(]",  # a sum's sign starting a line
        rf"=[{breakable}]+\d",  # a sum's result alone on a line
    ):
        found = re.search(pattern, body)
        assert found is None, (pattern, body[found.start() - 40 : found.end() + 40])
    assert body.count(NBSP) > 500
    assert re.search(rf"\(15{NBSP}\+{NBSP}\d+\){NBSP}×{NBSP}2{NBSP}={NBSP}\d+", body)


# The interface's messages outside the explanation lines are shown untied (belot_site/
# typography.py): the Bulgarian and Ukrainian translations tie a dash to the word before it
# themselves, and Bulgarian writes a number and its "%" apart, tied ("55 %", the Bulgarian
# norm; Ukrainian keeps "55%"). The Russian translation is left to its own reading.
@pytest.mark.parametrize("language", ["bg", "uk"])
def test_a_message_never_starts_a_line_with_a_dash(language):
    texts = interface_texts(language)
    assert [text for text in texts if re.search(r"[ \t\n]—", text)] == []
    number = r"(?:\d|%\(\w+\)s)"
    sign = r"%(?!\()"  # not a placeholder's "%(name)s"
    assert [text for text in texts if re.search(rf"{number} {sign}", text)] == []  # untied
    tight = [text for text in texts if re.search(rf"{number}{sign}", text)]  # "55%"
    tied = [text for text in texts if re.search(rf"{number}{NBSP}{sign}", text)]
    if language == "bg":
        assert tight == [] and tied
    else:
        assert tight and tied == []


# A formula is a number's words too: "(16 + 9) × 2 = 50" never breaks, nor does a line start with
# an operator. The Russian rules' files carry U+00A0 around the operators of their formulas
# (belot_site/typography.py ties only the multiplication sign). A formula longer than half a
# phone's line may break after a plus ("4 × (19 + 10 + 4 + 3 + 2) +" / "10 = 162"), and so may
# one in a table's cell, whose column is narrower still (the worked deal's seven columns, "25 +
# 10", kept the page 360 px wide only so). docs/terms.md, "Russian: other choices".
FORMULA = re.compile(
    r"(?<![\w%])[(]*[+−]?\d+(?:,\d+)?[)]*(?:\s+[+−×=→≈/]\s+[(]*[+−]?\d+(?:,\d+)?[)]*)+(?![\w(])"
)
FORMULA_MAX = 30  # characters a formula may have and never break


def breakable_formulas(text: str, narrow: bool = False) -> list[str]:
    """Formulas a line may break in: any of up to ``FORMULA_MAX`` characters with a breakable
    space (in a ``narrow`` cell, none), a longer one with one elsewhere than after a plus."""
    short = FORMULA_MAX if not narrow else 0
    return [
        formula
        for formula in (match[0] for match in FORMULA.finditer(text))
        if re.search(r"(?<!\+)[ \t\r\n]", formula)
        or (len(formula) <= short and re.search(r"[ \t\r\n]", formula))
    ]


def operators_starting_a_line(text: str) -> list[str]:
    return re.findall(r"\S+[ \t\r\n]+[+−×=→](?=[ \t\r\n\xa0])", text)


@pytest.mark.django_db
def test_the_russian_rules_page_keeps_a_formula_on_one_line(client):
    html = client.get("/ru/rules/").content.decode()
    body = html.split('<div class="rules-body">', 1)[1]
    body = re.sub(r"</?(?:strong|em|b|a|abbr|span)\b[^>]*>", "", body)
    found = []
    for tag, block in re.findall(r"<(p|li|td|th|caption)\b[^>]*>(.*?)</\1>", body, re.S):
        found += breakable_formulas(block, narrow=tag == "td")
        found += operators_starting_a_line(block)
    assert found == []
    assert breakable_formulas("даёт (16 + 9) × 2 = 50 очков") == ["(16 + 9) × 2 = 50"]
    assert operators_starting_a_line("(160 + заявка\xa0+ белот)") == ["(160 +"]
    long = "4\xa0×\xa0(19\xa0+\xa010\xa0+\xa04\xa0+\xa03\xa0+\xa02)\xa0+ 10\xa0=\xa0162"
    assert breakable_formulas(long) == []
    assert breakable_formulas(long.replace("\xa0=", " =")) == [long.replace("\xa0=", " =")]
    assert breakable_formulas("25\xa0+ 10", narrow=True) == []
    assert breakable_formulas("25\xa0+ 10") == ["25\xa0+ 10"]


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
        "пак взима „Ние“",
        "„Ние“ записват",
        "„Вие“ записват",
        "Отбор А има",
        "се унищожават",
        "не се събират в две ръце",
        "класиране на стената",
        "Първи играе",
        "Запази резултата",
        "Излязло е с",
        "закръглят 86 на 8",
        "се сборуват",
        "Каре са четирите",
        "но за всичките си карета",
        "падне като цакане",
        "когато е изиграна коз",
        "участва квинтата до асо",
        "противниците изкарват играта",
        "уговорка на масата, затова",
        "обичай, а не правило: те",
        "Какво е като",
        "стойността на картите",
        "се надпреварват коя игра",
        "Изкарана, вътре или висяща",
        "Формулярът е остарял",
        "ако масата не се е уговорила друго",
        "взима го отборът, който спечели следващото изиграно раздаване: взелите",
        "Този мач се играе само с коз",
        "%(carre)s е въведено повече от веднъж",
        "правилникът на Френската федерация по белот от 2016 г.",
        "Телефонът забрави",
        "поискана по начин",
        "обява %(bid)s няма",
        "остава излишна",
        "Пример, купа",
        "Партньорите са един срещу друг",
        "раздаването на белота.",
        "не дават 16 (или 26) плюс анонсите, някой",
        "Нито една не е в коз",
        "единичен анонс",
        "Отговаряне на цвета",
        "Пазете я за себе си",
        "са броени по обичайните",
        "раздаване с всички пас",
        "започва без множител",
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
        "останні десять",
        "«до чого?»",
        "так, ніби вона сіла",
        "від французького дієслова",
        "«100 чирви»",
        "80 чирви",
        "не важить",
        "взятка зараз у суперника →",
        "на користь команди",
        "Це не наші",
        "пропадають у порівнянні",
        "У калькуляторі:",
        "запиши послідовності обох команд на одну команду",
        "Болгари називають їх «анонси»",
        "у своїй масті",
        "не порівнюють окремо, як у нашому белоті",
        "Україномовні гравці",
        "в одному «котлі»",
        "для вашої компанії: її",
        "роздачі зі спірної роздачі",
        "Вгору округлюють",
        "вміщаються у дві руки",
        "найвищого терца",
        "найвищої кварти",
        "найвищої квінти",
        "зараз її виграє",
        "Сітка йде за місцями",
        "суми її ігор разом",
        "бо її покладено",
        "федерації белоту 2016 року",
        "зараховує ваш стіл",
        "Контре і coinche",
        "Місця зсунуто",
        "в матчах, які він грав",
        "будь-коли приймає",
        "20 очок, які завжди лишаються за командою, у якої",
        "і вона сіла: записує",
        "запитали в спосіб",
        "не дають 16 (чи 26) плюс комбінації, хтось",
        "першим ходить:",
        "не є експортом",
        "дістаються їй",
        "помножені з контрою",
        "лежить купкою",
        "інша — за жодну",
        "й далі їх відкривають",
        "мети досягла тільки вона",
        "Поділена на 10",
        "Кожному додають",
        "за новим столом",
        "розводять у сітку",
        "Середні очки за роздачу",
        "Поки нічого записувати",
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
        "одного достоинства: 100,",
        "за некоторыми столами бьют",
        "Так ничего не пропадёт при сравнении комбинаций",
        "вчетвером, две команды",
        "по-прежнему ждёт",
        "но соперники выполняют контракт",
        "одно из следующего",
        "Где их играют",
        "получила капо",
        "при равенстве",
        "Открыть карты.",
        "Бить козырем, когда взятка у партнёра.",
        "последовательностями соперников",
        "сумма взявших висит",
        "висят 81",
        "Перенести этот матч в новый стол",
        "уже есть за этим столом",
        "Телефон забыл",
        "как их считает ваш стол",
        "стол вёл счёт",
        "все столы закончат",
        "в разделе классический белот",
        "в разделе контре",
        "Это не наши без козыря",
        "карты которой бьют все остальные",
        "Полное название комбинации",
        "федерации белота 2016 года",
        "очередь сдавать не начинается заново",
        "Все восемь карт сдают сразу",
        "из спорной раздачи будет ждать",
        "QR-код ссылки для слежения",
        "можно заявить и без козыря, и все козыри",
        "Классический белот коротко",
        "Контре коротко",
        "Обе команды за чертой",
        "Средние очки за раздачу",
        "если нет и этого",
        "при её отсутствии",
        "показалась карта",
        "какую-то обязанность",
        "Именно это число",
        "одного белот-ребелота",
        "от глагола, которым её объявляют",
        "Взявшие должны набрать больше соперников",
        "запросили способом",
        "масти на одной руке",
        "карты сбрасывают и собирают",
        "исправлено: %(deal)s",
        "записано «все пас»: %(deal)s",
        "очередь сдавать не сбрасывается",
        "но не больше, чем у команды",
        "суммы её игр вместе",
        "будет висеть %(points)s",
        "на сколько умножает",
        "лицом вверх",
        "нидерландский",
        "дальше называем",
    ],
}
THERE = {
    "bg": [
        "Точно за това число пита",
        "карето на отбор „Ние“ пак щеше да се запише",
        "затова отбор „Ние“ записва 100 + 20 = 120 за анонси, а отбор „Вие“ — нищо",
        "превърнати в точки от 162",
        "Не я давайте на други — само на този",
        "Отговор на цвета",
        "и то всичките си карета",
        "се въвеждат като анонси на един отбор — на този, който печели раздаването",
        "Пример 2 (купа коз, ти играеш четвърти)",
        "Ако имаш само по-слаб коз (например дамата купа), не си длъжен да подцакваш",
        "противник излиза с десетка пика, партньорът ти слага асото пика",
        "осемте карти участват като квинта до асо",
        "но отбор „Вие“ изкарва играта и записва цялото раздаване",
        "Общото с българския белот",
        "Общото с класическия белот",
        "както е описано в раздела „Кога се обявяват анонсите“",
        "вж. силата и точките на картите",
        "отборите наддават за това коя игра ще се играе",
        "Изкарана, вкарана или висяща игра",
        "Така при обичайното правило „Поредиците и каретата поотделно“ нищо не отпада",
        "Формулярът е с изтекла валидност",
        "обявяването свършва, когато след последната обява другите трима кажат пас",
        "Белот-ребелот носи 20 и тук",
        "Висящите точки от последното раздаване на играта",
        "копирайте връзката под „Връзка за записващия“",
        "уговорка на масата",
        "пак взима отбор „Ние“",
        "Само обявеното: обявилите записват обявеното",
        "Точките + обявеното",
        "160 + обявеното",
        "Този мач се играе само на цвят",
        "затова внасянето е спряно",
        "В калкулатора се въвеждат една квинта до асо",
        "В калкулатора белот се въвежда, само ако масата го е признала",
        "Дали се брои белот, казан едва с втората карта",
        "ако не е уговорено друго",
        "В играта coinche анонсите",
        "За отбор %(team)s е въведено повече от веднъж %(carre)s",
        "взелите, ако изкарат играта, или другият отбор",
        "правилникът от 2016 г. на Френската федерация по белот",
        "за които в него няма настройка",
        "Премахни ги от този телефон",
        "Страницата не може да обработи такава заявка",
        "%(bid)s не е възможна обява",
        "карта в повече",
        "Пример (купа с контра)",
        "Партньорите седят един срещу друг",
        "срещу теб е партньорът ти",
        "Официалните правила на българския белот не казват",
        "ако двете записани числа заедно не дават",
        "обичай, а не правило , и се уговарят",
        "Каре аса, десетки, попове или дами",
        "като отбора с повече точки, а обявилите",
        "всяко предложение за игра по време на обявяването",
        "не може сам да вдигне обявата си",
    ],
    "uk": [
        "роздають заново, поки не зіграно жодної карти",
        "візьме решту взяток",
        "партнер б’є вісімкою ♥, другий суперник перебиває дев’яткою ♥",
        "рахунок стає 157:162",
        "Висячі очки з останньої роздачі гри",
        "Белот-ребелот і тут дає 20",
        "Посилання для ведення рахунку",
        "Контра за рівних сум",
        "за деберцом і клабором",
        "домовленість столу",
        "у грі в масті буває щонайбільше один белот",
        "«десять за останню»",
        "«до якої?»",
        "«100 чирв»",
        "заявляє 80 чирв",
        "розмовно coinche — звідси й назва гри",
        "команда порушника програє роздачу, хоч би хто назвав контракт",
        "на руці в одного гравця",
        "якщо взятку бере партнер, бити козирем не зобов’язаний",
        "у полі «Команда, що грає» вказують команду порушника",
        "Хто грав, значення не має",
        "Контракт виконано: у команди %(bidders)s %(raw_bidders)s проти %(raw_defenders)s",
        "що в нашому белоті: там карти мають звичайну",
        "Калькулятор порівнює комбінації й відкидає слабші",
        "вводять послідовності обох команд одній команді, а каре — іншій",
        "Болгари називають їх словом «анонси»",
        "бо даму покладено у відповідь на масть, з якої зайшли",
        "або у відповідь на свою масть",
        "Тут, на відміну від нашого белоту, послідовності й каре окремо не порівнюють",
        "В Україні цю родину знають насамперед",
        "Стіл для вашої компанії: його матчі",
        "Очки спірної роздачі, що чекатимуть на переможця",
        "Угору округлюють",
        "послідовності команди %(loser)s (%(cancelled)s) не зараховуються",
        "каре команди %(loser)s (%(cancelled)s) не зараховуються",
        "комбінації команди %(loser)s (%(cancelled)s) не зараховуються",
        "тож команда %(defenders)s записує все: %(sum)s",
        "Старша карта найсильнішого терца",
        "зараз її переможець — команда «%(was)s»",
        "Сітку складено за місцями",
        "у правилах 2016 року, виданих Французькою федерацією белоту",
        "Контре (з комбінаціями й без)",
        "хоч би скільки в неї було очок",
        "як їх зараховують за вашим столом",
        "вона чекає на переможця наступної зіграної роздачі",
        "для чого в ньому немає налаштування",
        "Гравців пересаджено на одне місце",
        "в матчах, у яких він грав",
        "Надіслано більше даних",
        "лишаються за командою, що його має",
        "роздачу записують 11:5",
        "тож вона сіла. Вона записує свій белот",
        "Сторінка не може обробити такий запит",
        "якщо записані числа разом дають інше",
        "Кожному здають ще по 3 карти",
        "Додати цей матч до нового столу",
        "перший хід:",
        "посилання для керування столом",
        "забирає собі комбінації іншої команди",
        "а з контрою чи реконтрою все множиться на 2 чи на 4",
        "лежить стосом",
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
        "тузы, десятки, короли или дамы — 100, девятки — 150, валеты — 200",
        "вчетвером — две команды по два человека",
        "за многими столами бьют",
        "в поле «Играющая команда» указывают команду нарушителя",
        "За некоторыми столами такую карту засчитывают в обеих комбинациях",
        "если взятку берёт партнёр, бить козырем вы не обязаны",
        "Висящие 11 очков с прошлой раздачи по-прежнему ждут",
        "но контракт выполнен, и команда «Они» записывает всю раздачу",
        "он говорит одно из четырёх:",
        "Там, где такие контракты играют, одни в игре «все козыри» вовсе не считают белот",
        "(села или против неё сделали капо)",
        "а также команда, против которой сделали капо",
        "Если от прошлой раздачи с равными суммами остались висящие очки",
        "Показ карт.",
        "Козырь на взятку партнёра.",
        "С последовательностями другой команды",
        "В калькулятор вводят квинту до туза и терц",
        "в калькулятор вводят то, что засчитали за столом",
        "В калькулятор белот вводят, только если за столом его признают",
        "выбирают «Сели, без очков за карты» и вводят все комбинации",
        "сумма взявших ждёт победителя следующей сыгранной раздачи",
        "Создать новый стол с этим матчем",
        "Этот матч уже относится к этому столу",
        "Матчи, столы и турниры удалены с этого телефона",
        "как их считают за вашим столом",
        "в разделе о классическом белоте",
        "в разделе об игре контре",
        "в разделе «Когда объявляют комбинации»",
        "в разделе «Подсчёт с контрой и реконтрой»",
        "что в болгарском белоте: там карты стоят как",
        "масть, любая карта которой бьёт любую карту других мастей",
        "комбинацию называют не позже чем после последней взятки",
        "очередь сдавать просто идёт дальше по кругу",
        "но у команды %(defenders)s не меньше",
        "кладут на стол в открытую",
        "Французской федерации белота (редакция 2016 года)",
        "Все восемь карт сдают до торговли",
        "Очки спорной раздачи, которые будут ждать победителя следующей",
        "QR-код ссылки, по которой можно следить за счётом",
        "можно заявлять также «без козыря» и «все козыри»",
        "Разыграна, с очками за карты",
        "Обе команды перешли рубеж",
        "Очков в среднем за раздачу",
        "засветилась карта",
        "Команда, взявшая козырь, должна набрать больше соперников",
        "Кто нарушил любую из этих обязанностей, делает",
        "очки за карты одной команды — любой из двух",
        "отсюда второе название игры",
        "если и это не решает",
        "перебить последнюю заявку; это может сделать любой",
        "Страница не может обработать такой запрос",
        "масти у одного игрока",
        "130 (до удвоения)",
        "капо (капот; по-болгарски также валат)",
        "%(deal)s исправлена.",
        "засчитывается только один белот-ребелот",
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
