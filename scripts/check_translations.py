"""Fail when a .po file has an untranslated or fuzzy entry, or a language has no .po file."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("bg", "uk", "ru")


def problems() -> list[str]:
    found = []
    for language in LANGUAGES:
        po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
        if not po.exists():
            found.append(f"{po}: missing")
            continue
        result = subprocess.run(
            ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
            capture_output=True,
            text=True,
        )
        report = result.stderr.strip()
        if result.returncode != 0 or "untranslated" in report or "fuzzy" in report:
            found.append(f"{po}: {report}")
    return found


if __name__ == "__main__":
    errors = problems()
    for line in errors:
        print(line)
    sys.exit(1 if errors else 0)
