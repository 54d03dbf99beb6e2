"""No trumps (SA) and all trumps (TA) in contrée and coinche, through the web: the house rule on
the home page, the deal form that offers them only where the match plays them (no belote in SA,
each team's belotes in TA, card points on 162 or raw), the preview's "why" in bg, uk and ru,
the history and the sheet, a table's figures, the match file; and any SA/TA deal the engine
accepts, filled in as a scorer would, previewed, scored and saved as the engine has it."""

import dataclasses
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator.engine import GAMES, AllPassed, Contre, ContreeDeal, Trumps
from calculator.engine.contree import TARGETS, CardPointsEntry
from calculator.models import Match, Table
from tests.calculator.conftest import current_version, saved_from
from tests.calculator.french import (
    create_french_match,
    french_fields,
    preview_french,
    record_french,
)
from tests.calculator.test_engine_french_properties import (
    contree_profiles,
    no_and_all_trumps_fields,
)
from tests.calculator.test_french_deals import (
    accepted,
    engine_result,
    representable,
    rule_fields,
    scorer_fields,
    shown_result,
    stored,
)
from tests.html import form_data

pytestmark = pytest.mark.django_db

SATA = {"contree_no_and_all_trumps": "true"}


def sata_match(client, game="contree", language="bg", **rules):
    return create_french_match(client, game, language, **SATA, **rules)


def page(client, match) -> str:
    return client.get(f"/m/{match.scorer_key}/deal/").content.decode()


def trump_choices(html: str) -> list[str]:
    return re.findall(r'name="trump" value="(\w+)"', html)


def errors(response) -> str:
    html = response.content.decode()
    return " ".join(re.findall(r'<p class="error" role="alert">([^<]*)</p>', html))


def why(response) -> str:
    html = response.content.decode()
    box = html[html.index('<ol class="steps">') :]
    return box[: box.index("</ol>")].replace("\xa0", " ")


def hidden(response, wrap: str) -> bool:
    tag = re.search(rf'<[^>]* id="{wrap}"[^>]*>', response.content.decode())[0]
    return " hidden" in tag


# The home page's house rules


def test_the_house_rule_is_offered_off_by_default_and_a_match_keeps_its_choices(client):
    html = client.get("/ru/").content.decode()
    for name in ("no_and_all_trumps", "all_trumps_belote", "card_points_entry"):
        assert f'name="contree_{name}"' in html
    plain = create_french_match(client, "coinche")
    assert plain.profile.no_and_all_trumps is False
    match = sata_match(
        client, "coinche", contree_all_trumps_belote="ten_each", contree_card_points_entry="raw"
    )
    assert match.house_rules["no_and_all_trumps"] is True
    assert match.house_rules["all_trumps_belote"] == "ten_each"
    assert match.profile.card_points_entry is CardPointsEntry.RAW


def test_a_table_s_match_takes_the_house_rule_too(client):
    table = Table.objects.create(name="Петък", players=["Ана", "Боян", "Вера", "Гошо"])
    assert (
        'name="contree_no_and_all_trumps"' in client.get(f"/t/{table.keeper_key}/").content.decode()
    )
    client.post(
        f"/t/{table.keeper_key}/match/",
        {"seat_0": "Ана", "seat_1": "Боян", "seat_2": "Вера", "seat_3": "Гошо",
         "first_dealer": "0", "games_to_win": "1", "game": "contree", **SATA},
    )  # fmt: skip
    assert table.matches.get().profile.no_and_all_trumps is True


# The deal form


def test_no_trumps_and_all_trumps_stand_beside_the_suits_only_when_the_match_plays_them(client):
    suits = ["clubs", "diamonds", "hearts", "spades"]
    assert trump_choices(page(client, create_french_match(client, "contree"))) == suits
    assert trump_choices(page(client, create_french_match(client, "classic"))) == suits
    html = page(client, sata_match(client))
    assert trump_choices(html) == [*suits, "no_trumps", "all_trumps"]
    assert "без коз" in html and "всичко коз" in html


def test_a_no_trumps_deal_posted_to_a_match_without_the_house_rule_stores_nothing(client):
    match = create_french_match(client, "contree")
    response = preview_french(client, match, 1, bid="90", trump="no_trumps", card_points="100")
    assert 'name="preview_key"' not in response.content.decode()
    assert errors(response)
    assert not match.deals.exists()


@pytest.mark.parametrize(
    "rule, most", [("any_suit", 4), ("five_each", 4), ("ten_each", 4), ("one_only", 1)]
)
def test_all_trumps_asks_each_team_s_belotes_up_to_the_house_rule(client, rule, most):
    match = sata_match(client, contree_all_trumps_belote=rule)
    html = page(client, match)
    for team in ("a", "b"):
        assert re.search(rf'name="belots_{team}"[^>]* max="{most}"', html)
    # Hidden until all trumps is chosen; the belote-rebelote's choice is hidden in SA and TA.
    response = preview_french(client, match, 1, bid="80", trump="hearts", card_points="100")
    assert hidden(response, "wrap-all-trumps-belotes") and not hidden(response, "wrap-belote")
    for trump, shows in (("all_trumps", True), ("no_trumps", False)):
        response = preview_french(client, match, 1, bid="80", trump=trump, card_points="100")
        assert hidden(response, "wrap-all-trumps-belotes") is not shows
        assert hidden(response, "wrap-belote")


def test_all_trumps_without_belote_asks_none(client):
    html = page(client, sata_match(client, contree_all_trumps_belote="none"))
    assert 'name="belots_a"' not in html and "wrap-all-trumps-belotes" not in html


def test_all_trumps_belotes_are_split_between_the_teams_and_each_counts(client):
    match = sata_match(client, contree_all_trumps_belote="ten_each")
    fields = {"bid": "100", "trump": "all_trumps", "card_points": "100", "belots_a": "2"}
    response = preview_french(client, match, 1, **fields, belots_b="1")
    result = GAMES["contree"].score_deal(
        ContreeDeal(
            **{**_deal(fields), "declarations_a": _belotes(2), "declarations_b": _belotes(1)}
        ),
        match.profile,
    )
    assert shown_result(response)["written"] == (result.written.a, result.written.b)
    assert "2 × 10 = +20" in why(response)


def _deal(fields):
    from calculator.engine import CardPoints, Team

    return {
        "taker": Team.A,
        "bid": int(fields["bid"]),
        "trump": Trumps(fields["trump"]),
        "card_points": CardPoints(Team.A, int(fields["card_points"])),
    }


def _belotes(count):
    from calculator.engine import TeamDeclarations

    return TeamDeclarations(belots=count)


def test_no_trumps_reads_no_belote_even_if_one_was_ticked_before(client):
    match = sata_match(client)
    response = preview_french(
        client, match, 1, bid="90", trump="no_trumps", card_points="100", belote="A"
    )
    assert "Белот-ребелот" not in why(response)
    assert shown_result(response)["written"] == (190, 60)  # 100 + 90; 62 to the nearest ten


@pytest.mark.parametrize(
    "rule, fields, msgid, values",
    [
        (
            "any_suit",
            {"belots_a": "3", "belots_b": "2"},
            "All trumps has at most four belots, one per suit (you entered %(count)s).",
            {"count": 5},
        ),
        (
            "one_only",
            {"belots_a": "1", "belots_b": "1"},
            "This match counts at most one belote-rebelote in all trumps, by its house rule "
            "(you entered %(count)s).",
            {"count": 2},
        ),
    ],
)
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_too_many_belotes_are_refused_in_the_visitor_s_language(
    client, rule, fields, msgid, values, language
):
    match = sata_match(client, language=language, contree_all_trumps_belote=rule)
    with translation.override(language):
        response = client.post(
            f"/m/{match.scorer_key}/deal/",
            {**french_fields(1, bid="100", trump="all_trumps", card_points="100", **fields),
             "version": current_version(match), "action": "preview"},
        )  # fmt: skip
        assert escape(gettext(msgid) % values) in response.content.decode()
    assert not match.deals.exists()


def test_whose_sequence_was_in_trumps_is_refused_without_a_trump_suit(client):
    match = sata_match(client, "coinche")
    response = preview_french(
        client, match, 1, bid="100", trump="no_trumps", card_points="100", terces_a="1",
        terces_b="1", sequence_in_trumps="A",
    )  # fmt: skip
    with translation.override("bg"):
        expected = gettext(
            "In no trumps no suit is trumps, and in all trumps every suit is: equal sequences "
            "cancel each other, so leave whose sequence was in trumps empty."
        )
    assert escape(expected) in response.content.decode()


# Raw card points


RAW = [
    ("no_trumps", "100", 125, "Raw, out of 130"),
    ("all_trumps", "150", 94, "Raw, out of 258"),
]


@pytest.mark.parametrize("trump, raw, converted, help_start", RAW)
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_raw_card_points_are_converted_and_the_why_says_how(
    client, trump, raw, converted, help_start, language
):
    match = sata_match(client, language=language, contree_card_points_entry="raw")
    response = client.post(
        f"/m/{match.scorer_key}/deal/",
        {**french_fields(1, bid="100", trump=trump, card_points=raw),
         "version": current_version(match), "action": "preview"},
    )  # fmt: skip
    html = response.content.decode()
    total = 130 if trump == "no_trumps" else 258
    with translation.override(language):
        help_text = next(
            gettext(msgid)
            for msgid in (
                "Raw, out of 130, last trick included: aces 11, tens 10, kings 4, queens 3, "
                "jacks 2. The site converts them to 162.",
                "Raw, out of 258, last trick included: jacks 20, nines 14, aces 11, tens 10, "
                "kings 4, queens 3. The site converts them to 162.",
            )
            if msgid.startswith(help_start)
        )
    assert escape(help_text) in html
    steps = why(response)
    assert f"{raw} × 162 / {total} = {converted}" in steps
    assert f"{162 - converted}" in steps
    assert "Card points counted raw" not in steps  # translated


def test_on_162_the_help_and_the_points_are_a_suit_s(client):
    match = sata_match(client)
    response = preview_french(client, match, 1, bid="100", trump="all_trumps", card_points="100")
    assert "× 162 /" not in why(response)
    with translation.override("bg"):
        assert escape(gettext("Of 162, last trick included (10 for the last trick).")) in (
            response.content.decode()
        )


# History, sheet, figures, file


def _play(client, match, deals):
    """Each deal filled in, previewed and saved; the preview shows the engine's figures."""
    for index, deal in enumerate(deals):
        preview = record_french(client, match, index + 1, **sata_scorer_fields(deal))
        assert shown_result(preview) == engine_result(match.fold(deals[: index + 1]).deals[-1])
    assert stored(match) == deals


def _deals():
    from calculator.engine import CardPoints, Team, TeamDeclarations

    return [
        ContreeDeal(Team.A, 100, Trumps.NO, card_points=CardPoints(Team.A, 100)),
        ContreeDeal(
            Team.B, 120, Trumps.ALL, card_points=CardPoints(Team.B, 60),
            declarations_a=TeamDeclarations(belots=1), declarations_b=TeamDeclarations(belots=2),
        ),
    ]  # fmt: skip


def test_history_sheet_figures_and_file_of_a_no_trumps_and_all_trumps_match(client):
    table = Table.objects.create(name="Петък", players=["Ана", "Боян", "Вера", "Гошо"])
    client.post(
        f"/t/{table.keeper_key}/match/",
        {"seat_0": "Ана", "seat_1": "Боян", "seat_2": "Вера", "seat_3": "Гошо",
         "first_dealer": "0", "games_to_win": "1", "game": "contree", **SATA},
    )  # fmt: skip
    match = table.matches.get()
    deals = _deals()
    _play(client, match, deals)

    for url in (f"/m/{match.watch_key}/", f"/m/{match.watch_key}/sheet/"):
        html = client.get(url).content.decode()
        assert "100\u00a0БК" in html and "120\u00a0ВК" in html
    # A player's page lists the contracts without one trump suit (Ана and Вера: team A).
    player = client.get(f"/t/{table.view_key}/player/0/").content.decode()
    assert "Без коз" in player and "Всичко коз" in player
    figures = client.get(f"/t/{table.view_key}/stats.json").content.decode()
    assert '"taken_no_trumps": 1' in figures and '"made_no_trumps": 1' in figures
    assert '"taken_all_trumps": 1' in figures
    csv = b"".join(client.get(f"/t/{table.view_key}/deals.csv").streaming_content).decode()
    assert ",A,no_trumps,none,made," in csv and ",B,all_trumps,none," in csv

    data = json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)
    assert data["profile"]["no_and_all_trumps"] is True
    upload = SimpleUploadedFile("m.json", json.dumps(data).encode(), "application/json")
    response = client.post("/uk/match/import/", {"file": upload})
    assert response.status_code == 302, response.content.decode()[:3000]
    copy = Match.objects.get(scorer_key=response["Location"].split("/")[2])
    assert copy.profile == match.profile and stored(copy) == deals


def test_an_older_file_without_the_house_rule_imports_with_it_off(client):
    match = create_french_match(client, "coinche")
    data = json.loads(client.get(f"/m/{match.scorer_key}/export.json").content)
    for key in ("no_and_all_trumps", "all_trumps_belote", "card_points_entry"):
        data["profile"].pop(key)
    upload = SimpleUploadedFile("m.json", json.dumps(data).encode(), "application/json")
    response = client.post("/bg/match/import/", {"file": upload})
    assert response.status_code == 302
    copy = Match.objects.get(scorer_key=response["Location"].split("/")[2])
    assert copy.profile.no_and_all_trumps is False


# Any SA/TA deal: the form filled as a scorer would, preview = engine = saved


def sata_scorer_fields(deal) -> dict:
    """``scorer_fields`` for SA and TA: all trumps' belotes are each team's count."""
    fields = scorer_fields(deal)
    fields.pop("belote", None)
    if deal.trump is Trumps.ALL:
        fields |= {
            "belots_a": deal.declarations_a.belots,
            "belots_b": deal.declarations_b.belots,
        }
    return fields


@st.composite
def sata_cases(draw):
    game = draw(st.sampled_from(["contree", "coinche"]))
    profile = draw(contree_profiles(game == "coinche", no_and_all_trumps=True))
    profile = dataclasses.replace(profile, target=draw(st.sampled_from(TARGETS)))  # offered
    fields = draw(no_and_all_trumps_fields(game == "coinche", profile))
    bid = draw(st.sampled_from([80, 90, 100, 110, 120, 130, 140, 150, 160, 250]))
    deal = ContreeDeal(bid=bid, contre=draw(st.sampled_from(Contre)), **fields)
    return game, profile, representable(deal)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(case=sata_cases())
def test_any_no_trumps_or_all_trumps_deal_is_previewed_and_saved_as_the_engine_scores_it(
    client, case
):
    game, profile, deal = case
    assume(accepted(game, deal, profile))
    match = create_french_match(client, game, **rule_fields(game, profile))
    assert match.profile == profile
    url = f"/m/{match.scorer_key}/deal/"
    fields = french_fields(1, **sata_scorer_fields(deal))
    preview = client.post(url, {**fields, "version": current_version(match), "action": "preview"})
    assert shown_result(preview) == engine_result(match.fold([deal]).deals[-1])
    assert client.post(url, {**fields, **saved_from(preview)}).status_code == 302
    assert stored(match) == [deal]
    # Opened for correction and saved unchanged.
    url = f"{url}1/"
    shown = form_data(client.get(url).content)
    preview = client.post(url, {**shown, "action": "preview"})
    assert client.post(url, {**shown, **saved_from(preview)}).status_code == 302
    assert stored(match) == [deal]
    assert not isinstance(deal, AllPassed)
