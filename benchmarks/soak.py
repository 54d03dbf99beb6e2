"""Soak test: the largest allowed matches served for a long while to hostile clients, while
watchers follow their own matches. The worker's memory must stay flat and the watchers' answers
quick.

Run from the project root:

    .venv/bin/python benchmarks/soak.py --database sqlite
    .venv/bin/python benchmarks/soak.py --database postgres --redis-url redis://127.0.0.1:6379/6
    options: --rounds 20 --round-seconds 15 --hostile 8 --watchers 40 --workers 1

It makes a fresh database as benchmarks/load.py does (a temporary SQLite file, or the PostgreSQL
database belot_bench_soak on 127.0.0.1), seeds two matches of engine.MAX_DEALS deals (random
deals, and all passed) and ten ordinary matches of 30 deals, and starts the server as `make
serve` does, with one worker. Then:

1. quiet: the watchers alone (4 a match on the ordinary ones, each polling every 2 s as
   static/js/match.js does, loading the page when it changed), for --round-seconds;
2. --rounds rounds of --round-seconds each: the same watchers, and --hostile clients that each,
   as fast as they are answered, ask for one of the largest matches' pages in a random language
   on a random host: the watch page with an unknown query parameter (?utm=<random>), a random
   game's page (?game=N) and page of its deals (&page=P), a page of the score sheet, or import
   the largest match's file; meanwhile a scorer corrects the random largest match's last deal
   every 3 s, so that every page of it is rendered anew, and a deal is saved on each ordinary
   match every 20 s, so that the watchers load their pages again.

After each round: the worker's resident memory (VmRSS), the watchers' p95, what the hostile
clients got (statuses, median and p95 time), and with --redis-url the memory Redis uses. The
memory is flat when the worker grows by at most --flat-mb (5 MB) from the middle round to the
last. Figures go to docs/security.md and docs/performance.md ("The largest allowed match").
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import re
import secrets
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.load import (  # noqa: E402
    LANGUAGES,
    LOOPBACK,
    Phone,
    Scorers,
    Seeded,
    Site,
    deal_for,
    flush_redis,
    percentile,
    poll_loop,
    prepare_postgres,
    random_deals,
    rss_mb,
    seed_match,
    seen_in,
    site_env,
    sqlite_url,
    worker_pids,
)
from calculator import engine  # noqa: E402

POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/belot_bench_soak"
SHEET_ROWS = 400  # calculator.matches.history.SHEET_ROWS: deals on a page of the score sheet
HISTORY_ROWS = 100  # calculator.matches.history.HISTORY_ROWS: a page of a game's history


class Hostile(threading.Thread):
    """One hostile client: the largest matches' pages, every variation it can think of."""

    def __init__(self, port: int, largest: list[tuple[Seeded, int]], upload: bytes, seed: int):
        super().__init__(daemon=True)
        self.port, self.largest, self.upload = port, largest, upload
        self.rng = random.Random(seed)
        self.hosts = [f"{LOOPBACK}:{port}", f"localhost:{port}"]
        self.results: list[tuple[str, int, float]] = []  # (kind, status, ms)
        self.stopping = threading.Event()
        self.importer = Phone(port, retry=True)

    def run(self) -> None:
        kinds = ("unknown parameter", "game page", "sheet page", "import")
        while not self.stopping.is_set():
            kind = self.rng.choices(kinds, (30, 40, 25, 5))[0]
            try:
                status, ms = self.send(kind)
            except (OSError, http.client.HTTPException):
                status, ms = 0, 0.0
            self.results.append((kind, status, ms))

    def send(self, kind: str) -> tuple[int, float]:
        if kind == "import":
            return self.import_file()
        seeded, games = self.rng.choice(self.largest)
        path = f"/m/{seeded.watch_key}/"
        if kind == "unknown parameter":
            path += f"?utm={secrets.token_hex(6)}"
        elif kind == "game page":
            game = self.rng.randint(1, games)
            page = self.rng.randint(1, max(1, engine.MAX_DEALS // HISTORY_ROWS // games))
            path += f"?game={game}" + (f"&page={page}" if page > 1 else "")
        else:
            page = self.rng.randint(1, engine.MAX_DEALS // SHEET_ROWS)
            path += "sheet/" + (f"?page={page}" if page > 1 else "")
        return fetch(self.port, path, self.rng.choice(self.hosts), self.rng.choice(LANGUAGES))

    def import_file(self) -> tuple[int, float]:
        started = time.perf_counter()
        if not self.importer.csrf:
            page = self.importer.get("/bg/").text()
            self.importer.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        boundary = secrets.token_hex(8)
        parts = [
            f"--{boundary}",
            'Content-Disposition: form-data; name="csrfmiddlewaretoken"',
            "",
            self.importer.csrf,
            f"--{boundary}",
            'Content-Disposition: form-data; name="file"; filename="m.json"',
            "Content-Type: application/json",
            "",
            "",
        ]
        body = "\r\n".join(parts).encode() + self.upload + f"\r\n--{boundary}--\r\n".encode()
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        reply = self.importer.request("POST", "/bg/match/import/", body, headers)
        return reply.status, (time.perf_counter() - started) * 1000


def fetch(port: int, path: str, host: str, language: str) -> tuple[int, float]:
    """One GET on a new connection, following no redirect: (status, milliseconds)."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=60)
    started = time.perf_counter()
    try:
        connection.request("GET", path, headers={"Host": host, "Accept-Language": language})
        response = connection.getresponse()
        response.read()
        return response.status, (time.perf_counter() - started) * 1000
    finally:
        connection.close()


class Corrector(threading.Thread):
    """Corrects the last deal of one match every ``every`` seconds, as a scorer does (preview,
    then save): each correction makes every page of the match new."""

    def __init__(self, port: int, seeded: Seeded, every: float):
        super().__init__(daemon=True)
        self.phone, self.seeded, self.every = Phone(port, retry=True), seeded, every
        self.stopping = threading.Event()
        self.saved, self.failed = 0, Counter()

    def run(self) -> None:
        page = self.phone.get("/bg/match/new/").text()
        self.phone.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        url = f"/m/{self.seeded.scorer_key}/deal/{engine.MAX_DEALS}/"
        turn = 0
        while not self.stopping.wait(self.every):
            turn += 1
            fields = {**deal_for(turn)[0], "number": str(engine.MAX_DEALS)}
            preview = self.phone.post(url, {**fields, "action": "preview"})
            seen = seen_in(preview)
            saved = self.phone.post(url, {**fields, **seen, "action": "save"}) if seen else preview
            if saved.status == 302:
                self.saved += 1
            else:
                self.failed[saved.status] += 1


def watch(port: int, matches: list[Seeded], count: int, seconds: float) -> list:
    """``count`` watchers (4 a match) for ``seconds`` on 4 connections; poll_loop's samples."""
    start = time.monotonic() + 0.5
    rng = random.Random(count)
    watchers = [
        [matches[i // 4 % len(matches)].watch_key, "0", "", start + rng.uniform(0, 2.0)]
        for i in range(count)
    ]
    shares = [watchers[index::4] for index in range(4)]
    results: list[list] = [[] for _ in shares]

    def run(index):
        results[index] = poll_loop(port, shares[index], 2.0, start + seconds)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [sample for part in results for sample in part]


def watchers_p95(samples: list) -> tuple[float, float, int]:
    """The p95 (ms) of the watchers' polls and page loads, and how many of them failed."""
    polls = [s * 1000 for kind, status, s in samples if kind == "poll" and status in (200, 304)]
    pages = [s * 1000 for kind, status, s in samples if kind == "page" and status in (200, 304)]
    errors = sum(status not in (200, 304) for _kind, status, _s in samples)
    return percentile(polls, 0.95), percentile(pages, 0.95), errors


def redis_mb(url: str) -> str:
    if not url:
        return ""
    import redis

    info = redis.Redis.from_url(url).info("memory")
    return f", Redis {info['used_memory'] / 2**20:.1f} MB"


def export_of(values: list) -> bytes:
    data = engine.match_to_dict(engine.DEFAULT_PROFILE, 0, values)
    return json.dumps(data, separators=(",", ":")).encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--postgres-url", default=POSTGRES_URL)
    parser.add_argument("--redis-url", default="", help="REDIS_URL for the site (flushed first)")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--round-seconds", type=float, default=15)
    parser.add_argument("--hostile", type=int, default=8, help="hostile clients")
    parser.add_argument("--watchers", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--flat-mb", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="belot-soak-") as folder:
        folder = Path(folder)
        if args.database == "postgres":
            prepare_postgres(args.postgres_url)
            url = args.postgres_url
        else:
            url = sqlite_url(folder / "db.sqlite3")
        env = site_env(url, static_root=folder / "static")
        env["DJANGO_ALLOWED_HOSTS"] = f"{LOOPBACK},localhost"
        if args.redis_url:
            flush_redis(args.redis_url)
            env["REDIS_URL"] = args.redis_url
        site = Site(env, folder / "server.log", workers=args.workers)
        site.manage("migrate", "--noinput")
        site.manage("collectstatic", "--noinput")
        # The last deal one that can be corrected (played, not all passed).
        played = random_deals(engine.MAX_DEALS - 1, args.seed) + [deal_for(1)[1]]
        passed = [engine.AllPassed()] * engine.MAX_DEALS
        largest = [
            (
                seed_match(env, 0, 0, played),
                engine.fold_match(engine.DEFAULT_PROFILE, 0, played).game,
            ),
            (seed_match(env, 0, 0, passed), 1),
        ]
        ordinary = [seed_match(env, 30, args.seed + n) for n in range(10)]
        with site:
            site.start()
            soak(args, site, largest, ordinary, export_of(played))
        log = (folder / "server.log").read_text(errors="replace")
        print(f"server log: {log.count('Traceback')} tracebacks")


def soak(args, site: Site, largest, ordinary, upload: bytes) -> None:
    workers = worker_pids(site.process.pid)
    print(f"date {date.today()}, python {platform.python_version()}, {os.cpu_count()} cores")
    print(
        f"database {args.database}, {'Redis' if args.redis_url else 'memory'} cache, "
        f"{len(workers)} worker(s); 2 matches of {engine.MAX_DEALS} deals "
        f"({largest[0][1]} games; all passed), {args.watchers} watchers on 10 matches, "
        f"{args.hostile} hostile clients; {args.rounds} rounds of {args.round_seconds:g} s"
    )
    for language in LANGUAGES:  # templates compiled, translations loaded in every language
        fetch(site.port, f"/{language}/rules/", f"{LOOPBACK}:{site.port}", language)
    memory = lambda: sum(rss_mb(pid) for pid in workers)  # noqa: E731
    quiet = watchers_p95(watch(site.port, ordinary, args.watchers, args.round_seconds))
    print(
        f"\nquiet: watchers' poll p95 {quiet[0]:.1f} ms, page p95 {quiet[1]:.1f} ms, "
        f"errors {quiet[2]}; worker {memory():.0f} MB{redis_mb(args.redis_url)}"
    )
    print(
        f"\n{'round':>5}{'worker MB':>10}{'poll p95':>9}{'page p95':>9}{'hostile':>8}"
        f"{'p50 ms':>8}{'p95 ms':>8}  statuses"
    )
    scorer = Corrector(site.port, largest[0][0], 3.0)
    scorer.start()
    tables = Scorers(site.port, ordinary, [31] * len(ordinary), 20.0)  # the watchers' matches
    tables.start()
    rss, by_kind, totals = [], defaultdict(list), Counter()
    for number in range(1, args.rounds + 1):
        hostile = [
            Hostile(site.port, largest, upload, seed=number * 100 + index)
            for index in range(args.hostile)
        ]
        for client in hostile:
            client.start()
        samples = watch(site.port, ordinary, args.watchers, args.round_seconds)
        for client in hostile:
            client.stopping.set()
        for client in hostile:
            client.join(120)
        results = [result for client in hostile for result in client.results]
        for kind, status, ms in results:
            by_kind[kind].append((status, ms))
        statuses = Counter(status for _kind, status, _ms in results)
        totals.update((kind, status) for kind, status, _ms in results)
        times = [ms for _kind, status, ms in results if status]
        poll, page, _errors = watchers_p95(samples)
        rss.append(memory())
        print(
            f"{number:>5}{rss[-1]:>10.0f}{poll:>9.1f}{page:>9.1f}{len(results):>8}"
            f"{percentile(times, 0.5):>8.0f}{percentile(times, 0.95):>8.0f}  "
            + ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items()))
            + redis_mb(args.redis_url)
        )
    for writer in (scorer, tables):
        writer.stopping.set()
        writer.join(30)
    print(
        f"\nthe largest match's last deal corrected {scorer.saved} times (failed: "
        f"{dict(scorer.failed)}); {tables.saved} deals saved on the watchers' matches (failed: "
        f"{len(tables.failed)})"
    )
    print("hostile requests by kind: count, statuses, median and p95 ms")
    for kind, results in sorted(by_kind.items()):
        times = [ms for status, ms in results if status]
        statuses = Counter(status for status, _ms in results)
        print(
            f"  {kind}: {len(results)}, {dict(sorted(statuses.items()))}, "
            f"{percentile(times, 0.5):.0f} / {percentile(times, 0.95):.0f} ms"
        )
    middle, last = rss[len(rss) // 2 - 1], rss[-1]
    flat = last - middle <= args.flat_mb
    print(
        f"worker memory: {rss[0]:.0f} MB after round 1, {middle:.0f} MB after round "
        f"{len(rss) // 2}, {last:.0f} MB at the end, the most {max(rss):.0f} MB: "
        f"{'flat' if flat else 'GROWING'} (at most {args.flat_mb:g} MB from the middle round)"
    )


if __name__ == "__main__":
    main()
