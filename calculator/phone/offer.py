"""The scorer's offer to keep a match on the phone, with what it downloads once."""

import functools
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

from calculator.models import Match
from calculator.phone.bundle import bundle
from calculator.phone.runtime_files import FILES, RUNTIME, runtime_present
from calculator.phone.views import worker_url


@functools.cache
def download_bytes() -> int:
    """What keeping a match on the phone downloads, once: Pyodide's files as the server sends
    them (brotli-compressed where `make` made a compressed copy) and the site's bundle."""
    total = len(bundle().data)
    for name in FILES:
        path = Path(finders.find(RUNTIME + name))
        compressed = path.with_name(path.name + ".br")
        total += (compressed if compressed.exists() else path).stat().st_size
    return total


def phone_offer(match: Match, is_scorer: bool, *, in_tournament: bool) -> dict | None:
    """What the scorer's match page needs to offer it; None where it is not offered: to a
    watcher, on the phone itself, without Pyodide on the server, and for a tournament's table
    (its deals are checked against the round, which the phone does not keep)."""
    if not is_scorer or in_tournament or getattr(settings, "PHONE", False):
        return None
    if not runtime_present():
        return None
    return {
        "copy": reverse("calculator:phone-copy", args=[match.scorer_key]),
        "worker": worker_url(),
        "megabytes": round(download_bytes() / 1_000_000, 1),
    }
