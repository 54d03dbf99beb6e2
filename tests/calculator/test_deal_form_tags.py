"""The deal form's template tags (calculator/templatetags/belot.py) write what the template text
they replace wrote, to the byte: every choice field and every field's errors of a deal form of
each game, empty or filled in with refused input, hostile team names, in three languages."""

import pytest
from django.template import Context, Template
from django.utils import translation

from calculator.games.belot.forms import DealForm
from calculator.games.french.forms import FrenchDealForm
from calculator.models import Match
from tests.calculator.test_match_of_a_game import french_match

# What the tags replaced: a chip loop in _choices.html and _deal_form.html, the template
# _errors.html, once included for every field, and _stepper.html, once included for every
# count of a team's declarations (its buttons' words translated by the tag's template).
CHIP_LOOP = (
    '{% for choice in field %}<label class="chip" for="{{ choice.id_for_label }}">'
    "{{ choice.tag }}<span>{{ choice.choice_label }}</span></label>{% endfor %}"
)
ERRORS = (
    '<div class="field-errors" id="errors-{{ field.html_name }}" data-live="swap">'
    '{% for error in field.errors %}<p class="error" role="alert">{{ error }}</p>{% endfor %}'
    "</div>\n"
)
STEPPER = (
    '{% load i18n %}<div class="stepper"><button type="button" class="step script-only" '
    'data-step="1" aria-label="{% translate "One more:" %} {{ field.label }}">+</button>'
    "{{ field }}"
    '<button type="button" class="step script-only" data-step="-1" aria-label="{% translate '
    '"One less:" %} {{ field.label }}">−</button></div>\n'
)
STEPPER_TAG = (
    '{% load i18n %}{% translate "One more:" as one_more %}{% translate "One less:" as one_less %}'
    "{% stepper field one_more one_less %}"
)
HOSTILE = "100% <b>{x}</b> \"'& \u202e\u200b"
REFUSED = {
    "bidders": "C",
    "contract": "<b>",
    "double": "recontra",
    "card_points": "-5",
    "capot": HOSTILE,
    "terces_a": "9",
    "quartes_b": "x",
    "terce_top_a": "1",
    "carres_b": ["J", "x"],
    "belots_a": "-1",
    "trump": HOSTILE,
    "bid": "85",
    "contre": "contre",
    "belote": "C",
    "result": "inside",
}
FILLED = {"bidders": "A", "contract": "hearts", "trump": "hearts", "card_points": "100"}


def forms_to_check(match: Match):
    form_class = DealForm if match.is_belot else FrenchDealForm
    unbound = form_class(match=match)
    refused, filled = form_class(REFUSED, match=match), form_class(FILLED, match=match)
    refused.is_valid()
    filled.is_valid()
    return [unbound, refused, filled]


def rendered(text: str, field) -> str:
    return Template("{% load belot %}" + text).render(Context({"field": field}))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
@pytest.mark.parametrize("game", ["belot", "classic", "contree", "coinche"])
def test_each_tag_writes_what_the_template_it_replaced_wrote(language, game):
    if game == "belot":
        match = Match.objects.create(team_a=HOSTILE, team_b="Вие")
    else:  # classic belote with its declarations, as coinche always has them
        match = french_match(game, **({"declarations": True} if game == "classic" else {}))
        match.team_a = HOSTILE
    choices = 0
    with translation.override(language):
        for form in forms_to_check(match):
            for field in form:
                assert rendered("{% field_errors field %}", field) == rendered(ERRORS, field)
                if hasattr(field.field, "choices") or hasattr(field.field.widget, "choices"):
                    chips = rendered("{% chips field %}", field)
                    assert chips == rendered(CHIP_LOOP, field)
                    choices += chips.count("<label")
    assert choices > 40


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_the_stepper_writes_what_its_template_wrote(language):
    match = Match.objects.create(team_a=HOSTILE, team_b="Вие")
    steppers = 0
    with translation.override(language):
        for form in forms_to_check(match):
            for team in ("a", "b"):
                fields = form.declaration_fields(team)
                for field in [*fields["counts"], fields["belots"]]:
                    written = rendered(STEPPER_TAG, field)
                    assert written == rendered(STEPPER, field)
                    steppers += 1
        assert translation.gettext("One more:") in written
    assert steppers == 24
