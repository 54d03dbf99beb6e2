"""No match key in any log line: a scorer's key is the right to change a match.

Keys show up in paths (``/m/<key>/…``, ``/t/<key>/…``, ``/tn/<key>/…``), in query strings (the
new-table page's ``?match=<scorer key>``), URL-encoded in a ``?next=`` (once or more), in
Referers that carry any of these, and in the cookies of recent matches, tables and tournaments.
Every one is replaced by a tag, ``~`` and the first six hex digits of the key's SHA-256: enough
to tell the requests of one link apart in a log, useless to open the match.

An address can be written so that no rule about where a key stands finds it (``?m%61tch=<key>``,
``/m/./<key>/``, ``/bg/?<key>``, ``?q=x&<key>=1``), so in every address of a line (a request
line, a Referer, a path in a message: :data:`ADDRESS`) a key is found by its shape alone: any
run of at least ``KEY_LEAST`` key characters, each as it is or percent-encoded, whatever stands
around it, is masked, but for the site's own long words (:data:`READABLE`). Django's log lines go
through :class:`MaskMatchKeys` (settings.LOGGING), and so do the server's access and error logs
(:func:`server_logging`, belot_site/serve.py).

This module is imported by the server's main process before Django is set up: no Django imports.
"""

import hashlib
import logging
import re
import threading
import time
from urllib.parse import unquote

# What secrets.token_urlsafe makes (calculator.shared.access.KEY_SHAPE, which needs Django).
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _encoded(*hex_codes: str) -> str:
    """A byte percent-encoded once or more (%2F, %252F, ...), one of ``hex_codes``."""
    return r"%(?>(?:25)*)(?:" + "|".join(hex_codes) + ")"


SLASH = rf"(?:/|{_encoded('2F')})"
# The runs below repeat greedily (+), not possessively (++): nothing follows them in a pattern,
# so they never give anything back, and Python 3.11.2 (Debian 12's) matches a possessive repeat
# of these groups wrongly (a segment "abc%2F" where 3.11.7 finds "abc"; tests/test_logs.py).
# A path segment, up to the next delimiter (/ ? # & =, also encoded); its bytes may be encoded.
# One that starts with ~ is a tag already: a line masked twice keeps its tags.
SEGMENT = r"(?!~)(?:[^/\s?#&%\"'<>\\]|%(?>(?:25)*)(?!2F|3F|23|26|3D)[0-9A-F]{2})+"
# A parameter of a query string, up to its value: ?name= or &name=, also encoded.
PARAMETER = rf"(?:[?&]|{_encoded('3F', '26')})[\w.-]{{1,40}}(?:=|{_encoded('3D')})"
# The characters of a key, also encoded (digits, letters, - and _).
KEY_CHARS = (
    rf"(?:[\w-]|{_encoded('3[0-9]', '4[1-9A-F]', '5[0-9AF]', '6[1-9A-F]', '7[0-9A]', '2D')})+"
)

KEYS = re.compile(
    rf"(?P<path>{SLASH}(?:[mt]|tn){SLASH})(?P<segment>{SEGMENT})"
    rf"|(?P<parameter>{PARAMETER})(?P<value>{KEY_CHARS})"
    r"|(?P<cookie>recent_(?:matches|tables|tournaments)=)(?P<keys>[^;\s\"']+)",
    re.IGNORECASE | re.ASCII,
)


# A key by its shape, wherever it stands in an address: KEY_LEAST or more key characters in a row
# (as few as shared/access.py's KEY_SHAPE takes), each as it is or percent-encoded once or more.
KEY_LEAST = 16
# (A percent-encoded character that is no key character is taken whole: "%20" ends a run, and its
# "20" does not start one.)
KEY_RUN = re.compile(rf"(?P<run>{KEY_CHARS})|{_encoded('[0-9A-F]{2}')}", re.IGNORECASE | re.ASCII)
# An address in a line: a path or a query string, or an absolute URL (its scheme and host are left
# as they are), after a space, a quote, a bracket, "=", "," or ":" (not in "Mozilla/5.0"). A
# traceback's file names are no address and stay readable.
ADDRESS = re.compile(
    r"""(?P<file>File "[^"\n]*")"""
    r"""|(?<![^\s"'(\[<=,:])(?P<origin>[a-z][a-z0-9+.-]*://[^/\s"'<>?#]*)?"""
    r"""(?P<rest>(?(origin)[^\s"'<>]*|[/?][^\s"'<>]*))""",
    re.IGNORECASE | re.ASCII,
)
# The words of KEY_LEAST letters or more in the site's own addresses (routes, static files, the
# admin's models and parameters), left readable: a key is random and never one of them.
# tests/test_logs.py checks that every such word of the site is here.
READABLE = frozenset(
    {
        "accessfailurelog",
        "_changelist_filters",
        "DateTimeShortcuts",
        "RelatedObjectLookups",
        "clearable_inputs",
        "icon-unknown-alt",
        "modeltranslation",
        "prepopulate_init",
        "tabbed_translation_fields",
        "tooltag-arrowright",
        "unusable_password_field",
    }
)


def _decoded(text: str) -> str:
    for _level in range(5):
        text, before = unquote(text), text
        if text == before:
            break
    return text


def _tag(key: str) -> str:
    return "~" + hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:6]


def _mask(found: re.Match) -> str:
    if found["path"]:
        return found["path"] + _tag(_decoded(found["segment"]))
    if found["parameter"]:
        key = _decoded(found["value"])
        return found["parameter"] + (_tag(key) if KEY_SHAPE.fullmatch(key) else found["value"])
    return found["cookie"] + ".".join(_tag(key) for key in found["keys"].split("."))


def _mask_run(found: re.Match) -> str:
    key = _decoded(found["run"] or "")
    return found[0] if len(key) < KEY_LEAST or key in READABLE else _tag(key)


def mask_address(address: str) -> str:
    """Every run of key characters in ``address`` that could be a key, as its tag."""
    return KEY_RUN.sub(_mask_run, address)


def _mask_address(found: re.Match) -> str:
    if found["file"]:
        return found["file"]
    return (found["origin"] or "") + mask_address(found["rest"])


def mask_keys(text: str) -> str:
    return ADDRESS.sub(_mask_address, KEYS.sub(_mask, text))


class MaskMatchKeys(logging.Filter):
    """Replace the match keys in a record's message and traceback (the record is changed for
    every handler after this one: none of them should see a key either)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        # Django's request lines name the path decoded: "/m/%20<key>" is written "/m/ <key>",
        # where no address starts. The request's path is one address, whatever it holds.
        path = getattr(getattr(record, "request", None), "path", None)
        if isinstance(path, str) and path:
            message = message.replace(path, mask_address(path))
        record.msg = mask_keys(message)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_keys(record.exc_text)
        if record.stack_info:
            record.stack_info = mask_keys(record.stack_info)
        return True


class OneLineRefusals(logging.Filter):
    """A refused request writes one line, not Django's traceback: a body too large (413) or of
    too many fields (400) is the client's doing, and a script sending them would fill the log
    with 30 lines each. The line says what was refused and where (the path, masked after this by
    :class:`MaskMatchKeys`). Each logger (each kind of refusal) writes at most one line every
    ``EVERY`` seconds per process; the next line says how many were left out meanwhile."""

    EVERY = 60.0

    def __init__(self, name: str = ""):
        super().__init__(name)
        self.clock = time.monotonic
        self.lock = threading.Lock()
        self.last: dict[str, float] = {}
        self.left_out: dict[str, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        with self.lock:
            last = self.last.get(record.name)
            if last is not None and now - last < self.EVERY:
                self.left_out[record.name] = self.left_out.get(record.name, 0) + 1
                return False
            self.last[record.name] = now
            left_out = self.left_out.pop(record.name, 0)
        self._one_line(record, left_out)
        return True

    def _one_line(self, record: logging.LogRecord, left_out: int) -> None:
        message = record.getMessage()
        path = getattr(getattr(record, "request", None), "path", None)
        if path and path not in message:  # Django's own says what, not where
            message = f"{message.rstrip('.')}: {path}"
        if left_out:
            message += f" ({left_out} more since the last such line, not logged)"
        record.msg, record.args = message, None
        record.exc_info = record.exc_text = record.stack_info = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"


# Every log line tells its time in UTC, its process and its level. Django sets the workers' local
# time to TIME_ZONE, the server's main process keeps the machine's: UTC keeps them in step.
LINE_FORMAT = "[%(asctime)s UTC] [%(process)d] [%(levelname)s] %(message)s"


class UTCFormatter(logging.Formatter):
    converter = time.gmtime


# The access log's line: the client, the time, the request, the status, the time taken in ms, the
# Referer and the browser. The query string is added to the path by AccessLines.
ACCESS_FORMAT = (
    '%(addr)s - - [%(time)s] "%(method)s %(path)s %(protocol)s" %(status)d %(dt_ms).1f'
    ' "%(header{referer})s" "%(header{user-agent})s"'
)
POLL = re.compile(r"/m/[^/]+/changes")


class AccessLines(logging.Filter):
    """The server's access log leaves out the load balancer's health checks and the watchers'
    answered polls (every few seconds, forever: 1,000 lines a second for 2,000 watchers); a poll
    that is refused, like any other request, is logged. The query string joins the path."""

    def filter(self, record: logging.LogRecord) -> bool:
        fields = record.args
        if not isinstance(fields, dict):
            return True
        path = fields.get("path", "")
        if path == "/healthz" or (fields.get("status") == 200 and POLL.fullmatch(path)):
            return False
        if fields.get("query_string"):
            fields["path"] = f"{path}?{fields['query_string']}"
        # The whole request target is an address, whatever it starts with.
        fields["path"] = mask_address(fields["path"])
        # granian writes the request's time in the worker's local time (TIME_ZONE): in UTC here.
        started = record.created - fields.get("dt_ms", 0) / 1000
        fields["time"] = time.strftime("%Y-%m-%d %H:%M:%S +0000", time.gmtime(started))
        return True


def server_logging() -> dict:
    """granian's logging: its own messages to stderr, the access log to stdout, keys masked."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "mask_keys": {"()": MaskMatchKeys},
            "access_lines": {"()": AccessLines},
        },
        "formatters": {
            "generic": {"()": UTCFormatter, "format": LINE_FORMAT},
            "access": {"format": "%(message)s"},
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "generic",
                "filters": ["mask_keys"],
                "stream": "ext://sys.stderr",
            },
            "access": {
                "class": "logging.StreamHandler",
                "formatter": "access",
                "filters": ["access_lines", "mask_keys"],
                "stream": "ext://sys.stdout",
            },
        },
        "loggers": {
            "_granian": {"handlers": ["console"], "level": "INFO", "propagate": False},
            "granian.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        },
    }
