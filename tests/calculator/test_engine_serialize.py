"""Deals, profiles and matches to plain dicts and back (format version 1)."""

import json
import re
from pathlib import Path

import pytest

from calculator.engine import (
    DEFAULT_PROFILE,
    AllPassed,
    CardPoints,
    Carre,
    Contract,
    ContraTie,
    DealError,
    DeclarationComparison,
    Double,
    InsideDeal,
    PlayedDeal,
    Rank,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    deal_from_dict,
    deal_to_dict,
    fold_match,
    match_from_dict,
    match_to_dict,
    profile_from_dict,
    profile_to_dict,
)

A, B = Team.A, Team.B

DEALS = [
    AllPassed(),
    PlayedDeal(A, Contract.HEARTS, CardPoints(B, 75)),
    PlayedDeal(
        B,
        Contract.ALL_TRUMPS,
        None,
        Double.RECONTRA,
        capot=B,
        declarations_a=TeamDeclarations((Sequence(3, Rank.KING), Sequence(4)), (), 1),
        declarations_b=TeamDeclarations((), (Carre(Rank.JACK), Carre(Rank.NINE)), 2),
    ),
    InsideDeal(A, Contract.NO_TRUMPS, Double.CONTRA),
    InsideDeal(B, Contract.CLUBS, declarations_a=TeamDeclarations(belots=1)),
]


@pytest.mark.parametrize("deal", DEALS, ids=lambda deal: type(deal).__name__)
def test_a_deal_survives_the_round_trip_through_json(deal):
    data = json.loads(json.dumps(deal_to_dict(deal)))

    assert data["version"] == 1
    assert deal_from_dict(data) == deal


def test_a_played_deal_is_written_in_full():
    assert deal_to_dict(DEALS[1]) == {
        "version": 1,
        "kind": "played",
        "bidders": "A",
        "contract": "hearts",
        "double": "none",
        "card_points": {"team": "B", "points": 75},
        "capot": None,
        "declarations": {
            "A": {"sequences": [], "carres": [], "belots": 0},
            "B": {"sequences": [], "carres": [], "belots": 0},
        },
    }


def test_optional_keys_may_be_left_out():
    data = {
        "version": 1,
        "kind": "played",
        "bidders": "B",
        "contract": "spades",
        "card_points": {"team": "B", "points": 90},
        "declarations": {"A": {"sequences": [{"length": 3}]}},
    }

    deal = deal_from_dict(data)

    assert deal == PlayedDeal(
        B,
        Contract.SPADES,
        CardPoints(B, 90),
        declarations_a=TeamDeclarations((Sequence(3),)),
    )


def test_a_profile_and_a_match_survive_the_round_trip():
    profile = RuleProfile(
        target=101,
        declaration_comparison=DeclarationComparison.POOL,
        no_trumps_capot_doubled=True,
        contra_tie=ContraTie.BIDDERS_HANG,
        capot_cannot_end_game=False,
    )
    data = json.loads(json.dumps(match_to_dict(profile, 3, DEALS)))

    assert "version" not in data["deals"][0]
    assert match_from_dict(data) == (profile, 3, tuple(DEALS))
    assert profile_from_dict(profile_to_dict(profile)) == profile


def test_a_match_dict_folds_like_the_deals_it_came_from():
    profile, dealer, deals = match_from_dict(match_to_dict(DEFAULT_PROFILE, 1, DEALS))

    assert fold_match(profile, dealer, deals) == fold_match(DEFAULT_PROFILE, 1, DEALS)


def test_deals_in_a_match_may_keep_their_own_version():
    data = {"version": 1, "deals": [deal_to_dict(AllPassed()), {"version": 3, "kind": "x"}]}

    assert problems(data, match_from_dict) == [
        ("format_version_unsupported", "deals.1.version"),
        ("format_value_invalid", "deals.1.kind"),
    ]
    data["deals"].pop()
    assert match_from_dict(data) == (DEFAULT_PROFILE, 0, (AllPassed(),))


def test_a_match_dict_may_leave_out_the_profile_and_dealer():
    assert match_from_dict({"version": 1, "deals": []}) == (DEFAULT_PROFILE, 0, ())


def problems(data, read=deal_from_dict):
    with pytest.raises(DealError) as caught:
        read(data)
    return [(p.code, p.field) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([], [("format_not_object", None)]),
        ({"kind": "all_passed"}, [("format_key_missing", "version")]),
        ({"version": 2, "kind": "all_passed"}, [("format_version_unsupported", "version")]),
        ({"version": True, "kind": "all_passed"}, [("format_version_unsupported", "version")]),
        ({"version": 1}, [("format_key_missing", "kind")]),
        ({"version": 1, "kind": "thrown"}, [("format_value_invalid", "kind")]),
        ({"version": 1, "kind": "all_passed", "x": 1}, [("format_key_unknown", "x")]),
        (
            {"version": 1, "kind": "played", "contract": "hearts"},
            [("format_key_missing", "bidders")],
        ),
        (
            {"version": 1, "kind": "inside", "bidders": "C", "contract": "trumps"},
            [("format_value_invalid", "bidders"), ("format_value_invalid", "contract")],
        ),
        (
            {"version": 1, "kind": "played", "bidders": "A", "contract": "hearts",
             "card_points": {"team": "A", "points": "87"}},
            [("format_value_invalid", "card_points.points")],
        ),
        (
            {"version": 1, "kind": "played", "bidders": "A", "contract": "hearts",
             "card_points": [87]},
            [("format_not_object", "card_points")],
        ),
        (
            {"version": 1, "kind": "played", "bidders": "A", "contract": "hearts",
             "card_points": {"points": 87}},
            [("format_key_missing", "card_points.team")],
        ),
        (
            {"version": 1, "kind": "played", "bidders": "A", "contract": "hearts",
             "capot": "C"},
            [("format_value_invalid", "capot")],
        ),
        (
            {"version": 1, "kind": "inside", "bidders": "A", "contract": "hearts",
             "declarations": {"A": {"sequences": [{"length": 3, "top": "Z"}, 3],
                                    "carres": ["7", "X"], "belots": "1"},
                              "C": {}}},
            [
                ("format_key_unknown", "declarations.C"),
                ("format_value_invalid", "declarations.A.belots"),
                ("format_value_invalid", "declarations.A.sequences.0.top"),
                ("format_not_object", "declarations.A.sequences.1"),
                ("format_value_invalid", "declarations.A.carres.1"),
            ],
        ),
        (
            {"version": 1, "kind": "inside", "bidders": "A", "contract": "hearts",
             "declarations": {"B": {"sequences": {}, "carres": None}}},
            [
                ("format_value_invalid", "declarations.B.sequences"),
                ("format_value_invalid", "declarations.B.carres"),
            ],
        ),
        (
            {"version": 1, "kind": "inside", "bidders": "A", "contract": "hearts",
             "declarations": []},
            [("format_not_object", "declarations")],
        ),
        (
            {"version": 1, "kind": "inside", "bidders": "A", "contract": "hearts",
             "declarations": {"A": 5}},
            [("format_not_object", "declarations.A")],
        ),
    ],
)  # fmt: skip
def test_a_malformed_deal_dict_is_refused_with_the_path_of_each_problem(data, expected):
    assert problems(data) == expected


def test_a_well_formed_but_impossible_deal_is_refused_with_domain_codes():
    data = deal_to_dict(PlayedDeal(A, Contract.HEARTS, CardPoints(A, 161)))

    assert problems(data) == [("card_points_impossible", "card_points")]


def test_problems_in_a_match_name_the_deal_by_its_path():
    data = match_to_dict(DEFAULT_PROFILE, 0, [AllPassed(), AllPassed()])
    data["deals"][1] = {"kind": "played", "bidders": "A", "contract": "hearts",
                        "card_points": {"team": "A", "points": 300}}  # fmt: skip
    data["deals"].append("all_passed")

    assert problems(data, match_from_dict) == [
        ("card_points_out_of_range", "deals.1.card_points"),
        ("format_not_object", "deals.2"),
    ]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("x", [("format_not_object", None)]),
        ({"version": 1}, [("format_key_missing", "deals")]),
        ({"version": 1, "deals": {}}, [("format_value_invalid", "deals")]),
        ({"version": 1, "deals": [], "first_dealer": 4}, [("format_value_invalid", "first_dealer")]),
        ({"version": 1, "deals": [], "profile": 1}, [("format_not_object", "profile")]),
        (
            {"version": 1, "deals": [], "profile": {"target": 0, "contra_tie": "x",
             "capot_cannot_end_game": "yes", "colour": 1}},
            [
                ("format_key_unknown", "profile.colour"),
                ("format_value_invalid", "profile.target"),
                ("format_value_invalid", "profile.capot_cannot_end_game"),
                ("format_value_invalid", "profile.contra_tie"),
            ],
        ),
    ],
)  # fmt: skip
def test_a_malformed_match_dict_is_refused(data, expected):
    assert problems(data, match_from_dict) == expected


def test_a_malformed_profile_dict_is_refused():
    assert problems({"declaration_comparison": "mixed"}, profile_from_dict) == [
        ("format_value_invalid", "profile.declaration_comparison")
    ]


def test_every_example_in_the_format_docs_reads_without_problems():
    text = (Path(__file__).resolve().parents[2] / "docs" / "deal-format.md").read_text()
    examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]

    for data in examples:
        if "deals" in data:
            fold_match(*match_from_dict(data))
        elif "kind" in data:
            assert deal_to_dict(deal_from_dict(data))["kind"] == data["kind"]
        else:
            assert profile_from_dict(data) == DEFAULT_PROFILE
    assert len(examples) == 6
