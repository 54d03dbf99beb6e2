from urllib.parse import urlencode

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.urls import reverse, translate_url
from django.utils.translation import get_language, get_language_info


def _url_in(path: str, code: str) -> str:
    translated = translate_url(path, code)
    if translated != path or path.startswith(f"/{code}/"):
        return translated
    # A page without a language in its address (a match link) keeps its address.
    return reverse("language-switch", args=[code]) + "?" + urlencode({"next": path}, safe="/")


def _host_allowed(request) -> bool:
    """False on the 400 page for a Host the site does not serve: its links stay relative, since
    building an absolute one would refuse that Host again (and end in a server error)."""
    try:
        request.get_host()
    except DisallowedHost:
        return False
    return True


def languages(request):
    """The switcher's links and the hreflang alternates: this same page in every language."""
    path = request.get_full_path()
    current = get_language()
    absolute = _host_allowed(request)
    links = []
    for code, _name in settings.LANGUAGES:
        url = _url_in(path, code)
        links.append(
            {
                "code": code,
                "name": get_language_info(code)["name_local"].capitalize(),
                "url": url,
                "absolute_url": request.build_absolute_uri(url) if absolute else "",
                "current": code == current,
            }
        )
    localized = absolute and not any("?next=" in link["url"] for link in links)
    return {"language_links": links, "language_alternates": links if localized else []}
