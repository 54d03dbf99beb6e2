from functools import lru_cache
from urllib.parse import urlencode

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.urls import get_script_prefix, get_urlconf, reverse, translate_url
from django.utils.translation import get_language, get_language_info

# The addresses kept are those of pages up to this long: a longer one (a query string of its
# own) is translated each time, so that no visitor can make the store large.
KEPT_PATH_MAX = 200


def _url_in(path: str, code: str) -> str:
    """The page at ``path`` in the language ``code``. Every page links to itself in the three
    languages, and working that out (the address resolved, then reversed) was some 500 Python
    calls a page: it is kept for the last addresses, by what it depends on (the address, the
    language now, the URLconf and the script prefix)."""
    if len(path) > KEPT_PATH_MAX:
        return _translated(path, code)
    return _kept(path, code, get_language(), get_urlconf(), get_script_prefix())


@lru_cache(maxsize=1024)
def _kept(path: str, code: str, _language: str, _urlconf, _prefix: str) -> str:
    return _translated(path, code)


def _translated(path: str, code: str) -> str:
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
