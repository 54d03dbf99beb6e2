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
            "visitor's address, e.g. HTTP_X_REAL_IP (nginx: proxy_set_header X-Real-IP "
            "$remote_addr;), or DJANGO_PROXY_SSL_HEADER=0 if no proxy is in front.",
            id="calculator.W001",
        )
    ]
