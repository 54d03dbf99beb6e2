"""Contrée and coinche, one deal at a time: the bid, contre and surcontre, capot, declarations,
and every house rule."""

import pytest

from calculator.engine import (
    GAMES,
    AllPassed,
    CardPoints,
    Carre,
    Contre,
    ContreeDeal,
    ContreeOutcome,
    ContreeProfile,
    DealError,
    FailedBelote,
    Rank,
    Scoring,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
    contree,
)

A, B = Team.A, Team.B
HEARTS = Suit.HEARTS
BELOTE = TeamDeclarations(belots=1)
EXACT = ContreeProfile(rounding=False)
COINCHE = ContreeProfile(declarations=True, rounding=False)


def bid(value, points, team=A, **fields):
    """Team A bids ``value`` in hearts; ``team`` has ``points`` card points."""
    return ContreeDeal(A, value, HEARTS, card_points=CardPoints(team, points), **fields)


def score(deal, profile=EXACT):
    return contree.score_deal(deal, profile)


def codes(result):
    return [step.code for step in result.steps]


def params(result, code):
    return next(dict(step.params) for step in result.steps if step.code == code)


def test_a_contract_is_made_at_the_bid_and_ahead_of_the_defence():
    result = score(bid(80, 82))

    assert result.outcome is ContreeOutcome.MADE
    assert result.recorded == TeamPoints(82 + 80, 80)
    assert codes(result) == ["bid", "card_points", "totals", "contract_made", "score_made",
                             "written"]  # fmt: skip
    assert params(result, "bid") == {"taker": "A", "bid": 80, "trump": "hearts",
                                     "contre": "none", "multiplier": 1}  # fmt: skip
    assert params(result, "score_made") == {
        "taker": "A", "defenders": "B", "total_taker": 82, "bid": 80, "points_taker": 162,
        "points_defenders": 80}  # fmt: skip


def test_short_of_the_bid_fails_79_does_not_make_80_even_rounded():
    result = score(bid(80, 79), ContreeProfile())

    assert result.outcome is ContreeOutcome.FAILED
    assert result.recorded == TeamPoints(0, 240)
    assert params(result, "contract_failed_short")["total_taker"] == 79


def test_reaching_the_bid_without_beating_the_defence_fails():
    result = score(bid(80, 81))

    assert result.outcome is ContreeOutcome.FAILED
    assert "contract_failed_behind" in codes(result)


def test_belote_and_declarations_count_towards_the_bid():
    deal = bid(100, 70, declarations_a=TeamDeclarations((Sequence(3, Rank.ACE),), belots=1))

    result = score(deal, COINCHE)

    assert result.totals == TeamPoints(110, 92) and result.outcome is ContreeOutcome.MADE
    assert result.recorded == TeamPoints(110 + 100, 92)


def test_a_failed_contract_gives_the_defence_160_the_bid_every_declaration_and_its_belote():
    deal = bid(140, 60, declarations_a=TeamDeclarations((Sequence(4, Rank.ACE),), belots=1),
               declarations_b=TeamDeclarations(belots=0))  # fmt: skip

    result = score(deal, COINCHE)

    assert result.totals == TeamPoints(130, 102)
    assert result.recorded == TeamPoints(20, 160 + 140 + 50)
    assert result.belote_alone == TeamPoints(20, 0)
    assert params(result, "score_failed") == {
        "taker": "A", "defenders": "B", "base": 160, "bid": 140, "declarations": 50,
        "belote": 0, "multiplier": 1, "points": 350, "belote_taker": 20}  # fmt: skip


def test_a_capot_bid_needs_every_trick_and_scores_252_and_250():
    made = score(ContreeDeal(A, 250, HEARTS, capot=A))
    failed = score(bid(250, 150))

    assert made.outcome is ContreeOutcome.MADE and made.recorded == TeamPoints(502, 0)
    assert codes(made)[4:6] == ["capot_made", "score_made"]
    assert failed.outcome is ContreeOutcome.FAILED and failed.recorded == TeamPoints(0, 410)
    assert params(failed, "capot_failed") == {"taker": "A", "defenders": "B"}
    assert made.capot_bid and failed.capot_bid


def test_a_capot_bid_rounded_gives_500():
    assert score(ContreeDeal(A, 250, HEARTS, capot=A), ContreeProfile()).recorded == TeamPoints(
        500, 0
    )


def test_a_taker_s_capot_takes_the_defence_s_counted_declarations():
    deal = ContreeDeal(A, 100, HEARTS, capot=A, declarations_b=TeamDeclarations(
        (Sequence(5, Rank.ACE),), belots=1))  # fmt: skip

    result = score(deal, COINCHE)

    assert result.declarations_taken == 100
    assert result.declaration_points == TeamPoints(100, 0)
    assert result.recorded == TeamPoints(252 + 100 + 100, 20)
    assert params(result, "declarations_taken_by_capot") == {"team": "A", "points": 100}
    assert result.belote_alone == TeamPoints(0, 20)


def test_a_defence_capot_fails_the_contract_with_the_usual_package():
    result = score(ContreeDeal(A, 80, HEARTS, capot=B))

    assert result.card_points == TeamPoints(0, 252)
    assert result.recorded == TeamPoints(0, 240)


@pytest.mark.parametrize(
    "contre, profile, multiplier",
    [
        (Contre.CONTRE, EXACT, 2),
        (Contre.SURCONTRE, EXACT, 4),
        (Contre.SURCONTRE, ContreeProfile(rounding=False, surcontre=3), 3),
    ],
)
def test_contre_and_surcontre_multiply_the_package_of_the_team_that_wins(
    contre, profile, multiplier
):
    made = score(bid(90, 100, contre=contre, declarations_b=BELOTE), profile)
    failed = score(bid(90, 70, contre=contre, declarations_a=BELOTE), profile)

    assert made.recorded == TeamPoints((160 + 90) * multiplier, 20)
    assert made.belote_alone == TeamPoints(0, 20)
    assert params(made, "score_made_contre")["multiplier"] == multiplier
    assert failed.recorded == TeamPoints(20, (160 + 90) * multiplier)
    assert params(failed, "bid")["multiplier"] == multiplier


def test_a_contred_capot_counts_250_and_the_taker_s_belote():
    result = score(ContreeDeal(A, 80, HEARTS, contre=Contre.CONTRE, capot=A,
                               declarations_a=BELOTE))  # fmt: skip

    assert result.recorded == TeamPoints((250 + 80 + 20) * 2, 0)
    assert params(result, "score_made_contre")["base"] == 250


def test_the_failed_base_house_rule_gives_162():
    result = score(bid(100, 60), ContreeProfile(rounding=False, failed_base=162))

    assert result.recorded == TeamPoints(0, 262)
    assert score(bid(80, 60), ContreeProfile(failed_base=162)).recorded == TeamPoints(0, 240)


def test_the_failed_belote_house_rule_gives_the_taker_s_belote_to_the_defence():
    profile = ContreeProfile(rounding=False, failed_belote=FailedBelote.DEFENDERS)

    result = score(bid(100, 60, declarations_a=BELOTE), profile)

    assert result.recorded == TeamPoints(0, 160 + 100 + 20)
    assert result.belote_alone == TeamPoints(0, 0)
    assert params(result, "belote_to_defenders") == {"team": "A", "points": 20}
    assert params(result, "score_failed")["belote_taker"] == 0


def test_bid_only_scores_the_bid_and_the_belote_not_the_points():
    profile = ContreeProfile(rounding=False, scoring=Scoring.BID_ONLY)

    made = score(bid(100, 120, declarations_a=BELOTE, declarations_b=TeamDeclarations()), profile)
    failed = score(bid(100, 60, contre=Contre.CONTRE, declarations_b=BELOTE), profile)

    assert made.recorded == TeamPoints(120, 0)
    assert params(made, "score_bid_made") == {
        "taker": "A", "defenders": "B", "bid": 100, "belote": 20, "multiplier": 1,
        "points": 120, "belote_defenders": 0}  # fmt: skip
    assert failed.recorded == TeamPoints(0, (100 + 20) * 2)
    assert "score_bid_failed" in codes(failed)


def test_bid_only_declarations_help_make_the_contract_but_are_not_scored():
    profile = ContreeProfile(declarations=True, rounding=False, scoring=Scoring.BID_ONLY)
    deal = bid(100, 60, declarations_a=TeamDeclarations((Sequence(5, Rank.ACE),)))

    result = score(deal, profile)

    assert result.outcome is ContreeOutcome.MADE
    assert result.recorded == TeamPoints(100, 0)


def test_rounding_is_on_by_default_and_rounds_each_score():
    result = contree.score_deal(bid(80, 99, declarations_a=BELOTE))

    assert result.scores == TeamPoints(199, 63) and result.recorded == TeamPoints(200, 60)
    assert [dict(s.params) for s in result.steps if s.code == "rounding"] == [
        {"team": "A", "exact": 199, "points": 200},
        {"team": "B", "exact": 63, "points": 60},
    ]


def test_contree_refuses_declarations_but_keeps_the_belote():
    with pytest.raises(DealError) as caught:
        contree.score_deal(bid(80, 100, declarations_a=TeamDeclarations((Sequence(3),))))

    assert caught.value.codes == ("declarations_not_played",)
    assert contree.score_deal(bid(80, 100, declarations_b=BELOTE)).recorded == TeamPoints(180, 80)


def test_coinche_compares_declarations_like_classic_belote():
    deal = bid(80, 100, declarations_a=TeamDeclarations(carres=(Carre(Rank.JACK),)),
               declarations_b=TeamDeclarations((Sequence(5, Rank.ACE),)))  # fmt: skip

    result = GAMES["coinche"].score_deal(deal)

    assert result.declaration_points == TeamPoints(200, 0)
    assert params(result, "declarations_won")["rank"] == "J"


def test_nothing_waits_in_contree():
    with pytest.raises(DealError) as caught:
        contree.score_deal(bid(80, 100), EXACT, hanging=5)

    assert caught.value.codes == ("hanging_invalid",)
    with pytest.raises(DealError):
        GAMES["contree"].score_deal(AllPassed(), hanging=5)
    assert contree.score_deal(AllPassed()).hanging_out == 0


def test_an_all_passed_deal_scores_nothing():
    result = GAMES["contree"].score_deal(AllPassed())

    assert result.recorded == TeamPoints(0, 0) and result.value == 0
    assert codes(result) == ["all_passed", "written"]
    assert (result.bid, result.contre, result.multiplier, result.capot_bid) == (
        None, Contre.NONE, 1, False)  # fmt: skip


def test_the_result_says_what_decided_it():
    result = score(bid(90, 80, contre=Contre.CONTRE))

    assert result.decided_by_contre and not result.decided_by_capot
    assert result.winner is B
    assert result.steps is result.steps
    assert result.counted == () and result.cancelled == ()
