"""A match is of one game: Bulgarian belot by default, or a French game with its house rules,
which the engine's own profile format stores."""

import dataclasses

import pytest

from calculator import engine
from calculator.engine import GAMES, AllPassed, CardPoints, ClassicDeal, ContreeDeal, Suit, Team
from calculator.matches.services import deal_record, match_export, match_state
from calculator.models import Deal, Match

pytestmark = pytest.mark.django_db

A, B = Team.A, Team.B


def french_match(game: str, **rules) -> Match:
    profile = dataclasses.replace(GAMES[game].default_profile, **rules)
    return Match.objects.create(
        team_a="Ние",
        team_b="Вие",
        game=game,
        target=profile.target,
        house_rules=GAMES[game].profile_to_dict(profile),
    )


def test_a_match_is_bulgarian_belot_unless_told_otherwise():
    match = Match.objects.create(team_a="Ние", team_b="Вие")
    assert match.game == "belot" and match.house_rules is None
    assert match.engine_game is GAMES["belot"]
    assert match.profile == engine.DEFAULT_PROFILE


@pytest.mark.parametrize("game", ["classic", "contree", "coinche"])
def test_a_french_match_rebuilds_its_profile_from_the_stored_house_rules(game):
    match = Match.objects.get(pk=french_match(game, target=1000, rounding=False).pk)
    expected = dataclasses.replace(GAMES[game].default_profile, target=1000, rounding=False)
    assert match.profile == expected
    assert match.engine_game is GAMES[game]


def test_a_french_match_stores_its_deals_in_format_version_2_and_folds_them_by_its_game():
    match = french_match("classic")
    deals = [
        ClassicDeal(A, Suit.SPADES, CardPoints(A, 81)),  # a litige: A's 81 wait
        AllPassed(),
        ClassicDeal(B, Suit.CLUBS, CardPoints(B, 100)),
    ]
    for number, deal in enumerate(deals, start=1):
        deal_record(match=match, version=number - 1, number=number, deal=deal)
        match.refresh_from_db()
    assert Deal.objects.get(match=match, number=1).data["game"] == "classic"
    fold = match_state(match).fold
    expected = GAMES["classic"].fold_match(match.profile, 0, deals)
    assert fold == expected
    assert (fold.totals, fold.hanging) == (engine.TeamPoints(62, 262), 0)


def test_a_contree_match_refuses_what_its_engine_refuses():
    match = french_match("contree")
    with pytest.raises(engine.DealError):
        deal_record(
            match=match,
            version=0,
            number=1,
            deal=ContreeDeal(A, 85, Suit.HEARTS, card_points=CardPoints(A, 100)),
        )
    assert not Deal.objects.exists()


def test_a_french_match_exports_in_format_version_2_with_its_game():
    match = french_match("coinche", surcontre=3)
    deal_record(
        match=match,
        version=0,
        number=1,
        deal=ContreeDeal(A, 90, Suit.HEARTS, card_points=CardPoints(A, 100)),
    )
    data = match_export(match_state(Match.objects.get(pk=match.pk)))
    assert (data["version"], data["game"], data["profile"]["surcontre"]) == (2, "coinche", 3)
    engine_keys = {
        key: data[key] for key in ("version", "game", "profile", "first_dealer", "deals")
    }
    assert engine.read_match(engine_keys)[0] is GAMES["coinche"]


@pytest.mark.parametrize(
    "language, belot, classic",
    [
        ("bg", "Български белот", "Класически белот"),
        ("uk", "Болгарський белот", "Класичний белот"),
        ("ru", "Болгарский белот", "Классический белот"),
    ],
)
def test_the_match_page_and_the_sheet_say_which_game_it_is(client, language, belot, classic):
    ours = Match.objects.create(team_a="Ние", team_b="Вие")
    french = french_match("classic")
    client.get(f"/{language}/")  # the language is the visitor's from here on
    for match, name in ((ours, belot), (french, classic)):
        page = client.get(f"/m/{match.scorer_key}/").content.decode()
        assert f'<span class="game-name">{name}</span>' in page
        sheet = client.get(f"/m/{match.watch_key}/sheet/").content.decode()
        assert name in sheet


def test_the_home_pages_recent_matches_say_their_game(client):
    french = french_match("coinche")
    client.get(f"/m/{french.scorer_key}/")
    home = client.get("/bg/").content.decode()
    assert "Контре с анонси (coinche)" in home
