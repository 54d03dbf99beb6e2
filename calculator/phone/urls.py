"""The phone's URLconf (belot_site/phone_settings.py): the calculator's own addresses, as on the
server, and every other address a match page links to, under the same name and path, answered by
"not on this phone" (the rules and the home page come from the service worker's copies, or the
offline page). tests/calculator/test_phone.py checks that each name reverses to the server's path.
"""

from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from belot_site import views as site_views
from calculator.phone.views import not_on_this_phone

urlpatterns = [
    path("", not_on_this_phone, name="language-redirect"),
    path("robots.txt", not_on_this_phone, name="robots-txt"),
    path("favicon.ico", not_on_this_phone, name="favicon"),
    path("sw.js", not_on_this_phone, name="service-worker"),
    path("offline/<str:code>/", site_views.offline, name="offline"),
    path("phone/app-<str:digest>.zip", not_on_this_phone, name="phone-bundle"),
    path("phone/worker-<str:digest>.js", not_on_this_phone, name="phone-worker"),
    path("language/<str:code>/", site_views.language_switch, name="language-switch"),
    path("theme/<str:name>/", site_views.theme_switch, name="theme-switch"),
    path("", include("calculator.urls")),
]

rules = ([path("", not_on_this_phone, name="index")], "rules")

urlpatterns += i18n_patterns(
    path("", not_on_this_phone, name="home"),
    path("manifest.webmanifest", not_on_this_phone, name="manifest"),
    path("rules/", include(rules)),
    path("match/new/", not_on_this_phone, name="match-new"),
    path("match/import/", not_on_this_phone, name="match-import"),
    path("table/new/", not_on_this_phone, name="table-new"),
    path("tournament/new/", not_on_this_phone, name="tournament-new"),
    path("forget/", not_on_this_phone, name="forget"),
    prefix_default_language=True,
)
