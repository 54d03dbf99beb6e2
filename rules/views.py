import re
import time
from uuid import uuid4

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import get_language, ngettext

from belot_site.lru import BoundedStore
from belot_site.methods import require_safe
from belot_site.pages import Page, page_response
from belot_site.theme import theme_of
from belot_site.typography import tie

from .models import Section

WORDS_PER_MINUTE = 180
SUBSECTION = re.compile(r'<h3 id="(?P<id>[^"]+)">(?P<title>.*?)</h3>', re.DOTALL)
TAG = re.compile(r"<[^>]+>")
SPACES = re.compile(r"[ \t\r\n]+")  # not U+00A0: a no-break space stays in a heading

# The rendered page is kept per language, theme and site address (the hreflang links are absolute),
# under a generation that changes whenever a section does (rules/signals.py). The time limit
# bounds how long a server worker can show an older text where each worker has its own cache
# (and so its own generation).
PAGE_SECONDS = 60
GENERATION_KEY = "rules:page:generation"


def _cost(key: str, kept: tuple[Page, float]) -> int:
    return len(key) + kept[0].cost()


# In each worker, as the bytes it sends (belot_site/pages.py), with the time it is kept until:
# Django's in-memory cache would unpickle them on every reading. A few pages in all (three
# languages, three themes, the site's addresses): 8 MiB holds them.
_pages = BoundedStore(8 * 1024 * 1024, _cost, largest=1024 * 1024)


def reading_time(minutes: int) -> str:
    return ngettext(
        "Reading time: %(count)s minute", "Reading time: %(count)s minutes", minutes
    ) % {"count": minutes}


@require_safe
def index(request):
    key = _page_key(request)
    page, until = (_pages.get(key) if key else None) or (None, 0.0)
    if page is None or until < time.monotonic():
        html = render_to_string("rules/index.html", _context(), request=request)
        page = Page.of(html)
        if key:
            _pages.put(key, (page, time.monotonic() + PAGE_SECONDS))
    return page_response(request, page)


def page_cache_clear() -> None:
    """Forget every cached rules page, in every language."""
    cache.set(GENERATION_KEY, uuid4().hex, None)


def _page_key(request) -> str | None:
    # A query string reaches the language switcher's links; such rare pages are not kept.
    if request.META.get("QUERY_STRING"):
        return None
    generation = cache.get_or_set(GENERATION_KEY, lambda: uuid4().hex, None)
    origin = f"{request.scheme}://{request.get_host()}"
    return f"rules:page:{generation}:{get_language()}:{theme_of(request)}:{origin}"


def subsections(body: str) -> list[dict]:
    """The `<h3 id>` headings of a section's body: the second level of the contents."""
    return [
        {"id": match["id"], "title": SPACES.sub(" ", TAG.sub(" ", match["title"])).strip()}
        for match in SUBSECTION.finditer(body)
    ]


def _context() -> dict:
    language = get_language()
    sections = list(Section.objects.all())
    words = 0
    for section in sections:
        # modeltranslation falls back to Bulgarian; the template says so where it did.
        section.fallback = not section.is_translated(language)
        section.html = tie(section.body)  # the stored text keeps plain spaces
        section.subsections = subsections(section.html)
        words += len(TAG.sub(" ", section.body).split())
    minutes = max(1, round(words / WORDS_PER_MINUTE))
    return {"sections": sections, "reading_time": reading_time(minutes)}
