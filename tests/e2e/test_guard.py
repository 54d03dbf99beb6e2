"""The request guard every browser test relies on (conftest.py) does catch a request to another
host, and Chromium never reaches it."""

import pytest

from tests.e2e.conftest import RequestGuard

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
