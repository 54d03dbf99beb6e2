"""Template filters of the calculator's pages."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

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
