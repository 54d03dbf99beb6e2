"""Benchmark of the scoring engine: score 100,000 random deals, fold a 1,000-deal match.

Run from the project root:  .venv/bin/python benchmarks/engine.py [--deals N] [--seed S]
Figures go to docs/performance.md ("Engine"). Target: a 1,000-deal match folds in under 20 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calculator.engine import (  # noqa: E402
    CARD_TOTALS,
    DEFAULT_PROFILE,
    AllPassed,
    CardPoints,
    Carre,
    Contract,
    Double,
    InsideDeal,
    PlayedDeal,
    Rank,
    Sequence,
    Team,
    TeamDeclarations,
    fold_match,
    score_deal,
)
from calculator.engine.model import CARRE_ORDER, IMPOSSIBLE_CARD_POINTS  # noqa: E402

RANKS = tuple(Rank)
DOUBLES = (Double.NONE,) * 16 + (Double.CONTRA,) * 3 + (Double.RECONTRA,)


def random_declarations(rng: random.Random, contract: Contract, carres: list[Rank]):
    if contract is Contract.NO_TRUMPS:
        return TeamDeclarations()
    sequences = []
    if rng.random() < 0.3:
        length = rng.choice((3, 3, 3, 4, 4, 5))
        sequences.append(Sequence(length, rng.choice(RANKS[length - 1 :])))
    own = [Carre(carres.pop())] if carres and rng.random() < 0.08 else []
    return TeamDeclarations(tuple(sequences), tuple(own))


def random_deal(rng: random.Random):
    roll = rng.random()
    if roll < 0.08:
        return AllPassed()
    contract, bidders = rng.choice(tuple(Contract)), rng.choice(tuple(Team))
    double = rng.choice(DOUBLES)
    carres = rng.sample(CARRE_ORDER, len(CARRE_ORDER))
    declarations = [random_declarations(rng, contract, carres) for _ in Team]
    if contract is not Contract.NO_TRUMPS and rng.random() < 0.3:
        holder = rng.randrange(2)
        declarations[holder] = TeamDeclarations(
            declarations[holder].sequences, declarations[holder].carres, 1
        )
    if roll < 0.12:
        return InsideDeal(bidders, contract, double, *declarations)
    if roll < 0.15:
        capot = rng.choice(tuple(Team))
        return PlayedDeal(bidders, contract, None, double, capot, *declarations)
    points = rng.randint(0, CARD_TOTALS[contract])
    while points in IMPOSSIBLE_CARD_POINTS[contract]:
        points = rng.randint(0, CARD_TOTALS[contract])
    given = CardPoints(rng.choice(tuple(Team)), points)
    return PlayedDeal(bidders, contract, given, double, None, *declarations)


def best_of(runs: int, action) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--match", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deals = [random_deal(rng) for _ in range(args.deals)]
    match = deals[: args.match]

    start = time.perf_counter()
    for deal in deals:
        score_deal(deal, DEFAULT_PROFILE, 0)
    elapsed = time.perf_counter() - start

    best, median = best_of(30, lambda: fold_match(DEFAULT_PROFILE, 0, match))
    folded = fold_match(DEFAULT_PROFILE, 0, match)

    won = folded.games_won
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(f"score_deal: {args.deals:,} random deals in {elapsed * 1000:.0f} ms")
    print(f"            {elapsed / args.deals * 1e6:.1f} us per deal")
    print(f"fold_match: {args.match:,} deals in {best * 1000:.1f} ms (best of 30)")
    print(f"            {median * 1000:.1f} ms median; {folded.game} games, won {won.a} to {won.b}")


if __name__ == "__main__":
    main()
