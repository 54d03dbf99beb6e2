"""The hand-worked tournaments of docs/tournaments.md, figure by figure: an 8-pair Swiss of three
rounds (pair H withdraws after round 2) with a top-4 knock-out, and a round robin of four."""

from calculator.pairing import (
    MatchResult,
    Pair,
    RoundResult,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    standings,
    swiss_pairings,
)

A, B, C, D, E, F, G, H = range(1, 9)
NAMES = dict(zip(range(1, 9), "ABCDEFGH", strict=True))
PAIRS = [Pair(A), Pair(B), Pair(C), Pair(D), Pair(E), Pair(F), Pair(G), Pair(H, withdrawn_from=3)]
BYE_POINTS = 151  # a bye is a walkover: a win 151 to 0

# Each round's results, in the order of its tables: (first pair, its points, second, its points).
RESULTS = [
    [(A, 151, B, 87), (C, 140, D, 162), (E, 151, F, 120), (G, 60, H, 155)],
    [(H, 130, A, 151), (E, 151, D, 100), (C, 149, F, 151), (B, 151, G, 70)],
    [(A, 110, E, 151), (B, 174, C, 147), (F, 151, D, 131)],
]


def played(number, pairing):
    """Round ``number`` with the doc's results, checking they are for the tables paired."""
    results = RESULTS[number - 1]
    assert pairing.pairs() == tuple((a, b) for a, _, b, _ in results)
    matches = tuple(
        MatchResult(a, b, a if points_a > points_b else b, points_a, points_b)
        for a, points_a, b, points_b in results
    )
    return RoundResult(number, matches, pairing.bye)


def table(lines):
    """The standings as the doc prints them: pair, wins, difference, scored, Buchholz, head to
    head."""
    return [
        (NAMES[line.pair], line.wins, line.points_difference, line.points_for, line.buchholz,
         line.head_to_head)
        for line in lines
    ]  # fmt: skip


def test_the_hand_worked_swiss_tournament_figure_by_figure():
    rounds = []
    first = swiss_pairings(PAIRS, rounds, bye_points=BYE_POINTS)
    assert (first.pairs(), first.bye) == (((A, B), (C, D), (E, F), (G, H)), None)
    rounds.append(played(1, first))
    assert table(standings(PAIRS, rounds, bye_points=BYE_POINTS)) == [
        ("H", 1, 95, 155, 0, 0),
        ("A", 1, 64, 151, 0, 0),
        ("E", 1, 31, 151, 0, 0),
        ("D", 1, 22, 162, 0, 0),
        ("C", 0, -22, 140, 1, 0),
        ("F", 0, -31, 120, 1, 0),
        ("B", 0, -64, 87, 1, 0),
        ("G", 0, -95, 60, 1, 0),
    ]

    second = swiss_pairings(PAIRS, rounds, bye_points=BYE_POINTS)
    assert (second.pairs(), second.bye) == (((H, A), (E, D), (C, F), (B, G)), None)
    rounds.append(played(2, second))
    assert table(standings(PAIRS, rounds, bye_points=BYE_POINTS)) == [
        ("A", 2, 85, 302, 2, 0),
        ("E", 2, 82, 302, 2, 0),
        ("H", 1, 74, 285, 2, 0),
        ("B", 1, 17, 238, 2, 0),
        ("F", 1, -29, 271, 2, 0),  # level with D on difference: more points scored
        ("D", 1, -29, 262, 2, 0),
        ("C", 0, -24, 289, 2, 0),
        ("G", 0, -176, 130, 2, 0),
    ]

    # H withdraws: seven pairs, G (last) has the bye; B gives way twice (F would leave D v C,
    # D would leave F v C, both meetings of earlier rounds) and meets C.
    third = swiss_pairings(PAIRS, rounds, bye_points=BYE_POINTS)
    assert (third.pairs(), third.bye) == (((A, E), (B, C), (F, D)), G)
    rounds.append(played(3, third))
    final = standings(PAIRS, rounds, bye_points=BYE_POINTS)
    assert table(final) == [
        ("E", 3, 123, 453, 5, 0),
        ("A", 2, 44, 412, 6, 0),  # level with B on difference and points: Buchholz
        ("B", 2, 44, 412, 3, 0),
        ("F", 2, -9, 422, 4, 0),
        ("H", 1, 74, 285, 3, 0),
        ("G", 1, -25, 281, 4, 0),  # the bye: 151 to 0, and G's own win in its Buchholz
        ("D", 1, -49, 393, 5, 0),
        ("C", 0, -51, 436, 5, 0),
    ]
    assert [line.withdrawn for line in final] == [False] * 4 + [True] + [False] * 3

    ranking = [line.pair for line in final if not line.withdrawn]
    semi_finals = knockout_first_round(ranking, 4, number=4)
    assert semi_finals.pairs() == ((E, F), (A, B))
    semi_results = RoundResult(4, (MatchResult(E, F, E, 151, 98), MatchResult(A, B, B, 133, 151)))
    # the final, and the semi-finals' losers for third place
    assert knockout_next_round([semi_results], 4).pairs() == ((E, B), (F, A))


def test_the_round_robin_where_head_to_head_decides():
    P, Q, R, S = 1, 2, 3, 4
    names = {P: "P", Q: "Q", R: "R", S: "S"}
    rounds = round_robin([P, Q, R, S])
    assert [r.pairs() for r in rounds] == [((P, S), (Q, R)), ((P, R), (S, Q)), ((P, Q), (R, S))]
    winners = [(P, Q), (R, Q), (P, S)]  # P > S, Q > R; R > P, Q > S; P > Q, S > R
    results = [
        RoundResult(
            r.number,
            tuple(
                MatchResult(a, b, w, 151 if w == a else 100, 151 if w == b else 100)
                for (a, b), w in zip(r.pairs(), won, strict=True)
            ),
        )
        for r, won in zip(rounds, winners, strict=True)
    ]
    lines = standings([Pair(p) for p in (P, Q, R, S)], results, bye_points=151)
    assert [
        (names[x.pair], x.wins, x.points_difference, x.points_for, x.buchholz, x.head_to_head)
        for x in lines
    ] == [
        ("P", 2, 51, 402, 4, 1),
        ("Q", 2, 51, 402, 4, 0),
        ("S", 1, -51, 351, 5, 1),
        ("R", 1, -51, 351, 5, 0),
    ]
