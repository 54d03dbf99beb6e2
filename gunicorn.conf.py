"""Gunicorn settings for production (`make serve`), read from the environment.

gunicorn reads this file by itself when started in this folder: `.venv/bin/gunicorn`.
It serves plain HTTP; a proxy in front ends TLS and sets X-Forwarded-Proto (README, "Production").
"""

import os


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def _cores() -> int:
    # The cores this process may use, which a container limits, not the machine's count.
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS
        return os.cpu_count() or 1


wsgi_app = "belot_site.wsgi:application"

# Only the proxy on this machine reaches gunicorn unless BIND says otherwise (a container:
# BIND=0.0.0.0:8000).
bind = os.environ.get("BIND") or f"127.0.0.1:{os.environ.get('PORT', '8000')}"

# The usual 2 x cores + 1, capped: each worker holds the whole site in memory, and with SQLite
# more writers only queue for the same lock.
workers = _env_int("WEB_CONCURRENCY", min(2 * _cores() + 1, 8))
# A few threads per worker let a slow client or a polling watcher not hold a whole process.
threads = _env_int("GUNICORN_THREADS", 2)
timeout = _env_int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _env_int("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = 5
# Restart workers now and then, so a slow leak never grows without bound; rarely, since a
# restart sends every kept-alive connection to the other workers for a while (docs/performance.md).
max_requests = _env_int("GUNICORN_MAX_REQUESTS", 50_000)
max_requests_jitter = max_requests // 10

# Load Django once in the master, then fork: less memory, and a broken setting stops the
# start instead of every worker failing one by one.
preload_app = True

# Who may tell gunicorn that the request came over HTTPS (X-Forwarded-Proto): the proxy only.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

accesslog = "-"
errorlog = "-"
# The same logs with every match key masked (paths, Referers, the recent-matches cookie): whoever
# reads the logs must not be able to change the matches (belot_site/logs.py).
logger_class = "belot_site.logs.GunicornLogger"
