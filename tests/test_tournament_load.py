"""benchmarks/tournament_load.py's own bookkeeping, on a tiny night (no timing asserted)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.tournament_load import lags

# Its servers and commands run on SQLite files of their own, without Redis, whatever the
# suite runs on (CI leaves it out of the run on PostgreSQL alone).
pytestmark = pytest.mark.own_database

ROOT = Path(__file__).resolve().parent.parent


def test_lag_counts_the_first_page_sent_after_the_save():
    pages = {0: [(1.0, 1.2), (3.0, 3.1)], 1: [(2.0, 2.5)]}
    first, each, unseen = lags([0.5, 1.5, 2.9, 9.0], pages, until=5.0)
    assert [round(ms) for ms in first] == [700, 1000, 200]
    assert [round(ms) for ms in each] == [700, 2000, 1600, 1000, 200]
    assert unseen == 1  # phone 1 fetched nothing after 2.9; the save at 9.0 is past ``until``


def test_a_tiny_night_is_counted():
    """The script end to end, in a process of its own (its own database, its own server)."""
    command = [sys.executable, "benchmarks/tournament_load.py", "--database", "sqlite"]
    command += ["--redis-url", "", "--tables", "2", "--watchers", "3", "--seconds", "3"]
    command += ["--interval", "0.5", "--think", "0.1,0.3", "--processes", "1", "--pool", "2"]
    command += ["--plain-static"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    out = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True
    ).stdout
    counts = {
        line[:18].strip(): int(line[18:26])
        for line in out.splitlines()
        if line[18:26].strip().isdigit()
    }
    assert counts["deal save"] > 0 and counts["deal preview"] == counts["deal save"]
    assert counts["standings poll"] > 0 and counts["standings page"] > 0
    assert "failed requests: 0 of the watchers', 0 of the scorers'" in out
    assert "server log: 0 tracebacks" in out
