"""Swiss pairing: the next round of a Swiss tournament from the rounds played so far.

The pairs that play the round are taken in the order of the standings (wins first, so the score
groups come one after another, best first). The leading pair still unpaired meets the
highest-placed pair it has not met, then the next unpaired pair does the same, and so on down
the table: pairs with equal wins meet, and the last pair of a group with an odd count floats
down to the best pair of the next group. This is how bridge and belot clubs pair a Swiss
evening ("the leaders play each other"); ``docs/tournaments.md`` says why not FIDE's Dutch system.

No choice is ever made that would leave the rest unpairable without a rematch: before a pair is
given its opponent, a maximum matching of the pairs still unpaired (``matching.py``) checks that
the others can all be paired with no more rematches than the fewest the round needs. So the
round has no rematch whenever a rematch-free pairing exists, and otherwise as few as possible
(the pair that must meet an old opponent again meets the one it met least often, then the
highest-placed).

With an odd number of pairs, one has the bye: among the pairs with the fewest byes so far, the
lowest-placed one that still lets the rest be paired with the fewest rematches. So no pair has a
second bye while a pair that plays has had none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .matching import UNMATCHED, Matching
from .model import Pair, PairId, RoundPairings, RoundResult, tables
from .standings import standings


def swiss_pairings(
    pairs: Sequence[Pair], rounds: Sequence[RoundResult], *, bye_points: int
) -> RoundPairings:
    """The pairings of round ``len(rounds) + 1`` (``bye_points`` as for
    :func:`~calculator.pairing.standings.standings`, whose order the pairing follows)."""
    number = len(rounds) + 1
    playing = {pair.id for pair in pairs if pair.plays(number)}
    ranked = [line.pair for line in standings(pairs, rounds, bye_points=bye_points)]
    players = [pair for pair in ranked if pair in playing]
    met = Counter(frozenset((match.a, match.b)) for round_ in rounds for match in round_.matches)
    byes = Counter(round_.bye for round_ in rounds if round_.bye is not None)
    matches, bye = _Round(players, met, byes).pair()
    return tables(number, matches, bye)


class _Round:
    """The graph of one round's possible meetings, and the greedy pass over it.

    Vertices: the players ``0 .. n - 1`` in the order of the standings; with an odd count, the
    bye (vertex ``n``), joined to the pairs that may have it; then one "joker" per pair that must
    meet an old opponent: a joker is joined to every player, so a perfect matching of the whole
    graph is a pairing with at most that many rematches (two players matched to jokers meet again).
    """

    def __init__(self, players: list[PairId], met: Counter, byes: Counter) -> None:
        self.players = players
        self.met = met
        count = len(players)
        self.bye = count if count % 2 else None
        self.edges: list[list[int]] = [
            [j for j in range(count) if j != i and not self._met(i, j)] for i in range(count)
        ]
        self.eligible: list[int] = []  # the players that may have the bye
        self.jokers: list[int] = []  # set by _with_jokers
        if self.bye is not None:
            fewest = min(byes[player] for player in players)
            self.eligible = [i for i in range(count) if byes[players[i]] == fewest]
            self.edges.append(self.eligible[::-1])  # the lowest-placed first
            for i in self.eligible:
                self.edges[i].append(self.bye)

    def _met(self, i: int, j: int) -> int:
        return self.met[frozenset((self.players[i], self.players[j]))]

    def pair(self) -> tuple[list[tuple[PairId, PairId]], PairId | None]:
        """The round's meetings, leaders first, and the pair with the bye."""
        matching = self._with_jokers(self._maximum())
        bye = None
        if self.bye is not None:
            bye = next(i for i in self.eligible[::-1] if matching.remove((self.bye, i)))
        meetings = []
        for u in range(len(self.players)):
            if matching.alive[u]:
                v = next(v for v in self._choices(u, matching) if self._take(matching, u, v))
                meetings.append((self.players[u], self.players[v]))
        return meetings, None if bye is None else self.players[bye]

    def _maximum(self) -> Matching:
        """A maximum matching of the rematch-free graph, started from the plain greedy pass
        (which usually is the answer already), the bye matched first so that it stays covered."""
        matching = Matching(self.edges)
        if self.bye is not None:
            matching.match(self.bye, self.eligible[-1])
        for u in range(len(self.players)):
            free = (v for v in self.edges[u] if matching.mate[v] == UNMATCHED)
            v = next(free, None) if matching.mate[u] == UNMATCHED else None
            if v is not None:
                matching.match(u, v)
        matching.augment_all()  # an augmenting path never frees a matched vertex: the bye stays
        return matching

    def _with_jokers(self, maximum: Matching) -> Matching:
        """The graph with a joker for each player the maximum matching leaves exposed, each
        joker matched to one of them: a perfect matching."""
        exposed = maximum.exposed()
        count = len(self.edges)
        self.jokers = list(range(count, count + len(exposed)))
        edges = [list(neighbours) for neighbours in self.edges]
        players = range(len(self.players))
        for i in players:
            edges[i].extend(self.jokers)
        edges.extend(list(players) for _ in self.jokers)
        matching = Matching(edges)
        matching.mate[:count] = maximum.mate
        for joker, player in zip(self.jokers, exposed, strict=True):
            matching.match(joker, player)
        return matching

    def _choices(self, u: int, matching: Matching) -> list[int]:
        """``u``'s possible opponents in order of preference: those it has not met, highest
        placed first; then those it has met, the least often first."""
        others = [v for v in range(u + 1, len(self.players)) if matching.alive[v]]
        fresh = [v for v in others if not self._met(u, v)]
        again = sorted((v for v in others if self._met(u, v)), key=lambda v: (self._met(u, v), v))
        return fresh + again

    def _take(self, matching: Matching, u: int, v: int) -> bool:
        """Pairs ``u`` with ``v`` if the rest can still be paired; a rematch uses two jokers."""
        if not self._met(u, v):
            return matching.remove((u, v))
        # Rematches are tried only once every fresh opponent has failed, which happens only when
        # u is matched to a joker; the jokers come in twos, so another pair has one too.
        jokers = [j for j in self.jokers if matching.alive[j]]
        # Take the jokers already matched to u and v when they are: nothing else has to move.
        jokers.sort(key=lambda j: matching.mate[j] not in (u, v))
        return matching.remove((u, v, jokers[0], jokers[1]))
