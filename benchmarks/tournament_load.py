"""Tournament night: every table of a round saving deals while phones watch the standings.

Run from the project root (PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 running):

    .venv/bin/python benchmarks/tournament_load.py --seconds 60
    options: --tables 32 --watchers 200 --think 2,5 --interval 2 --workers 2 --threads N
             --processes 2 --pool 16 --database postgres|sqlite --postgres-url URL
             --redis-url URL (default Redis database 13; "" for none) --plain-static

It makes a fresh database (PostgreSQL belot_bench_tournament, dropped and made again; or a
temporary SQLite file), migrates it, collects static files (not with --plain-static, which its
own test uses), and makes a Swiss tournament of 2 x --tables pairs, best of 3 (a table rarely
finishes within the run), with round 1 started (one match a table), through the site's own
services (calculator/tournaments/services.py). Then it starts the server as `make serve` does
(belot_site/serve.py, granian, --workers workers), with the cache in Redis, and for --seconds:

- one scorer a table (a thread, a keep-alive connection, as a phone): thinks for a random
  2 to 5 s (--think), then enters a deal as the deal page does, preview, then save; the winner
  of the deal alternates, so that the games last;
- --watchers phones on the public standings page (/tn/<public key>/), spread over --processes
  client processes of --pool keep-alive connections (benchmarks/load.py's watchers): each polls
  /tn/<key>/changes every --interval s and fetches the page when the version changed, as
  static/js/match.js does.

It prints p50/p95/p99 of the preview, the save, the poll and the page; and the lag to the wall,
from the clients' own time.monotonic() (one clock for every process of the machine): for each
save, from its answer to the answer of the first page fetch sent after it, by any phone (the
first phone on the wall to show it), and by each phone (what one phone shows). A page fetch
sent between the save's commit and its answer may already show the deal but is not counted:
the lag is an upper bound. Saves in the last interval + 1 s are left out (no phone is due to
look again before the end). Figures go to docs/performance.md ("Tournament night").

Since the wall shows the latest page made (at most WALL_SECONDS old, tournaments/wall.py), a page
fetched after a save need not show it: "shown, first" and "shown, each" are the lag to the first
page (any phone's, each phone's) whose version says it holds the save (``shown_lags``), and the
script counts the pages older than the phone's page before them (there must be none). A phone
keeps the version its page shows, as static/js/match.js does.
"""

from __future__ import annotations

import argparse
import bisect
import http.client
import multiprocessing
import os
import platform
import random
import re
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.load import (  # noqa: E402
    Phone,
    Site,
    WorkerMeter,
    deal_for,
    flush_redis,
    load_average,
    percentile,
    poll_process,
    prepare_postgres,
    server_shape,
    site_env,
    sqlite_url,
)

POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/belot_bench_tournament"
REDIS_URL = "redis://127.0.0.1:6379/13"
TOURNAMENT_PATHS = ("/tn/{key}/changes", "/tn/{key}/")


@dataclass
class Seeded:
    view_key: str
    scorer_keys: list[str]


def seed_tournament(env: dict[str, str], tables: int) -> Seeded:
    """A Swiss tournament of 2 x ``tables`` pairs, best of 3, round 1 started, made through
    the site's services in this process (then its connections closed)."""
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connections

    from calculator.models import SWISS
    from calculator.tournaments.services import tournament_create, tournament_round_start
    from calculator.tournaments.state import tournament_state

    pairs = [(f"Играч {2 * n - 1}", f"Играч {2 * n}") for n in range(1, 2 * tables + 1)]
    tournament = tournament_create(
        pairs=pairs,
        name="Турнир на бенчмарка",
        date=date.today(),
        game="belot",
        house_rules={},
        games_to_win=2,
        format=SWISS,
    )
    tournament_round_start(tournament=tournament, number=1)
    (round_,) = tournament_state(tournament).rounds
    keys = [table.match.scorer_key for table in round_.tables]
    connections.close_all()
    return Seeded(tournament.view_key, keys)


def table_deal(number: int) -> dict[str, str]:
    """Deal ``number`` as the form takes it (load.deal_for's), won by A and B in turn."""
    fields = deal_for(number)[0]
    if number % 2 == 0:
        fields.update(bidders="B", points_team="B")
    return fields


@dataclass(eq=False)
class Scorer(threading.Thread):
    """One table's phone: think, then preview and save a deal, until the deadline."""

    port: int
    key: str
    think: tuple[float, float]
    deadline: float
    seed: int
    previews: list[float] = field(default_factory=list)
    saves: list[float] = field(default_factory=list)
    saved_at: list[float] = field(default_factory=list)  # time.monotonic() of each answer
    failures: list[str] = field(default_factory=list)

    def __post_init__(self):
        super().__init__(daemon=True)

    def run(self) -> None:
        rng = random.Random(self.seed)
        phone = Phone(self.port, retry=True)
        number, failed_in_a_row = 1, 0
        while failed_in_a_row < 3:
            pause = rng.uniform(*self.think)
            if time.monotonic() + pause >= self.deadline:
                break
            time.sleep(pause)
            try:
                if not phone.csrf or self.key not in phone.versions:
                    page = phone.get(f"/m/{self.key}/deal/").text()
                    phone.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
                    phone.versions[self.key] = re.search(r'name="version" value="(\d+)"', page)[1]
                fields = table_deal(number)
                started = time.perf_counter()
                preview, seen = phone.preview(self.key, fields)
                self.previews.append(time.perf_counter() - started)
                if preview.status != 200 or not seen:
                    raise LookupError(f"preview {preview.status}")
                started = time.perf_counter()
                reply, outcome = phone.save(self.key, fields, seen)
                answered = time.monotonic()
                if outcome != "saved":
                    raise LookupError(f"save: {outcome}")
                self.saves.append(time.perf_counter() - started)
                self.saved_at.append(answered)
                number += 1
                failed_in_a_row = 0
            except (OSError, http.client.HTTPException, LookupError, TypeError) as error:
                self.failures.append(f"table {self.key[:6]}: {error!r}")
                phone.versions.pop(self.key, None)
                phone.close()
                failed_in_a_row += 1


def lags(saved_at: list[float], pages: dict, until: float) -> tuple[list, list, int]:
    """The lag to the wall, in ms: for each save answered before ``until``, to the first page
    (sent after it) of any phone, and to each phone's; and how many (save, phone) went unseen.
    ``pages``: per phone, its page fetches' (sent, answered), in order."""
    fetches = sorted(fetch for phone in pages.values() for fetch in phone)
    sent = [fetch[0] for fetch in fetches]
    earliest = [0.0] * len(fetches)  # the first answer among the fetches sent from here on
    soonest = float("inf")
    for index in range(len(fetches) - 1, -1, -1):
        soonest = min(soonest, fetches[index][1])
        earliest[index] = soonest
    first, each, unseen = [], [], 0
    per_phone = [([s for s, _a in phone], [a for _s, a in phone]) for phone in pages.values()]
    for moment in saved_at:
        if moment >= until:
            continue
        index = bisect.bisect_left(sent, moment)
        if index < len(fetches):
            first.append((earliest[index] - moment) * 1000)
        for sents, answers in per_phone:
            index = bisect.bisect_left(sents, moment)
            if index < len(sents):
                each.append((answers[index] - moment) * 1000)
            else:
                unseen += 1
    return first, each, unseen


def _order(version: str) -> tuple[int, ...]:
    """A tournament's version, ``"<organizer>-<matches>"``: both parts only ever go up."""
    return tuple(int(part) for part in version.split("-"))


def shown_lags(saved_at: list[float], polls: list, pages: dict, until: float):
    """The lag to a page that shows the save, in ms: for each save answered before ``until``,
    the version it made is at most what the first poll sent after it answered (any phone's);
    the save is on a phone's page once the page's version has both parts at least as high.
    From the save's answer to the first such page answered, by any phone and by each phone;
    with how many (save, phone) never showed it, and how many pages showed an older version
    than the phone's page before (the wall must never go back). ``polls``: (sent, version) of
    every phone's polls; ``pages``: per phone, its page fetches' (sent, answered, version)."""
    polls = sorted(polls)
    poll_sent = [sent for sent, _version in polls]
    first, each, unseen, back = [], [], 0, 0
    phones = []
    for fetches in pages.values():
        fetches = sorted(fetches, key=lambda fetch: fetch[1])
        orders = [_order(version) for _s, _a, version in fetches]
        back += sum(1 for a, b in zip(orders, orders[1:], strict=False) if b < a)
        phones.append(([answered for _s, answered, _v in fetches], orders))
    for moment in saved_at:
        index = bisect.bisect_left(poll_sent, moment)
        if moment >= until or index == len(polls):
            continue
        made = _order(polls[index][1])
        soonest = float("inf")
        for answers, orders in phones:
            start = bisect.bisect_left(answers, moment)
            found = next(
                (
                    answers[k]
                    for k in range(start, len(answers))
                    if all(mine >= its for mine, its in zip(orders[k], made, strict=True))
                ),
                None,
            )
            if found is None:
                unseen += 1
                continue
            each.append((found - moment) * 1000)
            soonest = min(soonest, found)
        if soonest < float("inf"):
            first.append((soonest - moment) * 1000)
    return first, each, unseen, back


def alone_ms(port: int, key: str, repeat: int = 10) -> dict[str, float]:
    """What one standings page and one poll cost with nothing else asking (the median)."""
    phone, found = Phone(port), {}
    for kind, path in zip(("page", "poll"), TOURNAMENT_PATHS, strict=True):
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            phone.get(path.format(key=key))
            times.append((time.perf_counter() - started) * 1000)
        found[kind] = percentile(times, 0.5)
    phone.close()
    return found


def run(args, site: Site, seeded: Seeded) -> dict:
    """The night, for --seconds; prints the figures and returns them."""
    print(f"date {date.today()}, python {platform.python_version()}, {os.cpu_count()} cores")
    print(
        f"database {args.database}, {'Redis' if args.redis_url else 'memory'} cache, "
        f"{args.workers} workers ({server_shape(args.threads)}); {len(seeded.scorer_keys)} "
        f"tables (a deal every {args.think[0]:g}-{args.think[1]:g} s of thinking each), "
        f"{args.watchers} watchers polling every {args.interval:g} s from {args.processes} "
        f"client processes of {args.pool} keep-alive connections"
    )
    print(f"load average before: {load_average()}")
    alone = alone_ms(site.port, seeded.view_key)
    print(
        "one request at a time, nothing else from these clients (median of 10, ms): "
        + ", ".join(f"{kind} {ms:.1f}" for kind, ms in alone.items())
    )
    rng = random.Random(args.seed)
    start = time.monotonic() + 1.0
    deadline = start + args.seconds
    watchers = [
        [seeded.view_key, "", "", start + rng.uniform(0, args.interval), number]
        for number in range(args.watchers)
    ]
    scorers = [
        Scorer(site.port, key, args.think, deadline, args.seed + index)
        for index, key in enumerate(seeded.scorer_keys)
    ]
    meter = WorkerMeter(site.process.pid)
    meter.start()
    clients_cpu = time.process_time()
    for scorer in scorers:
        scorer.start()
    processes = min(args.processes, max(1, args.watchers))
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        parts = pool.starmap(
            poll_process,
            [
                (
                    site.port,
                    watchers[k::processes],
                    args.interval,
                    deadline,
                    args.pool,
                    TOURNAMENT_PATHS,
                    True,
                )
                for k in range(processes)
            ],
        )
    for scorer in scorers:
        scorer.join(60)
    elapsed = time.monotonic() - start
    used = meter.stop()
    clients_cpu = time.process_time() - clients_cpu + sum(cpu for _part, cpu in parts)

    samples = [sample for part, _cpu in parts for sample in part]
    times = {"poll": [], "page": []}
    pages: dict[int, list] = {number: [] for number in range(args.watchers)}
    shown: dict[int, list] = {number: [] for number in range(args.watchers)}
    polls = []
    errors = 0
    for kind, status, seconds, sent, answered, name, version in samples:
        if status in (200, 304):
            times[kind].append(seconds * 1000)
            if kind == "page":
                pages[name].append((sent, answered))
                shown[name].append((sent, answered, version))
            elif status == 200:
                polls.append((sent, version))
        else:
            errors += 1
    saved_at = [moment for scorer in scorers for moment in scorer.saved_at]
    first, each, unseen = lags(saved_at, pages, deadline - args.interval - 1)
    shown_first, shown_each, shown_unseen, back = shown_lags(
        saved_at, polls, shown, deadline - args.interval - 1
    )
    failures = [failure for scorer in scorers for failure in scorer.failures]
    rows = {
        "deal preview": [s * 1000 for scorer in scorers for s in scorer.previews],
        "deal save": [s * 1000 for scorer in scorers for s in scorer.saves],
        "standings poll": times["poll"],
        "standings page": times["page"],
        "lag, first phone": first,
        "lag, each phone": each,
        "shown, first": shown_first,
        "shown, each": shown_each,
    }
    print(f"\n{args.seconds:g} s")
    print(f"{'':<18}{'count':>8}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for kind, values in rows.items():
        print(
            f"{kind:<18}{len(values):>8}{len(values) / args.seconds:>8.1f}"
            f"{percentile(values, 0.5):>9.1f}{percentile(values, 0.95):>9.1f}"
            f"{percentile(values, 0.99):>9.1f}"
        )
    print(
        f"failed requests: {errors} of the watchers', {len(failures)} of the scorers'; "
        f"(save, phone) unseen by the end: {unseen} (not shown: {shown_unseen}); "
        f"pages older than the phone's page before: {back}"
    )
    for failure in failures[:5]:
        print(f"  failure: {failure}")
    print(
        f"CPU (cores): server {used['cpu'] / elapsed:.2f} ({used['workers']} workers, the busiest "
        f"{used['busiest']:.0%}), clients {clients_cpu / elapsed:.2f}"
    )
    print(f"load average after: {load_average()}")
    return {
        **rows,
        "alone": alone,
        "errors": errors,
        "failures": failures,
        "unseen": unseen,
        "shown_unseen": shown_unseen,
        "back": back,
        "saved_at": saved_at,
    }


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=32, help="tables (pairs: twice as many)")
    parser.add_argument("--watchers", type=int, default=200, help="phones on the standings")
    parser.add_argument(
        "--think",
        type=lambda text: tuple(float(n) for n in text.split(",")),
        default=(2.0, 5.0),
        help="a scorer's pause before each deal, at random between the two (seconds)",
    )
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between polls")
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="postgres")
    parser.add_argument("--postgres-url", default=POSTGRES_URL)
    parser.add_argument("--redis-url", default=REDIS_URL, help='the cache ("" for none)')
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=0, help="threads a worker")
    parser.add_argument("--processes", type=int, default=2, help="watchers' client processes")
    parser.add_argument("--pool", type=int, default=16, help="connections a client process")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--keep-database", action="store_true", help="do not drop it at the end")
    parser.add_argument(
        "--plain-static",
        action="store_true",
        help="static files unhashed and uncompressed, without collectstatic (its own tests: "
        "compressing them is some 8 CPU-s, and no request measured here is for one)",
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="belot-tournament-") as folder:
        folder = Path(folder)
        if args.database == "postgres":
            prepare_postgres(args.postgres_url)
            url = args.postgres_url
        else:
            url = sqlite_url(folder / "db.sqlite3")
        env = site_env(url, static_root=None if args.plain_static else folder / "static")
        if args.redis_url:
            flush_redis(args.redis_url)
            env["REDIS_URL"] = args.redis_url
        site = Site(env, folder / "server.log", workers=args.workers, threads=args.threads)
        try:
            site.manage("migrate", "--noinput")
            if not args.plain_static:
                site.manage("collectstatic", "--noinput")
            seeded = seed_tournament(env, args.tables)
            with site:
                site.start()
                figures = run(args, site, seeded)
        finally:
            if args.redis_url:
                flush_redis(args.redis_url)
            if args.database == "postgres" and not args.keep_database:
                drop_postgres(args.postgres_url)
        tracebacks = (folder / "server.log").read_text(errors="replace").count("Traceback")
        print(f"server log: {tracebacks} tracebacks")
        return {**figures, "tracebacks": tracebacks}


def drop_postgres(url: str) -> None:
    """Drop the benchmark's database (prepare_postgres checked its name)."""
    import urllib.parse

    import psycopg

    parts = urllib.parse.urlsplit(url)
    admin = parts._replace(path="/postgres").geturl().replace("postgres://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


if __name__ == "__main__":
    main()
