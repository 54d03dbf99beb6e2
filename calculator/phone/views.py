"""The server's side of a match kept on the phone (the Python the phone runs, and the match's
copy), and the phone's answer for an address it does not keep."""

import functools
import hashlib

from csp.constants import SELF, WASM_UNSAFE_EVAL
from csp.decorators import csp_update
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.urls import reverse
from django.views.decorators.cache import cache_control

from belot_site.methods import require_safe
from calculator.phone.bundle import bundle
from calculator.phone.copy import match_copy
from calculator.phone.runtime_files import FILES, runtime_present, runtime_url
from calculator.shared.access import match_view

# The bundle and the worker are named by their digest: a new one has a new address.
FOR_A_YEAR = {"public": True, "max_age": 365 * 24 * 60 * 60, "immutable": True}


@require_safe
@cache_control(**FOR_A_YEAR)
def phone_bundle(request, digest):
    """The phone's Python (calculator/phone/bundle.py), at an address named by its digest."""
    found = bundle()
    if digest != found.digest:
        raise Http404
    response = HttpResponse(found.data, content_type="application/zip")
    response["Content-Length"] = len(found.data)
    return response


@functools.cache
def _worker() -> tuple[bytes, str]:
    body = get_template("phone-worker.js").template.source.encode()
    return body, hashlib.sha256(body).hexdigest()[:16]


def worker_url() -> str:
    return reverse("phone-worker", args=[_worker()[1]])


@require_safe
@cache_control(**FOR_A_YEAR)
@csp_update({"script-src": [SELF, WASM_UNSAFE_EVAL]})
def phone_worker(request, digest):
    """The phone's worker (templates/phone-worker.js), at an address named by its digest. Its
    own policy lets it compile Pyodide's WebAssembly, which no page of the site may."""
    body, found = _worker()
    if digest != found:
        raise Http404
    return HttpResponse(body, content_type="text/javascript; charset=utf-8")


@require_safe
@match_view(scorer_only=True)
def match_phone_copy(request, match, is_scorer):
    """What the scorer's phone needs to keep the match: the match's rows, and the files of the
    Python that runs its pages (Pyodide's, the site's zip), which its service worker keeps. Not
    for a tournament's table: its deals are checked against the round, which the phone does not
    keep."""
    if not runtime_present() or match.tournament_place() is not None:
        raise Http404
    found = bundle()
    response = JsonResponse(
        {
            "version": match.version,
            "rows": match_copy(match),
            "bundle": reverse("phone-bundle", args=[found.digest]),
            "runtime": runtime_url(),
            "files": [runtime_url() + name for name in FILES],
        }
    )
    response["Cache-Control"] = "no-store"
    return response


def not_on_this_phone(request, *args, **kwargs):
    """On the phone: an address whose page the phone does not make (the rules, a new match...)."""
    return render(request, "offline.html", status=503)
