"""The admin login's throttle (django-axes), set up so that it slows guessers, not the admin.

axes counts failed logins per username *and* address (settings.AXES_LOCKOUT_PARAMETERS): after
AXES_FAILURE_LIMIT wrong passwords that pair waits ADMIN_COOLOFF before it may try again. Other
people behind the same address (a café, a carrier's NAT) and the same account from elsewhere are
not affected. The real admin is not even affected at that address: a browser where the account
has been signed in before carries a signed cookie (a "device cookie") and is never locked out.
"""

from django.conf import settings
from django.core import signing
from django.shortcuts import render

DEVICE_COOKIE = "admin_device"
DEVICE_SALT = "belot_site.admin_login.device"
DEVICE_AGE = 365 * 24 * 60 * 60


def _device_user(request) -> str | None:
    """The account this browser has been signed in to, from its signed cookie."""
    try:
        return signing.loads(
            request.COOKIES.get(DEVICE_COOKIE, ""), salt=DEVICE_SALT, max_age=DEVICE_AGE
        )
    except signing.BadSignature:
        return None


def known_device(request, credentials) -> bool:
    """AXES_WHITELIST_CALLABLE: a login attempt from a browser this account has used."""
    username = (credentials or {}).get("username")
    return bool(username) and _device_user(request) == username


def locked_out(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: the translated page for a locked-out username and address."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    response = render(request, "admin_locked.html", {"minutes": minutes}, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response


class KnownDeviceMiddleware:
    """Give a browser signed in to the admin its device cookie (or renew it)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not request.path_info.startswith("/admin/"):
            return response
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated and user.is_staff
        if signed_in and _device_user(request) != user.get_username():
            response.set_cookie(
                DEVICE_COOKIE,
                signing.dumps(user.get_username(), salt=DEVICE_SALT),
                max_age=DEVICE_AGE,
                path="/admin/",
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Strict",
            )
        return response
