"""The seed text of the rules reference: one HTML file per section and language (README.md here).

`sections.txt` lists the sections' anchors in page order; `<language>/<anchor>.html` holds one
section in one language, its title in an `<h2>` on the first line and the body after it. A
translator edits the files of one language without touching the others.
"""

import re
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
LANGUAGES = ("bg", "uk", "ru")
TITLE = re.compile(r"\A<h2>(?P<title>[^<]+)</h2>\n(?P<body>.+)\Z", re.DOTALL)


class ContentError(ValueError):
    """A shipped rules file is missing or does not start with its title."""


def section_slugs() -> list[str]:
    lines = (FOLDER / "sections.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def read_section(slug: str, language: str) -> tuple[str, str]:
    """The title and the body of one section in one language."""
    path = FOLDER / language / f"{slug}.html"
    if not path.exists():
        raise ContentError(f"{path} is missing")
    match = TITLE.match(path.read_text(encoding="utf-8"))
    if match is None:
        raise ContentError(f"{path} must start with a line <h2>title</h2>")
    return match["title"].strip(), match["body"].strip()


def all_sections() -> list[dict]:
    """Every section in page order: {"slug", "title": {language: ...}, "body": {language: ...}}."""
    sections = []
    for slug in section_slugs():
        texts = {language: read_section(slug, language) for language in LANGUAGES}
        sections.append(
            {
                "slug": slug,
                "title": {language: title for language, (title, _) in texts.items()},
                "body": {language: body for language, (_, body) in texts.items()},
            }
        )
    return sections
