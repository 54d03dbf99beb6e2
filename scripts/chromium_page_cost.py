"""What one page load costs Chromium, by process, as the browser tests load it (a 360 px phone,
the service worker blocked, the static files cached): for docs/performance.md, "make test".

It opens a match through the home page's form of a running site, loads each page asked for
N times in one browser context, and reads every Chromium process's CPU time from /proc before
and after. Start the site first (`make run`), then:

    .venv/bin/python scripts/chromium_page_cost.py --base http://127.0.0.1:8000 \
        --pages blank,robots,rules,match,deal -n 40 [-- extra Chromium switches]

"blank" is about:blank: what any navigation costs, whatever the page. With --trace, the loads of
the last page are also recorded in a Chromium trace, and the browser process's tasks are summed
by the place in Chromium's source that posted them (a trace costs CPU of its own: compare these
with each other, not with the figures without it).
"""

import argparse
import collections
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.cpu_by_process import read  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, DEVICES  # noqa: E402


def chromium_cpu() -> collections.Counter:
    """CPU-s so far of every Chromium process alive, summed by its kind (scripts/cpu_by_process.py
    reads them)."""
    spent = collections.Counter()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        seen = read(pid)
        if seen is not None and seen[1].startswith("Chromium"):
            spent[seen[1].removeprefix("Chromium ")] += seen[2]
    return spent


def posted_from(trace: Path, loads: int) -> None:
    """Print the browser process's tasks of a trace, summed by the source file that posted them."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    processes = {
        event["pid"]: event["args"]["name"]
        for event in events
        if event.get("ph") == "M" and event.get("name") == "process_name"
    }
    spent = collections.Counter()
    for event in events:
        if (
            event.get("ph") == "X"
            and event.get("name") in ("ThreadPool_RunTask", "ThreadControllerImpl::RunTask")
            and processes.get(event["pid"]) == "Browser"
        ):
            spent[event.get("args", {}).get("src_file", "?")] += event.get("dur", 0)
    print("the browser process's tasks, ms a load, by the file that posted them:")
    for source, microseconds in spent.most_common(8):
        print(f"  {microseconds / 1000 / loads:6.2f}  {source}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--pages", default="blank,robots,rules,match,deal")
    parser.add_argument("-n", type=int, default=40, help="loads of each page")
    parser.add_argument("--device", choices=DEVICES, default="phone")
    parser.add_argument("--no-js", action="store_true")
    parser.add_argument("--trace", type=Path, help="a Chromium trace of the last page's loads")
    parser.add_argument("switches", nargs="*", help="more Chromium switches (after --)")
    args = parser.parse_args()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS + args.switches
        )
        context = browser.new_context(
            **DEVICES[args.device],
            service_workers="block",
            java_script_enabled=not args.no_js,
        )
        page = context.new_page()
        page.goto(f"{args.base}/bg/match/new/")
        page.fill("[name=team_a]", "Орли")
        page.fill("[name=team_b]", "Лъвове")
        page.locator("form[action$='/match/new/'] [type=submit]").click()
        page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
        match = page.url
        addresses = {
            "blank": "about:blank",
            "robots": f"{args.base}/robots.txt",
            "rules": f"{args.base}/bg/rules/",
            "home": f"{args.base}/bg/",
            "new": f"{args.base}/bg/match/new/",
            "match": match,
            "deal": f"{match}deal/",
        }
        print(
            f"Chromium CPU per load, {args.n} loads each, {args.device}, "
            f"JavaScript {'off' if args.no_js else 'on'}"
        )
        names = args.pages.split(",")
        for name in names:
            page.goto(addresses[name])  # the first load fills the caches
            if args.trace and name == names[-1]:
                categories = ["toplevel", "devtools.timeline", "blink", "loading"]
                browser.start_tracing(page=page, path=str(args.trace), categories=categories)
            before, started = chromium_cpu(), time.perf_counter()
            for _ in range(args.n):
                page.goto(addresses[name])
            after, wall = chromium_cpu(), time.perf_counter() - started
            if args.trace and name == names[-1]:
                browser.stop_tracing()
            spent = {kind: after[kind] - before[kind] for kind in after}
            by_kind = ", ".join(
                f"{kind} {1000 * cpu / args.n:.1f}"
                for kind, cpu in sorted(spent.items(), key=lambda item: -item[1])
                if cpu > 0
            )
            print(
                f"{name:7} {1000 * sum(spent.values()) / args.n:6.1f} ms "
                f"(wall {1000 * wall / args.n:5.1f} ms): {by_kind}"
            )
        browser.close()
    if args.trace:
        posted_from(args.trace, args.n)


if __name__ == "__main__":
    main()
