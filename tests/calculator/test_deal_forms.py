"""The deal forms share their declarations' fields (calculator/matches/forms.py, DECLARATION_FIELDS):
what one form leaves out or is told, no other form sees."""

import pytest
from django.utils import translation

from calculator.games.belot.forms import DECLARATION_FIELDS, DealForm
from calculator.games.french.forms import FrenchDealForm
from calculator.models import Match
from tests.calculator.test_match_of_a_game import french_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def belot_match():
    return Match.objects.create(team_a="Ние", team_b="Вие")


def test_a_french_form_without_declarations_leaves_belot_s_form_all_of_them(belot_match):
    plain = FrenchDealForm(match=french_match("classic", declarations=False))
    assert not set(DECLARATION_FIELDS) & set(plain.fields)
    form = DealForm(match=belot_match)
    assert set(DECLARATION_FIELDS) <= set(form.fields)
    assert list(form.fields)[-len(DECLARATION_FIELDS) :] == list(DECLARATION_FIELDS)


def test_each_form_is_refused_for_its_own_data_and_labelled_in_its_own_language(belot_match):
    posted = {"result": "played", "double": "none", "bidders": "A", "contract": "hearts"}
    posted["card_points"] = "100"
    refused = DealForm({**posted, "terces_a": "9"}, match=belot_match)
    accepted = DealForm({**posted, "terces_a": "1"}, match=belot_match)
    assert not refused.is_valid() and "terces_a" in refused.errors
    assert accepted.is_valid(), accepted.errors
    assert accepted.deal.declarations_a.sequences
    labels = {}
    for language in ("bg", "uk", "ru"):
        with translation.override(language):
            labels[language] = str(DealForm(match=belot_match)["terces_a"].label)
            assert labels[language] == translation.gettext("Terces")
    assert "Terces" not in labels.values() and labels["bg"] != labels["ru"]


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("bg", "Точките от картите трябва да са между 0 и 162, а не 1000."),
        ("uk", "Очки за карти мають бути від 0 до 162, а не 1000."),
        ("ru", "Очки за карты должны быть от 0 до 162, а не 1000."),
    ],
)
def test_card_points_past_any_deal_get_the_site_s_own_message(belot_match, language, message):
    # Up to 999 the engine said this; from 1000 a bound of the form's own said "at most 999".
    posted = {"result": "played", "double": "none", "bidders": "A", "contract": "hearts"}
    for points in ("170", "1000", "123456789012"):
        with translation.override(language):
            form = DealForm({**posted, "card_points": points}, match=belot_match)
            assert not form.is_valid()
            said = [
                str(error).replace("\xa0", " ")
                for errors in form.errors.values()
                for error in errors
            ]
        assert said == [message.replace("1000", points)], said
