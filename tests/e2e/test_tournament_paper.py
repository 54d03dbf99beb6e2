"""What the organizer prints carries no organizer's key: reached as the organizer reaches it
(a tap on the organizer's page), printed as a browser prints by default, with the page's title
in the header and its address in the footer, and read back from the PDF.

Chromium's default header and footer are the date and the title, the address and the page
numbers; Firefox prints the same (title and address at the top, page numbers and date at the
bottom). The test gives Chromium's print the same templates, so whatever address or title the
printed document has ends up in the PDF's text, as it ends up on the paper."""

import io
import re
import unicodedata

import pytest
from django.test import Client
from playwright.sync_api import expect
from pypdf import PdfReader

from calculator.tournaments.public import _qr
from tests.e2e.screens import Screen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADER = (
    '<div style="font-size:8px;width:100%"><span class=date></span> <span class=title></span></div>'
)
FOOTER = (
    '<div style="font-size:8px;width:100%"><span class=url></span> '
    "<span class=pageNumber></span>/<span class=totalPages></span></div>"
)
# Chromium's own default margins when it prints (about 1 cm), which leave room for the header
# and the footer.
MARGIN = {"top": "1cm", "bottom": "1cm", "left": "1cm", "right": "1cm"}
CARDS = "form[action$='/cards/'] button"
# A pair of two 40-character names: its table's card still one A5 sheet.
LONG = ("Мария-Антоанета Петрова-Иванова от Варна", "Щ" * 40)
TABLES = "a[href$='/tables/']"
SHEET = "a[href$='/sheet/']"


def printed(page) -> PdfReader:
    """The page printed as a browser prints it by default: its header and footer on."""
    pdf = page.pdf(
        display_header_footer=True,
        header_template=HEADER,
        footer_template=FOOTER,
        margin=MARGIN,
        prefer_css_page_size=True,
    )
    return PdfReader(io.BytesIO(pdf))


def text_of(pdf: PdfReader) -> str:
    """The PDF's text with every space and line break taken out, so that an address the footer
    wraps is read whole; ligatures ("fi" as U+FB01) written out again (NFKC)."""
    text = unicodedata.normalize("NFKC", "".join(page.extract_text() for page in pdf.pages))
    return "".join(text.split())


def links_of(pdf: PdfReader) -> list[str]:
    """The addresses of the PDF's links (Chromium keeps a printed link as a link)."""
    uris = []
    for page in pdf.pages:
        for annotation in page.get("/Annots") or ():
            action = annotation.get_object().get("/A")
            if action is not None and "/URI" in action:
                uris.append(str(action["/URI"]))
    return uris


def organizer_with_a_round(language: str):
    """A tournament of five pairs (a bye) with round 1 started, made as the organizer's phone
    makes it."""
    from tests.calculator.test_tournament_http import create, start_round

    client = Client()
    pairs = f"{LONG[0]} / {LONG[1]}\nВики / Гого\nДани / Ели\nЖоро / Зори\nИво / Йоана"
    tournament = create(client, language, pairs=pairs)
    assert start_round(client, tournament, 1, language).status_code == 302
    return tournament


def assert_no_organizers_key(pdf: PdfReader, tournament) -> str:
    text = text_of(pdf)
    assert tournament.name.replace(" ", "") in text  # the title in the header: it is printed
    assert tournament.keeper_key not in text
    for uri in links_of(pdf):
        assert tournament.keeper_key not in uri, uri
    return text


def qr_lines(svg: str) -> str:
    """What a QR code draws: its dark modules as one SVG path."""
    return re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_nothing_the_organizer_prints_carries_the_organizers_key(new_context, device):
    tournament = organizer_with_a_round("bg")
    tables = list(tournament.rounds.get().tables.select_related("match").order_by("number"))
    screen = Screen(new_context(device, locale="bg").new_page(), device)
    page = screen.page
    screen.goto(tournament.get_keeper_url())
    site = page.url.split("/tn/")[0]

    # The table cards: tapped on the organizer's page, printed as they are.
    screen.follow(page.locator(CARDS).first, r"/cards/$")
    cards = page.locator(".table-card:has(.card-qr)")
    expect(cards).to_have_count(len(tables))
    pdf = printed(page)
    assert len(pdf.pages) == len(tables) + 1  # one A5 sheet a table, and the bye's slip
    text = assert_no_organizers_key(pdf, tournament)
    for card, table in zip(cards.all(), tables, strict=True):
        assert f"Маса{table.number}" in text  # each card names its table and its pairs
        assert table.pair_a.name.replace(" ", "") in text
        # Its QR code is its own table's scorer's link: the one secret a card carries, printed
        # under the code too for a phone that cannot scan it.
        drawn = card.locator(".card-qr svg path.qrline").get_attribute("d")
        assert drawn == qr_lines(_qr(site + table.match.get_scorer_url()))
        link = site.split("://")[1] + table.match.get_scorer_url()
        expect(card.locator(".card-link .link-text")).to_have_text(link)
        assert link in text
    # The pair with the bye gets a slip of its own, without a code.
    bye = tournament.rounds.get().bye
    expect(page.locator(".bye-card .card-pairs")).to_have_text(bye.name)
    assert "Почивка" + bye.name.replace(" ", "") in text

    # The list of tables for the wall.
    screen.goto(tournament.get_keeper_url())
    screen.follow(page.locator(TABLES).first, r"/tables/$")
    expect(page.locator("table.tables-list tbody tr")).to_have_count(len(tables))
    text = assert_no_organizers_key(printed(page), tournament)
    assert tournament.view_key in text  # the public link's address, in the footer
    assert all(table.match.scorer_key not in text for table in tables)

    # The standings to print (A4).
    screen.goto(tournament.get_keeper_url())
    screen.follow(page.locator(SHEET).first, r"/sheet/$")
    text = assert_no_organizers_key(printed(page), tournament)
    assert all(table.match.scorer_key not in text for table in tables)


def test_the_knockouts_cards_name_their_stage_on_paper(new_context):
    """The cards of the knock-out say what each match is, not the round's number."""
    from tests.calculator.test_tournament_http import create, start_round
    from tests.calculator.test_tournament_knockout import knockout, play, swiss

    client = Client()
    pairs = "Ана / Боби\nВики / Гого\nДани / Ели\nЖоро / Зори\nИво / Йоана"
    tournament = create(client, "uk", pairs=pairs)
    swiss(client, tournament, 2)
    assert knockout(client, tournament, 4, "uk").status_code == 302
    screen = Screen(new_context("desktop", locale="uk").new_page(), "desktop")
    page = screen.page
    screen.goto(tournament.get_keeper_url())
    screen.follow(page.locator(CARDS).first, r"/cards/$")
    text = assert_no_organizers_key(printed(page), tournament)
    assert text.count("Півфінал") == 2 and "Тур3" not in text
    play(client, tournament, 3)
    assert start_round(client, tournament, 4, "uk").status_code == 302
    screen.goto(tournament.get_keeper_url())
    screen.follow(page.locator(CARDS).first, r"/cards/$")
    text = assert_no_organizers_key(printed(page), tournament)
    assert "Фінал" in text and "Матчзатретємісце" in text and "Тур4" not in text
