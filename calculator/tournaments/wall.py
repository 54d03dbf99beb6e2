"""The public standings on the hall's screen (the wall): one page for every phone, made again
at most once every ``WALL_SECONDS`` and by one request at a time, whatever the tournament's version.

On the night 32 tables save a deal every few seconds each: the tournament's version changes about
6 times a second, so a page kept per version (as a match's watch page is) was found by almost no
phone, and 200 phones rendered the standings about 40 times a second between them, queueing the
scorers' saves and the phones' own polls behind the renderings (docs/performance.md, "Tournament
night"). Here the page of an address is the latest one made: a request finds it, and makes it
again (reading the version, rendering only if it changed) only when it is ``WALL_SECONDS`` old;
while one request makes it, the others get the previous page instead of rendering it too. So a
saved deal shows at the latest ``WALL_SECONDS`` (and a rendering) after it, on the next poll.

A phone never goes back: the pages of an address only move forward (a page is replaced only by
a newer version), and a phone whose ETag names the version shown or a newer one (another worker's,
without a shared cache) gets 304 and keeps its page. The key holds the whole address with the
language and the theme (``views.page_address``), so languages and themes never mix.

Bounded: in each worker, ``WALL_BYTES`` of pages at most, least recently used first; in the
shared cache (Redis), one page an address (compressed, at most ``views.SHARED_PAGE_BYTES``) and
its small pointer, for ``views.SHARED_PAGE_SECONDS``.
"""

import hashlib
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from django.conf import settings
from django.core.cache import cache

from belot_site.lru import BoundedStore
from calculator.shared import kept as shared_pages

WALL_SECONDS = 1.0
# How long a request may hold the right to make a page (it takes milliseconds; if its worker dies
# with it, the next request makes the page after this).
FLIGHT_SECONDS = 5
WALL_BYTES = 8 * 1024 * 1024
PAGE_BYTES = 256 * 1024  # as views.SHARED_PAGE_BYTES
PAGE_SECONDS = 600  # as views.SHARED_PAGE_SECONDS

clock = time.time  # shared by the workers (and the machines) through the cache: not monotonic


@dataclass(frozen=True)
class Shown:
    """A page of the wall: the tournament's version it shows (``"<organizer>-<matches>"``, both
    parts only ever go up), when that version was read, its ETag and its HTML."""

    version: str
    made: float
    etag: str
    html: str


def order(version: str) -> tuple[int, int]:
    organizer, _dash, matches = version.partition("-")
    return int(organizer), int(matches)


def newer(version: str, than: str) -> bool:
    return order(version) > order(than)


def _size(address: str, shown: Shown) -> int:
    return sys.getsizeof(address) + sys.getsizeof(shown.html) + sys.getsizeof(shown.etag) + 100


_latest = BoundedStore(WALL_BYTES, _size, largest=WALL_BYTES // 4)
_flying: set[str] = set()
_flying_lock = threading.Lock()


def page(
    address: str,
    *,
    read_version: Callable[[], str],
    etag_for: Callable[[str], str],
    render: Callable[[str], str],
    phone_has: Callable[[Shown], bool] = lambda shown: False,
) -> Shown:
    """The wall's page at ``address``: the latest made, unless it is ``WALL_SECONDS`` old and no
    other request is making it; then made again (``render(version)`` only if the version moved).
    A phone that has the version to make (``phone_has``) gets its ETag and no rendering: it is
    answered 304, and the page is made for the next phone that needs it."""
    shown = latest(address)
    if shown is not None and clock() - shown.made < WALL_SECONDS:
        return shown
    claimed = _claim(address)
    if not claimed and shown is not None:
        return shown  # another request is making it: the previous page meanwhile
    try:
        made = clock()  # before the version is read: the page shows at least what was saved then
        version = read_version()
        if shown is not None and shown.version == version:
            fresh = replace(shown, made=made)  # nothing changed: no rendering
        elif phone_has(bare := Shown(version, made, etag_for(version), "")):
            return bare  # not kept: it has no page
        else:
            fresh = Shown(version, made, etag_for(version), render(version))
        return _publish(address, fresh, shown)
    finally:
        if claimed:
            _release(address)


def latest(address: str) -> Shown | None:
    """The newest page of ``address`` this worker knows: its own while it is younger than
    ``WALL_SECONDS`` (no round trip to the cache for it), else the shared cache's if newer."""
    local = _latest.get(address)
    if not settings.WATCH_PAGES_SHARED or (local and clock() - local.made < WALL_SECONDS):
        return local
    pointer = cache.get(_key("at", address))
    if not isinstance(pointer, str) or pointer.count("\0") != 2:
        return local
    version, made, etag = pointer.split("\0")
    if local is not None and local.etag == etag:
        return replace(local, made=max(local.made, float(made)))
    if local is not None and not newer(version, local.version):
        return local
    html = shared_pages.unpacked(cache.get(_key("page", address)), etag)
    if html is None:
        return local
    shown = Shown(version, float(made), etag, html)
    _latest.put(address, shown)
    return shown


def _publish(address: str, fresh: Shown, shown: Shown | None) -> Shown:
    """Keep ``fresh`` as the address's page, unless a newer one came meanwhile (then that one)."""
    current = latest(address)
    if current is not None and newer(current.version, fresh.version):
        return current
    _latest.put(address, fresh)
    if settings.WATCH_PAGES_SHARED:
        if shown is None or shown.etag != fresh.etag:
            value = shared_pages.packed(fresh.etag, fresh.html, PAGE_BYTES)
            if value is None:
                return fresh  # too large to share: this worker's alone
            cache.set(_key("page", address), value, PAGE_SECONDS)
        pointer = f"{fresh.version}\0{fresh.made!r}\0{fresh.etag}"
        cache.set(_key("at", address), pointer, PAGE_SECONDS)
    return fresh


def _claim(address: str) -> bool:
    """The right to make the address's page: one request of this worker, and with a shared cache
    one of all the workers. A cache that does not answer leaves it to this worker alone."""
    with _flying_lock:
        if address in _flying:
            return False
        _flying.add(address)
    if not settings.WATCH_PAGES_SHARED:
        return True
    key = _key("flight", address)
    if cache.add(key, 1, FLIGHT_SECONDS) or cache.get(key) is None:
        return True
    _release(address, shared=False)
    return False


def _release(address: str, shared: bool = True) -> None:
    with _flying_lock:
        _flying.discard(address)
    if shared and settings.WATCH_PAGES_SHARED:
        cache.delete(_key("flight", address))


def _key(kind: str, address: str) -> str:
    return f"wall:{kind}:" + hashlib.sha256(address.encode()).hexdigest()


def phone_has(if_none_match: str, shown: Shown, prefix: str, suffix: str) -> str | None:
    """The ETag of the phone's page if it is ``shown`` or a newer one of the same language and
    theme (``prefix`` + version + ``suffix``): then it keeps it (304). None otherwise."""
    for tag in (tag.strip() for tag in if_none_match.split(",")):
        if tag == shown.etag:
            return tag
        version = tag.removeprefix(prefix).removesuffix(suffix)
        if (
            tag.startswith(prefix)
            and tag.endswith(suffix)
            and version.count("-") == 1
            and all(part.isdigit() and len(part) < 19 for part in version.split("-"))
            and newer(version, shown.version)
        ):
            return tag
    return None
