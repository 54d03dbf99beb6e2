"""Template filters of the calculator's pages."""

import html

from django import template
from django.template.base import render_value_in_context
from django.utils.functional import Promise
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from calculator.shared.questions import is_question, only_questions

register = template.Library()


@register.filter
def asks_only(field) -> bool:
    """Whether the field's only errors are the engine's questions: it is not marked invalid
    (its question, in the box of its errors, gives it a notice's colours)."""
    return only_questions(field)


def shown(value, context) -> str:
    """``{{ value }}`` as the template writes it (``render_value_in_context``); a text, which is
    most of what these tags write, escaped at once: the same string in a third of the calls
    (a text is neither a time to localize nor a number to format)."""
    if context.autoescape:
        if isinstance(value, Promise):
            value = str(value)
        if type(value) is str:
            return html.escape(value)
        if type(value) is SafeString:
            return value
    return render_value_in_context(value, context)


@register.filter(is_safe=True)
def end_sentence(text: str) -> str:
    """A sentence that ends in a name cut short ("Мария-Антоанета…") ends with its "…": no
    full stop after it ("…." read as a typo)."""
    if text.endswith("…."):
        cut = text[:-1]
        return SafeString(cut) if isinstance(text, SafeString) else cut
    return text


# How a language writes a share in per cent: Bulgarian with a no-break space before the sign, as
# its orthography asks ("55 %"); Ukrainian and Russian, as their readers write it on a page like
# this, without one ("55%"). docs/terms.md, "Numbers and signs".
PERCENT = {"bg": "{}\u00a0%"}


@register.filter
def isolated(name) -> SafeString:
    """A name (user text) in a sentence, isolated (<bdi>): a right-to-left one would otherwise
    carry the numbers and signs beside it over to its side ("Winner: <name>, 2:1")."""
    return format_html("<bdi>{}</bdi>", name)


@register.filter
def percent(value) -> str:
    """A share in per cent as the active language writes it: ``{{ 55|percent }}``."""
    return PERCENT.get(get_language(), "{}%").format(value)


EMPTY_ERRORS = '<div class="field-errors" id="errors-{}" data-live="swap"></div>\n'


@register.simple_tag
def field_errors(field) -> SafeString:
    """A field's errors, in the box the live preview swaps by its id (``errors-<name>``): one
    tag rather than a template included some 30 times a deal page (the same HTML, line break
    included). Most fields have none: their empty box is written without an empty error list
    made for them (``field.errors`` makes one each time it is asked)."""
    if not field.form.errors.get(field.name):
        return SafeString(EMPTY_ERRORS.format(html.escape(field.html_name)))
    # A question the engine asks (a top card) in the neutral style, not as a mistake.
    errors = (
        ("question", "status", message) if is_question(error) else ("error", "alert", message)
        for error in field.form.errors[field.name].as_data()
        for message in error
    )
    lines = format_html_join("", '<p class="{}" role="{}">{}</p>', errors)
    box = '<div class="field-errors" id="errors-{}" data-live="swap">{}</div>\n'
    return format_html(box, field.html_name, lines)


@register.simple_tag(takes_context=True)
def chips(context, field) -> SafeString:
    """A choice field's options as chips, each input in a label with its text: one tag rather
    than a template loop over the 30 options of a deal page. The same HTML as the loop
    ``{% for choice in field %}<label class="chip" for="{{ choice.id_for_label }}">{{ choice.tag
    }}<span>{{ choice.choice_label }}</span></label>{% endfor %}``: each value is written as
    the template writes it (``shown``)."""
    return mark_safe(
        "".join(
            f'<label class="chip" for="{shown(choice.id_for_label, context)}">'
            f"{shown(choice.tag(), context)}<span>{shown(choice.choice_label, context)}</span>"
            "</label>"
            for choice in field
        )
    )


@register.simple_tag(takes_context=True)
def stepper(context, field, one_more, one_less) -> SafeString:
    """A count with + above and − below it, in this order for the keyboard too: one tag rather
    than a template included 8 times a deal page. The buttons need js/deal.js, so they show
    only where scripts run (.script-only); without, the number is typed. ``one_more`` and
    ``one_less`` are the buttons' words ("One more:"), translated once by the template."""
    label = shown(field.label, context)
    step = '<button type="button" class="step script-only" data-step="{}" aria-label="{} {}">'
    more = step.format("1", shown(one_more, context), label)
    less = step.format("-1", shown(one_less, context), label)
    return mark_safe(
        f'<div class="stepper">{more}+</button>{shown(field, context)}{less}−</button></div>\n'
    )
