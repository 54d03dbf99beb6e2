"""The organizer's key stays off paper and out of every cache: the cards are posted the key in
the form's body and printed at an address without one, the list of tables is at the public
link's address, and every page whose body holds the organizer's key is sent no-store."""

import pytest
from django.urls import reverse

from calculator.models import Match
from calculator.shared import access
from calculator.tournaments.public import _qr

from .test_tournament_hand import enter
from .test_tournament_http import cards, create, start_round
from .test_tournament_knockout import play


@pytest.mark.django_db
def test_the_cards_address_holds_no_key_and_takes_the_organizers_key_in_the_body(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    url = reverse("calculator:tournament-cards")
    assert tournament.keeper_key not in url and tournament.view_key not in url
    printed = cards(client, tournament)
    assert printed.status_code == 200 and printed["Cache-Control"] == "private, no-store"
    for match in Match.objects.all():  # each card: its own table's scorer's link, as a QR code
        assert _qr(f"http://testserver{match.get_scorer_url()}") in printed.content.decode()
    assert client.get(url).status_code == 405  # nothing to open by its address alone
    keeper = client.get(tournament.get_keeper_url()).content.decode()
    assert f'action="{url}"' in keeper and reverse("calculator:tournament-cards") in keeper
    assert reverse("calculator:tournament-tables", args=[tournament.view_key]) in keeper


@pytest.mark.django_db
def test_the_cards_refuse_the_public_key_and_a_wrong_one_as_any_wrong_key(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    for key in (tournament.view_key, "x" * 24, "", "%00"):
        assert cards(client, tournament, key=key).status_code == 404
    for _ in range(access.WRONG_KEYS_ALLOWED):  # counted by the site's one wrong-key limit
        cards(client, tournament, key="y" * 24)
    assert cards(client, tournament, key="z" * 24).status_code == 429
    assert cards(client, tournament).status_code == 200  # a valid key is always served


@pytest.mark.django_db
def test_the_list_of_tables_at_the_organizers_key_is_sent_to_the_public_address(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    response = client.get(reverse("calculator:tournament-tables", args=[tournament.keeper_key]))
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "calculator:tournament-tables", args=[tournament.view_key]
    )
    assert response["Cache-Control"] == "private, no-store"
    listing = client.get(response["Location"])
    assert listing.status_code == 200 and tournament.keeper_key not in listing.content.decode()


def organizer_pages(client, tournament):
    """Every page the organizer's key opens, and the organizer's page a refused change gives."""
    key = tournament.keeper_key
    for name in ("tournament", "standings", "tournament-changes", "standings-json"):
        yield name, client.get(reverse(f"calculator:{name}", args=[key]))
    yield "standings-csv", client.get(reverse("calculator:standings-csv", args=[key]))
    yield "tables", client.get(reverse("calculator:tournament-tables", args=[key]))
    yield "sheet", client.get(reverse("calculator:tournament-sheet", args=[key]))
    preview = reverse("calculator:round-preview", args=[key])
    yield "round preview", client.get(preview, {"number": tournament.rounds.count() + 1})
    knockout = reverse("calculator:knockout-preview", args=[key])
    yield "knock-out preview", client.get(knockout, {"size": 4})
    yield "cards", cards(client, tournament)
    table = tournament.rounds.last().tables.first()
    yield "a refused hand result", enter(client, tournament, table, (151, 0), version="0-0")
    pairs = reverse("calculator:tournament-pairs", args=[key])
    yield "a refused pair", client.post(pairs, {"pairs": "Ана / Боби"})


@pytest.mark.django_db
def test_every_page_whose_body_holds_the_organizers_key_is_never_stored(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    play(client, tournament, 1)
    held = []
    for name, response in organizer_pages(client, tournament):
        assert response.status_code < 500, name
        body = response.content.decode()
        if tournament.keeper_key in body or tournament.keeper_key in response.get("Location", ""):
            held.append(name)
            assert "no-store" in response.get("Cache-Control", ""), name
    # the organizer's page, its previews and refusals, and the cards hold it; paper does not
    assert {"tournament", "round preview", "knock-out preview", "cards"} <= set(held)
    assert {"a refused hand result", "a refused pair"} <= set(held)
    assert "tables" not in held and "sheet" not in held
