"""Round robin and the knock-out bracket."""

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.pairing import (
    MAX_ROUND_ROBIN_PAIRS,
    MatchResult,
    Pair,
    RoundResult,
    TournamentError,
    bracket_seeds,
    knockout_first_round,
    knockout_next_round,
    knockout_places,
    knockout_rounds,
    knockout_stage,
    round_robin,
    standings,
)
from calculator.pairing.model import Pairing
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
    played = []
    for index in range(knockout_rounds(size)):
        assert knockout_places(ranking, played, size) is None  # not over yet
        winners = [data.draw(st.sampled_from((p.a, p.b))) for p in round_.pairings]
        matches = tuple(
            MatchResult(p.a, p.b, w, 151, 90) for p, w in zip(round_.pairings, winners, strict=True)
        )
        played.append(RoundResult(round_.number, matches))
        stages = [knockout_stage(size, index, table) for table in range(1, len(matches) + 1)]
        if index + 1 == knockout_rounds(size):  # the final, and the match for third place
            assert stages == ["final", "third_place"][: len(matches)]
            assert len(matches) == (2 if size >= 4 else 1)
            break
        assert len(set(stages)) == 1 and stages[0] not in ("final", "third_place")
        round_ = knockout_next_round(played, size)
        assert round_.number == played[-1].number + 1
        ties = round_.pairs()
        assert ties[: len(winners) // 2] == tuple(zip(winners[::2], winners[1::2], strict=True))
        if len(matches) == 2:  # after the semi-finals: their losers play for third place
            losers = tuple(m.b if m.winner == m.a else m.a for m in matches)
            assert ties == (tuple(winners), losers)
        else:
            assert len(ties) == len(winners) // 2
    with pytest.raises(TournamentError) as over:
        knockout_next_round(played, size)
    assert over.value.codes == ("knockout_finished",)
    places = knockout_places(ranking, played, size)
    final, *third = played[-1].matches
    assert places[0] == final.winner and set(places[:2]) == {final.a, final.b}
    if third:
        assert places[2] == third[0].winner and set(places[2:4]) == {third[0].a, third[0].b}
    top = 4 if third else 2
    assert list(places[top:]) == [pair for pair in ranking if pair not in places[:top]]
    assert sorted(places) == sorted(ranking)


def test_the_top_four_play_the_semi_finals_then_the_final_and_for_third_place():
    ranking = [11, 12, 13, 14, 15, 16]  # the standings after the Swiss rounds
    semis = knockout_first_round(ranking, 4, number=4)
    assert semis.pairs() == ((11, 14), (12, 13))
    played = [RoundResult(4, (MatchResult(11, 14, 14, 90, 151), MatchResult(12, 13, 12, 151, 0)))]
    finals = knockout_next_round(played, 4)
    assert finals.number == 5
    assert finals.pairings == (Pairing(1, 14, 12), Pairing(2, 11, 13))  # the final, third place
    assert [knockout_stage(4, 0, t) for t in (1, 2)] == ["semi_finals"] * 2
    assert [knockout_stage(4, 1, t) for t in (1, 2)] == ["final", "third_place"]
    played.append(
        RoundResult(5, (MatchResult(14, 12, 12, 100, 151), MatchResult(11, 13, 13, 120, 151)))
    )
    assert knockout_places(ranking, played, 4) == (12, 14, 13, 11, 15, 16)


def test_a_knock_out_of_the_top_two_is_one_final():
    ranking = [7, 3, 9, 1]
    (final,) = knockout_first_round(ranking, 2, number=3).pairings
    assert (final.a, final.b) == (7, 3) and knockout_stage(2, 0) == "final"
    assert knockout_rounds(2) == 1
    played = [RoundResult(3, (MatchResult(7, 3, 3, 120, 151),))]
    with pytest.raises(TournamentError):
        knockout_next_round(played, 2)
    assert knockout_places(ranking, played, 2) == (3, 7, 9, 1)


def test_a_final_played_without_a_match_for_third_place_ranks_the_rest_by_the_standings():
    """A final started before there was a match for third place: 1st and 2nd, then the
    standings."""
    ranking = [1, 2, 3, 4, 5]
    played = [
        RoundResult(2, (MatchResult(1, 4, 1, 151, 0), MatchResult(2, 3, 3, 0, 151))),
        RoundResult(3, (MatchResult(1, 3, 3, 0, 151),)),
    ]
    assert knockout_places(ranking, played, 4) == (3, 1, 2, 4, 5)


def test_the_stages_of_the_largest_bracket():
    stages = [knockout_stage(16, index) for index in range(knockout_rounds(16))]
    assert stages == ["round_of_16", "quarter_finals", "semi_finals", "final"]
    assert knockout_rounds(8) == 3 and knockout_rounds(4) == 2


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
