"""The request guard every browser test relies on (conftest.py) does catch a request to another
host, and Chromium never reaches it."""

from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import RequestGuard
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
