"""Who is asking: the visitor's address, for the limits on wrong match links and admin logins.

Behind a proxy every request comes from the proxy. DJANGO_CLIENT_IP_HEADER names the header in
which the proxy passes the visitor's address (the last address in it is the one the proxy saw;
those before it are whatever the client sent). Without it the address is REMOTE_ADDR: behind a
proxy, then, everyone shares one address, and the system check calculator.W001 says so.
"""

import logging

from django.conf import settings

log = logging.getLogger(__name__)
_warned = []


def proxy_header() -> str:
    """The configured header, or "" when the address is REMOTE_ADDR itself."""
    header = settings.CLIENT_IP_HEADER
    return "" if header in ("", "REMOTE_ADDR") else header


def client_address(request) -> str:
    header = proxy_header()
    if header:
        forwarded = request.META.get(header, "").split(",")[-1].strip()
        if forwarded:
            return forwarded
    elif "HTTP_X_FORWARDED_FOR" in request.META and not _warned:
        _warned.append(True)  # once per process: the log is not to fill up with it
        log.warning(
            "Requests carry X-Forwarded-For, but DJANGO_CLIENT_IP_HEADER is not set: every "
            "visitor behind the proxy counts as one address for the wrong-link and login limits."
        )
    return request.META.get("REMOTE_ADDR", "")
