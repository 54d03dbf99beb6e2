from django.shortcuts import redirect, render
from django.utils import translation


def language_redirect(request):
    """Send `/` to the visitor's language: cookie, then Accept-Language, then Bulgarian."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        return redirect("home")


def home(request):
    return render(request, "home.html")
