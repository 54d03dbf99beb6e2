"""The site's own settings, plus what the load benchmark and the fault test need.

The server runs with DJANGO_SETTINGS_MODULE=benchmarks.bench_settings: everything comes from
belot_site.settings (and so from the environment), with two differences. The URLs add a bare
view to measure the pages against (benchmarks/bench_urls.py). And with BENCH_PLAIN_STATIC set,
static files are not collected first: pages link their plain addresses, which is all the fault
test needs (the load benchmark collects them into a temporary DJANGO_STATIC_ROOT instead).
"""

import os

from belot_site.settings import *  # noqa: F403
from belot_site.settings import STORAGES

ROOT_URLCONF = "benchmarks.bench_urls"

if os.environ.get("BENCH_PLAIN_STATIC"):
    STORAGES = {
        **STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
