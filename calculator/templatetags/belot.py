"""Template filters of the calculator's pages."""

from django import template
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
