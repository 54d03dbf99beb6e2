"""Swiss pairing: properties over random tournaments (hypothesis), checked against a brute force
for small fields and against Dirac's theorem for large ones, plus a few cases by hand."""

import random

from hypothesis import given
from hypothesis import strategies as st

from calculator.pairing import (
    MatchResult,
    Pair,
    RoundResult,
    TournamentError,
    standings,
    swiss_pairings,
)
from tests.calculator.tournament import (
    BYE_POINTS,
    TOURNAMENT,
    byes,
    meetings,
    play_swiss,
)


def playing(pairs, number):
    return [pair.id for pair in pairs if pair.plays(number)]


def ranked_players(pairs, played):
    number = len(played) + 1
    order = [line.pair for line in standings(pairs, played, bye_points=BYE_POINTS)]
    return [pair for pair in order if pair in set(playing(pairs, number))]


def rematches(pairing, met):
    return sum(1 for a, b in pairing.pairs() if met[frozenset((a, b))])


def check_everyone_plays_once(pairs, played, pairing):
    number = len(played) + 1
    seated = [side for match in pairing.pairs() for side in match]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    assert sorted(seated) == sorted(playing(pairs, number))
    assert (pairing.bye is not None) == (len(seated) % 2 == 1)
    assert [p.table for p in pairing.pairings] == list(range(1, len(pairing.pairings) + 1))
    assert pairing.number == number


def check_byes_rotate(pairs, played, pairing):
    if pairing.bye is not None:
        had = byes(played)
        assert had[pairing.bye] == min(had[pair] for pair in playing(pairs, len(played) + 1))


def brute_force(players, met, had):
    """The pairing the documented rule asks for, found by trying every pairing: the fewest
    rematches; among those the bye to the lowest-placed pair with the fewest byes, then the
    leader's preferred opponent (not met, highest placed; else met least often), and so on."""
    rank = {pair: place for place, pair in enumerate(players)}

    def times(a, b):
        return met[frozenset((a, b))]

    def pairings(rest):
        if not rest:
            yield []
            return
        u, others = rest[0], rest[1:]
        fresh = [v for v in others if not times(u, v)]
        again = sorted((v for v in others if times(u, v)), key=lambda v: (times(u, v), rank[v]))
        for v in fresh + again:
            for tail in pairings([x for x in others if x != v]):
                yield [(u, v), *tail]

    if len(players) % 2:
        fewest = min(had[pair] for pair in players)
        bye_choices = [pair for pair in reversed(players) if had[pair] == fewest]
    else:
        bye_choices = [None]
    options = [
        (bye, pairing)
        for bye in bye_choices
        for pairing in pairings([pair for pair in players if pair != bye])
    ]
    fewest_rematches = min(sum(1 for a, b in p if times(a, b)) for _, p in options)
    return next(
        (bye, pairing)
        for bye, pairing in options
        if sum(1 for a, b in pairing if times(a, b)) == fewest_rematches
    )


@TOURNAMENT
@given(count=st.integers(2, 10), rounds=st.integers(1, 9), rng=st.randoms(use_true_random=False))
def test_small_fields_are_paired_as_the_brute_force_pairs_them(count, rounds, rng):
    def check(pairs, played, pairing):
        check_everyone_plays_once(pairs, played, pairing)
        check_byes_rotate(pairs, played, pairing)
        players = ranked_players(pairs, played)
        if len(players) <= 10:
            bye, expected = brute_force(players, meetings(played), byes(played))
            assert (pairing.bye, list(pairing.pairs())) == (bye, expected)

    play_swiss(rng, count, rounds, check)


@TOURNAMENT
@given(count=st.integers(11, 128), rounds=st.integers(1, 5), rng=st.randoms(use_true_random=False))
def test_large_fields_have_no_rematch_while_one_is_avoidable(count, rounds, rng):
    def check(pairs, played, pairing):
        check_everyone_plays_once(pairs, played, pairing)
        check_byes_rotate(pairs, played, pairing)
        players = ranked_players(pairs, played)
        # Each pair has met at most len(played) others. By Dirac's theorem, once the bye is
        # set aside, m pairs each free to meet at least m / 2 others can all be paired afresh:
        # then no rematch is allowed, and the bye goes to the lowest pair that may have it.
        if len(players) - 1 >= 2 * len(played) + 2:
            assert rematches(pairing, meetings(played)) == 0
            if pairing.bye is not None:
                had = byes(played)
                fewest = min(had[pair] for pair in players)
                assert pairing.bye == [p for p in players if had[p] == fewest][-1]

    play_swiss(rng, count, rounds, check)


@TOURNAMENT
@given(count=st.integers(2, 9), rng=st.randoms(use_true_random=False))
def test_a_full_swiss_of_an_even_field_never_repeats_a_meeting_it_can_avoid(count, rng):
    """Played for as many rounds as a round robin, with no pair coming or going."""

    def check(pairs, played, pairing):
        players = ranked_players(pairs, played)
        _, expected = brute_force(players, meetings(played), byes(played))
        assert rematches(pairing, meetings(played)) == sum(
            1 for a, b in expected if meetings(played)[frozenset((a, b))]
        )

    play_swiss(rng, count, count + 1, check, changes=False)


def test_the_first_round_pairs_the_seeds_in_order():
    pairs = [Pair(i) for i in (5, 3, 9, 1, 7)]
    pairing = swiss_pairings(pairs, [], bye_points=BYE_POINTS)
    assert pairing.pairs() == ((5, 3), (9, 1))
    assert pairing.bye == 7


def test_the_leader_meets_the_highest_placed_pair_it_has_not_met():
    pairs = [Pair(i) for i in range(1, 5)]
    first = RoundResult(1, (MatchResult(1, 2, 1, 151, 80), MatchResult(3, 4, 3, 151, 100)))
    # 1 (+71) and 3 (+51) lead with a win, then 4 (-51) and 2 (-71); 1 has met 2 but not 3.
    assert swiss_pairings(pairs, [first], bye_points=BYE_POINTS).pairs() == ((1, 3), (4, 2))


def test_a_pair_gives_way_so_that_nobody_must_meet_again():
    """Pair 3's first choice, 5, would leave 4 and 6, who have met: it takes 6 instead."""
    pairs = [Pair(i) for i in range(1, 7)]
    rounds = [
        RoundResult(
            1,
            (MatchResult(6, 1, 1, 60, 151), MatchResult(2, 5, 2, 151, 100),
             MatchResult(4, 3, 3, 100, 151)),
        ),
        RoundResult(
            2,
            (MatchResult(3, 2, 2, 100, 151), MatchResult(1, 5, 1, 151, 100),
             MatchResult(6, 4, 4, 120, 151)),
        ),
    ]  # fmt: skip
    order = [line.pair for line in standings(pairs, rounds, bye_points=BYE_POINTS)]
    assert order == [1, 2, 3, 4, 5, 6]  # 1 +142, 2 +102, 3 0, 4 -20, 5 -102, 6 -122
    pairing = swiss_pairings(pairs, rounds, bye_points=BYE_POINTS)
    assert pairing.pairs() == ((1, 2), (3, 6), (4, 5))


def test_withdrawn_pairs_are_not_paired():
    pairs = [Pair(1), Pair(2), Pair(3, withdrawn_from=2), Pair(4)]
    first = RoundResult(1, (MatchResult(1, 2, 1, 151, 0), MatchResult(3, 4, 3, 151, 0)))
    pairing = swiss_pairings(pairs, [first], bye_points=BYE_POINTS)
    assert 3 not in [side for match in pairing.pairs() for side in match]
    assert pairing.bye in (1, 2, 4)


def test_a_lone_pair_has_the_bye_and_an_empty_field_no_table():
    assert swiss_pairings([Pair(1)], [], bye_points=BYE_POINTS).bye == 1
    empty = swiss_pairings([Pair(1, withdrawn_from=2)], [RoundResult(1, (), 1)], bye_points=1)
    assert (empty.pairings, empty.bye) == ((), None)


def test_a_bad_round_is_refused_before_pairing():
    bad = RoundResult(1, (MatchResult(1, 2, 3, 151, 0),))
    try:
        swiss_pairings([Pair(1), Pair(2)], [bad], bye_points=BYE_POINTS)
    except TournamentError as error:
        assert error.codes == ("winner_invalid",)
    else:
        raise AssertionError("a winner who did not play was accepted")


def test_many_rounds_of_a_large_field_stay_rematch_free():
    """Eleven rounds of 64 pairs: far from Dirac's bound, the pairing still finds fresh
    opponents (a tournament this long is possible: 64 pairs leave 63 to meet)."""

    def check(pairs, played, pairing):
        check_everyone_plays_once(pairs, played, pairing)
        assert rematches(pairing, meetings(played)) == 0

    play_swiss(random.Random(24), 64, 11, check)
