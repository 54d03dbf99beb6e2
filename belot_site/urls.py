from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from calculator import home
from calculator.matches import pages
from calculator.phone import views as phone
from calculator.tables import views as table_pages
from calculator.tournaments import organizer

from . import views

urlpatterns = [
    path("", views.language_redirect, name="language-redirect"),
    path("robots.txt", views.robots_txt, name="robots-txt"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("offline/<str:code>/", views.offline, name="offline"),
    path("phone/app-<str:digest>.zip", phone.phone_bundle, name="phone-bundle"),
    path("phone/worker-<str:digest>.js", phone.phone_worker, name="phone-worker"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("language/<str:code>/", views.language_switch, name="language-switch"),
    path("theme/<str:name>/", views.theme_switch, name="theme-switch"),
    path("", include("calculator.urls")),
]

urlpatterns += i18n_patterns(
    path("", home.home, name="home"),
    path("manifest.webmanifest", views.web_manifest, name="manifest"),
    path("rules/", include("rules.urls")),
    path("match/new/", pages.match_new, name="match-new"),
    path("match/import/", pages.match_import_view, name="match-import"),
    path("table/new/", table_pages.table_new, name="table-new"),
    path("tournament/new/", organizer.tournament_new, name="tournament-new"),
    path("forget/", home.forget, name="forget"),
    prefix_default_language=True,
)
