"""The widget templates written as Python (belot_site/renderers.py, PYTHON_TEMPLATES) write what
Jinja2 writes from Django's own templates, to the character: every such template, hostile values
and attributes, groups of options, options in and out of their labels. The pages themselves are
compared with Django's template engine in tests/calculator/test_form_renderer.py."""

import datetime
import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from belot_site.renderers import PYTHON_TEMPLATES, WIDGETS, WidgetRenderer

HOSTILE = "100% <b>{x}</b> \"'& \u202e\u200b"
CHOICES = [
    ("", "—"),
    ("a", HOSTILE),
    (HOSTILE, "plain"),
    (3, gettext_lazy("Contract")),
    ("safe", mark_safe("<i>safe</i>")),
]
GROUPED = [(HOSTILE, [("x", "X"), ("y", HOSTILE)]), ("z", "Z"), ("Group", [(1, "one")])]
ATTRS = {
    "class": HOSTILE,
    "required": True,
    "disabled": False,
    "maxlength": 40,
    "data-x": mark_safe("&amp;"),
    "aria-label": gettext_lazy("Card points"),
}


class JinjaOnly(WidgetRenderer):
    """The renderer as it was: every template rendered by Jinja2."""

    def render(self, template_name, context, request=None):
        return super(WidgetRenderer, self).render(template_name, context, request)


WIDGET_CASES = [
    (forms.TextInput(attrs=ATTRS), HOSTILE),
    (forms.TextInput(), None),
    (forms.TextInput(), ""),
    (forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*"}), 97),
    (forms.NumberInput(), "<b>9</b>"),
    (forms.EmailInput(attrs=ATTRS), HOSTILE),
    (forms.URLInput(), "https://example.org/?a=1&b=<2>"),
    (forms.PasswordInput(render_value=True), HOSTILE),
    (forms.PasswordInput(), HOSTILE),
    (forms.HiddenInput(), HOSTILE),
    (forms.DateInput(attrs={"type": "date"}), datetime.date(2026, 12, 2)),
    (forms.DateTimeInput(), datetime.datetime(2026, 12, 2, 3, 4)),
    (forms.TimeInput(), datetime.time(3, 4)),
    (forms.CheckboxInput(attrs=ATTRS), True),
    (forms.CheckboxInput(), False),
    (forms.FileInput(), None),
    (forms.Textarea(attrs=ATTRS), HOSTILE),
    (forms.Textarea(), ""),
    (forms.Textarea(), "\nfirst line\nsecond"),
    (forms.Select(choices=CHOICES, attrs=ATTRS), HOSTILE),
    (forms.Select(choices=CHOICES), 3),
    (forms.Select(choices=GROUPED), "y"),
    (forms.Select(choices=[]), None),
    (forms.SelectMultiple(choices=CHOICES), ["a", HOSTILE]),
    (forms.NullBooleanSelect(), None),
    (forms.RadioSelect(choices=CHOICES, attrs=ATTRS), "a"),
    (forms.RadioSelect(choices=CHOICES), None),
    (forms.RadioSelect(choices=GROUPED), "x"),
    (forms.CheckboxSelectMultiple(choices=CHOICES, attrs={"id": HOSTILE}), ["a", "safe"]),
    (forms.CheckboxSelectMultiple(choices=GROUPED), [1]),
]


def test_the_python_templates_are_those_of_inputs_options_and_selects():
    for name in PYTHON_TEMPLATES:
        assert name.startswith(WIDGETS), name
    assert f"{WIDGETS}clearable_file_input.html" not in PYTHON_TEMPLATES
    assert f"{WIDGETS}multiwidget.html" not in PYTHON_TEMPLATES


@pytest.mark.parametrize(("widget", "value"), WIDGET_CASES)
def test_a_widget_is_written_as_jinja2_writes_it(widget, value):
    name = f"field_{HOSTILE}"
    written = widget.render(name, value, attrs={"id": "id_x"}, renderer=WidgetRenderer())
    expected = widget.render(name, value, attrs={"id": "id_x"}, renderer=JinjaOnly())
    assert written == expected
    assert widget.template_name in PYTHON_TEMPLATES


@pytest.mark.parametrize(
    ("widget", "value"), [case for case in WIDGET_CASES if getattr(case[0], "choices", None)]
)
@pytest.mark.parametrize("wrap_label", [True, False])
def test_each_option_is_written_as_jinja2_writes_it_in_its_label_or_not(widget, value, wrap_label):
    """A radio option or checkbox on its own, as a chip's template writes it
    (``{{ choice.tag }}``: BoundWidget.tag, outside its label)."""
    context = widget.get_context("name", value, {"id": "id_x", "required": True})
    options = [
        option for _group, group, _index in context["widget"]["optgroups"] for option in group
    ]
    assert options
    for option in options:
        option = {**option, "wrap_label": wrap_label}
        template = option["template_name"]
        written = WidgetRenderer().render(template, {"widget": option})
        assert written == JinjaOnly().render(template, {"widget": option})


@pytest.mark.parametrize(("widget", "value"), WIDGET_CASES)
def test_and_as_djangos_template_engine_writes_it_but_for_white_space(widget, value):
    written = widget.render("name", value, renderer=WidgetRenderer())
    django = widget.render("name", value, renderer=DjangoTemplates())
    assert spaced(written) == spaced(django)


def spaced(html: str) -> str:
    """Django's widget templates end in a line break, which Jinja2 leaves out: a select's
    options are not separated by empty lines, an option's input is followed by a space, not a
    line break, and a closing </label> by its </div> (the same to a browser)."""
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html))


def test_a_template_it_does_not_write_is_rendered_by_jinja2():
    widget = forms.SplitDateTimeWidget()
    value = datetime.datetime(2026, 12, 2, 3, 4)
    written = widget.render("when", value, renderer=WidgetRenderer())
    assert written == widget.render("when", value, renderer=JinjaOnly())
    assert 'name="when_0"' in written
    assert widget.template_name not in PYTHON_TEMPLATES


def test_a_select_whose_options_it_does_not_write_is_rendered_by_jinja2():
    widget = forms.Select(choices=CHOICES)
    widget.option_template_name = f"{WIDGETS}multiwidget.html"  # any template not written
    written = widget.render("name", "a", renderer=WidgetRenderer())
    assert written == widget.render("name", "a", renderer=JinjaOnly())
    assert written.count("\n  ") == len(CHOICES)
