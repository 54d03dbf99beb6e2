"""Every worked check of french-scoring.md, as a table through the engine's registry."""

import pytest

from calculator.engine import (
    GAMES,
    CardPoints,
    ClassicDeal,
    ClassicOutcome,
    ClassicProfile,
    Contre,
    ContreeDeal,
    ContreeOutcome,
    ContreeProfile,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
)

A, B = Team.A, Team.B
HEARTS = Suit.HEARTS
BELOTE = TeamDeclarations(belots=1)
TIERCE = TeamDeclarations(sequences=(Sequence(3),))
CLASSIC_EXACT = ClassicProfile()  # exact points is classic's default
COINCHE_EXACT = ContreeProfile(declarations=True, rounding=False)
COINCHE_ROUNDED = ContreeProfile(declarations=True)  # rounding is contrée's default


def taken(points, **fields):
    """Classic belote: team A takes hearts and has ``points`` card points."""
    return ClassicDeal(A, HEARTS, CardPoints(A, points), **fields)


def bid(value, points, **fields):
    """Coinche: team A bids ``value`` in hearts and has ``points`` card points."""
    return ContreeDeal(A, value, HEARTS, card_points=CardPoints(A, points), **fields)


# (the spec's row, game, profile, deal, taker / defence, points waiting, outcome)
CHECKS = [
    ("classic, exact: taker 82 card points", "classic", CLASSIC_EXACT, taken(82),
     (82, 80), 0, ClassicOutcome.MADE),
    ("classic, exact: taker 80", "classic", CLASSIC_EXACT, taken(80),
     (0, 162), 0, ClassicOutcome.INSIDE),
    ("classic, exact: taker capot", "classic", CLASSIC_EXACT, ClassicDeal(A, HEARTS, capot=A),
     (252, 0), 0, ClassicOutcome.MADE),
    ("classic, exact: taker 72 + belote", "classic", CLASSIC_EXACT,
     taken(72, declarations_a=BELOTE), (92, 90), 0, ClassicOutcome.MADE),
    ("classic, exact: taker 70 + belote", "classic", CLASSIC_EXACT,
     taken(70, declarations_a=BELOTE), (20, 162), 0, ClassicOutcome.INSIDE),
    ("classic, exact: taker 70 + tierce (taker's)", "classic", CLASSIC_EXACT,
     taken(70, declarations_a=TIERCE), (0, 182), 0, ClassicOutcome.INSIDE),
    ("classic, exact: taker 81, no bonuses: litige, 81 waits", "classic", CLASSIC_EXACT,
     taken(81), (0, 81), 81, ClassicOutcome.LITIGE),
    ("coinche, exact: bid 120, taker 130", "coinche", COINCHE_EXACT, bid(120, 130),
     (250, 32), 0, ContreeOutcome.MADE),
    ("coinche, exact: bid 100, taker 122", "coinche", COINCHE_EXACT, bid(100, 122),
     (222, 40), 0, ContreeOutcome.MADE),
    ("coinche, exact: bid 100, taker 96", "coinche", COINCHE_EXACT, bid(100, 96),
     (0, 260), 0, ContreeOutcome.FAILED),
    ("coinche, rounded: bid 100, taker 96", "coinche", COINCHE_ROUNDED, bid(100, 96),
     (0, 260), 0, ContreeOutcome.FAILED),
    ("coinche, exact: bid 140, taker capot", "coinche", COINCHE_EXACT,
     ContreeDeal(A, 140, HEARTS, capot=A), (392, 0), 0, ContreeOutcome.MADE),
    ("coinche, rounded: bid 80, taker 99 + belote, contre", "coinche", COINCHE_ROUNDED,
     bid(80, 99, contre=Contre.CONTRE, declarations_a=BELOTE), (520, 0), 0, ContreeOutcome.MADE),
    ("coinche, rounded: bid 80, taker 99 + belote", "coinche", COINCHE_ROUNDED,
     bid(80, 99, declarations_a=BELOTE), (200, 60), 0, ContreeOutcome.MADE),
]  # fmt: skip


@pytest.mark.parametrize(
    "game, profile, deal, expected, waiting, outcome",
    [row[1:] for row in CHECKS],
    ids=[row[0] for row in CHECKS],
)
def test_the_worked_check_gives_the_spec_s_figures(game, profile, deal, expected, waiting, outcome):
    result = GAMES[game].score_deal(deal, profile)

    assert result.recorded == TeamPoints(*expected)
    assert result.written == TeamPoints(*expected)
    assert result.outcome is outcome
    assert getattr(result, "hanging_added", 0) == waiting


def test_the_table_holds_every_row_of_the_spec():
    assert len(CHECKS) == 14  # 13 rows; "bid 100, taker 96" is checked exact and rounded


def test_the_waiting_litige_goes_to_the_winner_of_the_next_played_deal():
    match = GAMES["classic"].fold_match(deals=[taken(81), taken(100)])

    assert match.deals[0].totals == TeamPoints(0, 81) and match.deals[0].hanging == 81
    assert match.deals[1].result.hanging_taken == 81
    assert match.totals == TeamPoints(81 + 100, 81 + 62) and match.hanging == 0
