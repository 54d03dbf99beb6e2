"""Which methods an address takes: every view of the site says so with one of these decorators.

They are Django's own (``django.views.decorators.http``), and they also note the methods on the
view, so that a request with any other method gets its 405 before anything else looks at it
(:class:`belot_site.middleware.MethodNotAllowedPageMiddleware`): a POST to a page is not taken
for a form without its CSRF token (403), and TRACE or OPTIONS never get the page itself. GET
always brings HEAD with it, as HTTP asks.
"""

from django.views.decorators import http

# A view that does not say (the admin's, Django's set_language) takes what a form page takes.
PAGE_AND_FORM = ("GET", "HEAD", "POST")


def require_http_methods(methods):
    methods = tuple(methods)
    if "GET" in methods and "HEAD" not in methods:
        methods = (*methods, "HEAD")

    def decorate(view):
        checked = http.require_http_methods(methods)(view)
        checked.methods = methods
        return checked

    return decorate


def methods_of(view) -> tuple[str, ...]:
    return getattr(view, "methods", PAGE_AND_FORM)


require_safe = require_http_methods(["GET", "HEAD"])
require_POST = require_http_methods(["POST"])
require_page_and_form = require_http_methods(PAGE_AND_FORM)
