"""Small things of the deal and match pages, measured on a 360 x 740 phone in bg, uk and ru,
with JavaScript on and off: what a finished match shows (its winner first, no dealer, both scores
level, readable charts, the sheet's winner and date), what the deal page says (a capot that
cannot end the game, the deal that ends the match, no "…."), how its lines wrap (the bar beside
Save, the chosen contract, why declarations are off in no trumps), bullets beside the first line
of a wrapped link. The rules' "Back to contents" on a strip of its own is checked where the
rules are read in every language and both ways, in test_rules_phone.py.
"""

import datetime

import pytest
from django.utils import timezone, translation
from django.utils.translation import pgettext
from playwright.sync_api import expect

from calculator.matches.services import match_state
from calculator.models import Match
from tests.calculator.conftest import create_match, record_deal
from tests.e2e.screens import Screen, translated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("bg", "uk", "ru")
JAVASCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
LONG = "Непобедимите картоиграчи от Лозенец 1987"  # 40 characters, three lines on a phone
CUT = "Мария-Антоанета… & Пламена-Александра…"  # a pair's name cut short, as a table makes it
DATES = {"bg": "1 декември 2026 г.", "uk": "1 грудня 2026 р.", "ru": "1 декабря 2026 г."}


def phone(new_context, javascript: bool) -> Screen:
    context = new_context("phone", java_script_enabled=javascript)
    return Screen(context.new_page(), "phone")


def play_to_the_end(client, match: Match) -> Match:
    """Hearts made by the first team, 130 each (13 : 3), until the match is over."""
    number = match.deals.count() + 1
    while not match_state(Match.objects.get(pk=match.pk)).fold.match_over:
        record_deal(client, match, number, card_points=130)
        number += 1
    return Match.objects.get(pk=match.pk)


# The chart's numbers and names: inside the chart, none over another.
CHART_TEXTS = """(svg) => {
  // Inside the border, and clear of the rounded corners, which clip what is drawn there.
  const style = getComputedStyle(svg), outer = svg.getBoundingClientRect();
  const border = parseFloat(style.borderTopWidth), radius = parseFloat(style.borderTopLeftRadius);
  const box = {left: outer.left + border, right: outer.right - border,
               top: outer.top + border, bottom: outer.bottom - border};
  const texts = [...svg.querySelectorAll(".axes text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
  const inCorner = (r) => (r.left < outer.left + radius || r.right > outer.right - radius)
    && (r.top < outer.top + radius || r.bottom > outer.bottom - radius);
  const inside = texts.every(([, r]) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5
    && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && !inCorner(r));
  const apart = texts.every(([, a], i) => texts.every(([, b], j) => i === j || a.right <= b.left
    || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top));
  return {texts: texts.map(([text]) => text), inside, apart};
}"""


@JAVASCRIPT
def test_a_finished_match_names_its_winner_first_and_its_pages_read_right(
    new_context, client_for_setup, javascript
):
    screen = phone(new_context, javascript)
    page = screen.page
    for language in LANGUAGES:
        match = create_match(
            client_for_setup, language, team_a=LONG, team_b="Орлите", target="51", games_to_win="1"
        )
        match = play_to_the_end(client_for_setup, match)
        Match.objects.filter(pk=match.pk).update(
            created=timezone.make_aware(datetime.datetime(2026, 12, 1, 12))
        )
        screen.goto(f"/{language}/")
        screen.goto(match.get_scorer_url())
        # Both scores at one height, however many lines each name takes.
        tops = page.locator(".scoreboard .points").evaluate_all(
            "spans => spans.map((span) => span.getBoundingClientRect().top)"
        )
        assert abs(tops[0] - tops[1]) < 1, (language, tops)
        # The match's winner is the biggest news; nobody deals any more.
        sizes = [
            page.locator(f".scoreboard {selector}").evaluate(
                "el => parseFloat(getComputedStyle(el).fontSize)"
            )
            for selector in (".match-over", ".game-over")
        ]
        assert sizes[0] > sizes[1], (language, sizes)
        expect(page.locator(".scoreboard .turn")).to_have_count(0)
        # The chart has its numbers (the target, 0, the deals) and the names of its axes.
        chart = page.locator("figure.chart svg").evaluate(CHART_TEXTS)
        assert chart["inside"] and chart["apart"], (language, chart)
        deals = str(match.deals.count())  # all in game 1
        assert {"51", "0", deals} <= set(chart["texts"]), (language, chart["texts"])
        with translation.override(language):
            names = [pgettext("a chart's axis", name) for name in ("points", "deals")]
        assert [text for text in chart["texts"] if not text.isdigit()] == names, chart["texts"]
        # A new deal in a finished match: refused, in the colours of a refusal, not red on green.
        screen.goto(f"/m/{match.scorer_key}/deal/")
        refused = page.locator(".messages .message.error")
        expect(refused).to_be_visible()
        colours = refused.evaluate(
            """(el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor,
                        getComputedStyle(document.body).color]"""
        )
        assert colours[0] == colours[2] and colours[1] == "rgb(254, 242, 242)", colours
        # The printed sheet names the winner of the match, and dates it as the language does.
        screen.goto(f"/m/{match.watch_key}/sheet/")
        winner = translated(
            language, "Winner of the match: %(team)s, %(a)s:%(b)s in games.", team=LONG, a=1, b=0
        )
        expect(page.locator(".sheet .match-over")).to_have_text(winner)
        expect(page.locator(".sheet-meta")).to_contain_text(DATES[language])


# Whether every "·" of the bar beside Save has text after it on its own line: a wrapped bar
# never ends a line with a lone "·".
LONE_DOTS = """() => {
  const bar = document.getElementById("result-bar");
  const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
  const lone = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let at = node.data.indexOf("·"); at >= 0; at = node.data.indexOf("·", at + 1)) {
      const dot = document.createRange();
      dot.setStart(node, at);
      dot.setEnd(node, at + 1);
      const after = document.createRange();
      after.setStart(node, at + 1);
      after.setEndAfter(bar.lastChild);
      const next = [...after.getClientRects()].find((r) => r.width > 4);
      if (!next || Math.abs(next.top - dot.getBoundingClientRect().top) > 4) lone.push(at);
    }
  }
  return lone;
}"""


@JAVASCRIPT
def test_the_deal_page_says_what_a_deal_does_and_keeps_its_lines_whole(
    new_context, client_for_setup, javascript
):
    screen = phone(new_context, javascript)
    page = screen.page
    preview = page.locator("#preview")
    for language in LANGUAGES:
        screen.goto(f"/{language}/")
        # A capot that reaches the target cannot end the game: the preview says so.
        match = create_match(client_for_setup, language, target="51")
        record_deal(client_for_setup, match, 1, contract="all_trumps", card_points=258)
        screen.goto(f"/m/{match.scorer_key}/deal/")
        screen.choose("bidders", "A")
        screen.choose("contract", "all_trumps")
        screen.choose("capot", "A")
        show_preview(screen, javascript)
        capot = translated(language, "A capot cannot end the game: one more deal is played.")
        expect(preview.locator(".notice")).to_contain_text(capot)
        expect(preview.locator(".game-over")).to_have_count(0)

        # The deal that ends the match says so, and a name cut short ends its sentence.
        match = create_match(
            client_for_setup, language, team_a=CUT, team_b=LONG, target="51", games_to_win="1"
        )
        for number in range(1, 4):
            record_deal(client_for_setup, match, number, card_points=130)  # 39 : 9
        screen.goto(f"/m/{match.scorer_key}/deal/")
        # Declarations are off in no trumps, and the page says why.
        note = page.locator(".no-trumps-note")
        expect(note).to_be_hidden()
        screen.choose("contract", "no_trumps")
        expect(note).to_have_text(
            translated(language, "No trumps has no declarations and no belot: their boxes are off.")
        )
        # The chosen contract's label keeps within its chip, whichever it is.
        for contract in ("clubs", "diamonds", "spades", "all_trumps", "no_trumps", "hearts"):
            screen.choose("contract", contract)
            chip = page.locator("label.chip:has(input[name=contract]:checked) span")
            fits = chip.evaluate("span => span.scrollWidth <= span.clientWidth")
            assert fits, (language, contract)
        expect(note).to_be_hidden()
        screen.choose("bidders", "A")
        screen.type_number("#id_card_points", 81)  # 81 : 81, the bidders' 8 hang
        show_preview(screen, javascript)
        assert page.evaluate(LONE_DOTS) == [], language
        screen.type_number("#id_card_points", 130)
        show_preview(screen, javascript)
        ends = translated(
            language, "This deal ends the match. Winner of the match: %(team)s.", team=CUT
        )
        # A cut name ends its sentence with "…", no full stop after it; a quoted one with the
        # closing quote and the full stop ("…“.").
        expect(preview.locator(".match-over")).to_have_text(ends.replace("….", "…"))
        expect(page.locator("#result-bar")).to_contain_text(translated(language, "ends the match"))
        assert "…." not in preview.inner_text(), language
        assert page.evaluate(LONE_DOTS) == [], language
        screen.check_layout()


def show_preview(screen: Screen, javascript: bool) -> None:
    if javascript:
        screen.settled()
    else:
        screen.follow(screen.page.locator("button[value=preview]"), r"/deal/(#preview)?$")


# Where a list's bullet stands: a probe at the very start of the item's first line, which the
# bullet shares, against the link's first and last lines.
BULLET_LINE = """(li) => {
  const probe = document.createElement("span");
  probe.textContent = "\\u200b";
  li.insertBefore(probe, li.firstChild);
  const at = probe.getBoundingClientRect();
  probe.remove();
  const range = document.createRange();
  range.selectNodeContents(li.querySelector("a"));
  const lines = [...range.getClientRects()];
  return {probe: at.top + at.height / 2, first: [lines[0].top, lines[0].bottom],
          last: lines[lines.length - 1].top, lines: new Set(lines.map((r) => Math.round(r.top))).size};
}"""


@JAVASCRIPT
def test_bullets_stand_by_the_first_line(new_context, client_for_setup, javascript):
    screen = phone(new_context, javascript)
    page = screen.page
    for language in LANGUAGES:
        match = create_match(client_for_setup, language, team_a=LONG, team_b="Орлите")
        screen.goto(match.get_scorer_url())  # the phone now remembers it
        screen.goto(f"/{language}/")
        found = page.locator(".recent li").first.evaluate(BULLET_LINE)
        assert found["lines"] >= 2, found  # the link wraps
        assert found["first"][0] <= found["probe"] <= found["first"][1], (language, found)
