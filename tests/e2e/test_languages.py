"""The footer's language switcher on every kind of page, and the rules' table of contents."""

import pytest
from playwright.sync_api import expect

from tests.calculator.conftest import create_match
from tests.e2e.screens import Screen, translated

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

SCROLLED_TO = """
(id) => ({
  top: document.getElementById(id).getBoundingClientRect().top,
  atBottom: Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight,
})
"""


@pytest.mark.long
def test_the_language_switcher_works_on_every_page_and_the_rules_contents_lead_to_every_section(
    new_context, device, client_for_setup
):
    """Each page switched to each language in turn; on the rules page the reader also follows
    every link of the contents (and the switcher then keeps the #part): on the phone in each
    language, on the desktop in Russian (the links and the headings they lead to are the same
    markup in every language; the phone's narrow column is where a language's longer text moves
    them)."""
    match = create_match(client_for_setup)
    screen = Screen(new_context(device).new_page(), device)
    page = screen.page
    pages = [
        ("/bg/", "/{}/$", "h1", "Bulgarian belot"),
        ("/bg/rules/", "/{}/rules/(#contents)?$", "h1", "Rules of Bulgarian belot"),
        (f"/m/{match.scorer_key}/", f"/m/{match.scorer_key}/$", ".actions a.button", "New deal"),
    ]
    for start, address, selector, message in pages:
        screen.goto(start)
        for language in ("uk", "ru", "bg"):
            screen.follow(
                page.locator(f".language-switcher a[hreflang={language}]"), address.format(language)
            )
            expect(page.locator("html")).to_have_attribute("lang", language)
            expect(page.locator(selector)).to_have_text(translated(language, message))
            current = page.locator(".language-switcher a[aria-current]")
            expect(current).to_have_attribute("hreflang", language)
            if "/rules/" in address and (device == "phone" or language == "ru"):
                the_contents_lead_to_every_section(screen, language)


def the_contents_lead_to_every_section(screen: Screen, language: str):
    page = screen.page
    links = page.locator(".toc-list > li > a")
    slugs = [href.removeprefix("#") for href in links.evaluate_all("a => a.map(l => l.hash)")]
    assert len(slugs) >= 10
    for index, slug in enumerate(slugs):
        screen.tap(links.nth(index))
        expect(page).to_have_url(f"{page.url.split('#')[0]}#{slug}")
        expect(page.locator(f"#{slug}-title")).to_be_in_viewport()
        place = page.evaluate(SCROLLED_TO, slug)
        assert 0 <= place["top"] <= 20 or place["atBottom"], (language, slug, place)
    screen.tap(page.locator(".to-contents a"))
    expect(page.locator("#toc-title")).to_be_in_viewport()
