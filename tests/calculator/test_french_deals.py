"""Classic belote, contrée and coinche through the web: a match made with the game and its house
rules, deals entered as a scorer fills the form, the preview, the engine and what is saved
agreeing, and bad input refused in the visitor's language with nothing stored."""

import dataclasses
import re

import pytest
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator.engine import (
    GAMES,
    NO_DECLARATIONS,
    AllPassed,
    CardPoints,
    ClassicDeal,
    ClassicProfile,
    Contre,
    ContreeDeal,
    DealError,
    Sequence,
    Suit,
    Team,
    TeamDeclarations,
    TeamPoints,
    Tie,
)
from calculator.engine.model import CARRE_ORDER
from calculator.models import Deal
from tests.calculator.conftest import current_version, saved_from
from tests.calculator.french import (
    create_french_match,
    french_fields,
    preview_french,
    record_french,
)
from tests.calculator.test_engine_french_examples import CHECKS
from tests.calculator.test_engine_french_properties import french_fields as engine_fields
from tests.html import form_data, read

pytestmark = pytest.mark.django_db

A, B = Team.A, Team.B
KINDS = {3: "terce", 4: "quarte", 5: "quinte"}

# The house rules' fields of the new-match form, by the game whose fieldset holds them.
RULES_OF = {"classic": "classic", "contree": "contree", "coinche": "contree"}


def rule_fields(game: str, profile) -> dict:
    """The new-match form's house rules as a scorer chooses them for ``profile``."""
    rules = RULES_OF[game]
    data = GAMES[game].profile_to_dict(profile)
    return {
        f"{rules}_{name}": str(value).lower() if isinstance(value, bool) else str(value)
        for name, value in data.items()
    }


def scorer_fields(deal) -> dict:
    """The deal form as the scorer fills it in for ``deal`` (an engine value)."""
    if isinstance(deal, AllPassed):
        return {"bid": "passed"}
    fields = {"bidders": deal.taker.value, "trump": deal.trump.value}
    if isinstance(deal, ContreeDeal):
        fields |= {"bid": str(deal.bid), "contre": deal.contre.value}
    if deal.card_points is not None:
        fields |= {
            "points_team": deal.card_points.team.value,
            "card_points": deal.card_points.points,
        }
    if deal.capot is not None:
        fields["capot"] = deal.capot.value
    for team in (A, B):
        declared, suffix = deal.declarations(team), team.field_suffix
        if declared.belots:
            fields["belote"] = team.value
        for length, kind in KINDS.items():
            count = sum(1 for s in declared.sequences if min(s.length, 5) == length)
            fields[f"{kind}s_{suffix}"] = count
        if declared.carres:
            fields[f"carres_{suffix}"] = [carre.rank.value for carre in declared.carres]
    if deal.sequence_in_trumps is not None:
        fields["sequence_in_trumps"] = deal.sequence_in_trumps.value
    return fields


def shown_result(preview) -> dict:
    html = preview.content.decode()
    assert 'name="preview_key"' in html, html[html.find('id="preview"') :][:2000]
    box = html[html.index('<div id="preview"') :]
    box = box[: box.index("</div>")]
    rows = re.findall(r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td>', box)
    waiting = re.search(r'<p class="hanging-note">\D*(\d+)', box)
    return {
        "written": tuple(int(value.lstrip("+")) for value in rows[0]),
        "totals": tuple(int(value) for value in rows[1]),
        "waiting": int(waiting[1]) if waiting else 0,
        "game_over": 'class="game-over"' in box,
    }


def engine_result(played) -> dict:
    return {
        "written": (played.result.written.a, played.result.written.b),
        "totals": (played.totals.a, played.totals.b),
        "waiting": played.result.hanging_out,
        "game_over": played.game_over,
    }


def stored(match):
    return [match.read_deal(data) for data in match.deals.values_list("data", flat=True)]


def save_through_the_form(client, match, deal, earlier):
    """Fill in, preview, compare with the engine, save, and check what was stored."""
    number = len(earlier) + 1
    if isinstance(deal, AllPassed) and match.game == "classic":  # the match page's button
        version = current_version(match)
        client.post(f"/m/{match.scorer_key}/all-passed/", {"number": number, "version": version})
        assert stored(match)[-1] == deal
        return None
    preview = record_french(client, match, number, **scorer_fields(deal))
    expected = match.fold([*earlier, deal])
    assert shown_result(preview) == engine_result(expected.deals[-1])
    assert stored(match)[-1] == deal
    return preview


# 1. Every worked check of french-scoring.md, through the forms


@pytest.mark.parametrize(
    "game, profile, deal, expected", [row[1:5] for row in CHECKS], ids=[row[0] for row in CHECKS]
)
def test_every_worked_check_through_the_form_gives_the_spec_s_figures(
    client, game, profile, deal, expected
):
    match = create_french_match(client, game, **rule_fields(game, profile))
    assert match.game == game and match.profile == profile
    preview = save_through_the_form(client, match, deal, [])
    assert shown_result(preview)["written"] == expected


def test_a_litige_waits_on_the_match_page_and_goes_to_the_next_winner(client):
    match = create_french_match(client, "classic")
    save_through_the_form(client, match, ClassicDeal(A, Suit.SPADES, CardPoints(A, 81)), [])
    page = read(client.get(f"/m/{match.scorer_key}/").content.decode())
    assert "81 точки от спорно раздаване висят" in page
    later = ClassicDeal(B, Suit.CLUBS, CardPoints(B, 100))
    preview = save_through_the_form(client, match, later, stored(match))
    assert shown_result(preview)["totals"] == (62, 262)
    why = preview.content.decode().replace("\u00a0", " ")  # (the sentences tie their spaces)
    assert "спечели раздаването и взима и висящите 81 точки" in why


def test_the_why_links_to_the_french_chapters_of_the_rules(client):
    match = create_french_match(client, "coinche")
    fields = scorer_fields(
        ContreeDeal(
            A,
            80,
            Suit.HEARTS,
            card_points=CardPoints(A, 99),
            declarations_a=TeamDeclarations(belots=1),
        )
    )
    html = read(preview_french(client, match, 1, **fields).content.decode()).replace("\u00a0", " ")
    assert "Обява: 80 купа, отбор „Ние“." in html
    assert "Белот-ребелот за отбор „Ние“: +20." in html
    for anchor in ("contree-bidding", "contree-belote", "contree-requirement", "contree-rounding"):
        assert f'/bg/rules/#{anchor}"' in html


def test_a_whole_coinche_game_to_701_with_dealers_and_the_winner(client):
    match = create_french_match(client, "coinche", games_to_win=2)
    deals = [
        ContreeDeal(A, 160, Suit.HEARTS, card_points=CardPoints(A, 150)),
        AllPassed(),
        ContreeDeal(B, 100, Suit.SPADES, card_points=CardPoints(B, 40)),
        ContreeDeal(A, 250, Suit.CLUBS, capot=A),
    ]
    for index, deal in enumerate(deals):
        save_through_the_form(client, match, deal, deals[:index])
    fold = GAMES["coinche"].fold_match(match.profile, 0, deals, 2)
    assert fold.game_over and fold.winner is A and fold.games_won.a == 1
    html = read(client.get(f"/m/{match.scorer_key}/").content.decode())
    shown = [int(value) for value in re.findall(r'<span class="points">(\d+)</span>', html)]
    assert shown == [fold.totals.a, fold.totals.b]
    assert "Победител в игра 1: отбор „Ние“" in html
    assert 'class="game-name">Контре с анонси (coinche)<' in html


def test_equal_totals_after_an_inside_taker_s_belote_alone_show_the_defence_as_the_winner(client):
    """Classic belote to 501, rounded, ties made, no declarations: at 500 : 360 "Ние" take, have
    34 card points and the belote and are inside: 520 : 520. "Ние" are over the target only by
    their belote in a lost deal, "Вие" reached it: the preview, the match page and the sheet
    give "Вие" the game."""
    profile = ClassicProfile(rounding=True, tie=Tie.MADE, declarations=False)
    match = create_french_match(client, "classic", **rule_fields("classic", profile))
    belote = TeamDeclarations(belots=1)

    def takes(points, declared=NO_DECLARATIONS):
        return ClassicDeal(A, Suit.HEARTS, CardPoints(A, points), declarations_a=declared)

    deals = [takes(60), takes(85), takes(105), takes(125), takes(145, belote), takes(34, belote)]
    for index, deal in enumerate(deals[:-1]):
        save_through_the_form(client, match, deal, deals[:index])
    assert match.fold(deals[:-1]).totals == TeamPoints(500, 360)

    preview = save_through_the_form(client, match, deals[-1], deals[:-1])

    shown = shown_result(preview)
    assert shown["written"] == (20, 160) and shown["totals"] == (520, 520) and shown["game_over"]
    assert "Победител: отбор „Вие“." in read(preview.content.decode())
    expected = "Победител в игра 1: отбор „Вие“. Другият отбор стига целта само благодарение"
    for page in (f"/m/{match.scorer_key}/", f"/m/{match.watch_key}/sheet/"):
        html = read(client.get(page).content.decode()).replace("\u00a0", " ")
        assert expected in html, page
        assert "преднина" not in html  # no "ahead by 0 points"


def test_correcting_and_undoing_work_as_for_belot(client):
    match = create_french_match(client, "contree")
    first = ContreeDeal(A, 90, Suit.HEARTS, card_points=CardPoints(A, 100))
    save_through_the_form(client, match, first, [])
    url = f"/m/{match.scorer_key}/deal/1/"
    shown = form_data(client.get(url).content)
    assert shown["bid"] == "90" and shown["card_points"] == "100"
    shown["card_points"] = "60"
    preview = client.post(url, {**shown, "action": "preview"})
    response = client.post(url, {**shown, **saved_from(preview)})
    assert response.status_code == 302
    assert stored(match) == [dataclasses.replace(first, card_points=CardPoints(A, 60))]
    client.post(
        f"/m/{match.scorer_key}/all-passed/", {"number": 2, "version": current_version(match)}
    )
    assert Deal.objects.filter(match=match).count() == 2
    client.post(f"/m/{match.scorer_key}/undo/", {"version": current_version(match)})
    assert Deal.objects.filter(match=match).count() == 1


def test_a_save_from_a_page_older_than_the_match_is_refused(client):
    match = create_french_match(client, "classic")
    url = f"/m/{match.scorer_key}/deal/"
    fields = french_fields(1, card_points=100)
    preview = client.post(url, {**fields, "version": 0, "action": "preview"})
    match.version += 1  # another phone wrote meanwhile
    match.save(update_fields=["version"])
    response = client.post(url, {**fields, **saved_from(preview)})
    assert response.status_code == 200  # shown again, to check and save again
    assert not Deal.objects.exists()


# 2. Bad input: a clear message in the visitor's language, nothing stored


def translated(msgid: str, **values) -> dict[str, str]:
    """A message as each language's visitor reads it, taken from the translations: what the
    test proves is that it is translated and shown, not its wording."""
    found = {}
    for language in ("bg", "uk", "ru"):
        with translation.override(language):
            found[language] = gettext(msgid) % values
        assert found[language] != msgid % values, (language, "left in English")
    return found


BAD = {
    "bid of 85": (
        {"bid": "85", "card_points": "100"},
        translated("A bid is 80 to 160 in tens, or capot: %(bid)s is not one.", bid=85),
    ),
    "card points over 162": (
        {"bid": "80", "card_points": "163"},
        {
            "bg": "Точките от картите трябва да са между 0 и 162, а не 163.",
            "uk": "Очки за карти мають бути від 0 до 162, а не 163.",
            "ru": "Очки за карты должны быть от 0 до 162, а не 163.",
        },
    ),
    "card points of 1000": (
        {"bid": "80", "card_points": "1000"},
        {
            "bg": "Точките от картите трябва да са между 0 и 162, а не 1000.",
            "uk": "Очки за карти мають бути від 0 до 162, а не 1000.",
            "ru": "Очки за карты должны быть от 0 до 162, а не 1000.",
        },
    ),
    "card points of 161": (
        {"bid": "80", "card_points": "161"},
        {
            "bg": "При купа един отбор не може да има 161 точки от картите.",
            "uk": "У контракті «чирви» жоден набір карт не дає 161.",
            "ru": "В контракте «червы» никакой набор карт не даёт 161.",
        },
    ),
    "card points of 1": (
        {"bid": "80", "card_points": "1"},
        {
            "bg": "При купа един отбор не може да има 1 точки от картите.",
            "uk": "жоден набір карт не дає 1.",
            "ru": "никакой набор карт не даёт 1.",
        },
    ),
    "a contre on an all-passed deal": (
        {"bid": "passed", "contre": "contre"},
        translated("All four passed: nobody could say contra. Choose a bid, or no contra."),
    ),
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_is_refused_in_the_visitor_s_language_and_nothing_is_stored(
    client, language, case
):
    fields, messages = BAD[case]
    match = create_french_match(client, "coinche", language=language)
    url = f"/m/{match.scorer_key}/deal/"
    data = {**french_fields(1, **fields), "version": 0}
    preview = client.post(url, {**data, "action": "preview"})
    html = preview.content.decode()
    assert 'name="preview_key"' not in html
    errors = re.findall(r'<ul class="errors">(.*?)</ul>', html.replace("\xa0", " "), re.S)
    assert errors and escape(messages[language].replace("\xa0", " ")) in errors[0], errors
    saved = client.post(url, {**data, "action": "save", "preview_key": "0" * 20})
    assert saved.status_code == 400
    assert not Deal.objects.exists()


CAPOT_HELP = {
    "bg": "При капо точките от картите са ясни (252 на 0): написаното в полето не се брои.",
    "uk": "За капо очки за карти відомі й так (252 і 0): те, що в полі, не зараховується.",
    "ru": "Капо само даёт очки за карты (252\u00a0и\u00a00): то, что в поле, не учитывается.",
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("game", ["classic", "contree", "coinche"])
def test_card_points_typed_before_a_capot_was_chosen_are_not_read(client, game, language):
    """140 typed, then a capot tapped: a capot gives the card points itself, so the box does
    not matter (the page's script turns it off; without one the server leaves it out). The
    evening's coinche form refused it ("leave the card points empty", "1 error")."""
    match = create_french_match(client, game, language=language)
    fields = {"points_team": "A", "card_points": "140", "capot": "B"}
    if game != "classic":
        fields["bid"] = "100"
    preview = preview_french(client, match, 1, **fields)
    assert preview.status_code == 200
    assert CAPOT_HELP[language] in preview.content.decode()
    deal = (
        ClassicDeal(A, Suit.HEARTS, capot=B)
        if game == "classic"
        else ContreeDeal(A, 100, Suit.HEARTS, capot=B)
    )
    expected = match.fold([deal]).deals[-1]
    assert shown_result(preview) == engine_result(expected)
    record_french(client, match, 1, **fields)
    assert stored(match) == [deal]  # what the engine scored: no card points with the capot
    # and without a capot the box is read again, its help the usual one
    again = preview_french(client, match, 2, **{**fields, "capot": ""})
    assert CAPOT_HELP[language] not in again.content.decode()
    assert 'name="preview_key"' in again.content.decode()


def test_a_bid_is_chosen_with_big_buttons_not_a_dropdown(client):
    match = create_french_match(client, "contree")
    html = client.get(f"/m/{match.scorer_key}/deal/").content.decode()
    bids = re.findall(r'type="radio" name="bid" value="(\w+)"', html)
    assert bids == ["passed", "80", "90", "100", "110", "120", "130", "140", "150", "160", "250"]
    assert '<select name="bid"' not in html
    assert 'name="terces_a"' not in html  # contrée plays no declarations but the belote


# 3. Any valid deal: the form filled as a scorer would, preview = engine = saved


def representable(deal):
    """``deal`` as the form can say it: five or more in a row as five, the longest first, no
    top cards (the engine must not need them: then the preview asks none), carrés strongest
    first."""

    def plain(declared):
        lengths = sorted((min(s.length, 5) for s in declared.sequences), reverse=True)
        sequences = tuple(Sequence(length) for length in lengths)  # the form's order
        carres = tuple(sorted(declared.carres, key=lambda carre: CARRE_ORDER.index(carre.rank)))
        return TeamDeclarations(sequences, carres, declared.belots)

    return dataclasses.replace(
        deal,
        declarations_a=plain(deal.declarations_a),
        declarations_b=plain(deal.declarations_b),
        sequence_in_trumps=None,
    )


@st.composite
def french_cases(draw):
    game = draw(st.sampled_from(["classic", "contree", "coinche"]))
    engine_game = GAMES[game]
    choices = {switch.name: switch.choices for switch in engine_game.switches}
    profile = dataclasses.replace(
        engine_game.default_profile,
        **{name: draw(st.sampled_from(values)) for name, values in choices.items()},
    )
    declares = game == "coinche" or (game == "classic" and profile.declarations)
    fields = draw(engine_fields(declares))
    if game == "classic":
        deal = ClassicDeal(**fields)
    else:
        bid = draw(st.sampled_from([80, 90, 100, 110, 120, 130, 140, 150, 160, 250]))
        contre = draw(st.sampled_from(Contre))
        deal = ContreeDeal(bid=bid, contre=contre, **fields)
    deal = draw(st.one_of(st.just(representable(deal)), st.just(AllPassed())))
    return game, profile, deal


def accepted(game, deal, profile) -> bool:
    try:
        GAMES[game].score_deal(deal, profile)
    except DealError:
        return False
    return True


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(case=french_cases())
def test_any_french_deal_is_previewed_and_saved_as_the_engine_scores_it(client, case):
    game, profile, deal = case
    assume(accepted(game, deal, profile))
    match = create_french_match(client, game, **rule_fields(game, profile))
    save_through_the_form(client, match, deal, [])
    if not isinstance(deal, AllPassed):  # opened for correction and saved unchanged
        url = f"/m/{match.scorer_key}/deal/1/"
        shown = form_data(client.get(url).content)
        preview = client.post(url, {**shown, "action": "preview"})
        assert client.post(url, {**shown, **saved_from(preview)}).status_code == 302
        assert stored(match) == [deal]


def test_a_french_match_s_sheet_table_statistics_and_csv_open(client):
    from calculator.models import Table

    table = Table.objects.create(name="Петък", players=["Ана", "Боян", "Вера", "Гошо"])
    client.post(
        f"/t/{table.keeper_key}/match/",
        {"seat_0": "Ана", "seat_1": "Боян", "seat_2": "Вера", "seat_3": "Гошо",
         "first_dealer": "0", "games_to_win": "1", "game": "classic"},
    )  # fmt: skip
    match = table.matches.get()
    deals = [ClassicDeal(A, Suit.SPADES, CardPoints(A, 81)), AllPassed()]
    for index, deal in enumerate(deals):
        save_through_the_form(client, match, deal, deals[:index])
    assert client.get(f"/m/{match.watch_key}/sheet/").status_code == 200
    assert client.get(f"/m/{match.watch_key}/").status_code == 200
    assert client.get(f"/t/{table.keeper_key}/").status_code == 200
    assert client.get(f"/t/{table.view_key}/stats.json").status_code == 200
    csv = b"".join(client.get(f"/t/{table.view_key}/deals.csv").streaming_content).decode()
    assert ",A,spades,none,litige," in csv
