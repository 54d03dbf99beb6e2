"""Classic belote, one deal at a time: made, inside, litige, capot, declarations, house rules."""

import pytest

from calculator.engine import (
    AllPassed,
    CardPoints,
    Carre,
    ClassicDeal,
    ClassicOutcome,
    ClassicProfile,
    DealError,
    InTrumps,
    Rank,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
    Tie,
    classic,
)

A, B = Team.A, Team.B
HEARTS = Suit.HEARTS
BELOTE = TeamDeclarations(belots=1)
ROUNDED = ClassicProfile(rounding=True)


def declared(*items, belots=0):
    sequences = tuple(item for item in items if isinstance(item, Sequence))
    carres = tuple(item for item in items if isinstance(item, Carre))
    return TeamDeclarations(sequences, carres, belots)


def taken(points, team=A, **fields):
    """Team A takes hearts; ``team`` has ``points`` card points."""
    return ClassicDeal(A, HEARTS, CardPoints(team, points), **fields)


def codes(result):
    return [step.code for step in result.steps]


def test_a_made_deal_gives_each_team_its_total_and_says_so_step_by_step():
    result = classic.score_deal(taken(100, declarations_b=declared(Sequence(3, Rank.KING))))

    assert result.outcome is ClassicOutcome.MADE
    assert result.recorded == TeamPoints(100, 82)
    assert [(s.code, dict(s.params)) for s in result.steps] == [
        ("taken", {"taker": "A", "trump": "hearts"}),
        ("card_points", {"a": 100, "b": 62, "given": "A", "total": 162}),
        ("declarations_unopposed", {"team": "B", "points": 20}),
        ("totals", {"a": 100, "b": 82, "card_points_a": 100, "card_points_b": 62,
                    "declarations_a": 0, "declarations_b": 20, "belote_a": 0, "belote_b": 0}),
        ("made", {"taker": "A", "defenders": "B", "total_taker": 100, "total_defenders": 82}),
        ("written", {"a": 100, "b": 82}),
    ]  # fmt: skip


def test_inside_gives_the_defence_every_card_point_every_counted_declaration_and_its_belote():
    deal = taken(60, declarations_a=declared(Sequence(4, Rank.ACE)),
                 declarations_b=declared(belots=1))  # fmt: skip

    result = classic.score_deal(deal)

    assert result.totals == TeamPoints(110, 122)
    assert result.recorded == TeamPoints(0, 162 + 50 + 20)
    inside = result.steps[-2]
    assert (inside.code, dict(inside.params)) == ("inside", {
        "taker": "A", "defenders": "B", "total_taker": 110, "total_defenders": 122,
        "card_points": 162, "declarations": 50, "belote_defenders": 20, "belote_taker": 0,
        "points": 232})  # fmt: skip


def test_an_inside_taker_keeps_its_belote_and_that_belote_alone_does_not_count_for_the_target():
    result = classic.score_deal(taken(60, declarations_a=BELOTE))

    assert result.recorded == TeamPoints(20, 162)
    assert result.belote_alone == TeamPoints(20, 0)


def test_a_defence_capot_puts_the_taker_inside_with_252():
    result = classic.score_deal(ClassicDeal(A, HEARTS, capot=B, declarations_a=BELOTE))

    assert result.card_points == TeamPoints(0, 252)
    assert result.recorded == TeamPoints(20, 252)
    assert codes(result)[:4] == ["taken", "card_points", "capot", "belot"]
    assert dict(result.steps[2].params) == {"team": "B", "bonus": 90}


def test_after_a_taker_capot_the_defence_still_scores_its_counted_declarations_and_belote():
    deal = ClassicDeal(A, HEARTS, capot=A, declarations_b=declared(Carre(Rank.TEN), belots=1))

    result = classic.score_deal(deal)

    assert result.outcome is ClassicOutcome.MADE
    assert result.recorded == TeamPoints(252, 120)
    assert result.belote_alone == TeamPoints(0, 0)


def test_after_a_taker_capot_a_defence_with_only_its_belote_scores_it_but_not_for_the_target():
    result = classic.score_deal(ClassicDeal(A, HEARTS, capot=A, declarations_b=BELOTE))

    assert result.recorded == TeamPoints(252, 20)
    assert result.belote_alone == TeamPoints(0, 20)


def test_equal_totals_are_a_litige_the_taker_s_total_waits_belote_included():
    result = classic.score_deal(taken(71, declarations_a=BELOTE), hanging=0)

    assert result.totals == TeamPoints(91, 91)
    assert result.outcome is ClassicOutcome.LITIGE and result.tie
    assert result.recorded == TeamPoints(0, 91)
    assert (result.hanging_added, result.hanging_out, result.winner) == (91, 91, None)
    assert codes(result)[-3:] == ["litige", "hanging_added", "written"]
    assert dict(result.steps[-2].params) == {"team": "A", "points": 91, "pot": 91}


def test_a_litige_keeps_the_points_already_waiting_and_adds_its_own():
    result = classic.score_deal(taken(81), hanging=80)

    assert (result.hanging_taken, result.hanging_out, result.written) == (0, 161, TeamPoints(0, 81))
    assert codes(result)[-4:] == ["litige", "hanging_added", "hanging_kept", "written"]


def test_the_winner_of_a_deal_takes_the_points_that_waited():
    made = classic.score_deal(taken(100), hanging=81)
    inside = classic.score_deal(taken(60), hanging=81)

    assert made.written == TeamPoints(100 + 81, 62) and made.hanging_out == 0
    assert inside.written == TeamPoints(0, 162 + 81) and inside.winner is B
    assert dict(inside.steps[-2].params) == {"team": "B", "points": 81}


@pytest.mark.parametrize(
    "tie, outcome, recorded, code",
    [
        (Tie.LITIGE, ClassicOutcome.LITIGE, (0, 81), "litige"),
        (Tie.INSIDE, ClassicOutcome.INSIDE, (0, 162), "inside_tie"),
        (Tie.MADE, ClassicOutcome.MADE, (81, 81), "made_tie"),
    ],
)
def test_the_house_rule_for_a_tie_decides_what_equal_totals_give(tie, outcome, recorded, code):
    result = classic.score_deal(taken(81), ClassicProfile(tie=tie))

    assert result.outcome is outcome and result.tie
    assert result.recorded == TeamPoints(*recorded)
    assert code in codes(result)


def test_rounding_goes_to_the_nearest_ten_five_up_and_never_decides_the_outcome():
    near = classic.score_deal(taken(84), ROUNDED)  # 84 - 78: made, 80 - 80
    up = classic.score_deal(taken(85), ROUNDED)  # 85 - 77: 90 - 80

    assert near.outcome is ClassicOutcome.MADE and near.recorded == TeamPoints(80, 80)
    assert up.recorded == TeamPoints(90, 80)
    assert [dict(s.params) for s in near.steps if s.code == "rounding"] == [
        {"team": "A", "exact": 84, "points": 80},
        {"team": "B", "exact": 78, "points": 80},
    ]


def test_rounding_rounds_the_waiting_litige_too():
    result = classic.score_deal(taken(81), ROUNDED)

    assert result.recorded == TeamPoints(0, 80) and result.hanging_added == 80
    assert [dict(s.params) for s in result.steps if s.code == "rounding"][0] == {
        "team": "A", "exact": 81, "points": 80}  # fmt: skip


def test_an_inside_deal_rounds_the_defence_s_162_to_160():
    assert classic.score_deal(taken(60), ROUNDED).recorded == TeamPoints(0, 160)


def test_the_single_best_declaration_s_team_scores_all_of_its_declarations():
    deal = taken(90, declarations_a=declared(Sequence(3, Rank.KING), Sequence(4, Rank.TEN)),
                 declarations_b=declared(Sequence(4, Rank.ACE)))  # fmt: skip

    result = classic.score_deal(deal)

    assert result.declaration_points == TeamPoints(0, 50)
    step = next(s for s in result.steps if s.code == "declarations_won")
    assert dict(step.params) == {
        "team": "B", "points": 50, "cancelled": 70, "kind": "sequence", "length": 4,
        "top": "A", "rank": None, "other_kind": "sequence", "other_length": 4,
        "other_top": "10", "other_rank": None}  # fmt: skip


def test_a_carre_beats_a_sequence_of_the_same_points():
    deal = taken(90, declarations_a=declared(Sequence(5, Rank.ACE)),
                 declarations_b=declared(Carre(Rank.QUEEN)))  # fmt: skip

    assert classic.score_deal(deal).declaration_points == TeamPoints(0, 100)


def tied_tierces(in_trumps=None):
    return taken(90, declarations_a=declared(Sequence(3, Rank.KING)),
                 declarations_b=declared(Sequence(3, Rank.KING)), sequence_in_trumps=in_trumps)  # fmt: skip


def test_equal_sequences_ask_which_was_in_trumps():
    with pytest.raises(DealError) as caught:
        classic.score_deal(tied_tierces())

    assert [p.as_dict() for p in caught.value.problems] == [{
        "code": "sequence_in_trumps_needed", "field": "sequence_in_trumps",
        "params": {"length_a": 3, "length_b": 3, "top": "K"}}]  # fmt: skip


def test_between_equal_sequences_the_one_in_trumps_wins():
    result = classic.score_deal(tied_tierces(InTrumps.B))

    assert result.declaration_points == TeamPoints(0, 20)
    step = next(s for s in result.steps if s.code == "declarations_won_in_trumps")
    assert dict(step.params) == {"team": "B", "points": 20, "cancelled": 20, "length": 3,
                                 "top": "K", "other_length": 3}  # fmt: skip


def test_equal_sequences_neither_in_trumps_cancel_each_other():
    result = classic.score_deal(tied_tierces(InTrumps.NEITHER))

    assert result.declaration_points == TeamPoints(0, 0)
    assert "declarations_cancelled_tie" in codes(result)
    assert all(outcome.reason == "tie" for outcome in result.cancelled)


def test_a_missing_top_card_is_asked_for_before_the_trumps():
    deal = taken(90, declarations_a=declared(Sequence(3)), declarations_b=declared(Sequence(3)))

    with pytest.raises(DealError) as caught:
        classic.score_deal(deal)

    assert set(caught.value.codes) == {"sequence_top_card_needed"}


def test_declarations_off_refuses_sequences_and_carres_but_not_the_belote():
    profile = ClassicProfile(declarations=False)

    assert classic.score_deal(taken(72, declarations_a=BELOTE), profile).recorded == TeamPoints(
        92, 90
    )
    with pytest.raises(DealError) as caught:
        classic.score_deal(taken(72, declarations_b=declared(Sequence(3))), profile)
    assert [p.as_dict() for p in caught.value.problems] == [{
        "code": "declarations_not_played", "field": "declarations_b", "params": {"team": "B"}}]  # fmt: skip


def test_an_all_passed_deal_scores_nothing_and_keeps_what_waits():
    result = classic.score_deal(AllPassed(), hanging=40)

    assert result.recorded == TeamPoints(0, 0) and result.hanging_out == 40
    assert codes(result) == ["all_passed", "hanging_kept", "written"]
    assert (result.taker, result.totals, result.outcome) == (None, None, None)


def test_steps_are_built_once_and_kept():
    result = classic.score_deal(taken(100))

    assert result.steps is result.steps
    assert result.decided_by_capot is False
    assert result.counted == () and result.cancelled == ()
