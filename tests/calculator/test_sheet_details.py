"""The score sheet writes down what a paper sheet at the table does (calculator/matches/history.py,
calculator/templates/calculator/sheet.html): under each team's points what that team declared
and scored in the deal (the belote too, once), under each deal who dealt, and at the top each
team's players, in every game and every language; user names escaped."""

import re
from html import unescape

import pytest
from django.test import Client
from django.utils.html import escape
from django.utils.translation import gettext, override, pgettext

from calculator.engine import (
    GAMES,
    Belot,
    CardPoints,
    Carre,
    ClassicDeal,
    Contract,
    ContreeDeal,
    DeclarationOutcome,
    PlayedDeal,
    Rank,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
)
from calculator.games.words import declaration_name, declared_on_sheet
from calculator.models import Deal, Match

pytestmark = pytest.mark.django_db

A, B = Team.A, Team.B
LANGUAGES = ("bg", "uk", "ru")
PLAYERS = ("Ана", "Боби", "Вики", "Гого")  # seats 1 to 4: team A is 1 and 3, team B 2 and 4

BELOT, TERCE, QUARTE = TeamDeclarations(belots=1), Sequence(3), Sequence(4)
NINES, JACKS = Carre(Rank.NINE), Carre(Rank.JACK)


def both(a: TeamDeclarations, b: TeamDeclarations) -> dict:
    return {"declarations_a": a, "declarations_b": b}


# Per game: three deals, team A's hearts each time, with what each team declared, and what the
# sheet must show under each team's points (the keys of ``expected``).
#  1. Both sides score: a belote and a terce against a carré (belot: compared apart) or
#     a quarte and a terce (the French games: the best declaration's team scores all of its).
#  2. Team A's terce is cancelled by team B's quarte (belot) or carré (French): not shown.
#  3. Two terces of one team, said as a count.
BELOT_DECLARED = [
    both(TeamDeclarations((TERCE,), (), 1), TeamDeclarations((), (NINES,))),
    both(TeamDeclarations((TERCE,)), TeamDeclarations((QUARTE,), (), 1)),
    both(TeamDeclarations((TERCE, TERCE)), TeamDeclarations()),
]
FRENCH_DECLARED = [
    both(BELOT, TeamDeclarations((QUARTE, TERCE))),
    both(TeamDeclarations((TERCE,)), TeamDeclarations((), (JACKS,), 1)),
    both(TeamDeclarations((TERCE, TERCE)), TeamDeclarations()),
]
# Contrée is played without declarations: the belote alone, one team's, then the other's.
CONTREE_DECLARED = [
    both(BELOT, TeamDeclarations()),
    both(TeamDeclarations(), BELOT),
    both(TeamDeclarations(), TeamDeclarations()),
]
EXPECTED = {
    "belot": [
        ([("belot",), ("sequence", 3)], [("carre", Rank.NINE)]),
        ([], [("belot",), ("sequence", 4)]),
        ([("terces", 2)], []),
    ],
    "french": [
        ([("belot",)], [("sequence", 4), ("sequence", 3)]),
        ([], [("belot",), ("carre", Rank.JACK)]),
        ([("terces", 2)], []),
    ],
    "contree": [([("belot",)], []), ([], [("belot",)]), ([], [])],
}


def deals_of(game: str) -> list:
    if game == "belot":
        return [PlayedDeal(A, Contract.HEARTS, CardPoints(A, 100), **d) for d in BELOT_DECLARED]
    if game == "classic":
        return [ClassicDeal(A, Suit.HEARTS, CardPoints(A, 100), **d) for d in FRENCH_DECLARED]
    declared = CONTREE_DECLARED if game == "contree" else FRENCH_DECLARED
    return [ContreeDeal(A, 80, Suit.HEARTS, card_points=CardPoints(A, 100), **d) for d in declared]


def sheet_match(game: str, players=PLAYERS, **names) -> Match:
    fields = {"team_a": "Ние", "team_b": "Вие", "game": game, "first_dealer": 0, **names}
    if game != "belot":
        engine_game = GAMES[game]
        fields["house_rules"] = engine_game.profile_to_dict(engine_game.profile_from_dict({}))
        fields["target"] = fields["house_rules"]["target"]
    fields |= {f"player_{seat}": name for seat, name in enumerate(players, start=1)}
    match = Match.objects.create(**fields)
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=match.deal_data(deal))
        for number, deal in enumerate(deals_of(game), start=1)
    )
    return match


def said(item: tuple) -> str:
    if item[0] == "terces":
        return pgettext("declarations", "%(count)s terce")  # checked by its number below
    if item[0] == "carre":
        return declaration_name("carre", rank=item[1])
    return declaration_name(item[0], length=item[1] if len(item) > 1 else None)


def sheet(match: Match, language: str) -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/m/{match.watch_key}/sheet/")
    assert response.status_code == 200
    return response.content.decode()


def rows(html: str) -> list[list[str]]:
    """Each deal's row: the texts of its "declared" lines, team A's then team B's ("" for none),
    and its dealer line; every game's rows, in order."""
    body = "".join(re.findall(r"<tbody>(.*?)</tbody>", html, re.S))  # every game's
    found = []
    for row in re.findall(r"<tr[ >].*?</tr>", body, re.S):
        cells = re.findall(r"<td class=\"num\">(.*?)</td>", row, re.S)
        declared = [re.findall(r'<span class="declared">(.*?)</span>', cell) for cell in cells]
        dealer = re.findall(r'<span class="meta dealer">(.*?)</span>', row)
        found.append([unescape(d[0]) if d else "" for d in declared] + dealer)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["belot", "classic", "contree", "coinche"])
def test_the_sheet_shows_each_counted_declaration_under_its_team_once(game, language):
    match = sheet_match(game)
    html = sheet(match, language)
    shown = rows(html)
    assert len(shown) == 3
    expected = EXPECTED[game if game in ("belot", "contree") else "french"]
    with override(language):
        belot = declaration_name("belot")
        terce = declaration_name("sequence", length=3)
        for number, ((a, b), row) in enumerate(zip(expected, shown, strict=True), start=1):
            for team, items, text in (("A", a, row[0]), ("B", b, row[1])):
                text = text.replace("\xa0", " ")  # a number keeps its word: "2 терца"
                names = [n.strip() for n in text.split(",")] if text else []
                assert len(names) == len(items), (game, number, team, text)
                for item, name in zip(items, names, strict=True):
                    if item[0] == "terces":
                        assert name.startswith("2 ") and name != f"2 {terce}", name
                    else:
                        assert name == said(item), (game, number, team, text)
        # Team A's cancelled terce (deal 2) is written nowhere in its row; each belote is
        # written once, under the team that held it.
        assert terce not in shown[1][0] and terce not in shown[1][1]
        assert sum(cell.count(belot) for row in shown for cell in row[:2]) == 2
    # Who dealt each deal: seats 1, 2, 3 in turn from the first dealer (player 1).
    assert [row[2] for row in shown] == [unescape(dealt_by(language, name)) for name in PLAYERS[:3]]


def dealt_by(language: str, name: str) -> str:
    """The dealer's line as the page writes it: escaped."""
    with override(language):
        return escape(gettext("dealt by %(dealer)s") % {"dealer": name})


def players_lines(html: str) -> list[str]:
    return [unescape(line) for line in re.findall(r'<span class="players">(.*?)</span>', html)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["belot", "classic", "contree", "coinche"])
def test_the_sheet_names_each_teams_players_once_after_its_quoted_name(game, language):
    html = sheet(sheet_match(game), language)
    opening, closing = {"bg": ("„", "“"), "uk": ("«", "»"), "ru": ("«", "»")}[language]
    # Ukrainian's «й» after a vowel: "Ана й Вики", "Боби й Гого"
    conjunction = {"bg": "и", "uk": "й", "ru": "и"}[language]
    assert players_lines(html) == [
        f"{opening}Ние{closing}: Ана {conjunction} Вики",
        f"{opening}Вие{closing}: Боби {conjunction} Гого",
    ]


def test_ukrainian_joins_a_teams_players_with_i_or_short_i_as_they_sound():
    """«й» after a vowel, «і» after a consonant or before я, ю, є, ї, й: the evening's
    «„Оксана й Петро“: Оксана і Петро» read wrong beside the team's own name."""
    players = ("Оксана", "Тарас", "Петро", "Ліда")
    html = sheet(sheet_match("classic", players=players), "uk")
    assert players_lines(html) == ["«Ние»: Оксана й Петро", "«Вие»: Тарас і Ліда"]
    players = ("Оксана", "Андрій", "Юрко", "Оля")
    html = sheet(sheet_match("belot", players=players), "uk")
    assert players_lines(html) == ["«Ние»: Оксана і Юрко", "«Вие»: Андрій і Оля"]
    # Russian and Bulgarian have one word for it
    html = sheet(sheet_match("classic", players=("Оксана", "Тарас", "Петро", "Ліда")), "ru")
    assert players_lines(html) == ["«Ние»: Оксана и Петро", "«Вие»: Тарас и Ліда"]


def test_a_match_without_player_names_shows_no_players_and_the_dealers_by_seat():
    html = sheet(sheet_match("classic", players=("", "", "", "")), "bg")
    assert 'class="players"' not in html
    with override("bg"):
        seats = [gettext("Player %(number)s") % {"number": n} for n in (1, 2, 3)]
    assert [row[2] for row in rows(html)] == [unescape(dealt_by("bg", s)) for s in seats]


def test_a_team_with_one_named_player_shows_that_name_alone():
    html = sheet(sheet_match("belot", players=("Ана", "", "", "Гого")), "uk")
    assert players_lines(html) == ["«Ние»: Ана", "«Вие»: Гого"]


def test_a_team_without_named_players_has_no_line():
    html = sheet(sheet_match("contree", players=("", "Боби", "", "")), "ru")
    assert players_lines(html) == ["«Вие»: Боби"]


HOSTILE = [
    "<script>alert(1)</script>",
    "</td></tr><tr><td>",
    "\u202eRTL override\u202c",
    "%(first)s and {{ x }}",
    "Я" * 40,
]


@pytest.mark.parametrize("game", ["belot", "coinche"])
def test_hostile_player_names_are_escaped_on_the_sheet(game):
    players = (HOSTILE[0], HOSTILE[1], HOSTILE[2], HOSTILE[3])
    match = sheet_match(game, players=players, team_a=HOSTILE[4], team_b=HOSTILE[1])
    html = sheet(match, "ru")
    assert "<script>alert(1)</script>" not in html
    assert html.count("</td></tr><tr><td>") == 0
    assert escape(f"{HOSTILE[0]} и {HOSTILE[2]}") in html
    assert escape(f"{HOSTILE[1]} и {HOSTILE[3]}") in html
    assert len(rows(html)) == 3  # the rows stand as they were: no name opened a new one
    assert dealt_by("ru", HOSTILE[0]) in html and dealt_by("ru", HOSTILE[2]) in html


# The words themselves, straight from the engine's outcomes.


@pytest.mark.parametrize(
    ("language", "count", "said"),
    [
        ("bg", 2, "2 белота"),
        ("uk", 2, "2 белоти"),
        ("uk", 5, "5 белотів"),
        ("ru", 2, "2 белота"),
        ("ru", 4, "4 белота"),
    ],
)
def test_several_belots_are_said_as_a_count(language, count, said):
    outcomes = tuple(DeclarationOutcome(A, Belot(), index, True) for index in range(count))
    with override(language):
        assert declared_on_sheet(outcomes, A).replace("\xa0", " ") == said  # "2 белота"
        assert declared_on_sheet(outcomes, B) == ""


def test_cancelled_declarations_are_left_out_and_the_order_is_belot_sequences_carres():
    outcomes = (
        DeclarationOutcome(A, Carre(Rank.ACE), 0, True),
        DeclarationOutcome(A, Sequence(3), 0, True),
        DeclarationOutcome(A, Sequence(6), 0, True),  # six in a row: a quinte
        DeclarationOutcome(A, Belot(), 0, True),
        DeclarationOutcome(A, Sequence(4), 1, False),
    )
    with override("bg"):
        assert declared_on_sheet(outcomes, A) == "белот, квинта, терца, каре аса"
