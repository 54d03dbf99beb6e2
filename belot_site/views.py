from django.conf import settings
from django.http import Http404
from django.shortcuts import redirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme


def language_redirect(request):
    """Send `/` to the visitor's language: cookie, then Accept-Language, then Bulgarian."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        return redirect("home")


def language_switch(request, code):
    """Switch the language of a page whose address has no language in it (a match link)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    target = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = f"/{code}/"
    response = redirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, code, max_age=settings.LANGUAGE_COOKIE_AGE, samesite="Lax"
    )
    return response
