"""The worked deal and the score sheet example say what the game and the engine say.

The worked deal is read from the page's own tables in each language: the four hands, then the
eight tricks, each card checked against the duties of play in a suit contract (follow suit,
raise on a trump lead, trump or overtrump an opponent's trick), each trick's taker and points
worked out again. Its score is then asked of the project's scoring engine, and the numbers the
text gives must be the engine's.
"""

import re

import pytest

from calculator.engine import (
    DEFAULT_PROFILE,
    CardPoints,
    Contract,
    Double,
    PlayedDeal,
    Rank,
    Sequence,
    Team,
    TeamDeclarations,
    fold_match,
    score_deal,
)
from rules.content import LANGUAGES, read_section

TRUMP = "♥"  # the worked deal is played in hearts
SUITS = "♣♦♥♠"
NATURAL = ["7", "8", "9", "10", "J", "Q", "K", "A"]  # sequences
TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]  # weakest first
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
CARD = re.compile(r"(10|[7-9JQKA])([♣♦♥♠])")
TEAM = {1: Team.A, 2: Team.B, 3: Team.A, 4: Team.B}

WORKED_DEAL = PlayedDeal(
    Team.A,
    Contract.HEARTS,
    CardPoints(Team.B, 35),
    declarations_a=TeamDeclarations(sequences=(Sequence(3, Rank.ACE),), belots=1),
    declarations_b=TeamDeclarations(sequences=(Sequence(4, Rank.TEN),)),
)


def points(card: tuple[str, str]) -> int:
    rank, suit = card
    return (TRUMP_POINTS if suit == TRUMP else PLAIN_POINTS)[rank]


def strength(card: tuple[str, str], led: str) -> int:
    """Higher takes the trick: any trump beats any other suit; a card off the led suit never takes."""
    rank, suit = card
    if suit == TRUMP:
        return 100 + TRUMP_ORDER.index(rank)
    return PLAIN_ORDER.index(rank) if suit == led else -1


def winner(trick: list[tuple[int, tuple[str, str]]]) -> int:
    led = trick[0][1][1]
    return max(trick, key=lambda played: strength(played[1], led))[0]


def allowed(hand: set, trick: list[tuple[int, tuple[str, str]]], player: int) -> set:
    """The cards ``player`` may play on ``trick`` so far, by the rules page's play section."""
    if not trick:
        return set(hand)
    led = trick[0][1][1]
    best = max((card for _, card in trick), key=lambda card: strength(card, led))
    follow = {card for card in hand if card[1] == led}
    if led == TRUMP:
        higher = {card for card in follow if strength(card, led) > strength(best, led)}
        return higher or follow or set(hand)
    if follow:
        return follow
    if TEAM[winner(trick)] is TEAM[player]:
        return set(hand)  # the partner holds the trick
    trumps = {card for card in hand if card[1] == TRUMP}
    if best[1] == TRUMP:
        higher = {card for card in trumps if strength(card, led) > strength(best, led)}
        return higher or set(hand)
    return trumps or set(hand)


def section(slug: str, language: str) -> str:
    return read_section(slug, language)[1]


def table_rows(body: str, heading_id: str) -> list[list[str]]:
    """The body rows of the first table after ``<h3 id=heading_id>``: header cell, then cells."""
    after = body.split(f'id="{heading_id}"', 1)[1]
    table = after.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    return [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S) for row in rows]


def hands(body: str) -> dict[int, set]:
    found = {}
    for head, cards in table_rows(body, "worked-deal-hands"):
        player = int(head.split()[0])
        suit, hand = None, set()
        for token in cards.replace("·", " ").split():
            if token in SUITS:
                suit = token
            else:
                hand.add((token, suit))
        found[player] = hand
    return found


def runs(hand: set) -> list[tuple[int, str, str]]:
    """(length, top rank, suit) of every run of three or more cards in a row."""
    found = []
    for suit in SUITS:
        held = [rank in {r for r, s in hand if s == suit} for rank in NATURAL]
        length = 0
        for index, has in enumerate([*held, False]):
            if has:
                length += 1
                continue
            if length >= 3:
                found.append((length, NATURAL[index - 1], suit))
            length = 0
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_worked_deal_is_a_legal_deal_with_the_tricks_it_shows(language):
    body = section("worked-deal", language)
    held = hands(body)
    assert sorted(len(hand) for hand in held.values()) == [8, 8, 8, 8]
    assert len(set().union(*held.values())) == 32
    # The declarations the text speaks of, and no other.
    assert runs(held[1]) == [(3, "A", "♠")] and runs(held[2]) == [(4, "10", "♦")]
    assert runs(held[3]) == runs(held[4]) == []
    assert {("K", TRUMP), ("Q", TRUMP)} <= held[3]  # the belot

    card_points = {Team.A: 0, Team.B: 0}
    leader = 1  # the dealer is player 4
    rows = table_rows(body, "worked-deal-tricks")
    assert len(rows) == 8
    for number, (_, *cells, taker, shown_points) in enumerate(rows, start=1):
        led_by = next(player for player, cell in enumerate(cells, 1) if "<strong>" in cell)
        assert led_by == leader, f"trick {number} is led by the taker of the one before"
        order = [(leader - 1 + step) % 4 + 1 for step in range(4)]
        trick = []
        for player in order:
            card = CARD.search(cells[player - 1]).groups()
            assert card in allowed(held[player], trick, player), (number, player, card)
            held[player].remove(card)
            trick.append((player, card))
        leader = winner(trick)
        assert int(taker) == leader, f"trick {number}"
        value = sum(points(card) for _, card in trick) + (10 if number == 8 else 0)
        assert sum(int(n) for n in re.findall(r"\d+", shown_points)) == value, f"trick {number}"
        card_points[TEAM[leader]] += value
    assert card_points == {Team.A: 127, Team.B: 35}
    assert WORKED_DEAL.card_points == CardPoints(Team.B, card_points[Team.B])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_worked_deal_says_what_the_engine_scores(language):
    body = section("worked-deal", language)
    result = score_deal(WORKED_DEAL)
    doubled = score_deal(PlayedDeal(**{**_fields(WORKED_DEAL), "double": Double.CONTRA})).recorded
    shown = [int(n) for n in re.findall(r"<strong>(\d+)</strong>", body)]
    assert shown == [
        35,
        162 - 35,
        result.raw_totals.a,
        result.raw_totals.b,
        result.recorded.a,
        result.recorded.b,
        doubled.a,
    ]
    assert (result.raw_totals.a, result.raw_totals.b) == (147, 85)
    assert (result.recorded.a, result.recorded.b, doubled.a, doubled.b) == (15, 8, 46, 0)


def _fields(deal: PlayedDeal) -> dict:
    return {name: getattr(deal, name) for name in deal.__dataclass_fields__}


SCORE_SHEET = [
    WORKED_DEAL,
    PlayedDeal(Team.B, Contract.SPADES, CardPoints(Team.A, 81)),
    PlayedDeal(Team.A, Contract.ALL_TRUMPS, CardPoints(Team.A, 150), Double.CONTRA),
    PlayedDeal(Team.B, Contract.CLUBS, capot=Team.B),
]
LAST_DEAL = PlayedDeal(Team.A, Contract.HEARTS, CardPoints(Team.A, 116))


def cell_number(cell: str) -> int:
    found = re.search(r"\d+", re.sub(r"<[^>]+>", "", cell))
    return int(found.group()) if found else 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheet_example_adds_up_as_the_engine_keeps_it(language):
    rows = table_rows(section("score-sheet", language), "score-sheet-example")
    numbers = [[cell_number(cell) for cell in row[1:4]] for row in rows]
    match = fold_match(DEFAULT_PROFILE, 0, SCORE_SHEET)
    for index, played in enumerate(match.deals):
        us, hanging, them = numbers[index]
        assert (us, them) == (played.result.written.a, played.result.written.b), index
        assert hanging == played.hanging, index
    assert numbers[4] == [match.deals[-1].totals.a, 0, match.deals[-1].totals.b]
    before = numbers[6]
    last = score_deal(LAST_DEAL).written
    assert numbers[7] == [last.a, 0, last.b]
    assert numbers[8] == [before[0] + last.a, 0, before[2] + last.b]
    assert before[0] + last.a >= DEFAULT_PROFILE.target > before[2] + last.b


# Game end, "Match": "Us" lead 144:130; "Them" bid spades and it ends 81 to 81, so "Us" write 8,
# reach 152:130 and win, and the 8 of "Them" hang; in the next game's first deal "Them" make
# hearts 10:6 and take the 8 as well: 6:18.
GAME_END_HANGING = [
    *[PlayedDeal(Team.A, Contract.ALL_TRUMPS, CardPoints(Team.A, 0))] * 5,  # inside: 0:26 each
    *[PlayedDeal(Team.A, Contract.HEARTS, CardPoints(Team.A, 157))] * 9,  # 16:0 each
    PlayedDeal(Team.B, Contract.SPADES, CardPoints(Team.A, 81)),
    PlayedDeal(Team.B, Contract.HEARTS, CardPoints(Team.B, 101)),
]
GAME_END_HANGING_TEXT = {
    "bg": [
        "144:130",
        "81 на 81",
        "152:130",
        "8-те точки",
        "„Ние“ записва 6",
        "„Вие“ — 10",
        "висящите 8",
        "6:18",
    ],
    "uk": [
        "144:130",
        "81 проти 81",
        "8 очок",
        "152:130",
        "записує 10",
        "суперники — 6",
        "висячі 8",
        "6:18",
    ],
    "ru": [
        "144:130",
        "81 против 81",
        "152:130",
        "8 очков",
        "«Мы» записывает 6",
        "«Они» — 10",
        "висящие 8",
        "6:18",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_points_hanging_when_a_game_ends_go_on_as_the_example_says(language):
    match = fold_match(DEFAULT_PROFILE, 0, GAME_END_HANGING)
    before, last, first = match.deals[-3], match.deals[-2], match.deals[-1]
    assert (before.game, before.totals.a, before.totals.b) == (1, 144, 130)
    assert (last.game, last.game_over, last.winner) == (1, True, Team.A)
    assert (last.totals.a, last.totals.b, last.hanging) == (152, 130, 8)
    assert (first.game, first.number, first.result.hanging_in) == (2, 1, 8)
    assert (first.result.recorded.a, first.result.recorded.b) == (6, 10)
    assert (first.totals.a, first.totals.b, first.hanging) == (6, 18, 0)
    example = section("game-end", language).split('id="match-hanging"', 1)[1]
    position = 0
    for number in GAME_END_HANGING_TEXT[language]:  # said, and in this order
        position = example.index(number, position) + len(number)
