"""The name a downloaded match is saved under: its teams, game and date
(``Ние-Вие-belot-2026-12-05.json``), safe in a Content-Disposition header whatever the teams
are called. The header gives the name in UTF-8 (``filename*``, RFC 6266) and an ASCII fallback
(``filename``) for the rare client without it."""

import re
import unicodedata
from urllib.parse import quote

from django.utils.timezone import localdate

# Characters no file name should hold on any system, and the header's own specials.
UNSAFE = re.compile(r'[\\/:*?"<>|%;,\'`]+')
SPACES = re.compile(r"[\s_]+")


def _clean(name: str) -> str:
    """``name`` without control, format (RTL marks, zero-width spaces) or unsafe characters,
    its spaces as "_"."""
    kept = "".join(c for c in name if not unicodedata.category(c).startswith("C"))
    return SPACES.sub("_", UNSAFE.sub("_", kept)).strip("._-")


def _ascii(name: str) -> str:
    """The ASCII fallback: accents dropped, anything else not a letter or digit as "_"."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9.-]", "_", plain)).strip("._-")


def download_name(match) -> str:
    """``<team 1>-<team 2>-<game>-<date>.json``, a team left out if nothing of its name is
    safe to keep."""
    teams = [_clean(match.team_a), _clean(match.team_b)]
    parts = [*filter(None, teams), match.game, localdate(match.created).isoformat()]
    return "-".join(parts) + ".json"


def attachment(name: str) -> str:
    """A Content-Disposition header's value that saves the file under ``name``."""
    fallback = "-".join(filter(None, (_ascii(part) for part in name[:-5].split("-"))))
    utf8 = quote(name, safe="")
    return f"attachment; filename=\"{fallback or 'match'}.json\"; filename*=UTF-8''{utf8}"
