"""What the phone's Python does (static/js/phone-worker.js calls these): start Django with the
phone's settings, take a match's copy, and answer a request for one of its pages, as the server
would, with the same views, forms, engine, templates and translations.

Nothing here runs on the server; tests/calculator/test_phone.py runs it in Pyodide (Node) and
in the server's Python, and compares what they answer.
"""

import json
import logging
import os
import zoneinfo
from pathlib import Path
from urllib.parse import urlsplit

SETTINGS = "belot_site.phone_settings"

_client = None
_host = ("", False)


def boot(host: str, secure: bool) -> None:
    """Django set up, with the phone's empty database made; the pages' own links (a match's
    address to share) name ``host``, as the server's do."""
    global _host
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    # The site's time zone, which the bundle carries (Pyodide has none).
    zoneinfo.reset_tzpath([str(Path(__file__).resolve().parents[2] / "zoneinfo")])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "calculator", verbosity=0, interactive=False)
    # Nothing the phone's Django logs is the scorer's business (a refused form is a page, not
    # a warning in the browser's console).
    logging.disable(logging.CRITICAL)
    _host = (host, secure)


def load(rows_json: str, language: str) -> int:
    """Take a match's copy (calculator/phone/copy.py), to be shown in ``language``; its
    version."""
    global _client
    from django.test import Client

    from calculator.phone.copy import load_copy

    version = load_copy(json.loads(rows_json)).version
    # Django's test client is a request handler that keeps cookies between requests (the
    # language, the theme, the messages after a save), which is what the phone needs; its
    # test instrumentation stays off (setup_test_environment is never called).
    host, secure = _host
    _client = Client(HTTP_HOST=host, secure=secure)
    _client.get(f"/language/{language}/")
    return version


def request(method: str, url: str, body: str = "", headers_json: str = "{}") -> str:
    """One request, as the browser would send it (a form urlencoded), answered as JSON: status,
    headers and body, and the address a redirect goes to."""
    headers = {
        "HTTP_" + name.upper().replace("-", "_"): value
        for name, value in json.loads(headers_json).items()
    }
    if method == "POST":
        response = _client.post(
            url, body, content_type="application/x-www-form-urlencoded", **headers
        )
    else:
        response = _client.get(url, **headers)
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
