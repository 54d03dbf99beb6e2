"""A watcher's open page shows a newly saved deal within 3 s, and asks nothing while hidden.

The latency is measured as a watcher sees it: from the moment a save is acknowledged to the
moment the watcher's scoreboard shows the new score (checked every 20 ms in the page). Saves come
at random moments of the page's polling cycle. WATCH_SAMPLES=60 measures more deals for
docs/performance.md ("Watchers"); the figures are printed (pytest -s).
"""

import os
import random
import time

import pytest

from calculator.models import Match
from calculator.presenters import WATCH_POLL_MS
from calculator.services import match_state
from tests.calculator.conftest import create_match, record_deal
from tests.e2e.screens import Screen

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

SAMPLES = int(os.environ.get("WATCH_SAMPLES", "8"))
LIMIT_SECONDS = 3.0
SHOWS = "([a, b]) => [...document.querySelectorAll('.scoreboard .points')].map(e => e.textContent).join(':') === a + ':' + b"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def seconds_until_shown(watcher: Screen, client, match, number: int) -> float:
    record_deal(client, match, number, card_points=82 + (number * 37) % 79)
    saved = time.monotonic()
    totals = match_state(Match.objects.get(pk=match.pk)).fold.totals  # what the page must show
    watcher.page.wait_for_function(
        SHOWS, arg=[str(totals.a), str(totals.b)], polling=20, timeout=10_000
    )
    return time.monotonic() - saved


def test_a_saved_deal_shows_on_an_open_watch_page_within_3_seconds(new_context, client_for_setup):
    match = create_match(client_for_setup, team_a="Орли", team_b="Лъвове")
    watcher = Screen(new_context("phone").new_page(), "phone")
    watcher.goto(f"/m/{match.watch_key}/")
    rng = random.Random(12)
    seconds = []
    for number in range(1, SAMPLES + 1):
        time.sleep(rng.uniform(0, WATCH_POLL_MS / 1000))
        seconds.append(seconds_until_shown(watcher, client_for_setup, match, number))
    p50, p95 = percentile(seconds, 0.5), percentile(seconds, 0.95)
    print(
        f"\nwatch latency, {len(seconds)} deals: p50 {p50:.2f} s, p95 {p95:.2f} s, max {max(seconds):.2f} s"
    )
    assert p95 < LIMIT_SECONDS, seconds
    watcher.check_layout()


HIDE = """hidden => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", {
    configurable: true, get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_hidden_watch_page_asks_nothing_and_catches_up_at_once_when_shown(
    new_context, client_for_setup
):
    match = create_match(client_for_setup)
    page = new_context("phone").new_page()
    page.goto(f"/m/{match.watch_key}/")
    polls = []
    page.on(
        "request",
        lambda r: polls.append(time.monotonic()) if "/changes" in r.url else None,
    )
    for number in (1, 2, 3):
        page.evaluate(HIDE, True)
        hidden_at = time.monotonic()
        record_deal(client_for_setup, match, number, card_points=87)
        time.sleep(2.5 * WATCH_POLL_MS / 1000)
        assert [t for t in polls if t > hidden_at + 0.2] == [], "polled while hidden"
        shown_at = time.monotonic()
        page.evaluate(HIDE, False)
        totals = match_state(Match.objects.get(pk=match.pk)).fold.totals
        page.wait_for_function(SHOWS, arg=[str(totals.a), str(totals.b)], polling=20, timeout=5_000)
        first = min(t for t in polls if t >= shown_at)
        assert first - shown_at < 0.5, "the page waited for its next turn instead of asking at once"
