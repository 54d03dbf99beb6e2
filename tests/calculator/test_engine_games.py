"""The registry of games, the interface they share, and the dict format version 2: every game
reads and writes its deals, profiles and matches; every version 1 file still reads as belot."""

import dataclasses
import json
import re
from pathlib import Path

import pytest

from calculator.engine import (
    BELOT,
    DEFAULT_PROFILE,
    GAMES,
    AllPassed,
    CardPoints,
    ClassicDeal,
    ClassicProfile,
    Contract,
    Contre,
    ContreeDeal,
    ContreeProfile,
    DealError,
    FailedBelote,
    Game,
    InTrumps,
    PlayedDeal,
    RuleProfile,
    Scoring,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    Tie,
    match_to_dict,
    read_match,
)

A, B = Team.A, Team.B
DOCS = Path(__file__).resolve().parents[2] / "docs"


def problems(call):
    with pytest.raises(DealError) as caught:
        call()
    return [(problem.code, problem.field) for problem in caught.value.problems]


def test_the_registry_holds_the_four_games_by_the_name_a_match_stores():
    assert list(GAMES) == ["belot", "classic", "contree", "coinche"]
    assert GAMES["belot"] is BELOT
    assert all(isinstance(game, Game) and game.name == name for name, game in GAMES.items())
    assert repr(GAMES["coinche"]) == "<Game coinche>"
    with pytest.raises(TypeError):
        GAMES["other"] = BELOT


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_each_game_s_switches_are_its_profile_s_fields_with_their_defaults(game):
    defaults = {field.name: getattr(game.default_profile, field.name)
                for field in dataclasses.fields(game.profile_type)}  # fmt: skip
    switches = {switch.name: switch.default for switch in game.switches}

    assert isinstance(game.default_profile, game.profile_type)
    assert switches == {name: value for name, value in defaults.items() if name in switches}
    assert set(defaults) - set(switches) <= {"declarations"}
    for switch in game.switches:
        assert switch.name == "target" or switch.default in switch.choices


def test_contree_and_coinche_differ_only_in_the_declarations():
    contree, coinche = GAMES["contree"], GAMES["coinche"]

    assert contree.default_profile == dataclasses.replace(coinche.default_profile,
                                                          declarations=False)  # fmt: skip
    assert contree.switches == coinche.switches
    assert not contree.waits and GAMES["classic"].waits and BELOT.waits


@pytest.mark.parametrize(
    "name, deal",
    [
        ("belot", PlayedDeal(A, Contract.HEARTS, CardPoints(B, 82),
                             declarations_b=TeamDeclarations((Sequence(4),)))),
        ("classic", ClassicDeal(B, Suit.CLUBS, None, capot=A, declarations_a=TeamDeclarations(
            (Sequence(3),), belots=1), sequence_in_trumps=InTrumps.NEITHER)),
        ("contree", ContreeDeal(A, 250, Suit.SPADES, Contre.SURCONTRE, CardPoints(B, 40))),
        ("coinche", ContreeDeal(B, 110, Suit.HEARTS, card_points=CardPoints(A, 50),
                                declarations_b=TeamDeclarations((Sequence(5),)),
                                sequence_in_trumps=InTrumps.B)),
        ("classic", AllPassed()),
    ],
)  # fmt: skip
def test_every_game_s_deals_survive_format_version_2(name, deal):
    game = GAMES[name]

    data = json.loads(json.dumps(game.deal_to_dict(deal)))

    assert (data["version"], data["game"]) == (2, name)
    assert game.deal_from_dict(data) == deal
    inner = game.deal_to_dict(deal, version=False)
    assert "version" not in inner and "game" not in inner


@pytest.mark.parametrize(
    "name, profile",
    [
        ("belot", RuleProfile(target=101)),
        ("classic", ClassicProfile(target=1000, rounding=True, tie=Tie.MADE, declarations=False)),
        ("contree", ContreeProfile(target=2000, rounding=False, failed_base=162,
                                   failed_belote=FailedBelote.DEFENDERS, surcontre=3,
                                   scoring=Scoring.BID_ONLY)),
        ("coinche", ContreeProfile(declarations=True, target=1000)),
    ],
)  # fmt: skip
def test_every_game_s_profile_and_match_survive_format_version_2(name, profile):
    game = GAMES[name]
    deals = [AllPassed(), AllPassed()]

    data = json.loads(json.dumps(game.match_to_dict(profile, 3, deals)))

    assert game.profile_from_dict(game.profile_to_dict(profile)) == profile
    assert game.match_from_dict(data) == (profile, 3, tuple(deals))
    assert read_match(data) == (game, profile, 3, tuple(deals))


def test_every_version_1_file_reads_as_bulgarian_belot():
    deal = PlayedDeal(A, Contract.SPADES, CardPoints(A, 100))
    data = match_to_dict(DEFAULT_PROFILE, 2, [deal])

    assert data["version"] == 1
    assert read_match(data) == (BELOT, DEFAULT_PROFILE, 2, (deal,))
    assert BELOT.match_from_dict(data) == (DEFAULT_PROFILE, 2, (deal,))
    assert BELOT.deal_from_dict({"version": 1, "kind": "all_passed"}) == AllPassed()


def test_a_deal_in_a_match_may_repeat_the_match_s_version_and_game():
    data = {"version": 2, "game": "classic", "deals": [
        {"version": 2, "game": "classic", "kind": "all_passed"},
        {"version": 1, "kind": "all_passed"},
        {"game": "coinche", "kind": "all_passed"},
    ]}  # fmt: skip

    assert problems(lambda: GAMES["classic"].match_from_dict(data)) == [
        ("format_version_unsupported", "deals.1.version"),
        ("format_value_invalid", "deals.2.game"),
    ]


@pytest.mark.parametrize(
    "data, expected",
    [
        ([], [("format_not_object", None)]),
        ({"game": "classic", "deals": []}, [("format_key_missing", "version")]),
        ({"version": 3, "game": "classic", "deals": []}, [("format_version_unsupported", "version")]),
        ({"version": "2", "deals": []}, [("format_version_unsupported", "version")]),
        ({"version": 2, "deals": []}, [("format_key_missing", "game")]),
        ({"version": 2, "game": "jass", "deals": []}, [("format_value_invalid", "game")]),
        ({"version": 2, "game": ["classic"], "deals": []}, [("format_value_invalid", "game")]),
    ],
)  # fmt: skip
def test_read_match_refuses_a_file_it_cannot_place(data, expected):
    assert problems(lambda: read_match(data)) == expected


@pytest.mark.parametrize(
    "name, data, expected",
    [
        ("classic", {"version": 2, "game": "coinche", "kind": "all_passed"},
         [("format_value_invalid", "game")]),
        ("classic", {"version": 2, "kind": "all_passed"}, [("format_key_missing", "game")]),
        ("classic", {"version": 1, "kind": "all_passed"},
         [("format_version_unsupported", "version")]),
        ("classic", {"version": 2, "game": "classic", "kind": "inside"},
         [("format_value_invalid", "kind")]),
        ("classic", {"version": 2, "game": "classic", "kind": "played", "taker": "C",
                     "trump": "trumps", "capot": "both", "sequence_in_trumps": "all"},
         [("format_value_invalid", "taker"), ("format_value_invalid", "trump"),
          ("format_value_invalid", "capot"), ("format_value_invalid", "sequence_in_trumps")]),
        ("classic", {"version": 2, "game": "classic", "kind": "played", "taker": "A",
                     "trump": "clubs", "card_points": {"team": "A", "points": 163}},
         [("card_points_out_of_range", "card_points")]),
        ("contree", {"version": 2, "game": "contree", "kind": "played", "taker": "A",
                     "trump": "clubs", "bid": "capot", "contre": "double",
                     "card_points": {"team": "A", "points": 90}},
         [("format_value_invalid", "contre")]),
        ("contree", {"version": 2, "game": "contree", "kind": "played", "taker": "A",
                     "trump": "clubs", "bid": 85, "card_points": {"team": "A", "points": 90}},
         [("bid_invalid", "bid")]),
        ("contree", {"version": 2, "game": "contree", "kind": "played", "taker": "A",
                     "trump": "clubs", "card_points": {"team": "A", "points": 90}},
         [("format_key_missing", "bid")]),
        ("contree", {"version": 2, "game": "contree", "kind": "all_passed", "bid": 80},
         [("format_key_unknown", "bid")]),
        ("coinche", {"version": 2, "game": "coinche", "kind": "played", "taker": "A",
                     "trump": "clubs", "bid": 80, "card_points": {"team": "A", "points": 90},
                     "declarations": {"A": {"sequences": [{"length": 3, "top": "K"}]},
                                      "B": {"sequences": [{"length": 3, "top": "K"}]}}},
         [("sequence_in_trumps_needed", "sequence_in_trumps")]),
    ],
)  # fmt: skip
def test_a_malformed_or_impossible_version_2_deal_is_refused_with_its_path(name, data, expected):
    if expected[0][0] == "sequence_in_trumps_needed":
        deal = GAMES[name].deal_from_dict(data)  # well formed; the question comes from scoring
        assert problems(lambda: GAMES[name].score_deal(deal)) == expected
        return
    assert problems(lambda: GAMES[name].deal_from_dict(data)) == expected


def test_a_deal_is_checked_against_the_profile_it_is_read_with():
    data = {"version": 2, "game": "classic", "kind": "played", "taker": "A", "trump": "clubs",
            "card_points": {"team": "A", "points": 90},
            "declarations": {"B": {"carres": ["J"]}}}  # fmt: skip
    classic = GAMES["classic"]

    assert classic.deal_from_dict(data).declarations_b.carres[0].rank == "J"
    assert problems(lambda: classic.deal_from_dict(data, ClassicProfile(declarations=False))) == [
        ("declarations_not_played", "declarations_b")
    ]
    match = {"version": 2, "game": "classic", "profile": {"declarations": False},
             "deals": [{key: value for key, value in data.items() if key not in ("version", "game")}]}  # fmt: skip
    assert problems(lambda: classic.match_from_dict(match)) == [
        ("declarations_not_played", "deals.0.declarations_b")
    ]


@pytest.mark.parametrize(
    "name, data, expected",
    [
        ("classic", {"target": 0, "rounding": "no", "tie": "draw", "declarations": 1, "x": 1},
         ["x", "target", "rounding", "tie", "declarations"]),
        ("contree", {"failed_base": 161, "surcontre": 4.0, "failed_belote": "lost",
                     "scoring": "bid", "declarations": True},
         ["declarations", "failed_base", "failed_belote", "surcontre", "scoring"]),
        ("coinche", "701", [""]),
        ("classic", [], [""]),
    ],
)  # fmt: skip
def test_a_malformed_profile_dict_is_refused_key_by_key(name, data, expected):
    found = problems(lambda: GAMES[name].profile_from_dict(data))

    assert [field.removeprefix("profile").lstrip(".") for _, field in found] == expected


def test_a_match_s_bad_profile_and_dealer_are_reported_with_its_deals():
    data = {"version": 2, "game": "contree", "profile": {"surcontre": 2}, "first_dealer": 4,
            "deals": {}}  # fmt: skip

    assert problems(lambda: GAMES["contree"].match_from_dict(data)) == [
        ("format_value_invalid", "profile.surcontre"),
        ("format_value_invalid", "first_dealer"),
        ("format_value_invalid", "deals"),
    ]
    assert problems(lambda: GAMES["contree"].match_from_dict("x")) == [("format_not_object", None)]


def test_every_example_in_the_version_2_docs_reads_and_writes_back():
    text = (DOCS / "deal-format-v2.md").read_text()
    examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]

    for data in examples:
        if "deals" in data:
            game, profile, first_dealer, deals = read_match(data)
            game.fold_match(profile, first_dealer, deals)
            assert game.match_to_dict(profile, first_dealer, deals)["profile"] == data["profile"]
        else:
            game = GAMES[data["game"]]
            profile = game.default_profile
            if data.get("trump") in ("no_trumps", "all_trumps"):  # read as a match allowing them
                profile = dataclasses.replace(profile, no_and_all_trumps=True)
            deal = game.deal_from_dict(data, profile)
            if data["kind"] == "all_passed":
                assert deal == AllPassed()
                continue
            written = game.deal_to_dict(deal)
            assert {key: written[key] for key in data} == data
    assert len(examples) == 8


def test_the_engine_md_games_example_gives_what_it_shows():
    from calculator.engine import ClassicDeal as Classic

    game = GAMES["coinche"]
    deal = ContreeDeal(taker=A, bid=80, trump=Suit.HEARTS, contre=Contre.CONTRE,
                       card_points=CardPoints(A, 99), declarations_a=TeamDeclarations(belots=1))  # fmt: skip
    result = game.score_deal(deal)
    assert str(result.outcome) == "made" and (result.recorded.a, result.recorded.b) == (520, 0)
    assert [step.code for step in result.steps] == [
        "bid", "card_points", "belot", "totals", "contract_made", "score_made_contre",
        "rounding", "rounding", "written"]  # fmt: skip
    classic = GAMES["classic"]
    deals = [Classic(A, Suit.SPADES, CardPoints(A, 81)), Classic(B, Suit.CLUBS, CardPoints(B, 100))]
    match = classic.fold_match(classic.default_profile, first_dealer=0, deals=deals)
    assert (match.totals.a, match.totals.b, match.hanging) == (62, 262, 0)
    data = classic.match_to_dict(classic.default_profile, 0, deals)
    assert read_match(data) == (classic, classic.default_profile, 0, tuple(deals))


@pytest.mark.parametrize("name", ["classic", "contree"])
def test_a_deal_in_a_match_that_is_no_object_is_refused_with_its_index(name):
    data = {"version": 2, "game": name, "deals": [{"kind": "all_passed"}, 5]}

    assert problems(lambda: GAMES[name].match_from_dict(data)) == [("format_not_object", "deals.1")]


def test_belot_through_the_registry_scores_and_folds_as_the_top_level_functions():
    from calculator.engine import fold_match, score_deal

    deal = PlayedDeal(A, Contract.HEARTS, CardPoints(A, 87))

    assert BELOT.score_deal(deal).recorded == score_deal(deal).recorded
    assert (
        BELOT.score_deal(deal, RuleProfile(target=20), 3).written
        == score_deal(deal, RuleProfile(target=20), 3).written
    )
    assert BELOT.fold_match(deals=[deal] * 20) == fold_match(deals=[deal] * 20)
    assert BELOT.deal_from_dict(BELOT.deal_to_dict(deal)) == deal
    assert problems(lambda: BELOT.validate_deal(PlayedDeal(A, Contract.HEARTS))) == [
        ("card_points_missing", "card_points")
    ]


@pytest.mark.parametrize("name", ["classic", "contree", "coinche"])
def test_a_bad_profile_is_refused_before_the_deal_is_looked_at(name):
    assert problems(lambda: GAMES[name].score_deal(object(), RuleProfile())) == [
        ("value_invalid", "profile")
    ]


def test_every_test_the_french_decisions_cite_exists():
    text = (DOCS / "french-games.md").read_text()
    cited = set(re.findall(r"`(test_[a-z0-9_]+)`", text))
    tests = Path(__file__).parent.parent  # the engine's, the forms' and the rules' tests
    defined = set()
    for path in tests.glob("**/test_*.py"):
        defined |= set(re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(), re.MULTILINE))

    assert cited and cited <= defined, cited - defined


def test_a_game_cannot_change():
    with pytest.raises(AttributeError):
        GAMES["classic"].default_profile = ClassicProfile(target=10)
    assert GAMES["classic"].default_profile == ClassicProfile()
