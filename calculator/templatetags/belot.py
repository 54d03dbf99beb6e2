"""Template filters of the calculator's pages."""

from django import template
from django.template.base import render_value_in_context
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter(is_safe=True)
def end_sentence(text: str) -> str:
    """A sentence that ends in a name cut short ("Мария-Антоанета…") ends with its "…": no
    full stop after it ("…." read as a typo)."""
    if text.endswith("…."):
        cut = text[:-1]
        return SafeString(cut) if isinstance(text, SafeString) else cut
    return text


@register.simple_tag
def field_errors(field) -> SafeString:
    """A field's errors, in the box the live preview swaps by its id (``errors-<name>``): one
    tag rather than a template included some 30 times a deal page (the same HTML, line break
    included)."""
    errors = ((error,) for error in field.errors)
    lines = format_html_join("", '<p class="error" role="alert">{}</p>', errors)
    box = '<div class="field-errors" id="errors-{}" data-live="swap">{}</div>\n'
    return format_html(box, field.html_name, lines)


@register.simple_tag(takes_context=True)
def chips(context, field) -> SafeString:
    """A choice field's options as chips, each input in a label with its text: one tag rather
    than a template loop over the 30 options of a deal page. The same HTML as the loop
    ``{% for choice in field %}<label class="chip" for="{{ choice.id_for_label }}">{{ choice.tag
    }}<span>{{ choice.choice_label }}</span></label>{% endfor %}``: each value is written as
    the template writes it (``render_value_in_context``)."""

    def shown(value) -> str:
        return render_value_in_context(value, context)

    return mark_safe(
        "".join(
            f'<label class="chip" for="{shown(choice.id_for_label)}">{shown(choice.tag())}'
            f"<span>{shown(choice.choice_label)}</span></label>"
            for choice in field
        )
    )
