"""The request guard every browser test relies on (conftest.py) does catch a request to another
host, and Chromium never reaches it; a context kept for the next test comes back as new."""

from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import PARKED_AT, RequestGuard
from tests.e2e.test_offline import open_with_worker

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_request_to_another_host_is_noted_and_goes_nowhere(browser, live_server):
    guard = RequestGuard()
    context = browser.new_context(base_url=live_server.url)
    context.on("request", guard.request)
    page = context.new_page()
    page.goto("/bg/")
    with pytest.raises(Exception, match="ERR_NAME_NOT_RESOLVED"):
        page.goto("https://example.com/", timeout=5_000)
    context.close()
    assert guard.problems == ["request to another host: https://example.com/"]
    assert any(url.startswith(live_server.url) for url in guard.urls)


@pytest.mark.full_chromium(
    "the address bar's popup is the full browser's, turned off by CHROMIUM_ARGS"
)
def test_a_context_holds_only_the_sites_pages_not_the_address_bars_popup(new_context, browser):
    """The features conftest.py turns off are off: a context opens no hidden page of Chromium's
    own (the address bar's popup, chrome://omnibox-popup.top-chrome/, costs a quarter of every
    navigation)."""
    page = new_context().new_page()
    page.goto("/bg/")
    session = browser.new_browser_cdp_session()
    targets = session.send("Target.getTargets")["targetInfos"]
    session.detach()
    assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []
    assert "/bg/" in [urlsplit(t["url"]).path for t in targets if t["type"] == "page"]


WORKERS = "navigator.serviceWorker.getRegistrations().then((found) => found.length)"


def test_a_test_not_marked_for_it_runs_without_the_sites_service_worker(new_context):
    page = new_context().new_page()
    page.goto("/bg/")
    page.evaluate("new Promise((done) => setTimeout(done, 500))")  # time to install, if it could
    page.reload()
    assert page.evaluate(WORKERS) == 0
    assert not page.evaluate("!!navigator.serviceWorker.controller")


@pytest.mark.service_worker
def test_a_test_marked_for_it_runs_with_the_sites_service_worker(new_context):
    page = new_context().new_page()
    open_with_worker(page, "/bg/")  # asserts that the worker controls the page
    assert page.evaluate(WORKERS) == 1


OPTIONS = {"service_workers": "block"}
STORAGE = "[localStorage.length, sessionStorage.length, history.length]"


def test_a_kept_context_comes_back_as_a_new_one_would(kept_pages, live_server):
    """conftest.KeptPages: a later test gets the same window, emptied and parked."""
    context, kept = kept_pages.open("phone", "bg-BG", dict(OPTIONS), RequestGuard())
    page = context.new_page()
    assert page._impl_obj is kept.page._impl_obj
    page.goto("/bg/")
    page.evaluate("localStorage.setItem('a', '1'); sessionStorage.setItem('b', '2')")
    context.add_cookies([{"name": "c", "value": "3", "url": live_server.url}])
    page.goto("/uk/")
    context.new_page().goto("/ru/")  # a second page is not kept
    assert kept_pages.give_back(kept)

    guard = RequestGuard()
    again, kept_again = kept_pages.open("phone", "bg-BG", dict(OPTIONS), guard)
    assert kept_again is kept
    page = again.new_page()
    assert page._impl_obj is kept.page._impl_obj
    assert len(again.pages) == 1
    assert again.cookies() == []
    assert page.url == live_server.url + PARKED_AT
    assert page.evaluate(STORAGE) == [0, 0, 1]
    assert page.go_back() is None
    assert guard.urls == []  # putting it back is not the next test's
    page.goto("/bg/")
    assert page.evaluate("document.documentElement.lang") == "bg"
    assert guard.urls[0] == live_server.url + "/bg/"
    assert again.new_page()._impl_obj is not kept.page._impl_obj  # the second is a new page
    assert kept_pages.give_back(kept)

    other, kept_other = kept_pages.open("phone", "uk", dict(OPTIONS), RequestGuard())
    assert kept_other is not kept  # other options, another context
    assert kept_pages.give_back(kept_other)


ICON = "fetch('/static/favicon.svg').then((response) => response.status)"


def test_the_parked_pages_own_requests_are_not_the_next_tests(kept_pages, live_server):
    """Chromium asks for the parked page's icon after its load, at times once the next test
    holds the context (a run on a loaded machine once failed the test above on it). What the
    parked document asks is no test's; the next test's navigation is, as is everything its own
    documents and its other pages ask."""
    context, kept = kept_pages.open("phone", "bg-BG", dict(OPTIONS), RequestGuard())
    context.new_page().goto("/bg/")
    assert kept_pages.give_back(kept)

    guard = RequestGuard()
    again, _ = kept_pages.open("phone", "bg-BG", dict(OPTIONS), guard)
    page = again.new_page()
    assert page.evaluate(ICON) == 200  # as the icon asked for late
    assert guard.urls == []
    other = again.new_page()
    other.goto("/ru/")  # another page of the context, while the kept one is still parked
    assert guard.urls[0] == live_server.url + "/ru/"
    page.goto("/uk/")
    assert live_server.url + "/uk/" in guard.urls
    assert page.evaluate(ICON) == 200
    assert guard.urls[-1] == live_server.url + "/static/favicon.svg"
    assert kept_pages.give_back(kept)


@pytest.mark.parametrize(
    "change",
    [
        lambda context, page: page.route("**/nothing", lambda route: route.abort()),
        lambda context, page: context.add_init_script("window.x = 1"),
        lambda context, page: context.set_offline(False),
        lambda context, page: page.emulate_media(media="print"),
        lambda context, page: page.on("dialog", lambda dialog: dialog.accept()),
        lambda context, page: page.set_viewport_size({"width": 300, "height": 600}),
        lambda context, page: page.clock,
        lambda context, page: page.close(),
    ],
    ids=["route", "init script", "offline", "media", "listener", "viewport", "clock", "closed"],
)
def test_a_context_changed_beyond_what_is_put_back_is_closed_not_kept(kept_pages, change):
    context, kept = kept_pages.open("phone", "ru", dict(OPTIONS), RequestGuard())
    page = context.new_page()
    page.goto("/ru/")
    change(context, page)
    assert not kept_pages.give_back(kept)
    assert context.is_closed()
    _, fresh = kept_pages.open("phone", "ru", dict(OPTIONS), RequestGuard())
    assert fresh is not kept
    assert kept_pages.give_back(fresh)


@pytest.mark.service_worker
def test_a_context_with_the_sites_service_worker_is_never_kept(kept_pages):
    context, kept = kept_pages.open("phone", "bg", {"service_workers": "allow"}, RequestGuard())
    assert kept is None
    context.close()
