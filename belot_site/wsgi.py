"""
WSGI config for belot_site project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belot_site.settings")

application = get_wsgi_application()

# After Django is set up: watchers' polls are answered in front of it (calculator/polls.py).
from calculator.polls import FastPolls  # noqa: E402

application = FastPolls(application)
