"""The largest allowed tournament: what each of its pages costs, asked again and after a deal.

Run from the project root:

    .venv/bin/python benchmarks/tournament_cost.py                      # SQLite, temporary
    .venv/bin/python benchmarks/tournament_cost.py --database postgres  # its own, then dropped
    options: --pairs 128 --swiss-rounds 15 --knockout 16 --deals 500 --repeat 5 --seed 7
             --postgres-url URL

It makes a fresh database, migrates it and builds, through the site's own services
(calculator/tournaments/services.py), the largest tournament the site allows (the bounds of
docs/tournaments.md, "How large a tournament can be"): --pairs pairs, best of 3, --swiss-rounds
Swiss rounds, then a knock-out of the top --knockout to its final. Each table's match is filled
in bulk with --deals deals, as the scorers' saves would leave them (the deals in order, the
match's version raised once a deal): all passed, then played deals until one pair (at random)
has won the match. The last table of the last Swiss round, and then the final, are left one
deal short and unfinished: the table being played.

Then, in this process (Django's test client, no server), in this thread's CPU time (what a
worker spends; with PostgreSQL the database's own work is another process's):

- the round preview, before the last Swiss round starts (the pairing of 128 pairs);
- each public page (the wall, standings.json, standings.csv, the sheet, the list of tables) and
  the organizer's page, while the last Swiss round is played and again at the final: "again" is
  the page asked again at the same version, "after a deal" its first request after a deal was
  saved (or deleted again) at the open table through matches/services.py, with that match's
  fold dropped from this process first (another worker would not have it);
- the wall answered 304 to a phone that has it, after a deal, by a worker that has not made it;
- for scale, the scorer's page of the open table's match (as many deals as a table holds), and
  of the largest match (2,000 deals, not a tournament's), asked again and after a deal.

Each figure is the median and the worst of --repeat requests, in milliseconds. Memory: this
process's resident size (VmRSS) after the build and at the end, and its peak (VmHWM).
Figures go to docs/performance.md ("The largest allowed tournament").
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from calculator.matches import services
from calculator.tournaments import state

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/belot_bench_tournament_cost"
HOST = "127.0.0.1"


def memory() -> str:
    """This process's resident size now and at its peak, from /proc (Linux)."""
    try:
        lines = Path("/proc/self/status").read_text().splitlines()
    except OSError:
        return "unknown"
    sizes = dict(line.split(":", 1) for line in lines if line.startswith(("VmRSS", "VmHWM")))
    mb = {key: int(value.split()[0]) // 1024 for key, value in sizes.items()}
    return f"{mb.get('VmRSS', 0)} MB (peak {mb.get('VmHWM', 0)} MB)"


def cpu_ms(call) -> float:
    start = time.thread_time()
    call()
    return (time.thread_time() - start) * 1000


class Builder:
    """The tournament, built round by round through the services, each table's match filled in
    bulk as its scorer's saves would leave it."""

    def __init__(self, args):
        from calculator import engine

        self.engine, self.args = engine, args
        self.rng = random.Random(args.seed)
        self.finished = {}  # the winner: the deals of a match it wins

    def create(self):
        from calculator.tournaments.services import tournament_create

        pairs = [
            (f"Александра Петкова {2 * n - 1}", f"Борислав Иванов {2 * n}")
            for n in range(1, self.args.pairs + 1)
        ]
        self.tournament = tournament_create(
            pairs=pairs,
            name="Купа „Морско казино“",
            date=date(2026, 12, 5),
            game="belot",
            house_rules={},
            games_to_win=2,
            format="swiss",
        )
        return self.tournament

    def deals_won_by(self, match, team) -> list:
        """--deals deals that end with ``team`` winning the match: all passed, then all trumps
        made by ``team`` until it has won its games."""
        engine = self.engine
        if team not in self.finished:
            made = engine.PlayedDeal(team, engine.Contract.ALL_TRUMPS, engine.CardPoints(team, 258))
            played = []
            while not match.fold(played).match_over:
                played.append(made)
            passed = [engine.AllPassed()] * (self.args.deals - len(played))
            self.finished[team] = passed + played
            match.fold(self.finished[team])  # the engine takes the match as it is stored
        return self.finished[team]

    def fill(self, match, deals) -> None:
        from django.db.models import F
        from django.utils import timezone

        from calculator.models import Deal, Match

        Deal.objects.bulk_create(
            Deal(match=match, number=number, data=match.deal_data(deal))
            for number, deal in enumerate(deals, start=1)
        )
        Match.objects.filter(pk=match.pk).update(
            version=F("version") + len(deals), updated=timezone.now()
        )

    def play(self, round_, open_table: bool = False) -> None:
        """Every table of ``round_`` finished, but its last table if ``open_table``: that one is
        left a deal short of the bound, all passed."""
        tables = list(round_.tables.select_related("match"))
        for index, table in enumerate(tables):
            if open_table and index == len(tables) - 1:
                self.open = table.match
                self.fill(table.match, [self.engine.AllPassed()] * (self.args.deals - 1))
                continue
            team = self.rng.choice((self.engine.Team.A, self.engine.Team.B))
            self.fill(table.match, self.deals_won_by(table.match, team))

    def finish_open(self) -> None:
        """The open table's match as the others: its deals replaced by a finished match's."""
        match = self.open
        match.deals.all().delete()
        self.fill(match, self.deals_won_by(match, self.engine.Team.A))


def emptied(store) -> None:
    """A store of this process (belot_site/lru.py) emptied, as another worker's would be."""
    with store.lock:
        store.values.clear()
        store.used = 0


def forget_folds() -> None:
    """Drop this process's kept match folds, as another worker would not have them."""

    emptied(services._states)


class Open:
    """Deal ``number`` saved (all passed), or deleted again, in ``match``, a deal short of it:
    the match's version moves."""

    def __init__(self, match, number: int):
        self.match, self.number, self.saved = match, number, False

    def move(self) -> None:
        from calculator import engine
        from calculator.matches.services import deal_delete_last, deal_record
        from calculator.models import Match

        match = Match.objects.get(pk=self.match.pk)
        if self.saved:
            deal_delete_last(match=match, version=match.version, number=self.number)
        else:
            deal_record(
                match=match, version=match.version, number=self.number, deal=engine.AllPassed()
            )
        self.saved = not self.saved
        forget_folds()


def pages(builder, client) -> dict[str, str]:
    tournament = builder.tournament
    public, keeper = tournament.view_key, tournament.keeper_key
    return {
        "wall": f"/tn/{public}/",
        "standings.json": f"/tn/{public}/standings.json",
        "standings.csv": f"/tn/{public}/standings.csv",
        "sheet": f"/tn/{public}/sheet/",
        "list of tables": f"/tn/{public}/tables/",
        "organizer's page": f"/tn/{keeper}/",
        "the open table's match page": f"/m/{builder.open.scorer_key}/",
    }


def fetched(client, path: str, **headers):
    response = client.get(path, **headers)
    if response.status_code not in (200, 304):
        raise SystemExit(f"{path}: {response.status_code}")
    return response


HEADER = f"{'page':<30}{'again, median':>15}{'worst':>8}{'after a deal':>15}{'worst':>8}"


def measure_page(client, name: str, path: str, open_table: Open, repeat: int) -> None:
    """``path``'s first request after a deal (``open_table`` moved), and the same asked again."""
    again, after = [], []
    for _ in range(repeat):
        open_table.move()
        time.sleep(1.05)  # the wall is made again at most once a second (tournaments/wall.py)
        after.append(cpu_ms(lambda: fetched(client, path)))
        again.append(cpu_ms(lambda: fetched(client, path)))
    print(
        f"{name:<30}{statistics.median(again):>15.1f}{max(again):>8.1f}"
        f"{statistics.median(after):>15.1f}{max(after):>8.1f}"
    )


def measure(client, paths: dict[str, str], open_table: Open, repeat: int) -> None:
    print(HEADER)
    for name, path in paths.items():
        measure_page(client, name, path, open_table, repeat)
    measure_304(client, paths["wall"], open_table, repeat)


def measure_304(client, wall: str, open_table: Open, repeat: int) -> None:
    """A phone that has the wall at the version after a deal asks again, at a worker that has
    not made that page (its store emptied): it is answered 304."""
    from calculator.tournaments import wall as walls

    kept = []
    for _ in range(repeat):
        open_table.move()
        time.sleep(1.05)  # the wall is made again at most once a second (tournaments/wall.py)
        etag = fetched(client, wall)["ETag"]
        emptied(walls._latest)
        time.sleep(1.05)
        start = time.thread_time()
        response = fetched(client, wall, HTTP_IF_NONE_MATCH=etag)
        kept.append((time.thread_time() - start) * 1000)
        if response.status_code != 304:
            raise SystemExit(f"the wall answered {response.status_code}, not 304")
    print(f"{'wall, 304 after a deal':<30}{'':>15}{'':>8}{statistics.median(kept):>15.1f}")
    print(f"memory: {memory()}")


def preview(client, builder, number: int, repeat: int) -> None:
    """The round preview asked again, and the first time at a worker that never read the
    tournament (its store emptied: it reads every table, and pairs the round)."""

    path = f"/tn/{builder.tournament.keeper_key}/round/preview/?number={number}"
    fetched(client, path)
    again, first = [], []
    for _ in range(repeat):
        again.append(cpu_ms(lambda: fetched(client, path)))
        emptied(state._states)
        first.append(cpu_ms(lambda: fetched(client, path)))
    print(HEADER)
    print(
        f"{f'round preview (round {number})':<30}{statistics.median(again):>15.1f}"
        f"{max(again):>8.1f}{statistics.median(first):>15.1f}{max(first):>8.1f}"
    )
    print("(after a deal: the first request at a worker that never read the tournament)")


def largest_match(client, seed: int, repeat: int) -> None:
    """For scale: the scorer's page of the largest match a site holds (engine.MAX_DEALS random
    deals of benchmarks/engine.py), asked again and after a deal (its last, saved or deleted)."""
    from benchmarks.load import random_deals
    from calculator import engine
    from calculator.models import Deal, Match

    match = Match.objects.create(team_a="Ние", team_b="Вие")
    values = random_deals(engine.MAX_DEALS - 1, seed)
    match.fold(values)
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=match.deal_data(deal))
        for number, deal in enumerate(values, start=1)
    )
    Match.objects.filter(pk=match.pk).update(version=len(values))
    path = f"/m/{match.scorer_key}/"
    fetched(client, path)
    name = f"the largest match ({engine.MAX_DEALS} deals)"
    measure_page(client, name, path, Open(match, engine.MAX_DEALS), repeat)


def run(args) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from calculator.models import Deal, TournamentTable
    from calculator.tournaments.services import tournament_knockout_start, tournament_round_start

    call_command("migrate", verbosity=0)
    print(f"date {date.today()}, python {platform.python_version()}, {os.cpu_count()} cores")
    print(f"database {args.database}, load average {os.getloadavg()[0]:.2f}")
    start = time.perf_counter()
    builder = Builder(args)
    tournament = builder.create()
    client = Client(HTTP_ACCEPT_LANGUAGE="bg", HTTP_HOST=HOST)
    for number in range(1, args.swiss_rounds):
        builder.play(tournament_round_start(tournament=tournament, number=number))
        print(f"round {number} built, {time.perf_counter() - start:.0f} s", flush=True)
    print(f"\n{args.swiss_rounds - 1} Swiss rounds played, before round {args.swiss_rounds}:")
    preview(client, builder, args.swiss_rounds, args.repeat)
    last = tournament_round_start(tournament=tournament, number=args.swiss_rounds)
    builder.play(last, open_table=True)
    paths = pages(builder, client)
    for path in paths.values():  # templates compiled, translations loaded
        fetched(client, path)
    tables, deals = TournamentTable.objects.count(), Deal.objects.count()
    print(f"\nround {args.swiss_rounds} being played: {tables} tables, {deals} deals")
    print(f"built in {time.perf_counter() - start:.0f} s; memory: {memory()}")
    measure(client, paths, Open(builder.open, args.deals), args.repeat)
    largest_match(client, args.seed, args.repeat)
    builder.finish_open()
    round_ = tournament_knockout_start(tournament=tournament, size=args.knockout)
    while True:
        final = round_.tables.count() == 1
        builder.play(round_, open_table=final)
        if final:
            break
        round_ = tournament_round_start(tournament=tournament, number=round_.number + 1)
    paths = pages(builder, client)
    tables, deals = TournamentTable.objects.count(), Deal.objects.count()
    print(f"\nthe final being played: {tables} tables, {deals} deals (the largest tournament)")
    for path in paths.values():
        fetched(client, path)
    measure(client, paths, Open(builder.open, args.deals), args.repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--postgres-url", default=POSTGRES_URL)
    parser.add_argument("--pairs", type=int, default=128)
    parser.add_argument("--swiss-rounds", type=int, default=15)
    parser.add_argument("--knockout", type=int, default=16)
    parser.add_argument("--deals", type=int, default=500, help="deals at each table")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="belot-tournament-cost-") as folder:
        if args.database == "postgres":
            from benchmarks.load import prepare_postgres

            prepare_postgres(args.postgres_url)
            os.environ["DATABASE_URL"] = args.postgres_url
        else:
            os.environ["DATABASE_URL"] = f"sqlite:///{folder}/db.sqlite3"
        os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.bench_settings"
        os.environ["BENCH_PLAIN_STATIC"] = "1"
        os.environ["DJANGO_ALLOWED_HOSTS"] = HOST
        os.environ.pop("REDIS_URL", None)  # each worker's own stores, as without Redis
        try:
            run(args)
        finally:
            if args.database == "postgres":
                from benchmarks.tournament_load import drop_postgres

                drop_postgres(args.postgres_url)  # half a gigabyte of deals


if __name__ == "__main__":
    main()
