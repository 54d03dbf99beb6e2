"""The contrée chapter (contrée and coinche) says what a match with no trumps (sans atout, SA)
and all trumps (tout atout, TA) plays and scores, as french-scoring.md and the engine have it:
the cards' values on the 162 scale (SA A 19, 10 10, K 4, Q 3, J 2; TA J 14, 9 9, A 6, 10 5,
K 3, Q 1), the raw count's 130 and 258 and its conversion, no belote in SA and up to four in TA,
each kept by its holder, SA's carrés, and that both are a house rule, off by default."""

import re

import pytest

from calculator.engine import GAMES, CardPoints, ContreeDeal, ContreeProfile, Rank, Team
from calculator.engine import TeamDeclarations as Held
from calculator.engine.contree import RAW_TOTALS
from calculator.engine.contree.model import CardPointsEntry
from calculator.engine.french import CARD_TOTAL, NO_TRUMPS_VALUES, USUAL_VALUES, Trumps
from rules.content import LANGUAGES
from tests.rules.terms import raw_totals, terms
from tests.rules.test_french_examples import part, text
from tests.rules.test_worked_examples import section, table_rows

A = Team.A
CONTREE = GAMES["contree"]
WITH_THEM = ContreeProfile(no_and_all_trumps=True)
RAW = ContreeProfile(no_and_all_trumps=True, card_points_entry=CardPointsEntry.RAW)
ANCHOR = "contree-no-and-all-trumps"

# One suit's cards as the table lists them (J, 9, A, 10, K, Q, then 8 and 7), on the 162 scale.
VALUES_162 = {Trumps.NO: [2, 0, 19, 10, 4, 3, 0], Trumps.ALL: [14, 9, 6, 5, 3, 1, 0]}
NO_BELOTE = {  # one sentence: in no trumps there is no belote
    "bg": ("При без коз белот няма",),
    "uk": ("У грі без козиря белоту немає",),
    "ru": ("В игре без козыря белота нет",),
}
KEPT_BY_ITS_HOLDER = {  # one sentence: all trumps' belotes, 20 each, up to four, kept
    "bg": ("всичко коз", "до четири", "по 20"),
    "uk": ("«усі козирі»", "до чотирьох", "по 20"),
    "ru": ("«все козыри»", "до четырёх", "по 20"),
}
HOUSE_RULE = {  # one sentence: a house rule, and without it trumps are one of the four suits
    "bg": ("домашно правило", "един от четирите цвята"),
    "uk": ("домашнє правило", "одна з чотирьох мастей"),
    "ru": ("домашнее правило", "одна из четырёх мастей"),
}
NO_TRUMPS_CARRES = {  # SA's carrés of 100, strongest first, as the text names them
    "bg": ("попове", "дами", "валета", "деветки"),
    "uk": ("королі", "дами", "валети", "дев’ятки"),
    "ru": ("короли", "дамы", "валеты", "девятки"),
}


def passage(language: str) -> str:
    return part("contree", language, ANCHOR)


def said_in_one_sentence(html: str, words: tuple[str, ...]) -> bool:
    """Whether one sentence (to a full stop: a colon goes on) holds every one of ``words``."""
    return any(
        all(word in sentence for word in words)
        for sentence in re.split(r"(?<=[.!?])\s+", text(html))
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chapter_names_sans_atout_and_tout_atout_in_french_and_in_its_own_words(language):
    html = passage(language)
    assert '<span lang="fr">sans atout, SA</span>' in html
    assert '<span lang="fr">tout atout, TA</span>' in html
    said = text(html)
    assert terms()["no-trumps"].headword(language) in said.lower()
    assert terms()["all-trumps"].headword(language) in said.lower()
    assert said_in_one_sentence(html, HOUSE_RULE[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_values_are_those_on_the_162_scale_and_make_162(language):
    rows = table_rows(section("contree", language), ANCHOR)
    assert len(rows) == 7
    for column, trump in enumerate((Trumps.NO, Trumps.ALL), start=1):
        values = [int(row[column]) for row in rows]
        assert values == VALUES_162[trump]
        assert 4 * sum(values) + 10 == CARD_TOTAL
        assert (
            f"4 × ({' + '.join(str(v) for v in sorted(values, reverse=True) if v)}) + 10 = 162"
            in text(passage(language))
        )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_raw_count_is_130_and_258_and_converts_as_the_engine_does(language):
    said = text(passage(language))
    assert f"4 × 30 + 10 = {RAW_TOTALS[Trumps.NO]}" in said
    assert f"4 × 62 + 10 = {RAW_TOTALS[Trumps.ALL]}" in said
    assert "150 × 162 / 258 ≈ 94,2" in said
    result = CONTREE.score_deal(ContreeDeal(A, 90, Trumps.ALL, card_points=CardPoints(A, 150)), RAW)
    assert (result.totals.a, result.totals.b) == (94, 68)
    assert f"{raw_totals(language, 94, 68)}." in said
    assert f"{result.written.a}:{result.written.b}" == "180:70"
    assert "180:70" in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_belote_in_no_trumps_and_all_trumps_belotes_are_each_kept(language):
    html = passage(language)
    assert said_in_one_sentence(html, NO_BELOTE[language])
    assert said_in_one_sentence(html, KEPT_BY_ITS_HOLDER[language])
    one_each = ContreeDeal(
        A, 100, Trumps.ALL, card_points=CardPoints(A, 80),
        declarations_a=Held(belots=1), declarations_b=Held(belots=1),
    )  # fmt: skip
    result = CONTREE.score_deal(one_each, WITH_THEM)
    assert (result.totals.a, result.totals.b) == (100, 102)
    assert f"{result.written.a}:{result.written.b}" == "20:280"
    said = text(html)
    assert said.index(raw_totals(language, 100, 102)) < said.index("20:280")
    assert WITH_THEM.max_belotes(Trumps.NO) == 0 and WITH_THEM.max_belotes(Trumps.ALL) == 4
    assert WITH_THEM.belote_points(Trumps.ALL) == 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_trumps_carres_are_worth_what_the_engine_counts(language):
    said = text(passage(language))
    declarations = said[said.index("coinche") :]
    values = NO_TRUMPS_VALUES.carre_points
    assert (values[Rank.ACE], values[Rank.TEN]) == (200, 150)
    assert {values[rank] for rank in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)} == {100}
    assert re.search(r"200\D+150\D+100", declarations)
    strongest = sorted(
        (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE),
        key=lambda rank: -NO_TRUMPS_VALUES.carre_strength[rank],
    )
    assert strongest == [Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]
    named = ", ".join(NO_TRUMPS_CARRES[language])
    assert f": {named}." in declarations
    assert USUAL_VALUES.carre_points[Rank.JACK] == 200  # all trumps keeps the usual carrés


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_basics_and_the_house_rules_point_to_the_section(language):
    for anchor in ("contree-basics", "contree-house-rules"):
        assert f'href="#{ANCHOR}"' in part("contree", language, anchor)
    basics = text(part("contree", language, "contree-basics"))
    assert not re.search(r"винаги е един от четирите|завжди одна з|всегда одна из", basics)
