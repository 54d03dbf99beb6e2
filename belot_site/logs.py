"""No match key in any log line: a scorer's key is the right to change a match.

Keys show up in paths (``/m/<key>/…``, also URL-encoded in a ``?next=``), in Referers that carry
such paths, and in the recent-matches cookie. Every one is replaced by a tag, ``~`` and the first
six hex digits of the key's SHA-256: enough to tell the requests of one link apart in a log,
useless to open the match. Django's log lines go through :class:`MaskMatchKeys` (settings.LOGGING);
gunicorn's access and error logs through :class:`GunicornLogger` (gunicorn.conf.py).

This module is imported by gunicorn's master before Django is set up: no Django imports here.
"""

import hashlib
import logging
import re

from gunicorn.glogging import Logger

# A path segment after /m/ or /t/ (a table's key; or their URL-encoded form), up to the next
# delimiter; and the value of the cookie that lists a browser's recent matches.
KEYS = re.compile(r"(/[mt]/|%2F[mt]%2F)([^/\s?#&%\"'<>\\]+)|(recent_matches=)([^;\s\"']+)", re.I)


def _tag(key: str) -> str:
    return "~" + hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:6]


def _mask(found: re.Match) -> str:
    if found.group(1):
        return found.group(1) + _tag(found.group(2))
    return found.group(3) + ".".join(_tag(key) for key in found.group(4).split("."))


def mask_keys(text: str) -> str:
    return KEYS.sub(_mask, text)


class MaskMatchKeys(logging.Filter):
    """Replace the match keys in a record's message and traceback (the record is changed for
    every handler after this one: none of them should see a key either)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = mask_keys(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_keys(record.exc_text)
        if record.stack_info:
            record.stack_info = mask_keys(record.stack_info)
        return True


class GunicornLogger(Logger):
    """gunicorn's own logger, with the keys masked in its access and error logs, and no line
    for the load balancer's health checks (every few seconds, forever)."""

    def access(self, resp, req, environ, request_time):
        if environ.get("PATH_INFO") == "/healthz":
            return
        super().access(resp, req, environ, request_time)

    def setup(self, cfg):
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            if not any(isinstance(f, MaskMatchKeys) for f in log.filters):
                log.addFilter(MaskMatchKeys())
