"""Round robin and the knock-out bracket."""

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.tournament import (
    MAX_ROUND_ROBIN_PAIRS,
    MatchResult,
    Pair,
    RoundResult,
    TournamentError,
    bracket_seeds,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    standings,
)
from calculator.tournament.model import Pairing
from tests.calculator.tournament import TOURNAMENT


@pytest.mark.parametrize("count", range(2, MAX_ROUND_ROBIN_PAIRS + 1))
def test_a_round_robin_meets_every_two_pairs_exactly_once(count):
    pairs = [100 + 7 * i for i in range(count)]
    rounds = round_robin(pairs)
    assert len(rounds) == (count if count % 2 else count - 1)
    met = Counter(frozenset(p) for r in rounds for p in r.pairs())
    assert met == Counter(frozenset(p) for p in itertools.combinations(pairs, 2))
    for number, round_ in enumerate(rounds, start=1):
        seated = [side for p in round_.pairs() for side in p]
        seated += [round_.bye] if round_.bye is not None else []
        assert sorted(seated) == sorted(pairs) and round_.number == number
        assert (round_.bye is None) == (count % 2 == 0)
    assert sorted(r.bye for r in rounds if r.bye is not None) == (
        sorted(pairs) if count % 2 else []
    )


def test_a_round_robin_of_four_is_the_circle_method():
    assert [r.pairs() for r in round_robin([1, 2, 3, 4])] == [
        ((1, 4), (2, 3)),
        ((1, 3), (4, 2)),
        ((1, 2), (3, 4)),
    ]


@pytest.mark.parametrize(
    ("pairs", "code"),
    [([1], "round_robin_size"), (list(range(13)), "round_robin_size"), ([1, 1], "pair_repeated")],
)
def test_a_round_robin_refuses_a_field_it_cannot_hold(pairs, code):
    with pytest.raises(TournamentError) as refused:
        round_robin(pairs)
    assert refused.value.codes == (code,)


def test_the_usual_brackets():
    assert bracket_seeds(2) == (1, 2)
    assert bracket_seeds(4) == (1, 4, 2, 3)
    assert bracket_seeds(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert bracket_seeds(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


@pytest.mark.parametrize("size", [2, 4, 8, 16])
def test_a_bracket_keeps_the_best_seeds_apart_until_the_last_rounds(size):
    seeds = bracket_seeds(size)
    assert sorted(seeds) == list(range(1, size + 1))
    # Cut the bracket into blocks of 2, 4, 8 …: the winner of a block of b meets the other half
    # of its block of 2b. So the best 2k seeds are in different blocks of size / 2k.
    block = size
    while block >= 2:
        groups = [seeds[i : i + block] for i in range(0, size, block)]
        assert sorted(min(group) for group in groups) == list(range(1, size // block + 1))
        block //= 2
    assert all(a + b == size + 1 for a, b in zip(seeds[::2], seeds[1::2], strict=True))


@TOURNAMENT
@given(size=st.sampled_from([2, 4, 8, 16]), extra=st.integers(0, 20), data=st.data())
def test_a_knock_out_seeds_the_standings_and_the_winners_go_on_to_one_champion(size, extra, data):
    ranking = [500 + i for i in range(size + extra)]
    round_ = knockout_first_round(ranking, size, number=4)
    assert round_.number == 4
    first = {frozenset(p) for p in round_.pairs()}
    assert first == {
        frozenset((ranking[a - 1], ranking[b - 1]))
        for a, b in zip(bracket_seeds(size)[::2], bracket_seeds(size)[1::2], strict=True)
    }
    left = size
    while True:
        winners = [data.draw(st.sampled_from((p.a, p.b))) for p in round_.pairings]
        result = RoundResult(
            round_.number,
            tuple(
                MatchResult(p.a, p.b, w, 151, 90)
                for p, w in zip(round_.pairings, winners, strict=True)
            ),
        )
        left //= 2
        if left == 1:
            with pytest.raises(TournamentError) as over:
                knockout_next_round(result)
            assert over.value.codes == ("knockout_finished",)
            break
        round_ = knockout_next_round(result)
        assert round_.number == result.number + 1
        assert round_.pairs() == tuple(zip(winners[::2], winners[1::2], strict=True))


def test_a_knock_out_of_the_top_four_after_swiss_rounds():
    pairs = [Pair(i) for i in range(1, 7)]
    rounds = [
        RoundResult(
            1,
            (
                MatchResult(1, 2, 2, 0, 151),
                MatchResult(3, 4, 3, 151, 0),
                MatchResult(5, 6, 6, 0, 151),
            ),
        )
    ]
    ranking = [line.pair for line in standings(pairs, rounds, bye_points=151)]
    assert ranking[:4] == [2, 3, 6, 1]
    assert knockout_first_round(ranking, 4).pairings == (Pairing(1, 2, 1), Pairing(2, 3, 6))


@pytest.mark.parametrize(
    ("count", "size", "code"),
    [
        (8, 6, "knockout_size_invalid"),
        (8, 32, "knockout_size_invalid"),
        (7, 8, "knockout_too_few_pairs"),
    ],
)
def test_a_knock_out_refuses_a_size_it_cannot_seed(count, size, code):
    with pytest.raises(TournamentError) as refused:
        knockout_first_round(list(range(count)), size)
    assert refused.value.codes == (code,)
