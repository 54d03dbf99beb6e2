"""PostgreSQL stops answering: how long the site's health check and pages take to say so, on every
server thread, and how soon it serves again once the database answers.

Run from the project root (a PostgreSQL server on 127.0.0.1:5432 that user postgres may use):

    .venv/bin/python benchmarks/outage.py
    options: --postgres-url postgres://postgres@127.0.0.1:5432/belot_outage --threads 4

It makes the database afresh, migrates it and starts the server as `make serve` does
(belot_site/serve.py), one worker of --threads threads, reaching PostgreSQL through a TCP relay
on 127.0.0.1. Once every thread holds a kept connection, the relay freezes: nothing goes through
either way, connections stay open and new ones are taken and held, as with a frozen proxy, a
stopped server process or a network that drops every packet. Then, while it stays frozen:
twice as many /healthz as threads at once, then as many match pages. Then the relay thaws, and
/healthz is asked until it says "ok" and the pages until every thread serves them again.
Figures go to docs/security.md ("When the database stops answering"); tests/test_outage.py
holds what they show.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import socket
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.load import LOOPBACK, Phone, Site, site_env  # noqa: E402

POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/belot_outage"


class Relay:
    """A TCP relay on 127.0.0.1 to ``target`` that can be frozen and thawed.

    Frozen, it passes nothing either way, closes nothing and takes new connections without
    passing them on; what it held goes through when it thaws. The kernel keeps acknowledging
    what is sent to it, so TCP alone never notices: only a bound on waiting for an answer does.
    """

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.server = socket.create_server((LOOPBACK, 0))
        self.port = self.server.getsockname()[1]
        self.flowing = threading.Event()
        self.flowing.set()
        self.lock = threading.Lock()
        self.open = 0  # connections from the site that are still open
        self.sockets: list[socket.socket] = []

    def start(self) -> Relay:
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def freeze(self) -> None:
        self.flowing.clear()

    def thaw(self) -> None:
        self.flowing.set()

    def close(self) -> None:
        self.thaw()
        with contextlib.suppress(OSError):
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()
        for end in self.sockets:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def _accept(self) -> None:
        while True:
            try:
                inbound, _address = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(inbound,), daemon=True).start()

    def _relay(self, inbound: socket.socket) -> None:
        with self.lock:
            self.open += 1
        self.flowing.wait()
        try:
            outbound = socket.create_connection(self.target)
        except OSError:
            inbound.close()
            self._closed()
            return
        self.sockets += [inbound, outbound]
        threading.Thread(target=self._pipe, args=(outbound, inbound), daemon=True).start()
        self._pipe(inbound, outbound)
        self._closed()

    def _closed(self) -> None:
        with self.lock:
            self.open -= 1

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                self.flowing.wait()
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)


def fresh_database(url: str) -> None:
    """Drop and create the database of ``url`` (its server's "postgres" database is asked)."""
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    admin = urlunsplit(urlsplit(url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        db.execute(f'CREATE DATABASE "{name}"')


def through(url: str, port: int) -> str:
    """``url`` with its host and port replaced by the relay's."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    if parts.password:
        user = f"{parts.username}:{parts.password}@"
    return urlunsplit(parts._replace(netloc=f"{user}{LOOPBACK}:{port}"))


@contextlib.contextmanager
def site_behind(relay_url: str, direct_url: str, log: Path, threads: int):
    """The server on a fresh database reached through ``relay_url``, migrated directly."""
    fresh_database(direct_url)
    Site(site_env(direct_url), log).manage("migrate", "--noinput")
    site = Site(site_env(relay_url), log, workers=1, threads=threads)
    site.start()
    try:
        yield site
    finally:
        site.stop()


@contextlib.contextmanager
def outage_setup(postgres_url: str, folder: Path, threads: int):
    """The relay to ``postgres_url``'s server and the site behind it: (relay, site)."""
    parts = urlsplit(postgres_url)
    relay = Relay((parts.hostname or LOOPBACK, parts.port or 5432)).start()
    try:
        with site_behind(
            through(postgres_url, relay.port), postgres_url, folder / "server.log", threads
        ) as site:
            yield relay, site
    finally:
        relay.close()


@dataclass
class Answer:
    status: int
    body: bytes
    seconds: float


def ask(port: int, path: str, timeout: float = 120) -> Answer:
    """GET ``path`` on a connection of its own; no answer within ``timeout`` is status 0."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        connection.request("GET", path, headers={"Host": LOOPBACK, "Connection": "close"})
        response = connection.getresponse()
        return Answer(response.status, response.read(), time.monotonic() - started)
    except (OSError, http.client.HTTPException) as error:
        return Answer(0, repr(error).encode(), time.monotonic() - started)
    finally:
        connection.close()


def at_once(port: int, paths: list[str]) -> list[Answer]:
    """Each of ``paths`` asked at the same moment, each on its own connection."""
    answers: list[Answer | None] = [None] * len(paths)
    start = threading.Barrier(len(paths))

    def one(index: int) -> None:
        start.wait()
        answers[index] = ask(port, paths[index])

    workers = [threading.Thread(target=one, args=(i,)) for i in range(len(paths))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return answers


def hold_a_connection_on_every_thread(site, relay: Relay, watch_page: str, threads: int) -> int:
    """Ask pages at once until each server thread keeps a database connection (through the
    relay): the rounds it took."""
    for rounds in range(1, 101):
        at_once(site.port, [watch_page] * threads * 2)
        if relay.open >= threads:
            return rounds
    raise RuntimeError(f"{relay.open} of {threads} threads hold a connection after 100 rounds")


def back_on_every_thread(site, paths: list[str], rounds: int = 120) -> float:
    """Seconds until every one of ``paths``, asked at once, is served (200) again."""
    started = time.monotonic()
    for _round in range(rounds):
        if all(answer.status == 200 for answer in at_once(site.port, paths)):
            return time.monotonic() - started
        time.sleep(0.5)
    raise RuntimeError("the site did not serve again")


def spread(answers: list[Answer]) -> str:
    seconds = sorted(answer.seconds for answer in answers)
    statuses = sorted({answer.status for answer in answers})
    return f"{', '.join(map(str, statuses))} in {seconds[0]:.2f} to {seconds[-1]:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres-url", default=POSTGRES_URL)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    print(f"date {date.today()}, python {platform.python_version()}, {cores} cores")
    threads = args.threads
    with (
        tempfile.TemporaryDirectory() as folder,
        outage_setup(args.postgres_url, Path(folder), threads) as (relay, site),
    ):
        key = Phone(site.port).start_match()
        watch = f"/m/{key}/"
        rounds = hold_a_connection_on_every_thread(site, relay, watch, threads)
        print(f"granian, 1 worker of {threads} threads, each with a connection ({rounds} rounds)")
        print(f"/healthz before: {spread(at_once(site.port, ['/healthz'] * threads))}")
        relay.freeze()
        checks = at_once(site.port, ["/healthz"] * threads * 2)
        print(f"frozen, /healthz x {len(checks)}: {spread(checks)}")
        print(f"  {json.loads(checks[0].body)}")
        pages = at_once(site.port, [watch] * threads * 2)
        print(f"frozen, the match page x {len(pages)}: {spread(pages)}")
        relay.thaw()
        healthy = back_on_every_thread(site, ["/healthz"])
        print(f"thawed: /healthz ok again after {healthy:.2f} s")
        every = back_on_every_thread(site, [watch] * threads * 2)
        print(f"thawed: the match page served on every thread after {every:.2f} s more")


if __name__ == "__main__":
    main()
