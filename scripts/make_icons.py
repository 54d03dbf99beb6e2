"""Draw the app's icons (the web app manifest's and the home screen's) as PNG files.

    .venv/bin/python scripts/make_icons.py      # writes static/icons/*.png

The icon is an SVG drawn here (a spade and a heart on the green felt of the site's header),
rendered by Debian's Chromium (the one the browser tests use) at each size, so no image library
is needed. Two shapes:

- "any": a rounded square, transparent at the corners, the suits filling most of it;
- "maskable": the felt to the very edges, the suits inside the middle 80 % (the safe zone a
  phone's round or squircle mask never cuts), as https://w3c.github.io/manifest/#icon-masks asks.

The PNGs are committed; run this again only when the drawing changes.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
FELT = "#14532d"
SIZES = (192, 512)

# The suits on a 100 x 100 grid: a heart, and a spade (a heart upside down, with a stem).
HEART = "M50 90 C22 68 6 52 10 34 C14 16 38 12 50 32 C62 12 86 16 90 34 C94 52 78 68 50 90 Z"
SPADE = (
    "M50 8 C78 32 94 46 90 62 C86 78 62 80 54 66 C56 78 60 86 66 92 L34 92 C40 86 44 78 46 66 "
    "C38 80 14 78 10 62 C6 46 22 32 50 8 Z"
)


def svg(*, maskable: bool) -> str:
    # The suits' box: 86 % of the icon, or 60 % for a maskable one (inside the 80 % circle).
    scale = 0.6 if maskable else 0.86
    offset = (100 - 100 * scale) / 2
    background = (
        f'<rect width="100" height="100" fill="{FELT}"/>'
        if maskable
        else f'<rect width="100" height="100" rx="18" fill="{FELT}"/>'
    )
    suits = (
        f'<g transform="translate({offset} {offset}) scale({scale})">'
        f'<path d="{SPADE}" fill="#ffffff" transform="translate(2 6) scale(0.52)"/>'
        f'<path d="{HEART}" fill="#f87171" transform="translate(46 42) scale(0.52)"/>'
        "</g>"
    )
    head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    return f"{head}{background}{suits}</svg>"


def render(page, *, size: int, maskable: bool) -> Path:
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        "<!doctype html><style>html,body{margin:0;background:transparent}"
        f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg(maskable=maskable)}"
    )
    path = OUT / f"{'maskable' if maskable else 'icon'}-{size}.png"
    page.screenshot(path=path, omit_background=True)
    return path


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless"])
        page = browser.new_page(device_scale_factor=1)
        for size in SIZES:
            for maskable in (False, True):
                path = render(page, size=size, maskable=maskable)
                print(f"{path.relative_to(ROOT)}  {path.stat().st_size / 1024:.1f} KB")
        browser.close()


if __name__ == "__main__":
    main()
