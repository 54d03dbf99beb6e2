"""Offline at the table: the service worker keeps the rules and an open match; drafts survive;
a scorer's link never stays on the phone, and "Forget this phone's matches" clears it all."""

import pytest
from playwright.sync_api import expect

from calculator.shared.recent import RECENT_COOKIE, RECENT_TABLES_COOKIE
from tests.calculator.conftest import create_match, record_deal
from tests.calculator.test_table_http import create_table
from tests.e2e.screens import translated

pytestmark = [
    pytest.mark.browser,
    pytest.mark.service_worker,
    pytest.mark.django_db(transaction=True),
]

WORKER_READY = "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"


def open_with_worker(page, url):
    """Open ``url`` once to install the worker, then again through it so it keeps the page."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate(WORKER_READY)


# Every address kept in any of the page's caches, as "cache-name /path".
CACHED = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) found.push(name + " " + new URL(request.url).pathname);
  }
  return found;
}"""
DRAFTS = "() => Object.keys(localStorage).filter((key) => key.startsWith('draft:'))"
WIDTH = "() => document.documentElement.scrollWidth"


def kept_pages(page) -> list[str]:
    """The pages kept (the worker's own static cache holds the static files, the offline pages
    and the language of the last page from the start)."""
    return [entry for entry in page.evaluate(CACHED) if not entry.startswith("static-")]


def type_a_draft(page, match, points="91"):
    page.goto(f"/m/{match.scorer_key}/deal/")
    page.locator("label[for=id_bidders_1]").click()
    page.locator("label[for=id_contract_3]").click()
    page.locator("#id_card_points").fill(points)
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('draft:'))")


def test_rules_pages_open_without_a_connection(new_context):
    context = new_context("phone")
    page = context.new_page()
    for language in ("bg", "uk"):
        open_with_worker(page, f"/{language}/rules/")
    context.set_offline(True)
    for language, title in (
        ("bg", "Правила на българския белот"),
        ("uk", "Правила болгарського белоту"),
    ):
        page.goto(f"/{language}/rules/")
        expect(page.locator("h1")).to_have_text(title)
        expect(page.locator("#scoring")).to_be_attached()
    context.set_offline(False)


def test_an_open_match_shows_its_last_score_offline_and_says_so(new_context, client_for_setup):
    match = create_match(client_for_setup)
    record_deal(client_for_setup, match, 1, card_points=87)
    context = new_context("phone")
    page = context.new_page()
    open_with_worker(page, f"/m/{match.watch_key}/")
    expect(page.locator("#offline-note")).to_be_hidden()
    context.set_offline(True)
    page.goto(f"/m/{match.watch_key}/")
    expect(page.locator(".total .points")).to_have_text(["9", "7"])
    note = page.locator("#offline-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Няма връзка. Последна промяна в резултата:")
    context.set_offline(False)


def test_a_deal_being_typed_survives_a_reload(new_context, client_for_setup):
    match = create_match(client_for_setup)
    page = new_context("phone").new_page()
    page.goto(f"/m/{match.scorer_key}/deal/")
    page.locator("label[for=id_bidders_1]").click()
    page.locator("label[for=id_contract_3]").click()
    page.locator("#id_card_points").fill("91")
    expect(page.locator("#draft-note")).to_be_hidden()  # nothing was brought back
    page.reload()  # a new version of the site, or the phone reloading the tab
    expect(page.locator("#id_bidders_1")).to_be_checked()
    expect(page.locator("#id_contract_3")).to_be_checked()
    expect(page.locator("#id_card_points")).to_have_value("91")
    expect(page.locator("#preview .recorded")).to_be_visible()
    expect(page.locator("#draft-note")).to_be_visible()  # and the scorer is told so
    page.locator("button[value=save]").click()
    page.wait_for_url(f"**/m/{match.scorer_key}/")
    assert match.deals.count() == 1
    page.goto(f"/m/{match.scorer_key}/deal/")  # the recorded deal's draft is gone
    expect(page.locator("#id_card_points")).to_have_value("")
    expect(page.locator("#draft-note")).to_be_hidden()


def test_a_deal_brought_back_can_be_started_over(new_context, client_for_setup):
    match = create_match(client_for_setup)
    page = new_context("phone").new_page()
    page.goto(f"/m/{match.scorer_key}/deal/")
    page.locator("label[for=id_bidders_1]").click()
    page.locator("#id_card_points").fill("77")
    page.locator(".stepper:has(#id_belots_a) button.step").first.click()
    expect(page.locator("#id_belots_a")).to_have_value("1")
    page.goto(f"/m/{match.scorer_key}/")  # left without saving
    page.goto(f"/m/{match.scorer_key}/deal/")
    note = page.locator("#draft-note")
    expect(note).to_contain_text("Върнато е това, което бяхте въвели")
    expect(page.locator("#id_card_points")).to_have_value("77")
    note.get_by_role("button", name="Започни отначало").click()
    expect(note).to_be_hidden()
    expect(page.locator("#id_card_points")).to_have_value("")
    expect(page.locator("#id_belots_a")).to_have_value("0")
    expect(page.locator("#id_bidders_1")).not_to_be_checked()
    page.reload()  # and it stays gone
    expect(page.locator("#id_card_points")).to_have_value("")
    expect(note).to_be_hidden()
    assert match.deals.count() == 0


def test_a_scorers_page_and_the_home_page_are_never_kept(
    new_context, client_for_setup, live_server
):
    match = create_match(client_for_setup)
    record_deal(client_for_setup, match, 1, card_points=87)
    context = new_context("phone")
    context.add_cookies(
        [{"name": RECENT_COOKIE, "value": match.scorer_key, "url": live_server.url}]
    )
    page = context.new_page()
    open_with_worker(page, "/bg/")  # a light page (the rules are 75,000 px), never kept itself
    for url in (f"/m/{match.scorer_key}/", "/bg/", f"/m/{match.watch_key}/"):
        page.goto(url)
        expect(page.locator("main")).not_to_be_empty()
    kept = kept_pages(page)
    assert [entry for entry in kept if match.scorer_key in entry or entry.endswith(" /bg/")] == []
    assert f"pages-v2 /m/{match.watch_key}/" in kept  # what is safe is kept: the watchers' page

    context.set_offline(True)
    for url in (f"/m/{match.scorer_key}/", "/bg/"):
        page.goto(url)
        expect(page.locator("h1")).to_have_text("Няма връзка")
        expect(page.locator(".total")).to_have_count(0)
        assert match.scorer_key not in page.content()
    page.goto(f"/m/{match.watch_key}/")
    expect(page.locator(".total .points")).to_have_text(["9", "7"])
    context.set_offline(False)


def test_an_earlier_workers_kept_pages_are_dropped(new_context, client_for_setup):
    match = create_match(client_for_setup)
    context = new_context("phone")
    page = context.new_page()
    # No worker yet (a page without its script): the phone as an earlier version left it.
    context.route(
        "**/js/site.js", lambda route: route.fulfill(body="", content_type="text/javascript")
    )
    page.goto("/bg/rules/")
    context.unroute("**/js/site.js")
    page.evaluate(
        """async (path) => {
          const cache = await caches.open("pages-v1");
          await cache.put(path, new Response("<h1>the scorer's page</h1>"));
        }""",
        f"/m/{match.scorer_key}/",
    )
    assert page.evaluate(CACHED) == [f"pages-v1 /m/{match.scorer_key}/"]
    open_with_worker(page, "/bg/rules/")
    assert kept_pages(page) == ["pages-v2 /bg/rules/"]


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_offline_a_new_deal_shows_the_sites_page_and_what_was_typed_comes_back(
    new_context, client_for_setup, language
):
    texts = {
        "uk": ("Нова роздача", "Немає з’єднання", "Те, що ви ввели в роздачі, зберігається"),
        "ru": ("Новая раздача", "Нет связи", "Введённое в раздаче хранится на этом телефоне"),
    }
    new_deal, title, kept = texts[language]
    match = create_match(client_for_setup)
    context = new_context("phone", locale=language)
    page = context.new_page()
    open_with_worker(page, f"/{language}/")  # a light page: the worker and its language
    type_a_draft(page, match)
    page.goto(f"/m/{match.scorer_key}/")
    context.set_offline(True)
    page.get_by_role("link", name=new_deal).click()
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator("main")).to_contain_text(kept)
    assert page.evaluate(WIDTH) <= 360
    assert page.url.endswith(f"/m/{match.scorer_key}/deal/")

    context.set_offline(False)
    page.goto(f"/m/{match.scorer_key}/deal/")
    expect(page.locator("#id_card_points")).to_have_value("91")
    expect(page.locator("#draft-note")).to_be_visible()


def test_offline_a_save_shows_the_sites_page_and_the_deal_is_kept(new_context, client_for_setup):
    match = create_match(client_for_setup)
    context = new_context("phone")
    page = context.new_page()
    open_with_worker(page, "/bg/")  # a light page: only the worker matters here
    type_a_draft(page, match, points="77")
    expect(page.locator("#preview .recorded")).to_be_visible()
    context.set_offline(True)
    page.locator("button[value=save]").click()
    expect(page.locator("h1")).to_have_text("Няма връзка")
    expect(page.locator("main")).to_contain_text("Въведеното в раздаване се пази на този телефон")
    context.set_offline(False)
    assert match.deals.count() == 0
    page.locator("[data-reload]").click()  # "Try again" sends the deal once the connection is back
    page.wait_for_url(f"**/m/{match.scorer_key}/")
    assert [deal.data["card_points"]["points"] for deal in match.deals.all()] == [77]


@pytest.fixture
def phone_with_lists(new_context, client_for_setup, live_server):
    """A phone whose home page lists a match and a table it made (their cookies, as the server
    sets them): ``make(**context options)`` gives the context, the match and the table."""

    def make(**options):
        match = create_match(client_for_setup)
        table = create_table(client_for_setup)
        context = new_context("phone", **options)
        context.add_cookies(
            [
                {"name": RECENT_COOKIE, "value": match.scorer_key, "url": live_server.url},
                {"name": RECENT_TABLES_COOKIE, "value": table.keeper_key, "url": live_server.url},
            ]
        )
        return context, match, table

    return make


def forget(page):
    page.goto("/bg/")
    page.get_by_text("Премахни мачовете от този телефон").click()
    page.get_by_role("button", name="Премахни ги от този телефон").click()
    page.wait_for_url("**/bg/")
    forgotten = translated("bg", "This phone has forgotten its matches, tables and tournaments.")
    assert forgotten.startswith(
        "Мачовете, масите и турнирите са премахнати"
    )  # translated, not the English
    expect(page.locator(".messages")).to_have_text(forgotten)


def test_forget_clears_the_lists_the_drafts_and_every_kept_page(phone_with_lists):
    context, match, table = phone_with_lists()
    page = context.new_page()
    open_with_worker(page, "/bg/rules/")
    type_a_draft(page, match)
    page.goto(f"/m/{match.watch_key}/")
    page.goto("/bg/")
    expect(page.locator(f"a[href='/m/{match.scorer_key}/']")).to_be_visible()
    expect(page.locator(f"a[href='/t/{table.keeper_key}/']")).to_have_text("Петък")
    assert page.evaluate(WIDTH) <= 360
    assert len(kept_pages(page)) == 2 and page.evaluate(DRAFTS)

    forget(page)

    expect(page.locator("ul.recent")).to_have_count(0)
    assert page.evaluate(DRAFTS) == [] and kept_pages(page) == []
    open_with_worker(page, "/bg/")  # the worker is there again, without the pages
    context.set_offline(True)
    page.goto(f"/m/{match.watch_key}/")
    expect(page.locator("h1")).to_have_text("Няма връзка")
    context.set_offline(False)


def test_the_servers_answer_alone_clears_the_drafts_and_the_kept_pages(phone_with_lists):
    """Where the page's script does not run its part (another browser), Clear-Site-Data does."""
    context, match, _table = phone_with_lists()
    page = context.new_page()
    open_with_worker(page, "/bg/rules/")
    type_a_draft(page, match)
    page.goto(f"/m/{match.watch_key}/")
    page.goto("/bg/")
    page.locator("form[data-forget]").evaluate("(form) => form.removeAttribute('data-forget')")
    forget(page)
    assert page.evaluate(DRAFTS) == [] and kept_pages(page) == []


def test_forget_works_without_javascript(phone_with_lists):
    context, match, table = phone_with_lists(java_script_enabled=False)
    page = context.new_page()
    page.goto("/bg/")
    expect(page.locator(f"a[href='/t/{table.keeper_key}/']")).to_be_visible()
    assert page.evaluate(WIDTH) <= 360
    forget(page)
    expect(page.locator("ul.recent")).to_have_count(0)
    assert {cookie["name"] for cookie in context.cookies()}.isdisjoint(
        {RECENT_COOKIE, RECENT_TABLES_COOKIE}
    )
    page.goto(f"/m/{match.scorer_key}/")  # the link itself still opens the match
    expect(page.locator(".total")).to_have_count(2)
