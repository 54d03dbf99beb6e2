"""Folding deals into games and a match: dealers, totals, hanging points, the end of a game."""

import pytest

from calculator.engine import (
    MAX_DEALS,
    AllPassed,
    CardPoints,
    Contract,
    DealError,
    PlayedDeal,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    TeamPoints,
    first_player,
    fold_match,
    team_of_seat,
)

A, B = Team.A, Team.B
HEARTS, ALL_TRUMPS = Contract.HEARTS, Contract.ALL_TRUMPS
SHORT = RuleProfile(target=20)


def made(team, points, contract=HEARTS):
    """Team ``team`` bids and takes ``points`` card points."""
    return PlayedDeal(team, contract, CardPoints(team, points))


def capot(team):
    return PlayedDeal(team, HEARTS, None, capot=team)


def tie():
    """Hearts bid by A, 106 to 106: B writes 10, A's 11 hang."""
    return PlayedDeal(A, HEARTS, CardPoints(A, 56), declarations_a=TeamDeclarations((Sequence(4),)))


def test_seats_0_and_2_are_team_a_and_the_seat_after_the_dealer_plays_first():
    assert [team_of_seat(seat) for seat in range(4)] == [A, B, A, B]
    assert [first_player(dealer) for dealer in range(4)] == [1, 2, 3, 0]


def test_the_dealer_moves_on_every_deal_all_passed_ones_included():
    match = fold_match(RuleProfile(), 2, [AllPassed(), made(A, 100), AllPassed()])

    assert [deal.dealer for deal in match.deals] == [2, 3, 0]
    assert [deal.first_player for deal in match.deals] == [3, 0, 1]
    assert [deal.number for deal in match.deals] == [1, 2, 3]
    assert (match.dealer, match.first_player) == (1, 2)


def test_running_totals_add_up_each_deal():
    match = fold_match(deals=[made(A, 87), made(B, 100), AllPassed()])

    assert [deal.totals for deal in match.deals] == [
        TeamPoints(9, 7),
        TeamPoints(15, 17),
        TeamPoints(15, 17),
    ]
    assert match.totals == TeamPoints(15, 17)
    assert not match.game_over and match.game == 1


def test_a_game_ends_when_a_team_reaches_151():
    deals = [made(A, 258, ALL_TRUMPS)] * 6  # 26 each, no capot: B took a trick of 7s and 8s

    match = fold_match(deals=deals)

    assert match.deals[4].totals == TeamPoints(130, 0) and not match.deals[4].game_over
    assert match.deals[5].game_over and match.deals[5].winner is A
    assert match.game_over and match.winner is A and match.game == 1
    assert match.games_won == TeamPoints(1, 0)


def test_when_both_pass_the_target_the_higher_total_wins():
    match = fold_match(SHORT, 0, [made(A, 162), made(B, 162), made(B, 87)])

    assert match.deals[1].totals == TeamPoints(16, 16)
    assert match.deals[2].totals == TeamPoints(23, 25)
    assert match.winner is B


def test_equal_totals_over_the_target_play_on_until_one_leads():
    deals = [made(A, 86), made(B, 86), made(A, 86), made(A, 87)]

    match = fold_match(SHORT, 0, deals)

    assert match.deals[2].totals == TeamPoints(24, 24)
    assert not match.deals[2].game_over
    assert match.deals[3].game_over and match.winner is A


def test_a_capot_cannot_end_the_game():
    match = fold_match(SHORT, 0, [capot(A)])

    assert match.totals == TeamPoints(25, 0)
    assert not match.game_over
    assert match.capot_extra_deal and match.deals[0].capot_extra_deal


def test_after_a_capot_all_passed_and_capot_deals_do_not_count_as_the_extra_deal():
    match = fold_match(SHORT, 0, [capot(A), AllPassed(), capot(A), made(B, 100)])

    assert [deal.game_over for deal in match.deals] == [False, False, False, True]
    assert [deal.capot_extra_deal for deal in match.deals] == [True, True, True, False]
    assert match.winner is A
    assert match.totals == TeamPoints(50 + 6, 10)


def test_the_deal_after_a_capot_decides_the_game():
    match = fold_match(SHORT, 0, [made(B, 90), capot(A), made(B, 100)])

    assert match.deals[1].totals == TeamPoints(7 + 25, 9)
    assert match.deals[2].totals == TeamPoints(7 + 25 + 6, 9 + 10)
    assert match.game_over and match.winner is A


def test_a_capot_that_leaves_equal_totals_over_the_target_just_plays_on():
    match = fold_match(SHORT, 0, [capot(A), capot(B)])

    assert match.totals == TeamPoints(25, 25)
    assert not match.game_over and not match.capot_extra_deal


def test_without_the_capot_rule_a_capot_ends_the_game():
    profile = RuleProfile(target=20, capot_cannot_end_game=False)

    match = fold_match(profile, 0, [capot(A)])

    assert match.game_over and match.winner is A and not match.capot_extra_deal


def test_the_next_game_starts_at_0_to_0_and_the_dealer_keeps_rotating():
    match = fold_match(SHORT, 3, [made(A, 162), made(A, 162), made(B, 100)])

    first, second, third = match.deals
    assert (first.game, second.game, third.game) == (1, 1, 2)
    assert second.game_over and second.totals == TeamPoints(32, 0)
    assert third.number == 1 and third.totals == TeamPoints(6, 10)
    assert [deal.dealer for deal in match.deals] == [3, 0, 1]
    assert match.game == 2 and not match.game_over
    assert match.games_won == TeamPoints(1, 0)
    assert [(g.number, g.totals, g.winner, g.deals) for g in match.games] == [
        (1, TeamPoints(32, 0), A, 2)
    ]


def test_hanging_points_survive_all_passed_deals_and_go_to_the_next_winner():
    match = fold_match(deals=[tie(), AllPassed(), AllPassed(), made(B, 100)])

    assert [deal.hanging for deal in match.deals] == [11, 11, 11, 0]
    assert match.deals[3].result.hanging_taken == 11
    assert match.totals == TeamPoints(0 + 6, 10 + 10 + 11)


def test_hanging_points_accumulate_over_repeated_ties():
    match = fold_match(deals=[tie(), tie(), made(A, 100)])

    assert [deal.hanging for deal in match.deals] == [11, 22, 0]
    assert match.totals == TeamPoints(10 + 22, 10 + 10 + 6)


def test_hanging_points_still_hanging_at_the_end_of_a_game_carry_into_the_next():
    match = fold_match(RuleProfile(target=10), 0, [tie(), made(A, 100)])

    assert match.deals[0].game_over and match.deals[0].winner is B
    assert match.deals[0].hanging == 11
    assert match.deals[1].game == 2
    assert match.deals[1].totals == TeamPoints(10 + 11, 6)


def test_an_empty_match_is_game_1_at_0_to_0():
    match = fold_match(RuleProfile(), 1, [])

    assert (match.game, match.totals, match.dealer, match.first_player) == (
        1,
        TeamPoints(0, 0),
        1,
        2,
    )
    assert match.deals == () and match.games == ()


def test_a_refused_deal_is_named_by_its_index():
    deals = [made(A, 100), AllPassed(), PlayedDeal(A, HEARTS, CardPoints(A, 200))]

    with pytest.raises(DealError) as caught:
        fold_match(deals=deals)

    assert caught.value.deal_index == 2
    assert caught.value.codes == ("card_points_out_of_range",)


def test_a_missing_top_card_is_named_by_its_deal_index():
    needs_top = PlayedDeal(
        A,
        HEARTS,
        CardPoints(A, 81),
        declarations_a=TeamDeclarations((Sequence(3),)),
        declarations_b=TeamDeclarations((Sequence(3),)),
    )

    with pytest.raises(DealError) as caught:
        fold_match(deals=[AllPassed(), needs_top])

    assert caught.value.deal_index == 1
    assert set(caught.value.codes) == {"sequence_top_card_needed"}


@pytest.mark.parametrize("dealer", [-1, 4, "0", None])
def test_the_first_dealer_must_be_a_seat(dealer):
    with pytest.raises(DealError) as caught:
        fold_match(RuleProfile(), dealer, [])

    assert caught.value.codes == ("dealer_invalid",)
    assert caught.value.deal_index is None


def test_an_invalid_profile_is_refused_before_any_deal():
    with pytest.raises(DealError) as caught:
        fold_match(RuleProfile(target=-5), 0, [made(A, 100)])

    assert caught.value.codes == ("target_invalid",)


def test_folding_a_match_builds_no_explanation_until_one_is_read():
    match = fold_match(deals=[made(A, 87), tie(), AllPassed()])

    assert all("steps" not in vars(deal.result) for deal in match.deals)
    assert match.deals[0].result.steps[0].code == "contract"


def test_a_match_of_max_deals_folds_and_one_more_is_refused():
    assert MAX_DEALS == 2000
    full = fold_match(deals=[made(A, 100)] * MAX_DEALS)
    assert len(full.deals) == MAX_DEALS
    with pytest.raises(DealError) as refused:
        fold_match(deals=[AllPassed()] * (MAX_DEALS + 1))
    assert refused.value.codes == ("too_many_deals",)
    assert refused.value.deal_index is None
    assert dict(refused.value.problems[0].params) == {"count": MAX_DEALS + 1, "max": MAX_DEALS}


def test_a_match_to_two_won_games_ends_with_the_second_game_a_team_wins():
    # SHORT's target is 20: made(A, 162) gives A 16 and B 0; two of them win a game.
    game_a, game_b = [made(A, 162)] * 2, [made(B, 162)] * 2

    match = fold_match(SHORT, 0, [*game_a, *game_b, *game_a], games_to_win=2)

    assert [game.winner for game in match.games] == [A, B, A]
    assert match.games_won == TeamPoints(2, 1)
    assert match.match_over and match.match_winner is A and match.games_to_win == 2


def test_a_match_is_not_over_while_neither_team_has_its_games():
    match = fold_match(SHORT, 0, [made(A, 162)] * 2, games_to_win=2)

    assert match.game_over and not match.match_over and match.match_winner is None


def test_a_deal_after_the_match_is_over_is_refused():
    with pytest.raises(DealError) as refused:
        fold_match(SHORT, 0, [made(A, 162)] * 3, games_to_win=1)

    assert refused.value.codes == ("match_over",) and refused.value.deal_index == 2
    assert refused.value.problems[0].params == {"games": 1}


def test_without_games_to_win_the_match_never_ends():
    match = fold_match(SHORT, 0, [made(A, 162)] * 10)

    assert match.games_won == TeamPoints(5, 0) and not match.match_over


@pytest.mark.parametrize("games", [0, 4, -1, "2", 2.0, True])
def test_games_to_win_is_1_2_or_3(games):
    with pytest.raises(DealError) as refused:
        fold_match(SHORT, 0, [], games_to_win=games)

    assert refused.value.codes == ("games_to_win_invalid",)
