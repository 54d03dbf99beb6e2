"""The public standings on the wall (issue 24): rendered once per version of the tournament,
language and theme, kept, answered 304 to a phone that has it, and polled in front of Django."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from calculator import engine, tournament_views, views
from calculator.lru import BoundedStore
from calculator.models import Tournament
from calculator.polls import FastPolls
from calculator.services import deal_record
from calculator.tournament_services import tournament_version

from .test_polls import Inner, call
from .test_tournament_hand import enter
from .test_tournament_http import HOSTILE, create, finish, start_round, tables


@pytest.fixture
def renders(monkeypatch):
    """The standings pages rendered, in order, each as the ``is_keeper`` it was rendered with;
    with an empty store of kept pages."""
    monkeypatch.setattr(views, "_watch_pages", BoundedStore(1 << 22, views._size, 1 << 21))
    seen = []
    render_to_string = tournament_views.render_to_string

    def counting(template, context=None, request=None):
        if template == "calculator/tournament.html":
            seen.append(context["is_keeper"])
        return render_to_string(template, context, request)

    monkeypatch.setattr(tournament_views, "render_to_string", counting)
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
