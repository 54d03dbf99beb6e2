"""The language a match's pages speak. Their addresses (/m/<key>/) have no language in them, so
a watcher who opens the link sees the match in a language they read: theirs if the site speaks it
(their choice, the language cookie, else their browser's Accept-Language), else the language the
match was started in, not the site's default."""

from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

SPOKEN = {code for code, _name in settings.LANGUAGES}


def visitor_language(request) -> str | None:
    """The visitor's language if the site speaks it: the one they chose (the cookie), else the
    first their browser accepts that the site speaks; None when neither is one of the site's."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen in SPOKEN:
        return chosen
    for accepted, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
        if accepted == "*":
            break
        try:
            return translation.get_supported_language_variant(accepted)
        except LookupError:
            continue
    return None


def speak_match_language(request, match) -> None:
    """Make the page of ``match`` speak the visitor's language, or else the match's."""
    language = visitor_language(request) or match.language
    if language in SPOKEN and language != translation.get_language():
        translation.activate(language)
        request.LANGUAGE_CODE = language
