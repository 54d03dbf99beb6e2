"""No trumps (SA) and all trumps (TA) in contrée and coinche, a house rule of the match
(french-scoring.md, "Sans atout (SA) and tout atout (TA)"): each rule pinned by an example.

The figures are worked by hand from the spec: SA and TA score exactly as a suit contract on 162
card points (so the spec's worked checks give the same figures in SA and TA), the belote is
refused in SA and in TA is 20 a belote (or the house rule's) kept by its holder, SA's carrés
are aces 200, tens 150, kings, queens, jacks and nines 100, and raw card points convert as the
taker's x 162 / 130 (SA) or 258 (TA) to the nearest, the defence's the rest of 162.
"""

import dataclasses
import json

import pytest

from calculator.engine import (
    GAMES,
    TRUMPS,
    AllPassed,
    AllTrumpsBelote,
    Belot,
    CardPoints,
    CardPointsEntry,
    Carre,
    ClassicDeal,
    Contre,
    ContreeDeal,
    ContreeOutcome,
    ContreeProfile,
    DealError,
    FailedBelote,
    InTrumps,
    Rank,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
    Trumps,
    read_match,
    trump_of,
)

A, B = Team.A, Team.B
SA, TA, HEARTS = Trumps.NO, Trumps.ALL, Suit.HEARTS
CONTREE, COINCHE = GAMES["contree"], GAMES["coinche"]
ON = ContreeProfile(declarations=True, no_and_all_trumps=True)  # coinche, rounded
EXACT = dataclasses.replace(ON, rounding=False)
RAW = dataclasses.replace(EXACT, card_points_entry=CardPointsEntry.RAW)


def deal(trump, value, points=None, team=A, **fields):
    """Team A bids ``value`` in ``trump``; ``team`` has ``points`` card points."""
    given = None if points is None else CardPoints(team, points)
    return ContreeDeal(A, value, trump, card_points=given, **fields)


def belotes(a=0, b=0):
    return {
        "declarations_a": TeamDeclarations(belots=a),
        "declarations_b": TeamDeclarations(belots=b),
    }


def score(d, profile=EXACT):
    return COINCHE.score_deal(d, profile)


def refused(d, profile=EXACT, game=COINCHE):
    with pytest.raises(DealError) as caught:
        game.score_deal(d, profile)
    return [(p.code, p.field, dict(p.params)) for p in caught.value.problems]


def step(result, code):
    return next(dict(s.params) for s in result.steps if s.code == code)


# The house rule


def test_the_house_rule_is_off_by_default_and_its_own_rules_have_the_spec_s_defaults():
    for game in (CONTREE, COINCHE):
        profile = game.default_profile
        assert profile.no_and_all_trumps is False
        assert profile.all_trumps_belote is AllTrumpsBelote.ANY_SUIT
        assert profile.card_points_entry is CardPointsEntry.ON_162
        assert profile.trumps == tuple(Suit)
    assert ON.trumps == TRUMPS == (*Suit, SA, TA)


@pytest.mark.parametrize("game", [CONTREE, COINCHE], ids=["contree", "coinche"])
@pytest.mark.parametrize("trump", Trumps)
def test_a_match_without_the_house_rule_refuses_no_trumps_and_all_trumps(game, trump):
    assert refused(deal(trump, 80, 100), game.default_profile, game) == [
        ("trumps_not_played", "trump", {"trump": trump.value})
    ]


@pytest.mark.parametrize("trump", Trumps)
def test_classic_belote_refuses_no_trumps_and_all_trumps(trump):
    classic = GAMES["classic"]

    assert refused(ClassicDeal(A, trump, CardPoints(A, 100)), None, classic) == [
        ("trumps_not_played", "trump", {"trump": trump.value})
    ]
    data = {"version": 2, "game": "classic", "kind": "played", "taker": "A",
            "trump": trump.value, "card_points": {"team": "A", "points": 100}}  # fmt: skip
    with pytest.raises(DealError) as caught:
        classic.deal_from_dict(data)
    assert [(p.code, p.field) for p in caught.value.problems] == [("trumps_not_played", "trump")]


# Scored as a suit contract: the spec's worked checks give the same figures in SA and TA


ROUNDED = ON
CHECKS = [
    ("bid 120, taker 130, exact", EXACT, dict(value=120, points=130), (250, 32)),
    ("bid 100, taker 122, exact", EXACT, dict(value=100, points=122), (222, 40)),
    ("bid 100, taker 96, exact", EXACT, dict(value=100, points=96), (0, 260)),
    ("bid 100, taker 96, rounded", ROUNDED, dict(value=100, points=96), (0, 260)),
    ("bid 140, taker capot, exact", EXACT, dict(value=140, capot=A), (392, 0)),
]  # fmt: skip


@pytest.mark.parametrize("trump", [HEARTS, SA, TA])
@pytest.mark.parametrize(
    "profile, fields, expected", [c[1:] for c in CHECKS], ids=[c[0] for c in CHECKS]
)
def test_the_spec_s_worked_checks_give_the_same_figures_in_no_trumps_and_all_trumps(
    trump, profile, fields, expected
):
    assert score(deal(trump, **fields), profile).recorded == TeamPoints(*expected)


@pytest.mark.parametrize("trump", [HEARTS, TA])
def test_the_spec_s_belote_checks_give_the_same_figures_in_all_trumps(trump):
    contred = deal(trump, 80, 99, contre=Contre.CONTRE, **belotes(a=1))

    assert score(contred, ROUNDED).recorded == TeamPoints(520, 0)
    assert score(deal(trump, 80, 99, **belotes(a=1)), ROUNDED).recorded == TeamPoints(200, 60)


@pytest.mark.parametrize("trump", Trumps)
def test_contre_surcontre_capot_bid_and_rounding_are_a_suit_contract_s(trump):
    surcontred = score(deal(trump, 110, 120, contre=Contre.SURCONTRE), ON)
    capot_bid = score(deal(trump, 250, capot=A), EXACT)
    capot_failed = score(deal(trump, 250, 150), EXACT)

    assert (surcontred.multiplier, surcontred.recorded) == (4, TeamPoints((160 + 110) * 4, 0))
    assert capot_bid.recorded == TeamPoints(252 + 250, 0)
    assert capot_failed.recorded == TeamPoints(0, 160 + 250)
    assert score(deal(trump, 80, 84), ON).recorded == TeamPoints(160, 80)  # 164 and 78
    assert score(deal(trump, 80, 79), ON).outcome is ContreeOutcome.FAILED  # 79 misses 80


def test_the_bid_step_names_the_contract():
    result = score(deal(SA, 90, 100))

    assert step(result, "bid") == {"taker": "A", "bid": 90, "trump": "no_trumps",
                                   "contre": "none", "multiplier": 1}  # fmt: skip
    assert result.trump is SA and result.raw_card_points is None


# The belote


@pytest.mark.parametrize("held", [(1, 0), (0, 2)])
def test_no_trumps_has_no_belote(held):
    problems = refused(deal(SA, 80, 100, **belotes(*held)))

    team = A if held[0] else B
    assert problems == [("belot_in_no_trumps", f"belots_{team.field_suffix}",
                         {"team": team.value, "count": max(held)})]  # fmt: skip


def test_all_trumps_belotes_are_20_each_split_between_the_teams_and_count_towards_the_bid():
    # A: 90 card points + its belote = 110, at least its bid of 100; B: 72 + two belotes = 112,
    # so A fails, behind B; with one belote B has 92 and A makes it.
    failed = score(deal(TA, 100, 90, **belotes(a=1, b=2)))
    made = score(deal(TA, 100, 90, **belotes(a=1, b=1)))

    assert failed.belote == TeamPoints(20, 40) and failed.belote_count == TeamPoints(1, 2)
    assert failed.totals == TeamPoints(110, 112) and failed.outcome is ContreeOutcome.FAILED
    assert failed.recorded == TeamPoints(20, 160 + 100 + 40)  # A keeps its belote
    assert step(failed, "belot") == {"team": "A", "count": 1, "points": 20}
    assert made.totals == TeamPoints(110, 92)
    assert made.recorded == TeamPoints(110 + 100, 92)


def test_four_all_trumps_belotes_make_a_160_bid_with_82_card_points():
    result = score(deal(TA, 160, 82, **belotes(a=4)), ON)

    assert result.totals == TeamPoints(162, 80) and result.outcome is ContreeOutcome.MADE
    assert result.recorded == TeamPoints(320, 80)  # 322 and 80, rounded


def test_a_failing_taker_keeps_its_all_trumps_belotes_or_gives_them_under_the_house_rule():
    contred = deal(TA, 80, 60, contre=Contre.CONTRE, **belotes(a=2, b=1))
    given = dataclasses.replace(EXACT, failed_belote=FailedBelote.DEFENDERS)

    assert score(contred).recorded == TeamPoints(40, (160 + 80 + 20) * 2)
    assert score(contred, given).recorded == TeamPoints(0, (160 + 80 + 20 + 40) * 2)


@pytest.mark.parametrize(
    "rule, each",
    [(AllTrumpsBelote.ANY_SUIT, 20), (AllTrumpsBelote.FIVE_EACH, 5),
     (AllTrumpsBelote.TEN_EACH, 10)],
)  # fmt: skip
def test_the_all_trumps_belote_house_rules_value_each_belote(rule, each):
    profile = dataclasses.replace(EXACT, all_trumps_belote=rule)
    result = score(deal(TA, 80, 100, **belotes(a=2, b=2)), profile)

    assert result.belote == TeamPoints(2 * each, 2 * each)
    assert result.recorded == TeamPoints(100 + 2 * each + 80, 62 + 2 * each)
    assert score(deal(HEARTS, 80, 100, **belotes(a=1)), profile).belote == TeamPoints(20, 0)


def test_the_all_trumps_belote_house_rules_limit_how_many():
    four = deal(TA, 80, 100, **belotes(a=3, b=2))
    two = deal(TA, 80, 100, **belotes(a=1, b=1))
    one_only = dataclasses.replace(EXACT, all_trumps_belote=AllTrumpsBelote.ONE_ONLY)
    none = dataclasses.replace(EXACT, all_trumps_belote=AllTrumpsBelote.NONE)

    assert refused(four) == [("too_many_belots", "belots",
                              {"count": 5, "max": 4, "contract": "all_trumps"})]  # fmt: skip
    assert refused(two, one_only) == [("too_many_belots", "belots",
                                       {"count": 2, "max": 1, "contract": "all_trumps"})]  # fmt: skip
    assert score(deal(TA, 80, 100, **belotes(b=1)), one_only).belote == TeamPoints(0, 20)
    assert refused(two, none) == [
        ("belot_in_all_trumps", "belots_a", {"team": "A", "count": 1}),
        ("belot_in_all_trumps", "belots_b", {"team": "B", "count": 1}),
    ]
    assert score(deal(TA, 80, 100), none).belote == TeamPoints(0, 0)


def test_a_team_over_the_target_only_by_its_all_trumps_belotes_in_a_lost_deal_does_not_win():
    start = dataclasses.replace(COINCHE.fold_match(EXACT), totals=TeamPoints(690, 300))

    played = COINCHE.extend_match(start, [deal(TA, 80, 40, **belotes(a=2))]).deals[-1]

    assert played.result.belote_alone == TeamPoints(40, 0)
    assert played.totals == TeamPoints(730, 300 + 160 + 80) and not played.game_over


# Declarations (coinche)


def carres(*ranks):
    return TeamDeclarations(carres=tuple(Carre(rank) for rank in ranks))


def test_no_trumps_values_carres_of_aces_200_and_tens_150():
    aces_vs_jacks = {"declarations_a": carres(Rank.ACE), "declarations_b": carres(Rank.JACK)}
    in_sa = score(deal(SA, 100, 100, **aces_vs_jacks))
    in_hearts = score(deal(HEARTS, 100, 100, **aces_vs_jacks))

    assert in_sa.declaration_points == TeamPoints(200, 0)
    assert in_sa.recorded == TeamPoints(100 + 200 + 100, 62)
    assert [(o.declaration, o.points, o.counted) for o in in_sa.declarations] == [
        (Carre(Rank.ACE), 200, True), (Carre(Rank.JACK), 100, False)]  # fmt: skip
    assert step(in_sa, "declarations_won") | {} == {
        "team": "A", "points": 200, "cancelled": 100, "kind": "carre", "length": None,
        "top": None, "rank": "A", "other_kind": "carre", "other_length": None,
        "other_top": None, "other_rank": "J"}  # fmt: skip
    assert in_hearts.declaration_points == TeamPoints(0, 200)  # jacks 200 beat aces 100
    tens = score(deal(SA, 100, 100, declarations_b=carres(Rank.TEN)))
    assert tens.declaration_points == TeamPoints(0, 150)


@pytest.mark.parametrize(
    "mine, theirs, winner",
    [(Rank.KING, Rank.NINE, A), (Rank.QUEEN, Rank.JACK, A), (Rank.JACK, Rank.NINE, A),
     (Rank.NINE, Rank.TEN, B)],
)  # fmt: skip
def test_no_trumps_carres_rank_as_no_trumps_cards_do(mine, theirs, winner):
    result = score(deal(SA, 100, 100, declarations_a=carres(mine), declarations_b=carres(theirs)))

    assert [o.team for o in result.counted] == [winner]


def test_all_trumps_values_carres_as_usual_and_every_contract_its_sequences_as_usual():
    jacks = score(deal(TA, 100, 100, declarations_b=carres(Rank.JACK, Rank.NINE)))
    quinte = TeamDeclarations(sequences=(Sequence(5),))
    carre_over_quinte = score(deal(SA, 100, 100, declarations_a=quinte,
                                   declarations_b=carres(Rank.QUEEN)))  # fmt: skip

    assert jacks.declaration_points == TeamPoints(0, 350)
    assert carre_over_quinte.declaration_points == TeamPoints(0, 100)  # equal points: the carré
    tierce = score(deal(SA, 100, 100, declarations_a=TeamDeclarations((Sequence(3),))))
    assert tierce.declaration_points == TeamPoints(20, 0)


@pytest.mark.parametrize("trump", Trumps)
def test_equal_sequences_without_a_trump_suit_cancel_each_other(trump):
    king_tierce = TeamDeclarations(sequences=(Sequence(3, Rank.KING),))
    tied = deal(trump, 100, 100, declarations_a=king_tierce, declarations_b=king_tierce)
    result = score(tied)

    assert result.declaration_points == TeamPoints(0, 0)
    assert step(result, "declarations_cancelled_tie") == {
        "length_a": 3, "length_b": 3, "top": "K", "points_a": 20, "points_b": 20}  # fmt: skip
    for named in InTrumps:
        assert refused(dataclasses.replace(tied, sequence_in_trumps=named)) == [
            ("sequence_in_trumps_no_suit", "sequence_in_trumps", {"trump": trump.value})
        ]


def test_unequal_sequences_still_ask_for_a_top_card_in_no_trumps():
    open_top = TeamDeclarations(sequences=(Sequence(3),))
    king = TeamDeclarations(sequences=(Sequence(3, Rank.KING),))

    assert [code for code, *_ in refused(deal(SA, 100, 100, declarations_a=open_top,
                                              declarations_b=king))] == [
        "sequence_top_card_needed"]  # fmt: skip


# Card points on the 162 scale, or raw with the conversion


def test_no_trumps_card_points_on_162_cannot_be_1_or_161_all_trumps_can():
    for points in (1, 161):
        assert refused(deal(SA, 80, points)) == [
            ("card_points_impossible", "card_points", {"points": points, "contract": "no_trumps"})
        ]
        assert score(deal(TA, 80, points)).card_points.of(A) == points
    assert refused(deal(TA, 80, 163)) == [
        ("card_points_out_of_range", "card_points", {"points": 163, "total": 162})
    ]


@pytest.mark.parametrize(
    "trump, given, raw, taker, defence",
    [
        (TA, A, 150, 94, 68),  # 150 x 162 / 258 = 94.19
        (TA, A, 129, 81, 81),  # exactly half
        (TA, B, 0, 162, 0),  # the taker has all 258: not a capot, the defence took a trick
        (SA, B, 50, 100, 62),  # the taker's 80 x 162 / 130 = 99.69
        (SA, A, 65, 81, 81),
        (SA, A, 3, 4, 158),  # 3.74
        (SA, A, 2, 2, 160),  # 2.49
        (SA, A, 130, 162, 0),
    ],
)
def test_raw_card_points_convert_the_taker_s_to_the_nearest_and_leave_the_defence_the_rest(
    trump, given, raw, taker, defence
):
    result = score(deal(trump, 80, raw, team=given), RAW)
    total = {SA: 130, TA: 258}[trump]

    assert result.card_points == TeamPoints(taker, defence)
    assert result.raw_card_points == TeamPoints.for_team(given, raw, total - raw)
    assert step(result, "card_points_converted") == {
        "trump": trump.value, "taker": "A", "defenders": "B",
        "raw_taker": result.raw_card_points.a, "raw_defenders": result.raw_card_points.b,
        "raw_total": total, "points_taker": taker, "points_defenders": defence, "total": 162,
    }  # fmt: skip
    assert [s.code for s in result.steps][1:3] == ["card_points_converted", "card_points"]


def test_raw_card_points_are_0_to_130_or_258_and_refuse_what_no_cards_make():
    assert refused(deal(SA, 80, 131), RAW) == [
        ("card_points_out_of_range", "card_points", {"points": 131, "total": 130})]  # fmt: skip
    assert refused(deal(TA, 80, 259), RAW) == [
        ("card_points_out_of_range", "card_points", {"points": 259, "total": 258})]  # fmt: skip
    for trump, points in [(SA, 1), (SA, 129), *((TA, p) for p in (1, 2, 5, 253, 256, 257))]:
        assert refused(deal(trump, 80, points), RAW) == [
            ("card_points_impossible", "card_points", {"points": points, "contract": trump.value})
        ]
    assert score(deal(TA, 80, 258), RAW).card_points == TeamPoints(162, 0)


def test_a_capot_under_raw_entry_is_entered_without_card_points_and_holds_252():
    result = score(deal(TA, 250, capot=A), RAW)

    assert result.card_points == TeamPoints(252, 0) and result.raw_card_points is None
    assert "card_points_converted" not in [s.code for s in result.steps]
    assert [c for c, *_ in refused(deal(SA, 80, 130, capot=A), RAW)] == ["capot_card_points_given"]


def test_raw_entry_leaves_a_suit_contract_on_162():
    assert score(deal(HEARTS, 80, 100), RAW).card_points == TeamPoints(100, 62)
    assert refused(deal(HEARTS, 80, 163), RAW)[0][2] == {"points": 163, "total": 162}
    assert RAW.card_points_total(HEARTS) == 162
    assert (RAW.card_points_total(SA), RAW.card_points_total(TA)) == (130, 258)
    assert (EXACT.card_points_total(SA), EXACT.card_points_total(TA)) == (162, 162)


# The format: old files read unchanged, new keys and values round-trip


OLD_CONTREE_FILE = {
    "version": 2,
    "game": "contree",
    "profile": {"target": 701, "rounding": True, "failed_base": 160, "failed_belote": "kept",
                "surcontre": 4, "scoring": "points_and_bid"},
    "first_dealer": 0,
    "deals": [
        {"kind": "played", "taker": "A", "bid": 90, "trump": "spades", "contre": "none",
         "card_points": {"team": "A", "points": 95}},
        {"kind": "all_passed"},
    ],
}  # fmt: skip


def test_a_contree_file_written_before_the_house_rule_reads_unchanged_with_it_off():
    game, profile, first_dealer, deals = read_match(OLD_CONTREE_FILE)

    assert game is CONTREE and profile == CONTREE.default_profile
    assert deals == (ContreeDeal(A, 90, Suit.SPADES, card_points=CardPoints(A, 95)), AllPassed())
    written = CONTREE.match_to_dict(profile, first_dealer, deals)
    assert written["profile"] == OLD_CONTREE_FILE["profile"] | {
        "no_and_all_trumps": False, "all_trumps_belote": "any_suit",
        "card_points_entry": "on_162"}  # fmt: skip
    assert read_match(written) == (game, profile, first_dealer, deals)


def test_a_match_file_without_the_house_rule_refuses_its_no_trumps_deal_with_its_path():
    data = json.loads(json.dumps(OLD_CONTREE_FILE))
    data["deals"][1] = {"kind": "played", "taker": "B", "bid": 80, "trump": "no_trumps",
                        "card_points": {"team": "B", "points": 90}}  # fmt: skip

    with pytest.raises(DealError) as caught:
        read_match(data)
    assert [(p.code, p.field) for p in caught.value.problems] == [
        ("trumps_not_played", "deals.1.trump")]  # fmt: skip
    data["profile"]["no_and_all_trumps"] = True
    assert read_match(data)[3][1].trump is SA


def test_no_trumps_and_all_trumps_deals_and_their_house_rules_round_trip():
    profile = dataclasses.replace(RAW, all_trumps_belote=AllTrumpsBelote.TEN_EACH, target=1000)
    deals = [deal(SA, 120, 70, team=B, contre=Contre.CONTRE),
             deal(TA, 90, 200, **belotes(a=1, b=3)), deal(TA, 250, capot=A)]  # fmt: skip

    data = json.loads(json.dumps(COINCHE.match_to_dict(profile, 2, deals)))

    assert data["profile"]["no_and_all_trumps"] is True
    assert data["profile"]["all_trumps_belote"] == "ten_each"
    assert data["profile"]["card_points_entry"] == "raw"
    assert [d["trump"] for d in data["deals"]] == ["no_trumps", "all_trumps", "all_trumps"]
    assert data["deals"][1]["declarations"]["B"]["belots"] == 3
    assert read_match(data) == (COINCHE, profile, 2, tuple(deals))


@pytest.mark.parametrize(
    "key, value, expected",
    [("no_and_all_trumps", "yes", "boolean"),
     ("all_trumps_belote", "two", "any_suit | none | one_only | five_each | ten_each"),
     ("card_points_entry", 258, "on_162 | raw")],
)  # fmt: skip
def test_a_bad_house_rule_value_is_refused_at_its_key(key, value, expected):
    with pytest.raises(DealError) as caught:
        COINCHE.profile_from_dict({key: value})
    assert [(p.code, p.field, p.params["expected"]) for p in caught.value.problems] == [
        ("format_value_invalid", f"profile.{key}", expected)]  # fmt: skip


def test_a_trump_no_contract_has_is_refused_listing_every_one():
    data = {"version": 2, "game": "coinche", "kind": "played", "taker": "A", "bid": 80,
            "trump": "sans_atout", "card_points": {"team": "A", "points": 90}}  # fmt: skip

    with pytest.raises(DealError) as caught:
        COINCHE.deal_from_dict(data, ON)
    assert [(p.code, p.field, p.params["expected"]) for p in caught.value.problems] == [
        ("format_value_invalid", "trump",
         "clubs | diamonds | hearts | spades | no_trumps | all_trumps")]  # fmt: skip


@pytest.mark.parametrize(
    "name, value",
    [("no_and_all_trumps", "on"), ("all_trumps_belote", "any_suit"),
     ("card_points_entry", "raw")],
)  # fmt: skip
def test_a_profile_of_the_wrong_type_is_refused(name, value):
    profile = dataclasses.replace(ON, **{name: value})

    with pytest.raises(DealError) as caught:
        COINCHE.score_deal(AllPassed(), profile)
    assert [(p.code, p.field) for p in caught.value.problems] == [("value_invalid", name)]


def test_a_deal_without_its_trump_is_told_the_key_is_missing_once():
    data = {"version": 2, "game": "coinche", "kind": "played", "taker": "A", "bid": 80,
            "card_points": {"team": "A", "points": 90}}  # fmt: skip

    with pytest.raises(DealError) as caught:
        COINCHE.deal_from_dict(data, ON)
    assert [(p.code, p.field) for p in caught.value.problems] == [("format_key_missing", "trump")]


def test_the_profile_says_what_each_contract_takes():
    ten_each = dataclasses.replace(RAW, all_trumps_belote=AllTrumpsBelote.TEN_EACH)

    assert [ten_each.max_belotes(t) for t in (HEARTS, SA, TA)] == [1, 0, 4]
    assert [ten_each.belote_points(t) for t in (HEARTS, TA)] == [20, 10]
    assert ten_each.declaration_values(HEARTS).carre_points[Rank.JACK] == 200
    assert ten_each.declaration_values(SA).carre_points[Rank.ACE] == 200
    assert ten_each.declaration_values(TA).belot == 10
    assert Carre(Rank.JACK).points == 200 and Carre(Rank.ACE).points == 100  # the usual values
    assert Belot().points == 20
    assert score(deal(TA, 80, 100)).belote_count == TeamPoints(0, 0)
    assert COINCHE.score_deal(AllPassed(), ON).belote_count == TeamPoints(0, 0)


def test_a_form_reads_any_trump_by_its_name_and_nothing_else():
    assert [trump_of(trump.value) for trump in TRUMPS] == list(TRUMPS)
    assert trump_of("hearts") is HEARTS and trump_of("no_trumps") is SA
    for value in ("Hearts", "sans_atout", "", None, 5, ["hearts"], {"trump": "hearts"}):
        with pytest.raises(ValueError):
            trump_of(value)


def test_a_5_point_belote_alone_written_as_10_does_not_count_towards_the_target():
    five_each = dataclasses.replace(ON, all_trumps_belote=AllTrumpsBelote.FIVE_EACH)
    start = dataclasses.replace(COINCHE.fold_match(five_each), totals=TeamPoints(300, 696))
    failed = ContreeDeal(B, 80, TA, card_points=CardPoints(B, 40), **belotes(b=1))

    played = COINCHE.extend_match(start, [failed]).deals[-1]

    assert played.result.scores == TeamPoints(160 + 80, 5)
    assert played.result.written == TeamPoints(240, 10)  # 5, rounded to the nearest ten
    assert played.result.belote_alone == TeamPoints(0, 10)
    # 706 less the 5 points of the belote would reach 701: less all that it wrote, it does not
    assert played.totals == TeamPoints(540, 706) and not played.game_over
