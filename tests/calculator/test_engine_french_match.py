"""Classic belote and contrée matches: dealers, running totals, the end of a game at the target,
the belote alone, a litige's points waiting and where they went, best of 1, 3 or 5."""

import pytest

from calculator.engine import (
    GAMES,
    AllPassed,
    CardPoints,
    ClassicDeal,
    ClassicProfile,
    ContreeDeal,
    ContreeProfile,
    DealError,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
    Tie,
)
from calculator.engine.french import game_end

A, B = Team.A, Team.B
HEARTS = Suit.HEARTS
BELOTE = TeamDeclarations(belots=1)
CLASSIC, CONTREE = GAMES["classic"], GAMES["contree"]


def takes(team, points, **fields):
    """Classic belote: ``team`` takes hearts and has ``points`` card points."""
    return ClassicDeal(team, HEARTS, CardPoints(team, points), **fields)


def bids(team, bid, points=None, **fields):
    given = CardPoints(team, points) if points is not None else None
    return ContreeDeal(team, bid, HEARTS, card_points=given, **fields)


def test_the_dealer_moves_on_every_deal_in_every_game():
    match = CLASSIC.fold_match(first_dealer=3, deals=[AllPassed(), takes(A, 100), AllPassed()])

    assert [deal.dealer for deal in match.deals] == [3, 0, 1]
    assert [deal.first_player for deal in match.deals] == [0, 1, 2]
    assert (match.dealer, match.first_player) == (2, 3)


def test_a_classic_game_ends_when_a_team_reaches_501():
    match = CLASSIC.fold_match(deals=[takes(A, 162)] * 4)

    assert [deal.totals.a for deal in match.deals] == [162, 324, 486, 648]
    assert [deal.game_over for deal in match.deals] == [False, False, False, True]
    assert match.winner is A and match.games_won == TeamPoints(1, 0)


def test_both_over_the_target_the_higher_wins_and_equal_totals_play_another_deal():
    profile = ClassicProfile(target=300)
    deals = [takes(A, 120), takes(B, 120), takes(A, 120), takes(B, 120), takes(A, 100)]

    match = CLASSIC.fold_match(profile, 0, deals)

    assert match.deals[3].totals == TeamPoints(324, 324) and not match.deals[3].game_over
    assert match.deals[4].totals == TeamPoints(424, 386)
    assert match.deals[4].game_over and match.winner is A


def test_an_inside_taker_does_not_win_on_its_belote_alone():
    profile = ClassicProfile(target=300)
    deals = [takes(A, 130), takes(B, 60), takes(A, 60, declarations_a=BELOTE)]

    match = CLASSIC.fold_match(profile, 0, deals)

    assert match.deals[1].totals == TeamPoints(292, 32)
    assert match.deals[2].totals == TeamPoints(312, 194)
    assert not match.game_over


def test_a_belote_alone_leaves_the_game_to_the_other_team_if_it_reached_the_target():
    assert game_end(300, TeamPoints(312, 305), TeamPoints(20, 0)).winner is B
    assert game_end(300, TeamPoints(312, 312), TeamPoints(20, 0)).winner is B
    assert game_end(300, TeamPoints(310, 310), TeamPoints(0, 20)).winner is A
    assert game_end(300, TeamPoints(312, 290), TeamPoints(20, 0)).winner is None
    assert game_end(300, TeamPoints(320, 305), TeamPoints(0, 0)).winner is A
    assert game_end(300, TeamPoints(320, 320), TeamPoints(0, 0)).winner is None


def test_equal_totals_after_an_inside_taker_s_belote_alone_give_the_game_to_the_defence():
    """At 500 : 360 team A takes, has 34 card points and the belote and is inside: 520 : 520.
    A is over 501 only by its belote in a lost deal; B reached the target, so B wins."""
    profile = ClassicProfile(rounding=True, tie=Tie.MADE, declarations=False)
    deals = [takes(A, 60), takes(A, 85), takes(A, 105), takes(A, 125),
             takes(A, 145, declarations_a=BELOTE), takes(A, 34, declarations_a=BELOTE)]  # fmt: skip

    match = CLASSIC.fold_match(profile, 0, deals)

    assert match.deals[4].totals == TeamPoints(500, 360) and not match.deals[4].game_over
    last = match.deals[5]
    assert last.result.written == TeamPoints(20, 160) and last.totals == TeamPoints(520, 520)
    assert last.game_over and match.winner is B and match.games[0].winner is B


def test_equal_totals_after_a_failed_contree_taker_s_belote_alone_give_the_game_to_the_defence():
    deals = [bids(A, 80, 60), bids(A, 160, 160), bids(A, 160, 160), bids(B, 110, 115),
             bids(A, 80, 60, declarations_a=BELOTE)]  # fmt: skip

    match = CONTREE.fold_match(deals=deals)

    assert match.deals[3].totals == TeamPoints(690, 470)
    assert match.deals[4].result.written == TeamPoints(20, 240)
    assert match.deals[4].totals == TeamPoints(710, 710)
    assert match.game_over and match.winner is B


def test_a_failed_contree_taker_does_not_win_on_its_belote_alone():
    profile = ContreeProfile(rounding=False)
    deals = [
        ContreeDeal(A, 160, HEARTS, capot=A),
        bids(A, 120, 150),
        bids(A, 160, 50, declarations_a=BELOTE),
    ]

    match = CONTREE.fold_match(profile, 0, deals)

    assert [deal.totals for deal in match.deals] == [
        TeamPoints(412, 0), TeamPoints(682, 12), TeamPoints(702, 332)]  # fmt: skip
    assert not match.game_over


def test_a_litige_s_points_wait_through_passes_and_litiges_for_the_next_winner():
    deals = [takes(A, 81), AllPassed(), takes(B, 81), takes(A, 100)]

    match = CLASSIC.fold_match(deals=deals)

    assert [deal.hanging for deal in match.deals] == [81, 81, 162, 0]
    assert [deal.totals for deal in match.deals] == [
        TeamPoints(0, 81), TeamPoints(0, 81), TeamPoints(81, 81), TeamPoints(81 + 262, 81 + 62)]  # fmt: skip
    last = match.deals[3].result
    assert (last.hanging_in, last.hanging_taken, last.winner) == (162, 162, A)


def test_points_waiting_when_a_game_ends_go_to_the_first_winner_of_the_next_game():
    profile = ClassicProfile(target=150)

    match = CLASSIC.fold_match(profile, 0, [takes(B, 100), takes(A, 81), takes(A, 100)])

    assert match.deals[1].game_over and match.deals[1].winner is B
    assert match.deals[1].hanging == 81
    assert match.deals[2].game == 2 and match.deals[2].totals == TeamPoints(181, 62)
    assert match.games[0].totals == TeamPoints(62, 181)


def test_a_classic_match_to_two_games_refuses_a_deal_after_its_end():
    profile = ClassicProfile(target=100)
    with pytest.raises(DealError) as caught:
        CLASSIC.fold_match(profile, 0, [takes(A, 162)] * 3, games_to_win=2)

    assert caught.value.codes == ("match_over",) and caught.value.deal_index == 2
    match = CLASSIC.fold_match(profile, 0, [takes(A, 162)] * 2, games_to_win=2)
    assert match.match_over and match.match_winner is A and len(match.games) == 2


def test_a_contree_game_ends_at_701_with_the_defence_s_packages():
    match = CONTREE.fold_match(deals=[bids(A, 160, 60)] * 3)

    assert [deal.totals.b for deal in match.deals] == [320, 640, 960]
    assert match.deals[2].game_over and match.winner is B
    assert all(deal.hanging == 0 for deal in match.deals)


def test_a_refused_deal_says_which_one():
    with pytest.raises(DealError) as caught:
        CONTREE.fold_match(deals=[AllPassed(), bids(A, 85, 100)])

    assert caught.value.codes == ("bid_invalid",) and caught.value.deal_index == 1
