"""Standings: every figure worked out again from the raw results, the order checked against the
documented tie-breaks, and the refusals of inconsistent input."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.pairing import MatchResult, Pair, RoundResult, TournamentError, standings
from tests.calculator.tournament import BYE_POINTS, TOURNAMENT, byes, play_swiss, wins


def random_rounds(rng, count, rounds):
    """Rounds paired at random (not Swiss): any draw of tables must be ranked right."""
    pairs = [Pair(i) for i in range(1, count + 1)]
    played = []
    for number in range(1, rounds + 1):
        order = [pair.id for pair in pairs]
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        matches = tuple(
            MatchResult(a, b, rng.choice((a, b)), rng.randint(0, 3), rng.randint(0, 3))
            for a, b in zip(order[::2], order[1::2], strict=True)
        )  # tiny points: many ties, so every tie-break is reached
        played.append(RoundResult(number, matches, bye))
    return pairs, played


def figures(pairs, rounds):
    """Each pair's (wins, points difference, points scored, Buchholz), worked out plainly."""
    won = wins(rounds)
    scored, conceded, buchholz = Counter(), Counter(), Counter()
    for round_ in rounds:
        for m in round_.matches:
            scored[m.a] += m.points_a
            scored[m.b] += m.points_b
            conceded[m.a] += m.points_b
            conceded[m.b] += m.points_a
        if round_.bye is not None:
            scored[round_.bye] += BYE_POINTS
    for round_ in rounds:
        for m in round_.matches:
            buchholz[m.a] += won[m.b]
            buchholz[m.b] += won[m.a]
        if round_.bye is not None:
            buchholz[round_.bye] += won[round_.bye]
    return {
        p.id: (won[p.id], scored[p.id] - conceded[p.id], scored[p.id], buchholz[p.id])
        for p in pairs
    }


def check_order(pairs, rounds):
    lines = standings(pairs, rounds, bye_points=BYE_POINTS)
    expected = figures(pairs, rounds)
    assert sorted(line.pair for line in lines) == sorted(p.id for p in pairs)
    assert [line.place for line in lines] == list(range(1, len(pairs) + 1))
    for line in lines:
        assert line.key() == expected[line.pair]
        assert line.byes == byes(rounds)[line.pair]
        assert line.played == sum(1 for r in rounds for m in r.matches if line.pair in (m.a, m.b))
    for upper, lower in zip(lines, lines[1:], strict=False):
        assert upper.key() >= lower.key()
        if upper.key() == lower.key():
            assert (-upper.head_to_head, upper.seed) < (-lower.head_to_head, lower.seed)
    for line in lines:
        tied = {other.pair for other in lines if other.key() == line.key()}
        among = sum(
            1
            for r in rounds
            for m in r.matches
            if m.winner == line.pair and {m.a, m.b} <= tied and len(tied) > 1
        )
        assert line.head_to_head == among


@TOURNAMENT
@given(count=st.integers(2, 40), rounds=st.integers(0, 6), rng=st.randoms(use_true_random=False))
def test_random_rounds_are_ranked_by_the_tie_breaks_in_order(count, rounds, rng):
    check_order(*random_rounds(rng, count, rounds))


@TOURNAMENT
@given(count=st.integers(2, 64), rounds=st.integers(1, 6), rng=st.randoms(use_true_random=False))
def test_swiss_tournaments_with_withdrawals_are_ranked_by_the_tie_breaks(count, rounds, rng):
    check_order(*play_swiss(rng, count, rounds))


def test_head_to_head_separates_pairs_level_on_everything_else():
    pairs = [Pair(1), Pair(2), Pair(3), Pair(4)]
    rounds = [
        RoundResult(1, (MatchResult(1, 2, 2, 151, 151), MatchResult(3, 4, 3, 151, 151))),
        RoundResult(2, (MatchResult(1, 3, 1, 151, 151), MatchResult(2, 4, 4, 151, 151))),
    ]
    lines = standings(pairs, rounds, bye_points=BYE_POINTS)
    # All have one win, 0 difference, 302 points; Buchholz: 1 met 2 and 3 (1 + 1), and so on.
    assert [line.key() for line in lines] == [(1, 0, 302, 2)] * 4
    # Everyone beat exactly one of the tied, so the seed decides after head to head.
    assert [(line.pair, line.head_to_head) for line in lines] == [(1, 1), (2, 1), (3, 1), (4, 1)]


def test_a_bye_counts_as_a_walkover_and_as_its_own_opponent():
    pairs = [Pair(1), Pair(2), Pair(3)]
    rounds = [RoundResult(1, (MatchResult(1, 2, 1, 151, 90),), bye=3)]
    by_pair = {line.pair: line for line in standings(pairs, rounds, bye_points=151)}
    bye = by_pair[3]
    assert (bye.wins, bye.byes, bye.points_for, bye.points_against, bye.played) == (
        1, 1, 151, 0, 0
    )  # fmt: skip
    assert bye.buchholz == 1 and bye.opponents == ()
    assert by_pair[2].buchholz == 1 and by_pair[1].buchholz == 0


def test_a_withdrawn_pair_keeps_its_wins_for_its_opponents_and_is_marked():
    pairs = [Pair(1), Pair(2, withdrawn_from=2), Pair(3), Pair(4)]
    rounds = [
        RoundResult(1, (MatchResult(1, 2, 2, 100, 151), MatchResult(3, 4, 3, 151, 10))),
        RoundResult(2, (MatchResult(1, 3, 1, 151, 100),), bye=4),
    ]
    by_pair = {line.pair: line for line in standings(pairs, rounds, bye_points=151)}
    assert by_pair[2].withdrawn and not by_pair[1].withdrawn
    assert by_pair[1].buchholz == 1 + 1  # 2 withdrew with its one win; 3 has one win
    assert by_pair[1].opponents == (2, 3)


def test_a_pair_that_joins_late_starts_from_nothing():
    pairs = [Pair(1), Pair(2), Pair(3, first_round=2)]
    rounds = [RoundResult(1, (MatchResult(1, 2, 1, 151, 0),))]
    late = [line for line in standings(pairs, rounds, bye_points=151) if line.pair == 3][0]
    assert (late.wins, late.played, late.withdrawn) == (0, 0, False)


@pytest.mark.parametrize(
    ("pairs", "rounds", "codes"),
    [
        ([Pair(1), Pair(1)], [], ("pair_repeated",)),
        ([Pair(1, first_round=2, withdrawn_from=2)], [], ("withdrawal_invalid",)),
        ([Pair(1), Pair(2)], [RoundResult(2, ())], ("round_number_invalid",)),
        ([Pair(1)], [RoundResult(1, (MatchResult(1, 9, 1, 0, 0),))], ("pair_unknown",)),
        ([Pair(1)], [RoundResult(1, (), bye=9)], ("pair_unknown",)),
        (
            [Pair(1), Pair(2, first_round=2)],
            [RoundResult(1, (MatchResult(1, 2, 1, 0, 0),))],
            ("pair_not_playing",),
        ),
        (
            [Pair(1), Pair(2)],
            [RoundResult(1, (MatchResult(1, 2, 1, 0, 0),), bye=2)],
            ("pair_twice_in_round",),
        ),
        ([Pair(1), Pair(2)], [RoundResult(1, (MatchResult(1, 2, 7, 0, 0),))], ("winner_invalid",)),
    ],
)
def test_inconsistent_input_is_refused_with_its_codes(pairs, rounds, codes):
    with pytest.raises(TournamentError) as refused:
        standings(pairs, rounds, bye_points=BYE_POINTS)
    assert refused.value.codes == codes
    assert str(refused.value) == "; ".join(codes)


def test_every_problem_is_listed_at_once():
    rounds = [RoundResult(3, (MatchResult(1, 1, 5, 0, 0),))]
    with pytest.raises(TournamentError) as refused:
        standings([Pair(1)], rounds, bye_points=BYE_POINTS)
    assert refused.value.codes == ("round_number_invalid", "pair_twice_in_round", "winner_invalid")
    assert refused.value.problems[0].params == {"round": 3}


def test_standings_do_not_depend_on_the_order_of_a_round_s_tables():
    rng = random.Random(5)
    pairs, rounds = play_swiss(rng, 12, 4, changes=False)
    shuffled = [RoundResult(r.number, r.matches[::-1], r.bye) for r in rounds]
    assert standings(pairs, rounds, bye_points=1) == standings(pairs, shuffled, bye_points=1)
