"""Run a command and print whose CPU time the machine spent while it ran, by kind of process
(Chromium's renderers, its browser and GPU processes, Playwright's driver, the pytest workers,
the servers and manage.py runs the tests start, and anything else on the machine), for
docs/performance.md, "make test".

Every process is read from /proc twice a second, so one that lives less than half a second can
be missed; `scripts/tree_cpu.py` gives the exact total of a command's own processes.

    .venv/bin/python scripts/cpu_by_process.py make test
"""

import collections
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
KINDS = [  # (the first that matches a process's command line, its kind)
    ("--type=renderer", "Chromium renderer"),
    ("--type=gpu-process", "Chromium GPU process"),
    ("--type=utility", "Chromium utility"),
    ("--type=zygote", "Chromium zygote"),
    ("chromium", "Chromium browser"),
    ("playwright/driver", "Playwright driver (node)"),
    ("exec(eval(sys.stdin", "pytest worker (pytest-xdist)"),
    ("pytest", "pytest"),
    ("manage.py", "manage.py"),
    ("belot_site.serve", "production server"),
    ("benchmarks/", "benchmark"),
]


def kind(command: str, name: str) -> str:
    return next((k for pattern, k in KINDS if pattern in command), f"other: {name}")


def read(pid: str) -> tuple[str, str, float] | None:
    """A process's start time (with its pid, who it is), its kind and its CPU-s so far."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:  # ended meanwhile
        return None
    name = stat[stat.index("(") + 1 : stat.rindex(")")]
    fields = stat[stat.rindex(")") + 2 :].split()
    seconds = (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime
    return fields[19], kind(command, name), seconds


def main(command: list[str]) -> int:
    spent: dict[tuple[str, str], tuple[str, float]] = {}
    before = {pid: read(pid) for pid in os.listdir("/proc") if pid.isdigit()}
    done = threading.Event()

    def sample():
        while not done.wait(0.5):
            for pid in os.listdir("/proc"):
                if pid.isdigit() and (seen := read(pid)):
                    spent[(pid, seen[0])] = seen[1:]

    sampler = threading.Thread(target=sample)
    sampler.start()
    start = time.monotonic()
    code = subprocess.call(command)
    wall = time.monotonic() - start
    done.set()
    sampler.join()
    totals, counts = collections.Counter(), collections.Counter()
    for (pid, started), (name, seconds) in spent.items():
        earlier = before.get(pid)
        if earlier and earlier[0] == started:
            seconds -= earlier[2]  # what it had spent before the command started
        totals[name] += seconds
        counts[name] += 1
    for name, seconds in totals.most_common():
        if seconds >= 0.5:
            print(f"{seconds:8.1f} CPU-s  {counts[name]:5d} processes  {name}", file=sys.stderr)
    print(f"{sum(totals.values()):8.1f} CPU-s in {wall:.1f} s wall", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
