import hashlib
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import (
    Http404,
    HttpResponse,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control

from . import theme
from .methods import require_safe
from .middleware import set_language_cookie


@require_safe
def language_redirect(request):
    """Send `/` to the visitor's language: cookie, then Accept-Language, then Bulgarian."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        return redirect("home")


def _back(request, fallback: str) -> HttpResponseRedirect:
    """A redirect to ?next= if it is a page of this site, else to ``fallback`` (no open
    redirect: another host, a scheme or a protocol-relative //host never passes)."""
    target = request.GET.get("next", "")
    local = target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    )
    return HttpResponseRedirect(target if local else fallback)


@require_safe
def language_switch(request, code):
    """Switch the language of a page whose address has no language in it (a match link)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    response = _back(request, f"/{code}/")
    set_language_cookie(response, code)
    return response


@require_safe
def theme_switch(request, name):
    """Remember a theme, or forget it ("auto"), and go back to the page the link was on."""
    if name not in theme.NAMES:
        raise Http404
    response = _back(request, reverse("home"))
    theme.set_theme_cookie(response, theme.NAMES[name])
    return response


@cache
def _robots_txt() -> str:
    return Path(finders.find("robots.txt")).read_text(encoding="utf-8")


@require_safe
@cache_control(public=True, max_age=24 * 60 * 60)
def robots_txt(request):
    """static/robots.txt at the address crawlers ask for: keeps them off match links and admin."""
    return HttpResponse(_robots_txt(), content_type="text/plain; charset=utf-8")


@require_safe
def favicon(request):
    """The site's icon at the address a browser asks for where no page names one (robots.txt,
    the manifest, an answer in JSON): a lasting redirect to the static SVG, not a 404."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


SERVICE_WORKER_ASSETS = (
    "css/site.css",
    "js/site.js",
    "js/match.js",
    "js/match-form.js",
    "js/deal.js",
    "js/rules.js",
    "js/wake-lock.js",
    "css/dark.css",
    "favicon.svg",
)


@require_safe
def service_worker(request):
    """/sw.js, served from the root so that its scope covers every language and match page.

    Its cache name follows the hashed names of the static files and the offline page, so a new
    version of the site brings a new worker, which drops the old files.
    """
    assets = [static(name) for name in SERVICE_WORKER_ASSETS]
    offline = {code: reverse("offline", args=[code]) for code, _name in settings.LANGUAGES}
    pages = [_offline_html(request, code) for code in offline]
    version = hashlib.sha256("\n".join(assets + pages).encode()).hexdigest()[:12]
    response = render(
        request,
        "sw.js",
        {
            "assets": assets,
            "version": version,
            "offline": offline,
            "default_language": settings.LANGUAGE_CODE,
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def _offline_html(request, code: str) -> str:
    with translation.override(code):
        return render(request, "offline.html").content.decode()


@require_safe
@require_safe
def offline(request, code):
    """The page the service worker shows when a page it does not keep cannot be loaded (a
    scorer's page, a new deal): no connection, and what was typed is kept. At /offline/<code>/,
    outside the language prefixes, so that the worker fetching all three sets no language."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    response = HttpResponse(_offline_html(request, code))
    response["Content-Language"] = code
    return response


# The felt of the header (the phone's status bar beside it) and the paper behind the first paint.
THEME_COLOR = "#14532d"
BACKGROUND_COLOR = "#fafaf9"
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-192.png", "192x192", "maskable"),
    ("icons/maskable-512.png", "512x512", "maskable"),
)


@require_safe
@cache_control(public=True, max_age=60 * 60)
def web_manifest(request):
    """The web app manifest, in the language of its address (/bg/manifest.webmanifest).

    Installed from any page, the app opens on the home page in that language, where the
    recent matches are; one `id` for all three, so a phone installs it once.
    """
    data = {
        "id": "/",
        "name": _("Belot: rules and score"),
        "short_name": _("Belot"),
        "description": _("The rules of Bulgarian belot and a score calculator for the card table."),
        "lang": translation.get_language(),
        "dir": "ltr",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "categories": ["games"],
        "icons": [
            {"src": static(name), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for name, sizes, purpose in ICONS
        ],
        "shortcuts": [{"name": _("Rules"), "url": reverse("rules:index")}],
    }
    return JsonResponse(
        data,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False, "indent": 1},
    )
