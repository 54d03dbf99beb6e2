"""Two phones keep the same match: a write from the older page changes nothing
and says so, on the path each browser really takes, its live preview included.

Each phone is a browser context of its own at 360 x 740. The deal page's live preview replaces
its preview with the server's answer as the scorer types; the version of the match the page was
made from must survive that, or a correction typed on an older page silently overwrites a newer
one. A new deal refused so comes back with what was typed, to be checked and saved again,
also when another phone recorded a different deal under its number; once that deal ended the
match, it comes back to be compared, naming the match's winner.
"""

import pytest
from playwright.sync_api import expect

from calculator.models import Deal
from tests.calculator.conftest import create_match, record_deal
from tests.e2e.screens import Screen, translated
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE
from tests.test_stale_writes import CORRECTED_NOT_YET, NOT_YET

pytestmark = [
    pytest.mark.browser,
    pytest.mark.service_worker,
    pytest.mark.shared_cache,
    pytest.mark.django_db(transaction=True),
]

CHANGED = (
    "The match was changed on another phone in the meantime, so nothing was saved. "
    "Here is the current score."
)
RECORDED = (
    "That deal had already been recorded (from another phone, or by a second tap). "
    "Here is the current score."
)

CORRECTION_GONE = (
    "The deal you were correcting was deleted on another phone, so the correction was not saved. "
    "What you typed is here as a new deal: check what will be recorded, then tap Save to record it."
)
TAKEN = (
    "Another phone has recorded a deal meanwhile (%(deal)s): this one will be recorded after it."
)


def two_phones(new_context, language: str, javascript: bool) -> tuple[Screen, Screen]:
    def phone():
        context = new_context("phone", locale=language, java_script_enabled=javascript)
        return Screen(context.new_page(), "phone")

    return phone(), phone()


def points_of(match) -> list:
    """Each stored deal's card points (None for all passed), in order."""
    deals = Deal.objects.filter(match=match).order_by("number")
    return [(deal.data.get("card_points") or {}).get("points") for deal in deals]


def previewed(screen: Screen, javascript: bool, pattern: str):
    """What the page shows before Save is the server's answer to what is typed now: the live
    preview with a script, the Preview button's page without one."""
    if javascript:
        screen.settled()
        expect(screen.page.locator("#preview table.recorded")).to_be_visible()
    else:
        screen.follow(screen.page.locator("button[value=preview]"), pattern)


def enter_new_deal(screen: Screen, javascript: bool, key: str, deal: tuple[str, str, int]):
    """Open the next deal of match ``key``, type in (bidders, contract, card points) and see
    its preview."""
    bidders, contract, points = deal
    screen.goto(f"/m/{key}/deal/")
    screen.choose("bidders", bidders)
    screen.choose("contract", contract)
    screen.type_number("#id_card_points", points)
    previewed(screen, javascript, DEAL_PAGE)


def save(screen: Screen, pattern: str) -> None:
    screen.follow(screen.page.locator("button[value=save]"), pattern)


def warned(screen: Screen, language: str, message: str) -> None:
    expect(screen.page.locator(".messages .warning")).to_have_text(translated(language, message))


@pytest.mark.parametrize(("language", "javascript"), [("bg", True), ("uk", False)], ids=str)
def test_a_deal_typed_on_an_older_page_changes_nothing_and_says_so(
    new_context, client_for_setup, language, javascript
):
    match = create_match(client_for_setup, language)
    for number, points in enumerate((87, 100, 120), start=1):
        record_deal(client_for_setup, match, number, card_points=points)
    a, b = two_phones(new_context, language, javascript)
    key = match.scorer_key
    correction = r"/m/[\w-]+/deal/2/(#preview)?$"

    # Both phones open "Correct" for deal 2. A saves 130; B, on its page, types 140, sees the
    # preview of it and saves: A's correction stays, and B's page comes back with B's 140, says
    # why nothing was saved, and previews it against the match as it is now; B's next Save
    # records it.
    a.goto(f"/m/{key}/deal/2/")
    b.goto(f"/m/{key}/deal/2/")
    a.type_number("#id_card_points", 130)
    previewed(a, javascript, correction)
    save(a, MATCH_PAGE)
    assert points_of(match) == [87, 130, 120]
    b.type_number("#id_card_points", 140)
    previewed(b, javascript, correction)
    expect(b.page.locator("#result-bar strong")).to_have_text(["+14", "+2"])
    save(b, correction)
    warned(b, language, CORRECTED_NOT_YET)
    assert points_of(match) == [87, 130, 120]
    expect(b.page.locator("#id_card_points")).to_have_value("140")
    expect(b.page.locator("input[name=number]")).to_have_value("2")
    expect(b.page.locator("#preview table.recorded")).to_be_visible()
    b.check_layout()
    save(b, MATCH_PAGE)
    assert points_of(match) == [87, 140, 120]

    # B enters deal 4 while A corrects deal 1. B's Save from the older page records nothing:
    # its page comes back with what B typed, previewed in the match as it is now.
    enter_new_deal(b, javascript, key, ("B", "spades", 100))
    a.goto(f"/m/{key}/deal/1/")
    a.type_number("#id_card_points", 90)
    previewed(a, javascript, r"/m/[\w-]+/deal/1/(#preview)?$")
    save(a, MATCH_PAGE)
    b.type_number("#id_card_points", 101)
    previewed(b, javascript, DEAL_PAGE)
    save(b, DEAL_PAGE)
    warned(b, language, NOT_YET)
    assert points_of(match) == [90, 140, 120]
    expect(b.page.locator("input[name=bidders][value=B]")).to_be_checked()
    expect(b.page.locator("input[name=contract][value=spades]")).to_be_checked()
    expect(b.page.locator("#id_card_points")).to_have_value("101")
    b.check_layout()
    save(b, MATCH_PAGE)
    assert points_of(match) == [90, 140, 120, 101]
    expect(b.page.locator(".messages .warning")).to_have_count(0)

    # Both enter deal 5 and A saves first. B's is another deal, not a second tap of A's: B's
    # Save comes back with what B typed, now as deal 6, and records it when tapped again.
    enter_new_deal(b, javascript, key, ("A", "clubs", 110))
    enter_new_deal(a, javascript, key, ("B", "spades", 95))
    save(a, MATCH_PAGE)
    if javascript:  # B's live preview, asked again as B types, says the number was taken
        b.type_number("#id_card_points", 111)
        previewed(b, javascript, DEAL_PAGE)
        taken = translated(language, TAKEN, deal="").split("(")[0].strip()
        expect(b.page.locator("#preview p.notice")).to_contain_text(taken)
        expect(b.page.locator("#preview .effects")).to_have_count(0)  # not a correction
    save(b, DEAL_PAGE)
    warned(b, language, NOT_YET)
    assert points_of(match) == [90, 140, 120, 101, 95]
    typed = 111 if javascript else 110
    expect(b.page.locator("input[name=bidders][value=A]")).to_be_checked()
    expect(b.page.locator("input[name=contract][value=clubs]")).to_be_checked()
    expect(b.page.locator("#id_card_points")).to_have_value(str(typed))
    expect(b.page.locator("input[name=number]")).to_have_value("6")
    save(b, MATCH_PAGE)
    assert points_of(match) == [90, 140, 120, 101, 95, typed]


# The match page's forms are the same with a script or without (it does not refresh itself).
@pytest.mark.parametrize(("language", "javascript"), [("ru", True)], ids=str)
def test_delete_all_passed_and_undo_from_an_older_match_page_change_nothing(
    new_context, client_for_setup, language, javascript
):
    match = create_match(client_for_setup, language)
    for number, points in enumerate((87, 100, 120), start=1):
        record_deal(client_for_setup, match, number, card_points=points)
    a, b = two_phones(new_context, language, javascript)
    key = match.scorer_key
    a.goto(f"/m/{key}/")
    b.goto(f"/m/{key}/")

    # A corrects deal 1; B's Delete beside deal 3 comes from the page before it.
    a.goto(f"/m/{key}/deal/1/")
    a.type_number("#id_card_points", 90)
    previewed(a, javascript, r"/m/[\w-]+/deal/1/(#preview)?$")
    save(a, MATCH_PAGE)
    b.follow(b.page.locator("table.history button.danger"), MATCH_PAGE)
    warned(b, language, CHANGED)
    assert points_of(match) == [90, 100, 120]

    # A passes deal 4 on; B's All passed, from its page before that, is the same deal again.
    all_passed = "form[action$='/all-passed/'] button"
    a.follow(a.page.locator(all_passed), MATCH_PAGE)
    b.follow(b.page.locator(all_passed), MATCH_PAGE)
    warned(b, language, RECORDED)
    assert points_of(match) == [90, 100, 120, None]

    # Both pages offer to undo it; A does, and B's Undo comes from the page before.
    expect(b.page.locator("form.undo button")).to_be_visible()
    a.follow(a.page.locator("form.undo button"), MATCH_PAGE)
    assert points_of(match) == [90, 100, 120]
    b.follow(b.page.locator("form.undo button"), MATCH_PAGE)
    warned(b, language, CHANGED)
    assert points_of(match) == [90, 100, 120]
    expect(b.page.locator("form.undo")).to_have_count(0)

    # A corrects deal 3 while B deletes it: A's Save brings what A typed back as the next deal
    # (deal 3 again), and A's next Save records it there.
    a.goto(f"/m/{key}/deal/3/")
    a.type_number("#id_card_points", 130)
    previewed(a, javascript, r"/m/[\w-]+/deal/3/(#preview)?$")
    b.goto(f"/m/{key}/")
    b.follow(b.page.locator("table.history button.danger"), MATCH_PAGE)
    assert points_of(match) == [90, 100]
    save(a, r"/m/[\w-]+/deal/3/(#preview)?$")
    warned(a, language, CORRECTION_GONE)
    expect(a.page.locator("#id_card_points")).to_have_value("130")
    expect(a.page.locator("input[name=number]")).to_have_value("3")
    save(a, MATCH_PAGE)
    assert points_of(match) == [90, 100, 130]


# With a script and without one; the warnings' words in every language are checked without a
# browser (tests/test_stale_writes.py).
@pytest.mark.parametrize(("language", "javascript"), [("bg", False), ("ru", True)], ids=str)
def test_save_on_a_page_older_than_the_match_goes_straight_to_what_changed(
    new_context, client_for_setup, language, javascript
):
    """Phone A types on a correction (then on a new deal) and taps Save after B's Save, without
    tapping Preview: the first Save shows the page that says the match changed, with what A
    typed previewed against the match as it is now, and the next Save records it."""
    match = create_match(client_for_setup, language)
    for number, points in enumerate((87, 100, 120), start=1):
        record_deal(client_for_setup, match, number, card_points=points)
    a, b = two_phones(new_context, language, javascript)
    key = match.scorer_key
    correction = r"/m/[\w-]+/deal/2/(#preview)?$"

    a.goto(f"/m/{key}/deal/2/")
    a.type_number("#id_card_points", 160)
    enter_new_deal(b, javascript, key, ("B", "spades", 100))
    save(b, MATCH_PAGE)
    save(a, correction)
    warned(a, language, CORRECTED_NOT_YET)
    expect(a.page.locator("#id_card_points")).to_have_value("160")
    expect(a.page.locator("input[name=number]")).to_have_value("2")
    expect(a.page.locator("#result-bar strong")).to_have_text(["+16", "+0"])
    assert points_of(match) == [87, 100, 120, 100]
    save(a, MATCH_PAGE)
    assert points_of(match) == [87, 160, 120, 100]
    expect(a.page.locator(".messages .warning")).to_have_count(0)

    a.goto(f"/m/{key}/deal/")
    a.choose("bidders", "A")
    a.choose("contract", "hearts")
    a.type_number("#id_card_points", 90)
    b.goto(f"/m/{key}/deal/1/")
    b.type_number("#id_card_points", 95)
    previewed(b, javascript, r"/m/[\w-]+/deal/1/(#preview)?$")
    save(b, MATCH_PAGE)
    save(a, DEAL_PAGE)
    warned(a, language, NOT_YET)
    expect(a.page.locator("input[name=bidders][value=A]")).to_be_checked()
    expect(a.page.locator("input[name=contract][value=hearts]")).to_be_checked()
    expect(a.page.locator("#id_card_points")).to_have_value("90")
    expect(a.page.locator("input[name=number]")).to_have_value("5")
    expect(a.page.locator("#result-bar strong")).to_have_text(["+9", "+7"])
    assert points_of(match) == [95, 160, 120, 100]
    save(a, MATCH_PAGE)
    assert points_of(match) == [95, 160, 120, 100, 90]


@pytest.mark.parametrize(("language", "javascript"), [("ru", True), ("uk", False)], ids=str)
def test_a_deal_saved_after_the_other_phone_ended_the_match_comes_back_naming_the_winner(
    new_context, client_for_setup, language, javascript
):
    """Both phones type the match's last deal, different ones; A saves first and ends the
    match. B's Save records nothing: B's page says who won the match and that B's deal was not
    recorded, keeps what B typed to compare, and leads back to the match instead of Save."""
    from calculator.matches.deals import MATCH_OVER, MATCH_OVER_NOT_RECORDED
    from tests.test_stale_writes import one_deal_from_the_end

    match = one_deal_from_the_end(client_for_setup, language)
    a, b = two_phones(new_context, language, javascript)
    key = match.scorer_key
    enter_new_deal(b, javascript, key, ("B", "spades", 100))
    enter_new_deal(a, javascript, key, ("A", "hearts", 162))
    save(a, MATCH_PAGE)
    assert points_of(match) == [162, 162, 162, 162]
    save(b, DEAL_PAGE)
    team = match.team_a
    over = translated(language, MATCH_OVER, team=team, a=1, b=0)
    expect(b.page.locator(".messages .error")).to_have_text(
        translated(language, MATCH_OVER_NOT_RECORDED, team=team, a=1, b=0)
    )
    expect(b.page.locator("#preview .error")).to_have_text(over)
    expect(b.page.locator("input[name=bidders][value=B]")).to_be_checked()
    expect(b.page.locator("#id_card_points")).to_have_value("100")
    expect(b.page.locator("button[value=save]")).to_have_count(0)
    b.follow(b.page.locator(".form-actions a.button"), MATCH_PAGE)
    assert points_of(match) == [162, 162, 162, 162]
