"""The tournament's standings sheet on paper: the largest round robin (12 pairs, 11
rounds) with 40-character names prints on one A4 page, every round's column on it, nothing to
tap."""

import io
import unicodedata
from datetime import date

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from calculator import engine
from calculator.models import ROUND_ROBIN
from calculator.tournaments.services import tournament_create, tournament_round_start
from calculator.tournaments.state import tournament_state
from tests.e2e.screens import Screen, translated
from tests.e2e.test_tournament import finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def round_robin_played() -> object:
    pairs = [(f"{number:02}" + "Ж" * 38, f"Играч {number}") for number in range(1, 13)]
    tournament = tournament_create(
        pairs=pairs,
        name="Купа „Морско казино“ · " + "Ш" * 16,
        date=date(2026, 12, 2),
        game="belot",
        house_rules={},
        games_to_win=1,
        format=ROUND_ROBIN,
    )
    for number in range(1, 12):
        tournament_round_start(tournament=tournament, number=number)
        for index, table in enumerate(tournament_state(tournament).rounds[-1].tables):
            finish(table.match, engine.Team.A if index % 2 else engine.Team.B)
    return tournament


@pytest.mark.parametrize("language", ["bg", "ru"])
def test_the_largest_round_robin_prints_its_standings_on_one_a4_page(new_context, language):
    tournament = round_robin_played()
    context = new_context("desktop", locale=language)
    screen = Screen(context.new_page(), "desktop")
    screen.goto(f"/{language}/")
    screen.goto(tournament.get_view_url())
    screen.follow(screen.page.locator("a[href$='/sheet/']"), r"/sheet/$")
    page = screen.page
    expect(page.locator("table.crosstable tbody tr")).to_have_count(12)
    expect(page.locator("table.crosstable thead th")).to_have_count(2 + 11)

    page.emulate_media(media="print")
    page.set_viewport_size({"width": 703, "height": 1000})  # A4 less its 12 mm margins, at 96 dpi
    widths = page.evaluate(
        "[...document.querySelectorAll('.tournament-sheet table')]"
        ".map(t => t.getBoundingClientRect().right)"
    )
    assert widths and max(widths) <= 703, widths
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    text = unicodedata.normalize("NFKC", " ".join(p.extract_text() for p in pdf.pages))
    text = " ".join(text.split())  # a header may wrap: "Round" and "11" on two lines
    assert len(pdf.pages) == 1, f"{len(pdf.pages)} A4 pages"
    assert translated(language, "Round %(number)s", number=11) in text
    assert translated(language, "Print") not in text
    assert tournament.keeper_key not in text and tournament.view_key in text
    assert "Играч 12" in text
