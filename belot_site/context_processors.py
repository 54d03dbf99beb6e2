from urllib.parse import urlencode

from django.conf import settings
from django.urls import reverse, translate_url
from django.utils.translation import get_language, get_language_info


def _url_in(path: str, code: str) -> str:
    translated = translate_url(path, code)
    if translated != path or path.startswith(f"/{code}/"):
        return translated
    # A page without a language in its address (a match link) keeps its address.
    return reverse("language-switch", args=[code]) + "?" + urlencode({"next": path}, safe="/")


def languages(request):
    """The switcher's links and the hreflang alternates: this same page in every language."""
    path = request.get_full_path()
    current = get_language()
    links = []
    for code, _name in settings.LANGUAGES:
        url = _url_in(path, code)
        links.append(
            {
                "code": code,
                "name": get_language_info(code)["name_local"].capitalize(),
                "url": url,
                "absolute_url": request.build_absolute_uri(url),
                "current": code == current,
            }
        )
    localized = not any("?next=" in link["url"] for link in links)
    return {"language_links": links, "language_alternates": links if localized else []}
