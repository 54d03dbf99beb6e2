"""Browser tests: the real site in Debian's Chromium, driven by Playwright's sync API.

They run in Debian's chromium-headless-shell (Chromium's old headless mode, what Playwright
itself runs headless), which prints, runs the service worker and lays out pages as the full
browser does at less CPU (docs/performance.md, "make test"). A test that needs what only the
full browser has is marked ``full_chromium`` (with why) and runs in /usr/bin/chromium. With
only one of the two installed, every test that can runs in it; the others skip, saying what to
install, so `make test` passes on a machine with neither.

Every browser context is watched by `RequestGuard`: a request to any host but the live server's
fails the test, and so does a script error or a console error (a CSP violation, a failed load)
on any page. Chromium itself cannot reach another host (`--host-resolver-rules`: every other
name is unknown), so the guard only has to watch, not intercept: intercepting every request
(Playwright's `route`) would also turn off the browser's HTTP cache and cost a round trip to
Python per request.
"""

import contextlib
import functools
import importlib.metadata
import inspect
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connections
from django.test import Client

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = Path("/usr/bin/chromium")
# axe-core, from npm (package.json; `make test` runs `npm ci` when npm is there).
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
# What each binary is started with beyond Playwright's own switches (chromiumSwitches.ts:
# headless, no sandbox, no background networking, no component updates...). --disable-gpu is
# not needed: either binary draws in software (SwiftShader) in a GPU process of its own with or
# without it.
# Both: nothing leaves the machine, every host name but the live server's fails to resolve.
NO_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
# The shell has no profile to sync, no address bar, no window of its own: nothing more.
SHELL_ARGS = [NO_OTHER_HOSTS]
# The full browser: no profile sync, and no address bar popup. Headless Chromium 156 opens the
# address bar's suggestions popup as two hidden pages of its own
# (chrome://omnibox-popup.top-chrome/) in every window, that is in every browser context, and
# keeps them busy on every navigation: without them a navigation costs a quarter less
# (docs/performance.md). Chromium takes the last --disable-features it is given, not their sum,
# so the features Playwright turns off are named again: its list for the version
# requirements-dev.txt pins (chromiumSwitches.ts).
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
CHROMIUM_ARGS = [
    NO_OTHER_HOSTS,
    "--disable-sync",
    "--disable-features=" + ",".join(DISABLED_FEATURES),
]
ARGS = {HEADLESS_SHELL: SHELL_ARGS, CHROMIUM: CHROMIUM_ARGS}
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


# E2E_CHROMIUM=full runs every browser test in the full browser: to compare the two.
E2E_CHROMIUM = "E2E_CHROMIUM"


def binary(item) -> Path | None:
    """The Chromium a browser test runs in: the headless shell, unless the test is marked
    ``full_chromium``, the shell is missing or E2E_CHROMIUM is "full"; None where the one it
    needs is missing."""
    shell = os.environ.get(E2E_CHROMIUM) != "full" and HEADLESS_SHELL.exists()
    if shell and not item.get_closest_marker("full_chromium"):
        return HEADLESS_SHELL
    return CHROMIUM if CHROMIUM.exists() else None


def pytest_collection_modifyitems(config, items):
    """A browser test whose Chromium is missing skips, saying what to install; a test marked
    ``full_chromium`` must say why it needs the full browser."""
    for item in items:
        needs = item.get_closest_marker("full_chromium")
        if needs and not (needs.args and needs.args[0]):
            raise pytest.UsageError(f"{item.nodeid}: say why, full_chromium(why)")
        if not item.get_closest_marker("browser") or binary(item):
            continue
        if needs:
            why = f"needs the full Chromium ({needs.args[0]}): apt-get install chromium"
        else:
            why = f"no Chromium at {HEADLESS_SHELL} or {CHROMIUM}"
            why += ": apt-get install chromium-headless-shell"
        item.add_marker(pytest.mark.skip(reason=why))


@pytest.fixture(scope="session", autouse=True)
def _expect_timeout():
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script, for the tests that run it in their pages (tests/e2e/
    test_accessibility.py, axe_violations); without it they skip and say why."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed ({AXE} is missing): run `npm ci`")
    return AXE.read_text(encoding="utf-8")


class Browsers:
    """A worker's browsers, each binary started when a test first needs it."""

    def __init__(self, playwright):
        self.playwright = playwright
        self.started = {}

    def __getitem__(self, path: Path):
        if path not in self.started:
            launch = self.playwright.chromium.launch
            self.started[path] = launch(executable_path=str(path), args=ARGS[path])
        return self.started[path]


@pytest.fixture(scope="package")
def browsers():
    """The browsers for the browser tests a worker runs one after the other (pytest-django runs
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
    started = Browsers(playwright)
    try:
        yield started
        for browser in started.started.values():
            browser.close()
    finally:
        connections.close_all()  # the ones opened while the loop ran
        playwright.stop()
        if previous is None:
            del os.environ[ASYNC_UNSAFE]
        else:
            os.environ[ASYNC_UNSAFE] = previous


@pytest.fixture
def browser(request, browsers):
    """The browser this test runs in (``binary``)."""
    return browsers[binary(request.node)]


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
        page.on("pageerror", lambda error: self.page_error(page, error))
        page.on("console", lambda message: self.console(page, message))

    def page_error(self, page, error):
        self.problems.append(f"{page.url}: {error}")

    def console(self, page, message):
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


class Relay(RequestGuard):
    """A kept context's events, handed to the guard of the test that holds it (``watch`` as a
    guard's, each event passed on).

    While the kept page waits at PARKED_AT its document belongs to no test: Chromium asks for
    the page's icon after the load, sometimes after the next test already holds the context.
    Such requests of the parked document are not passed on; the next test's first navigation
    is, and everything once its document is in the page."""

    def __init__(self, guard: RequestGuard):
        self.guard = guard
        self.parked = None  # the kept page while the parked document is in it

    def request(self, request):
        if self.parked is None or request.is_navigation_request() or not self._parked(request):
            self.guard.request(request)

    def _parked(self, request) -> bool:
        try:
            return request.frame.page is self.parked
        except Exception:  # noqa: BLE001 - a service worker's request has no frame
            return False

    def watch(self, page):
        super().watch(page)
        page.on("framenavigated", lambda frame: self._navigated(page, frame))

    def _navigated(self, page, frame):
        if page is self.parked and frame is page.main_frame:
            self.parked = None

    def page_error(self, page, error):
        self.guard.page_error(page, error)

    def console(self, page, message):
        self.guard.console(page, message)


# What a test may change in a context or page beyond what a new test's first navigation and
# KeptPages.give_back put back: calling any of these marks a kept context as not to be kept.
CHANGES_THAT_STAY = {
    "BrowserContext": (
        "add_init_script", "route", "route_from_har", "route_web_socket", "expose_binding",
        "expose_function", "set_offline", "grant_permissions", "set_geolocation",
        "set_extra_http_headers", "on", "once", "set_default_timeout",
        "set_default_navigation_timeout", "new_cdp_session", "set_storage_state", "close",
        "clock", "tracing",
    ),
    "Page": (
        "add_init_script", "route", "route_from_har", "route_web_socket", "expose_binding",
        "expose_function", "emulate_media", "set_viewport_size", "set_extra_http_headers", "on",
        "once", "add_locator_handler", "set_default_timeout", "set_default_navigation_timeout",
        "request_gc", "clock", "close",
    ),
}  # fmt: skip
# Where a kept page waits: a page of the site that asks nothing of the database and names its
# icon. A page without one (robots.txt) has Chromium ask for /favicon.ico after its load, when
# the next test may already hold the context: that request was the next test's.
PARKED_AT = "/offline/bg/"


class KeptPage:
    def __init__(self, key, context, relay: Relay):
        self.key, self.context, self.relay = key, context, relay
        self.page = context.new_page()  # watched through the relay, as every page of it
        self.handed = False  # the test's first new_page() has had it
        self.changed = False  # a test called one of CHANGES_THAT_STAY
        self.session = context.new_cdp_session(self.page)
        context._impl_obj._kept = self.page._impl_obj._kept = self


class KeptPages:
    """Browser contexts with their first page, kept open for the next test that asks for the
    same options; a worker's browser keeps at most KEPT of them, the least recently used closed.

    A new context and page cost Chromium a window, a renderer process and a first frame: a tenth
    of the browser tests' CPU (docs/performance.md, "make test"). Before a context is kept it is
    put back as a new one would be: its page parked at a page of the site (PARKED_AT), the
    site's cookies and storage (local, session, IndexedDB, caches) emptied, its history
    forgotten, every other page closed. The HTTP cache is kept: the site's static files (and
    robots.txt, the manifest), the same for every test; every page is sent no-store or
    revalidated. What cannot be put back (a route, an init script, a listener, emulated media,
    going offline ...) is noted when a test asks for it (CHANGES_THAT_STAY), and that context
    is closed instead. Tests marked ``service_worker`` never share a context: a worker installed
    is what they test."""

    KEPT = 8

    def __init__(self, browser, base_url: str):
        self.browser, self.base_url = browser, base_url
        self.idle: list[KeptPage] = []

    @staticmethod
    def key(device: str, locale: str, options: dict) -> tuple | None:
        key = (device, locale, tuple(sorted(options.items())))
        try:
            hash(key)
        except TypeError:  # an option Playwright takes as a dict or a list: not kept
            return None
        return key

    def open(self, device: str, locale: str, options: dict, guard: RequestGuard):
        """A context for a test whose requests and page errors go to ``guard``, and its
        KeptPage (None where it is not to be kept): a kept one if there is one, else new."""
        key = self.key(device, locale, options) if options["service_workers"] == "block" else None
        for kept in reversed(self.idle):
            if kept.key == key:
                self.idle.remove(kept)
                break
        else:
            context = self.browser.new_context(
                base_url=self.base_url, locale=locale, **DEVICES[device], **options
            )
            context.set_default_timeout(ACTION_TIMEOUT_MS)
            watcher = guard if key is None else Relay(guard)
            context.on("request", watcher.request)
            context.on("page", watcher.watch)
            if key is None:
                return context, None
            kept = KeptPage(key, context, watcher)
        kept.relay.guard = guard
        return kept.context, kept

    def give_back(self, kept: KeptPage) -> bool:
        """Put the context back as new and keep it; False (and closed) where that cannot be."""
        kept.relay.guard = RequestGuard()  # what putting it back does is no test's
        if kept.changed or kept.page.is_closed():
            close(kept.context)
            return False
        try:
            for page in kept.context.pages:
                if page._impl_obj is not kept.page._impl_obj:
                    page.close()
            kept.page.goto(self.base_url + PARKED_AT)
            kept.relay.parked = kept.page
            kept.context.clear_cookies()
            storage = {"origin": self.base_url, "storageTypes": "all"}
            kept.session.send("Storage.clearDataForOrigin", storage)
            kept.session.send("Page.resetNavigationHistory")
            kept.page.clear_console_messages()
            kept.page.clear_page_errors()
        except Exception:  # noqa: BLE001 - whatever went wrong, the next test gets a new one
            close(kept.context)
            return False
        kept.handed = False
        self.idle.append(kept)
        while len(self.idle) > self.KEPT:
            close(self.idle.pop(0).context)
        return True


def close(context) -> None:
    with contextlib.suppress(Exception):  # closed already, or its browser gone
        context.close()


@pytest.fixture(scope="package")
def kept_by_binary(browsers, live_server):
    """The kept contexts of each of this worker's browsers, and the hooks that hand them out: a
    kept context's first new_page() is its kept page, and a call that changes what give_back
    cannot put back marks it (closed with the browser)."""
    from playwright.sync_api import BrowserContext, Page

    def marking(method):
        @functools.wraps(method)
        def call(self, *args, **kwargs):
            kept = getattr(self._impl_obj, "_kept", None)
            if kept is not None:
                kept.changed = True
            return method(self, *args, **kwargs)

        return call

    new_page = BrowserContext.new_page

    def new_or_kept_page(self):
        kept = getattr(self._impl_obj, "_kept", None)
        if kept is None or kept.handed:
            return new_page(self)
        kept.handed = True
        return kept.page

    kept_pages = {}
    with pytest.MonkeyPatch.context() as patch:
        for cls in (BrowserContext, Page):
            for name in CHANGES_THAT_STAY[cls.__name__]:
                attribute = inspect.getattr_static(cls, name)
                if isinstance(attribute, property):
                    patch.setattr(cls, name, property(marking(attribute.fget)))
                else:
                    patch.setattr(cls, name, marking(attribute))
        patch.setattr(BrowserContext, "new_page", new_or_kept_page)
        yield kept_pages


@pytest.fixture
def kept_pages(request, browser, kept_by_binary, live_server) -> KeptPages:
    """The kept contexts of the browser this test runs in."""
    path = binary(request.node)
    if path not in kept_by_binary:
        kept_by_binary[path] = KeptPages(browser, live_server.url)
    return kept_by_binary[path]


@pytest.fixture(params=list(DEVICES))
def device(request) -> str:
    return request.param


@pytest.fixture
def new_context(request, kept_pages):
    """Make browser contexts on the live server; checks their requests when the test ends.

    A context comes from the worker's kept ones where one was made with the same options and
    put back as new (KeptPages), else it is made and kept afterwards.

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
        guard = RequestGuard()
        context, kept = kept_pages.open(device, locale, options, guard)
        made.append((context, guard, kept))
        return context

    yield make
    problems = []
    for context, guard, kept in made:
        if kept is None or not kept_pages.give_back(kept):
            close(context)
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
