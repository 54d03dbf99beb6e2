"""Any deal the engine accepts goes through the deal form as a scorer fills it in, unchanged.

For random deals, profiles and matches (hypothesis): the scorer fills in the form
(tests/calculator/scorer.py), answers the top-card question if the preview asks one (never the
same one twice), and the preview shows exactly the engine's result for the deal (what each team
writes, the totals, the hanging points, the end of the game); Save stores exactly the deal the
scorer entered, and opening it for correction and saving again changes nothing.

BELOT_ROUND_TRIP_PROFILE=thorough runs many more examples (docs/deal-entry.md).
"""

import dataclasses
import os
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator import engine
from calculator.models import Deal
from tests.calculator.conftest import all_passed, create_match, current_version, saved_from
from tests.calculator.scorer import entered_deal, form_fields, top_answer
from tests.calculator.test_engine_properties import inside_deals, played_deals, profiles
from tests.html import form_data

pytestmark = pytest.mark.django_db

settings.register_profile(
    "round-trip",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.register_profile(
    "round-trip-thorough",
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
THOROUGH = os.environ.get("BELOT_ROUND_TRIP_PROFILE") == "thorough"
ROUND_TRIP = settings.get_profile("round-trip-thorough" if THOROUGH else "round-trip")
# 81 to 81 in hearts: a tie, whose 8 points hang for the next deal's winner.
TIE = engine.PlayedDeal(engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 81))
MATCHES = settings(ROUND_TRIP, max_examples=max(ROUND_TRIP.max_examples // 3, 15))


# Made once, not inside every draw (test_engine_properties.py says why).
PLAYED_OR_INSIDE = st.one_of(played_deals(), inside_deals())


@st.composite
def known_deals(draw, profile=None):
    """A played or inside deal as a table knows it; some top cards left open, as the engine
    allows (a top card matters only when sequences tie). Given a ``profile``, a deal is left
    open only where that profile's engine accepts it so."""
    deal = draw(PLAYED_OR_INSIDE)

    def some_open(declared):
        kept = tuple(
            engine.Sequence(s.length) if draw(st.booleans()) else s for s in declared.sequences
        )
        return dataclasses.replace(declared, sequences=kept)

    partial = dataclasses.replace(
        deal,
        declarations_a=some_open(deal.declarations_a),
        declarations_b=some_open(deal.declarations_b),
    )
    return deal if profile and not accepted(partial, profile) else partial


def accepted(deal, profile, hanging=0) -> bool:
    try:
        engine.score_deal(deal, profile, hanging)
    except engine.DealError:
        return False
    return True


def new_match(client, profile, first_dealer=0):
    return create_match(
        client,
        first_dealer=str(first_dealer),
        target=str(profile.target),
        declaration_comparison=profile.declaration_comparison.value,
        contra_tie=profile.contra_tie.value,
        capot_cannot_end_game="on" if profile.capot_cannot_end_game else "",
        no_trumps_capot_doubled="on" if profile.no_trumps_capot_doubled else "",
    )


def shown_tops(html: str) -> set[str]:
    found = re.findall(r'id="wrap-(\w+_top_[ab])" data-live="state"( hidden)?>', html)
    return {name for name, hidden in found if not hidden}


def enter(client, url: str, deal, number: int, version: int):
    """Fill in the form of the deal page made from the match's ``version`` as the scorer would
    and preview it; answer the top-card questions the preview asks. Returns the last preview
    and everything posted."""
    fields, tops = {**form_fields(deal, number), "version": version}, {}
    for _question in range(2):
        preview = client.post(url, {**fields, **tops, "action": "preview"})
        assert preview.status_code == 200
        asked = shown_tops(preview.content.decode()) - set(tops)
        if not asked:
            return preview, {**fields, **tops}
        assert not tops, f"asked again after the answer: {asked}"
        tops = {field: top_answer(deal, field) for field in asked}
    raise AssertionError("the preview kept asking")


def shown_result(preview) -> dict:
    """What the preview says will be recorded."""
    html = preview.content.decode()
    assert 'name="preview_key"' in html, "the preview refused the deal"
    box = html[html.index('<div id="preview"') :]
    box = box[: box.index("</div>")]
    rows = re.findall(r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td>', box)
    hanging = re.search(r'<p class="hanging-note">\D*(\d+)', box)
    return {
        "written": tuple(int(value.lstrip("+")) for value in rows[0]),
        "totals": tuple(int(value) for value in rows[1]),
        "hanging": int(hanging[1]) if hanging else 0,
        "game_over": 'class="game-over"' in box,
    }


def engine_result(played: engine.MatchDeal) -> dict:
    return {
        "written": (played.result.written.a, played.result.written.b),
        "totals": (played.totals.a, played.totals.b),
        "hanging": played.result.hanging_out,
        "game_over": played.game_over,
    }


def stored(match) -> list[engine.Deal]:
    return [engine.deal_from_dict(data) for data in match.deals.values_list("data", flat=True)]


def save_through_the_form(client, match, deal, number, earlier):
    """Enter, preview, compare with the engine, save; returns the deal the form stored."""
    url = f"/m/{match.scorer_key}/deal/"
    preview, posted = enter(client, url, deal, number, current_version(match))
    expected = engine.fold_match(match.profile, match.first_dealer, [*earlier, deal])
    assert shown_result(preview) == engine_result(expected.deals[-1])
    response = client.post(url, {**posted, **saved_from(preview)})
    assert response.status_code == 302, response.content.decode()[-3000:]
    saved = stored(match)[-1]
    tops = {name: value for name, value in posted.items() if "_top_" in name}
    assert saved == entered_deal(deal, tops)
    # The form expressed it without loss: the deal saved scores as the deal at the table.
    again = engine.fold_match(match.profile, match.first_dealer, [*earlier, saved])
    assert engine_result(again.deals[-1]) == engine_result(expected.deals[-1])
    return saved


def correct_unchanged(client, match, number):
    """Open deal ``number`` for correction and save it as the form shows it."""
    url = f"/m/{match.scorer_key}/deal/{number}/"
    before = Deal.objects.get(match=match, number=number).data
    shown = form_data(client.get(url).content)
    preview = client.post(url, {**shown, "action": "preview"})
    assert shown_tops(preview.content.decode()) <= {name for name in shown if "_top_" in name}
    response = client.post(url, {**shown, **saved_from(preview)})
    assert response.status_code == 302
    assert Deal.objects.get(match=match, number=number).data == before


@ROUND_TRIP
@given(deal=known_deals(), profile=profiles, hanging_first=st.booleans())
def test_any_deal_the_engine_accepts_is_previewed_and_saved_as_the_engine_scores_it(
    client, deal, profile, hanging_first
):
    assume(accepted(deal, profile))
    match = new_match(client, profile)
    earlier = []
    if hanging_first:
        earlier.append(save_through_the_form(client, match, TIE, 1, []))
    save_through_the_form(client, match, deal, len(earlier) + 1, earlier)
    correct_unchanged(client, match, len(earlier) + 1)


@st.composite
def matches(draw):
    """(profile, first dealer, deals): a match as a table plays it, all passed now and then."""
    profile = draw(profiles)
    deal = st.one_of(known_deals(profile), st.just(engine.AllPassed()))
    return profile, draw(st.integers(0, 3)), draw(st.lists(deal, min_size=1, max_size=12))


@MATCHES
@given(match=matches())
def test_whole_matches_through_the_forms_show_the_engines_score(client, match):
    profile, first_dealer, deals = match
    match = new_match(client, profile, first_dealer)
    entered = []
    for number, deal in enumerate(deals, start=1):
        if isinstance(deal, engine.AllPassed):
            assert all_passed(client, match, number).status_code == 302
            entered.append(deal)
        else:
            entered.append(save_through_the_form(client, match, deal, number, entered))
    assert stored(match) == entered
    expected = engine.fold_match(profile, first_dealer, deals)
    page = client.get(f"/m/{match.scorer_key}/").content.decode()
    totals = [int(value) for value in re.findall(r'<span class="points">(\d+)</span>', page)]
    assert totals == [expected.totals.a, expected.totals.b]
    dealer = re.search(r"Раздава: <strong>Играч (\d)</strong>", page)
    assert int(dealer[1]) == expected.dealer + 1
    assert ('class="game-over"' in page) == expected.game_over
    if expected.hanging:
        assert re.search(rf'<p class="hanging-note">{expected.hanging}\D', page)
    folded = engine.fold_match(profile, first_dealer, entered)
    assert (folded.games_won, folded.hanging, folded.totals) == (
        expected.games_won,
        expected.hanging,
        expected.totals,
    )
