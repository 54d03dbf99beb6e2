"""No-break spaces put into the rules (belot_site/typography.py's ``tie``), timed.

Run from the project root:

    .venv/bin/python benchmarks/typography.py                  # best of 20
    options: --repeat 20 --against REV (also time, and compare with, REV's typography.py)

The texts are what the site ties: every rules section's body in bg, uk and ru, as shipped in
rules/content (what the seed puts into a fresh database), and every msgid and msgstr of the three
catalogues. Prints the milliseconds a pass over each set takes (best and median), and with
--against whether the two versions give the same text for every one of them. Figures go to
docs/performance.md ("make test").
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def texts() -> dict[str, list[str]]:
    import polib

    from rules.content import LANGUAGES, all_sections

    bodies = [section["body"][language] for section in all_sections() for language in LANGUAGES]
    messages = []
    for language in LANGUAGES:
        for entry in polib.pofile(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"):
            messages += [entry.msgid, entry.msgstr]
    return {"the rules' sections": bodies, "the catalogues' messages": messages}


def timed(tie, items: list[str], repeat: int) -> tuple[float, float]:
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        for text in items:
            tie(text)
        rounds.append((time.perf_counter() - start) * 1000)
    return min(rounds), statistics.median(rounds)


def tie_of(revision: str):
    source = subprocess.check_output(
        ["git", "show", f"{revision}:belot_site/typography.py"], cwd=ROOT, text=True
    )
    namespace: dict = {}
    exec(compile(source, f"{revision}:belot_site/typography.py", "exec"), namespace)
    return namespace["tie"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--against", default="", help="a git revision to compare with")
    args = parser.parse_args()

    from belot_site.typography import tie

    versions = {"this tree": tie}
    if args.against:
        versions[args.against] = tie_of(args.against)
    for name, items in texts().items():
        size = sum(map(len, items))
        print(f"{name}: {len(items)} texts, {size:,} characters")
        for version, function in versions.items():
            best, median = timed(function, items, args.repeat)
            print(f"  {version}: best {best:.1f} ms, median {median:.1f} ms")
        if args.against:
            differ = sum(tie(text) != versions[args.against](text) for text in items)
            print(f"  texts tied differently: {differ}")


if __name__ == "__main__":
    main()
