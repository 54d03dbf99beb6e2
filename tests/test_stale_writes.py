"""Every write is tied to the match as its scorer saw it: two phones acting on the same score.

Each pair of actions (a new deal, a correction, deleting the last deal, all passed) is tried
twice: one phone acts after the other has already changed the match (a stale page), and both
act at the same moment (threads, each phone with its own connection). In both cases exactly one
write lands; the other phone hears of the conflict and nothing of its own is written.
"""

import itertools
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import html5lib
import pytest
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import connections
from django.http import HttpRequest
from django.test import Client
from django.utils import translation

from calculator import engine
from calculator.models import Deal
from tests.calculator.conftest import (
    create_match,
    current_version,
    deal_fields,
    record_deal,
    saved_from,
    version_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

ACTIONS = ("new deal", "correction", "delete", "all passed")
A, HEARTS = engine.Team.A, engine.Contract.HEARTS
PAIRS = list(itertools.product(ACTIONS, repeat=2))
START = (87, 100, 120)  # the match's deals before the phones act: A's card points in hearts
# What a Save from a page older than the match says, on the page that comes back with what was
# typed (tests/e2e/test_two_phones.py checks them on a phone too).
NOT_YET = (
    "The match was changed on another phone while you entered this deal, so it was not saved "
    "yet. Check what will be recorded now, then tap Save again."
)
CORRECTED_NOT_YET = (
    "The match was changed on another phone while you corrected this deal, so the correction "
    "was not saved yet. Check what will be recorded now, then tap Save again."
)


def played(points: int) -> dict:
    return engine.deal_to_dict(engine.PlayedDeal(A, HEARTS, engine.CardPoints(A, points)))


def effect(action: str, deals: list[dict], points: int) -> list[dict]:
    """The match's deals after ``action``: what a phone expects its write to do."""
    if action == "new deal":
        return [*deals, played(points)]
    if action == "correction":
        return [deals[0], played(points), *deals[2:]]
    if action == "delete":
        return deals[:-1]
    return [*deals, engine.deal_to_dict(engine.AllPassed())]


class Phone:
    """A scorer's phone: it opens a page, then sends the write that page makes."""

    def __init__(self, match, points: int):
        self.client, self.match, self.points = Client(), match, points
        self.write: tuple[str, dict] | None = None

    def open(self, action: str) -> None:
        key = self.match.scorer_key
        page = self.client.get(f"/m/{key}/").content.decode()
        version = re.search(r'name="version" value="(\d+)"', page)[1]
        number = int(re.search(r'name="number" value="(\d+)"', page)[1])
        if action in ("new deal", "correction"):
            at = number if action == "new deal" else 2
            url = f"/m/{key}/deal/" if action == "new deal" else f"/m/{key}/deal/{at}/"
            fields = deal_fields(at, card_points=self.points, version=version)
            preview = self.client.post(url, {**fields, "action": "preview"})
            self.write = url, {**fields, **saved_from(preview)}
        elif action == "delete":
            self.write = f"/m/{key}/deal/{number - 1}/delete/", {"version": version}
        else:
            self.write = f"/m/{key}/all-passed/", {"number": number, "version": version}

    def send(self) -> str:
        url, data = self.write
        return outcome(self.client.post(url, data))


def outcome(response) -> str:
    """ "saved" (back to the match page, no warning), "conflict" (a warning, on the match page
    or on the deal page shown again), or what else came back."""
    if response.status_code == 200:
        warned = 'class="message warning"' in response.content.decode()
        return "conflict" if warned else "status 200"
    if response.status_code != 302:
        return f"status {response.status_code}"
    request = HttpRequest()
    morsel = response.cookies.get("messages")
    request.COOKIES = {"messages": morsel.value} if morsel is not None else {}
    levels = [note.level for note in CookieStorage(request)]
    return "conflict" if messages.WARNING in levels else "saved"


def stored(match) -> list[dict]:
    return list(Deal.objects.filter(match=match).order_by("number").values_list("data", flat=True))


@pytest.fixture
def match(client):
    match = create_match(client)
    for number, points in enumerate(START, start=1):
        record_deal(client, match, number, card_points=points)
    return match


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_a_write_from_a_page_older_than_the_match_writes_nothing(match, first, second):
    before = stored(match)
    late, early = Phone(match, points=90), Phone(match, points=130)
    late.open(second)
    early.open(first)

    assert early.send() == "saved"
    assert late.send() == "conflict"
    assert stored(match) == effect(first, before, 130)


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_two_phones_writing_at_once_land_exactly_one_write(match, first, second):
    before = stored(match)
    phones = [Phone(match, points=90), Phone(match, points=130)]
    phones[0].open(first)
    phones[1].open(second)
    start = threading.Barrier(2, timeout=60)

    def send(phone):
        try:
            start.wait()
            return phone.send()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(send, phones, timeout=120))

    assert sorted(outcomes) == ["conflict", "saved"]
    winner = outcomes.index("saved")
    action = (first, second)[winner]
    assert stored(match) == effect(action, before, phones[winner].points)


def test_a_correction_of_a_deal_replaced_meanwhile_keeps_the_new_deal(client, match):
    # The probe's case: A previews a correction of deal 3; B deletes deal 3 and records another
    # deal 3; A's Save must not overwrite B's deal.
    a = Phone(match, points=90)
    url = f"/m/{match.scorer_key}/deal/3/"
    fields = deal_fields(3, card_points=90, version=current_version(match))
    preview = a.client.post(url, {**fields, "action": "preview"})
    b = Phone(match, points=130)
    b.open("delete")
    assert b.send() == "saved"
    b.open("new deal")
    assert b.send() == "saved"

    response = a.client.post(url, {**fields, **saved_from(preview)})

    assert stored(match)[2] == played(130)
    html = response.content.decode()
    assert "поправяхте раздаването, мачът беше променен от друг телефон" in html
    assert 'name="card_points" value="90"' in html  # A's correction, to be checked again


@pytest.mark.parametrize("other", ["correction", "new deal"])
def test_a_new_deal_whose_match_changed_comes_back_to_be_checked_with_nothing_lost(match, other):
    # A enters deal 4 while B corrects a deal, or records another deal 4 first (not a second
    # tap of A's): A's deal comes back with what A typed, as the match's next deal now, to be
    # checked and saved again.
    a, b = Phone(match, points=90), Phone(match, points=130)
    a.open("new deal")
    b.open(other)
    assert b.send() == "saved"

    url, data = a.write
    response = a.client.post(url, data)

    html = response.content.decode()
    assert response.status_code == 200 and 'class="message warning"' in html
    assert "мачът беше променен от друг телефон, затова то още не е записано" in html
    assert 'name="card_points" value="90"' in html  # what the scorer typed, still there
    number = re.search(r'name="number" value="(\d+)"', html)[1]
    assert number == ("4" if other == "correction" else "5")
    before = effect(other, [played(p) for p in START], 130)
    assert stored(match) == before
    again = a.client.post(url, {**data, "number": number, **saved_from(response)})
    assert outcome(again) == "saved"
    assert stored(match) == [*before, played(90)]


@pytest.mark.parametrize("other", ["new deal", "correction", "all passed"])
def test_a_correction_whose_match_changed_comes_back_with_what_was_typed(match, other):
    # A opens "Correct" on deal 2 and types 160; B writes first (a new deal, a correction of
    # deal 2, all passed). A's Save writes nothing, and the correction page comes back with
    # A's 160, the match's version now, and a preview against the match as it is now: A's next
    # Save records it.
    key = match.scorer_key
    a, b = Client(), Phone(match, points=130)
    url = f"/m/{key}/deal/2/"
    opened = version_of(a.get(url))
    fields = {**deal_fields(2, card_points=160), "version": opened}
    preview = a.post(url, {**fields, "action": "preview"})
    b.open(other)
    assert b.send() == "saved"
    before = stored(match)

    response = a.post(url, {**fields, **saved_from(preview)})

    html = response.content.decode()
    assert response.status_code == 200 and 'class="message warning"' in html
    assert "поправяхте раздаването, мачът беше променен от друг телефон" in html
    assert 'name="card_points" value="160"' in html
    assert 'name="number" value="2"' in html
    assert int(version_of(response)) == current_version(match) != int(opened)
    assert 'id="preview"' in html
    assert stored(match) == before  # nothing of A's written yet
    again = a.post(url, {**fields, **saved_from(response)})
    assert outcome(again) == "saved"
    assert stored(match) == [before[0], played(160), *before[2:]]


def warnings_on(response) -> list[str]:
    """The page's warnings as a reader sees them (tags gone, spaces as one)."""
    document = html5lib.parse(response.content, namespaceHTMLElements=False)
    return [
        " ".join("".join(element.itertext()).split())
        for element in document.iter()
        if "warning" in element.get("class", "").split()
    ]


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize(
    ("action", "message"), [("new deal", NOT_YET), ("correction", CORRECTED_NOT_YET)]
)
def test_a_save_from_an_older_page_says_why_in_the_scorers_language(
    match, language, action, message
):
    a, b = Phone(match, points=90), Phone(match, points=130)
    a.client.cookies.load({"django_language": language})
    a.open(action)
    b.open("new deal")
    assert b.send() == "saved"

    response = a.client.post(*a.write)

    with translation.override(language):
        expected = " ".join(translation.gettext(message).split())
    assert expected != " ".join(message.split())  # translated, not the English it is made from
    assert response.status_code == 200 and warnings_on(response) == [expected]


@pytest.mark.parametrize("live", [True, False], ids=["live preview", "preview button"])
def test_a_correction_previewed_again_after_another_phones_save_is_refused(match, live):
    # B opens "Correct" (the page's version), A saves a correction, then B's preview runs again
    # (the live preview as B types, or the Preview button without a script) before B saves.
    key = match.scorer_key
    b = Client()
    opened = version_of(b.get(f"/m/{key}/deal/2/"))
    a = Phone(match, points=130)
    a.open("correction")
    assert a.send() == "saved"

    fields = {**deal_fields(2, card_points=140), "version": opened}
    path = f"/m/{key}/deal/preview/" if live else f"/m/{key}/deal/2/"
    preview = b.post(path, {**fields, "action": "preview"})
    if live:  # the part of the page the script replaces holds no version
        assert 'name="version"' not in preview.content.decode()
    else:  # the page comes back as it was made, with its own version
        assert version_of(preview) == opened
    response = b.post(f"/m/{key}/deal/2/", {**fields, **saved_from(preview)})

    assert outcome(response) == "conflict"
    assert stored(match)[1] == played(130)


def test_the_same_deal_sent_twice_is_recorded_once_and_the_second_tap_hears_it(match):
    a = Phone(match, points=90)
    a.open("new deal")
    assert a.send() == "saved"

    url, data = a.write
    response = a.client.post(url, data, follow=True)

    assert "вече беше записано" in response.content.decode()
    assert stored(match) == effect("new deal", [played(p) for p in START], 90)


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_correction_of_a_deal_deleted_meanwhile_comes_back_as_a_new_deal(match, language):
    # A corrects the last deal while B deletes it: A's Save writes nothing (no "page not
    # found"), says so, and brings back what A typed as the match's next deal, whose Save (to
    # the new deal's address) records it.
    key = match.scorer_key
    a, b = Client(), Phone(match, points=130)
    a.cookies.load({"django_language": language})
    fields = deal_fields(3, card_points=90, version=current_version(match))
    preview = a.post(f"/m/{key}/deal/3/", {**fields, "action": "preview"})
    b.open("delete")
    assert b.send() == "saved"

    response = a.post(f"/m/{key}/deal/3/", {**fields, **saved_from(preview)})

    assert stored(match) == [played(87), played(100)]
    with translation.override(language):
        expected = translation.gettext(GONE_CORRECTION)
    assert expected != GONE_CORRECTION
    assert response.status_code == 200 and warnings_on(response) == [" ".join(expected.split())]
    html = response.content.decode()
    assert 'name="card_points" value="90"' in html  # what A typed
    assert 'name="number" value="3"' in html  # the match's next deal now
    assert f'action="/m/{key}/deal/#preview"' in html
    again = a.post(f"/m/{key}/deal/", {**fields, "number": "3", **saved_from(response)})
    assert outcome(again) == "saved"
    assert stored(match) == [played(87), played(100), played(90)]


GONE_CORRECTION = (
    "The deal you were correcting was deleted on another phone, so the correction was not saved. "
    "What you typed is here as a new deal: check what will be recorded, then tap Save to record it."
)


@pytest.mark.parametrize("page", ["new deal", "correction"])
def test_a_new_deal_s_live_preview_says_another_phone_took_its_number(match, page):
    # A's new-deal page asks its live preview with ?new=1: once B has recorded deal 4, A's deal
    # is previewed as the next one (as its Save will come back), not as a correction of B's.
    key = match.scorer_key
    a, b = Client(), Phone(match, points=130)
    b.open("new deal")
    assert b.send() == "saved"

    path = f"/m/{key}/deal/preview/" + ("?new=1" if page == "new deal" else "")
    html = a.post(path, deal_fields(4, card_points=90)).content.decode()

    taken = "Междувременно друг телефон записа раздаване" in html
    correction = 'class="effects"' in html
    assert (taken, correction) == ((True, False) if page == "new deal" else (False, True))


def preview_key_on(page) -> str:
    """The preview key a deal page carries (none on a new deal's empty page)."""
    found = re.search(r'name="preview_key" value="(\w+)"', page.content.decode())
    return found[1] if found else ""


@pytest.mark.parametrize(
    ("page", "other"),
    [
        ("correction", "new deal"),
        ("correction", "correction"),
        ("new deal", "correction"),
        ("new deal", "new deal"),
    ],
)
def test_save_without_a_new_preview_on_a_page_older_than_the_match_comes_back_at_once(
    match, page, other
):
    # Without a script: A opens a correction of deal 2 (or the next deal) and types 160, B saves
    # meanwhile, then A taps Save without having tapped Preview. A's Save goes straight to the
    # page that says the match changed, with A's 160 previewed against the match as it is now
    # and its version; A's next Save records it.
    key = match.scorer_key
    a, b = Client(), Phone(match, points=130)
    url = f"/m/{key}/deal/2/" if page == "correction" else f"/m/{key}/deal/"
    opened = a.get(url)
    number = re.search(r'name="number" value="(\d+)"', opened.content.decode())[1]
    fields = {**deal_fields(number, card_points=160), "version": version_of(opened)}
    b.open(other)
    assert b.send() == "saved"
    before = stored(match)

    response = a.post(url, {**fields, "action": "save", "preview_key": preview_key_on(opened)})

    html = response.content.decode()
    assert response.status_code == 200 and 'class="message warning"' in html
    said = "поправяхте" if page == "correction" else "въвеждахте"
    assert f"{said} раздаването, мачът беше променен от друг телефон" in html
    assert 'name="card_points" value="160"' in html
    assert int(version_of(response)) == current_version(match)
    assert 'id="preview"' in html and "+16" in html  # A's 160, as the match is now
    assert stored(match) == before
    number = re.search(r'name="number" value="(\d+)"', html)[1]
    again = a.post(url, {**fields, "number": number, **saved_from(response)})
    assert outcome(again) == "saved"
    if page == "correction":
        assert stored(match) == [before[0], played(160), *before[2:]]
    else:
        assert stored(match) == [*before, played(160)]


OVER = {
    "bg": "Мачът свърши: спечели го отбор „Ние“ с 1:0 игри",
    "uk": "Матч закінчено: його виграла команда «Ми», 1:0 за іграми",
    "ru": "Матч закончен: его выиграла команда «Мы», 1:0 по играм",
}
NOT_RECORDED = {
    "bg": "затова въведеното от вас раздаване не е записано",
    "uk": "тож роздачу, яку ви ввели, не записано",
    "ru": "поэтому введённая вами раздача не записана",
}


def one_deal_from_the_end(client, language):
    """A one-game match to 51 whose next deal of A's 162 (16 points) ends it; its teams are
    the language's defaults ("Ние", "Ми", "Мы")."""
    us, them = {"bg": ("Ние", "Вие"), "uk": ("Ми", "Вони"), "ru": ("Мы", "Они")}[language]
    match = create_match(client, language, team_a=us, team_b=them, target="51", games_to_win="1")
    for number in (1, 2, 3):
        record_deal(client, match, number, card_points=162)
    return match


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_deal_typed_while_another_phone_ended_the_match_comes_back_and_names_the_winner(
    client, language
):
    match = one_deal_from_the_end(client, language)
    a, b = Phone(match, points=162), Phone(match, points=100)
    for phone in (a, b):
        phone.client.cookies.load({"django_language": language})
        phone.open("new deal")
    assert a.send() == "saved"  # deal 4 ends the match: 64:0
    before = stored(match)

    url, data = b.write
    response = b.client.post(url, data)

    html = response.content.decode()
    assert response.status_code == 400
    assert OVER[language] in html and NOT_RECORDED[language] in html
    assert 'name="card_points" value="100"' in html  # what B typed, to compare
    assert 'value="save"' not in html  # nothing to save it to
    assert f'class="button" href="{match.get_scorer_url()}"' in html
    assert stored(match) == before
    # The same deal from the other phone (or a second tap) was recorded already: it says so.
    a.client.cookies.load({"django_language": language})
    same = a.client.post(*a.write)
    assert outcome(same) == "conflict" and stored(match) == before
    # The deal page asked for now, and the live preview of a page opened before, say who won.
    page = b.client.get(url, follow=True)
    assert OVER[language] in page.content.decode()
    assert page.redirect_chain[-1][0] == match.get_scorer_url()
    preview = b.client.post(f"/m/{match.scorer_key}/deal/preview/?new=1", data)
    assert OVER[language] in preview.content.decode()
    assert NOT_RECORDED[language] not in preview.content.decode()


GONE = (
    "%(deal)s had already been deleted (on another phone, or by a second tap). "
    "Here is the current score."
)


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("first", ["another phone", "a second tap"])
def test_a_delete_of_a_deal_deleted_first_names_it_and_deletes_nothing_more(match, language, first):
    # A's Delete beside deal 3 lands after B's (or after A's own first tap): deal 2, now the
    # last, stays; A's page says deal 3 was deleted already, by its name, and offers to undo
    # that delete as it would have offered A's own.
    a = Phone(match, points=90)
    b = a if first == "a second tap" else Phone(match, points=130)
    a.client.cookies.load({"django_language": language})
    a.open("delete")
    b.open("delete")
    assert b.send() == "saved"

    response = a.client.post(*a.write, follow=True)

    assert stored(match) == [played(87), played(100)]
    with translation.override(language):
        name = translation.gettext("Game %(game)s, deal %(deal)s") % {"game": 1, "deal": 3}
        expected = translation.gettext(GONE) % {"deal": name}
        offer = translation.gettext("%(deal)s was deleted.") % {"deal": name}
    assert expected != GONE % {"deal": name}  # translated
    assert warnings_on(response) == [" ".join(expected.split())]
    document = html5lib.parse(response.content, namespaceHTMLElements=False)
    undo = document.find(".//form[@class='messages undo']")
    assert offer in "".join(undo.itertext())
    again = a.client.post(undo.get("action"), {"version": current_version(match)})
    assert outcome(again) == "saved"
    assert stored(match) == [played(p) for p in START]
