"""Random and hostile requests to every address: no server error, and a refused write writes nothing.

hypothesis drives the Django test client: wrong types, huge numbers, missing and repeated fields,
other matches' keys, stale deal numbers, bytes that are not UTF-8 in bodies, paths and query
strings, very long names, random files and JSON to the import, and exports whose numbers, names
and number of deals sit at or past every bound (out_of_range_exports). Each request runs in a
savepoint, so that one server error cannot spoil the database for the next example.

The suite runs 150 examples per test (300 until the suite passed 1,900 tests and `make test` had
to fit in five minutes); benchmarks/fuzz.py runs thousands (through BELOT_FUZZ_EXAMPLES) and
prints what was sent and answered (SEEN). A failure a run finds is kept in .hypothesis/ and tried
first by the next run on that machine.
"""

import json
import os
import string
from collections import Counter
from urllib.parse import quote, urlencode

import pytest
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.http import HttpRequest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator import engine
from calculator.matches.forms import MatchForm
from calculator.models import (
    Deal,
    Match,
    Tournament,
    TournamentPair,
    TournamentRound,
    TournamentTable,
)
from calculator.shared.names import clean_name
from tests.calculator.conftest import (
    all_passed,
    create_match,
    deal_fields,
    preview_key_of,
    record_deal,
)

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=int(os.environ.get("BELOT_FUZZ_EXAMPLES") or 150),
    deadline=None,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # the matches are made once per test, on purpose
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
# (method, address, status) -> count, for the summary benchmarks/fuzz.py prints
SEEN: Counter = Counter()
FORM = "application/x-www-form-urlencoded"

GET_ADDRESSES = [
    "/",
    "/bg/",
    "/uk/",
    "/ru/",
    "/xx/",
    "/bg/rules/",
    "/uk/rules/",
    "/bg/match/new/",
    "/bg/match/import/",
    "/m/{key}/",
    "/m/{key}/deal/",
    "/m/{key}/deal/{number}/",
    "/m/{key}/deal/preview/",
    "/m/{key}/export.json",
    "/m/{key}/qr.svg",
    "/bg/tournament/new/",
    "/tn/{key}/",
    "/tn/{key}/standings/",
    "/tn/{key}/changes",
    "/tn/{key}/tables/",
    "/tn/{key}/sheet/",
    "/tn/{key}/standings.json",
    "/tn/{key}/standings.csv",
    "/tn/{key}/round/preview/",
    "/tn/{key}/knockout/preview/",
    "/language/{code}/",
    "/admin/",
    "/admin/login/",
    "/robots.txt",
    "/sw.js",
    "/i18n/setlang/",
]
POST_ADDRESSES = [
    "/bg/match/new/",
    "/ru/match/new/",
    "/bg/match/import/",
    "/m/{key}/deal/",
    "/m/{key}/deal/preview/",
    "/m/{key}/deal/{number}/",
    "/m/{key}/deal/{number}/delete/",
    "/m/{key}/all-passed/",
    "/uk/tournament/new/",
    "/tn/{key}/pairs/",
    "/tn/{key}/pair/{pair}/withdraw/",
    "/tn/{key}/pair/{pair}/return/",
    "/tn/{key}/round/",
    "/tn/{key}/knockout/",
    "/tn/{key}/table/1/result/",
    "/tn/cards/",
    "/m/{key}/",
    "/bg/rules/",
    "/i18n/setlang/",
    "/admin/login/",
]
KEYS = ("scorer", "watch", "other_scorer", "other_watch", "organizer", "public")
# The other match's names hold what broke a page once: "%" (a message formatted twice), markup,
# braces, right-to-left and zero-width characters.
HOSTILE_TEAMS = ("100% <b>{x}</b>", "%(x)s \u202eон\u200b")
MATCH_FORM = {
    "team_a": "Ние",
    "team_b": "Вие",
    "first_dealer": "0",
    "target": "151",
    "declaration_comparison": "separate",
    "contra_tie": "all_hang",
    "capot_cannot_end_game": "on",
}
MATCH_FIELDS = [*MATCH_FORM, "player_1", "player_2", "player_3", "player_4"]
TOURNAMENT_FORM = {
    **{name: MATCH_FORM[name] for name in ("target", "declaration_comparison", "contra_tie")},
    "name": "Купа",
    "date": "2026-12-02",
    "format": "swiss",
    "games_to_win": "1",
    "game": "belot",
    "pairs": f"{HOSTILE_TEAMS[0]} / {HOSTILE_TEAMS[1]}\nВики / Гого\nДани / Ели",
}
TOURNAMENT_FIELDS = [*TOURNAMENT_FORM, "classic_target", "contree_rounding"]
DEAL_FIELDS = [*deal_fields(1), "action", "preview_key", "carres_a", "carres_b"]
DEAL_FIELDS += ["terce_top_a", "quarte_top_b", "quinte_top_a", "no_trumps_capot_doubled"]
DEAL_FIELDS += ["version"]


# Values


def digits(low: int, high: int):
    """Numbers written with ``low`` to ``high`` digits (Python refuses to read over 4,300)."""
    return st.integers(low, high).map(lambda count: "9" * count)


# What people and scripts type: empty, zero, signs, exponents, other digits, markup, every
# field's own choices, and numbers past any limit.
NASTY = [
    *("", " ", "0", "-1", "+5", "1e3", "0x1F", "NaN", "inf", "١٢", "½", "3.5", "\x00", "\ufeff"),
    *("<script>", "%", "%ff", "null", "A", "B", "C", "a", "J", "A♥", "Ние", "on"),
    *("hearts", "clubs", "no_trumps", "all_trumps", "played", "inside", "contra", "recontra"),
    *("save", "preview", "pool", "separate", "bidders_hang", "all_hang"),
]
texts = st.one_of(
    st.sampled_from(NASTY),
    st.integers(-(10**20), 10**20).map(str),
    digits(20, 40),
    digits(4301, 4400),
    st.text(max_size=60),
    st.text(min_size=41, max_size=2000),
    # Far past every field's limit and still under the request's (2.5 MB): a longer one would
    # only cost the test time, in Python's unquote of 6 bytes a letter.
    st.just("Я" * 10_000),
)


def json_values(max_leaves=8):
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=10**18),
        st.floats(),
        st.text(max_size=20),
        st.sampled_from(["\x00", "A", "B", "hearts", "played", "inside", "J", "9", "\ud800"]),
    )
    return st.recursive(
        scalars,
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=12), children, max_size=4)
        ),
        max_leaves=max_leaves,
    )


IMPORT_SEEDS = [
    b"",
    b"null",
    b"[]",
    b"{}",
    b"1" * 4301,
    b"[" * 50_000,
    b'{"version": 1e999}',
    b'{"version": NaN}',
    b"\xff\xfe{}",
    b'{"version": 1, "deals": "x"}',
    "\ufeff{}".encode(),
    b" " * 1_000_001 + b"{}",
]


# The world the requests land in


@pytest.fixture
def world(client):
    """Two matches, one with three deals and one with hostile names and a deal of its own, a
    tournament of four pairs, and their keys by role."""
    match = create_match(client)
    record_deal(client, match, 1, card_points=87)
    all_passed(client, match, 2)
    record_deal(client, match, 3, contract="all_trumps", card_points=200, quartes_a=1)
    other = create_match(client, team_a=HOSTILE_TEAMS[0], team_b=HOSTILE_TEAMS[1])
    tops = {"terce_top_a": "J", "terce_top_b": "10"}
    record_deal(client, other, 1, card_points=90, terces_a=1, terces_b=1, **tops)
    export = json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)
    tournament_form = {**TOURNAMENT_FORM, "pairs": TOURNAMENT_FORM["pairs"] + "\nЖоро / Зори"}
    made = client.post("/bg/tournament/new/", tournament_form)
    tournament = Tournament.objects.get(keeper_key=made["Location"].split("/")[2])
    keys = [match.scorer_key, match.watch_key, other.scorer_key, other.watch_key]
    keys += [tournament.keeper_key, tournament.view_key]
    pairs = list(tournament.pairs.values_list("pk", flat=True))
    return {**dict(zip(KEYS, keys, strict=True)), "export": export, "pairs": pairs}


def snapshot():
    """Everything a write could touch, to compare before and after a refused request."""
    matches = list(Match.objects.order_by("pk").values())
    deals = list(Deal.objects.order_by("pk").values_list("match_id", "number", "data"))
    tournaments = [
        list(model.objects.order_by("pk").values())
        for model in (Tournament, TournamentPair, TournamentRound, TournamentTable)
    ]
    return matches, deals, tournaments


def accepted(response) -> bool:
    """Only an accepted POST may write: it redirects, with no warning (such as "already
    recorded") in its messages."""
    if response.status_code != 302:
        return False
    morsel = response.cookies.get("messages")
    request = HttpRequest()
    request.COOKIES = {"messages": morsel.value} if morsel is not None and morsel.value else {}
    return all(note.level < messages.WARNING for note in CookieStorage(request))


def send(client, method, path, **kwargs):
    """The request, in a savepoint. A dict ``data`` goes as a multipart form, as a browser
    sends a file."""
    cache.clear()  # else the wrong-key limit soon answers every address with 429
    with transaction.atomic():
        if isinstance(kwargs.get("data"), dict):
            return client.post(path, **kwargs)
        return client.generic(method, path, **kwargs)


# Server errors these tests found, now fixed: each smallest case stays as a test of its own.


@pytest.mark.parametrize("query", ["next=x", "next=%ff%fe"])
def test_a_language_switch_to_a_next_that_is_not_a_path_goes_to_the_language_home(query):
    # redirect() took a "next" that is not a path for the name of a URL pattern.
    response = Client().get("/language/uk/", QUERY_STRING=query)
    assert (response.status_code, response["Location"]) == (302, "/uk/")


@pytest.mark.parametrize("content", [b"1" * 4301, b"[" * 100_000], ids=["long number", "deep"])
def test_an_import_file_that_json_cannot_read_is_refused(content):
    # json.loads raises ValueError, not JSONDecodeError, for an integer of over 4,300 digits,
    # and RecursionError for arrays nested a thousand deep.
    upload = SimpleUploadedFile("match.json", content, "application/json")
    response = Client().post("/bg/match/import/", {"file": upload})
    assert response.status_code == 400
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("name", "kept"), [("\ud800", "Ние"), ("a\x00b", "ab")], ids=["lone surrogate", "nul"]
)
def test_an_import_drops_from_team_names_what_a_database_cannot_store(world, name, kept):
    # A lone surrogate cannot be encoded for any database; PostgreSQL refuses a NUL.
    export = {**world["export"], "teams": {"A": name, "B": "Вие"}}
    upload = SimpleUploadedFile("match.json", json.dumps(export).encode(), "application/json")
    response = Client().post("/bg/match/import/", {"file": upload})
    assert response.status_code == 302
    assert Match.objects.latest("pk").team_a == kept


def test_a_match_address_with_a_nul_in_the_key_is_not_found():
    # The key went to the database as it was, and PostgreSQL refuses a NUL in a string.
    assert Client().get("/m/%00/").status_code == 404


def test_a_recent_matches_cookie_with_a_nul_is_no_server_error():
    # The server (granian) answers 400 to a header with a NUL: only another server could pass one on.
    assert Client().get("/bg/", HTTP_COOKIE="recent_matches=a\x00b").status_code == 200


# Drawing requests


def keys(world):
    """Two times in three a real key, most often the scorer's; else anything."""
    roles = st.sampled_from(
        ["scorer"] * 8 + ["other_scorer"] * 2 + ["watch", "other_watch"] + ["organizer"] * 4
        + ["public"] * 2
    )  # fmt: skip
    anything = [
        st.text(string.ascii_letters + string.digits + "-_", min_size=1, max_size=40),
        st.text(min_size=1, max_size=40).map(lambda text: quote(text, safe="")),
        st.sampled_from(["%00", "%FF%FE", "%ED%A0%80", "..", "%2F", "a" * 3000]),
    ]
    return st.sampled_from([roles.map(world.get)] * 6 + anything).flatmap(lambda key: key)


@st.composite
def addresses(draw, world, patterns):
    """(pattern, path): a key of either match, or none; a deal number past, present, next,
    future or past any integer column; a language that is, or is not, one of the site's."""
    pattern = draw(st.sampled_from(patterns))
    path = pattern.format(
        key=draw(keys(world)),
        number=draw(st.one_of(st.integers(0, 8), st.integers(0, 10**30), st.just(2**63))),
        code=draw(st.sampled_from(["bg", "uk", "ru", "en", "%00", "x" * 200])),
        pair=draw(st.one_of(st.sampled_from(world["pairs"]), st.integers(0, 10**30))),
    )
    return pattern, path


def query_strings():
    """As a server hands them over: the bytes read as latin-1, often not UTF-8."""
    return st.one_of(
        st.just(""),
        st.binary(max_size=200).map(lambda raw: raw.decode("latin-1")),
        st.builds(
            lambda name, value: f"{quote(name)}={quote(value)}",
            st.sampled_from(
                ["next", "number", "page", "language", "q", "size", "order", "version"]
            ),
            st.one_of(texts, st.sampled_from(["//evil.example", "/m/x/", "javascript:x"])),
        ),
        st.sampled_from(["next=%ff%fe", "next=%00", "a=%E2%82", "=&&=", "next=/bg/%ZZ"]),
    )


def headers():
    # Control characters stay out: the server (granian) answers 400 to a header that has them.
    printable = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=80)
    cookies = st.sampled_from(["recent_matches", "messages", "django_language", "csrftoken"])
    return st.fixed_dictionaries(
        {},
        optional={
            "HTTP_ACCEPT_LANGUAGE": st.one_of(printable, st.sampled_from(["uk", "ru;q=2", "*"])),
            "HTTP_IF_NONE_MATCH": st.one_of(printable, st.sampled_from(["*", 'W/"x"'])),
            "HTTP_COOKIE": st.one_of(
                printable, st.builds(lambda n, v: f"{n}={v}", cookies, printable)
            ),
            "HTTP_X_REQUESTED_WITH": st.just("XMLHttpRequest"),
        },
    )


@st.composite
def forms(draw, pattern, next_number, version):
    """The address's own valid form, with a few fields changed, removed, repeated or added.
    A deal is most often numbered as the next one, else as one already recorded or too far;
    the match's version most often the current one, else an older one."""
    if "tournament/new" in pattern:
        data, names = dict(TOURNAMENT_FORM), TOURNAMENT_FIELDS
    elif "/tn/" in pattern:
        data = {"number": draw(st.sampled_from(["1", "1", "2", "0"])), "pairs": "Я / Ю"}
        data |= {"size": "4", "points_a": "151", "points_b": "98", "games_a": "1", "games_b": "0"}
        data["version"] = draw(st.sampled_from(["", "1", str(version)]))
        data["order"] = draw(st.sampled_from(["", "1,2,3,4", "2,1", "x"]))
        names = ["number", "pairs", "size", "points_a", "points_b", "version", "order", "key"]
    elif "match/new" in pattern:
        data, names = dict(MATCH_FORM), MATCH_FIELDS
    else:
        number = draw(st.sampled_from([next_number] * 3 + [1, next_number - 1, next_number + 1]))
        data = deal_fields(number, action=draw(st.sampled_from(["save", "save", "x"])))
        data["version"] = draw(st.sampled_from([version] * 3 + [max(version - 1, 0)]))
        names = DEAL_FIELDS
    for name in draw(st.lists(st.sampled_from([*names, "csrfmiddlewaretoken", "x"]), max_size=6)):
        change = draw(st.sampled_from(["value", "remove", "repeat"]))
        if change == "remove":
            data.pop(name, None)
        elif change == "repeat":
            data[name] = draw(st.lists(texts, min_size=2, max_size=3))
        else:
            data[name] = draw(texts)
    return data


def raw_bodies():
    """(content type, body) that the site's forms never send."""
    content_types = st.sampled_from(
        [
            FORM,
            f"{FORM}; charset=latin-1",
            f"{FORM}; charset=nonsense",
            "multipart/form-data; boundary=xyz",
            "multipart/form-data",
            "application/json",
            "text/plain",
        ]
    )
    bodies = st.one_of(
        st.binary(max_size=300),
        json_values().map(lambda value: json.dumps(value).encode()),
        st.sampled_from(
            [
                b"number=%ff&result=%fe%ff",
                b"team_a=\xff\xfe&team_b=\xc3",
                b"--xyz\r\n",
                b"--xyz\r\nContent-Disposition: form-data; name=file; filename=a\r\n\r\n\xff",
                b"&".join([b"a=1"] * 1500),
                b"team_a=" + b"x" * 3_000_000,
            ]
        ),
    )
    return st.tuples(content_types, bodies)


@st.composite
def changed_exports(draw, export):
    """A real match's export with one to three values replaced, removed or added."""
    data = json.loads(json.dumps(export))
    for _ in range(draw(st.integers(1, 3))):
        container, key = draw(places(data))
        change = draw(st.sampled_from(["replace", "remove", "add"]))
        if change == "remove":
            del container[key]
        elif change == "add" and isinstance(container, dict):
            container[draw(st.text(max_size=10))] = draw(json_values())
        elif change == "add":
            container.append(draw(json_values()))
        else:
            container[key] = draw(json_values())
    return data


@st.composite
def places(draw, data):
    """(container, key) somewhere in the nested dicts and lists of ``data`` (a dict)."""
    container = data
    while True:
        keys = list(container) if isinstance(container, dict) else range(len(container))
        key = draw(st.sampled_from(keys))
        value = container[key]
        if not isinstance(value, dict | list) or not value or draw(st.booleans()):
            return container, key
        container = value


# Numbers at and past every bound an import meets: the form's target (11 to 9,999), the
# database's small and big integer columns, the seats, and any integer at all.
EDGES = [
    *(-(2**63) - 1, -(2**63), -(2**31), -32768, -1, 0, 1, 3, 4, 10, 11, 151, 9999, 10_000),
    *(32767, 32768, 65535, 65536, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64, 10**30),
]
edge_numbers = st.one_of(st.sampled_from(EDGES), st.integers(), st.integers(min_value=10**18))
names = st.one_of(
    texts,
    st.sampled_from(["Ние", "Ние\u200b", " Ние ", "Н\u0438е", "\u202eНие", "\x00", "\ufeff"]),
)


@st.composite
def out_of_range_exports(draw, export):
    """A real match's export with its numbers, names or number of deals at or past a bound."""
    data = json.loads(json.dumps(export))
    for _ in range(draw(st.integers(1, 3))):
        change = draw(st.sampled_from(["target", "dealer", "teams", "players", "deals", "deal"]))
        if change == "target":
            data["profile"]["target"] = draw(edge_numbers)
        elif change == "dealer":
            data["first_dealer"] = draw(edge_numbers)
        elif change == "teams":
            data["teams"] = {"A": draw(names), "B": draw(names)}
        elif change == "players":
            data["players"] = draw(st.lists(names, min_size=4, max_size=4))
        elif change == "deals":
            count = draw(st.sampled_from([engine.MAX_DEALS - 3, engine.MAX_DEALS + 1, 3000]))
            data["deals"] += [{"kind": "all_passed"}] * (count - len(data["deals"]))
        else:
            deal = draw(st.sampled_from([d for d in data["deals"] if d["kind"] == "played"]))
            where = draw(st.sampled_from(["card_points", "belots", "length"]))
            if where == "card_points":
                deal["card_points"]["points"] = draw(edge_numbers)
            elif where == "belots":
                deal["declarations"]["A"]["belots"] = draw(edge_numbers)
            else:
                deal["declarations"]["B"]["sequences"] = [{"length": draw(edge_numbers)}]
    return data


def assert_within_the_forms_bounds(match):
    """What an accepted import stored is what the new-match form could have stored."""
    form = MatchForm(
        {name: getattr(match, name) for name in MatchForm.Meta.fields}
        | {"first_dealer": str(match.first_dealer)}
    )
    assert form.is_valid(), form.errors
    assert {name: form.cleaned_data[name] for name in ("team_a", "team_b", "target")} == {
        "team_a": match.team_a,
        "team_b": match.team_b,
        "target": match.target,
    }
    assert [clean_name(player) for player in match.players] == match.players
    assert match.deals.count() <= engine.MAX_DEALS
    assert_whole(match)


# The tests


@FUZZ
@given(data=st.data())
def test_any_address_read_with_any_query_headers_or_method_answers_without_a_server_error(
    world, data
):
    pattern, path = data.draw(addresses(world, GET_ADDRESSES), "address")
    method = data.draw(st.sampled_from(["GET"] * 3 + ["HEAD", "OPTIONS", "PUT", "DELETE"]))
    extra = {"QUERY_STRING": data.draw(query_strings(), "query"), **data.draw(headers())}
    before = snapshot()
    response = send(Client(), method, path, **extra)
    SEEN[method, pattern, response.status_code] += 1
    assert response.status_code < 500
    assert snapshot() == before


@FUZZ
@given(data=st.data())
def test_any_form_posted_anywhere_answers_without_a_server_error_and_a_refusal_writes_nothing(
    world, data
):
    client = Client(enforce_csrf_checks=data.draw(st.sampled_from([False] * 3 + [True]), "csrf"))
    pattern, path = data.draw(addresses(world, POST_ADDRESSES), "address")
    if data.draw(st.sampled_from([False, False, True]), "raw body"):
        content_type, body = data.draw(raw_bodies(), "body")
    else:
        scored = Match.objects.get(scorer_key=world["scorer"])
        next_number = scored.deals.count() + 1
        fields = data.draw(forms(pattern, next_number, scored.version), "form")
        if pattern == "/tn/cards/" and data.draw(st.booleans(), "a key in the body"):
            fields["key"] = data.draw(keys(world), "key")  # the address has none: the body has
        if fields.get("action") == "save" and data.draw(st.booleans(), "previewed first"):
            # Saved with the key of its own preview, so that random deals get recorded too.
            body = urlencode({**fields, "action": "preview"}, doseq=True)
            preview = send(client, "POST", path, data=body, content_type=FORM)
            if b'name="preview_key"' in preview.content:
                fields["preview_key"] = preview_key_of(preview)
        content_type, body = FORM, urlencode(fields, doseq=True)
    before = snapshot()
    response = send(client, "POST", path, data=body, content_type=content_type)
    SEEN["POST", pattern, response.status_code] += 1
    assert response.status_code < 500
    if not accepted(response):
        assert snapshot() == before
    assert_whole(Match.objects.get(scorer_key=world["scorer"]))


def assert_whole(match):
    """The match's deals are numbered 1, 2, 3... and fold into a valid match."""
    rows = list(match.deals.order_by("number").values_list("number", "data"))
    assert [number for number, _data in rows] == list(range(1, len(rows) + 1))
    deals = [engine.deal_from_dict(data) for _number, data in rows]
    engine.fold_match(match.profile, match.first_dealer, deals)


@FUZZ
@given(data=st.data())
def test_any_file_or_json_sent_to_the_import_answers_without_a_server_error(world, data):
    kinds = ["changed export", "out of range", "json", "bytes", "seed", "json body"]
    kind = data.draw(st.sampled_from(kinds))
    if kind == "changed export":
        content = json.dumps(data.draw(changed_exports(world["export"]), "export")).encode()
    elif kind == "out of range":
        content = json.dumps(data.draw(out_of_range_exports(world["export"]), "export")).encode()
    elif kind == "json":
        content = json.dumps(data.draw(json_values(20), "json")).encode()
    elif kind == "bytes":
        content = data.draw(st.binary(max_size=2000), "bytes")
    else:
        content = data.draw(st.sampled_from(IMPORT_SEEDS), "seed")
    if kind == "json body":
        request = {"data": content, "content_type": "application/json"}
    else:
        name = data.draw(st.sampled_from(["match.json", "x" * 300, "../../etc/passwd", "мач"]))
        content_type = data.draw(st.sampled_from(["application/json", "text/plain", "image/png"]))
        request = {"data": {"file": SimpleUploadedFile(name, content, content_type)}}
    # Every example starts from the same two matches: an accepted import is undone once it has
    # been checked. Kept, thousands of imported deals would be read again by every snapshot.
    with transaction.atomic():
        before = snapshot()
        response = send(Client(), "POST", "/bg/match/import/", **request)
        SEEN["POST", f"/bg/match/import/ ({kind})", response.status_code] += 1
        assert response.status_code < 500
        if not accepted(response):
            assert snapshot() == before
        else:
            assert_within_the_forms_bounds(Match.objects.latest("pk"))
        transaction.set_rollback(True)
