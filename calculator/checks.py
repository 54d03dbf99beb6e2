from django.conf import settings
from django.core.checks import Tags, Warning, register

from belot_site.clients import proxy_header


@register(Tags.security, deploy=True)
def client_address_behind_a_proxy(app_configs, **kwargs):
    """Production sits behind a proxy (it trusts its X-Forwarded-Proto): without the header that
    carries the visitor's address, every visitor counts as the proxy's one address."""
    behind_a_proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None) is not None
    if not (settings.PRODUCTION and behind_a_proxy) or proxy_header():
        return []
    return [
        Warning(
            "The site is behind a proxy, but DJANGO_CLIENT_IP_HEADER is not set: the limits on "
            "wrong match links and admin logins would count every visitor as one.",
            hint="Set DJANGO_CLIENT_IP_HEADER to the header in which the proxy passes the "
            "visitor's address, e.g. HTTP_FORWARDED (nginx: proxy_set_header Forwarded "
            '"for=$remote_addr";), or DJANGO_PROXY_SSL_HEADER=0 if no proxy is in front.',
            id="calculator.W001",
        )
    ]


@register(Tags.security, deploy=True)
def redirect_the_site_can_follow(app_configs, **kwargs):
    """Without the proxy's X-Forwarded-Proto the site takes every request for plain HTTP: its
    redirect to HTTPS would send each one back to itself."""
    if not settings.SECURE_SSL_REDIRECT or getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        return []
    return [
        Warning(
            "DJANGO_SSL_REDIRECT is on but DJANGO_PROXY_SSL_HEADER is off: the site cannot tell "
            "HTTPS from plain HTTP and would redirect every request to itself.",
            hint="Let the proxy redirect plain HTTP (DJANGO_SSL_REDIRECT=0), or have it set "
            "X-Forwarded-Proto and turn DJANGO_PROXY_SSL_HEADER back on.",
            id="calculator.W002",
        )
    ]
