"""A rendered page as the shared cache (Redis) keeps it for every worker and machine: compressed,
with its ETag in front, so that a reader takes it only if it is the page it asked for. Used by
the watch pages (calculator/views.py) and the tournament's wall (calculator/wall.py)."""

import zlib


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
