"""Opening a match by its link: the scorer's key writes, the watch key only reads.

A wrong key gets the same 404 whether or not the match exists. A client that keeps trying wrong
keys is slowed down: after WRONG_KEYS_ALLOWED misses in WINDOW seconds it gets 429 for a while,
whatever key it tries, so guessing links costs time without telling anything.
"""

import re
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render

from .models import Match

# What secrets.token_urlsafe makes; anything else is no key and never reaches the database.
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")
WRONG_KEYS_ALLOWED = 20
WINDOW = 600


def _client(request) -> str:
    # Behind a proxy every request comes from the proxy: DJANGO_CLIENT_IP_HEADER names the
    # header it sets (the last address in it is the one the proxy saw).
    forwarded = request.META.get(settings.CLIENT_IP_HEADER, "")
    address = forwarded.split(",")[-1].strip() or request.META.get("REMOTE_ADDR", "")
    return f"wrong-keys:{address}"


def _blocked(request) -> bool:
    return cache.get(_client(request), 0) >= WRONG_KEYS_ALLOWED


def _note_wrong_key(request) -> None:
    key = _client(request)
    cache.add(key, 0, WINDOW)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, WINDOW)


def match_view(*, scorer_only: bool = False):
    """Look the match up by the URL's key and call ``view(request, match, is_scorer, ...)``."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, key, *args, **kwargs):
            if _blocked(request):
                response = render(request, "429.html", status=429)
                response["Retry-After"] = str(WINDOW)
                return response
            match = None
            if KEY_SHAPE.fullmatch(key):
                match = Match.objects.filter(Q(scorer_key=key) | Q(watch_key=key)).first()
            is_scorer = match is not None and match.scorer_key == key
            if match is None or (scorer_only and not is_scorer):
                _note_wrong_key(request)
                raise Http404
            return view(request, match, is_scorer, *args, **kwargs)

        return wrapper

    return decorate
