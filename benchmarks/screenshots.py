"""Screenshots at phone width for the README: home, rules, match and deal pages, in Bulgarian.

Run from the project root:

    .venv/bin/python benchmarks/screenshots.py      # writes docs/screenshots/*.png

The site runs as in production (benchmarks/page_weight.py: LocalSite) with a match of five
deals that leaves points hanging; Debian's Chromium (CHROMIUM) shows each page at 360 x 740
CSS pixels, 2 device pixels per CSS pixel, as a phone would. Each picture is one screen, not the
whole page: the first screen is what a phone shows first and keeps the files small. The deal
page is filled in (the bidders take the hanging points) and shot twice once the live preview
has come back from the server: its top (with the result beside Save), and scrolled to the
preview. Then the match's deals, and the offer to undo the last one after deleting it.

Then the dark theme (chosen with the footer's switch): the home page and the match page; and
the score sheet of a 40-deal match as it prints, an A4 page (794 CSS pixels wide) with print
media, the first page only.
Last, a table of six matches (seed_table): its leaderboard and a player's page.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.page_weight import LocalSite  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "bg-BG",
}


def only_local(route) -> None:
    """Nothing leaves 127.0.0.1: a request elsewhere is a bug in the page, not a picture."""
    if route.request.url.startswith(("http://127.0.0.1:", "data:")):
        route.continue_()
    else:
        route.abort()


def shoot(page: Page, name: str) -> Path:
    page.evaluate("document.activeElement && document.activeElement.blur()")
    path = OUT / f"{name}.png"
    page.screenshot(path=path, full_page=False, animations="disabled")
    return path


def fill_deal(page: Page) -> None:
    """The bidders (Ние) play hearts and take 97 with a belot: the hanging 8 go to them."""
    page.get_by_role("radio", name="Ние").first.check()
    page.locator("label[for=id_contract_2]").click()
    page.locator("#id_card_points").fill("97")
    page.locator("#id_belots_a").fill("1")
    page.locator("#id_belots_a").dispatch_event("change")
    page.locator("#preview table.recorded").wait_for()


def scroll_to(page: Page, selector: str) -> None:
    page.evaluate(f"document.querySelector('{selector}').scrollIntoView({{block: 'start'}})")


ROSTER = ["Мария", "Петър", "Иван", "Елена", "Стефан"]


def seed_table() -> str:
    """A table of six best-of-three matches with changing partners (call inside Django);
    returns its view key."""
    import random

    from calculator import engine
    from calculator.models import Deal, Table
    from calculator.tables.services import table_match_start

    rng = random.Random(14)
    table = Table.objects.create(name="Петък вечер", players=ROSTER)
    for _ in range(6):
        match = table_match_start(
            table=table, seats=rng.sample(ROSTER, 4), first_dealer=0, games_to_win=2
        )
        deals, fold = [], match.fold([])
        while not fold.match_over:
            team = rng.choice((engine.Team.A, engine.Team.B))
            contract = rng.choice(list(engine.Contract))
            points = rng.randint(90, engine.CARD_TOTALS[contract] - 10)
            deals.append(engine.PlayedDeal(team, contract, engine.CardPoints(team, points)))
            fold = match.fold(deals)
        Deal.objects.bulk_create(
            Deal(match=match, number=n, data=engine.deal_to_dict(d))
            for n, d in enumerate(deals, start=1)
        )
    return table.view_key


def take_table(page: Page, base: str, view_key: str) -> list[Path]:
    page.goto(f"{base}/t/{view_key}/", wait_until="networkidle")
    shots = [shoot(page, "table")]
    page.goto(f"{base}/t/{view_key}/player/0/", wait_until="networkidle")
    shots.append(shoot(page, "table-player"))
    scroll_to(page, "figure.chart")
    shots.append(shoot(page, "table-player-charts"))
    return shots


def take_all(page: Page, base: str, scorer_key: str) -> list[Path]:
    # Home first, as a first visit shows it: the new-match form, no "Your recent matches".
    shots = []
    for name, path in (("home", "/bg/"), ("rules", "/bg/rules/"), ("match", f"/m/{scorer_key}/")):
        page.goto(base + path, wait_until="networkidle")
        shots.append(shoot(page, name))
    page.goto(f"{base}/m/{scorer_key}/deal/", wait_until="networkidle")
    fill_deal(page)
    page.evaluate("window.scrollTo(0, 0)")
    shots.append(shoot(page, "deal"))
    scroll_to(page, "#preview")
    shots.append(shoot(page, "deal-preview"))
    # The match's deals, then the last one deleted: the offer to undo it.
    page.goto(f"{base}/m/{scorer_key}/", wait_until="networkidle")
    scroll_to(page, "#history-title")
    shots.append(shoot(page, "match-history"))
    page.locator("table.history button.danger").click()
    page.wait_for_load_state("networkidle")
    page.locator("form.undo").wait_for()
    shots.append(shoot(page, "undo"))
    # The dark theme, chosen with the footer's link (a cookie), as at a table in the evening.
    page.goto(f"{base}/theme/dark/?next=/bg/", wait_until="networkidle")
    shots.append(shoot(page, "home-dark"))
    page.goto(f"{base}/m/{scorer_key}/", wait_until="networkidle")
    shots.append(shoot(page, "match-dark"))
    page.goto(f"{base}/theme/auto/?next=/bg/", wait_until="networkidle")
    return shots


def take_sheet(browser, base: str, watch_key: str) -> Path:
    """The first A4 page of the score sheet, as it prints (print media, 794 x 1123 CSS px)."""
    context = browser.new_context(
        viewport={"width": 794, "height": 1123},
        device_scale_factor=1,
        locale="bg-BG",
        bypass_csp=True,  # for the page's 12 mm margins, which a screenshot has no @page for
    )
    context.route("**/*", only_local)
    page = context.new_page()
    page.emulate_media(media="print")
    page.goto(f"{base}/m/{watch_key}/sheet/", wait_until="networkidle")
    page.add_style_tag(content="body { padding: 12mm; }")
    path = shoot(page, "sheet-print")
    context.close()
    return path


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with LocalSite() as site:
        scorer_key, _watch_key = site.seed(deals=5)
        code = "from benchmarks.screenshots import seed_table; print(seed_table())"
        view_key = site.manage("shell", "-c", code).split()[-1]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(**PHONE)
            context.route("**/*", only_local)
            shots = take_all(context.new_page(), site.base, scorer_key)
            _scorer_key, sheet_key = site.seed(deals=40)
            shots.append(take_sheet(browser, site.base, sheet_key))
            shots += take_table(context.new_page(), site.base, view_key)
            browser.close()
    for shot in shots:
        print(f"{shot.relative_to(ROOT)}  {shot.stat().st_size / 1024:.0f} KB")


if __name__ == "__main__":
    main()
