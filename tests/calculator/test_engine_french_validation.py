"""Bad input to the French games is refused with codes the web layer turns into messages: a bid
of 85, card points over 162, a capot with card points, a contre on an all-passed deal, and the
rest; nothing is ever scored from it."""

import pytest

from calculator.engine import (
    GAMES,
    AllPassed,
    CardPoints,
    Carre,
    ClassicDeal,
    ClassicProfile,
    ContreeDeal,
    ContreeProfile,
    DealError,
    InTrumps,
    PlayedDeal,
    Rank,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    classic,
    contree,
)

A, B = Team.A, Team.B
HEARTS = Suit.HEARTS
BELOTE = TeamDeclarations(belots=1)
CLASSIC, CONTREE, COINCHE = GAMES["classic"], GAMES["contree"], GAMES["coinche"]


def bid(value, points=100, **fields):
    given = None if points is None else CardPoints(A, points)
    return ContreeDeal(A, value, HEARTS, card_points=given, **fields)


def problems(call):
    with pytest.raises(DealError) as caught:
        call()
    return [problem.as_dict() for problem in caught.value.problems]


def only(call):
    (problem,) = problems(call)
    return problem["code"], problem["field"], problem["params"]


@pytest.mark.parametrize("value", [85, 70, 170, 260, "capot", 250.0, True, None])
def test_a_bid_that_is_not_80_to_160_by_tens_or_capot_is_refused(value):
    code, field, params = only(lambda: contree.score_deal(bid(value)))

    assert (code, field) == ("bid_invalid", "bid")
    assert params["allowed"] == [80, 90, 100, 110, 120, 130, 140, 150, 160, 250]
    assert params["bid"] == value


@pytest.mark.parametrize("value", [80, 120, 160, 250])
def test_every_bid_of_the_list_is_accepted(value):
    contree.validate_deal(bid(value))


@pytest.mark.parametrize(
    "deal, expected",
    [
        (ClassicDeal(A, HEARTS, CardPoints(B, 170)),
         ("card_points_out_of_range", "card_points", {"points": 170, "total": 162})),
        (ClassicDeal(A, HEARTS, CardPoints(A, -1)),
         ("card_points_out_of_range", "card_points", {"points": -1, "total": 162})),
        (ClassicDeal(A, HEARTS, CardPoints(A, 161)),
         ("card_points_impossible", "card_points", {"points": 161, "contract": "hearts"})),
        (ClassicDeal(A, Suit.CLUBS, CardPoints(A, 1)),
         ("card_points_impossible", "card_points", {"points": 1, "contract": "clubs"})),
        (ClassicDeal(A, HEARTS), ("card_points_missing", "card_points", {})),
        (ClassicDeal(A, HEARTS, CardPoints(A, 162), capot=A),
         ("capot_card_points_given", "card_points", {"capot": "A", "team": "A", "points": 162})),
    ],
)  # fmt: skip
def test_card_points_are_0_to_162_or_a_capot_without_them(deal, expected):
    same_in_contree = ContreeDeal(A, 80, deal.trump, card_points=deal.card_points, capot=deal.capot)

    assert only(lambda: classic.score_deal(deal)) == expected
    assert only(lambda: CONTREE.score_deal(same_in_contree)) == expected


def test_162_and_0_card_points_without_a_capot_are_accepted():
    classic.validate_deal(ClassicDeal(A, HEARTS, CardPoints(A, 162)))
    classic.validate_deal(ClassicDeal(A, HEARTS, CardPoints(A, 0)))


def test_a_contre_on_an_all_passed_deal_is_refused_by_the_format():
    data = {"version": 2, "game": "contree", "kind": "all_passed", "contre": "surcontre"}

    assert only(lambda: CONTREE.deal_from_dict(data)) == (
        "contre_all_passed", "contre", {"contre": "surcontre"})  # fmt: skip
    assert CONTREE.deal_from_dict(data | {"contre": "none"}) == AllPassed()
    assert CONTREE.deal_from_dict(data | {"contre": None}) == AllPassed()


def test_a_contre_on_an_all_passed_deal_in_a_match_says_which_deal():
    data = {"version": 2, "game": "coinche", "deals": [{"kind": "all_passed"},
            {"kind": "all_passed", "contre": "contre"}]}  # fmt: skip

    assert only(lambda: COINCHE.match_from_dict(data)) == (
        "contre_all_passed", "deals.1.contre", {"contre": "contre"})  # fmt: skip


def test_contree_plays_no_declarations_but_the_belote():
    sequences = TeamDeclarations((Sequence(3),), (Carre(Rank.JACK),), belots=1)

    assert problems(lambda: contree.score_deal(bid(80, declarations_b=sequences))) == [
        {"code": "declarations_not_played", "field": "declarations_b", "params": {"team": "B"}}
    ]
    contree.validate_deal(bid(80, declarations_b=BELOTE))
    COINCHE.validate_deal(bid(80, declarations_b=sequences))


def test_classic_without_declarations_refuses_them_as_contree_does():
    profile = ClassicProfile(declarations=False)
    deal = ClassicDeal(A, HEARTS, CardPoints(A, 90), declarations_a=TeamDeclarations(
        carres=(Carre(Rank.ACE),)))  # fmt: skip

    assert [p["code"] for p in problems(lambda: CLASSIC.validate_deal(deal, profile))] == [
        "declarations_not_played"
    ]


@pytest.mark.parametrize(
    "a, b, expected",
    [
        (BELOTE, BELOTE, ("too_many_belots", "belots", {"count": 2, "max": 1, "contract": "hearts"})),
        (TeamDeclarations(belots=2), TeamDeclarations(),
         ("too_many_belots", "belots", {"count": 2, "max": 1, "contract": "hearts"})),
        (TeamDeclarations(belots=-1), TeamDeclarations(),
         ("belots_invalid", "belots_a", {"team": "A", "count": -1})),
    ],
)  # fmt: skip
def test_there_is_one_belote_at_most(a, b, expected):
    deal = ClassicDeal(A, HEARTS, CardPoints(A, 90), declarations_a=a, declarations_b=b)

    assert only(lambda: classic.score_deal(deal)) == expected


def test_the_team_named_in_trumps_must_have_declared_a_sequence():
    deal = bid(80, sequence_in_trumps=InTrumps.B, declarations_a=TeamDeclarations((Sequence(3),)))

    assert only(lambda: COINCHE.score_deal(deal)) == (
        "sequence_in_trumps_undeclared", "sequence_in_trumps", {"team": "B"})  # fmt: skip
    COINCHE.validate_deal(bid(80, sequence_in_trumps=InTrumps.NEITHER))


def test_the_declarations_checks_are_belot_s():
    deal = bid(80, declarations_a=TeamDeclarations((Sequence(9), Sequence(4, Rank.NINE)),
                                                   (Carre(Rank.EIGHT), Carre(Rank.ACE))),
               declarations_b=TeamDeclarations(carres=(Carre(Rank.ACE),)))  # fmt: skip

    assert [p["code"] for p in problems(lambda: COINCHE.score_deal(deal))] == [
        "sequence_length_invalid", "sequence_top_too_low", "carre_rank_invalid",
        "carre_duplicate"]  # fmt: skip


@pytest.mark.parametrize(
    "fields, field, expected",
    [
        ({"taker": "A"}, "taker", "Team"),
        ({"trump": "hearts"}, "trump", "Suit | Trumps"),
        ({"capot": "B", "card_points": None}, "capot", "Team"),
        ({"card_points": (A, 90)}, "card_points", "CardPoints"),
        ({"card_points": CardPoints("A", 90)}, "card_points", "CardPoints"),
        ({"card_points": CardPoints(A, 90.0)}, "card_points", "CardPoints"),
        ({"declarations_b": ()}, "declarations_b", "TeamDeclarations"),
        ({"sequence_in_trumps": "A"}, "sequence_in_trumps", "InTrumps"),
    ],
)
def test_values_of_the_wrong_type_are_refused_not_scored(fields, field, expected):
    deal = ClassicDeal(**({"taker": A, "trump": HEARTS, "card_points": CardPoints(A, 90)} | fields))

    code, where, params = only(lambda: classic.score_deal(deal))

    assert (code, where, params["expected"]) == ("value_invalid", field, expected)


def test_a_contree_contre_of_the_wrong_type_is_refused():
    assert only(lambda: contree.score_deal(bid(80, contre="contre")))[:2] == (
        "value_invalid", "contre")  # fmt: skip


@pytest.mark.parametrize(
    "game, deal",
    [
        ("classic", PlayedDeal(A, "hearts", CardPoints(A, 90))),
        ("classic", bid(80)),
        ("contree", ClassicDeal(A, HEARTS, CardPoints(A, 90))),
        ("coinche", object()),
    ],
)
def test_a_deal_of_another_game_is_refused(game, deal):
    assert only(lambda: GAMES[game].score_deal(deal))[:2] == ("value_invalid", "deal")


@pytest.mark.parametrize(
    "game, profile, field, expected",
    [
        ("classic", ContreeProfile(), "profile", "ClassicProfile"),
        ("classic", ClassicProfile(rounding="yes"), "rounding", "bool"),
        ("classic", ClassicProfile(tie="litige"), "tie", "Tie"),
        ("classic", ClassicProfile(declarations=1), "declarations", "bool"),
        ("contree", ClassicProfile(), "profile", "ContreeProfile"),
        ("contree", ContreeProfile(failed_base=161), "failed_base", "160 | 162"),
        ("contree", ContreeProfile(surcontre=2), "surcontre", "4 | 3"),
        ("contree", ContreeProfile(surcontre=4.0), "surcontre", "4 | 3"),
        ("contree", ContreeProfile(failed_belote="kept"), "failed_belote", "FailedBelote"),
        ("contree", ContreeProfile(scoring="bid_only"), "scoring", "Scoring"),
        ("contree", ContreeProfile(rounding=None), "rounding", "bool"),
        ("contree", ContreeProfile(declarations=True), "declarations", "False"),
        ("coinche", ContreeProfile(), "declarations", "True"),
        ("coinche", ContreeProfile(declarations="yes"), "declarations", "bool"),
    ],
)
def test_a_profile_of_the_wrong_game_or_type_is_refused(game, profile, field, expected):
    code, where, params = only(lambda: GAMES[game].score_deal(AllPassed(), profile))

    assert (code, where, params["expected"]) == ("value_invalid", field, expected)


@pytest.mark.parametrize("target", [0, -5, "501", 501.0, True])
@pytest.mark.parametrize("game", ["classic", "contree"])
def test_the_target_is_a_positive_whole_number(game, target):
    profile = GAMES[game].default_profile.__class__(target=target)

    assert only(lambda: GAMES[game].fold_match(profile))[:2] == ("target_invalid", "target")


def test_the_module_functions_check_what_the_games_check():
    with pytest.raises(DealError):
        classic.validate_deal(ClassicDeal(A, HEARTS))
    with pytest.raises(DealError):
        contree.validate_deal(bid(85))
    with pytest.raises(DealError):
        contree.score_deal(bid(80), ClassicProfile())
    with pytest.raises(DealError):
        classic.score_deal(AllPassed(), hanging=-1)
    assert classic.validate_deal(AllPassed()) is None
    assert CONTREE.validate_deal(AllPassed()) is None


def test_the_module_functions_refuse_a_bad_profile_before_the_deal():
    assert only(lambda: classic.score_deal(object(), ContreeProfile()))[:2] == (
        "value_invalid", "profile")  # fmt: skip
    assert only(lambda: contree.score_deal(object(), ClassicProfile()))[:2] == (
        "value_invalid", "profile")  # fmt: skip
