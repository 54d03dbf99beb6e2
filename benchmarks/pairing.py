"""Benchmark of the Swiss pairing: the worst time to pair a round, over many random tournaments.

Run from the project root:  .venv/bin/python benchmarks/pairing.py [--pairs 128]
[--tournaments 50] [--rounds 9] [--seed 1] [--cpu]. Each tournament has ``--pairs`` pairs (a few
withdraw along the way, so some rounds have a bye) and ``--rounds`` rounds with random winners
and points; every round's pairing is timed. Target: a round for 128 pairs is paired
in under a second. ``--cpu`` times the process's CPU time instead of the wall clock: on a machine
busy with other work it is the steadier of the two. Figures go to docs/tournaments.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calculator.pairing import MatchResult, Pair, RoundResult, swiss_pairings  # noqa: E402

TARGET = 151


def random_result(rng: random.Random, a: int, b: int) -> MatchResult:
    winner = rng.choice((a, b))
    loser_points = rng.randint(0, TARGET - 1)
    points = (TARGET + rng.randint(0, 40), loser_points)
    return MatchResult(a, b, winner, *(points if winner == a else points[::-1]))


def tournament(rng: random.Random, count: int, rounds: int, clock) -> list[float]:
    """Plays one random tournament; the time of each round's pairing."""
    pairs = [Pair(100 + i) for i in range(count)]
    played: list[RoundResult] = []
    times = []
    for number in range(1, rounds + 1):
        if number > 1 and rng.random() < 0.3:  # a pair withdraws: the count's parity changes
            index = rng.randrange(len(pairs))
            if pairs[index].withdrawn_from is None:
                pairs[index] = dataclasses.replace(pairs[index], withdrawn_from=number)
        start = clock()
        pairing = swiss_pairings(pairs, played, bye_points=TARGET)
        times.append(clock() - start)
        matches = tuple(random_result(rng, p.a, p.b) for p in pairing.pairings)
        played.append(RoundResult(number, matches, pairing.bye))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=128)
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", action="store_true", help="time CPU, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    rng = random.Random(args.seed)
    times = []
    for _ in range(args.tournaments):
        times.extend(tournament(rng, args.pairs, args.rounds, clock))
    times.sort()
    print(f"python {platform.python_version()}, {args.pairs} pairs, {args.tournaments} tournaments")
    print(f"of {args.rounds} rounds, {len(times)} pairings ({'CPU' if args.cpu else 'wall'} time)")
    print(f"median {statistics.median(times) * 1000:.1f} ms")
    print(f"p95    {times[int(len(times) * 0.95)] * 1000:.1f} ms")
    print(f"worst  {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
