"""The French games' explanation steps and error codes: each one emitted is documented, in
docs/engine.md and in its module's docstring, with the params it has."""

import dataclasses
import json
import re
from pathlib import Path

import pytest

from calculator.engine import (
    GAMES,
    MAX_DEALS,
    AllPassed,
    AllTrumpsBelote,
    CardPoints,
    CardPointsEntry,
    Carre,
    ClassicDeal,
    ClassicProfile,
    Contre,
    ContreeDeal,
    ContreeProfile,
    DealError,
    FailedBelote,
    InTrumps,
    Rank,
    Scoring,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    Tie,
    Trumps,
)
from calculator.engine.classic import problems as classic_problems
from calculator.engine.classic import steps as classic_steps
from calculator.engine.contree import problems as contree_problems
from calculator.engine.contree import steps as contree_steps

A, B = Team.A, Team.B
HEARTS = Suit.HEARTS
DOCS = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
CLASSIC, CONTREE, COINCHE = GAMES["classic"], GAMES["contree"], GAMES["coinche"]
BELOTE = TeamDeclarations(belots=1)
KING_TIERCE = TeamDeclarations((Sequence(3, Rank.KING),))


def decl(*sequences, carres=(), belots=0):
    return TeamDeclarations(tuple(sequences), tuple(Carre(rank) for rank in carres), belots)


def taken(points, **fields):
    return ClassicDeal(A, HEARTS, CardPoints(A, points), **fields)


def bid(value, points=None, **fields):
    given = None if points is None else CardPoints(A, points)
    return ContreeDeal(A, value, HEARTS, card_points=given, **fields)


CLASSIC_CORPUS = [
    (AllPassed(), ClassicProfile(), 10),
    (taken(100, declarations_a=decl(Sequence(3, Rank.ACE)), declarations_b=BELOTE),
     ClassicProfile(rounding=True), 5),
    (ClassicDeal(A, HEARTS, capot=A, declarations_a=decl(Sequence(4, Rank.ACE)),
                 declarations_b=decl(Sequence(3, Rank.ACE))), ClassicProfile(), 0),
    (taken(100, declarations_a=KING_TIERCE, declarations_b=KING_TIERCE,
           sequence_in_trumps=InTrumps.A), ClassicProfile(), 0),
    (taken(100, declarations_a=KING_TIERCE, declarations_b=KING_TIERCE,
           sequence_in_trumps=InTrumps.NEITHER), ClassicProfile(), 0),
    (taken(81), ClassicProfile(), 0),
    (taken(60), ClassicProfile(), 0),
    (taken(81), ClassicProfile(tie=Tie.INSIDE), 0),
    (taken(81), ClassicProfile(tie=Tie.MADE), 0),
]  # fmt: skip

EXACT = {"rounding": False}
# (deal, profile fields): with the coinche profile, every step code; contrée scores those
# without sequences and carrés.
CONTREE_CORPUS = [
    (AllPassed(), {}),
    (bid(80, 100, declarations_a=decl(Sequence(3, Rank.ACE), belots=1),
         declarations_b=decl(Sequence(3, Rank.KING))), {}),
    (bid(80, None, capot=A, declarations_b=decl(Sequence(4, Rank.ACE))), EXACT),
    (bid(80, 100, declarations_a=KING_TIERCE, declarations_b=KING_TIERCE,
         sequence_in_trumps=InTrumps.B), EXACT),
    (bid(80, 100, declarations_a=KING_TIERCE, declarations_b=KING_TIERCE,
         sequence_in_trumps=InTrumps.NEITHER), EXACT),
    (bid(80, 100, contre=Contre.CONTRE), EXACT),
    (bid(140, 100, declarations_a=BELOTE), {"failed_belote": FailedBelote.DEFENDERS}),
    (bid(80, 81), EXACT),
    (bid(250, None, capot=A), EXACT),
    (bid(250, 150), EXACT),
    (bid(100, 120), {"scoring": Scoring.BID_ONLY}),
    (bid(100, 60), {"scoring": Scoring.BID_ONLY}),
    (ContreeDeal(A, 100, Trumps.ALL, card_points=CardPoints(B, 100)),
     {"no_and_all_trumps": True, "card_points_entry": CardPointsEntry.RAW}),
]  # fmt: skip


def classic_results():
    return [CLASSIC.score_deal(deal, profile, hanging) for deal, profile, hanging in CLASSIC_CORPUS]


def coinche_results():
    return [
        COINCHE.score_deal(deal, ContreeProfile(declarations=True, **fields))
        for deal, fields in CONTREE_CORPUS
    ]


def contree_results():
    return [
        CONTREE.score_deal(deal, ContreeProfile(**fields))
        for deal, fields in CONTREE_CORPUS
        if not any(d.sequences or d.carres for d in (deal_declarations(deal)))
    ]


def deal_declarations(deal):
    if isinstance(deal, AllPassed):
        return ()
    return deal.declarations_a, deal.declarations_b


def documented(section: str, params_column: int = 1) -> dict[str, set[str]]:
    """The code -> params table of a section of docs/engine.md."""
    text = DOCS.read_text().split(f"\n## {section}\n")[1].split("\n## ")[0]
    table = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 3:
            code = re.findall(r"`([a-z_]+)`", cells[0])[0]
            table[code] = set(re.findall(r"`([a-z_<>]+)`", cells[params_column]))
    return table


GAMES_STEPS = [
    ("classic", classic_results, "Classic belote: explanation steps", classic_steps),
    ("coinche", coinche_results, "Contrée and coinche: explanation steps", contree_steps),
]


@pytest.mark.parametrize("name, results, section, module", GAMES_STEPS)
def test_the_corpus_gives_every_step_code_with_its_documented_params(
    name, results, section, module
):
    steps = [step for result in results() for step in result.steps]
    table = documented(section)

    assert {step.code for step in steps} == set(GAMES[name].step_codes) == set(module.CODES)
    assert set(table) == set(module.CODES)
    for step in steps:
        assert set(step.params) == table[step.code], step.code
        assert re.search(rf"^{step.code} ", module.__doc__, re.MULTILINE), step.code


def test_contree_emits_every_step_but_the_declarations():
    codes = {step.code for result in contree_results() for step in result.steps}

    assert codes == set(CONTREE.step_codes)
    assert set(contree_steps.CODES) - codes == set(contree_steps.DECLARATION_CODES)


@pytest.mark.parametrize("results", [classic_results, coinche_results])
def test_step_params_are_plain_json(results):
    for result in results():
        for step in result.steps:
            assert json.loads(json.dumps(dict(step.params))) == dict(step.params)
            assert all(type(value) in (int, str, type(None)) for value in step.params.values())


def classic_bad_calls():
    tied = taken(60, declarations_a=decl(Sequence(3)), declarations_b=decl(Sequence(3)))
    bad_deals = [
        (ClassicDeal(A, HEARTS), ClassicProfile()),
        (taken(170), ClassicProfile()),
        (taken(161), ClassicProfile()),
        (ClassicDeal(A, HEARTS, CardPoints(A, 10), capot=A), ClassicProfile()),
        (taken(60, declarations_a=KING_TIERCE), ClassicProfile(declarations=False)),
        (taken(60, declarations_a=BELOTE, declarations_b=BELOTE), ClassicProfile()),
        (taken(60, declarations_a=decl(belots=-1)), ClassicProfile()),
        (taken(60, declarations_a=decl(carres=(Rank.SEVEN, Rank.ACE)),
               declarations_b=decl(carres=(Rank.ACE,))), ClassicProfile()),
        (taken(60, declarations_a=decl(Sequence(2), Sequence(4, Rank.NINE))), ClassicProfile()),
        (taken(60, declarations_a=decl(*[Sequence(3)] * 5)), ClassicProfile()),
        (taken(60, sequence_in_trumps=InTrumps.A), ClassicProfile()),
        (ClassicDeal("A", HEARTS, CardPoints(A, 60)), ClassicProfile()),
        (tied, ClassicProfile()),
        (taken(60, declarations_a=KING_TIERCE, declarations_b=KING_TIERCE), ClassicProfile()),
        (AllPassed(), ClassicProfile(target=0)),
        (ClassicDeal(A, Trumps.NO, CardPoints(A, 60)), ClassicProfile()),
    ]  # fmt: skip
    calls = [lambda deal=deal, profile=profile: CLASSIC.score_deal(deal, profile)
             for deal, profile in bad_deals]  # fmt: skip
    return calls + shared_bad_calls(CLASSIC, taken(162), "classic")


def shared_bad_calls(game, deal, name):
    return [
        lambda: game.score_deal(AllPassed(), hanging=-1),
        lambda: game.fold_match(first_dealer=9),
        lambda: game.fold_match(deals=[AllPassed()] * (MAX_DEALS + 1)),
        lambda: game.fold_match(games_to_win=4),
        lambda: game.fold_match(game.default_profile.__class__(target=1)
                                if name == "classic" else ContreeProfile(
                                    declarations=game.default_profile.declarations, target=1),
                                0, [deal, deal], games_to_win=1),
        lambda: game.deal_from_dict({"version": 3, "game": name, "kind": "x", "y": 1}),
        lambda: game.deal_from_dict([]),
        lambda: game.deal_from_dict({"version": 2, "game": name}),
        lambda: game.deal_from_dict({"version": 2, "game": name, "kind": "all_passed", "x": 1}),
    ]  # fmt: skip


def contree_bad_calls(game, name):
    declared = game.default_profile.declarations
    profile = ContreeProfile(declarations=declared)
    bad_deals = [
        bid(85, 100),
        bid(80, None),
        bid(80, 170),
        bid(80, 161),
        bid(80, 10, capot=A),
        bid(80, 60, declarations_a=BELOTE, declarations_b=BELOTE),
        bid(80, 60, declarations_a=decl(belots=-1)),
        bid(80, 60, declarations_a=decl(carres=(Rank.SEVEN, Rank.ACE)),
            declarations_b=decl(carres=(Rank.ACE,))),
        bid(80, 60, declarations_a=decl(Sequence(2), Sequence(4, Rank.NINE))),
        bid(80, 60, declarations_a=decl(*[Sequence(3)] * 5)),
        bid(80, 60, sequence_in_trumps=InTrumps.A),
        bid(80, 60, contre="contre"),
        bid(80, 60, declarations_a=decl(Sequence(3)), declarations_b=decl(Sequence(3))),
        bid(80, 60, declarations_a=KING_TIERCE, declarations_b=KING_TIERCE),
    ]  # fmt: skip
    calls = [lambda deal=deal: game.score_deal(deal, profile) for deal in bad_deals]
    sata = ContreeProfile(declarations=declared, no_and_all_trumps=True)
    no_ta_belote = dataclasses.replace(sata, all_trumps_belote=AllTrumpsBelote.NONE)
    sata_deals = [
        (ContreeDeal(A, 80, Trumps.NO, card_points=CardPoints(A, 60)), profile),
        (ContreeDeal(A, 80, Trumps.NO, card_points=CardPoints(A, 60), declarations_a=BELOTE),
         sata),
        (ContreeDeal(A, 80, Trumps.ALL, card_points=CardPoints(A, 60), declarations_b=BELOTE),
         no_ta_belote),
        (ContreeDeal(A, 80, Trumps.ALL, card_points=CardPoints(A, 60),
                     sequence_in_trumps=InTrumps.NEITHER), sata),
    ]  # fmt: skip
    calls += [lambda deal=deal, profile=rules: game.score_deal(deal, profile)
              for deal, rules in sata_deals]  # fmt: skip
    calls += [
        lambda: game.score_deal(AllPassed(), ContreeProfile(declarations=declared, target=0)),
        lambda: game.deal_from_dict({"version": 2, "game": name, "kind": "all_passed",
                                     "contre": "contre"}),
    ]  # fmt: skip
    return calls + shared_bad_calls(game, bid(80, 162), name)


def emitted_problems(calls):
    found = []
    for call in calls:
        with pytest.raises(DealError) as caught:
            call()
        found += caught.value.problems
    return found


PROBLEM_CASES = [
    ("classic", classic_bad_calls, classic_problems),
    ("contree", lambda: contree_bad_calls(CONTREE, "contree"), contree_problems),
    ("coinche", lambda: contree_bad_calls(COINCHE, "coinche"), contree_problems),
]


@pytest.mark.parametrize("name, calls, module", PROBLEM_CASES)
def test_the_bad_input_gives_every_error_code_with_its_documented_params(name, calls, module):
    problems = emitted_problems(calls())
    table = documented("Error codes", 2) | documented("The French games' error codes", 2)

    assert {problem.code for problem in problems} == set(GAMES[name].problem_codes)
    for problem in problems:
        assert set(problem.params) == table[problem.code], problem.code
        assert re.search(rf"^{problem.code} ", module.__doc__, re.MULTILINE), problem.code


def test_the_french_codes_are_listed_in_their_modules():
    assert set(classic_problems.CODES) == set(CLASSIC.problem_codes)
    assert set(contree_problems.CODES) == set(CONTREE.problem_codes) | set(COINCHE.problem_codes)
    assert set(classic_steps.CODES) == set(CLASSIC.step_codes)
