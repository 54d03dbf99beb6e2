"""The match pages as the scorer's phone runs them (calculator/phone): the same engine, views,
templates and translations in Pyodide as on the server, so the same answers.

Pyodide runs here in Node (tests/calculator/phone_runner.mjs), from the files the phone gets
(static/phone/pyodide/: the npm package's interpreter and its standard library compiled by
`make`, which runs `npm ci` where npm is): the same interpreter and standard library as in the
phone's browser, at a fraction of a browser's cost. Without Node or those files these tests
skip, saying what to install.

One phone serves the whole module: Pyodide and Django start once (seconds), and each test
loads its own match into the phone's database.
"""

import difflib
import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse, set_urlconf
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator import engine
from calculator.engine import GAMES
from calculator.models import Deal, Match
from calculator.phone import bundle as phone_bundle
from calculator.phone.copy import match_copy
from tests.calculator.conftest import create_match, deal_fields, record_deal
from tests.calculator.french import create_french_match, french_fields
from tests.calculator.test_engine_examples import EXAMPLES, HOUSE_RULES
from tests.calculator.test_engine_french_examples import CHECKS
from tests.calculator.test_engine_french_properties import classic_deals, contree_deals
from tests.calculator.test_engine_properties import deals as belot_deals
from tests.calculator.test_import_games import made, matches, playable

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "static" / "phone" / "pyodide"
RUNNER = Path(__file__).with_name("phone_runner.mjs")
NODE = shutil.which("node")
# A phone answers in seconds at worst; a cap, not a deadline any test asserts.
ANSWER_CAP_S = 300

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="Node.js is not installed (apt install nodejs)"),
    pytest.mark.skipif(
        not (PYODIDE / ".copied").exists(),
        reason="Pyodide is not installed: `make test` copies it from npm, where npm is",
    ),
]


class Phone:
    """A phone's Python in a Node process, asked one call at a time."""

    def __init__(self, bundle_path: Path, bytecode: Path | None = None, before_boot: str = ""):
        self.process = subprocess.Popen(
            [
                NODE,
                str(RUNNER),
                str(PYODIDE),
                str(bundle_path),
                *([str(bytecode)] if bytecode else []),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        assert json.loads(self._line()) == {"ready": True}
        if before_boot:
            self.run(before_boot)
        self.call("boot", host="testserver", secure=False)  # the test client's

    def _line(self) -> str:
        line = self.process.stdout.readline()
        assert line, f"the phone stopped (exit code {self.process.poll()})"
        return line

    def call(self, call: str, **fields):
        self.process.stdin.write(json.dumps({"call": call, **fields}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self._line())
        assert "error" not in answer, answer["error"]
        return answer["value"]

    def run(self, code: str) -> str:
        return self.call("run", code=code)

    def load(self, match, language: str) -> int:
        return self.call("load", rows=json.dumps(match_copy(match)), language=language)

    def request(self, method: str, url: str, body: str = "") -> dict:
        return self.call("request", method=method, url=url, body=body)

    def close(self):
        self.process.stdin.close()
        self.process.wait(ANSWER_CAP_S)


@pytest.fixture(scope="module")
def bundle_path(tmp_path_factory, django_db_setup, django_db_blocker) -> Path:
    path = tmp_path_factory.mktemp("phone") / "app.zip"
    with django_db_blocker.unblock():
        path.write_bytes(phone_bundle.build().data)
    return path


@pytest.fixture(scope="module")
def phone(bundle_path):
    found = Phone(bundle_path)
    yield found
    found.close()


# The phone's Python folds a match given as the engine's documented format (docs/deal-format.md)
# and answers the engine's own account of it; the server's does the same.
FOLD = """
def folded(text):
    import json
    from calculator import engine
    data = json.loads(text)
    games_to_win = data.pop("games_to_win", None)
    game, profile, first_dealer, deals = engine.read_match(data)
    return repr(game.fold_match(profile, first_dealer, deals, games_to_win))
"""
exec(FOLD)  # noqa: S102  (the same function, here)


def fold_on_phone(phone, data: dict) -> str:
    return phone.run(FOLD + f"\nfolded({json.dumps(json.dumps(data))})")


def test_the_phone_runs_python_from_pyodide_not_the_servers(phone):
    # The point of the comparisons below: a different interpreter gives the same answers.
    assert phone.run("import sys; sys.platform") == "emscripten"


def worked_examples() -> list[dict]:
    belot = engine.DEFAULT_PROFILE
    found = [engine.match_to_dict(belot, 0, [example[1]]) for example in EXAMPLES]
    found += [engine.match_to_dict(profile, 0, [deal]) for _row, profile, deal, *_ in HOUSE_RULES]
    found += [
        GAMES[game].match_to_dict(profile, 0, [deal]) for _row, game, profile, deal, *_ in CHECKS
    ]
    return found


def test_every_worked_example_scores_on_the_phone_as_on_the_server(phone):
    examples = worked_examples()
    assert len(examples) == len(EXAMPLES) + len(HOUSE_RULES) + len(CHECKS)
    for data in examples:
        assert fold_on_phone(phone, data) == folded(json.dumps(data))  # noqa: F821


PHONE_MATCHES = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def deals_of(game: str, profile):
    """Deals a match of ``game`` under ``profile`` takes (the engine's property tests' own)."""
    if game == "belot":
        return belot_deals
    if game == "classic":
        return classic_deals(profile)
    return contree_deals(game == "coinche", profile)


@st.composite
def long_matches(draw):
    """A match of any game with its house rules (the import test's draw), played to three games
    won: 20 to 60 deals, up to the first one the match refuses."""
    game, _fields, profile, _deals = draw(matches())
    deals = draw(st.lists(deals_of(game, profile), min_size=20, max_size=60))
    engine_game = GAMES[game]
    while True:
        try:
            engine_game.fold_match(profile, 0, deals, 3)
            return engine_game, profile, deals
        except engine.DealError as error:
            deals = deals[: error.deal_index or 0]


@PHONE_MATCHES
@given(case=long_matches())
def test_random_matches_of_every_game_fold_on_the_phone_as_on_the_server(phone, case):
    engine_game, profile, deals = case
    data = {**engine_game.match_to_dict(profile, 0, deals), "games_to_win": 3}
    assert fold_on_phone(phone, data) == folded(json.dumps(data))  # noqa: F821


# What differs between two answers of the same page by design: the CSRF token (the phone's
# forms never reach the server; what it sends later carries the server's own), the time of the
# match's last change, where the phone and the server each wrote it, the server's offer to keep
# the match on the phone (or, where there is none, the mark that says where the phone's script
# is) and the phone's bar that says it keeps the match.
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+(")')
WRITTEN = re.compile(r'(data-loaded="|<time datetime=")[^"]+(">)(\d\d:\d\d<)?')
OFFER = re.compile(r'\n  <details class="panel" id="phone-keep".*?</details>\n', re.S)
BAR = re.compile(r'<p class="phone-bar notice".*?</p>\n', re.S)
BLANK_LINES = re.compile(r"\n[ \t]*(?=\n)")
PHONE_SCRIPT = re.compile(r'\n *<span hidden data-phone-script="[^"]*"></span>')


def same_page(html: str) -> str:
    html = TOKEN.sub(r"\1…\2", html)
    html = WRITTEN.sub(r"\1…\2", html)
    html = PHONE_SCRIPT.sub("", BAR.sub("", OFFER.sub("\n", html)))
    return BLANK_LINES.sub("", html)  # the lines the offer's {% if %} leaves either way


def server_answer(client: Client, method: str, url: str, body: str = "") -> dict:
    if method == "POST":
        response = client.post(url, body, content_type="application/x-www-form-urlencoded")
    else:
        response = client.get(url)
    return {
        "status": response.status_code,
        "location": response.get("Location", ""),
        "body": same_page(response.content.decode()),
    }


def phone_answer(phone, method: str, url: str, body: str = "") -> dict:
    answer = phone.request(method, url, body)
    return {
        "status": answer["status"],
        "location": answer["location"],
        "body": same_page(answer["body"]),
    }


def assert_same(on_phone: dict, on_server: dict, where: str) -> None:
    """The same status, redirect and page; else the lines that differ, server's first."""
    if on_phone != on_server:
        lines = difflib.unified_diff(
            on_server["body"].splitlines(), on_phone["body"].splitlines(), lineterm="", n=1
        )
        shown = {key: value for key, value in on_server.items() if key != "body"}
        raise AssertionError(f"{where}: server {shown}, phone's differs:\n" + "\n".join(lines))


def pages(match) -> list[str]:
    key = match.scorer_key
    found = [f"/m/{key}/", f"/m/{key}/deal/", f"/m/{key}/sheet/", f"/m/{match.watch_key}/"]
    if match.deals.exists():
        found.append(f"/m/{key}/deal/1/")
    return found


PAGE_MATCHES = settings(PHONE_MATCHES, max_examples=8)


@pytest.mark.django_db
@PAGE_MATCHES
@given(case=matches(), language=st.sampled_from(["bg", "uk", "ru"]))
def test_a_match_s_pages_on_the_phone_are_the_server_s(phone, case, language):
    game, fields, _profile, deals = case
    client = Client()
    match = made(client, game, fields)
    deals = playable(match, deals)
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=match.deal_data(deal))
        for number, deal in enumerate(deals, start=1)
    )
    phone.load(match, language)
    client.get(f"/language/{language}/?next=/{language}/")
    for url in pages(match):
        assert_same(phone_answer(phone, "GET", url), server_answer(client, "GET", url), url)


PREVIEW_KEY = re.compile(r'name="preview_key" value="([0-9a-f]+)"')


class Both:
    """A scorer's requests sent to the phone and to the server alike: each answer the same."""

    def __init__(self, phone, match, language: str):
        self.phone, self.client = phone, Client()
        phone.load(match, language)
        self.client.get(f"/language/{language}/")

    def __call__(self, method: str, url: str, data=None) -> str:
        body = urlencode(data or {}, doseq=True)
        answer = phone_answer(self.phone, method, url, body)
        assert_same(answer, server_answer(self.client, method, url, body), f"{method} {url}")
        return answer["body"]

    def preview_and_save(self, url: str, data: dict) -> None:
        preview = self("POST", url, {**data, "action": "preview"})
        key = PREVIEW_KEY.search(preview)[1]
        self("POST", url, {**data, "action": "save", "preview_key": key})


def assert_phone_version(phone, match) -> None:
    assert phone.run("from calculator.phone import runtime; runtime.version()") == str(
        Match.objects.get(pk=match.pk).version
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_deal_previewed_saved_corrected_and_undone_on_the_phone_as_on_the_server(phone, language):
    match = create_match(Client(), language)
    both, key = Both(phone, match, language), match.scorer_key
    both.preview_and_save(f"/m/{key}/deal/", deal_fields(1, version=0, card_points="87"))
    both("GET", f"/m/{key}/")
    both("POST", f"/m/{key}/all-passed/", {"number": 2, "version": 1})
    both("GET", f"/m/{key}/deal/1/")
    corrected = deal_fields(1, version=2, card_points="100", contract="spades")
    both.preview_and_save(f"/m/{key}/deal/1/", corrected)
    both("GET", f"/m/{key}/")
    both("POST", f"/m/{key}/undo/", {"version": 3})
    both("GET", f"/m/{key}/")
    # Refused: the version the scorer saw is behind the match's; what was typed comes back.
    both("POST", f"/m/{key}/deal/", deal_fields(3, card_points="90", action="save", version=1))
    assert_phone_version(phone, match)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "language"), [("classic", "bg"), ("contree", "ru"), ("coinche", "uk")]
)
def test_a_french_deal_previewed_saved_corrected_and_undone_on_the_phone_as_on_the_server(
    phone, game, language
):
    """The French games' deal form on the phone (the browser plays one of them whole offline,
    tests/e2e/test_phone_offline.py): a deal with a belote, its correction, an undo, a deal
    refused for an older match, each answered as the server answers it."""
    match = create_french_match(Client(), game, language)
    both, key = Both(phone, match, language), match.scorer_key
    bid = {} if game == "classic" else {"bid": "100"}
    deal = french_fields(1, points_team="A", card_points="110", belote="A", **bid)
    both.preview_and_save(f"/m/{key}/deal/", {**deal, "version": 0})
    both("GET", f"/m/{key}/")
    both("GET", f"/m/{key}/deal/1/")
    corrected = french_fields(1, bidders="B", points_team="B", card_points="92", **bid)
    both.preview_and_save(f"/m/{key}/deal/1/", {**corrected, "version": 1})
    both("GET", f"/m/{key}/sheet/")
    both("POST", f"/m/{key}/undo/", {"version": 2})
    both("GET", f"/m/{key}/")
    refused = french_fields(2, card_points="90", **bid)
    both("POST", f"/m/{key}/deal/", {**refused, "action": "save", "version": 0})
    assert_phone_version(phone, match)
    assert Match.objects.get(pk=match.pk).deals.count() == 1


def test_every_address_a_match_page_links_to_has_the_server_s_path_on_the_phone():
    from calculator.phone import urls as phone_urls

    names = [
        ("home", [], "bg"),
        ("rules:index", [], "bg"),
        ("match-new", [], "uk"),
        ("match-import", [], "ru"),
        ("table-new", [], "bg"),
        ("tournament-new", [], "bg"),
        ("forget", [], "bg"),
        ("manifest", [], "bg"),
        ("offline", ["bg"], None),
        ("language-switch", ["uk"], None),
        ("theme-switch", ["dark"], None),
        ("service-worker", [], None),
        ("phone-bundle", ["0123456789abcdef"], None),
        ("calculator:match", ["k" * 22], None),
        ("calculator:deal-new", ["k" * 22], None),
    ]
    for name, args, language in names:
        with translation.override(language or "bg"):
            server = reverse(name, args=args)
            set_urlconf(phone_urls.__name__)
            try:
                on_phone = reverse(name, args=args)
            except NoReverseMatch:
                on_phone = None
            finally:
                set_urlconf(None)
        assert on_phone == server, name


# Counts every module the phone's Python compiles from its source (installed before the start):
# the site's (from files) and the standard library's (from its zip).
COUNT_COMPILED = """
import importlib._bootstrap_external as external
import zipimport
compiled = []
_source_to_code = external.SourceLoader.source_to_code
def _counted(self, data, path, *args, **kwargs):
    compiled.append(path)
    return _source_to_code(self, data, path, *args, **kwargs)
external.SourceLoader.source_to_code = _counted
_compile_source = zipimport._compile_source
def _zip_counted(path, source):
    compiled.append(path)
    return _compile_source(path, source)
zipimport._compile_source = _zip_counted
"""
# The modules imported so far from the standard library's zip (the frozen ones are in Pyodide's
# binary): those that came from source, and how many came from bytecode.
STDLIB_FROM_SOURCE = """
import json, sys, zipimport
from_zip = [
    (name, module.__file__) for name, module in list(sys.modules.items())
    if isinstance(getattr(getattr(module, "__spec__", None), "loader", None), zipimport.zipimporter)
]
json.dumps([sorted(name for name, path in from_zip if not path.endswith(".pyc")), len(from_zip)])
"""


@pytest.mark.django_db
def test_a_start_with_the_bytecode_a_phone_kept_compiles_no_python_and_answers_the_same(
    phone, bundle_path, tmp_path
):
    """What the worker keeps after a phone's first pages (templates/phone-worker.js) and unpacks
    at the next start: the site's Python is not compiled again, and the pages are the server's.
    The standard library comes compiled by `make` (scripts/compile_stdlib.mjs): no start
    compiles any of it."""
    client = Client()
    match = create_match(client, "uk")
    record_deal(client, match, 1, card_points=100)
    match.refresh_from_db()
    client.get("/language/uk/")
    key = match.scorer_key
    urls = [f"/m/{key}/", f"/m/{key}/deal/", f"/m/{key}/deal/1/", f"/m/{key}/sheet/"]
    phone.load(match, "uk")
    for url in urls:
        phone.request("GET", url)
    kept = tmp_path / "bytecode.zip"
    assert int(phone.call("bytecode", path=str(kept))) > 100

    again = Phone(bundle_path, bytecode=kept, before_boot=COUNT_COMPILED)
    try:
        again.load(match, "uk")
        for url in urls:
            assert_same(phone_answer(again, "GET", url), server_answer(client, "GET", url), url)
        compiled = json.loads(again.run("import json; json.dumps(compiled)"))
        assert compiled == []
        from_source, from_zip = json.loads(again.run(STDLIB_FROM_SOURCE))
        assert from_source == [] and from_zip > 100
    finally:
        again.close()
