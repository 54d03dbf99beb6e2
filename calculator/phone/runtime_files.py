"""Pyodide, the Python the phone runs the pages in: the npm package's interpreter and standard
library, copied by `make` from node_modules into static/phone/pyodide/ and served from this
site (never from another origin). Without npm the files are not there, and no match page
offers to keep the match on the phone."""

import functools

from django.conf import settings
from django.contrib.staticfiles import finders

RUNTIME = "phone/pyodide/"
# What Pyodide loads, and nothing more of its package (its console pages, its type files).
FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


@functools.cache
def runtime_present() -> bool:
    return all(finders.find(RUNTIME + name) for name in FILES)


def runtime_url() -> str:
    """Where the phone loads Pyodide's files from, by their own names (Pyodide loads them by
    name from beside pyodide.mjs)."""
    return settings.STATIC_URL.rstrip("/") + "/" + RUNTIME
