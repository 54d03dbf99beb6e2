"""Bad input is refused with stable codes, fields and params, never scored."""

import itertools

import pytest

from calculator.engine import (
    CARD_TOTALS,
    NO_DECLARATIONS,
    AllPassed,
    CardPoints,
    Carre,
    Contract,
    DealError,
    Double,
    InsideDeal,
    PlayedDeal,
    Rank,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    score_deal,
    validate_deal,
)
from calculator.engine.model import IMPOSSIBLE_CARD_POINTS

A, B = Team.A, Team.B
HEARTS, NO_TRUMPS, ALL_TRUMPS = Contract.HEARTS, Contract.NO_TRUMPS, Contract.ALL_TRUMPS


def problems_of(deal, **kwargs):
    with pytest.raises(DealError) as caught:
        score_deal(deal, **kwargs)
    return [(p.code, p.field, dict(p.params)) for p in caught.value.problems]


def deal_with(contract=HEARTS, points=81, a=NO_DECLARATIONS, b=NO_DECLARATIONS, **kw):
    return PlayedDeal(A, contract, CardPoints(A, points), declarations_a=a, declarations_b=b, **kw)


@pytest.mark.parametrize(
    ("contract", "points"),
    [(HEARTS, -1), (HEARTS, 163), (ALL_TRUMPS, 259), (NO_TRUMPS, 131), (NO_TRUMPS, 260)],
)
def test_card_points_outside_the_total_are_refused(contract, points):
    [(code, field, params)] = problems_of(deal_with(contract, points))

    assert (code, field) == ("card_points_out_of_range", "card_points")
    assert params == {"points": points, "total": CARD_TOTALS[contract]}


@pytest.mark.parametrize(
    ("contract", "points"),
    [
        (HEARTS, 1),
        (HEARTS, 161),
        (ALL_TRUMPS, 1),
        (ALL_TRUMPS, 2),
        (ALL_TRUMPS, 5),
        (ALL_TRUMPS, 253),
        (ALL_TRUMPS, 256),
        (ALL_TRUMPS, 257),
        (NO_TRUMPS, 1),
        (NO_TRUMPS, 129),
    ],
)
def test_card_points_no_set_of_cards_can_make_are_refused(contract, points):
    [(code, _, params)] = problems_of(deal_with(contract, points))

    assert code == "card_points_impossible"
    assert params == {"points": points, "contract": contract.value}


def _reachable(values: list[int], total: int) -> set[int]:
    """Card points one team can hold: any set of cards, with or without the last trick."""
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return {s + bonus for s in sums for bonus in (0, 10) if s + bonus <= total}


@pytest.mark.parametrize("contract", [HEARTS, NO_TRUMPS, ALL_TRUMPS])
def test_the_impossible_card_points_are_exactly_those_no_cards_make(contract):
    trump, plain = [20, 14, 11, 10, 4, 3, 0, 0], [11, 10, 4, 3, 2, 0, 0, 0]
    suits = {HEARTS: [trump] + [plain] * 3, NO_TRUMPS: [plain] * 4, ALL_TRUMPS: [trump] * 4}
    values = list(itertools.chain(*suits[contract]))
    total = CARD_TOTALS[contract]
    assert sum(values) + 10 == total

    reachable = _reachable(values, total)

    assert set(range(total + 1)) - reachable == IMPOSSIBLE_CARD_POINTS[contract]


def test_played_deal_without_card_points_or_capot_is_refused():
    assert problems_of(PlayedDeal(A, HEARTS)) == [("card_points_missing", "card_points", {})]


def test_capot_with_card_points_that_contradict_it_is_refused():
    deal = PlayedDeal(A, HEARTS, CardPoints(A, 150), capot=A)

    [(code, field, params)] = problems_of(deal)

    assert (code, field) == ("capot_card_points_mismatch", "capot")
    assert params == {"capot": "A", "team": "A", "points": 150, "expected": 162}


def test_declarations_and_belots_in_no_trumps_are_refused():
    deal = deal_with(
        NO_TRUMPS,
        60,
        a=TeamDeclarations((Sequence(3),)),
        b=TeamDeclarations(belots=1),
    )

    assert problems_of(deal) == [
        ("declarations_in_no_trumps", "declarations_a", {"team": "A"}),
        ("belot_in_no_trumps", "belots_b", {"team": "B", "count": 1}),
    ]


def test_two_belots_in_a_suit_contract_are_refused():
    deal = deal_with(a=TeamDeclarations(belots=1), b=TeamDeclarations(belots=1))

    assert problems_of(deal) == [
        ("too_many_belots", "belots", {"count": 2, "max": 1, "contract": "hearts"})
    ]


def test_five_belots_in_all_trumps_are_refused():
    deal = deal_with(ALL_TRUMPS, a=TeamDeclarations(belots=3), b=TeamDeclarations(belots=2))

    assert problems_of(deal)[0][0] == "too_many_belots"


def test_a_negative_belot_count_is_refused():
    assert problems_of(deal_with(a=TeamDeclarations(belots=-1)))[0][:2] == (
        "belots_invalid",
        "belots_a",
    )


def test_the_same_carre_twice_is_refused():
    deal = deal_with(
        a=TeamDeclarations(carres=(Carre(Rank.ACE),)),
        b=TeamDeclarations(carres=(Carre(Rank.ACE),)),
    )

    assert problems_of(deal) == [
        ("carre_duplicate", "declarations", {"rank": "A", "teams": ["A", "B"]})
    ]


def test_the_same_carre_twice_in_one_team_names_that_team():
    deal = deal_with(b=TeamDeclarations(carres=(Carre(Rank.NINE), Carre(Rank.NINE))))

    assert problems_of(deal)[0][:2] == ("carre_duplicate", "declarations_b")


@pytest.mark.parametrize("rank", [Rank.SEVEN, Rank.EIGHT])
def test_carres_of_sevens_and_eights_are_refused(rank):
    deal = deal_with(a=TeamDeclarations(carres=(Carre(rank),)))

    assert problems_of(deal) == [
        ("carre_rank_invalid", "declarations_a", {"team": "A", "index": 0, "rank": rank.value})
    ]


@pytest.mark.parametrize("length", [0, 2, 9])
def test_sequences_shorter_than_3_or_longer_than_8_are_refused(length):
    deal = deal_with(b=TeamDeclarations((Sequence(length),)))

    [(code, field, params)] = problems_of(deal)

    assert (code, field) == ("sequence_length_invalid", "declarations_b")
    assert params == {"team": "B", "index": 0, "length": length, "min": 3, "max": 8}


def test_a_top_card_too_low_for_the_length_is_refused():
    deal = deal_with(a=TeamDeclarations((Sequence(3, Rank.KING), Sequence(5, Rank.TEN))))

    assert problems_of(deal) == [
        (
            "sequence_top_too_low",
            "declarations_a",
            {"team": "A", "index": 1, "length": 5, "top": "10", "lowest": "J"},
        )
    ]


def test_declarations_that_do_not_fit_in_two_hands_are_refused():
    too_many = TeamDeclarations((Sequence(3),) * 5)

    assert problems_of(deal_with(a=too_many)) == [
        ("declarations_exceed_hand", "declarations_a", {"team": "A", "cards": 15})
    ]


def test_declarations_that_fill_two_hands_exactly_are_accepted():
    full = TeamDeclarations((Sequence(5, Rank.ACE), Sequence(3, Rank.NINE)), (Carre(Rank.JACK),))

    validate_deal(deal_with(a=full))


def test_declarations_over_sixteen_cards_are_refused():
    deal = deal_with(a=TeamDeclarations((Sequence(8), Sequence(8), Sequence(3))))

    assert problems_of(deal)[0][0] == "declarations_exceed_hand"


def test_every_problem_is_reported_at_once():
    deal = PlayedDeal(
        A,
        HEARTS,
        CardPoints(A, 161),
        declarations_a=TeamDeclarations((Sequence(9),), belots=1),
        declarations_b=TeamDeclarations(belots=1),
    )

    codes = [code for code, _, _ in problems_of(deal)]

    assert codes == ["card_points_impossible", "sequence_length_invalid", "too_many_belots"]


def test_inside_deal_is_checked_like_a_played_one():
    deal = InsideDeal(A, NO_TRUMPS, declarations_b=TeamDeclarations(belots=1))

    assert problems_of(deal)[0][0] == "belot_in_no_trumps"


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        (PlayedDeal("A", HEARTS, CardPoints(A, 81)), "bidders"),
        (PlayedDeal(A, "hearts", CardPoints(A, 81)), "contract"),
        (PlayedDeal(A, HEARTS, CardPoints(A, 81), "contra"), "double"),
        (PlayedDeal(A, HEARTS, CardPoints(A, 81.0)), "card_points"),
        (PlayedDeal(A, HEARTS, None, capot="A"), "capot"),
        (PlayedDeal(A, HEARTS, CardPoints(A, 81), declarations_a=[]), "declarations_a"),
        (
            PlayedDeal(A, HEARTS, CardPoints(A, 81), declarations_b=TeamDeclarations(["x"])),
            "declarations_b",
        ),
        (
            InsideDeal(A, HEARTS, declarations_b=TeamDeclarations((Sequence(3, "K"),))),
            "declarations_b",
        ),
        (
            InsideDeal(A, HEARTS, declarations_b=TeamDeclarations((Sequence("3"),))),
            "declarations_b",
        ),
        (
            InsideDeal(A, HEARTS, declarations_a=TeamDeclarations(carres=[Carre(Rank.ACE)])),
            "declarations_a",
        ),
        (
            InsideDeal(A, HEARTS, declarations_a=TeamDeclarations(carres=(Carre("A"),))),
            "declarations_a",
        ),
        ("hearts", "deal"),
    ],
)
def test_values_of_the_wrong_type_are_refused(deal, field):
    [(code, problem_field, params)] = problems_of(deal)

    assert (code, problem_field) == ("value_invalid", field)
    assert "expected" in params


@pytest.mark.parametrize("hanging", [-1, 2.5, None])
def test_hanging_points_carried_in_must_be_a_whole_number(hanging):
    assert problems_of(AllPassed(), hanging=hanging)[0][:2] == ("hanging_invalid", "hanging")


@pytest.mark.parametrize(
    ("profile", "field"),
    [
        (RuleProfile(target=0), "target"),
        (RuleProfile(target="151"), "target"),
        (RuleProfile(declaration_comparison="pool"), "declaration_comparison"),
        (RuleProfile(contra_tie=None), "contra_tie"),
        (RuleProfile(no_trumps_capot_doubled=1), "no_trumps_capot_doubled"),
        (RuleProfile(capot_cannot_end_game=None), "capot_cannot_end_game"),
        (None, "profile"),
    ],
)
def test_an_invalid_profile_is_refused(profile, field):
    assert problems_of(AllPassed(), profile=profile)[0][1] == field


def test_deal_error_names_its_codes_in_its_message():
    error = DealError.single("card_points_missing", "card_points")

    assert str(error) == "card_points_missing"
    assert error.codes == ("card_points_missing",)
    assert error.problems[0].as_dict() == {
        "code": "card_points_missing",
        "field": "card_points",
        "params": {},
    }


def test_recontra_is_checked_like_any_double():
    validate_deal(PlayedDeal(B, HEARTS, CardPoints(A, 0), Double.RECONTRA))


def test_validate_deal_raises_what_scoring_would_refuse():
    with pytest.raises(DealError) as caught:
        validate_deal(PlayedDeal(B, HEARTS, CardPoints(A, 1)))

    assert caught.value.codes == ("card_points_impossible",)
