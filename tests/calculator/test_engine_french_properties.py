"""Property tests of classic belote and contrée / coinche over random valid deals and matches
(hypothesis): points conserved as the rules say, multipliers, rounding that never changes an
outcome, a litige's points taken exactly once, the end of a game, the format's round trip.
Contrée and coinche are drawn with and without the house rule of no trumps and all trumps (and
its own house rules), so every property holds of those contracts too; a few are their own.

Example counts stay moderate so the suite runs in seconds; ENGINE_HYPOTHESIS_PROFILE=
engine-thorough runs more (the profiles are test_engine_properties.py's).
"""

import dataclasses
import functools
import json
import os
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from calculator.engine import (
    GAMES,
    AllPassed,
    CardPoints,
    ClassicDeal,
    ClassicOutcome,
    ClassicProfile,
    Contre,
    ContreeDeal,
    ContreeOutcome,
    ContreeProfile,
    DealError,
    DealKind,
    FailedBelote,
    InTrumps,
    Scoring,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
    Tie,
    read_match,
)
from calculator.engine.contree import AllTrumpsBelote, CardPointsEntry, Trumps
from calculator.engine.french import round_to_ten
from tests.calculator.test_engine_properties import CARRE_ORDERS, possible, team_declarations

settings.register_profile(
    "engine", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("engine-thorough", max_examples=3000, deadline=None)
ENGINE = settings.get_profile(os.environ.get("ENGINE_HYPOTHESIS_PROFILE", "engine"))

CLASSIC, CONTREE, COINCHE = GAMES["classic"], GAMES["contree"], GAMES["coinche"]
TEAMS = (Team.A, Team.B)
# What one player's eight cards can declare: sequence lengths and a number of carrés.
HANDS = [
    ((), 0), ((3,), 0), ((4,), 0), ((5,), 0), ((6,), 0), ((8,), 0), ((3, 3), 0), ((3, 4), 0),
    ((4, 4), 0), ((), 1), ((3,), 1), ((4,), 1), ((), 2),
]  # fmt: skip


# Strategies made once and cached by their arguments, as in test_engine_properties.py.
PLAYER_HANDS = st.sampled_from(HANDS)
BELOTE_HOLDERS = st.sampled_from([None, Team.A, Team.B])
CAPOTS = st.sampled_from([None] * 8 + [Team.A, Team.B])
POINTS_ON_162 = st.integers(0, 162).filter(lambda p: p not in (1, 161))
TEAM_DRAWS = st.sampled_from(TEAMS)
SUITS = st.sampled_from(Suit)
IN_TRUMPS = {
    teams: st.sampled_from([InTrumps.NEITHER] + [InTrumps(t.value) for t in teams])
    for teams in ((), (Team.A,), (Team.B,), (Team.A, Team.B))
}
BIDS = st.sampled_from([80, 90, 100, 110, 120, 130, 140, 150, 160, 250])
CONTRES = st.sampled_from(Contre)


@functools.cache
@st.composite
def french_fields(draw, declarations):
    """The fields both French games' deals share: teams, trump, card points or capot,
    declarations (sequences and carrés only when ``declarations``), belote, and whose best
    sequence was in trumps (always given, so scoring never needs to ask)."""
    if declarations:
        carres_left = list(draw(CARRE_ORDERS))
        a = team_declarations(draw, carres_left, PLAYER_HANDS)
        b = team_declarations(draw, carres_left, PLAYER_HANDS)
    else:
        a, b = TeamDeclarations(), TeamDeclarations()
    holder = draw(BELOTE_HOLDERS)
    if holder is Team.A:
        a = dataclasses.replace(a, belots=1)
    elif holder is Team.B:
        b = dataclasses.replace(b, belots=1)
    named = IN_TRUMPS[tuple(t for t, d in zip(TEAMS, (a, b), strict=True) if d.sequences)]
    capot = draw(CAPOTS)
    points = draw(POINTS_ON_162)
    return {
        "taker": draw(TEAM_DRAWS),
        "trump": draw(SUITS),
        "card_points": None if capot else CardPoints(draw(TEAM_DRAWS), points),
        "capot": capot,
        "declarations_a": a,
        "declarations_b": b,
        "sequence_in_trumps": draw(named),
    }


classic_profiles = st.builds(
    ClassicProfile,
    target=st.sampled_from([501, 1000, 300, 100]),
    rounding=st.booleans(),
    tie=st.sampled_from(Tie),
    declarations=st.booleans(),
)


def classic_deals(profile):
    return _classic_deals(profile.declarations)


@functools.cache
def _classic_deals(declarations):
    played = french_fields(declarations).map(lambda fields: ClassicDeal(**fields))
    return st.one_of(st.just(AllPassed()), played, played, played)


@functools.cache
def contree_profiles(declarations, no_and_all_trumps=False):
    """Contrée's or coinche's profiles; with ``no_and_all_trumps`` the house rule is on and its
    own house rules are drawn too."""
    sata = {}
    if no_and_all_trumps:
        sata = {
            "no_and_all_trumps": st.just(True),
            "all_trumps_belote": st.sampled_from(AllTrumpsBelote),
            "card_points_entry": st.sampled_from(CardPointsEntry),
        }
    return st.builds(
        ContreeProfile,
        declarations=st.just(declarations),
        target=st.sampled_from([701, 1000, 400]),
        rounding=st.booleans(),
        failed_base=st.sampled_from([160, 162]),
        failed_belote=st.sampled_from(FailedBelote),
        surcontre=st.sampled_from([4, 3]),
        scoring=st.sampled_from(Scoring),
        **sata,
    )


# What the tests know of no trumps and all trumps, stated apart from the engine: the totals
# raw card points are counted on, those no cards make (raw, and on the 162 scale), and the TA
# belote's house rules as (most belotes in a deal, points each).
RAW_TOTAL = {Trumps.NO: 130, Trumps.ALL: 258}
RAW_IMPOSSIBLE = {Trumps.NO: {1, 129}, Trumps.ALL: {1, 2, 5, 253, 256, 257}}
IMPOSSIBLE_ON_162 = {Trumps.NO: {1, 161}, Trumps.ALL: set()}
TA_BELOTES = {"any_suit": (4, 20), "none": (0, 20), "one_only": (1, 20), "five_each": (4, 5),
              "ten_each": (4, 10)}  # fmt: skip
SA_TA = st.sampled_from(Trumps)
UP_TO = {most: st.integers(0, most) for most in range(5)}
SA_TA_POINTS = {
    (trump, raw): st.integers(0, RAW_TOTAL[trump] if raw else 162).filter(
        functools.partial(possible, RAW_IMPOSSIBLE[trump] if raw else IMPOSSIBLE_ON_162[trump])
    )
    for trump in Trumps
    for raw in (False, True)
}


def belote_worth(deal, profile) -> int:
    """One belote's points in ``deal``'s contract, by the rules as the tests state them."""
    if getattr(deal, "trump", None) is Trumps.ALL:
        return TA_BELOTES[profile.all_trumps_belote][1]
    return 20


def house_rules(profile):
    """What of ``profile`` the drawing of its deals depends on (the strategies' cache key)."""
    if profile is None or not profile.no_and_all_trumps:
        return None
    return profile.all_trumps_belote, profile.card_points_entry


def no_and_all_trumps_fields(declarations, profile):
    """A no trumps or all trumps deal's fields under ``profile`` (the house rule on): no belote
    in SA, up to the house rule's in TA split between the teams, card points on the scale the
    house rule enters them on, nobody named in trumps."""
    return _no_and_all_trumps_fields(declarations, *house_rules(profile))


@functools.cache
@st.composite
def _no_and_all_trumps_fields(draw, declarations, all_trumps_belote, card_points_entry):
    trump = draw(SA_TA)
    fields = draw(french_fields(declarations))
    most = 0 if trump is Trumps.NO else TA_BELOTES[all_trumps_belote][0]
    belotes = draw(UP_TO[most])
    held_a = draw(UP_TO[belotes])
    points = draw(SA_TA_POINTS[trump, card_points_entry is CardPointsEntry.RAW])
    given = fields["card_points"]
    return fields | {
        "trump": trump,
        "card_points": None if given is None else CardPoints(given.team, points),
        "declarations_a": dataclasses.replace(fields["declarations_a"], belots=held_a),
        "declarations_b": dataclasses.replace(fields["declarations_b"], belots=belotes - held_a),
        "sequence_in_trumps": None,
    }


def contree_played(declarations, profile=None):
    """A played deal; a no trumps or all trumps one, about half the time, when ``profile``
    allows them."""
    return _contree_played(declarations, house_rules(profile))


@functools.cache
def _contree_played(declarations, sata):
    fields = french_fields(declarations)
    if sata is not None:
        sata_fields = _no_and_all_trumps_fields(declarations, *sata)
        fields = st.one_of(sata_fields, fields, fields)
    return st.builds(
        lambda fields, bid, contre: ContreeDeal(bid=bid, contre=contre, **fields),
        fields,
        BIDS,
        CONTRES,
    )


def contree_deals(declarations, profile=None):
    return _contree_deals(declarations, house_rules(profile))


@functools.cache
def _contree_deals(declarations, sata):
    played = _contree_played(declarations, sata)
    return st.one_of(st.just(AllPassed()), played, played, played)


@st.composite
def classic_cases(draw, lists=False):
    profile = draw(classic_profiles)
    deals = classic_deals(profile)
    return profile, draw(st.lists(deals, max_size=50) if lists else deals)


GAME_NAMES = st.sampled_from(["contree", "coinche"])


@st.composite
def contree_cases(draw, lists=False, no_and_all_trumps=None):
    """(game, profile, a deal or a list of deals); the house rule of no trumps and all trumps
    on half the time, or as ``no_and_all_trumps`` says."""
    name = draw(GAME_NAMES)
    if no_and_all_trumps is None:
        no_and_all_trumps = draw(st.booleans())
    profile = draw(contree_profiles(name == "coinche", no_and_all_trumps))
    deals = contree_deals(name == "coinche", profile)
    return GAMES[name], profile, draw(st.lists(deals, max_size=50) if lists else deals)


def swapped(deal):
    if isinstance(deal, AllPassed):
        return deal
    given = deal.card_points
    named = deal.sequence_in_trumps
    if named not in (None, InTrumps.NEITHER):
        named = InTrumps(Team(named).other)
    return dataclasses.replace(
        deal,
        taker=deal.taker.other,
        card_points=CardPoints(given.team.other, given.points) if given else None,
        capot=deal.capot.other if deal.capot else None,
        declarations_a=deal.declarations_b,
        declarations_b=deal.declarations_a,
        sequence_in_trumps=named,
    )


def rounded(points: TeamPoints) -> TeamPoints:
    return TeamPoints(round_to_ten(points.a), round_to_ten(points.b))


# Classic belote


@ENGINE
@given(classic_cases())
def test_classic_points_are_conserved_as_the_rules_say(case):
    profile, deal = case
    result = CLASSIC.score_deal(deal, dataclasses.replace(profile, rounding=False))

    if result.kind is DealKind.ALL_PASSED:
        assert result.value == 0 and result.scores == TeamPoints(0, 0)
        return
    taker, defenders = deal.taker, deal.taker.other
    assert result.value == result.totals.total  # every point of the deal goes somewhere, once
    if result.outcome is ClassicOutcome.MADE:
        assert result.recorded == result.totals
    elif result.outcome is ClassicOutcome.INSIDE:
        everything = result.card_points.total + result.declaration_points.total
        assert result.recorded.of(defenders) == everything + result.belote.of(defenders)
        assert result.recorded.of(taker) == result.belote.of(taker)
    else:
        assert result.recorded == TeamPoints.for_team(defenders, result.totals.of(defenders))
        assert result.hanging_added == result.totals.of(taker)


@ENGINE
@given(classic_cases())
def test_classic_rounding_never_changes_the_outcome(case):
    profile, deal = case
    exact = CLASSIC.score_deal(deal, dataclasses.replace(profile, rounding=False))
    near = CLASSIC.score_deal(deal, dataclasses.replace(profile, rounding=True))

    assert (near.outcome, near.tie, near.winner) == (exact.outcome, exact.tie, exact.winner)
    assert near.recorded == rounded(exact.recorded)
    assert near.hanging_added == round_to_ten(exact.hanging_added)
    assert near.scores == exact.scores


@ENGINE
@given(classic_cases(), st.integers(0, 200))
def test_classic_swapping_the_teams_swaps_the_results(case, hanging):
    profile, deal = case
    result = CLASSIC.score_deal(deal, profile, hanging)
    mirror = CLASSIC.score_deal(swapped(deal), profile, hanging)

    assert mirror.written == result.written.swapped()
    assert mirror.declaration_points == result.declaration_points.swapped()
    assert mirror.belote_alone == result.belote_alone.swapped()
    assert (mirror.outcome, mirror.hanging_out) == (result.outcome, result.hanging_out)
    assert min(result.written.a, result.written.b, result.hanging_out) >= 0


@ENGINE
@given(classic_cases(lists=True), st.integers(0, 3))
def test_a_litige_s_points_are_taken_exactly_once(case, first_dealer):
    profile, deals = case
    match = CLASSIC.fold_match(profile, first_dealer, deals)

    waiting = 0
    for played in match.deals:
        result = played.result
        assert result.hanging_in == waiting
        assert result.hanging_taken in (0, waiting)
        assert result.hanging_taken + result.hanging_out == waiting + result.hanging_added
        waiting = played.hanging
    added = sum(d.result.hanging_added for d in match.deals)
    taken = sum(d.result.hanging_taken for d in match.deals)
    assert taken + match.hanging == added
    values = sum(d.result.value for d in match.deals)
    assert sum(d.result.written.total for d in match.deals) + match.hanging == values


@ENGINE
@given(classic_cases(lists=True), st.integers(0, 3))
def test_classic_games_end_only_as_the_rules_say(case, first_dealer):
    profile, deals = case
    check_game_ends(CLASSIC.fold_match(profile, first_dealer, deals), profile, first_dealer)


def check_game_ends(match, profile, first_dealer):
    before = TeamPoints(0, 0)
    for index, played in enumerate(match.deals):
        assert played.dealer == (first_dealer + index) % 4
        expected = game_winner_by_the_rule(profile.target, played.result, played.totals)
        assert (played.winner, played.game_over) == (expected, expected is not None)
        assert not played.capot_extra_deal
        before = TeamPoints(0, 0) if played.game_over else played.totals
    assert match.games_won.total == len(match.games)
    assert match.totals == (before if not match.game_over else match.deals[-1].totals)


# The end of a game, stated plainly (french-scoring.md, docs/french-games.md) and apart from
# the engine's own ``belote_alone``: a team that lost the deal does not win the game on its
# belote alone. It lost when it failed (the taker inside or short of the bid, or a defence
# whose contre the taker beat) or when the other team took every trick.


def lost_the_deal(deal, result, team) -> bool:
    failed = result.outcome in (ClassicOutcome.INSIDE, ContreeOutcome.FAILED)
    contred = getattr(deal, "contre", Contre.NONE) is not Contre.NONE
    beaten = contred and result.outcome is ContreeOutcome.MADE
    return (
        (failed and team is deal.taker)
        or (beaten and team is deal.taker.other)
        or deal.capot is team.other
    )


def belote_alone_by_the_rule(deal, result, team) -> int:
    """What the team wrote from the deal, if it lost it and its belote is all it scored (its
    exact score; what it wrote is rounded, and all trumps' belote of 5 writes 10)."""
    belote = belote_worth(deal, result.profile) * deal.declarations(team).belots
    alone = belote and result.scores.of(team) == belote
    return result.written.of(team) if alone and lost_the_deal(deal, result, team) else 0


def game_winner_by_the_rule(target, result, totals):
    """A team reached the target if its total without a belote alone is at least the target.
    One team reached it: it wins. Both: the higher total wins; equal totals play on."""
    deal = result.deal
    if isinstance(deal, AllPassed):
        return None  # a deal thrown in never ends a game
    reached = [
        team
        for team in TEAMS
        if totals.of(team) - belote_alone_by_the_rule(deal, result, team) >= target
    ]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2 and totals.a != totals.b:
        return Team.A if totals.a > totals.b else Team.B
    return None


# A team's total after the deal, as an offset from the target: near it, and just around a
# belote's 20 points, where a belote alone decides.
OFFSETS = st.one_of(
    st.integers(0, 19), st.sampled_from([-21, -20, -1, 20, 21]), st.integers(-45, 60)
)


@st.composite
def end_of_game_cases(draw):
    """A played deal of any French game and the score before it, drawn so that the totals
    after it are near the target: both over, one over, equal, within a belote of it."""
    name = draw(st.sampled_from(["classic", "contree", "coinche"]))
    game, hanging = GAMES[name], 0
    if name == "classic":
        profile = draw(classic_profiles)
        deal = ClassicDeal(**draw(french_fields(profile.declarations)))
        hanging = draw(st.sampled_from([0, 0, 81, 91, 162]))  # a litige's points waiting
    else:
        profile = draw(contree_profiles(name == "coinche", draw(st.booleans())))
        deal = draw(contree_played(name == "coinche", profile))
    written = game.score_deal(deal, profile, hanging).written
    offset_a = draw(OFFSETS)
    offset_b = offset_a if draw(st.booleans()) else draw(OFFSETS)  # equal totals, half the time
    after = TeamPoints(profile.target + offset_a, profile.target + offset_b)
    lift = max(0, written.a - after.a, written.b - after.b)  # no total below 0 before the deal
    before = TeamPoints(after.a + lift - written.a, after.b + lift - written.b)
    return game, profile, before, hanging, deal


# The classic game to 501, rounding on, ties made, no declarations, at 500 : 360: team A takes,
# has 34 card points and the belote and goes inside; it writes 20, B 160: 520 : 520.
INSIDE_ON_EQUAL_TOTALS = (
    CLASSIC,
    ClassicProfile(rounding=True, tie=Tie.MADE, declarations=False),
    TeamPoints(500, 360),
    0,
    ClassicDeal(
        Team.A, Suit.HEARTS, CardPoints(Team.A, 34), declarations_a=TeamDeclarations(belots=1)
    ),
)


@ENGINE
@given(end_of_game_cases())
@example(INSIDE_ON_EQUAL_TOTALS)
def test_a_game_ends_as_the_plain_rule_says_whatever_the_last_deal(case):
    game, profile, before, hanging, deal = case
    start = dataclasses.replace(game.fold_match(profile), totals=before, hanging=hanging)

    played = game.extend_match(start, [deal]).deals[-1]

    assert played.totals == before + played.result.written
    expected = game_winner_by_the_rule(profile.target, played.result, played.totals)
    assert played.winner is expected
    assert played.game_over is (expected is not None)


@ENGINE
@given(classic_cases())
def test_every_classic_deal_survives_the_round_trip_through_json(case):
    profile, deal = case
    data = json.loads(json.dumps(CLASSIC.deal_to_dict(deal)))

    assert CLASSIC.deal_from_dict(data, profile) == deal


# Contrée and coinche


@ENGINE
@given(contree_cases())
def test_contree_made_is_the_bid_reached_and_the_defence_beaten_on_exact_totals(case):
    game, profile, deal = case
    result = game.score_deal(deal, profile)

    if isinstance(deal, AllPassed):
        assert result.outcome is None and result.value == 0
        return
    mine, theirs = result.totals.of(deal.taker), result.totals.of(deal.taker.other)
    made = deal.capot is deal.taker if deal.bid == 250 else mine >= deal.bid and mine > theirs
    assert (result.outcome is ContreeOutcome.MADE) == made
    assert result.hanging_out == 0


@ENGINE
@given(contree_cases())
def test_contree_points_are_conserved_as_the_rules_say(case):
    game, profile, deal = case
    profile = dataclasses.replace(profile, rounding=False, scoring=Scoring.POINTS_AND_BID)
    result = game.score_deal(dataclasses.replace(deal, contre=Contre.NONE)
                             if not isinstance(deal, AllPassed) else deal, profile)  # fmt: skip

    if result.kind is DealKind.ALL_PASSED:
        return
    taker, defenders = deal.taker, deal.taker.other
    belote, declared = result.belote, result.declaration_points.total
    if result.outcome is ContreeOutcome.MADE:  # made: both totals, and the bid to the taker
        assert result.scores == result.totals + TeamPoints.for_team(taker, deal.bid)
        return
    given_up = belote.of(taker) if profile.failed_belote is FailedBelote.DEFENDERS else 0
    package = profile.failed_base + deal.bid + declared + belote.of(defenders) + given_up
    assert result.scores == TeamPoints.for_team(defenders, package, belote.of(taker) - given_up)


@ENGINE
@given(contree_cases())
def test_contre_and_surcontre_multiply_the_winner_s_package(case):
    game, profile, deal = case
    if isinstance(deal, AllPassed):
        return
    profile = dataclasses.replace(profile, rounding=False)
    by = {contre: game.score_deal(dataclasses.replace(deal, contre=contre), profile)
          for contre in Contre}  # fmt: skip
    plain, contred = by[Contre.NONE], by[Contre.CONTRE]
    assert len({result.outcome for result in by.values()}) == 1
    winner, loser = plain.winner, plain.winner.other
    for contre, multiplier in ((Contre.CONTRE, 2), (Contre.SURCONTRE, profile.surcontre)):
        result = by[contre]
        kept = result.belote.of(loser)  # the loser scores its belote alone, if it keeps it
        if loser is deal.taker and profile.failed_belote is FailedBelote.DEFENDERS:
            kept = 0
        assert result.scores.of(loser) == kept
        assert result.scores.of(winner) * 2 == contred.scores.of(winner) * multiplier
    if profile.scoring is Scoring.BID_ONLY or plain.outcome is ContreeOutcome.FAILED:
        assert contred.scores.of(winner) == 2 * plain.scores.of(winner)


@ENGINE
@given(contree_cases())
def test_contree_rounding_never_changes_the_outcome(case):
    game, profile, deal = case
    exact = game.score_deal(deal, dataclasses.replace(profile, rounding=False))
    near = game.score_deal(deal, dataclasses.replace(profile, rounding=True))

    assert (near.outcome, near.winner, near.scores) == (exact.outcome, exact.winner, exact.scores)
    assert near.recorded == rounded(exact.recorded)


@ENGINE
@given(contree_cases())
def test_contree_swapping_the_teams_swaps_the_results(case):
    game, profile, deal = case
    result = game.score_deal(deal, profile)
    mirror = game.score_deal(swapped(deal), profile)

    assert mirror.recorded == result.recorded.swapped()
    assert mirror.belote_alone == result.belote_alone.swapped()
    assert mirror.outcome == result.outcome
    assert min(result.recorded.a, result.recorded.b) >= 0


@ENGINE
@given(contree_cases(lists=True), st.integers(0, 3))
def test_contree_games_end_only_as_the_rules_say(case, first_dealer):
    game, profile, deals = case
    match = game.fold_match(profile, first_dealer, deals)

    check_game_ends(match, profile, first_dealer)
    assert match.hanging == 0


@ENGINE
@given(contree_cases())
def test_every_contree_deal_survives_the_round_trip_through_json(case):
    game, profile, deal = case
    data = json.loads(json.dumps(game.deal_to_dict(deal)))

    assert game.deal_from_dict(data, profile) == deal


# No trumps and all trumps (the house rule on): what is theirs alone. Every contrée property
# above also draws them.


@st.composite
def no_and_all_trumps_cases(draw):
    """(game, profile with the house rule on, a no trumps or all trumps deal)."""
    name = draw(GAME_NAMES)
    profile = draw(contree_profiles(name == "coinche", no_and_all_trumps=True))
    fields = draw(no_and_all_trumps_fields(name == "coinche", profile))
    return GAMES[name], profile, ContreeDeal(bid=draw(BIDS), contre=draw(CONTRES), **fields)


def plain(deal, result):
    """The same deal as a suit contract: hearts, nothing declared, the card points as scored."""
    cards = None if deal.capot else CardPoints(deal.taker, result.card_points.of(deal.taker))
    return dataclasses.replace(deal, trump=Suit.HEARTS, card_points=cards,
                               declarations_a=TeamDeclarations(),
                               declarations_b=TeamDeclarations())  # fmt: skip


@ENGINE
@given(no_and_all_trumps_cases())
def test_no_and_all_trumps_are_scored_as_a_suit_contract_nothing_multiplied(case):
    game, profile, deal = case
    bare = dataclasses.replace(deal, declarations_a=TeamDeclarations(),
                               declarations_b=TeamDeclarations())  # fmt: skip
    result = game.score_deal(bare, profile)
    assume(result.card_points.a not in (1, 161))  # all trumps' queen: no suit makes 1
    suit = game.score_deal(plain(bare, result), profile)

    assert (result.outcome, result.multiplier) == (suit.outcome, suit.multiplier)
    assert (result.totals, result.scores, result.recorded) == (suit.totals, suit.scores,
                                                               suit.recorded)  # fmt: skip


@ENGINE
@given(no_and_all_trumps_cases())
def test_card_points_are_162_or_a_capot_s_252_however_they_were_entered(case):
    game, profile, deal = case
    result = game.score_deal(deal, profile)
    cards, raw = result.card_points, result.raw_card_points

    assert cards.total == (252 if deal.capot else 162)
    if deal.capot or profile.card_points_entry is CardPointsEntry.ON_162:
        assert raw is None
        if not deal.capot:
            assert cards.of(deal.card_points.team) == deal.card_points.points
        return
    total = RAW_TOTAL[deal.trump]
    assert raw.total == total and raw.of(deal.card_points.team) == deal.card_points.points
    exact = Fraction(raw.of(deal.taker) * 162, total)
    assert abs(cards.of(deal.taker) - exact) < Fraction(1, 2)  # the nearest, never a half


@ENGINE
@given(no_and_all_trumps_cases())
def test_belotes_are_each_kept_by_their_holders_and_none_in_no_trumps(case):
    game, profile, deal = case
    result = game.score_deal(deal, profile)
    counts = TeamPoints(deal.declarations_a.belots, deal.declarations_b.belots)
    each = belote_worth(deal, profile)

    assert result.belote_count == counts
    assert result.belote == TeamPoints(counts.a * each, counts.b * each)
    assert counts.total <= (0 if deal.trump is Trumps.NO else 4)
    taken = result.declaration_points  # a taker's capot takes the defence's declarations
    assert result.totals == result.card_points + taken + result.belote
    kept = profile.failed_belote is FailedBelote.KEPT
    if result.outcome is ContreeOutcome.FAILED and kept:
        assert result.scores.of(deal.taker) == result.belote.of(deal.taker)


@ENGINE
@given(no_and_all_trumps_cases(), st.integers(1, 4), st.sampled_from(TEAMS))
def test_a_belote_beyond_what_the_contract_and_house_rule_allow_is_refused(case, extra, team):
    game, profile, deal = case
    declared = deal.declarations(team)
    more = dataclasses.replace(declared, belots=declared.belots + extra)
    deal = dataclasses.replace(deal, **{f"declarations_{team.field_suffix}": more})
    total = deal.declarations_a.belots + deal.declarations_b.belots
    most = 0 if deal.trump is Trumps.NO else TA_BELOTES[profile.all_trumps_belote][0]
    try:
        game.score_deal(deal, profile)
    except DealError as error:
        codes = set(error.codes)
    else:
        codes = set()

    if total <= most:
        assert not codes
    elif most == 0:
        expected = "belot_in_no_trumps" if deal.trump is Trumps.NO else "belot_in_all_trumps"
        assert codes == {expected}
    else:
        assert codes == {"too_many_belots"}


@ENGINE
@given(no_and_all_trumps_cases())
def test_without_the_house_rule_every_no_or_all_trumps_deal_is_refused(case):
    game, profile, deal = case
    off = dataclasses.replace(profile, no_and_all_trumps=False)
    data = game.match_to_dict(off, 0, [deal])

    for call, field in ((lambda: game.score_deal(deal, off), "trump"),
                        (lambda: game.match_from_dict(data), "deals.0.trump")):  # fmt: skip
        with pytest.raises(DealError) as caught:
            call()
        assert [(p.code, p.field) for p in caught.value.problems] == [("trumps_not_played", field)]


@ENGINE
@given(contree_cases(lists=True, no_and_all_trumps=True), st.integers(0, 3))
def test_every_match_with_no_and_all_trumps_survives_the_round_trip_through_json(case, dealer):
    game, profile, deals = case
    data = json.loads(json.dumps(game.match_to_dict(profile, dealer, deals)))

    assert read_match(data) == (game, profile, dealer, tuple(deals))
