"""Light or dark: the phone's setting (prefers-color-scheme), unless the visitor chose one.

The choice is a cookie, set by a plain link (/theme/dark/?next=...), so it works without
JavaScript, like the language switch. A link rather than a form: a form would put a CSRF token
on every page, and the watchers' page and the rules page could no longer be kept for everyone.
Forcing someone's colours from another site changes nothing but colours.

base.html links static/css/dark.css by the choice: for a screen whose setting is dark (no
choice), for every screen (dark), or not at all (light). Paper is always light.
"""

from urllib.parse import urlencode

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

THEME_COOKIE = "theme"
THEME_COOKIE_AGE = 365 * 24 * 60 * 60
# "" is no choice: the phone's setting decides. NAMES: the switch's addresses.
CHOICES = {"": _("As the phone"), "light": _("Light"), "dark": _("Dark")}
NAMES = {"auto": "", "light": "light", "dark": "dark"}


def theme_of(request) -> str:
    """The visitor's choice, "light" or "dark"; "" when the phone's setting decides."""
    value = request.COOKIES.get(THEME_COOKIE, "")
    return value if value in CHOICES else ""


def set_theme_cookie(response, name: str) -> None:
    """Remember "light" or "dark"; forget the choice for "" (the phone's setting decides)."""
    if name:
        response.set_cookie(
            THEME_COOKIE,
            name,
            max_age=THEME_COOKIE_AGE,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    else:
        response.delete_cookie(THEME_COOKIE, samesite="Lax")


def theme(request):
    """Context processor: the theme in force and the switch's links back to this same page."""
    current = theme_of(request)
    query = urlencode({"next": request.get_full_path()}, safe="/")
    links = [
        {
            "name": CHOICES[value],
            "url": reverse("theme-switch", args=[name]) + "?" + query,
            "current": value == current,
        }
        for name, value in NAMES.items()
    ]
    return {"theme": current, "theme_links": links}
