"""A watcher's open page shows a newly saved deal at its next poll, asks nothing while hidden,
and asks at once when it is shown again.

Each test asserts the order of things, not seconds: the page notes every poll it sends (an init
script around ``fetch``), so that a busy machine, which delays everything, changes no outcome.
The latency itself, from a save's acknowledgement to the new score on the watcher's page, is
printed (pytest -s) for docs/performance.md ("Watchers"); WATCH_SAMPLES=60 measures more deals,
at the site's own interval. Otherwise the pages poll four times as often, which no outcome here
depends on: the tests wait whole turns, and a turn is shorter.
"""

import os
import random
import time

import pytest
from django.conf import settings as site_settings

from calculator.matches.services import match_state
from calculator.models import Match
from tests.calculator.conftest import create_match, record_deal
from tests.e2e.screens import Screen

pytestmark = [
    pytest.mark.browser,
    pytest.mark.shared_cache,
    pytest.mark.django_db(transaction=True),
]

SAMPLES = int(os.environ.get("WATCH_SAMPLES", "8"))
POLL_MS = site_settings.WATCH_POLL_MS if "WATCH_SAMPLES" in os.environ else 500


@pytest.fixture(autouse=True)
def _poll_interval(settings):
    settings.WATCH_POLL_MS = POLL_MS


# The page notes when it sends each poll (its own clock, performance.now()).
NOTE_POLLS = """(() => {
  window.polls = [];
  const fetch = window.fetch;
  window.fetch = function (url) {
    if (String(url).includes("/changes")) window.polls.push(performance.now());
    return fetch.apply(this, arguments);
  };
})();"""
# Every timer as long as a turn to poll waits a thousand times longer: the page's next turn
# never comes during a test, so a poll is the visibility handler's.
NO_TURNS = f"""(() => {{
  const setTimeout = window.setTimeout;
  window.setTimeout = (callback, ms, ...rest) =>
    setTimeout(callback, ms >= {POLL_MS} ? ms * 1000 : ms, ...rest);
}})();"""
# True once the scoreboard shows the totals a:b; then the number of polls sent so far, plus one.
SHOWS = """([a, b]) => [...document.querySelectorAll('.scoreboard .points')]
  .map(e => e.textContent).join(':') === a + ':' + b && window.polls.length + 1"""
POLLS = "() => window.polls.length"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def totals_of(match) -> list[str]:
    totals = match_state(Match.objects.get(pk=match.pk)).fold.totals  # what the page must show
    return [str(totals.a), str(totals.b)]


def watcher_page(new_context, match, *scripts):
    context = new_context("phone")
    for script in (NOTE_POLLS, *scripts):
        context.add_init_script(script)
    watcher = Screen(context.new_page(), "phone")
    watcher.goto(f"/m/{match.watch_key}/")
    return watcher


def test_a_saved_deal_shows_on_an_open_watch_page_at_its_next_poll(new_context, client_for_setup):
    match = create_match(client_for_setup, team_a="Орли", team_b="Лъвове")
    watcher = watcher_page(new_context, match)
    rng = random.Random(12)
    seconds = []
    for number in range(1, SAMPLES + 1):
        time.sleep(rng.uniform(0, POLL_MS / 1000))
        record_deal(client_for_setup, match, number, card_points=82 + (number * 37) % 79)
        saved, sent_before = time.monotonic(), watcher.page.evaluate(POLLS)
        shown = watcher.page.wait_for_function(SHOWS, arg=totals_of(match), polling=20)
        seconds.append(time.monotonic() - saved)
        # A poll on its way as the deal was saved may bring it; else the first one after it.
        assert shown.json_value() - 1 - sent_before <= 1, f"deal {number} took a second poll"
    p50, p95 = percentile(seconds, 0.5), percentile(seconds, 0.95)
    print(
        f"\nwatch latency, {len(seconds)} deals: p50 {p50:.2f} s, p95 {p95:.2f} s, max {max(seconds):.2f} s"
    )
    watcher.check_layout()


# Hides or shows the page as a phone does (the screen off, another app); returns the page's time
# just before (a poll sent as the page is shown is sent within dispatchEvent).
HIDE = """hidden => {
  const now = performance.now();
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", {
    configurable: true, get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
  return now;
}"""


def test_a_hidden_watch_page_asks_nothing(new_context, client_for_setup):
    match = create_match(client_for_setup)
    page = watcher_page(new_context, match).page
    for number in (1, 2, 3):
        hidden_at = page.evaluate(HIDE, True)
        record_deal(client_for_setup, match, number, card_points=87)
        time.sleep(2.5 * POLL_MS / 1000)  # two turns and a half to poll, had it not hidden
        sent = page.evaluate("() => window.polls")
        assert [t for t in sent if t > hidden_at] == [], "polled while hidden"
        page.evaluate(HIDE, False)
        page.wait_for_function(SHOWS, arg=totals_of(match), polling=20)


def test_a_watch_page_shown_again_asks_at_once(new_context, client_for_setup):
    """Its own turns never come here (NO_TURNS): only asking as it is shown brings the deals."""
    match = create_match(client_for_setup)
    page = watcher_page(new_context, match, NO_TURNS).page
    for number in (1, 2, 3):
        page.evaluate(HIDE, True)
        record_deal(client_for_setup, match, number, card_points=87)
        shown_at = page.evaluate(HIDE, False)
        page.wait_for_function(SHOWS, arg=totals_of(match), polling=20)
        assert [t for t in page.evaluate("() => window.polls") if t >= shown_at], "no poll"
