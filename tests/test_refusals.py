"""A body the site refuses costs nothing and writes one line: too large (413, unread), or of too
many fields (400), each answered with the site's page in the visitor's language.

The probe: a body over 2.5 MB got 400; such a body, or one of more than 1,000 fields, wrote
some 30 lines of traceback every time; a 2.3 MB list of pairs or players cost 0.6 to 0.8 s of
CPU to parse and check before its 400."""

import io
import logging

import pytest
from django.conf import settings
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse

from belot_site.logs import OneLineRefusals
from calculator.models import Table, Tournament
from tests.calculator.test_table_http import create_table
from tests.calculator.test_tournament_http import create as create_tournament
from tests.calculator.test_tournament_http import form as tournament_form

pytestmark = pytest.mark.django_db

TOO_LARGE = {
    "bg": "Изпратено е твърде много наведнъж",
    "uk": "Надіслано забагато за один раз",
    "ru": "Отправлено слишком много за один раз",
}
BAD_REQUEST = {"bg": "Неправилна заявка", "uk": "Неправильний запит", "ru": "Неверный запрос"}
FORM = "application/x-www-form-urlencoded"
# Some 2.3 MB of pairs or players, one a line, as the probe sent them.
PAIRS = "\n".join(f"Player {n} / Player {n}b" for n in range(70_000))
PLAYERS = "\n".join(f"Player {n}" for n in range(150_000))


def browser(language="bg"):
    return Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def log_lines():
    """The lines the site's stderr handler (settings.LOGGING) writes, the throttle reset."""
    handler = logging.getLogger("django").handlers[0]
    written = io.StringIO()
    old = handler.setStream(written)
    for name in settings.REFUSALS:  # each refusal's first line comes again
        for throttle in logging.getLogger(name).filters:
            throttle.last.clear()
            throttle.left_out.clear()
    yield lambda: written.getvalue().splitlines()
    handler.setStream(old)


def one_line_filter() -> OneLineRefusals:
    (found,) = logging.getLogger("belot_site.refusals").filters
    return found


@pytest.fixture
def nothing_parsed(monkeypatch):
    """Each time a request's body was parsed (a form's fields, a file)."""
    parsed = []
    parse = HttpRequest._load_post_and_files

    def counted(request):
        parsed.append(request.path)
        return parse(request)

    monkeypatch.setattr(HttpRequest, "_load_post_and_files", counted)
    return parsed


def encoded(**fields) -> bytes:
    from urllib.parse import urlencode

    return urlencode(fields).encode()


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_body_over_the_limit_gets_413_and_the_page_in_the_visitors_language(
    language, log_lines, nothing_parsed
):
    body = b"team_a=" + b"x" * 3_000_000
    response = browser(language).post(f"/{language}/match/new/", body, content_type=FORM)
    assert response.status_code == 413
    html = response.content.decode()
    assert TOO_LARGE[language] in html and 'href="/' in html  # the site's page, with its links
    assert nothing_parsed == []
    (line,) = log_lines()
    assert f"[WARNING] Payload Too Large (3000007 bytes): /{language}/match/new/" in line


@pytest.mark.parametrize(
    ("path", "field", "text"),
    [
        ("/bg/tournament/new/", "pairs", PAIRS),
        ("/bg/table/new/", "players", PLAYERS),
    ],
)
def test_a_list_of_pairs_or_players_of_2_megabytes_is_refused_unread(
    client, path, field, text, log_lines, nothing_parsed
):
    data = tournament_form(pairs=text) if field == "pairs" else {"name": "Петък", "players": text}
    body = encoded(**data)
    assert 2_000_000 < len(body) < settings.DATA_UPLOAD_MAX_MEMORY_SIZE  # Django would read it
    response = client.post(path, body, content_type=FORM)
    assert response.status_code == 413 and TOO_LARGE["bg"] in response.content.decode()
    assert nothing_parsed == [] and not Tournament.objects.exists() and not Table.objects.exists()
    assert len(log_lines()) == 1


def test_more_pairs_or_players_for_what_exists_are_refused_unread_too(
    client, log_lines, nothing_parsed
):
    tournament = create_tournament(client)
    table = create_table(client)
    nothing_parsed.clear()
    players = list(table.players)
    for url, body in [
        (reverse("calculator:tournament-pairs", args=[tournament.keeper_key]), {"pairs": PAIRS}),
        (reverse("calculator:table-players", args=[table.keeper_key]), {"players": PLAYERS}),
    ]:
        response = client.post(url, encoded(**body), content_type=FORM)
        assert response.status_code == 413, url
    assert nothing_parsed == []
    assert tournament.pairs.count() == 4 and Table.objects.get().players == players
    # One line for the two: the second came within the minute
    assert len(log_lines()) == 1


def test_the_largest_honest_list_of_pairs_is_read():
    """128 pairs of two 40-letter names in 4-byte characters (the most a tournament holds),
    percent-encoded as a browser sends them: well under the limit."""
    name = "\U0001f0a1" * 40
    pairs = "\r\n".join(f"{name} / {name}" for _ in range(128))
    assert len(encoded(**tournament_form(pairs=pairs))) < settings.FORM_BODY_MAX


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_too_many_fields_get_the_400_page_and_one_line(language, log_lines):
    body = b"&".join([b"a=1"] * (settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    response = browser(language).post(f"/{language}/match/new/", body, content_type=FORM)
    assert response.status_code == 400
    assert BAD_REQUEST[language] in response.content.decode()
    (line,) = log_lines()
    assert "[WARNING]" in line and "DATA_UPLOAD_MAX_NUMBER_FIELDS" in line
    assert line.endswith(f": /{language}/match/new/")


def test_refusals_that_repeat_write_one_line_a_minute_and_count_the_rest(log_lines, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(one_line_filter(), "clock", lambda: now[0])
    fields = b"&".join([b"a=1"] * (settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    large = b"a=" + b"x" * 3_000_000
    for _ in range(20):
        assert browser().post("/bg/match/new/", fields, content_type=FORM).status_code == 400
        assert browser().post("/bg/match/new/", large, content_type=FORM).status_code == 413
    assert len(log_lines()) == 2  # one of each kind
    now[0] += OneLineRefusals.EVERY
    assert browser().post("/bg/match/new/", large, content_type=FORM).status_code == 413
    lines = log_lines()
    assert len(lines) == 3
    assert lines[-1].endswith("(19 more since the last such line, not logged)")
    assert not [line for line in lines if "Traceback" in line or "File " in line]


def test_a_match_file_is_read_up_to_its_own_limit_and_the_admin_up_to_djangos(
    client, nothing_parsed
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    large_file = SimpleUploadedFile("m.json", b" " * 1_010_000, "application/json")
    response = client.post("/uk/match/import/", {"file": large_file})
    assert response.status_code == 400  # the form's own reason, in the page
    assert "Файл завеликий: експорт матчу не буває таким великим." in response.content.decode()
    huge_file = SimpleUploadedFile("m.json", b" " * 1_200_000, "application/json")
    assert client.post("/uk/match/import/", {"file": huge_file}).status_code == 413
    nothing_parsed.clear()
    login = encoded(username="boss", password="x" * 1_000_000)
    assert client.post("/admin/login/", login, content_type=FORM).status_code == 200
    assert nothing_parsed == ["/admin/login/"]
