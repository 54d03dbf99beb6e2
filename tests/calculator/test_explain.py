"""The engine's steps and problems as sentences: every code, every language, escaped names."""

import re

import pytest
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import override

from calculator.engine import (
    MAX_DEALS,
    AllPassed,
    CardPoints,
    Carre,
    Contract,
    ContraTie,
    DealError,
    DeclarationComparison,
    Double,
    InsideDeal,
    PlayedDeal,
    Problem,
    Rank,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    deal_from_dict,
    fold_match,
    score_deal,
)
from calculator.engine.errors import CODES as PROBLEM_CODES
from calculator.engine.steps import CODES as STEP_CODES
from calculator.engine.steps import step
from calculator.games import problems, words
from calculator.games.belot import why
from rules.content import all_sections
from tests.html import read

A, B = Team.A, Team.B
HEARTS, NO_TRUMPS, ALL_TRUMPS = Contract.HEARTS, Contract.NO_TRUMPS, Contract.ALL_TRUMPS
POOL = RuleProfile(declaration_comparison=DeclarationComparison.POOL)
LANGUAGES = ("bg", "uk", "ru")
NAMES = ("Ние", "Вие")
NBSP = "\u00a0"


def plain(text) -> str:
    """A sentence with its no-break spaces as plain ones and its names not isolated: what it
    says, not how it wraps."""
    return read(text).replace(NBSP, " ")


def declared(*items, belots=0):
    sequences = tuple(item for item in items if isinstance(item, Sequence))
    carres = tuple(item for item in items if isinstance(item, Carre))
    return TeamDeclarations(sequences=sequences, carres=carres, belots=belots)


# (deal, profile, hanging carried in): together they give every step code.
SAMPLE_DEALS = [
    (AllPassed(), RuleProfile(), 11),
    (PlayedDeal(A, HEARTS, CardPoints(A, 87)), RuleProfile(), 0),
    (
        PlayedDeal(A, HEARTS, CardPoints(B, 82), declarations_b=declared(Sequence(4))),
        RuleProfile(),
        0,
    ),
    (
        PlayedDeal(A, HEARTS, CardPoints(A, 56), declarations_a=declared(Sequence(4))),
        RuleProfile(),
        5,
    ),
    (PlayedDeal(A, NO_TRUMPS, capot=A), RuleProfile(no_trumps_capot_doubled=True), 0),
    (PlayedDeal(A, NO_TRUMPS, capot=A), RuleProfile(), 0),
    (
        PlayedDeal(B, Contract.SPADES, capot=A, declarations_b=declared(Sequence(3), belots=1)),
        RuleProfile(),
        0,
    ),
    (PlayedDeal(A, HEARTS, CardPoints(A, 76), Double.CONTRA), RuleProfile(), 7),
    (PlayedDeal(A, HEARTS, CardPoints(A, 100), Double.CONTRA), RuleProfile(), 0),
    (PlayedDeal(A, HEARTS, CardPoints(A, 81), Double.RECONTRA), RuleProfile(), 0),
    (
        PlayedDeal(A, HEARTS, CardPoints(A, 81), Double.CONTRA),
        RuleProfile(contra_tie=ContraTie.BIDDERS_HANG),
        0,
    ),
    (
        PlayedDeal(
            B,
            ALL_TRUMPS,
            CardPoints(A, 100),
            declarations_a=declared(Sequence(4, Rank.KING), Carre(Rank.NINE), belots=2),
            declarations_b=declared(Sequence(4, Rank.ACE), Carre(Rank.JACK)),
        ),
        RuleProfile(),
        0,
    ),
    (
        PlayedDeal(
            A,
            Contract.CLUBS,
            CardPoints(A, 90),
            declarations_a=declared(Sequence(3, Rank.QUEEN), Carre(Rank.ACE)),
            declarations_b=declared(Sequence(3, Rank.QUEEN)),
        ),
        RuleProfile(),
        0,
    ),
    (
        PlayedDeal(
            A,
            Contract.CLUBS,
            CardPoints(A, 50),
            declarations_a=declared(Carre(Rank.ACE)),
            declarations_b=declared(Sequence(5, Rank.ACE)),
        ),
        POOL,
        0,
    ),
    (
        InsideDeal(
            A,
            Contract.DIAMONDS,
            declarations_a=declared(Sequence(3, Rank.QUEEN)),
            declarations_b=declared(Sequence(3, Rank.QUEEN)),
        ),
        POOL,
        0,
    ),
    (InsideDeal(A, Contract.DIAMONDS, declarations_b=declared(Sequence(4))), POOL, 0),
    (InsideDeal(B, Contract.DIAMONDS), RuleProfile(), 0),
    (InsideDeal(B, HEARTS, Double.CONTRA), RuleProfile(), 0),
]


def sample_results():
    return [score_deal(deal, profile, hanging) for deal, profile, hanging in SAMPLE_DEALS]


def sample_steps():
    return [item for result in sample_results() for item in result.steps]


def engine_problems():
    """Real problems from the engine, one or more per error code it raises."""
    attempts = [
        lambda: score_deal(PlayedDeal(A, HEARTS)),
        lambda: score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 200))),
        lambda: score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 161))),
        lambda: score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 100), capot=A)),
        lambda: score_deal(
            PlayedDeal(A, NO_TRUMPS, CardPoints(A, 70), declarations_a=declared(Sequence(3)))
        ),
        lambda: score_deal(
            PlayedDeal(A, NO_TRUMPS, CardPoints(A, 70), declarations_b=declared(belots=1))
        ),
        lambda: score_deal(
            PlayedDeal(
                A,
                HEARTS,
                CardPoints(A, 70),
                declarations_a=declared(belots=1),
                declarations_b=declared(belots=1),
            )
        ),
        lambda: score_deal(
            PlayedDeal(
                A,
                ALL_TRUMPS,
                CardPoints(A, 70),
                declarations_a=declared(belots=3),
                declarations_b=declared(belots=2),
            )
        ),
        lambda: score_deal(
            PlayedDeal(A, HEARTS, CardPoints(A, 70), declarations_a=declared(belots=-1))
        ),
        lambda: score_deal(
            PlayedDeal(A, HEARTS, CardPoints(A, 70), declarations_a=declared(Carre(Rank.SEVEN)))
        ),
        lambda: score_deal(
            PlayedDeal(
                A,
                HEARTS,
                CardPoints(A, 70),
                declarations_a=declared(Carre(Rank.JACK)),
                declarations_b=declared(Carre(Rank.JACK)),
            )
        ),
        lambda: score_deal(
            PlayedDeal(
                A,
                HEARTS,
                CardPoints(A, 70),
                declarations_b=declared(Carre(Rank.KING), Carre(Rank.KING)),
            )
        ),
        lambda: score_deal(
            PlayedDeal(A, HEARTS, CardPoints(A, 70), declarations_a=declared(Sequence(9)))
        ),
        lambda: score_deal(
            PlayedDeal(A, HEARTS, CardPoints(A, 70), declarations_a=declared(Sequence(5, Rank.TEN)))
        ),
        lambda: score_deal(
            PlayedDeal(
                A,
                HEARTS,
                CardPoints(A, 70),
                declarations_a=declared(Sequence(5), Sequence(5), Sequence(5)),
            )
        ),
        lambda: score_deal(
            PlayedDeal(
                A,
                HEARTS,
                CardPoints(A, 70),
                declarations_a=declared(Sequence(4)),
                declarations_b=declared(Sequence(4)),
            )
        ),
        lambda: score_deal(PlayedDeal("C", HEARTS, CardPoints(A, 70))),
        lambda: score_deal(AllPassed(), hanging=-1),
        lambda: score_deal(AllPassed(), RuleProfile(target=0)),
        lambda: fold_match(first_dealer=7),
        lambda: fold_match(deals=[AllPassed()] * (MAX_DEALS + 1)),
        lambda: fold_match(games_to_win=0),
        lambda: fold_match(
            RuleProfile(target=11), 0, [PlayedDeal(A, HEARTS, CardPoints(A, 162))] * 2, 1
        ),
        lambda: deal_from_dict([]),
        lambda: deal_from_dict({"version": 1}),
        lambda: deal_from_dict({"version": 1, "kind": "all_passed", "extra": 1}),
        lambda: deal_from_dict(
            {"version": 1, "kind": "played", "bidders": "C", "contract": "hearts"}
        ),
        lambda: deal_from_dict({"version": 2, "kind": "all_passed"}),
    ]
    problems = []
    for attempt in attempts:
        with pytest.raises(DealError) as error:
            attempt()
        problems += error.value.problems
    return problems


# Coverage


def test_the_sample_deals_give_every_step_code():
    assert {item.code for item in sample_steps()} == set(STEP_CODES)


def test_the_engine_problems_give_every_error_code():
    assert {problem.code for problem in engine_problems()} == set(PROBLEM_CODES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_has_one_sentence(language):
    with override(language):
        for result in sample_results():
            explanations = why.explain(result, NAMES)
            assert len(explanations) == len(result.steps)
            for item, explanation in zip(result.steps, explanations, strict=True):
                assert isinstance(explanation.text, SafeString)
                assert explanation.text.strip(), item.code
                assert "%(" not in explanation.text, explanation.text
                assert "%s" not in explanation.text, explanation.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_problem_has_a_message(language):
    with override(language):
        for problem in engine_problems():
            message = problems.problem_message(problem, NAMES)
            assert message.strip(), problem.code
            assert "%(" not in message, message


def step_texts(language):
    """Each step code's first sentence in the samples, in ``language``."""
    texts = {}
    with override(language):
        for result in sample_results():
            for item, explanation in zip(result.steps, why.explain(result, NAMES), strict=True):
                texts.setdefault(item.code, read(explanation.text))
    return texts


def test_no_step_sentence_is_left_in_english_or_shared_between_languages():
    english = step_texts("en")  # no English catalogue: the source strings
    texts = {language: step_texts(language) for language in LANGUAGES}
    for code in STEP_CODES:
        sentences = [english[code]] + [texts[language][code] for language in LANGUAGES]
        assert len(set(sentences)) == 4, sentences


def test_no_problem_message_is_left_in_english_or_shared_between_languages():
    for problem in engine_problems():
        messages = []
        for language in ("en", *LANGUAGES):
            with override(language):
                messages.append(problems.problem_message(problem, NAMES))
        assert len(set(messages)) == 4, messages


def test_every_rule_anchor_exists_on_the_rules_page_in_every_language():
    anchors = {
        language: set(
            re.findall(r'id="([a-z0-9-]+)"', " ".join(s["body"][language] for s in all_sections()))
        )
        for language in LANGUAGES
    }
    rules = {why.explain_step(item, NAMES).rule for item in sample_steps()} - {None}
    assert rules
    for language in LANGUAGES:
        assert rules <= anchors[language], rules - anchors[language]


# Escaping


def test_team_names_are_escaped_in_explanations():
    result = score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 87)))
    with override("bg"):
        texts = [plain(item.text) for item in why.explain(result, ("<b>x</b>", "Вие & Co"))]
    assert "Игра: купа, обявена от отбор „&lt;b&gt;x&lt;/b&gt;“." in texts
    assert not any("<b>" in text for text in texts)
    assert any("„Вие &amp; Co“" in text for text in texts)


def test_problem_messages_are_plain_text_for_the_template_to_escape():
    problem = Problem("declarations_in_no_trumps", "declarations_a", {"team": "A"})
    with override("bg"):
        message = problems.problem_message(problem, ("<b>x</b>", "Вие"))
    assert message == "При без коз няма анонси: махнете анонсите на отбор „<b>x</b>“."
    assert not isinstance(message, SafeString)
    assert "&lt;b&gt;x&lt;/b&gt;" in conditional_escape(message)


# Names


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("bg", ["спатия", "каро", "купа", "пика", "без коз", "всичко коз"]),
        ("uk", ["трефи", "бубни", "чирви", "піки", "без козиря", "усі козирі"]),
        ("ru", ["трефы", "бубны", "червы", "пики", "без козыря", "все козыри"]),
    ],
)
def test_contract_names(language, names):
    with override(language):
        assert [words.contract_name(contract) for contract in Contract] == names
        assert words.contract_name("hearts") == names[2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_contract_symbols(language):
    with override(language):
        symbols = [words.contract_symbol(contract) for contract in Contract]
    assert symbols == ["♣", "♦", "♥", "♠", "БК", "ВК"]


def test_doubles():
    with override("ru"):
        assert words.double_name(Double.CONTRA) == "контра"
        assert words.double_name("recontra") == "реконтра"
        assert words.double_name(Double.NONE) == ""


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("bg", ["седмица", "осмица", "деветка", "десетка", "вале", "дама", "поп", "асо"]),
        ("uk", ["сімка", "вісімка", "дев’ятка", "десятка", "валет", "дама", "король", "туз"]),
        ("ru", ["семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король", "туз"]),
    ],
)
def test_rank_names(language, names):
    with override(language):
        assert [words.rank_name(rank) for rank in Rank] == names


@pytest.mark.parametrize(
    ("language", "names"),
    [
        (
            "bg",
            [
                "терца",
                "кварта",
                "квинта",
                "квинта",
                "кварта до поп",
                "каре деветки",
                "каре",
                "белот",
            ],
        ),
        (
            "uk",
            [
                "терц",
                "кварта",
                "квінта",
                "квінта",
                "кварта до короля",
                "каре дев’яток",
                "каре",
                "белот",
            ],
        ),
        (
            "ru",
            [
                "терц",
                "кварта",
                "квинта",
                "квинта",
                "кварта до короля",
                "каре девяток",
                "каре",
                "белот",
            ],
        ),
    ],
)
def test_declaration_names(language, names):
    with override(language):
        assert [
            words.declaration_name("sequence", length=3),
            words.declaration_name("sequence", length=4),
            words.declaration_name("sequence", length=5),
            words.declaration_name("sequence", length=7),
            words.declaration_name("sequence", length=4, top=Rank.KING),
            words.declaration_name("carre", rank="9"),
            words.declaration_name("carre"),
            words.declaration_name("belot"),
        ] == names


# Known sentences


def texts_of(result, language, names, **options):
    with override(language):
        return [plain(item.text) for item in why.explain(result, names, **options)]


@pytest.mark.parametrize(
    ("language", "names", "contract", "outcome", "written"),
    [
        (
            "bg",
            ("Ние", "Вие"),
            "Игра: купа, обявена от отбор „Ние“.",
            "Изкарана: отбор „Ние“ има 87 на 75 → 9:7.",
            "Записва се: „Ние“ 9, „Вие“ 7.",
        ),
        (
            "uk",
            ("Ми", "Вони"),
            "Контракт: чирви, грає команда «Ми».",
            "Контракт виконано: у команди «Ми» 87 проти 75 → 9:7.",
            "Записуємо: «Ми» — 9, «Вони» — 7.",
        ),
        (
            "ru",
            ("Мы", "Они"),
            "Контракт: червы, играет команда «Мы».",
            "Контракт выполнен: у команды «Мы» 87 против 75 → 9:7.",
            "Записываем: «Мы» — 9, «Они» — 7.",
        ),
    ],
)
def test_a_made_deal_reads_right(language, names, contract, outcome, written):
    texts = texts_of(score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 87))), language, names)
    assert texts[0] == contract
    assert outcome in texts
    assert texts[-1] == written


def test_a_hanging_deal_reads_right_in_bulgarian():
    deal = PlayedDeal(A, HEARTS, CardPoints(A, 56), declarations_a=declared(Sequence(4)))
    texts = texts_of(score_deal(deal), "bg", NAMES)
    assert "Поредици има само отбор „Ние“: +50 точки." in texts
    assert "Сбор: „Ние“ 56 + 50 = 106, „Вие“ 106." in texts
    assert (
        "Висяща: и двата отбора имат по 106. Отбор „Вие“ записва 10, а 11 точки на отбор „Ние“ висят."
        in texts
    )


def test_a_contra_inside_reads_right_in_russian():
    texts = texts_of(
        score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 76), Double.CONTRA)), "ru", ("Мы", "Они")
    )
    assert texts[0] == "Контракт: червы с контрой (×2), играет команда «Мы»."
    assert (
        "Сели (контра): у команды «Мы» 76 против 86, поэтому команда «Они» записывает всё: 16 × 2 = 32 очка."
        in texts
    )


def test_a_no_trumps_capot_reads_right_in_ukrainian():
    texts = texts_of(score_deal(PlayedDeal(A, NO_TRUMPS, capot=A)), "uk", ("Ми", "Вони"))
    assert "Очки за карти: усі 130 у команди «Ми»." in texts
    assert "Капо: команда «Ми» взяла всі взятки, +90." in texts
    assert "Суми: «Ми» — 260 + 90 = 350, «Вони» — 0." in texts


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("bg", "Точките от картите трябва да са между 0 и 162, а не 200."),
        ("uk", "Очки за карти мають бути від 0 до 162, а не 200."),
        ("ru", "Очки за карты должны быть от 0 до 162, а не 200."),
    ],
)
def test_card_points_out_of_range_message(language, message):
    problem = Problem("card_points_out_of_range", "card_points", {"points": 200, "total": 162})
    with override(language):
        assert plain(problems.problem_message(problem, NAMES)) == message


@pytest.mark.parametrize(
    ("deal", "sentence"),
    [
        (InsideDeal(B, HEARTS), "Вътре: отбор „Ние“ записва цялото раздаване, 16 точки."),
        (
            InsideDeal(B, HEARTS, Double.CONTRA),
            "Вътре: отбор „Ние“ записва цялото раздаване, 16 × 2 = 32 точки.",
        ),
        (
            InsideDeal(B, HEARTS, declarations_b=declared(Sequence(4))),
            "Вътре: отбор „Ние“ записва цялото раздаване, 16 + 5 = 21 точки.",
        ),
        (
            InsideDeal(B, HEARTS, Double.RECONTRA, declarations_b=declared(Sequence(4))),
            "Вътре: отбор „Ние“ записва цялото раздаване, (16 + 5) × 4 = 84 точки.",
        ),
    ],
)
def test_an_inside_deal_without_card_points_shows_its_value(deal, sentence):
    assert sentence in texts_of(score_deal(deal), "bg", NAMES)


def test_a_missing_top_card_names_the_team_and_the_sequence():
    problem = Problem(
        "sequence_top_card_needed", "declarations_b", {"team": B, "index": 0, "length": 4}
    )
    with override("uk"):
        message = problems.problem_message(problem, ("Ми", "Вони"))
    # The field it points to is labelled the same way: the highest quarte's top card.
    assert message == (
        "Найсильніші послідовності обох команд рівні за очками: "
        "виберіть старшу карту найсильнішої кварти команди «Вони»."
    )


# Plurals

HANGING_TAKEN = {
    "ru": {
        1: "висящее очко",
        2: "висящих очка",
        5: "висящих очков",
        11: "висящих очков",
        21: "висящее очко",
        22: "висящих очка",
        25: "висящих очков",
    },
    "uk": {
        1: "висяче очко",
        2: "висячі очки",
        5: "висячих очок",
        11: "висячих очок",
        21: "висяче очко",
        22: "висячі очки",
        25: "висячих очок",
    },
}


@pytest.mark.parametrize("language", ["ru", "uk"])
@pytest.mark.parametrize("count", [1, 2, 5, 11, 21, 22, 25])
def test_hanging_points_taken_agree_with_their_number(language, count):
    with override(language):
        text = why.explain_step(step("hanging_taken", team=A, points=count), ("Мы", "Они")).text
    assert f"{count}{NBSP}{HANGING_TAKEN[language][count]}." in text


ROUNDED = {
    "ru": {1: "очко", 2: "очка", 5: "очков", 11: "очков", 21: "очко", 22: "очка", 25: "очков"},
    "uk": {1: "очко", 2: "очки", 5: "очок", 11: "очок", 21: "очко", 22: "очки", 25: "очок"},
    "bg": {1: "точка", 2: "точки", 5: "точки", 11: "точки", 21: "точки", 22: "точки", 25: "точки"},
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("count", [1, 2, 5, 11, 21, 22, 25])
def test_rounded_points_agree_with_their_number(language, count):
    rounding = step("rounding", team=B, raw=count * 10, points=count, up_from=7, rule="more")
    with override(language):
        text = why.explain_step(rounding, NAMES).text
    assert re.search(f"→[ {NBSP}]{count}{NBSP}{ROUNDED[language][count]} \\(", text), text


def test_a_russian_hanging_sentence_in_full():
    hanging = step("hanging_added", team=A, points=21, pot=21)
    with override("ru"):
        text = why.explain_step(hanging, NAMES).text
    assert (
        plain(text)
        == "21 очко висит: его получит команда с большей суммой в следующей сыгранной раздаче."
    )


# Unknown codes


def test_a_step_code_newer_than_the_sentences_is_left_out():
    assert why.explain_step(step("something_new", points=3), NAMES) is None


def test_a_problem_code_newer_than_the_messages_still_gets_a_message():
    with override("bg"):
        message = problems.problem_message(Problem("something_new"), NAMES)
    assert message == "Това раздаване не може да се изчисли: проверете въведеното."


# Who is who


TEAMS = {"bg": ("Ние", "Вие"), "uk": ("Ми", "Вони"), "ru": ("Мы", "Они")}
SEQUENCES_WON = {
    "bg": "Поредиците са за отбор „{winner}“ (кварта до десетка; отбор „{loser}“ има терца до "
    "асо): +50 точки; поредиците на отбор „{loser}“ (20) не се броят.",
    "uk": "Послідовності зараховуються команді «{winner}» (кварта до десятки; у команди «{loser}» — "
    "терц до туза): +50 очок; послідовності команди «{loser}» (20) не зараховуються.",
    "ru": "Последовательности засчитываются команде «{winner}» (кварта до десятки; у команды "
    "«{loser}» — терц до туза): +50 очков; последовательности команды «{loser}» (20) не "
    "засчитываются.",
}
# The words for the defenders: a sentence that may be about the bidders never uses them.
DEFENDERS = {"bg": "противни", "uk": "суперник", "ru": "соперник"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("bidders", [A, B], ids=["terce-of-the-bidders", "terce-of-the-defenders"])
def test_declarations_won_name_the_team_that_loses_them_whoever_bid(language, bidders):
    deal = PlayedDeal(
        bidders,
        HEARTS,
        CardPoints(A, 90),
        declarations_a=declared(Sequence(3, Rank.ACE)),
        declarations_b=declared(Sequence(4, Rank.TEN)),
    )
    us, them = TEAMS[language]
    texts = texts_of(score_deal(deal), language, (us, them))
    assert SEQUENCES_WON[language].format(winner=them, loser=us) in texts
    assert not any(DEFENDERS[language] in text.lower() for text in texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_carres_and_pooled_declarations_name_the_losing_team_too(language):
    us, them = TEAMS[language]
    carres = PlayedDeal(
        A,
        HEARTS,
        CardPoints(A, 90),
        declarations_a=declared(Carre(Rank.ACE)),
        declarations_b=declared(Carre(Rank.NINE)),
    )
    pooled = PlayedDeal(
        A,
        HEARTS,
        CardPoints(A, 90),
        declarations_a=declared(Sequence(5, Rank.ACE)),
        declarations_b=declared(Carre(Rank.KING)),
    )
    for deal, profile in ((carres, RuleProfile()), (pooled, POOL)):
        won = [
            text
            for text in texts_of(score_deal(deal, profile), language, (us, them))
            if text.count(f"{us}") >= 2 or text.count(them) >= 2
        ]
        assert len(won) == 1, won  # the loser is named twice: its best, and what it loses
        assert not any(DEFENDERS[language] in text.lower() for text in won)


CARRIED = {
    "bg": "8 точки висяха в края на игра 1: те се пренасят в тази игра.",
    "uk": "8 очок висіло, коли закінчилася гра 1: вони переходять у цю гру.",
    "ru": "8 очков висело, когда закончилась игра 1: они переходят в эту игру.",
}
TAKEN = {
    "bg": "Отбор „Вие“ взима и висящите 8 точки.",
    "uk": "Команда «Вони» забирає ще 8 висячих очок.",
    "ru": "Команда «Они» забирает ещё 8 висящих очков.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_deal_of_a_game_says_its_hanging_points_come_from_the_last_one(language):
    from calculator.matches.preview import carried_from
    from tests.rules.test_worked_examples import GAME_END_HANGING

    match = fold_match(deals=GAME_END_HANGING)
    first = len(GAME_END_HANGING)  # game 2, deal 1: takes the 8 that hung as game 1 ended
    assert carried_from(match, first) == 1
    texts = texts_of(match.deals[-1].result, language, TEAMS[language], carried_from=1)
    position = texts.index(CARRIED[language])
    assert texts[position + 1] == TAKEN[language]  # then who takes them
    explanation = why.explain(match.deals[-1].result, NAMES, carried_from=1)[position]
    assert explanation.rule == "match-hanging"
    assert carried_from(match, first - 1) is None  # the deal that ended game 1
    assert carried_from(match, 1) is None


def test_an_all_passed_deal_does_not_stop_the_next_one_saying_where_its_points_come_from():
    from calculator.matches.preview import carried_from
    from tests.rules.test_worked_examples import GAME_END_HANGING

    deals = [*GAME_END_HANGING[:-1], AllPassed(), GAME_END_HANGING[-1], GAME_END_HANGING[-1]]
    match = fold_match(deals=deals)
    all_passed, taken, later = len(deals) - 2, len(deals) - 1, len(deals)
    assert [match.deals[n - 1].number for n in (all_passed, taken, later)] == [1, 2, 3]
    assert carried_from(match, all_passed) == 1  # nobody takes them: they wait
    assert carried_from(match, taken) == 1
    assert carried_from(match, later) is None
    assert CARRIED["ru"] in texts_of(
        match.deals[all_passed - 1].result, "ru", TEAMS["ru"], carried_from=1
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_keep_their_words_and_signs_on_one_line(language):
    result = score_deal(
        InsideDeal(B, HEARTS, Double.RECONTRA, declarations_b=declared(Sequence(4)))
    )
    with override(language):
        texts = [read(item.text) for item in why.explain(result, NAMES)]
    inside = texts[-2]
    assert f"×{NBSP}4{NBSP}={NBSP}84{NBSP}" in inside  # a sum of numbers: on one line
    assert not re.search(r"\d [^\W\d_]", inside)


def test_a_team_name_is_shown_as_typed_while_the_sentence_around_it_is_tied():
    names = ("Отбор 1 и 2 — А", "\ue0000\ue001 5 ♠")  # spaces tie() would tie; a fake marker
    result = score_deal(InsideDeal(B, HEARTS))
    with override("bg"):
        texts = [read(item.text) for item in why.explain(result, names)]
    inside = texts[1]
    assert inside == f"Вътре: отбор „{names[0]}“ записва цялото раздаване, 16{NBSP}точки."
    assert texts[0].endswith(f"отбор „{names[1]}“.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_name_is_isolated_inside_its_quotes_so_a_right_to_left_one_moves_nothing(language):
    """Each name stands in a <bdi> inside its quotes: a Hebrew name would otherwise carry the
    card points and the comma after it over to its side ("„→ 90 :“דודכהן")."""
    result = score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 90)))
    with override(language):
        texts = [str(item.text) for item in why.explain(result, ("דוד כהן", "<b>Вие</b>"))]
        opening, closing = words._quoted("|").split("|")
    isolated = f"{opening}<bdi>דוד כהן</bdi>{closing}"
    assert any(f"{isolated}{NBSP}90" in text or f"{isolated} 90" in text for text in texts)
    assert any(f"<bdi>{conditional_escape('<b>Вие</b>')}</bdi>" in text for text in texts)
    assert not any("<b>Вие" in text for text in texts)
    assert sum(text.count("<bdi>") for text in texts) == sum(text.count("</bdi>") for text in texts)
