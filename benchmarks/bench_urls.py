"""The site's URLs plus /bench/bare/: the cheapest page Django can serve through the same
middleware, the yardstick the load benchmark measures the real pages against."""

from django.http import HttpResponse
from django.urls import path

from belot_site.urls import urlpatterns as site_urlpatterns


def bare(request):
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [path("bench/bare/", bare), *site_urlpatterns]
