"""The public standings on the wall: made again at most once every
``wall.WALL_SECONDS`` and by one request at a time, whatever the tournament's version, per
language and theme; answered 304 to a phone that has it (or a newer one), never older than what
a phone showed; reloaded by itself without JavaScript; and polled in front of Django."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import ngettext, override

from belot_site.lru import BoundedStore
from calculator import engine
from calculator.matches.services import deal_record
from calculator.models import Tournament
from calculator.shared import kept
from calculator.shared.polls import FastPolls
from calculator.tournaments import public
from calculator.tournaments import wall as wall_pages
from calculator.tournaments.state import tournament_version

from ..test_health import dead_redis
from .conftest import Clock
from .test_polls import Inner, call
from .test_tournament_hand import enter
from .test_tournament_http import HOSTILE, create, finish, start_round, tables


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(wall_pages, "clock", clock)
    return clock


@pytest.fixture
def renders(monkeypatch):
    """The standings pages rendered, in order, each as the ``is_keeper`` it was rendered with;
    with an empty store of kept pages. Every look at the wall's clock comes after its interval
    (conftest.py) unless the test takes ``clock`` as well, which stops it."""
    monkeypatch.setattr(kept, "_watch_pages", BoundedStore(1 << 22, kept._size, 1 << 21))
    seen = []
    render_to_string = public.render_to_string

    def counting(template, context=None, request=None):
        if template == "calculator/tournament.html":
            seen.append(context["is_keeper"])
        return render_to_string(template, context, request)

    monkeypatch.setattr(public, "render_to_string", counting)
    return seen


def a_deal(match, team=engine.Team.A):
    deal = engine.PlayedDeal(team, engine.Contract.HEARTS, engine.CardPoints(team, 100))
    deal_record(match=match, version=match.version, number=match.deals.count() + 1, deal=deal)


def wall(client, tournament, **headers):
    return client.get(tournament.get_view_url(), HTTP_ACCEPT_LANGUAGE="bg", **headers)


@pytest.mark.django_db
def test_many_phones_on_one_version_cost_one_rendering_and_a_304_each(client, renders):
    tournament = create(client, pairs="\n".join(f"А{n} / Б{n}" for n in range(8)))
    start_round(client, tournament, 1)
    first = wall(Client(), tournament)
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    pages = [wall(Client(), tournament) for _ in range(20)]
    assert {page.content for page in pages} == {first.content}
    assert {page["ETag"] for page in pages} == {first["ETag"]}
    again = wall(Client(), tournament, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    standings = reverse("calculator:standings", args=[tournament.view_key])
    assert Client().get(standings, HTTP_ACCEPT_LANGUAGE="bg").status_code == 200
    # One rendering for the wall's address, one for the standings' (it links to itself).
    assert renders == [False, False]


@pytest.mark.django_db
def test_a_deal_at_any_table_a_hand_result_and_a_new_round_change_the_page(client, renders):
    tournament = create(client, pairs="\n".join(f"А{n} / Б{n}" for n in range(8)))
    start_round(client, tournament, 1)
    first, *_middle, last = tables(tournament, 1)
    seen = [wall(client, tournament)]

    def changed():
        page = wall(client, tournament, HTTP_IF_NONE_MATCH=seen[-1]["ETag"])
        assert page.status_code == 200 and page["ETag"] != seen[-1]["ETag"]
        assert page.content != seen[-1].content
        seen.append(page)

    a_deal(last.match)
    changed()
    a_deal(first.match, engine.Team.B)
    changed()
    by_hand, *others = _middle
    assert enter(client, tournament, by_hand, (1001, 500)).status_code == 302
    changed()
    for table in (*others, first, last):
        table.match.refresh_from_db()
        finish(table.match, engine.Team.A)
    changed()
    assert start_round(client, tournament, 2).status_code == 302
    changed()
    assert "2" in seen[-1].content.decode() and len(renders) == len(seen)


@pytest.mark.django_db
def test_languages_and_themes_are_kept_apart(client, renders):
    tournament = create(client)
    start_round(client, tournament, 1)
    pages = {}
    for theme in ("", "dark", "light"):
        for language in ("bg", "uk", "ru"):
            phone = Client()
            if theme:
                phone.cookies["theme"] = theme
            page = phone.get(tournament.get_view_url(), HTTP_ACCEPT_LANGUAGE=language)
            text = page.content.decode()
            assert f'<html lang="{language}">' in text
            assert ("css/dark.css" in text) is (theme != "light")
            assert ('media="screen"' in text) is (theme == "dark")
            pages[theme, language] = (page["ETag"], page.content)
    assert len({etag for etag, _ in pages.values()}) == len(pages) == len(renders)
    assert len({content for _, content in pages.values()}) == len(pages)


@pytest.mark.django_db
def test_the_organizers_page_is_never_the_kept_one(client, renders):
    tournament = create(client)
    start_round(client, tournament, 1)
    public = wall(Client(), tournament)
    organizer = Client()
    for url in (
        tournament.get_keeper_url(),
        reverse("calculator:standings", args=[tournament.keeper_key]),
    ):
        page = organizer.get(url, HTTP_ACCEPT_LANGUAGE="bg", HTTP_IF_NONE_MATCH=public["ETag"])
        assert page.status_code == 200
        assert tournament.keeper_key in page.content.decode()
        assert "no-store" in page["Cache-Control"] and not page.has_header("ETag")
    # The organizer's phone, its recent-tournaments cookie and all, sees the public page as
    # everyone does, and the public page never shows the organizer's link.
    after = organizer.get(tournament.get_view_url(), HTTP_ACCEPT_LANGUAGE="bg")
    standings = organizer.get(
        reverse("calculator:standings", args=[tournament.view_key]), HTTP_ACCEPT_LANGUAGE="bg"
    )
    for page in (public, after, standings):
        assert tournament.keeper_key not in page.content.decode()
    assert after.content == public.content and renders == [False, False]


@pytest.mark.django_db
def test_hostile_names_stay_text_on_the_kept_page(client, renders):
    tournament = create(client, pairs=f"{HOSTILE[0]} / {HOSTILE[1]}\nА / Б\nВ / Г")
    start_round(client, tournament, 1)
    for _ in range(2):
        text = wall(Client(), tournament).content.decode()
        assert escape(HOSTILE[0].replace("\u202e", "").replace("\u200b", "")) in text
        assert "<b>%(x)s" not in text
    assert renders == [False]


@pytest.mark.django_db
def test_a_query_string_makes_no_page_of_its_own(client, renders):
    tournament = create(client)
    url = tournament.get_view_url()
    for query in ("x=1", "utm=2&page=3"):
        response = client.get(f"{url}?{query}")
        assert response.status_code == 302 and response["Location"] == url
    assert renders == []


@pytest.mark.django_db
def test_the_tournaments_poll_is_answered_in_front_of_django_as_django_answers_it(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    a_deal(tables(tournament, 1)[0].match)
    inner = Inner()
    app = FastPolls(inner)
    for key in (tournament.view_key, tournament.keeper_key):
        path = reverse("calculator:tournament-changes", args=[key])
        status, headers, body = call(app, path)
        assert status == "200 OK" and headers["Cache-Control"] == "no-store"
        expected = tournament_version(Tournament.objects.get(pk=tournament.pk)).encode()
        assert body == client.get(path).content == expected and not expected.endswith(b"-0")
    assert inner.paths == []
    unknown = f"/tn/{'q' * 24}/changes"
    assert call(app, unknown)[2] == b"django" and inner.paths == [unknown]


def deals_said(language, count):
    with override(language):
        return ngettext("%(deals)s deal", "%(deals)s deals", count) % {"deals": count}


def shows_version(page, tournament):
    version = tournament_version(Tournament.objects.get(pk=tournament.pk))
    return f'data-version="{version}"' in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_a_deal_within_the_interval_shows_at_the_latest_once_it_is_over(
    client, renders, clock, language
):
    tournament = create(client, language)
    start_round(client, tournament, 1)
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    first = phone.get(tournament.get_view_url())
    assert first.status_code == 200 and deals_said(language, 1) not in first.content.decode()
    a_deal(tables(tournament, 1)[0].match)
    clock.tick(wall_pages.WALL_SECONDS / 2)
    within = phone.get(tournament.get_view_url(), HTTP_IF_NONE_MATCH=first["ETag"])
    assert within.status_code == 304 and within["ETag"] == first["ETag"]
    clock.tick(wall_pages.WALL_SECONDS / 2)
    after = phone.get(tournament.get_view_url(), HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert deals_said(language, 1) in after.content.decode() and shows_version(after, tournament)
    assert f'<html lang="{language}">' in after.content.decode()
    assert renders == [False, False]


@pytest.mark.django_db
def test_phones_asking_while_the_page_is_made_get_the_previous_one_for_no_rendering(
    client, renders, clock, monkeypatch
):
    tournament = create(client)
    start_round(client, tournament, 1)
    first = wall(Client(), tournament)
    a_deal(tables(tournament, 1)[0].match)
    clock.tick(wall_pages.WALL_SECONDS)
    meanwhile = []
    rendering = public.render_to_string

    def slow(template, context=None, request=None):
        # While this phone's request makes the new page, ten more phones ask for it.
        meanwhile.extend(wall(Client(), tournament) for _ in range(10))
        meanwhile.append(wall(Client(), tournament, HTTP_IF_NONE_MATCH=first["ETag"]))
        return rendering(template, context, request)

    monkeypatch.setattr(public, "render_to_string", slow)
    made = wall(Client(), tournament)
    assert made.status_code == 200 and shows_version(made, tournament)
    assert {page.content for page in meanwhile[:-1]} == {first.content}
    assert meanwhile[-1].status_code == 304 and renders == [False, False]
    # Once made, every phone gets the new page, still for no rendering.
    assert wall(Client(), tournament).content == made.content and len(renders) == 2


@pytest.mark.django_db
def test_many_phones_at_once_on_a_new_address_cost_one_rendering_with_a_shared_cache(
    client, renders, clock, settings
):
    """With the cache shared (Redis, here the test's), a page made by one worker serves the
    others (each of which keeps none of its own here), and only one of them makes it again."""
    settings.WATCH_PAGES_SHARED = True
    tournament = create(client)
    start_round(client, tournament, 1)
    pages = []
    for _ in range(5):
        wall_pages._latest.values.clear()  # another worker, that has not seen the page yet
        pages.append(wall(Client(), tournament))
    assert len({page.content for page in pages}) == 1 and renders == [False]
    a_deal(tables(tournament, 1)[0].match)
    clock.tick(wall_pages.WALL_SECONDS)
    # Another worker is making the new page: this one gives the previous page meanwhile.
    address_key = next(key for key in wall_pages._latest.values)
    flight = wall_pages._key("flight", address_key)
    assert wall_pages.cache.add(flight, 1, 5)
    assert wall(Client(), tournament).content == pages[0].content and renders == [False]
    wall_pages.cache.delete(flight)
    wall_pages._latest.values.clear()
    made = wall(Client(), tournament)
    assert shows_version(made, tournament) and renders == [False, False]


@pytest.mark.django_db
def test_a_phone_never_gets_a_page_older_than_the_one_it_shows(client, renders, clock):
    """Without a shared cache each worker has its own latest page: a phone that got a newer one
    from the other worker keeps it (304) where this worker's is older."""
    tournament = create(client)
    start_round(client, tournament, 1)
    old = wall(Client(), tournament)
    kept = dict(wall_pages._latest.values)
    a_deal(tables(tournament, 1)[0].match)
    clock.tick(wall_pages.WALL_SECONDS)
    phone = Client(HTTP_ACCEPT_LANGUAGE="bg")
    newer = phone.get(tournament.get_view_url())
    assert newer["ETag"] != old["ETag"] and shows_version(newer, tournament)
    wall_pages._latest.values.clear()  # the other worker, whose latest page is the old one
    wall_pages._latest.values.update(kept)
    again = phone.get(tournament.get_view_url(), HTTP_IF_NONE_MATCH=newer["ETag"])
    assert again.status_code == 304 and again["ETag"] == newer["ETag"]
    # An ETag of another language or theme, or a made-up one, is no reason to keep a page.
    for tag in (
        newer["ETag"].replace("-bg-", "-uk-"),
        newer["ETag"].replace('-"', '-dark"'),
        f'"tn-{tournament.pk}-999999999999999999999-1-bg-"',
    ):
        assert phone.get(tournament.get_view_url(), HTTP_IF_NONE_MATCH=tag).status_code == 200


@pytest.mark.django_db
def test_with_redis_dead_the_wall_is_still_made_and_follows_the_deals(
    client, renders, clock, settings
):
    dead_redis(settings)
    settings.WATCH_PAGES_SHARED = True
    tournament = create(client)
    start_round(client, tournament, 1)
    first = wall(Client(), tournament)
    a_deal(tables(tournament, 1)[0].match)
    clock.tick(wall_pages.WALL_SECONDS)
    after = wall(Client(), tournament)
    assert first.status_code == after.status_code == 200
    assert shows_version(after, tournament) and renders == [False, False]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_without_javascript_the_wall_reloads_itself_as_often_as_its_script_polls(
    client, settings, language
):
    tournament = create(client, language)
    start_round(client, tournament, 1)
    seconds = settings.WATCH_POLL_MS // 1000
    refresh = f'<noscript><meta http-equiv="refresh" content="{seconds}"></noscript>'
    for url in (
        tournament.get_view_url(),
        reverse("calculator:standings", args=[tournament.view_key]),
    ):
        page = Client().get(url, HTTP_ACCEPT_LANGUAGE=language)
        text = page.content.decode()
        assert f'<html lang="{language}">' in text
        assert refresh in text and text.index(refresh) < text.index("</head>")
        # The site's CSP has no directive about a refresh; it still sends one.
        assert "default-src 'self'" in page["Content-Security-Policy"]
    # The organizer's pages are not the wall: they never reload by themselves.
    for url in (
        tournament.get_keeper_url(),
        reverse("calculator:standings", args=[tournament.keeper_key]),
    ):
        assert 'http-equiv="refresh"' not in client.get(url).content.decode()
