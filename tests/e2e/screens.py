"""Acting on the site's pages as a player does: tap chips, type on the keypad, read the score.

`Screen.arrived` checks every page it lands on: no sideways scrolling, and on a phone every
control in <main> is a 44 x 44 CSS px tap target (WCAG 2.5.5), except links inside a sentence,
which on the match and deal pages must still be 24 x 24 (WCAG 2.2, 2.5.8).
"""

import re

from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from calculator import engine

SEQUENCE_FIELDS = {3: "terces", 4: "quartes", 5: "quintes"}
TAP_MIN = 44
INLINE_MIN = 24  # links in a sentence, on the match and deal pages
# CSS px at least between a chip's words and its border ("без козыря" touched it at 4); in a
# French game's row of contracts, its padding and border.
CHIP_ROOM, TIGHT_CHIP_ROOM = 6, 2.5

SMALL_TARGETS = """
([min, inlineMin]) => {
  // Hidden, not rendered or inside a closed <details>: not a target (opacity 0 still is).
  const visible = (el) => el.checkVisibility({ visibilityProperty: true });
  const inSentence = (el) => {
    if (el.tagName !== "A" || !getComputedStyle(el).display.startsWith("inline")) return false;
    const block = el.parentElement.closest("p, li, td, dd, figcaption, blockquote");
    return block !== null && block.textContent.trim() !== el.textContent.trim();
  };
  // A link inside a sentence is still a 24 x 24 target on the match and deal pages (WCAG 2.2,
  // 2.5.8); any other control 44 x 44.
  const fits = (box, least) => box.width >= least - 0.5 && box.height >= least - 0.5;
  const small = [];
  const controls = document.querySelectorAll(
    "main a[href], main button, main input:not([type=hidden]), main select, main summary"
  );
  for (const el of controls) {
    if (!visible(el)) continue;
    const least = inSentence(el) ? inlineMin : min;
    // A radio button or check box is tapped through its label too; chips hide the input.
    const targets = el.matches("[type=radio], [type=checkbox]") ? [el, ...el.labels] : [el];
    const boxes = targets.map((target) => target.getBoundingClientRect());
    if (boxes.some((box) => fits(box, least))) continue;
    const name = (el.id ? "#" + el.id : el.className ? "." + el.className : "")
      + " " + (el.textContent || el.value || "").trim().slice(0, 30);
    small.push(`<${el.tagName.toLowerCase()}> ${name}: ${Math.round(boxes[0].width)}x`
      + `${Math.round(boxes[0].height)}`);
  }
  return small;
}
"""


def translated(language: str, message: str, **values) -> str:
    with translation.override(language):
        return gettext(message) % values if values else gettext(message)


# Parts drawn only near the screen (CSS content-visibility: auto, the rules' sections) are laid
# out at their real size first: otherwise a table too wide in the last section would go unseen.
RENDER_EVERYTHING = """() => {
  for (const element of document.querySelectorAll("*")) {
    if (getComputedStyle(element).contentVisibility === "auto") {
      element.style.contentVisibility = "visible";
    }
  }
}"""


def render_everything(page) -> None:
    page.evaluate(RENDER_EVERYTHING)


# A page's whole width once everything is laid out, and on a phone its small tap targets: in one
# round trip to the page, as check_layout runs on every page a test arrives at. The closed
# panels (<details>) of <main> are measured open, as a visitor opens them, and closed again: a
# field in a closed panel once made the home page wider than the phone unseen.
LAYOUT = f"""([min, inlineMin, touch]) => {{
  ({RENDER_EVERYTHING})();
  const closed = [...document.querySelectorAll("main details:not([open])")];
  for (const details of closed) details.open = true;
  const width = document.documentElement.scrollWidth;
  const small = touch ? ({SMALL_TARGETS})([min, inlineMin]) : [];
  for (const details of closed) details.open = false;
  return [width, small];
}}"""


# The choices' labels (chips, and the labels of radio buttons and check boxes) that are squeezed
# narrower than their words: wider inside than their box (scrollWidth), a chip's words closer to
# its border than its room, or a word of theirs broken across two lines. Closed panels are
# measured open, as in LAYOUT.
SQUEEZED_LABELS = """([ROOM, TIGHT_ROOM]) => {
  const closed = [...document.querySelectorAll("main details:not([open])")];
  for (const details of closed) details.open = true;
  const labels = new Set(document.querySelectorAll("main label.chip > span"));
  for (const input of document.querySelectorAll("main :is([type=radio], [type=checkbox])")) {
    for (const label of input.labels) if (!label.matches(".chip")) labels.add(label);
  }
  const lines = (rects) => {
    let count = 0, bottom = -Infinity;
    for (const rect of [...rects].sort((a, b) => a.top - b.top)) {
      if (rect.top >= bottom - 1) count += 1;
      bottom = Math.max(bottom, rect.bottom);
    }
    return count;
  };
  const squeezed = [];
  for (const label of labels) {
    if (!label.checkVisibility({ visibilityProperty: true })) continue;
    const text = label.textContent.trim().replace(/\\s+/g, " ");
    if (label.scrollWidth > label.clientWidth) {
      squeezed.push(`${text}: ${label.scrollWidth} px in ${label.clientWidth} px`);
      continue;
    }
    if (label.matches(".chip > span")) {  // its words clear of its border, on either side
      const box = label.getBoundingClientRect();
      let room = Infinity;
      const texts = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!node.data.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          room = Math.min(room, line.left - box.left, box.right - line.right);
        }
      }
      // A French game's contracts share one row at their words' width (site.css): theirs is
      // the chip's own padding, kept.
      const least = label.closest(".french-deal .contracts") ? TIGHT_ROOM : ROOM;
      if (room < least) squeezed.push(`${text}: ${room.toFixed(1)} px from its border`);
    }
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (lines(range.getClientRects()) > 1) squeezed.push(`${text}: "${word[0]}" broken`);
      }
    }
  }
  for (const details of closed) details.open = false;
  return squeezed;
}"""


# The words of the elements ``selector`` finds that a line break cuts in two.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


class Screen:
    """One page in one browser context, on a phone (touch) or a desktop (mouse)."""

    def __init__(self, page, device: str):
        self.page = page
        self.touch = device == "phone"

    # Getting around

    def goto(self, path: str):
        self.page.goto(path)
        self.check_layout()

    def arrived(self, pattern: str) -> str:
        """Wait for a page whose path matches ``pattern``, check its layout, return its URL."""
        expect(self.page).to_have_url(re.compile(pattern))
        self.page.wait_for_load_state()
        self.check_layout()
        return self.page.url

    def follow(self, locator, pattern: str) -> str:
        """Tap a link or button that loads a page, then as ``arrived``. Waiting for the load
        itself matters where the page comes back at its own address (a form with errors, a
        POST that redirects back): the address alone would match the page being left."""
        with self.page.expect_navigation():
            self.tap(locator)
        return self.arrived(pattern)

    def tap(self, locator):
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def check_layout(self):
        width = self.page.viewport_size["width"]
        inline_min = INLINE_MIN if "/m/" in self.page.url else 0
        scroll_width, small = self.page.evaluate(LAYOUT, [TAP_MIN, inline_min, self.touch])
        assert scroll_width <= width, f"{self.page.url} is {scroll_width}px wide at {width}px"
        assert not small, f"small tap targets on {self.page.url}:\n" + "\n".join(small)

    def check_labels(self):
        """No choice's label is narrower than its words (SQUEEZED_LABELS): for pages whose
        labels are the site's words and ordinary names; a 40-character name without a space
        breaks where it must."""
        squeezed = self.page.evaluate(SQUEEZED_LABELS, [CHIP_ROOM, TIGHT_CHIP_ROOM])
        assert not squeezed, f"squeezed labels on {self.page.url}:\n" + "\n".join(squeezed)

    def broken_words(self, selector: str) -> list[str]:
        """The words of ``selector``'s elements that a line break cuts in two."""
        return self.page.evaluate(BROKEN_WORDS, selector)

    # Entering a deal

    def choose(self, name: str, value: str):
        """Tap the chip (a label around a visually hidden radio or check box) of ``value``."""
        choice = self.page.locator(f"input[name='{name}'][value='{value}']")
        self.tap(self.page.locator("label.chip").filter(has=choice))
        expect(choice).to_be_checked()

    def type_number(self, selector: str, value: int):
        """Tap a number field and type on the keypad."""
        field = self.page.locator(selector)
        self.tap(field)
        field.press("Control+A")
        self.page.keyboard.type(str(value))
        expect(field).to_have_value(str(value))

    def set_count(self, name: str, count: int):
        """A declaration count: the + button where scripts run (it shows only then), else typing."""
        field = self.page.locator(f"#id_{name}")
        plus = self.page.locator(f".stepper:has(#id_{name}) button.step", has_text="+")
        if plus.is_visible():
            for _ in range(count):
                self.tap(plus)
        elif count:
            self.type_number(f"#id_{name}", count)
        expect(field).to_have_value(str(count))

    def enter_deal(self, deal: engine.PlayedDeal | engine.InsideDeal):
        """Enter an engine deal into the deal form, field by field, as the scorer would."""
        inside = isinstance(deal, engine.InsideDeal)
        self.choose("result", "inside" if inside else "played")
        self.choose("bidders", deal.bidders.value)
        self.choose("contract", deal.contract.value)
        self.choose("double", deal.double.value)
        if not inside:
            if deal.card_points is not None:
                self.choose("points_team", deal.card_points.team.value)
                self.type_number("#id_card_points", deal.card_points.points)
            self.choose("capot", deal.capot.value if deal.capot else "")
        for suffix, declared in (("a", deal.declarations_a), ("b", deal.declarations_b)):
            for length, kind in SEQUENCE_FIELDS.items():
                count = sum(1 for s in declared.sequences if min(s.length, 5) == length)
                self.set_count(f"{kind}_{suffix}", count)
            self.set_count(f"belots_{suffix}", declared.belots)
            for carre in declared.carres:
                self.choose(f"carres_{suffix}", carre.rank.value)

    def answer_tops(self, deal, answer) -> dict[str, str]:
        """Wait for the live preview to settle: a result, or top-card fields shown in place.
        Choose each top card asked for with ``answer(deal, field)``; returns the answers."""
        self.settled()
        asked = self.page.locator("[id^='wrap-'][id*='_top_']:not([hidden])")
        answers = {}
        for wrap in asked.all():
            field = wrap.get_attribute("id").removeprefix("wrap-")
            answers[field] = answer(deal, field)
            wrap.locator("select").select_option(answers[field])
        self.settled()
        return answers

    def settled(self):
        """The live preview has answered what is on the screen now (it is not aria-busy)."""
        expect(self.page.locator("#preview:not([aria-busy])")).to_have_count(1)

    # Reading what the page shows

    def preview_rows(self, expected: engine.MatchDeal) -> dict[str, list[str]]:
        """Wait for the preview to show the engine's deal, then return its rows as shown."""
        rows = self.page.locator("#preview table.recorded tbody tr")
        written = [f"+{expected.result.written.a}", f"+{expected.result.written.b}"]
        expect(rows.nth(0).locator("td")).to_have_text(written)
        expect(rows.nth(1).locator("td")).to_have_text(
            [str(expected.totals.a), str(expected.totals.b)]
        )
        return {
            "deal": rows.nth(0).locator("td").all_inner_texts(),
            "totals": rows.nth(1).locator("td").all_inner_texts(),
        }

    def history_row(self, index: int = 0) -> dict[str, list[str]]:
        """A row of the deals table, newest first: what it added and the running totals."""
        row = self.page.locator("table.history tbody tr").nth(index)
        return {
            "deal": row.locator("td.num .delta").all_inner_texts(),
            "totals": row.locator("td.num .running").all_inner_texts(),
        }

    def totals(self):
        return self.page.locator(".scoreboard .points")

    def expect_score(self, fold: engine.Match, language: str = "bg"):
        """The scoreboard shows the engine's totals, hanging points, dealer and game end."""
        expect(self.totals()).to_have_text([str(fold.totals.a), str(fold.totals.b)])
        hanging = self.page.locator(".scoreboard .hanging-note")
        if fold.hanging:
            expect(hanging).to_contain_text(str(fold.hanging))
        else:
            expect(hanging).to_have_count(0)
        expect(self.page.locator(".scoreboard .game-over")).to_have_count(int(fold.game_over))
        dealer = translated(language, "Player %(number)s", number=fold.dealer + 1)
        expect(self.page.locator(".scoreboard .turn strong").first).to_have_text(dealer)
