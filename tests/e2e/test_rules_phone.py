"""The rules page on a 360 px phone, with JavaScript on and off: no sideways scrolling, folded
subsections in the contents, a way back to the contents from anywhere, a quick find that works
offline, and no accessibility violations in any of its states.

The page height is printed (`pytest -s`) so that it can be compared from one change to the next.
"""

import re

import pytest
from playwright.sync_api import expect

from rules.content import section_slugs
from tests.e2e.screens import Screen, render_everything
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_offline import open_with_worker

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

LANGUAGES = ("bg", "uk", "ru")
# A guard against a layout gone wrong (a table or a word forcing one word per line), not a goal.
# The two chapters on the French games took the page from some 50,000 px to 73,500-76,500.
MAX_HEIGHT = 100_000
# A word each language's rules use in a few sections only.
REVOKE = {"bg": "ренонс", "uk": "ренонс", "ru": "ренонс"}
SECTIONS_FOUND = {"bg": "Намерени раздели:", "uk": "Знайдено розділів:", "ru": "Найдено разделов:"}
NOTHING_FOUND = {
    "bg": "Нищо не е намерено.",
    "uk": "Нічого не знайдено.",
    "ru": "Ничего не найдено.",
}


def page_size(page) -> dict:
    render_everything(page)
    return page.evaluate(
        "() => ({width: document.documentElement.scrollWidth,"
        " height: document.documentElement.scrollHeight})"
    )


# Each pair a line must not split: a number and the suit sign or word after it ("10 ♠", "151
# точки"), a word and its suit sign ("купа ♥"), and a dash with what comes before it. A pair is
# split when its characters lie on two lines: one of its boxes starts below another's bottom.
SPLIT_PAIRS = r"""(root) => {
  const pairs = /\d+\s+(?:[♣♦♥♠]|\p{L})|\p{L}\s+[♣♦♥♠]|\S\s+—/gu;
  const split = [];
  let checked = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const found of node.data.matchAll(pairs)) {
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
      if (!boxes.length) continue;
      checked += 1;
      const lowestTop = Math.max(...boxes.map((box) => box.top));
      const highestBottom = Math.min(...boxes.map((box) => box.bottom));
      if (lowestTop >= highestBottom - 1) split.push(found[0]);
    }
  }
  return { checked, split };
}"""


# The rules' way back to the contents, seen in the middle of the page: a strip across the page,
# opaque, the button on it.
TO_CONTENTS = """() => {
  const strip = document.querySelector(".to-contents");
  const main = document.querySelector("main").getBoundingClientRect();
  const box = strip.getBoundingClientRect();
  const link = strip.querySelector("a").getBoundingClientRect();
  return {left: box.left - main.left, right: main.right - box.right,
          background: getComputedStyle(strip).backgroundColor,
          inside: link.top >= box.top && link.bottom <= box.bottom,
          onScreen: box.bottom <= innerHeight + 0.5 && box.top >= 0};
}"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_rules_fit_a_360_px_phone_in_every_language(new_context, javascript):
    """Each language's rules read once: fit, folded contents, numbers beside their signs, the way
    back to the contents, and in Ukrainian a subsection two taps away; without JavaScript, no
    quick find."""
    screen = Screen(new_context("phone", java_script_enabled=javascript).new_page(), "phone")
    page = screen.page
    for language in LANGUAGES:
        screen.goto(f"/{language}/rules/")  # checks width and 44 px tap targets
        size = page_size(page)
        print(f"rules {language} javascript={javascript}: {size['height']} px tall")
        assert size["width"] <= 360
        assert size["height"] < MAX_HEIGHT
        # The subsections are in the contents, folded.
        folds = page.locator(".toc-list details")
        assert folds.count() >= 10
        assert not any(folds.evaluate_all("ds => ds.map(d => d.open)"))
        # A number never leaves its suit sign or word.
        body = page.locator(".rules-body")
        result = body.evaluate(SPLIT_PAIRS)
        assert result["checked"] > 150, result  # the check looked at the pairs
        assert result["split"] == [], (language, result["split"])
        # Read from the middle, "Back to contents" is a strip of its own that covers no text.
        page.goto(f"/{language}/rules/#scoring")  # the same page: no load
        strip = page.evaluate(TO_CONTENTS)
        assert strip["onScreen"] and strip["inside"], (language, strip)
        assert strip["left"] <= 0.5 and strip["right"] <= 0.5, (language, strip)
        assert re.fullmatch(r"rgb\(\d+, \d+, \d+\)", strip["background"]), strip  # opaque
        if not javascript:  # the quick find needs a script: not shown, the whole contents are
            expect(page.locator(".quick-find")).to_be_hidden()
            expect(page.locator(".toc-list > li")).to_have_count(len(section_slugs()))
        if language == "uk":
            a_subsection_is_two_taps_away_and_the_contents_one_tap_back(screen)
    # The check finds a split pair: plain spaces in a column too narrow for "10 ♠".
    body.evaluate(
        "(root) => { const p = document.createElement('p');"
        " p.style.width = '2ch'; p.textContent = '10 ♠ 10 ♠ 151 очко';"
        " root.append(p); }"
    )
    assert body.evaluate(SPLIT_PAIRS)["split"] == ["10 ♠", "10 ♠", "151 о"]


def a_subsection_is_two_taps_away_and_the_contents_one_tap_back(screen: Screen):
    page = screen.page
    scoring = page.locator(".toc-list > li").filter(has=page.locator("a[href='#scoring']"))
    screen.tap(scoring.locator("summary"))
    link = scoring.locator("details a[href='#rounding']")
    expect(link).to_be_visible()
    screen.check_layout()  # the opened list's links are tap targets too
    screen.tap(link)
    assert page.url.endswith("#rounding")
    expect(page.locator("#rounding")).to_be_in_viewport()
    back = page.locator(".to-contents a")
    expect(back).to_be_in_viewport()  # it stays on the screen wherever the reader is
    screen.tap(back)
    expect(page.locator("#toc-title")).to_be_in_viewport()


@pytest.mark.service_worker
def test_quick_find_works_offline(new_context):
    context = new_context("phone", locale="ru")
    page = context.new_page()
    open_with_worker(page, "/ru/rules/")
    context.set_offline(True)
    page.goto("/ru/rules/")
    page.locator("#quick-find").fill("капо")
    expect(page.locator("#quick-find-status")).to_contain_text(SECTIONS_FOUND["ru"])
    context.set_offline(False)


@pytest.mark.parametrize("language", LANGUAGES)
def test_quick_find_narrows_the_contents_and_no_state_of_the_page_has_axe_violations(
    new_context, axe_source, language
):
    """The rules page with a script, read once: axe-core checks it folded (the whole text of
    each language), opened (in bg) and filtered (in uk and ru: the states the script makes are
    the same in every language), and the quick find narrows the contents, and Enter goes to the
    first match."""
    screen = Screen(new_context("phone", locale=language).new_page(), "phone")
    page = screen.page
    screen.goto(f"/{language}/rules/")
    found = axe_violations(page, axe_source)  # folded
    box = page.locator("#quick-find")
    expect(box).to_be_visible()
    sections = page.locator(".toc-list > li")
    total = sections.count()
    box.fill(REVOKE[language])
    shown = page.locator(".toc-list > li:not([hidden])")
    expect(shown.first).to_be_visible()
    found_sections = shown.count()
    assert 0 < found_sections < total
    expect(page.locator("#quick-find-status")).to_have_text(
        f"{SECTIONS_FOUND[language]} {found_sections}"
    )
    # The irregularities chapter is found, its revoke subsection shown and unfolded.
    chapter = shown.filter(has=page.locator("a[href='#irregularities']"))
    expect(chapter.locator("a[href='#revoke']")).to_be_visible()
    screen.check_layout()
    box.fill("зззз")
    expect(shown).to_have_count(0)
    expect(page.locator("#quick-find-status")).to_contain_text(NOTHING_FOUND[language])
    box.fill("")
    expect(shown).to_have_count(total)
    assert not any(page.locator(".toc-list details").evaluate_all("ds => ds.map(d => d.open)"))

    for summary in page.locator(".toc-list summary").all()[:3]:
        summary.tap()
    if language == "bg":
        found += axe_violations(page, axe_source)  # opened
    box.fill("капо")
    if language != "bg":
        found += axe_violations(page, axe_source)  # filtered
    assert not found, "\n".join(found)

    box.fill(REVOKE[language])
    box.press("Enter")
    assert "#" in page.url
    target = page.url.split("#")[1]
    expect(page.locator(f"[id='{target}']")).to_be_in_viewport()
