"""Every worked example of belot-scoring.md, as a table: deal in, recorded and hanging out."""

import pytest

from calculator.engine import (
    CardPoints,
    Contract,
    ContraTie,
    Double,
    Outcome,
    PlayedDeal,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    TeamPoints,
    score_deal,
)

A, B = Team.A, Team.B
HEARTS, NO_TRUMPS, ALL_TRUMPS = Contract.HEARTS, Contract.NO_TRUMPS, Contract.ALL_TRUMPS
QUARTE = TeamDeclarations(sequences=(Sequence(4),))
QUINTE = TeamDeclarations(sequences=(Sequence(5),))


def bidders_a(contract, points, double=Double.NONE, **declarations):
    """A deal bid by team A with team A's card points typed in."""
    return PlayedDeal(A, contract, CardPoints(A, points), double, **declarations)


# (spec row, deal, raw totals, recorded, hanging added, outcome)
EXAMPLES = [
    ("hearts 87-75", bidders_a(HEARTS, 87), (87, 75), (9, 7), 0, Outcome.MADE),
    ("hearts 86-76", bidders_a(HEARTS, 86), (86, 76), (8, 8), 0, Outcome.MADE),
    ("hearts 106-56", bidders_a(HEARTS, 106), (106, 56), (10, 6), 0, Outcome.MADE),
    ("hearts 156-6", bidders_a(HEARTS, 156), (156, 6), (15, 1), 0, Outcome.MADE),
    (
        "hearts 80-132, defenders 82 card points and a quarte: 16 + 5 = 21",
        PlayedDeal(A, HEARTS, CardPoints(B, 82), declarations_b=QUARTE),
        (80, 132),
        (0, 21),
        0,
        Outcome.INSIDE,
    ),
    (
        "hearts 106-106, bidders have a quarte: defenders write 10, 11 hang",
        bidders_a(HEARTS, 56, declarations_a=QUARTE),
        (106, 106),
        (0, 10),
        11,
        Outcome.HANGING,
    ),
    (
        "all trumps 154-154: defenders write 15, 16 hang",
        bidders_a(ALL_TRUMPS, 104, declarations_a=QUARTE),
        (154, 154),
        (0, 15),
        16,
        Outcome.HANGING,
    ),
    (
        "all trumps 194-164, 100 in declarations",
        bidders_a(ALL_TRUMPS, 94, declarations_a=QUINTE),
        (194, 164),
        (19, 17),
        0,
        Outcome.MADE,
    ),
    (
        "no trumps 70-60 card points",
        bidders_a(NO_TRUMPS, 70),
        (140, 120),
        (14, 12),
        0,
        Outcome.MADE,
    ),
    (
        "hearts, contra, 76-86: defenders 32",
        bidders_a(HEARTS, 76, Double.CONTRA),
        (76, 86),
        (0, 32),
        0,
        Outcome.INSIDE,
    ),
    (
        "hearts, recontra, 81-81: 64 hang",
        bidders_a(HEARTS, 81, Double.RECONTRA),
        (81, 81),
        (0, 0),
        64,
        Outcome.HANGING,
    ),
    (
        "no trumps, capot, 130 card points to the bidders: 26 + 9 = 35",
        PlayedDeal(A, NO_TRUMPS, None, capot=A),
        (350, 0),
        (35, 0),
        0,
        Outcome.MADE,
    ),
    (
        "hearts, capot, contra: (16 + 9) x 2 = 50",
        PlayedDeal(A, HEARTS, None, Double.CONTRA, capot=A),
        (252, 0),
        (50, 0),
        0,
        Outcome.MADE,
    ),
]


@pytest.mark.parametrize(
    ("deal", "raw", "recorded", "hanging", "outcome"),
    [example[1:] for example in EXAMPLES],
    ids=[example[0] for example in EXAMPLES],
)
def test_worked_example_scores_as_the_spec_says(deal, raw, recorded, hanging, outcome):
    result = score_deal(deal)

    assert result.raw_totals == TeamPoints(*raw)
    assert result.recorded == TeamPoints(*recorded)
    assert result.hanging_added == hanging
    assert result.outcome is outcome


@pytest.mark.parametrize(
    ("deal", "raw", "recorded", "hanging", "outcome"),
    [example[1:] for example in EXAMPLES],
    ids=[example[0] for example in EXAMPLES],
)
def test_worked_example_scores_the_same_with_the_teams_swapped(
    deal, raw, recorded, hanging, outcome
):
    swapped = PlayedDeal(
        deal.bidders.other,
        deal.contract,
        CardPoints(deal.card_points.team.other, deal.card_points.points)
        if deal.card_points
        else None,
        deal.double,
        deal.capot.other if deal.capot else None,
        deal.declarations_b,
        deal.declarations_a,
    )

    result = score_deal(swapped)

    assert result.raw_totals == TeamPoints(*raw).swapped()
    assert result.recorded == TeamPoints(*recorded).swapped()
    assert result.hanging_added == hanging


def test_either_team_s_card_points_give_the_same_score():
    typed_by_bidders = score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 87)))
    typed_by_defenders = score_deal(PlayedDeal(A, HEARTS, CardPoints(B, 75)))

    assert typed_by_bidders.recorded == typed_by_defenders.recorded == TeamPoints(9, 7)


HOUSE_RULES = [
    (
        "no trumps capot bonus doubled: (13 + 9) x 2 = 44",
        RuleProfile(no_trumps_capot_doubled=True),
        PlayedDeal(A, NO_TRUMPS, None, capot=A),
        (44, 0),
        0,
    ),
    (
        "contra on a tied deal, house rule: the defenders record their share now",
        RuleProfile(contra_tie=ContraTie.BIDDERS_HANG),
        bidders_a(HEARTS, 81, Double.CONTRA),
        (0, 16),
        16,
    ),
    (
        "recontra on a tied deal, house rule: each share times four",
        RuleProfile(contra_tie=ContraTie.BIDDERS_HANG),
        bidders_a(HEARTS, 81, Double.RECONTRA),
        (0, 32),
        32,
    ),
]


@pytest.mark.parametrize(
    ("profile", "deal", "recorded", "hanging"),
    [example[1:] for example in HOUSE_RULES],
    ids=[example[0] for example in HOUSE_RULES],
)
def test_house_rule_example_scores_as_the_spec_says(profile, deal, recorded, hanging):
    result = score_deal(deal, profile)

    assert result.recorded == TeamPoints(*recorded)
    assert result.hanging_added == hanging


def test_seed_calculator_example_87_to_75_gives_9_and_7():
    result = score_deal(PlayedDeal(B, Contract.SPADES, CardPoints(B, 87)))

    assert result.recorded == TeamPoints(7, 9)
