"""Who is asking: the visitor's address, for the limits on wrong match links and admin logins.

Behind a proxy every request comes from the proxy. DJANGO_CLIENT_IP_HEADER names the header in
which the proxy passes the visitor's address; without it the address is REMOTE_ADDR: behind a
proxy, then, everyone shares one address, and the system check calculator.W001 says so.

Only what the proxy wrote counts, and a request where that header is not what a proxy writes is
refused (400, :class:`ProxyHeaderMiddleware`). How each header is read:

- ``HTTP_FORWARDED`` (RFC 7239, ``Forwarded: for=203.0.113.9``): one element, its ``for``. The
  name has no dash, so no header a client sends can stand in for it: granian folds ``X_Real_IP``
  and ``X-Real-IP`` (and every spelling with ``_`` for ``-``) into one WSGI variable, the one that
  came last winning, and nothing in the request then tells them apart. For ``X-Real-IP`` or
  ``X-Forwarded-For`` the proxy must drop header names with underscores itself (nginx does by
  default; Caddy: ``request_header -*_*``).
- ``HTTP_X_FORWARDED_FOR``: its last address, the one the proxy added; whatever a client put
  before it is ignored.
- any other header, such as ``HTTP_X_REAL_IP``: one address.

A header that arrived twice (granian joins repeated headers with commas), a second Forwarded
element, or anything that is not an address is refused.

The limits count an IPv6 visitor by its /64, not by its whole address (:func:`counted_as`).
"""

import ipaddress
import logging

from django.conf import settings
from django.shortcuts import render
from django.utils.log import log_response

log = logging.getLogger(__name__)
_warned = []


def proxy_header() -> str:
    """The configured header, or "" when the address is REMOTE_ADDR itself."""
    header = settings.CLIENT_IP_HEADER
    return "" if header in ("", "REMOTE_ADDR") else header


def _forwarded_for(value: str) -> str:
    """The ``for`` of a Forwarded header's only element, without quotes or port."""
    if "," in value:
        return ""
    for pair in value.split(";"):
        name, _equals, found = pair.partition("=")
        if name.strip().lower() != "for":
            continue
        found = found.strip().strip('"')
        if found.startswith("["):  # "[2001:db8::1]:4711"
            return found[1:].partition("]")[0]
        if found.count(":") == 1:  # 192.0.2.43:4711
            return found.partition(":")[0]
        return found
    return ""


def address_in(header: str, value: str) -> str | None:
    """The visitor's address as the proxy wrote it in ``header``; None if it is not one."""
    if header == "HTTP_FORWARDED":
        found = _forwarded_for(value)
    elif header == "HTTP_X_FORWARDED_FOR":
        found = value.split(",")[-1]
    else:
        found = value
    try:
        return str(ipaddress.ip_address(found.strip()))
    except ValueError:
        return None


def client_address(request) -> str:
    header = proxy_header()
    if header and header in request.META:
        address = address_in(header, request.META[header])
        if address:
            return address
    elif not header and "HTTP_X_FORWARDED_FOR" in request.META and not _warned:
        _warned.append(True)  # once per process: the log is not to fill up with it
        log.warning(
            "Requests carry X-Forwarded-For, but DJANGO_CLIENT_IP_HEADER is not set: every "
            "visitor behind the proxy counts as one address for the wrong-link and login limits."
        )
    return request.META.get("REMOTE_ADDR", "")


# An IPv6 subscriber is given a /64 (or more) and its devices pick their addresses in it at will,
# a new one a day or a connection (RFC 8981): counted by whole address, one phone would be 2^64
# visitors. So every limit counts an IPv6 address by its /64.
IPV6_COUNTED_PREFIX = 64


def counted_as(address: str) -> str:
    """The address a limit counts for ``address``: an IPv4 address itself; an IPv4-mapped IPv6
    address (``::ffff:192.0.2.1``, a dual-stack socket's IPv4 client) as its IPv4 address; any
    other IPv6 address as the first address of its /64 (``2001:db8:1:2::``: still an address,
    which is what django-axes keeps). Anything else, as it is."""
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return address
    if found.version == 6 and found.ipv4_mapped is not None:
        return str(found.ipv4_mapped)
    if found.version == 6:
        network = ipaddress.IPv6Network((found, IPV6_COUNTED_PREFIX), strict=False)
        return str(network.network_address)
    return str(found)


def counted_address(request) -> str:
    """Who the limits count (wrong keys, imports, the admin's password: AXES_CLIENT_IP_CALLABLE):
    the visitor's address, an IPv6 one by its /64."""
    return counted_as(client_address(request))


class ProxyHeaderMiddleware:
    """400 for a request whose configured address header is not one address the proxy wrote:
    it arrived twice, or holds something else. A proxy set up as the README says never sends
    that; a client trying to be counted as someone else does."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        header = proxy_header()
        if not header or header not in request.META:
            return self.get_response(request)
        if address_in(header, request.META[header]) is not None:
            return self.get_response(request)
        response = render(request, "400.html", status=400)
        message = "Bad Request (%s is not one address the proxy wrote): %s"
        log_response(message, header, request.path, response=response, request=request)
        return response
