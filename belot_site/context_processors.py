from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info


def languages(request):
    """The switcher's links and the hreflang alternates: this same page in every language."""
    path = request.get_full_path()
    current = get_language()
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        links.append(
            {
                "code": code,
                "name": info["name_local"].capitalize(),
                "url": translate_url(path, code),
                "absolute_url": request.build_absolute_uri(translate_url(path, code)),
                "current": code == current,
            }
        )
    return {"language_links": links}
