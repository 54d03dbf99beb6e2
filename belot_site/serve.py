"""The production server (`make serve`): granian serving the WSGI application, set from the
environment. ``python -m belot_site.serve``.

granian's HTTP server is written in Rust: a watcher's poll costs the workers a fraction of what
it cost under gunicorn before, which is what lets two cores answer the polls of 2,000 watchers
(docs/performance.md, "Watchers"). It serves plain HTTP; a proxy in front ends TLS and sets
X-Forwarded-Proto (README, "Production").
"""

import os
from pathlib import Path

from granian import Granian
from granian.constants import HTTPModes, Interfaces
from granian.http import HTTP1Settings

from belot_site.logs import ACCESS_FORMAT, server_logging


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def _cores() -> int:
    # The cores this process may use, which a container limits, not the machine's count.
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS
        return os.cpu_count() or 1


def _where() -> dict:
    """Only the proxy on this machine reaches the site unless BIND says otherwise (a container:
    BIND=0.0.0.0:8000; a socket: BIND=unix:/run/belot.sock)."""
    bind = os.environ.get("BIND", "").strip() or f"127.0.0.1:{_env_int('PORT', 8000)}"
    if bind.startswith("unix:"):
        return {"uds": Path(bind.removeprefix("unix:"))}
    address, _colon, port = bind.rpartition(":")
    return {"address": address.strip("[]"), "port": int(port)}


def threads_a_worker() -> int:
    return _env_int("SERVER_THREADS", 8)


def server() -> Granian:
    return Granian(
        "belot_site.wsgi:application",
        interface=Interfaces.WSGI,
        **_where(),
        # One process a core: the HTTP server does not hold the GIL, so threads of one process
        # serve the polls while another thread renders a page.
        workers=_env_int("WEB_CONCURRENCY", min(_cores(), 8)),
        blocking_threads=threads_a_worker(),
        http=HTTPModes.http1,
        # A client that takes longer than this to send its headers is dropped (slow loris).
        http1_settings=HTTP1Settings(header_read_timeout=10_000),
        log_dictconfig=server_logging(),
        log_access=True,
        log_access_format=ACCESS_FORMAT,
        # A worker that dies is started again; one that grows past this is replaced, gracefully.
        respawn_failed_workers=True,
        workers_max_rss=_env_int("SERVER_MAX_RSS_MB", 1024),
        workers_kill_timeout=_env_int("SERVER_GRACEFUL_TIMEOUT", 30),
    )


if __name__ == "__main__":
    server().serve()
