"""A table's statistics at scale: 500 matches of about 120 deals each (~60,000 deals).

    .venv/bin/python benchmarks/stats.py                       # SQLite in a temporary folder
    .venv/bin/python benchmarks/stats.py --matches 500 --database-url postgres://…/belot_bench_stats

Seeds one table (random deals of benchmarks/engine.py; each match played to 501 a game and
cut where a team has won three games, as a best of five), then times, in this process (no
server):

- cold: the first statistics, which fold every match through the engine and store its summary;
- warm: the statistics from the stored summaries (what every later view does);
- page: the whole table page through Django's test client (view, statistics, template), and a
  player's page; the best and the median of 20 runs.

The method is docs/statistics.md's: a summary per match, tagged with the match's version.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from calculator.tables import stats

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


# Games to 501, best of five: about 120 deals a match, as the 500 matches of 60,000.
PROFILE = None
GAMES = 3


def timed(action, repeat: int) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        runs.append((time.perf_counter() - start) * 1000)
    return min(runs), statistics.median(runs)


def seed(matches: int, deals: int, seed_value: int):
    from benchmarks.engine import random_deal
    from calculator import engine
    from calculator.models import Deal, Match, Table

    global PROFILE
    PROFILE = engine.RuleProfile(target=501)
    rng = random.Random(seed_value)
    roster = [f"Играч {n}" for n in range(1, 9)]
    table = Table.objects.create(name="Бенчмарк", players=roster)
    total = 0
    for _ in range(matches):
        values = [random_deal(rng) for _ in range(deals)]
        fold = engine.fold_match(PROFILE, 0, values)
        ends = [i for i, d in enumerate(fold.deals) if d.game_over]
        won = {engine.Team.A: 0, engine.Team.B: 0}
        cut = len(values)
        for index in ends:
            won[fold.deals[index].winner] += 1
            if max(won.values()) == GAMES:
                cut = index + 1
                break
        values = values[:cut]
        seats = rng.sample(roster, 4)
        match = Match.objects.create(
            table=table, team_a="A", team_b="B", player_1=seats[0], player_2=seats[1],
            player_3=seats[2], player_4=seats[3], target=PROFILE.target,
            games_to_win=GAMES if cut < deals else None,
        )  # fmt: skip
        match.fold(values)  # the engine accepts the match as it is stored
        Deal.objects.bulk_create(
            Deal(match=match, number=number, data=engine.deal_to_dict(deal))
            for number, deal in enumerate(values, start=1)
        )
        total += len(values)
    return table, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--deals", type=int, default=160, help="random deals drawn per match")
    parser.add_argument("--database-url", default="")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="belot-stats-")
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{folder}/stats.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.bench_settings")
    os.environ.setdefault("BENCH_PLAIN_STATIC", "1")  # pages link plain static addresses
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    table, deals = seed(args.matches, args.deals, args.seed)
    print(f"seeded {args.matches} matches, {deals} deals in {time.perf_counter() - start:.1f} s")
    print(f"database: {os.environ['DATABASE_URL'].split('@')[-1]}")

    cold = timed(lambda: stats.table_stats(table), 1)[0]
    warm = timed(lambda: stats.table_stats(table), 20)
    client = Client()
    page = timed(lambda: client.get(table.get_view_url(), HTTP_ACCEPT_LANGUAGE="bg"), 20)
    player = timed(lambda: client.get(f"/t/{table.view_key}/player/0/"), 20)
    as_json = timed(lambda: client.get(f"/t/{table.view_key}/stats.json"), 20)
    print(f"cold statistics (fold {deals} deals, store 500 summaries): {cold:.0f} ms")
    print(f"warm statistics: best {warm[0]:.1f} ms, median {warm[1]:.1f} ms")
    print(f"table page:      best {page[0]:.1f} ms, median {page[1]:.1f} ms")
    print(f"player page:     best {player[0]:.1f} ms, median {player[1]:.1f} ms")
    print(f"stats.json:      best {as_json[0]:.1f} ms, median {as_json[1]:.1f} ms")


if __name__ == "__main__":
    main()
