"""Deals entered in Chromium with JavaScript on, as the scorer taps them, are previewed and
saved exactly as the engine scores them; the top card the preview asks for shows up in place.

A sample of the random deals of tests/calculator/test_round_trip.py (a fixed seed, so every run
taps the same ones); the thorough checks of the whole space run without a browser there.
"""

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from playwright.sync_api import expect

from calculator import engine
from calculator.models import Deal
from tests.calculator.conftest import create_match
from tests.calculator.scorer import entered_deal, top_answer
from tests.calculator.test_round_trip import known_deals
from tests.e2e.screens import Screen
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAMPLE = settings(
    max_examples=5,
    derandomize=True,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # a browser is too slow to shrink with
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture
def one_phone(new_context) -> Screen:
    """One phone for every deal of the sample, as a scorer keeps one phone from match to match:
    each deal is entered on a match of its own, whose deal page has no draft of another."""
    return Screen(new_context("phone").new_page(), "phone")


@pytest.mark.long
@SAMPLE
@given(deal=known_deals(engine.DEFAULT_PROFILE))
def test_a_sample_of_random_deals_is_saved_as_the_engine_scores_it(
    one_phone, client_for_setup, deal
):
    match = create_match(client_for_setup)
    screen = one_phone
    screen.goto(f"/m/{match.scorer_key}/deal/")
    screen.enter_deal(deal)
    tops = screen.answer_tops(deal, top_answer)
    expected = engine.fold_match(match.profile, match.first_dealer, [deal])
    screen.preview_rows(expected.deals[-1])
    screen.follow(screen.page.locator("button[name=action][value=save]"), MATCH_PAGE)
    assert engine.deal_from_dict(Deal.objects.get(match=match).data) == entered_deal(deal, tops)


# The page's script shows and clears the question the same way in each language: one language
# here (the sample above is Bulgarian); the deal page's words at 360 px in every language are
# test_deal_choices.py's and test_phone_screens.py's.
@pytest.mark.parametrize("language", ["uk"])
def test_the_top_card_asked_for_appears_in_place_and_its_error_clears(
    new_context, client_for_setup, language
):
    match = create_match(client_for_setup, language)
    screen = Screen(new_context("phone", locale=language).new_page(), "phone")
    screen.goto(f"/m/{match.scorer_key}/deal/")
    page = screen.page
    screen.choose("bidders", "A")
    screen.choose("contract", "hearts")
    screen.type_number("#id_card_points", 90)
    screen.set_count("terces_a", 1)
    top_a = page.locator("#wrap-terce_top_a")
    expect(top_a).to_be_hidden()
    screen.set_count("terces_b", 2)
    # Equal terces: the preview asks for the top cards, and the fields show up without a reload.
    expect(top_a).to_be_visible()
    expect(page.locator("#wrap-terce_top_b")).to_be_visible()
    expect(page.locator("#wrap-quarte_top_a")).to_be_hidden()
    page.locator("#id_terce_top_a").select_option("J")
    page.locator("#id_terce_top_b").select_option("10")
    expect(page.locator("#preview table.recorded")).to_be_visible()

    # Saved before the answer (a full reload): the questions stand under the fields, in a
    # notice's colours (not as errors), then go as soon as the answer makes the deal whole.
    # (Another phone: this one keeps a draft.)
    screen = Screen(new_context("phone", locale=language).new_page(), "phone")
    page = screen.page
    top_a = page.locator("#wrap-terce_top_a")
    screen.goto(f"/m/{match.scorer_key}/deal/")
    screen.choose("bidders", "A")
    screen.choose("contract", "hearts")
    screen.type_number("#id_card_points", 90)
    screen.set_count("terces_a", 1)
    screen.set_count("terces_b", 2)
    expect(top_a).to_be_visible()
    screen.follow(page.locator("button[name=action][value=save]"), DEAL_PAGE)
    errors = page.locator("#errors-terce_top_a .question")
    expect(errors).to_have_count(1)
    expect(page.locator("#errors-terce_top_a .error")).to_have_count(0)
    expect(page.locator(".invalid")).to_have_count(0)
    border = page.locator("#id_terce_top_a").evaluate("el => getComputedStyle(el).borderColor")
    assert border == "rgb(252, 211, 77)", border  # --notice-line, not red
    page.locator("#id_terce_top_a").select_option("J")
    page.locator("#id_terce_top_b").select_option("10")
    expect(errors).to_have_count(0)
    expect(page.locator("#preview table.recorded")).to_be_visible()
    expect(page.locator(".invalid")).to_have_count(0)
