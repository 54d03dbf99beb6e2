"""Property tests over random valid deals and matches (hypothesis).

Example counts stay moderate so the engine suite runs in seconds; set
ENGINE_HYPOTHESIS_PROFILE=engine-thorough for a long run.
"""

import dataclasses
import functools
import json
import os

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator.engine import (
    BASE_VALUES,
    CARD_TOTALS,
    AllPassed,
    CardPoints,
    Carre,
    Contract,
    ContraTie,
    DealError,
    DealKind,
    DeclarationComparison,
    Double,
    InsideDeal,
    Outcome,
    PlayedDeal,
    Rank,
    RuleProfile,
    Sequence,
    Team,
    TeamDeclarations,
    deal_from_dict,
    deal_to_dict,
    fold_match,
    score_deal,
)
from calculator.engine.model import CARRE_ORDER, IMPOSSIBLE_CARD_POINTS

settings.register_profile(
    "engine", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("engine-thorough", max_examples=3000, deadline=None)
ENGINE = settings.get_profile(os.environ.get("ENGINE_HYPOTHESIS_PROFILE", "engine"))

RANKS = tuple(Rank)
# What one player's eight cards can declare: sequence lengths and a number of carrés.
HANDS = [
    ((), 0), ((3,), 0), ((4,), 0), ((5,), 0), ((6,), 0), ((7,), 0), ((8,), 0),
    ((3, 3), 0), ((3, 4), 0), ((3, 5), 0), ((4, 4), 0), ((), 1), ((3,), 1), ((4,), 1), ((), 2),
]  # fmt: skip


def possible(impossible, points) -> bool:
    return points not in impossible


# Strategies are made once and drawn from many times: Hypothesis checks a strategy and works out
# its label the first time it is drawn from, which cost more than the drawing itself when they
# were made anew inside every draw (docs/performance.md, "make test"). So the strategies that
# take arguments are cached by them (functools.cache), and the constants are made here.
SEQUENCES = {
    n: st.sampled_from(RANKS[n - 1 :]).map(functools.partial(Sequence, n)) for n in range(3, 9)
}
PLAYER_HANDS = st.sampled_from(HANDS)
CARRE_ORDERS = st.permutations(CARRE_ORDER)
BELOTS_UP_TO = {limit: st.integers(0, limit) for limit in range(5)}
CARD_POINTS = {
    contract: st.builds(
        CardPoints,
        st.sampled_from(Team),
        st.integers(0, CARD_TOTALS[contract]).filter(
            functools.partial(possible, IMPOSSIBLE_CARD_POINTS[contract])
        ),
    )
    for contract in Contract
}
CONTRACTS = st.sampled_from(Contract)
TEAMS = st.sampled_from(Team)
DOUBLES = st.sampled_from(Double)
CAPOTS = st.sampled_from([None] * 6 + [Team.A, Team.B])


def team_declarations(draw, carres_left, hands=PLAYER_HANDS):
    """Two players' declarations, each hand drawn from ``hands``; the carrés taken from
    ``carres_left`` (no carré twice in a deal)."""
    found, carres = [], []
    for _ in range(2):  # two players
        lengths, carre_count = draw(hands)
        found += [draw(SEQUENCES[length]) for length in lengths]
        for _ in range(min(carre_count, len(carres_left))):
            carres.append(Carre(carres_left.pop()))
    return TeamDeclarations(tuple(found), tuple(carres))


@functools.cache
@st.composite
def declarations(draw, contract):
    if contract is Contract.NO_TRUMPS:
        return TeamDeclarations(), TeamDeclarations()
    carres_left = list(draw(CARRE_ORDERS))
    a = team_declarations(draw, carres_left)
    b = team_declarations(draw, carres_left)
    if draw(st.booleans()):
        a, b = TeamDeclarations(a.sequences), TeamDeclarations(b.sequences)
    limit = 1 if contract.is_suit else 4
    belots_a = draw(BELOTS_UP_TO[limit])
    belots_b = draw(BELOTS_UP_TO[limit - belots_a])
    return (
        dataclasses.replace(a, belots=belots_a),
        dataclasses.replace(b, belots=belots_b),
    )


@st.composite
def played_deals(draw, capots=True):
    contract = draw(CONTRACTS)
    declared_a, declared_b = draw(declarations(contract))
    capot = draw(CAPOTS) if capots else None
    return PlayedDeal(
        bidders=draw(TEAMS),
        contract=contract,
        card_points=None if capot else draw(CARD_POINTS[contract]),
        double=draw(DOUBLES),
        capot=capot,
        declarations_a=declared_a,
        declarations_b=declared_b,
    )


@st.composite
def inside_deals(draw):
    contract = draw(CONTRACTS)
    declared_a, declared_b = draw(declarations(contract))
    return InsideDeal(
        draw(TEAMS),
        contract,
        draw(DOUBLES),
        declared_a,
        declared_b,
    )


deals = st.one_of(st.just(AllPassed()), inside_deals(), played_deals(), played_deals())
profiles = st.builds(
    RuleProfile,
    target=st.sampled_from([151, 151, 101, 51, 20]),
    declaration_comparison=st.sampled_from(DeclarationComparison),
    no_trumps_capot_doubled=st.booleans(),
    contra_tie=st.sampled_from(ContraTie),
    capot_cannot_end_game=st.booleans(),
)


def whole_value(result, profile) -> int:
    """16 or 26, plus declarations and belots over 10, plus 9 for a capot, times the double."""
    if result.kind is DealKind.ALL_PASSED:
        return 0
    capot = 0
    if result.capot is not None:
        capot = profile.capot_bonus(result.contract) // 10
    declared = result.declaration_points.total // 10
    return (BASE_VALUES[result.contract] + declared + capot) * result.double.multiplier


def swapped(deal):
    if isinstance(deal, AllPassed):
        return deal
    fields = {
        "bidders": deal.bidders.other,
        "declarations_a": deal.declarations_b,
        "declarations_b": deal.declarations_a,
    }
    if isinstance(deal, PlayedDeal):
        fields["capot"] = deal.capot.other if deal.capot else None
        given = deal.card_points
        fields["card_points"] = CardPoints(given.team.other, given.points) if given else None
    return dataclasses.replace(deal, **fields)


@ENGINE
@given(deals, profiles, st.integers(0, 60))
def test_recorded_plus_hanging_is_the_whole_value_of_the_deal(deal, profile, hanging):
    result = score_deal(deal, profile, hanging)

    assert result.recorded.total + result.hanging_added == whole_value(result, profile)
    assert result.value == whole_value(result, profile)


@ENGINE
@given(deals, profiles, st.integers(0, 60))
def test_swapping_the_teams_swaps_the_results(deal, profile, hanging):
    result = score_deal(deal, profile, hanging)
    mirror = score_deal(swapped(deal), profile, hanging)

    assert mirror.recorded == result.recorded.swapped()
    assert mirror.written == result.written.swapped()
    assert mirror.declaration_points == result.declaration_points.swapped()
    assert (mirror.hanging_added, mirror.hanging_out) == (result.hanging_added, result.hanging_out)
    assert mirror.outcome == result.outcome
    if result.raw_totals is not None:
        assert mirror.raw_totals == result.raw_totals.swapped()
    assert (mirror.winner, result.winner) in [(None, None), (Team.A, Team.B), (Team.B, Team.A)]


@ENGINE
@given(deals, profiles, st.integers(0, 60))
def test_nothing_recorded_is_negative(deal, profile, hanging):
    result = score_deal(deal, profile, hanging)

    assert min(result.recorded.a, result.recorded.b, result.hanging_added) >= 0
    assert min(result.written.a, result.written.b, result.hanging_out) >= 0
    if result.game_points is not None:
        assert min(result.game_points.a, result.game_points.b) >= 0


@ENGINE
@given(deals, profiles, st.integers(0, 60))
def test_hanging_points_carried_in_are_taken_or_kept_never_lost(deal, profile, hanging):
    result = score_deal(deal, profile, hanging)

    assert result.hanging_taken + result.hanging_out == hanging + result.hanging_added
    assert result.written.total == result.recorded.total + result.hanging_taken


@ENGINE
@given(played_deals(capots=False), profiles, st.data())
def test_a_made_deal_never_records_less_for_the_bidders_when_their_card_points_rise(
    deal, profile, data
):
    total, impossible = CARD_TOTALS[deal.contract], IMPOSSIBLE_CARD_POINTS[deal.contract]
    low = deal.card_points.points
    high = data.draw(st.integers(low, total).filter(lambda p: p not in impossible))
    lower = score_deal(
        dataclasses.replace(deal, card_points=CardPoints(deal.bidders, low)), profile
    )
    higher = score_deal(
        dataclasses.replace(deal, card_points=CardPoints(deal.bidders, high)), profile
    )

    if lower.outcome is Outcome.MADE:
        assert higher.outcome is Outcome.MADE
        assert higher.recorded.of(deal.bidders) >= lower.recorded.of(deal.bidders)


@ENGINE
@given(st.lists(deals, max_size=60), profiles, st.integers(0, 3))
def test_a_match_never_loses_hanging_points(deal_list, profile, first_dealer):
    match = fold_match(profile, first_dealer, deal_list)

    values = sum(whole_value(d.result, profile) for d in match.deals)
    written = sum(d.result.written.total for d in match.deals)
    assert written + match.hanging == values
    totals_of_games = sum(game.totals.total for game in match.games)
    assert totals_of_games + (0 if match.game_over else match.totals.total) == written


@ENGINE
@given(st.lists(deals, max_size=60), profiles, st.integers(0, 3))
def test_games_end_only_as_the_rules_say(deal_list, profile, first_dealer):
    match = fold_match(profile, first_dealer, deal_list)

    for index, played in enumerate(match.deals):
        assert played.dealer == (first_dealer + index) % 4
        assert played.first_player == (played.dealer + 1) % 4
        a, b = played.totals.a, played.totals.b
        if played.game_over:
            assert max(a, b) >= profile.target and a != b
            assert played.winner is (Team.A if a > b else Team.B)
            assert played.result.kind is not DealKind.ALL_PASSED
            if profile.capot_cannot_end_game:
                assert played.result.capot is None
    assert match.games_won.total == len(match.games)
    assert [game.number for game in match.games] == list(range(1, len(match.games) + 1))


@ENGINE
@given(deals)
def test_every_deal_survives_the_round_trip_through_json(deal):
    assert deal_from_dict(json.loads(json.dumps(deal_to_dict(deal)))) == deal


def _drop_tops(declared, keep_highest):
    """``declared`` with its sequences' top cards left out, class by class (terces, quartes,
    five or more in a row); the highest top card of a class stays when ``keep_highest()``."""
    kept = list(declared.sequences)
    for points in {sequence.points for sequence in kept}:
        in_class = [i for i, sequence in enumerate(kept) if sequence.points == points]
        highest = max(in_class, key=lambda i: kept[i].top.order)
        keep = keep_highest()
        for i in in_class:
            if not (keep and i == highest):
                kept[i] = Sequence(kept[i].length)
    return dataclasses.replace(declared, sequences=tuple(kept))


def _with_tops_dropped(deal, keep_highest):
    return dataclasses.replace(
        deal,
        declarations_a=_drop_tops(deal.declarations_a, keep_highest),
        declarations_b=_drop_tops(deal.declarations_b, keep_highest),
    )


@ENGINE
@given(played_deals(), profiles, st.data())
def test_leaving_out_top_cards_either_asks_for_them_or_changes_nothing(deal, profile, data):
    """A team gives at most one top card per class of sequences: its highest one's, or none."""
    assume(deal.declarations_a.sequences or deal.declarations_b.sequences)
    full = score_deal(deal, profile)
    partial = _with_tops_dropped(deal, lambda: data.draw(st.booleans()))
    try:
        result = score_deal(partial, profile)
    except DealError as error:
        assert set(error.codes) == {"sequence_top_card_needed"}
        asked = [problem.params["team"] for problem in error.problems]
        assert len(asked) == len(set(asked)), "a team is asked for one top card at most"
        return
    assert result.recorded == full.recorded
    assert result.declaration_points == full.declaration_points


@ENGINE
@given(played_deals(), profiles)
def test_the_highest_top_card_of_a_class_decides_for_the_whole_class(deal, profile):
    """The lower sequences of a class may lose their top cards: nothing changes, nothing is
    asked."""
    full = score_deal(deal, profile)
    result = score_deal(_with_tops_dropped(deal, lambda: True), profile)
    assert result.recorded == full.recorded
    assert result.declaration_points == full.declaration_points
    assert result.hanging_out == full.hanging_out
