"""The Python the phone runs: this site's own code and the packages its match pages import, as
one zip, built from the files the server itself runs, so that the phone can never score with
other rules or other words than the server's.

Built once per process on first request (some 2.5 MB, well under a second) and kept; its name
carries its digest, so a phone that kept an older one fetches the new one when the site changes.
"""

import functools
import hashlib
import importlib.resources
import importlib.util
import io
import zipfile
import zoneinfo
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage

# The packages the match pages import, besides the standard library (which Pyodide has).
PACKAGES = ("django", "asgiref", "sqlparse", "dj_database_url", "csp", "segno")
# The site's own code and files, from the project's folder.
PROJECT = ("belot_site", "calculator", "templates")
LANGUAGES = ("bg", "uk", "ru", "en")
# What the phone never runs: Django's admin and the parts for other databases and sites, other
# languages' messages, the sources of the translations, the site's migrations' tests.
LEFT_OUT = (
    "django/contrib/admin/",
    "django/contrib/admindocs/",
    "django/contrib/flatpages/",
    "django/contrib/gis/",
    "django/contrib/postgres/",
    "django/contrib/redirects/",
    "django/contrib/sitemaps/",
    "django/contrib/sites/",
    "django/contrib/syndication/",
    "django/contrib/humanize/",
    "django/db/backends/mysql/",
    "django/db/backends/oracle/",
    "django/db/backends/postgresql/",
    "belot_site/postgresql/",
    "calculator/engine/README",
)
# A zip's entries carry a date: one fixed date, so that the same files give the same digest.
FIXED_DATE = (2020, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Bundle:
    data: bytes
    digest: str

    @property
    def name(self) -> str:
        return f"app-{self.digest}.zip"


def _wanted(path: str) -> bool:
    if "__pycache__" in path or path.endswith((".pyc", ".po", ".pot")):
        return False
    if any(path.startswith(part) for part in LEFT_OUT):
        return False
    parts = path.split("/")
    if "locale" in parts:
        below = parts[parts.index("locale") + 1 :]
        if len(below) > 1 and below[0] not in LANGUAGES:
            return False
    return True


def _files() -> list[tuple[str, Path]]:
    found = []
    for name in PACKAGES:
        spec = importlib.util.find_spec(name)
        origin = Path(spec.origin)
        if origin.name == "__init__.py":
            root = origin.parent.parent
            paths = [p for p in origin.parent.rglob("*") if p.is_file()]
        else:
            root, paths = origin.parent, [origin]
        found += [(p.relative_to(root).as_posix(), p) for p in paths]
    base = Path(settings.BASE_DIR)
    for name in PROJECT:
        found += [
            (p.relative_to(base).as_posix(), p) for p in (base / name).rglob("*") if p.is_file()
        ]
    found += [
        (p.relative_to(base).as_posix(), p)
        for locale in settings.LOCALE_PATHS
        for p in Path(locale).rglob("*.mo")
    ]
    return sorted((name, path) for name, path in found if _wanted(name))


def _time_zone() -> tuple[str, bytes]:
    """The site's time zone's file, from where the server's Python finds it: Pyodide has no time
    zone data of its own (calculator/phone/runtime.py points zoneinfo at this one)."""
    name = settings.TIME_ZONE
    for folder in zoneinfo.TZPATH:
        path = Path(folder) / name
        if path.is_file():
            return f"zoneinfo/{name}", path.read_bytes()
    resource = importlib.resources.files("tzdata.zoneinfo").joinpath(*name.split("/"))
    return f"zoneinfo/{name}", resource.read_bytes()


def _static_manifest() -> bytes | None:
    """The hashed names of the static files, where the server links to them (production): the
    phone's pages link to the same files, which its service worker keeps."""
    manifest = getattr(staticfiles_storage, "manifest_name", None)
    if manifest is None:
        return None
    path = Path(settings.STATIC_ROOT) / manifest
    return path.read_bytes() if path.exists() else None


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    archive.writestr(zipfile.ZipInfo(name, FIXED_DATE), data, zipfile.ZIP_DEFLATED)


def build() -> Bundle:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name, path in _files():
            _add(archive, name, path.read_bytes())
        _add(archive, *_time_zone())
        manifest = _static_manifest()
        if manifest is not None:
            _add(archive, "static_root/staticfiles.json", manifest)
    data = out.getvalue()
    return Bundle(data, hashlib.sha256(data).hexdigest()[:16])


@functools.cache
def bundle() -> Bundle:
    return build()
