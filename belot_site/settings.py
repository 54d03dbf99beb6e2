"""Settings for the belot site, read from environment variables with safe defaults.

A fresh checkout runs with no variables at all (SQLite in the project folder, DEBUG on for
local work only when DJANGO_DEBUG says so). Production sets DJANGO_PRODUCTION=1,
DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and, for PostgreSQL, DATABASE_URL: the site is then
served over HTTPS behind a proxy, with secure cookies and HSTS (README, "Production").
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


DEBUG = env_bool("DJANGO_DEBUG", False)
# The one switch for a real deployment: HTTPS behind a proxy, and nothing left to chance.
PRODUCTION = env_bool("DJANGO_PRODUCTION", False)
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured("DJANGO_DEBUG must be off when DJANGO_PRODUCTION is on.")


def _secret_key() -> str:
    key = os.environ.get("DJANGO_SECRET_KEY", "").strip()
    if key:
        return key
    if PRODUCTION:
        # A generated key would differ between machines and vanish with the checkout,
        # logging everyone out; production must be given one.
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_PRODUCTION is on.")
    # Locally the site still runs, with a key that is never committed: it is made once per
    # checkout and kept in an ignored file.
    key_file = BASE_DIR / ".secret_key"
    if not key_file.exists():
        from django.core.management.utils import get_random_secret_key

        key_file.write_text(get_random_secret_key())
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()

if PRODUCTION and not os.environ.get("DJANGO_ALLOWED_HOSTS", "").strip():
    raise ImproperlyConfigured("Set DJANGO_ALLOWED_HOSTS when DJANGO_PRODUCTION is on.")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

# HTTPS. The proxy in front (nginx, Caddy, a load balancer) ends TLS and must set, never pass
# on, X-Forwarded-Proto; turn DJANGO_PROXY_SSL_HEADER off when nothing in front does that.
PROXY_SAYS_HTTPS = env_bool("DJANGO_PROXY_SSL_HEADER", PRODUCTION)
if PROXY_SAYS_HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Without that header every request looks like plain HTTP: a redirect to HTTPS would come back
# to itself forever, so it is then the proxy's (calculator.W002 refuses DJANGO_SSL_REDIRECT=1).
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", PRODUCTION and PROXY_SAYS_HTTPS)
# One year, the minimum the browsers' preload lists accept. includeSubDomains and preload bind
# every subdomain to HTTPS for that long: a first deployment can try a few minutes first
# (DJANGO_HSTS_SECONDS=300). "preload" alone changes nothing until the domain is submitted.
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 60 * 60 if PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", PRODUCTION)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", PRODUCTION)


def _switched_off(name: str) -> bool:
    return os.environ.get(name) is not None and not env_bool(name, True)


# `make serve` refuses to start while `check --deploy` warns. Turning off one of these switches,
# as the README offers, is the operator's decision about the proxy in front: it silences the one
# warning about that switch, and nothing else.
SILENCED_SYSTEM_CHECKS = [
    check
    for name, check in (
        ("DJANGO_SSL_REDIRECT", "security.W008"),  # the proxy redirects plain HTTP itself
        ("DJANGO_PROXY_SSL_HEADER", "security.W008"),  # and so it must without the header
        ("DJANGO_HSTS_INCLUDE_SUBDOMAINS", "security.W005"),  # a subdomain is still plain HTTP
        ("DJANGO_HSTS_PRELOAD", "security.W021"),  # the domain stays off the preload lists
    )
    if _switched_off(name)
]
SESSION_COOKIE_SECURE = PRODUCTION
CSRF_COOKIE_SECURE = PRODUCTION
LANGUAGE_COOKIE_SECURE = PRODUCTION

# Headers on every response; the first three are Django's defaults, spelled out on purpose.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Match links are secret (whoever has the scorer's link can write): never send them elsewhere.
SECURE_REFERRER_POLICY = "same-origin"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

INSTALLED_APPS = [
    "modeltranslation",  # must come before django.contrib.admin
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "axes",
    "rules",
    "calculator",
]

MIDDLEWARE = [
    # First: a load balancer's health check needs no host check, HTTPS redirect or session.
    "belot_site.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "belot_site.middleware.ExtraHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # The visitor's address comes from the proxy, or the request is refused (in its language).
    "belot_site.clients.ProxyHeaderMiddleware",
    # Before anything reads the body (the CSRF check does): a body too large is refused unread.
    "belot_site.middleware.BodyLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before the CSRF check: a method the address does not take is a 405, whatever it carries.
    "belot_site.middleware.MethodNotAllowedPageMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "belot_site.middleware.NoStoreFormsMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "belot_site.middleware.RememberLanguageMiddleware",
    "belot_site.admin_login.KnownDeviceMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "belot_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "belot_site.context_processors.languages",
                "belot_site.theme.theme",
            ],
        },
    },
]

WSGI_APPLICATION = "belot_site.wsgi.application"

# How often a watcher's open page asks whether the match changed: a saved deal shows within this
# and one answer's time (3 s at the 95th percentile, docs/performance.md, "Watchers").
WATCH_POLL_MS = 2000

# Widgets rendered from compiled templates, escaped as Django escapes (belot_site/renderers.py).
FORM_RENDERER = "belot_site.renderers.WidgetRenderer"


# SQLite as a site needs it: immediate transactions take the write lock up front, so two
# scorers writing at once wait for each other instead of failing with "database is locked";
# WAL lets pages be read while a deal is written. The backend (belot_site/sqlite3) lets a
# worker's writers in in turn, as they come.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;PRAGMA busy_timeout=20000;",
}


def _database() -> dict:
    url = os.environ.get("DATABASE_URL")
    if not url:
        return {
            "ENGINE": "belot_site.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    database = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    if database["ENGINE"] == "django.db.backends.postgresql":
        _bounded_postgresql(database)
    if database["ENGINE"] == "django.db.backends.sqlite3":
        # A sqlite:/// URL gets the same backend and options (those in its query string win).
        database["ENGINE"] = "belot_site.sqlite3"
        database["OPTIONS"] = {**SQLITE_OPTIONS, **database.get("OPTIONS", {})}
    return database


# Every wait on PostgreSQL ends (docs/security.md, "When the database stops answering"). The server
# cancels a statement after DATABASE_STATEMENT_SECONDS (the longest the site makes takes well under
# one); the site gives up on a connection that answers nothing at all for DATABASE_ANSWER_SECONDS
# (belot_site/postgresql), on a kept one that does not answer its health check within
# DATABASE_CHECK_SECONDS, and on connecting after DATABASE_CONNECT_SECONDS; TCP keepalives and
# tcp_user_timeout drop a connection whose other end has gone. SQLite keeps its own busy timeout
# (SQLITE_OPTIONS): it waits only for another writer of the same file.
DATABASE_STATEMENT_SECONDS = 5
DATABASE_ANSWER_SECONDS = DATABASE_STATEMENT_SECONDS + 1  # follows statement_timeout, as set
DATABASE_CHECK_SECONDS = 2
# A kept connection that answered within this long, and on which the server announced nothing
# since (a closing notice, the end of the stream), is not checked again (belot_site/postgresql).
DATABASE_CHECK_AFTER_SECONDS = 1
DATABASE_CONNECT_SECONDS = 3


def _bounded_postgresql(database: dict) -> None:
    """The bounds above on a PostgreSQL database; what DATABASE_URL's query string sets wins."""
    database["ENGINE"] = "belot_site.postgresql"
    options = database.setdefault("OPTIONS", {})
    options.setdefault("connect_timeout", DATABASE_CONNECT_SECONDS)
    # An idle kept connection is probed after 10 s of silence; one whose sent data or probes go
    # unacknowledged for 6 s is dropped by the kernel.
    options.setdefault("keepalives", 1)
    options.setdefault("keepalives_idle", 10)
    options.setdefault("keepalives_interval", 5)
    options.setdefault("keepalives_count", 3)
    options.setdefault("tcp_user_timeout", DATABASE_ANSWER_SECONDS * 1000)
    # Given first, so that a statement_timeout in the URL's own options (-c ...) comes later, and
    # wins (a long maintenance command may need one).
    statement = f"-c statement_timeout={DATABASE_STATEMENT_SECONDS * 1000}"
    # No key in PostgreSQL's own log (docs/security.md, "Keys and PostgreSQL's log"): the values
    # go to the server apart from the statement, which holds $1, $2 (psycopg's server-side
    # binding), and an error's log line leaves them out.
    options.setdefault("server_side_binding", True)
    no_values = "-c log_parameter_max_length_on_error=0"
    options["options"] = f"{statement} {no_values} {options.get('options', '')}".strip()


DATABASES = {"default": _database()}


# With REDIS_URL, a Redis timeout fails a call, never a page (belot_site/cache.py): the timeouts
# are short, since Redis on the same network answers in well under a millisecond.
REDIS_TIMEOUT = 0.25


def _cache() -> dict:
    # Redis is shared by every worker on every machine: a rules edit shows everywhere at once and
    # wrong match keys are counted across them all. Without it, memory is per process and the
    # fastest (docs/performance.md): an edit of the rules reaches the other server workers
    # within a minute, and each counts wrong match keys on its own. A shared directory makes
    # both immediate and shared on one machine, at about 0.5 ms a cached page.
    redis_url = os.environ.get("REDIS_URL", "").strip()
    if redis_url:
        return {
            "BACKEND": "belot_site.cache.SafeRedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": "belot",
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT,
                "socket_timeout": REDIS_TIMEOUT,
            },
        }
    directory = os.environ.get("DJANGO_CACHE_DIR", "").strip()
    if directory:
        return {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": directory,
        }
    return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}


CACHES = {"default": _cache()}
# The watchers' pages go to the cache as well only when it is shared (calculator/matches/pages.py).
WATCH_PAGES_SHARED = CACHES["default"]["BACKEND"] == "belot_site.cache.SafeRedisCache"

# The request header in which the proxy passes the visitor's address (HTTP_FORWARDED, or
# HTTP_X_REAL_IP or HTTP_X_FORWARDED_FOR behind a proxy that drops header names with underscores);
# unset, the address is REMOTE_ADDR (belot_site/clients.py). The limits on wrong match links and
# admin logins count per address, an IPv6 one per /64.
CLIENT_IP_HEADER = os.environ.get("DJANGO_CLIENT_IP_HEADER", "").strip()

# The admin login's throttle (belot_site/admin_login.py): after 10 wrong passwords for one
# username from one address, that pair waits 15 minutes (each further try starts the wait
# again); a browser where the account signed in before is never locked out.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "belot_site.clients.counted_address"  # an IPv6 address by its /64
AXES_WHITELIST_CALLABLE = "belot_site.admin_login.known_device"
AXES_LOCKOUT_CALLABLE = "belot_site.admin_login.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # successful logins are not kept: only failures matter here

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "bg"
LANGUAGES = [
    ("bg", _("Bulgarian")),
    ("uk", _("Ukrainian")),
    ("ru", _("Russian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Europe/Sofia"
USE_I18N = True
USE_TZ = True
# A date in a sentence as each language writes it ("1 декември 2026 г."): belot_site/formats.
FORMAT_MODULE_PATH = ["belot_site.formats"]

MODELTRANSLATION_DEFAULT_LANGUAGE = "bg"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("bg",)
# The admin's language tabs need jQuery UI; a copy is served from here, never from a CDN
# (the Content-Security-Policy allows no other origin). jQuery UI 1.14.2, MIT licence.
JQUERY_UI_URL = "vendor/jquery-ui/jquery-ui.min.js"

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed names and compressed copies, served by whitenoise with long cache lifetimes.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG
# Whitenoise's own list (images, archives, fonts, video), and Pyodide's WebAssembly and module:
# `make` compresses those two once, where it copies them (static/phone/pyodide), at a quality
# that takes a second, where collectstatic's brotli took some 40 s of CPU on each deployment.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (
    *("jpg", "jpeg", "png", "gif", "webp", "zip", "gz", "tgz", "bz2", "tbz", "xz", "br"),
    *("swf", "flv", "woff", "woff2", "3gp", "3gpp", "asf", "avi", "m4v", "mov", "mp4"),
    *("mpeg", "mpg", "webm", "wmv"),
    *("wasm", "mjs"),
)
# Hashed names (what templates link to) are cached for ten years as immutable by whitenoise
# itself; this is for the few addresses without a hash, such as /static/favicon.svg.
WHITENOISE_MAX_AGE = 0 if DEBUG else 60 * 60

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The largest body a request may send, in bytes, by what its address takes: more is refused with
# 413 before any of it is read or parsed (belot_site/middleware.py, BodyLimitMiddleware). The
# site's largest form, 128 pairs of two 40-letter names, is some 65 KB percent-encoded (130 KB in
# 4-byte characters); a match file is at most 1 MB (matches/forms.py, IMPORT_MAX_BYTES). The
# admin keeps Django's own limit, DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB: the rules' texts).
FORM_BODY_MAX = 256 * 1024
BODY_MAX_BY_VIEW = {"match-import": 1_000_000 + 64 * 1024}

# Errors go to stderr, which the server keeps in its log; Django's default sends them nowhere
# when DEBUG is off and no ADMINS are set. Match keys in them are masked, and each line says
# when (UTC), which process and how bad, as the server's own lines do (belot_site/logs.py).
from belot_site.logs import LINE_FORMAT  # noqa: E402  (no Django in it)

# A refused body (413, belot_site/middleware.py; too many fields, 400) writes one line at most once
# a minute per kind, not Django's traceback each time (belot_site/logs.py, OneLineRefusals).
REFUSALS = (
    "belot_site.refusals",
    "django.security.RequestDataTooBig",
    "django.security.TooManyFieldsSent",
    "django.security.TooManyFilesSent",
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "mask_keys": {"()": "belot_site.logs.MaskMatchKeys"},
        "one_line": {"()": "belot_site.logs.OneLineRefusals"},
    },
    "formatters": {
        "line": {"()": "belot_site.logs.UTCFormatter", "format": LINE_FORMAT},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "filters": ["mask_keys"], "formatter": "line"},
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {
            "handlers": ["stderr"],
            "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING"),
            "propagate": False,
        },
        **{name: {"filters": ["one_line"]} for name in REFUSALS},
    },
}
