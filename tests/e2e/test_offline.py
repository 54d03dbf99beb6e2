"""Offline at the table: the service worker keeps the rules and an open match; drafts survive."""

import pytest
from playwright.sync_api import expect

from tests.calculator.conftest import create_match, record_deal

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

WORKER_READY = "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"


def open_with_worker(page, url):
    """Open ``url`` once to install the worker, then again through it so it keeps the page."""
    page.goto(url)
    page.wait_for_function("navigator.serviceWorker.ready")
    page.reload()
    assert page.evaluate(WORKER_READY)


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
