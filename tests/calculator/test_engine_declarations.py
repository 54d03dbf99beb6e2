"""Which declarations count: separate comparison (default), pool (house rule), belots, ties."""

import pytest

from calculator.engine import (
    CancelReason,
    CardPoints,
    Carre,
    Contract,
    DealError,
    DeclarationComparison,
    PlayedDeal,
    Rank,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    TeamPoints,
    score_deal,
)

A, B = Team.A, Team.B
POOL = RuleProfile(declaration_comparison=DeclarationComparison.POOL)


def declared(a=(), b=(), carres_a=(), carres_b=(), belots_a=0, belots_b=0, contract=None):
    deal = PlayedDeal(
        A,
        contract or Contract.SPADES,
        CardPoints(A, 81),
        declarations_a=TeamDeclarations(tuple(a), tuple(Carre(r) for r in carres_a), belots_a),
        declarations_b=TeamDeclarations(tuple(b), tuple(Carre(r) for r in carres_b), belots_b),
    )
    return deal


def counted(deal, profile=None):
    result = score_deal(deal, profile) if profile else score_deal(deal)
    return result.declaration_points


def test_a_sequence_alone_counts():
    assert counted(declared(a=[Sequence(3)])) == TeamPoints(20, 0)


def test_the_longer_sequence_wins_without_top_cards():
    assert counted(declared(a=[Sequence(3)], b=[Sequence(4)])) == TeamPoints(0, 50)


def test_the_team_with_the_highest_sequence_scores_all_its_sequences():
    deal = declared(a=[Sequence(5), Sequence(3)], b=[Sequence(4), Sequence(4)])

    assert counted(deal) == TeamPoints(120, 0)


def test_at_equal_points_the_higher_top_card_wins():
    deal = declared(a=[Sequence(4, Rank.KING)], b=[Sequence(4, Rank.ACE)])

    assert counted(deal) == TeamPoints(0, 50)


def test_six_in_a_row_is_still_100_and_compared_by_top_card():
    deal = declared(a=[Sequence(6, Rank.KING)], b=[Sequence(5, Rank.ACE)])

    assert counted(deal) == TeamPoints(0, 100)


def test_a_full_tie_cancels_every_sequence_of_both_teams():
    deal = declared(
        a=[Sequence(4, Rank.KING), Sequence(3, Rank.TEN)],
        b=[Sequence(4, Rank.KING)],
    )

    result = score_deal(deal)

    assert result.declaration_points == TeamPoints(0, 0)
    assert {outcome.reason for outcome in result.declarations} == {CancelReason.TIE}
    assert result.steps[2].code == "sequences_cancelled_tie"


def test_a_tie_between_sequences_asks_for_the_missing_top_cards():
    deal = declared(a=[Sequence(4)], b=[Sequence(4, Rank.KING), Sequence(3)])

    with pytest.raises(DealError) as caught:
        score_deal(deal)

    [problem] = caught.value.problems
    assert problem.code == "sequence_top_card_needed"
    assert problem.field == "declarations_a"
    assert dict(problem.params) == {"team": "A", "index": 0, "length": 4}


def test_both_teams_are_asked_when_neither_top_card_was_given():
    with pytest.raises(DealError) as caught:
        score_deal(declared(a=[Sequence(3)], b=[Sequence(3)]))

    assert [p.field for p in caught.value.problems] == ["declarations_a", "declarations_b"]


def test_a_known_top_card_that_no_unknown_one_can_reach_decides_alone():
    # A terce up to the ace, or a known K: B's terce topped by 9 cannot be higher.
    deal = declared(a=[Sequence(3, Rank.KING), Sequence(3)], b=[Sequence(3, Rank.NINE)])

    assert counted(deal) == TeamPoints(40, 0)


def test_only_the_team_whose_best_top_card_is_open_is_asked():
    deal = declared(a=[Sequence(3, Rank.ACE), Sequence(3)], b=[Sequence(3)])

    with pytest.raises(DealError) as caught:
        score_deal(deal)

    assert [dict(p.params) for p in caught.value.problems] == [
        {"team": "B", "index": 0, "length": 3}
    ]


def test_the_top_card_of_a_teams_highest_terce_decides_for_all_its_terces():
    # The scorer's case: B holds two terces and names the top of the higher one, the 10.
    deal = declared(a=[Sequence(3, Rank.JACK)], b=[Sequence(3, Rank.TEN), Sequence(3)])

    assert counted(deal) == TeamPoints(20, 0)


def test_the_top_card_may_be_given_on_any_of_a_teams_sequences_of_a_class():
    deal = declared(a=[Sequence(3), Sequence(3, Rank.KING)], b=[Sequence(3, Rank.QUEEN)])

    assert counted(deal) == TeamPoints(40, 0)


def test_a_team_with_two_sequences_of_a_class_is_asked_for_one_top_card():
    deal = declared(a=[Sequence(4), Sequence(4)], b=[Sequence(4), Sequence(3), Sequence(4)])

    with pytest.raises(DealError) as caught:
        score_deal(deal)

    assert [dict(p.params) for p in caught.value.problems] == [
        {"team": "A", "index": 0, "length": 4},
        {"team": "B", "index": 0, "length": 4},
    ]


def test_a_longer_sequence_keeps_its_own_lowest_top_card_beside_a_known_one():
    # Seven in a row ends on the king at least, whatever top the quinte beside it has.
    deal = declared(a=[Sequence(5, Rank.JACK), Sequence(7)], b=[Sequence(5, Rank.QUEEN)])

    assert counted(deal) == TeamPoints(200, 0)


def test_a_sequence_of_eight_needs_no_top_card():
    deal = declared(a=[Sequence(8)], b=[Sequence(5, Rank.KING)])

    assert counted(deal) == TeamPoints(100, 0)


def test_eight_in_a_row_against_a_quinte_to_the_ace_is_a_full_tie():
    deal = declared(a=[Sequence(8)], b=[Sequence(5, Rank.ACE)])

    assert counted(deal) == TeamPoints(0, 0)


def test_top_cards_are_not_needed_when_a_lower_class_ties():
    deal = declared(a=[Sequence(4), Sequence(3)], b=[Sequence(3)])

    assert counted(deal) == TeamPoints(70, 0)


def test_only_the_team_with_the_highest_carre_scores_its_carres():
    deal = declared(carres_a=[Rank.NINE, Rank.QUEEN], carres_b=[Rank.ACE])

    assert counted(deal) == TeamPoints(250, 0)


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        (Rank.JACK, Rank.NINE),
        (Rank.NINE, Rank.ACE),
        (Rank.ACE, Rank.TEN),
        (Rank.TEN, Rank.KING),
        (Rank.KING, Rank.QUEEN),
    ],
)
def test_carres_rank_jack_nine_ace_ten_king_queen(stronger, weaker):
    result = score_deal(declared(carres_a=[weaker], carres_b=[stronger]))

    assert result.declaration_points.a == 0
    assert result.declaration_points.b > 0


def test_sequences_and_carres_are_compared_separately_by_default():
    deal = declared(a=[Sequence(5)], carres_b=[Rank.QUEEN], b=[Sequence(3)])

    assert counted(deal) == TeamPoints(100, 100)


def test_belot_is_never_compared():
    deal = declared(a=[Sequence(4)], b=[Sequence(3)], belots_b=1)

    assert counted(deal) == TeamPoints(50, 20)


def test_all_trumps_allows_a_belot_per_suit():
    deal = declared(belots_a=3, belots_b=1, contract=Contract.ALL_TRUMPS)

    assert counted(deal) == TeamPoints(60, 20)


def test_pool_gives_every_declaration_to_the_team_with_the_strongest_one():
    deal = declared(a=[Sequence(5)], carres_b=[Rank.QUEEN], b=[Sequence(3)])

    assert counted(deal, POOL) == TeamPoints(0, 120)


def test_pool_strongest_is_by_points_first():
    deal = declared(a=[Sequence(4), Sequence(3)], carres_b=[Rank.JACK])

    assert counted(deal, POOL) == TeamPoints(0, 200)


def test_pool_compares_carres_of_equal_points_by_card():
    deal = declared(carres_a=[Rank.TEN], carres_b=[Rank.ACE], a=[Sequence(3)])

    assert counted(deal, POOL) == TeamPoints(0, 100)


def test_pool_full_tie_cancels_all_declarations():
    deal = declared(a=[Sequence(4, Rank.ACE)], b=[Sequence(4, Rank.ACE), Sequence(3)])

    result = score_deal(deal, POOL)

    assert result.declaration_points == TeamPoints(0, 0)
    assert result.steps[2].code == "declarations_cancelled_tie"


def test_pool_tie_between_sequences_asks_for_top_cards():
    with pytest.raises(DealError) as caught:
        score_deal(declared(a=[Sequence(4)], b=[Sequence(4, Rank.JACK)]), POOL)

    assert caught.value.codes == ("sequence_top_card_needed",)


def test_pool_explains_the_strongest_declarations_of_both_teams():
    deal = declared(a=[Sequence(5, Rank.KING)], carres_b=[Rank.QUEEN])

    step = next(s for s in score_deal(deal, POOL).steps if s.code == "declarations_won")

    assert dict(step.params) == {
        "team": "B",
        "points": 100,
        "cancelled": 100,
        "kind": "carre",
        "length": None,
        "top": None,
        "rank": "Q",
        "other_kind": "sequence",
        "other_length": 5,
        "other_top": "K",
        "other_rank": None,
    }
