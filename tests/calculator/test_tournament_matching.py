"""The blossom matching against a brute force on small random graphs."""

import itertools
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from calculator.pairing.matching import UNMATCHED, Matching
from tests.calculator.tournament import TOURNAMENT


@st.composite
def graphs(draw):
    size = draw(st.integers(1, 11))
    pairs = list(itertools.combinations(range(size), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    edges = [[] for _ in range(size)]
    for u, v in chosen:
        edges[u].append(v)
        edges[v].append(u)
    return edges


def largest(edges, vertices):
    """The size of a maximum matching of ``edges`` on ``vertices``, by trying everything."""

    @cache
    def best(rest):
        if not rest:
            return 0
        u, others = rest[0], rest[1:]
        skip = best(others)
        take = [1 + best(tuple(x for x in others if x != v)) for v in edges[u] if v in others]
        return max([skip, *take])

    return best(tuple(sorted(vertices)))


def check_is_matching(matching, edges):
    for v, mate in enumerate(matching.mate):
        if mate != UNMATCHED:
            assert matching.mate[mate] == v and mate in edges[v]
            assert matching.alive[v] and matching.alive[mate]


@TOURNAMENT
@given(graphs())
def test_augmenting_from_every_exposed_vertex_gives_a_maximum_matching(edges):
    matching = Matching(edges)
    left = matching.augment_all()
    check_is_matching(matching, edges)
    assert (len(edges) - len(left)) // 2 == largest(edges, range(len(edges)))
    assert sorted(left) == matching.exposed()


@TOURNAMENT
@given(graphs(), st.data())
def test_taking_vertices_out_keeps_a_perfect_matching_exactly_when_one_exists(edges, data):
    matching = Matching(edges)
    matching.augment_all()
    if matching.exposed():
        return  # remove() is only asked of a perfect matching
    count = data.draw(st.integers(1, len(edges)))
    out = data.draw(st.lists(st.sampled_from(range(len(edges))), min_size=count, unique=True))
    rest = [v for v in range(len(edges)) if v not in out]
    possible = len(rest) % 2 == 0 and largest(edges, rest) == len(rest) // 2
    before = matching.mate.copy()
    assert matching.remove(out) == possible
    check_is_matching(matching, edges)
    if possible:
        assert matching.exposed() == [] and not any(matching.alive[v] for v in out)
    else:
        assert matching.mate == before and all(matching.alive)


def test_an_odd_cycle_is_shrunk_to_reach_past_it():
    """A triangle 0-1-2 hanging from 3 with a tail 4: the path from 4 must go round the
    blossom."""
    edges = [[1, 2], [0, 2], [0, 1, 3], [2, 4], [3], []]
    edges[5] = [0]
    edges[0].append(5)
    matching = Matching(edges)
    matching.match(1, 2)
    matching.match(3, 4)
    assert matching.augment_all() == []
    check_is_matching(matching, edges)
