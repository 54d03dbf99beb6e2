"""The watchers' pages as they are kept: the last rendered in this process (plain and
compressed, bounded in bytes), and with a shared cache (Redis) for every worker and machine,
compressed with its ETag in front so that a reader takes it only if it is the page it asked for.
Used by the match's watch pages and score sheet (matches/pages.py) and the tournament's pages
and wall (tournaments/public.py, tournaments/wall.py)."""

import hashlib
import sys
import zlib

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language

from belot_site.lru import BoundedStore
from belot_site.pages import Page
from belot_site.theme import theme_of


def _size(key: str, page: Page) -> int:
    """What a kept page costs in memory: its key as Python holds it, and its bytes."""
    return sys.getsizeof(key) + page.cost()


# The last pages rendered in this process, as the bytes sent, plain and compressed
# (belot_site/pages.py): Django's in-memory cache would pickle and unpickle a 200-deal page
# (100 KB) on every read, as costly as half a rendering.
WATCH_PAGES_BYTES = 16 * 1024 * 1024


_watch_pages = BoundedStore(WATCH_PAGES_BYTES, _size, largest=WATCH_PAGES_BYTES // 4)


# With a shared cache (Redis), a page rendered by one worker serves every worker and machine. Each
# is kept compressed, at most SHARED_PAGE_BYTES of it and for SHARED_PAGE_SECONDS: Redis holds at
# most what the pages of the last ten minutes' changes take, bounded per page.
SHARED_PAGE_BYTES = 256 * 1024


SHARED_PAGE_SECONDS = 600


def page_address(request) -> str:
    """The page as this visitor asks for it, whatever the version shown: the language, the theme
    and the whole address (a watchers' page, the wall)."""
    return (
        f"{get_language()}:{theme_of(request)}:"
        f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    )


def kept_page(request, etag: str, render_page) -> Page:
    """A watchers' page (the match page, the score sheet) from the store, or ``render_page()``
    kept there.

    Its key holds the whole address, query string included, since the page links to itself
    (the language switch): one visitor's query string is never shown to another. Only the
    page's own query strings reach here (``_canonical``), so none makes an entry of its own.
    """
    address = page_address(request)
    key = f"{etag}:{address}"
    kept = _watch_pages.get(key)
    if kept is None:
        html = _shared_page_get(address, etag)
        if html is None:
            html = render_page()
            _shared_page_put(address, etag, html)
        kept = Page.of(html)
        _watch_pages.put(key, kept)
    return kept


def _shared_key(address: str) -> str:
    return "watch:" + hashlib.sha256(address.encode()).hexdigest()


# In Redis a page is kept under its address alone, with its ETag in front of it: a change of the
# match replaces the address's page instead of adding one (a match corrected every few seconds
# left a page per version and address there for ten minutes).
def _shared_page_get(address: str, etag: str) -> str | None:
    if not settings.WATCH_PAGES_SHARED:
        return None
    return unpacked(cache.get(_shared_key(address)), etag)


def _shared_page_put(address: str, etag: str, html: str) -> None:
    if not settings.WATCH_PAGES_SHARED:
        return
    value = packed(etag, html, SHARED_PAGE_BYTES)
    if value is not None:
        cache.set(_shared_key(address), value, SHARED_PAGE_SECONDS)


def packed(etag: str, html: str, largest: int) -> bytes | None:
    """The page as it is kept, or None if compressed it is still over ``largest`` bytes."""
    page = zlib.compress(html.encode(), 1)
    return etag.encode() + b"\0" + page if len(page) <= largest else None


def unpacked(value, etag: str) -> str | None:
    """The page kept as ``value`` if it is the one of ``etag``; None for anything else (another
    version, nothing kept, bytes that are not such a page)."""
    if not isinstance(value, bytes):
        return None
    kept, _sep, page = value.partition(b"\0")
    try:
        return zlib.decompress(page).decode() if kept == etag.encode() else None
    except (zlib.error, UnicodeDecodeError):
        return None
