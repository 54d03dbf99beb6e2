"""The French games' "why" in the visitor's language (calculator/games/french/why.py): a sentence
says what the taker keeps of its belote-rebelote only when the taker has one to keep, and what
the defence scores beside a made contract's package only when it scores something."""

import os

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from calculator.engine import (
    GAMES,
    CardPoints,
    ClassicDeal,
    ClassicProfile,
    Contre,
    ContreeDeal,
    ContreeProfile,
    FailedBelote,
    Scoring,
    Suit,
    Team,
    TeamDeclarations,
    Tie,
)
from calculator.games.french import why as explain_french
from calculator.games.words import _quoted
from tests.html import read

A, B = Team.A, Team.B
HEARTS = Suit.HEARTS
NAMES = ("Ние", "Вие")
BELOTE = TeamDeclarations(belots=1)

# The sentences of a taker who keeps its belote and of one who has none to keep.
INSIDE = (
    "Inside: %(taker)s %(total_taker)s, less than %(defenders)s %(total_defenders)s: "
    "%(defenders)s score everything, %(sum)s; %(taker)s keep %(belote_taker)s.",
    "Inside: %(taker)s %(total_taker)s, less than %(defenders)s %(total_defenders)s: "
    "%(defenders)s score everything, %(sum)s.",
)
INSIDE_TIE = (
    "Equal totals (%(total)s each) count as inside by the house rule: %(defenders)s score "
    "everything, %(sum)s; %(taker)s keep %(belote_taker)s.",
    "Equal totals (%(total)s each) count as inside by the house rule: %(defenders)s score "
    "everything, %(sum)s.",
)
FAILED = (
    "%(defenders)s score %(sum)s; %(taker)s keep %(belote_taker)s.",
    "%(defenders)s score %(sum)s.",
)
FAILED_CONTRE = (
    "%(defenders)s score (%(sum)s) × %(multiplier)s = %(points)s; %(taker)s keep %(belote_taker)s.",
    "%(defenders)s score (%(sum)s) × %(multiplier)s = %(points)s.",
)
BID_ONLY_FAILED = (
    "Bid only (house rule): %(defenders)s score %(sum)s; %(taker)s keep %(belote_taker)s.",
    "Bid only (house rule): %(defenders)s score %(sum)s.",
)

# (game, profile, the deal of team A without its belote, the sentences of its score)
CASES = {
    "classic, inside": (
        "classic",
        ClassicProfile(),
        lambda **belote: ClassicDeal(A, HEARTS, CardPoints(A, 50), **belote),
        INSIDE,
    ),
    "classic, equal totals inside by the house rule": (
        "classic",
        ClassicProfile(tie=Tie.INSIDE),
        lambda **belote: ClassicDeal(A, HEARTS, CardPoints(A, 71 if belote else 81), **belote),
        INSIDE_TIE,
    ),
    "contrée, failed": (
        "contree",
        ContreeProfile(),
        lambda **belote: ContreeDeal(A, 100, HEARTS, card_points=CardPoints(A, 60), **belote),
        FAILED,
    ),
    "contrée, failed with contre": (
        "contree",
        ContreeProfile(),
        lambda **belote: ContreeDeal(
            A, 100, HEARTS, Contre.CONTRE, card_points=CardPoints(A, 60), **belote
        ),
        FAILED_CONTRE,
    ),
    "contrée, failed, bid only": (
        "contree",
        ContreeProfile(scoring=Scoring.BID_ONLY),
        lambda **belote: ContreeDeal(A, 100, HEARTS, card_points=CardPoints(A, 60), **belote),
        BID_ONLY_FAILED,
    ),
}


def sentences(game, profile, deal, language) -> list[str]:
    result = GAMES[game].score_deal(deal, profile)
    with translation.override(language):
        found = explain_french.explain_deal(result, NAMES)
    return [read(explanation.text).replace("\u00a0", " ") for explanation in found]


def sentence_end(sentences_pair, language, **values) -> str:
    """The end of the translated sentence that has one (what team A, the taker, keeps, or what
    team B, the defence, scores): where it parts from the sentence without it, filled in."""
    with translation.override(language):
        with_end, without_end = (gettext(text) for text in sentences_pair)
        end = with_end[len(os.path.commonprefix([with_end, without_end])) :]
        values |= {"taker": _quoted(NAMES[0]), "defenders": _quoted(NAMES[1])}
    assert "%(" not in end % values
    return (end % values).replace("\u00a0", " ")


def kept_end(sentences_pair, language, belote) -> str:
    return sentence_end(sentences_pair, language, belote_taker=belote)


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_taker_s_belote_is_said_kept_only_when_it_has_one(case, language):
    game, profile, deal_of, pair = CASES[case]
    with_belote = sentences(game, profile, deal_of(declarations_a=BELOTE), language)
    without = sentences(game, profile, deal_of(), language)

    assert sum(s.endswith(kept_end(pair, language, 20)) for s in with_belote) == 1
    assert not any(kept_end(pair, language, 0) in sentence for sentence in without)
    assert len(without) == len(with_belote) - 1  # the belote's own line; the score line stays


def test_a_belote_that_goes_to_the_defence_is_not_said_kept_by_the_taker():
    """House rule: the failed taker's belote goes to the defence; its own line says so, and
    the score line does not add that the taker keeps nothing."""
    profile = ContreeProfile(failed_belote=FailedBelote.DEFENDERS)
    deal = ContreeDeal(A, 100, HEARTS, card_points=CardPoints(A, 60), declarations_a=BELOTE)
    for language in ("bg", "uk", "ru"):
        said = sentences("contree", profile, deal, language)
        assert not any(kept_end(FAILED, language, 0) in sentence for sentence in said)
        assert not any(kept_end(FAILED, language, 20) in sentence for sentence in said)


MADE_CONTRE = (
    "%(taker)s score (%(sum)s) × %(multiplier)s = %(points)s; "
    "%(defenders)s score %(belote_defenders)s.",
    "%(taker)s score (%(sum)s) × %(multiplier)s = %(points)s.",
)
BID_ONLY_MADE = (
    "Bid only (house rule): %(taker)s score %(sum)s; %(defenders)s score %(belote_defenders)s.",
    "Bid only (house rule): %(taker)s score %(sum)s.",
)

# (profile, the deal team A makes, team B's belote left out, the sentences of its score)
DEFENCE_CASES = {
    "contrée, made with contre": (
        ContreeProfile(),
        lambda **belote: ContreeDeal(
            A, 80, HEARTS, Contre.CONTRE, card_points=CardPoints(A, 100), **belote
        ),
        MADE_CONTRE,
    ),
    "contrée, made, bid only": (
        ContreeProfile(scoring=Scoring.BID_ONLY),
        lambda **belote: ContreeDeal(A, 80, HEARTS, card_points=CardPoints(A, 100), **belote),
        BID_ONLY_MADE,
    ),
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("case", list(DEFENCE_CASES))
def test_the_defence_s_score_beside_a_made_package_is_said_only_when_it_scores(case, language):
    """Beside a contred or bid-only package the defence scores only its belote-rebelote: the
    line says so with one, and leaves out "score 0" without."""
    profile, deal_of, pair = DEFENCE_CASES[case]
    with_belote = sentences("contree", profile, deal_of(declarations_b=BELOTE), language)
    without = sentences("contree", profile, deal_of(), language)

    end = sentence_end(pair, language, belote_defenders=20)
    [score] = [sentence for sentence in with_belote if sentence.endswith(end)]
    assert not any(sentence_end(pair, language, belote_defenders=0) in s for s in without)
    assert len(without) == len(with_belote) - 1  # the belote's own line
    assert score[: -len(end)] + "." in without  # the score line stays, the taker's the same


@pytest.mark.parametrize("capot", [A, B], ids=["team A", "team B"])
@pytest.mark.parametrize(
    ("game", "profile", "deal_of"),
    [
        ("classic", ClassicProfile(), lambda capot: ClassicDeal(A, HEARTS, capot=capot)),
        ("contree", ContreeProfile(), lambda capot: ContreeDeal(capot, 140, HEARTS, capot=capot)),
    ],
    ids=["classic", "contree"],
)
def test_a_capot_gives_the_card_points_to_the_team_that_made_it(game, profile, deal_of, capot):
    # A capot is worth 252 in the French games: the card points' line named the other team
    # whenever the capot's points were not the 162 of the cards.
    taker, other = (NAMES[0], NAMES[1]) if capot is A else (NAMES[1], NAMES[0])
    for language in ("bg", "uk", "ru"):
        said = sentences(game, profile, deal_of(capot), language)
        with translation.override(language):
            line = gettext("Card points: all %(total)s to %(team)s.")
            right, wrong = (
                (line % {"total": 162, "team": _quoted(team)}).replace("\u00a0", " ")
                for team in (taker, other)
            )
        assert said.count(right) == 1, said
        assert wrong not in said


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_score_without_contre_has_no_multiplier(language):
    """Without contre the package is the score: "160 + 100 = 260", never "(…) × 1 = 260"; with
    contre the line multiplies it."""
    failed = ContreeDeal(A, 100, HEARTS, card_points=CardPoints(A, 60))
    bid_only = ContreeProfile(scoring=Scoring.BID_ONLY)
    plain = sentences("contree", ContreeProfile(), failed, language)
    plain += sentences("contree", bid_only, failed, language)
    plain += sentences(
        "contree", bid_only, ContreeDeal(A, 80, HEARTS, card_points=CardPoints(A, 100)), language
    )
    assert not any("× 1" in sentence for sentence in plain), plain
    assert any("160 + 100 = 260." in sentence for sentence in plain), plain

    contred = ContreeDeal(A, 100, HEARTS, Contre.CONTRE, card_points=CardPoints(A, 60))
    said = sentences("contree", ContreeProfile(), contred, language)
    assert any("(160 + 100 = 260) × 2 = 520" in sentence for sentence in said), said


def rounding_lines(said: list[str], language: str) -> list[str]:
    with translation.override(language):
        mark = ngettext(
            "%(team)s: %(exact)s → %(count)s point (to the nearest ten, 5 up).",
            "%(team)s: %(exact)s → %(count)s points (to the nearest ten, 5 up).",
            5,
        )
    why = mark[mark.rindex("(") :].replace("\xa0", " ")  # "(to the nearest ten, 5 up)."
    return [sentence for sentence in said if sentence.endswith(why)]


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_rounding_line_only_for_a_score_that_was_rounded(language):
    """Contrée rounds each team's score to the nearest ten: a score already on a ten (a failed
    contract, a taker's 0) has no line saying "260 → 260"; one that is rounded has its line."""
    failed = ContreeDeal(A, 100, HEARTS, card_points=CardPoints(A, 60))
    said = sentences("contree", ContreeProfile(), failed, language)
    assert rounding_lines(said, language) == [], said

    made = ContreeDeal(A, 80, HEARTS, card_points=CardPoints(A, 97))
    said = sentences("contree", ContreeProfile(), made, language)
    lines = rounding_lines(said, language)
    assert len(lines) == 2, said  # 97 + 80 = 177 → 180 and 65 → 70
    assert any("177 → 180" in line for line in lines) and any("65 → 70" in line for line in lines)
