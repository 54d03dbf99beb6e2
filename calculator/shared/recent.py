"""The matches, tables and tournaments this phone made or opened as their scorer, keeper or
organizer: a cookie of keys each, newest first, for the home page."""

from django.conf import settings

from calculator.models import Match
from calculator.shared.access import KEY_SHAPE

# The matches, tables and tournaments this phone made or opened as their scorer, keeper or
# organizer, newest first: a cookie of keys ("recent_matches", "recent_tables",
# "recent_tournaments"), so that they are one tap away on the home page, with and without
# JavaScript. "Forget this phone's matches" clears them all.
RECENT_COOKIE = "recent_matches"


RECENT_TABLES_COOKIE = "recent_tables"


RECENT_TOURNAMENTS_COOKIE = "recent_tournaments"


RECENT_MAX = 6


RECENT_AGE = 180 * 24 * 3600


def recent_keys(request, cookie: str = RECENT_COOKIE) -> list[str]:
    value = request.COOKIES.get(cookie, "")
    return [key for key in value.split(".") if KEY_SHAPE.fullmatch(key)][:RECENT_MAX]


def remember_key(response, request, key: str, cookie: str = RECENT_COOKIE):
    """The browser keeps ``key`` first among its recent ones."""
    keys = [key] + [k for k in recent_keys(request, cookie) if k != key]
    response.set_cookie(
        cookie,
        ".".join(keys[:RECENT_MAX]),
        max_age=RECENT_AGE,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
        samesite="Lax",
    )
    return response


def _remember(response, request, match: Match):
    """The scorer's browser keeps its recent matches, so they are one tap away on the home page."""
    return remember_key(response, request, match.scorer_key)


def _in_order(objects, keys: list[str], field: str) -> list:
    return sorted(objects, key=lambda found: keys.index(getattr(found, field)))
