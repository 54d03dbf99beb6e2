"""A page kept to be sent again: its bytes, and the same compressed once for a phone that takes
gzip (every browser does). A long page (the rules: 160 KB, 33 KB compressed) then reaches a
phone in a few round trips, and no reading pays for an encoding or a compression.

Only pages that are the same for every visitor are kept, so none holds a secret (a CSRF token)
that compression could leak. Used by the rules page (rules/views.py) and the watchers' pages
(calculator/matches/pages.py)."""

from typing import NamedTuple

from django.http import HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string


class Page(NamedTuple):
    plain: bytes
    gzipped: bytes

    @classmethod
    def of(cls, html: str) -> "Page":
        plain = html.encode()
        return cls(plain, compress_string(plain))

    def cost(self) -> int:
        """What it takes in memory, near enough: its bytes."""
        return len(self.plain) + len(self.gzipped)


def page_response(request, page: Page, etag: str | None = None) -> HttpResponse:
    """The page in the encoding the phone takes, as Django's GZipMiddleware sends it: the
    compressed one says so, both vary by Accept-Encoding, and the compressed one's ETag is weak
    (the same page, other bytes; a conditional request compares ETags weakly)."""
    if re_accepts_gzip.search(request.headers.get("Accept-Encoding", "")):
        response = HttpResponse(page.gzipped)
        response["Content-Encoding"] = "gzip"
        if etag:
            etag = etag if etag.startswith("W/") else "W/" + etag
    else:
        response = HttpResponse(page.plain)
    if etag:
        response["ETag"] = etag
    patch_vary_headers(response, ("Accept-Encoding",))
    return response
