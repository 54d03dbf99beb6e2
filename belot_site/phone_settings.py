"""Settings for the site as the scorer's phone runs it, in Pyodide, without a connection
(calculator/phone, docs/offline.md).

The server's own settings, so that the pages come out the same (templates, languages, formats,
the widgets' renderer), less what a phone has no use for or cannot run: the database is SQLite
in the phone's memory, holding the one match kept there; nothing is logged; no admin, no sessions,
no proxy to read the visitor's address from, no CSRF check (the phone's requests never leave
it: what it sends to the server later carries the server's token).
"""

import os

# Before the server's settings read them: no key file on the phone, no server settings from
# an environment the phone does not have.
os.environ["DJANGO_SECRET_KEY"] = "the-phone-signs-nothing"
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)
# Pyodide runs every call inside its event loop, on one thread: Django's guard against
# blocking calls from async code would refuse every query.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "1"

from belot_site.settings import *  # noqa: E402, F403
from belot_site.settings import BASE_DIR, MIDDLEWARE, TEMPLATES  # noqa: E402

DEBUG = False
# Read by the pages that differ on the phone: no offer to keep the match there, a bar that says
# how many changes wait to be sent (calculator/phone/context.py).
PHONE = True
# The page's own host (calculator/phone/runtime.py): the phone's requests come from its own page.
ALLOWED_HOSTS = ["*"]
ROOT_URLCONF = "calculator.phone.urls"
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "calculator",
]
_LEFT_OUT = (
    "belot_site.health.",
    "csp.",
    "whitenoise.",
    "django.contrib.sessions.",
    "belot_site.clients.",
    "django.middleware.csrf.",
    "django.contrib.auth.",
    "belot_site.admin_login.",
    "axes.",
)
MIDDLEWARE = [name for name in MIDDLEWARE if not name.startswith(_LEFT_OUT)]
TEMPLATES = [
    {
        **TEMPLATES[0],
        "OPTIONS": {
            **TEMPLATES[0]["OPTIONS"],
            "context_processors": [
                name
                for name in TEMPLATES[0]["OPTIONS"]["context_processors"]
                if not name.startswith("django.contrib.auth.")
            ]
            + ["calculator.phone.context.waiting"],
        },
    }
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
WATCH_PAGES_SHARED = False
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"
AUTHENTICATION_BACKENDS = []
LOGGING_CONFIG = None
LOGGING = {}
# The server's hashed static names where it has them (the bundle carries its manifest), else
# the plain names the server also links to (calculator/phone/bundle.py).
STATIC_ROOT = BASE_DIR / "static_root"
_MANIFEST = (STATIC_ROOT / "staticfiles.json").exists()
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
        if _MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
