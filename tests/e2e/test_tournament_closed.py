"""A table's scorer and the organizer at once, on two 360 px phones: the scorer has
a deal typed and previewed when the organizer enters the table's result from its paper sheet;
the scorer's Save is refused in the scorer's language, nothing is saved, and the match's page
says the organizer entered the result and offers no deal to enter.

On the phone in one language: the refusal's and the pages' words in bg, uk and ru are
tests/calculator/test_tournament_closed.py's."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from calculator.matches.services import RESULT_BY_HAND
from calculator.models import Deal
from tests.e2e.screens import translated
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE
from tests.e2e.test_tournament import PAIRS, phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGE_NOTE = (
    "The organizer entered this table's result by hand, from its paper sheet: that is the "
    "table's result in the tournament, and no deals are saved in this match."
)


@pytest.mark.parametrize("language", ["ru"])
def test_a_deal_saved_after_the_hand_result_is_refused_on_the_scorers_phone(new_context, language):
    from tests.calculator.test_tournament_http import create, start_round, tables

    client = Client()
    tournament = create(client, pairs=f"{' / '.join(PAIRS[0])}\n{' / '.join(PAIRS[1])}")
    start_round(client, tournament, 1)
    (table,) = tables(tournament, 1)

    scorer = phone(new_context, language)
    page = scorer.page
    scorer.goto(table.match.get_scorer_url())
    scorer.follow(page.locator(".actions a.button"), DEAL_PAGE)
    scorer.choose("bidders", "A")
    scorer.choose("contract", "all_trumps")
    scorer.type_number("#id_card_points", 160)
    scorer.settled()
    expect(page.locator("#preview table.recorded")).to_be_visible()

    # Meanwhile the organizer enters the paper sheet's result on the organizer's page.
    organizer = phone(new_context, language)
    desk = organizer.page
    organizer.goto(tournament.get_keeper_url())
    form = desk.locator("details.hand-result")
    organizer.tap(form.locator("summary"))
    form.locator("input[name=points_a]").fill("151")
    form.locator("input[name=points_b]").fill("62")
    organizer.follow(form.locator("button[type=submit]"), r"/tn/[\w-]+/$")
    expect(desk.locator("table.round-tables .progress")).to_have_text(
        [translated(language, "finished, entered by hand")]
    )

    scorer.follow(page.locator("button[name=action][value=save]"), MATCH_PAGE)
    expect(page.locator(".message.error")).to_have_text(translated(language, RESULT_BY_HAND))
    expect(page.locator("p.by-hand")).to_have_text(translated(language, PAGE_NOTE))
    expect(page.locator(".actions")).to_have_count(0)  # no New deal, no All passed
    assert not Deal.objects.filter(match=table.match).exists()
