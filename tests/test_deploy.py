"""The production settings, checked the way they run: in a fresh process with only the variables
the README documents, so nothing from the test settings or this machine leaks in."""

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

from benchmarks.load import stop_process

# Its servers and commands run on SQLite files of their own, without Redis, whatever the
# suite runs on (CI leaves it out of the run on PostgreSQL alone).
pytestmark = pytest.mark.own_database

ROOT = Path(__file__).resolve().parent.parent

PRODUCTION = {
    "DJANGO_PRODUCTION": "1",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "belot.example",
    "DJANGO_CLIENT_IP_HEADER": "HTTP_FORWARDED",
}

PRODUCTION_WITHOUT_HEADER = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_CLIENT_IP_HEADER"}

SETTINGS = [
    "DEBUG",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "LANGUAGE_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
]


def clean_env(**variables) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("DJANGO_") and name != "DATABASE_URL"
    }
    return {**env, **variables}


def manage(*args, **variables) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean_env(**variables),
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_in(**variables) -> dict:
    code = f"import json; from django.conf import settings as s; print(json.dumps({{n: getattr(s, n, None) for n in {SETTINGS!r}}}))"
    result = manage("shell", "--no-imports", "-c", code, **variables)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_deploy_finds_nothing_with_the_production_variables():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_check_deploy_warns_behind_a_proxy_without_the_visitors_address_header():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_WITHOUT_HEADER)
    assert result.returncode != 0
    assert "calculator.W001" in result.stdout + result.stderr
    assert "DJANGO_CLIENT_IP_HEADER" in result.stdout + result.stderr


def test_check_deploy_is_quiet_without_a_proxy_in_front():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        **PRODUCTION_WITHOUT_HEADER,
        DJANGO_PROXY_SSL_HEADER="0",
    )
    assert "calculator.W001" not in result.stdout + result.stderr


def test_production_is_https_only_with_secure_cookies():
    assert settings_in(**PRODUCTION) == {
        "DEBUG": False,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "LANGUAGE_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
    }


def test_a_first_deployment_can_try_hsts_briefly_and_without_subdomains():
    values = settings_in(
        **PRODUCTION,
        DJANGO_HSTS_SECONDS="300",
        DJANGO_HSTS_INCLUDE_SUBDOMAINS="0",
        DJANGO_HSTS_PRELOAD="0",
    )
    assert values["SECURE_HSTS_SECONDS"] == 300
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is False
    assert values["SECURE_HSTS_PRELOAD"] is False


def test_a_fresh_checkout_runs_without_debug_and_without_https():
    values = settings_in()
    assert values["DEBUG"] is False
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SESSION_COOKIE_SECURE"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["SECURE_PROXY_SSL_HEADER"] is None


@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ("DJANGO_SECRET_KEY", "Set DJANGO_SECRET_KEY when DJANGO_PRODUCTION is on."),
        ("DJANGO_ALLOWED_HOSTS", "Set DJANGO_ALLOWED_HOSTS when DJANGO_PRODUCTION is on."),
    ],
)
def test_production_refuses_to_start_without(missing, message):
    variables = {name: value for name, value in PRODUCTION.items() if name != missing}
    result = manage("check", **variables)
    assert result.returncode != 0
    assert f"ImproperlyConfigured: {message}" in result.stderr


def test_production_refuses_to_start_with_debug_on():
    result = manage("check", **PRODUCTION, DJANGO_DEBUG="1")
    assert result.returncode != 0
    assert "DJANGO_DEBUG must be off when DJANGO_PRODUCTION is on." in result.stderr


# Every combination the README's Production table offers lets `make serve` start: the deployment
# check it runs first finds nothing, or only the warning about the switch that was turned off,
# silenced on purpose (belot_site/settings.py, SILENCED_SYSTEM_CHECKS).

FIRST_DEPLOYMENT = {
    "DJANGO_HSTS_SECONDS": "300",
    "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "0",
    "DJANGO_HSTS_PRELOAD": "0",
}
NO_PROXY_HEADER = {"DJANGO_PROXY_SSL_HEADER": "0"}
DOCUMENTED = {
    "as it comes": {},
    "the proxy redirects to https": {"DJANGO_SSL_REDIRECT": "0"},
    "no proxy sets x-forwarded-proto": NO_PROXY_HEADER,
    "hsts tried for five minutes": {"DJANGO_HSTS_SECONDS": "300"},
    "a subdomain still on plain http": {"DJANGO_HSTS_INCLUDE_SUBDOMAINS": "0"},
    "off the preload lists": {"DJANGO_HSTS_PRELOAD": "0"},
    "a first deployment": FIRST_DEPLOYMENT,
    "every switch off": {**FIRST_DEPLOYMENT, **NO_PROXY_HEADER, "DJANGO_SSL_REDIRECT": "0"},
}


@pytest.mark.parametrize("switches", DOCUMENTED.values(), ids=DOCUMENTED.keys())
def test_every_documented_combination_passes_the_check_make_serve_runs_first(switches):
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION, **switches)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_a_switch_silences_only_its_own_warning():
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION,
        DJANGO_SSL_REDIRECT="0", DJANGO_HSTS_SECONDS="0",
    )  # fmt: skip
    assert result.returncode != 0
    assert "security.W004" in result.stdout + result.stderr
    assert "security.W008" not in result.stdout + result.stderr


def test_without_the_proxys_header_the_site_leaves_the_redirect_to_the_proxy():
    """It cannot tell HTTPS from plain HTTP then: its own redirect would never end."""
    assert settings_in(**PRODUCTION, **NO_PROXY_HEADER)["SECURE_SSL_REDIRECT"] is False
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION, **NO_PROXY_HEADER,
        DJANGO_SSL_REDIRECT="1",
    )  # fmt: skip
    assert result.returncode != 0
    assert "calculator.W002" in result.stdout + result.stderr


def post_form(base: str, path: str, fields: dict, **headers) -> tuple[int, str]:
    """GET a form page, then post ``fields`` with its CSRF token and cookie, as a browser
    does: the status and the Location of the answer."""
    status, page_headers, body = fetch(f"{base}{path}", **headers)
    assert status == 200, (status, body[:300])
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)[1].decode()
    cookie = "; ".join(value.split(";")[0] for value in page_headers.get_all("Set-Cookie"))
    data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
    request = urllib.request.Request(
        f"{base}{path}",
        data=data,
        headers={"Host": "belot.example", "Cookie": cookie, **headers},
    )

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as response:
            return response.status, response.headers.get("Location", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", "")


def test_make_serve_starts_with_every_switch_off_and_takes_a_form(tmp_path):
    """`make serve` itself (check, collectstatic, migrate, granian) with the proxy doing HTTPS,
    its redirect and HSTS: the site answers plain HTTP, and a form posts from the https
    origin the README says to list (DJANGO_CSRF_TRUSTED_ORIGINS)."""
    bind = f"127.0.0.1:{free_port()}"
    variables = {
        **PRODUCTION,
        **DOCUMENTED["every switch off"],
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://belot.example",
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "BIND": bind,
        "WEB_CONCURRENCY": "1",
    }
    log = tmp_path / "serve.log"
    with log.open("w") as output:
        make = subprocess.Popen(
            ["make", "serve"],
            cwd=ROOT,
            env=clean_env(**variables),
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # make, the shell and granian: stopped together below
        )
    base = f"http://{bind}"
    try:
        answered = first_answer(f"{base}/robots.txt", make)
        assert answered, log.read_text()
        status, headers, _body = answered
        assert status == 200 and "Strict-Transport-Security" not in headers
        origin = {"Origin": "https://belot.example", "Referer": "https://belot.example/bg/"}
        fields = {
            "team_a": "Ние",
            "team_b": "Вие",
            "first_dealer": "0",
            "target": "151",
            "declaration_comparison": "separate",
            "contra_tie": "all_hang",
        }
        status, location = post_form(base, "/bg/match/new/", fields, **origin)
        assert status == 302 and location.startswith("/m/"), (status, log.read_text())
    finally:
        # (make may have ended already: the assertion above says why, not this cleanup)
        stop_process(make, grace=STOP_CAP)


# The server (belot_site/serve.py), as `make serve` starts it


# How long a server may take to answer its first request, or to stop: caps, not deadlines a
# test asserts. A slow machine's start (imports, migrations, collectstatic) waits as long as it
# takes; only a server that never answers, and has not ended, fails the test at the cap.
START_CAP = 300
STOP_CAP = 60
LOG_CAP = 60


def first_answer(url: str, process: subprocess.Popen) -> tuple[int, Message, bytes] | None:
    """The server's first answer to ``url``; None if its process ended first."""
    started = time.monotonic()
    while process.poll() is None:
        try:
            return fetch(url)
        except OSError:
            if time.monotonic() - started > START_CAP:
                pytest.fail(f"the server did not answer in {START_CAP} s and did not stop")
            time.sleep(0.1)
    return None


def written(read, done) -> str:
    """What ``read()`` gives once ``done`` holds of it: the access log is written after the
    response. Waits up to LOG_CAP, then gives what there is for the test's assertions."""
    started = time.monotonic()
    while not done(text := read()) and time.monotonic() - started < LOG_CAP:
        time.sleep(0.1)
    return text


def test_a_server_that_does_not_stop_on_sigterm_is_killed():
    ignoring = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "print('ignoring', flush=True); time.sleep(600)"
    )
    process = subprocess.Popen([sys.executable, "-c", ignoring], stdout=subprocess.PIPE)
    with process.stdout:
        assert process.stdout.readline() == b"ignoring\n"  # SIGTERM is ignored from here on
    stop_process(process, group=False, grace=0.5)
    assert process.returncode == -signal.SIGKILL


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str, method: str = "GET", **headers) -> tuple[int, Message, bytes]:
    """``url``: the status, the headers (names in any case, as HTTP has them) and the body."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    headers = {"Host": "belot.example", **headers}
    request = urllib.request.Request(url, headers=headers, method=method)
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


CREATE_MATCH = """
from pathlib import Path
from calculator.models import Match
Path("{folder}", "watch_key").write_text(Match.objects.create(team_a="A", team_b="B").watch_key)
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """collectstatic into a temporary folder, then the server in production mode on a free port."""
    folder = tmp_path_factory.mktemp("served")
    variables = {
        **PRODUCTION,
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "BIND": f"127.0.0.1:{free_port()}",
        "WEB_CONCURRENCY": "1",
    }
    collected = manage("collectstatic", "--noinput", "-v", "0", **variables)
    assert collected.returncode == 0, collected.stderr
    migrated = manage("migrate", "--noinput", "-v", "0", **variables)
    assert migrated.returncode == 0, migrated.stderr
    # A match for the watchers' polls: its watch key goes to a file beside the logs.
    created = manage("shell", "-c", CREATE_MATCH.format(folder=folder), **variables)
    assert created.returncode == 0, created.stderr
    log = folder / "server.log"
    with log.open("w") as stderr, (folder / "access.log").open("w") as stdout:
        server = subprocess.Popen(
            [sys.executable, "-m", "belot_site.serve"],
            cwd=ROOT,
            env=clean_env(**variables),
            stdout=stdout,
            stderr=stderr,
        )
    base = f"http://{variables['BIND']}"
    try:
        if not first_answer(f"{base}/robots.txt", server):
            pytest.fail(f"the server stopped:\n{log.read_text()}")
        yield base, folder / "static"
    finally:
        stop_process(server, group=False, grace=STOP_CAP)


def test_no_match_key_reaches_the_logs(served):
    """The access log (paths, Referers) and Django's "Not Found" lines carry no key."""
    base, static = served
    folder = static.parent
    key, other = secrets.token_urlsafe(18), secrets.token_urlsafe(18)
    headers = {
        "X-Forwarded-Proto": "https",
        "Referer": f"https://belot.example/m/{other}/deal/",
        "Forwarded": "for=203.0.113.9",
    }
    for path in (f"/m/{key}/", f"/m/{key}/deal/1/", f"/language/uk/?next=/m/{key}/"):
        status, _headers, _body = fetch(f"{base}{path}", **headers)
        assert status in (302, 404)
    logged = written(
        lambda: (folder / "access.log").read_text() + (folder / "server.log").read_text(),
        lambda text: text.count("/m/~") >= 4,
    )
    assert "Not Found: /m/~" in logged  # Django's own warning, masked
    assert key not in logged and other not in logged
    assert logged.count("/m/~") >= 4, logged


def test_the_server_redirects_plain_http_to_https(served):
    base, _static = served
    status, headers, _body = fetch(f"{base}/robots.txt")
    assert status == 301
    assert headers["Location"] == "https://belot.example/robots.txt"


def test_the_server_serves_https_from_the_proxy_with_hsts(served):
    base, _static = served
    status, headers, body = fetch(f"{base}/robots.txt", **{"X-Forwarded-Proto": "https"})
    assert status == 200
    assert b"Disallow: /m/" in body
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"


@pytest.mark.parametrize("method", ["TRACE", "OPTIONS"])
def test_the_server_answers_trace_and_options_on_a_page_with_405_in_its_language(served, method):
    base, _static = served
    https = {"X-Forwarded-Proto": "https"}
    status, headers, body = fetch(f"{base}/uk/rules/", method, **https)
    assert (status, headers["Allow"]) == (405, "GET, HEAD")
    assert "Ця сторінка не приймає такого запиту".encode() in body
    assert b'id="glossary"' not in body


def test_hashed_static_files_are_compressed_and_cached_for_good(served):
    base, static = served
    hashed = next((static / "css").glob("site.*.css")).name
    assert (static / "css" / f"{hashed}.br").exists()
    assert (static / "css" / f"{hashed}.gz").exists()
    status, headers, _body = fetch(
        f"{base}/static/css/{hashed}",
        **{"X-Forwarded-Proto": "https", "Accept-Encoding": "br, gzip"},
    )
    assert status == 200
    assert headers["Content-Encoding"] == "br"
    assert "immutable" in headers["Cache-Control"]
    assert "max-age=315360000" in headers["Cache-Control"]


def test_healthz_answers_plain_http_for_any_host_and_stays_out_of_the_access_log(served):
    base, static = served
    access_log = static.parent / "access.log"
    status, headers, body = fetch(f"{base}/healthz", Host="10.0.0.7")
    assert status == 200, body
    assert json.loads(body) == {"status": "ok", "database": "ok", "cache": "ok"}
    assert "no-store" in headers["Cache-Control"]
    marker = f"/robots.txt?after-healthz={secrets.token_hex(4)}"
    fetch(f"{base}{marker}", **{"X-Forwarded-Proto": "https"})
    logged = written(access_log.read_text, lambda text: marker in text)
    assert marker in logged and "/healthz" not in logged


def test_a_watchers_answered_poll_stays_out_of_the_access_log_a_refused_one_does_not(served):
    """2,000 watchers poll 1,000 times a second: their answered polls would be nearly all of the
    log. A poll for a key that is no match's is logged like any other request, key masked."""
    base, static = served
    folder = static.parent
    access_log = folder / "access.log"
    watch_key = (folder / "watch_key").read_text()
    https = {"X-Forwarded-Proto": "https"}
    status, _headers, body = fetch(f"{base}/m/{watch_key}/changes", **https)
    assert (status, body) == (200, b"0")
    wrong = secrets.token_urlsafe(18)
    status, _headers, _body = fetch(f"{base}/m/{wrong}/changes", **https)
    assert status == 404
    marker = f"/robots.txt?after-polls={secrets.token_hex(4)}"
    fetch(f"{base}{marker}", **https)
    logged = written(access_log.read_text, lambda text: marker in text)
    lines = [line for line in logged.splitlines() if "/changes" in line]
    assert len(lines) == 1, lines
    assert '"GET /m/~' in lines[0] and '/changes HTTP/1.1" 404' in lines[0]
    assert wrong not in lines[0]


def test_every_log_line_tells_its_time_in_utc(served):
    """The workers run in TIME_ZONE (Sofia), the server's main process in the machine's zone:
    every line, the server's, Django's and the access log's, says its time in UTC."""
    base, static = served
    folder = static.parent
    wrong = secrets.token_urlsafe(18)
    fetch(f"{base}/m/{wrong}/", **{"X-Forwarded-Proto": "https"})
    written((folder / "access.log").read_text, lambda text: "/m/~" in text)
    errors = (folder / "server.log").read_text().splitlines()
    django_line = next(line for line in errors if "Not Found: /m/~" in line)
    assert re.fullmatch(
        r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} UTC\] \[\d+\] \[WARNING\] .*", django_line
    )
    server_lines = [line for line in errors if line.startswith("[") and "Not Found" not in line]
    assert server_lines and all(" UTC] [" in line for line in server_lines), server_lines
    access = [line for line in (folder / "access.log").read_text().splitlines() if "/m/~" in line]
    assert access and all(
        re.search(r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000\]", line) for line in access
    )
