from django.conf import settings


class RememberLanguageMiddleware:
    """Remember the language of the last page visited, so `/` opens in it next time."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.codes = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        response = self.get_response(request)
        prefix = request.path_info.strip("/").split("/", 1)[0]
        if prefix in self.codes and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != prefix:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                prefix,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite="Lax",
            )
        return response
