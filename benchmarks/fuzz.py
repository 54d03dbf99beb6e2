"""Fuzzing at length: tests/test_fuzz.py with thousands of examples per test, and a summary.

Run from the project root (on PostgreSQL: with DATABASE_URL set, as for the tests):

    .venv/bin/python benchmarks/fuzz.py --examples 5000 [--seed N] [-- more pytest options]

The suite runs the same tests with 300 examples each. This prints, for every address, how
many requests got which status, so that it shows whether the random requests get past the
404s and the form errors to where the writes happen. Any server error fails the run, with
the smallest failing request hypothesis found.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3000, help="per test (default 3000)")
    parser.add_argument("--seed", type=int, help="hypothesis seed, to repeat a run")
    parser.add_argument("pytest_args", nargs="*", help="after --: more pytest options")
    args = parser.parse_args()

    # Read when tests/test_fuzz.py is imported, so it must be set first.
    os.environ["BELOT_FUZZ_EXAMPLES"] = str(args.examples)
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    import pytest

    command = ["tests/test_fuzz.py", "-q", "-p", "no:cacheprovider", *args.pytest_args]
    if args.seed is not None:
        command.append(f"--hypothesis-seed={args.seed}")
    start = time.perf_counter()
    status = pytest.main(command)
    elapsed = time.perf_counter() - start

    from tests.test_fuzz import SEEN

    summarize(SEEN, elapsed)
    return int(status)


def summarize(seen, elapsed: float) -> None:
    rows: dict[str, dict[int, int]] = defaultdict(dict)
    for (method, address, status), count in seen.items():
        rows[f"{method} {address}"][status] = count
    statuses = sorted({status for counts in rows.values() for status in counts})
    total = sum(seen.values())
    print(f"\n{total} requests in {elapsed:.0f} s ({total / elapsed:.0f} a second)")
    print(f"{'request':<44}" + "".join(f"{status:>7}" for status in statuses))
    for request, counts in sorted(rows.items()):
        cells = "".join(f"{counts.get(status, ''):>7}" for status in statuses)
        print(f"{request[:43]:<44}{cells}")
    errors = sum(count for (_m, _a, status), count in seen.items() if status >= 500)
    print(f"server errors: {errors}")


if __name__ == "__main__":
    sys.exit(main())
