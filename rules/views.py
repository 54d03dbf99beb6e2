import re

from django.shortcuts import render
from django.utils.translation import get_language, ngettext

from .models import Section

WORDS_PER_MINUTE = 180


def reading_time(minutes: int) -> str:
    return ngettext(
        "Reading time: %(count)s minute", "Reading time: %(count)s minutes", minutes
    ) % {"count": minutes}


def index(request):
    language = get_language()
    sections = list(Section.objects.all())
    words = 0
    for section in sections:
        # modeltranslation falls back to Bulgarian; the template says so where it did.
        section.fallback = not section.is_translated(language)
        words += len(re.sub(r"<[^>]+>", " ", section.body).split())
    minutes = max(1, round(words / WORDS_PER_MINUTE))
    return render(
        request, "rules/index.html", {"sections": sections, "reading_time": reading_time(minutes)}
    )
