"""What the phone's Python does (templates/phone-worker.js calls these): start Django with the
phone's settings, take a match's copy, and answer a request for one of its pages, as the server
would, with the same views, forms, engine, templates and translations.

Nothing here runs on the server; tests/calculator/test_phone.py runs it in Pyodide (Node) and
in the server's Python, and compares what they answer.
"""

import io
import json
import logging
import os
import sys
import zipfile
import zoneinfo
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import unquote_to_bytes, urlsplit

SETTINGS = "belot_site.phone_settings"
# Where the worker unpacks the site's Python.
APP = Path(__file__).resolve().parents[2]
# One time for every file unpacked there (the zip's own date for its entries): the bytecode
# Python writes as it imports is checked against its source's time and size, which then hold
# from one start to the next, as long as the zip is the same (the worker keeps the bytecode by
# the zip's digest).
SOURCE_TIME = 1577836800  # 2020-01-01 00:00 UTC

_client = None
_host = ("", False)


class PhoneClient:
    """The phone's requests through Django's own request handler, as a browser's reach the
    server: one WSGI request each, with the cookies the earlier answers set (the language, the
    theme, the messages after a save). Not Django's test client: importing ``django.test`` (its
    test cases, its runner) cost the phone's start some 0.3 s, for checks only tests need."""

    def __init__(self, host: str, secure: bool):
        from django.core.handlers.wsgi import WSGIHandler

        self.handler = WSGIHandler()
        self.host, self.secure = host, secure
        self.cookies = SimpleCookie()

    def request(self, method: str, url: str, body: bytes, content_type: str, **headers):
        parts = urlsplit(url)
        environ = {
            "REQUEST_METHOD": method,
            # WSGI's path is the URL's bytes, read as Latin-1 (PEP 3333).
            "PATH_INFO": unquote_to_bytes(parts.path).decode("iso-8859-1"),
            "QUERY_STRING": parts.query,
            "SCRIPT_NAME": "",
            "SERVER_NAME": self.host.partition(":")[0] or "localhost",
            "SERVER_PORT": "443" if self.secure else "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": self.host,
            "HTTP_COOKIE": "; ".join(
                sorted(f"{morsel.key}={morsel.coded_value}" for morsel in self.cookies.values())
            ),
            "CONTENT_TYPE": content_type,
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "https" if self.secure else "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": io.StringIO(),
            "wsgi.multithread": False,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
            **headers,
        }
        response = self.handler(environ, lambda status, headers: None)
        response.close()  # the end of the request, as a server ends it
        self.cookies.update(response.cookies)
        return response


def prepare() -> None:
    """Before the site's Python is imported: its files all dated alike, and the bytecode Python
    compiles from them written beside them (Pyodide writes none by default), for the worker to
    keep and unpack at the next start (templates/phone-worker.js). Compiling was half of a
    start."""
    for folder, _dirs, files in os.walk(APP):
        for name in files:
            os.utime(os.path.join(folder, name), (SOURCE_TIME, SOURCE_TIME))
    sys.dont_write_bytecode = False


def bytecode(path: str = "") -> int:
    """How many modules' bytecode there is so far; with ``path``, all of it as a zip there, for
    the worker to keep."""
    found = sorted(APP.rglob("__pycache__/*.pyc"))
    if path:
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            for compiled in found:
                archive.write(compiled, compiled.relative_to(APP).as_posix())
    return len(found)


def boot(host: str, secure: bool) -> None:
    """Django set up, with the phone's empty database made; the pages' own links (a match's
    address to share) name ``host``, as the server's do."""
    global _host
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    # The site's time zone, which the bundle carries (Pyodide has none).
    zoneinfo.reset_tzpath([str(APP / "zoneinfo")])
    import django

    django.setup()
    # The phone's empty database made straight from the models: the migrations' graph and
    # history are the server's concern (`makemigrations --check` keeps the two the same).
    from django.apps import apps
    from django.db import connection

    with connection.schema_editor() as editor:
        for model in apps.get_app_config("calculator").get_models():
            editor.create_model(model)
    # Nothing the phone's Django logs is the scorer's business (a refused form is a page, not
    # a warning in the browser's console).
    logging.disable(logging.CRITICAL)
    _host = (host, secure)


def load(rows_json: str, language: str) -> int:
    """Take a match's copy (calculator/phone/copy.py), to be shown in ``language``; its
    version."""
    global _client
    from calculator.phone.copy import load_copy

    version = load_copy(json.loads(rows_json)).version
    _client = PhoneClient(*_host)
    _client.request("GET", f"/language/{language}/", b"", "")
    return version


def request(method: str, url: str, body: str = "", headers_json: str = "{}") -> str:
    """One request, as the browser would send it (a form urlencoded), answered as JSON: status,
    headers and body, and the address a redirect goes to."""
    headers = {
        "HTTP_" + name.upper().replace("-", "_"): value
        for name, value in json.loads(headers_json).items()
    }
    form = "application/x-www-form-urlencoded" if method == "POST" else ""
    response = _client.request(method, url, body.encode(), form, **headers)
    location = response.get("Location", "")
    if location:
        location = urlsplit(location)._replace(scheme="", netloc="").geturl()
    return json.dumps(
        {
            "status": response.status_code,
            "location": location,
            "content_type": response.get("Content-Type", ""),
            "language": response.get("Content-Language", ""),
            "body": response.content.decode(),
        },
        ensure_ascii=False,
    )


def version() -> int:
    from calculator.models import Match

    return Match.objects.values_list("version", flat=True).get()
