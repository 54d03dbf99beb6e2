"""
WSGI config for belot_site project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os
import sys

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belot_site.settings")

application = get_wsgi_application()

# After Django is set up: watchers' polls are answered in front of it (calculator/shared/polls.py).
from belot_site.environ import RequestOnly  # noqa: E402
from calculator.shared.polls import FastPolls  # noqa: E402

application = RequestOnly(FastPolls(application))

# How long a thread may hold the GIL while another waits for it (Python's default: 5 ms). A
# watcher's poll needs it a few times, for a fraction of a millisecond each; while a page was
# being rendered in another thread of the same worker, it waited 5 ms each time. At 1 ms the
# polls' p95 at 2,000 watchers fell from 35 to 68 ms to 14 to 26 ms; under a full load of
# closed-loop clients, the pages lost about a tenth of their throughput (docs/performance.md,
# "Watchers" and "Load").
sys.setswitchinterval(0.001)
