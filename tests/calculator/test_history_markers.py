"""The words beside a deal in the match's history (calculator/matches/history.py): each said
once, and whose capot it was."""

import pytest
from django.utils.translation import gettext, override

from calculator.engine import (
    GAMES,
    CardPoints,
    ClassicDeal,
    ClassicProfile,
    Contract,
    ContreeDeal,
    ContreeProfile,
    Double,
    InsideDeal,
    PlayedDeal,
    Suit,
    Team,
    score_deal,
)
from calculator.matches import history

A, B = Team.A, Team.B

INSIDE_DEALS = {
    "belot, fewer points than the defenders": score_deal(
        PlayedDeal(A, Contract.HEARTS, CardPoints(A, 70))
    ),
    "belot, under contra": score_deal(
        PlayedDeal(A, Contract.SPADES, CardPoints(A, 76), Double.CONTRA)
    ),
    "belot, inside without card points": score_deal(InsideDeal(B, Contract.CLUBS)),
    "classic belote": GAMES["classic"].score_deal(
        ClassicDeal(A, Suit.HEARTS, CardPoints(A, 50)), ClassicProfile()
    ),
    "contrée, failed": GAMES["contree"].score_deal(
        ContreeDeal(A, 100, Suit.HEARTS, card_points=CardPoints(A, 60)), ContreeProfile()
    ),
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("case", list(INSIDE_DEALS))
def test_a_deal_inside_is_marked_inside_once(case, language):
    # Belot's "inside" outcome equals classic belote's (both strings): two tests, one for each
    # game, marked every belot deal inside twice.
    with override(language):
        markers = history._markers(INSIDE_DEALS[case])
        assert markers.count(gettext("inside")) == 1, markers


def test_a_made_deal_is_not_marked_inside():
    made = score_deal(PlayedDeal(A, Contract.HEARTS, CardPoints(A, 100)))
    assert gettext("inside") not in history._markers(made)


CAPOTS = {
    "contrée, a capot bid made": ContreeDeal(A, 250, Suit.DIAMONDS, capot=A),
    "contrée, a 160 made with a capot": ContreeDeal(A, 160, Suit.DIAMONDS, capot=A),
    "contrée, a capot by the defenders": ContreeDeal(A, 80, Suit.DIAMONDS, capot=B),
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("case", list(CAPOTS))
def test_a_capot_is_said_once_in_its_history_row(case, language):
    # The tester's row read "капо ♦ Медведи капо": the capot bid, then the capot again.
    result = GAMES["contree"].score_deal(CAPOTS[case], ContreeProfile())
    with override(language):
        words = [history._bid_of(result), *history._markers(result)]
        assert " ".join(words).count(gettext("capot")) == 1, words


# Whose capot, beside the team that bid or took: each game, the team's own and the other's.
WHOSE_CAPOT = {
    "belot, the bidders'": (score_deal(PlayedDeal(A, Contract.HEARTS, None, capot=A)), "capot"),
    "belot, the defenders'": (
        score_deal(PlayedDeal(A, Contract.HEARTS, None, capot=B)),
        "capot by the defenders",
    ),
    "classic, the taker's": (
        GAMES["classic"].score_deal(ClassicDeal(A, Suit.CLUBS, capot=A), ClassicProfile()),
        "capot",
    ),
    "classic, the defenders'": (
        GAMES["classic"].score_deal(ClassicDeal(A, Suit.CLUBS, capot=B), ClassicProfile()),
        "capot by the defenders",
    ),
    "contrée, the defenders' against a capot bid": (
        GAMES["contree"].score_deal(ContreeDeal(A, 250, Suit.SPADES, capot=B), ContreeProfile()),
        "capot by the defenders",
    ),
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("case", list(WHOSE_CAPOT))
def test_a_capot_says_whose_it_is(case, language):
    # The evening's row «♣ Тарас і Ліда сіли капо» read as if the taker had made the capot
    # made against it.
    result, said = WHOSE_CAPOT[case]
    with override(language):
        markers = history._markers(result)
        assert gettext(said) in markers, markers
        assert len([m for m in markers if gettext("capot") in m]) == 1, markers


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "marker"),
    [("bg", "капо на противниците"), ("uk", "капо суперників"), ("ru", "капо соперников")],
)
def test_the_match_page_and_the_sheet_say_the_capot_was_the_other_teams(client, language, marker):
    from tests.calculator.french import create_french_match, record_french

    match = create_french_match(
        client, "classic", language, team_a="Оксана й Петро", team_b="Тарас і Ліда"
    )
    record_french(client, match, 1, bidders="B", trump="clubs", capot="A")
    for url in (match.get_scorer_url(), f"/m/{match.watch_key}/sheet/"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'<span class="marker">{marker}</span>' in page, url
        with override(language):
            assert f'<span class="marker">{gettext("capot")}</span>' not in page
