"""Load benchmark: the site under granian on 127.0.0.1, driven by concurrent keep-alive clients.

Run from the project root:

    .venv/bin/python benchmarks/load.py --database sqlite     # or postgres
    options: --seconds 20 --solo-seconds 5 --clients 16 --deals 200 --workers 2 --profile
             --cache file|memory --no-keepalive --threads 8
    .venv/bin/python benchmarks/load.py --largest --database sqlite   # the largest allowed match

It makes a fresh database (a temporary SQLite file, or the PostgreSQL database belot_bench on
127.0.0.1), migrates it, collects static files into a temporary folder, seeds a match with
--deals deals, and starts the server as `make serve` does (belot_site/serve.py) with 2 workers.
The cache is each worker's memory, as in production without Redis (--cache file: a folder
shared by the workers). Then:

1. the mix, for --seconds: every client picks, each time, the rules page, the 200-deal match
   page as a watcher sees it first (200) or polls it (If-None-Match, 304), or enters a deal on
   its own match (preview, then save); latency and errors per kind;
2. one kind at a time, for --solo-seconds each, all clients on it: the throughput of the bare
   view (benchmarks/bench_urls.py) and of each page, and each page's share of the bare view's.

The clients say which encodings they take as Chromium does (BROWSER_ENCODINGS), so the rules
page comes compressed, as a phone gets it.

With --largest it measures, instead of the load, the largest allowed match (engine.MAX_DEALS
deals, once random and once all passed): one worker serves its watch page in 3 languages on 2
hosts, every game's page, and the scorer's page; render times and the worker's memory go to
docs/security.md.

Figures and targets go to docs/performance.md ("Load"). The server pieces (Site, Phone) are
also what tests/test_fault.py uses.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import platform
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from calculator import engine  # noqa: E402  (the pure engine: no Django needed)

LOOPBACK = "127.0.0.1"
# What Chromium says it takes: a phone gets the rules page compressed.
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"
POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/belot_bench"

# belot_site.settings gives these to its default SQLite file, but dj-database-url knows nothing
# of them: a sqlite:// DATABASE_URL without them would run without WAL, with deferred
# transactions and a 5 s lock timeout. The same ones, in the URL's query.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": "20",
    "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;PRAGMA busy_timeout=20000;",
}
# Settings that a developer's shell may carry and that would change what is measured.
UNSET = (
    "DJANGO_PRODUCTION",
    "DJANGO_SSL_REDIRECT",
    "DJANGO_PROXY_SSL_HEADER",
    "DJANGO_DEBUG",
    "DJANGO_CACHE_DIR",
    "DJANGO_CLIENT_IP_HEADER",
    "REDIS_URL",
    "WEB_CONCURRENCY",
    "BIND",
    "PORT",
)


# The server


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}?{urllib.parse.urlencode(SQLITE_OPTIONS)}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def site_env(database_url: str, *, static_root: Path | None = None) -> dict[str, str]:
    """The environment of a local, plain-HTTP site on ``database_url``."""
    env = {key: value for key, value in os.environ.items() if key not in UNSET}
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.bench_settings",
        DATABASE_URL=database_url,
        DJANGO_SECRET_KEY=secrets.token_urlsafe(40),
        DJANGO_ALLOWED_HOSTS=LOOPBACK,
        PYTHONUNBUFFERED="1",
    )
    if static_root is None:
        env.pop("DJANGO_STATIC_ROOT", None)
        env["BENCH_PLAIN_STATIC"] = "1"
    else:
        env.pop("BENCH_PLAIN_STATIC", None)
        env["DJANGO_STATIC_ROOT"] = str(static_root)
    return env


def stop_process(process: subprocess.Popen, *, group: bool = True, grace: float = 20) -> None:
    """SIGTERM, as a process manager stops a server, then SIGKILL if it has not ended after
    ``grace`` seconds; waits for it. ``group``: its whole process group (a server's workers, or
    make and the shell and the server under it), as it was started in a session of its own."""
    send = (lambda sig: os.killpg(process.pid, sig)) if group else process.send_signal
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):  # ended already
            send(sig)
        try:
            process.wait(grace)
            return
        except subprocess.TimeoutExpired:
            continue


class Site:
    """The site's server (belot_site/serve.py, as `make serve` starts it) on 127.0.0.1, in a
    process group of its own (so that a test can kill the main process and its workers at once)."""

    def __init__(self, env: dict[str, str], log: Path, *, workers: int = 2, threads: int = 0):
        self.env, self.log, self.workers, self.threads = env, log, workers, threads
        self.process: subprocess.Popen | None = None
        self.port = 0

    def manage(self, *args: str, timeout: float = 300) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            timeout=timeout,
            stdout=subprocess.DEVNULL,
        )

    def start(self, *, timeout: float = 30) -> None:
        """Start the server; a restart listens on the same port again."""
        self.port = self.port or free_port()
        env = {**self.env, "BIND": f"{LOOPBACK}:{self.port}", "WEB_CONCURRENCY": str(self.workers)}
        if self.threads:
            env["SERVER_THREADS"] = str(self.threads)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "belot_site.serve"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        self._wait_ready(timeout)

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start; see {self.log}")
            try:
                if Phone(self.port, timeout=2).get("/robots.txt").status == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"the server did not answer in {timeout} s; see {self.log}")

    def kill(self) -> None:
        """kill -9 the main process and every worker."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self._reap(10)

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
            self.process = None

    def _reap(self, timeout: float) -> None:
        if self.process is not None:
            self.process.wait(timeout)
            self.process = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


# The client


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def location(self) -> str:
        return self.headers.get("Location", "")

    @property
    def cookies(self) -> dict[str, str]:
        jar = SimpleCookie()
        for header in self.headers.get_all("Set-Cookie") or ():
            jar.load(header)
        return {name: morsel.value for name, morsel in jar.items()}

    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Phone:
    """One browser: a keep-alive connection to 127.0.0.1, its cookies and a CSRF token.

    Requests are sent once: a connection the server dropped is an error, except that with
    ``retry`` a request on a reused keep-alive connection that failed before any answer is
    sent again on a new one (a server may close a connection it kept alive). With
    ``encodings`` (e.g. BROWSER_ENCODINGS) it says which encodings it takes, as a browser does;
    the body is then kept as sent.
    """

    def __init__(
        self,
        port: int,
        *,
        timeout: float = 30,
        retry: bool = False,
        keepalive=True,
        referer=False,
        encodings="",
    ):
        self.port, self.timeout, self.retry, self.keepalive = port, timeout, retry, keepalive
        self.encodings = encodings
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.reconnects = 0
        # Per match: the version its deal page was made from, which the deal form posts back.
        self.versions: dict[str, str] = {}
        self._connection: http.client.HTTPConnection | None = None
        # With ``referer``, each request says which page it came from, as a browser does: the
        # last page (HTML) this phone was shown.
        self.referer = referer
        self.page = ""

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, fields: dict[str, str]) -> Reply:
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": self.csrf}).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        return self.request("POST", path, body, headers)

    def request(self, method, path, body=None, headers=None) -> Reply:
        headers = {**(headers or {}), "Host": f"{LOOPBACK}:{self.port}"}
        if self.encodings:
            headers.setdefault("Accept-Encoding", self.encodings)
        if not self.keepalive:
            headers["Connection"] = "close"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.referer and self.page:
            headers.setdefault("Referer", self.page)
        reused = self._connection is not None
        try:
            reply = self._send(method, path, body, headers)
        except (OSError, http.client.HTTPException) as error:
            self.close()
            dropped = isinstance(error, (ConnectionResetError, BrokenPipeError))
            if not (self.retry and reused and dropped):
                raise
            self.reconnects += 1
            reply = self._send(method, path, body, headers)
        for name, value in reply.cookies.items():
            if value:
                self.cookies[name] = value
            else:
                self.cookies.pop(name, None)
        if reply.status == 200 and reply.headers.get("Content-Type", "").startswith("text/html"):
            self.page = f"http://{LOOPBACK}:{self.port}{path}"
        return reply

    def _send(self, method, path, body, headers) -> Reply:
        if self._connection is None:
            self._connection = http.client.HTTPConnection(LOOPBACK, self.port, timeout=self.timeout)
        self._connection.request(method, path, body, headers)
        response = self._connection.getresponse()
        reply = Reply(response.status, response.headers, response.read())
        if response.will_close:
            self.close()
        return reply

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def start_match(self, team_a: str = "Ние", team_b: str = "Вие") -> str:
        """A new match through the form, as a browser would; its scorer key."""
        page = self.get("/bg/match/new/")
        self.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text())[1]
        reply = self.post("/bg/match/new/", {**MATCH_FIELDS, "team_a": team_a, "team_b": team_b})
        if reply.status != 302:
            raise RuntimeError(f"match not created: {reply.status}")
        return reply.location.split("/")[2]

    def page_version(self, key: str) -> str:
        """The version of the match the deal form was made from: the deal page is opened once,
        then each saved deal is one more (a refused one opens the page again)."""
        if key not in self.versions:
            page = self.get(f"/m/{key}/deal/").text()
            self.versions[key] = re.search(r'name="version" value="([0-9]+)"', page)[1]
        return self.versions[key]

    def preview(self, key: str, fields: dict[str, str]) -> tuple[Reply, dict[str, str]]:
        """The preview, and what Save sends with it (its key and the page's version)."""
        version = self.page_version(key)
        reply = self.post(f"/m/{key}/deal/", {**fields, "version": version, "action": "preview"})
        return reply, seen_in(reply)

    def save(self, key: str, fields: dict[str, str], seen: dict[str, str]) -> tuple[Reply, str]:
        reply = self.post(f"/m/{key}/deal/", {**fields, **seen, "action": "save"})
        outcome = save_outcome(reply, key)
        if outcome == "saved":
            self.versions[key] = str(int(seen["version"]) + 1)
        else:
            self.versions.pop(key, None)
        return reply, outcome

    def record_deal(self, key: str, fields: dict[str, str]) -> str:
        """Preview, then save: "saved", "conflict", or what else came back."""
        reply, seen = self.preview(key, fields)
        if reply.status != 200 or not seen:
            return f"preview {reply.status}"
        return self.save(key, fields, seen)[1]


def seen_in(preview: Reply) -> dict[str, str]:
    """A preview's key and version, which Save posts back; empty when nothing can be saved."""
    text = preview.text()
    key = re.search(r'name="preview_key" value="([0-9a-f]+)"', text)
    version = re.search(r'name="version" value="([0-9]+)"', text)
    return {"preview_key": key[1], "version": version[1]} if key and version else {}


MATCH_FIELDS = {
    "first_dealer": "0",
    "target": "151",
    "declaration_comparison": "separate",
    "contra_tie": "all_hang",
    "capot_cannot_end_game": "on",
}


def save_outcome(reply: Reply, key: str) -> str:
    """A save is acknowledged by a redirect to the match page; the same redirect with a message
    (a cookie) is the "already recorded" conflict."""
    if reply.status != 302 or reply.location != f"/m/{key}/":
        return f"status {reply.status}"
    return "conflict" if reply.cookies.get("messages") else "saved"


def deal_for(number: int) -> tuple[dict[str, str], engine.Deal]:
    """Deal ``number`` as the form takes it, and the engine's value: team A plays hearts, with
    card points that vary from deal to deal so that stored rows can be told apart."""
    points = 82 + (number * 37) % 79  # 82 to 160; 161 is impossible
    fields = {
        "number": str(number),
        "result": "played",
        "bidders": "A",
        "contract": "hearts",
        "double": "none",
        "points_team": "A",
        "card_points": str(points),
        "capot": "",
    }
    for team in "ab":
        for kind in ("terces", "quartes", "quintes", "belots"):
            fields[f"{kind}_{team}"] = "0"
    deal = engine.PlayedDeal(
        engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, points)
    )
    return fields, deal


# The benchmark


@dataclass
class Sample:
    kind: str
    seconds: float
    ok: bool


@dataclass
class User:
    """A simulated user: a browser, and a match of their own to enter deals on."""

    phone: Phone
    match_key: str
    next_number: int = 1


class Client(threading.Thread):
    """Runs ``pick`` for one user until the deadline (or ``limit`` requests), timing each."""

    def __init__(self, user: User, work: dict, pick, deadline: float, limit: int = 100_000):
        super().__init__(daemon=True)
        self.user, self.phone = user, user.phone
        self.work, self.pick, self.deadline, self.limit = work, pick, deadline, limit
        self.samples: list[Sample] = []
        self.failures: list[str] = []

    def run(self) -> None:
        rng = random.Random(self.name)
        while time.monotonic() < self.deadline and len(self.samples) < self.limit:
            kind = self.pick(rng)
            try:
                self.work[kind](self)
            except (OSError, http.client.HTTPException) as error:
                self.samples.append(Sample(kind, 0.0, False))
                self.failures.append(f"{kind}: {error!r}")
                self.phone.close()

    def timed(self, kind: str, send, expect) -> Reply:
        start = time.perf_counter()
        reply = send()
        ok = expect(reply)
        self.samples.append(Sample(kind, time.perf_counter() - start, ok))
        if not ok:
            self.failures.append(f"{kind}: {reply.status} {reply.text()[:200]!r}")
        return reply


@dataclass
class Seeded:
    scorer_key: str
    watch_key: str
    etag: str = ""


def work_kinds(seeded: Seeded) -> dict:
    """What a client does for each kind of request, with the answer it must get."""

    def status(code):
        return lambda reply: reply.status == code

    def deal(client: Client) -> None:
        phone, user = client.phone, client.user
        fields, _deal = deal_for(user.next_number)
        reply = client.timed(
            "deal preview", lambda: phone.preview(user.match_key, fields)[0], status(200)
        )
        seen = seen_in(reply)
        if not seen:
            return
        saved = client.timed(
            "deal save",
            lambda: phone.save(user.match_key, fields, seen)[0],
            lambda reply: save_outcome(reply, user.match_key) == "saved",
        )
        if save_outcome(saved, user.match_key) == "saved":
            user.next_number += 1

    match_url = f"/m/{seeded.watch_key}/"
    return {
        "bare view": lambda c: c.timed(
            "bare view", lambda: c.phone.get("/bench/bare/"), status(200)
        ),
        "rules page": lambda c: c.timed(
            "rules page", lambda: c.phone.get("/bg/rules/"), status(200)
        ),
        "match page": lambda c: c.timed("match page", lambda: c.phone.get(match_url), status(200)),
        "match page 304": lambda c: c.timed(
            "match page 304",
            lambda: c.phone.get(match_url, {"If-None-Match": seeded.etag}),
            status(304),
        ),
        "deal": deal,
    }


MIX = {"rules page": 30, "match page": 20, "match page 304": 30, "deal": 20}


class WorkerMeter(threading.Thread):
    """The CPU time each worker process spends while a phase runs, sampled from /proc (Linux).
    It shows whether the workers share the work: a keep-alive connection stays with the worker
    that accepted it."""

    def __init__(self, master: int):
        super().__init__(daemon=True)
        self.master, self.stopping = master, threading.Event()
        self.start_ticks = self.ticks()
        self.used: dict[int, int] = {}

    def ticks(self) -> dict[int, int]:
        found = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.master:  # the parent's pid; then utime and stime
                found[int(entry.name)] = int(fields[11]) + int(fields[12])
        return found

    def run(self) -> None:
        while not self.stopping.wait(0.2):
            self.sample()

    def sample(self) -> None:
        for pid, ticks in self.ticks().items():
            self.used[pid] = ticks - self.start_ticks.get(pid, 0)

    def stop(self) -> dict:
        self.stopping.set()
        self.join(5)
        self.sample()
        total = sum(self.used.values()) or 1
        busiest = max(self.used.values(), default=0) / total
        seconds = total / os.sysconf("SC_CLK_TCK")
        return {
            "workers": sum(1 for t in self.used.values() if t),
            "busiest": busiest,
            "cpu": seconds,
        }


def run_phase(users, seconds: float, seeded: Seeded, pick, site: Site) -> tuple[list, dict]:
    """Every user runs ``pick`` for ``seconds``; the clients, and how the workers shared it."""
    deadline = time.monotonic() + seconds
    work = work_kinds(seeded)
    threads = [Client(user, work, pick, deadline) for user in users]
    meter = WorkerMeter(site.process.pid)
    meter.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)
    return threads, meter.stop()


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarize(threads: list[Client], seconds: float) -> dict[str, dict]:
    by_kind: dict[str, list[Sample]] = defaultdict(list)
    for thread in threads:
        for sample in thread.samples:
            by_kind[sample.kind].append(sample)
    summary = {}
    for kind, samples in sorted(by_kind.items()):
        times = [s.seconds * 1000 for s in samples if s.ok]
        summary[kind] = {
            "count": len(samples),
            "rate": len(samples) / seconds,
            "p50": percentile(times, 0.50),
            "p95": percentile(times, 0.95),
            "p99": percentile(times, 0.99),
            "errors": sum(not s.ok for s in samples),
        }
    return summary


def print_table(title: str, summary: dict[str, dict], workers: dict | None = None) -> None:
    """One row per kind; with ``workers`` (kind -> WorkerMeter figures), how many workers did
    the work, and the busiest one's share of it."""
    print(f"\n{title}")
    columns = ["requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors"]
    columns += ["workers", "busiest"] if workers else []
    print(f"{'kind':<16}" + "".join(f"{column:>9}" for column in columns))
    for kind, row in summary.items():
        line = (
            f"{kind:<16}{row['count']:>9}{row['rate']:>9.1f}{row['p50']:>9.1f}"
            f"{row['p95']:>9.1f}{row['p99']:>9.1f}{row['errors']:>9}"
        )
        if workers:
            line += f"{workers[kind]['workers']:>9}{workers[kind]['busiest']:>9.0%}"
        print(line)


# Setting up


def prepare_postgres(url: str) -> None:
    """Drop and create the benchmark's own database (only one whose name starts belot_bench)."""
    import psycopg

    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    if parts.hostname not in {"127.0.0.1", "localhost"} or not name.startswith("belot_bench"):
        raise SystemExit("--postgres-url must name a belot_bench* database on 127.0.0.1")
    admin = parts._replace(path="/postgres").geturl().replace("postgres://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def flush_redis(url: str) -> None:
    """Empty the benchmark's Redis database (the one --redis-url names, and only that)."""
    import redis

    redis.Redis.from_url(url).flushdb()


def random_deals(count: int, seed: int) -> list:
    """``count`` random deals, those of benchmarks/engine.py."""
    from benchmarks.engine import random_deal

    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(count)]


def seed_match(env: dict[str, str], deals: int, seed: int, values: list | None = None) -> Seeded:
    """A match with ``deals`` random deals (or with ``values``), written straight to the
    database through the ORM in this process, then closed."""
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connections

    from calculator.models import Deal, Match

    values = random_deals(deals, seed) if values is None else values
    match = Match.objects.create(team_a="Ние", team_b="Вие")
    engine.fold_match(match.profile, match.first_dealer, values)
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(deal))
        for number, deal in enumerate(values, start=1)
    )
    connections.close_all()
    return Seeded(match.scorer_key, match.watch_key)


def profile_match_page(seeded: Seeded, repeat: int = 20) -> None:
    """Where the time goes: each page, and each stage of the match page, timed alone in this
    process (one thread, no server) on the same database; then cProfile of match pages."""
    import cProfile
    import pstats

    from django.db import connections
    from django.template.loader import render_to_string
    from django.test import Client as DjangoClient
    from django.test import RequestFactory
    from django.utils import translation

    from calculator.matches.presenters import match_context
    from calculator.matches.services import match_state
    from calculator.models import Match

    url = f"/m/{seeded.watch_key}/"
    browser, request = DjangoClient(HTTP_HOST=LOOPBACK), RequestFactory(HTTP_HOST=LOOPBACK).get(url)
    browser.get(url)  # templates compiled, translations loaded
    match = Match.objects.get(watch_key=seeded.watch_key)
    state = match_state(match)
    context = match_context(request, state, is_scorer=False)
    with translation.override("bg"):
        stages = {
            "bare view (test client)": lambda: browser.get("/bench/bare/"),
            "rules page (test client)": lambda: browser.get("/bg/rules/"),
            "match page (test client)": lambda: browser.get(url),
            "  its deals query": lambda: list(match.deals.all()),
            "  match_state (query, fold)": lambda: match_state(match),
            "  match_context": lambda: match_context(request, state, is_scorer=False),
            "  its template": lambda: render_to_string("calculator/match.html", context, request),
        }
        print(f"\nWhere the time goes, in this process (ms, best of {repeat}):")
        for name, stage in stages.items():
            print(f"  {name:<28}{best_ms(stage, repeat):>7.1f}")
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(repeat):
            browser.get(url)
        profiler.disable()
    connections.close_all()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def best_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def server_shape(threads: int) -> str:
    from belot_site.serve import threads_a_worker

    return f"granian, {threads or threads_a_worker()} threads a worker"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--postgres-url", default=POSTGRES_URL)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--solo-seconds", type=float, default=5)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--cache",
        choices=["file", "memory"],
        default="memory",
        help="memory (default, as production runs): each worker's own; "
        "file: a folder shared by the workers (DJANGO_CACHE_DIR)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile a match page too")
    parser.add_argument(
        "--largest",
        action="store_true",
        help="instead of the load: render time and worker memory for matches of MAX_DEALS "
        "deals (random deals; all passed), 3 languages x 2 hosts, one worker",
    )
    parser.add_argument(
        "--watchers",
        type=lambda text: [int(n) for n in text.split(",")],
        help="instead of the load: watchers polling their match's page, e.g. 1000,2000,3000 "
        "(4 a match), for --seconds each; the p95 of the poll's answer and N",
    )
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between polls")
    parser.add_argument("--deal-seconds", type=float, default=120, help="seconds between deals")
    parser.add_argument("--processes", type=int, default=2, help="client processes (watchers)")
    parser.add_argument("--pool", type=int, default=16, help="connections a client process")
    parser.add_argument("--redis-url", default="", help="REDIS_URL for the site (flushed first)")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: any free)")
    parser.add_argument(
        "--threads", type=int, default=0, help="threads a worker (default: belot_site/serve.py's)"
    )
    parser.add_argument(
        "--no-keepalive",
        dest="keepalive",
        action="store_false",
        help="a new connection for every request (as nginx talks to its upstream by default)",
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="belot-load-") as folder:
        folder = Path(folder)
        if args.database == "postgres":
            prepare_postgres(args.postgres_url)
            url = args.postgres_url
        else:
            url = sqlite_url(folder / "db.sqlite3")
        env = site_env(url, static_root=folder / "static")
        if args.cache == "file":
            env["DJANGO_CACHE_DIR"] = str(folder / "cache")
        if args.redis_url:
            flush_redis(args.redis_url)
            env["REDIS_URL"] = args.redis_url
        if args.largest:
            env["DJANGO_ALLOWED_HOSTS"] = f"{LOOPBACK},localhost"
        workers = 1 if args.largest else args.workers
        site = Site(env, folder / "server.log", workers=workers, threads=args.threads)
        site.port = args.port
        site.manage("migrate", "--noinput")
        site.manage("collectstatic", "--noinput")
        if args.largest:
            played = random_deals(engine.MAX_DEALS, args.seed)
            passed = [engine.AllPassed()] * engine.MAX_DEALS
            matches = {
                "random deals": (seed_match(env, 0, 0, played), games_of(played)),
                "all passed, one game": (seed_match(env, 0, 0, passed), games_of(passed)),
            }
            with site:
                site.start()
                run_largest(args, site, matches)
        elif args.watchers:
            tables = max(1, max(args.watchers) // 4)
            values = random_deals(args.deals, args.seed)
            matches = [seed_match(env, 0, 0, values) for _ in range(tables)]
            with site:
                site.start()
                run_watchers(args, site, matches)
        else:
            seeded = seed_match(env, args.deals, args.seed)
            with site:
                site.start()
                run_benchmark(args, site, seeded)
        if args.redis_url:
            flush_redis(args.redis_url)
        if args.profile and not (args.largest or args.watchers):
            profile_match_page(seeded)
        errors = (folder / "server.log").read_text(errors="replace")
        tracebacks = errors.count("Traceback")
        print(f"\nserver log: {tracebacks} tracebacks")


def run_benchmark(args, site: Site, seeded: Seeded) -> None:
    print(f"date {date.today()}, python {platform.python_version()}, {os.cpu_count()} cores")
    print(
        f"database {args.database}, {args.cache} cache, {args.workers} workers "
        f"({server_shape(args.threads)}), "
        f"{args.clients} clients "
        f"({'keep-alive' if args.keepalive else 'a connection per request'}), "
        f"match of {args.deals} deals"
    )
    print(f"load average before: {load_average()}")
    client_cpu = time.process_time()
    started = time.monotonic()
    users = []
    for index in range(args.clients):
        phone = Phone(site.port, retry=True, keepalive=args.keepalive, encodings=BROWSER_ENCODINGS)
        users.append(User(phone, phone.start_match(f"Ние {index}", "Вие")))
    seeded.etag = users[0].phone.get(f"/m/{seeded.watch_key}/").headers["ETag"]

    kinds, weights = zip(*MIX.items(), strict=True)

    def mixed_kind(rng):
        return rng.choices(kinds, weights)[0]

    mix, shared = run_phase(users, args.seconds, seeded, mixed_kind, site)
    mixed = summarize(mix, args.seconds)
    shares = ", ".join(f"{kind} {weight}%" for kind, weight in MIX.items())
    print_table(f"Mix for {args.seconds:g} s ({shares})", mixed)
    print(f"workers: {shared['workers']}, the busiest did {shared['busiest']:.0%} of the work")

    solo, sharing, failures = {}, {}, [failure for thread in mix for failure in thread.failures]
    for kind in ("bare view", "rules page", "match page", "match page 304"):
        threads, sharing[kind] = run_phase(
            users, args.solo_seconds, seeded, lambda rng, kind=kind: kind, site
        )
        solo[kind] = summarize(threads, args.solo_seconds)[kind]
        failures += [failure for thread in threads for failure in thread.failures]
    print_table(f"One kind at a time, all clients, {args.solo_seconds:g} s each", solo, sharing)

    bare = solo["bare view"]["rate"]
    print("\nTargets")
    report("no errors", not failures)
    for kind, share in (("rules page", 0.70), ("match page", 0.40)):
        got = solo[kind]["rate"] / bare
        report(
            f"{kind}: {got:.0%} of the bare view's throughput (target {share:.0%})", got >= share
        )
    worst = max(mixed, key=lambda kind: mixed[kind]["p95"])
    p95 = mixed[worst]["p95"]
    report(f"highest p95 in the mix: {p95:.0f} ms, {worst} (target under 150 ms)", p95 < 150)
    print(f"keep-alive reconnects: {sum(user.phone.reconnects for user in users)}")
    share = (time.process_time() - client_cpu) / (time.monotonic() - started)
    print(f"load average after: {load_average()}; the clients used {share:.2f} of a core")
    for failure in failures[:5]:
        print(f"  failure: {failure}")


# Watchers: many phones with a match's watch page open


MATCH_PATHS = ("/m/{key}/changes", "/m/{key}/")


SHOWN = re.compile(rb'id="live"[^>]* data-version="([^"]*)"')


def poll_loop(
    port: int,
    watchers: list[list],
    interval: float,
    deadline: float,
    paths=MATCH_PATHS,
    shown: bool = False,
) -> list:
    """One keep-alive connection (as a proxy keeps to its upstream) polling for ``watchers``,
    each ``[key, version, etag, due]`` (and, if given, a fifth item: its name in the results),
    every ``interval`` s from its own ``due``, as static/js/match.js does: the version
    (``paths[0]``), then the page (``paths[1]``) only when it changed. Returns (kind, status,
    seconds, sent, answered, name) per request, ``sent`` and ``answered`` on time.monotonic()'s
    clock (one for every process of the machine), the seconds of a poll counted from when it
    was due: a client that falls behind shows as latency, not as fewer requests.

    With ``shown``, a watcher keeps the version its page shows (``#live[data-version]``, which
    may be older than the poll's: the tournament's wall), as the script does, and each sample
    gets a seventh item: the version the poll answered, or the one the page shows."""
    import heapq

    queue = [(watcher[3], index) for index, watcher in enumerate(watchers)]
    heapq.heapify(queue)
    connection, results = None, []

    def get(path, headers):
        nonlocal connection
        try:
            connection = connection or http.client.HTTPConnection(LOOPBACK, port, timeout=30)
            connection.request("GET", path, headers={"Host": f"{LOOPBACK}:{port}", **headers})
            response = connection.getresponse()
            body = response.read()
            if response.will_close:
                connection.close()
                connection = None
            return response.status, response.headers, body
        except (OSError, http.client.HTTPException):
            if connection is not None:
                connection.close()
            connection = None
            return 0, {}, b""

    while queue:
        due, index = heapq.heappop(queue)
        if due > deadline:
            break
        time.sleep(max(0.0, due - time.monotonic()))
        key, version, etag = watchers[index][:3]
        name = watchers[index][4] if len(watchers[index]) > 4 else index
        sent = time.monotonic()
        status, _headers, body = get(paths[0].format(key=key), {})
        answered = time.monotonic()
        results.append(("poll", status, answered - due, sent, answered, name))
        if shown:
            results[-1] += (body.decode(),)
        if status == 200 and body.decode() != version:
            sent = time.monotonic()
            status, headers, page = get(
                paths[1].format(key=key), {"If-None-Match": etag} if etag else {}
            )
            answered = time.monotonic()
            results.append(("page", status, answered - sent, sent, answered, name))
            if status == 200:
                found = SHOWN.search(page) if shown else None
                seen = found[1].decode() if found else body.decode()
                watchers[index][1:3] = [seen, headers.get("ETag", "")]
            if shown:
                results[-1] += (watchers[index][1],)
        heapq.heappush(queue, (due + interval, index))
    return results


def poll_process(
    port: int,
    watchers: list[list],
    interval: float,
    deadline: float,
    pool: int,
    paths=MATCH_PATHS,
    shown: bool = False,
):
    """``pool`` connections in threads of this process, sharing ``watchers`` between them."""
    shares = [watchers[index::pool] for index in range(pool)]
    results: list[list] = [[] for _ in shares]

    def run(index):
        results[index] = poll_loop(port, shares[index], interval, deadline, paths, shown)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(pool)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [sample for part in results for sample in part], time.process_time()


class Scorers(threading.Thread):
    """The tables' scorers: each match gets a deal saved every ``every`` s on average, at
    random moments (preview, then save, through the site like a phone)."""

    def __init__(self, port: int, matches: list[Seeded], numbers: list[int], every: float):
        super().__init__(daemon=True)
        self.phone = Phone(port, retry=True)
        page = self.phone.get("/bg/match/new/")
        self.phone.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text())[1]
        self.matches, self.numbers, self.every = matches, numbers, every
        self.stopping = threading.Event()
        self.saved, self.failed = 0, []

    def run(self) -> None:
        rng = random.Random(12)
        while not self.stopping.wait(rng.expovariate(len(self.matches) / self.every)):
            index = rng.randrange(len(self.matches))
            number = self.numbers[index]
            outcome = self.phone.record_deal(self.matches[index].scorer_key, deal_for(number)[0])
            if outcome == "saved":
                self.numbers[index] += 1
                self.saved += 1
            else:
                self.failed.append(outcome)


def run_watchers(args, site: Site, matches: list[Seeded]) -> None:
    """For each N in --watchers: N watchers, 4 a match, each polling every --interval s."""
    import multiprocessing

    print(f"date {date.today()}, python {platform.python_version()}, {os.cpu_count()} cores")
    print(
        f"database {args.database}, {'Redis' if args.redis_url else args.cache} cache, "
        f"{args.workers} workers ({server_shape(args.threads)}), {len(matches)} matches of "
        f"{args.deals} deals, a poll every {args.interval:g} s, a deal saved on each match "
        f"every {args.deal_seconds:g} s on average; {args.processes} client processes with "
        f"{args.pool} keep-alive connections each"
    )
    phone = Phone(site.port)
    etags = [phone.get(f"/m/{m.watch_key}/").headers["ETag"] for m in matches]
    numbers = [args.deals + 1] * len(matches)
    fork = multiprocessing.get_context("fork")
    print(
        f"\n{'watchers':>8}{'polls/s':>9}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'errors':>7}"
        f"{'saves':>6}{'pages':>6}{'page p95':>9}  CPU: workers, clients (cores)"
    )
    passed = []
    for count in args.watchers:
        rng = random.Random(count)
        start = time.monotonic() + 1.0
        watchers = [
            [
                matches[i // 4].watch_key,
                "0",
                etags[i // 4],
                start + rng.uniform(0, args.interval),
            ]
            for i in range(count)
        ]
        deadline = start + args.seconds
        scorers = Scorers(site.port, matches[: max(1, count // 4)], numbers, args.deal_seconds)
        meter = WorkerMeter(site.process.pid)
        meter.start()
        scorers.start()
        with fork.Pool(args.processes) as pool:
            parts = pool.starmap(
                poll_process,
                [
                    (site.port, watchers[k :: args.processes], args.interval, deadline, args.pool)
                    for k in range(args.processes)
                ],
            )
        scorers.stopping.set()
        scorers.join(30)
        used = meter.stop()
        elapsed = time.monotonic() - start
        samples = [sample for part, _cpu in parts for sample in part]
        clients_cpu = sum(cpu for _part, cpu in parts)
        ok = {"poll": [], "page": []}
        errors = 0
        for kind, status, seconds, *_when in samples:
            if status in (200, 304):
                ok[kind].append(seconds * 1000)
            else:
                errors += 1
        polls, p95 = ok["poll"], percentile(ok["poll"], 0.95)
        print(
            f"{count:>8}{len(polls) / args.seconds:>9.0f}{percentile(polls, 0.5):>8.1f}"
            f"{p95:>8.1f}{percentile(polls, 0.99):>8.1f}{errors:>7}{scorers.saved:>6}"
            f"{len(ok['page']):>6}{percentile(ok['page'], 0.95):>9.1f}"
            f"  {used['cpu'] / elapsed:.2f}, {clients_cpu / elapsed:.2f}"
        )
        for failure in scorers.failed[:3]:
            print(f"  save failed: {failure}")
        if p95 < 50 and not errors and not scorers.failed:
            passed.append(count)
    best = max(passed, default=0)
    print("\nTargets")
    report(
        f"watchers with the poll's p95 under 50 ms: {best} (target at least 2,000)", best >= 2000
    )


# The largest allowed match


LANGUAGES = ("bg", "uk", "ru")


def worker_pids(master: int) -> list[int]:
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == master:
                found.append(int(entry.name))
    return found


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def fetch_as(port: int, path: str, host: str, language: str) -> tuple[int, float, int]:
    """One GET on a new connection, as a visitor of ``host`` speaking ``language``:
    (status, milliseconds, bytes)."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=120)
    started = time.perf_counter()
    connection.request("GET", path, headers={"Host": host, "Accept-Language": language})
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - started) * 1000
    connection.close()
    return response.status, elapsed, len(body)


def games_of(values: list, profile=engine.DEFAULT_PROFILE) -> int:
    return engine.fold_match(profile, 0, values).game


def run_largest(args, site: Site, matches: dict[str, tuple[Seeded, int]]) -> None:
    """One worker serves the largest allowed match to watchers in 3 languages on 2 hosts: the
    default page, then every game's page (?game=N); the scorer's page (never kept) alone.
    Render times as a client sees them; the worker's resident memory after each step."""
    hosts = [f"{LOOPBACK}:{site.port}", f"localhost:{site.port}"]
    (worker,) = worker_pids(site.process.pid)
    for language in LANGUAGES:  # templates compiled, translations loaded in every language
        fetch_as(site.port, f"/{language}/rules/", hosts[0], language)
    print(f"date {date.today()}, python {platform.python_version()}, {os.cpu_count()} cores")
    print(f"database {args.database}, 1 worker, {engine.MAX_DEALS} deals a match")
    print(f"worker memory after warming up: {rss_mb(worker):.0f} MB")
    failures = 0
    for name, (seeded, games) in matches.items():
        print(f"\nmatch: {name}, {games} games")
        variants = [(host, language) for host in hosts for language in LANGUAGES]
        watch = f"/m/{seeded.watch_key}/"
        first, again, sizes = [], [], []
        for host, language in variants:
            status, ms, size = fetch_as(site.port, watch, host, language)
            failures += status != 200
            first.append(ms)
            sizes.append(size)
            again.append(fetch_as(site.port, watch, host, language)[1])
        print(
            f"  watch page, 3 languages x 2 hosts: rendered {min(first):.0f} to "
            f"{max(first):.0f} ms, from the store {min(again):.1f} to {max(again):.1f} ms, "
            f"{max(sizes) / 1024:.0f} KB; worker {rss_mb(worker):.0f} MB"
        )
        scorer = []
        for _ in range(5):
            status, ms, size = fetch_as(site.port, f"/m/{seeded.scorer_key}/", hosts[0], "bg")
            failures += status != 200
            scorer.append(ms)
        print(
            f"  scorer page (never kept): median {sorted(scorer)[2]:.0f} ms, {size / 1024:.0f} KB"
        )
        times, sizes = [], []
        for game in range(1, games + 1):
            for host, language in variants:
                status, ms, size = fetch_as(site.port, f"{watch}?game={game}", host, language)
                failures += status != 200
                times.append(ms)
                sizes.append(size)
        median = sorted(times)[len(times) // 2]
        print(
            f"  every game's page ({len(times)} pages): median {median:.0f} ms, "
            f"slowest {max(times):.0f} ms, largest {max(sizes) / 1024:.0f} KB; "
            f"worker {rss_mb(worker):.0f} MB"
        )
    print(f"\nworker memory at the end: {rss_mb(worker):.0f} MB; failed requests: {failures}")


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def report(what: str, met: bool) -> None:
    print(f"  {'met ' if met else 'MISSED'}  {what}")


if __name__ == "__main__":
    main()
