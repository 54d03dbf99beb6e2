"""Scoring one deal: rounding, outcomes, contra, capot, inside deals and hanging points."""

import pytest

from calculator.engine import (
    CARD_TOTALS,
    AllPassed,
    CardPoints,
    Contract,
    ContraTie,
    DealKind,
    Double,
    InsideDeal,
    Outcome,
    PlayedDeal,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    TeamPoints,
    round_game_points,
    score_deal,
)
from calculator.engine.model import IMPOSSIBLE_CARD_POINTS

A, B = Team.A, Team.B
HEARTS, NO_TRUMPS, ALL_TRUMPS = Contract.HEARTS, Contract.NO_TRUMPS, Contract.ALL_TRUMPS


def played(contract, points, bidders=A, double=Double.NONE, **fields):
    return PlayedDeal(bidders, contract, CardPoints(bidders, points), double, **fields)


@pytest.mark.parametrize(
    ("raw", "up_from", "points"),
    [(86, 7, 8), (87, 7, 9), (75, 6, 7), (76, 6, 8), (154, 5, 15), (155, 5, 16), (0, 6, 0)],
)
def test_round_game_points_rounds_up_from_the_given_digit(raw, up_from, points):
    assert round_game_points(raw, up_from) == points


@pytest.mark.parametrize(
    ("contract", "bidders_points", "recorded"),
    [
        (HEARTS, 97, (10, 6)),  # 97 rounds up from 7 (more), 65 down (fewer: from 6)
        (HEARTS, 95, (9, 7)),  # 95 down, 67 up
        (ALL_TRUMPS, 135, (14, 12)),  # more: 135 up from 5; fewer: 123 down
        (ALL_TRUMPS, 134, (13, 13)),  # more: 134 down; fewer: 124 up from 4
        (NO_TRUMPS, 67, (13, 13)),  # 134 - 126: 4 down, 6 up
        (NO_TRUMPS, 68, (14, 12)),  # 136 - 124
    ],
)
def test_rounding_depends_on_the_contract_and_who_has_more(contract, bidders_points, recorded):
    assert score_deal(played(contract, bidders_points)).recorded == TeamPoints(*recorded)


@pytest.mark.parametrize("contract", list(Contract))
def test_game_points_of_every_possible_split_add_up_to_the_contract_value(contract):
    total, value = CARD_TOTALS[contract], 16 if contract.is_suit else 26
    for points in range(total + 1):
        if points in IMPOSSIBLE_CARD_POINTS[contract]:
            continue
        result = score_deal(played(contract, points))
        assert result.recorded.total + result.hanging_added == value, points


def test_a_tie_rounds_the_defenders_as_the_team_with_more():
    result = score_deal(played(ALL_TRUMPS, 104, declarations_a=TeamDeclarations((Sequence(4),))))

    assert result.game_points == TeamPoints(16, 15)
    assert result.outcome is Outcome.HANGING


def test_made_deal_records_each_team_its_own_points():
    result = score_deal(played(HEARTS, 100))

    assert result.outcome is Outcome.MADE
    assert result.recorded == TeamPoints(10, 6)
    assert result.winner is A


def test_inside_deal_gives_defenders_everything_including_the_bidders_declarations():
    result = score_deal(played(HEARTS, 40, declarations_a=TeamDeclarations((Sequence(3),))))

    assert result.raw_totals == TeamPoints(60, 122)
    assert result.outcome is Outcome.INSIDE
    assert result.recorded == TeamPoints(0, 6 + 12)


def test_contra_gives_everything_doubled_to_the_bidders_when_they_make_it():
    result = score_deal(played(HEARTS, 100, double=Double.CONTRA))

    assert result.recorded == TeamPoints(32, 0)
    assert result.decided_by_contra


def test_recontra_multiplies_by_four():
    result = score_deal(played(HEARTS, 60, bidders=B, double=Double.RECONTRA))

    assert result.recorded == TeamPoints(64, 0)
    assert result.outcome is Outcome.INSIDE


def test_contra_multiplies_declarations_and_belots_too():
    deal = played(HEARTS, 100, double=Double.CONTRA, declarations_a=TeamDeclarations(belots=1))

    assert score_deal(deal).recorded == TeamPoints(36, 0)


def test_contra_on_a_tie_hangs_everything_by_default():
    result = score_deal(played(HEARTS, 81, double=Double.CONTRA))

    assert result.recorded == TeamPoints(0, 0)
    assert result.hanging_added == 32
    assert result.winner is None


def test_contra_tie_house_rule_hangs_only_the_bidders_share():
    profile = RuleProfile(contra_tie=ContraTie.BIDDERS_HANG)

    result = score_deal(played(HEARTS, 81, double=Double.CONTRA), profile)

    assert result.recorded == TeamPoints(0, 16)
    assert result.hanging_added == 16


def test_capot_by_the_defenders_is_an_inside_deal_with_the_bonus():
    result = score_deal(PlayedDeal(A, HEARTS, None, capot=B))

    assert result.outcome is Outcome.INSIDE
    assert result.recorded == TeamPoints(0, 25)
    assert result.card_points == TeamPoints(0, 162)
    assert result.decided_by_capot


def test_capot_in_all_trumps_is_worth_26_plus_9():
    assert score_deal(PlayedDeal(A, ALL_TRUMPS, None, capot=A)).recorded == TeamPoints(35, 0)


def test_capot_accepts_card_points_that_agree_with_it():
    both_given = PlayedDeal(A, HEARTS, CardPoints(B, 0), capot=A)

    assert score_deal(both_given).recorded == TeamPoints(25, 0)


def test_team_that_took_no_trick_scores_no_declarations_and_no_belot():
    deal = PlayedDeal(
        A,
        HEARTS,
        None,
        capot=A,
        declarations_b=TeamDeclarations((Sequence(5),), belots=1),
    )

    result = score_deal(deal)

    assert result.recorded == TeamPoints(25, 0)
    assert all(not outcome.counted for outcome in result.declarations)
    assert {outcome.reason for outcome in result.declarations} == {"no_trick"}


def test_team_without_tricks_does_not_block_the_capot_team_s_declarations():
    deal = PlayedDeal(
        A,
        HEARTS,
        None,
        capot=A,
        declarations_a=TeamDeclarations((Sequence(3),)),
        declarations_b=TeamDeclarations((Sequence(5),)),
    )

    assert score_deal(deal).recorded == TeamPoints(27, 0)


def test_inside_deal_without_card_points_gives_the_defenders_the_contract_value():
    result = score_deal(InsideDeal(A, ALL_TRUMPS))

    assert result.kind is DealKind.INSIDE
    assert result.recorded == TeamPoints(0, 26)
    assert result.card_points is None and result.raw_totals is None


def test_inside_deal_gives_the_defenders_both_teams_counted_declarations_multiplied():
    deal = InsideDeal(
        B,
        HEARTS,
        Double.CONTRA,
        declarations_a=TeamDeclarations((Sequence(3),)),
        declarations_b=TeamDeclarations((Sequence(4),), belots=1),
    )

    result = score_deal(deal)

    assert result.recorded == TeamPoints((16 + 5 + 2) * 2, 0)
    assert result.winner is A


def test_all_passed_deal_records_nothing_and_keeps_the_hanging_points():
    result = score_deal(AllPassed(), hanging=11)

    assert result.kind is DealKind.ALL_PASSED
    assert result.recorded == TeamPoints(0, 0)
    assert result.hanging_out == 11
    assert result.written == TeamPoints(0, 0)


def test_the_next_deal_s_winner_takes_the_hanging_points_on_top():
    result = score_deal(played(HEARTS, 60), hanging=11)

    assert result.recorded == TeamPoints(0, 16)
    assert result.hanging_taken == 11
    assert result.written == TeamPoints(0, 27)
    assert result.hanging_out == 0


def test_hanging_points_are_not_multiplied_again_by_a_later_contra():
    result = score_deal(played(HEARTS, 100, double=Double.CONTRA), hanging=11)

    assert result.written == TeamPoints(32 + 11, 0)


def test_hanging_points_accumulate_over_repeated_ties():
    result = score_deal(played(HEARTS, 81), hanging=8)

    assert result.hanging_taken == 0
    assert result.hanging_out == 8 + 8
    assert result.recorded == TeamPoints(0, 8)


def test_result_lists_counted_and_cancelled_declarations():
    deal = played(
        HEARTS,
        100,
        declarations_a=TeamDeclarations((Sequence(3),)),
        declarations_b=TeamDeclarations((Sequence(4),)),
    )

    result = score_deal(deal)

    assert [outcome.team for outcome in result.counted] == [B]
    assert [(o.team, o.reason) for o in result.cancelled] == [(A, "outranked")]
    assert result.declaration_points == TeamPoints(0, 50)
