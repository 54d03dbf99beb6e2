"""Helpers for the tournament tests: random tournaments played round by round, and figures
worked out again from the raw results, independently of the package."""

import dataclasses
import os
import random
from collections import Counter

from hypothesis import HealthCheck, settings

from calculator.pairing import MatchResult, Pair, RoundResult, swiss_pairings

settings.register_profile(
    "tournament", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("tournament-thorough", max_examples=2000, deadline=None)
TOURNAMENT = settings.get_profile(os.environ.get("TOURNAMENT_HYPOTHESIS_PROFILE", "tournament"))

BYE_POINTS = 151


def random_result(rng: random.Random, a: int, b: int) -> MatchResult:
    """A random finished match; the loser may even have more points (a best of 3)."""
    return MatchResult(a, b, rng.choice((a, b)), rng.randint(0, 200), rng.randint(0, 200))


def changed_pairs(rng: random.Random, pairs: list[Pair], number: int) -> list[Pair]:
    """Now and then a pair withdraws, or a new pair joins, before round ``number``."""
    pairs = list(pairs)
    roll = rng.random()
    if number > 1 and roll < 0.15:
        index = rng.randrange(len(pairs))
        if pairs[index].withdrawn_from is None and pairs[index].first_round < number:
            pairs[index] = dataclasses.replace(pairs[index], withdrawn_from=number)
    elif number > 1 and roll < 0.25:
        pairs.append(Pair(1000 + len(pairs), first_round=number))
    return pairs


def play_swiss(rng, count, rounds, check=None, changes=True):
    """Plays a random Swiss tournament; ``check(pairs, played, pairing)`` sees every round's
    pairing before its results are drawn. Returns the pairs and the rounds."""
    pairs = [Pair(10 + i) for i in range(count)]
    played = []
    for number in range(1, rounds + 1):
        if changes:
            pairs = changed_pairs(rng, pairs, number)
        pairing = swiss_pairings(pairs, played, bye_points=BYE_POINTS)
        if check is not None:
            check(pairs, played, pairing)
        matches = tuple(random_result(rng, p.a, p.b) for p in pairing.pairings)
        played.append(RoundResult(number, matches, pairing.bye))
    return pairs, played


def meetings(rounds) -> Counter:
    return Counter(frozenset((m.a, m.b)) for round_ in rounds for m in round_.matches)


def byes(rounds) -> Counter:
    return Counter(round_.bye for round_ in rounds if round_.bye is not None)


def wins(rounds) -> Counter:
    counted = Counter(m.winner for round_ in rounds for m in round_.matches)
    counted.update(byes(rounds))
    return counted
