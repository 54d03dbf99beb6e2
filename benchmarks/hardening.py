"""The hardening probe's numbers, measured again on the real server.

Run from the project root:

    .venv/bin/python benchmarks/hardening.py

Each part starts the server as `make serve` does (belot_site/serve.py, one worker) on a
temporary SQLite database, on 127.0.0.1, as the proxy would pass requests on:

1. Forged addresses: 800 wrong match keys and 40 wrong admin passwords from one visitor, each
   with the proxy's address header and what a client adds to pass for someone else (its own
   ``X-Real-IP``, ``X_Real_IP``, ``X-Forwarded-For``, ``X_Forwarded_For``, a different value every
   time). With ``DJANGO_CLIENT_IP_HEADER=HTTP_FORWARDED`` (the README's), then with
   ``HTTP_X_REAL_IP`` and the header sent twice, then with ``HTTP_X_REAL_IP`` and a client's
   ``X_Real_IP``, which only the proxy can drop. The probe: none of 800 and 40 limited.
2. A dead Redis: 16 threads of one worker asking pages at once, for 2 s, with ``REDIS_URL`` at a
   closed port; how many times the log says so. The probe: 16 lines in 1.1 s.
3. TRACE and OPTIONS on pages: the status and Allow. The probe: 200 with the page.

Figures go to docs/security.md ("Measured on the real server").
"""

from __future__ import annotations

import http.client
import os
import platform
import re
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.load import LOOPBACK, Phone, Site, site_env, sqlite_url  # noqa: E402

VISITOR = "203.0.113.9"


def send(port: int, method: str, path: str, lines: list[tuple[str, str]], body=b"") -> int:
    """One request with exactly these header lines (repeated names and underscores kept)."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=60)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for name, value in [("Host", LOOPBACK), *lines]:
            connection.putheader(name, value)
        if body:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body or None)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def client_additions(n: int) -> list[tuple[str, str]]:
    n %= 250
    return [
        ("X-Real-IP", f"10.0.0.{n}"),
        ("X_Real_IP", f"10.0.1.{n}"),
        ("X-Forwarded-For", f"10.0.2.{n}"),
        ("X_Forwarded_For", f"10.0.3.{n}"),
    ]


CASES = {
    "HTTP_FORWARDED": lambda n: [("Forwarded", f"for={VISITOR}"), *client_additions(n)],
    "HTTP_X_REAL_IP, sent twice": lambda n: [
        ("X-Real-IP", VISITOR),
        ("X-Real-IP", f"10.0.0.{n % 250}"),
    ],
    "HTTP_X_REAL_IP, a client's X_Real_IP": lambda n: [
        ("X-Real-IP", VISITOR),
        ("X_Real_IP", f"10.0.1.{n % 250}"),
    ],
}


def wrong_keys(port: int, lines) -> Counter:
    return Counter(send(port, "GET", f"/m/wrong{n:019d}/", lines(n)) for n in range(800))


def wrong_passwords(port: int, lines) -> Counter:
    phone = Phone(port)
    page = phone.get("/admin/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text())[1]
    cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    body = f"csrfmiddlewaretoken={token}&username=admin&password=wrong&next=/admin/".encode()
    form = [("Cookie", cookie), ("Content-Type", "application/x-www-form-urlencoded")]
    return Counter(send(port, "POST", "/admin/login/", [*form, *lines(n)], body) for n in range(40))


def forged_addresses(folder: Path) -> None:
    print("1. forged addresses: 800 wrong keys, then 40 wrong admin passwords, one visitor")
    for number, (case, lines) in enumerate(CASES.items()):
        header = case.split(",")[0]
        env = {**site_env(sqlite_url(folder / f"forged{number}.sqlite3"))}
        env["DJANGO_CLIENT_IP_HEADER"] = header
        site = Site(env, folder / f"forged{number}.log", workers=1)
        site.manage("migrate", "--noinput")
        with site:
            site.start()
            keys, passwords = wrong_keys(site.port, lines), wrong_passwords(site.port, lines)
        keys, passwords = dict(sorted(keys.items())), dict(sorted(passwords.items()))
        print(f"   {case}: keys {keys}, passwords {passwords}")


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def dead_redis(folder: Path) -> None:
    env = {**site_env(sqlite_url(folder / "redis.sqlite3"))}
    env["REDIS_URL"] = f"redis://{LOOPBACK}:{closed_port()}/0"
    site = Site(env, folder / "redis.log", workers=1, threads=16)
    site.manage("migrate", "--noinput")
    with site:
        site.start()
        started, asked = time.monotonic(), 0
        while time.monotonic() - started < 2:
            threads = [
                threading.Thread(target=send, args=(site.port, "GET", "/bg/rules/", []))
                for _ in range(16)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            asked += 16
    lines = site.log.read_text().count("The cache (Redis) does not answer")
    print(f"2. a dead Redis: {asked} pages asked 16 at a time for 2 s; logged {lines} time(s)")


def methods(folder: Path) -> None:
    site = Site(site_env(sqlite_url(folder / "methods.sqlite3")), folder / "methods.log", workers=1)
    site.manage("migrate", "--noinput")
    with site:
        site.start()
        key = Phone(site.port).start_match()
        print("3. methods")
        for path in ("/bg/", "/bg/rules/", f"/m/{key}/", f"/bg/table/new/?match={key}"):
            statuses = [f"{m} {send(site.port, m, path, [])}" for m in ("TRACE", "OPTIONS", "PUT")]
            print(f"   {path.replace(key, '<key>')}: {', '.join(statuses)}")


def main() -> None:
    cores = len(os.sched_getaffinity(0))
    print(f"date {date.today()}, python {platform.python_version()}, {cores} cores")
    with tempfile.TemporaryDirectory() as folder:
        forged_addresses(Path(folder))
        dead_redis(Path(folder))
        methods(Path(folder))


if __name__ == "__main__":
    main()
