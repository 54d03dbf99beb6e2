"""A match kept on the scorer's phone (docs/offline.md): what the choice downloads, how long it
takes, how long the phone takes to start without a connection, and the offline preview's time
per deal with Chromium's processor slowed down four times, as a modest phone's.

Run from the project root, after `make test` or `make run` (which copy Pyodide from npm):

    .venv/bin/python benchmarks/phone_offline.py          # options: --deals 30 --throttle 4

It starts the site as production runs it (benchmarks/page_weight.py's LocalSite: collected and
compressed static files, whitenoise), opens the scorer's page of a match in Chromium at 360 px on
a cold cache with the service worker in charge, and taps "Keep it on this phone":

- the files the choice made the service worker keep, and the bytes the server sends for them
  (compressed as a browser asks for them);
- the time from the tap to "kept" (the files fetched and kept by the service worker);
- with the connection cut, the time from opening the deal page to the phone's page shown
  (Pyodide and Django started), at full speed and with the processor slowed down;
- the live preview of --deals deals, each asked of the phone as the deal page's script asks the
  server (a POST of the form), timed in the page: median, 95th percentile and slowest, with the
  processor slowed down and at full speed (Chromium slows down the page's own thread; the
  phone's Python runs in a worker).

The figures go to docs/performance.md ("A match kept on the phone").
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.page_weight import LocalSite  # noqa: E402
from benchmarks.screenshots import PHONE  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--disable-sync",
    "--disable-background-networking",
    "--disable-component-update",
]
CAP_MS = 300_000
PREVIEW = """async (body) => {
  const started = performance.now();
  const answer = await fetch(location.pathname + "preview/", {
    method: "POST", body: new URLSearchParams(body), credentials: "same-origin",
    headers: { "X-Requested-With": "fetch" },
  });
  await answer.text();
  return performance.now() - started;
}"""


def deal_bodies(count: int, seed: int = 2026) -> list[dict]:
    """Deal forms as a scorer fills them in: a contract, a team's card points, some declarations."""
    draw = random.Random(seed)
    bodies = []
    for _ in range(count):
        contract = draw.choice(["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"])
        top = {"no_trumps": 130, "all_trumps": 258}.get(contract, 162)
        bodies.append(
            {
                "number": "1",
                "result": "played",
                "bidders": draw.choice("AB"),
                "contract": contract,
                "double": draw.choice(["none", "none", "contra"]),
                "points_team": draw.choice("AB"),
                "card_points": str(draw.randrange(20, top - 20)),
                "capot": "",
                **{
                    f"{kind}_{team}": str(draw.choice([0, 0, 1]))
                    for kind in ("terces", "quartes", "belots")
                    for team in "ab"
                },
                **{f"quintes_{team}": "0" for team in "ab"},
            }
        )
    return bodies


def sizes(base: str, path: str) -> tuple[int, int]:
    """A file's size, and the bytes the server sends for it to a browser that takes brotli."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    sent = 0
    for encoding in ("identity", "br, gzip"):
        connection.request("GET", path, headers={"Accept-Encoding": encoding})
        response = connection.getresponse()
        body = response.read()
        if encoding == "identity":
            stored = len(body)
        else:
            sent = len(body)
    connection.close()
    return stored, sent


def bytecode_kept(page) -> None:
    """Until the phone's worker has kept the bytecode of the site's Python (a second after the
    last page it answered: templates/phone-worker.js)."""
    deadline = time.monotonic() + CAP_MS / 1000
    while not page.evaluate(
        "caches.open('phone-bytecode').then((c) => c.keys()).then((k) => k.length)"
    ):
        if time.monotonic() > deadline:
            raise TimeoutError("the phone kept no bytecode")
        page.wait_for_timeout(100)


def measure(base: str, scorer_key: str, deals: int, throttle: float) -> dict:
    found = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(**PHONE, base_url=base)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        page.goto(f"/m/{scorer_key}/")
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        panel = page.locator("#phone-keep")
        panel.locator("summary").click()
        started = time.perf_counter()
        panel.locator("[data-phone-keep]").click()
        expect(panel.locator("[data-phone-status]")).to_have_text(
            panel.get_attribute("data-kept"), timeout=CAP_MS
        )
        found["choice_s"] = time.perf_counter() - started
        # The service worker's own fetches are not the page's: what it kept is listed from its
        # cache, and each file fetched again as a browser asks for it (brotli or gzip accepted),
        # to count the bytes the server sends.
        kept = page.evaluate(
            """async () => {
              const cache = await caches.open("phone-files");
              return (await cache.keys()).map((request) => new URL(request.url).pathname);
            }"""
        )
        found["files"] = len(kept)
        found["stored_bytes"] = 0
        found["sent_bytes"] = 0
        for path in kept:
            stored, sent = sizes(base, path)
            found["stored_bytes"] += stored
            found["sent_bytes"] += sent
        context.set_offline(True)
        # Each speed twice: the first start compiles the site's Python, the next one unpacks the
        # bytecode the first kept (templates/phone-worker.js).
        for rate in (1, throttle):
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.evaluate("caches.delete('phone-bytecode')")
            for start in ("first", "again"):
                started = time.perf_counter()
                page.goto(f"/m/{scorer_key}/deal/")
                expect(page.locator(".phone-bar")).to_be_visible(timeout=CAP_MS)
                found[f"start_s_{start}_x{rate:g}"] = time.perf_counter() - started
                bytecode_kept(page)
        for rate in (throttle, 1):
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            times = sorted(page.evaluate(PREVIEW, body) for body in deal_bodies(deals))
            found[f"preview_ms_x{rate:g}"] = {
                "median": statistics.median(times),
                "p95": times[max(0, int(len(times) * 0.95) - 1)],
                "slowest": times[-1],
            }
        browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--throttle", type=float, default=4)
    options = parser.parse_args()
    if not (ROOT / "static" / "phone" / "pyodide" / "pyodide.asm.wasm").exists():
        sys.exit("Pyodide is not in static/phone/pyodide: run `make test` or `make run` first")
    with LocalSite() as site:
        scorer_key, _watch_key = site.seed(deals=5)
        found = measure(site.base, scorer_key, options.deals, options.throttle)
    rate = f"x{options.throttle:g}"
    print(f"choice to kept (cold cache): {found['choice_s']:.1f} s")
    print(
        f"kept by the service worker: {found['files']} files, "
        f"{found['sent_bytes'] / 1e6:.2f} MB as sent (brotli where the server has it), "
        f"{found['stored_bytes'] / 1e6:.2f} MB unpacked"
    )
    for name, speed in (("x1", "full speed"), (rate, f"CPU {rate}")):
        print(
            f"offline start, {speed}: {found[f'start_s_first_{name}']:.1f} s the first time, "
            f"{found[f'start_s_again_{name}']:.1f} s again (the bytecode kept)"
        )
    for name in (rate, "x1"):
        preview = found[f"preview_ms_{name}"]
        print(
            f"offline preview, CPU {name}, {options.deals} deals: "
            f"median {preview['median']:.0f} ms, p95 {preview['p95']:.0f} ms, "
            f"slowest {preview['slowest']:.0f} ms"
        )


if __name__ == "__main__":
    main()
