"""Browser tests: the real site in Debian's Chromium, driven by Playwright's sync API.

Every browser context is watched by `RequestGuard`: a request to any host but the live server's
fails the test, and so does a script error or a console error (a CSP violation, a failed load)
on any page. Chromium itself cannot reach another host (`--host-resolver-rules`: every other
name is unknown), so the guard only has to watch, not intercept: intercepting every request
(Playwright's `route`) would also turn off the browser's HTTP cache and cost a round trip to
Python per request. Without Chromium at CHROMIUM the whole folder is skipped, so
`make test` passes on a machine without it.
"""

import importlib.metadata
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connections
from django.test import Client

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing leaves the machine: every host name but the live server's fails to resolve.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
# Headless Chromium 156 opens the address bar's suggestions popup as two hidden pages of its own
# (chrome://omnibox-popup.top-chrome/) in every window, that is in every browser context, and
# keeps them busy on every navigation: without them a navigation costs a quarter less (the
# browser tests' share of `make test`, docs/performance.md). Chromium takes the last
# --disable-features it is given, not their sum, so the features Playwright turns off are named
# again: its list for the version requirements-dev.txt pins (chromiumSwitches.ts).
PLAYWRIGHT = "1.65.2"
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
DISABLED_FEATURES = [*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
CHROMIUM_ARGS.append("--disable-features=" + ",".join(DISABLED_FEATURES))
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
# How long an action, a navigation or an assertion may wait for what it expects. These are caps,
# not deadlines a test asserts: nothing waits them out when all is well. A host three times
# slower than usual (seen here: a 10 s navigation not done while CI ran) must not fail a test.
ACTION_TIMEOUT_MS = 30_000
EXPECT_TIMEOUT_MS = 15_000
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
DEVICES = {
    "phone": {
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def pytest_collection_modifyitems(config, items):
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _expect_timeout():
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture(scope="package")
def browser():
    """Chromium for the browser tests a worker runs one after the other (pytest-django runs
    them together, among the tests that need a live database); Playwright's event loop is gone
    again after them. Started once per module, as before, Playwright and Chromium cost some
    1.6 s each time, and each worker met most of the twenty modules."""
    from playwright.sync_api import sync_playwright

    version = importlib.metadata.version("playwright")
    assert version == PLAYWRIGHT, (
        f"Playwright {version}: copy its disabledFeatures (chromiumSwitches.ts) to "
        "PLAYWRIGHT_DISABLED_FEATURES and set PLAYWRIGHT"
    )
    # Playwright's sync API keeps an event loop running in this thread. Django then refuses
    # database calls here, and asgiref hands this thread other connection objects than before;
    # the test thread only sets up and flushes the database, so the check is lifted meanwhile.
    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    finally:
        connections.close_all()  # the ones opened while the loop ran
        playwright.stop()
        if previous is None:
            del os.environ[ASYNC_UNSAFE]
        else:
            os.environ[ASYNC_UNSAFE] = previous


class RequestGuard:
    """Notes every request, and as a problem any to another host than the live server (which
    Chromium cannot reach: CHROMIUM_ARGS); notes page errors."""

    def __init__(self):
        self.urls: list[str] = []
        self.problems: list[str] = []

    def request(self, request):
        url = request.url
        self.urls.append(url)
        if urlsplit(url).hostname not in LOCAL_HOSTS:
            self.problems.append(f"request to another host: {url}")

    def watch(self, page):
        page.on("pageerror", lambda error: self.problems.append(f"{page.url}: {error}"))
        page.on("console", lambda message: self._console(page, message))

    def _console(self, page, message):
        # A test that takes the context offline expects failed loads (the offline tests).
        expected = "ERR_INTERNET_DISCONNECTED" in message.text or self._refused_form(page, message)
        if message.type == "error" and not expected:
            self.problems.append(f"{page.url}: console error: {message.text}")

    @staticmethod
    def _refused_form(page, message) -> bool:
        """A form the site refused comes back as the page itself with 400 Bad Request, which
        Chromium notes in the console like a failed load; a test that sends one expects it."""
        own = message.location.get("url") == page.url
        return own and "status of 400 (Bad Request)" in message.text


@pytest.fixture(params=list(DEVICES))
def device(request) -> str:
    return request.param


@pytest.fixture
def new_context(request, browser, live_server):
    """Make browser contexts on the live server; checks their requests when the test ends.

    The site's service worker runs only in the tests marked ``service_worker``: the offline
    tests, two phones on one match and a whole game (the app's install has a profile of its
    own, where it always runs). Elsewhere
    Playwright blocks it (``service_workers="block"``): it would install itself in every new
    context (the static files and three offline pages fetched again) and pass every page and
    file through itself: a fifth of Chromium's CPU for each page loaded, 8 % of the browser tests'
    (docs/performance.md, "make test"), for pages it only hands on from the network."""
    made = []
    worker = "allow" if request.node.get_closest_marker("service_worker") else "block"

    def make(device="phone", locale="bg-BG", **options):
        options.setdefault("service_workers", worker)
        context = browser.new_context(
            base_url=live_server.url, locale=locale, **DEVICES[device], **options
        )
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        guard = RequestGuard()
        context.on("request", guard.request)
        context.on("page", guard.watch)
        made.append((context, guard))
        return context

    yield make
    problems = []
    for context, guard in made:
        context.close()
        problems += guard.problems
        assert guard.urls, "the context made no request at all"
    assert not problems, "\n".join(problems)


@pytest.fixture
def client_for_setup():
    """A Django test client, for setting up matches faster than a browser can."""
    return Client()


@pytest.fixture(scope="session", autouse=True)
def _static_files_cached_as_in_production():
    """The live server's static files carry a cache lifetime, as whitenoise gives them in
    production (hashed names for ten years, the rest for an hour: belot_site/settings.py).
    Without one, Chromium asks again for the style sheets, scripts and icon on every page
    load (a fresh clone's files are too new for its heuristic freshness), which production's
    pages never do: some 5% of the browser tests' CPU (docs/performance.md, "make test")."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler

    serve = StaticFilesHandler.serve

    def serve_cached(self, request):
        response = serve(self, request)
        response["Cache-Control"] = f"max-age={60 * 60}"
        return response

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(StaticFilesHandler, "serve", serve_cached)
        yield
