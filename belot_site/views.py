import hashlib
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from .middleware import set_language_cookie


def language_redirect(request):
    """Send `/` to the visitor's language: cookie, then Accept-Language, then Bulgarian."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        return redirect("home")


def language_switch(request, code):
    """Switch the language of a page whose address has no language in it (a match link)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    target = request.GET.get("next", "")
    local = target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    )
    response = HttpResponseRedirect(target if local else f"/{code}/")
    set_language_cookie(response, code)
    return response


@cache
def _robots_txt() -> str:
    return Path(finders.find("robots.txt")).read_text(encoding="utf-8")


@require_safe
@cache_control(public=True, max_age=24 * 60 * 60)
def robots_txt(request):
    """static/robots.txt at the address crawlers ask for: keeps them off match links and admin."""
    return HttpResponse(_robots_txt(), content_type="text/plain; charset=utf-8")


SERVICE_WORKER_ASSETS = (
    "css/site.css",
    "js/site.js",
    "js/match.js",
    "js/match-form.js",
    "js/deal.js",
    "js/rules.js",
    "favicon.svg",
)


@require_safe
def service_worker(request):
    """/sw.js, served from the root so that its scope covers every language and match page.

    Its cache name follows the hashed names of the static files, so a new version of the site
    brings a new worker, which drops the old files.
    """
    assets = [static(name) for name in SERVICE_WORKER_ASSETS]
    version = hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]
    response = render(
        request,
        "sw.js",
        {"assets": assets, "version": version},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
