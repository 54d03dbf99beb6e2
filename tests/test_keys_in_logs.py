"""A whole evening at the table against the real server, and not one key in its logs.

The server runs as `make serve` starts it (belot_site/serve.py: granian, its access log on stdout,
its own and Django's messages on stderr, here both in one file) on a temporary SQLite database.
Two phones, which send a Referer as a browser does, go through everything that carries a key
in an address: a match kept and corrected, its watch link, its sheet, export and QR code, the
language and theme links, "Keep this match in a new table" (``/bg/table/new/?match=<scorer
key>``, the probe's finding: on the visit, on the post and in the next request's Referer), the
table's pages, a match started from it and one added by its link, a wrong key, and the addresses
a browser never writes that the probe crafted to get keys past the masking. Then every key the
database holds is looked for in the logs. Takes about 10 s.
"""

import re
import secrets
import sqlite3
from urllib.parse import quote

import pytest

from belot_site.logs import _tag
from benchmarks.load import Phone, Site, deal_for, site_env, sqlite_url
from tests.test_deploy import written

# Its servers and commands run on SQLite files of their own, without Redis, whatever the
# suite runs on (CI leaves it out of the run on PostgreSQL alone).
pytestmark = pytest.mark.own_database


@pytest.fixture
def site(tmp_path):
    server = Site(site_env(sqlite_url(tmp_path / "db.sqlite3")), tmp_path / "server.log", workers=1)
    server.manage("migrate", "--noinput")
    server.start()
    yield server
    server.stop()


def version_on(reply) -> str:
    return re.search(r'name="version" value="([0-9]+)"', reply.text())[1]


def edit(phone, key: str, number: int, card_points: int) -> None:
    """Correct deal ``number``: its page, the preview, then Save."""
    path = f"/m/{key}/deal/{number}/"
    page = phone.get(path)
    assert page.status == 200
    # The form posts back the version of the match its page was made from.
    fields = {**deal_for(number)[0], "card_points": str(card_points), "version": version_on(page)}
    preview = phone.post(path, {**fields, "action": "preview"})
    key_and_version = re.search(r'name="preview_key" value="([0-9a-f]+)"', preview.text())
    saved = phone.post(
        path,
        {
            **fields,
            "action": "save",
            "preview_key": key_and_version[1],
            "version": version_on(preview),
        },
    )
    assert saved.status == 302, saved.text()[:500]


def scorer_evening(phone) -> tuple[str, str]:
    """A match kept from start to a new table of it; the match's and the table's keeper keys."""
    assert phone.get("/bg/").status == 200
    key = phone.start_match()
    assert phone.get(f"/m/{key}/").status == 200
    for number in (1, 2, 3):
        assert phone.record_deal(key, deal_for(number)[0]) == "saved"
        assert phone.get(f"/m/{key}/").status == 200
    page = phone.get(f"/m/{key}/")
    assert (
        phone.post(f"/m/{key}/all-passed/", {"number": "4", "version": version_on(page)}).status
        == 302
    )
    page = phone.get(f"/m/{key}/")
    assert phone.post(f"/m/{key}/undo/", {"version": version_on(page)}).status == 302
    edit(phone, key, 1, 120)
    page = phone.get(f"/m/{key}/")
    assert phone.post(f"/m/{key}/deal/3/delete/", {"version": version_on(page)}).status == 302
    for path in ("sheet/", "export.json", "qr.svg"):
        assert phone.get(f"/m/{key}/{path}").status in (200, 302)
    assert phone.get(f"/language/uk/?next=/m/{key}/").status == 302
    assert phone.get(f"/theme/dark/?next={quote(f'/m/{key}/', safe='')}").status == 302
    # "Keep this match in a new table", its language and theme links, and the form
    new_table = f"/bg/table/new/?match={key}"
    assert phone.get(new_table).status == 200
    assert phone.get(f"/uk/table/new/?match={key}").status == 200
    assert phone.get(f"/theme/light/?next={quote(new_table, safe='')}").status == 302
    assert phone.get(new_table).status == 200
    roster = "Ана\nБоби\nВики\nГого"
    created = phone.post(new_table, {"name": "Петък", "players": roster})
    assert created.status == 302 and created.location.startswith("/t/"), created.text()[:500]
    keeper = created.location.split("/")[2]
    assert phone.get(f"/t/{keeper}/").status == 200
    return key, keeper


def table_evening(phone, keeper: str, other_match: str) -> None:
    seats = {f"seat_{n}": name for n, name in enumerate(["Ана", "Боби", "Вики", "Гого"])}
    started = phone.post(f"/t/{keeper}/match/", {**seats, "first_dealer": "0", "games_to_win": "1"})
    assert started.status == 302 and started.location.startswith("/m/")
    key = started.location.split("/")[2]
    assert phone.record_deal(key, deal_for(1)[0]) == "saved"
    assert phone.get(f"/m/{key}/").status == 200
    link = f"http://127.0.0.1:{phone.port}/m/{other_match}/"
    assert phone.post(f"/t/{keeper}/add/", {"link": link}).status == 302
    assert phone.post(f"/t/{keeper}/players/", {"players": "Дидо"}).status == 302
    for path in ("", "player/0/?since=2020-01-01", "stats.json", "deals.csv"):
        assert phone.get(f"/t/{keeper}/{path}").status == 200, path


def watcher_evening(phone, watch_key: str, view_key: str) -> str:
    """The others at the table: the watch page, its polls, the sheet; a wrong key."""
    for path in ("", "changes", "sheet/", "export.json"):
        assert phone.get(f"/m/{watch_key}/{path}").status == 200, path
    assert phone.get(f"/t/{view_key}/").status == 200
    wrong = secrets.token_urlsafe(18)
    assert phone.get(f"/m/{wrong}/changes").status == 404
    return wrong


def crafted_addresses(phone, scorer: str, watch: str) -> None:
    """The probe's addresses, which no browser writes, and which the rules about where a key
    stands let through in clear: the scorer's key looked up by an encoded ``?m%61tch=`` (200:
    Django decodes the name), and keys where no page takes them (404, or a page that ignores
    its query string)."""
    assert phone.get(f"/bg/table/new/?m%61tch={scorer}").status == 200
    assert phone.get(f"/bg/table/new/?m%2561tch={watch}").status == 200  # no ?match at all
    for path in (f"/m/./{watch}/", f"/m//{watch}/", f"/m/%{watch}/"):
        assert phone.get(path).status in (400, 404), path
    for query in (f"?match=%20{watch}", f"?match=+{watch}"):
        assert phone.get(f"/bg/table/new/{query}").status == 404, query
    for path in (f"/bg/?{watch}", f"/bg/rules/?q=x&{scorer}=1"):
        assert phone.get(path).status == 200, path


def _not_found_after_a_percent_sign(watch: str) -> str:
    """Django's line for ``/m/%<watch key>/``. A key that starts with two hex digits (one in
    eight) starts with an encoded byte there, which Django decodes (``/m/%C2…``, ``/m/A…``,
    ``/m//…``): what stays of the key is then looked for on its own (its tail, below). Any other
    key follows the ``%`` as it is, and its run of key characters is tagged."""
    if re.match(r"[0-9A-Fa-f]{2}", watch):
        return "Not Found: /m/"
    return f"Not Found: /m/%{_tag(watch)}/"


def keys_in(database) -> set[str]:
    with sqlite3.connect(database) as db:
        matches = db.execute("SELECT scorer_key, watch_key FROM calculator_match").fetchall()
        tables = db.execute("SELECT keeper_key, view_key FROM calculator_table").fetchall()
    return {key for row in matches + tables for key in row}


def test_a_whole_evening_leaves_no_key_in_the_logs(site, tmp_path):
    scorer = Phone(site.port, referer=True)
    match, keeper = scorer_evening(scorer)
    other = Phone(site.port, referer=True).start_match("Орли", "Соколи")
    table_evening(scorer, keeper, other)
    keys = keys_in(tmp_path / "db.sqlite3")
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        watch = db.execute("SELECT watch_key FROM calculator_match WHERE scorer_key = ?", [match])
        view = db.execute("SELECT view_key FROM calculator_table WHERE keeper_key = ?", [keeper])
        watch_key, view_key = watch.fetchone()[0], view.fetchone()[0]
    wrong = watcher_evening(Phone(site.port, referer=True), watch_key, view_key)
    crafted_addresses(Phone(site.port, referer=True), match, watch_key)
    assert len(keys) == 8  # three matches and a table, two keys each
    marker = f"/robots.txt?evening-end={secrets.token_hex(4)}"
    assert scorer.get(marker).status == 200
    # Each worker writes its access line after its answer: the marker, answered last, can be
    # in the log before another worker's line for the watcher's last request (CI, 2026-12-04).
    used = (match, keeper, watch_key, view_key, wrong)
    expected = [
        marker,
        *(_tag(key) for key in used),  # not for want of lines: each key used is there, as its tag
        f'"GET /bg/table/new/?match={_tag(match)} HTTP/1.1" 200',
        f'"POST /bg/table/new/?match={_tag(match)} HTTP/1.1" 302',
        f'"http://127.0.0.1:{site.port}/bg/table/new/?match={_tag(match)}"',  # a Referer
        "Not Found: /m/~",  # Django's own line, masked as well
        f'"GET /bg/table/new/?m%61tch={_tag(match)} HTTP/1.1" 200',
        _not_found_after_a_percent_sign(watch_key),
    ]
    # Wait for every line asserted below, not only the marker: each worker writes its lines after
    # its answer, and Django's "Not Found" lines go through another stream.
    logged = written(site.log.read_text, lambda text: all(line in text for line in expected))
    for key in keys | {wrong}:
        assert key not in logged and quote(key, safe="") not in logged, key
    assert watch_key[2:] not in logged  # after a byte decoded from its first two characters
    for line in expected:
        assert line in logged, line
