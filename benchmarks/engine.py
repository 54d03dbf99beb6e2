"""Benchmark of the scoring engine: score 100,000 random deals, fold a 1,000-deal match.

Run from the project root:  .venv/bin/python benchmarks/engine.py [--deals N] [--seed S]
[--game belot|classic|contree|coinche] [--cpu]. Figures go to docs/performance.md ("Engine").
Target: a 1,000-deal match folds in under 20 ms. ``--cpu`` times the process's CPU time instead of
the wall clock: on a machine busy with other work it is the steadier of the two.
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
    BIDS,
    CARD_TOTALS,
    DEFAULT_PROFILE,
    GAMES,
    AllPassed,
    CardPoints,
    Carre,
    ClassicDeal,
    Contract,
    Contre,
    ContreeDeal,
    Double,
    InsideDeal,
    InTrumps,
    PlayedDeal,
    Rank,
    Sequence,
    Suit,
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


CONTRES = (Contre.NONE,) * 16 + (Contre.CONTRE,) * 3 + (Contre.SURCONTRE,)
FRENCH_BIDS = BIDS[:5] * 4 + BIDS  # low bids are the common ones


def random_french_deal(rng: random.Random, game: str):
    """A valid classic belote, contrée or coinche deal: top cards given, and whose sequence was
    in trumps, so scoring never asks."""
    if rng.random() < 0.08:
        return AllPassed()
    carres = rng.sample(CARRE_ORDER, len(CARRE_ORDER))
    declarations = [TeamDeclarations() for _ in Team]
    if game != "contree":
        declarations = [random_declarations(rng, Contract.HEARTS, carres) for _ in Team]
    if rng.random() < 0.3:
        holder = rng.randrange(2)
        declared = declarations[holder]
        declarations[holder] = TeamDeclarations(declared.sequences, declared.carres, 1)
    named = [InTrumps.NEITHER] + [InTrumps(t.value) for t, d in zip(Team, declarations, strict=True)
                                  if d.sequences]  # fmt: skip
    fields = {"taker": rng.choice(tuple(Team)), "trump": rng.choice(tuple(Suit)),
              "declarations_a": declarations[0], "declarations_b": declarations[1],
              "sequence_in_trumps": rng.choice(named)}  # fmt: skip
    if rng.random() < 0.03:
        fields["capot"] = rng.choice(tuple(Team))
    else:
        points = rng.choice([p for p in range(163) if p not in (1, 161)])
        fields["card_points"] = CardPoints(rng.choice(tuple(Team)), points)
    if game == "classic":
        return ClassicDeal(**fields)
    return ContreeDeal(bid=rng.choice(FRENCH_BIDS), contre=rng.choice(CONTRES), **fields)


def best_of(runs: int, action, clock=time.perf_counter) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = clock()
        action()
        times.append(clock() - start)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--match", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--game", choices=tuple(GAMES), default="belot")
    parser.add_argument("--cpu", action="store_true", help="time CPU, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    rng = random.Random(args.seed)
    game = GAMES[args.game]
    if args.game == "belot":
        score, fold, profile = score_deal, fold_match, DEFAULT_PROFILE
        deals = [random_deal(rng) for _ in range(args.deals)]
    else:
        score, fold, profile = game.score_deal, game.fold_match, game.default_profile
        deals = [random_french_deal(rng, args.game) for _ in range(args.deals)]
    match = deals[: args.match]

    start = clock()
    for deal in deals:
        score(deal, profile, 0)
    elapsed = clock() - start

    best, median = best_of(30, lambda: fold(profile, 0, match), clock)
    folded = fold(profile, 0, match)

    won = folded.games_won
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(f"{args.game}, {'CPU' if args.cpu else 'wall clock'} time")
    print(f"score_deal: {args.deals:,} random deals in {elapsed * 1000:.0f} ms")
    print(f"            {elapsed / args.deals * 1e6:.1f} us per deal")
    print(f"fold_match: {args.match:,} deals in {best * 1000:.1f} ms (best of 30)")
    print(f"            {median * 1000:.1f} ms median; {folded.game} games, won {won.a} to {won.b}")


if __name__ == "__main__":
    main()
