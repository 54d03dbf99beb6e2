"""Explanation steps and error codes: each one emitted is documented, with the params it has."""

import json
import re
from pathlib import Path

import pytest

from calculator.engine import (
    MAX_DEALS,
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
    errors,
    fold_match,
    match_from_dict,
    score_deal,
    steps,
)

A, B = Team.A, Team.B
HEARTS = Contract.HEARTS
DOCS = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
POOL = RuleProfile(declaration_comparison=DeclarationComparison.POOL)
SPLIT = RuleProfile(contra_tie=ContraTie.BIDDERS_HANG)


def seqs(*sequences, carres=(), belots=0):
    return TeamDeclarations(tuple(sequences), tuple(Carre(rank) for rank in carres), belots)


# (deal, profile, hanging): together they give every step code.
CORPUS = [
    (AllPassed(), RuleProfile(), 5),
    (PlayedDeal(A, HEARTS, CardPoints(A, 87)), RuleProfile(), 0),
    (PlayedDeal(A, Contract.NO_TRUMPS, None, capot=B), RuleProfile(), 7),
    (
        PlayedDeal(
            A,
            HEARTS,
            None,
            capot=A,
            declarations_a=seqs(Sequence(3), belots=1),
            declarations_b=seqs(Sequence(4), carres=(Rank.ACE,)),
        ),
        RuleProfile(),
        0,
    ),
    (
        PlayedDeal(
            B,
            Contract.ALL_TRUMPS,
            CardPoints(A, 100),
            declarations_a=seqs(Sequence(4, Rank.KING), carres=(Rank.JACK,)),
            declarations_b=seqs(Sequence(4, Rank.KING), carres=(Rank.NINE,), belots=2),
        ),
        RuleProfile(),
        0,
    ),
    (
        PlayedDeal(
            A,
            HEARTS,
            CardPoints(A, 70),
            declarations_a=seqs(Sequence(5, Rank.ACE), carres=(Rank.KING,)),
            declarations_b=seqs(Sequence(3)),
        ),
        RuleProfile(),
        0,
    ),
    (PlayedDeal(A, HEARTS, CardPoints(B, 81)), RuleProfile(), 4),
    (PlayedDeal(A, HEARTS, CardPoints(A, 100), Double.CONTRA), RuleProfile(), 9),
    (PlayedDeal(A, HEARTS, CardPoints(A, 60), Double.RECONTRA), RuleProfile(), 0),
    (PlayedDeal(A, HEARTS, CardPoints(A, 81), Double.CONTRA), RuleProfile(), 3),
    (PlayedDeal(A, HEARTS, CardPoints(A, 81), Double.CONTRA), SPLIT, 0),
    (
        PlayedDeal(
            A,
            HEARTS,
            CardPoints(A, 81),
            declarations_a=seqs(Sequence(5, Rank.KING)),
            declarations_b=seqs(carres=(Rank.QUEEN,)),
        ),
        POOL,
        0,
    ),
    (InsideDeal(A, HEARTS, declarations_b=seqs(Sequence(3, Rank.ACE))), POOL, 0),
    (
        InsideDeal(
            A,
            HEARTS,
            Double.CONTRA,
            declarations_a=seqs(Sequence(3, Rank.ACE)),
            declarations_b=seqs(Sequence(3, Rank.ACE)),
        ),
        POOL,
        0,
    ),
]


def emitted_steps():
    return [
        step
        for deal, profile, hanging in CORPUS
        for step in score_deal(deal, profile, hanging).steps
    ]


def documented(section: str) -> dict[str, set[str]]:
    """The code -> params table of a section of docs/engine.md."""
    text = DOCS.read_text().split(f"## {section}")[1].split("\n## ")[0]
    table = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 3:
            code = re.findall(r"`([a-z_]+)`", cells[0])[0]
            params_cell = cells[2] if section == "Error codes" else cells[1]
            table[code] = set(re.findall(r"`([a-z_<>]+)`", params_cell))
    return table


def test_the_corpus_gives_every_step_code():
    assert {step.code for step in emitted_steps()} == set(steps.CODES)


def test_every_step_has_exactly_the_params_the_docs_list():
    table = documented("Explanation steps")

    assert set(table) == set(steps.CODES)
    for step in emitted_steps():
        assert set(step.params) == table[step.code], step.code


def test_every_step_code_is_in_the_module_docstring():
    for code in steps.CODES:
        assert re.search(rf"^{code} ", steps.__doc__, re.MULTILINE), code


def test_step_params_are_plain_json():
    for step in emitted_steps():
        text = json.dumps(dict(step.params))
        assert json.loads(text) == dict(step.params)
        assert all(type(value) in (int, str, type(None)) for value in step.params.values())


def test_steps_explain_the_spec_s_first_example_in_order():
    result = score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 87)))

    assert [(step.code, dict(step.params)) for step in result.steps] == [
        ("contract", {"contract": "hearts", "bidders": "A", "double": "none"}),
        ("card_points", {"a": 87, "b": 75, "given": "A", "total": 162}),
        (
            "raw_totals",
            {
                "a": 87,
                "b": 75,
                "card_points_a": 87,
                "card_points_b": 75,
                "declarations_a": 0,
                "declarations_b": 0,
                "capot_a": 0,
                "capot_b": 0,
            },
        ),
        ("rounding", {"team": "A", "raw": 87, "points": 9, "up_from": 7, "rule": "more"}),
        ("rounding", {"team": "B", "raw": 75, "points": 7, "up_from": 6, "rule": "fewer"}),
        (
            "outcome_made",
            {
                "bidders": "A",
                "defenders": "B",
                "raw_bidders": 87,
                "raw_defenders": 75,
                "points_bidders": 9,
                "points_defenders": 7,
            },
        ),
        ("written", {"a": 9, "b": 7}),
    ]


def test_the_usage_example_in_the_docs_gives_the_steps_it_shows():
    deal = PlayedDeal(A, HEARTS, CardPoints(B, 82), declarations_b=seqs(Sequence(4)))

    assert [step.code for step in score_deal(deal).steps] == [
        "contract",
        "card_points",
        "sequences_unopposed",
        "raw_totals",
        "rounding",
        "rounding",
        "outcome_inside",
        "written",
    ]


def test_steps_are_built_once_and_kept():
    result = score_deal(PlayedDeal(A, HEARTS, CardPoints(A, 87)))

    assert result.steps is result.steps


def test_hanging_steps_tell_what_hangs_and_who_takes_it():
    match = fold_match(
        deals=[
            PlayedDeal(A, HEARTS, CardPoints(A, 81), Double.CONTRA),
            AllPassed(),
            PlayedDeal(B, HEARTS, CardPoints(B, 100)),
        ]
    )
    codes = [[(s.code, dict(s.params)) for s in d.result.steps if s.code.startswith("hanging")]
             for d in match.deals]  # fmt: skip

    assert codes == [
        [("hanging_added", {"team": None, "points": 32, "pot": 32})],
        [("hanging_kept", {"points": 32})],
        [("hanging_taken", {"team": "B", "points": 32})],
    ]


# Input that gives every error code, each with its documented params.
BAD_DEALS = [
    PlayedDeal(A, HEARTS),
    PlayedDeal(A, HEARTS, CardPoints(A, 170)),
    PlayedDeal(A, HEARTS, CardPoints(A, 161)),
    PlayedDeal(A, HEARTS, CardPoints(A, 10), capot=A),
    PlayedDeal(A, Contract.NO_TRUMPS, CardPoints(A, 60), declarations_a=seqs(Sequence(3), belots=1)),
    PlayedDeal(A, HEARTS, CardPoints(A, 60), declarations_a=seqs(belots=1),
               declarations_b=seqs(belots=1)),
    PlayedDeal(A, HEARTS, CardPoints(A, 60), declarations_a=seqs(belots=-1)),
    PlayedDeal(A, HEARTS, CardPoints(A, 60), declarations_a=seqs(carres=(Rank.SEVEN, Rank.ACE)),
               declarations_b=seqs(carres=(Rank.ACE,))),
    PlayedDeal(A, HEARTS, CardPoints(A, 60), declarations_a=seqs(Sequence(2), Sequence(4, Rank.NINE))),
    PlayedDeal(A, HEARTS, CardPoints(A, 60), declarations_a=seqs(*[Sequence(3)] * 5)),
    PlayedDeal("A", HEARTS, CardPoints(A, 60)),
]  # fmt: skip


def emitted_problems():
    found = []
    for deal in BAD_DEALS:
        with pytest.raises(DealError) as caught:
            score_deal(deal)
        found += caught.value.problems
    tie = PlayedDeal(A, HEARTS, CardPoints(A, 60), declarations_a=seqs(Sequence(3)),
                     declarations_b=seqs(Sequence(3)))  # fmt: skip
    calls = [
        lambda: score_deal(tie),
        lambda: score_deal(AllPassed(), hanging=-1),
        lambda: fold_match(RuleProfile(target=0), 9, []),
        lambda: fold_match(deals=[AllPassed()] * (MAX_DEALS + 1)),
        lambda: fold_match(games_to_win=4),
        lambda: fold_match(
            RuleProfile(target=11),
            0,
            [PlayedDeal(A, HEARTS, CardPoints(A, 162))] * 2,
            games_to_win=1,
        ),  # fmt: skip
        lambda: deal_from_dict({"version": 2, "kind": "x", "y": 1}),
        lambda: deal_from_dict([]),
        lambda: deal_from_dict({"version": 1}),
        lambda: match_from_dict({"version": 1, "deals": [], "first_dealer": 7, "z": 0}),
    ]
    for call in calls:
        with pytest.raises(DealError) as caught:
            call()
        found += caught.value.problems
    return found


def test_the_bad_input_gives_every_error_code():
    assert {problem.code for problem in emitted_problems()} == set(errors.CODES)


def test_every_problem_has_exactly_the_params_the_docs_list():
    table = documented("Error codes")

    assert set(table) == set(errors.CODES)
    for problem in emitted_problems():
        assert set(problem.params) == table[problem.code], problem.code


def test_every_error_code_is_in_the_module_docstring():
    for code in errors.CODES:
        assert re.search(rf"^{code} ", errors.__doc__, re.MULTILINE), code


def test_problem_params_are_plain_json():
    for problem in emitted_problems():
        assert json.loads(json.dumps(problem.as_dict())) == problem.as_dict()
