from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.language_redirect, name="language-redirect"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("rules/", include("rules.urls")),
    prefix_default_language=True,
)
