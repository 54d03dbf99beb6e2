"""A whole game played through the forms gives the engine's totals, dealers and winner."""

import re

import pytest

from calculator import engine
from calculator.models import Deal
from tests.calculator.conftest import all_passed, record_deal
from tests.html import read

pytestmark = pytest.mark.django_db

A, B = engine.Team.A, engine.Team.B

# (form fields, the same deal for the engine); None fields: all passed
GAME = [
    ({"card_points": 87}, engine.PlayedDeal(A, engine.Contract.HEARTS, engine.CardPoints(A, 87))),
    (None, engine.AllPassed()),
    (
        {
            "bidders": "B",
            "contract": "spades",
            "card_points": 81,
            "points_team": "B",
            "double": "contra",
        },
        engine.PlayedDeal(
            B, engine.Contract.SPADES, engine.CardPoints(B, 81), engine.Double.CONTRA
        ),
    ),
    (
        {"contract": "all_trumps", "card_points": 200, "quartes_a": 1, "belots_b": 1},
        engine.PlayedDeal(
            A,
            engine.Contract.ALL_TRUMPS,
            engine.CardPoints(A, 200),
            declarations_a=engine.TeamDeclarations(sequences=(engine.Sequence(4),)),
            declarations_b=engine.TeamDeclarations(belots=1),
        ),
    ),
    (
        {"contract": "no_trumps", "capot": "A"},
        engine.PlayedDeal(A, engine.Contract.NO_TRUMPS, capot=A),
    ),
    (
        {"bidders": "B", "contract": "clubs", "result": "inside"},
        engine.InsideDeal(B, engine.Contract.CLUBS),
    ),
    (
        {"contract": "diamonds", "card_points": 130, "terces_a": 2, "carres_a": "J"},
        engine.PlayedDeal(
            A,
            engine.Contract.DIAMONDS,
            engine.CardPoints(A, 130),
            declarations_a=engine.TeamDeclarations(
                sequences=(engine.Sequence(3), engine.Sequence(3)),
                carres=(engine.Carre(engine.Rank.JACK),),
            ),
        ),
    ),
]


def test_a_whole_game_through_the_forms_matches_the_engine(client, match):
    for number, (fields, _deal) in enumerate(GAME, start=1):
        if fields is None:
            all_passed(client, match, number)
        else:
            record_deal(client, match, number, **fields)
    assert Deal.objects.count() == len(GAME)
    expected = engine.fold_match(match.profile, 0, [deal for _fields, deal in GAME])
    assert expected.game_over and expected.winner is A
    html = read(client.get(f"/m/{match.scorer_key}/").content.decode())
    shown = [int(value) for value in re.findall(r'<span class="points">(\d+)</span>', html)]
    assert shown == [expected.totals.a, expected.totals.b]
    assert (
        f"Победител в игра 1: отбор „Ние“, с преднина от {expected.totals.a - expected.totals.b} точки."
        in html
    )
    dealers = re.findall(r"раздава: Играч (\d)", html)
    assert [int(seat) - 1 for seat in reversed(dealers)] == [d.dealer for d in expected.deals]
    assert "Започни игра 2" in html


def test_the_match_page_with_200_deals_uses_few_queries(
    client, match, django_assert_max_num_queries
):
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(deal))
        for number, (_f, deal) in enumerate(GAME * 29, start=1)
        if number <= 200
    )
    assert Deal.objects.count() == 200
    with django_assert_max_num_queries(4):
        response = client.get(f"/m/{match.scorer_key}/")
    assert response.status_code == 200
    with django_assert_max_num_queries(4):
        assert client.get(f"/m/{match.watch_key}/").status_code == 200
