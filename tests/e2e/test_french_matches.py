"""Whole French matches on a 360 px phone: a classic belote match to 501 and a
coinche match to 701, made on the home page and played deal by deal on the deal page as a
scorer taps and types them, each game with JavaScript on and off, in bg, uk and ru. After every
save the match page shows the engine's fold of the same deals: the totals, a litige's waiting
points, the next dealer; at the end, the winner.

And the issue's promise for deal entry, measured: a typical classic or contrée deal takes at
most 6 taps and 2-3 digits from the deal page opening to the tap on Save.
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from calculator import engine
from calculator.models import Match
from tests.calculator.french import create_french_match
from tests.e2e.screens import Screen, translated
from tests.e2e.test_scoring import DEAL_PAGE, MATCH_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A, B = engine.Team.A, engine.Team.B
S = engine.Suit
CLASSIC, COINCHE = engine.GAMES["classic"], engine.GAMES["coinche"]
LANGUAGES = ("bg", "uk", "ru")
TEAMS = {"classic": ("Орли", "Лъвове"), "coinche": ("Соколи", "Вълци")}
NO_CONTRE = engine.Contre.NONE

# Made with belote-rebelote; a litige (81 : 81) whose 81 wait; inside, the waiting points taken
# by the defence; a capot that ends the game.
CLASSIC_DEALS = [
    engine.ClassicDeal(
        A, S.HEARTS, engine.CardPoints(A, 100), declarations_a=engine.TeamDeclarations(belots=1)
    ),
    engine.ClassicDeal(A, S.SPADES, engine.CardPoints(A, 81)),
    engine.ClassicDeal(B, S.CLUBS, engine.CardPoints(B, 70)),
    engine.ClassicDeal(A, S.DIAMONDS, capot=A),
]
# Made with the other team's belote; a capot (with a terce); all passed; failed under contre,
# which ends the game.
COINCHE_DEALS = [
    engine.ContreeDeal(
        A,
        90,
        S.HEARTS,
        card_points=engine.CardPoints(A, 100),
        declarations_b=engine.TeamDeclarations(belots=1),
    ),
    engine.ContreeDeal(
        A,
        80,
        S.SPADES,
        capot=A,
        declarations_a=engine.TeamDeclarations(sequences=(engine.Sequence(3),)),
    ),
    engine.AllPassed(),
    engine.ContreeDeal(B, 100, S.CLUBS, engine.Contre.CONTRE, card_points=engine.CardPoints(B, 70)),
]


class CountingScreen(Screen):
    """A Screen that counts every tap and every key the scorer presses."""

    def __init__(self, page, device: str):
        super().__init__(page, device)
        self.taps = 0
        self.keys = ""

    def tap(self, locator):
        self.taps += 1
        super().tap(locator)

    def type_number(self, selector: str, value: int):
        """Tap the field and type the digits, one key each (a fresh field needs no clearing)."""
        field = self.page.locator(selector)
        self.tap(field)
        if field.input_value():
            self.keys += "\N{BLACK SQUARE}"  # select all: one more action
            field.press("Control+A")
        for key in str(value):
            self.keys += key
            self.page.keyboard.press(key)
        expect(field).to_have_value(str(value))

    def reset(self):
        self.taps, self.keys = 0, ""


def enter_french(screen: Screen, deal, bidding: bool, declares: bool):
    """Tap and type a French deal into a fresh deal page, only what differs from the page's
    defaults (no contre, no capot, nobody's belote, the takers' card points)."""
    if isinstance(deal, engine.AllPassed):
        screen.choose("bid", "passed")
        return
    if bidding:
        screen.choose("bid", str(deal.bid))
    screen.choose("bidders", deal.taker.value)
    screen.choose("trump", deal.trump.value)
    if deal.card_points is not None:
        if deal.card_points.team is not deal.taker:
            screen.choose("points_team", deal.card_points.team.value)
        screen.type_number("#id_card_points", deal.card_points.points)
    if bidding and deal.contre is not NO_CONTRE:
        screen.choose("contre", deal.contre.value)
    if deal.capot is not None:
        screen.choose("capot", deal.capot.value)
    for team, declared in ((A, deal.declarations_a), (B, deal.declarations_b)):
        if declared.belots:
            screen.choose("belote", team.value)
        suffix = team.value.lower()
        if declares:
            for length, kind in ((3, "terces"), (4, "quartes"), (5, "quintes")):
                count = sum(1 for s in declared.sequences if min(s.length, 5) == length)
                if count:
                    screen.set_count(f"{kind}_{suffix}", count)
        else:
            assert not declared.sequences and not declared.carres


def expect_score(screen: Screen, fold: engine.Match, language: str, teams: tuple[str, str]):
    """The match page shows the engine's fold: totals, waiting points, dealer, game end."""
    page = screen.page
    expect(screen.totals()).to_have_text([str(fold.totals.a), str(fold.totals.b)])
    hanging = page.locator(".scoreboard .hanging-note")
    if fold.hanging:
        expect(hanging).to_contain_text(str(fold.hanging))
    else:
        expect(hanging).to_have_count(0)
    game_over = page.locator(".scoreboard .game-over")
    if fold.game_over:
        expect(game_over).to_contain_text(teams[0 if fold.winner is A else 1])
        expect(game_over).to_contain_text(str(abs(fold.totals.a - fold.totals.b)))
    else:
        expect(game_over).to_have_count(0)
    dealer = translated(language, "Player %(number)s", number=fold.dealer + 1)
    expect(page.locator(".scoreboard .turn strong").first).to_have_text(dealer)


def play_match(screen: Screen, language: str, javascript: bool, game: engine.Game, deals):
    """Make the match on the home page, then enter every deal on the deal page."""
    page = screen.page
    teams = TEAMS[game.name]
    bidding = game is COINCHE
    screen.goto(f"/{language}/")
    page.locator("#id_team_a").fill(teams[0])
    page.locator("#id_team_b").fill(teams[1])
    screen.choose("game", game.name)
    screen.follow(page.locator("form[action$='/match/new/'] button[type=submit]"), MATCH_PAGE)
    match = Match.objects.get(game=game.name)
    assert match.profile == game.default_profile  # the FFB defaults, preselected
    with translation.override(language):
        name = str(match.get_game_display())
    expect(page.locator(".scoreboard .game-name")).to_have_text(name)

    played = []
    for number, deal in enumerate(deals, start=1):
        before = game.fold_match(match.profile, match.first_dealer, played)
        played.append(deal)
        after = game.fold_match(match.profile, match.first_dealer, played)
        assert after.game_over == (number == len(deals)), "the deals end the game at the last"
        screen.follow(page.locator(".actions a.button"), DEAL_PAGE)
        expect(page.locator("#draft-note")).to_be_hidden()  # a fresh page: no draft back
        enter_french(screen, deal, bidding, declares=bidding)
        written = after.deals[-1].result.written
        bar = page.locator("#result-bar strong")
        if not javascript:  # without a script the scorer asks for the preview
            screen.follow(page.locator("button[name=action][value=preview]"), DEAL_PAGE)
        if isinstance(deal, engine.AllPassed):
            expect(bar).to_have_text(["+0", "+0"])
        else:
            expect(bar).to_have_text([f"+{written.a}", f"+{written.b}"])
        notes = page.locator("#result-bar .note")
        if after.deals[-1].result.hanging_out:  # the litige's points wait
            hangs = after.deals[-1].result.hanging_out
            expect(notes.first).to_contain_text(str(hangs))
        if after.game_over:
            expect(notes.last).to_contain_text(translated(language, "ends the game"))
        else:
            expect(notes).to_have_count(int(bool(after.deals[-1].result.hanging_out)))
        screen.follow(page.locator("button[name=action][value=save]"), MATCH_PAGE)
        expect_score(screen, after, language, teams)
        assert after.dealer == (before.dealer + 1) % 4  # the dealer moves on, as shown
    assert match.deals.count() == len(deals)
    return after


def the_classic_match_went_as_planned(classic: engine.Match):
    results = [deal.result for deal in classic.deals]
    assert [r.outcome for r in results] == ["made", "litige", "inside", "made"]
    assert classic.deals[1].hanging and not classic.deals[2].hanging  # waited, then taken
    assert classic.winner is A and classic.totals.a >= 501


def the_coinche_match_went_as_planned(coinche: engine.Match):
    results = [deal.result for deal in coinche.deals]
    assert [r.outcome for r in results] == ["made", "made", None, "failed"]
    assert results[1].capot is A and results[3].multiplier == 2
    assert coinche.winner is A and coinche.totals.a >= 701


MATCHES = {
    "classic": (CLASSIC, CLASSIC_DEALS, the_classic_match_went_as_planned),
    "coinche": (COINCHE, COINCHE_DEALS, the_coinche_match_went_as_planned),
}
# Each game is played once, one with JavaScript and the other without, in the languages of the
# tables that play them (Ukrainian and Russian). Each language's texts on every French page, with
# and without a script, are tests/e2e/test_french_screens.py's; a French deal entered with and
# without a script, test_french_games.py's and test_deal_taps.py's.
PLAYS = [
    pytest.param("classic", True, "uk", id="classic-js-uk"),
    pytest.param("coinche", False, "ru", id="coinche-no-js-ru"),
]


@pytest.mark.parametrize(("game", "javascript", "language"), PLAYS)
def test_a_classic_match_to_501_or_a_coinche_match_to_701_on_a_phone(
    new_context, game, javascript, language
):
    game, deals, went_as_planned = MATCHES[game]
    context = new_context("phone", locale=language, java_script_enabled=javascript)
    screen = Screen(context.new_page(), "phone")
    went_as_planned(play_match(screen, language, javascript, game, deals))


def test_a_typical_deal_takes_at_most_6_taps_and_3_digits(new_context, client_for_setup):
    """Classic: the taker, the trumps, the card points; contrée: the bid, the bidders, the
    trumps, the card points. Counted from the deal page opening to the tap on Save."""
    screen = CountingScreen(new_context("phone", locale="bg").new_page(), "phone")
    page = screen.page
    typical = {
        "classic": engine.ClassicDeal(B, S.HEARTS, engine.CardPoints(B, 92)),
        "contree": engine.ContreeDeal(A, 110, S.SPADES, card_points=engine.CardPoints(A, 124)),
    }
    counted = {}
    for name, deal in typical.items():
        game = engine.GAMES[name]
        match = create_french_match(client_for_setup, name)
        screen.goto(f"/m/{match.scorer_key}/deal/")
        screen.reset()
        enter_french(screen, deal, bidding=name == "contree", declares=False)
        screen.follow(page.locator("button[name=action][value=save]"), MATCH_PAGE)
        counted[name] = (screen.taps, screen.keys)
        expected = game.fold_match(match.profile, match.first_dealer, [deal])
        expect(screen.totals()).to_have_text([str(expected.totals.a), str(expected.totals.b)])
    for taps, keys in counted.values():
        assert taps <= 6 and 2 <= len(keys) <= 3 and keys.isdigit(), counted
