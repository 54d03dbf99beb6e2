import logging

from django.conf import settings
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.log import log_response

from .logs import KEY_SHAPE
from .methods import methods_of

# Features the site never uses, so nothing embedded or injected can ask for them. Sharing and
# copying a match link (web-share, clipboard-write) stay allowed: the match page offers both.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "browsing-topics",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)

# Match, table and tournament pages live here; their addresses are secrets and must stay out of
# search engines. So must any address with a key in its query string (the new-table page's ?match=).
PRIVATE_PREFIXES = ("/m/", "/t/", "/tn/")


def carries_a_key(request) -> bool:
    if request.path_info.startswith(PRIVATE_PREFIXES):
        return True
    return any(
        KEY_SHAPE.fullmatch(value) for _name, values in request.GET.lists() for value in values
    )


def set_language_cookie(response, code: str) -> None:
    """Remember a language the way Django's own set_language view does (secure in production)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class RememberLanguageMiddleware:
    """Remember the language of the last page visited, so `/` opens in it next time."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.codes = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        response = self.get_response(request)
        prefix = request.path_info.strip("/").split("/", 1)[0]
        if prefix in self.codes and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != prefix:
            set_language_cookie(response, prefix)
        return response


class ExtraHeadersMiddleware:
    """The headers Django has no setting for: Permissions-Policy, X-Robots-Tag on the addresses
    that carry a key, and Vary: Cookie on pages, whose colours follow the theme cookie
    (belot_site/theme.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if response.get("Content-Type", "").startswith("text/html"):
            patch_vary_headers(response, ("Cookie",))
        if carries_a_key(request):
            response["X-Robots-Tag"] = "noindex, nofollow"
        return response


class NoStoreFormsMiddleware:
    """Cache-Control: no-store on every page that carries a form with this browser's CSRF token
    (the deal forms, the scorer's match page, the new-match form), so that no cache keeps it.

    It must come after CsrfViewMiddleware in MIDDLEWARE: on the way out, that one clears the
    flag that says a page asked for the token.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
            patch_cache_control(response, no_store=True)
        return response


class MethodNotAllowedPageMiddleware:
    """A method an address does not take gets 405, a page like the other errors in the visitor's
    language, with the Allow header of the methods it takes (belot_site/methods.py).

    The view's methods are checked before the view and before the CSRF check (this comes before
    CsrfViewMiddleware in MIDDLEWARE): a POST to a page is a 405, not a missing token's 403, and
    TRACE or OPTIONS never get the page. A 405 Django made with an empty body gets the page too.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        return self._page(request, response.get("Allow", ""))

    def process_view(self, request, view, args, kwargs):
        methods = methods_of(view)
        if request.method in methods:
            return None
        page = self._page(request, ", ".join(methods))
        log = "Method Not Allowed (%s): %s"
        log_response(log, request.method, request.path, response=page, request=request)
        return page

    @staticmethod
    def _page(request, allow: str):
        page = render(request, "405.html", status=405)
        page["Allow"] = allow
        return page


refusals = logging.getLogger("belot_site.refusals")


class BodyLimitMiddleware:
    """413, the page in the visitor's language, for a body larger than its address takes
    (settings.FORM_BODY_MAX; BODY_MAX_BY_VIEW for the import; the admin, Django's
    DATA_UPLOAD_MAX_MEMORY_SIZE), told by its Content-Length before any of it is read: a 2.3 MB
    list of pairs cost 0.6 to 0.8 s of CPU to parse and check before its 400. One line in the
    log (at most one a minute: settings.LOGGING, OneLineRefusals). Without a Content-Length
    Django reads no body at all."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        size = _content_length(request)
        if size <= settings.FORM_BODY_MAX or size <= self._limit(request):
            return self.get_response(request)
        page = render(request, "413.html", status=413)
        log_response(
            "Payload Too Large (%s bytes): %s",
            size,
            request.path,
            response=page,
            request=request,
            logger=refusals,
        )
        return page

    @staticmethod
    def _limit(request) -> float:
        try:
            found = resolve(request.path_info)
        except Resolver404:
            return settings.FORM_BODY_MAX
        if found.namespace == "admin":  # None: Django's limit is off, and so is this one
            return settings.DATA_UPLOAD_MAX_MEMORY_SIZE or float("inf")
        return settings.BODY_MAX_BY_VIEW.get(found.view_name, settings.FORM_BODY_MAX)


def _content_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0  # what Django reads then: nothing
