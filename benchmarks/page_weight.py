"""Page weight: the bytes of HTML, CSS and JavaScript each page loads, raw and compressed.

Run from the project root:

    .venv/bin/python benchmarks/page_weight.py            # options: --deals 200

It starts the site as production runs it (the server as `make serve` starts it, whitenoise,
collected and compressed static files; plain HTTP on a free 127.0.0.1 port, a temporary SQLite
database with the rules from the migrations), seeds a match with --deals deals, and fetches the
rules page in bg, uk and ru and the match page as the scorer sees it. For each page it reports:

- the HTML: raw, and compressed as the proxy in front would send it (the server sends it raw):
  gzip level 6 and Brotli quality 6;
- the CSS and JavaScript it links: raw, and the gzip and Brotli files whitenoise serves for
  Accept-Encoding: gzip / br;
- the total of the three, against 30 KB, and the first response (the HTML) against 14 KB, what
  the first round trip of a new TCP connection carries (10 packets of 1460 bytes, less headers);
- web fonts (none expected) and images (none expected above the fold; all with a size).

The figures go to docs/performance.md ("The pages on a phone"). The server (LocalSite) and the match
(seed_match) are also what benchmarks/screenshots.py and benchmarks/lighthouse.sh use.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from calculator import engine  # noqa: E402  (the pure engine: no Django needed)

LOOPBACK = "127.0.0.1"
KB = 1024
PAGE_BUDGET = 30 * KB
FIRST_RESPONSE_BUDGET = 14 * KB
GZIP_LEVEL = 6
BROTLI_QUALITY = 6

# Settings that a developer's shell may carry and that would change what is measured.
UNSET = ("DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE", "WEB_CONCURRENCY", "BIND", "PORT")

A, B = engine.Team.A, engine.Team.B
# Five deals as a table plays them: a made contract with a belot, a no trumps, all passed, an
# all trumps with a terce, and a tie that leaves the bidders' points hanging.
DEAL_CYCLE = (
    engine.PlayedDeal(
        A,
        engine.Contract.HEARTS,
        engine.CardPoints(A, 97),
        declarations_a=engine.TeamDeclarations(belots=1),
    ),
    engine.PlayedDeal(B, engine.Contract.NO_TRUMPS, engine.CardPoints(B, 88)),
    engine.AllPassed(),
    engine.PlayedDeal(
        A,
        engine.Contract.ALL_TRUMPS,
        engine.CardPoints(B, 118),
        declarations_b=engine.TeamDeclarations(sequences=(engine.Sequence(3),)),
    ),
    engine.PlayedDeal(B, engine.Contract.SPADES, engine.CardPoints(B, 81)),
)
TEAMS = {"team_a": "Ние", "team_b": "Вие"}
PLAYERS = {"player_1": "Иван", "player_2": "Мария", "player_3": "Петър", "player_4": "Елена"}


def seed_match(*, deals: int):
    """A match with ``deals`` deals, made through the ORM (call inside Django, e.g. the shell).

    Five deals (DEAL_CYCLE) make 80 : 76 with 8 points hanging, so a multiple of five ends
    with points hanging, as on a real score sheet now and then.
    """
    from calculator.models import Deal, Match

    match = Match.objects.create(**TEAMS, **PLAYERS)
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(deal))
        for number, deal in enumerate(
            (DEAL_CYCLE[i % len(DEAL_CYCLE)] for i in range(deals)), start=1
        )
    )
    return match


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


class LocalSite:
    """The site as `make serve` runs it, on plain HTTP at 127.0.0.1, in a temporary folder.

    DJANGO_PRODUCTION=1 with the three HTTPS switches off: no redirect to https, no trusted
    X-Forwarded-Proto, no HSTS. Cookies stay 'Secure', which browsers accept from 127.0.0.1.
    """

    def __init__(self, *, workers: int = 2):
        self.workers = workers
        self.folder = Path(tempfile.mkdtemp(prefix="belot-web-"))
        # LOCAL_SITE_PORT: a given port (a shared machine may hand out ranges), else a free one.
        self.port = int(os.environ.get("LOCAL_SITE_PORT") or 0) or free_port()
        self.process: subprocess.Popen | None = None
        self.env = {key: value for key, value in os.environ.items() if key not in UNSET}
        self.env.update(
            DJANGO_PRODUCTION="1",
            DJANGO_SSL_REDIRECT="0",
            DJANGO_PROXY_SSL_HEADER="0",
            DJANGO_HSTS_SECONDS="0",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS=f"{LOOPBACK},localhost",
            DATABASE_URL=f"sqlite:///{self.folder / 'db.sqlite3'}",
            DJANGO_STATIC_ROOT=str(self.folder / "static"),
            DJANGO_CACHE_DIR=str(self.folder / "cache"),
            BIND=f"{LOOPBACK}:{self.port}",
            WEB_CONCURRENCY=str(workers),
            PYTHONUNBUFFERED="1",
        )

    @property
    def base(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
            timeout=300,
        )
        return done.stdout

    def seed(self, *, deals: int) -> tuple[str, str]:
        """A new match with ``deals`` deals: its (scorer key, watch key)."""
        code = (
            "from benchmarks.page_weight import seed_match;"
            f"m = seed_match(deals={deals}); print(m.scorer_key, m.watch_key)"
        )
        scorer_key, watch_key = self.manage("shell", "-c", code).split()[-2:]
        return scorer_key, watch_key

    def __enter__(self) -> LocalSite:
        if not any((ROOT / "locale").glob("*/LC_MESSAGES/django.mo")):
            self.manage("compilemessages", "--ignore=.venv", "-v", "0")
        self.manage("collectstatic", "--noinput", "-v", "0")
        self.manage("migrate", "--noinput", "-v", "0")
        log = open(self.folder / "server.log", "wb")  # noqa: SIM115  (closed with the server)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "belot_site.serve"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self._wait_until_up()
        return self

    def _wait_until_up(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError((self.folder / "server.log").read_text()[-3000:])
            try:
                with socket.create_connection((LOOPBACK, self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()  # the main process stops its workers on SIGTERM
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


# Measuring


def fetch(port: int, path: str, encoding: str = "identity") -> tuple[int, bytes, dict]:
    """(status, body as sent on the wire, headers) for a GET with Accept-Encoding ``encoding``."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=30)
    try:
        connection.request("GET", path, headers={"Accept-Encoding": encoding})
        response = connection.getresponse()
        body = response.read()
        headers = {name.lower(): value for name, value in response.getheaders()}
        return response.status, body, headers
    finally:
        connection.close()


@dataclass
class Weight:
    raw: int = 0
    gzip: int = 0
    br: int = 0

    def __iadd__(self, other: Weight) -> Weight:
        self.raw += other.raw
        self.gzip += other.gzip
        self.br += other.br
        return self


@dataclass
class Page:
    name: str
    path: str
    html: Weight
    css: Weight
    js: Weight
    fonts: list[str]
    images: list[str]
    blocking_scripts: list[str]

    @property
    def total(self) -> Weight:
        total = Weight()
        for part in (self.html, self.css, self.js):
            total += part
        return total


def html_weight(port: int, path: str) -> tuple[str, Weight]:
    status, body, headers = fetch(port, path)
    assert status == 200, f"{path}: {status}"
    assert "content-encoding" not in headers, "the server was expected to send HTML raw"
    weight = Weight(
        len(body),
        len(gzip.compress(body, GZIP_LEVEL, mtime=0)),
        len(brotli.compress(body, quality=BROTLI_QUALITY)),
    )
    return body.decode(), weight


def static_weight(port: int, url: str) -> Weight:
    """What whitenoise sends for each Accept-Encoding: its own .gz and .br files."""
    sizes = {}
    for encoding in ("identity", "gzip", "br"):
        status, body, headers = fetch(port, url, encoding)
        assert status == 200, f"{url}: {status}"
        sent = headers.get("content-encoding", "identity")
        assert sent == encoding, f"{url}: asked for {encoding}, got {sent}"
        sizes[encoding] = len(body)
    return Weight(sizes["identity"], sizes["gzip"], sizes["br"])


def tags(html: str, name: str) -> list[str]:
    return re.findall(rf"<{name}\b[^>]*>", html, flags=re.IGNORECASE)


def attribute(tag: str, name: str) -> str | None:
    found = re.search(rf'\b{name}(?:="([^"]*)")?', tag)
    return None if found is None else (found.group(1) or "")


def measure(port: int, name: str, path: str) -> Page:
    html, html_w = html_weight(port, path)
    css, js = Weight(), Weight()
    fonts, css_text = [], ""
    for link in tags(html, "link"):
        if attribute(link, "rel") == "stylesheet":
            href = attribute(link, "href")
            css += static_weight(port, href)
            css_text += fetch(port, href)[1].decode()
        elif attribute(link, "as") == "font":
            fonts.append(attribute(link, "href"))
    blocking = []
    for script in tags(html, "script"):
        src = attribute(script, "src")
        if src:
            js += static_weight(port, src)
            if attribute(script, "defer") is None and attribute(script, "async") is None:
                blocking.append(src)
    fonts += re.findall(r"@font-face|url\([^)]*\.(?:woff2?|ttf|otf)\)", css_text)
    images = [
        f"{attribute(img, 'src')} {attribute(img, 'width')}x{attribute(img, 'height')}"
        f" loading={attribute(img, 'loading')}"
        for img in tags(html, "img")
    ]
    return Page(name, path, html_w, css, js, fonts, images, blocking)


# Report


def kb(size: int) -> str:
    return f"{size / KB:.1f}"


def table(pages: list[Page]) -> str:
    lines = [
        "| page | HTML raw / gzip / br | CSS raw / gzip / br | JS raw / gzip / br"
        " | total gzip | total br | first response gzip |",
        "|---|---|---|---|---|---|---|",
    ]
    for page in pages:
        total = page.total
        first = page.html.gzip
        lines.append(
            f"| {page.name} | "
            + " | ".join(
                f"{kb(w.raw)} / {kb(w.gzip)} / {kb(w.br)}" for w in (page.html, page.css, page.js)
            )
            + f" | {kb(total.gzip)} {'ok' if total.gzip < PAGE_BUDGET else 'OVER'}"
            + f" | {kb(total.br)}"
            + f" | {kb(first)} {'ok' if first < FIRST_RESPONSE_BUDGET else 'OVER'} |"
        )
    return "\n".join(lines)


def findings(pages: list[Page]) -> list[str]:
    notes = []
    for page in pages:
        if page.fonts:
            notes.append(f"{page.name}: web fonts {page.fonts}")
        if page.blocking_scripts:
            notes.append(f"{page.name}: scripts without defer/async {page.blocking_scripts}")
        for image in page.images:
            notes.append(f"{page.name}: image {image}")
        if page.html.gzip >= FIRST_RESPONSE_BUDGET:
            notes.append(
                f"{page.name}: the HTML is {kb(page.html.gzip)} KB with gzip"
                f" ({kb(page.html.br)} KB with Brotli), over the {kb(FIRST_RESPONSE_BUDGET)} KB"
                " of a first round trip"
            )
    return notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals in the measured match")
    options = parser.parse_args()
    with LocalSite() as site:
        scorer_key, watch_key = site.seed(deals=options.deals)
        urls = [(f"rules ({code})", f"/{code}/rules/") for code in ("bg", "uk", "ru")]
        urls += [
            ("home (bg)", "/bg/"),
            (f"match, scorer, {options.deals} deals", f"/m/{scorer_key}/"),
            (f"match, watcher, {options.deals} deals", f"/m/{watch_key}/"),
            ("deal form (bg)", f"/m/{scorer_key}/deal/"),
        ]
        pages = [measure(site.port, name, path) for name, path in urls]
    print(f"Page weight, {date.today()}, KB = 1024 bytes. HTML compressed here as a proxy would")
    print(f"(gzip -{GZIP_LEVEL}, Brotli q{BROTLI_QUALITY}); CSS and JS as whitenoise sends them.\n")
    print(table(pages))
    notes = findings(pages)
    print("\n" + ("\n".join(f"- {note}" for note in notes) if notes else "- nothing to note"))


if __name__ == "__main__":
    main()
