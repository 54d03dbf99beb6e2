"""Every address takes only its own methods: any other gets 405 with an Allow header, as a page in
the visitor's language, before the CSRF check and before the view (belot_site/methods.py). The
probe had TRACE and OPTIONS answered 200 with the page itself, and a POST to a page refused as
a missing CSRF token (403)."""

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver, resolve
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.models import Table, Tournament, TournamentPair
from calculator.phone.bundle import bundle
from calculator.phone.views import worker_url
from tests.calculator.conftest import all_passed, create_match

pytestmark = pytest.mark.django_db

METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"]
# Django's own: the admin (namespace "admin") and set_language take what a form page takes.
NOT_THE_SITES = {"set_language"}


def names(patterns, namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":
                inner = f"{pattern.namespace}:" if pattern.namespace else namespace
                yield from names(pattern.url_patterns, inner)
        elif pattern.name:
            yield namespace + pattern.name


@pytest.fixture
def addresses(client):
    """One address of every URL of the site, with keys that open something (Ukrainian where
    the address has a language)."""
    match = create_match(client)
    all_passed(client, match, 1)
    table = Table.objects.create(name="Петък", players=["Ана", "Боби", "Вики", "Гого"])
    tournament = Tournament.objects.create(name="Купа", date="2026-12-02", house_rules={})
    pair = TournamentPair.objects.create(tournament=tournament, seed=1, player_1="А", player_2="Б")
    m, t = f"/m/{match.scorer_key}", f"/t/{table.keeper_key}"
    tn = f"/tn/{tournament.keeper_key}"
    return {
        "language-redirect": "/",
        "robots-txt": "/robots.txt",
        "favicon": "/favicon.ico",
        "service-worker": "/sw.js",
        "language-switch": "/language/uk/",
        "theme-switch": "/theme/dark/",
        "offline": "/offline/uk/",
        "phone-bundle": f"/phone/{bundle().name}",
        "phone-worker": worker_url(),
        "forget": "/uk/forget/",
        "home": "/uk/",
        "manifest": "/uk/manifest.webmanifest",
        "rules:index": "/uk/rules/",
        "match-new": "/uk/match/new/",
        "match-import": "/uk/match/import/",
        "table-new": "/uk/table/new/",
        "calculator:match": f"{m}/",
        "calculator:changes": f"{m}/changes",
        "calculator:deal-new": f"{m}/deal/",
        "calculator:deal-preview": f"{m}/deal/preview/",
        "calculator:deal-edit": f"{m}/deal/1/",
        "calculator:deal-delete": f"{m}/deal/1/delete/",
        "calculator:all-passed": f"{m}/all-passed/",
        "calculator:undo": f"{m}/undo/",
        "calculator:match-next": f"{m}/next/",
        "calculator:rematch": f"{m}/rematch/",
        "calculator:sheet": f"{m}/sheet/",
        "calculator:export": f"{m}/export.json",
        "calculator:qr": f"{m}/qr.svg",
        "calculator:phone-copy": f"{m}/phone.json",
        "calculator:table": f"{t}/",
        "calculator:table-match": f"{t}/match/",
        "calculator:table-add": f"{t}/add/",
        "calculator:table-players": f"{t}/players/",
        "calculator:table-player": f"{t}/player/0/",
        "calculator:table-stats": f"{t}/stats.json",
        "calculator:table-csv": f"{t}/deals.csv",
        "tournament-new": "/uk/tournament/new/",
        "calculator:tournament": f"{tn}/",
        "calculator:standings": f"{tn}/standings/",
        "calculator:standings-json": f"{tn}/standings.json",
        "calculator:standings-csv": f"{tn}/standings.csv",
        "calculator:tournament-sheet": f"{tn}/sheet/",
        "calculator:tournament-changes": f"{tn}/changes",
        "calculator:tournament-tables": f"{tn}/tables/",
        "calculator:tournament-cards": "/tn/cards/",
        "calculator:tournament-pairs": f"{tn}/pairs/",
        "calculator:tournament-withdraw": f"{tn}/pair/{pair.pk}/withdraw/",
        "calculator:tournament-return": f"{tn}/pair/{pair.pk}/return/",
        "calculator:round-start": f"{tn}/round/",
        "calculator:round-preview": f"{tn}/round/preview/",
        "calculator:tournament-hand-result": f"{tn}/table/1/result/",
        "calculator:knockout": f"{tn}/knockout/",
        "calculator:knockout-preview": f"{tn}/knockout/preview/",
    }


def methods_of(path: str) -> tuple[str, ...]:
    with translation.override("uk"):  # the addresses with a language have Ukrainian's
        return resolve(path).func.methods


def test_every_address_of_the_site_is_listed_here(addresses):
    assert set(names(get_resolver().url_patterns)) - NOT_THE_SITES == set(addresses)


def test_every_view_says_which_methods_it_takes(addresses):
    with translation.override("uk"):
        unsaid = [
            name for name, path in addresses.items() if not hasattr(resolve(path).func, "methods")
        ]
    assert unsaid == []


@pytest.mark.parametrize("method", METHODS)
def test_a_method_an_address_does_not_take_gets_405_in_the_visitors_language(addresses, method):
    browser = Client(enforce_csrf_checks=True, headers={"accept-language": "uk"})
    with translation.override("uk"):
        title = _("This page does not take that request")
    refused = []
    for path in addresses.values():
        takes = methods_of(path)
        response = browser.generic(method, path)
        if method in takes:
            assert response.status_code != 405, (method, path)
            continue
        refused.append(path)
        assert response.status_code == 405, (method, path, response.status_code)
        assert response["Allow"] == ", ".join(takes), (method, path)
        if method != "HEAD":
            assert title in response.content.decode(), (method, path)
    assert refused or method in ("GET", "HEAD", "POST")


@pytest.mark.parametrize("method", ["TRACE", "OPTIONS"])
def test_trace_and_options_never_get_the_page(client, method):
    for path, on_the_page in (("/uk/rules/", 'id="glossary"'), ("/uk/", 'name="team_a"')):
        assert on_the_page in client.get(path).content.decode()
        response = client.generic(method, path)
        assert response.status_code == 405 and response["Allow"] == "GET, HEAD"
        assert on_the_page not in response.content.decode()


def test_a_post_to_a_page_is_405_not_a_missing_token(addresses):
    browser = Client(enforce_csrf_checks=True)
    response = browser.post(addresses["calculator:match"], {"number": 1})
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"
    # A form's address still wants its token.
    assert browser.post(addresses["calculator:all-passed"], {"number": 2}).status_code == 403
